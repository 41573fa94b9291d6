#!/usr/bin/env bash
# Fuzz every reader of a person's text (lesson, course, glossary, piece set, FEN, text board, PGN,
# SAN) with AFL++ through cargo-afl (crate/fuzz: targets src/bin/<reader>.rs, seeds corpus/<reader>/).
#
#   npm run fuzz -- --minutes N      N minutes in all, shared by the readers (default 8)
#   npm run fuzz -- --seconds S      S seconds in all (npm test runs --seconds 40)
#   npm run fuzz -- --readers lesson,fen
#
# Prints, per reader, the executions, the inputs AFL kept, crashes and hangs. A crash or hang is
# copied to crate/fuzz/findings/<reader>/ and the script exits 1. Without cargo-afl
# (`cargo install cargo-afl`) it replays the seed corpus through the readers
# (crate/tests/fuzz_corpus.rs) and says that it did only that.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
root=$PWD

seconds=480
CARGO_AFL_VERSION=0.18.2
readers="lesson,course,glossary,piece_set,fen,text_board,pgn,san"
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) seconds=$(($2 * 60)); shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --readers) readers=$2; shift 2 ;;
    *) echo "fuzz: unknown argument $1 (use --minutes N, --seconds S, --readers a,b)" >&2; exit 2 ;;
  esac
done
IFS=, read -r -a list <<<"$readers"
per=$((seconds / ${#list[@]}))
[ "$per" -ge 2 ] || per=2

if ! cargo afl --version >/dev/null 2>&1; then
  # Installed from crates.io like wasm-pack (scripts/setup.sh): it builds its own AFL++ (~1.5 min).
  echo "fuzz: installing cargo-afl $CARGO_AFL_VERSION (cargo install; once per machine)"
  cargo install cargo-afl --version "$CARGO_AFL_VERSION" >/dev/null 2>&1 ||
    echo "fuzz: cargo install cargo-afl failed"
fi
if ! cargo afl --version >/dev/null 2>&1; then
  echo "fuzz: cargo-afl is not installed (cargo install cargo-afl): replaying the seed corpus only"
  exec cargo test --release -p chess-tutor --test fuzz_corpus
fi

export CARGO_TARGET_DIR="$root/target/fuzz"
echo "fuzz: building the AFL++ targets (the first build takes a few minutes)"
# --locked: crate/fuzz/Cargo.lock is committed whole, so npm test never rewrites it (git status stays
# clean); a dependency added to the crate needs `cargo metadata --manifest-path crate/fuzz/Cargo.toml`
(cd crate/fuzz && cargo afl build --release -q --locked) || exit 1

out="$CARGO_TARGET_DIR/out"
mkdir -p "$out"
export AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_AFFINITY=1 AFL_AUTORESUME=1
stat() { sed -n "s/^$2 *: *//p" "$1/default/fuzzer_stats" 2>/dev/null; }
status=0
total=0
printf '%-11s %10s %8s %8s %6s %6s\n' reader executions per-s kept crash hang
for r in "${list[@]}"; do
  dir="$out/$r"
  before=$(stat "$dir" execs_done)
  # -V: run this long; -t: an input that takes over 1 s is a hang
  cargo afl fuzz -V "$per" -t 1000 -i "crate/fuzz/corpus/$r" -o "$dir" -- "$CARGO_TARGET_DIR/release/$r" >"$out/$r.log" 2>&1
  rc=$?
  if [ ! -f "$dir/default/fuzzer_stats" ]; then
    echo "fuzz: afl-fuzz did not start for $r (exit $rc): see $out/$r.log"
    status=1
    continue
  fi
  # AFL_AUTORESUME carries on from the last run's queue and counts: this run's executions
  execs=$(($(stat "$dir" execs_done) - ${before:-0}))
  crashes=$(stat "$dir" saved_crashes)
  hangs=$(stat "$dir" saved_hangs)
  total=$((total + execs))
  printf '%-11s %10s %8s %8s %6s %6s\n' "$r" "$execs" "$(stat "$dir" execs_per_sec)" "$(stat "$dir" corpus_count)" "$crashes" "$hangs"
  if [ "${crashes:-0}" -gt 0 ] || [ "${hangs:-0}" -gt 0 ]; then
    mkdir -p "crate/fuzz/findings/$r"
    cp "$dir"/default/crashes/id* "$dir"/default/hangs/id* "crate/fuzz/findings/$r/" 2>/dev/null
    echo "fuzz: $r: findings copied to crate/fuzz/findings/$r/"
    status=1
  fi
done
echo "fuzz: $total executions in all"
exit $status
