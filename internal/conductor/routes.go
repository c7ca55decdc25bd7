package conductor

import (
	"fmt"
	"strconv"
	"sync"
)

// The wire names the conductor acts on.
const (
	methodInitialize      = "initialize"
	methodProxyInitialize = "proxy/initialize"
	methodSuccessor       = "proxy/successor"
	methodCancelRequest   = "$/cancel_request"
)

// origin is who asked a request the conductor passed on: its endpoint
// and its id as it sent it (raw JSON).
type origin struct {
	from int
	id   string
}

// hopCall is a request the conductor sent: the endpoint and the id it
// gave the request there.
type hopCall struct {
	to int
	id int64
}

// routes maps every request in flight both ways: by the id the conductor
// gave it (to route the reply back) and by its origin (to pass a
// $/cancel_request on), one map per asking endpoint keyed by the id as
// it was sent. Each endpoint has its own id counter.
type routes struct {
	mu       sync.Mutex
	lastID   []int64
	pending  map[hopCall]origin
	byOrigin []map[string]hopCall
}

// pendingFrom counts the requests endpoint i sent that wait for their
// answer.
func (r *routes) pendingFrom(i int) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, o := range r.pending {
		if o.from == i {
			n++
		}
	}
	return n
}

func (r *routes) init(endpoints int) {
	r.lastID = make([]int64, endpoints)
	r.pending = map[hopCall]origin{}
	r.byOrigin = make([]map[string]hopCall, endpoints)
	for i := range r.byOrigin {
		r.byOrigin[i] = map[string]hopCall{}
	}
}

// open records a request from endpoint from, sent with id, passed on to
// endpoint to, and returns the id it gets there.
func (r *routes) open(to, from int, id []byte) int64 {
	o := origin{from: from, id: string(id)}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.lastID[to]++
	h := hopCall{to: to, id: r.lastID[to]}
	r.pending[h] = o
	r.byOrigin[from][o.id] = h
	return h.id
}

// close removes the request answered on hop h and returns its origin.
func (r *routes) close(h hopCall) (origin, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	o, ok := r.pending[h]
	if ok {
		delete(r.pending, h)
		delete(r.byOrigin[o.from], o.id)
	}
	return o, ok
}

// lookup finds where the request endpoint from sent with id went.
func (r *routes) lookup(from int, id []byte) (hopCall, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	h, ok := r.byOrigin[from][string(id)]
	return h, ok
}

// route passes one message from endpoint from on: a reply back to whom
// asked, a cancellation to the hop that has the request, anything else
// one hop towards the agent or the client.
func (c *Chain) route(from int, line []byte) {
	m, err := parseEnvelope(line)
	if err != nil {
		fmt.Fprintf(c.opts.Log, "%s: %s sent a message that is not JSON-RPC (dropped): %v\n", c.opts.Name, c.eps[from].name, err)
		return
	}
	switch {
	case len(m.name) == 0:
		c.routeReply(from, &m)
	case string(m.name) == methodCancelRequest && m.id == nil:
		c.routeCancel(from, &m)
	default:
		c.routeCall(from, &m)
	}
}

// routeReply sends a reply back to the endpoint that asked, with its id.
func (c *Chain) routeReply(from int, m *envelope) {
	id, ok := hopID(m.id)
	if !ok {
		return // not an id the conductor gave
	}
	o, ok := c.routes.close(hopCall{to: from, id: id})
	if !ok {
		return // a late reply to a request given up
	}
	c.send(o.from, (&message{id: []byte(o.id), result: m.result, err: m.err}).encode())
}

// hopID reads an id the conductor gave: a positive decimal integer.
func hopID(raw []byte) (int64, bool) {
	if len(raw) == 0 || len(raw) > 18 || raw[0] == '0' {
		return 0, false
	}
	var n int64
	for _, c := range raw {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

// routeCancel passes a $/cancel_request on to the hop that has the
// request it names, with the id it has there. It is never wrapped:
// cancellation is between the two ends of one hop.
func (c *Chain) routeCancel(from int, m *envelope) {
	var requestID []byte
	if members(m.params, func(name, value []byte) {
		if string(name) == "requestId" {
			requestID = value
		}
	}) != nil || requestID == nil {
		return
	}
	h, ok := c.routes.lookup(from, requestID)
	if !ok {
		return
	}
	params := strconv.AppendInt([]byte(`{"requestId":`), h.id, 10)
	c.send(h.to, (&message{method: []byte(`"` + methodCancelRequest + `"`), params: append(params, '}')}).encode())
}

// routeCall passes a request or notification one hop on.
func (c *Chain) routeCall(from int, m *envelope) {
	to, o, err := c.next(from, m)
	if err != nil {
		if m.id != nil {
			c.send(from, (&message{id: m.id, err: errorObject(-32600, err.Error())}).encode())
		}
		return
	}
	if m.id != nil {
		o.id = strconv.AppendInt(nil, c.routes.open(to, from, m.id), 10)
	}
	c.send(to, o.encode())
}

// next is where a message from endpoint from goes and how: from the
// client to the first component; a proxy's proxy/successor, unwrapped, to
// its successor; anything else from a component to its predecessor,
// wrapped in proxy/successor when that is a proxy. A proxy gets
// proxy/initialize where an agent gets initialize.
func (c *Chain) next(from int, m *envelope) (int, message, error) {
	o := message{method: m.method, params: m.params}
	name := m.name
	to := from - 1
	switch {
	case from == 0 && string(name) == methodSuccessor:
		return 0, o, fmt.Errorf("%s: %s is between the conductor and its proxies", c.opts.Name, methodSuccessor)
	case from == 0:
		to = 1
	case c.eps[from].proxy && string(name) == methodSuccessor:
		w, err := parseEnvelope(m.params)
		if err != nil || len(w.name) == 0 {
			return 0, o, fmt.Errorf("%s: %s params need a method", c.opts.Name, methodSuccessor)
		}
		to, name, o.method, o.params = from+1, w.name, w.method, w.params
	}
	if to > from && c.eps[to].proxy && string(name) == methodInitialize {
		o.method = []byte(methodInitQuote)
	}
	o.wrap = to < from && c.eps[to].proxy
	return to, o, nil
}
