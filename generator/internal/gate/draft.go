package gate

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/schema"
)

// Drafting a feature map: the schemas say which elements only the unstable
// schema has, but not which feature each belongs to. A draft keeps every
// claim of an existing map (possibly an older release's, possibly empty)
// that still matches, drops the rest, and proposes a feature for each
// unclaimed element from the structure of the schema:
//
//  1. a new method is a feature named after it (session/set_title:
//     unstable_session_title); methods of a namespace no stable method
//     uses (providers/list, providers/set) are one feature, and so are
//     a method and its _update or un- twin (auth/status and
//     auth/status_update, session/archive and session/unarchive);
//  2. an unstable-only definition that the elements of exactly one feature
//     reach, through unstable-only definitions only, joins that feature;
//     a variant, property, enum value or default whose new types (or whose
//     owner definition) belong to one feature joins it, and so does a
//     capability member that the description of a feature's element names
//     (`mcp_capabilities.acp`) or a default that only adds members of one
//     feature (the ties of draft_ties.go); repeated until nothing changes;
//  3. an element named after exactly one feature's subject
//     (SessionCapabilities.title: unstable_session_title) joins it, and
//     step 2 runs again for what it reaches;
//  4. what is left is grouped by the references and ties between its
//     elements into features named after them (basis "drafted-group", to
//     review), and an element connected to nothing is unattributed: it
//     goes into the feature unstable_unattributed for a person to move.
//     A group that a required property ties to another feature merges
//     into it (crossMembers): v1's McpServer transport `acp`, its
//     capability and the defaults that add it join mcp/message so.
//
// Every proposal carries its evidence in the claim's basis and evidence,
// the way the hand-written maps do.

// DraftReport is what a draft did, for the person who reviews it.
type DraftReport struct {
	Kept         int
	Dropped      []string            // claims of the old map that match nothing
	Proposed     map[string][]string // new or grown feature -> elements added
	Grouped      []string            // features proposed from references alone
	Unattributed []string
	Conflicts    []string // required properties whose type another feature claims
}

// Unattributed is the feature a draft puts the elements it cannot
// attribute in.
const Unattributed = "unstable_unattributed"

// draftElem is an unclaimed element while the draft attributes it.
type draftElem struct {
	element
	refs     []string // unstable-only definitions its schema references
	follows  []tie    // elements whose feature it takes (draft_ties.go)
	feature  string
	basis    string
	evidence string
}

// Draft writes a feature map for the two schemas, starting from the map in
// mapData (empty or nil: no claims). The result is indented JSON.
func Draft(stable, unstable *schema.Doc, mapFile string, mapData []byte) ([]byte, *DraftReport, error) {
	elems, err := diffSchemas(stable, unstable)
	if err != nil {
		return nil, nil, err
	}
	var s, u map[string]any
	if err := decodeGeneric(stable.Data, &s); err != nil {
		return nil, nil, fmt.Errorf("%s: %v", stable.File, err)
	}
	if err := decodeGeneric(unstable.Data, &u); err != nil {
		return nil, nil, fmt.Errorf("%s: %v", unstable.File, err)
	}
	base, err := parseDraftBase(mapFile, mapData)
	if err != nil {
		return nil, nil, err
	}
	rep := &DraftReport{Proposed: map[string][]string{}}
	owned := map[claimKey]string{}
	base.keepMatching(elems, owned, rep)

	newDefs := map[string]bool{}
	for _, e := range elems {
		if e.Kind == elemDefinition {
			newDefs[e.Member] = true
		}
	}
	defs, _ := u["$defs"].(map[string]any)
	var open []*draftElem
	for _, e := range elems {
		if owned[e.key()] != "" {
			continue
		}
		d := &draftElem{element: e}
		for _, r := range schemaRefs(resolvePointer(u, e.Path)) {
			if newDefs[r] && !slices.Contains(d.refs, r) {
				d.refs = append(d.refs, r)
			}
		}
		open = append(open, d)
	}
	dr := &drafter{base: base, owned: owned, defs: defs, newDefs: newDefs, stableNS: stableNamespaces(stable), grouped: map[string]bool{}}
	dr.findTies(elems, open, u, s)
	dr.byMethod(open)
	dr.byReach(elems, open)
	dr.byName(open)
	dr.byReach(elems, open) // what the named elements reach
	dr.byGroup(open, rep)
	cross := dr.crossMembers(elems, open, rep)
	for _, d := range open {
		base.add(d)
		rep.Proposed[d.feature] = append(rep.Proposed[d.feature], d.String())
		if d.feature == Unattributed {
			rep.Unattributed = append(rep.Unattributed, d.String())
		}
	}
	rep.Grouped = slices.DeleteFunc(rep.Grouped, func(f string) bool { return len(rep.Proposed[f]) == 0 })
	base.top["crossFeatureMembers"] = mustJSON(cross)
	out, err := base.encode(elems)
	return out, rep, err
}

