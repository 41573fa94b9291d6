// The computer opponent's worker (www/widget/engine-worker.js) and its package (www/pkg-engine) in Node:
// the worker's module runs with a stand-in `self` and a `fetch` that reads www/ from disk and
// records what it fetched. Checks the message protocol, errors, draw offers and the lazy endgame
// tables.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WWW = join(ROOT, "www");
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

const fetched = [];
// The worker runs from its source, www/widget/engine-worker.js, and asks for files where it sits
// when built: at the top of dist/ (scripts/rooms.mjs, the widget is a flat room), so its
// "./pkg-engine/…" and "endgame/…" are read from www/.
globalThis.fetch = async (url) => {
  const rel = relative(WWW, fileURLToPath(new URL(url))).split("\\").join("/").replace(/^widget\//, "");
  const path = join(WWW, rel);
  fetched.push(rel);
  if (!existsSync(path)) return new Response("not found", { status: 404 });
  const type = path.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
  return new Response(readFileSync(path), { headers: { "Content-Type": type } });
};

const waiting = new Map();
const arrived = [];
globalThis.self = {
  postMessage(reply) {
    arrived.push(reply.id);
    waiting.get(reply.id)?.(reply);
  },
};
await import(pathToFileURL(join(WWW, "widget", "engine-worker.js")).href);

let nextId = 1;
function ask(msg) {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    globalThis.self.onmessage({ data: { id, ...msg } });
  });
}

test("a move: UCI, SAN, score, depth, nodes and time, under its id", async () => {
  const r = await ask({ type: "move", fen: START, moves: ["e2e4", "e7e5"], level: 3, seed: 1 });
  assert.equal(r.error, undefined, r.error);
  assert.match(r.move.uci, /^[a-h][1-8][a-h][1-8][qrbn]?$/);
  assert.equal(typeof r.move.san, "string");
  assert.equal(typeof r.move.score, "number");
  assert.ok(r.move.depth >= 1 && r.move.nodes > 0 && r.move.ms >= 0, JSON.stringify(r.move));
  assert.equal(r.move.fromTables, false);
  assert.equal(r.move.pv[0], r.move.uci);
  // The same seed, the same move.
  const again = await ask({ type: "move", fen: START, moves: ["e2e4", "e7e5"], level: 3, seed: 1 });
  assert.equal(again.move.uci, r.move.uci);
});

