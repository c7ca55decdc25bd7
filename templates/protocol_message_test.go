package templates

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/templates/jsonrpc"
	"github.com/acpgen/acpgen/templates/wire"
)

// testID and testRPCError stand in for the schema's id and error types,
// which only generated packages have.
type testID struct{ raw json.RawMessage }

func (x *testID) UnmarshalJSON(data []byte) error {
	if k := wire.Kind(data); k != '"' && k != '0' {
		return wire.Errorf("expected string or number")
	}
	return wire.UnmarshalWith(&x.raw, data, wire.DecodeRaw)
}

func (x *testID) appendJSON(buf []byte) ([]byte, error) {
	if x.raw == nil {
		return nil, wire.EncodeErrorf("no id set")
	}
	return append(buf, x.raw...), nil
}

type testRPCError struct{ Code int64 }

func (x *testRPCError) UnmarshalJSON(data []byte) error {
	v, found, err := wire.Member(data, "code")
	if err != nil || !found {
		return wire.Missing("code")
	}
	return wire.AtKey(wire.UnmarshalWith(&x.Code, v, wire.DecodeInt64), "code")
}

func (x *testRPCError) appendJSON(buf []byte) ([]byte, error) {
	buf = append(buf, `{"code":`...)
	buf, _ = wire.AppendInt64(&x.Code, buf)
	return append(buf, '}'), nil
}

type testParams struct{ Name string }

func (x *testParams) UnmarshalJSON(data []byte) error {
	v, found, err := wire.Member(data, "name")
	if err != nil {
		return err
	}
	if !found {
		return wire.Missing("name")
	}
	return wire.AtKey(wire.UnmarshalWith(&x.Name, v, wire.DecodeString), "name")
}

type testRaw json.RawMessage

func (x *testRaw) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalWith((*json.RawMessage)(x), data, wire.DecodeRaw)
}

// testRoundTrip decodes a message as the generated types do and encodes
// it again.
func testRoundTrip(data string) (string, error) {
	m, err := wireSplitMessage([]byte(data), wireAnyMessage)
	if err != nil {
		return "", err
	}
	var id testID
	if m.Kind != wireNotificationMessage {
		if err := m.DecodeID(&id); err != nil {
			return "", err
		}
	}
	var out []byte
	switch m.Kind {
	case wireRequestMessage:
		out, err = wireAppendRequest(nil, &id, m.Method, m.Params)
	case wireNotificationMessage:
		out, err = wireAppendNotification(nil, m.Method, m.Params)
	default:
		var e *testRPCError
		if err := wireDecodeMessageError(&e, &m); err != nil {
			return "", err
		}
		out, err = wireAppendResponse(nil, &id, false, m.Result, e)
	}
	return string(out), err
}

