module github.com/acpgen/acpgen

go 1.24.0

require (
	github.com/dave/jennifer v1.7.1
	github.com/santhosh-tekuri/jsonschema/v5 v5.3.1
)
