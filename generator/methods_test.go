package generator

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/templates"
)

// Pieces of small JSON-RPC schemas for the method-table tests: a request
// ping with its result, the request, result and error messages, and their
// id and error types.
const (
	rpcPing       = `"Ping": {"type": "object", "x-method": "ping", "x-side": "agent"}`
	rpcPingResult = `"PingResult": {"type": "object", "x-method": "ping", "x-side": "agent"}`
	rpcCall       = `"Call": {"type": "object", "properties": {"id": {"$ref": "#/$defs/Id"}, "method": {"type": "string"}, "params": {"$ref": "#/$defs/Ping"}}}`
	rpcReply      = `"Reply": {"type": "object", "properties": {"id": {"$ref": "#/$defs/Id"}, "result": {"$ref": "#/$defs/PingResult"}}}`
	rpcFailure    = `"Failure": {"type": "object", "properties": {"id": {"$ref": "#/$defs/Id"}, "error": {"$ref": "#/$defs/Fault"}}}`
	rpcTypes      = `"Id": {"type": "integer"}, "Fault": {"type": "object", "properties": {"code": {"type": "integer"}}}`
)

func rpcSchema(defs ...string) Config {
	return Config{ImportPath: testImportPath, SchemaFile: "stable.json", Schema: defsSchema(strings.Join(defs, ", ")), Package: "rpc"}
}

// TestMethodErrors: a schema whose methods the tables cannot describe fails
// with the file, the schema location and the reason, and writes nothing.
func TestMethodErrors(t *testing.T) {
	all := []string{rpcPing, rpcPingResult, rpcCall, rpcReply, rpcFailure, rpcTypes}
	for _, tt := range []struct {
		name string
		cfg  Config
		want string
	}{
		{"used by no message", rpcSchema(append(all, `"Lone": {"type": "object", "x-method": "lone", "x-side": "agent"}`)...),
			`stable.json: #/$defs/Lone: x-method "lone": no JSON-RPC message of the schema has Lone as its params or result`},
		{"x-side missing", rpcSchema(append(all, `"Lone": {"type": "object", "x-method": "lone"}`)...),
			"stable.json: #/$defs/Lone: x-method and x-side go together"},
		{"request without result", rpcSchema(rpcPing, rpcCall, rpcFailure, rpcTypes),
			`stable.json: #/$defs/Ping: request "ping" of side "agent" has no result definition`},
		{"two params of one request", rpcSchema(append(all, `"Ping2": {"type": "object", "x-method": "ping", "x-side": "agent"}`,
			`"Call2": {"type": "object", "properties": {"id": {"$ref": "#/$defs/Id"}, "method": {"type": "string"}, "params": {"$ref": "#/$defs/Ping2"}}}`)...),
			`stable.json: #/$defs/Ping2: request "ping" of side "agent" is also Ping`},
		{"params and result", rpcSchema(rpcPing, rpcCall, rpcFailure, rpcTypes,
			`"Reply": {"type": "object", "properties": {"id": {"$ref": "#/$defs/Id"}, "result": {"$ref": "#/$defs/Ping"}}}`),
			"stable.json: #/$defs/Reply/properties/result: Ping is the request of one message and the result of another"},
		{"no error response", rpcSchema(rpcPing, rpcPingResult, rpcCall, rpcReply, rpcTypes),
			"stable.json: #: the schema has methods, but its JSON-RPC messages name no error type"},
		{"two id types", rpcSchema(rpcPing, rpcPingResult, rpcCall, rpcFailure, rpcTypes, `"Id2": {"type": "string"}`,
			`"Reply": {"type": "object", "properties": {"id": {"$ref": "#/$defs/Id2"}, "result": {"$ref": "#/$defs/PingResult"}}}`),
			"stable.json: #/$defs/Reply/properties/id: messages use different id types: Id and Id2"},
		{"reserved name", rpcSchema(append(all, `"Message": {"type": "string"}`)...),
			"stable.json: #: Go name Message is already used by #/$defs/Message"},
		{"null error id without a union", rpcSchema(rpcPing, rpcPingResult, rpcCall, rpcReply, rpcTypes,
			`"Failure": {"type": "object", "properties": {"id": {"type": ["integer", "null"]}, "error": {"$ref": "#/$defs/Fault"}}}`),
			"stable.json: #/$defs/Failure/properties/id: a null error-response id needs a union id type (Id is not one)"},
		{"x-side both alone", rpcSchema(rpcCall, rpcReply, rpcFailure, rpcTypes,
			`"Ping": {"type": "object", "x-method": "ping", "x-side": "both"}`, `"PingResult": {"type": "object", "x-method": "ping", "x-side": "both"}`),
			`stable.json: #/$defs/Ping: x-side "both": no method names a side of its own`},
		{"error id neither a reference nor alternatives", rpcSchema(rpcPing, rpcPingResult, rpcCall, rpcReply, rpcTypes,
			`"Failure": {"type": "object", "properties": {"id": {"anyOf": [{"type": "integer"}, {"type": "object"}]}, "error": {"$ref": "#/$defs/Fault"}}}`),
			"stable.json: #/$defs/Failure/properties/id: expected a reference to the id type, or the id's alternatives (integer, number or string, each inline) with or without null"},
	} {
		files, err := Generate(tt.cfg)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: got %v\nwant %s", tt.name, err, tt.want)
		}
		if files != nil {
			t.Errorf("%s: output despite the error", tt.name)
		}
	}
}

