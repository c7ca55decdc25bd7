package templates

import (
	"maps"
	"sort"
	"strings"
	"sync"

	"github.com/acpgen/acpgen/templates/wire"
)

// The method tables route a JSON-RPC message to the Go type of its params
// or result by method name, so that an SDK need not write that switch by
// hand. The generator fills one MethodTable per side (the schema's x-side:
// who handles the method) with the methods of the stable schema, and each
// unstable feature's file adds its own from init, so a method whose
// feature is off is an unknown method. This file is copied only into
// packages whose schema has methods.

// Side is who handles a method: the schema's x-side ("agent", "client",
// "protocol", "proxy").
type Side string

// Method describes one method that a side handles.
type Method struct {
	// Name is the wire method name ("session/new").
	Name string
	// Side handles the method: it receives the request or notification
	// and, for a request, sends the result.
	Side Side
	// Notification is true for a notification (no id, no response) and
	// false for a request.
	Notification bool
	// Params and Result name the Go types of the params and, for a
	// request, of the result ("NewSessionRequest", "NewSessionResponse").
	Params, Result string

	decodeParams, decodeResult func([]byte) (any, error)
}

// DecodeParams decodes the params of a call of m into a new value of its
// params type and returns a pointer to it (*NewSessionRequest). Absent or
// null params decode as an empty object: JSON-RPC lets a caller omit
// params, and ACP params are objects whose members are all optional when
// omitting them is allowed; a required member is then reported missing.
func (m Method) DecodeParams(params []byte) (any, error) {
	if m.decodeParams == nil {
		return nil, m.unknown(m.Notification)
	}
	if len(params) == 0 || wire.IsNull(params) {
		params = []byte("{}")
	}
	return m.decodeParams(params)
}

// DecodeResult decodes the result of a request m into a new value of its
// result type and returns a pointer to it. A notification has no result.
func (m Method) DecodeResult(result []byte) (any, error) {
	if m.decodeResult == nil {
		return nil, m.unknown(false)
	}
	return m.decodeResult(result)
}

func (m Method) unknown(notification bool) error {
	return wireUnknownMethod(m.Side, m.Name, notification)
}

// UnknownMethodError reports a method that a side's table does not have:
// not in the schema this package was generated from, a notification where
// a request was expected (or the reverse), or a method of an unstable
// feature whose build tag is off. JSON-RPC answers an unknown request with
// error code -32601 (method not found), whose data gives Error's text.
type UnknownMethodError struct {
	Side         Side
	Method       string
	Notification bool
	// Tags are the build tags that add a method of that name, as -tags
	// takes them ("unstable_session_fork"), when the package was built
	// without them; empty for a method the schema does not have.
	Tags string
}

func (e *UnknownMethodError) Error() string {
	kind := "request"
	if e.Notification {
		kind = "notification"
	}
	msg := "unknown " + string(e.Side) + " " + kind + " method " + wire.QuoteExcerpt([]byte(e.Method))
	if e.Tags != "" {
		return msg + ": its unstable feature is off in this build (-tags " + e.Tags + ", or unstable)"
	}
	return msg + ": not in the schema, or its unstable feature's build tag is off"
}

// wireOffMethods are the methods of the unstable features the package was
// built without, by wire name, with the build tags that add them: the
// generated files that exist while a feature is off add its methods from
// init, so that an unknown method can name the tag it needs.
var wireOffMethods = map[string]string{}

// wireAddOffMethods adds methods to wireOffMethods.
func wireAddOffMethods(methods map[string]string) { maps.Copy(wireOffMethods, methods) }

// wireUnknownMethod is the error of a method the side does not know,
// naming the build tags that add it when there are some.
func wireUnknownMethod(side Side, method string, notification bool) *UnknownMethodError {
	return &UnknownMethodError{Side: side, Method: method, Notification: notification, Tags: wireOffMethods[method]}
}

// MethodTable is the methods one side handles, looked up by name. Methods
// whose name starts with "_" are extension methods: they decode to the
// schema's raw extension types (ExtRequest, ExtNotification, ExtResponse)
// when the side has them. The generated tables are literals of the stable
// methods; feature files add theirs from init, and the first lookup
// indexes them all.
type MethodTable struct {
	side Side
	// extRequest and extNotification describe every extension method of
	// the side (their Name is set on lookup); zero when it has none.
	extRequest, extNotification Method
	// methods are the side's methods, until the first lookup indexes
	// them into requests and notifications.
	methods                 []Method
	index                   sync.Once
	requests, notifications map[string]Method
}

