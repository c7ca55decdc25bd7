package acptest

import (
	"path/filepath"
	"strings"
	"testing"
)

// The checks every protocol version runs on its method tables and
// messages; the version's test supplies what needs its package's types.

// SchemaMethods reads the methods of a vendored schema file of version
// ("v1", "schema.unstable.json").
func SchemaMethods(t *testing.T, version, file string) []Method {
	t.Helper()
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	s, err := LoadSchema(filepath.Join(root, "schema", "acp", version, file))
	if err != nil {
		t.Fatal(err)
	}
	ms, err := s.Methods()
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

// RunMethodTables checks the tables' methods whatever the build tags:
// every method of the stable schema, only methods of the unstable schema,
// each with the schema's kind, params and result types, and each unstable
// feature's methods all or none.
func RunMethodTables(t *testing.T, version string, got []Method) {
	stable, unstable := SchemaMethods(t, version, "schema.json"), SchemaMethods(t, version, "schema.unstable.json")
	if len(stable) < 15 || len(unstable) <= len(stable) {
		t.Fatalf("schema methods: %d stable, %d unstable", len(stable), len(unstable))
	}
	if missing, _ := MethodDiff(got, stable); len(missing) > 0 {
		t.Errorf("stable methods missing from the tables: %v", missing)
	}
	if _, extra := MethodDiff(got, unstable); len(extra) > 0 {
		t.Errorf("table methods the schema does not have: %v", extra)
	}
	checkFeaturesWhole(t, version, got, unstable)
}

// RunExactMethods checks that the tables hold exactly the methods of one
// schema file (the stable one without tags, the unstable one with every
// feature).
func RunExactMethods(t *testing.T, version, file string, got []Method) {
	missing, extra := MethodDiff(got, SchemaMethods(t, version, file))
	if len(missing)+len(extra) > 0 {
		t.Errorf("%s: missing %v\nextra %v", file, missing, extra)
	}
}

// checkFeaturesWhole: a feature's methods are in the tables together.
func checkFeaturesWhole(t *testing.T, version string, got, unstable []Method) {
	root, _ := RepoRoot()
	features, err := FeatureMethods(filepath.Join(root, "schema", "acp", "features."+version+".json"))
	if err != nil {
		t.Fatal(err)
	}
	present := map[string]bool{}
	for _, m := range got {
		present[m.Key()] = true
	}
	on := map[string]bool{}
	for _, m := range unstable {
		if f := features[m.Key()]; f != "" && present[m.Key()] {
			on[f] = true
		}
	}
	for _, m := range unstable {
		if f := features[m.Key()]; f != "" && on[f] != present[m.Key()] {
			t.Errorf("%s: feature %s is on for some of its methods only", m, f)
		}
	}
}

// CommonMessageCases are messages every version has: extension methods of
// the agent and client sides, $/cancel_request, errors (with a null id),
// and a request without params (noParams, whose params type is
// noParamsType) or with null params.
func CommonMessageCases(pkg, noParams, noParamsType string) []MessageCase {
	wire := func(s string) []byte { return []byte(s) }
	return []MessageCase{
		{Name: "extension request", Side: "agent", Wire: wire(`{"jsonrpc":"2.0","id":"x1","method":"_acme/ping","params":{"n":[1,2]}}`), Want: "*" + pkg + ".ExtRequest"},
		{Name: "extension result", Side: "agent", Method: "_acme/ping", Wire: wire(`{"jsonrpc":"2.0","id":"x1","result":{"pong":true}}`), Want: "*" + pkg + ".ExtResponse"},
		{Name: "extension notification", Side: "client", Wire: wire(`{"jsonrpc":"2.0","method":"_acme/tick","params":[1]}`), Want: "*" + pkg + ".ExtNotification"},
		{Name: "cancel request", Side: "protocol", Wire: wire(`{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":"r7"}}`), Want: "*" + pkg + ".CancelRequestNotification"},
		{Name: "no params", Side: "agent", Wire: wire(`{"jsonrpc":"2.0","id":3,"method":"` + noParams + `"}`), Want: "*" + pkg + "." + noParamsType},
		{Name: "null params", Side: "agent", Wire: wire(`{"jsonrpc":"2.0","id":3,"method":"` + noParams + `","params":null}`), Want: "*" + pkg + "." + noParamsType},
		{Name: "error", Side: "agent", Wire: wire(`{"jsonrpc":"2.0","id":4,"error":{"code":-32601,"message":"Method not found"}}`)},
		{Name: "error with null id", Side: "agent", Wire: wire(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`)},
	}
}

// RunMessageErrors: a message that is not a valid JSON-RPC message of the
// schema fails with an error of type errType (as %T prints the package's
// *DecodeError, the codec's type under an alias: "*wire.DecodeError") whose
// path names the member at fault.
func RunMessageErrors(t *testing.T, rpc RPC, errType string) {
	for wire, want := range map[string]string{
		`{"id":1,"method":"initialize"}`:                                `$: missing required property "jsonrpc"`,
		`{"jsonrpc":"1.0","method":"session/cancel"}`:                   `$.jsonrpc: expected "2.0", got "1.0"`,
		`{"jsonrpc":"2.0","id":true,"method":"initialize"}`:             "$.id: ",
		`{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"m"}}`:   "$.error.code: ",
		`{"jsonrpc":"2.0","id":1}`:                                      "$: not a JSON-RPC message: no method, result or error",
		`{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1}}`:       "$: a response has a result or an error, not both",
		`{"jsonrpc":"2.0","method":"session/cancel","params":{"a":1,}}`: "$.params: invalid character '}'",
	} {
		_, _, err := rpc.Decode([]byte(wire))
		if err == nil || !strings.HasPrefix(err.Error(), want) || typeName(err) != errType {
			t.Errorf("%s: got %v (%s), want %s %s...", wire, err, typeName(err), errType, want)
		}
	}
}
