package naming

import (
	"fmt"
	"go/token"
	"strings"
	"unicode"
)

// initialisms are the words Go writes in capitals (SessionID, MCPServer,
// JSONRPCVersion): Go's own list, the protocol's MCP, ACP, LLM, SSE and
// JSONRPC, and FS as in io/fs. The rule is applied to whole words only, so
// Identity and Uint stay; a plural takes a lower-case s (IDs, URLs).
var initialisms = map[string]bool{
	"acl": true, "acp": true, "api": true, "ascii": true, "cpu": true, "css": true,
	"dns": true, "eof": true, "fs": true, "guid": true, "html": true, "http": true,
	"https": true, "id": true, "ip": true, "json": true, "jsonrpc": true, "llm": true,
	"mcp": true, "os": true, "rpc": true, "sql": true, "sse": true, "ssh": true,
	"tcp": true, "tls": true, "ttl": true, "udp": true, "ui": true, "uid": true,
	"uri": true, "url": true, "utf8": true, "uuid": true, "xml": true, "xsrf": true,
	"xss": true,
}

// initialism returns the word as Go writes it when it is an initialism or
// the plural of one, and false otherwise.
func initialism(w string) (string, bool) {
	lw := strings.ToLower(w)
	if initialisms[lw] {
		return strings.ToUpper(lw), true
	}
	if one, ok := strings.CutSuffix(lw, "s"); ok && initialisms[one] && !strings.HasSuffix(one, "8") {
		return strings.ToUpper(one) + "s", true
	}
	return "", false
}

