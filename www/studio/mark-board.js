// @ts-check
// The marks board (functions of the studio's state): a board (board.js) on which the goal's tools work: clicks fill
// the goal's squares, moves played on it give best-move answers, the scripted replies, the hint
// and the moves to comment on; a drag draws an arrow (a click a circle). The keyboard does the same.
import { Board, parseSquare, pieceImage } from "../widget/board.js";
import { h } from "../widget/dom.js";
import { FALLBACK, LANGS } from "../i18n/i18n.js";
import { fieldOfTool, toolsOf } from "./goal-types.js";
import { isObject, newText, piecesOf } from "./model.js";
import { colorOf, moveInfo, withGame } from "./positions.js";
import { button, report } from "./ui.js";
import { goalType } from "./goal-words.js";
import * as state from "./state.js";

/** @typedef {import("./state.js").State} State */

const COLORS = ["green", "red", "blue", "yellow"];

// ------------------------------------------------------------ the marks board

export function buildMarkBoard(s, wrap) {
  const t = s.t;
  const board = (s.board = new Board(wrap, {
    sprite: (p) => pieceImage(colorOf(p), p),
    label: t.marksBoard,
    cellLabel: (sq, p) => cellLabel(s, sq, p),
  }));
  let down = null;
  board.on("select", ({ square, via }) => {
    if (via === "pointer") down = square;
    else if (square && (via === "key" || via === "click")) keySquare(s, square);
  });
  board.on("tap", ({ square }) => {
    down = null;
    squareAction(s, square);
  });
  /** @type {any} */ (board.svg).addEventListener("pointerup", (e) => {
    const to = board.squareAt(e.clientX, e.clientY);
    if (down && to && to !== down && s.tool === "shape") toggleShape(s, { type: "arrow", from: down, to });
    else if (down && to && to !== down && isMoveTool(s)) {
      s.picked = down;
      squareAction(s, to);
    }
    down = null;
  });
}

export function cellLabel(s, sq, p) {
  const t = s.t;
  const parts = [sq, p ? t.piece(colorOf(p), p.toLowerCase()) : t.empty];
  for (const m of marksAt(s, sq)) parts.push(m);
  return parts.join(", ");
}

/** The words for what is marked on a square (for the screen reader). */
export function marksAt(s, sq) {
  const t = s.t;
  const g = s.tool === "reply" ? {} : s.lesson.goal ?? {};
  const out = [];
  if (g.squares?.includes?.(sq)) out.push(t.mark.star);
  if (g.square === sq) out.push(t.mark.target);
  if (g.piece === sq || g.from === sq) out.push(t.mark.piece);
  if (g.to === sq) out.push(t.mark.target);
  if (s.lesson.hints?.piece === sq) out.push(t.mark.hint);
  if (s.picked === sq) out.push(t.mark.picked);
  return out;
}

export function isMoveTool(s) {
  return ["answer", "hint", "feedback", "reply"].includes(s.tool);
}

/** Under the board with the "reply" tool: the line so far, undo and start again. */
export function renderLine(s) {
  const box = s.ui.line;
  if (!box) return;
  const t = s.t;
  box.hidden = s.tool !== "reply";
  if (box.hidden) return box.replaceChildren();
  const key = state.line(s).map((m) => m.uci).join() + s.lang;
  if (box.dataset.key === key && box.childElementCount) return;
  box.dataset.key = key;
  const now = /** @type {HTMLElement} */ (document.activeElement);
  const focused = box.contains(now) ? now.dataset.line : null;
  box.replaceChildren();
  const words = state.line(s).map((m, k) => (k % 2 ? `${m.san} (${t.replyWord})` : m.san));
  h("p", { "data-studio-line": "" }, box, state.line(s).length ? t.lineIs(words.join(", ")) : t.lineEmpty(s.lesson.opponent?.replies?.length ?? 0));
  const row = h("p", { class: "studio-chosen" }, box);
  const undo = button(row, t.lineUndo, () => {
    state.line(s).pop();
    s.picked = null;
    report(s, t.lineUndone, "board");
    lineToReplies(s);
  }, { class: "studio-small", "data-line": "undo" });
  const again = button(row, t.lineAgain, () => {
    state.line(s).length = 0;
    s.picked = null;
    report(s, t.lineCleared, "board");
    lineToReplies(s);
  }, { class: "studio-small", "data-line": "again" });
  undo.disabled = again.disabled = !state.line(s).length;
  if (focused) box.querySelector(`[data-line="${focused}"]:not(:disabled)`)?.focus();
}

