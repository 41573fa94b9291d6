// @ts-check
// A question a child who cannot read answers (issue 39): what each choice of a question stands
// for, read from the lesson's own data, never from the words on the button. A choice that is a
// square's name ("e4") is answered by tapping that square on the board too (the buttons stay for
// those who read); a choice that is a side, a piece, yes or no, check, mate or stalemate, or a result has a picture on its
// button. The lesson player (www/lesson/) asks `choiceFacts` once per question and draws
// each button's picture with `drawPicture`.
import { pieceImage } from "../widget/board.js";
import { goalPicture } from "../widget/goals.js";
import { s } from "../widget/dom.js";

const SQUARES = /(?<![\p{L}\p{N}])[a-h][1-8](?![\p{L}\p{N}])/gu;
const PIECES = { king: "K", queen: "Q", rook: "R", bishop: "B", knight: "N", pawn: "P" };

const CASTLES = new Set(["kingside", "queenside", "both-ways", "neither-way"]);

const norm = (x) => String(x ?? "").trim().toLowerCase().replace(/ё/g, "е");

/**
 * What each choice of a question stands for: [{ square?, picture? }], one per choice.
 * `choices`: the lesson's choices as written ({ ru, en } each) or the player's own words;
 * `pictures`: the pictures the rules' own questions give their choices (["white", "black",
 * "equal"]); `results`: a king-and-pawn question's results (win, draw, loss) per choice;
 * `words`: the words the choices are matched in, by language (their `choicePictures`: a
 * picture's name → the words a choice that means it starts with, "|" between them).
 * A question about squares: each choice names one square ("e4", "The knight on f6"), each
 * another, the same in every language it is written in (one choice may name none); that square
 * is tapped to answer.
 */
export function choiceFacts({ choices = [], pictures = null, results = null }, words = {}) {
  const texts = choices.map((c) => (typeof c === "string" ? [c] : Object.values(c ?? {}).filter((x) => typeof x === "string" && x.trim())));
  const named = texts.map((list) => {
    const found = new Set(list.map((x) => [...x.matchAll(SQUARES)].map((m) => m[0]).join(" ")));
    const [only] = found;
    return found.size === 1 && only && !only.includes(" ") ? only : null;
  });
  // (one choice may name none: "4e", a name written wrongly, is chosen by its button)
  const some = named.filter(Boolean);
  const squares = some.length > 1 && some.length >= named.length - 1 && new Set(some).size === some.length;
  return texts.map((list, k) => {
    const picture = pictures?.[k] ?? results?.[k] ?? pictureOf(list, words);
    return { ...(squares && named[k] ? { square: named[k] } : {}), ...(picture ? { picture } : {}) };
  });
}

/** A picture's name for a choice written `list` (its texts in its languages): the first whose
 *  words the choice is or starts with ("No: the king is in check": "no"); for a yes, a no or a
 *  piece, the piece it names after it too ("Yes, the knight gives check": "yes knight"; "The rook
 *  and the knight together": "rook knight"); or null. */
function pictureOf(list, words) {
  const starts = (t, x) => t === x || (t.startsWith(x) && !/[\p{L}\p{N}]/u.test(t[x.length]));
  const has = (t, x) => new RegExp(`(?<![\\p{L}])${x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}])`, "u").test(t);
  for (const text of list) {
    const t = norm(text);
    if (/^[a-h][1-8]$/.test(t)) return null;
    for (const lang of Object.keys(words)) {
      const table = Object.fromEntries(Object.entries(words[lang]?.choicePictures ?? {}).map(([k, v]) => [k, String(v).split("|")]));
      const first = Object.keys(table).find((picture) => table[picture].some((x) => starts(t, norm(x))));
      if (!first) continue;
      // after a yes or a no, or beside a piece ("the rook and the knight together"): the piece named
      const named = (kind) => kind !== first && (table[kind] ?? []).some((x) => has(t, norm(x).replace(/^the /, "")));
      if (first in PIECES) {
        const other = Object.keys(PIECES).find(named);
        return other ? `${first} ${other}` : first;
      }
      if (first !== "yes" && first !== "no") return first;
      const piece = Object.keys(PIECES).find(named);
      return piece ? `${first} ${piece}` : first;
    }
  }
  return null;
}

