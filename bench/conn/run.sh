#!/usr/bin/env bash
# Runs the connection benchmarks, acpgen's generated connection against
# coder/acp-go-sdk's on the same traffic, and compares them with benchstat.
#   bench/conn/run.sh            # -count 10 (COUNT=... to change)
set -euo pipefail
cd "$(dirname "$0")"
COUNT=${COUNT:-10}
out=${OUT:-/tmp/acpgen-conn-bench.txt}
if ! command -v benchstat >/dev/null; then
  export GOBIN=${GOBIN:-$(mktemp -d)}
  go install golang.org/x/perf/cmd/benchstat@latest
  export PATH=$GOBIN:$PATH
fi
go test -run x -bench . -benchmem -count "$COUNT" . | tee "$out"
benchstat -col /impl "$out"
