package acp_test

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/internal/acptest"
)

// methodTables are the generated tables by side; files of unstable sides
// add theirs from init.
var methodTables = map[string]*acp.MethodTable{
	"agent":    acp.AgentMethods,
	"client":   acp.ClientMethods,
	"protocol": acp.ProtocolMethods,
}

// tableMethods lists every method of the tables.
func tableMethods(t *testing.T) []acptest.Method {
	var out []acptest.Method
	for side, table := range methodTables {
		if string(table.Side()) != side {
			t.Errorf("table of %s says side %s", side, table.Side())
		}
		for _, m := range table.Methods() {
			out = append(out, acptest.Method{Side: string(m.Side), Name: m.Name, Notification: m.Notification, Params: m.Params, Result: m.Result})
		}
	}
	return out
}

// schemaMethods reads the methods of schema.json or schema.unstable.json.
func schemaMethods(t *testing.T, file string) []acptest.Method {
	t.Helper()
	root, err := acptest.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	s, err := acptest.LoadSchema(filepath.Join(root, "schema", "acp", "v1", file))
	if err != nil {
		t.Fatal(err)
	}
	ms, err := s.Methods()
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

// TestMethodTablesMatchSchema: whatever the build tags, the tables hold
// every method of the stable schema, only methods of the unstable schema,
// each with the schema's kind, params and result types, and each unstable
// feature's methods all or none.
func TestMethodTablesMatchSchema(t *testing.T) {
	got := tableMethods(t)
	stable, unstable := schemaMethods(t, "schema.json"), schemaMethods(t, "schema.unstable.json")
	if len(stable) < 15 || len(unstable) <= len(stable) {
		t.Fatalf("schema methods: %d stable, %d unstable", len(stable), len(unstable))
	}
	if missing, _ := acptest.MethodDiff(got, stable); len(missing) > 0 {
		t.Errorf("stable methods missing from the tables: %v", missing)
	}
	if _, extra := acptest.MethodDiff(got, unstable); len(extra) > 0 {
		t.Errorf("table methods the schema does not have: %v", extra)
	}
	checkFeaturesWhole(t, got, unstable)
}

// checkFeaturesWhole: a feature's methods are in the tables together.
func checkFeaturesWhole(t *testing.T, got, unstable []acptest.Method) {
	root, _ := acptest.RepoRoot()
	features, err := acptest.FeatureMethods(filepath.Join(root, "schema", "acp", "features.v1.json"))
	if err != nil {
		t.Fatal(err)
	}
	present := map[string]bool{}
	for _, m := range got {
		present[m.Key()] = true
	}
	on := map[string]bool{}
	for _, m := range unstable {
		if f := features[m.Key()]; f != "" && present[m.Key()] {
			on[f] = true
		}
	}
	for _, m := range unstable {
		if f := features[m.Key()]; f != "" && on[f] != present[m.Key()] {
			t.Errorf("%s: feature %s is on for some of its methods only", m, f)
		}
	}
}

func TestMethodConstants(t *testing.T) {
	for got, want := range map[string]string{
		acp.AgentMethodSessionNew:       "session/new",
		acp.AgentMethodSessionCancel:    "session/cancel",
		acp.ClientMethodFsReadTextFile:  "fs/read_text_file",
		acp.ClientMethodSessionUpdate:   "session/update",
		acp.ProtocolMethodCancelRequest: "$/cancel_request",
	} {
		if got != want {
			t.Errorf("constant %q, want %q", got, want)
		}
	}
	m, ok := acp.AgentMethods.Request(acp.AgentMethodSessionPrompt)
	if !ok || m.Side != acp.SideAgent || m.Params != "PromptRequest" || m.Result != "PromptResponse" || m.Notification {
		t.Errorf("session/prompt: %+v, %v", m, ok)
	}
}

// rpc is the message API of this package for the shared message tests.
func rpc() acptest.RPC {
	tables := map[string]acptest.MethodTable{}
	for side, table := range methodTables {
		tables[side] = table
	}
	return acptest.RPC{Tables: tables, Decode: decodeMessage}
}

func decodeMessage(data []byte) (acptest.MessageParts, []byte, error) {
	msg, err := acp.DecodeMessage(data)
	if err != nil {
		return acptest.MessageParts{}, nil, err
	}
	out, err := acp.Marshal(msg)
	switch x := msg.(type) {
	case *acp.Request:
		return acptest.MessageParts{Kind: "request", Method: x.Method, Payload: x.Params}, out, err
	case *acp.Notification:
		return acptest.MessageParts{Kind: "notification", Method: x.Method, Payload: x.Params}, out, err
	case *acp.Response:
		if x.Error != nil {
			return acptest.MessageParts{Kind: "error"}, out, err
		}
		return acptest.MessageParts{Kind: "result", Payload: x.Result}, out, err
	}
	return acptest.MessageParts{}, nil, errors.New("DecodeMessage returned no message")
}

// TestMessages decodes whole JSON-RPC messages of every side (requests,
// notifications, results and errors built from the fixtures, the
// fixtures of the message definitions, extension methods), round-trips
// them byte for byte and decodes their payloads through the tables.
func TestMessages(t *testing.T) {
	s := loadSchema(t)
	fixtures := loadFixtures(t)
	methods := tableMethods(t)
	cases := acptest.MethodCases(methods, fixtures, "acp")
	cases = append(cases, acptest.EnvelopeCases(fixtures, s.MessageSides(), methods, "acp")...)
	cases = append(cases, []acptest.MessageCase{
		{Name: "extension request", Side: "agent", Wire: []byte(`{"jsonrpc":"2.0","id":"x1","method":"_acme/ping","params":{"n":[1,2]}}`), Want: "*acp.ExtRequest"},
		{Name: "extension result", Side: "agent", Method: "_acme/ping", Wire: []byte(`{"jsonrpc":"2.0","id":"x1","result":{"pong":true}}`), Want: "*acp.ExtResponse"},
		{Name: "extension notification", Side: "client", Wire: []byte(`{"jsonrpc":"2.0","method":"_acme/tick","params":[1]}`), Want: "*acp.ExtNotification"},
		{Name: "cancel request", Side: "protocol", Wire: []byte(`{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":"r7"}}`), Want: "*acp.CancelRequestNotification"},
		{Name: "no params", Side: "agent", Wire: []byte(`{"jsonrpc":"2.0","id":3,"method":"logout"}`), Want: "*acp.LogoutRequest"},
		{Name: "null params", Side: "agent", Wire: []byte(`{"jsonrpc":"2.0","id":3,"method":"logout","params":null}`), Want: "*acp.LogoutRequest"},
		{Name: "error", Side: "agent", Wire: []byte(`{"jsonrpc":"2.0","id":4,"error":{"code":-32601,"message":"Method not found"}}`)},
		{Name: "error with null id", Side: "agent", Wire: []byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`)},
	}...)
	sides := map[string]int{}
	for _, c := range cases {
		sides[c.Side]++
	}
	if sides["agent"] < 5 || sides["client"] < 5 || sides["protocol"] < 1 {
		t.Errorf("too few messages per side: %v", sides)
	}
	acptest.RunMessages(t, rpc(), cases)
}

// wireForkRequest calls session/fork (unstable_session_fork).
const wireForkRequest = `{"jsonrpc":"2.0","id":9,"method":"session/fork","params":{"sessionId":"s1","cwd":"/w","mcpServers":[]}}`

// TestMessageErrors: a message that is not a valid JSON-RPC message of the
// schema is a *DecodeError with the path of the member at fault.
func TestMessageErrors(t *testing.T) {
	for wire, want := range map[string]string{
		`{"id":1,"method":"initialize"}`:                                `$: missing required property "jsonrpc"`,
		`{"jsonrpc":"1.0","method":"session/cancel"}`:                   `$.jsonrpc: expected "2.0", got "1.0"`,
		`{"jsonrpc":"2.0","id":true,"method":"initialize"}`:             "$.id: ",
		`{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"m"}}`:   "$.error.code: ",
		`{"jsonrpc":"2.0","id":1}`:                                      "$: not a JSON-RPC message: no method, result or error",
		`{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1}}`:       "$: a response has a result or an error, not both",
		`{"jsonrpc":"2.0","method":"session/cancel","params":{"a":1,}}`: "$.params: invalid character '}'",
	} {
		_, err := acp.DecodeMessage([]byte(wire))
		var de *acp.DecodeError
		if !errors.As(err, &de) || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: got %v, want %s...", wire, err, want)
		}
	}
	var req acp.Request
	if err := json.Unmarshal([]byte(`{"jsonrpc":"2.0","method":"session/cancel"}`), &req); err == nil || !strings.Contains(err.Error(), "expected a request, got a notification") {
		t.Errorf("a notification decodes as a Request: %v", err)
	}
	if _, err := acp.AgentMethods.DecodeRequest(acp.AgentMethodSessionNew, []byte(`{"cwd":7,"mcpServers":[]}`)); err == nil || !strings.HasPrefix(err.Error(), "$.cwd: ") {
		t.Errorf("bad params: %v", err)
	}
}

// TestResponseEncodeErrors: a Response needs exactly one of Result and
// Error; encoding never produces invalid JSON.
func TestResponseEncodeErrors(t *testing.T) {
	id := acp.NewRequestIdNumber(1)
	for _, r := range []*acp.Response{
		{ID: id},
		{ID: id, Result: json.RawMessage(`{}`), Error: &acp.Error{Code: acp.ErrorCodeInternalError}},
		{ID: id, Result: json.RawMessage(`{"a":`)},
	} {
		if out, err := acp.Marshal(r); err == nil {
			t.Errorf("%+v encodes as %s", r, out)
		}
	}
	out, err := acp.Marshal(&acp.Response{ID: id, Error: &acp.Error{Code: acp.ErrorCodeMethodNotFound, Message: "no such method"}})
	if string(out) != `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no such method"}}` || err != nil {
		t.Errorf("got %s, %v", out, err)
	}
}

// TestNullID: v1's RequestId has a null variant, which any message may
// carry; an unset ID is not null and cannot be encoded.
func TestNullID(t *testing.T) {
	msg, err := acp.DecodeMessage([]byte(`{"jsonrpc":"2.0","id":null,"result":{}}`))
	if r, ok := msg.(*acp.Response); err != nil || !ok {
		t.Fatalf("got %#v, %v", msg, err)
	} else if _, isNull := r.ID.Value.(*acp.RequestIdNull); !isNull {
		t.Errorf("id decoded as %#v", r.ID.Value)
	}
	if out, err := acp.Marshal(&acp.Response{Error: &acp.Error{Code: acp.ErrorCodeParseError}}); err == nil {
		t.Errorf("a response without an id encodes as %s", out)
	}
}