/** The index of the choice that is square `square`, or -1. */
export const choiceOfSquare = (facts, square) => facts.findIndex((f) => f.square === square);

/** Whether the question is about a square (its answers are tapped on the board). */
export const aboutSquares = (facts) => facts.some((f) => f.square);

/** Draws picture `name` ("yes knight": two) at the start of `button` (decorative: the button's
 *  words say it). */
export function drawPicture(button, name) {
  const [one, two] = String(name).split(" ");
  if (two) {
    drawPicture(button, two);
    return drawPicture(button, one);
  }
  const box = s("svg", { class: "l-choice-pict", viewBox: "0 0 100 100", "aria-hidden": "true", focusable: "false", "data-picture": name });
  const piece = (color, letter, x, size = 100) => s("image", { href: pieceImage(color, letter), x, y: (100 - size) / 2, width: size, height: size }, box);
  const piece2 = (a, b) => {
    piece(a[0], a[1], -8, 72);
    piece(b[0], b[1], 36, 72);
  };
  if (name === "white") piece("white", "P", 0);
  else if (name === "black") piece("black", "P", 0);
  else if (name === "both") piece2(["white", "P"], ["black", "P"]);
  else if (name === "equal") {
    piece2(["white", "P"], ["black", "P"]);
    s("path", { d: "M38 84h24M38 94h24", stroke: "#2b2b2b", "stroke-width": "6", "stroke-linecap": "round" }, box);
  } else if (name in PIECES) piece("white", PIECES[name], 0);
  else if (name === "yes" || name === "no") {
    // a thumb up (yes) or down (no): a fist and its thumb
    const g = s("g", name === "no" ? { transform: "rotate(180 50 50)" } : {}, box);
    const ink = { fill: "#fff", stroke: "#2b2b2b", "stroke-width": "6", "stroke-linejoin": "round" };
    s("path", { d: "M40 46l10-30c3-8 15-6 14 3l-3 23h20c6 0 10 6 8 12l-7 26c-2 5-6 8-11 8H40z", ...ink }, g);
    s("rect", { x: 14, y: 44, width: 22, height: 46, rx: 4, ...ink, fill: name === "yes" ? "#9be3b0" : "#f7b4ad" }, g);
  }
  else if (CASTLES.has(name)) {
    // castling: the king, and where it goes: a short arrow to the right (kingside), a long one to
    // the left (queenside), both, or a red bar across (neither way)
    piece("white", "K", 18, 64);
    const arrow = { fill: "none", stroke: "#1a5fb4", "stroke-width": "8", "stroke-linecap": "round", "stroke-linejoin": "round" };
    if (name === "kingside" || name === "both-ways") s("path", { d: "M54 88h30m-11-11 11 11-11 11", ...arrow }, box);
    if (name === "queenside" || name === "both-ways") s("path", { d: name === "both-ways" ? "M46 88H16m11-11-11 11 11 11" : "M84 88H16m11-11-11 11 11 11", ...arrow }, box);
    if (name === "neither-way") s("path", { d: "M14 92 86 8", stroke: "#c01c28", "stroke-width": "9", "stroke-linecap": "round" }, box);
  } else if (name === "win" || name === "draw" || name === "check" || name === "mate") s("image", { href: goalPicture(name), x: 0, y: 0, width: 100, height: 100 }, box);
  else if (name === "stalemate") {
    // stalemate: the king that cannot move, and "=" (a draw)
    s("image", { href: pieceImage("black", "K"), x: 18, y: 0, width: 64, height: 64 }, box);
    s("path", { d: "M30 76h40M30 92h40", stroke: "#2b2b2b", "stroke-width": "9", "stroke-linecap": "round" }, box);
  }
  else if (name === "loss") piece("black", "K", 0);
  else if (name === "race") {
    // a clock: whoever is faster
    s("circle", { cx: 50, cy: 54, r: 36, fill: "#fff", stroke: "#2b2b2b", "stroke-width": "7" }, box);
    s("path", { d: "M50 54V32M50 54l16 10M40 10h20", fill: "none", stroke: "#2b2b2b", "stroke-width": "7", "stroke-linecap": "round" }, box);
  } else return null;
  button.prepend(box);
  return box;
}
