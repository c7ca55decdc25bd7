package bench

// This file writes testdata/v1_session_update.jsonl and
// testdata/v2_session_update.jsonl: one prompt turn of session/update
// traffic per protocol version, written by hand from the schemas (not with
// the generated types, so the round-trip test is not checking the codec
// against itself). Run with -update to rewrite them.

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

var update = flag.Bool("update", false, "rewrite testdata/*.jsonl")

// obj is a JSON object that keeps member order.
type obj []kv

type kv struct {
	k string
	v any
}

// asciiString is written with every non-ASCII character as a \u escape
// (surrogate pairs above the BMP), the way Python's json.dumps does by
// default: some agents send text like that.
type asciiString string

// writeJSON writes v compactly. Strings are escaped like serde_json does
// (no HTML escaping; control characters as \n, \t, \u001b ...).
func writeJSON(buf *bytes.Buffer, v any) {
	switch x := v.(type) {
	case obj:
		buf.WriteByte('{')
		for i, m := range x {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeJSON(buf, m.k)
			buf.WriteByte(':')
			writeJSON(buf, m.v)
		}
		buf.WriteByte('}')
	case []any:
		buf.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeJSON(buf, e)
		}
		buf.WriteByte(']')
	case string:
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(x); err != nil {
			panic(err)
		}
		buf.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
	case asciiString:
		var b bytes.Buffer
		writeJSON(&b, string(x))
		for _, r := range b.String() {
			switch {
			case r < utf8.RuneSelf:
				buf.WriteRune(r)
			case r > 0xFFFF:
				r -= 0x10000
				fmt.Fprintf(buf, `\u%04x\u%04x`, 0xD800+(r>>10), 0xDC00+(r&0x3FF))
			default:
				fmt.Fprintf(buf, `\u%04x`, r)
			}
		}
	case int:
		buf.WriteString(strconv.Itoa(x))
	case float64:
		buf.WriteString(strconv.FormatFloat(x, 'f', -1, 64))
	case bool:
		buf.WriteString(strconv.FormatBool(x))
	case nil:
		buf.WriteString("null")
	default:
		panic(fmt.Sprintf("writeJSON: %T", v))
	}
}

const (
	sessionID = "sess_01J9Z3K4QF7YB2N8TXHV6W5RMC"
	repo      = "/home/dev/src/github.com/example/relay"
)

// The prompt turn: "TestSessionReconnect is flaky on CI, fix it and add a
// regression test". The texts are streamed in chunks of varied length.

var thought1 = "The user wants me to fix the flaky `TestSessionReconnect` test. " +
	"Flaky reconnect tests usually mean a race between the heartbeat goroutine and `Close()`, " +
	"or a test that sleeps instead of waiting on a signal. I should read the test first, then " +
	"`internal/session/conn.go`, and grep for every place that touches the heartbeat timer " +
	"before changing anything."

var message1 = "I'll start by reading the test and the connection code to understand how " +
	"reconnection is driven, then look for the race.\n\n"

var thought2 = "Found it: `reconnect()` calls `c.hb.Reset(interval)` without holding `c.mu`, " +
	"while `Close()` sets `c.hb = nil` under the lock. If `Close()` wins, `reconnect()` " +
	"dereferences a nil timer — that matches the CI log (\"invalid memory address or nil pointer " +
	"dereference\" in `(*Conn).reconnect`). The test also uses `time.Sleep(50 * time.Millisecond)` " +
	"to \"wait\" for the reconnect, which is a second source of flakiness under `-race`. " +
	"Plan: take the lock in `reconnect()`, check `c.closed`, and make the test wait on the " +
	"`OnReconnect` hook instead of sleeping."

var message2 = "The flake has two causes:\n\n" +
	"1. **A data race** in `reconnect()` → it resets `c.hb` without holding `c.mu`, while " +
	"`Close()` clears it under the lock. When `Close()` wins, the timer is `nil` and the " +
	"goroutine panics (that's the `nil pointer dereference` in the CI log).\n" +
	"2. **A sleep-based wait** in the test: `time.Sleep(50 * time.Millisecond)` is not enough " +
	"on a loaded runner — especially with `-race`, which slows everything down ~5–10×.\n\n" +
	"I'll fix the race first, then make the test deterministic.\n\n"

