package emit

import (
	"fmt"

	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// emitConn declares one program role's connection and its constructor:
// NewAgentConn serves an Agent and returns the connection whose methods
// call the client.
func emitConn(fs *fileSet, c *ir.RPCConn, sf *ir.Surface) {
	f := fs.on(c.Handles.Gate)
	handler := lowerFirst(c.Handles.Iface)
	f.Commentf("%s is the connection of a program that is the %s: it serves the %s's", c.Name, c.Handles.Side, c.Handles.Side)
	f.Commentf("methods from the peer and its methods call the %s. Make it with %s.", c.Calls.Side, c.Ctor)
	f.Type().Id(c.Name).Struct(Id("Conn"))
	setup := []Code{
		Id("r").Op(":=").Id("wireNewRoutes").Call(Id(c.Handles.Const)),
		Id(c.Handles.Routes).Call(Id(handler), Id("r")),
		For(List(Id("_"), Id("add")).Op(":=").Range().Id("wireOptionalRoutes")).Block(Id("add").Call(Id(handler), Id("r"))),
	}
	if pc := sf.PromptCancel; pc.Request != "" && c.Handles.Side == "agent" {
		setup = append(setup, Id("r").Dot("promptCancel").Op("=").Id("wirePromptCancel").Values(Dict{
			Id("notification"): Lit(pc.Notification), Id("request"): Lit(pc.Request),
		}))
	}
	setup = append(setup, Return(Op("&").Id(c.Name).Values(Dict{
		Id("Conn"): Id("wireStartConn").Call(Id("in"), Id("out"), Id("r"), Id("wireErrorCodec").Values(Dict{Id("fromWire"): Id("errorFromWire")})),
	})))
	f.Line()
	f.Commentf("%s starts serving %s: it reads the %s's messages from in and writes its", c.Ctor, handler, c.Calls.Side)
	f.Comment("own to out, one JSON value per line, until in ends or Close is called; Wait")
	f.Comment("waits for that. The connection also serves the optional sides (proxy")
	f.Commentf("chains) that %s implements.", handler)
	if c.Handles.Side == "agent" && sf.PromptCancel.Request != "" {
		f.Commentf("A %q notification cancels the context of that session's running", sf.PromptCancel.Notification)
		f.Commentf("%q requests before it reaches the handler.", sf.PromptCancel.Request)
	}
	f.Func().Id(c.Ctor).Params(
		Id(handler).Id(c.Handles.Iface), Id("in").Qual("io", "Reader"), Id("out").Qual("io", "Writer"),
	).Op("*").Id(c.Name).Block(setup...)
}

// emitCalls adds to connection conn one method per method of side s: a
// request waits for the typed result, a notification is sent.
func emitCalls(fs *fileSet, conn string, s *ir.RPCSide) {
	for _, m := range s.Methods {
		f := fs.on(m.Gate)
		recv := Id("c").Op("*").Id(conn)
		if m.Notification {
			docFunc(f, fmt.Sprintf("%s sends the notification %q to the %s.", m.Go, m.Name, s.Side)).
				Params(recv).Id(m.Go).Params(handlerParams(m)...).Error().
				Block(Return(Id("wireNotify").Call(Id("ctx"), Id("c").Dot("Conn"), Id(m.Const), Id("params"))))
			continue
		}
		docFunc(f, fmt.Sprintf("%s sends the request %q to the %s and waits for its result.\n"+
			"The peer's error response comes back as the schema's error type; when ctx\n"+
			"ends first, the peer is told to cancel and the error has code -32800.", m.Go, m.Name, s.Side)).
			Params(recv).Id(m.Go).Params(handlerParams(m)...).Add(handlerResults(m)).
			Block(Return(Id("wireCall").Types(Id(m.Result)).Call(Id("ctx"), Id("c").Dot("Conn"), Id(m.Const), Id("params"))))
	}
}
