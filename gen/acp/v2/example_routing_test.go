package acp_test

import (
	"errors"
	"fmt"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

// Example_routing is the routing example of docs/generated-api.md: an agent decodes each
// JSON-RPC message, routes it by method through the method tables, and
// answers a method it does not know with "method not found".
func Example_routing() {
	for _, line := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"session/new","params":{"cwd":"/work","mcpServers":[]}}`,
		`{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"s1"}}`,
		`{"jsonrpc":"2.0","id":2,"method":"session/teleport","params":{}}`,
		`{"jsonrpc":"2.0","id":7,"result":{"outcome":{"outcome":"cancelled"}}}`,
	} {
		route([]byte(line))
	}
	// Output:
	// new session in /work
	// cancel s1
	// {"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"unknown agent request method \"session/teleport\": not in the schema, or its unstable feature's build tag is off"}}
	// permission: *acp.RequestPermissionResponse
}

// route handles one message as an agent: requests and notifications of
// AgentMethods; responses to the requests it sent, which the client
// handles (here the request with id 7 was session/request_permission).
func route(line []byte) {
	msg, err := acp.DecodeMessage(line)
	if err != nil {
		fmt.Println(err)
		return
	}
	switch m := msg.(type) {
	case *acp.Request:
		params, err := acp.AgentMethods.DecodeRequest(m.Method, m.Params)
		if err != nil {
			reply(m.ID, err)
			return
		}
		switch p := params.(type) {
		case *acp.NewSessionRequest:
			fmt.Println("new session in", p.Cwd)
		case *acp.PromptRequest:
			fmt.Println("prompt for", p.SessionID)
		}
	case *acp.Notification:
		params, err := acp.AgentMethods.DecodeNotification(m.Method, m.Params)
		if p, ok := params.(*acp.CancelSessionNotification); ok && err == nil {
			fmt.Println("cancel", p.SessionID)
		}
	case *acp.Response:
		result, err := acp.ClientMethods.DecodeResult(acp.ClientMethodSessionRequestPermission, m.Result)
		if err == nil {
			fmt.Printf("permission: %T\n", result)
		}
	}
}

// reply answers a request that could not be routed: an unknown method is
// "method not found", params that do not decode are "invalid params".
func reply(id acp.RequestID, err error) {
	code := acp.ErrorCodeInvalidParams
	var unknown *acp.UnknownMethodError
	if errors.As(err, &unknown) {
		code = acp.ErrorCodeMethodNotFound
	}
	out, _ := acp.Marshal(&acp.Response{ID: id, Error: &acp.Error{Code: code, Message: err.Error()}})
	fmt.Println(string(out))
}
