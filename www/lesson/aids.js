// @ts-check
// The king-and-pawn ideas (www/lesson/): the endgame panel (the solver's verdict, the aids'
// switches) and the ideas' drawings (the pawn's square, the opposition, the key squares).
import { parseSquare } from "../widget/board.js";
import { h } from "../widget/dom.js";
import { wordsOf } from "./state.js";

/** The solver's verdict now, and before and after the child's last move (words and a sign,
 *  never colour alone), and the ideas the child can draw on the board. */
export function renderEndgame(st) {
  const t = wordsOf(st).eg;
  const ui = st.ui;
  const on = st.verdict != null && !["intro", "loading", "error"].includes(st.phase);
  ui.eg.hidden = !on;
  if (!on) return;
  const j = st.judgement;
  const sign = { win: "✓", draw: "=", loss: "✗" };
  const chip = (parent, verdict, label) => {
    const c = h("span", { class: "l-v", "data-result": verdict.result }, parent);
    h("span", { class: "l-v-sign", "aria-hidden": "true" }, c, sign[verdict.result]);
    h("span", {}, c, label ? `${label}: ${t.short[verdict.result]}` : t.short[verdict.result]);
  };
  ui.verdict.replaceChildren();
  const watchingFrom = st.watching || (st.phase === "failed" && j?.mistake);
  const now = watchingFrom && j ? j.after : st.verdict;
  chip(ui.verdict, now);
  // once the pawn has queened the result is what counts, not "a queen or mate in N"
  // (only where the lesson began with a pawn: a queen mate has no pawn to become one, issue 39)
  const pawnAt = (fen) => /p/i.test(fen?.split(" ")[0] ?? "");
  const queened = pawnAt(st.startFen) && (now.queened || queenedNow(st)); // the judge's flag, or the board shown (Show why)
  const words = queened ? (t.queened?.[now.result] ?? t.verdict[now.result]) : t.verdict[now.result] + (now.result !== "draw" && now.distance ? ` (${(pawnAt(st.startFen) ? t.inMoves : (t.mateIn ?? t.inMoves))(Math.ceil(now.distance / 2))})` : "");
  h("span", { class: "l-v-text" }, ui.verdict, words);
  ui.verdict.toggleAttribute("data-queened", Boolean(queened));
  ui.change.replaceChildren();
  ui.change.hidden = !j;
  if (j) {
    ui.change.dataset.mistake = String(j.mistake);
    chip(ui.change, j.before, t.before);
    h("span", { class: "l-arrow-sign", "aria-hidden": "true" }, ui.change, " → ");
    chip(ui.change, j.after, t.after);
    h("span", { class: "l-v-text" }, ui.change, j.mistake ? t.changed : j.best ? t.best : t.kept);
  }
  ui.aidBox.hidden = ui.notes.hidden = !pawnAt(st.shown); // the pawn's tools only with a pawn on the board
  ui.aidBox.setAttribute("aria-label", t.aidsLabel);
  for (const [aid, b] of Object.entries(ui.aids)) {
    b.lastChild.textContent = t.aids[aid];
    b.setAttribute("aria-pressed", String(st.aids.has(aid)));
  }
  ui.notes.replaceChildren(...aidTexts(st).filter((a) => st.aids.has(a.aid)).map(({ aid, text }) => h("li", { "data-aid": aid }, null, text)));
}

/** Whether a pawn has queened on the board shown: a queen that the lesson's position had not,
 *  and fewer pawns. */
export function queenedNow(st) {
  const count = (fen, re) => (fen?.split(" ")[0].match(re) ?? []).length;
  const [now, start] = [st.shown, st.startFen];
  return Boolean(now && start) && count(now, /q/gi) > count(start, /q/gi) && count(now, /p/gi) < count(start, /p/gi);
}

/** The ideas for the position on the board: [{ aid, text, …what to draw }], kept per position. */
export function aidTexts(st) {
  const fen = st.shown;
  const t = wordsOf(st)?.eg;
  if (!fen || !t || st.verdict == null) return [];
  if (st.aidCache?.fen !== fen || st.aidCache.t !== t) st.aidCache = { fen, t, list: computeAids(st, fen, t) };
  return st.aidCache.list;
}

export function computeAids(st, fen, t) {
  const out = [];
  let pawns = [];
  try {
    // the pawns' squares name every pawn (square and colour), for the key squares too
    pawns = st.pkg.pawnSquares(fen);
    if (!pawns.length) out.push({ aid: "square", text: t.noPawn });
    for (const p of pawns) out.push({ aid: "square", text: t.square(p), square: p });
  } catch {}
  try {
    let o = st.pkg.opposition(fen);
    // "You gave away the opposition": the opposition the other king takes is drawn
    const idea = st.idea;
    if (!o && idea?.aid === "opposition" && idea.at === fen) {
      o = idea.opposition;
      for (const f of idea.fens) if (!o && (o = st.pkg.opposition(f))) break;
    }
    out.push({ aid: "opposition", text: o ? t.opposition(o) : t.noOpposition, opposition: o });
  } catch {}
  try {
    if (!pawns.length) out.push({ aid: "keys", text: t.noPawn });
    for (const p of pawns) {
      const keys = st.pkg.keySquares(fen, p.pawn);
      out.push({ aid: "keys", text: t.keys(p.pawn, p.color, keys), keys, pawn: p.pawn });
    }
  } catch {}
  return out;
}

export function aidShapes(st) {
  const name = (i, j) => `${"abcdefgh"[j]}${i + 1}`;
  // a round badge in a square's corner: a tick or a cross, so that it is not colour alone
  const badge = (square, good, cls) => ({ type: good ? "tick" : "cross", square, brush: `l-badge ${good ? "l-good" : "l-bad"} ${cls}` });
  const list = [];
  for (const a of aidTexts(st)) {
    if (!st.aids.has(a.aid)) continue;
    if (a.square) {
      // the square on the defending king's side of the pawn, clipped to the board
      const p = a.square;
      const [, pj] = parseSquare(p.pawn);
      const kj = p.defender ? parseSquare(p.defender)[1] : pj;
      const [j1, j2] = kj < pj || (kj === pj && pj >= 4) ? [Math.max(0, pj - p.moves), pj] : [pj, Math.min(7, pj + p.moves)];
      const box = { square: p.pawn, from: name(p.rows.from, j1), to: name(p.rows.to, j2) };
      list.push({ type: "area", ...box, brush: `l-pawn-square-fill ${p.color}` });
      list.push({ type: "frame", ...box, brush: `l-pawn-square ${p.color} ${p.inside ? "l-inside" : "l-outside"}` });
      if (p.defender) list.push(badge(p.defender, p.catches, "l-square-badge"));
    } else if (a.opposition) {
      const o = a.opposition;
      const holder = o.holder === "white" ? o.white_king : o.black_king;
      for (const square of o.between) list.push({ type: "dot", square, brush: "l-opp-between", name: wordsOf(st)?.mark?.between });
      list.push({ type: "line", square: holder, from: o.white_king, to: o.black_king, brush: `l-opp-line ${o.kind}`, under: true });
      list.push(badge(holder, true, "l-opp-badge"));
    } else if (a.keys) {
      for (const square of a.keys) list.push({ type: "diamond", square, brush: "l-key", name: wordsOf(st)?.mark?.key });
    }
  }
  return list;
}
