#!/usr/bin/env node
// chess-tutor benchmark harness.
//
//   node bench/index.mjs [--quick] [--only perft,native,size,click,endgame,engine,ladder,load,static,server,lighthouse,practice] [--runs N]
//                        [--no-build] [--json FILE]
//
// Every figure is printed beside peers measured in the same run:
//   - cozy-chess (Rust, MIT) built to WASM and native from bench/cozy-wasm,
//   - chessops (TypeScript, GPL-3.0) and chess.js (TypeScript, BSD-2) from npm.
// The peers are dev tooling only: they live in bench/package.json (a separate
// npm project) and bench/cozy-wasm (a standalone crate) and never ship.
//
// Adding a section: write `async function fooSection(ctx)` that prints its own
// table (use `printTable`) and records figures with `ctx.record(...)`, then
// add it to SECTIONS at the bottom. Planned: endgame probe.

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { practiceSection } from './practice.mjs';

const BENCH = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(BENCH, '..');
const COZY_CRATE = path.join(BENCH, 'cozy-wasm');
const COZY_PKG = path.join(BENCH, 'pkg', 'cozy');
const BENCH_TARGET = path.join(BENCH, 'target');
// BENCH_CT_PKG=dir measures another chess-tutor build (e.g. a saved baseline).
// Default: www/pkg-engine (opt-level 3, perft export); www/pkg-lessons is built small (opt-level z).
const CT_PKG = process.env.BENCH_CT_PKG ? path.resolve(process.env.BENCH_CT_PKG) : path.join(ROOT, 'www', 'pkg-engine');
const CT_CLI = path.join(ROOT, 'target', 'release', 'chess-tutor');
const COZY_CLI = path.join(BENCH_TARGET, 'release', 'cozy-perft');

// ---------------------------------------------------------------- options

function parseArgs(argv) {
  const opts = { quick: false, only: null, runs: 3, build: true, json: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--quick') opts.quick = true;
    else if (a === '--only') opts.only = val().split(',').map((s) => s.trim()).filter(Boolean);
    else if (a === '--runs') opts.runs = Math.max(1, parseInt(val(), 10) || 1);
    else if (a === '--no-build') opts.build = false;
    else if (a === '--json') opts.json = path.resolve(val());
    else if (a === '-h' || a === '--help') {
      console.log(fs.readFileSync(fileURLToPath(import.meta.url), 'utf8')
        .split('\n').slice(1, 16).map((l) => l.replace(/^\/\/ ?/, '')).join('\n'));
      process.exit(0);
    } else throw new Error(`unknown option ${a} (try --help)`);
  }
  return opts;
}

// ---------------------------------------------------------------- helpers

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The spread of repeated runs, as "min-max" (the machine's noise beside each median). */
const fmtSpread = (xs) => (xs.length > 1 ? `${fmtMs(Math.min(...xs))}-${fmtMs(Math.max(...xs))}` : '');

const fmtInt = (n) => (n == null ? '' : Math.round(n).toLocaleString('en-US'));
const fmtMs = (ms) => (ms == null ? '' : ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0));
const fmtMnps = (nps) => (nps == null ? '' : (nps / 1e6).toFixed(2));
const fmtRatio = (r) => (r == null || !Number.isFinite(r) ? 'n/a' : `${r >= 10 ? r.toFixed(1) : r.toFixed(2)}x`);
const fmtKiB = (b) => (b == null ? '' : `${(b / 1024).toFixed(1)} KiB`);

/** Print rows (arrays of strings) as an aligned table. `align`: 'l' or 'r' per column. */
function printTable(headers, rows, align = []) {
  const all = [headers, ...rows].map((r) => r.map((c) => String(c ?? '')));
  const widths = headers.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (r) => r.map((c, i) => (align[i] === 'r' ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  console.log('  ' + line(all[0]));
  console.log('  ' + widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of all.slice(1)) console.log('  ' + line(r));
}

function heading(title) {
  console.log(`\n== ${title} ${'='.repeat(Math.max(3, 72 - title.length))}`);
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', stdio: opts.inherit ? 'inherit' : 'pipe', ...opts });
  return { ok: r.status === 0 && !r.error, status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '', error: r.error };
}

function hasCommand(cmd) {
  return run('sh', ['-c', `command -v ${cmd}`]).ok;
}

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = 0;
  for (const e of fs.readdirSync(p)) m = Math.max(m, newestMtime(path.join(p, e)));
  return m;
}

const mtime = (p) => (fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0);
const gzipSize = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
// brotli at quality 11, as the build writes NAME.br beside each file (scripts/web-assets.mjs)
const brSize = (buf) => zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length } }).length;
const rel = (p) => path.relative(process.cwd(), p) || '.';

// ---------------------------------------------------------------- positions

// Standard perft suite (chessprogramming.org "Perft Results"). Kiwipete is the
// published FEN (knight e5, black pawn h3, pawn c2); counts[d] = perft(d).
// depth: in-process (wasm/JS) runs; nativeDepth: one ply deeper so native
// runs last long enough that process start-up does not dominate.
const POSITIONS = [
  {
    name: 'initial',
    fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    depth: 5, quickDepth: 4, nativeDepth: 6,
    counts: [1, 20, 400, 8902, 197281, 4865609, 119060324],
  },
  {
    name: 'kiwipete',
    fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    depth: 4, quickDepth: 3, nativeDepth: 5,
    counts: [1, 48, 2039, 97862, 4085603, 193690690],
  },
  {
    name: 'position 3',
    fen: '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
    depth: 5, quickDepth: 4, nativeDepth: 6,
    counts: [1, 14, 191, 2812, 43238, 674624, 11030083],
  },
  {
    name: 'position 4',
    fen: 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
    depth: 4, quickDepth: 3, nativeDepth: 5,
    counts: [1, 6, 264, 9467, 422333, 15833292],
  },
  {
    name: 'position 5',
    fen: 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
    depth: 4, quickDepth: 3, nativeDepth: 5,
    counts: [1, 44, 1486, 62379, 2103487, 89941194],
  },
];

// ---------------------------------------------------------------- setup

/** Install bench/node_modules from the lockfile when missing. */
function ensureNpmPeers() {
  if (fs.existsSync(path.join(BENCH, 'node_modules', 'chessops')) &&
      fs.existsSync(path.join(BENCH, 'node_modules', 'chess.js'))) return;
  console.log('bench: installing peer packages (npm ci --prefix bench) ...');
  const r = run('npm', ['ci', '--prefix', BENCH, '--no-audit', '--no-fund', '--loglevel=error'], { inherit: true });
  if (!r.ok) throw new Error('npm ci --prefix bench failed');
}

/** Run binaryen's wasm-opt -O3 from the root node_modules if it is there. */
function wasmOpt(file) {
  const bin = path.join(ROOT, 'node_modules', '.bin', 'wasm-opt');
  if (!fs.existsSync(bin)) return false;
  const before = fs.statSync(file).size;
  const r = run(bin, ['-O3', '--enable-bulk-memory', '--enable-nontrapping-float-to-int',
    '--enable-reference-types', '--enable-multivalue', '--enable-sign-ext', file, '-o', file]);
  if (!r.ok) console.log(`bench: wasm-opt failed on ${rel(file)} (kept unoptimised): ${r.stderr.trim().split('\n')[0]}`);
  else console.log(`bench: wasm-opt -O3 ${rel(file)}: ${before} -> ${fs.statSync(file).size} bytes`);
  return r.ok;
}

const cozySourcesMtime = () => Math.max(
  newestMtime(path.join(COZY_CRATE, 'src')),
  mtime(path.join(COZY_CRATE, 'Cargo.toml')),
  mtime(path.join(COZY_CRATE, 'Cargo.lock')),
);

/** Build bench/pkg/cozy (wasm) if missing or older than bench/cozy-wasm. Returns an error string or null. */
function ensureCozyWasm(opts) {
  const wasm = path.join(COZY_PKG, 'cozy_wasm_bg.wasm');
  if (mtime(wasm) > cozySourcesMtime()) return null;
  if (!opts.build) return fs.existsSync(wasm) ? null : 'not built (--no-build)';
  if (!hasCommand('wasm-pack')) return fs.existsSync(wasm) ? null : 'wasm-pack not installed';
  console.log('bench: building cozy-chess wasm (wasm-pack build bench/cozy-wasm --release) ...');
  const r = run('wasm-pack', ['build', COZY_CRATE, '--target', 'web', '--release', '--out-dir', COZY_PKG, '--no-pack'],
    { inherit: true, env: { ...process.env, CARGO_TARGET_DIR: BENCH_TARGET } });
  if (!r.ok) return fs.existsSync(wasm) ? null : 'wasm-pack build failed';
  wasmOpt(wasm);
  fs.writeFileSync(path.join(COZY_PKG, '.gitignore'), '*\n');
  return null;
}

/** Build bench/target/release/cozy-perft if missing or stale. Returns an error string or null. */
function ensureCozyNative(opts) {
  if (mtime(COZY_CLI) > cozySourcesMtime()) return null;
  if (!opts.build) return fs.existsSync(COZY_CLI) ? null : 'not built (--no-build)';
  console.log('bench: building cozy-perft (native) ...');
  const r = run('cargo', ['build', '--release', '--quiet', '--bin', 'cozy-perft', '--manifest-path', path.join(COZY_CRATE, 'Cargo.toml')],
    { inherit: true, env: { ...process.env, CARGO_TARGET_DIR: BENCH_TARGET } });
  return r.ok || fs.existsSync(COZY_CLI) ? null : 'cargo build failed';
}

/** Let cargo bring target/release/chess-tutor up to date (a no-op when fresh). */
function ensureChessTutorCli(opts) {
  if (!opts.build) return fs.existsSync(CT_CLI) ? null : 'not built (--no-build)';
  console.log('bench: cargo build --release -p chess-tutor --bin chess-tutor ...');
  const r = run('cargo', ['build', '--release', '--quiet', '-p', 'chess-tutor', '--bin', 'chess-tutor'], { cwd: ROOT });
  if (!r.ok) {
    const why = (r.stderr.split('\n').find((l) => l.startsWith('error')) ?? 'cargo build failed').trim();
    if (fs.existsSync(CT_CLI)) { console.log(`bench: ${why} -- using the existing (possibly stale) binary`); return null; }
    return why;
  }
  return null;
}

/** Import a wasm-bindgen --target web package and instantiate it from bytes. */
async function loadWebWasm(jsFile, wasmFile) {
  if (!fs.existsSync(jsFile) || !fs.existsSync(wasmFile)) throw new Error(`${rel(wasmFile)} not built`);
  const mod = await import(pathToFileURL(jsFile).href);
  await mod.default({ module_or_path: fs.readFileSync(wasmFile) });
  return mod;
}