/** The tools for this goal: [name, label]. */
export function goalTools(s) {
  // the goal's own: the tools that fill its fields (goal-types.js)
  const own = toolsOf(goalType(s, s.lesson.goal?.type));
  const reply = s.lesson.opponent?.type === "scripted" ? ["reply"] : [];
  return [...own, ...reply, "hint", "feedback", "shape"];
}

export function renderTools(s) {
  const t = s.t;
  const tools = goalTools(s);
  if (!tools.includes(s.tool)) s.tool = tools[0];
  const box = s.ui.tools;
  // rebuilt only when something on it changes (a radio keeps the keyboard's focus)
  const key = [s.lesson.goal?.type, s.tool, s.color, ...tools].join();
  if (box.dataset.key === key && box.childElementCount) return;
  box.dataset.key = key;
  const now = /** @type {HTMLElement} */ (document.activeElement);
  const focused = box.contains(now) ? (now.dataset.tool ?? now.dataset.color) : null;
  box.replaceChildren();
  for (const name of tools) {
    const label = h("label", { class: "studio-tool" }, box);
    const input = h("input", { type: "radio", name: "studio-tool", value: name, "data-tool": name }, label);
    input.checked = name === s.tool;
    input.addEventListener("change", () => {
      s.tool = name;
      s.picked = null;
      s.pending = null;
      renderMarks(s);
    });
    h("span", {}, label, t.tool[name](s.lesson.goal?.type));
  }
  if (s.tool === "shape") {
    const colors = h("span", { class: "studio-colors", role: "group", "aria-label": t.color }, box);
    for (const c of COLORS) {
      const b = button(colors, t.colors[c], () => {
        s.color = c;
        renderTools(s);
      }, { "data-color": c, "aria-pressed": String(c === s.color) });
      b.classList.add(`c-${c}`);
      // its swatch: the brush's colour as board.css defines it (the theme's one table)
      const ink = s.board?.svg && getComputedStyle(s.board.svg).getPropertyValue(`--ct-${c}`).trim();
      if (ink) b.style.setProperty("--swatch", ink);
    }
  }
  s.ui.toolHint.textContent = t.toolHint[s.tool];
  if (focused) box.querySelector(`[data-tool="${focused}"], [data-color="${focused}"]`)?.focus();
}

