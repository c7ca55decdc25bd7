package templates

import (
	"encoding/json"
	"testing"
)

// wireWithTrace adds the trace keys to params._meta and changes nothing
// else: no other member is dropped or moved, a key _meta has is kept, and
// params it cannot add to go out as they were.
func TestWithTraceMerges(t *testing.T) {
	all := map[string]string{"traceparent": "00-a-b-01", "tracestate": "k=v", "baggage": "u=1", "other": "x"}
	parent := map[string]string{"traceparent": "00-a-b-01"}
	for _, c := range []struct {
		params  string
		carrier map[string]string
		want    string
	}{
		{"", all, `{"_meta":{"traceparent":"00-a-b-01","tracestate":"k=v","baggage":"u=1"}}`},
		{"null", parent, `{"_meta":{"traceparent":"00-a-b-01"}}`},
		{"{}", parent, `{"_meta":{"traceparent":"00-a-b-01"}}`},
		{" { } ", parent, ` {"_meta":{"traceparent":"00-a-b-01"} } `},
		{`{"a":1}`, parent, `{"_meta":{"traceparent":"00-a-b-01"},"a":1}`},
		{`{"a":1,"_meta":{}}`, parent, `{"a":1,"_meta":{"traceparent":"00-a-b-01"}}`},
		{`{"a":1,"_meta":{"z":[1,{"traceparent":2}]},"b":2}`, all, `{"a":1,"_meta":{"traceparent":"00-a-b-01","tracestate":"k=v","baggage":"u=1","z":[1,{"traceparent":2}]},"b":2}`},
		{`{"_meta":{"traceparent":"mine","baggage":"b"}}`, all, `{"_meta":{"tracestate":"k=v","traceparent":"mine","baggage":"b"}}`},
		{`{"_meta":{"traceparent":"mine"}}`, parent, `{"_meta":{"traceparent":"mine"}}`},
		{`{"_meta":null,"a":1}`, parent, `{"_meta":{"traceparent":"00-a-b-01"},"a":1}`},
		{`{"_meta":"text"}`, parent, `{"_meta":"text"}`},
		{`[1]`, parent, `[1]`},
		{`{"a":1}`, nil, `{"a":1}`},
		{`{"a":1}`, map[string]string{"traceparent": "q\"\n"}, `{"_meta":{"traceparent":"q\"\n"},"a":1}`},
		{`{"a":tru`, parent, `{"a":tru`},
	} {
		got := wireWithTrace(json.RawMessage(c.params), c.carrier)
		if string(got) != c.want {
			t.Errorf("wireWithTrace(%s) = %s, want %s", c.params, got, c.want)
		}
		if string(got) == c.params {
			continue
		}
		if !json.Valid(got) {
			t.Errorf("wireWithTrace(%s) is not valid JSON: %s", c.params, got)
		}
		if wireTraceOf(got) == nil {
			t.Errorf("wireTraceOf(%s) found nothing", got)
		}
	}
}

// wireTraceOf reads only the trace keys, only as strings.
func TestTraceOf(t *testing.T) {
	got := wireTraceOf(json.RawMessage(`{"_meta":{"traceparent":"p\u0041","tracestate":1,"baggage":"b","x":"y"}}`))
	if len(got) != 2 || got["traceparent"] != "pA" || got["baggage"] != "b" {
		t.Errorf("wireTraceOf: %v", got)
	}
	for _, params := range []string{``, `null`, `[]`, `{"_meta":[]}`, `{"_meta":{}}`, `{"a":1}`} {
		if got := wireTraceOf(json.RawMessage(params)); got != nil {
			t.Errorf("wireTraceOf(%s) = %v, want nil", params, got)
		}
	}
}
