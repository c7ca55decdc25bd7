package plan_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/gen/acp/plan"
	acp1 "github.com/acpgen/acpgen/gen/acp/v1"
	acp2 "github.com/acpgen/acpgen/gen/acp/v2"
)

const (
	v1Plan = `{"sessionUpdate":"plan","_meta":{"trace":"t1"},"entries":[
		{"content":"Analyze","priority":"high","status":"completed","_meta":{"n":12345678901234567890}},
		{"content":"Refactor","priority":"medium","status":"in_progress"}]}`
	v2PlanMain = `{"sessionUpdate":"plan_update","_meta":{"trace":"t1"},"plan":{"type":"items","planId":"main","entries":[
		{"content":"Analyze","priority":"high","status":"completed","_meta":{"n":12345678901234567890}},
		{"content":"Refactor","priority":"medium","status":"in_progress"}]}}`
)

// seed 001: v1's plan becomes an item plan with the id "main"; the
// update's _meta goes onto the v2 PlanUpdate, entries keep theirs.
func TestToV2Plan(t *testing.T) {
	u, err := plan.ToV2(decodeV1(t, v1Plan))
	if err != nil {
		t.Fatal(err)
	}
	expectJSON(t, u, v2PlanMain)
	items := u.Value.(*acp2.SessionUpdatePlanUpdate).Plan.Value.(*acp2.PlanUpdateContentItems)
	if items.PlanID != plan.MainPlanID || items.Meta != nil {
		t.Errorf("items = %+v", items)
	}
}

// seed 001: an item plan goes back to v1's plan by dropping the id, any id.
func TestToV1DropsAnyID(t *testing.T) {
	for _, id := range []string{"main", "plan-1"} {
		v2 := strings.Replace(v2PlanMain, `"planId":"main"`, `"planId":"`+id+`"`, 1)
		u, err := plan.ToV1(decodeV2(t, v2), plan.ToV1Options{})
		if err != nil {
			t.Fatal(err)
		}
		expectJSON(t, u, v1Plan)
		if _, ok := u.Value.(*acp1.SessionUpdatePlan); !ok {
			t.Errorf("%s: converted to %T", id, u.Value)
		}
	}
}

// The items' _meta has no place in v1's plan: it is kept under
// MetaKeyPlanMeta, and ToV2 puts it back.
func TestItemsMetaRecorded(t *testing.T) {
	const v2 = `{"sessionUpdate":"plan_update","_meta":{"trace":"t1"},
		"plan":{"type":"items","planId":"main","_meta":{"k":[1,2]},"entries":[]}}`
	u, err := plan.ToV1(decodeV2(t, v2), plan.ToV1Options{})
	if err != nil {
		t.Fatal(err)
	}
	expectJSON(t, u, `{"sessionUpdate":"plan","entries":[],"_meta":{"trace":"t1","acpgen/v2PlanMeta":{"k":[1,2]}}}`)
	back, err := plan.ToV2(u)
	if err != nil {
		t.Fatal(err)
	}
	expectJSON(t, back, v2)
}

const v2Lossy = `{"sessionUpdate":"plan_update","plan":{"type":"items","planId":"p1","entries":[
	{"content":"a","priority":"high","status":"completed"},
	{"content":"b","priority":"low","status":"cancelled","_meta":{"keep":true}},
	{"content":"c","priority":"_urgent","status":"_blocked"},
	{"content":"d","priority":"critical","status":"pending"}]}}`

// By default a value v1 cannot express is an error listing every entry,
// and nothing is converted.
func TestToV1LossyIsError(t *testing.T) {
	u, err := plan.ToV1(decodeV2(t, v2Lossy), plan.ToV1Options{})
	var lossy *plan.LossyError
	if !errors.As(err, &lossy) {
		t.Fatalf("err = %v, want *plan.LossyError", err)
	}
	want := []plan.Loss{
		{Entry: 1, Field: "status", Value: "cancelled"},
		{Entry: 2, Field: "status", Value: "_blocked"},
		{Entry: 2, Field: "priority", Value: "_urgent"},
		{Entry: 3, Field: "priority", Value: "critical"},
	}
	if lossy.PlanID != "p1" || !reflect.DeepEqual(lossy.Losses, want) {
		t.Errorf("got %+v", lossy)
	}
	if u.Value != nil {
		t.Errorf("converted anyway: %#v", u.Value)
	}
	for _, s := range []string{`plan "p1"`, `entry 1 status "cancelled"`, `entry 3 priority "critical"`, "plan.Lenient"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("%q does not mention %s", err, s)
		}
	}
}

