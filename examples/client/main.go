// Command client runs an ACP agent and sends it one prompt:
//
//	client -prompt TEXT -- AGENT-COMMAND ARGS...
//
// It starts the agent with its stdin and stdout as the connection,
// initializes with file system and terminal capabilities, opens a session
// in the current directory and sends the prompt. While the turn runs it
// prints the session updates as they arrive, answers permission requests
// with the first allow-once option, reads and writes files under the
// current directory, and runs the commands of terminal requests. It exits
// 0 when the turn ends, non-zero with the error otherwise.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

func main() {
	prompt := flag.String("prompt", "", "the text to send as the prompt")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: client -prompt TEXT -- AGENT-COMMAND ARGS...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *prompt == "" || flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*prompt, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "client:", err)
		os.Exit(1)
	}
}

// run starts the agent, runs one turn and stops the agent.
func run(prompt string, command []string) error {
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	agent := exec.Command(command[0], command[1:]...)
	agent.Stderr = os.Stderr
	toAgent, err := agent.StdinPipe()
	if err != nil {
		return err
	}
	fromAgent, err := agent.StdoutPipe()
	if err != nil {
		return err
	}
	if err := agent.Start(); err != nil {
		return fmt.Errorf("starting the agent: %w", err)
	}
	c := newClient(cwd)
	conn := acp.NewClientConn(fromAgent, toAgent)
	go conn.Serve(c)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	turnErr := turn(ctx, conn, cwd, prompt)
	toAgent.Close() // the agent sees the end of its input and exits
	c.terminals.releaseAll()
	waitErr := agent.Wait()
	conn.Close()
	if turnErr != nil {
		return turnErr
	}
	if waitErr != nil {
		return fmt.Errorf("agent: %w", waitErr)
	}
	return nil
}

// turn initializes, opens a session and sends the prompt.
func turn(ctx context.Context, conn *acp.ClientConn, cwd, prompt string) error {
	init, err := conn.Initialize(ctx, &acp.InitializeRequest{
		ProtocolVersion: acp.CurrentProtocolVersion,
		ClientCapabilities: &acp.ClientCapabilities{
			Fs:       &acp.FileSystemCapabilities{ReadTextFile: acp.Ptr(true), WriteTextFile: acp.Ptr(true)},
			Terminal: acp.Ptr(true),
		},
		ClientInfo: &acp.Implementation{Name: "acpgen-example-client", Version: "0.1.0"},
	})
	if err != nil {
		return fmt.Errorf("initialize: %w", err)
	}
	if init.ProtocolVersion != acp.CurrentProtocolVersion {
		return fmt.Errorf("the agent speaks protocol version %d, this client %d", init.ProtocolVersion, acp.CurrentProtocolVersion)
	}
	session, err := conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: cwd, MCPServers: []acp.McpServer{}})
	if err != nil {
		return fmt.Errorf("session/new: %w", err)
	}
	result, err := conn.Prompt(ctx, &acp.PromptRequest{
		SessionID: session.SessionID,
		Prompt:    []acp.ContentBlock{acp.NewContentBlockText(acp.TextContent{Text: prompt})},
	})
	if errors.Is(err, context.Canceled) {
		// Interrupted: ask the agent to stop the turn, as ACP does it.
		_ = conn.SessionCancel(context.Background(), &acp.CancelNotification{SessionID: session.SessionID})
	}
	if err != nil {
		return fmt.Errorf("session/prompt: %w", err)
	}
	fmt.Printf("\n[turn ended: %s]\n", result.StopReason)
	return nil
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
			return &acp.RequestPermissionResponse{Outcome: acp.NewRequestPermissionOutcomeSelected(acp.SelectedPermissionOutcome{OptionID: o.OptionID})}, nil
		}
	}
	fmt.Printf("\n[permission] %s: refused (no allow-once option)\n", valueOr(p.ToolCall.Title, "tool call"))
	return &acp.RequestPermissionResponse{Outcome: acp.NewRequestPermissionOutcomeCancelled(acp.RequestPermissionOutcomeCancelled{})}, nil
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
	if p.Line != nil && *p.Line > 1 {
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