export function renderMarks(s) {
  if (!s.board || !s.ui.tools) return;
  if (s.stage === "goal") renderTools(s);
  renderLine(s);
  const fen = state.boardFen(s);
  const pieces = piecesOf(fen);
  // on the scripted line the lesson's marks (drawn for its position) step aside
  const g = s.tool === "reply" ? {} : s.lesson.goal ?? {};
  const shapes = [];
  const arrowOf = (move, brush, label) => {
    const m = moveInfo(fen, move);
    if (!m) return;
    shapes.push({ type: "arrow", from: m.from, to: m.to, brush });
    shapes.push({ type: "label", square: m.to, text: label, brush });
  };
  if (Array.isArray(g.squares)) for (const sq of g.squares) if (/^[a-h][1-8]$/.test(sq)) shapes.push({ type: "star", square: sq, brush: "l-goal-star" });
  for (const key of ["square", "to"]) if (/^[a-h][1-8]$/.test(g[key] ?? "")) shapes.push({ type: "circle", square: g[key], brush: "goal" }, { type: "label", square: g[key], text: "◎", brush: "goal" });
  for (const key of ["piece", "from"]) if (/^[a-h][1-8]$/.test(g[key] ?? "")) shapes.push({ type: "highlight", square: g[key], brush: "piece" });
  if (Array.isArray(g.answers)) for (const a of g.answers) arrowOf(a, "answer", "✓");
  const reply = s.tool === "reply";
  if (reply && state.line(s).length) {
    const last = /** @type {import("./state.js").LineMove} */ (state.line(s).at(-1)).uci;
    shapes.push({ type: "highlight", square: last.slice(0, 2), brush: "piece" }, { type: "highlight", square: last.slice(2, 4), brush: "piece" });
  }
  for (const f of reply ? [] : s.lesson.feedback ?? []) if (f?.move) arrowOf(f.move, "feedback", "✎");
  if (!reply && s.lesson.hints?.move) arrowOf(s.lesson.hints.move, "l-hint-arrow", "?");
  for (const sh of reply ? [] : s.lesson.shapes ?? []) {
    if (sh?.type === "arrow" && sh.from && sh.to) shapes.push({ type: "arrow", from: sh.from, to: sh.to, brush: `l-shape c-${sh.color ?? "green"}` });
    else if (sh?.square) shapes.push({ type: sh.type === "highlight" ? "highlight" : "circle", square: sh.square, brush: `l-shape c-${sh.color ?? "green"}` });
  }
  if (s.pending) shapes.push({ type: "highlight", square: s.pending, brush: "pending" });
  let targets = [];
  if (s.picked) {
    const [i, j] = parseSquare(s.picked);
    targets = withGame(fen, (game) => game.targets(i, j)) ?? [];
  }
  s.board.set({ pieces, shapes, selected: s.picked, targets });
}

/** A square clicked (or Enter/Space on it) with the tool picked. */
export function squareAction(s, sq) {
  if (!sq) return;
  const t = s.t;
  const goal = (s.lesson.goal ??= { type: "stars", squares: [] });
  const tool = s.tool;
  if (tool === "star") {
    goal.squares = Array.isArray(goal.squares) ? goal.squares : [];
    const k = goal.squares.indexOf(sq);
    if (k >= 0) goal.squares.splice(k, 1);
    else goal.squares.push(sq);
    report(s, k >= 0 ? t.starOff(sq) : t.starOn(sq), "board");
  } else if (tool === "target" || tool === "piece") {
    // the goal's field this tool fills (the square to reach, the piece's square …); a field that
    // may be left out is taken away by a second click
    const field = fieldOfTool(goalType(s, goal.type), tool);
    if (!field) return;
    if (goal[field.key] === sq && !field.required) delete goal[field.key];
    else goal[field.key] = sq;
    report(s, tool === "target" ? t.targetSet(sq) : t.pieceChosen(sq), "board");
  } else if (tool === "shape") {
    return toggleShape(s, { type: "circle", square: sq });
  } else if (isMoveTool(s)) {
    return moveClick(s, sq);
  }
  s.act.changed();
}

/** Keyboard: the same, except that a shape takes two squares (the same one twice: a circle). */
export function keySquare(s, sq) {
  if (s.tool !== "shape") return squareAction(s, sq);
  if (!s.pending) {
    s.pending = sq;
    report(s, s.t.arrowFrom(sq), "board");
    return renderMarks(s);
  }
  const from = s.pending;
  s.pending = null;
  toggleShape(s, from === sq ? { type: "circle", square: sq } : { type: "arrow", from, to: sq });
}

export function toggleShape(s, shape) {
  const list = (s.lesson.shapes = Array.isArray(s.lesson.shapes) ? s.lesson.shapes : []);
  const same = (x) => x.type === shape.type && x.square === shape.square && x.from === shape.from && x.to === shape.to;
  const k = list.findIndex(same);
  if (k >= 0) list.splice(k, 1);
  else list.push(s.color === "green" ? shape : { ...shape, color: s.color });
  if (!list.length) delete s.lesson.shapes;
  report(s, k >= 0 ? s.t.shapeOff : s.t.shapeOn(shape), "board");
  s.act.changed();
}

