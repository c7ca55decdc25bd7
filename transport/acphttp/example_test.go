package acphttp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"

	"github.com/acpgen/acpgen/transport/acphttp"
)

// Example is the package documentation's setup, compiled and run: a
// Handler mounted at Path on a server that speaks HTTP/1.1 and h2c, and a
// client that Dials it and initializes. This module imports no generated
// package, so raw JSON-RPC messages stand in for a generated package's
// connections (acp.NewAgentConnTransport(t), acp.NewClientConnTransport(t)),
// which read and write the same messages through the same methods.
func Example() {
	h := &acphttp.Handler{Serve: func(t *acphttp.Conn) {
		// DELETE, Shutdown or a client gone silent end t: ReadMessage then
		// fails, and Serve returns.
		for {
			msg, err := t.ReadMessage()
			if err != nil {
				return
			}
			if answer := answerInitialize(msg); answer != nil {
				_ = t.WriteMessage(answer)
			}
		}
	}}
	mux := http.NewServeMux()
	mux.Handle(acphttp.Path, h)
	srv := httptest.NewUnstartedServer(mux)
	srv.Config.Protocols = new(http.Protocols)
	srv.Config.Protocols.SetHTTP1(true)
	srv.Config.Protocols.SetUnencryptedHTTP2(true)
	srv.Start()
	defer srv.Close()
	defer func() { _ = h.Shutdown(context.Background()) }() // before srv.Close: it waits for open streams

	t, err := acphttp.Dial(context.Background(), srv.URL+acphttp.Path, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer t.Close() // sends DELETE: the server ends the agent's side at once
	// The initialize POST makes the connection; its answer is read like
	// any message.
	if err := t.WriteMessage([]byte(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":1}}`)); err != nil {
		log.Fatal(err)
	}
	msg, err := t.ReadMessage()
	if err != nil {
		log.Fatal(err)
	}
	var answer struct {
		Result struct {
			ProtocolVersion int    `json:"protocolVersion"`
			ConnectionID    string `json:"connectionId"`
		} `json:"result"`
	}
	if err := json.Unmarshal(msg, &answer); err != nil {
		log.Fatal(err)
	}
	fmt.Println("protocol version:", answer.Result.ProtocolVersion)
	fmt.Println("the answer names the connection:", answer.Result.ConnectionID == t.ConnectionID())
	// Output:
	// protocol version: 1
	// the answer names the connection: true
}

// answerInitialize is the example agent's answer to msg when it is the
// initialize request; nil otherwise.
func answerInitialize(msg []byte) []byte {
	var req struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if json.Unmarshal(msg, &req) != nil || req.Method != "initialize" {
		return nil
	}
	answer, _ := json.Marshal(map[string]any{
		"jsonrpc": "2.0",
		"id":      req.ID,
		"result":  map[string]any{"protocolVersion": 1},
	})
	return answer
}
