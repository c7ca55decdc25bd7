package acpws

import (
	"crypto/rand"
	"fmt"
)

// HeaderConnectionID is the header of the upgrade's answer that carries
// the connection's id.
const HeaderConnectionID = "Acp-Connection-Id"

// newConnectionID returns a random (version 4) UUID: 122 bits from the
// system's secure source, so an id names a connection without letting
// anyone guess another's.
func newConnectionID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read does not fail (Go 1.24)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
