// @ts-check
// The panel's explanation of a piece and its moves, in two voices (README.md, "The formula
// panel"): plain words first (what the piece does; how far a target is, as the child sees the
// board), then behind "How is it counted?" the lines of the rules' formulas() with ΔI, ΔJ and n,
// filled in with the numbers of a move. Its words are the part "explain" (www/i18n/<lang>/).
// <chess-tutor> fetches this module when the child first reaches for the board (a pointer over it,
// a touch, the keyboard's focus) or a move is explained: the plain board's first load is the board.
// It draws into the box it is given and keeps no state; the widget owns the toggle's state.
import { h, s } from "./dom.js";
import { pieceEl } from "./board.js";
/** @typedef {import("../types/boundary").Explanation} Explanation */

export const signed = (x) => (x > 0 ? `+${x}` : x < 0 ? `−${-x}` : "0");

// a move's formula with its numbers, from the explanation's data (the rules write the line as
// i1 = i + n·si·ΔI, j1 = j + n·sj·ΔJ; si or sj 0: that coordinate stays): the two halves,
// "i1 = 1 + 2·(+1) = 3" and "j1 = 4"
/** @param {Explanation} e @param {{ i: number, j: number, i1: number, j1: number }} at @returns {string[]} */
export function substitute({ si, sj, n_shown, n, di, dj }, { i, j, i1, j1 }) {
  const half = (name, v, s, d, v1) => {
    if (!s) return v === v1 ? `${name}1 = ${v}` : `${name}1 = ${v} = ${v1}`;
    return `${name}1 = ${v} + ${n_shown ? `${n}·` : ""}${s !== 1 ? `${s}·` : ""}${d ? `(${signed(d)})` : "0"} = ${v1}`;
  };
  return [half("i", i, si, di, i1), half("j", j, sj, dj, j1)];
}

// "i1 = …, j1 = …" breaks only after the comma: its two halves
function formulaText(parent, halves, cls) {
  const code = h("code", cls ? { class: cls } : {}, parent);
  halves.forEach((half, k) => {
    if (k) code.append(", ");
    h("span", {}, code, half);
  });
}

/** Where the target lies from the piece, as the child sees the board (`flip`: -1 with Black at
 *  the bottom): "2 steps up and left". */
export const way = (t, from, target, flip) => t.way((target.i - from.i) * flip, (target.j - from.j) * flip);

/** What a move (or a target) brings beyond going there: castling, en passant, promotion, a move
 *  a piece set refuses. */
export const extra = (t, target) => ({ castle: t.castling, "en-passant": t.enPassant(target.captured), promotion: t.promotes, refused: t.refusedNote })[target.kind];

// "How is it counted?": a button (aria-expanded) and, when open, the box it shows (returned)
function toggle(box, v) {
  const button = h("button", { type: "button", class: "f-toggle", part: "button formula-toggle", "aria-expanded": String(v.open), "aria-controls": "f-full" }, box, v.t.howCounted);
  button.onclick = () => v.onToggle(!v.open);
  return v.open ? h("div", { class: "f-full", id: "f-full" }, box) : null;
}

function numbers(box, { from, target }) {
  const e = target.explanation;
  h("p", { class: "f-numbers" }, box, `n = ${e.n}, ΔI = ${signed(e.di)}, ΔJ = ${signed(e.dj)} → i1 = ${target.i}, j1 = ${target.j}`);
  formulaText(box, substitute(e, { i: from.i, j: from.j, i1: target.i, j1: target.j }), "f-calc");
}

/** The plain words for a target (or, `played`, the move just played), and its numbers when the
 *  formula is open. `v`: { t, flip, open, onToggle }. */
export function explainMove(box, { from, target, name }, played, v) {
  const t = v.t;
  const p = h("p", { class: "f-explain" }, box);
  h("strong", {}, p, `${played ? t.played(target.square, name) : t.target(target.square)}: `);
  p.append(way(t, from, target, v.flip));
  const more = extra(t, target);
  if (more) h("p", { class: "f-note" }, box, more);
  if (!played) return;
  const full = toggle(box, v);
  if (full) numbers(full, { from, target });
}

/**
 * The selected piece: its name and square as (i, j), its plain words, the target under the
 * pointer explained (or a hint), and its formula's lines. `v`: { t, sel, hovered (a target or
 * null), name, sprite (the piece's picture), lines (its formula's lines), flip, touch, open,
 * onToggle }.
 */
export function explainPiece(box, v) {
  const { t, sel, hovered } = v;
  const head = h("p", { class: "f-head" }, box);
  s("svg", { viewBox: "0 0 100 100", class: "f-icon", "aria-hidden": "true" }, head).append(pieceEl(v.sprite, ""));
  h("strong", {}, head, `${v.name}:`);
  // the square as (i, j) only with the formulas open (a child of six hears "a1", not numbers)
  h("span", { class: "f-pos" }, head, ` ${v.open || v.numbers ? t.position(sel.square, sel.i, sel.j) : sel.square}`);
  const how = t.how?.[sel.piece.kind];
  if (how) h("p", { class: "f-plain" }, box, how);
  if (hovered) explainMove(box, { from: sel, target: hovered, name: v.name }, false, v);
  else if (!sel.targets.size) h("p", { class: "hint" }, box, t.noMoves(v.name, sel.square));
  else h("p", { class: "hint" }, box, v.touch ? t.targetHintTouch : t.targetHint);
  // a piece with no plain words (a teacher's own piece): its formula is its explanation
  const full = how ? toggle(box, v) : h("div", { class: "f-full" }, box);
  if (!full) return;
  const list = h("ul", { class: "f-lines" }, full);
  const forward = sel.piece.color === "black" ? -1 : 1;
  const values = (xs) => {
    const vs = [...new Set(xs)];
    return vs.length === 1 ? ` = ${signed(vs[0])}` : ` ∈ {${vs.map(signed).join(", ")}}`;
  };
  v.lines?.forEach((line, index) => {
    const li = h("li", {}, list);
    formulaText(li, line.text.split(", "));
    // "forward" lines (the pawn's) point the other way for Black
    const notes = [];
    // what the line writes, from its data: ΔI and ΔJ unless [0] (the coordinate stays), n when shown
    if (line.di.some((d) => d)) notes.push(`ΔI${values(line.di.map((d) => (line.forward ? d * forward : d)))}`);
    if (line.dj.some((d) => d)) notes.push(`ΔJ${values(line.dj)}`);
    if (line.n_shown) notes.push(t.nRange(line.n_max, line.n_max_from_start, line.n_min));
    if (t.mode[line.mode]) notes.push(t.mode[line.mode]);
    if (line.jumps) notes.push(t.jumps);
    h("span", { class: "f-note" }, li, notes.join(" · "));
    if (hovered?.explanation.line === index) li.setAttribute("data-active", "");
  });
  if (hovered) numbers(full, { from: sel, target: hovered });
}
