package acpws

import (
	"bufio"
	"net"
	"net/http"
	"sync"
	"time"
)

// hijackRecorder keeps the network connection the WebSocket library
// takes over, so that Close can drop it at once even while the library's
// close handshake waits for a peer that answers nothing.
type hijackRecorder struct {
	http.ResponseWriter
	mu   sync.Mutex
	conn net.Conn
}

func (h *hijackRecorder) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(h.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	// The server's read and write timeouts were meant for the request,
	// not for a connection that lasts.
	_ = conn.SetDeadline(time.Time{})
	h.mu.Lock()
	h.conn = conn
	h.mu.Unlock()
	return conn, brw, nil
}

func (h *hijackRecorder) Unwrap() http.ResponseWriter { return h.ResponseWriter }

// drop closes the network connection.
func (h *hijackRecorder) drop() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.conn != nil {
		_ = h.conn.Close()
	}
}
