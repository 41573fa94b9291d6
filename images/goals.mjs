#!/usr/bin/env node
// Builds www/images/goals.svg: one pictogram for each goal type of a lesson (its task told by a
// picture, for a child who cannot read yet) and the hand that shows the first move, drawn for
// chess-tutor from scratch (the pieces are images/*.svg, scaled). Each is shown through a <view>
// ("images/goals.svg#stars"), 100 × 100 units; no text, no script, no style (works under a strict
// CSP). The player shows them beside the task's words, never instead of them (alt="").
//
//   node images/goals.mjs          # write www/images/goals.svg
//   node images/goals.mjs --check  # exit 1 if it is out of date (tests/js runs this check)
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { GOAL_NAMES } from "../www/widget/goal-names.js";
import { spriteOf, star, writeOrCheck } from "./sprite.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
export const GOAL_SPRITE = join(HERE, "..", "www", "images", "goals.svg");
const PER_ROW = 8;

const INK = "#2b2b2b";
const GOLD = "#ffc21a";
const GOLD_EDGE = "#b7791f";
const ORANGE = "#e8793a";
const GREEN = "#2f9e5b";
const RED = "#d64545";
const BLUE = "#2563eb";
const LIGHT = "#f6deb1";
const DARK = "#c9955f";
const CREAM = "#fffdf5";
const line = (d, colour = INK, width = 3.5) => `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
const shape = (d, fill, stroke = INK) => `<path d="${d}" fill="${fill}" stroke="${stroke}" stroke-width="3.5" stroke-linejoin="round"/>`;

/** A piece of images/ (wP, bK…) at (x, y), `size` units wide. */
function piece(name, x, y, size, extra = "") {
  const svg = readFileSync(join(HERE, `${name}.svg`), "utf8");
  const body = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(svg)[1];
  return `<g transform="translate(${x} ${y}) scale(${size / 100})${extra}">${body}</g>`;
}

/** An arrow from (x1, y1) to (x2, y2) through the control point (cx, cy), with its head. */
function arrow(x1, y1, cx, cy, x2, y2, colour, width = 6) {
  const a = Math.atan2(y2 - cy, x2 - cx);
  const h = width * 2.2;
  const p = (t) => `${(x2 + h * Math.cos(a + t)).toFixed(1)} ${(y2 + h * Math.sin(a + t)).toFixed(1)}`;
  return line(`M${x1} ${y1}Q${cx} ${cy} ${x2} ${y2}`, colour, width) + line(`M${p(Math.PI - 0.55)}L${x2} ${y2}L${p(Math.PI + 0.55)}`, colour, width);
}

/** A question mark drawn as a line and a dot, centre (x, y), height h. */
function questionMark(x, y, h, colour) {
  const s = h / 40;
  const d = `M${x - 9 * s} ${y - 10 * s}C${x - 9 * s} ${y - 22 * s} ${x + 9 * s} ${y - 22 * s} ${x + 9 * s} ${y - 10 * s}C${x + 9 * s} ${y - 2 * s} ${x} ${y - 2 * s} ${x} ${y + 6 * s}`;
  return line(d, colour, 6 * s) + `<circle cx="${x}" cy="${y + 16 * s}" r="${3.6 * s}" fill="${colour}"/>`;
}

/** The pictograms, by goal type (the names of lessons/lesson.schema.json), and the hand. */
export const ICONS = {
  // collect the stars: a piece's path ending on a star
  stars: arrow(12, 90, 14, 56, 36, 48, ORANGE, 6) + shape(star(64, 40, 32), GOLD, GOLD_EDGE),
  // capture all: the enemy's pieces, crossed out
  capture_all: piece("bP", 2, 30, 58) + piece("bP", 40, 22, 58) + line("M22 24L84 86M84 24L22 86", RED, 9),
  // reach the square: a flag on a square
  reach: shape("M14 62H86V94H14Z", DARK) + line("M34 78V8", INK, 5) + shape("M36 10L80 24L36 40Z", ORANGE),
  // promote: the pawn climbs and becomes a queen
  promote: piece("wP", 0, 52, 46) + arrow(26, 54, 28, 24, 52, 18, GREEN, 6) + piece("wQ", 46, 0, 56),
  // mate: the king is knocked over
  mate: line("M6 91H94", INK, 4) + piece("bK", 10, 25, 80, " rotate(-90 50 50)") + line("M78 18L86 10M84 28L94 24M70 12L72 4", ORANGE, 4),
  // give check: an arrow at the king
  check: piece("bK", 34, 10, 66) + arrow(6, 92, 10, 60, 34, 48, RED, 7),
  // find the move: a magnifying glass over a move's arrow
  best_move: `<circle cx="42" cy="42" r="30" fill="${CREAM}" stroke="${INK}" stroke-width="5"/>` + line("M64 64L90 90", INK, 11) + arrow(28, 56, 30, 36, 54, 30, GREEN, 6),
  // where can it go: a piece in the middle of squares, dots where it may go
  targets:
    [0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => `<rect x="${5 + c * 30}" y="${5 + r * 30}" width="30" height="30" fill="${(r + c) % 2 ? DARK : LIGHT}"/>`)).join("") +
    `<rect x="5" y="5" width="90" height="90" fill="none" stroke="${INK}" stroke-width="3.5" rx="3"/>` +
    `<circle cx="50" cy="50" r="11" fill="${INK}"/>` +
    [[50, 20], [20, 50], [80, 50], [50, 80]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7" fill="${GREEN}" stroke="${CREAM}" stroke-width="2.5"/>`).join(""),
  // answer: a speech bubble with a question mark
  question: shape("M12 14H88Q94 14 94 20V62Q94 68 88 68H46L26 88L30 68H12Q6 68 6 62V20Q6 14 12 14Z", CREAM) + questionMark(50, 38, 44, BLUE),
  // win: a cup
  win:
    line("M26 26C6 26 8 52 32 54M74 26C94 26 92 52 68 54", GOLD_EDGE, 5) +
    shape("M24 12H76V30C76 50 64 60 50 60C36 60 24 50 24 30Z", GOLD, GOLD_EDGE) +
    shape("M44 60H56V74H44Z", GOLD, GOLD_EDGE) +
    shape("M30 74H70V88H30Z", "#8a5a2b", "#5b3a1b") +
    shape(star(50, 32, 11), CREAM, GOLD_EDGE),
  // hold the draw: scales, level
  draw:
    shape("M44 88L50 20L56 88Z", DARK) + shape("M30 88H70V94H30Z", DARK) +
    line("M12 26H88", INK, 5) +
    line("M12 26L4 56M12 26L20 56M88 26L80 56M88 26L96 56", INK, 2.5) +
    shape("M2 56H22Q22 68 12 68Q2 68 2 56Z", CREAM) + shape("M78 56H98Q98 68 88 68Q78 68 78 56Z", "#2f2f3a", "#15151c") +
    `<circle cx="50" cy="20" r="6" fill="${GOLD}" stroke="${INK}" stroke-width="3"/>`,
  // escape: the piece is safe behind a shield
  escape: shape("M50 6L88 20V46C88 70 70 86 50 94C30 86 12 70 12 46V20Z", "#cfe0ff", BLUE) + line("M32 50L45 63L70 36", GREEN, 9),
  // keep your pieces (a whole game): a knight and a pawn kept, a green tick
  keep_pieces: piece("wP", 0, 40, 52) + piece("wN", 30, 8, 62) + line("M52 78L66 90L94 58", GREEN, 9),
  // may it capture: a piece, an arrow to the enemy's, a question
  can_capture: piece("wN", 2, 44, 50) + arrow(34, 50, 48, 30, 62, 56, ORANGE, 5) + piece("bP", 52, 50, 48) + questionMark(74, 24, 30, BLUE),
  // who is stronger: two bars of force
  stronger:
    line("M8 92H92", INK, 4) +
    shape("M18 36H44V92H18Z", CREAM) + shape("M56 58H82V92H56Z", "#2f2f3a", "#15151c") +
    arrow(31, 28, 31, 18, 31, 8, GREEN, 5),
  // an idea lesson: a light bulb
  show:
    shape("M50 8C30 8 20 24 20 38C20 52 32 58 36 70H64C68 58 80 52 80 38C80 24 70 8 50 8Z", "#fff1a8", GOLD_EDGE) +
    shape("M36 72H64V82H36Z", "#c9c2b4") + shape("M40 84H60Q60 94 50 94Q40 94 40 84Z", "#8a8070") +
    line("M42 50L50 60L58 50", GOLD_EDGE, 3),
  // the hand that shows the first move: its fingertip at (38, 6)
  hand:
    [46, 56, 66].map((x) => `<rect x="${x}" y="${40 + (x - 46) / 5}" width="12" height="22" rx="6" fill="${CREAM}" stroke="${INK}" stroke-width="3.5"/>`).join("") +
    shape("M26 52Q26 44 34 44H70Q78 44 78 54V72Q78 92 58 92H44Q26 92 26 72Z", CREAM) +
    `<rect x="31" y="4" width="14" height="54" rx="7" fill="${CREAM}" stroke="${INK}" stroke-width="3.5"/>` +
    shape("M28 60Q12 54 10 64Q10 72 30 80Z", CREAM) +
    line("M52 44V56M62 46V56", INK, 2.5),
};

/** The sprite: a picture for every goal of www/widget/goal-names.js (made from the crate's `goals!`) and
 *  the hand, nothing else; a goal without its picture stops the build, naming the goal. */
export const buildGoalSprite = () => {
  const want = [...GOAL_NAMES, "hand"];
  const missing = want.filter((name) => !Object.hasOwn(ICONS, name));
  const extra = Object.keys(ICONS).filter((name) => !want.includes(name));
  if (missing.length) throw new Error(`images/goals.mjs: no picture in ICONS for the goal ${missing.join(", ")}`);
  if (extra.length) throw new Error(`images/goals.mjs: ICONS has a picture for ${extra.join(", ")}, which is no goal of www/widget/goal-names.js`);
  return spriteOf(Object.entries(ICONS), PER_ROW);
};

if (process.argv[1] === fileURLToPath(import.meta.url)) writeOrCheck(GOAL_SPRITE, buildGoalSprite(), "goals.mjs");
