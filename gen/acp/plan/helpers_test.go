package plan_test

import (
	"encoding/json"
	"reflect"
	"testing"

	acp1 "github.com/acpgen/acpgen/gen/acp/v1"
	acp2 "github.com/acpgen/acpgen/gen/acp/v2"
)

func decodeV1(t *testing.T, data string) acp1.SessionUpdate {
	t.Helper()
	var u acp1.SessionUpdate
	if err := json.Unmarshal([]byte(data), &u); err != nil {
		t.Fatalf("decode v1 %s: %v", data, err)
	}
	return u
}

func decodeV2(t *testing.T, data string) acp2.SessionUpdate {
	t.Helper()
	var u acp2.SessionUpdate
	if err := json.Unmarshal([]byte(data), &u); err != nil {
		t.Fatalf("decode v2 %s: %v", data, err)
	}
	return u
}

// notificationsV1 decodes JSON-RPC session/update notifications as a v1
// client does: DecodeMessage, then the client's method table.
func notificationsV1(t *testing.T, lines ...string) []*acp1.SessionNotification {
	t.Helper()
	var out []*acp1.SessionNotification
	for _, line := range lines {
		msg, err := acp1.DecodeMessage([]byte(line))
		if err != nil {
			t.Fatal(err)
		}
		n := msg.(*acp1.Notification)
		params, err := acp1.ClientMethods.DecodeNotification(n.Method, n.Params)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, params.(*acp1.SessionNotification))
	}
	return out
}

// notificationsV2 is notificationsV1 for a v2 client.
func notificationsV2(t *testing.T, lines ...string) []*acp2.UpdateSessionNotification {
	t.Helper()
	var out []*acp2.UpdateSessionNotification
	for _, line := range lines {
		msg, err := acp2.DecodeMessage([]byte(line))
		if err != nil {
			t.Fatal(err)
		}
		n := msg.(*acp2.Notification)
		params, err := acp2.ClientMethods.DecodeNotification(n.Method, n.Params)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, params.(*acp2.UpdateSessionNotification))
	}
	return out
}

// expectJSON encodes v and compares it with want, ignoring key order and
// whitespace.
func expectJSON(t *testing.T, v any, want string) {
	t.Helper()
	got, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("encode %T: %v", v, err)
	}
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("bad want %s: %v", want, err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// statuses lists the entries' statuses, to compare plans briefly.
func statuses(entries []acp2.PlanEntry) []string {
	var out []string
	for _, e := range entries {
		out = append(out, string(e.Status))
	}
	return out
}
