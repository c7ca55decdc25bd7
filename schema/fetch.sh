#!/usr/bin/env bash
# Vendor the Agent Client Protocol JSON schemas from the npm package
# @agentclientprotocol/sdk into schema/acp/.
#
# Usage:
#   schema/fetch.sh <version>   download <version>, verify integrity, vendor files
#   schema/fetch.sh --check     re-download the version recorded in schema/acp/VERSION
#                               and fail if the vendored files differ
set -euo pipefail

PKG="@agentclientprotocol/sdk"
SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DEST="$SCRIPT_DIR/acp"
SCHEMA_FILES=(v1/schema.json v1/schema.unstable.json v2/schema.json v2/schema.unstable.json)

die() { echo "fetch.sh: error: $*" >&2; exit 1; }

usage() {
  echo "usage: $0 <version> | --check" >&2
  exit 2
}

# sha512 integrity string (SRI format) of a file: "sha512-<base64>".
sri_sha512() {
  local f="$1" b64
  if command -v openssl >/dev/null 2>&1; then
    b64="$(openssl dgst -sha512 -binary "$f" | base64 | tr -d '\n')"
  elif command -v sha512sum >/dev/null 2>&1 && command -v xxd >/dev/null 2>&1; then
    b64="$(sha512sum "$f" | cut -d' ' -f1 | xxd -r -p | base64 | tr -d '\n')"
  else
    die "need openssl, or sha512sum + xxd, to compute the tarball integrity"
  fi
  printf 'sha512-%s' "$b64"
}

# download_and_verify <version> <workdir>
# Runs npm pack in <workdir>, verifies integrity against the registry, extracts
# the tarball to <workdir>/package and sets INTEGRITY.
download_and_verify() {
  local version="$1" work="$2" expected actual tgz
  command -v npm >/dev/null 2>&1 || die "npm not found"

  expected="$(npm view "$PKG@$version" dist.integrity)" \
    || die "npm view $PKG@$version failed"
  [[ -n "$expected" ]] || die "registry returned no dist.integrity for $PKG@$version"
  [[ "$expected" == sha512-* ]] || die "unexpected integrity format from registry: $expected"

  tgz="$(cd "$work" && npm pack --silent "$PKG@$version" | tail -n 1)" \
    || die "npm pack $PKG@$version failed"
  [[ -f "$work/$tgz" ]] || die "npm pack did not produce the expected tarball ($tgz)"

  actual="$(sri_sha512 "$work/$tgz")"
  echo "registry integrity: $expected" >&2
  echo "tarball  integrity: $actual" >&2
  if [[ "$actual" != "$expected" ]]; then
    die "INTEGRITY MISMATCH for $PKG@$version: tarball $actual != registry $expected"
  fi
  echo "integrity OK" >&2

  tar -xzf "$work/$tgz" -C "$work"
  [[ -d "$work/package" ]] || die "tarball has no package/ directory"
  INTEGRITY="$actual"
}

# find_license <package dir> -> path of the LICENSE file
find_license() {
  local pkgdir="$1" f
  for f in LICENSE LICENSE.md LICENSE.txt LICENCE license license.md; do
    if [[ -f "$pkgdir/$f" ]]; then printf '%s' "$pkgdir/$f"; return 0; fi
  done
  die "no LICENSE file found in package"
}

write_version() {
  local version="$1" integrity="$2" out="$3"
  {
    echo "package: $PKG"
    echo "version: $version"
    echo "integrity: $integrity"
    echo "source: npm pack $PKG@$version"
  } >"$out"
}

# Sourced (scripts/releases.sh does), this file only defines the functions.
if [[ "${BASH_SOURCE[0]}" != "$0" ]]; then
  return 0
fi

WORK=""
cleanup() { if [[ -n "$WORK" ]]; then rm -rf "$WORK"; fi; }
trap cleanup EXIT

[[ $# -eq 1 ]] || usage

if [[ "$1" == "--check" ]]; then
  [[ -f "$DEST/VERSION" ]] || die "$DEST/VERSION not found; run $0 <version> first"
  VERSION="$(sed -n 's/^version: *//p' "$DEST/VERSION" | head -n 1)"
  [[ -n "$VERSION" ]] || die "no 'version:' line in $DEST/VERSION"
  WORK="$(mktemp -d)"
  download_and_verify "$VERSION" "$WORK"

  status=0
  for f in "${SCHEMA_FILES[@]}"; do
    if ! diff -u "$WORK/package/schema/$f" "$DEST/$f" >/dev/null 2>&1; then
      echo "DIFFERS: acp/$f" >&2; status=1
    fi
  done
  if ! diff -u "$(find_license "$WORK/package")" "$DEST/LICENSE" >/dev/null 2>&1; then
    echo "DIFFERS: acp/LICENSE" >&2; status=1
  fi
  write_version "$VERSION" "$INTEGRITY" "$WORK/VERSION"
  if ! diff -u "$WORK/VERSION" "$DEST/VERSION" >&2; then
    echo "DIFFERS: acp/VERSION" >&2; status=1
  fi
  if [[ $status -ne 0 ]]; then
    die "vendored files do not match $PKG@$VERSION; run: $0 $VERSION"
  fi
  echo "vendored schemas match $PKG@$VERSION" >&2
  exit 0
fi

VERSION="$1"
[[ "$VERSION" != -* ]] || usage
WORK="$(mktemp -d)"
download_and_verify "$VERSION" "$WORK"

for f in "${SCHEMA_FILES[@]}"; do
  [[ -f "$WORK/package/schema/$f" ]] || die "package is missing schema/$f"
done
LICENSE_SRC="$(find_license "$WORK/package")"

mkdir -p "$DEST/v1" "$DEST/v2"
for f in "${SCHEMA_FILES[@]}"; do
  cp "$WORK/package/schema/$f" "$DEST/$f"
  echo "wrote acp/$f" >&2
done
cp "$LICENSE_SRC" "$DEST/LICENSE"
echo "wrote acp/LICENSE" >&2
write_version "$VERSION" "$INTEGRITY" "$DEST/VERSION"
echo "wrote acp/VERSION" >&2