// ---------------------------------------------------------------- engines
//
// An engine: { name, kind, error?, perft(fen, depth) -> number, depthDelta }.
// `error` set means unavailable: its rows print the error instead of figures.

async function chessTutorEngine() {
  const e = { name: 'chess-tutor', kind: 'wasm', depthDelta: 0 };
  try {
    const ct = await loadWebWasm(path.join(CT_PKG, 'chess_tutor.js'), path.join(CT_PKG, 'chess_tutor_bg.wasm'));
    if (typeof ct.perft !== 'function') e.error = 'chess-tutor: perft export missing';
    else e.perft = (fen, depth) => Number(ct.perft(fen, depth));
  } catch (err) {
    e.error = `chess-tutor: ${err.message} (run scripts/bench.sh or wasm-pack build crate)`;
  }
  return e;
}

async function cozyEngine(opts) {
  const e = { name: 'cozy-chess', kind: 'wasm', depthDelta: 0 };
  const err = ensureCozyWasm(opts);
  if (err) { e.error = `cozy-chess: ${err}`; return e; }
  try {
    const cz = await loadWebWasm(path.join(COZY_PKG, 'cozy_wasm.js'), path.join(COZY_PKG, 'cozy_wasm_bg.wasm'));
    e.perft = (fen, depth) => cz.perft(fen, depth);
  } catch (err2) {
    e.error = `cozy-chess: ${err2.message}`;
  }
  return e;
}

async function chessopsEngine() {
  const { Chess } = await import('chessops/chess');
  const { parseFen } = await import('chessops/fen');
  const { SquareSet } = await import('chessops/squareSet');
  const PROMO = ['queen', 'knight', 'rook', 'bishop'];
  // Same shape as chessops' own debug.perft for standard chess: bulk count at
  // depth 1 (a pawn move to the back rank counts as 4 promotions).
  const perft = (pos, depth) => {
    if (depth < 1) return 1;
    const ctx = pos.ctx();
    let nodes = 0;
    if (depth === 1) {
      const backrank = SquareSet.backrank(pos.turn === 'white' ? 'black' : 'white');
      for (const [from, to] of pos.allDests(ctx)) {
        nodes += to.size();
        if (pos.board.pawn.has(from)) nodes += to.intersect(backrank).size() * 3;
      }
      return nodes;
    }
    for (const [from, dests] of pos.allDests(ctx)) {
      const promos = pos.board.pawn.has(from) && (from >> 3) === (pos.turn === 'white' ? 6 : 1) ? PROMO : [undefined];
      for (const to of dests) {
        for (const promotion of promos) {
          const child = pos.clone();
          child.play({ from, to, promotion });
          nodes += perft(child, depth - 1);
        }
      }
    }
    return nodes;
  };
  return {
    name: 'chessops', kind: 'js', depthDelta: 0,
    perft: (fen, depth) => perft(Chess.fromSetup(parseFen(fen).unwrap()).unwrap(), depth),
  };
}

async function chessJsEngine() {
  const { Chess } = await import('chess.js');
  // chess.js's own perft(): make/undo every pseudo-legal move, no bulk
  // counting. It is ~50x slower, so it runs one ply shallower.
  return {
    name: 'chess.js', kind: 'js', depthDelta: -1,
    perft: (fen, depth) => new Chess(fen).perft(depth),
  };
}

// ---------------------------------------------------------------- sections

/** Perft throughput in this Node process: wasm builds and JS peers. */
async function perftSection(ctx) {
  // each run lasts this long at least (BENCH_PERFT_RUN_MS; --quick: 50 ms)
  const runMs = Number(process.env.BENCH_PERFT_RUN_MS ?? (ctx.opts.quick ? 50 : 300));
  heading(`Perft throughput, in Node ${process.version} (median of ${ctx.opts.runs} runs of >= ${runMs} ms each, bulk counting at leaves)`);
  const engines = ctx.engines;
  const rows = [];
  const totals = new Map(engines.map((e) => [e.name, { nodes: 0, ms: 0, ok: true }]));
  const perPos = [];
  let mismatches = 0;

  for (const p of POSITIONS) {
    const baseDepth = ctx.opts.quick ? p.quickDepth : p.depth;
    const byEngine = {};
    // Runs go round the engines (one run of each, then the next round), so that a busy moment
    // of a shared machine falls on all of them alike.
    const live = [];
    for (const e of engines) {
      const depth = Math.max(1, baseDepth + e.depthDelta);
      if (e.error) continue;
      try {
        e.perft(p.fen, depth); // untimed warm-up run (JIT / wasm tier-up)
        live.push({ e, depth, times: [], nodes: null });
      } catch (err) {
        live.push({ e, depth, error: `error: ${err.message}` });
      }
    }
    for (let i = 0; i < ctx.opts.runs; i++) {
      for (const l of live) {
        if (l.error) continue;
        try {
          // one timed run: the call repeated until it has taken PERFT_RUN_MS at least (a run of a
          // few ms is timer and scheduler noise); its time is the mean of its calls
          const t0 = performance.now();
          let calls = 0;
          let spent = 0;
          do {
            l.nodes = l.e.perft(p.fen, l.depth);
            calls += 1;
            spent = performance.now() - t0;
          } while (spent < runMs);
          l.times.push(spent / calls);
          l.calls = Math.max(l.calls ?? 0, calls);
        } catch (err) {
          l.error = `error: ${err.message}`;
        }
      }
    }
    for (const e of engines) {
      const depth = Math.max(1, baseDepth + e.depthDelta);
      const l = live.find((x) => x.e === e);
      if (!l || l.error) {
        rows.push([p.name, e.name, depth, 'n/a', e.error ?? l.error, '', '', '', '']);
        totals.get(e.name).ok = false;
        continue;
      }
      const expected = p.counts[depth];
      const nodes = l.nodes;
      const ms = median(l.times);
      const ok = nodes === expected;
      if (!ok) {
        mismatches++;
        console.log(`\n  !!! MISMATCH: ${e.name} perft(${p.name}, ${depth}) = ${nodes}, expected ${expected} !!!\n`);
      }
      const nps = nodes / (ms / 1000);
      byEngine[e.name] = { depth, nodes, ms, nps, ok, bestNps: nodes / (Math.min(...l.times) / 1000) };
      const t = totals.get(e.name);
      t.nodes += nodes; t.ms += ms;
      rows.push([p.name, e.name, depth, fmtInt(nodes), ok ? 'ok' : `MISMATCH (want ${fmtInt(expected)})`, fmtMs(ms), fmtSpread(l.times), String(l.calls), fmtMnps(nps)]);
      ctx.record('perft', { position: p.name, engine: e.name, depth, nodes, expected, ok, ms, minMs: Math.min(...l.times), maxMs: Math.max(...l.times), calls: l.calls, nps });
    }
    perPos.push({ name: p.name, byEngine });
  }
  printTable(['position', 'engine', 'depth', 'nodes', 'check', 'ms', 'min-max ms', 'calls/run', 'Mnps'], rows, ['l', 'l', 'r', 'r', 'l', 'r', 'r', 'r', 'r']);
  console.log('  (ms: one call, the median over the runs of each run\'s mean; calls/run: how often a run repeated it)');

  console.log('\n  Totals (all positions; nodes / summed median time):');
  const trows = [];
  for (const e of engines) {
    const t = totals.get(e.name);
    const nps = t.ok && t.ms > 0 ? t.nodes / (t.ms / 1000) : null;
    t.nps = nps;
    trows.push([e.name, e.kind, e.depthDelta ? `depth ${e.depthDelta}` : 'full depth', t.ok ? fmtInt(t.nodes) : 'n/a', t.ok ? fmtMs(t.ms) : '', t.ok ? fmtMnps(nps) : 'n/a']);
  }
  printTable(['engine', 'kind', 'depths', 'nodes', 'ms', 'Mnps'], trows, ['l', 'l', 'l', 'r', 'r', 'r']);

  // Ratios: chess-tutor nps over each peer's nps (per position, then overall).
  const goals = [
    { peer: 'cozy-chess', goal: 1.1, each: true }, // issue 36: >= 1.1x in every position
    { peer: 'chessops', goal: 20 },
    { peer: 'chess.js', goal: null },
  ];
  console.log('\n  chess-tutor speed relative to peers (nps ratio; >1 means chess-tutor is faster):');
  const rrows = [];
  for (const g of goals) {
    const cells = perPos.map((pp) => {
      const a = pp.byEngine['chess-tutor'];
      const b = pp.byEngine[g.peer];
      return a && b ? fmtRatio(a.nps / b.nps) : 'n/a';
    });
    const a = totals.get('chess-tutor');
    const b = totals.get(g.peer);
    const overall = a?.nps && b?.nps ? a.nps / b.nps : null;
    // a goal for each position (g.each): the lowest position's ratio against it
    const ratios = perPos.map((pp) => (pp.byEngine['chess-tutor'] && pp.byEngine[g.peer] ? pp.byEngine['chess-tutor'].nps / pp.byEngine[g.peer].nps : null));
    const judged = g.each ? (ratios.some((r) => r == null) ? null : Math.min(...ratios)) : overall;
    const what = g.each ? 'in every position' : '';
    const verdict = g.goal == null ? '' : judged == null ? '(goal ' + g.goal + 'x)' : judged >= g.goal ? `MEETS goal >= ${g.goal}x ${what}` : `BELOW goal >= ${g.goal}x ${what}`;
    rrows.push([`vs ${g.peer}`, ...cells, fmtRatio(overall), verdict]);
    ctx.record('ratio', { peer: g.peer, overall, goal: g.goal });
  }
  // on a shared machine the fastest run of each engine is the one least disturbed: the same
  // ratio from those, beside the medians'
  const best = perPos.map((pp) => (pp.byEngine['chess-tutor'] && pp.byEngine['cozy-chess'] ? pp.byEngine['chess-tutor'].bestNps / pp.byEngine['cozy-chess'].bestNps : null));
  rrows.splice(1, 0, ['  fastest runs', ...best.map(fmtRatio), '', best.some((r) => r == null) ? '' : `(lowest ${fmtRatio(Math.min(...best))})`]);
  ctx.record('ratio-fastest', { peer: 'cozy-chess', positions: best });
  printTable(['', ...POSITIONS.map((p) => p.name), 'overall', ''], rrows, ['l', ...POSITIONS.map(() => 'r'), 'r', 'l']);
  if (mismatches) console.log(`\n  !!! ${mismatches} PERFT MISMATCH(ES) -- see above !!!`);
  ctx.failures += mismatches;
}

