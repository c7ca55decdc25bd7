package emit

import (
	"bytes"
	"path"
	"slices"

	. "github.com/dave/jennifer/jen"

	"github.com/acpgen/acpgen/templates"
)

// The codec (templates/wire) is a package of the output's own,
// <import path>/internal/wire, which the generated code calls by these
// names: a rename in the codec is one edit here (its api_test.go pins the
// signatures). The builtin decoders and appenders are named by a prefix
// and the builtin (DecodeString, AppendInt64).
const (
	wireAppendClose        = "AppendClose"
	wireAppendEnumJSON     = "AppendEnumJSON"
	wireAppendExtra        = "AppendExtra"
	wireAppendKey          = "AppendKey"
	wireAppendMap          = "AppendMap"
	wireAppendNegativeZero = "AppendNegativeZero"
	wireAppendOpen         = "AppendOpen"
	wireAppendQuoted       = "AppendQuoted"
	wireAppendRaw          = "AppendRaw"
	wireAppendRawMembers   = "AppendRawMembers"
	wireAppendRawObject    = "AppendRawObject"
	wireAppendRouted       = "AppendRouted"
	wireAppendSlice        = "AppendSlice"
	wireAppendUnknown      = "AppendUnknown"
	wireAtKey              = "AtKey"
	wireCandidate          = "Candidate"
	wireDeclares           = "Declares"
	wireDeclaresNone       = "DeclaresNone"
	wireDecodeBool         = "DecodeBool"
	wireDecodeFloat64      = "DecodeFloat64"
	wireDecodeInt64        = "DecodeInt64"
	wireDecodeMap          = "DecodeMap"
	wireDecodeMember       = "DecodeMember"
	wireDecodeNull         = "DecodeNull"
	wireDecodePtr          = "DecodePtr"
	wireDecodeRaw          = "DecodeRaw"
	wireDecodeRawObject    = "DecodeRawObject"
	wireDecodeSlice        = "DecodeSlice"
	wireDecodeString       = "DecodeString"
	wireEncodeErrorf       = "EncodeErrorf"
	wireEnumKey            = "EnumKey"
	wireErrorf             = "Errorf"
	wireExcerpt            = "Excerpt"
	wireIsNull             = "IsNull"
	wireKnown              = "Known"
	wireKnownSet           = "KnownSet"
	wireLenient            = "Lenient"
	wireLenientNew         = "LenientNew"
	wireLenientPatch       = "LenientPatch"
	wireLenientPtr         = "LenientPtr"
	wireLenientSlice       = "LenientSlice"
	wireLenientSliceOrNull = "LenientSliceOrNull"
	wireMarshal            = "Marshal"
	wireMarshalTo          = "MarshalTo"
	wireMatchRE2           = "MatchRE2"
	wireMemberAt           = "MemberAt"
	wireMemberRoutes       = "MemberRoutes"
	wireMissing            = "Missing"
	wireMissingOf          = "MissingOf"
	wireNewChoice          = "NewChoice"
	wireNilVariant         = "NilVariant"
	wireObjectIter         = "ObjectIter"
	wirePatchAppend        = "PatchAppend"
	wirePatchDecode        = "PatchDecode"
	wirePatchItems         = "PatchItems"
	wireQuoteExcerpt       = "QuoteExcerpt"
	wireReader             = "Reader"
	wireReject             = "Reject"
	wireRouteOther         = "RouteOther"
	wireSortedKeys         = "SortedKeys"
	wireStringBytes        = "StringBytes"
	wireTagMember          = "TagMember"
	wireTagString          = "TagString"
	wireUnknownClash       = "UnknownClash"
	wireUnmarshal          = "Unmarshal"
	wireUnmarshalFrom      = "UnmarshalFrom"
	wireDecodePrefix       = "Decode"
	wireAppendPrefix       = "Append"
)

