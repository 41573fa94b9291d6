#!/usr/bin/env bash
# `npm test`: install what is missing, build the WASM packages and dist/, then run every test runner,
# carrying on past failures, and end with a summary whose last line is `N passed, N failed`.
#
#   0. cargo fmt --all --check, cargo clippy -D warnings (natively, and for wasm32 with the
#      packages' features), eslint, tsc --noEmit  (style and types: `npm run lint` runs the JS two)
#   1. cargo test --profile quick --workspace      (native Rust; the class server on SQLite)
#      … --test api … on a throwaway PostgreSQL     (the class server's tests once more)
#      chess-tutor lesson check lessons/           (the checker and doctor over the course)
#      scripts/fuzz.sh --seconds 40                (AFL++ over every reader, briefly)
#   2. wasm-pack test --headless --chrome crate --features lessons,variant,solver,pgn (Rust compiled to wasm, in headless Chromium)
#   3. node --test tests/js/                       (JS unit tests, in Node)
#   4. cargo build --profile quick … chess-tutor-server (the class server the browser tests start)
#      node --test --test-concurrency=2 tests/browser/  (the built page, dist/, in Chromium, via
#                                                  playwright-core; two test files at once)
#
# Each runner's output is also written to test-results/<name>.log.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=scripts/setup.sh
source scripts/setup.sh

started=$SECONDS
ensure_test_prerequisites

# The native build the tests use (Cargo.toml [profile.quick]: release without whole-program LTO, so
# that some 45 test binaries link in seconds); the JS tests find the CLI and the class server there.
export CT_CARGO_PROFILE="${CT_CARGO_PROFILE:-quick}"

RESULTS="$CT_ROOT/test-results"
STEPS="$RESULTS/steps.tsv"
mkdir -p "$RESULTS/screenshots"
: >"$STEPS"

# run_step LABEL KIND LOGNAME COMMAND...: runs COMMAND, tees its output to the log, records it.
run_step() {
  local label="$1" kind="$2" log="$RESULTS/$3.log"
  shift 3
  say ""
  say "━━━ $label: $*"
  local step_started=$SECONDS rc
  "$@" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  say "━━━ $label: exit code $rc after $((SECONDS - step_started)) s"
  printf '%s\t%s\t%s\t%s\n' "$label" "$kind" "$rc" "$log" >>"$STEPS"
}

run_step "wasm build" step wasm-build build_wasm
run_step "web build" step web-build build_web

# Style and types, before the long runners: each is a line of the summary.
run_step "cargo fmt --check" check cargo-fmt cargo fmt --all --check
run_step "cargo clippy" check cargo-clippy \
  cargo clippy --release --workspace --all-targets -- -D warnings
# For wasm32 with the features of the packages (scripts/setup.sh build_wasm): the widget's, the
# lesson packages' (without the doctor) with the wasm-bindgen tests, and the studio's and
# practice's (with it).
clippy_wasm() {
  local features rc=0
  # pkg-practice is built with `practice` alone (its bindings only: no Game, no pgn)
  for features in compact lessons,compact practice; do
    cargo clippy --release -p chess-tutor --target "$CT_WASM_TARGET" --lib --features "$features" -- -D warnings || rc=1
  done
  for features in lessons,variant,solver,pgn,engine; do
    cargo clippy --release -p chess-tutor --target "$CT_WASM_TARGET" --lib --tests --features "$features" -- -D warnings || rc=1
  done
  return "$rc"
}
run_step "cargo clippy (wasm32)" check cargo-clippy-wasm clippy_wasm
run_step "eslint" check eslint node_modules/.bin/eslint .
# after the wasm build: the page's modules are checked against www/pkg*/chess_tutor.d.ts
# …and the service worker apart, with a worker's types (tsconfig.sw.json)
tsc_all() {
  node_modules/.bin/tsc -p tsconfig.json && node_modules/.bin/tsc -p tsconfig.sw.json
}
run_step "tsc --noEmit" check tsc tsc_all