/** Native release binaries, timed from Node (wall time includes process start). */
async function nativeSection(ctx) {
  heading(`Perft native (release binaries run from Node, median of ${ctx.opts.runs} runs)`);
  const clis = [
    { name: 'chess-tutor', bin: CT_CLI, args: (fen, d) => ['perft', fen, String(d)], error: ensureChessTutorCli(ctx.opts) },
    { name: 'cozy-chess', bin: COZY_CLI, args: (fen, d) => [fen, String(d)], error: ensureCozyNative(ctx.opts) },
  ];
  const callOnce = (c, fen, depth) => {
    const t0 = process.hrtime.bigint();
    const r = run(c.bin, c.args(fen, depth));
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    const m = r.ok ? r.stdout.trim().match(/(\d+)\s*$/) : null;
    return { ms, nodes: m ? Number(m[1]) : null, r };
  };
  // Probe: the CLI must answer perft(initial, 1) = 20 to count as ready. The
  // median time of that trivial call is the CLI's start-up cost, subtracted
  // from the timings below so that Mnps measures move generation.
  for (const c of clis) {
    if (c.error) continue;
    const probe = callOnce(c, POSITIONS[0].fen, 1);
    if (probe.nodes !== 20) {
      const said = (probe.r.stderr || probe.r.stdout).trim().split('\n')[0]?.slice(0, 60) ?? '';
      c.error = `no perft command yet${said ? ` ("${said}")` : ''}`;
      continue;
    }
    const starts = [];
    for (let i = 0; i < Math.max(3, ctx.opts.runs); i++) starts.push(callOnce(c, POSITIONS[0].fen, 1).ms);
    c.startup = median(starts);
  }
  console.log('  start-up (perft initial 1): ' + clis.map((c) => `${c.name} ${c.error ? 'n/a' : fmtMs(c.startup) + ' ms'}`).join(', ') +
    '; "net ms" = wall ms - start-up, and Mnps uses net ms (~ = start-up dominated, rough)');
  const rows = [];
  const totals = new Map(clis.map((c) => [c.name, { nodes: 0, ms: 0, ok: !c.error }]));
  const perPos = [];
  let anyRough = false;
  for (const p of POSITIONS) {
    const depth = ctx.opts.quick ? p.quickDepth : p.nativeDepth;
    const byEngine = {};
    // Runs go round the binaries, so that a busy moment of a shared machine falls on both alike.
    const runsOf = new Map(clis.filter((c) => !c.error).map((c) => [c, []]));
    for (let i = 0; i < ctx.opts.runs; i++) for (const [c, results] of runsOf) results.push(callOnce(c, p.fen, depth));
    for (const c of clis) {
      if (c.error) { rows.push([p.name, c.name, depth, 'n/a', c.error, '', '', '', '']); continue; }
      const results = runsOf.get(c);
      const nodes = results[0].nodes;
      const wall = median(results.map((x) => x.ms));
      const ms = Math.max(0.01, wall - c.startup);
      const rough = wall < 4 * c.startup; // start-up is over a quarter of the time
      if (rough) anyRough = true;
      const expected = p.counts[depth];
      const ok = nodes === expected && results.every((x) => x.nodes === nodes);
      if (!ok) {
        ctx.failures++;
        console.log(`\n  !!! MISMATCH: ${c.name} native perft(${p.name}, ${depth}) = ${nodes}, expected ${expected} !!!\n`);
      }
      const nps = nodes / (ms / 1000);
      const t = totals.get(c.name); t.nodes += nodes ?? 0; t.ms += ms;
      byEngine[c.name] = { nodes, ms, nps };
      rows.push([p.name, c.name, depth, fmtInt(nodes), ok ? 'ok' : `MISMATCH (want ${fmtInt(expected)})`, fmtMs(wall), fmtSpread(results.map((x) => x.ms)), fmtMs(ms), (rough ? '~' : '') + fmtMnps(nps)]);
      ctx.record('native', { position: p.name, engine: c.name, depth, nodes, expected, ok, wallMs: wall, startupMs: c.startup, ms, nps });
    }
    perPos.push(byEngine);
  }
  printTable(['position', 'engine', 'depth', 'nodes', 'check', 'wall ms', 'min-max ms', 'net ms', 'Mnps'], rows, ['l', 'l', 'r', 'r', 'l', 'r', 'r', 'r', 'r']);
  const ratios = POSITIONS.map((p, i) => {
    const x = perPos[i]['chess-tutor'];
    const y = perPos[i]['cozy-chess'];
    return `${p.name} ${x && y ? fmtRatio(x.nps / y.nps) : 'n/a'}`;
  });
  console.log(`\n  chess-tutor vs cozy-chess per position (nps ratio): ${ratios.join(', ')}`);
  const a = totals.get('chess-tutor');
  const b = totals.get('cozy-chess');
  const tr = (t) => (t.ok && t.ms ? t.nodes / (t.ms / 1000) : null);
  console.log(`\n  Overall native: chess-tutor ${a.ok ? fmtMnps(tr(a)) + ' Mnps' : 'n/a'}, cozy-chess ${b.ok ? fmtMnps(tr(b)) + ' Mnps' : 'n/a'}` +
    `; chess-tutor vs cozy-chess ${a.ok && b.ok ? fmtRatio(tr(a) / tr(b)) : 'n/a'}` +
    (anyRough ? '\n  (some runs were start-up dominated (~): these native figures are rough; run without --quick)' : ''));
}

/** Files of chessops' dist/esm reachable from the modules a perft needs (relative imports only). */
function chessopsClosure(entries) {
  const dir = path.join(BENCH, 'node_modules', 'chessops', 'dist', 'esm');
  const seen = new Set();
  const visit = (f) => {
    if (seen.has(f)) return;
    seen.add(f);
    const src = fs.readFileSync(path.join(dir, f), 'utf8');
    for (const m of src.matchAll(/\bfrom\s+'\.\/([^']+)'/g)) visit(m[1]);
  };
  entries.forEach(visit);
  return [...seen].sort().map((f) => path.join(dir, f));
}

/** Lines of the JS sources in www/ (not the wasm-bindgen packages, not the i18n word files). */
function jsSourceLines() {
  const WWW = path.join(ROOT, 'www');
  const files = fs.readdirSync(WWW, { recursive: true })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.js') && !/^(pkg[^/]*|lessons)\//.test(f) && !/^i18n\/[^/]+\//.test(f));
  const lines = files.reduce((n, f) => n + fs.readFileSync(path.join(WWW, f), 'utf8').split('\n').filter((l) => l.trim()).length, 0);
  return { files: files.length, lines };
}

/**
 * Shipped size: gzip -9 (zlib, in Node) of each engine's code; what the plain <chess-tutor>
 * loads before the first click, from the built dist/ in Chromium; the lines of JS in www/.
 */
async function sizeSection(ctx) {
  heading('Size (gzip level 9 via zlib; smaller is better)');
  const nm = path.join(BENCH, 'node_modules');
  const resultPkg = path.join(nm, '@badrap', 'result', 'dist', 'mjs', 'index.mjs');
  const opsFiles = fs.existsSync(nm) ? chessopsClosure(['chess.js', 'fen.js']) : [];
  const widgetWasm = path.join(ROOT, 'www', 'pkg', 'chess_tutor_bg.wasm');
  if (ctx.opts.build) await (await import(pathToFileURL(path.join(ROOT, 'scripts', 'build-web.mjs')).href)).buildWeb();
  const items = [
    { name: 'chess-tutor', what: '(the widget\'s rules)', files: [widgetWasm] },
    { name: 'chess-tutor', what: '(the widget\'s wasm-bindgen glue, minified)', files: [path.join(ROOT, 'dist', 'pkg', 'chess_tutor.js')] },
    { name: 'chess-tutor', what: '(the rules + chess lesson player: what a child downloads before the first lesson; goal <= 120 KiB gzip)', files: [path.join(ROOT, 'www', 'pkg-lessons', 'chess_tutor_bg.wasm')] },
    { name: 'chess-tutor', what: '(the lesson player + pieces as data + solver: only for a lesson with a piece set or the solver)', files: [path.join(ROOT, 'www', 'pkg-lessons-full', 'chess_tutor_bg.wasm')] },
    { name: 'chess-tutor', what: '(the perft rows)', files: [path.join(CT_PKG, 'chess_tutor_bg.wasm')] },
    { name: 'chess-tutor', what: '(the rules + pieces as data, VariantGame: only with a piece set)', files: [path.join(ROOT, 'www', 'pkg-variant', 'chess_tutor_bg.wasm')] },
    { name: 'cozy-chess', what: '(perft export only)', files: [path.join(COZY_PKG, 'cozy_wasm_bg.wasm')] },
    {
      name: 'chessops',
      what: '+ @badrap/result, concatenated, unminified',
      files: [...opsFiles, resultPkg],
      label: `${path.relative(ROOT, path.dirname(opsFiles[0] ?? nm))}/{${opsFiles.map((f) => path.basename(f, '.js')).join(',')}}.js`,
    },
    { name: 'chess.js', what: 'unminified', files: [path.join(nm, 'chess.js', 'dist', 'esm', 'chess.js')] },
  ];
  const rows = [];
  let ctGz = null;
  for (const it of items) {
    // Each row names the file it measures.
    const what = `${it.label ?? path.relative(ROOT, it.files[0])} ${it.what}`;
    if (it.files.length === 0 || it.files.some((f) => !fs.existsSync(f))) {
      rows.push([it.name, what, 'missing', '', '']);
      continue;
    }
    const buf = Buffer.concat(it.files.map((f) => fs.readFileSync(f)));
    const gz = gzipSize(buf);
    if (it.files[0] === widgetWasm) ctGz = gz;
    const br = brSize(buf);
    rows.push([it.name, what, fmtKiB(buf.length), fmtKiB(gz), fmtKiB(br), ctGz && it.name !== 'chess-tutor' ? fmtRatio(ctGz / gz) : '']);
    ctx.record('size', { engine: it.name, what, raw: buf.length, gzip: gz, brotli: br });
  }
  printTable(['engine', 'what', 'raw', 'gzip -9', 'brotli 11', 'widget wasm / this'], rows, ['l', 'l', 'r', 'r', 'r', 'r']);
  console.log('  Note: JS peers are measured as unminified dist files (no bundler); a minifier would shrink them further.');

  const js = jsSourceLines();
  console.log(`\n  lines of JS in www/ (not counting i18n): ${fmtInt(js.lines)} (non-blank, in ${js.files} files; not pkg*/)`);
  ctx.record('js-lines', js);

  await withWidget(async ({ open }) => {
    const goal = 60 * 1024;
    const sizes = {};
    const rows = [];
    const seen = new Set();
    for (const lang of ['en', 'ru']) {
      const { page, files, readyMs } = await open(lang);
      await page.close();
      let raw = 0;
      let gz = 0;
      let br = 0;
      for (const f of files.sort((a, b) => a.url.localeCompare(b.url))) {
        const name = `dist${new URL(f.url).pathname}`;
        const g = gzipSize(f.body);
        const b = brSize(f.body);
        raw += f.body.length;
        gz += g;
        br += b;
        if (!seen.has(name)) rows.push([lang, name, fmtKiB(f.body.length), fmtKiB(g), fmtKiB(b)]);
        seen.add(name);
      }
      sizes[lang] = { raw, gz, br, files: files.length, readyMs };
      ctx.record('widget-size', { lang, files: files.map((f) => new URL(f.url).pathname), raw, gzip: gz, brotli: br, readyMs });
    }
    console.log('\n  What the plain <chess-tutor> loads on a bare page before the first click, from the built dist/' +
      '\n  (each file gzip -9 on its own, as served; ru lists only the files en does not load):');
    printTable(['lang', 'file', 'raw', 'gzip -9', 'brotli 11'], rows, ['l', 'l', 'r', 'r', 'r']);
    const srows = Object.entries(sizes).map(([lang, s]) => [
      lang, String(s.files), fmtKiB(s.raw), fmtKiB(s.gz), `${s.gz <= goal ? 'MEETS' : 'ABOVE'} goal <= 60 KiB`, fmtKiB(s.br), fmtMs(s.readyMs),
    ]);
    console.log('');
    printTable(['lang', 'files', 'raw total', 'gzip total', '', 'brotli total', 'load -> ready ms'], srows, ['l', 'r', 'r', 'r', 'l', 'r', 'r']);

    // a chess-t1 board (<chess-tutor pieces=…>): what it loads beyond the plain widget
    const { page, files, readyMs } = await open('en', 800, 'pieces="lessons/pieces/chess-t1.json" fen="8/8/8/3wP3/8/6N1/8/8 w - - 0 1"');
    await page.close();
    const extra = files.filter((f) => !seen.has(`dist${new URL(f.url).pathname}`));
    const trows = extra.sort((a, b) => a.url.localeCompare(b.url)).map((f) => ['en', `dist${new URL(f.url).pathname}`, fmtKiB(f.body.length), fmtKiB(gzipSize(f.body))]);
    const gz = files.reduce((n, f) => n + gzipSize(f.body), 0);
    console.log('\n  A chess-t1 board (pieces="lessons/pieces/chess-t1.json"): the files it loads beyond the plain widget:');
    printTable(['lang', 'file', 'raw', 'gzip -9'], trows, ['l', 'l', 'r', 'r']);
    console.log(`  in all ${files.length} files, ${fmtKiB(gz)} gzipped; load -> ready ${fmtMs(readyMs)} ms`);
    ctx.record('variant-size', { files: files.map((f) => new URL(f.url).pathname), gzip: gz, readyMs });
  });
}

