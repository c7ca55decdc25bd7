#!/usr/bin/env bash
# Prints the side-by-side table of docs/schema-peers.md: acpgen,
# go-jsonschema and quicktype on the same schemas (generate, build, vet)
# and MCP 2026-07-28's examples (round trip), as Markdown on stdout.
# quicktype needs node and npm (npm ci installs the pinned version once
# into the user cache directory).
#
#   bench/schemapeers/run.sh
#   bench/schemapeers/run.sh -only go-jsonschema
#   bench/schemapeers/run.sh -keep   # keep the generated packages to look at
set -euo pipefail
cd "$(dirname "$0")"
echo "<!-- $(date -u +%Y-%m-%d), $(go version | cut -d' ' -f3), node $(node --version 2>/dev/null || echo absent) -->"
go run . "$@"
