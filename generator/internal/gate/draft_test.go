package gate

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/generator/internal/schema"
)

// draftDocs loads a stable and an unstable schema for a draft.
func draftDocs(t *testing.T, stableFile string, stableData []byte, unstableFile string, unstableData []byte) (*schema.Doc, *schema.Doc) {
	t.Helper()
	stable, err := schema.Load(stableFile, stableData)
	if err != nil {
		t.Fatal(err)
	}
	unstable, err := schema.Load(unstableFile, unstableData)
	if err != nil {
		t.Fatal(err)
	}
	return stable, unstable
}

// featureSets reads a map and gives each feature's claims as a set of
// keys, checking on the way that the map claims every element once.
func featureSets(t *testing.T, stable, unstable *schema.Doc, file string, data []byte) map[string][]claimKey {
	t.Helper()
	elems, err := diffSchemas(stable, unstable)
	if err != nil {
		t.Fatal(err)
	}
	fm, err := ParseFeatureMap(file, data)
	if err != nil {
		t.Fatal(err)
	}
	owners, err := claimElements(fm, elems)
	if err != nil {
		t.Fatalf("the map does not fit the schemas: %v", err)
	}
	out := map[string][]claimKey{}
	for i, e := range elems {
		out[owners[i]] = append(out[owners[i]], e.key())
	}
	return out
}

// TestDraftACP drafts the vendored ACP schemas' maps. From the vendored
// map nothing changes: every claim is kept and nothing is proposed. From
// an empty map the draft claims every element once, leaves nothing
// unattributed, and reproduces exactly, element for element, the
// hand-checked features listed here: every feature that is one new method
// or a family of methods (v1's mcp_over_acp with the capability its
// McpServer variant names and the two defaults that only add it), and the
// two capabilities-and-types features it can group by references; the
// ones it splits are the hand map's subagents and plan operations (no
// method: one feature of several unconnected updates) and v1's token usage
// (grouped with the subagent updates that use it).
func TestDraftACP(t *testing.T) {
	exact := map[string][]string{
		"v1": {"unstable_auth_status", "unstable_llm_providers", "unstable_mcp_over_acp", "unstable_proxy_chains", "unstable_session_archive",
			"unstable_session_fork", "unstable_session_status", "unstable_session_title", "unstable_system_prompt"},
		"v2": {"unstable_auth_status", "unstable_end_turn_token_usage", "unstable_llm_providers", "unstable_mcp_over_acp",
			"unstable_proxy_chains", "unstable_session_archive", "unstable_session_fork", "unstable_session_status",
			"unstable_session_title", "unstable_system_prompt"},
	}
	// The figures in docs/releases.md: elements in the same feature when each drafted
	// feature is matched to the hand feature sharing most of its elements,
	// and (strict) when each hand feature is matched to one drafted feature.
	agree := map[string][3]int{"v1": {134, 128, 136}, "v2": {125, 113, 125}}
	for _, proto := range []string{"v1", "v2"} {
		t.Run(proto, func(t *testing.T) {
			in := readACPInputs(t, proto)
			stable, unstable := draftDocs(t, in.SchemaFile, in.Schema, in.UnstableFile, in.Unstable)
			hand := featureSets(t, stable, unstable, in.FeaturesFile, in.Features)

			_, rep, err := Draft(stable, unstable, in.FeaturesFile, in.Features)
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Dropped) > 0 || len(rep.Proposed) > 0 || rep.Kept == 0 {
				t.Errorf("from the vendored map: kept %d, dropped %v, proposed %v", rep.Kept, rep.Dropped, rep.Proposed)
			}

			out, _, err := Draft(stable, unstable, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			if again, _, _ := Draft(stable, unstable, "", nil); !bytes.Equal(out, again) {
				t.Error("two drafts of the same schemas differ")
			}
			draft := featureSets(t, stable, unstable, "draft.json", out)
			if len(draft[Unattributed]) > 0 {
				t.Errorf("unattributed from an empty map: %v", draft[Unattributed])
			}
			if got := exactFeatures(draft, hand); !slices.Equal(got, exact[proto]) {
				t.Errorf("hand-checked features drafted exactly from an empty map:\n got %v\nwant %v", got, exact[proto])
			}
			same, strict, total, _ := agreement(draft, hand)
			if w := agree[proto]; same != w[0] || strict != w[1] || total != w[2] {
				t.Errorf("elements in the same feature: %d (strict %d) of %d, want %v", same, strict, total, w)
			}
		})
	}
}

