// Command client runs an ACP agent, or connects to a remote one, and sends
// it one prompt:
//
//	client [-auth METHOD] [-trace FILE] -prompt TEXT -- AGENT-COMMAND ARGS...
//	client [-auth METHOD] [-trace FILE] [-token-file FILE | -token-env NAME] -prompt TEXT -url URL
//
// It starts the agent with acp.StartAgent (its stdin and stdout as the
// connection, in a process group of its own), or with -url connects to an
// agent served on URL (ws://host:port/acp over WebSocket,
// http://host:port/acp over Streamable HTTP; see examples/agent -listen
// and examples/acpbridge; -token-file or -token-env names where the
// bearer token it sends is), initializes with file system
// and terminal capabilities, authenticates with METHOD when -auth names
// one, opens a session in the current directory and sends the prompt.
// While the turn runs it prints the session updates as they arrive,
// answers permission requests with the first allow-once option, reads and
// writes files under the current directory, and runs the commands of
// terminal requests.
//
// The first Ctrl-C cancels the turn the ACP way (session/cancel; the turn
// then ends with the stop reason "cancelled"), a second one stops the
// agent (a remote one: ends the connection). When the turn ends, the
// agent is stopped: asked to exit by the end of its input, then terminated
// after two seconds, killed after two more; a remote connection is closed. A failing call is printed at once; when the agent needs
// authentication, its methods are listed. A message from the agent that
// could not be handled (say an update that does not decode) is printed
// too. With -trace, every message both ways is recorded in FILE. The exit
// status is 0 when the turn ended, 1 otherwise.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/acpgen/acpgen/examples/internal/bearer"
	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// stopGrace is how long the agent gets at each gentle step of stopping:
// after its input closes, and after SIGTERM.
var stopGrace = 2 * time.Second

// options are the command line.
type options struct {
	prompt  string
	auth    string        // authentication method id; "" for none
	trace   string        // file recording the session; "" for none
	url     string        // a remote agent's endpoint; "" to run command
	token   bearer.Source // where the remote agent's bearer token is
	command []string      // the agent and its arguments
}

func main() {
	var o options
	flag.StringVar(&o.prompt, "prompt", "", "the text to send as the prompt")
	flag.StringVar(&o.auth, "auth", "", "authenticate with this method, one of the `ID`s the agent lists")
	flag.StringVar(&o.trace, "trace", "", "record every message of the session in `FILE`")
	flag.StringVar(&o.url, "url", "", "connect to the agent served at `URL` (ws://host:port/acp, or http://… for Streamable HTTP) instead of running one")
	o.token.Register(flag.CommandLine, "with -url, send")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: client [-auth ID] [-trace FILE] -prompt TEXT -- AGENT-COMMAND ARGS...")
		fmt.Fprintln(os.Stderr, "       client [-auth ID] [-trace FILE] [-token-file FILE | -token-env NAME] -prompt TEXT -url URL")
		flag.PrintDefaults()
	}
	flag.Parse()
	o.command = flag.Args()
	if o.prompt == "" || (len(o.command) == 0) == (o.url == "") {
		flag.Usage()
		os.Exit(2)
	}
	interrupts := make(chan os.Signal, 2)
	signal.Notify(interrupts, os.Interrupt)
	if err := run(o, interrupts); err != nil {
		os.Exit(1)
	}
}

