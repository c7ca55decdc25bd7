package templates

// Need says which generated packages a runtime file belongs in. The
// generator decides from the schema, not from the file's name: a schema
// without methods gets no connection, one without patch fields no Patch.
type Need uint8

const (
	// Always: every generated package (the codec).
	Always Need = iota
	// Methods: a schema with JSON-RPC methods (the method tables, the
	// connection engine, the typed connection).
	Methods
	// ClientConn: a schema with a client connection (the agent as a
	// subprocess, the cancellable prompt).
	ClientConn
	// PatchFields: a schema whose overrides give a field patch meaning
	// (the Patch type).
	PatchFields
	// Validate: packages generated with Validate on.
	Validate
	// SchemaTable: packages generated with Validate on whose values are
	// checked against a run-time schema (the rawSchemaTable).
	SchemaTable
	// JSONEnums: a schema with an enum of numbers, booleans, null or a
	// mix (a type holding the member's JSON text).
	JSONEnums
	// MemberMaps: a schema with patternProperties, or additionalProperties
	// with a schema beside properties (typed maps beside the fields).
	MemberMaps
	// Sessions: a schema with session updates and a client connection that
	// cancels prompts: the subpackage session (ADR 0021), compiled against
	// the generated package (Reference).
	Sessions
	// HostPermissions: a session subpackage whose schema has
	// session/request_permission: the permission policies and Base.
	HostPermissions
	// HostMachine: a session subpackage whose schema has the client's file
	// system and terminal methods: the client host's Files and Terminals.
	HostMachine

	// TestKit: the test kit subpackage acptest (ADR 0022), for output that
	// speaks ACP v1 or v2 and has sessions: its files for both versions.
	TestKit
	// TestKitV1 and TestKitV2: the test kit's files for one protocol
	// version, whose methods and updates differ too much to share code.
	// Here each is compiled against its version's package: a TestKitV2
	// file carries the constraint TestKitV2Tag, a TestKitV1 file its
	// negation; the copy drops the constraint line.
	TestKitV1
	TestKitV2

	// ProxyChains: the proxy subpackage, for output whose schema has the
	// proxy chain methods (proxy/initialize, proxy/successor), compiled
	// against the generated package (Reference) under the feature's build
	// tag, which the copy replaces with the proxy side's gate.
	ProxyChains
	// LogMiddleware: the subpackage acplog (the logging middleware, on
	// log/slog), for output with methods, compiled against the generated
	// package (Reference): a package of its own, so that only a program
	// that logs this way links log/slog.
	LogMiddleware
	// MCPOverACP: the subpackage mcpacp (MCP servers carried over ACP,
	// docs/mcp-over-acp.md), for output that speaks ACP v1: its files carry
	// the build tag unstable_mcp_over_acp, as the generated package's
	// mcp/message does.
	MCPOverACP
)

// Reference is the generated package the runtime's subpackages are compiled
// and tested against here; a copy imports the output's import path instead.
const Reference = "github.com/acpgen/acpgen/gen/acp/v1"

// ReferenceV2 is the generated package the test kit's v2 files are compiled
// against here (with the build tag TestKitV2Tag); a copy imports the
// output's import path instead.
const ReferenceV2 = "github.com/acpgen/acpgen/gen/acp/v2"

// TestKitPackage is the test kit subpackage's directory, here and in the
// output; TestKitV2Tag the build tag that compiles its v2 files here
// instead of its v1 files (go test -tags acptest_v2 ./templates/acptest).
const (
	TestKitPackage = "acptest"
	TestKitV2Tag   = "acptest_v2"
)

// ProxyPackage is the proxy subpackage's directory, here and in the
// output; ProxyTag the build constraint its files carry here, which the
// copy replaces with that of the proxy side's gate.
const (
	ProxyPackage = "proxy"
	ProxyTag     = "//go:build unstable_proxy_chains || unstable"
)

// SessionPackage is the session subpackage's directory, here and in the
// output; SessionTable its generated file, whose v1 copy here
// (session/zz_v1_table.go) is not copied.
const (
	SessionPackage = "session"
	SessionTable   = "fold_table.go"
	// SessionReferenceTable is gen/acp/v1's table, which the runtime is
	// compiled against here; it is not copied.
	SessionReferenceTable = "session/zz_v1_table.go"
)

// LogPackage is the logging middleware's subpackage directory, here and
// in the output.
const LogPackage = "acplog"

// MCPPackage is the MCP-over-ACP subpackage's directory, here and in the
// output.
const MCPPackage = "mcpacp"

