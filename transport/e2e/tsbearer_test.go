package e2e

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/acpgen/acpgen/internal/tssdk"
	"github.com/acpgen/acpgen/transport/acpremote"
)

const tsToken = "ts-sdk-token-91c7"

// authLog records, for each request reaching the guarded endpoint, its
// method (or "upgrade") and whether the guard let it through to the
// handler ("passed") or not ("Unauthorized": RequireBearer answers 401 to
// every request it does not pass on).
type authLog struct {
	mu   sync.Mutex
	seen []string
}

func (l *authLog) wrap(next http.Handler) http.Handler {
	type passedKey struct{}
	guarded := acpremote.RequireBearer(tsToken, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		*r.Context().Value(passedKey{}).(*bool) = true
		next.ServeHTTP(w, r)
	}))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		what := r.Method
		if r.Header.Get("Upgrade") != "" {
			what = "upgrade"
		}
		passed := new(bool)
		guarded.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), passedKey{}, passed)))
		outcome := "Unauthorized"
		if *passed {
			outcome = "passed"
		}
		l.mu.Lock()
		l.seen = append(l.seen, what+" "+outcome)
		l.mu.Unlock()
	})
}

func (l *authLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.seen, ", ")
}

// runTS runs a script of dir with node, ACP_TOKEN set to token ("" for
// none), and returns its error and output.
func runTS(t *testing.T, node, dir, script, url, profile, token string) (error, string) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, script, url, profile)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ACP_TOKEN="+token)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return err, out.String()
}

// The TypeScript SDK's clients pass the bearer token through their
// headers option on every request: with it they drive a Go agent guarded
// by acpremote.RequireBearer through the whole turn of
// TestTypeScriptClientDrivesGoServer (every request let through: the
// upgrade, or each POST, GET and DELETE); without it, or with a wrong
// one, their initialize fails and every request they made was refused
// with 401, no connection reaching the agent.
func TestTypeScriptClientBearerToken(t *testing.T) {
	node, dir := tssdk.Dir(t, "tsclient.mjs", "tsrefused.mjs")
	for _, profile := range []string{"http", "ws"} {
		t.Run(profile, func(t *testing.T) {
			var log authLog
			h, url := serveRemoteBehind(t, log.wrap)
			if err, out := runTS(t, node, dir, "tsclient.mjs", url, profile, tsToken); err != nil {
				t.Fatalf("tsclient.mjs %s with the token: %v\n%s", profile, err, out)
			}
			waitNoConnections(t, h)
			seen := log.String()
			if strings.Contains(seen, "Unauthorized") {
				t.Errorf("with the token some requests were refused: %s", seen)
			}
			wants := []string{"upgrade"}
			if profile == "http" {
				wants = []string{"POST", "GET", "DELETE"}
			}
			for _, want := range wants {
				if !strings.Contains(seen, want+" ") {
					t.Errorf("no %s with the token: %s", want, seen)
				}
			}
			for _, token := range []string{"", "not-" + tsToken} {
				var log authLog
				h, url := serveRemoteBehind(t, log.wrap)
				err, out := runTS(t, node, dir, "tsrefused.mjs", url, profile, token)
				if err != nil || !strings.Contains(out, "401") {
					t.Errorf("tsrefused.mjs %s, token %q: %v, want refused with 401\n%s", profile, token, err, out)
				}
				seen := log.String()
				if seen == "" || strings.Count(seen, "Unauthorized") != len(log.seen) {
					t.Errorf("token %q: requests %s, want every one refused", token, seen)
				}
				if n := h.Connections(); n != 0 {
					t.Errorf("token %q: %d connections reached the agent", token, n)
				}
				t.Logf("token %q: %s; %s", token, seen, strings.TrimSpace(out))
			}
		})
	}
}
