package helpers

import (
	"fmt"
	"slices"
	"testing"

	"github.com/acpgen/acpgen/generator/internal/ir"
)

// clientRPC is a protocol whose client connection handles
// session/update and calls session/cancel (unless noCancel).
func clientRPC(noCancel bool) *ir.RPC {
	calls := &ir.RPCSide{}
	if !noCancel {
		calls.Methods = []*ir.RPCMethod{{Name: "session/cancel", Notification: true, Go: "SessionCancel", Params: "CancelNotification"}}
	}
	return &ir.RPC{Surface: &ir.Surface{Conns: []*ir.RPCConn{{
		Name:    "ClientConn",
		Handles: &ir.RPCSide{Side: "client", Methods: []*ir.RPCMethod{{Name: "session/update", Notification: true, Go: "SessionUpdate", Params: "SessionNotification"}}},
		Calls:   calls,
	}}}}
}

// describeFold is each row, then each chunk variant with its fields.
func describeFold(f *ir.SessionFold) []string {
	if f == nil {
		return nil
	}
	var out []string
	for _, r := range f.Rows {
		out = append(out, fmt.Sprintf("%s %s %s", r.Tag, r.Op, r.Key))
	}
	for _, v := range f.Variants {
		if v.Chunk {
			out = append(out, fmt.Sprintf("chunk %s %s id=%s ptr=%v", v.Go, v.Content, v.ID, v.IDPointer))
		}
	}
	return append(out, f.Cancel+"("+f.CancelParams+") "+f.Notification)
}

func TestSessionFold(t *testing.T) {
	v1 := []string{
		"agent_message_chunk foldChunk ",
		"tool_call foldToolCall toolCallId",
		"tool_call_update foldToolCallUpdate toolCallId",
		"plan foldPlan ",
		"chunk SessionUpdateAgentMessageChunk Content id= ptr=false",
		"SessionCancel(CancelNotification) SessionNotification",
	}
	cases := []struct {
		name   string
		change func(p *protocol)
		rpc    *ir.RPC
		want   []string
	}{
		{"v1", func(*protocol) {}, clientRPC(false), v1},
		{"chunks with a message id", func(p *protocol) { p.add("ContentChunk", opt("messageId", str())) }, clientRPC(false), []string{
			v1[0], v1[1], v1[2], v1[3],
			"chunk SessionUpdateAgentMessageChunk Content id=MessageID ptr=true", // optional: held by pointer
			v1[5],
		}},
		{"a gated variant is not folded", func(p *protocol) { p.variant("SessionUpdate", "plan").Gate = ir.Gate{"unstable_x"} }, clientRPC(false), []string{
			v1[0], v1[1], v1[2], v1[4], v1[5],
		}},
		{"a keyed row without its key member", func(p *protocol) {
			p.decl("ToolCall").Struct.Fields = p.decl("ToolCall").Struct.Fields[1:]
		}, clientRPC(false), []string{v1[0], v1[2], v1[3], v1[4], v1[5]}},
		{"no session/cancel", func(*protocol) {}, clientRPC(true), nil},
		{"no methods", func(*protocol) {}, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := acpV1()
			c.change(p)
			if got := describeFold(BuildSessionFold(p.decls, c.rpc)); !slices.Equal(got, c.want) {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}