// TestMethodRuntime: the JSON-RPC runtime comes only with methods, and
// the client's (StartAgent's process handling, the cancellable prompt)
// only with a client connection.
func TestMethodRuntime(t *testing.T) {
	has := func(cfg Config, need templates.Need) bool {
		files, err := Generate(cfg)
		if err != nil {
			t.Fatal(err)
		}
		names := map[string]bool{}
		for _, f := range files {
			names[f.Name] = true
		}
		for _, f := range templates.Manifest {
			if f.Need == need && names[runtimeOutputName(f)] {
				return true
			}
		}
		return false
	}
	agentOnly := rpcSchema(rpcPing, rpcPingResult, rpcCall, rpcReply, rpcFailure, rpcTypes)
	if !has(agentOnly, templates.Methods) {
		t.Errorf("a schema with methods gets no method runtime")
	}
	if has(rpcSchema(defConfig), templates.Methods) {
		t.Errorf("a schema without methods gets the method runtime")
	}
	if has(agentOnly, templates.ClientConn) {
		t.Errorf("a schema without a client side gets the client runtime")
	}
	if !has(caseConfig(t, filepath.Join("testdata", "methods"), "golden"), templates.ClientConn) {
		t.Errorf("a schema with agent and client sides gets no client runtime")
	}
}

// TestMethodsEmitFeatures: a method whose feature is not emitted is left
// out with its types; the stable methods stay.
func TestMethodsEmitFeatures(t *testing.T) {
	cfg := caseConfig(t, filepath.Join("testdata", "methods"), "golden")
	cfg.EmitFeatures = []string{}
	got := generateMap(t, cfg)
	if names := generatedNames(got); names != "package_doc.go types.go types_jsonv2.go" {
		t.Errorf("files: %s", names)
	}
	if bytes.Contains(got["types.go"], []byte("thing/fork")) || !bytes.Contains(got["types.go"], []byte(`AgentMethodThingMake = "thing/make"`)) {
		t.Errorf("types.go has thing/fork or lacks thing/make")
	}
}

