package gate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// draftMap is a feature map as JSON, keeping every key the file has (the
// generator reads a few; people read the rest).
type draftMap struct {
	top      map[string]json.RawMessage
	features map[string]map[string]json.RawMessage
}

// draftSections are the claim lists of a feature, in claimKeys' order.
var draftSections = []string{"definitions", "variants", "properties", "enumValues", "defaults", "methods"}

func parseDraftBase(file string, data []byte) (*draftMap, error) {
	m := &draftMap{top: map[string]json.RawMessage{}, features: map[string]map[string]json.RawMessage{}}
	if len(bytes.TrimSpace(data)) == 0 {
		return m, nil
	}
	if _, err := ParseFeatureMap(file, data); err != nil && !strings.Contains(err.Error(), `no "features" object`) {
		return nil, err
	}
	if err := json.Unmarshal(data, &m.top); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	if raw := m.top["features"]; raw != nil {
		if err := json.Unmarshal(raw, &m.features); err != nil {
			return nil, fmt.Errorf("%s: #/features: %v", file, err)
		}
	}
	return m, nil
}

// keepMatching keeps the claims that match an element (the first claim
// of an element wins) and drops the others.
func (m *draftMap) keepMatching(elems []element, owned map[claimKey]string, rep *DraftReport) {
	exists := map[claimKey]bool{}
	for _, e := range elems {
		exists[e.key()] = true
	}
	for _, name := range slices.Sorted(maps.Keys(m.features)) {
		f := m.features[name]
		var claims featureClaims
		raw, _ := json.Marshal(f)
		_ = json.Unmarshal(raw, &claims)
		keys := claims.claimKeys(name)
		k := 0
		for _, section := range draftSections {
			var entries []json.RawMessage
			_ = json.Unmarshal(f[section], &entries)
			var kept []json.RawMessage
			for _, entry := range entries {
				c := keys[k]
				k++
				switch {
				case !exists[c.key]:
					rep.Dropped = append(rep.Dropped, c.text)
				case owned[c.key] != "":
					rep.Dropped = append(rep.Dropped, c.text+": also claimed by "+owned[c.key])
				default:
					owned[c.key] = name
					kept = append(kept, entry)
					rep.Kept++
				}
			}
			if f[section] != nil || len(kept) > 0 {
				f[section] = mustJSON(nonNil(kept))
			}
		}
	}
}

func nonNil(l []json.RawMessage) []json.RawMessage {
	if l == nil {
		return []json.RawMessage{}
	}
	return l
}

// add puts a drafted claim into its feature.
func (m *draftMap) add(d *draftElem) {
	f := m.features[d.feature]
	if f == nil {
		f = map[string]json.RawMessage{"description": mustJSON(draftDescription(d.feature))}
		m.features[d.feature] = f
	}
	claim := map[string]string{}
	section := ""
	switch d.Kind {
	case elemDefinition:
		section, claim["name"] = "definitions", d.Member
	case elemVariant:
		section, claim["union"], claim["value"] = "variants", d.Owner, d.Member
	case elemProperty:
		section, claim["definition"], claim["property"] = "properties", d.Owner, d.Member
	case elemEnumValue:
		section, claim["definition"], claim["value"] = "enumValues", d.Owner, d.Member
	case elemDefault:
		section, claim["definition"], claim["path"] = "defaults", d.Owner, d.Member
	case elemMethod:
		section, claim["method"], claim["kind"], claim["handledBy"] = "methods", d.Member, d.MsgKind, d.Side
	}
	claim["basis"], claim["evidence"] = d.basis, d.evidence
	var list []json.RawMessage
	_ = json.Unmarshal(f[section], &list)
	f[section] = mustJSON(append(list, mustJSON(claim)))
}

func draftDescription(feature string) string {
	if feature == Unattributed {
		return "DRAFT: elements acpgen could not attribute; move each to its feature and delete this one."
	}
	return "DRAFT: proposed by acpgen -draft-features; review the name and the claims."
}

// encode writes the map with counts and a check section recomputed.
func (m *draftMap) encode(elems []element) ([]byte, error) {
	claimed := 0
	for _, name := range slices.Sorted(maps.Keys(m.features)) {
		f := m.features[name]
		counts := map[string]int{}
		basis := map[string]int{}
		for _, section := range draftSections {
			var list []map[string]any
			_ = json.Unmarshal(f[section], &list)
			if f[section] == nil {
				f[section] = mustJSON([]any{})
			}
			counts[section] = len(list)
			if section != "methods" {
				claimed += len(list)
			}
			for _, c := range list {
				if b, ok := c["basis"].(string); ok {
					basis[b]++
				}
			}
		}
		f["counts"], f["basis"] = mustJSON(counts), mustJSON(basis)
	}
	only := map[string]int{}
	for _, e := range elems {
		if e.Kind != elemMethod {
			only[draftSections[e.Kind]]++
		}
	}
	m.top["features"] = mustJSON(m.features)
	m.top["check"] = mustJSON(map[string]any{"unstableOnlyElements": only, "claimed": claimed, "claimedMoreThanOnce": []string{}, "unclaimed": []string{}})
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(m.top); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // maps of strings, numbers and raw JSON always encode
	}
	return b
}
