package ir

// The JSON-RPC part of the IR: which definition is the params or the
// result of which method, which side handles it (x-method, x-side), and
// the types of a message's id and a response's error. The methods
// package fills it from the schema and the final (gated) types; emit
// renders it (methods.go, envelope.go). See ADR 0004.

// RPC is the methods of a schema and its message envelope; nil when the
// schema has no x-method.
type RPC struct {
	// Sides are the sides that handle methods, by side name.
	Sides []*RPCSide
	// ID is the type of a message's id (RequestID) and Error that of a
	// response's error (Error), as the schema's message objects use them.
	ID, Error string
	// NullErrorID: an error response may carry a null id that the ID type
	// does not accept (the request's id could not be read); Response.ID
	// then holds no value. ID is a union then.
	NullErrorID bool
	// Gate is what the envelope types need: the gates of ID and Error.
	Gate Gate
	// Surface is the typed protocol surface built on the methods; nil
	// when the schema's error type lacks the JSON-RPC error object's
	// shape (code, message, data), which its connections need.
	Surface *Surface
}

// Surface is the typed protocol surface: what a program implements to
// handle one side's methods, and the connections that call the peer.
type Surface struct {
	// ErrorCode is the Go type of the error object's code (ErrorCode) and
	// ErrorCtors the constructors of its known codes (none when it is a
	// plain integer).
	ErrorCode  string
	ErrorCtors []ErrorCtor
	// ErrorData is the named type of the error object's data, held by
	// pointer (ErrorData); "" when data is any JSON (json.RawMessage).
	ErrorData string
	// Version is the protocol version the package speaks, nil when the
	// input does not say.
	Version *ProtocolVersion
	// Conns are the program roles: a connection that handles one side and
	// calls the other (an agent's connection calls the client).
	Conns []*RPCConn
	// Optional are the sides a connection serves when its handler also
	// implements them, and whose methods every connection can call
	// (proxy chains).
	Optional []*RPCSide
	// PromptCancel names the notification that cancels a session's running
	// prompt and that request (session/cancel, session/prompt); zero when
	// the schema lacks either.
	PromptCancel PromptCancel
}

// ErrorCtor is the constructor of the error with one known code.
type ErrorCtor struct {
	Func, Const, Message string
}

// ProtocolVersion is the constant of the version the package speaks.
type ProtocolVersion struct {
	Const, Type string
	Value       int64
}

// RPCConn is one program role: NewAgentConn(Agent, …) *AgentConn serves
// the agent side and calls the client side.
type RPCConn struct {
	Name, Ctor     string
	Handles, Calls *RPCSide
}

// PromptCancel pairs the notification that cancels prompts with the
// prompt request, by wire name.
type PromptCancel struct {
	Notification, Request string
}

// RPCSide is the methods one side handles (x-side "agent": the agent
// receives the requests and notifications and answers the requests).
type RPCSide struct {
	// Side is the x-side value; Const its Go constant (SideAgent) and
	// Table the variable of its method table (AgentMethods).
	Side, Const, Table string
	// Gate is the features every method of the side needs: the table and
	// the side's constant exist whenever one of its methods does.
	Gate Gate
	// Methods in schema order (of their params definitions).
	Methods []*RPCMethod
	// Names are the side's method name constants, one per wire name.
	Names []*RPCName
	// Iface is the handler interface (Agent), Unimplemented its embeddable
	// default (UnimplementedAgent) and Routes the function that routes
	// messages to a handler (agentRoutes); set when there is a Surface.
	Iface, Unimplemented, Routes string
	// ExtRequest, ExtNotification and ExtResult are the types of
	// extension methods ("_"-prefixed): the schema's message objects list
	// them beside the methods, without x-method. "" when the side has none.
	ExtRequest, ExtNotification, ExtResult string
}

// RPCMethod is one request or notification of a side.
type RPCMethod struct {
	// Name is the wire method name; Const the Go constant holding it.
	Name, Const  string
	Notification bool
	// Go is the method's name in the handler interface and on the
	// connections that call it (Prompt, SessionUpdate).
	Go string
	// Params and Result are Go type names; Result is "" for a
	// notification.
	Params, Result string
	// Path is the params definition's location, for errors.
	Path string
	// Doc is the params definition's description: the schema describes a
	// method only there.
	Doc string
	// Gate is the method's own feature (its claim in the feature map) and
	// those of its params and result types.
	Gate Gate
}

// RPCName is the constant of one wire method name of a side. A request
// and a notification may share a name (proxy/successor): one constant,
// which exists when either does.
type RPCName struct {
	Name, Const string
	Gate        Gate
	Methods     []*RPCMethod
}