// ---------------------------------------------------------------- widget

const percentile = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
};

/**
 * Runs FN({ browser, open }) with the built dist/ served and Chromium started (playwright-core and
 * `serve` from the root package, the same helpers as tests/browser). open(lang) opens a bare page
 * holding only the widget and returns { page, readyMs, files }: every response but the page's own.
 */
async function withWidget(fn) {
  let helpers;
  try {
    helpers = await import(pathToFileURL(path.join(ROOT, 'tests', 'browser', 'helpers.mjs')).href);
  } catch (err) {
    console.log(`  widget: n/a: ${err.message} (run npm ci in the root first)`);
    return;
  }
  if (!fs.existsSync(helpers.CHROMIUM)) {
    console.log(`  widget: n/a: no Chromium at ${helpers.CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
    return;
  }
  const server = await helpers.startServer();
  const browser = await helpers.launchBrowser();
  // attrs: more attributes of the element (a piece set)
  const open = async (lang, width = 800, attrs = '') => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const url = new URL(`bench-widget-${lang}.html`, server.url).href;
    await page.route(url, (route) => route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="${lang}"><meta charset="utf-8"><title>bench</title>` +
        `<script type="module" src="chess-tutor.js"></script><chess-tutor lang="${lang}" coordinates="ij" ${attrs}></chess-tutor>`,
    }));
    const bodies = [];
    page.on('response', (r) => {
      if (r.url() !== url && r.ok()) bodies.push(r.body().then((body) => ({ url: r.url(), body }), () => null));
    });
    const t0 = performance.now();
    await page.goto(url);
    await page.waitForSelector('chess-tutor[data-ready="true"]', { timeout: 30_000 });
    const readyMs = performance.now() - t0;
    await page.waitForLoadState('networkidle');
    return { page, readyMs, files: (await Promise.all(bodies)).filter(Boolean) };
  };
  try {
    await fn({ browser, open });
  } finally {
    await browser.close();
    await server.stop();
  }
}

/**
 * The <chess-tutor> widget in Chromium, from the built dist/: click -> highlight latency. No peer:
 * the figures are printed beside their goal.
 */
async function clickSection(ctx) {
  heading('Widget <chess-tutor> in Chromium: click -> highlight latency');
  await withWidget(async ({ browser, open }) => {
    // Real mouse clicks on pieces of the side to move; the widget measures
    // performance.measure('ct-select') from the input event's timeStamp to the highlight drawn.
    const clicks = ctx.opts.quick ? 40 : 200;
    const { page } = await open('en');
    const squares = ['e2', 'g1', 'b1', 'd2', 'f2', 'a2', 'h2', 'c2'];
    const centers = [];
    for (const sq of squares) {
      const box = await page.locator(`[data-square="${sq}"]`).boundingBox();
      centers.push([box.x + box.width / 2, box.y + box.height / 2]);
    }
    for (let k = 0; k < 10; k++) await page.mouse.click(...centers[k % centers.length]); // warm-up
    await page.evaluate(() => performance.clearMeasures('ct-select'));
    for (let k = 0; k < clicks; k++) await page.mouse.click(...centers[k % centers.length]);
    const marks = await page.evaluate(() => performance.getEntriesByName('ct-select').map((e) => e.duration));
    // The same selections dispatched in the page, timed up to a forced style + layout.
    const forced = await page.evaluate(async ([sqs, n]) => {
      const root = document.querySelector('chess-tutor').shadowRoot;
      const cells = sqs.map((sq) => root.querySelector(`[data-square="${sq}"]`));
      const markers = root.querySelector('.markers');
      const times = [];
      for (let k = 0; k < n; k++) {
        const t0 = performance.now();
        cells[k % cells.length].dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true, pointerType: 'mouse', isPrimary: true }));
        markers.getBoundingClientRect();
        getComputedStyle(markers.lastChild ?? markers).opacity; // style and layout are done
        times.push(performance.now() - t0);
        cells[k % cells.length].dispatchEvent(new PointerEvent('pointerup', { bubbles: true, composed: true, pointerType: 'mouse', isPrimary: true }));
        if (k % 20 === 19) await new Promise(requestAnimationFrame);
      }
      return times;
    }, [squares, clicks]);
    await page.close();
    const lrows = [];
    for (const [what, xs] of [
      ['mouse click -> highlight drawn (widget\'s performance.measure)', marks],
      ['select + forced style and layout (dispatched in the page)', forced],
    ]) {
      const p50 = percentile(xs, 50);
      const p95 = percentile(xs, 95);
      lrows.push([what, String(xs.length), fmtMs(p50), fmtMs(p95), fmtMs(Math.max(...xs)), p95 != null && p95 < 16 ? 'MEETS goal p95 < 16 ms' : 'ABOVE goal p95 < 16 ms']);
      ctx.record('widget-latency', { what, samples: xs.length, p50, p95, max: Math.max(...xs) });
    }
    console.log(`\n  Click -> highlight latency, ms (Chromium ${browser.version()}, headless, 800 px wide, ${clicks} clicks on pieces):`);
    printTable(['measure', 'n', 'p50', 'p95', 'max', ''], lrows, ['l', 'r', 'r', 'r', 'r', 'l']);
    console.log('  No peer widget: the goal is p95 < 16 ms (one frame at 60 Hz).');
  });
}

/**
 * King-and-pawn endgame: the lazily loaded data (www/endgame/*.bin), the time to a lesson's first
 * verdict and the per-probe time, natively (endgame-tables --bench) and in wasm when a package
 * exports the Endgame class.
 */
