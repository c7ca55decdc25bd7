package helpers

import (
	"slices"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/naming"
)

// The fold of a session's updates into its state, stated by wire names:
// what each session update does (the runtime's operation, templates/session)
// and the member that keys it. A row is kept when the schema's session
// update union has the tag, ungated, with the members the row names, so
// that every ACP release gets the fold its schema allows: ACP v1's whole
// plan, v2's plans by id, v2's chunks by message id, v2's running and idle.
var foldTable = []foldSpec{
	{tag: "user_message_chunk", op: "foldChunk"},
	{tag: "agent_message_chunk", op: "foldChunk"},
	{tag: "agent_thought_chunk", op: "foldChunk"},
	{tag: "tool_call", op: "foldToolCall", key: "toolCallId"},
	{tag: "tool_call_update", op: "foldToolCallUpdate", key: "toolCallId"},
	// ACP v1's whole plan replaces the plan with no id (planTag); v2's
	// plan_update replaces the plan with its id.
	{tag: "plan", op: "foldPlan"},
	{tag: "plan_update", op: "foldUpsert", key: "plan.planId"},
	{tag: "available_commands_update", op: "foldReplace"},
	{tag: "current_mode_update", op: "foldReplace"},
	{tag: "config_option_update", op: "foldReplace"},
	{tag: "session_info_update", op: "foldReplace"},
	{tag: "usage_update", op: "foldReplace"},
	{tag: "state_update", op: "foldState", key: "state"},
}

// foldSpec is a row of the table.
type foldSpec struct {
	tag, op, key string
}

// sessionUnion, sessionCancel: the union of session updates and the
// notification that cancels a session's prompt, by their wire names.
const (
	sessionUnion  = "SessionUpdate"
	sessionCancel = "session/cancel"
	sessionUpdate = "session/update"
	// hostPermission is the request the host's permission policies answer.
	hostPermission = "session/request_permission"
)

// hostMachine are the requests the client host's Files and Terminals
// answer: a schema that has them all gets them.
var hostMachine = []string{
	"fs/read_text_file", "fs/write_text_file",
	"terminal/create", "terminal/output", "terminal/release", "terminal/wait_for_exit", "terminal/kill",
}

// BuildSessionFold returns the fold of the session updates the schema
// has, nil when it has no session update union or no client connection
// that cancels prompts.
func BuildSessionFold(types []*ir.Decl, rpc *ir.RPC) *ir.SessionFold {
	r := resolver{byName: map[string]*ir.Decl{}}
	for _, t := range types {
		r.byName[t.Name] = t
	}
	d := r.byName[naming.TypeName(sessionUnion)]
	if d == nil || d.Kind != ir.KindUnion || d.Union.Tag == "" || len(d.Gate) > 0 || rpc == nil || rpc.Surface == nil {
		return nil
	}
	out := &ir.SessionFold{Iface: d.Union.Iface}
	for _, c := range rpc.Surface.Conns {
		if c.Handles.Side != "client" {
			continue
		}
		for _, m := range c.Calls.Methods {
			if m.Name == sessionCancel && len(m.Gate) == 0 {
				out.Cancel, out.CancelParams = m.Go, m.Params
			}
		}
		handled := map[string]bool{}
		for _, m := range c.Handles.Methods {
			if m.Name == sessionUpdate && m.Notification && len(m.Gate) == 0 {
				out.Notification = m.Params
			}
			handled[m.Name] = len(m.Gate) == 0 && !m.Notification
		}
		out.Permissions = handled[hostPermission]
		out.Machine = !slices.ContainsFunc(hostMachine, func(name string) bool { return !handled[name] })
	}
	if out.Cancel == "" || out.Notification == "" {
		return nil
	}
	for _, v := range d.Union.Variants {
		if len(v.Gate) > 0 || v.Tag == "" {
			continue
		}
		fv := &ir.FoldVariant{Go: v.Go, Tag: v.Tag}
		if fields, gate, ok := r.variantFields(v); ok && len(gate) == 0 && strings.HasSuffix(v.Tag, "_chunk") {
			if c := fieldByJSON(fields, "content"); c != nil && c.Type.Kind == ir.ExprNamed && c.Type.Named == naming.TypeName("ContentBlock") && !c.Pointer() {
				fv.Chunk, fv.Content = true, c.Go
				if id := fieldByJSON(fields, "messageId"); id != nil && len(id.Gate) == 0 {
					fv.ID, fv.IDPointer = id.Go, id.Pointer()
				}
			}
		}
		out.Variants = append(out.Variants, fv)
	}
	for _, spec := range foldTable {
		i := slices.IndexFunc(out.Variants, func(v *ir.FoldVariant) bool { return v.Tag == spec.tag })
		if i < 0 || (spec.op == "foldChunk" && !out.Variants[i].Chunk) {
			continue
		}
		if spec.key != "" {
			v := variantByTag(d.Union, spec.tag)
			if !r.hasMember(v, spec.key) {
				continue
			}
		}
		out.Rows = append(out.Rows, &ir.FoldRow{Tag: spec.tag, Op: spec.op, Key: spec.key})
	}
	return out
}

// hasMember reports whether the variant's object has the member that
// starts the dotted path: a field, or the tag of a union it is.
func (r *resolver) hasMember(v *ir.Variant, path string) bool {
	first, _, _ := strings.Cut(path, ".")
	if fields, _, ok := r.variantFields(v); ok {
		return fieldByJSON(fields, first) != nil
	}
	p := r.byName[v.Payload]
	return v.Shape == ir.ShapePayload && p != nil && p.Kind == ir.KindUnion && p.Union.Tag == first
}
