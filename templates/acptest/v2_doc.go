//go:build acptest_v2

// Package acptest is a test kit for programs built on the generated ACP
// package: an agent and a client connected in memory, recorders for both
// sides, and a deterministic test agent that does on command what a
// client must handle.
//
// A program that does not import acptest compiles and runs as before: it
// is a package of its own, beside the generated one, and uses only its
// exported API.
//
// # The pair
//
// NewPair connects an agent and a client in one process, over Pipe: no
// OS pipe, the same connection engine and rules as over one (messages in
// order, requests concurrent, notifications one at a time, cancellation),
// buffers bounded by PipeCapacity. Pair.Close ends both connections; every
// wait in the kit ends on its context or on Close.
//
//	client := &acptest.RecordingClient{}
//	p := acptest.NewPair(func(c *acp.AgentConn) acp.Agent { return acptest.NewTestAgent(c) }, client)
//	defer p.Close()
//
// # The recorders
//
// RecordingClient records every session/update and every callback in
// arrival order, and answers permission from a policy (Permission) and
// elicitations from a function. RecordingAgent records every call it gets
// and answers from a function the test sets (Answer), or with
// DefaultAnswer.
//
// # The test agent
//
// TestAgent answers every stable agent method: initialize (one auth
// method, "test-login"), auth/login, auth/logout, session/new (sending an
// available_commands_update listing these scenarios and a
// config_option_update before its answer, as agents may), session/list,
// session/resume, session/close, session/delete, tool_call/cancel and
// terminal/cancel (both cancel the running turn),
// session/set_config_option (the option "effort": "low" or "high"),
// session/cancel and extension methods (answered with their params).
//
// As ACP v2 asks, session/prompt answers once the prompt is inserted (a
// user_message update carries its message id); the turn runs after,
// between a state_update "running" and a state_update "idle" carrying the
// stop reason. The text of a prompt selects a scenario, by its first word:
//
//	echo TEXT             answers TEXT as one message chunk (any text naming no scenario is echoed whole)
//	stream N              answers N chunks of one message, "chunk 1/N" and on (at most MaxChunks)
//	thought TEXT          sends TEXT as a thought chunk
//	tools                 a tool call through pending, in_progress (a content chunk) and completed, one to failed
//	permission            state requires_action, session/request_permission (reject-once, allow-once,
//	                      reject-always, allow-always: not allowing first), state running; answers
//	                      "permission: OPTION-ID" or "permission: cancelled"
//	terminal [CMD ARGS]   an agent-owned terminal running CMD (default echo hello): terminal_update,
//	                      terminal_output_chunk, its output and exit status, and a tool call showing it
//	plan                  a plan_update of three entries, then the same plan with progress
//	updates               every session update variant once
//	elicit                elicitation/create (URL mode), then elicitation/complete; answers the client's action
//	ext                   the extension notification _acptest/note and request _acptest/ping
//	stop REASON           ends the turn with REASON: end_turn, max_tokens, max_turn_requests, refusal, cancelled
//	wait                  sends "waiting", then waits for session/cancel: the turn ends cancelled
//	fail [MESSAGE]        ends the turn with the stop reason error, an internal error carrying MESSAGE
//	all                   every scenario from echo to ext, in this order (elicit only when the client
//	                      stated elicitation with URL mode in initialize)
//
// Each turn ends end_turn unless the scenario says otherwise. The program
// cmd/acptestagent of the acpgen module serves the test agent over stdio,
// for a client's tests in another language or process.
package acptest
