package methods

import (
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/naming"
)

// The typed protocol surface: which side a program handles and which it
// calls, the Go method name of every method, the error constructors and
// the protocol version constant. ADR 0007 records the shape.

// The x-side values of the two programs ACP connects. A side other than
// these and the protocol's own is optional: a connection serves it when its
// handler implements it (proxy chains).
const (
	sideAgent    = "agent"
	sideClient   = "client"
	sideProtocol = "protocol"
)

// The wire names of the prompt and of the notification that cancels it.
const (
	promptMethod       = "session/prompt"
	promptCancelMethod = "session/cancel"
)

// connMethodNames are the methods every connection has (templates'
// Conn), which no method of the peer may take.
var connMethodNames = []string{"Serve", "Wait", "Done", "Close", "CallExtension", "NotifyExtension"}

// clientConnMethodNames are the methods the emitter adds to the client's
// connection (PromptCancellable, beside Prompt), which no method may take
// either.
var clientConnMethodNames = []string{"PromptCancellable"}

// clientRuntimeNames are the names of the client program's runtime and its
// constructors: the agent's process (templates/protocol_agent_process.go),
// StartAgentProcess (its messages unread, protocol_agent_process_messages.go),
// its exit error (protocol_agent_stderr.go), launching from a registry
// entry or a command line (protocol_agent_launch.go), and StartAgent and
// StartAgentAfterTerminalAuth, which the emitter adds with the client's
// connection.
var clientRuntimeNames = []string{"AgentProcess", "StartAgentProcess", "StartAgent",
	"StartAgentAfterTerminalAuth", "AgentExitError", "AgentRegistryEntry", "AgentDistribution",
	"AgentBinary", "AgentPackage", "LaunchOptions", "AgentPlatform", "AgentCommand",
	"SplitCommandLine", "TrimmedEnv"}

// extHandlerNames are the handler methods of extension requests and
// notifications.
const (
	extRequestHandler      = "ExtMethod"
	extNotificationHandler = "ExtNotification"
)

// buildSurface adds the typed surface to rpc, when its error type has the
// shape the connections need. version is the protocol version the input
// gives (0: none).
func buildSurface(rpc *ir.RPC, byName map[string]*ir.Decl, ns *naming.Namespace, version int64) error {
	code, data, ok := errorShape(byName[rpc.Error])
	if !ok {
		return nil
	}
	sf := &ir.Surface{ErrorCode: code, ErrorData: data}
	rpc.Surface = sf
	fixed := []string{}
	sides := map[string]*ir.RPCSide{}
	for _, s := range rpc.Sides {
		sides[s.Side] = s
		if s.Side == sideProtocol {
			continue
		}
		prefix := naming.GoName(s.Side)
		s.Iface, s.Unimplemented, s.Routes = prefix, "Unimplemented"+prefix, lowerFirst(prefix)+"Routes"
		fixed = append(fixed, s.Iface, s.Unimplemented)
		if s.Side != sideAgent && s.Side != sideClient {
			sf.Optional = append(sf.Optional, s)
		}
	}
	if a, c := sides[sideAgent], sides[sideClient]; a != nil && c != nil {
		sf.Conns = []*ir.RPCConn{
			{Name: "AgentConn", Ctor: "NewAgentConn", Handles: a, Calls: c},
			{Name: "ClientConn", Ctor: "NewClientConn", Handles: c, Calls: a},
		}
		fixed = append(fixed, "AgentConn", "NewAgentConn", "NewAgentConnTransport",
			"ClientConn", "NewClientConn", "NewClientConnTransport")
		fixed = append(fixed, clientRuntimeNames...)
	}
	for _, name := range fixed {
		if err := ns.ClaimExact(name, "#"); err != nil {
			return err
		}
	}
	nameHandlerMethods(rpc.Sides, sf.Optional)
	sf.PromptCancel = promptCancel(sides[sideAgent])
	sf.ErrorCtors = errorCtors(byName[code], ns)
	sf.Version = protocolVersion(byName, ns, version)
	return nil
}

