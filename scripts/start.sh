#!/usr/bin/env bash
# `npm start`: install what is missing, build the WASM packages and dist/ if they are stale, serve
# dist/ (www/ as shipped: bundled and minified by scripts/build-web.mjs).
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

say ""
say "Serving dist/ (built from www/) on http://localhost:$port (press Ctrl+C to stop)"
say ""
# serve reads dist/serve.json (a copy of www/serve.json): .wasm as application/wasm, the CSP header for /csp.html.
export NO_UPDATE_CHECK=1
exec node_modules/.bin/serve dist --listen "$port" --no-clipboard
