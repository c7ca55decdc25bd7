package ir

// Helpers are the functions that build an everyday value in one call (a
// text content block from a string), the senders bound to one session and
// the accessors that read one variant of a union without a type assertion.
// The helpers package decides which exist for a schema; emit renders them
// without knowing what they are for: a helper is parameters and a Value
// built from them.

// Helpers is what the helpers stage found in a schema; nil or empty when
// none of the values it knows is there.
type Helpers struct {
	Funcs     []*HelperFunc
	Senders   []*Sender
	Accessors []*Accessor
	// Session is the fold of the generated session package; nil when the
	// schema has no sessions to fold.
	Session *SessionFold
}

// HelperFunc is one helper: Name(Params) returns Value, a Result (a
// package-level function), or a method of a Sender that sends Value.
type HelperFunc struct {
	Name string
	// Doc is the comment, a sentence starting with Name.
	Doc    string
	Params []*HelperParam
	Result string
	Value  *Value
	// Gate is every feature a type, variant or field of Value needs.
	Gate Gate
}

// HelperParam is a parameter; Variadic ones are the last and Type is then
// the element type.
type HelperParam struct {
	Name     string
	Type     Expr
	Variadic bool
}

// Value is an expression: a parameter as it is (Param), or a union holding
// the variant Variant (its Go type) with Fields set:
// Union{Value: &Variant{Fields}}.
type Value struct {
	Param   string
	Union   string
	Variant string
	Fields  []*ValueField
}

// ValueField sets one field of a variant.
type ValueField struct {
	Go    string
	Hold  Hold
	Value *Value
}

// Hold is how a field holds its value.
type Hold int

const (
	HoldDirect     Hold = iota // the value itself
	HoldPointer                // *T: Ptr(value)
	HoldPatch                  // Patch[T]: PatchTo(value)
	HoldPatchItems             // Patch[[]T] from a variadic parameter: unchanged when empty
)

// Sender is a value bound to one connection and one value of the params of
// a notification it sends (the session id): Conn.Func(id) returns a Sender
// whose methods send the notification with that id.
type Sender struct {
	// Name is the Sender's type, Doc its comment; Func the method of Conn
	// that returns one, FuncDoc its comment.
	Name, Doc     string
	Conn          string
	Func, FuncDoc string
	// Call is the Conn's method that sends the notification, Params its
	// params type; BindField the field the Sender fixes (of type Bind),
	// PayloadField the one each method fills (of type Payload).
	Call, Params            string
	BindField, PayloadField string
	Bind                    Expr
	Payload                 string
	// Send is the method that sends any payload, SendDoc its comment.
	Send, SendDoc string
	// Methods send their Value as the payload.
	Methods []*HelperFunc
	Gate    Gate
}

// Accessor is a method of a tagged union that reads one of its variants:
// with a Field, Union.Name() returns (the variant's Field, true) when the
// union holds Variant and (the zero Type, false) otherwise; without one,
// Union.Name() reports whether it holds Variant.
type Accessor struct {
	// Name is the method, Doc its comment (a sentence starting with Name).
	Name, Doc string
	// Union is the receiver's type and Variant the Go type it holds when
	// the method answers true.
	Union, Variant string
	// Field is the Go field of Variant the method returns, Result the
	// result's name and Type the field's; "" when it returns a bool only.
	Field, Result string
	Type          Expr
	// Gate is every feature the union, the variant and the field need.
	Gate Gate
}

// SessionFold is how the generated session package (the subpackage
// session) folds each session update into a session's state, by the wire
// name of its variant: the helpers stage builds it from its table and the
// schema; emit renders it as data beside the session runtime.
type SessionFold struct {
	// Iface is the session update union's interface (SessionUpdateValue).
	Iface string
	// Variants are the union's ungated variants, by Go type and tag.
	Variants []*FoldVariant
	// Rows are the folds of the table the schema allows, by tag.
	Rows []*FoldRow
	// Cancel is the client connection's method sending the notification
	// that cancels a session's prompt, and its params type.
	Cancel, CancelParams string
	// Notification is the params type of session/update.
	Notification string
	// Permissions: the client handles session/request_permission (the
	// host's permission policies); Machine: it handles the file system
	// and terminal methods (the host's Files and Terminals).
	Permissions, Machine bool
}

// FoldVariant is one variant of the session update union.
type FoldVariant struct {
	Go, Tag string
	// Chunk: the variant is a message chunk, whose content is the field
	// Content and whose message id (when it has one) the field ID, held
	// by pointer when IDPointer.
	Chunk       bool
	Content, ID string
	IDPointer   bool
}

// FoldRow is one fold: the runtime's operation (its constant's name) and
// the member path that keys it.
type FoldRow struct {
	Tag, Op, Key string
}