async function endgameSection(ctx) {
  heading('Endgame (king and pawn): lazy data, first verdict, probe time');
  const dir = path.join(ROOT, 'www', 'endgame');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.bin')).sort() : [];
  if (!files.length) { console.log('  n/a: no www/endgame/*.bin (cargo run --release --bin endgame-tables)'); return; }
  const rows = [];
  let raw = 0;
  let gz = 0;
  const sizeOf = {};
  for (const f of files) {
    const buf = fs.readFileSync(path.join(dir, f));
    const g = gzipSize(buf);
    sizeOf[f] = buf.length;
    raw += buf.length; gz += g;
    rows.push([f, fmtKiB(buf.length), fmtKiB(g)]);
  }
  rows.push(['all files', fmtKiB(raw), fmtKiB(gz)]);
  ctx.record('endgame-size', { files: sizeOf, raw, gzip: gz });
  console.log('  Data files (loaded lazily, only those a lesson needs):');
  printTable(['file', 'raw', 'gzip -9'], rows, ['l', 'r', 'r']);
  console.log(`  ${gz <= 500 * 1024 ? 'MEETS' : 'ABOVE'} goal <= 500 KiB gzipped (all files together)`);

  // Native timings from the generator binary.
  const bin = path.join(ROOT, 'target', 'release', 'endgame-tables');
  if (ctx.opts.build) run('cargo', ['build', '--release', '--quiet', '-p', 'chess-tutor', '--bin', 'endgame-tables'], { cwd: ROOT });
  const lessons = [];
  if (fs.existsSync(bin)) {
    const r = run(bin, ['--bench']);
    for (const line of r.stdout.split('\n').filter(Boolean)) lessons.push(JSON.parse(line));
    const nrows = lessons.map((l) => [l.fen.split(' ').slice(0, 2).join(' '), l.verdict, l.files.length, fmtKiB(l.bytes),
      fmtMs(l.load_ms), fmtMs(l.prepare_ms), fmtMs(l.first_verdict_ms), l.probe_us.toFixed(2), l.best_move_us.toFixed(2)]);
    for (const l of lessons) ctx.record('endgame-native', l);
    console.log('\n  Native (release; a lesson start: load its files, solve its KPKP slice, first verdict; then probes):');
    printTable(['position', 'verdict', 'files', 'data', 'load ms', 'prepare ms', 'first ms', 'probe us', 'best us'], nrows,
      ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r']);
  } else {
    console.log('  native: n/a (target/release/endgame-tables not built)');
  }

  // WASM, through the proposed binding: class Endgame { static files(fen); load(bytes);
  // prepare(fen); probe(fen) } in www/pkg-lessons (where lessons load it) or www/pkg.
  let ct = null;
  for (const dirName of ['pkg-lessons-full', 'pkg']) {
    const pkg = dirName === 'pkg' ? CT_PKG : path.join(ROOT, 'www', dirName);
    try {
      const mod = await loadWebWasm(path.join(pkg, 'chess_tutor.js'), path.join(pkg, 'chess_tutor_bg.wasm'));
      if (typeof mod.Endgame === 'function') { ct = mod; break; }
    } catch {
      // not built: try the next package
    }
  }
  if (!ct) { console.log('  wasm: n/a (no Endgame class exported by www/pkg-lessons or www/pkg yet)'); return; }
  const wrows = [];
  for (const l of lessons) {
    const eg = new ct.Endgame();
    const t0 = performance.now();
    for (const f of ct.Endgame.files(l.fen)) eg.load(fs.readFileSync(path.join(dir, f)));
    const t1 = performance.now();
    eg.prepare(l.fen);
    const first = eg.probe(l.fen);
    const t2 = performance.now();
    const n = ctx.opts.quick ? 200 : 2000;
    const t3 = performance.now();
    for (let k = 0; k < n; k++) eg.probe(l.fen);
    const probeMs = (performance.now() - t3) / n;
    wrows.push([l.fen.split(' ').slice(0, 2).join(' '), `${first.result} ${first.distance}`, fmtMs(t1 - t0), fmtMs(t2 - t0), (probeMs * 1000).toFixed(1),
      t2 - t0 <= 1000 && probeMs <= 1 ? 'MEETS goals (first <= 1 s, probe <= 1 ms)' : 'ABOVE goals']);
    ctx.record('endgame-wasm', { fen: l.fen, loadMs: t1 - t0, firstMs: t2 - t0, probeMs });
  }
  console.log(`\n  WASM in Node ${process.version} (files read from disk, so no network time):`);
  printTable(['position', 'verdict', 'load ms', 'first ms', 'probe us', ''], wrows, ['l', 'l', 'r', 'r', 'r', 'l']);
}

/** Middlegame and opening positions for the engine's reply times (start FEN, moves since). */
const ENGINE_POSITIONS = [
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', []],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', ['e2e4', 'e7e5', 'g1f3', 'b8c6']],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', ['d2d4', 'd7d5', 'c2c4', 'e7e6']],
  ['r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8', []],
  ['r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', []],
  ['r1b2rk1/2q1bppp/p2p1n2/np2p3/3PP3/5N1P/PPBN1PP1/R1BQR1K1 w - - 0 13', []],
  ['2r2rk1/pp3ppp/2n1b3/3q4/3P4/P1N2N2/1P3PPP/R2QR1K1 b - - 0 16', []],
  ['8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', []],
];

/**
 * The computer opponent: the time of a reply per level, in wasm (www/pkg-engine in Node, with
 * its wall-clock budget of 900 ms) and natively (chess-tutor bestmove --info).
 */
async function engineSection(ctx) {
  heading('Engine: reply time per level (goal: at most about 1 s in wasm on a slow machine)');
  const seeds = ctx.opts.quick ? [1] : [1, 2, 3];
  let mod = null;
  try {
    const pkg = path.join(ROOT, 'www', 'pkg-engine');
    mod = await loadWebWasm(path.join(pkg, 'chess_tutor.js'), path.join(pkg, 'chess_tutor_bg.wasm'));
  } catch (err) {
    console.log(`  wasm: n/a (${err.message}; scripts/setup.sh builds www/pkg-engine)`);
  }
  const cliErr = ensureChessTutorCli(ctx.opts);
  const rows = [];
  const avg = (xs) => xs.reduce((x, y) => x + y, 0) / Math.max(1, xs.length);
  // --runs N repeats each level's set of replies N times: the table shows the median of the
  // runs' averages and their spread (min-max), the machine's noise.
  const runs = ctx.opts.runs;
  for (let level = 1; level <= 8; level++) {
    const row = [String(level)];
    if (mod) {
      const avgs = [];
      const maxes = [];
      let nodes = [];
      let depth = [];
      for (let k = 0; k < runs; k++) {
        // A fresh engine each run: a warm transposition table would shorten the later runs.
        const engine = new mod.Engine();
        const ms = [];
        nodes = [];
        depth = [];
        for (const [fen, moves] of ENGINE_POSITIONS) {
          for (const seed of seeds) {
            const t0 = performance.now();
            const r = engine.bestMove(fen, moves, level, seed);
            ms.push(performance.now() - t0);
            nodes.push(r.nodes);
            depth.push(r.depth);
          }
        }
        engine.free();
        avgs.push(avg(ms));
        maxes.push(Math.max(...ms));
      }
      row.push(fmtInt(avg(nodes)), avg(depth).toFixed(1), fmtMs(median(avgs)), fmtSpread(avgs), fmtMs(median(maxes)));
      ctx.record('engine-wasm', { level, avgMs: median(avgs), minAvgMs: Math.min(...avgs), maxAvgMs: Math.max(...avgs), maxMs: median(maxes), avgNodes: avg(nodes), avgDepth: avg(depth) });
    } else {
      row.push('', '', 'n/a', '', 'n/a');
    }
    if (!cliErr) {
      const input = ENGINE_POSITIONS.map(([fen, moves]) => (moves.length ? `${fen} moves ${moves.join(' ')}` : fen)).join('\n') + '\n';
      const avgs = [];
      const maxes = [];
      for (let k = 0; k < runs; k++) {
        const ms = [];
        for (const seed of seeds) {
          const r = run(CT_CLI, ['bestmove', '-', '--level', String(level), '--seed', String(seed), '--info'], { input });
          for (const line of r.stdout.split('\n')) {
            const m = / ms (\d+)/.exec(line);
            if (m) ms.push(Number(m[1]));
          }
        }
        avgs.push(avg(ms));
        maxes.push(Math.max(...ms));
      }
      row.push(fmtMs(median(avgs)), fmtSpread(avgs), fmtMs(median(maxes)));
      ctx.record('engine-native', { level, avgMs: median(avgs), minAvgMs: Math.min(...avgs), maxAvgMs: Math.max(...avgs), maxMs: median(maxes) });
    } else {
      row.push('n/a', '', 'n/a');
    }
    rows.push(row);
  }
  console.log(`  ${ENGINE_POSITIONS.length} positions x ${seeds.length} seed(s), ${runs} run(s); wasm in Node ${process.version}, native release CLI (ms as the engine counts them; avg = median of the runs' averages, min-max = their spread):`);
  printTable(['level', 'wasm nodes', 'depth', 'wasm avg ms', 'min-max', 'wasm max ms', 'native avg ms', 'min-max', 'native max ms'], rows,
    ['r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r']);
}

/**
 * The strength ladder: each level against the next (chess-tutor ladder, native, both cores, by
 * node budgets so the games are the same on every machine). bench/ladder.txt keeps a full run.
 */
async function ladderSection(ctx) {
  heading('Engine strength ladder: each level against the next');
  const cliErr = ensureChessTutorCli(ctx.opts);
  if (cliErr) { console.log(`  n/a: ${cliErr}`); return; }
  const games = ctx.opts.quick ? 8 : 40;
  console.log(`  chess-tutor ladder --games ${games} --threads 2 (about ${ctx.opts.quick ? 'a minute' : '5 minutes'} on 2 cores)`);
  const r = spawnSync(CT_CLI, ['ladder', '--games', String(games), '--threads', '2'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) { console.log(`  ladder failed (exit code ${r.status})`); ctx.failures++; return; }
  console.log(r.stdout.split('\n').map((l) => (l ? `  ${l}` : l)).join('\n'));
  const pairs = [...r.stdout.matchAll(/^\s+(\d) v (\d)\s+(\d+)\s+(\d+)-(\d+)-(\d+)\s+([\d.]+)%/gm)].map((m) => ({
    high: +m[1], low: +m[2], games: +m[3], wins: +m[4], draws: +m[5], losses: +m[6], percent: +m[7],
  }));
  for (const p of pairs) ctx.record('ladder', p);
  if (pairs.some((p) => p.percent <= 50)) console.log('  NOTE: a higher level did not score more than 50 %');
}

/**
 * The class server (target/release/chess-tutor-server, or BENCH_SERVER_BIN: another build, for a
 * before figure) serving DIST on a free port, over a throwaway SQLite file: { url, stop, pid }.
 */
async function startClassServer(dist) {
  const bin = process.env.BENCH_SERVER_BIN ? path.resolve(process.env.BENCH_SERVER_BIN)
    : path.join(process.env.CARGO_TARGET_DIR ? path.resolve(process.env.CARGO_TARGET_DIR) : path.join(ROOT, 'target'), 'release', 'chess-tutor-server');
  if (!fs.existsSync(bin)) throw new Error(`no class server at ${rel(bin)} (cargo build --release -p chess-tutor-server)`);
  const { spawn } = await import('node:child_process');
  const tmp = fs.mkdtempSync(path.join((await import('node:os')).tmpdir(), 'ct-bench-web-'));
  const port = await freePort();
  const child = spawn(bin, ['--dist', dist, '--quiet', '--port', String(port)], { cwd: ROOT, env: { ...process.env, DATABASE_URL: `sqlite://${path.join(tmp, 'bench.sqlite')}` }, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (d) => { log += d; });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('close', r));
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  const started = performance.now();
  for (;;) {
    try { if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) break; } catch {}
    if (child.exitCode !== null || performance.now() - started > 60000) { await stop(); throw new Error(`the class server did not start: ${log}`); }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `http://127.0.0.1:${port}/`, stop, pid: child.pid };
}

/**
 * The first lesson on a school tablet's network, as users get it: the course and the first lesson
 * in Chromium throttled over CDP (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower),
 * from dist/ served by the class server (what `npm start` and the README's schools run) and, beside
 * it, by the plain static server of the browser tests (`serve`). Cold: an empty HTTP cache; the
 * course opened, the first lesson started until playable, then the next and a later lesson (class
 * server only). Warm: a second visit in the same browser profile (its HTTP cache), course and first
 * lesson again. "Playable": the lesson's Start is pressed and a click on one of the child's pieces
 * selects it (the board's cell gets data-selected). Goals (issue 36): cold <= 2.0 s, warm <= 0.6 s,
 * a later lesson <= 0.5 s. Bytes: what came over the wire (headers and bodies as sent, compressed
 * when the server compressed them); requests: those that reached the server (304s among them), not
 * those the HTTP cache answered. The service worker is blocked by default (BENCH_LOAD_SW=1 lets it
 * register: offline.js waits until the first lesson is ready, then its install downloads the whole
 * site). BENCH_LOAD_DIST=dir measures another built site (a saved dist/ of main, for a before
 * figure), BENCH_SERVER_BIN=path another class server.
 */
