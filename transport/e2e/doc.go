// Package e2e tests the remote transports with generated packages
// (gen/acp/v1, v2) over real sockets on 127.0.0.1: whole ACP turns, many
// sessions at once, and peers that drop, stop reading or send too much. It is a module of its
// own, so that the transport module itself requires nothing of acpgen.
package e2e
