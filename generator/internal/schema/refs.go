package schema

import (
	"fmt"
	"iter"
	"net/url"
	"path"
	"reflect"
	"slices"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/diag"
)

// References: a $ref may point to any schema of the document, by JSON
// Pointer (`#/definitions/A/properties/b`, `#` the root), by $anchor
// (`#a`) or by the $id of a schema inside it (`b.json`, `b.json#/c`),
// each resolved against the base URI its $id's set. resolveRefs walks the
// document once, indexing every schema, then resolves each reference
// with a map lookup: linear in the document, however many references
// point to one schema. Remote documents are never fetched.

// index is every schema of one document by what a reference may name.
type index struct {
	byPath  map[string]*Node // by JSON Pointer, as Node.Path writes it
	byURI   map[string]*Node // by absolute URI without fragment ($id)
	anchors map[string]*Node // by absolute URI with the anchor as fragment
	refs    []refAt          // every $ref, in walk order
	dynamic map[*Node][]Property
	draft   Drafts
	files   *Files
	errs    *diag.List
}

// refAt is a $ref and the base URI it resolves against.
type refAt struct {
	n    *Node
	base *url.URL
}

// resolveRefs resolves every $ref of doc, records the schemas they point
// to that are neither the root nor a definition in doc.Extra, and
// returns every reference it could not resolve.
func (d *Doc) resolveRefs(files *Files) error {
	var errs diag.List
	x := &index{byPath: map[string]*Node{}, byURI: map[string]*Node{}, anchors: map[string]*Node{},
		dynamic: map[*Node][]Property{}, draft: d.Draft, files: files, errs: &errs}
	file := fileURL(d.File)
	x.byURI[file.String()] = d.Root
	x.walk(d.Root, file, d.Root)
	d.DynamicAnchors = x.dynamic
	d.targets = make(map[string]*Node, len(x.refs))
	defs := make(map[*Node]bool, len(d.Defs))
	for _, p := range d.Defs {
		defs[p.Schema] = true
	}
	extra := map[*Node]bool{}
	// Resolving may load another document, whose references join the
	// list: ranging by index sees them.
	for i := 0; i < len(x.refs); i++ {
		r := x.refs[i]
		t, err := x.resolve(r)
		if err != nil {
			errs.Add(err)
			continue
		}
		d.targets[r.n.Path] = t
		d.DynamicScope = d.DynamicScope || d.DynamicName(r.n) != ""
		if t == d.Root {
			d.RootReferenced = true
		} else if !defs[t] && !extra[t] {
			extra[t] = true
			d.Extra = append(d.Extra, Property{Name: extraName(t), Schema: t})
		}
	}
	return errs.Err()
}

// extraName names a referenced schema that is not a definition: from its
// path, or, for another file's root, from the file's name.
func extraName(t *Node) string {
	if name := PathName(t.Path); name != "" {
		return name
	}
	file, _, _ := strings.Cut(t.Path, "#")
	return strings.TrimSuffix(path.Base(file), path.Ext(file))
}

// walk indexes n and every schema below it. base is the URI n's
// references resolve against until its own $id says otherwise; res is
// the root of the schema resource n is in.
func (x *index) walk(n *Node, base *url.URL, res *Node) {
	if x.byPath[n.Path] == nil {
		x.byPath[n.Path] = n
	}
	if n.ID != "" {
		base = x.identify(n, base)
		if !strings.HasPrefix(n.ID, "#") {
			res = n
		}
	}
	if n.Anchor != "" {
		x.anchors[withFragment(base, n.Anchor)] = n
	}
	if n.DynamicAnchor != "" {
		x.dynamic[res] = append(x.dynamic[res], Property{Name: n.DynamicAnchor, Schema: n})
	}
	if len(n.besideRef) > 0 {
		x.besideRef(n)
	}
	if n.Ref != "" {
		x.refs = append(x.refs, refAt{n, base})
	}
	for _, c := range n.Children() {
		x.walk(c, base, res)
	}
}

// identify records n's $id and returns the base URI below it. Draft 4's
// `id: "#a"` is an anchor.
func (x *index) identify(n *Node, base *url.URL) *url.URL {
	if a, ok := strings.CutPrefix(n.ID, "#"); ok {
		x.anchors[withFragment(base, a)] = n
		return base
	}
	u, err := url.Parse(n.ID)
	if err != nil {
		x.errs.Add(diag.At(n.Path+"/$id", "", "malformed $id %s: %v", Excerpt(n.ID), err))
		return base
	}
	u = base.ResolveReference(u)
	u.Fragment, u.RawFragment = "", ""
	x.byURI[u.String()] = n
	return u
}