func TestMessageRoundTrip(t *testing.T) {
	for _, wire := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"session/new","params":{"name":"a"}}`,
		`{"jsonrpc":"2.0","id":"x","method":"logout"}`,
		`{"jsonrpc":"2.0","id":1,"method":"m","params":null}`,
		`{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"s"}}`,
		`{"jsonrpc":"2.0","id":7,"result":{"ok":true}}`,
		`{"jsonrpc":"2.0","id":7,"result":null}`,
		`{"jsonrpc":"2.0","id":"r","error":{"code":-32601}}`,
	} {
		got, err := testRoundTrip(wire)
		if err != nil || got != wire {
			t.Errorf("%s: got %s, %v", wire, got, err)
		}
	}
}

func TestMessageShape(t *testing.T) {
	for _, tt := range []struct {
		wire string
		kind jsonrpc.MessageKind
	}{
		{`{"method":"a","id":0,"jsonrpc":"2.0","extra":[1]}`, wireRequestMessage},
		{`{"method":"a","jsonrpc":"2.0","x":1}`, wireNotificationMessage},
		{` {"jsonrpc":"2.0","error":{"code":1},"id":null} `, wireResponseMessage},
	} {
		m, err := wireSplitMessage([]byte(tt.wire), wireAnyMessage)
		if err != nil || m.Kind != tt.kind {
			t.Errorf("%s: kind %d, %v; want %d", tt.wire, m.Kind, err, tt.kind)
		}
	}
}

func TestMessageErrors(t *testing.T) {
	for _, tt := range []struct {
		wire string
		want jsonrpc.MessageKind
		err  string
	}{
		{`[]`, wireAnyMessage, "$: expected object, got array"},
		{`{"id":1,"method":"a"}`, wireAnyMessage, `$: missing required property "jsonrpc"`},
		{`{"jsonrpc":"1.0","id":1,"method":"a"}`, wireAnyMessage, `$.jsonrpc: expected "2.0", got "1.0"`},
		{`{"jsonrpc":2,"id":1,"method":"a"}`, wireAnyMessage, `$.jsonrpc: expected string, got number`},
		{`{"jsonrpc":"2.0","method":7}`, wireAnyMessage, `$.method: expected string, got number`},
		{`{"jsonrpc":"2.0","id":1}`, wireAnyMessage, "$: not a JSON-RPC message: no method, result or error"},
		{`{"jsonrpc":"2.0","id":1,"result":1,"error":{}}`, wireAnyMessage, "$: a response has a result or an error, not both"},
		{`{"jsonrpc":"2.0","result":1}`, wireAnyMessage, `$: missing required property "id"`},
		{`{"method":"a","jsonrpc":"2.0","result":1}`, wireAnyMessage, "$: a request or notification has no result or error"},
		{`{"jsonrpc":"2.0","id":1,"method":"a","error":{}}`, wireAnyMessage, "$: a request or notification has no result or error"},
		{`{"jsonrpc":"2.0","id":1,"result":1,"params":{}}`, wireAnyMessage, "$: a response has no params, and a request needs a method"},
		{`{"jsonrpc":"2.0","id":1,"method":"a","method":"b"}`, wireAnyMessage, `$: duplicate member "method"`},
		{`{"jsonrpc":"2.0","id":1,"z":1,"method":"a","z":2}`, wireAnyMessage, `$: duplicate member "z"`},
		{`{"jsonrpc":"2.0","method":"a"}`, wireRequestMessage, "$: expected a request, got a notification"},
		{`{"jsonrpc":"2.0","method":"a","params":{]}`, wireAnyMessage, "$.params: invalid character ']' looking for beginning of object key string"},
		{`{"jsonrpc":"2.0","method":"a","id":{}}`, wireAnyMessage, "$.id: expected string, number or null, got object"},
		{`{"jsonrpc":"2.0","result":1,"id":[1]}`, wireAnyMessage, "$.id: expected string, number or null, got array"},
	} {
		_, err := wireSplitMessage([]byte(tt.wire), tt.want)
		if err == nil || err.Error() != tt.err {
			t.Errorf("%s: got %v, want %s", tt.wire, err, tt.err)
		}
	}
	for wire, want := range map[string]string{
		`{"jsonrpc":"2.0","id":true,"method":"a"}`:            "$.id: expected string, number or null, got boolean",
		`{"jsonrpc":"2.0","id":1,"error":{"code":"x"}}`:       "$.error.code: expected integer, got string",
		`{"jsonrpc":"2.0","id":1,"error":{"message":"boom"}}`: `$.error: missing required property "code"`,
	} {
		if _, err := testRoundTrip(wire); err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %s", wire, err, want)
		}
	}
}

// Params and result are copies: the caller may reuse its buffer.
func TestMessageCopiesRaw(t *testing.T) {
	data := []byte(`{"jsonrpc":"2.0","method":"a","params":{"name":"x"}}`)
	m, err := wireSplitMessage(data, wireAnyMessage)
	if err != nil {
		t.Fatal(err)
	}
	copy(data, strings.Repeat("!", len(data)))
	if string(m.Params) != `{"name":"x"}` {
		t.Errorf("params alias the input: %s", m.Params)
	}
}

func TestMessageEncodeErrors(t *testing.T) {
	id := &testID{raw: json.RawMessage(`1`)}
	var none *testRPCError
	for _, tt := range []struct {
		name string
		fn   func() ([]byte, error)
		want string
	}{
		{"neither", func() ([]byte, error) { return wireAppendResponse(nil, id, false, nil, none) }, "$: a response needs a Result or an Error"},
		{"both", func() ([]byte, error) {
			return wireAppendResponse(nil, id, false, json.RawMessage(`1`), &testRPCError{})
		}, "$: a response has a Result or an Error, not both"},
		{"bad result", func() ([]byte, error) { return wireAppendResponse(nil, id, false, json.RawMessage(`{`), none) }, "$.result: invalid JSON: unexpected end of JSON input"},
		{"bad params", func() ([]byte, error) { return wireAppendNotification(nil, "a", json.RawMessage(`1 2`)) }, "$.params: invalid JSON: invalid character '2' after top-level value"},
		{"no id", func() ([]byte, error) { return wireAppendRequest(nil, &testID{}, "a", nil) }, "$.id: no id set"},
		{"null id", func() ([]byte, error) { return wireAppendResponse(nil, id, true, json.RawMessage(`1`), none) }, "$.id: no id set (only an error response may have a null id)"},
	} {
		out, err := tt.fn()
		var ee *EncodeError
		if !errors.As(err, &ee) || err.Error() != tt.want || out != nil {
			t.Errorf("%s: got %q, %v; want %s", tt.name, out, err, tt.want)
		}
	}
}

func testTable() *MethodTable {
	ext := Method{Params: "Raw", Result: "Raw", decodeParams: wireDecodeAs[testRaw], decodeResult: wireDecodeAs[testRaw]}
	// A literal, as the generated tables are.
	t := &MethodTable{side: "agent", extRequest: ext, extNotification: Method{Params: "Raw", decodeParams: wireDecodeAs[testRaw]}, methods: []Method{
		{Name: "b/req", Params: "testParams", Result: "Raw", decodeParams: wireDecodeAs[testParams], decodeResult: wireDecodeAs[testRaw]},
	}}
	t.add(Method{Name: "a/note", Notification: true, Params: "testParams", decodeParams: wireDecodeAs[testParams]},
		Method{Name: "b/req", Notification: true, Params: "testParams", decodeParams: wireDecodeAs[testParams]})
	return t
}

func TestMethodTableLookup(t *testing.T) {
	tab := testTable()
	var names []string
	for _, m := range tab.Methods() {
		if m.Side != "agent" {
			t.Errorf("%s: side %q", m.Name, m.Side)
		}
		kind := "request"
		if m.Notification {
			kind = "notification"
		}
		names = append(names, m.Name+" "+kind)
	}
	if got := strings.Join(names, ", "); got != "a/note notification, b/req request, b/req notification" {
		t.Errorf("Methods() = %s", got)
	}
	if m, ok := tab.Request("b/req"); !ok || m.Notification || m.Result != "Raw" {
		t.Errorf("Request(b/req) = %+v, %v", m, ok)
	}
	if m, ok := tab.Request("_ext/x"); !ok || m.Name != "_ext/x" || m.Params != "Raw" || m.Side != "agent" {
		t.Errorf("Request(_ext/x) = %+v, %v", m, ok)
	}
	if m, ok := tab.Notification("_ext/x"); !ok || !m.Notification {
		t.Errorf("Notification(_ext/x) = %+v, %v", m, ok)
	}
	if _, ok := tab.Request("a/note"); ok {
		t.Errorf("a notification is found as a request")
	}
}

func TestMethodTableDecode(t *testing.T) {
	tab := testTable()
	v, err := tab.DecodeRequest("b/req", []byte(`{"name":"n"}`))
	if p, ok := v.(*testParams); err != nil || !ok || p.Name != "n" {
		t.Errorf("DecodeRequest: %#v, %v", v, err)
	}
	v, err = tab.DecodeNotification("_x", []byte(` [1] `))
	if r, ok := v.(*testRaw); err != nil || !ok || string(*r) != "[1]" {
		t.Errorf("DecodeNotification(_x): %#v, %v", v, err)
	}
	v, err = tab.DecodeResult("_x", []byte(`null`))
	if r, ok := v.(*testRaw); err != nil || !ok || string(*r) != "null" {
		t.Errorf("DecodeResult(_x): %#v, %v", v, err)
	}
	for _, params := range []string{"", "null", " null "} {
		if _, err := tab.DecodeRequest("b/req", []byte(params)); err == nil || err.Error() != `$: missing required property "name"` {
			t.Errorf("params %q: %v", params, err)
		}
	}
	if _, err := tab.DecodeRequest("b/req", []byte(`{"name":1}`)); err == nil || err.Error() != "$.name: expected string, got number" {
		t.Errorf("bad params: %v", err)
	}
}

func TestMethodTableUnknown(t *testing.T) {
	tab := testTable()
	for _, tt := range []struct {
		err  error
		want string
	}{
		{second(tab.DecodeRequest("a/note", nil)), `unknown agent request method "a/note"`},
		{second(tab.DecodeNotification("session/fork", nil)), `unknown agent notification method "session/fork"`},
		{second(tab.DecodeResult("a/note", nil)), `unknown agent request method "a/note"`},
		{second(Method{}.DecodeParams(nil)), `unknown  request method ""`},
		{second(Method{Name: "n", Notification: true, decodeParams: wireDecodeAs[testRaw]}.DecodeResult(nil)), `unknown  request method "n"`},
	} {
		var ue *UnknownMethodError
		if !errors.As(tt.err, &ue) || !strings.HasPrefix(tt.err.Error(), tt.want+": ") {
			t.Errorf("got %v, want %s: ...", tt.err, tt.want)
		}
	}
	bare := &MethodTable{side: "proxy"}
	if _, err := bare.DecodeRequest("_x", []byte(`{}`)); err == nil {
		t.Errorf("a side without extension types decodes extension methods")
	}
}

func second(_ any, err error) error { return err }

// An error response may have a null id that the id type rejects, when the
// schema says so: the id stays unset and encodes as null again.
func TestMessageNullErrorID(t *testing.T) {
	wire := `{"jsonrpc":"2.0","id":null,"error":{"code":-32700}}`
	m, err := wireSplitMessage([]byte(wire), wireResponseMessage)
	if err != nil {
		t.Fatal(err)
	}
	var id testID
	if err := m.DecodeResponseID(&id, false); err == nil {
		t.Errorf("a null id decodes without nullable")
	}
	if err := m.DecodeResponseID(&id, true); err != nil || id.raw != nil {
		t.Fatalf("nullable: %v, %s", err, id.raw)
	}
	var e *testRPCError
	if err := wireDecodeMessageError(&e, &m); err != nil {
		t.Fatal(err)
	}
	out, err := wireAppendResponse(nil, &id, true, m.Result, e)
	if string(out) != wire || err != nil {
		t.Errorf("got %s, %v", out, err)
	}
	m, _ = wireSplitMessage([]byte(`{"jsonrpc":"2.0","id":null,"result":1}`), wireResponseMessage)
	if err := m.DecodeResponseID(&id, true); err == nil {
		t.Errorf("a result response decodes with a null id")
	}
}

// wireUnmarshalMessage is what UnmarshalJSON of each message type calls.
type testNote struct{ method string }

func (x *testNote) decodeMessage(m *wireMessage) error {
	x.method = m.Method
	return nil
}

func TestUnmarshalMessage(t *testing.T) {
	var n testNote
	if err := wireUnmarshalMessage(&n, []byte(`{"jsonrpc":"2.0","method":"a/b"}`), wireNotificationMessage); err != nil || n.method != "a/b" {
		t.Errorf("got %q, %v", n.method, err)
	}
	if err := wireUnmarshalMessage(&n, []byte(`{"jsonrpc":"2.0","id":1,"result":{}}`), wireNotificationMessage); err == nil || err.Error() != "$: expected a notification, got a response" {
		t.Errorf("got %v", err)
	}
}

// These pin the signatures that generated method tables and envelopes use.
var (
	_ func(*MethodTable, ...Method)                                                    = (*MethodTable).add
	_ func([]byte) (any, error)                                                        = wireDecodeAs[testRaw]
	_ func([]byte, jsonrpc.MessageKind) (wireMessage, error)                           = wireSplitMessage
	_ func(*wireMessage, interface{ UnmarshalJSON([]byte) error }) error               = (*wireMessage).DecodeID
	_ func(**testRPCError, *wireMessage) error                                         = wireDecodeMessageError[testRPCError]
	_ func([]byte, wireAppender, string, json.RawMessage) ([]byte, error)              = wireAppendRequest
	_ func([]byte, string, json.RawMessage) ([]byte, error)                            = wireAppendNotification
	_ func([]byte, wireAppender, bool, json.RawMessage, *testRPCError) ([]byte, error) = wireAppendResponse[testRPCError]
	_ func(*wireMessage, interface{ UnmarshalJSON([]byte) error }, bool) error         = (*wireMessage).DecodeResponseID
)

// testMessageFields pins the members generated decoders read.
func testMessageFields(m *wireMessage) (jsonrpc.MessageKind, string, json.RawMessage, json.RawMessage) {
	return m.Kind, m.Method, m.Params, m.Result
}

var _ = testMessageFields
