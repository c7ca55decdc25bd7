// Package depth measures how decoding and encoding cost grows with nesting:
// a tree of the recursive schema in schema.json (generated into package
// tree, checked in) nested 1, 100 and 5,000 levels deep around one string
// of 1 KiB, 64 KiB or 4 MiB at the innermost level. Every other level goes
// through a tagged union. If cost is linear in the input, MB/s stays the
// same across depths for a given size. encoding/json on an equivalent
// hand-written recursive struct runs beside it for reference:
//
//	go test ./bench/depth -run x -bench . -benchmem -count 10
package depth
