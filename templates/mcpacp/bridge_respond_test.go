//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
)

// An event stream's events keep their JSON on one data line when the
// peer's values have line breaks between their tokens, and a JSON
// answer is the result as it came.
func TestResponderOneLineEvents(t *testing.T) {
	w := httptest.NewRecorder()
	o := &responder{w: w, id: json.RawMessage(`7`), stream: true}
	o.notifyAll([]Notification{{Method: "notifications/progress", Params: json.RawMessage("{\n\"progress\":\r\n1}")}})
	o.finish(callOutcome{result: json.RawMessage("{\"content\":\n[],\"text\":\"a\\nb\"}")})
	events := 0
	for _, line := range strings.Split(w.Body.String(), "\n") {
		if data, ok := strings.CutPrefix(line, "data: "); ok {
			events++
			if !json.Valid([]byte(data)) {
				t.Errorf("event data %q is not JSON", data)
			}
		}
	}
	if events != 2 || !strings.Contains(w.Body.String(), `"text":"a\nb"`) {
		t.Errorf("%d events:\n%s", events, w.Body.String())
	}

	w = httptest.NewRecorder()
	o = &responder{w: w, id: json.RawMessage(`"x"`)}
	o.finish(callOutcome{result: json.RawMessage("{\n}")})
	if got := w.Body.String(); got != "{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"result\":{\n}}" {
		t.Errorf("JSON answer %q", got)
	}
}
