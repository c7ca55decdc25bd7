package acpversion

import "sync"

// replay is the Transport a version's Serve gets: its first ReadMessage
// returns the initialize the Router read, every other call goes to the
// connection's own transport. The message is handed over, not copied: the
// Router read it and owns it.
type replay struct {
	Transport
	mu    sync.Mutex
	first []byte
}

func (r *replay) ReadMessage() ([]byte, error) {
	r.mu.Lock()
	msg := r.first
	r.first = nil
	r.mu.Unlock()
	if msg != nil {
		return msg, nil
	}
	return r.Transport.ReadMessage()
}