// crossMembers finds the properties whose owner belongs to one feature and
// whose type to another. An optional one needs both features (a
// crossFeatureMembers entry); a required one cannot be gated apart from
// its type, so a feature the draft proposed merges into the other (else
// the report says so). It returns the entries, sorted.
func (dr *drafter) crossMembers(elems []element, open []*draftElem, rep *DraftReport) []crossMember {
	for {
		var out []crossMember
		merged := false
		featureOf := map[string]string{}
		for _, e := range elems {
			if f := dr.owned[e.key()]; f != "" && e.Kind == elemDefinition {
				featureOf[e.Member] = f
			}
		}
		for _, d := range open {
			if d.Kind == elemDefinition {
				featureOf[d.Member] = d.feature
			}
		}
		check := func(def, prop, owner string, required bool) {
			for _, r := range schemaRefs(resolvePointerDefs(dr.defs, "#/$defs/"+def+"/properties/"+prop)) {
				tf := featureOf[r]
				if tf == "" || tf == owner || merged {
					continue
				}
				if !required {
					out = append(out, crossMember{Definition: def, Property: prop, OwnerFeature: owner, TypeFeature: tf, Ref: r})
					continue
				}
				from, to := tf, owner
				if dr.base.features[tf] != nil {
					from, to = owner, tf
				}
				if dr.base.features[from] != nil || from == Unattributed || to == Unattributed {
					rep.Conflicts = append(rep.Conflicts, fmt.Sprintf("required property %s.%s of feature %s has a type of feature %s (%s)", def, prop, owner, tf, r))
					continue
				}
				for _, d := range open {
					if d.feature == from {
						d.feature, d.evidence = to, d.evidence+"; merged into "+to+": required property "+def+"."+prop+" needs both"
					}
				}
				merged = true
			}
		}
		for _, def := range slices.Sorted(maps.Keys(featureOf)) {
			f := featureOf[def]
			node, _ := dr.defs[def].(map[string]any)
			props, _ := node["properties"].(map[string]any)
			for _, prop := range slices.Sorted(maps.Keys(props)) {
				check(def, prop, f, isRequired(node, prop))
			}
		}
		for _, e := range elems {
			f := dr.owned[e.key()]
			for _, d := range open {
				if d.element.Path == e.Path {
					f = d.feature
				}
			}
			if e.Kind == elemProperty && f != "" {
				node, _ := dr.defs[e.Owner].(map[string]any)
				check(e.Owner, e.Member, f, isRequired(node, e.Member))
			}
		}
		if !merged {
			slices.SortFunc(out, func(a, b crossMember) int {
				return strings.Compare(a.Definition+"."+a.Property, b.Definition+"."+b.Property)
			})
			rep.Conflicts = slices.Compact(slices.Sorted(slices.Values(rep.Conflicts)))
			return out
		}
		rep.Conflicts = nil
	}
}

func isRequired(def map[string]any, prop string) bool {
	req, _ := def["required"].([]any)
	return slices.Contains(req, any(prop))
}

// drafter holds what the attribution steps share.
type drafter struct {
	base     *draftMap
	owned    map[claimKey]string // kept claims
	defs     map[string]any
	newDefs  map[string]bool
	stableNS map[string]bool
	subjects map[string][]string // feature -> words naming its subject
	grouped  map[string]bool     // features byGroup proposed
}

// stableNamespaces are the first segments of the stable schema's method
// names that have one ("session" of session/new).
func stableNamespaces(stable *schema.Doc) map[string]bool {
	out := map[string]bool{}
	for _, d := range stable.Defs {
		if ns, _, ok := strings.Cut(d.Schema.Method, "/"); ok {
			out[ns] = true
		}
	}
	return out
}

