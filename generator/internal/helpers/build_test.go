package helpers

import (
	"slices"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/generator/internal/ir"
)

// TestBuildV1 states everything the v1 shapes yield: a helper per value
// the table knows, the sender with a method per update, and the two
// accessors of the permission outcome.
func TestBuildV1(t *testing.T) {
	want := []string{
		"TextBlock(text) ContentBlockText",
		"ImageBlock(data, mimeType) ContentBlockImage",
		"ResourceLinkBlock(uri, name) ContentBlockResourceLink",
		"AgentMessageChunk(text) SessionUpdateAgentMessageChunk",
		"ToolText(text) ToolCallContentVariant",
		"ToolContent(block) ToolCallContentVariant",
		"PermissionSelected(option) RequestPermissionOutcomeSelected",
		"PermissionCancelled() RequestPermissionOutcomeCancelled",
		"AgentConn.Session(SessionID) SessionSender",
		"SessionSender.Message(text) SessionUpdateAgentMessageChunk",
		"SessionSender.ToolCall(id, title, kind) SessionUpdateToolCall",
		"SessionSender.UpdateToolCall(id, status, ...content) SessionUpdateToolCallUpdate",
		"SessionSender.Plan(...entries) SessionUpdatePlan",
		"RequestPermissionOutcome.Selected() RequestPermissionOutcomeSelected.OptionID",
		"RequestPermissionOutcome.Cancelled() RequestPermissionOutcomeCancelled",
	}
	if got := acpV1().build(); !slices.Equal(got, want) {
		t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

// buildCase changes one shape of acpV1 and states which helpers must be
// made (want: whole lines of describe) and which must not (none: the
// helper's name as describe writes it before its parameters).
type buildCase struct {
	name   string
	change func(p *protocol)
	taken  []string // names the schema claims first
	want   []string
	none   []string
}

// chunkHelpers are the helpers built on a text chunk.
var chunkHelpers = []string{"AgentMessageChunk", "SessionSender.Message"}

// senderHelpers are the sender and its methods.
var senderHelpers = []string{"AgentConn.Session", "SessionSender.Message", "SessionSender.ToolCall", "SessionSender.UpdateToolCall", "SessionSender.Plan"}

// permissionHelpers are the builders and accessors of permission outcomes.
var permissionHelpers = []string{"PermissionSelected", "PermissionCancelled", "RequestPermissionOutcome.Selected", "RequestPermissionOutcome.Cancelled"}

var contentCases = []buildCase{{
	name:   "text content missing: nothing built on a text block",
	change: func(p *protocol) { p.drop("ContentBlock", "text") },
	want:   []string{"ToolContent(block) ToolCallContentVariant", "ImageBlock(data, mimeType) ContentBlockImage"},
	none:   append([]string{"TextBlock", "ToolText"}, chunkHelpers...),
}, {
	name:   "image without the mimeType member",
	change: func(p *protocol) { p.decl("ImageContent").Struct.Fields = p.decl("ImageContent").Struct.Fields[:1] },
	want:   []string{"TextBlock(text) ContentBlockText"},
	none:   []string{"ImageBlock"},
}, {
	name:   "resource link requiring a member the helper does not fill",
	change: func(p *protocol) { p.add("ResourceLink", req("size", named("Size"))) },
	none:   []string{"ResourceLinkBlock"},
}, {
	name:  "a helper's name taken by the schema",
	taken: []string{"TextBlock"},
	want:  []string{"ToolText(text) ToolCallContentVariant", "AgentMessageChunk(text) SessionUpdateAgentMessageChunk"},
	none:  []string{"TextBlock"},
}}

var chunkCases = []buildCase{{
	name:   "chunks naming their message (v2): the message id comes first",
	change: func(p *protocol) { p.add("ContentChunk", req("messageId", named("MessageID"))) },
	want: []string{"AgentMessageChunk(messageID, text) SessionUpdateAgentMessageChunk",
		"SessionSender.Message(messageID, text) SessionUpdateAgentMessageChunk"},
}, {
	name:   "chunk requiring a member no form fills",
	change: func(p *protocol) { p.add("ContentChunk", req("annotations", named("Annotations"))) },
	want:   []string{"TextBlock(text) ContentBlockText", "ToolText(text) ToolCallContentVariant"},
	none:   chunkHelpers,
}, {
	name: "chunk whose feature requires a member in a gated part",
	change: func(p *protocol) {
		p.decl("ContentChunk").Struct.Parts = []*ir.FieldPart{{Name: "contentChunkTrace", Gate: ir.Gate{"unstable_trace"},
			Fields: []*ir.Field{req("traceId", str())}}}
	},
	none: chunkHelpers,
}, {
	name:   "chunk content of the wrong type (a string, not a content block)",
	change: func(p *protocol) { p.field("ContentChunk", "content").Type = str() },
	want:   []string{"TextBlock(text) ContentBlockText"},
	none:   chunkHelpers,
}, {
	name:   "renamed tag: agent_message instead of agent_message_chunk",
	change: func(p *protocol) { p.variant("SessionUpdate", "agent_message_chunk").Tag = "agent_message" },
	want:   []string{"SessionSender.ToolCall(id, title, kind) SessionUpdateToolCall"},
	none:   chunkHelpers,
}, {
	name:   "a gated chunk variant: the helper and the method carry its feature",
	change: func(p *protocol) { p.variant("SessionUpdate", "agent_message_chunk").Gate = ir.Gate{"unstable_chunks"} },
	want: []string{"AgentMessageChunk(text) SessionUpdateAgentMessageChunk [unstable_chunks]",
		"SessionSender.Message(text) SessionUpdateAgentMessageChunk [unstable_chunks]"},
}}

var toolCallCases = []buildCase{{
	name: "tool calls as upserts (v2: no tool_call): ToolCall sends a tool_call_update",
	change: func(p *protocol) {
		p.drop("SessionUpdate", "tool_call")
		p.add("ToolCallUpdate", opt("title", str()), opt("kind", named("ToolKind")))
	},
	want: []string{"SessionSender.ToolCall(id, title, kind) SessionUpdateToolCallUpdate",
		"SessionSender.UpdateToolCall(id, status, ...content) SessionUpdateToolCallUpdate"},
}, {
	name:   "tool call without a title member, nor an update with one",
	change: func(p *protocol) { p.decl("ToolCall").Struct.Fields = p.decl("ToolCall").Struct.Fields[:1] },
	want:   []string{"SessionSender.UpdateToolCall(id, status, ...content) SessionUpdateToolCallUpdate"},
	none:   []string{"SessionSender.ToolCall"},
}, {
	name:   "tool call update whose content is one value, not a list",
	change: func(p *protocol) { p.field("ToolCallUpdate", "content").Type = named("ToolCallContent") },
	want:   []string{"SessionSender.ToolCall(id, title, kind) SessionUpdateToolCall"},
	none:   []string{"SessionSender.UpdateToolCall"},
}, {
	name:   "tool call content renamed: ToolText and ToolContent need the content tag",
	change: func(p *protocol) { p.variant("ToolCallContent", "content").Tag = "block" },
	none:   []string{"ToolText", "ToolContent"},
}}

var planCases = []buildCase{{
	name: "plan_update of items (v2): Plan takes the plan's id",
	change: func(p *protocol) {
		p.drop("SessionUpdate", "plan")
		u := p.decl("SessionUpdate").Union
		u.Variants = append(u.Variants, union("SessionUpdate", "sessionUpdate", holding("plan_update", "PlanUpdate")).Union.Variants...)
		p.decls = append(p.decls,
			object("PlanUpdate", req("plan", named("PlanUpdateContent"))),
			union("PlanUpdateContent", "type", inline("items", req("planId", named("PlanID")), req("entries", listOf(named("PlanEntry"))))))
	},
	want: []string{"SessionSender.Plan(planID, ...entries) SessionUpdatePlanUpdate"},
}, {
	name:   "plan requiring an id the v1 form does not give",
	change: func(p *protocol) { p.add("Plan", req("planId", named("PlanID"))) },
	none:   []string{"SessionSender.Plan"},
}, {
	name:   "plan entries of the wrong type (one entry, not a list)",
	change: func(p *protocol) { p.field("Plan", "entries").Type = named("PlanEntry") },
	none:   []string{"SessionSender.Plan"},
}, {
	name:   "a gated plan variant",
	change: func(p *protocol) { p.variant("SessionUpdate", "plan").Gate = ir.Gate{"unstable_plans"} },
	want:   []string{"SessionSender.Plan(...entries) SessionUpdatePlan [unstable_plans]"},
}}

var permissionCases = []buildCase{{
	name:   "selected renamed chosen: neither its builder nor its accessor",
	change: func(p *protocol) { p.variant("RequestPermissionOutcome", "selected").Tag = "chosen" },
	want:   []string{"PermissionCancelled() RequestPermissionOutcomeCancelled", "RequestPermissionOutcome.Cancelled() RequestPermissionOutcomeCancelled"},
	none:   []string{"PermissionSelected", "RequestPermissionOutcome.Selected"},
}, {
	name:   "cancelled missing",
	change: func(p *protocol) { p.drop("RequestPermissionOutcome", "cancelled") },
	want:   []string{"RequestPermissionOutcome.Selected() RequestPermissionOutcomeSelected.OptionID"},
	none:   []string{"PermissionCancelled", "RequestPermissionOutcome.Cancelled"},
}, {
	name:   "optional option id: a builder (it sets one) but no accessor (true would come without an id)",
	change: func(p *protocol) { p.field("SelectedPermissionOutcome", "optionId").Required = false },
	want:   []string{"PermissionSelected(option) RequestPermissionOutcomeSelected"},
	none:   []string{"RequestPermissionOutcome.Selected"},
}, {
	name:   "nullable option id: no accessor",
	change: func(p *protocol) { p.field("SelectedPermissionOutcome", "optionId").Nullable = true },
	want:   []string{"PermissionSelected(option) RequestPermissionOutcomeSelected"},
	none:   []string{"RequestPermissionOutcome.Selected"},
}, {
	name:   "option id in a gated part of the payload: no accessor",
	change: func(p *protocol) { movePart(p, "SelectedPermissionOutcome", "optionId") },
	none:   []string{"RequestPermissionOutcome.Selected"},
}, {
	name: "selected with members of its own, not a payload",
	change: func(p *protocol) {
		*p.variant("RequestPermissionOutcome", "selected") = *union("RequestPermissionOutcome", "outcome",
			inline("selected", req("optionId", named("PermissionOptionID")))).Union.Variants[0]
	},
	want: []string{"PermissionSelected(option) RequestPermissionOutcomeSelected",
		"RequestPermissionOutcome.Selected() RequestPermissionOutcomeSelected.OptionID"},
}, {
	name:   "untagged outcome: no variant has a tag to name",
	change: func(p *protocol) { p.decl("RequestPermissionOutcome").Union.Tag = "" },
	none:   permissionHelpers,
}, {
	name:   "gated selected variant: its accessor carries the feature",
	change: func(p *protocol) { p.variant("RequestPermissionOutcome", "selected").Gate = ir.Gate{"unstable_choice"} },
	want: []string{"PermissionSelected(option) RequestPermissionOutcomeSelected [unstable_choice]",
		"RequestPermissionOutcome.Selected() RequestPermissionOutcomeSelected.OptionID [unstable_choice]",
		"RequestPermissionOutcome.Cancelled() RequestPermissionOutcomeCancelled"},
}}

var senderCases = []buildCase{{
	name:   "session/update params requiring another member",
	change: func(p *protocol) { p.add("SessionNotification", req("turnId", str())) },
	want:   []string{"AgentMessageChunk(text) SessionUpdateAgentMessageChunk"},
	none:   senderHelpers,
}, {
	name:   "an optional member beside them is left out",
	change: func(p *protocol) { p.add("SessionNotification", opt("turnId", str())) },
	want:   []string{"AgentConn.Session(SessionID) SessionSender", "SessionSender.Plan(...entries) SessionUpdatePlan"},
}, {
	name:   "optional session id: a sender must bind a value",
	change: func(p *protocol) { p.field("SessionNotification", "sessionId").Required = false },
	none:   senderHelpers,
}, {
	name:   "renamed bound member (session instead of sessionId)",
	change: func(p *protocol) { p.field("SessionNotification", "sessionId").JSON = "session" },
	none:   senderHelpers,
}, {
	name:   "update of the wrong type (a string)",
	change: func(p *protocol) { p.field("SessionNotification", "update").Type = str() },
	none:   senderHelpers,
}, {
	name:   "session/update a request, not a notification",
	change: func(p *protocol) { p.conn.Calls.Methods[0].Notification = false },
	none:   senderHelpers,
}, {
	name: "the connection has a method named Session",
	change: func(p *protocol) {
		p.conn.Calls.Methods = append(p.conn.Calls.Methods, &ir.RPCMethod{Name: "session/get", Go: "Session", Params: "GetSessionRequest"})
	},
	none: senderHelpers,
}, {
	name:  "SessionSender taken by the schema",
	taken: []string{"SessionSender"},
	want:  []string{"TextBlock(text) ContentBlockText"},
	none:  senderHelpers,
}, {
	name:   "no methods in the schema: functions and accessors only",
	change: func(p *protocol) { p.surface = false },
	want:   []string{"AgentMessageChunk(text) SessionUpdateAgentMessageChunk", "RequestPermissionOutcome.Cancelled() RequestPermissionOutcomeCancelled"},
	none:   senderHelpers,
}, {
	name:   "a gated notification: the sender and every method carry its feature",
	change: func(p *protocol) { p.conn.Calls.Methods[0].Gate = ir.Gate{"unstable_updates"} },
	want: []string{"AgentConn.Session(SessionID) SessionSender [unstable_updates]",
		"SessionSender.Message(text) SessionUpdateAgentMessageChunk [unstable_updates]"},
}}

// movePart moves the member json of object into a part of a feature, as
// gating does with a member only the feature has.
func movePart(p *protocol, object, json string) {
	s := p.decl(object).Struct
	f := p.field(object, json)
	s.Fields = slices.DeleteFunc(s.Fields, func(g *ir.Field) bool { return g == f })
	f.Gate = ir.Gate{"unstable_part"}
	s.Parts = append(s.Parts, &ir.FieldPart{Name: object + "Part", Gate: f.Gate, Fields: []*ir.Field{f}})
}

// TestBuildShapes runs every case; a helper a case says is not made must
// be made from the unchanged shapes, so that no case passes for want of
// the helper altogether.
func TestBuildShapes(t *testing.T) {
	base := acpV1().build()
	groups := map[string][]buildCase{"content": contentCases, "chunk": chunkCases, "toolcall": toolCallCases,
		"plan": planCases, "permission": permissionCases, "sender": senderCases}
	for group, cases := range groups {
		for _, c := range cases {
			t.Run(group+"/"+c.name, func(t *testing.T) {
				p := acpV1()
				if c.change != nil {
					c.change(p)
				}
				got := p.build(c.taken...)
				for _, w := range c.want {
					if !slices.Contains(got, w) {
						t.Errorf("missing %s", w)
					}
				}
				for _, n := range c.none {
					if !slices.ContainsFunc(base, func(g string) bool { return strings.HasPrefix(g, n+"(") }) {
						t.Errorf("%s is not made from the unchanged shapes either", n)
					}
					if i := slices.IndexFunc(got, func(g string) bool { return strings.HasPrefix(g, n+"(") }); i >= 0 {
						t.Errorf("made %s", got[i])
					}
				}
				if t.Failed() {
					t.Logf("got\n\t%s", strings.Join(got, "\n\t"))
				}
			})
		}
	}
}