/**
 * Put in each page of the load section before its scripts: window.__benchWatch(selector) starts
 * watching a selector (a MutationObserver, no polling), window.__benchWhen(selector) answers the
 * page's time (ms since 1970, performance.timeOrigin + now) when it first matched. The course's
 * "cards shown" is watched from the start. The load steps' times end there, not when Playwright's
 * waitForSelector notices (it polls with a backoff up to 500 ms apart, which made every step up to
 * half a second longer than what the child saw).
 */
function pageClock() {
  const seen = new Map(); // selector -> time, or null while watched
  const waiting = new Map(); // selector -> resolve functions
  const now = () => performance.timeOrigin + performance.now();
  // "host >>> inner": inner inside host's shadow root (the widget's board is in one)
  const find = (sel) => sel.split(' >>> ').reduce((scope, part) => {
    const el = scope?.querySelector(part);
    return el ? (el.shadowRoot ?? el) : null;
  }, document);
  const check = () => {
    for (const [sel, at] of seen) {
      if (at != null || !find(sel)) continue;
      const t = now();
      seen.set(sel, t);
      for (const resolve of waiting.get(sel) ?? []) resolve(t);
      waiting.delete(sel);
    }
  };
  window.__benchWatch = (sel) => {
    if (!seen.has(sel)) seen.set(sel, null);
    check();
  };
  window.__benchWhen = (sel) => {
    window.__benchWatch(sel);
    const at = seen.get(sel);
    return at != null ? at : new Promise((resolve) => waiting.set(sel, [...(waiting.get(sel) ?? []), resolve]));
  };
  const observer = new MutationObserver(check);
  const watch = (root) => observer.observe(root, { subtree: true, childList: true, attributes: true });
  watch(document);
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    watch(root); // what changes in a shadow root is seen too
    return root;
  };
  window.__benchWatch('body[data-course="ready"]');
}

/** The page's time (ms since 1970) when `selector` first matched (pageClock), waiting for it. */
const seen = (page, selector) => Promise.race([
  page.evaluate((sel) => window.__benchWhen(sel), selector),
  new Promise((_, reject) => setTimeout(() => reject(new Error(`bench: ${selector} not seen in 60 s`)), 60_000).unref()),
]);

async function loadSection(ctx) {
  heading('Load: the course and the first lesson on a throttled network (cold and warm)');
  const runs = ctx.opts.quick ? 1 : Math.max(1, ctx.opts.runs);
  const course = JSON.parse(fs.readFileSync(path.join(ROOT, 'www', 'lessons', 'course.json'), 'utf8'));
  const files = course.sections.flatMap((sec) => sec.lessons);
  const id = (f) => f.replace(/\.json$/, '');
  const later = files.find((f) => /stars-1/.test(f)) ?? files[files.length - 1];
  // a square with one of the child's pieces in a lesson's start position (the click that proves it playable)
  const childSquare = (file) => {
    const lesson = JSON.parse(fs.readFileSync(path.join(ROOT, 'www', 'lessons', file), 'utf8'));
    const mine = lesson.student === 'black' ? /[a-z]/ : /[A-Z]/;
    // a FEN, or a text board of 8 rows ('.' an empty square), rank 8 first
    const rows = Array.isArray(lesson.position) ? lesson.position : lesson.position.split(' ')[0].split('/');
    for (let r = 0; r < 8; r++) {
      let col = 0;
      for (const c of rows[r]) {
        if (/[1-8]/.test(c) && !Array.isArray(lesson.position)) col += Number(c);
        else if (mine.test(c)) return `${'abcdefgh'[col]}${8 - r}`;
        else col += 1;
      }
    }
    throw new Error(`bench: no piece of the child's in ${file}`);
  };
  const served = process.env.BENCH_LOAD_DIST ? path.resolve(process.env.BENCH_LOAD_DIST) : path.join(ROOT, 'dist');
  await withWidget(async ({ browser }) => {
    const helpers = await import(pathToFileURL(path.join(ROOT, 'tests', 'browser', 'helpers.mjs')).href);
    const servers = [
      { name: 'class server', start: () => startClassServer(served), later: true },
      { name: 'static (serve)', start: () => helpers.startServer(process.env.BENCH_LOAD_DIST ? served : undefined), later: false },
    ];
    for (const srv of servers) {
      let server;
      try {
        server = await srv.start();
      } catch (err) {
        console.log(`  ${srv.name}: n/a: ${err.message}`);
        continue;
      }
      const steps = [];
      let wasm = [];
      try {
        for (let run = 0; run < runs; run++) {
          const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, serviceWorkers: process.env.BENCH_LOAD_SW === '1' ? 'allow' : 'block' });
          // one tab of the profile: throttled, its bytes and requests counted from CDP
          const open = async () => {
            const page = await context.newPage();
            const cdp = await context.newCDPSession(page);
            await cdp.send('Network.enable');
            await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8) });
            await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
            // the moment a selector first matches, taken in the page (see pageClock above)
            await page.addInitScript(pageClock);
            const tab = { page, bytes: 0, requests: 0, notModified: 0, urls: [] };
            cdp.on('Network.loadingFinished', (e) => { tab.bytes += e.encodedDataLength; });
            cdp.on('Network.requestWillBeSent', (e) => tab.urls.push(e.request.url));
            cdp.on('Network.responseReceived', (e) => {
              if (e.response.fromDiskCache || e.response.fromServiceWorker || e.response.fromPrefetchCache || e.response.url.startsWith('data:')) return;
              tab.requests += 1;
              if (e.response.status === 304) tab.notModified += 1;
            });
            tab.mark = () => {
              const out = { bytes: tab.bytes, requests: tab.requests, notModified: tab.notModified };
              tab.bytes = tab.requests = tab.notModified = 0;
              return out;
            };
            return tab;
          };
          // returns the page's time (ms since 1970) when the child's piece was selected
          const playable = async (page, file) => {
            await seen(page, `#lesson-tutor[data-lesson="intro"][data-lesson-id="${id(file)}"]`);
            await page.locator('#lesson-tutor .l-start').click();
            await seen(page, `#lesson-tutor[data-lesson="playing"][data-lesson-id="${id(file)}"]`);
            const sq = childSquare(file);
            // (each selector names its lesson: a square selected in an earlier lesson is not this one)
            const selected = `#lesson-tutor[data-lesson-id="${id(file)}"] >>> [data-square="${sq}"][data-selected]`;
            await page.evaluate((sel) => window.__benchWatch(sel), selected); // watched before the click
            await page.locator(`#lesson-tutor [data-square="${sq}"]`).click();
            return seen(page, selected);
          };
          // the course opened, then the first lesson played: [total, course, lesson] steps
          const visit = async (tab, label, goal) => {
            const t0 = Date.now();
            // (not until the load event: the page's low-priority preloads may still be arriving)
            await tab.page.goto(`${server.url}?lang=en#/course`, { waitUntil: 'commit' });
            const shown = await seen(tab.page, 'body[data-course="ready"]');
            const course = { step: `  ${label}: open the course (cards shown)`, ms: shown - t0, ...tab.mark() };
            const t1 = Date.now();
            await tab.page.evaluate((sel) => window.__benchWatch(sel), `#lesson-tutor[data-lesson="intro"][data-lesson-id="${id(files[0])}"]`);
            await tab.page.locator(`a.lesson-card[data-lesson="${id(files[0])}"]`).click();
            const selected = await playable(tab.page, files[0]);
            const first = { step: `  ${label}: then the first lesson (${id(files[0])}): a piece selected`, ms: selected - t1, ...tab.mark() };
            const total = { step: `${label}: course + first lesson playable`, ms: selected - t0, bytes: course.bytes + first.bytes, requests: course.requests + first.requests, notModified: course.notModified + first.notModified, goal };
            return [total, course, first];
          };
          const row = [];
          const tab = await open();
          row.push(...await visit(tab, 'cold', 2000));
          // the child reads: what the intro preloaded has arrived (the next lesson's text and package)
          await tab.page.waitForLoadState('networkidle');
          if (srv.later) {
            row.push({ step: '  (preloaded while the child reads)', ms: null, ...tab.mark() });
            const go = (file) => tab.page.evaluate(([h, sel]) => { window.__benchWatch(sel); location.hash = h; return performance.timeOrigin + performance.now(); },
              [`#/lesson/${id(file)}`, `#lesson-tutor[data-lesson="intro"][data-lesson-id="${id(file)}"]`]);
            let t0 = await go(files[1]);
            row.push({ step: `next lesson (${id(files[1])}) playable`, ms: await playable(tab.page, files[1]) - t0, ...tab.mark(), goal: 500 });
            await tab.page.waitForLoadState('networkidle');
            tab.mark();
            t0 = await go(later);
            row.push({ step: `a later lesson (${id(later)}) playable`, ms: await playable(tab.page, later) - t0, ...tab.mark(), goal: 500 });
            await tab.page.waitForLoadState('networkidle');
          }
          if (run === 0) wasm = tab.urls.filter((u) => /\.wasm(\?|$)/.test(u)).map((u) => new URL(u).pathname.slice(1));
          await tab.page.close();
          // a second visit, another day: the same profile, its HTTP cache kept
          const again = await open();
          row.push(...await visit(again, 'warm', 600));
          await again.page.close();
          steps.push(row);
          await context.close();
        }
      } finally {
        await server.stop();
      }
      const out = [];
      for (let k = 0; k < steps[0].length; k++) {
        const ms = steps.map((r) => r[k].ms).filter((x) => x != null);
        const { step, goal } = steps[0][k];
        const med = ms.length ? percentile(ms, 50) : null;
        const bytes = percentile(steps.map((r) => r[k].bytes), 50);
        const requests = percentile(steps.map((r) => r[k].requests), 50);
        const notModified = percentile(steps.map((r) => r[k].notModified), 50);
        const spread = ms.length ? `${fmtMs(Math.min(...ms))}–${fmtMs(Math.max(...ms))}` : '';
        out.push([step, fmtKiB(bytes), `${requests}${notModified ? ` (${notModified} × 304)` : ''}`, med == null ? '' : fmtMs(med), spread,
          goal == null ? '' : med <= goal ? `MEETS goal <= ${goal} ms` : `ABOVE goal <= ${goal} ms`]);
        ctx.record('load', { server: srv.name, step, bytes, requests, notModified, ms: med, min: ms.length ? Math.min(...ms) : null, max: ms.length ? Math.max(...ms) : null });
      }
      const worker = process.env.BENCH_LOAD_SW === '1' ? 'service worker allowed' : 'service worker blocked';
      console.log(`\n  ${srv.name}, site ${rel(served)}: Chromium ${browser.version()}, 150 ms latency, 1.6 Mbit/s down, CPU 4x slower, ${worker}; median of ${runs}:`);
      printTable(['step', 'on the wire', 'requests', 'ms', 'min–max', ''], out, ['l', 'r', 'r', 'r', 'r', 'l']);
      console.log(`  wasm fetched (cold, run 1): ${wasm.join(', ')}`);
    }
    console.log('  ("playable": Start pressed and a click on one of the child\'s pieces selects it; requests: those the server answered)');
  });
}

