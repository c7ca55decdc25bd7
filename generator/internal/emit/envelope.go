package emit

import (
	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// envelopeKinds are the message types, with the runtime's name for their
// shape, in the order DecodeMessage tests them.
var envelopeKinds = []struct{ name, kind string }{
	{"Request", rpcRequestMessage},
	{"Notification", rpcNotificationMessage},
	{"Response", rpcResponseMessage},
}

// emitEnvelope renders the JSON-RPC message types of the schema's root:
// Request, Notification and Response with the schema's id and error types,
// the sealed Message interface and DecodeMessage. Params and results stay
// raw: only a method table knows their types. The work is in the runtime
// (templates/jsonrpc/message.go, through protocol_message.go).
func emitEnvelope(fs *fileSet, rpc *ir.RPC) {
	f := fs.on(rpc.Gate)
	emitMessageInterface(f)
	emitRequestType(f, rpc)
	emitMessageCodec(f, envelopeKinds[0].name, envelopeKinds[0].kind)
	emitNotificationType(f)
	emitMessageCodec(f, envelopeKinds[1].name, envelopeKinds[1].kind)
	emitResponseType(f, rpc)
	emitMessageCodec(f, envelopeKinds[2].name, envelopeKinds[2].kind)
}

// emitMessageCodec adds the public JSON methods of a message type.
func emitMessageCodec(f *File, name, kind string) {
	docFunc(f, "UnmarshalJSON implements json.Unmarshaler; data must be a "+lowerFirst(name)+".").
		Params(ptrRecv(name)).Id("UnmarshalJSON").Params(Id("data").Index().Byte()).Error().Block(
		Return(Id(rpcUnmarshalMessage).Call(Id("x"), Id("data"), Id(kind))))
	emitMarshal(f, name)
}

func emitMessageInterface(f *File) {
	f.Comment("Message is a JSON-RPC message: a *Request, a *Notification or a *Response.")
	f.Comment("DecodeMessage tells them apart; Marshal and AppendJSON encode any of them.")
	f.Type().Id("Message").Interface(
		Id("appendJSON").Params(Index().Byte()).Params(Index().Byte(), Error()),
		Id("decodeMessage").Params(Op("*").Id(rpcMessage)).Error(),
	)
	f.Line()
	f.Comment("DecodeMessage decodes one JSON-RPC message, choosing its shape by the members present:")
	f.Comment("method and id make a *Request, method alone a *Notification, result or error a *Response.")
	f.Comment("jsonrpc must be \"2.0\". Errors are *DecodeError with the path of the offending member.")
	f.Func().Id("DecodeMessage").Params(Id("data").Index().Byte()).Params(Id("Message"), Error()).Block(
		List(Id("m"), Err()).Op(":=").Id(rpcSplitMessage).Call(Id("data"), Id(rpcAnyMessage)),
		If(Err().Op("!=").Nil()).Block(Return(Nil(), Err())),
		Var().Id("x").Id("Message"),
		Switch(Id("m").Dot(msgKind)).BlockFunc(func(g *Group) {
			for i, k := range envelopeKinds {
				set := Id("x").Op("=").New(Id(k.name))
				if i == len(envelopeKinds)-1 {
					g.Default().Block(set)
				} else {
					g.Case(Id(k.kind)).Block(set)
				}
			}
		}),
		If(Err().Op(":=").Id("x").Dot("decodeMessage").Call(Op("&").Id("m")), Err().Op("!=").Nil()).Block(Return(Nil(), Err())),
		Return(Id("x"), Nil()),
	)
}

func emitRequestType(f *File, rpc *ir.RPC) {
	f.Comment("Request is a JSON-RPC request: a call of Method that expects a Response with the same ID.")
	f.Type().Id("Request").Struct(
		Comment("ID identifies the request; its response carries the same ID."),
		Id("ID").Id(rpc.ID),
		Comment("Method is the wire name of the method called."),
		Id("Method").String(),
		Comment("Params are the method's params as received, nil when absent; the method table"),
		Comment("of the side that handles Method decodes them (DecodeRequest)."),
		Id("Params").Qual("encoding/json", "RawMessage"),
	)
	emitDecodeMessage(f, "Request", Dict{Id("Method"): Id("m").Dot(msgMethod), Id("Params"): Id("m").Dot(msgParams)},
		Return(Id("m").Dot(msgDecodeID).Call(Op("&").Id("x").Dot("ID"))))
	emitAppendMessage(f, "Request", Id(rpcAppendRequest).Call(Id("buf"), Op("&").Id("x").Dot("ID"), Id("x").Dot("Method"), Id("x").Dot("Params")))
}

func emitNotificationType(f *File) {
	f.Comment("Notification is a JSON-RPC notification: a call of Method that gets no response.")
	f.Type().Id("Notification").Struct(
		Comment("Method is the wire name of the method called."),
		Id("Method").String(),
		Comment("Params are the method's params as received, nil when absent; the method table"),
		Comment("of the side that handles Method decodes them (DecodeNotification)."),
		Id("Params").Qual("encoding/json", "RawMessage"),
	)
	emitDecodeMessage(f, "Notification", Dict{Id("Method"): Id("m").Dot(msgMethod), Id("Params"): Id("m").Dot(msgParams)}, Return(Nil()))
	emitAppendMessage(f, "Notification", Id(rpcAppendNotification).Call(Id("buf"), Id("x").Dot("Method"), Id("x").Dot("Params")))
}

func emitResponseType(f *File, rpc *ir.RPC) {
	f.Comment("Response answers the Request with the same ID: with Result when it succeeded, with")
	f.Comment("Error when it failed. Exactly one of them is set.")
	idDoc := []Code{Comment("ID is the ID of the request answered.")}
	if rpc.NullErrorID {
		idDoc = append(idDoc, Comment("An error response to a request whose id could not be read has a null id:"),
			Comment("then ID holds no value (ID.Value is nil)."))
	}
	f.Type().Id("Response").Struct(append(idDoc,
		Id("ID").Id(rpc.ID),
		Comment("Result is the method's result as received; the method table of the side that"),
		Comment("handled the request decodes it by the request's method (DecodeResult). A result"),
		Comment("of null is the JSON null, not nil."),
		Id("Result").Qual("encoding/json", "RawMessage"),
		Comment("Error is the error of a failed request, nil for a result."),
		Id("Error").Op("*").Id(rpc.Error),
	)...)
	nullable, nullID := Lit(false), Code(Lit(false))
	if rpc.NullErrorID {
		nullable, nullID = Lit(true), Id("x").Dot("ID").Dot("Value").Op("==").Nil()
	}
	emitDecodeMessage(f, "Response", Dict{Id("Result"): Id("m").Dot(msgResult)},
		If(Err().Op(":=").Id("m").Dot(msgDecodeResponseID).Call(Op("&").Id("x").Dot("ID"), nullable), Err().Op("!=").Nil()).Block(Return(Err())),
		Return(Id(rpcDecodeMessageError).Call(Op("&").Id("x").Dot("Error"), Id("m"))))
	emitAppendMessage(f, "Response", Id(rpcAppendResponse).Call(Id("buf"), Op("&").Id("x").Dot("ID"), nullID, Id("x").Dot("Result"), Id("x").Dot("Error")))
}

// emitDecodeMessage adds decodeMessage, which fills the type from the
// members the runtime found: the fields in init, then the rest.
func emitDecodeMessage(f *File, name string, init Dict, rest ...Code) {
	body := append([]Code{Op("*").Id("x").Op("=").Id(name).Values(init)}, rest...)
	newFunc(f).Params(ptrRecv(name)).Id("decodeMessage").Params(Id("m").Op("*").Id(rpcMessage)).Error().Block(body...)
}

func emitAppendMessage(f *File, name string, call Code) {
	newFunc(f).Params(ptrRecv(name)).Id("appendJSON").Params(Id("buf").Index().Byte()).Params(Index().Byte(), Error()).Block(Return(call))
}

// lowerFirst is "request" for "Request".
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]|0x20) + s[1:]
}
