package emit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/naming"

	. "github.com/dave/jennifer/jen"
)

// emitSurface renders the typed protocol surface (ADR 0007): per side a
// handler interface, its embeddable default and the routes from wire names
// to its methods; per program role a connection whose methods call the
// peer; the error type's error methods and constructors; the protocol
// version. The connection engine is in the runtime
// (templates/jsonrpc/conn.go, protocol_conn.go).
func emitSurface(fs *fileSet, rpc *ir.RPC) {
	sf := rpc.Surface
	if sf == nil {
		return
	}
	emitErrorType(fs.on(rpc.Gate), rpc.Error, sf)
	emitProtocolVersion(fs.on(nil), sf.Version)
	for _, s := range rpc.Sides {
		if s.Iface == "" {
			continue
		}
		emitHandlerInterface(fs, s)
		emitUnimplemented(fs, s)
		emitRoutes(fs, s)
	}
	for _, s := range sf.Optional {
		emitOptionalRoutes(fs.on(s.Gate), s)
	}
	for _, c := range sf.Conns {
		emitConn(fs, c, sf)
		emitCalls(fs, c.Name, c.Calls)
		for _, s := range sf.Optional {
			emitCalls(fs, c.Name, s)
		}
	}
	emitClientExtras(fs, rpc)
}

// featureGroups splits a side's methods by the gate each needs beyond the
// side's: the methods of the side's own gate first, then one group per
// further gate, in the order the gates first appear.
func featureGroups(s *ir.RPCSide) (base []*ir.RPCMethod, gates []ir.Gate, byGate map[string][]*ir.RPCMethod) {
	byGate = map[string][]*ir.RPCMethod{}
	for _, m := range s.Methods {
		if m.Gate.Equal(s.Gate) {
			base = append(base, m)
			continue
		}
		key := m.Gate.Key()
		if _, ok := byGate[key]; !ok {
			gates = append(gates, m.Gate)
		}
		byGate[key] = append(byGate[key], m)
	}
	return base, gates, byGate
}

// fragmentName is the unexported interface holding the methods of side s
// that need gate g: it is empty when g is off, so that the side's
// interface has those methods exactly when their feature is on.
func fragmentName(s *ir.RPCSide, g ir.Gate) string {
	return lowerFirst(s.Iface) + naming.GoName(g.Key()) + "Methods"
}

// emitHandlerInterface declares the side's interface: its stable methods,
// one embedded fragment per gated group, and the extension handlers.
// go doc cannot tell that a fragment is empty and says "Has unexported
// methods" of an interface that embeds one, so a side with gated methods
// and no gate of its own is declared twice: without fragments in
// agent_stable.go (the interface's name), built when none of their
// features is on, and with them in agent_unstable.go otherwise. Two declarations cover every tag
// combination, as each fragment exists (empty or not) under any tags.
func emitHandlerInterface(fs *fileSet, s *ir.RPCSide) {
	base, gates, byGate := featureGroups(s)
	var stable []Code
	for _, m := range base {
		stable = append(stable, handlerSignature(m)...)
	}
	ext := extHandlerSignatures(s)
	var fragments []Code
	var features []string
	for _, g := range gates {
		fragments = append(fragments, Id(fragmentName(s, g)))
		emitFragment(fs, s, g, byGate[g.Key()])
		for _, feat := range g.Minus(s.Gate) {
			if !slices.Contains(features, feat) {
				features = append(features, feat)
			}
		}
	}
	slices.Sort(features)
	if len(fragments) == 0 || len(s.Gate) > 0 {
		handlerInterface(fs.on(s.Gate), s, slices.Concat(stable, fragments, ext))
		return
	}
	file := strings.ToLower(s.Iface)
	handlerInterface(fs.noneOn(file, features), s, slices.Concat(stable, ext))
	handlerInterface(fs.anyOn(file, features), s, slices.Concat(stable, fragments, ext))
}

