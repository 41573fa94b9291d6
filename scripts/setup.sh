#!/usr/bin/env bash
# chess-tutor: install what is missing, skip what is present, build the WASM packages and dist/.
#
# Sourced by scripts/start.sh, scripts/test.sh, scripts/bench.sh and scripts/build.sh,
# which then call the functions below. It can also be run on its own:
#
#   bash scripts/setup.sh          # everything `npm start` needs, then the build (wasm, then dist/)
#   bash scripts/setup.sh test     # ... plus Chromium and ChromeDriver for the browser tests
#   bash scripts/setup.sh start --force   # rebuild www/pkg* and dist/ even if they look up to date
#
# Each ensure_* function checks first and installs only when something is missing. A missing
# prerequisite that we cannot install stops with one sentence on stderr and exit code 1.
# Nothing here downloads a prebuilt binary: Rust tools come from crates.io via `cargo install`,
# JS tools from the npm registry via `npm ci`, Chromium from Debian via apt-get.

CT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CT_PKG_DIR="$CT_ROOT/www/pkg"
CT_WASM="$CT_PKG_DIR/chess_tutor_bg.wasm"
CT_LESSONS_WASM="$CT_ROOT/www/pkg-lessons/chess_tutor_bg.wasm"
CT_ENGINE_WASM="$CT_ROOT/www/pkg-engine/chess_tutor_bg.wasm"
CT_VARIANT_WASM="$CT_ROOT/www/pkg-variant/chess_tutor_bg.wasm"
CT_STUDIO_WASM="$CT_ROOT/www/pkg-studio/chess_tutor_bg.wasm"
CT_PRACTICE_WASM="$CT_ROOT/www/pkg-practice/chess_tutor_bg.wasm"
CT_FULL_WASM="$CT_ROOT/www/pkg-lessons-full/chess_tutor_bg.wasm"
CT_WASM_TARGET="wasm32-unknown-unknown"
CT_CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
# Where Debian's chromium and chromium-driver put the browser and its driver.
CT_CHROMIUM="${CT_CHROMIUM:-/usr/bin/chromium}"
CT_CHROMEDRIVER="${CT_CHROMEDRIVER:-/usr/bin/chromedriver}"

# rustup puts cargo in ~/.cargo/bin; a fresh login shell may not have it on PATH yet.
if ! command -v cargo >/dev/null 2>&1 && [ -x "$CT_CARGO_BIN/cargo" ]; then
  PATH="$CT_CARGO_BIN:$PATH"
fi
# `cargo install` puts wasm-pack and wasm-bindgen there too.
case ":$PATH:" in
  *":$CT_CARGO_BIN:"*) ;;
  *) if [ -d "$CT_CARGO_BIN" ]; then PATH="$PATH:$CT_CARGO_BIN"; fi ;;
esac
export PATH

say() { printf '%s\n' "$*"; }
# One sentence on stderr, non-zero exit. When sourced by a script this ends that script.
die() {
  printf '%s\n' "$*" >&2
  exit 1
}

ensure_rust() {
  if ! command -v cargo >/dev/null 2>&1 || ! command -v rustup >/dev/null 2>&1; then
    die "Install Rust from rustup.rs (cargo and rustup were not found on PATH)."
  fi
  say "✓ Rust present ($(rustc --version 2>/dev/null || cargo --version))"
}

ensure_node() {
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    die "Install Node.js 20 or newer (node and npm were not found on PATH)."
  fi
  local version major
  version="$(node --version 2>/dev/null)"
  major="${version#v}"
  major="${major%%.*}"
  if ! [ "$major" -ge 20 ] 2>/dev/null; then
    die "Install Node.js 20 or newer (found node ${version:-of unknown version})."
  fi
  say "✓ Node.js present (node $version, npm $(npm --version 2>/dev/null))"
}