// add puts methods in the table. Feature files call it from init, before
// any lookup.
func (t *MethodTable) add(methods ...Method) { t.methods = append(t.methods, methods...) }

// indexed builds the table's maps on the first lookup; lookups may run
// on many goroutines, while add runs only during package initialization.
func (t *MethodTable) indexed() *MethodTable {
	t.index.Do(func() {
		t.requests, t.notifications = map[string]Method{}, map[string]Method{}
		t.extRequest.Side, t.extNotification.Side = t.side, t.side
		t.extNotification.Notification = true
		t.extRequest.withDecoders()
		t.extNotification.withDecoders()
		for _, m := range t.methods {
			m.Side = t.side
			m.withDecoders()
			if m.Notification {
				t.notifications[m.Name] = m
			} else {
				t.requests[m.Name] = m
			}
		}
	})
	return t
}

// wireMethodTypes decode the params and result types of the methods by
// Go type name. The generated tables name the types only, so that go doc
// of a table reads as the list of its methods; the generated files add the
// decoders from init (a feature's file those of its types).
var wireMethodTypes = map[string]func([]byte) (any, error){}

// wireAddMethodTypes adds decoders to wireMethodTypes.
func wireAddMethodTypes(decoders map[string]func([]byte) (any, error)) {
	maps.Copy(wireMethodTypes, decoders)
}

// withDecoders gives m the decoders of its params and result types, where
// it has none of its own.
func (m *Method) withDecoders() {
	if m.decodeParams == nil && m.Params != "" {
		m.decodeParams = wireMethodTypes[m.Params]
	}
	if m.decodeResult == nil && m.Result != "" {
		m.decodeResult = wireMethodTypes[m.Result]
	}
}

// Side is who handles the methods of the table.
func (t *MethodTable) Side() Side { return t.side }

// Request looks up the request method name; extension names ("_x") give
// the side's extension request.
func (t *MethodTable) Request(name string) (Method, bool) {
	t.indexed()
	return t.lookup(t.requests, t.extRequest, name, false)
}

// Notification looks up the notification method name, like Request.
func (t *MethodTable) Notification(name string) (Method, bool) {
	t.indexed()
	return t.lookup(t.notifications, t.extNotification, name, true)
}

// lookup finds name among methods, or as an extension method; when it is
// neither, the Method returned names it (its decoders report it unknown).
func (t *MethodTable) lookup(methods map[string]Method, ext Method, name string, notification bool) (Method, bool) {
	if m, ok := methods[name]; ok {
		return m, true
	}
	if strings.HasPrefix(name, "_") && ext.decodeParams != nil {
		ext.Name = name
		return ext, true
	}
	return Method{Side: t.side, Name: name, Notification: notification}, false
}

// Methods lists the schema's methods of the side (extension methods
// aside), by name, a request before a notification of the same name.
func (t *MethodTable) Methods() []Method {
	t.indexed()
	out := make([]Method, 0, len(t.requests)+len(t.notifications))
	for _, m := range t.requests {
		out = append(out, m)
	}
	for _, m := range t.notifications {
		out = append(out, m)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return !out[i].Notification && out[j].Notification
	})
	return out
}

// DecodeRequest decodes the params of a request for method, returning a
// pointer to the method's params type, or an *UnknownMethodError.
func (t *MethodTable) DecodeRequest(method string, params []byte) (any, error) {
	m, _ := t.Request(method)
	return m.DecodeParams(params)
}

// DecodeNotification decodes the params of a notification for method.
func (t *MethodTable) DecodeNotification(method string, params []byte) (any, error) {
	m, _ := t.Notification(method)
	return m.DecodeParams(params)
}

// DecodeResult decodes the result of a response to a request for method
// (the method of the request the response answers).
func (t *MethodTable) DecodeResult(method string, result []byte) (any, error) {
	m, _ := t.Request(method)
	return m.DecodeResult(result)
}

// wireUnmarshaler is a pointer to a generated type.
type wireUnmarshaler[T any] interface {
	*T
	UnmarshalJSON([]byte) error
}

// wireDecodeAs decodes data into a new T and returns the *T: the decoder a
// table entry holds for its params or result type.
func wireDecodeAs[T any, PT wireUnmarshaler[T]](data []byte) (any, error) {
	v := PT(new(T))
	if err := v.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return v, nil
}
