// Command client runs an ACP agent, or connects to the one served at URL
// (WebSocket or Streamable HTTP, with a bearer token), and sends it one
// prompt from a session in the current directory:
//
//	client [-auth ID] [-trace FILE] -prompt TEXT -- AGENT-COMMAND ARGS...
//	client [-auth ID] [-trace FILE] [-token-file FILE | -token-env NAME] -prompt TEXT -url URL
//
// The session package's client host answers the agent (files, terminals,
// permissions allowed once). It prints updates as they arrive, then each
// tool call's final status and the plan's final entries. The first Ctrl-C
// cancels the turn, a second stops the agent.
package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"time"

	"github.com/acpgen/acpgen/examples/internal/bearer"
	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/gen/acp/v1/session"
	"github.com/acpgen/acpgen/transport/acpremote"
)

// stopGrace is how long the agent gets at each gentle step of stopping.
var stopGrace = 2 * time.Second

// options are the command line; auth, trace, url are "" for none.
type options struct {
	prompt, auth, trace, url string
	token                    bearer.Source
	command                  []string // the agent and its arguments
}

func main() {
	var o options
	flag.StringVar(&o.prompt, "prompt", "", "the text to send as the prompt")
	flag.StringVar(&o.auth, "auth", "", "authenticate with this method, one of the `ID`s the agent lists")
	flag.StringVar(&o.trace, "trace", "", "record every message of the session in `FILE`")
	flag.StringVar(&o.url, "url", "", "connect to the agent served at `URL` (ws://host:port/acp, or http://… for Streamable HTTP) instead of running one")
	o.token.Register(flag.CommandLine, "with -url, send")
	flag.Parse()
	if o.command = flag.Args(); o.prompt == "" || (len(o.command) == 0) == (o.url == "") {
		flag.Usage()
		os.Exit(2)
	}
	interrupts := make(chan os.Signal, 2)
	signal.Notify(interrupts, os.Interrupt)
	if run(o, interrupts) != nil {
		os.Exit(1)
	}
}

// run connects, runs one turn, stops the agent and reports a failure on
// stderr as soon as it happens.
func run(o options, interrupts <-chan os.Signal) error {
	cwd, err := os.Getwd()
	c, err2 := newClient(cwd)
	if err = cmp.Or(err, err2); err != nil {
		return report(err)
	}
	defer c.ReleaseAll()
	opts := []acp.ConnOption{acp.WithErrorHandler(func(err error) { fmt.Fprintln(os.Stderr, "client: not handled:", err) })}
	if o.trace != "" {
		f, err := os.Create(o.trace)
		if err != nil {
			return report(err)
		}
		defer func() { _ = report(f.Close()) }()
		opts = append(opts, acp.WithTrace(func(dir acp.TraceDirection, line []byte) {
			arrow := "->"
			if dir == acp.TraceIn {
				arrow = "<-"
			}
			// One Write a line: the reading and the writing goroutine both
			// trace, and an *os.File writes one call's bytes whole.
			_, _ = f.Write(fmt.Appendf(nil, "%s %s\n", arrow, line))
		}))
	}
	conn, stop, err := connect(o, c, opts)
	if err != nil {
		return report(err)
	}
	c.Attach(conn)
	ctx, cancelTurn := context.WithCancel(context.Background())
	defer cancelTurn()
	go onInterrupts(interrupts, cancelTurn, conn.Done(), stop)
	turnErr := report(turn(ctx, conn, c, cwd, o)) // before the agent is stopped, which can take seconds
	if exit := stop(); exit != nil {
		fmt.Fprintln(os.Stderr, "client: agent stopped:", exit)
	}
	return turnErr
}

// connect starts the agent, or connects to the one served at o.url (the
// token, if any, as Authorization: Bearer), serving c. stop stops the
// agent (its exit), or closes the connection.
func connect(o options, c *session.Host, opts []acp.ConnOption) (conn *acp.ClientConn, stop func() error, err error) {
	if o.url == "" {
		conn, process, err := acp.StartAgent(context.Background(), exec.Command(o.command[0], o.command[1:]...), c, opts...)
		if err != nil {
			return nil, nil, err
		}
		return conn, func() error { return process.Stop(stopGrace) }, nil
	}
	token, err := o.token.Load()
	if err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	t, err := acpremote.Dial(ctx, o.url, &acpremote.DialOptions{Header: bearer.Header(token)})
	if err != nil {
		return nil, nil, fmt.Errorf("connecting to the agent: %w", err)
	}
	conn = acp.NewClientConnTransport(t, opts...)
	go conn.Serve(c)
	return conn, func() error { conn.Close(); return nil }, nil
}

// onInterrupts cancels the turn at the first interrupt and stops the agent
// at the second.
func onInterrupts(interrupts <-chan os.Signal, cancelTurn func(), done <-chan struct{}, stop func() error) {
	for _, say := range []string{"cancelling the turn (Ctrl-C again stops the agent)", "stopping the agent"} {
		select {
		case <-interrupts:
		case <-done:
			return
		}
		fmt.Fprintf(os.Stderr, "\nclient: %s\n", say)
		cancelTurn()
	}
	_ = stop()
}

