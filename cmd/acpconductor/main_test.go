package main

import (
	"io"
	"reflect"
	"testing"
)

// TestParseArgs: flags, then one component per "--"-separated part; a
// chain needs one component at least.
func TestParseArgs(t *testing.T) {
	o, err := parseArgs([]string{"-trace", "t.txt", "--", "p", "-x", "--", "agent", "a"}, io.Discard)
	if err != nil || o.trace != "t.txt" || !reflect.DeepEqual(o.chain, [][]string{{"p", "-x"}, {"agent", "a"}}) {
		t.Errorf("parsed %+v, %v", o, err)
	}
	for _, bad := range [][]string{nil, {"--"}, {"-grace", "0", "--", "agent"}, {"-nope"}} {
		if _, err := parseArgs(bad, io.Discard); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