var thought3 = "Edit applied. Now the test: replace the sleep with a channel fed by " +
	"`OnReconnect`, and add a regression test that closes the connection while a reconnect " +
	"is in flight. Run it with `-race -count=50` to be confident."

var message3 = "Both edits are in. Running the test 50 times under the race detector to make " +
	"sure it's really fixed:\n\n"

var message4 = "Done ✅ — `TestSessionReconnect` passed **50/50** runs under `-race` (it failed " +
	"roughly 1 in 8 before).\n\n" +
	"### What changed\n\n" +
	"- `internal/session/conn.go`: `reconnect()` now holds `c.mu` while it touches the heartbeat " +
	"timer and returns early once the connection is closed:\n\n" +
	"```go\nc.mu.Lock()\ndefer c.mu.Unlock()\nif c.closed {\n\treturn ErrClosed\n}\nc.hb.Reset(c.interval)\n```\n\n" +
	"- `internal/session/conn_test.go`: the test waits on the `OnReconnect` hook (with a 5s " +
	"timeout) instead of `time.Sleep`, and there is a new regression test, " +
	"`TestCloseDuringReconnect`, which closes the connection while a reconnect is in flight.\n\n" +
	"### Notes\n\n" +
	"- `go vet ./...` is clean.\n" +
	"- The \"naïve\" sleep pattern also appears in `TestResumeAfterIdle` " +
	"(`internal/session/resume_test.go:88`); it hasn't flaked yet, but it's the same façade " +
	"of synchronisation — want me to convert it too?\n" +
	"- Unrelated: the CI log shows `GOFLAGS=-mod=mod`; with a vendored tree `-mod=vendor` " +
	"would be ~20% faster to set up. 🚀\n\n" +
	"Summary for the changelog: “session: fix data race between reconnect and Close (#1432)”. " +
	"日本語のコメントはそのままにしました。\n"

// ascii-escaped chunks (see asciiString) are spliced into message4's stream.
var asciiChunks = []string{
	"(Tested on Go 1.26 — linux/amd64 and darwin/arm64 ✓.) ",
	"Résumé of the root cause: “reconnect races Close” 🐛→✅. ",
}

const connTestGo = "package session\n\nimport (\n\t\"context\"\n\t\"net\"\n\t\"testing\"\n\t\"time\"\n)\n\n" +
	"// TestSessionReconnect drops the connection and expects the client to\n// reconnect with the same session ID.\n" +
	"func TestSessionReconnect(t *testing.T) {\n\tsrv := newTestServer(t)\n\tc, err := Dial(context.Background(), srv.Addr(), Options{\n\t\tHeartbeat: 10 * time.Millisecond,\n\t})\n" +
	"\tif err != nil {\n\t\tt.Fatalf(\"dial: %v\", err)\n\t}\n\tdefer c.Close()\n\n\tid := c.SessionID()\n\tsrv.DropAll()\n\n" +
	"\t// Give the client time to notice and reconnect.\n\ttime.Sleep(50 * time.Millisecond)\n\n" +
	"\tif got := c.SessionID(); got != id {\n\t\tt.Errorf(\"session ID after reconnect = %q, want %q\", got, id)\n\t}\n" +
	"\tif !c.Connected() {\n\t\tt.Error(\"not connected after reconnect\")\n\t}\n}\n\n" +
	"func newTestServer(t *testing.T) *testServer {\n\tt.Helper()\n\tln, err := net.Listen(\"tcp\", \"127.0.0.1:0\")\n" +
	"\tif err != nil {\n\t\tt.Fatal(err)\n\t}\n\ts := &testServer{ln: ln}\n\tgo s.serve()\n\tt.Cleanup(func() { ln.Close() })\n\treturn s\n}\n"