/** A move tool: pick a piece, then its square; the move is then recorded (never played). */
export function moveClick(s, sq) {
  const t = s.t;
  const fen = state.boardFen(s);
  if (!s.picked || s.picked === sq) {
    const piece = piecesOf(fen).get(sq);
    const side = fen.split(" ")[1] === "b" ? "black" : "white";
    if (s.picked === sq || !piece) {
      s.picked = null;
      report(s, piece ? "" : t.pickPiece, "board");
    } else if (colorOf(piece) !== side) report(s, t.notToMove(side), "board");
    else {
      s.picked = sq;
      report(s, t.picked(sq), "board");
    }
    return renderMarks(s);
  }
  const from = s.picked;
  const [i, j] = parseSquare(from);
  const info = withGame(fen, (game) => {
    const target = game.targets(i, j).find((x) => x.square === sq);
    if (!target) return null;
    const played = game.play(from, sq, target.kind === "promotion" ? "q" : null);
    return played && { san: played.san, uci: played.uci, fen: game.fen() };
  });
  if (!info) {
    // another piece of the side to move: pick it instead
    const piece = piecesOf(fen).get(sq);
    s.picked = null;
    if (piece) return moveClick(s, sq);
    report(s, t.cannotGo(from, sq), "board");
    return renderMarks(s);
  }
  s.picked = null;
  const san = info.san;
  const goal = s.lesson.goal;
  if (s.tool === "reply") {
    state.line(s).push(info);
    report(s, state.line(s).length % 2 ? t.lineChild(san) : t.lineReply(san), "board");
    return lineToReplies(s);
  }
  if (s.tool === "answer") {
    goal.answers = Array.isArray(goal.answers) ? goal.answers : [];
    const k = goal.answers.indexOf(san);
    if (k >= 0) goal.answers.splice(k, 1);
    else goal.answers.push(san);
    report(s, k >= 0 ? t.answerOff(san) : t.answerOn(san), "board");
  } else if (s.tool === "hint") {
    s.lesson.hints = { ...(isObject(s.lesson.hints) ? s.lesson.hints : {}), piece: from, move: san };
    report(s, t.hintSet(san), "board");
  } else {
    const list = (s.lesson.feedback = Array.isArray(s.lesson.feedback) ? s.lesson.feedback : []);
    const k = list.findIndex((f) => f?.move === san || f?.move === info.uci);
    if (k < 0) list.push({ move: san, text: newText() });
    report(s, t.feedbackAdded(san), "board");
    s.act.changed();
    const at = k < 0 ? list.length - 1 : k;
    s.ui.form.querySelector(`[data-pointer="/feedback/${at}/text/${LANGS.includes(s.lang) ? s.lang : FALLBACK}"]`)?.focus({ preventScroll: false });
    return;
  }
  s.act.changed();
}

/** The board side shows the setup board ("position") or the marks board ("goal"). @param {State} s @param {string} name */
export function setStage(s, name) {
  s.stage = name;
  s.ui.root.dataset.stage = name;
  for (const b of s.ui.stageButtons) b.setAttribute("aria-pressed", String(b.dataset.stage === name));
  s.ui.setupBox.hidden = name !== "position";
  s.ui.marksBox.hidden = name !== "goal";
  if (name === "goal") renderMarks(s);
}

/** The replies are the line's every other move (the opponent's), in order. @param {State} s */
function lineToReplies(s) {
  const opp = s.lesson.opponent;
  if (opp?.type !== "scripted") return;
  opp.replies = state.line(s).filter((_, k) => k % 2 === 1).map((m) => m.san);
  s.act.changed();
}
