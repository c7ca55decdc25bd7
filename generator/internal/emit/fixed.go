package emit

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// A fixed member (ir.Field.Const) has no Go field: the value is the same
// in every object, so a field would only be one more thing to set right.
// Encoding writes it as one constant piece of JSON, decoding compares
// what it reads with it, and a method named after the member returns it.

// fixedJSON is the member's value as the encoder writes it: strings
// quoted as the runtime quotes them, other values as the schema spells
// them (compacted).
func fixedJSON(fd *ir.Field) string {
	if s, ok := fixedString(fd); ok {
		return quoteJSON(s)
	}
	return fd.Const
}

func fixedString(fd *ir.Field) (string, bool) {
	var s string
	if fd.Const[0] != '"' || json.Unmarshal([]byte(fd.Const), &s) != nil {
		return "", false
	}
	return s, true
}

// fixedAppend writes the member, whether it is required or not: the
// schema allows no other value, so writing it never makes the output
// invalid, and the Go value has nothing that could say it was absent.
func fixedAppend(fd *ir.Field) []Code {
	return []Code{Id("buf").Op("=").Add(appendKey(quoteJSON(fd.JSON) + ":" + fixedJSON(fd)))}
}

// fixedDecode reads the member's value and leaves in err a decode error
// naming the value expected when it is another (the caller adds the
// member's name to the error's path).
func fixedDecode(fd *ir.Field) []Code {
	if fd.Const == "null" {
		return []Code{Err().Op("=").Qual(codecPath, wireDecodeNull).Call(Id("r"))}
	}
	want, differs := fixedValue(fd), Code(nil)
	decode, verb := "", "%v"
	switch fd.Type.Builtin {
	case "string":
		decode, verb = wireDecodeString, "%q"
	case "bool":
		decode, differs = wireDecodeBool, Id("v")
		if fd.Const == "true" {
			differs = Op("!").Id("v")
		}
	case "int64":
		decode = wireDecodeInt64
	default:
		decode = wireDecodeFloat64
	}
	if differs == nil {
		differs = Id("v").Op("!=").Add(want)
	}
	msg := "must be " + strings.ReplaceAll(fixedJSON(fd), "%", "%%") + ", not " + verb
	return []Code{
		Var().Id("v").Id(fd.Type.Builtin),
		If(Err().Op("=").Qual(codecPath, decode).Call(Op("&").Id("v"), Id("r")), Err().Op("==").Nil().Op("&&").Add(differs)).Block(
			Err().Op("=").Qual(codecPath, wireErrorf).Call(Lit(msg), Id("v"))),
	}
}

// reservedMethods are the exported methods a generated object may have
// besides its getters (Get…): a fixed member of one of these names gets
// no method of its own.
var reservedMethods = map[string]bool{
	"MarshalJSON": true, "UnmarshalJSON": true, "MarshalJSONTo": true,
	"UnmarshalJSONFrom": true, "Validate": true,
}

// emitFixedMethods gives each fixed member a method returning its value,
// so code reads AudioContent.Type() as it would a field; null has none.
func emitFixedMethods(f *File, o object) {
	for _, fd := range o.Fields {
		if !fd.Fixed() || fd.Const == "null" || reservedMethods[fd.Go] || strings.HasPrefix(fd.Go, "Get") {
			continue
		}
		docFunc(f, fmt.Sprintf("%s returns %s, the only value of the member %q:\nencoding always writes it, and decoding rejects any other.", fd.Go, fixedJSON(fd), fd.JSON)).
			Params(Id(o.Name)).Id(fd.Go).Params().Id(fd.Type.Builtin).Block(Return(fixedValue(fd)))
	}
}

// fixedValue is the member's value as a Go literal.
func fixedValue(fd *ir.Field) Code {
	switch fd.Type.Builtin {
	case "string":
		s, _ := fixedString(fd)
		return Lit(s)
	case "bool":
		return Lit(fd.Const == "true")
	case "int64":
		i, _ := strconv.ParseInt(fd.Const, 10, 64)
		return Lit(i)
	}
	x, _ := strconv.ParseFloat(fd.Const, 64)
	return Lit(x)
}

// holdsValues reports whether any of fields is held in Go (not fixed):
// only those can fail to encode, so only they need the encoder's err.
func holdsValues(fields []*ir.Field) bool {
	for _, fd := range fields {
		if !fd.Fixed() {
			return true
		}
	}
	return false
}
