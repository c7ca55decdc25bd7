package procagent

import (
	"errors"
	"os/exec"
)

// ExitOf describes how an agent ended, from the error stopping it
// returned: "exit status 0" for nil, the process state's words for an
// exit error ("signal: killed"), and anything else as an error, so that a
// test compares one string.
func ExitOf(err error) string {
	var exit *exec.ExitError
	switch {
	case err == nil:
		return "exit status 0"
	case errors.As(err, &exit):
		return exit.ProcessState.String()
	}
	return "error: " + err.Error()
}
