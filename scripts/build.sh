#!/usr/bin/env bash
# `npm run build`: install what is missing, build www/pkg* (wasm) and then dist/ (the served
# folder) when they are stale; pass --force to rebuild both anyway.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/setup.sh
source scripts/setup.sh

ensure_build_prerequisites
build_wasm "${1:-}" || exit 1
build_web ${1:+"$1"} || exit 1
