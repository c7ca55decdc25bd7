#!/usr/bin/env bash
# Runs the benchmark suite and prints the tables the README's Performance
# section quotes: stream decode/encode per implementation with the ratios
# to the baseline and the issue's targets, the single-message benchmarks,
# and BenchmarkGenerateAll. Figures are medians of COUNT runs; run it on an
# otherwise idle machine.
#
#   bench/run.sh                 # -bench . -count 10, about 20 minutes
#   COUNT=3 BENCH=Stream bench/run.sh
#
# The raw output is kept in OUT (default /tmp/acpgen-bench.txt) for
# further benchstat queries.
set -euo pipefail
cd "$(dirname "$0")"

count=${COUNT:-10}
bench=${BENCH:-.}
out=${OUT:-/tmp/acpgen-bench.txt}

go install golang.org/x/perf/cmd/benchstat@latest
benchstat=$(go env GOPATH)/bin/benchstat

echo "== machine"
go version
echo "cores: $(getconf _NPROCESSORS_ONLN)"
grep -m1 'model name' /proc/cpuinfo 2>/dev/null || true
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"

go test -run x -bench "$bench" -benchmem -count "$count" >"$out"
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
echo "raw results: $out"

impls='/impl@(baseline acpgen acpgen-stdlib)'

echo
echo "== stream decode/encode, per message"
"$benchstat" -filter '.name:/^Stream/ .unit:(ns/msg OR allocs/msg)' -col "$impls" "$out"

echo
echo "== ratios to the baseline (medians); targets: decode <= 1.3x, encode <= 1.2x, allocs <= baseline + 2"
printf '%-20s %10s %14s\n' "" acpgen acpgen-stdlib
# benchstat's CSV rows: name, then per impl its median, CI (and, after the
# first, "vs base" and P): medians in columns 2, 4 and 8.
"$benchstat" -format csv -filter '.name:/^Stream/ .unit:ns/msg' -col "$impls" "$out" 2>/dev/null |
	awk -F, '$1 ~ /^Stream/ && $2 > 0 { printf "%-20s %9.2fx %13.2fx\n", $1, $4/$2, $8/$2 }'
"$benchstat" -format csv -filter '.name:/^Stream/ .unit:allocs/msg' -col "$impls" "$out" 2>/dev/null |
	awk -F, '$1 ~ /^Stream/ { printf "%-20s %+7.2f allocs %+7.2f allocs\n", $1, $4-$2, $8-$2 }'

echo
echo "== single messages (acpgen's methods called directly)"
"$benchstat" -filter '.name:/^Message/' -col '/impl@(baseline acpgen)' "$out" 2>/dev/null || true

echo
echo "== generator: the four ACP schemas end to end"
"$benchstat" -filter '.name:GenerateAll' "$out" 2>/dev/null || true
