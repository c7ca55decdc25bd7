package acp_test

import (
	"encoding/json"
	"errors"
	"fmt"
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

// TestMethodTablesMatchSchema: the tables against the schema's methods,
// whatever the build tags (acptest.RunMethodTables).
func TestMethodTablesMatchSchema(t *testing.T) {
	acptest.RunMethodTables(t, "v1", tableMethods(t))
}

func TestMethodConstants(t *testing.T) {
	for got, want := range map[string]string{
		acp.AgentMethodSessionNew:       "session/new",
		acp.AgentMethodSessionCancel:    "session/cancel",
		acp.ClientMethodFSReadTextFile:  "fs/read_text_file",
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
	cases = append(cases, acptest.CommonMessageCases("acp", "logout", "LogoutRequest")...)
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

// TestMessageErrors: invalid messages are *DecodeErrors with the path of
// the member at fault (acptest.RunMessageErrors); a message of another
// shape does not decode as a Request; bad params name their member.
func TestMessageErrors(t *testing.T) {
	acptest.RunMessageErrors(t, rpc(), fmt.Sprintf("%T", (*acp.DecodeError)(nil)))
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
	id := acp.NewRequestIDNumber(1)
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

// TestNullID: v1's RequestID has a null variant, which any message may
// carry; an unset ID is not null and cannot be encoded.
func TestNullID(t *testing.T) {
	msg, err := acp.DecodeMessage([]byte(`{"jsonrpc":"2.0","id":null,"result":{}}`))
	if r, ok := msg.(*acp.Response); err != nil || !ok {
		t.Fatalf("got %#v, %v", msg, err)
	} else if _, isNull := r.ID.Value.(*acp.RequestIDNull); !isNull {
		t.Errorf("id decoded as %#v", r.ID.Value)
	}
	if out, err := acp.Marshal(&acp.Response{Error: &acp.Error{Code: acp.ErrorCodeParseError}}); err == nil {
		t.Errorf("a response without an id encodes as %s", out)
	}
}
