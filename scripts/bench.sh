#!/usr/bin/env bash
# `npm run bench`: make sure the WASM packages and dist/ are built, then run bench/index.mjs.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/setup.sh
source scripts/setup.sh

if [ ! -f bench/index.mjs ]; then
  say "no benchmarks yet"
  exit 0
fi
ensure_build_prerequisites
build_wasm || die "The wasm build failed, so the benchmarks cannot run; see the messages above."
build_web || die "The web build failed, so the benchmarks cannot run; see the messages above."
# bench/ keeps its own package.json; install its packages the first time.
if [ -f bench/package-lock.json ] && [ ! -d bench/node_modules ]; then
  say "installing the benchmark's npm packages with npm ci…"
  (cd bench && npm ci --no-audit --no-fund) || die "Could not install bench/'s npm packages with 'npm ci'; see the npm messages above."
fi
exec node bench/index.mjs "$@"
