package acpremote

import (
	"github.com/acpgen/acpgen/transport/acphttp"
	"github.com/acpgen/acpgen/transport/acpws"
)

// Every connection of both profiles, agent side and client side, is a
// Conn, and so a generated package's Transport (whose methods Conn holds)
// without importing one.
var (
	_ Conn = (*acpws.Conn)(nil)
	_ Conn = (*acphttp.Conn)(nil)
	_ Conn = (*acphttp.ClientConn)(nil)
)