// With fallbacks the values are mapped and the originals recorded in the
// entries' _meta; ToV2 restores them, so v2 -> v1 -> v2 is exact.
func TestToV1LenientRecordsAndToV2Restores(t *testing.T) {
	u, err := plan.ToV1(decodeV2(t, v2Lossy), plan.Lenient)
	if err != nil {
		t.Fatal(err)
	}
	expectJSON(t, u, `{"sessionUpdate":"plan","entries":[
		{"content":"a","priority":"high","status":"completed"},
		{"content":"b","priority":"low","status":"completed","_meta":{"keep":true,"acpgen/v2Status":"cancelled"}},
		{"content":"c","priority":"medium","status":"pending","_meta":{"acpgen/v2Status":"_blocked","acpgen/v2Priority":"_urgent"}},
		{"content":"d","priority":"medium","status":"pending","_meta":{"acpgen/v2Priority":"critical"}}]}`)
	back, err := plan.ToV2(u)
	if err != nil {
		t.Fatal(err)
	}
	// The id is v1's to lose: the plan comes back as "main".
	expectJSON(t, back, strings.Replace(v2Lossy, `"planId":"p1"`, `"planId":"main"`, 1))
}

// Only a string recorded under the entry keys, and an object under
// MetaKeyPlanMeta, is restored.
func TestToV2RestoresOnlyWellFormed(t *testing.T) {
	const v1 = `{"sessionUpdate":"plan","entries":[
		{"content":"a","priority":"high","status":"pending","_meta":{"acpgen/v2Status":5}}]}`
	u, err := plan.ToV2(decodeV1(t, v1))
	if err != nil {
		t.Fatal(err)
	}
	e := u.Value.(*acp2.SessionUpdatePlanUpdate).Plan.Value.(*acp2.PlanUpdateContentItems).Entries[0]
	if e.Status != acp2.PlanEntryStatusPending || string(e.Meta) != `{"acpgen/v2Status":5}` {
		t.Errorf("entry = %+v (meta %s)", e, e.Meta)
	}
	u, err = plan.ToV2(decodeV1(t, `{"sessionUpdate":"plan","entries":[],"_meta":{"acpgen/v2PlanMeta":"x"}}`))
	if err != nil {
		t.Fatal(err)
	}
	expectJSON(t, u, `{"sessionUpdate":"plan_update","_meta":{"acpgen/v2PlanMeta":"x"},"plan":{"type":"items","planId":"main","entries":[]}}`)
}

// A fallback must give a value v1 knows; anything else would encode to
// JSON v1 peers reject.
func TestToV1FallbackMustBeKnown(t *testing.T) {
	opts := plan.ToV1Options{Status: func(s acp2.PlanEntryStatus) acp1.PlanEntryStatus { return acp1.PlanEntryStatus(s) }}
	entries := []acp2.PlanEntry{{Content: "x", Priority: "high", Status: "cancelled"}}
	_, err := plan.EntriesToV1(entries, opts)
	var lossy *plan.LossyError
	if err == nil || errors.As(err, &lossy) || !strings.Contains(err.Error(), `entry 0: the status fallback returned "cancelled"`) {
		t.Errorf("err = %v", err)
	}
}

// A value cannot be recorded in a _meta that is not an object.
func TestToV1MetaNotObject(t *testing.T) {
	entries := []acp2.PlanEntry{{Content: "x", Priority: "high", Status: "cancelled", Meta: json.RawMessage(`[1]`)}}
	if _, err := plan.EntriesToV1(entries, plan.Lenient); err == nil || !strings.Contains(err.Error(), "not a JSON object") {
		t.Errorf("err = %v", err)
	}
}

// Entries v1 can express need no options and gain no _meta.
func TestEntriesRoundTrip(t *testing.T) {
	entries := []acp2.PlanEntry{
		{Content: "a", Priority: acp2.PlanEntryPriorityLow, Status: acp2.PlanEntryStatusPending},
		{Content: "b", Priority: acp2.PlanEntryPriorityHigh, Status: acp2.PlanEntryStatusInProgress, Meta: json.RawMessage(`{"x":1}`)},
	}
	v1, err := plan.EntriesToV1(entries, plan.ToV1Options{})
	if err != nil {
		t.Fatal(err)
	}
	if v1[0].Meta != nil || string(v1[1].Meta) != `{"x":1}` {
		t.Errorf("v1 = %+v", v1)
	}
	if back := plan.EntriesToV2(v1); !reflect.DeepEqual(back, entries) {
		t.Errorf("back = %+v", back)
	}
}