test("level 8 mates in one and says so", async () => {
  const r = await ask({ type: "move", fen: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", moves: [], level: 8, seed: 0 });
  assert.equal(r.move.uci, "a1a8");
  assert.equal(r.move.san, "Ra8#");
  assert.equal(r.move.mate, 1);
});

test("answers keep their order and ids", async () => {
  const first = nextId;
  const all = await Promise.all([1, 2, 3].map((level) => ask({ type: "move", fen: START, moves: [], level, seed: level })));
  assert.deepEqual(all.map((r) => r.id), [first, first + 1, first + 2]);
  assert.deepEqual(arrived.slice(-3), [first, first + 1, first + 2]);
});

test("errors name the field and never break the worker", async () => {
  const cases = [
    [{ type: "move", fen: START, moves: [], level: 9, seed: 0 }, /^engine-level {"level":9,"param":"level"}$/, "engine-level", "level"],
    [{ type: "move", fen: START, moves: [], level: "x", seed: 0 }, /^level: x is not a whole number/, "engine-level", "level"],
    [{ type: "move", fen: START, moves: [], level: 2, seed: -3 }, /^seed: -3/, "bad-seed", "seed"],
    [{ type: "move", fen: "8/8/8 w", moves: [], level: 2, seed: 0 }, /^fen-rank-count {.*"param":"startFen"}$/, "fen-rank-count", "startFen"],
    [{ type: "move", fen: START, moves: ["e2e5"], level: 2, seed: 0 }, /^uci-illegal {.*"move":"e2e5".*"param":"movesUci"}$/, "uci-illegal", "movesUci"],
    [{ type: "move", fen: "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", moves: [], level: 2, seed: 0 }, /^engine-game-over {"reason":"checkmate","result":"1-0","param":"position"}$/, "engine-game-over", "position"],
    [{ type: "draw", fen: START, moves: [], level: 0 }, /^engine-level {"level":0,"param":"level"}$/, "engine-level", "level"],
    [{ type: "think", fen: START, moves: [], level: 2 }, /^type: 'think' is not a message type/, "internal", "type"],
  ];
  // the text for logs (from the rules: the id and args as JSON); the message { id, args } for
  // people, naming the place in its args
  for (const [msg, pattern, id, param] of cases) {
    const r = await ask(msg);
    assert.match(r.error ?? "", pattern, JSON.stringify(msg));
    assert.equal(r.message?.id, id, JSON.stringify(r));
    if (param) assert.equal(r.message.args.param, param, JSON.stringify(r));
  }
  // Still working afterwards.
  const r = await ask({ type: "move", fen: START, moves: [], level: 1, seed: 0 });
  assert.ok(r.move?.uci);
});

test("draw offers: accepted when level, declined when ahead or behind", async () => {
  assert.equal((await ask({ type: "draw", fen: START, moves: ["e2e4", "e7e5"], level: 5 })).accepts, true);
  const queenUp = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  assert.equal((await ask({ type: "draw", fen: queenUp, moves: [], level: 5 })).accepts, false);
  assert.equal((await ask({ type: "draw", fen: queenUp, moves: ["e2e4"], level: 5 })).accepts, false);
});

test("king-and-pawn endings: the tables are fetched once, then the solver plays", async () => {
  const kpk = "8/8/8/8/8/2k5/4P3/4K3 w - - 0 1";
  const count = (file) => fetched.filter((f) => f === file).length;
  const r = await ask({ type: "move", fen: kpk, moves: [], level: 2, seed: 0 });
  assert.equal(r.move.fromTables, true, JSON.stringify(r));
  // KPK needs kpk.bin and, for after the promotion, kqk.bin (which an earlier KQK question may
  // have fetched already).
  assert.equal(count("endgame/kpk.bin"), 1);
  assert.equal(count("endgame/kqk.bin"), 1);
  const before = fetched.length;
  const again = await ask({ type: "move", fen: kpk, moves: ["e1f1", "c3d2"], level: 2, seed: 0 });
  assert.equal(again.move?.fromTables, true, JSON.stringify(again));
  // Outside the classes nothing is fetched.
  await ask({ type: "move", fen: START, moves: [], level: 1, seed: 0 });
  assert.equal(fetched.length, before, "no file fetched twice, none for other positions");
});

test("a PGN is read in the worker: start, moves, ending; a bad one names the place", async () => {
  const r = await ask({ type: "pgn", text: '[Result "0-1"]\n[Termination "normal"]\n\n1. f3 e5 2. g4 Qh4# 0-1' });
  assert.equal(r.error, undefined, r.error);
  assert.equal(r.pgn.start, START);
  assert.deepEqual(r.pgn.moves, ["f2f3", "e7e5", "g2g4", "d8h4"]);
  assert.equal(r.pgn.outcome.reason, "checkmate");
  assert.equal(r.pgn.outcome.winner, "black");
  const bad = await ask({ type: "pgn", text: "1. e4 e5 2. Ke3" });
  assert.match(bad.error, /^san-no-move {.*"moves":"1\. e4 e5 2\. Ke3","pgn_line":1,"pgn_column":13}$/);
});

test("no eval in the worker or its package (strict CSP)", () => {
  for (const file of ["widget/engine-worker.js", "pkg-engine/chess_tutor.js"]) {
    const source = readFileSync(join(WWW, file), "utf8");
    assert.doesNotMatch(source, /\beval\(|new Function\(/, file);
  }
  const dts = readFileSync(join(WWW, "pkg-engine", "chess_tutor.d.ts"), "utf8");
  assert.match(dts, /bestMove\(start_fen: string, moves_uci: string\[\], level: number, seed: number, auto_queen\?: boolean \| null\): EngineMove;/);
});
