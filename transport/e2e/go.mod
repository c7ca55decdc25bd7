module github.com/acpgen/acpgen/transport/e2e

go 1.25.0

require (
	github.com/acpgen/acpgen v0.0.0
	github.com/acpgen/acpgen/transport v0.0.0
)

require github.com/coder/websocket v1.8.15

replace (
	github.com/acpgen/acpgen => ../..
	github.com/acpgen/acpgen/transport => ..
)
