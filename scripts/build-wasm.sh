#!/usr/bin/env bash
# `npm run build`: install what is missing and build www/pkg (pass --force to rebuild anyway).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/setup.sh
source scripts/setup.sh

ensure_build_prerequisites
build_wasm "${1:-}" || exit 1
