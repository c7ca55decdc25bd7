#!/usr/bin/env bash
# Runs the peer benchmarks, acpgen's generated codec against encoding/json,
# goccy/go-json, sonic, json-iterator, easyjson and coder/acp-go-sdk's
# types in one test binary, and prints benchstat's tables and each
# implementation's ratio to the baseline (encoding/json on flat structs;
# medians of COUNT runs). Run it on an otherwise idle machine.
#
#   bench/peers/run.sh                       # -bench 'Stream|Large' -count 10
#   COUNT=3 BENCH=Stream bench/peers/run.sh
#   COUNT=1 BENCHTIME=1x bench/peers/run.sh  # smoke test, figures meaningless
#
# The raw output is kept in OUT (default /tmp/acpgen-peers-bench.txt) for
# further benchstat queries.
set -euo pipefail
cd "$(dirname "$0")"

count=${COUNT:-10}
bench=${BENCH:-Stream|Large} # BenchmarkKindsPaired only when asked
benchtime=${BENCHTIME:-1s}
out=${OUT:-/tmp/acpgen-peers-bench.txt}

if ! command -v benchstat >/dev/null; then
  export GOBIN=${GOBIN:-$(mktemp -d)}
  go install golang.org/x/perf/cmd/benchstat@latest
  export PATH=$GOBIN:$PATH
fi

echo "== machine"
go version
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//' || uname -m)"
echo "cores: $(getconf _NPROCESSORS_ONLN)"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"

go test -run x -bench "$bench" -benchtime "$benchtime" -benchmem -count "$count" . >"$out"
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
echo "raw results: $out"

impls='/impl@(baseline acpgen goccy sonic jsoniter easyjson coder)'

# ratios FILTER: one line per benchmark, each implementation's median over
# the baseline's (first column), from benchstat's CSV. Its first header
# row names the implementations, the second the columns; medians are the
# columns that are not CI, "vs base" or P.
ratios() {
  benchstat -format csv -filter "$1" -col "$impls" "$out" 2>/dev/null | awk -F, '
    /^(goos|goarch|pkg|cpu):/ { next }
    hdr == 0 && $1 == "" { for (i = 2; i <= NF; i++) name[i] = $i; hdr = 1; next }
    hdr == 1 && $1 == "" {
      n = 0
      for (i = 2; i <= NF; i++) if ($i != "CI" && $i != "vs base" && $i != "P") col[++n] = i
      printf "%-34s", ""
      for (k = 2; k <= n; k++) printf " %9s", name[col[k]]
      print ""
      hdr = 2; next
    }
    hdr == 2 && NF > 1 && $1 != "geomean" {
      printf "%-34s", $1
      for (k = 2; k <= n; k++) {
        if ($(col[k]) == "" || $(col[1]) + 0 == 0) printf " %9s", "-"
        else printf " %8.2fx", $(col[k]) / $(col[1])
      }
      print ""
    }'
}

echo
echo "== streams, per message (B/op is per whole stream)"
benchstat -filter '.name:/^Stream(Decode|Encode)/ .unit:(ns/msg OR allocs/msg OR B/op OR MB/s)' -col "$impls" "$out" 2>/dev/null || true

echo
echo "== large messages"
benchstat -filter '.name:/^Large/ .unit:(sec/op OR B/op OR MB/s)' -col "$impls" "$out" 2>/dev/null || true

echo
echo "== acpgen over goccy/go-json, paired: each round runs both on the whole stream"
echo "== (median of the per-round ratios; below 1: acpgen takes less time)"
benchstat -filter '.name:/^StreamPaired/ .unit:acpgen/goccy' "$out" 2>/dev/null || true

echo
echo "== the same in rounds of two halves of many passes each, so that each half holds"
echo "== the garbage collections its allocations cause: elapsed (wall) and process CPU"
echo "== time (cpu, the collector's workers on the other core included)"
benchstat -filter '.name:/^StreamBlocks/' "$out" 2>/dev/null || true

echo
echo "== time per message over the baseline's (medians; lower is faster)"
ratios '.name:/^Stream/ .unit:ns/msg'
echo
echo "== allocations per message over the baseline's (medians)"
ratios '.name:/^Stream/ .unit:allocs/msg'
echo
echo "== large messages, time over the baseline's (medians; lower is faster)"
ratios '.name:/^Large/ .unit:sec/op'
echo
echo "== large messages, bytes allocated over the baseline's (medians)"
ratios '.name:/^Large/ .unit:B/op'
