package naming

import (
	"fmt"
	"go/token"
	"strings"
	"unicode"
)

// initialisms are written in capitals in Go names (Go style: SessionID).
var initialisms = map[string]bool{
	"id": true, "url": true, "uri": true, "mcp": true, "http": true, "https": true,
	"sse": true, "api": true, "json": true, "acp": true, "uuid": true, "llm": true,
	"ip": true, "tcp": true, "os": true, "ui": true, "html": true, "utf8": true,
}

// GoName turns a schema name ("sessionId", "agent_message_chunk", "_meta",
// "Parse error", "date-time") into an exported Go identifier.
func GoName(s string) string {
	var b strings.Builder
	for _, w := range splitWords(s) {
		lw := strings.ToLower(w)
		if initialisms[lw] {
			b.WriteString(strings.ToUpper(lw))
			continue
		}
		r := []rune(w)
		b.WriteString(string(unicode.ToUpper(r[0])) + string(r[1:]))
	}
	name := b.String()
	// Go exports a name whose first letter is upper case (Lu); a name
	// starting with a digit, or with a letter that has no upper case
	// (日本), gets an X in front.
	if name == "" || !unicode.IsUpper([]rune(name)[0]) {
		name = "X" + name
	}
	return name
}

// splitWords splits at separators and lower-to-upper case changes.
func splitWords(s string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, string(cur))
			cur = cur[:0]
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case unicode.IsUpper(r) && i > 0 && (unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1])):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return words
}

// reservedNames are package-level identifiers of the copied runtime.
var reservedNames = []string{"DecodeError", "EncodeError", "Marshal", "AppendJSON", "Ptr", "Patch", "PatchTo", "PatchClear", "UnknownMembers"}

// Namespace hands out package-level identifiers, resolving collisions by
// suffixing: the first claimant keeps the plain name, later ones get
// "Variant", then a number. Claims happen in schema order, so the result is
// deterministic.
type Namespace struct {
	taken map[string]string // name -> schema path that claimed it
}

func NewNamespace() *Namespace {
	ns := &Namespace{taken: map[string]string{}}
	for _, n := range reservedNames {
		ns.taken[n] = "acpgen runtime"
	}
	return ns
}

// ClaimExact takes name or fails: definition names must survive unchanged so
// users find types by their protocol names.
func (ns *Namespace) ClaimExact(name, path string) error {
	if !token.IsIdentifier(name) || !token.IsExported(name) {
		return fmt.Errorf("%s: definition name %.64q is not an exported Go identifier", path, name)
	}
	if prev, ok := ns.taken[name]; ok {
		return fmt.Errorf("%s: Go name %s is already used by %s", path, name, prev)
	}
	ns.taken[name] = path
	return nil
}

// TryClaim takes name when it is free and reports whether it did: for
// names acpgen adds that are worth having only as spelled (helpers).
func (ns *Namespace) TryClaim(name, path string) bool {
	if _, ok := ns.taken[name]; ok {
		return false
	}
	ns.taken[name] = path
	return true
}

// Claim takes name, or the first free suffixed form of it.
func (ns *Namespace) Claim(name, path string) string {
	candidate := name
	for i := 1; ; i++ {
		if _, ok := ns.taken[candidate]; !ok {
			ns.taken[candidate] = path
			return candidate
		}
		if i == 1 {
			candidate = name + "Variant"
		} else {
			candidate = fmt.Sprintf("%sVariant%d", name, i)
		}
	}
}

// FieldNames gives unique Go field names within one struct.
type FieldNames map[string]bool

// NewFieldNames starts a struct's field names with those acpgen adds
// itself (the flattened union, the unknown members) and the exported
// methods it gives every struct (MarshalJSON, UnmarshalJSON, Validate),
// so that a property with such a name gets a suffix instead of clashing:
// Go allows no field and method of the same name. Properties differing
// only in case (id, ID) or converting to the same name get suffixes too,
// in schema order.
func NewFieldNames() FieldNames {
	return FieldNames{"Variant": true, "Unknown": true,
		"MarshalJSON": true, "UnmarshalJSON": true, "Validate": true}
}

func (fn FieldNames) Claim(name string) string {
	candidate := name
	for i := 2; fn[candidate]; i++ {
		candidate = fmt.Sprintf("%s%d", name, i)
	}
	fn[candidate] = true
	return candidate
}

// DropRepeatedWords removes a word that repeats the word just before it
// ("AgentResponseResultResultInitializeResponse" becomes
// "AgentResponseResultInitializeResponse"). Names built by joining an
// owner's name and a property's ("result" of the "Result" variant) repeat
// that way; a word repeated further on is kept, as it says something
// ("SessionUpdateToolCallUpdate"). Words are split as splitWords does and
// kept as written, so the result depends on the name alone.
func DropRepeatedWords(name string) string {
	var b strings.Builder
	prev := ""
	for _, w := range splitWords(name) {
		if w != prev {
			b.WriteString(w)
		}
		prev = w
	}
	return b.String()
}

// MemberType names the inline type of property prop of the type owner:
// the two joined, with a word repeated where they meet said once
// (a "result" property of AgentResponseResult is not
// AgentResponseResultResult). When that leaves the owner's name itself,
// the property's name being the owner's last word, the type is the
// owner's "Data": AgentResponseResultData.
func MemberType(owner, prop string) string {
	words, pw := splitWords(owner), splitWords(GoName(prop))
	if len(words) > 0 && pw[0] == words[len(words)-1] {
		pw = pw[1:]
	}
	if len(pw) == 0 {
		return owner + "Data"
	}
	return owner + strings.Join(pw, "")
}
