package acptest

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

// Method is one method of a side, as a schema describes it or as a
// generated method table lists it.
type Method struct {
	Side, Name     string
	Notification   bool
	Params, Result string
}

func (m Method) String() string {
	if m.Notification {
		return fmt.Sprintf("%s notification %s(%s)", m.Side, m.Name, m.Params)
	}
	return fmt.Sprintf("%s request %s(%s) %s", m.Side, m.Name, m.Params, m.Result)
}

// schemaMethods is what the schema's JSON-RPC messages say about the
// definitions they carry. It is read here independently of the generator,
// so that the tables are checked against the schema itself.
type schemaMethods struct {
	defs  map[string]any
	roles map[string]string // definition -> request, notification, result
	// sides maps a message definition (ClientRequest) to the side that
	// handles its methods (agent).
	sides map[string]string
}

// Methods lists the schema's methods: every definition with x-method and
// x-side that a message object uses as a request's params (beside an id),
// a notification's params (no id) or a request's result, each request
// with its result. Sorted by side, name, then request before notification.
func (s *Schema) Methods() ([]Method, error) {
	sm := s.readMessages()
	var out []Method
	results := map[string]string{}
	for _, name := range sortedNames(sm.defs) {
		def, _ := sm.defs[name].(map[string]any)
		method, _ := def["x-method"].(string)
		side, _ := def["x-side"].(string)
		switch role := sm.roles[name]; {
		case method == "":
		case role == "":
			return nil, fmt.Errorf("%s: x-method %q used by no message", name, method)
		case role == "result":
			results[side+" "+method] = name
		default:
			out = append(out, Method{Side: side, Name: method, Notification: role == "notification", Params: name})
		}
	}
	for i, m := range out {
		if !m.Notification {
			out[i].Result = results[m.Side+" "+m.Name]
		}
	}
	sort.Slice(out, func(i, j int) bool { return methodLess(out[i], out[j]) })
	return out, nil
}

// MessageSides maps each message definition (ClientRequest, AgentResponse)
// to the side that handles the methods it carries.
func (s *Schema) MessageSides() map[string]string {
	return s.readMessages().sides
}

func (s *Schema) readMessages() *schemaMethods {
	sm := &schemaMethods{defs: s.Defs(), roles: map[string]string{}, sides: map[string]string{}}
	sm.walk("", s.Doc)
	return sm
}

// walk visits every schema object; def is the definition it is in.
func (sm *schemaMethods) walk(def string, v any) {
	switch x := v.(type) {
	case map[string]any:
		sm.message(def, x)
		for _, k := range sortedNames(x) {
			if k == "$defs" {
				defs, _ := x[k].(map[string]any)
				for _, name := range sortedNames(defs) {
					sm.walk(name, defs[name])
				}
				continue
			}
			sm.walk(def, x[k])
		}
	case []any:
		for _, item := range x {
			sm.walk(def, item)
		}
	}
}

// message records the roles of the definitions a message object carries.
func (sm *schemaMethods) message(def string, obj map[string]any) {
	props, _ := obj["properties"].(map[string]any)
	has := func(k string) bool { _, ok := props[k]; return ok }
	role, member := "", ""
	switch {
	case has("method") && has("params") && has("id"):
		role, member = "request", "params"
	case has("method") && has("params"):
		role, member = "notification", "params"
	case has("id") && has("result"):
		role, member = "result", "result"
	default:
		return
	}
	for _, name := range refsIn(props[member]) {
		d, _ := sm.defs[name].(map[string]any)
		if side, ok := d["x-side"].(string); ok {
			sm.roles[name] = role
			if def != "" {
				sm.sides[def] = side
			}
		}
	}
}

// refsIn lists the definitions v references directly or through
// anyOf/oneOf/allOf.
func refsIn(v any) []string {
	m, _ := v.(map[string]any)
	if ref, ok := m["$ref"].(string); ok {
		return []string{strings.TrimPrefix(ref, "#/$defs/")}
	}
	var out []string
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		list, _ := m[k].([]any)
		for _, item := range list {
			out = append(out, refsIn(item)...)
		}
	}
	return out
}

func sortedNames[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func methodLess(a, b Method) bool {
	if a.Side != b.Side {
		return a.Side < b.Side
	}
	if a.Name != b.Name {
		return a.Name < b.Name
	}
	return !a.Notification && b.Notification
}

// MethodDiff compares the methods of the tables with a schema's: missing
// are the schema's methods the tables lack, extra the tables' methods the
// schema does not have (or has with other types).
func MethodDiff(tables, schema []Method) (missing, extra []Method) {
	in := func(list []Method, m Method) bool {
		for _, x := range list {
			if x.same(m) {
				return true
			}
		}
		return false
	}
	for _, m := range schema {
		if !in(tables, m) {
			missing = append(missing, m)
		}
	}
	for _, m := range tables {
		if !in(schema, m) {
			extra = append(extra, m)
		}
	}
	return missing, extra
}

// same reports whether x and m are one method. Their types compare
// without case: a table names Go types, a schema its definitions, which
// the generator names with their initialisms in capitals (SessionId is
// SessionID) and otherwise as written.
func (x Method) same(m Method) bool {
	return x.Side == m.Side && x.Name == m.Name && x.Notification == m.Notification &&
		strings.EqualFold(x.Params, m.Params) && strings.EqualFold(x.Result, m.Result)
}

// Key names the method by side, kind and name, as a feature map's method
// claims do ("agent request session/fork").
func (m Method) Key() string {
	kind := "request"
	if m.Notification {
		kind = "notification"
	}
	return m.Side + " " + kind + " " + m.Name
}

// FeatureMethods reads a feature map (schema/acp/features.v*.json) and
// maps each claimed method's Key to its feature.
func FeatureMethods(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var fm struct {
		Features map[string]struct {
			Methods []struct {
				Method    string `json:"method"`
				Kind      string `json:"kind"`
				HandledBy string `json:"handledBy"`
			} `json:"methods"`
		} `json:"features"`
	}
	if err := json.Unmarshal(data, &fm); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	out := map[string]string{}
	for name, f := range fm.Features {
		for _, m := range f.Methods {
			out[m.HandledBy+" "+m.Kind+" "+m.Method] = name
		}
	}
	return out, nil
}
