package emit

import (
	"bytes"
	"fmt"
	"strings"

	. "github.com/dave/jennifer/jen"
)

// jsonV2Constraint selects the toolchains whose encoding/json runs on
// json/v2, Go 1.27 and later, unless built with GOEXPERIMENT=nojsonv2
// (the tag is the one the standard library's own files use). Go 1.25 and
// 1.26 had json/v2 as an experiment (GOEXPERIMENT=jsonv2); the code builds
// there too, but go vet on Go 1.27 rejects jsontext in a file whose
// constraint does not imply go1.27 (this module says go 1.24), so those
// toolchains keep to MarshalJSON and UnmarshalJSON, which json/v2 calls
// as well. See docs/adr/0016-json-v2-methods.md.
const jsonV2Constraint = "goexperiment.jsonv2 && go1.27"

// jsontextPath is the package of json/v2's Encoder and Decoder.
const jsontextPath = "encoding/json/jsontext"

// jsonV2Suffix ends the name of the file that holds a file's json/v2
// methods: types.go's are in types_jsonv2.go.
const jsonV2Suffix = "_jsonv2.go"

// jsonV2Files returns, for each rendered file that declares MarshalJSON or
// UnmarshalJSON, a file beside it of the same types' json/v2 methods,
// MarshalJSONTo and UnmarshalJSONFrom (templates/wire/jsonv2.go), under
// that file's build constraint and jsonV2Constraint. The methods are read
// off the rendered files rather than recorded by each emitter, so that
// every type that has a v1 method has its v2 twin, with the same receiver,
// whichever emitter wrote it.
func jsonV2Files(pkg string, files []OutputFile) ([]OutputFile, error) {
	var out []OutputFile
	for _, src := range files {
		methods, constraint := jsonV1Methods(src.Content)
		if len(methods) == 0 {
			continue
		}
		f := newCodecFile(pkg)
		f.HeaderComment(GeneratedHeader)
		if constraint == "" {
			f.HeaderComment("//go:build " + jsonV2Constraint)
		} else {
			f.HeaderComment("//go:build " + jsonV2Constraint + " && (" + constraint + ")")
		}
		f.ImportName(jsontextPath, "jsontext")
		for _, m := range methods {
			emitJSONV2Method(f, m)
		}
		var buf bytes.Buffer
		name := strings.TrimSuffix(src.Name, ".go") + jsonV2Suffix
		if err := f.Render(&buf); err != nil {
			return nil, fmt.Errorf("rendering %s: %v", name, err)
		}
		out = append(out, OutputFile{Name: name, Content: buf.Bytes()})
	}
	return out, nil
}

// jsonV1Method is a MarshalJSON or UnmarshalJSON declaration found in a
// rendered file.
type jsonV1Method struct {
	typ       string
	unmarshal bool // UnmarshalJSON (pointer receiver), else MarshalJSON (value receiver)
}

// The declarations jsonV1Methods looks for, as emitMarshal, emitUnmarshal
// and emitMessageCodec write them (gofmt'd by jennifer).
const (
	marshalSuffix   = ") MarshalJSON() ([]byte, error) {"
	unmarshalSuffix = ") UnmarshalJSON(data []byte) error {"
	recvPrefix      = "func (x "
)

// jsonV1Methods lists the json methods declared in a rendered file, in
// file order, and the expression of its //go:build line ("" if none).
func jsonV1Methods(src []byte) ([]jsonV1Method, string) {
	var methods []jsonV1Method
	var constraint string
	for _, line := range strings.Split(string(src), "\n") {
		if c, ok := strings.CutPrefix(line, "//go:build "); ok && constraint == "" {
			constraint = c
			continue
		}
		recv, ok := strings.CutPrefix(line, recvPrefix)
		if !ok {
			continue
		}
		if typ, ok := strings.CutSuffix(recv, marshalSuffix); ok && !strings.HasPrefix(typ, "*") {
			methods = append(methods, jsonV1Method{typ: typ})
		} else if typ, ok := strings.CutSuffix(recv, unmarshalSuffix); ok && strings.HasPrefix(typ, "*") {
			methods = append(methods, jsonV1Method{typ: typ[1:], unmarshal: true})
		}
	}
	return methods, constraint
}

// emitJSONV2Method emits m's json/v2 twin with m's receiver: a value
// receiver for MarshalJSONTo, so that it is found wherever MarshalJSON is
// (in a map, in an interface), a pointer for UnmarshalJSONFrom.
func emitJSONV2Method(f *File, m jsonV1Method) {
	if m.unmarshal {
		docFunc(f, "UnmarshalJSONFrom implements json/v2's UnmarshalerFrom, as UnmarshalJSON does json's Unmarshaler.").
			Params(ptrRecv(m.typ)).Id("UnmarshalJSONFrom").Params(Id("d").Op("*").Qual(jsontextPath, "Decoder")).Error().Block(
			Return(Qual(codecPath, wireUnmarshalFrom).Call(Id("d"), Id("x"))))
		return
	}
	docFunc(f, "MarshalJSONTo implements json/v2's MarshalerTo, as MarshalJSON does json's Marshaler.").
		Params(Id("x").Id(m.typ)).Id("MarshalJSONTo").Params(Id("e").Op("*").Qual(jsontextPath, "Encoder")).Error().Block(
		Return(Qual(codecPath, wireMarshalTo).Call(Id("e"), Id("x").Dot("appendJSON"))))
}