// exactFeatures lists the hand features some drafted feature claims
// exactly, element for element, sorted.
func exactFeatures(draft, hand map[string][]claimKey) []string {
	var got []string
	for _, name := range slices.Sorted(maps.Keys(hand)) {
		for _, d := range draft {
			if sameKeys(hand[name], d) {
				got = append(got, name)
			}
		}
	}
	return got
}

// agreement counts the elements that land in the same feature: same
// matches each drafted feature to the hand feature holding most of its
// elements, strict each hand feature to the drafted feature holding most
// of its elements (ties: the first name). In returns whether each element
// lands in the same feature (the first count).
func agreement(draft, hand map[string][]claimKey) (same, strict, total int, in map[claimKey]bool) {
	draftOf, handOf := owners(draft), owners(hand)
	best := func(from map[string][]claimKey, other map[claimKey]string) map[string]string {
		out := map[string]string{}
		for _, f := range slices.Sorted(maps.Keys(from)) {
			count := map[string]int{}
			for _, k := range from[f] {
				count[other[k]]++
			}
			for _, g := range slices.Sorted(maps.Keys(count)) {
				if count[g] > count[out[f]] {
					out[f] = g
				}
			}
		}
		return out
	}
	toHand, toDraft := best(draft, handOf), best(hand, draftOf)
	in = map[claimKey]bool{}
	for k, d := range draftOf {
		total++
		in[k] = toHand[d] == handOf[k]
		if in[k] {
			same++
		}
		if toDraft[handOf[k]] == d {
			strict++
		}
	}
	return same, strict, total, in
}

func owners(features map[string][]claimKey) map[claimKey]string {
	out := map[claimKey]string{}
	for f, keys := range features {
		for _, k := range keys {
			out[k] = f
		}
	}
	return out
}

func sameKeys(a, b []claimKey) bool {
	less := func(x, y claimKey) int {
		return strings.Compare(x.owner+"\x00"+x.member+"\x00"+x.extra+string(rune('0'+x.kind)), y.owner+"\x00"+y.member+"\x00"+y.extra+string(rune('0'+y.kind)))
	}
	return slices.EqualFunc(slices.SortedFunc(slices.Values(a), less), slices.SortedFunc(slices.Values(b), less), func(x, y claimKey) bool { return x == y })
}

