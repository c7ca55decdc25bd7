package peers

import (
	"fmt"
	"reflect"

	"github.com/acpgen/acpgen/bench/corpus"
	"github.com/bytedance/sonic"
	coder "github.com/coder/acp-go-sdk"
	gojson "github.com/goccy/go-json"
	jsoniter "github.com/json-iterator/go"
	"github.com/mailru/easyjson"
)

// The implementations compared, by the name in impl= of each
// sub-benchmark. All but acpgen and coder decode into bench/corpus's flat
// structs (or, for easyjson, types defined from them), so they do the same
// work as the baseline; see README.md for what each one is configured to
// do and why.
const (
	implGoccy    = "goccy"    // github.com/goccy/go-json, its Unmarshal and Marshal
	implSonic    = "sonic"    // github.com/bytedance/sonic, ConfigStd
	implJsoniter = "jsoniter" // github.com/json-iterator/go, ConfigCompatibleWithStandardLibrary
	implEasyjson = "easyjson" // github.com/mailru/easyjson, generated marshalers
	implCoder    = "coder"    // github.com/coder/acp-go-sdk's SessionNotification, encoding/json
)

var (
	goccyLib    = corpus.Lib{Unmarshal: gojson.Unmarshal, Marshal: gojson.Marshal}
	jsoniterLib = corpus.Lib{
		Unmarshal: jsoniter.ConfigCompatibleWithStandardLibrary.Unmarshal,
		Marshal:   jsoniter.ConfigCompatibleWithStandardLibrary.Marshal,
	}
	sonicLib    = corpus.Lib{Unmarshal: sonic.ConfigStd.Unmarshal, Marshal: sonic.ConfigStd.Marshal}
	easyjsonLib = corpus.Lib{
		Unmarshal: func(data []byte, v any) error { return easyjson.Unmarshal(data, easyOf(v)) },
		Marshal:   func(v any) ([]byte, error) { return easyjson.Marshal(easyOf(v)) },
	}
)

// sonicNative says whether sonic runs its own JIT-compiled codec here;
// elsewhere (other architectures, Go versions it does not know) it falls
// back to encoding/json, and is left out rather than reported as sonic.
var sonicNative = sonic.APIKind == sonic.UseSonicJSON

// pretouchSonic compiles sonic's codecs for the flat types before any
// benchmark runs, as sonic's documentation recommends against first-hit
// latency: sonic otherwise compiles a type's codec on its first use. It
// still compiles some parts lazily (here the content nested in a v2
// tool_call_content_chunk, about 10 ms on first use), which warm covers.
func pretouchSonic() {
	var types []reflect.Type
	for _, v := range []any{
		corpus.V1FlatObj{}, corpus.V1FlatArr{}, corpus.V2FlatObj{}, corpus.V2FlatArr{},
		corpus.FlatReadTextFileResponse{}, corpus.FlatDiffNotification{}, corpus.FlatImageNotification{},
	} {
		types = append(types, reflect.TypeOf(v))
	}
	if err := sonic.PretouchMany(types); err != nil {
		panic(fmt.Sprintf("sonic.PretouchMany: %v", err))
	}
}

// easyOf returns the easyjson view of v: a pointer to a large case's flat
// struct becomes a pointer to the easyjson type defined from it (same
// memory); the stream codecs hold the easyjson types already.
func easyOf(v any) easyjson.MarshalerUnmarshaler {
	switch v := v.(type) {
	case *corpus.FlatReadTextFileResponse:
		return (*easyReadTextFileResponse)(v)
	case *corpus.FlatDiffNotification:
		return (*easyDiffNotification)(v)
	case *corpus.FlatImageNotification:
		return (*easyImageNotification)(v)
	case easyjson.MarshalerUnmarshaler:
		return v
	}
	panic(fmt.Sprintf("easyjson: no generated marshalers for %T", v))
}

// newEasyjsonCodec is easyjson on a stream: the flat structs through the
// types defined from them in easyjson.go.
func newEasyjsonCodec(s *corpus.Stream) corpus.Codec {
	if s.Ver == "v1" {
		return corpus.NewFlatCodecOf[easyV1Obj, easyV1Arr](s, easyjsonLib)
	}
	return corpus.NewFlatCodecOf[easyV2Obj, easyV2Arr](s, easyjsonLib)
}

// newCoderCodec is coder/acp-go-sdk's own notification type through
// encoding/json, as its connection decodes and encodes it, on the v1
// stream only: the SDK implements ACP v1, and decodes the v2 stream without
// an error but not faithfully (TestCoderV2), so it has no codec for v2.
func newCoderCodec(s *corpus.Stream) corpus.Codec {
	if s.Ver != "v1" {
		return nil
	}
	return coderCodec(s)
}

func coderCodec(s *corpus.Stream) corpus.Codec {
	return corpus.NewFlatCodecOf[coder.SessionNotification, coder.SessionNotification](s, corpus.Stdlib)
}

// warm makes impl's codec decode and encode its whole stream once before
// it is handed to a benchmark, so that one-time costs (sonic's lazy JIT,
// the reflection caches of the others) stay out of the timed loop. Errors
// are left to the tests.
func warm(impl corpus.Impl) corpus.Impl {
	return corpus.Impl{Name: impl.Name, New: func(s *corpus.Stream) corpus.Codec {
		c := impl.New(s)
		if c == nil {
			return nil
		}
		for i, line := range s.Lines {
			if c.Decode(i, line) == nil {
				_, _ = c.Encode(i)
			}
		}
		return c
	}}
}

// streamImpls and largeImpls are the implementations of the stream and
// large benchmarks, the baseline first.
var streamImpls, largeImpls = func() ([]corpus.Impl, []corpus.LargeImpl) {
	si := []corpus.Impl{
		corpus.FlatImpl(corpus.ImplBaseline, corpus.Stdlib),
		corpus.ACPImpl(corpus.ImplAcpgen, corpus.ViaMarshal),
		corpus.FlatImpl(implGoccy, goccyLib),
	}
	li := []corpus.LargeImpl{
		corpus.FlatLarge(corpus.ImplBaseline, corpus.Stdlib),
		corpus.ACPLarge,
		corpus.FlatLarge(implGoccy, goccyLib),
	}
	if sonicNative {
		pretouchSonic()
		si = append(si, corpus.FlatImpl(implSonic, sonicLib))
		li = append(li, corpus.FlatLarge(implSonic, sonicLib))
	}
	si = append(si,
		corpus.FlatImpl(implJsoniter, jsoniterLib),
		corpus.Impl{Name: implEasyjson, New: newEasyjsonCodec},
		corpus.Impl{Name: implCoder, New: newCoderCodec},
	)
	li = append(li,
		corpus.FlatLarge(implJsoniter, jsoniterLib),
		corpus.FlatLarge(implEasyjson, easyjsonLib),
	)
	for k := range si {
		si[k] = warm(si[k])
	}
	return si, li
}()
