package testclient

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// The parts of the client the test turns do not reach: refusals, line
// windows, a second "waiting".
func TestClientEdges(t *testing.T) {
	ctx := context.Background()
	c := New(t)
	inRoot := filepath.Join(c.Root(), "f.txt")
	if _, err := c.WriteTextFile(ctx, &acp.WriteTextFileRequest{Path: inRoot, Content: "a\nb\nc\n"}); err != nil {
		t.Fatal(err)
	}
	for _, outside := range []string{"/etc/passwd", c.Root(), c.Root() + "x/f.txt"} {
		_, err := c.ReadTextFile(ctx, &acp.ReadTextFileRequest{Path: outside})
		if !isCode(err, acp.ErrorCodeInvalidParams) {
			t.Errorf("read %s: %v, want invalid params", outside, err)
		}
	}
	for _, w := range []struct {
		line, limit *uint32
		want        string
	}{
		{nil, nil, "a\nb\nc\n"},
		{acp.Ptr(uint32(2)), acp.Ptr(uint32(1)), "b\n"},
		{acp.Ptr(uint32(0)), acp.Ptr(uint32(1)), "a\n"},
		{acp.Ptr(uint32(9)), nil, ""},
	} {
		res, err := c.ReadTextFile(ctx, &acp.ReadTextFileRequest{Path: inRoot, Line: w.line, Limit: w.limit})
		if err != nil || res.Content != w.want {
			t.Errorf("read line %v limit %v: %+v, %v, want %q", w.line, w.limit, res, err, w.want)
		}
	}
	if _, err := c.TerminalOutput(ctx, &acp.TerminalOutputRequest{TerminalID: "t9"}); !isCode(err, acp.ErrorCodeInvalidParams) {
		t.Errorf("output of an unknown terminal: %v", err)
	}
	waiting := acp.SessionUpdate{Value: &acp.SessionUpdateAgentMessageChunk{Content: acp.NewContentBlockText(acp.TextContent{Text: "waiting"})}}
	for range 2 {
		if err := c.SessionUpdate(ctx, &acp.SessionNotification{Update: waiting}); err != nil {
			t.Fatal(err)
		}
	}
	select {
	case <-c.Waiting():
	default:
		t.Error("Waiting is not closed after the waiting message")
	}
	if got := c.UpdateKinds(); got != "" {
		t.Errorf("recorded %q, want the waiting message left out", got)
	}
}

func isCode(err error, code acp.ErrorCode) bool {
	var e *acp.Error
	return errors.As(err, &e) && e.Code == code
}
