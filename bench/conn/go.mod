module github.com/acpgen/acpgen/bench/conn

go 1.25.0

require (
	github.com/acpgen/acpgen v0.0.0
	github.com/acpgen/acpgen/transport v0.0.0
	github.com/coder/acp-go-sdk v0.13.0
)

require github.com/coder/websocket v1.8.15 // indirect

replace github.com/acpgen/acpgen => ../..

replace github.com/acpgen/acpgen/transport => ../../transport
