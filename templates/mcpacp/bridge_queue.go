//go:build unstable_mcp_over_acp || unstable

package mcpacp

import "sync"

// notificationQueue holds the notifications of one bridged call until
// its HTTP handler writes them: bounded, and allocated only when a
// notification comes (most calls have none). push runs on the Caller's
// connection, which must not wait for an HTTP client: past the bound it
// calls overflow (which cancels the call) and drops the notification.
type notificationQueue struct {
	mu       sync.Mutex
	items    []Notification
	max      int
	overflow func()
	// ready has a token while items may be waiting.
	ready chan struct{}
}

func newNotificationQueue(max int, overflow func()) *notificationQueue {
	return &notificationQueue{max: max, overflow: overflow, ready: make(chan struct{}, 1)}
}

// push queues n, or calls overflow when the queue is full.
func (q *notificationQueue) push(n Notification) {
	q.mu.Lock()
	full := len(q.items) >= q.max
	if !full {
		q.items = append(q.items, n)
	}
	q.mu.Unlock()
	if full {
		q.overflow()
		return
	}
	select {
	case q.ready <- struct{}{}:
	default:
	}
}

// take removes and returns what is queued, in order.
func (q *notificationQueue) take() []Notification {
	q.mu.Lock()
	defer q.mu.Unlock()
	items := q.items
	q.items = nil
	return items
}