const connGo = "package session\n\nimport (\n\t\"context\"\n\t\"errors\"\n\t\"net\"\n\t\"sync\"\n\t\"time\"\n)\n\n" +
	"// ErrClosed is returned by operations on a closed Conn.\nvar ErrClosed = errors.New(\"session: connection closed\")\n\n" +
	"// Conn is a client connection that survives network drops by\n// reconnecting and resuming its session.\n" +
	"type Conn struct {\n\tmu       sync.Mutex\n\tnc       net.Conn\n\taddr     string\n\tid       string\n\tinterval time.Duration\n\thb       *time.Timer\n\tclosed   bool\n\n\t// OnReconnect, if set, is called after every successful reconnect.\n\tOnReconnect func()\n}\n\n" +
	"func (c *Conn) heartbeat() {\n\tif err := c.ping(); err != nil {\n\t\tgo c.reconnect()\n\t\treturn\n\t}\n\tc.mu.Lock()\n\tif !c.closed {\n\t\tc.hb.Reset(c.interval)\n\t}\n\tc.mu.Unlock()\n}\n\n" +
	"func (c *Conn) reconnect() error {\n\tnc, err := net.DialTimeout(\"tcp\", c.addr, 2*time.Second)\n\tif err != nil {\n\t\treturn err\n\t}\n" +
	"\tif err := resume(nc, c.id); err != nil {\n\t\tnc.Close()\n\t\treturn err\n\t}\n\tc.nc = nc\n\tc.hb.Reset(c.interval) // BUG: races with Close\n" +
	"\tif c.OnReconnect != nil {\n\t\tc.OnReconnect()\n\t}\n\treturn nil\n}\n\n" +
	"// Close closes the connection; it is safe to call more than once.\nfunc (c *Conn) Close() error {\n\tc.mu.Lock()\n\tdefer c.mu.Unlock()\n" +
	"\tif c.closed {\n\t\treturn nil\n\t}\n\tc.closed = true\n\tif c.hb != nil {\n\t\tc.hb.Stop()\n\t\tc.hb = nil\n\t}\n\treturn c.nc.Close()\n}\n"

const grepOut = "internal/session/conn.go:24:\thb       *time.Timer\n" +
	"internal/session/conn.go:33:\t\tgo c.reconnect()\n" +
	"internal/session/conn.go:38:\t\tc.hb.Reset(c.interval)\n" +
	"internal/session/conn.go:55:\tc.hb.Reset(c.interval) // BUG: races with Close\n" +
	"internal/session/conn.go:71:\tif c.hb != nil {\n" +
	"internal/session/conn.go:72:\t\tc.hb.Stop()\n" +
	"internal/session/conn.go:73:\t\tc.hb = nil\n" +
	"internal/session/dial.go:41:\tc.hb = time.AfterFunc(opts.Heartbeat, c.heartbeat)\n" +
	"internal/session/resume_test.go:88:\ttime.Sleep(50 * time.Millisecond) // wait for heartbeat\n"

const reconnectOld = "\tif err := resume(nc, c.id); err != nil {\n\t\tnc.Close()\n\t\treturn err\n\t}\n\tc.nc = nc\n\tc.hb.Reset(c.interval) // BUG: races with Close\n"

const reconnectNew = "\tif err := resume(nc, c.id); err != nil {\n\t\tnc.Close()\n\t\treturn err\n\t}\n\tc.mu.Lock()\n\tdefer c.mu.Unlock()\n" +
	"\tif c.closed {\n\t\tnc.Close()\n\t\treturn ErrClosed\n\t}\n\tc.nc = nc\n\tc.hb.Reset(c.interval)\n"

const testOld = "\tid := c.SessionID()\n\tsrv.DropAll()\n\n\t// Give the client time to notice and reconnect.\n\ttime.Sleep(50 * time.Millisecond)\n"

const testNew = "\treconnected := make(chan struct{}, 1)\n\tc.OnReconnect = func() { reconnected <- struct{}{} }\n\n\tid := c.SessionID()\n\tsrv.DropAll()\n\n" +
	"\tselect {\n\tcase <-reconnected:\n\tcase <-time.After(5 * time.Second):\n\t\tt.Fatal(\"no reconnect within 5s\")\n\t}\n"

