// @ts-check
// Moves on a lesson's position with the widget's rules (www/pkg, the same package as the board's:
// one instance): the targets of a piece, a move (SAN or UCI) named and played.
import init, { Game } from "../pkg/chess_tutor.js";
import { appBase } from "./app-base.js";

export const colorOf = (p) => (p === p.toUpperCase() ? "white" : "black");
let rules;
export const loadRules = () => (rules ??= init({ module_or_path: new URL("pkg/chess_tutor_bg.wasm", appBase()) }));
/** Runs fn(game) on a Game of fen (freed after); null when the position cannot be played. */
export function withGame(fen, fn) {
  let game;
  try {
    game = new Game(fen, false);
    return fn(game);
  } catch {
    return null;
  } finally {
    game?.free();
  }
}

const bare = (move) => String(move).trim().replace(/[+#!?]+$/, "").replace(/0/g, "O");
/** A move (SAN or UCI) in fen: its MoveInfo, or null. The widget's rules have no SAN reader: every
 *  legal move is played once and named (a lesson position has a few dozen).
 *  @param {string} fen @param {string} move @returns {import("../types/boundary").MoveInfo | null} */
export function moveInfo(fen, move) {
  const want = bare(move);
  const side = fen.split(" ")[1] === "b" ? "black" : "white";
  return withGame(fen, (game) => {
    for (const p of game.pieces()) {
      if (p.color !== side) continue;
      for (const t of game.targets(p.i, p.j)) {
        for (const promotion of t.kind === "promotion" ? ["q", "r", "b", "n"] : [null]) {
          const info = withGame(fen, (g) => g.play(p.square, t.square, promotion));
          if (info && (bare(info.san) === want || info.uci === String(move).trim().toLowerCase())) return info;
        }
      }
    }
    return null;
  });
}
