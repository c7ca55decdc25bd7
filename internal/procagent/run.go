package procagent

import (
	"fmt"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"
)

// run is the agent's life: what it does before serving, the serving, and
// what it does once its input has ended.
func (b behaviour) run() int {
	switch {
	case b.noisy:
		for i := range NoisyLines {
			fmt.Fprintf(os.Stderr, "noise %d\n", i)
		}
		return 3
	case b.login:
		return login()
	case b.deaf:
		time.Sleep(time.Hour)
		return 0
	case b.sleeper:
		signal.Ignore(syscall.SIGTERM)
		os.NewFile(3, "ready").Close() // the agent waits for the end of this pipe
		time.Sleep(time.Hour)
		return 0
	}
	if b.ignoreTerm {
		signal.Ignore(syscall.SIGTERM)
	}
	if b.grandchild {
		if err := startSleeper(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	a := &agent{b: b, out: os.Stdout}
	if status, exit := a.serve(os.Stdin); exit {
		return status
	}
	if b.ignoreEOF {
		time.Sleep(time.Hour)
	}
	return 0
}

// NoisyLines is how many lines the noisy agent writes to its standard
// error: about 90 KiB, far beyond what an exit error keeps.
const NoisyLines = 8000

// TokenEnv names the file the login run writes and the token-file agent
// needs.
const TokenEnv = "ACPGEN_TEST_TOKEN_FILE"

// login is the terminal login run: it needs "--login" among its arguments
// and writes all of them, after the program, to the token file.
func login() int {
	args := os.Args[1:]
	if slices.Contains(args, "--hang") {
		time.Sleep(time.Hour)
	}
	if !slices.Contains(args, "--login") {
		fmt.Fprintln(os.Stderr, "login: no --login argument")
		return 4
	}
	if err := os.WriteFile(os.Getenv(TokenEnv), []byte(strings.Join(args, " ")), 0o600); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}