ensure_wasm_target() {
  if rustup target list --installed 2>/dev/null | grep -qx "$CT_WASM_TARGET"; then
    say "✓ rustup target $CT_WASM_TARGET present"
    return 0
  fi
  say "installing rustup target $CT_WASM_TARGET (about 1 minute)…"
  rustup target add "$CT_WASM_TARGET" || die "Could not add the rustup target $CT_WASM_TARGET; run 'rustup target add $CT_WASM_TARGET' and try again."
}

ensure_wasm_pack() {
  if command -v wasm-pack >/dev/null 2>&1; then
    say "✓ wasm-pack present ($(wasm-pack --version 2>/dev/null))"
    return 0
  fi
  say "installing wasm-pack (about 4 minutes)…"
  cargo install wasm-pack || die "Could not install wasm-pack with 'cargo install wasm-pack'; see the cargo messages above."
  hash -r
}

# The wasm-bindgen version that Cargo.lock pins; the CLI must match it exactly.
wasm_bindgen_version() {
  awk '
    /^\[\[package\]\]/ { in_pkg = 0 }
    /^name = "wasm-bindgen"$/ { in_pkg = 1; next }
    in_pkg && /^version = / { gsub(/"/, "", $3); print $3; exit }
  ' "$CT_ROOT/Cargo.lock"
}

ensure_wasm_bindgen_cli() {
  local want have
  want="$(wasm_bindgen_version)"
  if [ -z "$want" ]; then
    die "Cargo.lock does not pin wasm-bindgen; run 'cargo generate-lockfile' in $CT_ROOT and try again."
  fi
  have=""
  if command -v wasm-bindgen >/dev/null 2>&1 && command -v wasm-bindgen-test-runner >/dev/null 2>&1; then
    have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')"
  fi
  if [ "$have" = "$want" ]; then
    say "✓ wasm-bindgen-cli $want present (matches Cargo.lock)"
    return 0
  fi
  if [ -n "$have" ]; then
    say "installing wasm-bindgen-cli $want to match Cargo.lock (found $have; about 3 minutes)…"
  else
    say "installing wasm-bindgen-cli $want to match Cargo.lock (about 3 minutes)…"
  fi
  cargo install wasm-bindgen-cli --version "$want" ||
    die "Could not install wasm-bindgen-cli $want with cargo install; see the cargo messages above."
  hash -r
}

ensure_npm_packages() {
  local stamp="$CT_ROOT/node_modules/.package-lock.json" reason=""
  if [ ! -d "$CT_ROOT/node_modules" ]; then
    reason="node_modules is missing"
  elif [ ! -e "$stamp" ] || [ "$CT_ROOT/package-lock.json" -nt "$stamp" ]; then
    reason="package-lock.json is newer than node_modules"
  else
    local bin
    for bin in serve wasm-opt esbuild playwright-core eslint tsc; do
      if [ ! -e "$CT_ROOT/node_modules/.bin/$bin" ]; then
        reason="node_modules/.bin/$bin is missing"
        break
      fi
    done
  fi
  if [ -z "$reason" ]; then
    say "✓ npm packages present (node_modules is up to date with package-lock.json)"
    return 0
  fi
  say "installing npm packages with npm ci ($reason; about 30 seconds)…"
  (cd "$CT_ROOT" && npm ci --no-audit --no-fund) ||
    die "Could not install the npm packages with 'npm ci'; see the npm messages above."
}

# Runs a command as root: directly when we are root, else through sudo when there is one.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    return 127
  fi
}

ensure_chromium() {
  if [ -x "$CT_CHROMIUM" ] && [ -x "$CT_CHROMEDRIVER" ]; then
    say "✓ Chromium and ChromeDriver present ($("$CT_CHROMIUM" --version 2>/dev/null | head -n1))"
    return 0
  fi
  local sorry="Install Chromium and ChromeDriver (Debian packages chromium and chromium-driver)."
  if ! command -v apt-get >/dev/null 2>&1; then
    die "$sorry"
  fi
  if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null 2>&1; then
    die "$sorry"
  fi
  say "installing chromium and chromium-driver with apt-get (about 2 minutes)…"
  if ! as_root env DEBIAN_FRONTEND=noninteractive apt-get update ||
    ! as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver; then
    die "$sorry"
  fi
  if [ ! -x "$CT_CHROMIUM" ] || [ ! -x "$CT_CHROMEDRIVER" ]; then
    die "$sorry"
  fi
}

# The newest PostgreSQL of Debian's packages (/usr/lib/postgresql/<version>/bin), or nothing.
pg_bin_dir() {
  local d
  d="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)"
  if [ -n "$d" ] && [ -x "$d/pg_ctl" ] && [ -x "$d/initdb" ]; then printf '%s\n' "$d"; fi
}

# PostgreSQL for the class server's tests (the cargo test step "server, PostgreSQL"): Debian's
# postgresql package, installed with apt-get when no pg_ctl is under /usr/lib/postgresql/*/bin.
# Only its programs are used: each test run starts its own throwaway cluster
# (start_throwaway_postgres); the package's own cluster may stay stopped.
ensure_postgresql() {
  local dir
  dir="$(pg_bin_dir)"
  if [ -n "$dir" ]; then
    say "✓ PostgreSQL present ($("$dir/postgres" --version 2>/dev/null | head -n1))"
    return 0
  fi
  local sorry="Install PostgreSQL (the Debian package postgresql) for the class server's tests."
  if ! command -v apt-get >/dev/null 2>&1; then
    die "$sorry"
  fi
  if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null 2>&1; then
    die "$sorry"
  fi
  say "installing postgresql with apt-get (about a minute)…"
  if ! as_root env DEBIAN_FRONTEND=noninteractive apt-get update ||
    ! as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql; then
    die "$sorry"
  fi
  [ -n "$(pg_bin_dir)" ] || die "$sorry"
}

# A free TCP port on 127.0.0.1 (the system picks it).
free_port() {
  node -e 'const s = require("node:net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

# Runs a PostgreSQL program as the postgres user when we are root (initdb refuses root), else as
# ourselves.
as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# Start a throwaway PostgreSQL cluster: its data in a new temporary folder, on a free port of
# 127.0.0.1, trust authentication, no fsync (a test's data). Sets CT_PG_URL
# (postgres://postgres@127.0.0.1:PORT/postgres) and CT_PG_DIR. The caller stops it with
# stop_throwaway_postgres, from a trap: `trap stop_throwaway_postgres EXIT`.
start_throwaway_postgres() {
  ensure_postgresql
  local bin port
  bin="$(pg_bin_dir)"
  CT_PG_DIR="$(mktemp -d "${TMPDIR:-/tmp}/ct-postgres.XXXXXX")" || return 1
  if [ "$(id -u)" -eq 0 ]; then chown postgres "$CT_PG_DIR" || return 1; fi
  port="$(free_port)" || return 1
  as_postgres "$bin/initdb" -D "$CT_PG_DIR/data" -U postgres -A trust -E UTF8 --no-sync >"$CT_PG_DIR/initdb.log" 2>&1 || {
    cat "$CT_PG_DIR/initdb.log" >&2
    return 1
  }
  as_postgres "$bin/pg_ctl" -D "$CT_PG_DIR/data" -l "$CT_PG_DIR/server.log" -w -t 60 \
    -o "-p $port -k $CT_PG_DIR -c listen_addresses=127.0.0.1 -F -c max_connections=200" start >/dev/null || {
    cat "$CT_PG_DIR/server.log" >&2
    return 1
  }
  CT_PG_URL="postgres://postgres@127.0.0.1:$port/postgres"
  export CT_PG_URL CT_PG_DIR
  say "✓ throwaway PostgreSQL on port $port (data in $CT_PG_DIR)"
}

# Stop the throwaway cluster and remove its folder (safe to call twice).
stop_throwaway_postgres() {
  if [ -n "${CT_PG_DIR:-}" ] && [ -d "$CT_PG_DIR" ]; then
    as_postgres "$(pg_bin_dir)/pg_ctl" -D "$CT_PG_DIR/data" -m immediate stop >/dev/null 2>&1
    rm -rf "$CT_PG_DIR"
  fi
  CT_PG_DIR=""
}

# Everything `npm start` (and the wasm build) needs.
ensure_build_prerequisites() {
  ensure_rust
  ensure_node
  ensure_wasm_target
  ensure_wasm_pack
  ensure_wasm_bindgen_cli
  ensure_npm_packages
}

# Everything `npm test` needs.
# clippy and rustfmt, for the lint steps of `npm test` (rustup's components).
ensure_rust_lint_tools() {
  if cargo clippy --version >/dev/null 2>&1 && cargo fmt --version >/dev/null 2>&1; then
    say "✓ clippy and rustfmt present"
    return 0
  fi
  say "installing the rustup components clippy and rustfmt…"
  rustup component add clippy rustfmt || die "Could not add clippy and rustfmt; run 'rustup component add clippy rustfmt' and try again."
}

ensure_test_prerequisites() {
  ensure_build_prerequisites
  ensure_rust_lint_tools
  ensure_chromium
  ensure_postgresql
}

# Prints the first input of the wasm build that is newer than the built wasm (nothing if none).
wasm_build_newer_input() {
  local inputs=("$CT_ROOT/crate" "$CT_ROOT/Cargo.lock" "$CT_ROOT/Cargo.toml" "$CT_ROOT/scripts/wasm-stub.mjs" "$CT_ROOT/scripts/wasm-order.mjs" "$CT_ROOT/scripts/wasm-imports.mjs")
  find "${inputs[@]}" -newer "$CT_WASM" -print -quit 2>/dev/null
}

# Build one WASM package: wasm-pack into www/<dir> with the cargo profile PROFILE, then wasm-opt
# -Oz (-O2 for pkg-lessons). Extra cargo arguments (such as `--features lessons`) follow the profile.
build_wasm_package() {
  local dir="$1" profile="$2"
  shift 2
  local wasm="$CT_ROOT/www/$dir/chess_tutor_bg.wasm"
  # --mode no-install: use the wasm-bindgen we installed from crates.io, never download one.
  # The release profile keeps rustc at opt-level 3 where speed counts (perft, the lesson judge,
  # the engine: opt-level "s" made perft about twice as slow); the widget profile (opt-level "z")
  # makes the widget's own package small. wasm-opt -Oz below shrinks every module.
  (cd "$CT_ROOT" &&
    wasm-pack build crate --profile "$profile" --target web \
      --out-dir "../www/$dir" --mode no-install -- "$@") || {
    say "The wasm build (wasm-pack build, www/$dir) failed; see the messages above." >&2
    return 1
  }
  local before after small=()
  # pkg-lessons and pkg-variant: core's f64 formatter, which they never run, out
  # (scripts/wasm-stub.mjs says why: about 7.6 KiB gzipped of a child's first download).
  # Before wasm-opt, while names are there.
  if [ "$dir" = pkg-lessons ] || [ "$dir" = pkg-variant ]; then
    node "$CT_ROOT/scripts/wasm-stub.mjs" "$wasm" || {
      say "scripts/wasm-stub.mjs failed on www/$dir/chess_tutor_bg.wasm; see the messages above." >&2
      return 1
    }
  fi
  before="$(wc -c <"$wasm")"
  # In the widget's package wasm-opt's inlining saves raw bytes but costs about 2.5 KB gzipped.
  if [ "$profile" = widget ]; then small=(--skip-pass=inlining-optimizing); fi
  # pkg-lessons (a child's first download): -O3 compresses better than -Oz here, and runs faster;
  # the widget's pkg: -O2 (measured, zlib -9: pkg-lessons -Oz 123,257, -O2 123,331, -O3 with the
  # two assumptions below 122,979; pkg -Oz 37,887, -O2 with them 37,796).
  local level=-Oz
  # pkg-engine (the computer opponent and the bench's perft rows): -O3, for speed, as cozy-chess's
  # module gets in the bench; -Oz's lesser inlining cost its perft (issue 36, both builds against
  # cozy-chess in one interleaved run on a loaded machine: the five positions 0.99-1.36x with -O3,
  # 0.87-1.13x with -Oz; overall 0.98x -> 1.55x in the bench).
  # pkg-practice: -O3 as its opt-level 3, for the doctor's searches behind each exercise (Cargo.toml).
  if [ "$dir" = pkg-lessons ] || [ "$dir" = pkg-engine ] || [ "$dir" = pkg-practice ]; then level=-O3; elif [ "$dir" = pkg ]; then level=-O2; fi
  # Two assumptions that hold for Rust's output: no address computed as a pointer plus an offset
  # wraps around into the first 1 KiB of memory (safe Rust never overflows a pointer), and no load,
  # store or division traps by itself (Rust checks bounds and divisors first; a panic is an
  # explicit `unreachable`, which wasm-opt keeps: a trap still becomes the "Start over" card).
  if ! "$CT_ROOT/node_modules/.bin/wasm-opt" "$level" --converge --strip-producers --strip-target-features \
    --low-memory-unused --ignore-implicit-traps \
    "${small[@]}" --enable-bulk-memory --enable-nontrapping-float-to-int --enable-reference-types \
    --enable-multivalue --enable-sign-ext \
    "$wasm" -o "$wasm.opt"; then
    rm -f "$wasm.opt"
    say "wasm-opt failed on www/$dir/chess_tutor_bg.wasm; see the messages above." >&2
    return 1
  fi
  mv "$wasm.opt" "$wasm"
  # The packages of a first load (the widget's, the first lesson's, a piece set's): functions of
  # one shape side by side, which gzip compresses better (scripts/wasm-order.mjs: www/pkg about
  # 0.6 KiB less, pkg-lessons 2.4 KiB).
  if [ "$dir" = pkg ] || [ "$dir" = pkg-lessons ] || [ "$dir" = pkg-variant ]; then
    node "$CT_ROOT/scripts/wasm-order.mjs" "$wasm" || {
      say "scripts/wasm-order.mjs failed on www/$dir/chess_tutor_bg.wasm; see the messages above." >&2
      return 1
    }
    # and wasm-bindgen's imports, named with a hash each in the module and the glue, short names
    # in both (scripts/wasm-imports.mjs: www/pkg about 0.4 KiB gzip less)
    node "$CT_ROOT/scripts/wasm-imports.mjs" "$CT_ROOT/www/$dir" || {
      say "scripts/wasm-imports.mjs failed on www/$dir; see the messages above." >&2
      return 1
    }
  fi
  after="$(wc -c <"$wasm")"
  say "✓ built www/$dir (wasm-opt $level: $before → $after bytes)"
}

# Builds www/pkg, www/pkg-lessons, www/pkg-engine, www/pkg-variant, www/pkg-studio and www/pkg-practice. Skips the build when they are newer than
# every file in crate/, Cargo.toml, Cargo.lock and scripts/wasm-{stub,order,imports}.mjs. Pass --force to build anyway. Returns non-zero
# when the build fails.
# shellcheck disable=SC2120  # --force is optional; scripts/build.sh passes it on
build_wasm() {
  local force="${1:-}"
  if [ "$force" != "--force" ] && [ -f "$CT_WASM" ] && [ -f "$CT_PKG_DIR/chess_tutor.js" ] &&
    [ -f "$CT_LESSONS_WASM" ] && [ ! "$CT_WASM" -nt "$CT_LESSONS_WASM" ] &&
    [ -f "$CT_ENGINE_WASM" ] && [ ! "$CT_WASM" -nt "$CT_ENGINE_WASM" ] &&
    [ -f "$CT_VARIANT_WASM" ] && [ ! "$CT_WASM" -nt "$CT_VARIANT_WASM" ] &&
    [ -f "$CT_STUDIO_WASM" ] && [ ! "$CT_WASM" -nt "$CT_STUDIO_WASM" ] &&
    [ -f "$CT_PRACTICE_WASM" ] && [ ! "$CT_WASM" -nt "$CT_PRACTICE_WASM" ] &&
    [ -f "$CT_FULL_WASM" ] && [ ! "$CT_WASM" -nt "$CT_FULL_WASM" ]; then
    local newer
    newer="$(wasm_build_newer_input)"
    if [ -z "$newer" ]; then
      say "✓ www/pkg, www/pkg-lessons, www/pkg-engine, www/pkg-variant, www/pkg-studio and www/pkg-practice are up to date (newer than every file in crate/ and Cargo.lock); skipping the wasm build"
      return 0
    fi
    say "building the WASM packages (${newer#"$CT_ROOT"/} changed; about 1 minute)…"
  else
    say "building the WASM packages (about 1 minute)…"
  fi
  local started=$SECONDS
  # The widget's package, and the one with the lesson player (loaded only for lessons): chess
  # lessons without the solver, small rather than fast (what a child downloads before the first lesson; perft
  # for the bench is in pkg-engine, at opt-level 3).
  build_wasm_package pkg widget --features compact || return 1
  build_wasm_package pkg-lessons widget --features lessons,compact || return 1
  # The lesson player with pieces as data and the king-and-pawn solver (opt-level 3: the solver's
  # preparation), loaded by www/lesson/ only for a lesson with a piece set or the solver.
  build_wasm_package pkg-lessons-full release --features lessons,variant,solver || return 1
  # The computer opponent, loaded by www/widget/engine-worker.js only for a game against the computer.
  build_wasm_package pkg-engine release --features engine,pgn || return 1
  # Pieces as data (class VariantGame), loaded by www/widget/variant.js only when a piece set is used.
  build_wasm_package pkg-variant widget --features variant,compact || return 1
  # The lesson studio's checker with the doctor (studioCheck), loaded by www/studio-worker.js only
  # when a teacher opens the studio.
  build_wasm_package pkg-studio release --features studio || return 1
  # Practice (the skills, their generators, the learner model, and the doctor that proves each
  # exercise), loaded only when a child practises.
  # Its bindings alone, opt-level 3 (the `practice` profile), wasm-opt -O3: issue 35 measured
  # 567 KB gzipped with the studio's bindings at opt-level 3, about 475 KB without them (402 KB at
  # "s" and -Oz, but each exercise about 1.5x slower to make).
  build_wasm_package pkg-practice practice --features practice || return 1
  say "✓ built the WASM packages in $((SECONDS - started)) s"
}

# Builds dist/, the folder that is served, from www/ (scripts/build-web.mjs: esbuild bundles and
# minifies the JS and CSS, the rest is copied). Skips when dist/ is newer than www/. Pass --force
# to build anyway.
build_web() {
  node "$CT_ROOT/scripts/build-web.mjs" "$@" || {
    say "The web build (scripts/build-web.mjs, www/ → dist/) failed; see the messages above." >&2
    return 1
  }
}

# Run on its own: `bash scripts/setup.sh [start|test]`.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -uo pipefail
  case "${1:-start}" in
    start | build) ensure_build_prerequisites ;;
    test) ensure_test_prerequisites ;;
    *) die "Usage: bash scripts/setup.sh [start|test]" ;;
  esac
  build_wasm "${2:-}" || exit 1
  build_web ${2:+"$2"} || exit 1
fi