// emitFragment declares the fragment of side s for gate g: its methods in
// g's file, empty in the file of g off.
func emitFragment(fs *fileSet, s *ir.RPCSide, g ir.Gate, methods []*ir.RPCMethod) {
	fragment := fs.on(g)
	fragment.Commentf("%s are the methods of %s that need %s.", fragmentName(s, g), s.Iface, g.Key())
	var ms []Code
	for _, m := range methods {
		ms = append(ms, handlerSignature(m)...)
	}
	fragment.Type().Id(fragmentName(s, g)).Interface(ms...)
	off := fs.off(s.Gate, g.Minus(s.Gate))
	off.Commentf("%s is empty: its feature is off.", fragmentName(s, g))
	off.Type().Id(fragmentName(s, g)).Interface()
}

// handlerInterface writes the side's interface with members into f.
func handlerInterface(f *File, s *ir.RPCSide, members []Code) {
	f.Commentf("%s handles the methods of the side %q: one Go method per request (params", s.Iface, s.Side)
	f.Comment("in, result or error out) and per notification (params in, error out).")
	f.Comment("Methods of an unstable feature exist only under its build tag. Embed")
	f.Commentf("%s to answer every method not implemented with \"method not found\",", s.Unimplemented)
	f.Comment("so that the implementation keeps compiling when a schema adds methods.")
	f.Comment("Requests run concurrently, each with a context cancelled when the peer")
	f.Comment("cancels the request or the connection closes; notifications are handled")
	f.Comment("one at a time in the order they arrive, so a notification handler must")
	f.Comment("not wait for a reply from the peer.")
	f.Type().Id(s.Iface).Interface(members...)
}

// handlerSignature is the doc and signature of the handler method of m.
// The doc names the method and gives the schema's description of it,
// which the schema puts on the params definition.
func handlerSignature(m *ir.RPCMethod) []Code {
	kind := "request"
	if m.Notification {
		kind = "notification"
	}
	var out []Code
	for _, line := range strings.Split(joinParagraphs(fmt.Sprintf("%s handles the %s %q.", m.Go, kind, m.Name), goDoc(strings.TrimSpace(m.Doc))), "\n") {
		out = append(out, Comment(strings.TrimRight(line, " \t")))
	}
	return append(out, Id(m.Go).Params(handlerParams(m)...).Add(handlerResults(m)))
}

func handlerParams(m *ir.RPCMethod) []Code {
	return []Code{Id("ctx").Qual("context", "Context"), Id("params").Op("*").Id(m.Params)}
}

func handlerResults(m *ir.RPCMethod) Code {
	if m.Notification {
		return Error()
	}
	return Params(Op("*").Id(m.Result), Error())
}

// extHandlerSignatures are the handlers of the side's extension methods,
// which get the method name beside the params.
func extHandlerSignatures(s *ir.RPCSide) []Code {
	var out []Code
	if s.ExtRequest != "" {
		out = append(out, Comment("ExtMethod handles an extension request (its method starts with \"_\")."),
			Id("ExtMethod").Params(extParams(s.ExtRequest)...).Params(Op("*").Id(s.ExtResult), Error()))
	}
	if s.ExtNotification != "" {
		out = append(out, Comment("ExtNotification handles an extension notification."),
			Id("ExtNotification").Params(extParams(s.ExtNotification)...).Error())
	}
	return out
}

func extParams(params string) []Code {
	return []Code{Id("ctx").Qual("context", "Context"), Id("method").String(), Id("params").Op("*").Id(params)}
}

