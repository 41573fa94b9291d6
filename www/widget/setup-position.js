// @ts-check
// The position on the setup board (<chess-setup>, setup.js), as data: pieces (square → FEN
// letter), the side to move, castling rights, en passant, the counters; read from and written to
// text (FEN and seed 002's text board), the rights and en passant squares the pieces allow, and
// the rules' errors in words. No DOM: the element (setup.js) holds one and setup-view.js draws it.
import { validatePosition } from "../pkg/chess_tutor.js";
import { squareName } from "./board.js";
import { sayError } from "./errors.js";
import { say } from "../i18n/i18n.js";

/**
 * @typedef {{ pieces: Map<string, string>, side: "w" | "b", castling: Set<string>, ep: string | null, half: number, full: number }} Position
 * @typedef {Omit<Position, "castling"> & { castling: Set<string> | undefined }} ReadPosition a position read from a text: castling undefined when it writes none
 */

export const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// a castling right: the king's and the rook's home squares
const CASTLE = { K: ["e1", "h1"], Q: ["e1", "a1"], k: ["e8", "h8"], q: ["e8", "a8"] };
export const RIGHTS = "KQkq";

/** @param {string} p a FEN letter */
export const colorOf = (p) => (p === p.toUpperCase() ? "white" : "black");
/** @param {string} p a FEN letter */
export const kindOf = (p) => p.toLowerCase();

// ---------------------------------------------------------------- the rules' errors in words

/** the pieces a message about how many a side has points at (its args name no square)
 * @type {Record<string, (p: string, sq: string, side?: string) => boolean>} */
const COUNTED = {
  "position-kings": (p, sq, side) => p === (side === "white" ? "K" : "k"),
  "position-pawns": (p, sq, side) => p === (side === "white" ? "P" : "p"),
  "position-pieces": (p, sq, side) => colorOf(p) === side,
  "position-pawn-on-edge": (p, sq) => kindOf(p) === "p" && /[18]$/.test(sq),
};

/**
 * A thrown rules error in words: { kind, args, text, squares } (kind: the message id; squares:
 * where the board marks the problem: the squares its args name, or the pieces it counts).
 * `words`: messages-core.js's and setup.js's; `pieces`: square → letter; `where`: say where in
 * the text the error is.
 * @param {any} error @param {any} words @param {Map<string, string>} pieces @param {boolean} where
 */
export function explain(error, words, pieces, where) {
  const { id, args = {} } = error;
  const counted = COUNTED[id];
  const squares = counted ? [...pieces].filter(([sq, p]) => counted(p, sq, args.side)).map(([sq]) => sq) : Object.values(args).filter((v) => /^[a-h][1-8]$/.test(v));
  const text = where ? sayError(words, error) : say(words, error);
  return { kind: id, args, text: text[0].toLocaleUpperCase() + text.slice(1), squares: new Set(squares) };
}

// ---------------------------------------------------------------- positions as text

/** A FEN or text board, read into { pieces, side, castling, ep, half, full }; null when the
 * pieces cannot be read. Only for text the rules have read, or have read and called impossible.
 * (castling undefined: none written; the element then takes what the pieces allow)
 * @param {string} text @returns {ReadPosition | null} */
export function readPosition(text) {
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  const fen = lines.length >= 8 ? `${lines.slice(0, 8).join("/")} ${lines[8] ?? ""}` : text;
  const [placement = "", side, castling, ep, half, full] = fen.trim().split(/\s+/);
  const rows = placement.replace(/[1-8]/g, (n) => ".".repeat(Number(n))).split("/");
  if (rows.length !== 8 || rows.some((r) => !/^[.kqrbnp]{8}$/i.test(r))) return null;
  const pieces = new Map();
  rows.forEach((row, r) => [...row].forEach((p, j) => p !== "." && pieces.set(squareName(7 - r, j), p)));
  return { pieces, side: /^b$/i.test(side) ? "b" : "w", castling: castling ? new Set(castling.replace("-", "")) : undefined, ep: /^[a-h][36]$/.test(ep) ? ep : null, half: +half || 0, full: +full || 1 };
}

/** @param {Position} position */
export function writeFen({ pieces, side, castling, ep, half, full }) {
  const rows = [7, 6, 5, 4, 3, 2, 1, 0].map((i) => [0, 1, 2, 3, 4, 5, 6, 7].map((j) => pieces.get(squareName(i, j)) ?? ".").join(""));
  const rights = [...RIGHTS].filter((r) => castling.has(r)).join("") || "-";
  return `${rows.join("/").replace(/\.+/g, (dots) => String(dots.length))} ${side} ${rights} ${ep ?? "-"} ${half} ${full}`;
}

/** [the normalised FEN, null] or [null, the error]
 * @param {string} text @returns {[string, null] | [null, any]} */
export const validate = (text) => {
  try {
    return [validatePosition(text), null];
  } catch (error) {
    return [null, error];
  }
};

/** The castling rights the pieces allow (king and rook at home).
 * @param {Map<string, string>} pieces */
export function availableRights(pieces) {
  /** @param {string} sq @param {string} p */
  const at = (sq, p) => pieces.get(sq) === p;
  return new Set([...RIGHTS].filter((r) => at(CASTLE[r][0], r < "a" ? "K" : "k") && at(CASTLE[r][1], r < "a" ? "R" : "r")));
}

/** the squares a pawn of the side not to move may just have skipped, with a pawn to take it
 * @param {Position} pos */
export function possibleEp(pos) {
  const white = pos.side === "w";
  const [row, step, them, us] = white ? [4, 1, "p", "P"] : [3, -1, "P", "p"];
  /** @param {number} i @param {number} j */
  const at = (i, j) => pos.pieces.get(squareName(i, j));
  return [0, 1, 2, 3, 4, 5, 6, 7]
    .filter((j) => at(row, j) === them && !at(row + step, j) && !at(row + 2 * step, j) && (at(row, j - 1) === us || at(row, j + 1) === us))
    .map((j) => squareName(row + step, j));
}

/** seed 002's text board; a 9th line only when the rest differs from what 8 lines mean
 * @param {Position} pos */
export function textBoard(pos) {
  const [placement, ...rest] = writeFen(pos).split(" ");
  const lines = placement.replace(/\d/g, (n) => ".".repeat(Number(n))).split("/");
  const implied = writeFen({ pieces: new Map(), side: "w", castling: availableRights(pos.pieces), ep: null, half: 0, full: 1 }).split(" ").slice(1);
  if (rest.join(" ") !== implied.join(" ")) lines.push(rest.join(" "));
  return lines.join("\n");
}
