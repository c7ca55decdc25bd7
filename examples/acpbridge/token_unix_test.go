//go:build unix

package main

import (
	"context"
	"log"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/acpgen/acpgen/transport/acpremote"
)

const bridgeToken = "bridge-token-7d41e0"

// lockedLog is a log the test reads while the bridge writes it.
type lockedLog struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// oneAnswer is an agent that answers the first message and then reads
// until its input ends.
var oneAnswer = []string{"sh", "-c", `read line; echo '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":1}}'; cat >/dev/null`}

// TestBridgeToken: with a token the bridge refuses every request without
// it or with a wrong one (POST, GET, DELETE, the WebSocket upgrade) with
// 401 and a Bearer challenge, starting no agent; a client sending it is
// served over both profiles. The token is never logged.
func TestBridgeToken(t *testing.T) {
	var logged lockedLog
	var started agents
	b := &bridge{command: oneAnswer, log: log.New(&logged, "acpbridge: ", 0), started: started.started}
	addr := startBridge(t, b, access{token: bridgeToken})
	upgrade := http.Header{"Connection": {"Upgrade"}, "Upgrade": {"websocket"}, "Sec-Websocket-Version": {"13"}, "Sec-Websocket-Key": {"dGhlIHNhbXBsZSBub25jZQ=="}}
	for _, req := range []struct {
		method string
		header http.Header
	}{{http.MethodPost, nil}, {http.MethodGet, nil}, {http.MethodDelete, nil}, {http.MethodGet, upgrade}} {
		for _, auth := range []string{"", "Bearer wrong-token", "Basic " + bridgeToken} {
			r, err := http.NewRequest(req.method, "http://"+addr, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`))
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range req.header {
				r.Header[k] = v
			}
			if auth != "" {
				r.Header.Set("Authorization", auth)
			}
			resp, err := http.DefaultClient.Do(r)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusUnauthorized || !strings.HasPrefix(resp.Header.Get("WWW-Authenticate"), "Bearer") {
				t.Errorf("%s upgrade=%v auth %q: %s, WWW-Authenticate %q", req.method, req.header != nil, auth, resp.Status, resp.Header.Get("WWW-Authenticate"))
			}
		}
	}
	if n := len(started.list()); n != 0 {
		t.Errorf("%d agents started for refused requests", n)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, scheme := range []string{"ws", "http"} {
		c, err := acpremote.Dial(ctx, scheme+"://"+addr, &acpremote.DialOptions{Header: acpremote.BearerHeader(bridgeToken)})
		if err != nil {
			t.Fatalf("%s: %v", scheme, err)
		}
		if err := c.WriteMessage([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`)); err != nil {
			t.Fatalf("%s: %v", scheme, err)
		}
		if msg, err := c.ReadMessage(); err != nil || !strings.Contains(string(msg), `"protocolVersion":1`) {
			t.Fatalf("%s: %s, %v", scheme, msg, err)
		}
		_ = c.Close()
	}
	if n := len(started.list()); n != 2 {
		t.Errorf("%d agents started for 2 connections with the token", n)
	}
	if strings.Contains(logged.String(), bridgeToken) {
		t.Errorf("the token was logged:\n%s", logged.String())
	}
}

// TestBridgeWarnsWithoutToken: the bridge warns on its log when it
// listens beyond the loopback interface without a token, and neither on
// the loopback nor with a token.
func TestBridgeWarnsWithoutToken(t *testing.T) {
	for _, c := range []struct {
		addr  string
		token string
		warns bool
	}{
		{"127.0.0.1:0", "", false},
		{"0.0.0.0:0", "", true},
		{"0.0.0.0:0", bridgeToken, false},
	} {
		ln, err := net.Listen("tcp", c.addr)
		if err != nil {
			t.Fatal(err)
		}
		var logged lockedLog
		b := &bridge{command: oneAnswer, log: log.New(&logged, "acpbridge: ", 0)}
		ctx, cancel := context.WithCancel(context.Background())
		served := make(chan error, 1)
		go func() { served <- serve(ctx, ln, b, access{token: c.token}) }()
		deadline := time.Now().Add(10 * time.Second)
		for !strings.Contains(logged.String(), "serving") && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		cancel()
		if err := <-served; err != nil {
			t.Errorf("%s: %v", c.addr, err)
		}
		out := logged.String()
		if got := strings.Contains(out, "WITHOUT A TOKEN"); got != c.warns {
			t.Errorf("%s, token %v: warned %v:\n%s", c.addr, c.token != "", got, out)
		}
		if c.token != "" && strings.Contains(out, c.token) {
			t.Errorf("the token was logged:\n%s", out)
		}
	}
}