// run starts the agent (or connects to it), runs one turn, stops the
// agent and reports a failure on stderr as soon as it happens. Each value on interrupts is a
// Ctrl-C: the first cancels the turn, the second stops the agent.
func run(o options, interrupts <-chan os.Signal) error {
	cwd, err := os.Getwd()
	if err != nil {
		return report(err)
	}
	c := newClient(cwd)
	defer c.terminals.releaseAll()
	opts := []acp.ConnOption{acp.WithErrorHandler(func(err error) {
		fmt.Fprintln(os.Stderr, "client: not handled:", err)
	})}
	if o.trace != "" {
		trace, err := openTrace(o.trace)
		if err != nil {
			return report(err)
		}
		defer func() {
			if err := trace.close(); err != nil {
				report(err)
			}
		}()
		opts = append(opts, trace.option())
	}
	conn, agent, err := connect(o, c, opts)
	if err != nil {
		return report(err)
	}
	cancelTurn := make(chan struct{})
	go onInterrupts(interrupts, cancelTurn, agent)
	turnErr := turn(conn, cwd, o, cancelTurn)
	if turnErr != nil {
		report(turnErr) // before the agent is stopped, which can take seconds
	}
	// How the agent ended is worth saying after a failure (it may be why)
	// or when it had to be stopped by force.
	if exit := agent.stop(); agent.process && (exit != nil || turnErr != nil) {
		fmt.Fprintln(os.Stderr, "client: agent stopped:", exitText(exit))
	}
	return turnErr
}

// connect starts the agent, or connects to the remote one, and serves c
// on the connection.
func connect(o options, c *client, opts []acp.ConnOption) (*acp.ClientConn, agentLink, error) {
	if o.url != "" {
		token, err := o.token.Load()
		if err != nil {
			return nil, agentLink{}, err
		}
		return dial(o.url, token, c, opts)
	}
	conn, process, err := acp.StartAgent(context.Background(), exec.Command(o.command[0], o.command[1:]...), c, opts...)
	if err != nil {
		return nil, agentLink{}, err
	}
	return conn, agentLink{
		done:    process.Done(),
		stop:    func() error { return process.Stop(stopGrace) },
		process: true,
	}, nil
}

// agentLink is the agent as the client ends it: a process it started, or
// a remote connection.
type agentLink struct {
	done    <-chan struct{} // closed when the agent is gone
	stop    func() error    // stops the process (its exit), or closes the connection
	process bool
}

// report prints err on stderr and returns it.
func report(err error) error {
	fmt.Fprintln(os.Stderr, "client:", err)
	return err
}

// exitText says how the agent ended.
func exitText(err error) string {
	if err == nil {
		return "exit status 0"
	}
	return err.Error()
}

// onInterrupts closes cancelTurn at the first interrupt and stops the
// agent at the second.
func onInterrupts(interrupts <-chan os.Signal, cancelTurn chan<- struct{}, agent agentLink) {
	select {
	case <-interrupts:
	case <-agent.done:
		return
	}
	fmt.Fprintln(os.Stderr, "\nclient: cancelling the turn (Ctrl-C again stops the agent)")
	close(cancelTurn)
	select {
	case <-interrupts:
	case <-agent.done:
		return
	}
	fmt.Fprintln(os.Stderr, "\nclient: stopping the agent")
	_ = agent.stop()
}

// turn initializes, authenticates when asked to, opens a session and sends
// the prompt. Closing cancelTurn cancels the calls before the prompt and
// then the prompt itself, whose result says how the turn ended.
func turn(conn *acp.ClientConn, cwd string, o options, cancelTurn <-chan struct{}) error {
	ctx, stop := contextUntil(cancelTurn)
	defer stop()
	init, err := conn.Initialize(ctx, &acp.InitializeRequest{
		ProtocolVersion: acp.CurrentProtocolVersion,
		ClientCapabilities: &acp.ClientCapabilities{
			FS:       &acp.FileSystemCapabilities{ReadTextFile: acp.Ptr(true), WriteTextFile: acp.Ptr(true)},
			Terminal: acp.Ptr(true),
		},
		ClientInfo: &acp.Implementation{Name: "acpgen-example-client", Version: "0.1.0"},
	})
	if err != nil {
		return authHint(fmt.Errorf("initialize: %w", err), nil)
	}
	if init.ProtocolVersion != acp.CurrentProtocolVersion {
		return fmt.Errorf("the agent speaks protocol version %d, this client %d", init.ProtocolVersion, acp.CurrentProtocolVersion)
	}
	if o.auth != "" {
		if _, err := conn.Authenticate(ctx, &acp.AuthenticateRequest{MethodID: acp.AuthMethodID(o.auth)}); err != nil {
			return authHint(fmt.Errorf("authenticate %s: %w", o.auth, err), init.AuthMethods)
		}
	}
	session, err := conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: cwd, MCPServers: []acp.MCPServer{}})
	if err != nil {
		return authHint(fmt.Errorf("session/new: %w", err), init.AuthMethods)
	}
	// From here on Ctrl-C cancels the turn the ACP way, and the prompt's
	// own result ends it.
	result, err := conn.PromptCancellable(context.Background(), &acp.PromptRequest{
		SessionID: session.SessionID,
		Prompt:    []acp.ContentBlock{acp.TextBlock(o.prompt)},
	}, cancelTurn)
	if err != nil {
		return fmt.Errorf("session/prompt: %w", err)
	}
	fmt.Printf("\n[turn ended: %s]\n", result.StopReason)
	return nil
}

