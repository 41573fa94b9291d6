// @ts-check
// The game modes' pure parts (play.js): the start position, the computer's levels and the clock's
// presets, a clock's text ("5+3") and its time on screen, and a saved game checked field by field
// (localStorage is not trusted), a game as it is saved, and a pasted text read as a PGN or not.
// No DOM, no rules package: tests/js/play.test.mjs runs them in Node.

export const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
export const PRESETS = ["none", "3+2", "5+0", "10+0", "15+10", "30+0"];
export const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8];
const UCI = /^[a-h][1-8][a-h][1-8][qrbn]?$/;
// endings a replay of the moves cannot bring back by itself: how a saved game re-declares them
export const REPLAYED_END = { resignation: "resignation", agreement: "agreement", timeout: "timeout", "timeout-insufficient-material": "timeout", threefold: "claim", "fifty-moves": "claim" };
export const other = (side) => (side === "white" ? "black" : "white");

// A running game's clock: { base, inc, white, black (ms left when last stopped), running: the
// side whose time runs or null, since: when it started (ms, performance.now()) }

/** The time `side` has left at `now`. */
export const clockLeft = (c, side, now) => c[side] - (c.running === side ? now - c.since : 0);

/** `side`'s clock runs from `now` (the one that ran keeps what it had left). */
export function clockRun(c, side, now) {
  if (c.running) c[c.running] = clockLeft(c, c.running, now);
  c.running = side;
  c.since = now;
}

/** No clock runs from `now`; each keeps what it had left (no clock: nothing). */
export function clockStop(c, now) {
  if (!c?.running) return;
  c[c.running] = clockLeft(c, c.running, now);
  c.running = null;
}

/** "5+3" -> { base: 300000, inc: 3000 } (minutes + seconds); null for "none" or nonsense. */
export function parseClock(text) {
  const m = /^(\d{1,3}(?:\.\d+)?)\+(\d{1,3})$/.exec(String(text ?? "").trim());
  if (!m || Number(m[1]) <= 0) return null;
  return { base: Math.round(Number(m[1]) * 60000), inc: Number(m[2]) * 1000 };
}

/** 83500 -> "1:23", 9400 -> "0:09.4" (tenths under 10 s), never negative. */
export function formatClock(ms) {
  const t = Math.max(0, ms);
  if (t < 10000) return `0:0${Math.floor(t / 1000)}.${Math.floor((t % 1000) / 100)}`;
  const s = Math.ceil(t / 1000);
  const hours = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return hours ? `${hours}:${String(mm).padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}

/**
 * A saved game checked field by field: { game } or { error: "field: why" }. Nothing in it is
 * trusted: it comes from localStorage, which a child (or an extension) may have changed.
 */
export function readSaved(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { error: `not JSON (${error.message})` };
  }
  if (!data || typeof data !== "object") return { error: "not an object" };
  if (data.v !== 1) return { error: `v: unknown version ${JSON.stringify(data.v)}` };
  if (!["computer", "two-players"].includes(data.mode)) return { error: `mode: ${JSON.stringify(data.mode)} is not computer or two-players` };
  if (!LEVELS.includes(data.level)) return { error: `level: ${JSON.stringify(data.level)} is not 1…8` };
  if (!["white", "black"].includes(data.human)) return { error: `human: ${JSON.stringify(data.human)} is not white or black` };
  if (typeof data.start !== "string") return { error: "start: not a FEN" };
  if (!Array.isArray(data.moves)) return { error: "moves: not a list" };
  const bad = data.moves.findIndex((m) => typeof m !== "string" || !UCI.test(m));
  if (bad >= 0) return { error: `moves[${bad}]: ${JSON.stringify(data.moves[bad])} is not a move like e2e4` };
  const clock = data.clock;
  if (clock != null) {
    const ok = ["base", "inc", "white", "black"].every((k) => Number.isFinite(clock[k]) && clock[k] >= 0);
    if (!ok) return { error: "clock: base, inc, white and black must be milliseconds" };
  }
  if (data.end != null && !["resignation", "agreement", "timeout", "claim"].includes(data.end.how)) return { error: `end.how: ${JSON.stringify(data.end.how)}` };
  return { game: { mode: data.mode, level: data.level, human: data.human, start: data.start, moves: data.moves, clock: clock ?? null, takeback: data.takeback !== false, end: data.end ?? null } };
}

/** The game now as it is saved (readSaved reads it back): the element's moves, the choices, the
 *  clocks (`left(side)`: ms) and an ending the moves cannot bring back by themselves. */
export function gameRecord(el, cfg, c, left) {
  const outcome = el.status.outcome;
  const how = REPLAYED_END[outcome?.reason];
  return {
    v: 1,
    mode: cfg.mode,
    level: cfg.level,
    human: cfg.human ?? "white",
    start: cfg.start,
    moves: el.history().map((m) => m.uci),
    takeback: cfg.takeback,
    clock: c && { base: c.base, inc: c.inc, white: Math.max(0, Math.round(left("white"))), black: Math.max(0, Math.round(left("black"))) },
    end: how ? { how, winner: outcome.winner, loser: outcome.winner ? other(outcome.winner) : el.status.turn } : null,
    saved: new Date().toISOString(),
  };
}

/** A pasted text that looks like a PGN (tags or numbered moves), not a FEN. */
export const looksPgn = (text) => /^\s*\[|\d+\s*\.\s*[A-Za-zО-Яа-я0]/m.test(text) && !/^[1-8pnbrqkPNBRQK/]+ [wb]/.test(text);

/** The game the engine worker read from a PGN ({ start, moves, outcome, turn }), to restore. */
export function pgnGame(pgn) {
  const o = pgn.outcome;
  const how = REPLAYED_END[o?.reason];
  return { start: pgn.start, moves: pgn.moves, end: how ? { how, winner: o.winner, loser: o.winner ? other(o.winner) : pgn.turn } : null };
}

/** The game's choices from the element's attributes (mode, level, color, fen, takeback, clock). */
export function configOf(el) {
  const level = Number(el.getAttribute("level"));
  const color = el.getAttribute("color");
  return {
    mode: el.getAttribute("mode") === "two-players" ? "two-players" : "computer",
    level: LEVELS.includes(level) ? level : 1,
    color: ["white", "black", "random"].includes(color) ? color : "white",
    start: el.getAttribute("fen") || START,
    takeback: el.getAttribute("takeback") !== "off",
    clock: parseClock(el.getAttribute("clock")),
  };
}

/** The players' names in an exported PGN: against the computer "You" and the computer's level. */
export const playerNames = (t, cfg) => (cfg.mode === "computer" ? { [cfg.human]: t.you, [other(cfg.human)]: t.computerName(cfg.level) } : {});

/** The game as text: "pgn" (with today's date: the rules know no calendar), "fen", or "board"
 *  (the 8-line text board, `textBoard(fen)` from the rules). */
export function gameText(el, kind, names, textBoard) {
  if (kind === "fen") return el.fen;
  if (kind === "board") return textBoard(el.fen);
  const today = new Date().toISOString().slice(0, 10).replaceAll("-", ".");
  return el.pgn(names.white, names.black).replace('[Date "????.??.??"]', `[Date "${today}"]`);
}
