module github.com/acpgen/acpgen/bench/conn

go 1.24.0

require (
	github.com/acpgen/acpgen v0.0.0
	github.com/coder/acp-go-sdk v0.13.0
)

replace github.com/acpgen/acpgen => ../..