const testAdded = "\n// TestCloseDuringReconnect is the regression test for #1432: Close while a\n// reconnect is in flight must not panic.\n" +
	"func TestCloseDuringReconnect(t *testing.T) {\n\tsrv := newTestServer(t)\n\tsrv.DelayResume(20 * time.Millisecond)\n" +
	"\tc, err := Dial(context.Background(), srv.Addr(), Options{Heartbeat: time.Millisecond})\n\tif err != nil {\n\t\tt.Fatalf(\"dial: %v\", err)\n\t}\n" +
	"\tsrv.DropAll()\n\ttime.Sleep(5 * time.Millisecond) // let the reconnect start\n\tif err := c.Close(); err != nil {\n\t\tt.Fatalf(\"close: %v\", err)\n\t}\n}\n"

// Terminal output of the test run, with ANSI colour codes (ESC is written
// as \u001b).
var testRunOut = []string{
	"\x1b[1m=== RUN   TestSessionReconnect\x1b[0m\n=== RUN   TestCloseDuringReconnect\n",
	"--- PASS: TestSessionReconnect (0.02s)\n--- PASS: TestCloseDuringReconnect (0.03s)\n" +
		"--- PASS: TestSessionReconnect (0.02s)\n--- PASS: TestCloseDuringReconnect (0.02s)\n",
	"--- PASS: TestSessionReconnect (0.03s)\n--- PASS: TestCloseDuringReconnect (0.02s)\n" +
		"--- PASS: TestSessionReconnect (0.02s)\n--- PASS: TestCloseDuringReconnect (0.04s)\n" +
		"--- PASS: TestSessionReconnect (0.02s)\n--- PASS: TestCloseDuringReconnect (0.02s)\n",
	"PASS\n\x1b[32mok  \x1b[0m\tgithub.com/example/relay/internal/session\t48.213s\n",
}

// chunker splits texts the way a model streams them: mostly a few
// characters to a few words, sometimes a long run.
type chunker struct{ r *rand.Rand }

func (c *chunker) split(s string) []string {
	var out []string
	rs := []rune(s)
	for len(rs) > 0 {
		var n int
		switch p := c.r.IntN(100); {
		case p < 60:
			n = 1 + c.r.IntN(10)
		case p < 93:
			n = 10 + c.r.IntN(30)
		default:
			n = 60 + c.r.IntN(140)
		}
		n = min(n, len(rs))
		out = append(out, string(rs[:n]))
		rs = rs[n:]
	}
	return out
}

// A version writes the protocol-specific shape of each kind of update.
type version interface {
	begin() []obj
	chunk(kind, messageID string, text any) obj
	plan(statuses []string) obj
	toolStart(id, title, kind string, rawInput obj, locs []any) []obj
	toolProgress(id string, text string) obj
	toolDiff(id, path, oldText, newText string, status string) obj
	toolDone(id string, text string, rawOutput obj) obj
	usage(used, cost int) obj
	requiresAction() []obj
	end() []obj
}

func notification(update obj, meta obj) obj {
	n := obj{{"sessionId", sessionID}, {"update", update}}
	if meta != nil {
		n = append(n, kv{"_meta", meta})
	}
	return n
}

var planEntries = []struct{ content, priority string }{
	{"Find the race behind the flaky TestSessionReconnect", "high"},
	{"Fix reconnect() to hold c.mu and respect Close", "high"},
	{"Replace time.Sleep in the test with the OnReconnect hook; add TestCloseDuringReconnect", "medium"},
	{"Run the session tests with -race -count=50 and go vet", "low"},
}

func textBlock(text any) obj { return obj{{"type", "text"}, {"text", text}} }

// ---- v1 ----

type v1 struct{}

func (v1) begin() []obj { return nil }

func (v1) chunk(kind, messageID string, text any) obj {
	return obj{{"sessionUpdate", kind}, {"content", textBlock(text)}, {"messageId", messageID}}
}

func (v1) plan(statuses []string) obj {
	var entries []any
	for i, e := range planEntries {
		entries = append(entries, obj{{"content", e.content}, {"priority", e.priority}, {"status", statuses[i]}})
	}
	return obj{{"sessionUpdate", "plan"}, {"entries", entries}}
}