// The JSON-RPC layers. The generated code calls the protocol layer
// (templates/protocol_*.go, copied into the generated package), never the
// engine (templates/jsonrpc, the output's internal/jsonrpc) itself, so an
// engine change is an edit in the protocol layer; the protocol layer's
// names the emitter writes are these, and the envelope's members, which
// are the engine's (jsonrpc.Message), with the routes' fields. A rename in
// either is one edit here.
const (
	rpcAddMethodTypes             = "wireAddMethodTypes"
	rpcAddOffMethods              = "wireAddOffMethods"
	rpcAnyMessage                 = "wireAnyMessage"
	rpcAppendNotification         = "wireAppendNotification"
	rpcAppendRequest              = "wireAppendRequest"
	rpcAppendResponse             = "wireAppendResponse"
	rpcCall                       = "wireCall"
	rpcDataJSON                   = "wireDataJSON"
	rpcDecodeAs                   = "wireDecodeAs"
	rpcDecodeMessageError         = "wireDecodeMessageError"
	rpcErrorCodec                 = "wireErrorCodec"
	rpcErrorObject                = "wireErrorObject"
	rpcErrorText                  = "wireErrorText"
	rpcMessage                    = "wireMessage"
	rpcNewRoutes                  = "wireNewRoutes"
	rpcNotImplemented             = "wireNotImplemented"
	rpcNotificationMessage        = "wireNotificationMessage"
	rpcNotify                     = "wireNotify"
	rpcOpen                       = "wireOpen"
	rpcOpenOn                     = "wireOpenOn"
	rpcOptionalRoutes             = "wireOptionalRoutes"
	rpcPromptCancel               = "wirePromptCancel"
	rpcPromptCancellable          = "wirePromptCancellable"
	rpcRPCError                   = "wireRPCError"
	rpcRequestMessage             = "wireRequestMessage"
	rpcResponseMessage            = "wireResponseMessage"
	rpcRoutes                     = "wireRoutes"
	rpcServe                      = "wireServe"
	rpcServeExtension             = "wireServeExtension"
	rpcServeExtensionNotification = "wireServeExtensionNotification"
	rpcServeNotification          = "wireServeNotification"
	rpcSplitMessage               = "wireSplitMessage"
	rpcStartAgent                 = "wireStartAgent"
	rpcUnmarshalMessage           = "wireUnmarshalMessage"
)

// The engine's message envelope (jsonrpc.Message) as the generated
// decodeMessage methods read it, and the protocol layer's routes and
// error codec as the generated constructors fill them.
const (
	msgKind               = "Kind"
	msgMethod             = "Method"
	msgParams             = "Params"
	msgResult             = "Result"
	msgDecodeID           = "DecodeID"
	msgDecodeResponseID   = "DecodeResponseID"
	routesRequests        = "requests"
	routesNotifications   = "notifications"
	routesExtRequest      = "extRequest"
	routesExtNotification = "extNotification"
	routesPromptCancel    = "promptCancel"
	codecFromWire         = "fromWire"
)

// codecPath stands for the codec's import path in the files the emitter
// builds (Qual(codecPath, name)): the emitter's helpers do not know the
// output's import path, so resolveCodecPath puts it in once a file is
// rendered.
const codecPath = "acpgen.invalid/internal/wire"

// newCodecFile starts a generated file that may call the codec, imported
// by its own name (no alias in the import block).
func newCodecFile(pkg string) *File {
	f := NewFile(pkg)
	f.ImportName(codecPath, "wire")
	return f
}

// codecDir is the codec's directory in the templates (templates.Packages).
const codecDir = "wire"

// resolveCodecPath gives the rendered files that import the codec its real
// import path, under importPath, keeping their imports sorted as gofmt
// does; ErrNoImportPath when the output's import path is not known.
func resolveCodecPath(files []OutputFile, importPath string) error {
	placeholder := []byte(`"` + codecPath + `"`)
	for i, f := range files {
		if !bytes.Contains(f.Content, placeholder) {
			continue
		}
		if importPath == "" {
			return ErrNoImportPath
		}
		real := []byte(`"` + path.Join(importPath, templates.Packages[codecDir]) + `"`)
		files[i].Content = sortImports(bytes.Replace(f.Content, placeholder, real, 1))
	}
	return nil
}

// sortImports sorts the lines of a file's import block (jennifer writes one
// block, one import a line) by import path, as gofmt does.
func sortImports(src []byte) []byte {
	start := bytes.Index(src, []byte("\nimport (\n"))
	if start < 0 {
		return src
	}
	start += len("\nimport (\n")
	end := bytes.Index(src[start:], []byte("\n)\n"))
	if end < 0 {
		return src
	}
	lines := bytes.Split(src[start:start+end], []byte("\n"))
	slices.SortFunc(lines, func(a, b []byte) int { return bytes.Compare(importPathOf(a), importPathOf(b)) })
	out := append([]byte{}, src[:start]...)
	out = append(out, bytes.Join(lines, []byte("\n"))...)
	return append(out, src[start+end:]...)
}

// importPathOf is the quoted path of an import line (`\tname "path"`).
func importPathOf(line []byte) []byte {
	if i := bytes.IndexByte(line, '"'); i >= 0 {
		return line[i:]
	}
	return line
}
