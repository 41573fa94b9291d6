// @ts-check
// A pupil's try replayed for the teacher (README.md "Classes"), on a board of board.js, move by
// move: the lesson's start position, each move in the children's notation (Ла8# in Russian, as
// the lesson panel writes it: the server's judge gives each move's SAN), the replies marked ↩,
// every move the lesson took as a mistake marked ✗ with the words the child heard then (the
// lesson's own words, or the lesson player's message), and where a hint was shown. teacher.js
// and teacher-grid.js use it; it uses no rules (the server judged the try).
import { Board, pieceImage } from "../widget/board.js";
import { api } from "./classes.js";
import { adopt, h } from "../widget/dom.js";
import { lettersIn, loadWords, sanIn, say } from "../i18n/i18n.js";

const ROWS = /^[.pnbrqkPNBRQK]{8}$/;
/** A lesson's position (FEN, or 8 rows rank 8 first + optional FEN fields) → { pieces, turn }. */
export function readPosition(position) {
  let rows;
  let turn;
  if (Array.isArray(position)) {
    rows = position.slice(0, 8);
    turn = String(position[8] ?? "w").trim()[0] === "b" ? "b" : "w";
  } else {
    const [board = "", side = "w"] = String(position ?? "").trim().split(/\s+/);
    rows = board.split("/").map((r) => r.replace(/\d/g, (n) => ".".repeat(Number(n))));
    turn = side === "b" ? "b" : "w";
  }
  const pieces = new Map();
  rows.forEach((row, k) => {
    if (!ROWS.test(row)) return;
    [...row].forEach((c, j) => {
      if (c !== ".") pieces.set(`${"abcdefgh"[j]}${8 - k}`, { color: c === c.toUpperCase() ? "white" : "black", char: c.toUpperCase() });
    });
  });
  return { pieces, turn };
}

/** The position after a UCI move (no rules: the server judged it; castling and en passant moved
 *  as the board shows them). */
export function applyUci(pieces, uci) {
  const next = new Map(pieces);
  const from = uci.slice(0, 2);
  const to = uci.slice(2, 4);
  const piece = next.get(from);
  if (!piece) return next;
  next.delete(from);
  if (piece.char === "K" && Math.abs(from.charCodeAt(0) - to.charCodeAt(0)) === 2) {
    const [rf, rt] = to[0] === "g" ? [`h${to[1]}`, `f${to[1]}`] : [`a${to[1]}`, `d${to[1]}`];
    const rook = next.get(rf);
    if (rook) next.delete(rf), next.set(rt, rook);
  }
  if (piece.char === "P" && from[0] !== to[0] && !next.has(to)) next.delete(`${to[0]}${from[1]}`);
  const promo = uci[4];
  next.set(to, promo ? { ...piece, char: promo.toUpperCase() } : piece);
  return next;
}

/** A lesson's JSON: the course's file, else the teacher's own from the server. */
export async function lessonData(id) {
  try {
    const r = await fetch(new URL(`lessons/${id}.json`, document.baseURI));
    if (r.ok) return await r.json();
  } catch {}
  return api("GET", `lessons/${encodeURIComponent(id)}`);
}

const text = (value, lang) => (typeof value === "string" ? value : value && typeof value === "object" ? value[lang] || value.en || value.ru || "" : "");
/** The lesson player's words and the language's piece letters (what the child read). */
const playerWords = (lang) => loadWords(lang, "messages-lesson", "messages-core", "language").catch(() => ({}));
const isClick = (m) => m.length === 2;
const isTakeback = (m) => m === "takeback";

/**
 * A try read for the teacher: its steps (moves, a quiz's clicks, take-backs), each with its
 * notation in the children's letters, whose it was, whether it was wrong and the words the child
 * heard then; the positions after each step; where hints were shown.
 */
export async function readTry(attempt, lesson, { t, lang }) {
  const words = await playerWords(lang);
  const letters = lettersIn(words, lang);
  const start = readPosition(lesson.position ?? lesson.fen);
  const raw = attempt.moves ?? [];
  // the judge's verdict and note of each entry, when the server gives them (attempts stored
  // before have none: then a guess, and the moves as UCI)
  const verdicts = Array.isArray(attempt.verdicts) && attempt.verdicts.length === raw.length ? attempt.verdicts : null;
  const notes = Array.isArray(attempt.notes) && attempt.notes.length === raw.length ? attempt.notes : [];
  const steps = raw.map((m, at) => ({ m, at })).filter(({ m }) => isTakeback(m) || /^[a-h][1-8]([a-h][1-8][qrbn]?)?$/.test(m));
  const positions = [start.pieces];
  const firstMove = steps.find(({ m }) => !isClick(m) && !isTakeback(m))?.m;
  const childColor = start.pieces.get(firstMove?.slice(0, 2))?.color ?? (start.turn === "b" ? "black" : "white");
  let beforeChild = 0;
  steps.forEach((s, k) => {
    const v = verdicts?.[s.at];
    s.child = verdicts ? v !== "reply" : isClick(s.m) || isTakeback(s.m) || positions[k].get(s.m.slice(0, 2))?.color === childColor;
    s.wrong = v === "mistake" || v === "refused" ? v : null;
    const note = notes[s.at] ?? {};
    s.label = isTakeback(s.m) ? `↶ ${t.takeback}` : note.san ? sanIn(letters, note.san) : isClick(s.m) ? s.m : `${s.m.slice(0, 2)}–${s.m.slice(2)}`;
    // the words the child heard after it: the lesson's own, then the player's message
    s.heard = [text(note.feedback, lang), note.failure?.id ? say(words, note.failure) : ""].filter(Boolean).join(" ");
    if (isTakeback(s.m)) return positions.push(positions[beforeChild]);
    if (s.child && !isClick(s.m)) beforeChild = k;
    const last = /** @type {Map<string, any>} */ (positions.at(-1));
    positions.push(isClick(s.m) ? last : applyUci(last, s.m));
  });
  if (!verdicts && !attempt.solved) {
    const last = steps.findLastIndex((s) => s.child);
    if (last >= 0) steps[last].wrong = "mistake";
  }
  const hintsAt = Array.isArray(attempt.hintsAt) ? attempt.hintsAt : [];
  const hintBefore = (k) => hintsAt.includes(k < steps.length ? steps[k].at : raw.length);
  return { steps, positions, childColor, hintBefore };
}