// GoName turns a schema name ("sessionId", "agent_message_chunk", "_meta",
// "Parse error", "date-time") into an exported Go identifier.
func GoName(s string) string {
	var b strings.Builder
	for _, w := range splitWords(s) {
		if up, ok := initialism(w); ok {
			b.WriteString(up)
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

// TypeName is the Go name of a schema definition: the definition's name
// with its initialisms written as GoName writes them (SessionId becomes
// SessionID, McpServerHttp MCPServerHTTP), everything else as written, so
// that a type and the fields, constants and methods named after it spell
// a word alike and users still find the type by its protocol name.
func TypeName(def string) string {
	var b strings.Builder
	for _, p := range pieces(def) {
		if up, ok := initialism(p); ok {
			p = up
		}
		b.WriteString(p)
	}
	return b.String()
}

// splitWords splits a name into its words (see pieces), dropping the
// separators between them.
func splitWords(s string) []string {
	var words []string
	for _, p := range pieces(s) {
		if r := []rune(p); unicode.IsLetter(r[0]) || unicode.IsDigit(r[0]) {
			words = append(words, p)
		}
	}
	return words
}

// pieces cuts s into words and the separators between them, which joined
// give s again. A word ends at a separator, before an upper-case letter
// that follows a lower-case one or a digit (sessionId), and in a run of
// capitals before the last one when lower case follows (MCPServer: MCP,
// Server), unless only an s follows (IDs). A run of capitals that is
// initialisms end to end is those words (IDID: ID, ID; JSONRPC: JSON, RPC).
func pieces(s string) []string {
	var out []string
	rs := []rune(s)
	isWord := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	for i := 0; i < len(rs); {
		j := i + 1
		for j < len(rs) && isWord(rs[i]) == isWord(rs[j]) && (!isWord(rs[j]) || !wordStarts(rs, j)) {
			j++
		}
		out = append(out, splitCapitals(string(rs[i:j]))...)
		i = j
	}
	return out
}

// wordStarts reports whether a new word starts at rs[i] (i > 0, both
// rs[i-1] and rs[i] letters or digits): at a capital after lower case or
// a digit (sessionId), or at the last capital of a run when lower case
// other than a closing plural s follows (MCPServer, but IDs).
func wordStarts(rs []rune, i int) bool {
	prev, r := rs[i-1], rs[i]
	switch {
	case !unicode.IsUpper(r):
		return false
	case unicode.IsLower(prev) || unicode.IsDigit(prev):
		return true
	case !unicode.IsUpper(prev) || i+1 == len(rs) || !unicode.IsLower(rs[i+1]):
		return false
	}
	plural := rs[i+1] == 's' && (i+2 == len(rs) || !unicode.IsLower(rs[i+2]))
	return !plural
}

// splitCapitals splits a word of capitals only that is initialisms end to
// end into them (IDID: ID, ID); any other word is returned as it is.
func splitCapitals(w string) []string {
	if w != strings.ToUpper(w) || w == strings.ToLower(w) || len(w) < 4 {
		return []string{w}
	}
	if parts, ok := coverInitialisms(strings.ToLower(w)); ok && len(parts) > 1 {
		out := make([]string, len(parts))
		for i, p := range parts {
			out[i] = strings.ToUpper(p)
		}
		return out
	}
	return []string{w}
}

// coverInitialisms splits s into initialisms, longest first, or reports
// that it cannot be.
func coverInitialisms(s string) ([]string, bool) {
	if s == "" {
		return nil, true
	}
	for n := len(s); n > 1; n-- {
		if initialisms[s[:n]] {
			if rest, ok := coverInitialisms(s[n:]); ok {
				return append([]string{s[:n]}, rest...), true
			}
		}
	}
	return nil, false
}

// reservedNames are package-level identifiers of the copied runtime.
var reservedNames = []string{"DecodeError", "EncodeError", "Marshal", "AppendJSON", "Ptr", "Patch", "PatchTo", "PatchClear", "UnknownMembers"}

// Namespace hands out package-level identifiers, resolving collisions by
// suffixing: the first claimant keeps the plain name, a later one gets a
// number (2, then 3), a union's variant Variant first (ClaimVariant).
// Claims happen in schema order, so the result is deterministic.
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

// ClaimExact takes name or fails: definition names must survive (but for
// TypeName's initialisms) so users find types by their protocol names.
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

// Claim takes name, or the first free numbered form of it (name2, name3).
func (ns *Namespace) Claim(name, path string) string {
	return ns.claimFirst(path, name, name+"2", func(i int) string { return fmt.Sprintf("%s%d", name, i+1) })
}

// claimFirst takes the first free name of plain, second, then
// numbered(2), numbered(3) and so on.
func (ns *Namespace) claimFirst(path, plain, second string, numbered func(int) string) string {
	for i := 0; ; i++ {
		candidate := plain
		switch {
		case i == 1:
			candidate = second
		case i > 1:
			candidate = numbered(i)
		}
		if ns.TryClaim(candidate, path) {
			return candidate
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
	return FieldNames{FlatUnionField: true, "Unknown": true,
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

// Join names something after its owner: owner and suffix joined, a word
// repeated where they meet said once (the "content" variant of
// ToolCallContent is not ToolCallContentContent). When that leaves the
// owner's name itself, the caller's Namespace suffixes it as it does any
// name already taken (ToolCallContentVariant). Repeats inside owner, a
// schema's definition name (EmbeddedResourceResource), stay.
func Join(owner, suffix string) string {
	words, sw := splitWords(owner), splitWords(suffix)
	if len(words) > 0 && len(sw) > 0 && sw[0] == words[len(words)-1] {
		sw = sw[1:]
	}
	return owner + strings.Join(sw, "")
}

// MemberType names the inline type of property prop of the type owner:
// Join's name, or, when the property's name is the owner's last word, the
// owner's "Data" (a "result" property of AgentResponseResult is
// AgentResponseResultData).
func MemberType(owner, prop string) string {
	if name := Join(owner, GoName(prop)); name != owner {
		return name
	}
	return owner + "Data"
}

// Misspelt lists the words of name that are initialisms written otherwise
// than Go writes them (Id in SessionId, Mcp in McpServer): none in a name
// GoName or TypeName made, which the tests of the output check.
func Misspelt(name string) []string {
	var out []string
	for _, w := range splitWords(name) {
		if up, ok := initialism(w); ok && up != w {
			out = append(out, w)
		}
	}
	return out
}

// Repeated returns the first word name says twice in a row (Content in
// ToolCallContentContent), "" when none: Join never makes one, so only a
// schema's own definition name can hold one.
func Repeated(name string) string {
	words := splitWords(name)
	for i := 1; i < len(words); i++ {
		if words[i] == words[i-1] {
			return words[i]
		}
	}
	return ""
}
