module github.com/acpgen/acpgen/bench/schemapeers

go 1.25.0

require (
	github.com/acpgen/acpgen v0.0.0 // indirect
	github.com/go-viper/mapstructure/v2 v2.5.0
)

require (
	dario.cat/mergo v1.0.2 // indirect
	github.com/atombender/go-jsonschema v0.24.1 // indirect
	github.com/dave/jennifer v1.7.1 // indirect
	github.com/dlclark/regexp2/v2 v2.13.0 // indirect
	github.com/goccy/go-yaml v1.19.2 // indirect
	github.com/google/go-cmp v0.7.0 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/mitchellh/go-wordwrap v1.0.1 // indirect
	github.com/sanity-io/litter v1.5.8 // indirect
	github.com/santhosh-tekuri/jsonschema/v5 v5.3.1 // indirect
	github.com/sosodev/duration v1.4.0 // indirect
	github.com/spf13/cobra v1.10.2 // indirect
	github.com/spf13/pflag v1.0.10 // indirect
)

replace github.com/acpgen/acpgen => ../..

tool (
	github.com/acpgen/acpgen/cmd/acpgen
	github.com/atombender/go-jsonschema
)
