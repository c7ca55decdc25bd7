package acpversion

// replay is the Transport a version's Serve gets: its first ReadMessage
// returns the initialize the Router read, every other call goes to the
// connection's own transport. The message is handed over, not copied: the
// Router read it and owns it. A connection reads from one goroutine (the
// generated Transport's contract), so first needs no lock: after the
// initialize, a read costs one nil check.
type replay struct {
	Transport
	first []byte
}

func (r *replay) ReadMessage() ([]byte, error) {
	if msg := r.first; msg != nil {
		r.first = nil
		return msg, nil
	}
	return r.Transport.ReadMessage()
}
