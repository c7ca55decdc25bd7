package acpremote

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/acpgen/acpgen/transport/acphttp"
	"github.com/acpgen/acpgen/transport/acpws"
)

// initAnswer is the agent's answer to the tests' initialize.
const initAnswer = `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":1}}`

// twoProfiles serves a one-message agent on both profiles: over
// WebSocket it answers the first message; over Streamable HTTP it
// answers initialize in the POST and keeps the connection stream open.
// Each request's X-Test header is recorded, to see the options applied.
func twoProfiles(t *testing.T) (base string, headers chan string) {
	headers = make(chan string, 16)
	ws := &acpws.Handler{Serve: func(c *acpws.Conn) {
		if _, err := c.ReadMessage(); err == nil {
			_ = c.WriteMessage([]byte(initAnswer))
		}
		<-c.Context().Done()
	}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		headers <- r.Header.Get("X-Test")
		switch {
		case r.Header.Get("Upgrade") != "":
			ws.ServeHTTP(w, r)
		case r.Method == http.MethodPost:
			_, _ = io.Copy(io.Discard, r.Body)
			w.Header().Set(acphttp.HeaderConnectionID, "c1")
			_, _ = io.WriteString(w, initAnswer)
		case r.Method == http.MethodGet:
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusOK)
			_ = http.NewResponseController(w).Flush()
			<-r.Context().Done()
		default:
			w.WriteHeader(http.StatusAccepted)
		}
	}))
	t.Cleanup(srv.Close)
	return strings.TrimPrefix(srv.URL, "http") + acphttp.Path, headers
}

// Dial picks the profile by the scheme, applies the options to it, and
// gives a Conn that carries the initialize exchange.
func TestDialByScheme(t *testing.T) {
	base, headers := twoProfiles(t)
	for _, scheme := range []string{"ws", "http"} {
		t.Run(scheme, func(t *testing.T) {
			c, err := Dial(t.Context(), scheme+base, &DialOptions{Header: http.Header{"X-Test": {scheme}}, CloseTimeout: 100 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			switch c.(type) {
			case *acpws.Conn:
				if scheme != "ws" {
					t.Fatalf("%s gave a WebSocket connection", scheme)
				}
			case *acphttp.ClientConn:
				if scheme != "http" {
					t.Fatalf("%s gave a Streamable HTTP connection", scheme)
				}
			default:
				t.Fatalf("Dial gave a %T", c)
			}
			if err := c.WriteMessage([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`)); err != nil {
				t.Fatal(err)
			}
			if msg, err := c.ReadMessage(); err != nil || string(msg) != initAnswer {
				t.Fatalf("ReadMessage = %s, %v", msg, err)
			}
			if h := <-headers; h != scheme {
				t.Fatalf("X-Test = %q, want the option's %q", h, scheme)
			}
			_ = c.Close()
			if c.Context().Err() == nil {
				t.Fatal("Context not done after Close")
			}
			for len(headers) > 0 {
				<-headers
			}
		})
	}
}

func TestDialUnknownScheme(t *testing.T) {
	for _, u := range []string{"ftp://127.0.0.1/acp", "example.com/acp", "unix:///tmp/acp"} {
		c, err := Dial(t.Context(), u, nil)
		if err == nil {
			_ = c.Close()
			t.Fatalf("Dial(%q) succeeded", u)
		}
		if !strings.Contains(err.Error(), "scheme") {
			t.Errorf("Dial(%q): %v, want a word on the scheme", u, err)
		}
	}
}
