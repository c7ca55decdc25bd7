package templates

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The misbehaving agents of the process tests are this test binary run
// again with testAgentEnv naming how to misbehave: small programs that
// speak just enough JSON-RPC, built with the tests.
const testAgentEnv = "ACPGEN_TEST_AGENT"

func TestMain(m *testing.M) {
	if mode := os.Getenv(testAgentEnv); mode != "" {
		os.Exit(runTestAgent(mode))
	}
	os.Exit(m.Run())
}

// testAgentCommand is the command that runs the agent of mode.
func testAgentCommand(mode string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	// Under -race a program sleeps a second before exiting unless told not to.
	cmd.Env = append(os.Environ(), testAgentEnv+"="+mode, "GORACE=atexit_sleep_ms=0")
	return cmd
}

// runTestAgent answers requests line by line: initialize with a result
// (or, in mode "fail-init", the error ACP uses for "authentication
// required"), every other request with {}. What it does at the end of its
// input and on SIGTERM depends on the mode:
//
//	polite        exits 0 at the end of its input
//	ignore-eof    keeps running after its input ends (SIGTERM ends it)
//	ignore-term   keeps running after its input ends and ignores SIGTERM
//	grandchild    starts a process that ignores SIGTERM and holds its
//	              output, then exits 0 at the end of its input
//	fail-init     as polite, but initialize fails
//	die           exits 3 when it receives session/prompt, unanswered
//	die-orphan    as die, leaving a grandchild that holds its output
//	sleeper       the grandchild: ignores SIGTERM and sleeps
//	deaf          reads nothing and sleeps (SIGTERM ends it)
func runTestAgent(mode string) int {
	switch mode {
	case "deaf":
		time.Sleep(time.Hour)
		return 0
	case "sleeper":
		signal.Ignore(syscall.SIGTERM)
		os.NewFile(3, "ready").Close() // the agent reads the end of this pipe
		time.Sleep(time.Hour)
		return 0
	case "ignore-term":
		signal.Ignore(syscall.SIGTERM)
	case "grandchild", "die-orphan":
		if err := startSleeper(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal(in.Bytes(), &m) != nil || m.ID == nil {
			continue
		}
		if m.Method == "session/prompt" && strings.HasPrefix(mode, "die") {
			return 3
		}
		reply := `"result":{}`
		if m.Method == "initialize" && mode == "fail-init" {
			reply = `"error":{"code":-32000,"message":"Authentication required"}`
		}
		fmt.Printf(`{"jsonrpc":"2.0","id":%s,%s}`+"\n", m.ID, reply)
	}
	if mode == "ignore-eof" || mode == "ignore-term" {
		time.Sleep(time.Hour)
	}
	return 0
}

// startSleeper starts the grandchild with this process's output and waits
// until it ignores SIGTERM: it closes its end of a pipe then.
func startSleeper() error {
	ready, readyW, err := os.Pipe()
	if err != nil {
		return err
	}
	defer ready.Close()
	sleeper := testAgentCommand("sleeper")
	sleeper.Stdout, sleeper.Stderr = os.Stdout, os.Stderr
	sleeper.ExtraFiles = []*os.File{readyW}
	err = sleeper.Start()
	readyW.Close()
	if err != nil {
		return err
	}
	_, err = ready.Read(make([]byte, 1))
	if err != io.EOF {
		return fmt.Errorf("the sleeper did not get ready: %v", err)
	}
	return nil
}