// contextUntil is a context cancelled when done closes.
func contextUntil(done <-chan struct{}) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		select {
		case <-done:
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, cancel
}

// authHint adds to err, when the agent answered "authentication required",
// the methods it offers and how to choose one.
func authHint(err error, methods []acp.AuthMethod) error {
	var rpc *acp.Error
	if !errors.As(err, &rpc) || rpc.Code != acp.ErrorCodeAuthenticationRequired {
		return err
	}
	if len(methods) == 0 {
		return fmt.Errorf("%w\nthe agent needs authentication but lists no methods", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%v\nthe agent needs authentication; choose one of its methods with -auth ID:", err)
	for _, m := range methods {
		fmt.Fprintf(&b, "\n  %s", describeAuthMethod(m))
	}
	return errors.New(b.String())
}

// describeAuthMethod is "id: name (description)". Every kind of method
// has these members, so they are read from its JSON, whatever its type.
func describeAuthMethod(m acp.AuthMethod) string {
	var fields struct {
		ID, Name, Description string
	}
	data, err := acp.Marshal(m)
	if err == nil {
		err = json.Unmarshal(data, &fields)
	}
	if err != nil {
		return fmt.Sprintf("(unreadable method: %v)", err)
	}
	text := fields.ID + ": " + fields.Name
	if fields.Description != "" {
		text += " (" + fields.Description + ")"
	}
	return text
}

// client answers the agent's requests.
type client struct {
	acp.UnimplementedClient
	root      string
	terminals *terminals
}

func newClient(root string) *client {
	return &client{root: root, terminals: newTerminals()}
}

// SessionUpdate prints an update as it arrives: message text as it
// streams, other updates as one line each.
func (c *client) SessionUpdate(ctx context.Context, n *acp.SessionNotification) error {
	switch u := n.Update.Value.(type) {
	case *acp.SessionUpdateAgentMessageChunk:
		fmt.Print(contentText(u.Content))
	case *acp.SessionUpdateAgentThoughtChunk:
		fmt.Printf("[thought] %s\n", contentText(u.Content))
	case *acp.SessionUpdateToolCall:
		fmt.Printf("\n[tool call %s] %s (%s)\n", u.ToolCallID, u.Title, valueOr(u.Status, "pending"))
	case *acp.SessionUpdateToolCallUpdate:
		fmt.Printf("\n[tool call %s] %s\n", u.ToolCallID, valueOr(u.Status, "updated"))
	case *acp.SessionUpdatePlan:
		fmt.Printf("\n[plan] %d entries\n", len(u.Entries))
	default:
		data, err := acp.Marshal(n.Update)
		if err != nil {
			return err
		}
		fmt.Printf("\n[update] %s\n", data)
	}
	return nil
}

// contentText is the text of a content block, or its kind.
func contentText(b acp.ContentBlock) string {
	if t, ok := b.Value.(*acp.ContentBlockText); ok {
		return t.Text
	}
	return fmt.Sprintf("[%T]", b.Value)
}

func valueOr[T ~string](v *T, otherwise string) string {
	if v == nil {
		return otherwise
	}
	return string(*v)
}

// RequestPermission selects the first allow-once option; without one it
// answers cancelled, which the protocol reads as "not allowed".
func (c *client) RequestPermission(ctx context.Context, p *acp.RequestPermissionRequest) (*acp.RequestPermissionResponse, error) {
	for _, o := range p.Options {
		if o.Kind == acp.PermissionOptionKindAllowOnce {
			fmt.Printf("\n[permission] %s: %s\n", valueOr(p.ToolCall.Title, "tool call"), o.Name)
			return &acp.RequestPermissionResponse{Outcome: acp.PermissionSelected(o.OptionID)}, nil
		}
	}
	fmt.Printf("\n[permission] %s: refused (no allow-once option)\n", valueOr(p.ToolCall.Title, "tool call"))
	return &acp.RequestPermissionResponse{Outcome: acp.PermissionCancelled()}, nil
}

// ReadTextFile reads a file under the working directory, from line Line
// (1-based) for at most Limit lines.
func (c *client) ReadTextFile(ctx context.Context, p *acp.ReadTextFileRequest) (*acp.ReadTextFileResponse, error) {
	path, err := c.inside(p.Path)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, acp.NewResourceNotFoundError(err.Error())
	}
	lines := strings.SplitAfter(string(data), "\n")
	if p.GetLine() > 1 {
		lines = lines[min(int(*p.Line)-1, len(lines)):]
	}
	if p.Limit != nil {
		lines = lines[:min(int(*p.Limit), len(lines))]
	}
	return &acp.ReadTextFileResponse{Content: strings.Join(lines, "")}, nil
}

// WriteTextFile writes a file under the working directory.
func (c *client) WriteTextFile(ctx context.Context, p *acp.WriteTextFileRequest) (*acp.WriteTextFileResponse, error) {
	path, err := c.inside(p.Path)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, []byte(p.Content), 0o644); err != nil {
		return nil, acp.NewInternalError(err.Error())
	}
	fmt.Printf("\n[wrote %s]\n", p.Path)
	return &acp.WriteTextFileResponse{}, nil
}