// TestUnstableSideBoth: an unstable method of x-side "both" (claimed once,
// handled by "both") is behind its feature's tag in every side's table,
// and a drafted map claims it so.
func TestUnstableSideBoth(t *testing.T) {
	unstable, err := os.ReadFile("testdata/methods-side-both/schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(unstable, &doc); err != nil {
		t.Fatal(err)
	}
	defs := doc["$defs"].(map[string]any)
	delete(defs, "RelayRequest")
	delete(defs, "RelayResponse")
	for _, path := range [][]string{{"ClientRequest", "params"}, {"AgentRequest", "params"}, {"AgentResponse", "result"}, {"ClientResponse", "result"}} {
		n := defs[path[0]].(map[string]any)
		if alts, ok := n["anyOf"].([]any); ok {
			n = alts[0].(map[string]any) // the result message
		}
		union := n["properties"].(map[string]any)[path[1]].(map[string]any)
		union["anyOf"] = union["anyOf"].([]any)[:1]
	}
	stable, _ := json.Marshal(doc)
	cfg := Config{ImportPath: testImportPath, SchemaFile: "stable.json", Schema: stable, UnstableFile: "unstable.json", Unstable: unstable, Package: "golden"}
	features, _, err := DraftFeatures(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(features, []byte(`"handledBy":"both"`)) && !bytes.Contains(features, []byte(`"handledBy": "both"`)) {
		t.Errorf("the draft does not claim relay/message as handled by both:\n%s", features)
	}
	cfg.FeaturesFile, cfg.Features = "features.json", features
	files, err := Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		gated := strings.Contains(f.Name, "unstable_relay_message")
		if strings.HasSuffix(f.Name, "_jsonv2.go") {
			continue // the json/v2 twins of a file's JSON methods name no method
		}
		for _, name := range []string{"AgentMethodRelayMessage =", "ClientMethodRelayMessage ="} {
			want := gated && !strings.HasSuffix(f.Name, "_off.go")
			if bytes.Contains(f.Content, []byte(name)) != want {
				t.Errorf("%s: has %q: %t, want %t", f.Name, name, !want, want)
			}
		}
	}
}

// TestClientRuntimeNames: with a client connection, the client runtime's
// names (AgentProcess, StartAgentProcess, StartAgent), the connection's constructors and the
// runtime's option and transport names are the package's, so a definition
// may not take them.
func TestClientRuntimeNames(t *testing.T) {
	for _, name := range []string{"AgentProcess", "StartAgentProcess", "StartAgent", "StartAgentAfterTerminalAuth", "AgentExitError", "LaunchOptions", "NewClientConnTransport", "Transport", "Limits", "WithTrace", "MessageError"} {
		cfg := caseConfig(t, filepath.Join("testdata", "methods"), "golden")
		cfg.UnstableFile, cfg.Unstable, cfg.FeaturesFile, cfg.Features = "", nil, "", nil
		cfg.Schema = bytes.Replace(cfg.Schema, []byte(`"$defs": {`), []byte(`"$defs": {"`+name+`": {"type": "string"},`), 1)
		_, err := Generate(cfg)
		if want := "Go name " + name + " is already used by #/$defs/" + name; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", name, err, want)
		}
	}
}

// TestProxyPackageOnlyDescribed: a schema of the user's (not acpgen's
// description of ACP) whose methods include proxy/initialize and
// proxy/successor gets no proxy subpackage, which is written against
// ACP's types and would not compile.
func TestProxyPackageOnlyDescribed(t *testing.T) {
	cfg := rpcSchema(
		`"ProxyInit": {"type": "object", "x-method": "proxy/initialize", "x-side": "agent"}`,
		`"ProxyInitResult": {"type": "object", "x-method": "proxy/initialize", "x-side": "agent"}`,
		`"ProxySucc": {"type": "object", "x-method": "proxy/successor", "x-side": "agent"}`,
		`"ProxySuccResult": {"type": "object", "x-method": "proxy/successor", "x-side": "agent"}`,
		`"Call": {"type": "object", "properties": {"id": {"$ref": "#/$defs/Id"}, "method": {"type": "string"}, "params": {"anyOf": [{"$ref": "#/$defs/ProxyInit"}, {"$ref": "#/$defs/ProxySucc"}]}}}`,
		`"Reply": {"type": "object", "properties": {"id": {"$ref": "#/$defs/Id"}, "result": {"anyOf": [{"$ref": "#/$defs/ProxyInitResult"}, {"$ref": "#/$defs/ProxySuccResult"}]}}}`,
		rpcFailure, rpcTypes)
	files, err := Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	methods := false
	for _, f := range files {
		if strings.HasPrefix(f.Name, templates.ProxyPackage+"/") {
			t.Errorf("the user's schema got %s", f.Name)
		}
		methods = methods || bytes.Contains(f.Content, []byte(`"proxy/successor"`))
	}
	if !methods {
		t.Error("the schema's proxy methods are not in the output: the test tests nothing")
	}
}
