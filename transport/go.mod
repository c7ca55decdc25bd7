module github.com/acpgen/acpgen/transport

go 1.24.0

require github.com/coder/websocket v1.8.15