// File is one runtime file: its path under this directory
// (slash-separated), which Packages maps to the output package it goes
// into, and when it is copied.
type File struct {
	Name string
	Need Need
}

// Packages maps each directory of the runtime (as in File.Name) to the
// package it becomes in the output: a directory under the output's,
// slash-separated, or "" for the generated package itself. The runtime's
// own imports of its packages are rewritten to the output's
// (github.com/acpgen/acpgen/templates/<dir> becomes <import path>/<package>),
// so each is compiled and tested here as it will be there.
var Packages = map[string]string{
	".":       "",
	"wire":    "internal/wire",
	"jsonrpc": "internal/jsonrpc",
	"session": "session",
	"acptest": "acptest",
	"proxy":   "proxy",
	"mcpacp":  MCPPackage,
	"acplog":  LogPackage,
}

// Manifest lists every runtime file the generator copies, grouped by
// subject: the codec (the package wire/), what of it the generated package
// declares itself (public_), the transport-agnostic JSON-RPC engine
// (the package jsonrpc/), the protocol layer a generated connection is built from
// (protocol_) and the validation runtime (validate_). Tests are not
// listed; the package's own files (this one, embed.go) are not copied.
var Manifest = []File{
	// The generated package's own part of the codec: Marshal, AppendJSON
	// and Ptr, and the codec's types a user names (aliases).
	{"public_errors.go", Always},
	{"public_marshal.go", Always},
	{"public_unknown.go", Always},
	{"public_patch.go", PatchFields},

	// The codec (package wire, internal/wire in the output): scanning,
	// decoding, encoding, errors with paths, unknown members, json/v2
	// methods.
	{"wire/choice.go", Always},
	{"wire/copy.go", Always},
	{"wire/decode.go", Always},
	{"wire/decode_fields.go", Always},
	{"wire/decode_generic.go", Always},
	{"wire/decode_int.go", Always},
	{"wire/encode.go", Always},
	{"wire/encode_compound.go", Always},
	{"wire/encode_fields.go", Always},
	{"wire/encode_members.go", Always},
	{"wire/errors.go", Always},
	{"wire/items.go", Always},
	{"wire/iter.go", Always},
	{"wire/jsonv2.go", Always},
	{"wire/lookahead.go", Always},
	{"wire/marshal.go", Always},
	{"wire/number_fast.go", Always},
	{"wire/plainrun_amd64.go", Always},
	{"wire/plainrun_amd64.s", Always},
	{"wire/plainrun_other.go", Always},
	{"wire/quote.go", Always},
	{"wire/reader.go", Always},
	{"wire/recent.go", Always},
	{"wire/resume.go", Always},
	{"wire/scan.go", Always},
	{"wire/string.go", Always},
	{"wire/unknown.go", Always},
	{"wire/enum_json.go", JSONEnums},
	{"wire/maps.go", MemberMaps},
	// Only JSON-RPC ids keep a -0 (emit/negzero.go).
	{"wire/negzero.go", Methods},
	{"wire/patch.go", PatchFields},
	{"wire/patch_jsonv2.go", PatchFields},
	{"wire/patch_lenient.go", PatchFields},

	// The JSON-RPC engine (package jsonrpc, internal/jsonrpc in the
	// output): messages, the connection, its dispatch point, reader,
	// writer, request queue and transports.
	{"jsonrpc/batch.go", Methods},
	{"jsonrpc/conn.go", Methods},
	{"jsonrpc/dispatch.go", Methods},
	{"jsonrpc/lanes.go", Methods},
	{"jsonrpc/message.go", Methods},
	{"jsonrpc/options.go", Methods},
	{"jsonrpc/read.go", Methods},
	{"jsonrpc/relay.go", Methods},
	{"jsonrpc/reply.go", Methods},
	{"jsonrpc/requests.go", Methods},
	{"jsonrpc/serial.go", Methods},
	{"jsonrpc/transport.go", Methods},
	{"jsonrpc/workers.go", Methods},
	{"jsonrpc/write.go", Methods},

	// The protocol layer: method tables, the typed connection, the
	// message types' envelope, the connection's options, ACP's
	// cancellation, middleware (with timeouts and trace context),
	// and a client's agent process and cancellable prompt.
	{"protocol_cancel.go", Methods},
	{"protocol_conn.go", Methods},
	{"protocol_message.go", Methods},
	{"protocol_methods.go", Methods},
	{"protocol_options.go", Methods},
	{"protocol_middleware.go", Methods},
	{"protocol_middleware_meta.go", Methods},
	{"protocol_middleware_timeout.go", Methods},
	{"protocol_middleware_trace.go", Methods},
	{"protocol_agent_auth.go", ClientConn},
	{"protocol_agent_launch.go", ClientConn},
	{"protocol_agent_process.go", ClientConn},
	{"protocol_agent_process_messages.go", ClientConn},
	{"protocol_agent_process_other.go", ClientConn},
	{"protocol_agent_process_unix.go", ClientConn},
	{"protocol_agent_process_windows.go", ClientConn},
	{"protocol_agent_stderr.go", ClientConn},
	{"protocol_prompt_cancel.go", ClientConn},

	// Validation: Validate's walk, its errors, formats and limits.
	{"validate_error.go", Validate},
	{"validate_format.go", Validate},
	{"validate_limits.go", Validate},
	{"validate_numbers.go", Validate},
	{"validate_raw.go", Validate},
	{"validate_schema.go", SchemaTable},
	{"validate_equal.go", Validate},
	{"validate_walk.go", Validate},

	// Sessions: the client's sessions and turns, their state folded from
	// the updates, the agent's session registry.
	{"session/session_agent.go", Sessions},
	{"session/session_client.go", Sessions},
	{"session/session_state.go", Sessions},
	{"session/session_turn.go", Sessions},

	// The client host: the client methods that touch the machine, to embed
	// in a handler (files, terminals), and the permission policies.
	{"session/host_permissions.go", HostPermissions},
	{"session/host.go", HostMachine},
	{"session/host_files.go", HostMachine},
	{"session/host_roots.go", HostMachine},
	{"session/host_terminal.go", HostMachine},
	{"session/host_terminal_other.go", HostMachine},
	{"session/host_terminal_unix.go", HostMachine},
	{"session/host_terminals.go", HostMachine},

	// The test kit: an in-memory connected pair, recorders for both sides,
	// and the deterministic test agent with its scenarios.
	{"acptest/kit_command.go", TestKit},
	{"acptest/kit_fs.go", TestKit},
	{"acptest/kit_pipe.go", TestKit},
	{"acptest/kit_record.go", TestKit},
	{"acptest/kit_scenarios.go", TestKit},
	{"acptest/v1_agent.go", TestKitV1},
	{"acptest/v1_client.go", TestKitV1},
	{"acptest/v1_doc.go", TestKitV1},
	{"acptest/v1_pair.go", TestKitV1},
	{"acptest/v1_scenarios.go", TestKitV1},
	{"acptest/v1_testagent.go", TestKitV1},
	{"acptest/v2_agent.go", TestKitV2},
	{"acptest/v2_client.go", TestKitV2},
	{"acptest/v2_doc.go", TestKitV2},
	{"acptest/v2_pair.go", TestKitV2},
	{"acptest/v2_scenarios.go", TestKitV2},
	{"acptest/v2_testagent.go", TestKitV2},

	// Proxy chains: a component between a client and an agent, on its
	// conductor's connection.
	{"proxy/doc.go", ProxyChains},
	{"proxy/proxy_calls.go", ProxyChains},
	{"proxy/proxy_handler.go", ProxyChains},
	{"proxy/proxy_relay.go", ProxyChains},
	{"proxy/proxy_requests.go", ProxyChains},
	{"proxy/proxy_serve.go", ProxyChains},
	// The logging middleware, on log/slog.
	{"acplog/log.go", LogMiddleware},
	// MCP over ACP: the client's provider of MCP servers, the agent's
	// caller, and the loopback HTTP bridge.
	{"mcpacp/bridge.go", MCPOverACP},
	{"mcpacp/bridge_forward.go", MCPOverACP},
	{"mcpacp/bridge_http.go", MCPOverACP},
	{"mcpacp/bridge_queue.go", MCPOverACP},
	{"mcpacp/bridge_request.go", MCPOverACP},
	{"mcpacp/bridge_respond.go", MCPOverACP},
	{"mcpacp/caller.go", MCPOverACP},
	{"mcpacp/caller_routes.go", MCPOverACP},
	{"mcpacp/doc.go", MCPOverACP},
	{"mcpacp/errors.go", MCPOverACP},
	{"mcpacp/meta.go", MCPOverACP},
	{"mcpacp/provider.go", MCPOverACP},
	{"mcpacp/provider_serve.go", MCPOverACP},
	{"mcpacp/registration.go", MCPOverACP},
	{"mcpacp/server.go", MCPOverACP},
}
