package templates

import "embed"

// sources holds the runtime's files (and, matched by the same patterns,
// their tests, which nothing copies). Manifest says which of them go
// where; manifest_test.go checks that the two agree.
//
//go:embed wire/*.go wire/*.s public_*.go jsonrpc/*.go protocol_*.go validate_*.go session/session_*.go session/host*.go acptest/kit_*.go acptest/v1_*.go acptest/v2_*.go proxy/doc.go proxy/proxy_*.go
//go:embed mcpacp/*.go acplog/*.go
var sources embed.FS

// Source returns the content of one runtime file, by its name in Manifest.
func Source(name string) ([]byte, error) {
	return sources.ReadFile(name)
}
