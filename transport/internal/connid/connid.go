// Package connid makes the Acp-Connection-Id of a remote connection, for
// both profiles alike.
package connid

import (
	"crypto/rand"
	"fmt"
)

// New returns a random (version 4) UUID: 122 bits from the system's
// secure source, so an id names a connection without letting anyone
// guess another's. On Streamable HTTP the id is all that binds a request
// to its connection, so it must not be guessable.
func New() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read does not fail (Go 1.24)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