// byMethod makes a feature of each new method (step 1) and gives it the
// definitions of the method's params and result.
func (dr *drafter) byMethod(open []*draftElem) {
	dr.subjects = map[string][]string{}
	for name := range dr.base.features {
		dr.subjects[name] = featureWords(name)
	}
	methodFeature := map[string]string{}
	var methods []string
	for _, d := range open {
		if d.Kind == elemMethod && !slices.Contains(methods, d.Member) {
			methods = append(methods, d.Member)
		}
	}
	for _, m := range methods {
		methodFeature[m] = dr.methodFeature(m, methods)
	}
	for _, d := range open {
		if d.Kind != elemMethod {
			continue
		}
		d.feature, d.basis = methodFeature[d.Member], "drafted-method"
		d.evidence = fmt.Sprintf("new method %s (%s handled by %s)", d.Member, d.MsgKind, d.Side)
		if d.feature != "unstable_"+snakeMethod(d.Member) {
			d.evidence += "; named after its family"
		}
	}
	for _, d := range open {
		if d.Kind != elemDefinition {
			continue
		}
		if def, _ := dr.defs[d.Member].(map[string]any); def != nil {
			if m, _ := def["x-method"].(string); m != "" && methodFeature[m] != "" {
				d.feature, d.basis = methodFeature[m], "drafted-method"
				d.evidence = "x-method " + m
			}
		}
	}
}

// methodFeature names the feature of method m among the new methods.
func (dr *drafter) methodFeature(m string, methods []string) string {
	ns, rest, ok := strings.Cut(m, "/")
	if !ok {
		return "unstable_" + snakeMethod(m)
	}
	subject := methodSubject(rest)
	if !dr.stableNS[ns] {
		// A namespace of new methods only is one family, named after
		// the namespace unless its methods share one subject.
		for _, o := range methods {
			if o2, r2, ok := strings.Cut(o, "/"); ok && o2 == ns && methodSubject(r2) != subject {
				return "unstable_" + snakeMethod(ns)
			}
		}
	}
	for _, o := range methods {
		if o2, r2, ok := strings.Cut(o, "/"); ok && o2 == ns && o != m {
			if s2 := methodSubject(r2); strings.TrimPrefix(subject, "un") == s2 {
				subject = s2 // session/unarchive joins session/archive
			}
		}
	}
	return "unstable_" + snakeMethod(ns) + "_" + subject
}

// methodSubject is the last segment of a method name without the verb
// ("set_title": "title") or an "_update" suffix ("status_update": "status").
func methodSubject(seg string) string {
	seg = snakeMethod(seg)
	for _, verb := range []string{"set_", "get_", "list_", "create_", "delete_"} {
		if s, ok := strings.CutPrefix(seg, verb); ok && s != "" {
			seg = s
			break
		}
	}
	for _, suffix := range []string{"_update", "_changed"} {
		if s, ok := strings.CutSuffix(seg, suffix); ok && s != "" {
			seg = s
		}
	}
	return seg
}

// snakeMethod turns a method name or segment into lower-case words joined
// by "_" (a build tag's letters).
func snakeMethod(s string) string {
	var b strings.Builder
	prevLower := false
	for _, r := range s {
		switch {
		case r >= 'A' && r <= 'Z':
			if prevLower {
				b.WriteByte('_')
			}
			b.WriteRune(r - 'A' + 'a')
			prevLower = false
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
			prevLower = true
		default:
			if b.Len() > 0 && !strings.HasSuffix(b.String(), "_") {
				b.WriteByte('_')
			}
			prevLower = false
		}
	}
	return strings.Trim(b.String(), "_")
}

// featureWords are the words of a feature's name that name its subject:
// without "unstable".
func featureWords(name string) []string {
	var out []string
	for _, w := range strings.Split(name, "_") {
		if w != "" && w != "unstable" {
			out = append(out, w)
		}
	}
	return out
}