// besideRef settles keywords written beside $ref by the document's draft:
// until draft 7 a $ref's siblings are ignored, so they are dropped; from
// 2019-09 on both apply, so n becomes the allOf of the reference and the
// rest, which the builder merges (MergeAllOf). The reference keeps n's
// path, under which its target is recorded (Target), and is walked first
// so that n's own entry in the index stays n's.
func (x *index) besideRef(n *Node) {
	if x.draft&(Draft2019|Draft2020) == 0 {
		n.dropKeywords(n.besideRef)
		return
	}
	ref := &Node{Path: n.Path, Ref: n.Ref, DynamicRef: n.DynamicRef, Keywords: []string{"$ref"}}
	n.AllOf = append([]*Node{ref}, n.AllOf...)
	n.Ref, n.DynamicRef = "", false
	n.Keywords = slices.DeleteFunc(n.Keywords, func(k string) bool { return k == "$ref" })
	if !n.Wrote("allOf") {
		n.Keywords = append(n.Keywords, "allOf")
	}
	n.besideRef = nil
}

// dropKeywords removes keywords from n, as if it had not been written
// with them: the table says which field each parses into.
func (n *Node) dropKeywords(names []string) {
	v := reflect.ValueOf(n).Elem()
	for _, name := range names {
		for _, f := range strings.Fields(Lookup(name).Field) {
			v.FieldByName(f).SetZero()
		}
	}
	n.Keywords = slices.DeleteFunc(n.Keywords, func(k string) bool { return slices.Contains(names, k) })
	n.besideRef = nil
}

// DynamicName is the anchor a $dynamicRef resolves in the dynamic scope:
// its fragment, when the schema it names statically has a $dynamicAnchor
// of that name ("" otherwise, and for a $ref, which resolves statically
// only). Validate's run-time schema then takes the outermost schema
// resource entered so far that has a $dynamicAnchor of the name.
func (d *Doc) DynamicName(n *Node) string {
	_, frag, _ := strings.Cut(n.Ref, "#")
	if !n.DynamicRef || frag == "" || strings.HasPrefix(frag, "/") {
		return ""
	}
	if t := d.targets[n.Path]; t != nil && t.DynamicAnchor == frag {
		return frag
	}
	return ""
}

// resolve finds the schema r's $ref points to.
func (x *index) resolve(r refAt) (*Node, error) {
	at := r.n.Path + "/$ref"
	u, err := url.Parse(r.n.Ref)
	if err != nil {
		return nil, diag.At(at, "", "malformed $ref %s: %v", Excerpt(r.n.Ref), err)
	}
	abs := r.base.ResolveReference(u)
	doc := withoutFragment(abs)
	res := x.byURI[doc]
	if res == nil {
		if res, err = x.load(doc); err != nil {
			return nil, diag.At(at, "", "$ref %s: %v", Excerpt(r.n.Ref), err)
		}
	}
	var t *Node
	switch frag := abs.Fragment; {
	case frag == "":
		t = res
	case strings.HasPrefix(frag, "/"):
		t = x.byPath[res.Path+frag]
	default:
		t = x.anchors[abs.String()]
	}
	if t == nil {
		return nil, diag.At(at, "", "$ref %s points to no schema in the document", Excerpt(r.n.Ref))
	}
	return t, nil
}

// load reads, parses and indexes the document at URL doc, which a
// reference names; its schemas' paths start with its file name.
func (x *index) load(doc string) (*Node, error) {
	name, data, err := x.files.read(doc)
	if err != nil {
		return nil, err
	}
	if err := checkDepth(data); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if err := CheckJSONSyntax(data); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	root, err := parseNode(data, name+"#")
	if err != nil {
		return nil, err
	}
	x.byURI[doc] = root
	u, _ := url.Parse(doc)
	x.walk(root, u, root)
	return root, nil
}

func withoutFragment(u *url.URL) string {
	c := *u
	c.Fragment, c.RawFragment = "", ""
	return c.String()
}

func withFragment(u *url.URL, frag string) string {
	c := *u
	c.Fragment, c.RawFragment = frag, ""
	return c.String()
}

// Target returns the schema a $ref of the document points to. It is
// looked up by n's path, so a copy of n a stage made finds it too.
func (d *Doc) Target(n *Node) (*Node, error) {
	if t := d.targets[n.Path]; t != nil {
		return t, nil
	}
	return nil, fmt.Errorf("%s: $ref %s is not resolved", n.Path, Excerpt(n.Ref))
}

// maxRefChain bounds a chain of references Follow walks: a longer one is
// a cycle of schemas that are nothing but references.
const maxRefChain = 64

// Follow yields n and then, in turn, each schema its reference points to
// (a $ref, or the one $ref of an allOf that holds nothing else), until a
// schema with no reference, one that does not resolve, or maxRefChain
// steps.
func (d *Doc) Follow(n *Node) iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		for range maxRefChain {
			if !yield(n) {
				return
			}
			r := n
			if r.Ref == "" && r.IsSingleRef() {
				r = r.AllOf[0]
			}
			if r.Ref == "" {
				return
			}
			t, err := d.Target(r)
			if err != nil {
				return
			}
			n = t
		}
	}
}
