package emit

import (
	"fmt"

	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// emitConn declares one program role's connection, its constructor and
// Serve: NewAgentConn opens an agent's connection, whose methods call the
// client, and Serve(Agent) answers the client with it.
func emitConn(fs *fileSet, c *ir.RPCConn, sf *ir.Surface) {
	f := fs.on(c.Handles.Gate)
	handler := lowerFirst(c.Handles.Iface)
	f.Commentf("%s is the connection of the %s program: its methods call the %s, and", c.Name, c.Handles.Side, c.Calls.Side)
	f.Commentf("Serve answers the %s's calls with the program's %s.", c.Calls.Side, c.Handles.Iface)
	f.Type().Id(c.Name).Struct(Id("Conn"))
	f.Line()
	f.Commentf("%s opens the %s's connection: it reads the %s's messages from in and", c.Ctor, c.Handles.Side, c.Calls.Side)
	f.Comment("writes its own to out, one JSON value per line. Nothing is read until Serve,")
	f.Comment("so the handler can hold the connection before its first call. The options")
	f.Comment("set its limits (WithLimits), an error handler (WithErrorHandler) and a")
	f.Comment("wire tap (WithTrace).")
	codec := Id(rpcErrorCodec).Values(Dict{Id(codecFromWire): Id("errorFromWire")})
	f.Func().Id(c.Ctor).Params(Id("in").Qual("io", "Reader"), Id("out").Qual("io", "Writer"), Id("opts").Op("...").Id("ConnOption")).Op("*").Id(c.Name).Block(
		Return(Op("&").Id(c.Name).Values(Dict{
			Id("Conn"): Id(rpcOpen).Call(Id("in"), Id("out"), codec, Id("opts")),
		})))
	f.Line()
	f.Commentf("%sTransport is %s over a Transport that carries whole messages", c.Ctor, c.Ctor)
	f.Comment("(a WebSocket, an HTTP exchange) instead of lines on a reader and a writer;")
	f.Comment("the connection behaves the same on it. Close closes t.")
	f.Func().Id(c.Ctor+"Transport").Params(Id("t").Id("Transport"), Id("opts").Op("...").Id("ConnOption")).Op("*").Id(c.Name).Block(
		Return(Op("&").Id(c.Name).Values(Dict{
			Id("Conn"): Id(rpcOpenOn).Call(Id("t"), codec, Id("opts")),
		})))
	body := []Code{
		Id("r").Op(":=").Id(rpcNewRoutes).Call(Id(c.Handles.Const)),
		Id(c.Handles.Routes).Call(Id(handler), Id("r")),
		For(List(Id("_"), Id("add")).Op(":=").Range().Id(rpcOptionalRoutes)).Block(Id("add").Call(Id(handler), Id("r"))),
	}
	cancels := sf.PromptCancel.Request != "" && c.Handles.Side == "agent"
	if cancels {
		body = append(body, Id("r").Dot(routesPromptCancel).Op("=").Id(rpcPromptCancel).Values(Dict{
			Id("notification"): Lit(sf.PromptCancel.Notification), Id("request"): Lit(sf.PromptCancel.Request),
		}))
	}
	body = append(body, Return(Id("c").Dot("serve").Call(Id("r"))))
	f.Line()
	f.Commentf("Serve answers the %s's calls with %s until the input ends or Close is", c.Calls.Side, handler)
	f.Comment("called. What the peer sends is handled in the order it arrives: a request's")
	f.Comment("handler starts once the notifications received before it are handled, then")
	f.Comment("runs concurrently with later messages. At the end of input Serve returns once")
	f.Comment("every request has been answered; after Close, at once. It returns nil at a")
	f.Comment("clean end or after Close, and otherwise why the connection failed (see Wait).")
	f.Commentf("It can be called once. The optional sides (proxy chains) that %s also", handler)
	f.Comment("implements are served too.")
	if cancels {
		f.Commentf("A %q notification cancels the context of that session's running", sf.PromptCancel.Notification)
		f.Commentf("%q requests before it reaches the handler.", sf.PromptCancel.Request)
	}
	f.Func().Params(Id("c").Op("*").Id(c.Name)).Id("Serve").Params(Id(handler).Id(c.Handles.Iface)).Error().Block(body...)
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
				Block(Return(Id(rpcNotify).Call(Id("ctx"), Id("c").Dot("Conn"), Id(m.Const), Id("params"))))
			continue
		}
		docFunc(f, fmt.Sprintf("%s sends the request %q to the %s and waits for its result.\n"+
			"The peer's error response comes back as the schema's error type; when ctx\n"+
			"ends first, the peer is told to cancel and the error has code -32800.", m.Go, m.Name, s.Side)).
			Params(recv).Id(m.Go).Params(handlerParams(m)...).Add(handlerResults(m)).
			Block(Return(Id(rpcCall).Types(Id(m.Result)).Call(Id("ctx"), Id("c").Dot("Conn"), Id(m.Const), Id("params"))))
	}
}
