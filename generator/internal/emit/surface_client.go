package emit

import (
	"fmt"

	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// The client program's extras over its connection: StartAgent runs the
// agent as a subprocess on a ClientConn (the process handling is the
// runtime's, templates/protocol_agent_process*.go), and
// PromptCancellable cancels a turn as ACP does it
// (templates/protocol_prompt_cancel.go). Both name generated types, so
// they are generated; the runtime they call is copied only with them.

// clientSide is the x-side of the client program.
const clientSide = "client"

// clientConn is the connection of the client program, nil when the
// package has none.
func clientConn(rpc *ir.RPC) *ir.RPCConn {
	if rpc == nil || rpc.Surface == nil {
		return nil
	}
	for _, c := range rpc.Surface.Conns {
		if c.Handles.Side == clientSide {
			return c
		}
	}
	return nil
}

// emitClientExtras adds StartAgent and, with a prompt that a notification
// cancels, PromptCancellable.
func emitClientExtras(fs *fileSet, rpc *ir.RPC) {
	c := clientConn(rpc)
	if c == nil {
		return
	}
	emitStartAgent(fs.on(c.Handles.Gate), c)
	emitStartAgentAfterTerminalAuth(fs.on(c.Handles.Gate), c)
	emitPromptCancellable(fs, c, rpc.Surface.PromptCancel)
}

// emitStartAgent declares StartAgent, which starts the agent program and
// serves the client's handler on its standard input and output.
func emitStartAgent(f *File, c *ir.RPCConn) {
	handler := lowerFirst(c.Handles.Iface)
	f.Line()
	f.Comment("StartAgent starts cmd as the agent program and connects to it: the agent's")
	f.Commentf("standard input and output become a %s, served with %s at once; its", c.Name, handler)
	f.Comment("standard error goes to cmd.Stderr, or to this program's when that is nil,")
	f.Comment("and its last lines into the AgentExitError of an agent that failed.")
	f.Comment("It sets cmd's Stdin and Stdout, which must be nil, and WaitDelay when it is")
	f.Comment("zero. The agent leads a process group of its own (on Unix), so stopping it")
	f.Comment("reaches whatever it starts, and the terminal's Ctrl-C reaches this program")
	f.Comment("only, which can cancel the turn and keep the agent.")
	f.Comment("")
	f.Comment("Close the AgentProcess to stop the agent: it ends the session gently, then")
	f.Comment("by force, and returns the agent's exit. The agent is also stopped when ctx")
	f.Comment("ends, and when it exits by itself; in every case the connection ends too,")
	f.Comment("so no call waits for an agent that is gone. The options configure the")
	f.Commentf("connection as they do for %s.", c.Ctor)
	f.Func().Id("StartAgent").Params(
		Id("ctx").Qual("context", "Context"), Id("cmd").Op("*").Qual("os/exec", "Cmd"), Id(handler).Id(c.Handles.Iface),
		Id("opts").Op("...").Id("ConnOption"),
	).Params(Op("*").Id(c.Name), Op("*").Id("AgentProcess"), Error()).Block(
		Var().Id("conn").Op("*").Id(c.Name),
		List(Id("process"), Err()).Op(":=").Id(rpcStartAgent).Call(Id("ctx"), Id("cmd"),
			Func().Params(Id("stdout").Qual("io", "Reader"), Id("stdin").Qual("io", "Writer")).Id("Conn").Block(
				Id("conn").Op("=").Id(c.Ctor).Call(Id("stdout"), Id("stdin"), Id("opts").Op("...")),
				Return(Id("conn").Dot("Conn")),
			)),
		If(Err().Op("!=").Nil()).Block(Return(Nil(), Nil(), Err())),
		Go().Id("conn").Dot("Serve").Call(Id(handler)),
		Return(Id("conn"), Id("process"), Nil()),
	)
}

// emitStartAgentAfterTerminalAuth declares StartAgentAfterTerminalAuth:
// ACP's terminal authentication (the runtime's RunTerminalAuth), then
// StartAgent again.
func emitStartAgentAfterTerminalAuth(f *File, c *ir.RPCConn) {
	handler := lowerFirst(c.Handles.Iface)
	f.Line()
	f.Comment("StartAgentAfterTerminalAuth runs an auth method of type \"terminal\" for the")
	f.Comment("agent p runs and starts the agent again: p is stopped, its program runs once")
	f.Comment("more with args appended and env set (the method's Args and Env) on this")
	f.Comment("program's terminal until it exits (see AgentProcess.RunTerminalAuth), and on")
	f.Commentf("a zero exit StartAgent starts the agent as p was started, serving %s with", handler)
	f.Comment("opts. The new connection must be initialized again; a failed login is an")
	f.Comment("error, and then no agent runs.")
	f.Func().Id("StartAgentAfterTerminalAuth").Params(
		Id("ctx").Qual("context", "Context"), Id("p").Op("*").Id("AgentProcess"),
		Id("args").Index().String(), Id("env").Map(String()).String(), Id(handler).Id(c.Handles.Iface),
		Id("opts").Op("...").Id("ConnOption"),
	).Params(Op("*").Id(c.Name), Op("*").Id("AgentProcess"), Error()).Block(
		List(Id("cmd"), Err()).Op(":=").Id("p").Dot("RunTerminalAuth").Call(Id("ctx"), Id("args"), Id("env")),
		If(Err().Op("!=").Nil()).Block(Return(Nil(), Nil(), Err())),
		Return(Id("StartAgent").Call(Id("ctx"), Id("cmd"), Id(handler), Id("opts").Op("..."))),
	)
}

// emitPromptCancellable adds PromptCancellable to the client connection
// when the agent takes the prompt and the notification that cancels it.
func emitPromptCancellable(fs *fileSet, c *ir.RPCConn, pc ir.PromptCancel) {
	if pc.Request == "" {
		return
	}
	var prompt, cancel *ir.RPCMethod
	for _, m := range c.Calls.Methods {
		switch m.Name {
		case pc.Request:
			prompt = m
		case pc.Notification:
			cancel = m
		}
	}
	if prompt == nil || cancel == nil {
		return
	}
	docFunc(fs.on(prompt.Gate), fmt.Sprintf("%s sends the request %q as %s does, and when cancel\n"+
		"is closed before the result (the user pressed Ctrl-C) sends %q for the\n"+
		"session and keeps waiting: the agent ends a cancelled turn with the prompt's\n"+
		"own result, stop reason \"cancelled\", after its last updates. Cancelling ctx\n"+
		"instead abandons the call at once (-32800) and that end is lost. An agent\n"+
		"that does not end the turn is stopped by closing its AgentProcess, which\n"+
		"ends this call with an error.",
		cancellableName, pc.Request, prompt.Go, pc.Notification)).
		Params(Id("c").Op("*").Id(c.Name)).Id(cancellableName).
		Params(Id("ctx").Qual("context", "Context"), Id("params").Op("*").Id(prompt.Params), Id("cancel").Op("<-").Chan().Struct()).
		Params(Op("*").Id(prompt.Result), Error()).
		Block(Return(Id(rpcPromptCancellable).Types(Id(prompt.Result)).Call(
			Id("ctx"), Id("c").Dot("Conn"), Id(prompt.Const), Id(cancel.Const), Id("params"), Id("cancel"))))
}

// cancellableName is the client connection's cancellable prompt method.
const cancellableName = "PromptCancellable"
