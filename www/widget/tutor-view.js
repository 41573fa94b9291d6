// @ts-check
// The drawing of <chess-tutor> (chessground-style: state, drawing and events apart): functions
// that draw the element's state (tutor-state.js) into its parts: the board (pieces, the last
// move, check, the selected piece and its targets, its lines), the status line, the move list,
// the explanation panel and the words that change with the language. They change no game: the
// element (chess-tutor.js) and its events change the state, then call these.
import { squareName } from "./board-geometry.js";
import { h } from "./dom.js";
import { say } from "../i18n/i18n.js";
import { labelShell } from "./chess-tutor-shell.js";
import { EXPLAIN, coarse, explainModule, explainView, explainer, lines, store, stored } from "./explain-panel.js";
import { overText, renderMoveList } from "./move-list.js";

export function renderAll(s, el, move) {
  if (!s.board) return;
  const game = s.game;
  const status = game.status();
  s.position = s.ahead ?? new Map(game.pieces().map((p) => [p.square, p]));
  const royal = status.check && [...s.position.values()].find((p) => p.color === status.turn && s.rules.formulas.get(p.kind)?.royal);
  s.board.set({ pieces: s.position, lastMove: s.moves.at(-1) ?? s.shown, check: royal?.square ?? null });
  if (move && !move.dropped) s.board.animate(move);
  renderSelection(s, el);
  const t = s.words.t;
  const { outcome } = status;
  const ui = s.ui;
  ui.status.textContent = outcome ? over(s, el, outcome) : `${t.turn(status.turn)}${status.check ? `. ${t.check}` : ""}`;
  ui.status.toggleAttribute("data-over", Boolean(outcome));
  ui.status.toggleAttribute("data-check", status.check && !outcome);
  ui.buttons.undo.disabled = !status.can_undo;
  ui.buttons.redo.disabled = !status.can_redo;
  renderMoves(s, el);
  draw(s);
}

export function draw(s) {
  s.view?.draw();
  s.mode?.draw?.();
}

export function over(s, el, outcome) {
  return overText(s.words.t, outcome);
}

export function renderSelection(s, el) {
  const sel = s.selected;
  const targets = [...(sel?.targets.values() ?? [])].map((t) => (t.kind === "en-passant" ? { ...t, ghost: squareName(sel.i, t.j) } : t));
  s.board.set({ selected: sel?.square ?? null, targets });
  renderFormula(s, el);
}

// host.feedback (feel.js is loaded with the plug-in); `onClose`: what the plug-in does when the
// child closes this box (×)
export function feedback(s, el, node, onClose) {
  const f = s.feel;
  if (node == null || !f) {
    s.feedbackBox?.clear();
    return null;
  }
  const box = (s.feedbackBox ??= f.feedbackBox(s.root, s.ui.boardWrap, () => s.board?.focus(s.board.focused, { preventScroll: true })));
  box.label(s.words.t.close);
  const to = s.moves.at(-1)?.to ?? s.shown?.to;
  box.show(node, s.board ? f.edge(s.board.geometry, [...s.position.values()], to, el.orientation) : "bottom", onClose);
  return box.box;
}

export function open(s, el) {
  return s.full ?? (stored() ?? el.formula) === "full";
}

// the explanation's view (explain.js) once its module and words are here; else null, the panel
// is busy and drawn again when they come (explain-panel.js)
export function panelView(s, el) {
  return explainView(s.ui.formula, {
    words: s.words,
    ahead: () => explainAhead(s),
    redraw: () => renderFormula(s, el),
    open: open(s, el),
    flip: el.orientation === "black" ? -1 : 1,
    // the board labels with (i, j) (coordinates="both"): the square's numbers in the panel too
    numbers: el.getAttribute("coordinates") === "both",
    onToggle: (full) => {
      s.full = full;
      store(full ? "full" : "plain");
      renderFormula(s, el);
      s.ui.formula.querySelector(".f-toggle")?.focus();
    },
  });
}

// two voices (explain.js): plain words first (what the piece does; how far the target is, as the
// child sees the board), then behind "How is it counted?" the lines from formulas() with ΔI,
// ΔJ and n. On a touch screen a tap on a marker plays at once, as a child expects of a tap (a
// first tap that only explains would feel like the board ignoring them); the panel then explains
// the move just played. A mouse's hover and the keyboard's focus on a marker explain it before the move.
export function renderFormula(s, el) {
  const box = s.ui.formula;
  const t = s.words.t;
  const sel = s.selected;
  box.replaceChildren();
  s.ui.message.textContent = s.message;
  s.ui.message.hidden = !s.message;
  s.board?.set({ shapes: [...lines(s.selected, s.hover), ...s.shapes] });
  const v = sel || s.explained ? panelView(s, el) : null;
  if (!sel) {
    if (s.explained && v) explainer.explainMove(box, s.explained, true, v);
    const over = s.game?.status().outcome;
    if (over || !s.explained) h("p", { class: "hint" }, box, over ? overWords(s, el, t.overHint) : coarse.matches ? t.pickHintTouch : t.pickHint);
    return;
  }
  if (!v) return;
  const { kind } = sel.piece;
  explainer.explainPiece(box, { ...v, sel, hovered: sel.targets.get(s.hover), name: pieceName(s, el, kind), sprite: s.rules.sprite(sel.piece), lines: s.rules.formulas.get(kind)?.lines });
}

// the move list, kept in step with #moves (move-list.js)
export function renderMoves(s, el) {
  // a piece set's moves have the set's own letters already
  renderMoveList(s.ui, { history: s.moves, listed: s.listed, mode: el.moveList, lang: el.language, t: s.words.t, ownLetters: Boolean(s.rules?.words) });
}

// the words that change only with the language
export function labels(s, el) {
  const t = s.words.t;
  const ui = s.ui;
  labelShell(ui, t);
  s.promo.label(t);
  s.feedbackBox?.label(t.close);
  s.board.set({
    label: t.board,
    cellLabel: (sq, p, target, marks = []) => {
      const label = t.cell(sq, p && pieceName(s, el, p.kind).toLowerCase(), p && t.color[p.color]);
      // what may happen there, then what a plug-in marked there (its shapes' names: "a star")
      return [label, target && (t.targetSuffix[target.kind] ?? target.kind), ...marks].filter(Boolean).join(", ");
    },
  });
}

// the words for a piece kind ("Knight")
export function pieceName(s, el, kind) {
  const name = say(s.words.t, `piece-${kind}`);
  return name[0].toLocaleUpperCase(el.language) + name.slice(1);
}

// the game is over, and what the widget's own buttons can do now (words(undo): New game, and
// Undo when a move can be taken back); without its buttons (a lesson, a game, whose panels say
// what to do) only that it is over: never a button the screen does not show
export function overWords(s, el, words) {
  if (s.ui.controls.hidden) return s.words.t.overDone;
  return words(Boolean(s.game?.status().can_undo));
}

// the explanation's module and words, fetched ahead (a pointer over the element, its focus)
export function explainAhead(s) {
  return Promise.all([explainModule(), s.words.under(EXPLAIN)]);
}

/** Said by a screen reader (the live region). */
export function announce(s, text) {
  // a changing space: the same words are said again
  s.ui.live.textContent = text + (++s.says % 2 ? "" : "\u00a0");
}