/** What a wrong step says: ✗ and the words the child heard (or what the judge made of it). */
export const wrongText = (s, t) => `✗ ${s.heard || (s.wrong === "refused" ? t.refusedMove : t.wrongMove)}`;

/** A try on a board in `box`, step by step; `heading`: what the box is called (the try's number
 *  and how it ended). */
export async function replay(ctx, box, attempt, lesson, heading) {
  const { t, lang } = ctx;
  box.replaceChildren();
  const { steps, positions, childColor, hintBefore } = await readTry(attempt, lesson, ctx);
  const wrap = h("div", { class: "replay", "data-teacher": "replay", "data-attempt": attempt.id }, box);
  h("h5", {}, wrap, heading);
  const host = h("div", { class: "replay-board" }, wrap);
  const root = host.attachShadow({ mode: "open" });
  await adopt(root, "board.css");
  const side = h("div", { class: "replay-side" }, wrap);
  const said = h("p", { class: "replay-said", role: "status", "aria-live": "polite" }, side);
  const controls = h("div", { class: "replay-controls", role: "group", "aria-label": t.replayControls }, side);
  const list = h("ol", { class: "replay-moves" }, side);
  const minutes = attempt.ms == null ? "" : t.time(Math.round(attempt.ms / 1000));
  h("p", { class: "t-note" }, side, [t.hintsN(attempt.hints ?? 0), attempt.answers?.length ? t.answers(attempt.answers.map((x) => x + 1).join(", ")) : null, minutes].filter(Boolean).join(" · "));
  const cellLabel = (sq, piece, target, marks) => [sq, piece ? `${t[piece.color]} ${t.pieceNames[piece.char] ?? piece.char}` : t.emptySquare, ...marks].join(", ");
  const board = new Board(root, { sprite: (p) => pieceImage(p.color, p.char), label: t.replayBoard, coordinates: "algebraic", orientation: childColor, cellLabel });
  let k = 0;
  const items = steps.map((s, i) => {
    const li = h("li", { "data-move": i, "data-by": s.child ? "pupil" : "reply", "data-uci": s.m }, list, `${i + 1}. ${s.child ? "" : "↩ "}`);
    h("span", { class: "replay-move", lang }, li, s.label);
    if (hintBefore(i)) {
      li.dataset.hint = "true";
      li.prepend(h("span", { class: "hint-mark" }, null, `? ${t.hintHere} `));
    }
    if (s.wrong) {
      li.dataset.wrong = s.wrong;
      h("span", { class: "wrong-mark" }, li, ` ${wrongText(s, t)}`);
    }
    return li;
  });
  if (steps.length && hintBefore(steps.length)) h("li", { class: "hint-mark", "data-hint": "end" }, list, `? ${t.hintAtEnd}`);
  const show = () => {
    const s = steps[k - 1];
    const m = s?.m;
    const at = m && (isClick(m) ? m : m.slice(2, 4));
    const shapes = !m || isTakeback(m) ? [] : s.wrong ? [{ type: "cross", square: at, name: wrongText(s, t) }] : isClick(m) ? [{ type: "circle", square: m, name: t.clicked }] : [];
    board.set({ pieces: positions[k], lastMove: m && !isClick(m) && !isTakeback(m) ? { from: m.slice(0, 2), to: at } : null, shapes });
    items.forEach((li, i) => (i === k - 1 ? li.setAttribute("aria-current", "step") : li.removeAttribute("aria-current")));
    const hint = k < steps.length && hintBefore(k) ? ` ${t.hintNext}.` : "";
    said.textContent = (k === 0 ? t.replayStart : t.replayMove(k, steps.length, s.label, s.child ? t.byPupil : t.byReply) + (s.wrong ? ` ${wrongText(s, t)}` : "")) + hint;
    wrap.dataset.at = String(k);
    for (const [b, off] of buttons) b.disabled = off();
  };
  /** @type {[HTMLButtonElement, () => boolean, () => unknown][]} */
  const steppers = [
    [h("button", { type: "button", "data-replay": "first", "aria-label": t.first }, controls, "◀◀"), () => k === 0, () => (k = 0)],
    [h("button", { type: "button", "data-replay": "back", "aria-label": t.back }, controls, "◀"), () => k === 0, () => (k -= 1)],
    [h("button", { type: "button", "data-replay": "next", "aria-label": t.forward }, controls, "▶"), () => k === steps.length, () => (k += 1)],
    [h("button", { type: "button", "data-replay": "last", "aria-label": t.last }, controls, "▶▶"), () => k === steps.length, () => (k = steps.length)],
  ];
  const buttons = steppers.map(([b, off, go]) => {
    b.onclick = () => {
      go();
      show();
    };
    return /** @type {[HTMLButtonElement, () => boolean]} */ ([b, off]);
  });
  if (!steps.length) h("p", { class: "t-note" }, side, t.noMoves);
  show();
}
