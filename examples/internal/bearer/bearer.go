// Package bearer is the examples' command-line side of bearer tokens:
// the flags that name where a token comes from (a file or an environment
// variable: a token on the command line is readable by every user of the
// machine), and the guard that puts acpremote.RequireBearer in front of a
// server, or warns when one is reachable from other machines without it.
package bearer

import (
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"

	"github.com/acpgen/acpgen/transport/acpremote"
)

// Source names where a token comes from; the zero Source names none.
type Source struct {
	File string // a file holding the token
	Env  string // an environment variable holding the token
}

// Register adds -token-file and -token-env to fs; use says what the
// token is for, as in "require" or "send".
func (s *Source) Register(fs *flag.FlagSet, use string) {
	fs.StringVar(&s.File, "token-file", "", use+" the bearer token held in `FILE`")
	fs.StringVar(&s.Env, "token-env", "", use+" the bearer token held in the environment variable `NAME`")
}

// Load reads the token ("" when none is named).
func (s Source) Load() (string, error) {
	return acpremote.LoadToken(s.File, s.Env)
}

// Header is what a client sends with the token: nil without one.
func Header(token string) http.Header {
	if token == "" {
		return nil
	}
	return acpremote.BearerHeader(token)
}

// Guard is h letting in only requests with token; without a token it is
// h itself, and when addr is reachable beyond the loopback interface a
// warning goes to warn: anyone who reaches the port then drives the agent
// and whatever it may run.
func Guard(h http.Handler, token string, addr net.Addr, warn io.Writer) http.Handler {
	if token != "" {
		return acpremote.RequireBearer(token, h)
	}
	if !Loopback(addr) {
		fmt.Fprintf(warn, "WARNING: serving ACP on %s WITHOUT A TOKEN: anyone who can reach this port drives the agent, and whatever it may run. Give a token with -token-file FILE or -token-env NAME, or listen on 127.0.0.1.\n", addr)
	}
	return h
}

// Loopback reports whether addr accepts connections from this machine
// only: an IP address of the loopback interface. An unspecified address
// (0.0.0.0, ::) listens on every interface.
func Loopback(addr net.Addr) bool {
	tcp, ok := addr.(*net.TCPAddr)
	return ok && tcp.IP.IsLoopback()
}
