// The rules in Node for the browser tests: the page's own package (pkg-lessons-full: the same
// rules and judge as the page, lessons with a piece set too), to know from a lesson file the
// moves a test clicks.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, WWW } from "./helpers.mjs";

export const pkg = await import(join(WWW, "pkg-lessons-full", "chess_tutor.js"));
pkg.initSync({ module: readFileSync(join(WWW, "pkg-lessons-full", "chess_tutor_bg.wasm")) });

/** A course lesson's text, and its data. */
export const lessonText = (id) => readFileSync(join(ROOT, "lessons", `${id}.json`), "utf8");
export const lessonFile = (id) => JSON.parse(lessonText(id));

/** The FEN of a course lesson's start. */
export function startFen(id) {
  const lesson = new pkg.Lesson(lessonText(id));
  try {
    return lesson.fen();
  } finally {
    lesson.free();
  }
}

/** A SAN (or UCI) move in the lesson's start position -> { from, to }. */
export function sanToSquares(id, san) {
  const game = new pkg.Game(startFen(id));
  try {
    const { from, to } = game.playSan(san);
    return { from, to };
  } finally {
    game.free();
  }
}

/** Every square the piece on `square` can go to, from the rules. */
export function targetsOf(id, square) {
  const game = new pkg.Game(startFen(id));
  try {
    const p = game.pieces().find((x) => x.square === square);
    return game.targets(p.i, p.j).map((t) => t.square);
  } finally {
    game.free();
  }
}

/** A promotion's piece, as the board's dialog and `play` name it. */
const PROMOTION_LETTER = { queen: "q", rook: "r", bishop: "b", knight: "n" };

/**
 * The moves a lesson (its TEXT) needs, the player's way: played in Node by its hints, which follow
 * a best way (the doctor's search; against the solver, its data files loaded as the page loads
 * them), asserted to reach the goal. Each move is { from, to }, with `promotion` (a letter) when
 * the hint names the piece a pawn becomes.
 */
export function movesByHints(text, what = "the lesson") {
  const lesson = new pkg.Lesson(text);
  try {
    for (const file of lesson.endgameFiles()) lesson.loadEndgame(readFileSync(join(WWW, "endgame", file)));
    const moves = [];
    for (let k = 0; k < 40 && lesson.progress().state === "playing"; k++) {
      lesson.hint();
      const { arrow, promotion } = lesson.hint();
      // a promotion: the hint names the piece to choose (the child picks it in the dialog)
      const letter = promotion ? PROMOTION_LETTER[promotion] : null;
      moves.push({ from: arrow.from, to: arrow.to, ...(letter && { promotion: letter }) });
      lesson.play(arrow.from, arrow.to, letter);
    }
    assert.equal(lesson.progress().state, "done", `${what}: the hints lead to the goal`);
    return moves;
  } finally {
    lesson.free();
  }
}