func (v1) toolStart(id, title, kind string, rawInput obj, locs []any) []obj {
	u := obj{{"sessionUpdate", "tool_call"}, {"toolCallId", id}, {"title", title}, {"kind", kind}, {"status", "pending"}}
	if locs != nil {
		u = append(u, kv{"locations", locs})
	}
	u = append(u, kv{"rawInput", rawInput})
	return []obj{u, {{"sessionUpdate", "tool_call_update"}, {"toolCallId", id}, {"status", "in_progress"}}}
}

func (v1) toolProgress(id string, text string) obj {
	return obj{{"sessionUpdate", "tool_call_update"}, {"toolCallId", id},
		{"content", []any{obj{{"type", "content"}, {"content", textBlock(text)}}}}}
}

func (v1) toolDiff(id, path, oldText, newText string, status string) obj {
	return obj{{"sessionUpdate", "tool_call_update"}, {"toolCallId", id}, {"status", status},
		{"content", []any{obj{{"type", "diff"}, {"path", path}, {"oldText", oldText}, {"newText", newText}}}},
		{"locations", []any{obj{{"path", path}, {"line", 48}}}}}
}

func (v1) toolDone(id string, text string, rawOutput obj) obj {
	u := obj{{"sessionUpdate", "tool_call_update"}, {"toolCallId", id}, {"status", "completed"}}
	if text != "" {
		u = append(u, kv{"content", []any{obj{{"type", "content"}, {"content", textBlock(text)}}}})
	}
	if rawOutput != nil {
		u = append(u, kv{"rawOutput", rawOutput})
	}
	return u
}

func (v1) usage(used, cost int) obj {
	return obj{{"sessionUpdate", "usage_update"}, {"used", used}, {"size", 200000},
		{"cost", obj{{"amount", float64(cost) / 10000}, {"currency", "USD"}}}}
}

func (v1) requiresAction() []obj { return nil }
func (v1) end() []obj            { return nil }

// ---- v2 ----

type v2 struct{}

func (v2) begin() []obj {
	return []obj{{{"sessionUpdate", "state_update"}, {"state", "running"}}}
}

func (v2) chunk(kind, messageID string, text any) obj {
	return obj{{"sessionUpdate", kind}, {"messageId", messageID}, {"content", textBlock(text)}}
}

func (v2) plan(statuses []string) obj {
	var entries []any
	for i, e := range planEntries {
		entries = append(entries, obj{{"content", e.content}, {"priority", e.priority}, {"status", statuses[i]}})
	}
	return obj{{"sessionUpdate", "plan_update"},
		{"plan", obj{{"type", "items"}, {"planId", "plan_7f3a"}, {"entries", entries}}}}
}

func (v2) toolStart(id, title, kind string, rawInput obj, locs []any) []obj {
	u := obj{{"sessionUpdate", "tool_call_update"}, {"toolCallId", id}, {"name", toolName(kind)},
		{"title", title}, {"kind", kind}, {"status", "pending"}}
	if locs != nil {
		u = append(u, kv{"locations", locs})
	}
	u = append(u, kv{"rawInput", rawInput})
	return []obj{u, {{"sessionUpdate", "tool_call_update"}, {"toolCallId", id}, {"status", "in_progress"}}}
}

func toolName(kind string) string {
	return map[string]string{"read": "Read", "search": "Grep", "edit": "Edit", "execute": "Bash"}[kind]
}

func (v2) toolProgress(id string, text string) obj {
	return obj{{"sessionUpdate", "tool_call_content_chunk"}, {"toolCallId", id},
		{"content", obj{{"type", "content"}, {"content", textBlock(text)}}}}
}

func (v2) toolDiff(id, path, oldText, newText string, status string) obj {
	patch := unifiedDiff(strings.TrimPrefix(path, repo+"/"), oldText, newText)
	return obj{{"sessionUpdate", "tool_call_update"}, {"toolCallId", id}, {"status", status},
		{"content", []any{obj{{"type", "diff"},
			{"changes", []any{obj{{"operation", "modify"}, {"path", path}, {"fileType", "text"}, {"mimeType", "text/x-go"}}}},
			{"patch", obj{{"format", "git_patch"}, {"text", patch}}}}}},
		{"locations", []any{obj{{"path", path}, {"line", 48}}}}}
}

