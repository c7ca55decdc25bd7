module github.com/acpgen/acpgen

go 1.25.0

require (
	github.com/dave/jennifer v1.7.1
	github.com/dlclark/regexp2/v2 v2.13.0
	github.com/santhosh-tekuri/jsonschema/v5 v5.3.1
)
