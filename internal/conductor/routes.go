package conductor

import (
	"bytes"
	"encoding/json"
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

// rpc is one JSON-RPC message: which members it has decides what it is,
// and the conductor rewrites only id, method and params. Messages it
// writes always say "jsonrpc":"2.0".
type rpc struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   json.RawMessage `json:"error,omitempty"`
}

// origin is who asked a request the conductor passed on: its endpoint
// and its id as it sent it.
type origin struct {
	from int
	id   json.RawMessage
}

// hopCall is a request the conductor sent: the endpoint and the id it
// gave the request there.
type hopCall struct {
	to int
	id int64
}

// routes maps every request in flight both ways: by the id the conductor
// gave it (to route the reply back) and by its origin (to pass a
// $/cancel_request on). Each endpoint has its own id counter.
type routes struct {
	mu       sync.Mutex
	lastID   []int64
	pending  map[hopCall]origin
	byOrigin map[string]hopCall
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
	r.byOrigin = map[string]hopCall{}
}

// originKey is an origin as a map key: the endpoint and the compact id.
func originKey(from int, id json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, id) != nil {
		b.Reset()
		b.Write(id)
	}
	return strconv.Itoa(from) + " " + b.String()
}

// open records a request from o passed on to endpoint to and returns
// the id it gets there.
func (r *routes) open(to int, o origin) int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.lastID[to]++
	h := hopCall{to: to, id: r.lastID[to]}
	r.pending[h] = o
	r.byOrigin[originKey(o.from, o.id)] = h
	return h.id
}

// close removes the request answered on hop h and returns its origin.
func (r *routes) close(h hopCall) (origin, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	o, ok := r.pending[h]
	if ok {
		delete(r.pending, h)
		delete(r.byOrigin, originKey(o.from, o.id))
	}
	return o, ok
}

// lookup finds where the request o sent with id went.
func (r *routes) lookup(from int, id json.RawMessage) (hopCall, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	h, ok := r.byOrigin[originKey(from, id)]
	return h, ok
}

// route passes one message from endpoint from on: a reply back to whom
// asked, a cancellation to the hop that has the request, anything else
// one hop towards the agent or the client.
func (c *Chain) route(from int, line []byte) {
	var m rpc
	if err := json.Unmarshal(line, &m); err != nil {
		fmt.Fprintf(c.opts.Log, "%s: %s sent a message that is not JSON-RPC (dropped): %v\n", c.opts.Name, c.eps[from].name, err)
		return
	}
	switch {
	case m.Method == "":
		c.routeReply(from, &m)
	case m.Method == methodCancelRequest && len(m.ID) == 0:
		c.routeCancel(from, &m)
	default:
		c.routeCall(from, &m)
	}
}

// routeReply sends a reply back to the endpoint that asked, with its id.
func (c *Chain) routeReply(from int, m *rpc) {
	id, err := strconv.ParseInt(string(m.ID), 10, 64)
	if err != nil {
		return // not an id the conductor gave
	}
	o, ok := c.routes.close(hopCall{to: from, id: id})
	if !ok {
		return // a late reply to a request given up
	}
	c.emit(o.from, &rpc{ID: o.id, Result: m.Result, Error: m.Error})
}

// routeCancel passes a $/cancel_request on to the hop that has the
// request it names, with the id it has there. It is never wrapped:
// cancellation is between the two ends of one hop.
func (c *Chain) routeCancel(from int, m *rpc) {
	var p struct {
		RequestID json.RawMessage `json:"requestId"`
	}
	if json.Unmarshal(m.Params, &p) != nil || len(p.RequestID) == 0 {
		return
	}
	h, ok := c.routes.lookup(from, p.RequestID)
	if !ok {
		return
	}
	params, _ := json.Marshal(map[string]int64{"requestId": h.id})
	c.emit(h.to, &rpc{Method: methodCancelRequest, Params: params})
}

// routeCall passes a request or notification one hop on.
func (c *Chain) routeCall(from int, m *rpc) {
	to, method, params, err := c.next(from, m)
	if err != nil {
		if len(m.ID) > 0 {
			e, _ := json.Marshal(map[string]any{"code": -32600, "message": err.Error()})
			c.emit(from, &rpc{ID: m.ID, Error: e})
		}
		return
	}
	o := &rpc{Method: method, Params: params}
	if len(m.ID) > 0 {
		id := c.routes.open(to, origin{from: from, id: m.ID})
		o.ID = json.RawMessage(strconv.FormatInt(id, 10))
	}
	c.emit(to, o)
}

// next is where a message from endpoint from goes and how: from the
// client to the first component; a proxy's proxy/successor, unwrapped, to
// its successor; anything else from a component to its predecessor,
// wrapped in proxy/successor when that is a proxy. A proxy gets
// proxy/initialize where an agent gets initialize.
func (c *Chain) next(from int, m *rpc) (int, string, json.RawMessage, error) {
	method, params := m.Method, m.Params
	to := from - 1
	switch {
	case from == 0 && method == methodSuccessor:
		return 0, "", nil, fmt.Errorf("%s: %s is between the conductor and its proxies", c.opts.Name, methodSuccessor)
	case from == 0:
		to = 1
	case c.eps[from].proxy && method == methodSuccessor:
		var w struct {
			Method string          `json:"method"`
			Params json.RawMessage `json:"params,omitempty"`
		}
		if err := json.Unmarshal(params, &w); err != nil || w.Method == "" {
			return 0, "", nil, fmt.Errorf("%s: %s params need a method", c.opts.Name, methodSuccessor)
		}
		to, method, params = from+1, w.Method, w.Params
	}
	if to > from && c.eps[to].proxy && method == methodInitialize {
		method = methodProxyInitialize
	}
	if to < from && c.eps[to].proxy {
		wrapped, err := json.Marshal(struct {
			Method string          `json:"method"`
			Params json.RawMessage `json:"params,omitempty"`
		}{method, params})
		if err != nil {
			return 0, "", nil, err
		}
		method, params = methodSuccessor, wrapped
	}
	return to, method, params, nil
}

// emit encodes a message and queues it for endpoint to.
func (c *Chain) emit(to int, o *rpc) {
	o.JSONRPC = "2.0"
	msg, err := json.Marshal(o)
	if err != nil {
		fmt.Fprintf(c.opts.Log, "%s: a message for %s does not encode (dropped): %v\n", c.opts.Name, c.eps[to].name, err)
		return
	}
	c.send(to, msg)
}
