// Package bench holds benchmarks only (see the _test.go files): the cost of
// decoding and encoding realistic session/update traffic with the generated
// packages gen/acp/v1 and gen/acp/v2, compared with hand-written flat
// structs decoded by encoding/json; large single messages (a 16 MB file,
// a diff of two 4 MB texts, an 8 MB base64 image: large_test.go) in MB/s;
// and the cost of generating all four vendored schemas.
//
// The flat structs, the streams, the large messages and the benchmark
// loops are in the package bench/corpus, shared with bench/peers. Three
// modules of their own compare acpgen with other Go code, so that it never
// becomes a dependency of acpgen:
//
//   - bench/conn: the generated JSON-RPC connection against
//     coder/acp-go-sdk's (bench/conn/run.sh, bench/conn/README.md);
//   - bench/peers: the generated codec against other Go JSON libraries
//     (goccy/go-json, bytedance/sonic, json-iterator/go, mailru/easyjson)
//     on the flat structs and coder/acp-go-sdk's types, on the same
//     streams and large messages, in one test binary (bench/peers/run.sh,
//     bench/peers/README.md);
//   - bench/schemapeers: acpgen against go-jsonschema and quicktype on the
//     same published JSON Schemas (generate, build, round-trip MCP's
//     examples; bench/schemapeers/run.sh, docs/schema-peers.md).
//
// The traffic is in testdata/*.jsonl, one SessionNotification (v1) or
// UpdateSessionNotification (v2) params object per line. It is written by
// TestWriteTestdata:
//
//	go test ./bench -run TestWriteTestdata -update
//
// and the benchmarks are run, with the ratios to the baseline and the
// issue's targets printed at the end, by
//
//	bench/run.sh
//
// which installs benchstat and does
//
//	go test ./bench -run x -bench . -benchmem -count 10 > /tmp/acpgen-bench.txt
//	benchstat -col '/impl@(baseline acpgen acpgen-stdlib)' /tmp/acpgen-bench.txt
//	benchstat -filter .name:GenerateAll /tmp/acpgen-bench.txt
//
// PROFILE.md records the profiles and experiments behind the figures and
// the commands that produce them.
//
// Sub-benchmarks are named impl=baseline (flat structs, encoding/json),
// impl=acpgen (the generated UnmarshalJSON/MarshalJSON called directly) and
// impl=acpgen-stdlib (the generated types through json.Unmarshal and
// json.Marshal, which validate and copy the bytes around the methods).
// BenchmarkInStruct* add impl=acpgen-in-struct (the notification inside a
// user's struct, corpus.Logged, through encoding/json) and, on Go 1.27 and
// later, impl=acpgen-in-struct-jsonv2 (the same through encoding/json/v2);
// bench/results/2026-11-26-instruct-*.txt has them on Go 1.26.8 and
// 1.27.3 (GOTOOLCHAIN=go1.27.3 go test ./bench -run x -bench InStruct).
// BenchmarkGenerateAll reports, besides time and allocations, the peak heap
// and cpu-sec/op: the generator uses a second core, so its CPU time is the
// figure that does not depend on how busy the machine is.
// BenchmarkGenerateWide generates synthetic schemas of 1,000, 4,000 and
// 16,000 definitions, to show that the generator's cost grows linearly
// (run with -benchtime 1x; bench/results/2026-11-25-generator-scale.txt).
package bench