// byReach attributes by references and ties (step 2) until nothing
// changes.
func (dr *drafter) byReach(elems []element, open []*draftElem) {
	for changed := true; changed; {
		changed = false
		// Which features reach each open definition, through
		// unstable-only definitions not claimed by another feature.
		member := map[string]string{} // definition -> feature
		for _, e := range elems {
			if f := dr.owned[e.key()]; f != "" && e.Kind == elemDefinition {
				member[e.Member] = f
			}
		}
		for _, d := range open {
			if d.feature != "" && d.Kind == elemDefinition {
				member[d.Member] = d.feature
			}
		}
		reach := map[string]map[string]bool{} // definition -> features
		var visit func(def, feature string)
		visit = func(def, feature string) {
			if reach[def] == nil {
				reach[def] = map[string]bool{}
			}
			if reach[def][feature] || (member[def] != "" && member[def] != feature) {
				return
			}
			reach[def][feature] = true
			for _, r := range schemaRefs(dr.defs[def]) {
				if dr.newDefs[r] {
					visit(r, feature)
				}
			}
		}
		for def, f := range member {
			visit(def, f)
		}
		for _, d := range open {
			if d.feature != "" {
				for _, r := range d.refs {
					visit(r, d.feature)
				}
			}
		}
		for _, e := range elems {
			if f := dr.owned[e.key()]; f != "" && e.Kind != elemDefinition {
				for _, r := range schemaRefs(resolvePointerDefs(dr.defs, e.Path)) {
					if dr.newDefs[r] {
						visit(r, f)
					}
				}
			}
		}
		// A definition an open element references waits for it.
		waiting := map[string]bool{}
		for _, d := range open {
			if d.feature == "" {
				refs := d.refs
				if d.Kind == elemDefinition {
					refs = schemaRefs(dr.defs[d.Member])
				}
				for _, r := range refs {
					waiting[r] = r != d.Member
				}
			}
		}
		for _, d := range open {
			if d.feature != "" || d.Kind == elemDefinition && waiting[d.Member] {
				continue
			}
			var cands []string
			var why string
			switch d.Kind {
			case elemDefinition:
				cands = slices.Sorted(maps.Keys(reach[d.Member]))
				why = "reached only from feature %s"
			case elemEnumValue, elemDefault, elemVariant, elemProperty:
				set := map[string]bool{}
				for _, r := range d.refs {
					if f := member[r]; f != "" {
						set[f] = true
					}
				}
				owner, _, _ := strings.Cut(d.Owner, ".")
				if f := member[owner]; f != "" && len(d.refs) == 0 {
					set[f] = true
				}
				cands = slices.Sorted(maps.Keys(set))
				why = "its new types belong to feature %s"
			}
			basis := "drafted-reach"
			if len(cands) == 0 && len(d.follows) > 0 {
				basis, why = d.follows[0].basis, d.follows[0].evidence
			}
			cands, ok := dr.withTies(d, cands, open)
			if ok && len(cands) == 1 {
				d.feature, d.basis, d.evidence = cands[0], basis, fmt.Sprintf(why, cands[0])
				changed = true
			}
		}
	}
}

// withTies adds the features of the elements d follows to cands, the
// features d's references give it. Ties only add evidence: one whose
// element has no feature yet is skipped, unless d has nothing else to go
// by; then d waits for it (ok false).
func (dr *drafter) withTies(d *draftElem, cands []string, open []*draftElem) (_ []string, ok bool) {
	fromRefs := len(cands) > 0
	for _, t := range d.follows {
		f := dr.owned[t.key]
		for _, o := range open {
			if o.key() == t.key {
				f = o.feature
			}
		}
		switch {
		case f == "" && !fromRefs:
			return nil, false
		case f != "" && !slices.Contains(cands, f):
			cands = append(cands, f)
		}
	}
	slices.Sort(cands)
	return cands, true
}

// byName attributes an element named after exactly one feature's subject
// (step 3): each word of the feature but the method's namespace must be a
// word (or the start of a word) of the element's own name.
func (dr *drafter) byName(open []*draftElem) {
	for _, d := range open {
		if d.feature != "" || d.Kind == elemMethod {
			continue
		}
		for _, d2 := range open {
			if d2.feature != "" && dr.subjects[d2.feature] == nil {
				dr.subjects[d2.feature] = featureWords(d2.feature)
			}
		}
		// A property (sessionCapabilities.title) needs the subject's
		// last word, and its owner's words break ties; a definition or
		// variant needs every word (SessionStatusCapabilities).
		words, owner := nameWords(d.Member), nameWords(d.Owner)
		var best []string
		bestScore := 0
		for _, f := range slices.Sorted(maps.Keys(dr.subjects)) {
			if f == Unattributed {
				continue
			}
			subject := dr.subjects[f]
			score, all := 0, true
			for _, w := range subject {
				switch {
				case hasWordPrefix(words, w):
					score += 2
				case d.Kind == elemProperty && hasWordPrefix(owner, w):
					score++
					all = false
				default:
					all = false
				}
			}
			last := len(subject) > 0 && hasWordPrefix(words, subject[len(subject)-1])
			if !last || (d.Kind != elemProperty && !all) {
				continue
			}
			switch {
			case score > bestScore:
				best, bestScore = []string{f}, score
			case score == bestScore:
				best = append(best, f)
			}
		}
		if len(best) == 1 {
			d.feature, d.basis = best[0], "drafted-name"
			d.evidence = fmt.Sprintf("%q is named after the subject of %s", d.Member, best[0])
		}
	}
}

