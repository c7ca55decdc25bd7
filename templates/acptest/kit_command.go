package acptest

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// command is the scenario a prompt's text selects: its first word, and the
// words and text after it.
type command struct {
	name string
	args []string
	rest string // the text after the name, trimmed
}

// parseCommand reads a prompt's text. Text that names no scenario is the
// echo scenario's.
func parseCommand(text string, known func(string) bool) command {
	text = strings.TrimSpace(text)
	name, rest, _ := strings.Cut(text, " ")
	if !known(name) {
		return command{name: "echo", args: strings.Fields(text), rest: text}
	}
	rest = strings.TrimSpace(rest)
	return command{name: name, args: strings.Fields(rest), rest: rest}
}

// arg returns argument i, or def when there is none.
func (c command) arg(i int, def string) string {
	if i < len(c.args) {
		return c.args[i]
	}
	return def
}

// count returns argument i as a count in [0, max], or def when it is
// missing or not a number.
func (c command) count(i, def, max int) int {
	n, err := strconv.Atoi(c.arg(i, ""))
	if err != nil || n < 0 {
		return def
	}
	return min(n, max)
}

// MaxChunks bounds the stream scenario's count, so that a prompt cannot
// make the agent send without end.
const MaxChunks = 10000

// decode returns the value of the JSON text s: the test agent writes the
// answers and updates whose members are many as JSON, decoded by the
// generated package, so that what it sends is what the schema allows.
func decode[T any](s string) (T, error) {
	var v T
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return v, fmt.Errorf("acptest: %w", err)
	}
	return v, nil
}