// TestDraftSmall: a new method and what only it reaches make one feature
// named after it, a capability named after its subject joins it, a claim
// of the old map that matches nothing is dropped, and an element nothing
// ties to a feature is listed as unattributed.
func TestDraftSmall(t *testing.T) {
	const stable = `"Id": {"type": "integer"},
		"Caps": {"type": "object", "properties": {"fs": {"type": "boolean"}}},
		"Config": {"type": "object", "properties": {"name": {"type": "string"}}},
		"Call": {"type": "object", "properties": {"id": {"$ref": "#/$defs/Id"}, "method": {"type": "string"}, "params": {"anyOf": [{"$ref": "#/$defs/PingRequest"}]}}},
		"Reply": {"type": "object", "properties": {"id": {"$ref": "#/$defs/Id"}, "result": {"anyOf": [{"$ref": "#/$defs/PingResponse"}]}}},
		"PingRequest": {"type": "object", "x-method": "thing/ping", "x-side": "agent"},
		"PingResponse": {"type": "object", "x-method": "thing/ping", "x-side": "agent"}`
	const unstable = `"Id": {"type": "integer"},
		"Caps": {"type": "object", "properties": {"fs": {"type": "boolean"}, "title": {"$ref": "#/$defs/TitleCapabilities"}}},
		"TitleCapabilities": {"type": "object"},
		"Config": {"type": "object", "properties": {"name": {"type": "string"}, "extra": {"type": "string"}}},
		"Call": {"type": "object", "properties": {"id": {"$ref": "#/$defs/Id"}, "method": {"type": "string"}, "params": {"anyOf": [{"$ref": "#/$defs/PingRequest"}, {"$ref": "#/$defs/SetTitleRequest"}]}}},
		"Reply": {"type": "object", "properties": {"id": {"$ref": "#/$defs/Id"}, "result": {"anyOf": [{"$ref": "#/$defs/PingResponse"}, {"$ref": "#/$defs/SetTitleResponse"}]}}},
		"PingRequest": {"type": "object", "x-method": "thing/ping", "x-side": "agent"},
		"PingResponse": {"type": "object", "x-method": "thing/ping", "x-side": "agent"},
		"SetTitleRequest": {"type": "object", "properties": {"title": {"$ref": "#/$defs/Title"}}, "x-method": "thing/set_title", "x-side": "agent"},
		"SetTitleResponse": {"type": "object", "x-method": "thing/set_title", "x-side": "agent"},
		"Title": {"type": "string"}`
	doc := func(defs string) []byte {
		return []byte(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {` + defs + `}}`)
	}
	s, u := draftDocs(t, "stable.json", doc(stable), "unstable.json", doc(unstable))
	old := []byte(`{"features": {"unstable_gone": {"definitions": [{"name": "Gone"}]}}}`)
	out, rep, err := Draft(s, u, "old.json", old)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rep.Dropped, []string{"#/features/unstable_gone/definitions/0 (Gone)"}) {
		t.Errorf("dropped %v", rep.Dropped)
	}
	got := featureSets(t, s, u, "draft.json", out)
	want := []claimKey{
		{elemDefinition, "SetTitleRequest", "SetTitleRequest", ""}, {elemDefinition, "SetTitleResponse", "SetTitleResponse", ""},
		{elemDefinition, "Title", "Title", ""}, {elemDefinition, "TitleCapabilities", "TitleCapabilities", ""},
		{elemProperty, "Caps", "title", ""},
		{elemVariant, "Call.params", "SetTitleRequest", ""}, {elemVariant, "Reply.result", "SetTitleResponse", ""},
		{elemMethod, "agent", "thing/set_title", "request"},
	}
	if !sameKeys(got["unstable_thing_title"], want) {
		t.Errorf("unstable_thing_title claims %v\nwant %v", got["unstable_thing_title"], want)
	}
	if !slices.Equal(rep.Unattributed, []string{`property Config "extra" (#/$defs/Config/properties/extra)`}) {
		t.Errorf("unattributed %v", rep.Unattributed)
	}
	if len(got[Unattributed]) != 1 {
		t.Errorf("the map's %s claims %v", Unattributed, got[Unattributed])
	}
}

// TestDraftFromPreviousRelease checks the first drafting row of docs/releases.md:
// 2.3.0's map drafted from 2.2.0's (2.4.0's hand map with the claims that
// match nothing in 2.2.0 dropped), against the hand map (2.3.0 has the
// unstable-only elements of 2.4.0). It needs the releases from npm, which
// scripts/releases.sh keeps in $ACPGEN_RELEASES_DIR; without them it skips.
func TestDraftFromPreviousRelease(t *testing.T) {
	dir := os.Getenv("ACPGEN_RELEASES_DIR")
	if dir == "" {
		t.Skip("ACPGEN_RELEASES_DIR is not set (scripts/releases.sh fetches the releases into it)")
	}
	// kept claims, new elements in the same feature of new elements,
	// elements in the same feature, strict, of all, hand features exact
	want := map[string][6]int{"v1": {82, 54, 136, 136, 136, 12}, "v2": {69, 56, 125, 123, 125, 11}}
	for _, proto := range []string{"v1", "v2"} {
		t.Run(proto, func(t *testing.T) {
			old, cur := releaseDocs(t, dir, "2.2.0", proto), releaseDocs(t, dir, "2.3.0", proto)
			in := readACPInputs(t, proto)
			oldMap, _, err := Draft(old[0], old[1], in.FeaturesFile, in.Features)
			if err != nil {
				t.Fatal(err)
			}
			out, rep, err := Draft(cur[0], cur[1], "2.2.0.json", oldMap)
			if err != nil {
				t.Fatal(err)
			}
			hand := featureSets(t, cur[0], cur[1], in.FeaturesFile, in.Features)
			draft := featureSets(t, cur[0], cur[1], "draft.json", out)
			same, strict, total, agrees := agreement(draft, hand)
			kept := owners(featureSets(t, old[0], old[1], "2.2.0.json", oldMap))
			newSame := 0
			for k, ok := range agrees {
				if _, was := kept[k]; ok && !was {
					newSame++
				}
			}
			exact := len(exactFeatures(draft, hand))
			if got := [6]int{rep.Kept, newSame, same, strict, total, exact}; got != want[proto] {
				t.Errorf("kept, new in the same feature, same, strict, total, exact: %v, want %v", got, want[proto])
			}
		})
	}
}

// releaseDocs loads a release's stable and unstable schema of proto.
func releaseDocs(t *testing.T, dir, version, proto string) [2]*schema.Doc {
	t.Helper()
	read := func(name string) (string, []byte) {
		file := filepath.Join(dir, version, "package", "schema", proto, name)
		data, err := os.ReadFile(file)
		if err != nil {
			t.Skipf("release %s not fetched: %v", version, err)
		}
		return file, data
	}
	sf, sd := read("schema.json")
	uf, ud := read("schema.unstable.json")
	s, u := draftDocs(t, sf, sd, uf, ud)
	return [2]*schema.Doc{s, u}
}

// TestDraftTies: a capability member named (in snake case) in the description of a new
// method's request joins the method's feature although its name does not
// say so, a default that only adds that member follows it, and one that
// also changes a stable member's default stays unattributed.
func TestDraftTies(t *testing.T) {
	const common = `"Id": {"type": "integer"},
		"Call": {"type": "object", "properties": {"id": {"$ref": "#/$defs/Id"}, "method": {"type": "string"}, "params": {"anyOf": [%s]}}},
		"PingRequest": {"type": "object", "x-method": "thing/ping", "x-side": "agent"},
		"ThingCapabilities": {"type": "object", "properties": {"fs": {"type": "boolean"}%s}},`
	stable := fmt.Sprintf(common, `{"$ref": "#/$defs/PingRequest"}`, "") + `
		"Init": {"type": "object", "properties": {"thingCapabilities": {"allOf": [{"$ref": "#/$defs/ThingCapabilities"}], "default": {"fs": false}}, "other": {"allOf": [{"$ref": "#/$defs/ThingCapabilities"}], "default": {"fs": false}}}}`
	unstable := fmt.Sprintf(common, `{"$ref": "#/$defs/PingRequest"}, {"$ref": "#/$defs/SetTitleRequest"}`, `, "naming": {"type": "boolean"}`) + `
		"Init": {"type": "object", "properties": {"thingCapabilities": {"allOf": [{"$ref": "#/$defs/ThingCapabilities"}], "default": {"fs": false, "naming": false}}, "other": {"allOf": [{"$ref": "#/$defs/ThingCapabilities"}], "default": {"fs": true, "naming": false}}}},
		"SetTitleRequest": {"type": "object", "description": "Only available if the agent advertises ` + "`thing_capabilities.naming`" + `.", "x-method": "thing/set_title", "x-side": "agent"}`
	doc := func(defs string) []byte {
		return []byte(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {` + defs + `}}`)
	}
	s, u := draftDocs(t, "stable.json", doc(stable), "unstable.json", doc(unstable))
	out, _, err := Draft(s, u, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	got := featureSets(t, s, u, "draft.json", out)
	want := []claimKey{
		{elemDefinition, "SetTitleRequest", "SetTitleRequest", ""}, {elemVariant, "Call.params", "SetTitleRequest", ""},
		{elemMethod, "agent", "thing/set_title", "request"},
		{elemProperty, "ThingCapabilities", "naming", ""}, {elemDefault, "Init", "properties/thingCapabilities/default", ""},
	}
	if !sameKeys(got["unstable_thing_title"], want) {
		t.Errorf("unstable_thing_title claims %v\nwant %v", got["unstable_thing_title"], want)
	}
	if want := []claimKey{{elemDefault, "Init", "properties/other/default", ""}}; !sameKeys(got[Unattributed], want) {
		t.Errorf("%s claims %v, want %v", Unattributed, got[Unattributed], want)
	}
	for _, b := range []string{`"drafted-capability"`, "`thing_capabilities.naming`"} {
		if !bytes.Contains(out, []byte(b)) {
			t.Errorf("the draft has no %s", b)
		}
	}
}
