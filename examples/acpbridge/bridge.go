package main

import (
	"errors"
	"fmt"
	"io"
	"log"
	"os/exec"
	"sync"
	"sync/atomic"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/transport/acpremote"
)

// maxMessageSize bounds one message of the agent's, as the remote side
// bounds the client's (16 MiB by default): a longer line ends the
// connection.
const maxMessageSize = 16 << 20

// bridge runs one agent process per remote connection and forwards the
// messages both ways without decoding them: the generated package is used
// only to run the process (StartAgentProcess), so any version of the
// protocol passes.
type bridge struct {
	command []string
	log     *log.Logger
	// started, when set, sees each agent process as it starts (tests).
	started func(id string, p *acp.AgentProcess)

	count atomic.Uint64 // numbers connections that have no id of their own
}

// serve runs one connection to its end and returns once its agent is
// stopped.
func (b *bridge) serve(c acpremote.Conn) {
	id := b.connectionID(c)
	cmd := exec.Command(b.command[0], b.command[1:]...)
	// The connection's end stops the agent, as Close below does.
	agent, err := acp.StartAgentProcess(c.Context(), cmd, maxMessageSize)
	if err != nil {
		b.log.Printf("connection %s: %v", id, err)
		return
	}
	b.log.Printf("connection %s: agent started, pid %d", id, agent.Pid())
	if b.started != nil {
		b.started(id, agent)
	}
	var toClient sync.WaitGroup
	toClient.Add(1)
	go func() {
		defer toClient.Done()
		b.toClient(id, agent, c)
	}()
	b.toAgent(id, c, agent)
	exit := agent.Close() // end of input, SIGTERM, SIGKILL: the whole group is gone after it
	toClient.Wait()
	b.log.Printf("connection %s: agent stopped: %s", id, exitText(exit))
}

// toClient forwards the agent's messages to the client until the agent's
// output ends, then ends the connection: nothing more can answer it.
func (b *bridge) toClient(id string, agent *acp.AgentProcess, c acpremote.Conn) {
	defer c.Close()
	for {
		msg, err := agent.ReadMessage()
		if err != nil {
			if err != io.EOF {
				b.log.Printf("connection %s: %v", id, err)
			}
			return
		}
		if err := c.WriteMessage(msg); err != nil {
			if c.Context().Err() == nil {
				b.log.Printf("connection %s: writing to the client: %v", id, err)
			}
			return
		}
	}
}

// toAgent forwards the client's messages to the agent until the
// connection ends.
func (b *bridge) toAgent(id string, c acpremote.Conn, agent *acp.AgentProcess) {
	for {
		msg, err := c.ReadMessage()
		if err != nil {
			if err != io.EOF && !agentDone(agent) {
				b.log.Printf("connection %s: reading from the client: %v", id, err)
			}
			return
		}
		if err := agent.WriteMessage(msg); err != nil {
			if !agentDone(agent) {
				b.log.Printf("connection %s: %v", id, err)
			}
			return
		}
	}
}

// agentDone reports whether the agent has been stopped (so that errors
// after it are expected, not worth a log line).
func agentDone(agent *acp.AgentProcess) bool {
	select {
	case <-agent.Done():
		return true
	default:
		return agent.ProcessState() != nil
	}
}

// connectionID is the connection's Acp-Connection-Id, else a number of
// the bridge's.
func (b *bridge) connectionID(c acpremote.Conn) string {
	if id := c.ConnectionID(); id != "" {
		return id
	}
	return fmt.Sprint("#", b.count.Add(1))
}

// exitText says how the agent ended.
func exitText(err error) string {
	var exit *exec.ExitError
	switch {
	case err == nil:
		return "exit status 0"
	case errors.As(err, &exit):
		return exit.ProcessState.String()
	}
	return err.Error()
}