// unifiedDiff is a crude whole-hunk git patch, enough to look like one.
func unifiedDiff(rel, oldText, newText string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "diff --git a/%s b/%s\nindex 3f1c2ab..9e07d4c 100644\n--- a/%s\n+++ b/%s\n", rel, rel, rel, rel)
	ol, nl := strings.Split(strings.TrimSuffix(oldText, "\n"), "\n"), strings.Split(strings.TrimSuffix(newText, "\n"), "\n")
	fmt.Fprintf(&b, "@@ -48,%d +48,%d @@ func (c *Conn) reconnect() error {\n", len(ol), len(nl))
	for _, l := range ol {
		b.WriteString("-" + l + "\n")
	}
	for _, l := range nl {
		b.WriteString("+" + l + "\n")
	}
	return b.String()
}

func (v2) toolDone(id string, text string, rawOutput obj) obj {
	u := obj{{"sessionUpdate", "tool_call_update"}, {"toolCallId", id}, {"status", "completed"}}
	if rawOutput != nil {
		u = append(u, kv{"rawOutput", rawOutput})
	}
	return u
}

func (v2) usage(used, cost int) obj {
	return obj{{"sessionUpdate", "usage_update"}, {"used", used}, {"size", 200000},
		{"cost", obj{{"amount", float64(cost) / 10000}, {"currency", "USD"}}}}
}

func (v2) requiresAction() []obj {
	return []obj{
		{{"sessionUpdate", "state_update"}, {"state", "requires_action"}},
		{{"sessionUpdate", "state_update"}, {"state", "running"}},
	}
}

func (v2) end() []obj {
	return []obj{{{"sessionUpdate", "state_update"}, {"state", "idle"}, {"stopReason", "end_turn"}}}
}

