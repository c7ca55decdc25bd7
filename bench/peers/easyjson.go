// Package peers compares the JSON codec that acpgen generates (gen/acp/v1,
// gen/acp/v2) with other Go JSON libraries on the same messages, in one
// test binary: the benchmarks and their checks are in the _test.go files,
// the data and the loops in github.com/acpgen/acpgen/bench/corpus. This
// file only declares the types that easyjson's generator writes marshalers
// for (easyjson_easyjson.go). See README.md.
package peers

import "github.com/acpgen/acpgen/bench/corpus"

//go:generate go tool easyjson -no_std_marshalers easyjson.go

// Types defined from the flat structs of bench/corpus, with the same
// members, so that easyjson's marshalers (methods, hence on types of this
// package) run on exactly what the other libraries decode into. The
// notification types are instantiated with the defined update types, not
// corpus's instantiated generic ones: easyjson's generator (v0.9.2) writes
// an instantiated generic type by its reflect name, package path and all,
// which does not compile.
type (
	//easyjson:json
	easyV1Obj corpus.V1FlatNotification[easyV1UpdateObj]
	//easyjson:json
	easyV1Arr corpus.V1FlatNotification[easyV1UpdateArr]
	//easyjson:json
	easyV2Obj corpus.V2FlatNotification[easyV2UpdateObj]
	//easyjson:json
	easyV2Arr corpus.V2FlatNotification[easyV2UpdateArr]

	easyV1UpdateObj corpus.V1FlatUpdateObj
	easyV1UpdateArr corpus.V1FlatUpdateArr
	easyV2UpdateObj corpus.V2FlatUpdateObj
	easyV2UpdateArr corpus.V2FlatUpdateArr

	//easyjson:json
	easyReadTextFileResponse corpus.FlatReadTextFileResponse
	//easyjson:json
	easyDiffNotification corpus.FlatDiffNotification
	//easyjson:json
	easyImageNotification corpus.FlatImageNotification
)
