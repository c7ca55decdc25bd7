#!/usr/bin/env bash
# Generate every release of the ACP schema and build what acpgen makes of it.
#
# Usage:
#   scripts/releases.sh [version...]
#
# Without versions: every release of @agentclientprotocol/sdk on npm from
# 1.0.0 to 2.4.0. For each release it downloads the package with npm pack,
# checks the tarball against the registry's sha512 integrity (schema/fetch.sh),
# and then for v1 and v2 (where the package ships them):
#   stable    acpgen -schema schema.json, then go build and go vet
#   unstable  (where the package ships schema.json and schema.unstable.json
#             side by side: from 2.0.0) drafts a feature map with acpgen -draft-features
#             from the map vendored in schema/acp (claims that match nothing
#             dropped, unclaimed elements grouped into proposed features),
#             generates with it and builds and vets with -tags unstable
# and prints one row a release. The exit status is 1 if any cell failed.
#
# Tarballs are kept in $ACPGEN_RELEASES_DIR (default
# ${TMPDIR:-/tmp}/acpgen-releases) and checked again on every run; the
# generated packages and logs go to $ACPGEN_RELEASES_DIR/out/<version>/.
# GOFLAGS is passed on (GOFLAGS=-p=1 keeps the builds to one at a time).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=../schema/fetch.sh
source "$ROOT/schema/fetch.sh"

FIRST="1.0.0"
LAST="2.4.0"
CACHE="${ACPGEN_RELEASES_DIR:-${TMPDIR:-/tmp}/acpgen-releases}"
mkdir -p "$CACHE" || die "cannot create $CACHE"

# semver_ge a b: a >= b for plain x.y.z versions.
semver_ge() {
  [[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n 1)" == "$2" ]]
}

releases() {
  npm view "$PKG" versions --json | tr -d '[]", ' | tr '\n' ' ' | tr -s ' ' '\n' |
    grep -E '^[0-9]+\.[0-9]+\.[0-9]+$' | while read -r v; do
      if semver_ge "$v" "$FIRST" && semver_ge "$LAST" "$v"; then echo "$v"; fi
    done
}

# fetch <version>: the package extracted to $CACHE/<version>/package, the
# tarball checked against the registry's integrity on every run.
fetch() (
  local version="$1" dir="$CACHE/$1" expected tgz actual
  mkdir -p "$dir"
  tgz="$(ls "$dir"/*.tgz 2>/dev/null | head -n 1)"
  if [[ -z "$tgz" ]]; then
    download_and_verify "$version" "$dir" 2>"$dir/fetch.log" || return 1
  else
    expected="$(npm view "$PKG@$version" dist.integrity)" || return 1
    actual="$(sri_sha512 "$tgz")"
    if [[ "$actual" != "$expected" ]]; then
      echo "INTEGRITY MISMATCH for cached $tgz: $actual != $expected" >"$dir/fetch.log"
      return 1
    fi
    rm -rf "$dir/package"
    tar -xzf "$tgz" -C "$dir" || return 1
  fi
)

# build_pkg <dir> [tags]: go build and go vet of a generated package.
build_pkg() {
  local dir="$1" tags="${2:-}"
  (cd "$dir" && go build -tags "$tags" ./... && go vet -tags "$tags" ./...)
}

# cell <log> <command...>: "ok" or "FAIL", the command's output in <log>.
cell() {
  local log="$1"
  shift
  if "$@" >"$log" 2>&1; then echo ok; else echo FAIL; fi
}

stable() {
  local in="$1" out="$2" version="$3"
  "$ACPGEN" -schema "$in/schema.json" -out "$out" -package acp -protocol-version "$version" && build_pkg "$out"
}

unstable() {
  local in="$1" out="$2" version="$3" base="$4" map="$5"
  "$ACPGEN" -draft-features "$map" -schema "$in/schema.json" -unstable "$in/schema.unstable.json" -features "$base" &&
    "$ACPGEN" -schema "$in/schema.json" -unstable "$in/schema.unstable.json" -features "$map" -out "$out" -package acp -protocol-version "$version" &&
    build_pkg "$out" unstable
}

command -v go >/dev/null || die "go not found"
TOOLS="$(mktemp -d)"
trap 'rm -rf "$TOOLS"' EXIT
ACPGEN="$TOOLS/acpgen"
(cd "$ROOT" && go build -o "$ACPGEN" ./cmd/acpgen) || die "cannot build acpgen"

if [[ $# -gt 0 ]]; then
  VERSIONS=("$@")
else
  mapfile -t VERSIONS < <(releases)
  [[ ${#VERSIONS[@]} -gt 0 ]] || die "no releases of $PKG between $FIRST and $LAST on npm"
fi

OUT="$CACHE/out"
failed=0
total=0
passed=0
printf '%-8s %-9s %-9s %-9s %-9s\n' release v1 v2 v1-unst v2-unst
for version in "${VERSIONS[@]}"; do
  row=("$version")
  rdir="$OUT/$version"
  rm -rf "$rdir"
  mkdir -p "$rdir"
  # One go.mod for the release's packages: they import the standard library only.
  printf 'module releasecheck\n\ngo 1.24\n' >"$rdir/go.mod"
  if ! fetch "$version"; then
    printf '%-8s %s\n' "$version" "fetch failed: $CACHE/$version/fetch.log"
    failed=1
    continue
  fi
  ok=1
  for kind in stable unstable; do
    for v in v1 v2; do
      # 1.x ships v1 as schema/schema.json (and a v2 draft that is
      # unstable only, skipped); 2.x ships schema/v1 and schema/v2.
      in="$CACHE/$version/package/schema/$v"
      if [[ $v == v1 && ! -d "$in" ]]; then in="$CACHE/$version/package/schema"; fi
      if [[ ! -f "$in/schema.json" ]] || { [[ $kind == unstable ]] && [[ ! -f "$in/schema.unstable.json" ]]; }; then
        row+=("-")
        continue
      fi
      out="$rdir/$kind/$v"
      if [[ $kind == stable ]]; then
        res="$(cell "$rdir/$kind-$v.log" stable "$in" "$out" "${v#v}")"
      else
        res="$(cell "$rdir/$kind-$v.log" unstable "$in" "$out" "${v#v}" "$ROOT/schema/acp/features.$v.json" "$rdir/features.$v.json")"
      fi
      row+=("$res")
      [[ $res == ok ]] || ok=0
    done
  done
  total=$((total + 1))
  if [[ $ok == 1 ]]; then passed=$((passed + 1)); else failed=1; fi
  printf '%-8s %-9s %-9s %-9s %-9s\n' "${row[@]}"
done
echo "$passed/$total releases generate, build and vet (logs in $OUT/<release>/)"
exit $failed