// report prints a non-nil err on stderr and returns it.
func report(err error) error {
	if err != nil {
		fmt.Fprintln(os.Stderr, "client:", err)
	}
	return err
}

// newClient is the session package's client host: files and terminals
// under root, permission requests allowed once.
func newClient(root string) (*session.Host, error) {
	return session.NewHost([]string{root}, session.Ask(allowOnce))
}

func allowOnce(ctx context.Context, p *acp.RequestPermissionRequest) (acp.PermissionOptionKind, error) {
	fmt.Printf("\n[permission] %s: allow once\n", cmp.Or(p.ToolCall.GetTitle(), "tool call"))
	return acp.PermissionOptionKindAllowOnce, nil
}

// turn initializes, authenticates when asked to, opens a session and sends
// the prompt, printing its updates. Once ctx is cancelled, the calls before
// the prompt fail and the prompt is cancelled the ACP way.
func turn(ctx context.Context, conn *acp.ClientConn, c *session.Host, cwd string, o options) error {
	info := &acp.Implementation{Name: "acpgen-example-client", Version: "0.1.0"}
	init, err := conn.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion, ClientCapabilities: c.Capabilities(), ClientInfo: info})
	if err != nil {
		return authHint(fmt.Errorf("initialize: %w", err), nil)
	} else if init.ProtocolVersion != acp.CurrentProtocolVersion {
		return fmt.Errorf("the agent speaks protocol version %d, this client %d", init.ProtocolVersion, acp.CurrentProtocolVersion)
	}
	if o.auth != "" {
		if _, err := conn.Authenticate(ctx, &acp.AuthenticateRequest{MethodID: acp.AuthMethodID(o.auth)}); err != nil {
			return authHint(fmt.Errorf("authenticate %s: %w", o.auth, err), init.AuthMethods)
		}
	}
	s, _, err := c.NewSession(ctx, &acp.NewSessionRequest{Cwd: cwd, MCPServers: []acp.MCPServer{}})
	if err != nil {
		return authHint(fmt.Errorf("session/new: %w", err), init.AuthMethods)
	}
	t := s.Prompt(context.WithoutCancel(ctx), acp.TextBlock(o.prompt))
	defer context.AfterFunc(ctx, func() { _, _ = t.Cancel(context.Background()) })()
	for u := range t.Updates() {
		printUpdate(u)
	}
	reason, err := t.Wait(context.Background())
	if err != nil {
		return fmt.Errorf("session/prompt: %w", err)
	}
	fmt.Printf("\n[turn ended: %s]\n", reason)
	st := s.State() // each tool call's final status, the plan's final entries
	for _, tc := range st.ToolCalls {
		fmt.Printf("[tool call] %s: %s\n", tc.Title, tc.Status)
	}
	for _, p := range st.Plans {
		if plan, ok := p.Update.Value.(*acp.SessionUpdatePlan); ok {
			for _, e := range plan.Entries {
				fmt.Printf("[plan entry] %s: %s\n", e.Content, e.Status)
			}
		}
	}
	return nil
}

// printUpdate prints an update as it arrives: message text as it streams,
// other updates as one line each.
func printUpdate(update acp.SessionUpdate) {
	switch u := update.Value.(type) {
	case *acp.SessionUpdateAgentMessageChunk:
		fmt.Print(contentText(u.Content))
	case *acp.SessionUpdateAgentThoughtChunk:
		fmt.Printf("[thought] %s\n", contentText(u.Content))
	case *acp.SessionUpdateToolCall:
		fmt.Printf("\n[tool call %s] %s (%s)\n", u.ToolCallID, u.Title, cmp.Or((*acp.ToolCall)(u).GetStatus(), "pending"))
	case *acp.SessionUpdateToolCallUpdate:
		fmt.Printf("\n[tool call %s] %s\n", u.ToolCallID, cmp.Or((*acp.ToolCallUpdate)(u).GetStatus(), "updated"))
	default:
		data, _ := acp.Marshal(update)
		fmt.Printf("\n[update] %s\n", data)
	}
}

// contentText is the text of a content block, or its kind.
func contentText(b acp.ContentBlock) string {
	if t, ok := b.Value.(*acp.ContentBlockText); ok {
		return t.Text
	}
	return fmt.Sprintf("[%T]", b.Value)
}

// authHint adds to err, when the agent answered "authentication required",
// the methods it offers (each read from its JSON, whatever its kind).
func authHint(err error, methods []acp.AuthMethod) error {
	var rpc *acp.Error
	if !errors.As(err, &rpc) || rpc.Code != acp.ErrorCodeAuthenticationRequired {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%v\nthe agent needs authentication; choose one of its methods with -auth ID:", err)
	for _, m := range methods {
		var f struct{ ID, Name, Description string }
		data, _ := acp.Marshal(m)
		_ = json.Unmarshal(data, &f)
		fmt.Fprintf(&b, "\n  %s: %s", f.ID, strings.TrimSuffix(f.Name+" ("+f.Description+")", " ()"))
	}
	return errors.New(b.String())
}