// inside resolves an absolute path the agent names and refuses one outside
// the working directory.
func (c *client) inside(path string) (string, error) {
	if !filepath.IsAbs(path) {
		return "", acp.NewInvalidParamsError("path must be absolute: " + path)
	}
	rel, err := filepath.Rel(c.root, filepath.Clean(path))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", acp.NewInvalidParamsError("path is outside the working directory: " + path)
	}
	return filepath.Join(c.root, rel), nil
}

func (c *client) CreateTerminal(ctx context.Context, p *acp.CreateTerminalRequest) (*acp.CreateTerminalResponse, error) {
	cwd := c.root
	if p.Cwd != nil {
		var err error
		if cwd, err = c.inside(*p.Cwd); err != nil {
			return nil, err
		}
	}
	fmt.Printf("\n[terminal] %s %s\n", p.Command, strings.Join(p.Args, " "))
	return c.terminals.start(p, cwd)
}

func (c *client) TerminalOutput(ctx context.Context, p *acp.TerminalOutputRequest) (*acp.TerminalOutputResponse, error) {
	t, err := c.terminals.get(p.TerminalID)
	if err != nil {
		return nil, err
	}
	return t.output(), nil
}

func (c *client) WaitForTerminalExit(ctx context.Context, p *acp.WaitForTerminalExitRequest) (*acp.WaitForTerminalExitResponse, error) {
	t, err := c.terminals.get(p.TerminalID)
	if err != nil {
		return nil, err
	}
	select {
	case <-t.exited:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	status := t.status()
	return &acp.WaitForTerminalExitResponse{ExitCode: status.ExitCode, Signal: status.Signal}, nil
}

func (c *client) KillTerminal(ctx context.Context, p *acp.KillTerminalRequest) (*acp.KillTerminalResponse, error) {
	t, err := c.terminals.get(p.TerminalID)
	if err != nil {
		return nil, err
	}
	t.kill()
	return &acp.KillTerminalResponse{}, nil
}

func (c *client) ReleaseTerminal(ctx context.Context, p *acp.ReleaseTerminalRequest) (*acp.ReleaseTerminalResponse, error) {
	if err := c.terminals.release(p.TerminalID); err != nil {
		return nil, err
	}
	return &acp.ReleaseTerminalResponse{}, nil
}
