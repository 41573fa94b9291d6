#!/usr/bin/env bash
# `npm start`: install what is missing, build the WASM packages and dist/ if they are stale, build
# the class server (server/, release) and run it: it serves dist/ (www/ as shipped: bundled and
# minified by scripts/build-web.mjs) with the headers of dist/serve.json, and the class API under
# /api/v1/ with SQLite in data/chess-tutor.sqlite (DATABASE_URL=postgres://… for PostgreSQL).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/setup.sh
source scripts/setup.sh

ensure_build_prerequisites
build_wasm || die "The wasm build failed, so there is nothing to serve; see the messages above."
build_web || die "The web build failed, so there is nothing to serve; see the messages above."

port="${PORT:-8080}"
if ! node -e '
  const s = require("node:net").createServer();
  s.once("error", () => process.exit(1));
  s.listen(Number(process.argv[1]), () => s.close(() => process.exit(0)));
' "$port"; then
  die "Port $port is already in use; stop the other server or run 'PORT=8081 npm start'."
fi

say "building the class server (cargo build --release -p chess-tutor-server; the first time takes a few minutes)…"
cargo build --release -p chess-tutor-server ||
  die "The class server did not build; see the cargo messages above."
server="${CARGO_TARGET_DIR:-$PWD/target}/release/chess-tutor-server"

say ""
say "Serving dist/ (built from www/) and the class server on http://localhost:$port (press Ctrl+C to stop)"
say "Classes are kept in ${DATABASE_URL:-data/chess-tutor.sqlite}."
say ""
# The server reads dist/serve.json (a copy of www/serve.json): .wasm as application/wasm, the CSP
# header for /csp.html; the course's lessons from lessons/; the endgame tables from www/endgame.
exec "$server" --dist dist --port "$port"
