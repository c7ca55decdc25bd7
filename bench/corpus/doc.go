// Package corpus is what the codec benchmarks of bench (acpgen against
// encoding/json) and of the module bench/peers (acpgen against other Go
// JSON libraries) run on, and how they run it, kept in one place so that
// both measure the same thing:
//
//   - the flat structs that encoding/json and the other libraries decode
//     into (flat.go), with ArrayContent choosing the instantiation per
//     line;
//   - the session/update streams of bench/testdata (stream.go: Stream,
//     LoadStreams, Streams);
//   - the three large messages (large.go: LargeCases);
//   - a Codec per implementation (codec.go) and the benchmark and
//     round-trip loops over them (run.go), which report ns/msg,
//     allocs/msg, B/op and MB/s.
//
// It is not part of acpgen's API: nothing outside bench imports it, and it
// depends only on the standard library and the generated packages.
package corpus
