module github.com/acpgen/acpgen/bench/peers

go 1.25.0

require (
	github.com/acpgen/acpgen v0.0.0
	github.com/bytedance/sonic v1.15.5
	github.com/coder/acp-go-sdk v0.13.0
	github.com/goccy/go-json v0.12.0
	github.com/json-iterator/go v1.1.12
	github.com/mailru/easyjson v0.9.2
)

require (
	github.com/bytedance/gopkg v0.1.3 // indirect
	github.com/bytedance/sonic/loader v0.5.3 // indirect
	github.com/cloudwego/base64x v0.1.6 // indirect
	github.com/josharian/intern v1.0.0 // indirect
	github.com/klauspost/cpuid/v2 v2.2.9 // indirect
	github.com/modern-go/concurrent v0.0.0-20180228061459-e0a39a4cb421 // indirect
	github.com/modern-go/reflect2 v1.0.2 // indirect
	github.com/santhosh-tekuri/jsonschema/v5 v5.3.1 // indirect
	github.com/twitchyliquid64/golang-asm v0.15.1 // indirect
	golang.org/x/arch v0.0.0-20210923205945-b76863e36670 // indirect
	golang.org/x/sys v0.22.0 // indirect
)

replace github.com/acpgen/acpgen => ../..

tool github.com/mailru/easyjson/easyjson