// nameWords splits a camel-case or snake-case name into lower-case words.
func nameWords(name string) []string {
	return strings.Split(snakeMethod(name), "_")
}

func hasWordPrefix(words []string, w string) bool {
	for _, x := range words {
		if len(w) >= 3 && strings.HasPrefix(x, w) || x == w {
			return true
		}
	}
	return false
}

// byGroup groups what is left by references and ties (step 4).
func (dr *drafter) byGroup(open []*draftElem, rep *DraftReport) {
	var rest []*draftElem
	for _, d := range open {
		if d.feature == "" {
			rest = append(rest, d)
		}
	}
	parent := make([]int, len(rest))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			i = parent[i]
		}
		return i
	}
	defIndex := map[string]int{}
	for i, d := range rest {
		if d.Kind == elemDefinition {
			defIndex[d.Member] = i
		}
	}
	keyIndex := map[claimKey]int{}
	for i, d := range rest {
		keyIndex[d.key()] = i
	}
	for i, d := range rest {
		refs := d.refs
		if d.Kind == elemDefinition {
			refs = schemaRefs(dr.defs[d.Member])
		}
		for _, r := range refs {
			if j, ok := defIndex[r]; ok {
				parent[find(i)] = find(j)
			}
		}
		for _, t := range d.follows {
			if j, ok := keyIndex[t.key]; ok {
				parent[find(i)] = find(j)
			}
		}
	}
	groups := map[int][]*draftElem{}
	var roots []int
	for i := range rest {
		r := find(i)
		if groups[r] == nil {
			roots = append(roots, r)
		}
		groups[r] = append(groups[r], rest[i])
	}
	for _, r := range roots {
		g := groups[r]
		if len(g) == 1 {
			g[0].feature, g[0].basis = Unattributed, "unattributed"
			g[0].evidence = "no method, reference or name ties it to a feature: move it to the right one"
			continue
		}
		name := dr.groupName(g)
		for _, d := range g {
			d.feature, d.basis = name, "drafted-group"
			d.evidence = fmt.Sprintf("connected by references (or a capability a description names, or a member a default adds) to the other %d elements of %s; review the name and the members", len(g)-1, name)
		}
		if !slices.Contains(rep.Grouped, name) {
			rep.Grouped = append(rep.Grouped, name)
		}
	}
}

// groupName names a group after a property it adds (a capability, most of
// the time), or else its first definition; a name taken gets a number.
func (dr *drafter) groupName(g []*draftElem) string {
	base := ""
	for _, d := range g {
		if d.Kind == elemProperty {
			base = snakeMethod(d.Member)
			break
		}
	}
	if base == "" {
		base = snakeMethod(g[0].Member)
	}
	name := "unstable_" + base
	if dr.grouped[name] {
		return name // two groups named alike are one feature
	}
	for i := 2; dr.base.features[name] != nil || dr.subjects[name] != nil || !validFeatureName(name); i++ {
		name = fmt.Sprintf("unstable_%s_v%d", base, i)
	}
	dr.subjects[name] = featureWords(name)
	dr.grouped[name] = true
	return name
}

// schemaRefs lists the definitions referenced anywhere in v, in order.
func schemaRefs(v any) []string {
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if r, ok := v["$ref"].(string); ok {
				if name, ok := strings.CutPrefix(r, "#/$defs/"); ok {
					out = append(out, unescapePointer(name))
				}
			}
			for _, k := range slices.Sorted(maps.Keys(v)) {
				walk(v[k])
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(v)
	return out
}

// resolvePointer follows a "#/a/b" JSON pointer into a decoded document.
func resolvePointer(doc any, ptr string) any {
	cur := doc
	for _, tok := range strings.Split(strings.TrimPrefix(strings.TrimPrefix(ptr, "#"), "/"), "/") {
		if tok == "" {
			continue
		}
		tok = unescapePointer(tok)
		switch c := cur.(type) {
		case map[string]any:
			cur = c[tok]
		case []any:
			i := 0
			if _, err := fmt.Sscanf(tok, "%d", &i); err != nil || i < 0 || i >= len(c) {
				return nil
			}
			cur = c[i]
		default:
			return nil
		}
	}
	return cur
}

func resolvePointerDefs(defs map[string]any, ptr string) any {
	rest, ok := strings.CutPrefix(ptr, "#/$defs/")
	if !ok {
		return nil
	}
	return resolvePointer(map[string]any(defs), "#/"+rest)
}

func unescapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}
