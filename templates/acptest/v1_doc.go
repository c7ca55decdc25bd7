//go:build !acptest_v2

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
//	client := &acptest.RecordingClient{Files: acptest.NewMemFS(nil)}
//	p := acptest.NewPair(func(c *acp.AgentConn) acp.Agent { return acptest.NewTestAgent(c) }, client)
//	defer p.Close()
//
// # The recorders
//
// RecordingClient records every session/update and every callback in
// arrival order, and answers permission from a policy (Permission), files
// from an in-memory file system (MemFS), terminals from a scripted result
// (TerminalResult) and elicitations from a function. RecordingAgent
// records every call it gets and answers from a function the test sets
// (Answer), or with DefaultAnswer.
//
// # The test agent
//
// TestAgent answers every stable agent method: initialize (with every
// session capability and one auth method, "test-login"), authenticate,
// logout, session/new (sending an available_commands_update listing these
// scenarios and a current_mode_update before its answer, as agents may),
// session/load (replaying the session's prompts and answers before its
// answer), session/list, session/resume, session/close, session/delete,
// session/set_mode (modes "ask" and "code"), session/set_config_option
// (the option "effort": "low" or "high"), session/cancel and extension
// methods (answered with their params). The text of a prompt selects a
// scenario, by its first word:
//
//	echo TEXT             answers TEXT as one message chunk (any text naming no scenario is echoed whole)
//	stream N              answers N message chunks, "chunk 1/N" and on (at most MaxChunks)
//	thought TEXT          sends TEXT as a thought chunk
//	tools                 a tool call through pending, in_progress and completed (text and diff content), one to failed
//	permission            asks permission (reject-once, allow-once, reject-always, allow-always: not allowing
//	                      first) and answers "permission: OPTION-ID" or "permission: cancelled"
//	write PATH TEXT       fs/write_text_file of TEXT to PATH (relative to the session's cwd)
//	read PATH [LINE [LIMIT]]  fs/read_text_file, answering the content
//	files                 writes notes.txt ("one\ntwo\nthree\n"), reads line 2 back and answers it
//	terminal [CMD ARGS]   terminal/create (default echo hello), terminal/wait_for_exit, terminal/output,
//	                      terminal/kill, terminal/release, with a tool call showing the terminal
//	plan                  a plan of three entries, then the same plan with progress
//	updates               every session update variant once
//	elicit                elicitation/create (URL mode), then elicitation/complete; answers the client's action
//	ext                   the extension notification _acptest/note and request _acptest/ping
//	stop REASON           ends the turn with REASON: end_turn, max_tokens, max_turn_requests, refusal, cancelled
//	wait                  sends "waiting", then waits for session/cancel: the turn ends cancelled
//	fail [MESSAGE]        the prompt fails with a JSON-RPC internal error carrying MESSAGE
//	all                   every scenario from echo to ext, in this order, but those needing a capability
//	                      the client did not state in initialize (fs, terminal, elicitation with URL mode)
//
// Each turn ends end_turn unless the scenario says otherwise. The program
// cmd/acptestagent of the acpgen module serves the test agent over stdio,
// for a client's tests in another language or process.
package acptest
