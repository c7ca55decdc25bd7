package helpers

import (
	"fmt"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/naming"
)

// protocol is a small protocol in IR, the few ACP shapes the helpers
// table names and nothing else, which a test changes one shape of before
// Build reads it: the tests then state what each shape yields without the
// vendored schema, whose next release would change their answers.
type protocol struct {
	decls []*ir.Decl
	conn  *ir.RPCConn
	// surface is false for a schema without methods.
	surface bool
}

func str() ir.Expr                { return ir.Expr{Kind: ir.ExprBuiltin, Builtin: "string"} }
func named(name string) ir.Expr   { return ir.Expr{Kind: ir.ExprNamed, Named: name} }
func listOf(elem ir.Expr) ir.Expr { return ir.Expr{Kind: ir.ExprSlice, Elem: &elem} }
func req(json string, t ir.Expr) *ir.Field {
	return &ir.Field{JSON: json, Go: naming.GoName(json), Type: t, Required: true}
}
func opt(json string, t ir.Expr) *ir.Field {
	return &ir.Field{JSON: json, Go: naming.GoName(json), Type: t}
}

func object(name string, fields ...*ir.Field) *ir.Decl {
	return &ir.Decl{Name: name, Kind: ir.KindStruct, Struct: &ir.StructDecl{Fields: fields}}
}

// union is a tagged union (tag "" makes it untagged) whose variants get
// their Go names as build gives them: the union's name joined with the
// tag's, suffixed when that is the union's name.
func union(name, tag string, vs ...*ir.Variant) *ir.Decl {
	for _, v := range vs {
		if v.Go = naming.Join(name, naming.GoName(v.Tag)); v.Go == name {
			v.Go += "Variant"
		}
	}
	return &ir.Decl{Name: name, Kind: ir.KindUnion, Union: &ir.UnionDecl{Name: name, Tag: tag, Variants: vs}}
}

// holding is a variant whose object is the struct payload.
func holding(tag, payload string) *ir.Variant {
	return &ir.Variant{Tag: tag, Shape: ir.ShapePayload, Payload: payload}
}

// inline is a variant with members of its own.
func inline(tag string, fields ...*ir.Field) *ir.Variant {
	return &ir.Variant{Tag: tag, Shape: ir.ShapeFields, Fields: fields}
}

// acpV1 is ACP v1 in the shapes the table knows: content blocks, chunks,
// tool calls, a plan, permission outcomes and session/update, which the
// agent's connection calls.
func acpV1() *protocol {
	p := &protocol{surface: true, decls: []*ir.Decl{
		union("ContentBlock", "type", holding("text", "TextContent"), holding("image", "ImageContent"), holding("resource_link", "ResourceLink")),
		object("TextContent", req("text", str())),
		object("ImageContent", req("data", str()), req("mimeType", str())),
		object("ResourceLink", req("uri", str()), req("name", str()), opt("title", str())),
		object("ContentChunk", req("content", named("ContentBlock"))),
		union("SessionUpdate", "sessionUpdate",
			holding("agent_message_chunk", "ContentChunk"), holding("tool_call", "ToolCall"),
			holding("tool_call_update", "ToolCallUpdate"), holding("plan", "Plan")),
		object("ToolCall", req("toolCallId", named("ToolCallID")), req("title", str()), opt("kind", named("ToolKind"))),
		object("ToolCallUpdate", req("toolCallId", named("ToolCallID")), opt("status", named("ToolCallStatus")),
			opt("content", listOf(named("ToolCallContent")))),
		union("ToolCallContent", "type", inline("content", req("content", named("ContentBlock")))),
		object("Plan", req("entries", listOf(named("PlanEntry")))),
		union("RequestPermissionOutcome", "outcome", holding("selected", "SelectedPermissionOutcome"), inline("cancelled")),
		object("SelectedPermissionOutcome", req("optionId", named("PermissionOptionID"))),
		object("SessionNotification", req("sessionId", named("SessionID")), req("update", named("SessionUpdate"))),
	}}
	p.conn = &ir.RPCConn{Name: "AgentConn", Calls: &ir.RPCSide{Methods: []*ir.RPCMethod{
		{Name: "session/update", Notification: true, Go: "SessionUpdate", Params: "SessionNotification"},
	}}}
	return p
}

func (p *protocol) decl(name string) *ir.Decl {
	for _, d := range p.decls {
		if d.Name == name {
			return d
		}
	}
	panic("no type " + name)
}

func (p *protocol) variant(union, tag string) *ir.Variant {
	if v := variantByTag(p.decl(union).Union, tag); v != nil {
		return v
	}
	panic("no variant " + tag + " of " + union)
}

func (p *protocol) field(object, json string) *ir.Field {
	if f := fieldByJSON(p.decl(object).Struct.Fields, json); f != nil {
		return f
	}
	panic("no member " + json + " of " + object)
}

// add appends fields to the struct object.
func (p *protocol) add(object string, fields ...*ir.Field) {
	s := p.decl(object).Struct
	s.Fields = append(s.Fields, fields...)
}

// drop removes the variant tagged tag from union.
func (p *protocol) drop(union, tag string) {
	u := p.decl(union).Union
	var kept []*ir.Variant
	for _, v := range u.Variants {
		if v.Tag != tag {
			kept = append(kept, v)
		}
	}
	u.Variants = kept
}

// build runs Build on p, with the names in taken claimed by the schema
// first, and lists what it made (see describe).
func (p *protocol) build(taken ...string) []string {
	ns := naming.NewNamespace()
	for _, n := range taken {
		ns.TryClaim(n, "#/$defs/"+n)
	}
	var rpc *ir.RPC
	if p.surface {
		rpc = &ir.RPC{Surface: &ir.Surface{Conns: []*ir.RPCConn{p.conn}}}
	}
	return describe(Build(p.decls, rpc, ns))
}

// describe writes each helper as its Go signature's names and the variant
// it builds or reads ("TextBlock(text) ContentBlockText"; a sender's
// methods after its name, an accessor after its union's), with its gate
// when it has one, so that a case states what it expects in one line.
func describe(h *ir.Helpers) []string {
	var out []string
	for _, f := range h.Funcs {
		out = append(out, describeFunc("", f))
	}
	for _, s := range h.Senders {
		out = append(out, fmt.Sprintf("%s.%s(%s) %s%s", s.Conn, s.Func, s.BindField, s.Name, gateText(s.Gate)))
		for _, m := range s.Methods {
			out = append(out, describeFunc(s.Name+".", m))
		}
	}
	for _, a := range h.Accessors {
		read := a.Variant
		if a.Field != "" {
			read += "." + a.Field
		}
		out = append(out, fmt.Sprintf("%s.%s() %s%s", a.Union, a.Name, read, gateText(a.Gate)))
	}
	return out
}

func describeFunc(prefix string, f *ir.HelperFunc) string {
	var params []string
	for _, p := range f.Params {
		if p.Variadic {
			params = append(params, "..."+p.Name)
		} else {
			params = append(params, p.Name)
		}
	}
	return fmt.Sprintf("%s%s(%s) %s%s", prefix, f.Name, strings.Join(params, ", "), f.Value.Variant, gateText(f.Gate))
}

func gateText(g ir.Gate) string {
	if len(g) == 0 {
		return ""
	}
	return " [" + strings.Join(g, " ") + "]"
}