// emitUnimplemented declares the side's default: every method answers
// "method not found" (a notification is dropped).
func emitUnimplemented(fs *fileSet, s *ir.RPCSide) {
	f := fs.on(s.Gate)
	f.Commentf("%s answers every method of %s with \"method not found\" (JSON-RPC", s.Unimplemented, s.Iface)
	f.Comment("-32601) and drops every notification. Embed it in an implementation to")
	f.Comment("implement only some methods.")
	f.Type().Id(s.Unimplemented).Struct()
	for _, m := range s.Methods {
		notFound := Id(rpcNotImplemented).Call(Id(s.Const), Id(m.Const), Lit(m.Notification))
		body := Return(Nil(), notFound)
		if m.Notification {
			body = Return(notFound)
		}
		docFunc(fs.on(m.Gate), fmt.Sprintf("%s answers that %q is not implemented.", m.Go, m.Name)).
			Params(Id(s.Unimplemented)).Id(m.Go).Params(handlerParams(m)...).Add(handlerResults(m)).Block(body)
	}
	if s.ExtRequest != "" {
		docFunc(f, "ExtMethod answers that the extension method is not implemented.").
			Params(Id(s.Unimplemented)).Id("ExtMethod").Params(extParams(s.ExtRequest)...).Params(Op("*").Id(s.ExtResult), Error()).
			Block(Return(Nil(), Id(rpcNotImplemented).Call(Id(s.Const), Id("method"), False())))
	}
	if s.ExtNotification != "" {
		docFunc(f, "ExtNotification drops the extension notification.").
			Params(Id(s.Unimplemented)).Id("ExtNotification").Params(extParams(s.ExtNotification)...).Error().
			Block(Return(Id(rpcNotImplemented).Call(Id(s.Const), Id("method"), True())))
	}
}

// emitRoutes writes the function that adds the routes of a handler of s:
// the methods of the side's gate directly, the gated ones through hooks
// that their features' files add from init.
func emitRoutes(fs *fileSet, s *ir.RPCSide) {
	base, gates, byGate := featureGroups(s)
	hooks := s.Routes + "Gated"
	f := fs.on(s.Gate)
	f.Commentf("%s adds the gated routes of %s: each unstable feature's file adds its", hooks, s.Iface)
	f.Comment("methods from init.")
	f.Var().Id(hooks).Index().Func().Params(Id(s.Iface), Op("*").Id(rpcRoutes))
	body := routeStatements(base)
	if s.ExtRequest != "" {
		body = append(body, Id("r").Dot(routesExtRequest).Op("=").Id(rpcServeExtension).Call(Id("h").Dot("ExtMethod")))
	}
	if s.ExtNotification != "" {
		body = append(body, Id("r").Dot(routesExtNotification).Op("=").Id(rpcServeExtensionNotification).Call(Id("h").Dot("ExtNotification")))
	}
	body = append(body, For(List(Id("_"), Id("add")).Op(":=").Range().Id(hooks)).Block(Id("add").Call(Id("h"), Id("r"))))
	f.Commentf("%s routes the methods of %s to h.", s.Routes, s.Side)
	f.Func().Id(s.Routes).Params(Id("h").Id(s.Iface), Id("r").Op("*").Id(rpcRoutes)).Block(body...)
	for _, g := range gates {
		add := Func().Params(Id("h").Id(s.Iface), Id("r").Op("*").Id(rpcRoutes)).Block(routeStatements(byGate[g.Key()])...)
		newFunc(fs.on(g)).Id("init").Params().Block(Id(hooks).Op("=").Append(Id(hooks), add))
	}
}

// routeStatements puts the route of each method in r.
func routeStatements(ms []*ir.RPCMethod) []Code {
	var out []Code
	for _, m := range ms {
		if m.Notification {
			out = append(out, Id("r").Dot(routesNotifications).Index(Id(m.Const)).Op("=").Id(rpcServeNotification).Call(Id("h").Dot(m.Go)))
		} else {
			out = append(out, Id("r").Dot(routesRequests).Index(Id(m.Const)).Op("=").Id(rpcServe).Call(Id("h").Dot(m.Go)))
		}
	}
	return out
}

// emitOptionalRoutes registers an optional side: a connection whose
// handler also implements it serves its methods.
func emitOptionalRoutes(f *File, s *ir.RPCSide) {
	newFunc(f).Id("init").Params().Block(
		Id(rpcOptionalRoutes).Op("=").Append(Id(rpcOptionalRoutes), Func().Params(Id("h").Any(), Id("r").Op("*").Id(rpcRoutes)).Block(
			If(List(Id("s"), Id("ok")).Op(":=").Id("h").Assert(Id(s.Iface)), Id("ok")).Block(Id(s.Routes).Call(Id("s"), Id("r"))),
		)),
	)
}
