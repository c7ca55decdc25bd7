package bearer

import (
	"bytes"
	"flag"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const token = "tok-3f9a1c"

// The warning comes for an address beyond the loopback without a token,
// never for a loopback one or with a token, and never shows the token.
func TestGuardWarns(t *testing.T) {
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	for _, c := range []struct {
		addr  string
		token string
		warns bool
	}{
		{"127.0.0.1:8080", "", false},
		{"[::1]:8080", "", false},
		{"0.0.0.0:8080", "", true},
		{"[::]:8080", "", true},
		{"192.0.2.7:8080", "", true},
		{"0.0.0.0:8080", token, false},
		{"192.0.2.7:8080", token, false},
	} {
		addr, err := net.ResolveTCPAddr("tcp", c.addr)
		if err != nil {
			t.Fatal(err)
		}
		var warn bytes.Buffer
		h := Guard(next, c.token, addr, &warn)
		if got := strings.Contains(warn.String(), "WITHOUT A TOKEN"); got != c.warns {
			t.Errorf("%s, token %v: warned %v: %q", c.addr, c.token != "", got, warn.String())
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/acp", nil))
		want := http.StatusNoContent
		if c.token != "" {
			want = http.StatusUnauthorized
		}
		if rec.Code != want {
			t.Errorf("%s, token %v: status %d, want %d", c.addr, c.token != "", rec.Code, want)
		}
	}
}

// The flags name a file or a variable, and Load reads the token there.
func TestSourceFlags(t *testing.T) {
	file := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(file, []byte(token+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("BEARER_TEST_TOKEN", token)
	for _, args := range [][]string{{"-token-file", file}, {"-token-env", "BEARER_TEST_TOKEN"}} {
		var s Source
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		s.Register(fs, "require")
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Load(); got != token || err != nil {
			t.Errorf("%v: Load = %q, %v", args, got, err)
		}
	}
	if h := Header(""); h != nil {
		t.Errorf("Header without a token = %v", h)
	}
	if got := Header(token).Get("Authorization"); got != "Bearer "+token {
		t.Errorf("Header = %q", got)
	}
}
