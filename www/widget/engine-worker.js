// @ts-check
// The computer opponent in a module Web Worker, so that its search (up to about a second)
// never blocks the page. Start it with
//   new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" })
//
// Messages in, one answer each (same id), answered in the order they came:
//   {id, type: "move", fen, moves, level, seed, autoQueen?}
//     -> {id, move: {uci, san, score, mate, depth, nodes, ms, fromTables, pv}} or {id, error}
//   {id, type: "draw", fen, moves, level, autoQueen?} -> {id, accepts} or {id, error}
//   {id, type: "pgn", text} -> {id, pgn: {start, moves, outcome, turn, fen}} or {id, error}
//     (the PGN reader lives in this package, not in the widget's: see crate/Cargo.toml)
// fen: the game's start position; moves: the moves since, in UCI; level: 1 to 8; seed: a whole
// number (the same seed gives the same move). An error reply is {id, error, message: {id, args}}:
// error, English naming the bad field, is for logs; message is for people (the ids and args of
// www/i18n/<lang>/messages-core.js, place args such as param or pgn_line/pgn_column included).
//
// King-and-pawn endings: when a position is in the endgame solver's classes, the data files it
// needs are fetched from endgame/ next to this file (once each) and the engine plays perfectly;
// if a file cannot be fetched, the engine plays on without it.
//
// Strict CSP: no eval; WebAssembly needs script-src 'wasm-unsafe-eval' (see www/serve.json).
import init, { Engine, Game } from "../pkg-engine/chess_tutor.js";

const ready = init({ module_or_path: new URL("./pkg-engine/chess_tutor_bg.wasm", import.meta.url) }).then(
  () => new Engine(),
);

/** file name -> Promise of its loading, so that each file is fetched once even when asked twice. */
const tables = new Map();

function loadTable(engine, file) {
  if (!tables.has(file)) {
    const loading = fetch(new URL(`endgame/${file}`, import.meta.url))
      .then((r) => {
        if (!r.ok) throw new Error(`endgame/${file}: HTTP ${r.status}`);
        return r.arrayBuffer();
      })
      .then((bytes) => engine.loadEndgame(new Uint8Array(bytes)))
      .catch(() => tables.delete(file)); // play without it; ask again next time
    tables.set(file, loading);
  }
  return tables.get(file);
}

async function loadTables(engine, fen, moves) {
  let files;
  try {
    files = engine.endgameFiles(fen, moves);
  } catch {
    return; // a bad position: bestMove says what is wrong
  }
  await Promise.all(files.map((f) => loadTable(engine, f)));
}

/** A PGN's first game: its start, its moves in UCI, how it ended, whose turn it is at its end. */
function readPgn(text) {
  const game = Game.fromPgn(text);
  try {
    return { start: game.startFen(), moves: game.moves(), outcome: game.outcome(), turn: game.status().turn, fen: game.fen() };
  } finally {
    game.free();
  }
}

// an error reply: the message's id and args as text for logs, the message { id, args } for people
const failed = (id, e) => ({ id, error: e.message, message: { id: e.id ?? "internal", args: e.args ?? { detail: e.message } } });
const error = (message, id, args) => Object.assign(new Error(message), { id, args });

async function answer(msg) {
  const { id, type } = msg ?? {};
  try {
    const engine = await ready;
    if (type === "pgn") return { id, pgn: readPgn(String(msg.text ?? "")) };
    const moves = Array.isArray(msg.moves) ? msg.moves.map(String) : [];
    const fen = String(msg.fen ?? "");
    const autoQueen = msg.autoQueen === true;
    if (!Number.isInteger(msg.level)) throw error(`level: ${msg.level} is not a whole number from 1 to 8`, "engine-level", { level: String(msg.level), param: "level" });
    if (type === "move" && msg.seed !== undefined && !(Number.isInteger(msg.seed) && msg.seed >= 0)) {
      throw error(`seed: ${msg.seed} is not a whole number of 0 or more`, "bad-seed", { found: String(msg.seed), param: "seed" });
    }
    if (type === "move") {
      await loadTables(engine, fen, moves);
      const move = engine.bestMove(fen, moves, msg.level, msg.seed ?? 0, autoQueen);
      return { id, move };
    }
    if (type === "draw") {
      await loadTables(engine, fen, moves);
      return { id, accepts: engine.acceptsDraw(fen, moves, msg.level, autoQueen) };
    }
    throw error(`type: '${type}' is not a message type (move or draw)`, "internal", { detail: `'${type}' is not a message type (move or draw)`, param: "type" });
  } catch (e) {
    return failed(id, e instanceof Error ? e : new Error(String(e)));
  }
}

// One search at a time, in order: each answer waits for the one before.
let queue = Promise.resolve();
self.onmessage = (event) => {
  queue = queue.then(() => answer(event.data)).then((reply) => self.postMessage(reply));
};