/**
 * Static files from the class server under load: 64 clients at once (keep-alive connections, each
 * asking again as soon as answered) for a few seconds, asking as a browser does
 * (`Accept-Encoding: br, gzip`) for the files of the first visit: the page, the app's scripts and
 * styles, the course index, the lesson package's WASM. Requests per second, p50 and p99 latency,
 * and the bytes sent. BENCH_SERVER_BIN / BENCH_LOAD_DIST: another server or site (a before figure).
 */
async function staticSection(ctx) {
  heading('Class server: static files, 64 clients at once');
  const served = process.env.BENCH_LOAD_DIST ? path.resolve(process.env.BENCH_LOAD_DIST) : path.join(ROOT, 'dist');
  let server;
  try {
    server = await startClassServer(served);
  } catch (err) {
    console.log(`  n/a: ${err.message}`);
    return;
  }
  const http = await import('node:http');
  try {
    // the files of a first visit, as the page names them (index.html's scripts and preloads)
    const html = fs.readFileSync(path.join(served, 'index.html'), 'utf8');
    const named = [...html.matchAll(/(?:src|href)="([\w./-]+\.(?:js|css|json|webmanifest|svg))"/g)].map((m) => m[1]);
    const wasm = fs.readdirSync(path.join(served, 'pkg-lessons')).find((f) => f.endsWith('.wasm'));
    const paths = ['/', ...new Set(named.map((n) => `/${n}`)), '/course-index.json', `/pkg-lessons/${wasm}`];
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const { port } = new URL(server.url);
    const get = (p) => new Promise((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: p, agent, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        let n = 0;
        res.on('data', (d) => { n += d.length; });
        res.on('end', () => resolve({ status: res.statusCode, bytes: n }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
    const seconds = ctx.opts.quick ? 2 : 8;
    const times = [];
    let bytes = 0, errors = 0, k = 0;
    for (const p of paths) await get(p); // warm: the server's ETag cache, the OS's file cache
    const t0 = performance.now();
    const until = t0 + seconds * 1000;
    await Promise.all(Array.from({ length: 64 }, async () => {
      while (performance.now() < until) {
        const p = paths[k++ % paths.length];
        const s = performance.now();
        try {
          const r = await get(p);
          if (r.status !== 200) errors += 1;
          bytes += r.bytes;
        } catch {
          errors += 1;
        }
        times.push(performance.now() - s);
      }
    }));
    const wall = (performance.now() - t0) / 1000;
    agent.destroy();
    const rps = times.length / wall;
    printTable(['files', 'requests', 'per s', 'p50 ms', 'p99 ms', 'errors', 'MiB/s sent'],
      [[paths.length, times.length, rps.toFixed(0), fmtMs(percentile(times, 50)), fmtMs(percentile(times, 99)), errors, (bytes / wall / 1048576).toFixed(1)]], ['r', 'r', 'r', 'r', 'r', 'r', 'r']);
    console.log(`  site ${rel(served)}, ${seconds} s; the load generator (node) shares the machine's cores with the server`);
    ctx.record('static', { files: paths.length, requests: times.length, rps, p50: percentile(times, 50), p99: percentile(times, 99), errors, bytesPerSecond: bytes / wall });
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------- main

/**
 * The move list kept as moves are played: 200 plies of one fixed game (a seeded random playout,
 * made with www/pkg-engine's Game in Node) played on the free board with the move list shown
 * (move-list="san"), each through element.play() and up to a forced style and layout of the list.
 * Total ms and the mean ms of the first and the last 20 plies: a list rebuilt from the whole game
 * on every move grows with the game's length; one kept as moves are played does not.
 */
async function pliesSection(ctx) {
  heading('Widget <chess-tutor>: 200 plies on the free board with the move list shown');
  const plies = 200;
  let game;
  try {
    const mod = await import(pathToFileURL(path.join(ROOT, 'www', 'pkg-engine', 'chess_tutor.js')).href);
    await mod.default({ module_or_path: fs.readFileSync(path.join(ROOT, 'www', 'pkg-engine', 'chess_tutor_bg.wasm')) });
    game = playout(mod, plies);
  } catch (err) {
    console.log(`  n/a: ${err.message} (scripts/setup.sh builds www/pkg-engine)`);
    return;
  }
  await withWidget(async ({ open }) => {
    const runs = [];
    for (let run = 0; run < (ctx.opts.runs ?? 3); run++) {
      const { page } = await open('en', 800, 'move-list="san"');
      runs.push(await page.evaluate((moves) => {
        const el = document.querySelector('chess-tutor');
        const list = el.shadowRoot.querySelector('.moves');
        const times = [];
        for (const uci of moves) {
          const t0 = performance.now();
          el.play(uci.slice(0, 2), uci.slice(2, 4), uci[4] ?? null);
          list.getBoundingClientRect();
          times.push(performance.now() - t0);
        }
        return { times, shown: el.shadowRoot.querySelectorAll('.moves li span:not(.n)').length };
      }, game));
      await page.close();
    }
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const rows = runs.map((r, k) => [String(k + 1), String(r.shown), fmtMs(r.times.reduce((a, b) => a + b, 0)), fmtMs(mean(r.times.slice(0, 20))), fmtMs(mean(r.times.slice(-20)))]);
    const totals = runs.map((r) => r.times.reduce((a, b) => a + b, 0)).sort((a, b) => a - b);
    const median = totals[Math.floor(totals.length / 2)];
    ctx.record('plies', { plies, runs: totals, median, first20: runs.map((r) => mean(r.times.slice(0, 20))), last20: runs.map((r) => mean(r.times.slice(-20))) });
    printTable(['run', 'moves listed', 'total ms', 'first 20: ms/ply', 'last 20: ms/ply'], rows, ['r', 'r', 'r', 'r', 'r']);
    console.log(`  median total: ${fmtMs(median)} ms for ${plies} plies`);
  });
}

/** A game of `plies` moves (UCI) from the start: a seeded random playout that does not end sooner. */
function playout(mod, plies) {
  for (let seed = 1; seed < 100; seed++) {
    let x = seed;
    const rand = (n) => ((x = (x * 1103515245 + 12345) % 2147483648), x % n);
    const g = new mod.Game();
    const moves = [];
    while (moves.length < plies && !g.status().outcome) {
      const options = g.pieces().filter((p) => p.color === g.status().turn).flatMap((p) => g.targets(p.i, p.j).map((t) => p.square + t.square + (t.kind === 'promotion' ? 'q' : '')));
      const uci = options[rand(options.length)];
      g.play(uci.slice(0, 2), uci.slice(2, 4), uci[4] ?? null);
      moves.push(uci);
    }
    const done = moves.length === plies && !g.status().outcome;
    g.free();
    if (done) return moves;
  }
  throw new Error('no playout of that length');
}

// ---------------------------------------------------------------- the class server

/** The server's resident memory now and at its peak, in MiB (Linux /proc; null elsewhere). */
function rssOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
    return { now: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
  } catch {
    return { now: null, peak: null };
  }
}

async function freePort() {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

/** A throwaway PostgreSQL cluster (scripts/setup.sh start_throwaway_postgres): { url, dir } or null. */
function startPostgres() {
  const r = run('bash', ['-c', 'source scripts/setup.sh >/dev/null; start_throwaway_postgres >/dev/null && printf "%s\\n%s\\n" "$CT_PG_URL" "$CT_PG_DIR"'], { cwd: ROOT });
  if (!r.ok) return null;
  const [url, dir] = r.stdout.trim().split('\n');
  return url && dir ? { url, dir } : null;
}

function stopPostgres(pg) {
  if (pg) run('bash', ['-c', `source scripts/setup.sh >/dev/null; CT_PG_DIR=${JSON.stringify(pg.dir)} stop_throwaway_postgres`], { cwd: ROOT });
}

/**
 * The class server (server/, release build) on SQLite and on a throwaway PostgreSQL: 900 pupils
 * (30 classes × 30) each submitting 20 attempts (judged by the server) as fast as it takes them,
 * 64 in flight, from server/src/bin/load.rs; then classResults for a class of 30 pupils × 130
 * lessons attempted; the binary's size and the server's memory at rest and under that load.
 */
async function serverSection(ctx) {
  heading('Class server: 900 pupils × 20 attempts, 64 in flight; classResults 30 pupils × 130 lessons');
  const quick = ctx.opts.quick;
  if (ctx.opts.build) {
    console.log('bench: cargo build --release -p chess-tutor-server --bins ...');
    const r = run('cargo', ['build', '--release', '--quiet', '-p', 'chess-tutor-server', '--bins'], { cwd: ROOT });
    if (!r.ok) { console.log(`  n/a: the server did not build (${(r.stderr.split('\n').find((l) => l.startsWith('error')) ?? '').trim()})`); return; }
  }
  const target = process.env.CARGO_TARGET_DIR ? path.resolve(process.env.CARGO_TARGET_DIR) : path.join(ROOT, 'target');
  const bin = path.join(target, 'release', 'chess-tutor-server');
  const load = path.join(target, 'release', 'chess-tutor-server-load');
  const size = fs.statSync(bin).size;
  const shape = quick ? ['--classes', '3', '--pupils', '10', '--attempts', '5', '--results-calls', '20'] : ['--classes', '30', '--pupils', '30', '--attempts', '20', '--results-calls', '200'];
  const { spawn } = await import('node:child_process');
  const rows = [];
  const tmp = fs.mkdtempSync(path.join((await import('node:os')).tmpdir(), 'ct-bench-server-'));
  const pg = startPostgres();
  const backends = [['SQLite', `sqlite://${path.join(tmp, 'bench.sqlite')}`]];
  if (pg) backends.push(['PostgreSQL', pg.url]);
  else console.log('  (no PostgreSQL: scripts/setup.sh start_throwaway_postgres failed; SQLite only)');
  try {
    for (const [name, url] of backends) {
      const port = await freePort();
      const server = spawn(bin, ['--dist', path.join(ROOT, 'dist'), '--quiet', '--port', String(port)], { cwd: ROOT, env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'ignore', 'pipe'] });
      let log = '';
      server.stderr.on('data', (d) => { log += d; });
      try {
        const started = performance.now();
        for (;;) {
          try { if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) break; } catch {}
          if (performance.now() - started > 60000) throw new Error(`the server did not start: ${log}`);
          await new Promise((r) => setTimeout(r, 50));
        }
        await new Promise((r) => setTimeout(r, 500));
        const rest = rssOf(server.pid).now;
        let underLoad = 0;
        const sampler = setInterval(() => { underLoad = Math.max(underLoad, rssOf(server.pid).now ?? 0); }, 100);
        const out = await new Promise((resolve, reject) => {
          const p = spawn(load, ['--port', String(port), '--inflight', '64', '--results-lessons', '130', '--lessons', path.join(ROOT, 'lessons'), ...shape], { stdio: ['ignore', 'pipe', 'pipe'] });
          let o = '', e = '';
          p.stdout.on('data', (d) => { o += d; });
          p.stderr.on('data', (d) => { e += d; });
          p.on('close', (code) => (code === 0 ? resolve(JSON.parse(o)) : reject(new Error(`load: ${e.trim()}`))));
        });
        clearInterval(sampler);
        const peak = rssOf(server.pid).peak;
        rows.push([name, out.attempts, out.attemptsPerSecond.toFixed(0), out.p50.toFixed(1), out.p99.toFixed(1), out.errors, `${out.stored}${out.stored === out.attempts ? ' (all, once)' : ' (!)'}`,
          `${out.resultsP50.toFixed(1)} / ${out.resultsP99.toFixed(1)}`, rest?.toFixed(1), `${underLoad.toFixed(1)} (peak ${peak?.toFixed(1)})`]);
        ctx.record('server', { backend: name, ...out, rssRestMiB: rest, rssLoadMiB: underLoad, rssPeakMiB: peak, binaryBytes: size });
      } finally {
        server.kill('SIGTERM');
        await new Promise((r) => server.once('close', r));
      }
    }
  } finally {
    stopPostgres(pg);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  printTable(['database', 'attempts', 'per s', 'p50 ms', 'p99 ms', 'errors', 'stored', 'classResults p50/p99 ms', 'RSS rest MiB', 'RSS load MiB'], rows, ['', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r']);
  console.log(`  server binary (target/release/chess-tutor-server): ${(size / 1048576).toFixed(1)} MiB; load from server/src/bin/load.rs on the same machine` +
    ' (2 cores shared by the server, its database and the load generator).');
}

// The lesson checker with its doctor on the whole course, as `chess-tutor lesson check lessons/`
// runs it (CI and a teacher alike): wall ms per run, median and spread. BENCH_CT_CLI=path times
// another build (the figures of issue 28 compare main's binary with the doctor's groups).
async function checkerSection(ctx) {
  heading(`Lesson checker on the course (chess-tutor lesson check lessons/, median of ${ctx.opts.runs} runs)`);
  const bins = [['this build', CT_CLI, ensureChessTutorCli(ctx.opts)]];
  if (process.env.BENCH_CT_CLI) bins.push(['BENCH_CT_CLI', process.env.BENCH_CT_CLI, null]);
  const rows = [];
  for (const [name, bin, error] of bins) {
    if (error) { rows.push([name, 'n/a', error, '']); continue; }
    const times = [];
    let said = '';
    for (let i = 0; i < ctx.opts.runs; i++) {
      const t0 = process.hrtime.bigint();
      const r = run(bin, ['lesson', 'check', path.join(ROOT, 'lessons')]);
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      said = (r.stderr.trim().split('\n').pop() ?? '').replace(/^checked /, '');
    }
    rows.push([name, fmtMs(median(times)), fmtSpread(times), said]);
    ctx.record('checker', { name, ms: median(times), runs: times });
  }
  printTable(['binary', 'ms', 'spread', 'checked'], rows, ['l', 'r', 'r', 'l']);
}

/**
 * Lighthouse (pinned in bench/package.json, 12.2.3) on the course page served by the class server:
 * its default mobile run (a mid-range phone, simulated slow 4G, 4x CPU), performance only, in the
 * system Chromium. The score (goal >= 98) and its metrics; the median of --runs by score.
 */
/** Lighthouse's largest-contentful-paint-element audit in a line: the element's selector and
 *  snippet, and the phases of its time (TTFB, load delay, load time, render delay). */
function lcpElement(audit) {
  const items = audit?.details?.items ?? [];
  const node = items.flatMap((i) => i.items ?? [i]).find((i) => i?.node)?.node;
  const phases = items.flatMap((i) => i.items ?? []).filter((i) => i?.phase && i.timing != null);
  if (!node) return null;
  const snippet = String(node.snippet ?? '').replace(/\s+/g, ' ').slice(0, 90);
  return `${node.selector ?? ''} ${snippet}${phases.length ? `; ${phases.map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(', ')}` : ''}`;
}

async function lighthouseSection(ctx) {
  heading('Lighthouse (mobile): the course page from the class server');
  let lighthouse, launcher;
  try {
    lighthouse = (await import(pathToFileURL(path.join(BENCH, 'node_modules', 'lighthouse', 'core', 'index.js')).href)).default;
    launcher = await import(pathToFileURL(path.join(BENCH, 'node_modules', 'chrome-launcher', 'dist', 'index.js')).href);
  } catch (err) {
    console.log(`  n/a: lighthouse is not installed in bench/ (cd bench && npm ci): ${err.message}`);
    return;
  }
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const served = process.env.BENCH_LOAD_DIST ? path.resolve(process.env.BENCH_LOAD_DIST) : path.join(ROOT, 'dist');
  const server = await startClassServer(served);
  const runs = ctx.opts.quick ? 1 : Math.max(1, ctx.opts.runs);
  const results = [];
  try {
    for (let run = 0; run < runs; run++) {
      const chrome = await launcher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
      try {
        const r = await lighthouse(`${server.url}?lang=en#/course`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        const a = r.lhr.audits;
        results.push({ score: Math.round(r.lhr.categories.performance.score * 100), fcp: a['first-contentful-paint'].numericValue, lcp: a['largest-contentful-paint'].numericValue,
          tbt: a['total-blocking-time'].numericValue, cls: a['cumulative-layout-shift'].numericValue, si: a['speed-index'].numericValue, version: r.lhr.lighthouseVersion,
          lcpElement: lcpElement(a['largest-contentful-paint-element']) });
      } finally {
        await chrome.kill();
      }
    }
  } finally {
    await server.stop();
  }
  const sorted = [...results].sort((x, y) => x.score - y.score);
  const m = sorted[Math.floor(sorted.length / 2)];
  printTable(['performance', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'Speed Index ms', 'runs'],
    [[`${m.score}${m.score >= 98 ? ' (MEETS goal >= 98)' : ' (BELOW goal >= 98)'}`, fmtMs(m.fcp), fmtMs(m.lcp), fmtMs(m.tbt), m.cls.toFixed(3), fmtMs(m.si), results.map((r) => r.score).join(' ')]],
    ['l', 'r', 'r', 'r', 'r', 'r', 'l']);
  // each run's metrics: which one holds the score back when the runs differ (TBT on a loaded machine)
  for (const r of results) console.log(`  run: ${r.score}  FCP ${fmtMs(r.fcp)}  LCP ${fmtMs(r.lcp)}  TBT ${fmtMs(r.tbt)}  CLS ${r.cls.toFixed(3)}  SI ${fmtMs(r.si)}`);
  console.log(`  Lighthouse ${m.version}, mobile (simulated throttling), ${chromePath}, site ${rel(served)}`);
  if (m.lcpElement) console.log(`  the LCP element (median run): ${m.lcpElement}`);
  ctx.record('lighthouse', m);
}

const SECTIONS = [
  { id: 'perft', run: perftSection },
  { id: 'native', run: nativeSection },
  { id: 'size', run: sizeSection },
  { id: 'click', run: clickSection },
  { id: 'plies', run: pliesSection },
  { id: 'endgame', run: endgameSection },
  { id: 'engine', run: engineSection },
  { id: 'ladder', run: ladderSection },
  { id: 'load', run: loadSection },
  { id: 'static', run: staticSection },
  { id: 'lighthouse', run: lighthouseSection },
  { id: 'server', run: serverSection },
  { id: 'checker', run: checkerSection },
  // issue 35's figures (bench/practice.mjs): exercises per skill, native and in Chromium, the
  // simulated learners, the package's size, Start -> first exercise
  { id: 'practice', run: (ctx) => practiceSection(ctx, { heading, printTable, fmtMs, fmtKiB, gzipSize, brSize, percentile, ROOT, CT_CLI, run, startClassServer, ensureCli: () => ensureChessTutorCli(ctx.opts) }) },
];

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const wanted = SECTIONS.filter((s) => !opts.only || opts.only.includes(s.id));
  if (opts.only) {
    const unknown = opts.only.filter((id) => !SECTIONS.some((s) => s.id === id));
    if (unknown.length) throw new Error(`unknown section(s): ${unknown.join(', ')}; known: ${SECTIONS.map((s) => s.id).join(', ')}`);
  }
  ensureNpmPeers();

  const results = [];
  const ctx = {
    opts,
    failures: 0,
    engines: null,
    record: (section, data) => results.push({ section, ...data }),
  };
  if (wanted.some((s) => s.id === 'perft')) {
    ctx.engines = [await chessTutorEngine(), await cozyEngine(opts), await chessopsEngine(), await chessJsEngine()];
  } else if (wanted.some((s) => s.id === 'size')) {
    ensureCozyWasm(opts); // the size table wants the cozy wasm too
  }

  console.log(`chess-tutor bench${opts.quick ? ' (--quick: reduced depths, smoke check only)' : ''}` +
    ` -- ${new Date().toISOString()}, node ${process.version}, ${process.platform}/${process.arch}`);
  for (const s of wanted) await s.run(ctx);

  if (opts.json) {
    fs.writeFileSync(opts.json, JSON.stringify({ date: new Date().toISOString(), quick: opts.quick, node: process.version, results }, null, 2) + '\n');
    console.log(`\nbench: wrote ${rel(opts.json)}`);
  }
  if (ctx.failures) {
    console.log(`\nbench: ${ctx.failures} perft mismatch(es)`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(`bench: ${process.env.BENCH_DEBUG ? err.stack : err.message}`);
  process.exitCode = 1;
});
