package procagent

import (
	"fmt"
	"io"
	"os"
)

// startSleeper starts the grandchild with this process's output and waits
// until it ignores SIGTERM, which it says by closing its end of a pipe: a
// test that stops the agent earlier would find a sleeper SIGTERM still
// ends.
func startSleeper() error {
	ready, readyW, err := os.Pipe()
	if err != nil {
		return err
	}
	defer ready.Close()
	sleeper := Command("sleeper")
	sleeper.Stdout, sleeper.Stderr = os.Stdout, os.Stderr
	sleeper.ExtraFiles = []*os.File{readyW}
	err = sleeper.Start()
	readyW.Close()
	if err != nil {
		return err
	}
	if _, err := ready.Read(make([]byte, 1)); err != io.EOF {
		return fmt.Errorf("the sleeper did not get ready: %v", err)
	}
	return nil
}
