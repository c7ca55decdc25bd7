package procagent

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// run is the agent's life: what it does before serving, the serving, and
// what it does once its input has ended.
func (b behaviour) run() int {
	switch {
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