// turn builds the prompt turn for one version.
func turn(v version) []obj {
	c := &chunker{r: rand.New(rand.NewPCG(1432, 2026))}
	var ups []obj
	add := func(u ...obj) { ups = append(ups, u...) }
	chunks := func(kind, msgID, text string) {
		for _, s := range c.split(text) {
			add(v.chunk(kind, msgID, s))
		}
	}
	isV2 := false
	if _, ok := v.(v2); ok {
		isV2 = true
	}
	// tool output: v1 replaces the content collection on each update, v2
	// streams tool_call_content_chunk; either way one update per piece.
	progress := func(id string, pieces []string) {
		acc := ""
		for _, p := range pieces {
			acc += p
			if isV2 {
				add(v.toolProgress(id, p))
			} else {
				add(v.toolProgress(id, acc))
			}
		}
	}

	add(v.begin()...)
	chunks("agent_thought_chunk", "msg_th1", thought1)
	add(v.plan([]string{"in_progress", "pending", "pending", "pending"}))
	chunks("agent_message_chunk", "msg_01", message1)

	testPath := repo + "/internal/session/conn_test.go"
	connPath := repo + "/internal/session/conn.go"
	add(v.toolStart("toolu_01A7", "Read internal/session/conn_test.go", "read",
		obj{{"file_path", testPath}, {"offset", 1}, {"limit", 400}},
		[]any{obj{{"path", testPath}, {"line", 1}}})...)
	if isV2 {
		progress("toolu_01A7", []string{connTestGo})
	}
	add(v.toolDone("toolu_01A7", connTestGo, nil))

	add(v.toolStart("toolu_01B2", "Read internal/session/conn.go", "read",
		obj{{"file_path", connPath}},
		[]any{obj{{"path", connPath}}})...)
	if isV2 {
		progress("toolu_01B2", []string{connGo})
	}
	add(v.toolDone("toolu_01B2", connGo, nil))

	add(v.toolStart("toolu_01C9", "grep \"hb\\.|heartbeat\" internal/", "search",
		obj{{"pattern", `hb\.|heartbeat`}, {"path", "internal/"}, {"glob", "*.go"},
			{"output_mode", "content"}, {"-n", true}, {"head_limit", 50}}, nil)...)
	if isV2 {
		progress("toolu_01C9", []string{grepOut})
	}
	add(v.toolDone("toolu_01C9", grepOut, obj{{"matches", 9}, {"files", 3}, {"truncated", false}}))
	add(v.usage(18234, 412))

	chunks("agent_thought_chunk", "msg_th2", thought2)
	chunks("agent_message_chunk", "msg_02", message2)
	add(v.plan([]string{"completed", "in_progress", "pending", "pending"}))

	add(v.requiresAction()...)
	add(v.toolStart("toolu_01D4", "Edit internal/session/conn.go", "edit",
		obj{{"file_path", connPath}, {"old_string", reconnectOld}, {"new_string", reconnectNew}, {"replace_all", false}},
		[]any{obj{{"path", connPath}, {"line", 48}}})...)
	add(v.toolDiff("toolu_01D4", connPath, reconnectOld, reconnectNew, "completed"))
	add(v.plan([]string{"completed", "completed", "in_progress", "pending"}))

	chunks("agent_thought_chunk", "msg_th3", thought3)
	add(v.toolStart("toolu_01E6", "Edit internal/session/conn_test.go", "edit",
		obj{{"file_path", testPath}, {"old_string", testOld}, {"new_string", testNew + testAdded}},
		[]any{obj{{"path", testPath}, {"line", 22}}})...)
	add(v.toolDiff("toolu_01E6", testPath, testOld, testNew+testAdded, "completed"))
	add(v.plan([]string{"completed", "completed", "completed", "in_progress"}))
	add(v.usage(31877, 738))

	chunks("agent_message_chunk", "msg_03", message3)
	add(v.toolStart("toolu_01F1", "go test -race -run 'TestSessionReconnect|TestCloseDuringReconnect' -count=50 ./internal/session/", "execute",
		obj{{"command", "go test -race -run 'TestSessionReconnect|TestCloseDuringReconnect' -count=50 ./internal/session/"},
			{"description", "Run the reconnect tests 50 times under the race detector"}, {"timeout", 300000}}, nil)...)
	progress("toolu_01F1", testRunOut)
	add(v.toolDone("toolu_01F1", "", obj{{"exit_code", 0}, {"duration_ms", 48213}, {"interrupted", false}}))

	add(v.toolStart("toolu_01G3", "go vet ./...", "execute",
		obj{{"command", "go vet ./..."}, {"description", "Vet the module"}}, nil)...)
	add(v.toolDone("toolu_01G3", "", obj{{"exit_code", 0}, {"stdout", ""}, {"stderr", ""}}))
	add(v.plan([]string{"completed", "completed", "completed", "completed"}))

	// The summary, with two ascii-escaped chunks spliced in.
	parts := c.split(message4)
	for i, s := range parts {
		add(v.chunk("agent_message_chunk", "msg_04", s))
		switch i {
		case len(parts) / 3:
			add(v.chunk("agent_message_chunk", "msg_04", asciiString(asciiChunks[0])))
		case 2 * len(parts) / 3:
			add(v.chunk("agent_message_chunk", "msg_04", asciiString(asciiChunks[1])))
		}
	}
	add(v.usage(35102, 801))
	add(v.end()...)
	return ups
}

func render(ups []obj) []byte {
	var buf bytes.Buffer
	for i, u := range ups {
		var meta obj
		if i%25 == 0 { // a few notifications carry tracing _meta
			meta = obj{{"traceparent", fmt.Sprintf("00-4bf92f3577b34da6a3ce929d0e0e%04d-00f067aa0ba902b7-01", i)}}
		}
		writeJSON(&buf, notification(u, meta))
		buf.WriteByte('\n')
	}
	return buf.Bytes()
}

func TestWriteTestdata(t *testing.T) {
	if !*update {
		t.Skip("run with -update to rewrite testdata")
	}
	for name, v := range map[string]version{"v1": v1{}, "v2": v2{}} {
		ups := turn(v)
		counts := map[string]int{}
		for _, u := range ups {
			counts[u[0].v.(string)]++
		}
		keys := make([]string, 0, len(counts))
		for k := range counts {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			t.Logf("%s: %-26s %d", name, k, counts[k])
		}
		data := render(ups)
		t.Logf("%s: %d messages, %d bytes", name, len(ups), len(data))
		if err := os.WriteFile(filepath.Join("testdata", name+"_session_update.jsonl"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