// errorShape reads the error object type: a struct of code (an integer),
// message (a string) and optional data, which is any JSON or a named type
// held by pointer. It returns the Go types of code and of data ("" for
// any JSON).
func errorShape(d *ir.Decl) (code, data string, ok bool) {
	if d == nil || d.Kind != ir.KindStruct || d.Struct.Extra || len(d.Struct.Parts) > 0 {
		return "", "", false
	}
	var message, hasData bool
	for _, f := range d.Struct.Fields {
		switch {
		case f.JSON == "code" && f.Go == "Code" && f.Required:
			code = integerType(f.Type)
		case f.JSON == "message" && f.Go == "Message" && f.Required && f.Type.Kind == ir.ExprBuiltin && f.Type.Builtin == "string":
			message = true
		case f.JSON == "data" && f.Go == "Data" && f.Type.Kind == ir.ExprRaw && !f.Type.RawObject:
			hasData = true
		case f.JSON == "data" && f.Go == "Data" && f.Type.Kind == ir.ExprNamed && f.Pointer():
			hasData, data = true, f.Type.Named
		default:
			return "", "", false
		}
	}
	return code, data, code != "" && message && hasData
}

// integerType is the Go type of an integer expression ("int32",
// "ErrorCode"); "" for anything else. A named type counts when it is an
// integer enum; its constants become error constructors.
func integerType(e ir.Expr) string {
	switch e.Kind {
	case ir.ExprBuiltin:
		if strings.HasPrefix(e.Builtin, "int") || strings.HasPrefix(e.Builtin, "uint") {
			return e.Builtin
		}
	case ir.ExprNamed:
		return e.Named
	}
	return ""
}

// errorCtors names a constructor for each known code of an integer enum
// code type: ErrorCodeResourceNotFound gives NewResourceNotFoundError,
// whose default message is "Resource not found".
func errorCtors(code *ir.Decl, ns *naming.Namespace) []ir.ErrorCtor {
	if code == nil || code.Kind != ir.KindEnum || code.Enum.Base == "string" {
		return nil
	}
	var out []ir.ErrorCtor
	for _, v := range code.Enum.Values {
		base := strings.TrimPrefix(v.Go, code.Name)
		if !strings.HasSuffix(base, "Error") {
			base += "Error"
		}
		out = append(out, ir.ErrorCtor{
			Func:    ns.Claim("New"+base, code.Path),
			Const:   v.Go,
			Message: sentence(strings.TrimPrefix(v.Go, code.Name)),
		})
	}
	return out
}

// sentence turns a Go name into words: "ResourceNotFound" is "Resource not
// found".
func sentence(name string) string {
	var b strings.Builder
	for i, r := range name {
		if i > 0 && r >= 'A' && r <= 'Z' {
			b.WriteByte(' ')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// protocolVersion is the constant CurrentProtocolVersion of the schema's
// ProtocolVersion type (or untyped), when the input gives a version.
func protocolVersion(byName map[string]*ir.Decl, ns *naming.Namespace, version int64) *ir.ProtocolVersion {
	if version <= 0 {
		return nil
	}
	v := &ir.ProtocolVersion{Const: ns.Claim("CurrentProtocolVersion", "#"), Value: version}
	if d := byName["ProtocolVersion"]; d != nil && d.Kind == ir.KindNewtype && d.Newtype.Kind == ir.ExprBuiltin && len(d.Gate) == 0 {
		v.Type = d.Name
	}
	return v
}

// promptCancel is the prompt request and its cancel notification when the
// agent side has both.
func promptCancel(agent *ir.RPCSide) ir.PromptCancel {
	if agent == nil {
		return ir.PromptCancel{}
	}
	var request, notification bool
	for _, m := range agent.Methods {
		request = request || (m.Name == promptMethod && !m.Notification && len(m.Gate.Minus(agent.Gate)) == 0)
		notification = notification || (m.Name == promptCancelMethod && m.Notification && len(m.Gate.Minus(agent.Gate)) == 0)
	}
	if !request || !notification {
		return ir.PromptCancel{}
	}
	return ir.PromptCancel{Notification: promptCancelMethod, Request: promptMethod}
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// ConnMethods are the Go methods connection c has: the runtime's, the
// emitter's and the calls of the peer's and the optional sides' methods.
// A method added to c (a helper) must take another name.
func ConnMethods(sf *ir.Surface, c *ir.RPCConn) map[string]bool {
	out := map[string]bool{}
	for _, name := range append(connMethodNames, clientConnMethodNames...) {
		out[name] = true
	}
	for _, s := range append([]*ir.RPCSide{c.Calls}, sf.Optional...) {
		for _, m := range s.Methods {
			out[m.Go] = true
		}
	}
	return out
}
