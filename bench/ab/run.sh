#!/usr/bin/env bash
# Paired A/B of a generated package against its version at another commit,
# both compiled into one test binary: each round decodes (or encodes) the
# whole committed session/update stream with the old package, then with
# the new one, and the benchmark reports the median of the per-round
# ratios new/old. Load changes on a shared machine hit both halves of a
# round alike, so a difference of a few percent shows where two separate
# binaries run alternately (bench/peers) drown it in ±20% noise.
#
#   bench/ab/run.sh HEAD~1                     # gen/acp/v2, -count 10
#   PKG=gen/acp/v1 TYPE=SessionNotification STREAM=v1 bench/ab/run.sh main~3
#
# Prints benchstat of the ratio metrics (below 1: the working tree is
# faster), built both ways round: the two rows of one benchmark differ by
# the layout bias, and the truth is about their geometric mean.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
rev=${1:?usage: bench/ab/run.sh REV}
pkg=${PKG:-gen/acp/v2}
pkg=${pkg%/}
typ=${TYPE:-UpdateSessionNotification}
stream=${STREAM:-v2}
count=${COUNT:-10}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/src/old"
(cd "$root" && git archive "$rev" "$pkg") | tar -x -C "$tmp/src/old" --strip-components=$(($(tr -cd / <<<"$pkg" | wc -c) + 1))
printf 'module m\n\ngo 1.24\n' >"$tmp/go.mod"
cp "$root/bench/testdata/${stream}_session_update.jsonl" "$tmp/stream.jsonl"
sed "s/TYPE/$typ/g" "$root/bench/ab/paired_test.go.in" >"$tmp/paired_test.go"
sed 's/^package corpus$/package ab/' "$root/bench/corpus/paired.go" >"$tmp/paired.go"

# place SRC NAME: the generated package at SRC (with its own packages, such
# as internal/wire, and the runtime's assembly) as m/NAME, its imports of
# itself and of its own packages rewritten to that path.
place() {
	rm -rf "${tmp:?}/$2"
	mkdir -p "$tmp/$2"
	cp -r "$1"/. "$tmp/$2/"
	find "$tmp/$2" -name '*_test.go' -delete
	find "$tmp/$2" -name '*.go' -exec sed -i -e "s#\"github.com/acpgen/acpgen/$pkg/#\"m/$2/#" -e "s#\"github.com/acpgen/acpgen/$pkg\"#\"m/$2\"#" {} +
}

cd "$tmp"
place "$tmp/src/old" old
place "$root/$pkg" new
go test -c -o ab.test .
# The same with the two versions' places swapped (see paired_test.go.in).
place "$tmp/src/old" new
place "$root/$pkg" old
go test -c -o ba.test .
for i in $(seq "$count"); do
  env -u AB_SWAPPED ./ab.test -test.run x -test.bench . | grep '^Benchmark' | sed 's/-[0-9]* / /' | sed 's/^Benchmark/BenchmarkAsIs\//'
  AB_SWAPPED=1 ./ba.test -test.run x -test.bench . | grep '^Benchmark' | sed 's/-[0-9]* / /' | sed 's/^Benchmark/BenchmarkSwapped\//'
done | tee raw.txt
if command -v benchstat >/dev/null; then
  benchstat -filter '.unit:(new/old)' raw.txt
fi
# Both ways round combined: the geometric mean of the two medians.
awk '{split($1, n, "/"); for (i = 2; i < NF; i++) if ($(i+1) == "new/old") r[n[1] "/" n[2], ++c[n[1] "/" n[2]]] = $i}
  function median(k,   m, i, j, t, v) { m = c[k]; for (i = 1; i <= m; i++) { v[i] = r[k, i]
      for (j = i; j > 1 && v[j-1] > v[j]; j--) { t = v[j]; v[j] = v[j-1]; v[j-1] = t } }
    return m % 2 ? v[(m+1)/2] : (v[m/2] + v[m/2+1]) / 2 }
  END { for (k in c) if (k ~ /AsIs/) { b = k; sub(/AsIs/, "Swapped", b); split(k, p, "/")
    printf "%-8s new/old %.3f (as is %.3f, swapped %.3f)\n", p[2], sqrt(median(k) * median(b)), median(k), median(b) } }' raw.txt
