package acpremote

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/acpgen/acpgen/transport/acphttp"
)

const testToken = "s3cret-token.for_tests"

// upgradeHeader is what a WebSocket client's upgrade request carries.
func upgradeHeader() http.Header {
	return http.Header{
		"Connection": {"Upgrade"}, "Upgrade": {"websocket"},
		"Sec-Websocket-Version": {"13"}, "Sec-Websocket-Key": {"dGhlIHNhbXBsZSBub25jZQ=="},
	}
}

// Without the right token every request of both profiles (POST, GET,
// DELETE, the WebSocket upgrade) is refused with 401 and a Bearer
// challenge before it reaches the handler; with it, each goes through.
func TestRequireBearerEveryMethod(t *testing.T) {
	var reached atomic.Int32
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		reached.Add(1)
		w.WriteHeader(http.StatusTeapot)
	})
	srv := httptest.NewServer(RequireBearer(testToken, next))
	defer srv.Close()
	requests := []struct {
		name, method string
		header       http.Header
	}{
		{"POST", http.MethodPost, http.Header{"Content-Type": {"application/json"}}},
		{"GET", http.MethodGet, http.Header{"Accept": {"text/event-stream"}}},
		{"DELETE", http.MethodDelete, http.Header{}},
		{"upgrade", http.MethodGet, upgradeHeader()},
	}
	auths := []struct {
		name, value string
		status      int
		challenge   string
	}{
		{"none", "", http.StatusUnauthorized, `Bearer realm="acp"`},
		{"wrong", "Bearer not-the-token", http.StatusUnauthorized, `Bearer realm="acp", error="invalid_token"`},
		{"prefix", "Bearer " + testToken[:5], http.StatusUnauthorized, `Bearer realm="acp", error="invalid_token"`},
		{"longer", "Bearer " + testToken + "x", http.StatusUnauthorized, `Bearer realm="acp", error="invalid_token"`},
		{"basic", "Basic " + testToken, http.StatusUnauthorized, `Bearer realm="acp"`},
		{"empty bearer", "Bearer ", http.StatusUnauthorized, `Bearer realm="acp"`},
		{"right", "Bearer " + testToken, http.StatusTeapot, ""},
		{"right, scheme in lower case", "bearer " + testToken, http.StatusTeapot, ""},
	}
	for _, req := range requests {
		for _, auth := range auths {
			t.Run(req.name+"/"+auth.name, func(t *testing.T) {
				before := reached.Load()
				r, err := http.NewRequest(req.method, srv.URL+acphttp.Path, strings.NewReader(`{}`))
				if err != nil {
					t.Fatal(err)
				}
				r.Header = req.header.Clone()
				if auth.value != "" {
					r.Header.Set("Authorization", auth.value)
				}
				resp, err := srv.Client().Do(r)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != auth.status {
					t.Fatalf("status %d, want %d", resp.StatusCode, auth.status)
				}
				if got := resp.Header.Get("WWW-Authenticate"); got != auth.challenge {
					t.Errorf("WWW-Authenticate %q, want %q", got, auth.challenge)
				}
				passed := reached.Load() != before
				if passed != (auth.status != http.StatusUnauthorized) {
					t.Errorf("handler reached: %v", passed)
				}
				if strings.Contains(string(body), testToken[:5]) {
					t.Errorf("the answer shows the token: %s", body)
				}
			})
		}
	}
}

// A Handler behind RequireBearer serves Dial with BearerHeader over both
// profiles, every request it makes (the upgrade; POST, GET and the
// closing DELETE) let through, and refuses Dial without it.
func TestRequireBearerDial(t *testing.T) {
	h := &Handler{Serve: echoInit}
	var mu sync.Mutex
	statuses := map[string]int{}
	record := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			what := r.Method
			if r.Header.Get("Upgrade") != "" {
				what = "upgrade"
			}
			mu.Lock()
			statuses[what+" "+r.Header.Get("Authorization")] = rec.status
			mu.Unlock()
		})
	}
	srv := httptest.NewServer(record(RequireBearer(testToken, h)))
	defer srv.Close()
	base := strings.TrimPrefix(srv.URL, "http") + acphttp.Path
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, scheme := range []string{"ws", "http"} {
		c, err := Dial(ctx, scheme+base, &DialOptions{Header: BearerHeader(testToken)})
		if err != nil {
			t.Fatalf("%s: %v", scheme, err)
		}
		if err := c.WriteMessage([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`)); err != nil {
			t.Fatalf("%s: %v", scheme, err)
		}
		if _, err := c.ReadMessage(); err != nil {
			t.Fatalf("%s: %v", scheme, err)
		}
		_ = c.Close()
		// Without the header: the upgrade fails; over Streamable HTTP the
		// initialize that opens the connection does.
		for _, opts := range []*DialOptions{nil, {Header: BearerHeader("wrong")}} {
			c, err := Dial(ctx, scheme+base, opts)
			if err == nil {
				err = c.WriteMessage([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`))
				_ = c.Close()
			}
			if err == nil || !strings.Contains(err.Error(), "401") {
				t.Errorf("%s without the token: %v, want a 401", scheme, err)
			}
		}
	}
	_ = h.Shutdown(ctx)
	mu.Lock()
	defer mu.Unlock()
	right := " Bearer " + testToken
	for _, what := range []string{"upgrade", "POST", "GET", "DELETE"} {
		status, ok := statuses[what+right]
		if !ok || status == http.StatusUnauthorized {
			t.Errorf("%s with the token: status %d (made: %v)", what, status, ok)
		}
	}
	for _, what := range []string{"upgrade ", "POST ", "upgrade Bearer wrong", "POST Bearer wrong"} {
		if status := statuses[what]; status != http.StatusUnauthorized {
			t.Errorf("%q: status %d, want 401", what, status)
		}
	}
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(status int) {
	r.status = status
	r.ResponseWriter.WriteHeader(status)
}

// Unwrap lets http.ResponseController reach the connection (the
// WebSocket upgrade hijacks it, the event streams flush it).
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

func TestRequireBearerEmptyTokenPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("RequireBearer accepted an empty token")
		}
	}()
	RequireBearer("", http.NotFoundHandler())
}

func TestLoadToken(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := write("good", testToken+"\n")
	empty := write("empty", " \n")
	spaced := write("spaced", "two words\n")
	t.Setenv("ACPREMOTE_TEST_TOKEN", " "+testToken+" ")
	t.Setenv("ACPREMOTE_TEST_EMPTY", "")
	for _, c := range []struct {
		file, env string
		want      string
		fails     string
	}{
		{"", "", "", ""},
		{good, "", testToken, ""},
		{"", "ACPREMOTE_TEST_TOKEN", testToken, ""},
		{good, "ACPREMOTE_TEST_TOKEN", "", "not both"},
		{filepath.Join(dir, "missing"), "", "", "reading the token"},
		{empty, "", "", "is empty"},
		{spaced, "", "", "white space"},
		{"", "ACPREMOTE_TEST_EMPTY", "", "is empty"},
		{"", "ACPREMOTE_TEST_UNSET", "", "not set"},
	} {
		got, err := LoadToken(c.file, c.env)
		if got != c.want || (err == nil) != (c.fails == "") || (err != nil && !strings.Contains(err.Error(), c.fails)) {
			t.Errorf("LoadToken(%q, %q) = %q, %v; want %q, an error with %q", c.file, c.env, got, err, c.want, c.fails)
		}
		if err != nil && strings.Contains(err.Error(), "two words") {
			t.Errorf("the error shows the token: %v", err)
		}
	}
}