// A content type neither version knows cannot go to v1, tag or not: v1's
// content union is closed.
func TestToV1UnknownContentType(t *testing.T) {
	const v2 = `{"sessionUpdate":"plan_update","plan":{"type":"_outline","planId":"o1","sections":["a"]}}`
	_, err := plan.ToV1(decodeV2(t, v2), plan.ToV1Options{})
	var unsupported *plan.UnsupportedError
	if !errors.As(err, &unsupported) || unsupported.NeedsTag || unsupported.PlanID != "o1" {
		t.Fatalf("err = %#v", err)
	}
	const want = `plan: v1 cannot express plan_update with "_outline" content (plan "o1"): v1 has no place for it, with or without unstable_plan_operations`
	if err.Error() != want {
		t.Errorf("got  %s\nwant %s", err, want)
	}
}

func TestNotPlan(t *testing.T) {
	_, err := plan.ToV2(decodeV1(t, `{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"hi"}}`))
	if !errors.Is(err, plan.ErrNotPlan) {
		t.Errorf("ToV2: err = %v", err)
	}
	_, err = plan.ToV1(decodeV2(t, `{"sessionUpdate":"agent_message_chunk","messageId":"m","content":{"type":"text","text":"hi"}}`), plan.ToV1Options{})
	if !errors.Is(err, plan.ErrNotPlan) {
		t.Errorf("ToV1: err = %v", err)
	}
	_, err = plan.ToV1(decodeV2(t, `{"sessionUpdate":"_custom","x":1}`), plan.ToV1Options{})
	if !errors.Is(err, plan.ErrNotPlan) {
		t.Errorf("ToV1 of an unknown update: err = %v", err)
	}
}

// An unset union is a programming error, not "not a plan".
func TestUnset(t *testing.T) {
	if _, err := plan.ToV2(acp1.SessionUpdate{}); err == nil || errors.Is(err, plan.ErrNotPlan) {
		t.Errorf("ToV2: err = %v", err)
	}
	if _, err := plan.ToV1(acp2.SessionUpdate{}, plan.ToV1Options{}); err == nil || errors.Is(err, plan.ErrNotPlan) {
		t.Errorf("ToV1: err = %v", err)
	}
	if _, err := plan.ToV1(acp2.NewSessionUpdatePlanUpdate(acp2.PlanUpdate{}), plan.ToV1Options{}); err == nil {
		t.Error("ToV1 of unset content: no error")
	}
}

func TestNotifications(t *testing.T) {
	const v1 = `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"sess_1","_meta":{"n":1},"update":` + v1Plan + `}}`
	n1 := notificationsV1(t, v1)[0]
	n2, err := plan.NotificationToV2(*n1)
	if err != nil {
		t.Fatal(err)
	}
	expectJSON(t, n2, `{"sessionId":"sess_1","_meta":{"n":1},"update":`+v2PlanMain+`}`)
	back, err := plan.NotificationToV1(n2, plan.ToV1Options{})
	if err != nil {
		t.Fatal(err)
	}
	expectJSON(t, back, `{"sessionId":"sess_1","_meta":{"n":1},"update":`+v1Plan+`}`)

	n2.Update = decodeV2(t, v2Lossy)
	if _, err := plan.NotificationToV1(n2, plan.ToV1Options{}); err == nil {
		t.Error("lossy notification converted")
	}
}

// The conversions copy: changing the result leaves the input alone.
func TestConversionCopies(t *testing.T) {
	in := decodeV1(t, v1Plan)
	out, err := plan.ToV2(in)
	if err != nil {
		t.Fatal(err)
	}
	items := out.Value.(*acp2.SessionUpdatePlanUpdate).Plan.Value.(*acp2.PlanUpdateContentItems)
	items.Entries[0].Meta[1] = 'X'
	out.Value.(*acp2.SessionUpdatePlanUpdate).Meta[1] = 'X'
	expectJSON(t, in, v1Plan)
}