# A test build of pkg-lessons with the cargo feature test-trap (testTrap: an export that traps on
# purpose) for tests/browser/trap.test.mjs: into target/test-trap/, outside www/ and dist/.
build_test_trap() {
  (cd "$CT_ROOT" && wasm-pack build crate --profile release --target web --out-dir ../target/test-trap/pkg-lessons \
    --mode no-install --no-typescript --no-pack -- --features lessons,test-trap)
}
run_step "test-trap build" step test-trap-build build_test_trap

# --no-fail-fast: every test target runs, so one failure does not hide the others
run_step "cargo test" cargo cargo-test \
  cargo test --profile "$CT_CARGO_PROFILE" --workspace --no-fail-fast

# The class server's tests once more, on PostgreSQL as well: a throwaway cluster (scripts/setup.sh
# start_throwaway_postgres: Debian's postgresql, a temporary folder, a free port), stopped by a
# trap. The step above ran them on SQLite (the workspace includes server/).
cargo_test_server_postgres() {
  start_throwaway_postgres || return 1
  trap stop_throwaway_postgres EXIT
  # (--workspace with the server's test targets, not -p: the same features as the step above, so
  # nothing is compiled again)
  TEST_DATABASE_URL="$CT_PG_URL" cargo test --profile "$CT_CARGO_PROFILE" --workspace --no-fail-fast --test api --test process \
    --test hostile --test fuzz --test tries --test practice --test web --test start --test privacy --test lifecycle
  local rc=$?
  stop_throwaway_postgres
  trap - EXIT
  return "$rc"
}
run_step "cargo test (server, PostgreSQL)" cargo cargo-test-server-postgres cargo_test_server_postgres

# The teacher's checker and doctor over the course (cargo test built the binary).
run_step "lesson check" step lesson-check \
  "${CARGO_TARGET_DIR:-$CT_ROOT/target}/$CT_CARGO_PROFILE/chess-tutor" lesson check lessons/

# Every reader fuzzed with AFL++ for 40 s in all (scripts/fuzz.sh; without cargo-afl, the seed
# corpus replayed). `npm run fuzz -- --minutes N` runs longer.
run_step "fuzz (40 s)" step fuzz bash scripts/fuzz.sh --seconds 40

export CHROMEDRIVER="$CT_CHROMEDRIVER"
# crate/webdriver.json passes --no-sandbox and --headless=new to Chromium (we may be root).
run_step "wasm-pack test" cargo wasm-pack-test \
  wasm-pack test --headless --chrome --chromedriver "$CHROMEDRIVER" --mode no-install crate --features lessons,variant,solver,pgn

run_step "node --test (unit)" node node-unit \
  node --test --test-reporter=spec tests/js/

# The class server's binary for tests/browser/classes.test.mjs (it starts it on a free port with a
# throwaway SQLite file and --dist dist): the tests' build (cargo test built it for the server's
# own tests already, with the dev-dependencies' features: this builds the binary as it ships).
run_step "class server build" step class-server-build \
  cargo build --profile "$CT_CARGO_PROFILE" --workspace --bin chess-tutor-server

# Two test files at once (--test-concurrency=2; node's default is one fewer than the cores, one on
# a 2-core CI): much of a browser test is waiting for a page, so two overlap well. Each file runs
# in its own process with its own servers on free ports, its own Chromium and temporary folders;
# dist/ is built before (the web build above; the helpers' build is locked, scripts/build-web.mjs).
browser_tests() {
  build_web || return 1
  node --test --test-concurrency=2 --test-reporter=spec tests/browser/
}
run_step "node --test (browser)" node node-browser browser_tests

say ""
say "━━━ Summary ($((SECONDS - started)) s; logs and screenshots in test-results/)"
node scripts/test-summary.mjs "$STEPS"
