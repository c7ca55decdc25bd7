package golden

import (
	"context"
	"encoding/json"
	"testing"
)

// peer implements both sides with one Relay method: a method of x-side
// "both" has the same Go name on each side.
type peer struct {
	UnimplementedAgent
	UnimplementedClient
}

func (peer) Relay(ctx context.Context, p *RelayRequest) (*RelayResponse, error) {
	return &RelayResponse{Payload: p.Payload}, nil
}

var (
	_ Agent  = peer{}
	_ Client = peer{}
)

func TestSideBoth(t *testing.T) {
	for name, table := range map[string]*MethodTable{"agent": AgentMethods, "client": ClientMethods} {
		params, err := table.DecodeRequest("relay/message", []byte(`{"payload":"hi"}`))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if p, ok := params.(*RelayRequest); !ok || p.Payload != "hi" {
			t.Errorf("%s: params %#v", name, params)
		}
		result, err := table.DecodeResult("relay/message", []byte(`{"payload":"ho"}`))
		if r, ok := result.(*RelayResponse); err != nil || !ok || r.Payload != "ho" {
			t.Errorf("%s: result %#v, %v", name, result, err)
		}
	}
	if _, err := ClientMethods.DecodeRequest("thing/make", []byte(`{"name":"x"}`)); err == nil {
		t.Error("the client handles thing/make, a method of the agent only")
	}
}

// TestInlineErrorID: an error response's id written out as the id's
// alternatives without null decodes either alternative.
func TestInlineErrorID(t *testing.T) {
	for _, in := range []string{`{"id":7,"error":{"code":-32601,"message":"no"}}`, `{"id":"a","error":{"code":-32601,"message":"no"}}`} {
		var r AgentResponse
		if err := json.Unmarshal([]byte(in), &r); err != nil {
			t.Errorf("%s: %v", in, err)
		}
	}
	var r AgentResponse
	if err := json.Unmarshal([]byte(`{"id":null,"error":{"code":-32601,"message":"no"}}`), &r); err == nil {
		t.Error("a null id decoded, but the schema does not admit it")
	}
}
