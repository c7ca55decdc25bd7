package session

import acp "github.com/acpgen/acpgen/gen/acp/v1"

// Host is a whole client handler made of the parts: the Client for
// session/update and opening sessions, Files and Terminals on the shared
// directories, a permission policy, and Base for every other method. Serve
// it as it is, or embed *Host in the program's handler: a method the
// handler declares itself wins over Host's.
type Host struct {
	Base
	*Client
	*Files
	*Terminals
	Permissions
}

// NewHost shares the directories roots with the agent (the first is the
// working directory of a terminal whose request names none) and answers
// permission requests with policy. Attach it to the connection before the
// first request.
func NewHost(roots []string, policy Permissions) (*Host, error) {
	r, err := newRoots(roots)
	if err != nil {
		return nil, err
	}
	return &Host{Files: &Files{roots: r}, Terminals: newTerminals(r, TerminalOptions{}), Permissions: policy}, nil
}

// Attach makes the host the connection's: its Client opens sessions on
// conn, and its terminals are killed and released when conn ends. The
// connection is made with the handler, so the host is attached once the
// connection exists, before the program's first request (an agent sends
// no update before initialize).
func (h *Host) Attach(conn *acp.ClientConn, opts ...Option) {
	h.Client = NewClient(conn, opts...)
	h.ReleaseOnDone(conn.Done())
}

// Capabilities are the client capabilities the host serves, for the
// initialize request: reading and writing text files, and terminals.
func (h *Host) Capabilities() *acp.ClientCapabilities {
	yes := true
	return &acp.ClientCapabilities{FS: &acp.FileSystemCapabilities{ReadTextFile: &yes, WriteTextFile: &yes}, Terminal: &yes}
}
