package acptest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// MessageParts is a decoded JSON-RPC message as the message tests see it.
type MessageParts struct {
	// Kind is "request", "notification", "result" or "error".
	Kind   string
	Method string
	// Payload is the params or the result, as received.
	Payload json.RawMessage
}

// MethodTable is a generated package's method table of one side.
type MethodTable interface {
	DecodeRequest(method string, params []byte) (any, error)
	DecodeNotification(method string, params []byte) (any, error)
	DecodeResult(method string, result []byte) (any, error)
}

// RPC is what a version's test supplies about its package: the method
// tables by side, and Decode, which decodes a whole message with
// DecodeMessage, encodes it again with Marshal, and splits it.
type RPC struct {
	Tables map[string]MethodTable
	Decode func([]byte) (MessageParts, []byte, error)
}

// MessageCase is one whole message for a side and the Go type its payload
// decodes to.
type MessageCase struct {
	Name string
	// Side handles the method; for a response, Method is the method of the
	// request answered.
	Side, Method string
	Wire         []byte
	// Want is the payload's Go type ("*acp.NewSessionRequest"); "" when
	// only the envelope is checked (an error, a result of an unknown
	// request).
	Want string
}

// MethodCases builds a request, notification or response for every method
// that has a fixture of its params or result type. Methods name Go types,
// fixtures schema definitions: they are matched without case (see
// Method.same).
func MethodCases(methods []Method, fixtures []Fixture, pkg string) []MessageCase {
	byType := map[string][]Fixture{}
	for _, f := range fixtures {
		byType[strings.ToLower(f.Type)] = append(byType[strings.ToLower(f.Type)], f)
	}
	var out []MessageCase
	id := 0
	for _, m := range methods {
		for _, f := range byType[strings.ToLower(m.Params)] {
			id++
			wire := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`, id, m.Name, Compact(f.JSON))
			if m.Notification {
				wire = fmt.Sprintf(`{"jsonrpc":"2.0","method":%q,"params":%s}`, m.Name, Compact(f.JSON))
			}
			out = append(out, MessageCase{Name: m.Name + "/" + f.Name, Side: m.Side, Method: m.Name, Wire: []byte(wire), Want: "*" + pkg + "." + m.Params})
		}
		for _, f := range byType[strings.ToLower(m.Result)] {
			id++
			wire := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":%s}`, id, Compact(f.JSON))
			out = append(out, MessageCase{Name: m.Name + "/result/" + f.Name, Side: m.Side, Method: m.Name, Wire: []byte(wire), Want: "*" + pkg + "." + m.Result})
		}
	}
	return out
}

// EnvelopeCases turns the fixtures of the schema's message definitions
// (ClientRequest, AgentResponse, ...; sides maps them to the side that
// handles their methods) into whole messages by adding "jsonrpc". The
// params of requests and notifications are decoded too; results, whose
// request is unknown, are only round-tripped.
func EnvelopeCases(fixtures []Fixture, sides map[string]string, methods []Method, pkg string) []MessageCase {
	var out []MessageCase
	for _, f := range fixtures {
		side, ok := sides[f.Type]
		if !ok {
			continue
		}
		body := Compact(f.JSON)
		wire := append([]byte(`{"jsonrpc":"2.0",`), body[1:]...)
		var call struct {
			Method string `json:"method"`
			ID     any    `json:"id"`
		}
		_ = json.Unmarshal(body, &call)
		c := MessageCase{Name: f.Name, Side: side, Method: call.Method, Wire: wire}
		for _, m := range methods {
			if m.Side == side && m.Name == call.Method && m.Notification == (call.ID == nil) {
				c.Want = "*" + pkg + "." + m.Params
			}
		}
		out = append(out, c)
	}
	return out
}

// RunMessages decodes each case's message, which must encode back byte for
// byte, then decodes its payload with its side's table into the wanted
// type, which must encode to the same JSON.
func RunMessages(t *testing.T, rpc RPC, cases []MessageCase) {
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			parts, out, err := rpc.Decode(c.Wire)
			if err != nil {
				t.Fatalf("decode %s: %v", c.Wire, err)
			}
			if !bytes.Equal(out, c.Wire) {
				t.Errorf("round trip:\n got %s\nwant %s", out, c.Wire)
			}
			if c.Want != "" {
				checkPayload(t, rpc, c, parts)
			}
		})
	}
}

func checkPayload(t *testing.T, rpc RPC, c MessageCase, parts MessageParts) {
	table := rpc.Tables[c.Side]
	if table == nil {
		t.Fatalf("no method table for side %q", c.Side)
	}
	var v any
	var err error
	switch parts.Kind {
	case "request":
		v, err = table.DecodeRequest(parts.Method, parts.Payload)
	case "notification":
		v, err = table.DecodeNotification(parts.Method, parts.Payload)
	case "result":
		v, err = table.DecodeResult(c.Method, parts.Payload)
	default:
		t.Fatalf("a %s has no payload to decode", parts.Kind)
	}
	if err != nil {
		t.Fatalf("decode %s payload: %v", parts.Kind, err)
	}
	if got := fmt.Sprintf("%T", v); got != c.Want {
		t.Errorf("payload decoded as %s, want %s", got, c.Want)
	}
	if parts.Payload == nil || (parts.Kind != "result" && string(parts.Payload) == "null") {
		return // absent or null params decode as {}
	}
	enc, err := json.Marshal(v)
	if err != nil || !JSONEqual(enc, parts.Payload) {
		t.Errorf("payload re-encodes as %s (%v), want %s", enc, err, parts.Payload)
	}
}

func typeName(v any) string { return fmt.Sprintf("%T", v) }
