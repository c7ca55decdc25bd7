#!/usr/bin/env bash
# Compile cost for users: how long the generated v1 package takes to
# compile again after a one-line edit (no tags, and -tags unstable), and
# how large a minimal program that decodes and re-encodes one
# session/update notification is, next to coder/acp-go-sdk v0.13.0 (the
# version bench/conn compares with) and to the same program on
# encoding/json alone. Everything is built in a throwaway module: the
# generated package is generated there (its codec, internal/wire, is a
# package an edit of it does not invalidate) and coder's package is copied
# there, so that an edit invalidates exactly one package and the rest comes
# from the build cache.
# The last line is the rebuild ratio to coder timed in pairs, the figure
# to compare across runs on a shared machine.
#
#   bench/compile/run.sh            # RUNS=5 edits per package, medians
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# GEN=DIR measures the package another checkout's acpgen generates (an
# older one, say) with the same coder and programs.
gen=${GEN:-$root}
runs=${RUNS:-5}
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT

coder=$(cd "$root/bench/conn" && go mod download github.com/coder/acp-go-sdk && go list -m -f '{{.Dir}}' github.com/coder/acp-go-sdk)
m=$tmp/m
mkdir -p "$m/acp" "$m/coder" "$m/cmd/acpgen-min" "$m/cmd/coder-min" "$m/cmd/stdlib-min"
printf 'module m\n\ngo 1.24\n' >"$m/go.mod"
(cd "$gen" && go run ./cmd/acpgen -protocol v1 -out "$m/acp")
cp "$coder"/*.go "$m/coder/"
chmod -R u+w "$m"
rm -f "$m"/coder/*_test.go

cat >"$m/cmd/acpgen-min/main.go" <<'GO'
package main

import (
	"os"

	acp "m/acp"
)

func main() {
	var n acp.SessionNotification
	if err := n.UnmarshalJSON([]byte(os.Args[1])); err != nil {
		panic(err)
	}
	out, err := acp.Marshal(&n)
	if err != nil {
		panic(err)
	}
	os.Stdout.Write(out)
}
GO
cat >"$m/cmd/coder-min/main.go" <<'GO'
package main

import (
	"encoding/json"
	"os"

	acp "m/coder"
)

func main() {
	var n acp.SessionNotification
	if err := json.Unmarshal([]byte(os.Args[1]), &n); err != nil {
		panic(err)
	}
	out, err := json.Marshal(&n)
	if err != nil {
		panic(err)
	}
	os.Stdout.Write(out)
}
GO
cat >"$m/cmd/stdlib-min/main.go" <<'GO'
package main

import (
	"encoding/json"
	"os"
)

func main() {
	var n map[string]any
	if err := json.Unmarshal([]byte(os.Args[1]), &n); err != nil {
		panic(err)
	}
	out, err := json.Marshal(n)
	if err != nil {
		panic(err)
	}
	os.Stdout.Write(out)
}
GO

cd "$m"
# edit_ms TOOL DIR TAGS: wall time of `go TOOL` (build or vet) of DIR
# after a one-line edit of one of the files TAGS compile (a new line each
# time, so the cache never has the result; a file the tags leave out would
# be no edit at all).
edit_ms() {
	local tool=$1 dir=$2 tags=$3 file t0 t1
	file=$dir/$(go list -tags "$tags" -f '{{index .GoFiles 0}}' "./$dir")
	echo "// edit $(date +%s%N)" >>"$file"
	t0=$(date +%s%N)
	go "$tool" -tags "$tags" "./$dir" >"$tmp/$tool.out" 2>&1 || [ "$tool" = vet ] # coder's package has vet findings: vet's work is done all the same
	t1=$(date +%s%N)
	echo $(((t1 - t0) / 1000000))
}

edit_build_ms() { edit_ms build "$@"; }

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# rebuild_ms DIR TAGS: median of $runs edit_build_ms.
rebuild_ms() {
	go build -tags "$2" "./$1" # warm the cache for everything else
	for i in $(seq "$runs"); do edit_build_ms "$1" "$2"; done | median
}

# revet_ms DIR TAGS: median of $runs edits, each followed by `go vet` of
# DIR (the package's analysis again; its dependencies' facts come from
# the cache).
revet_ms() {
	go vet -tags "$2" "./$1" >/dev/null 2>&1 || true # warm the cache for everything else
	for i in $(seq "$runs"); do edit_ms vet "$1" "$2"; done | median
}

# paired_ratio TAGS: median over $runs rounds of acpgen's rebuild time
# (with TAGS) over coder's, each round one edit of each, so that a change
# of load during the run hits both sides of a ratio alike (separate medians
# have moved coder's figure by 45% between two runs).
paired_ratio() {
	go build -tags "$1" ./acp && go build ./coder
	for i in $(seq "$runs"); do
		local a c
		a=$(edit_build_ms acp "$1")
		c=$(edit_build_ms coder '')
		awk -v a="$a" -v c="$c" 'BEGIN {printf "%.2f\n", a / c}'
	done | median
}

size_kb() { # size of the minimal program built with TAGS
	go build -tags "$2" -o "$tmp/bin" "./cmd/$1"
	echo $(($(stat -c %s "$tmp/bin") / 1024))
}

echo "== machine: $(go version), $(getconf _NPROCESSORS_ONLN) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo "== lines of Go (non-test): acpgen v1 $(find acp -name '*.go' -exec cat {} + | wc -l), coder $(cat coder/*.go | wc -l)"
printf '%-34s %12s %12s %12s\n' "" "rebuild ms" "re-vet ms" "binary KiB"
printf '%-34s %12s %12s %12s\n' "acpgen gen/acp/v1, no tags" "$(rebuild_ms acp '')" "$(revet_ms acp '')" "$(size_kb acpgen-min '')"
printf '%-34s %12s %12s %12s\n' "acpgen gen/acp/v1, -tags unstable" "$(rebuild_ms acp unstable)" "$(revet_ms acp unstable)" "$(size_kb acpgen-min unstable)"
printf '%-34s %12s %12s %12s\n' "coder/acp-go-sdk v0.13.0" "$(rebuild_ms coder '')" "$(revet_ms coder '')" "$(size_kb coder-min '')"
printf '%-34s %12s %12s %12s\n' "encoding/json only (map)" "-" "-" "$(size_kb stdlib-min '')"
echo "(rebuild, re-vet: median of $runs edits; binary: default go build of a program that decodes and re-encodes one notification)"
echo "rebuild over coder's, paired (median of $runs rounds of one edit each): no tags $(paired_ratio '')x, -tags unstable $(paired_ratio unstable)x"
