// @ts-check
// The events of <chess-tutor> (chessground-style: state, drawing and events apart): what a
// click, a tap, a key (Enter, Space: board.js says them as "select"), a drag and a hover do to the
// state (tutor-state.js), then drawn (tutor-view.js), said (the live region) and told to the page
// (select events). Playing a move is the element's (`choose`: chess-tutor.js, which asks a plug-in
// first and opens the promotion dialog).
import { speak } from "./voice-of.js";
import { announce, overWords, pieceName, renderFormula, renderSelection } from "./tutor-view.js";

const unselected = { square: null, i: null, j: null, piece: null, targets: [] };

/** A public event of the element (it crosses the shadow root). */
export const emit = (el, type, detail, cancelable = false) => el.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable }));

/** The board's events, wired to the element's state. */
export function listen(s, el, board, choose) {
  board.on("select", ({ square, via, time }) => {
    if (square) activate(s, el, square, time, via !== "pointer", choose);
    // the release of a press that picked the piece again after a refused move keeps it
    else if (via === "release" && s.kept === "held") s.kept = false;
    else if (!s.promo.pending) deselect(s, el);
  });
  board.on("drag-start", ({ square }) => !s.promo.pending && s.selected?.square === square);
  board.on("drop", ({ to }) => {
    const target = s.selected?.targets.get(to);
    if (target && !s.view?.click(to, target, s.selected)) choose(target, true);
  });
  board.on("hover", ({ square }) => {
    const next = s.selected?.targets.has(square) ? square : null;
    if (next === s.hover) return;
    s.hover = next;
    renderFormula(s, el);
  });
}

// a click, tap, Enter or Space; t0: for the latency measure
export function activate(s, el, sq, t0, toggle, choose) {
  if (!s.game || s.promo.pending) return;
  const sel = s.selected;
  const target = sel?.targets.get(sq);
  if (s.mode?.click?.(sq, target, sel) || s.view?.click(sq, target, sel)) return;
  if (target) return choose(target, false);
  const piece = s.position.get(sq);
  const status = s.game.status();
  const t = s.words.t;
  if (piece && sq === sel?.square) {
    // after a wrong move a tap on the piece picks it (again), never lets it go
    if (s.kept === true) return void (s.kept = toggle ? false : "held");
    return toggle && deselect(s, el);
  }
  s.kept = false;
  if (piece?.color === status.turn) {
    const targets = status.outcome ? [] : s.game.targets(piece.i, piece.j);
    s.selected = { square: sq, i: piece.i, j: piece.j, piece, targets: new Map(targets.map((x) => [x.square, x])) };
    s.explained = null;
    s.hover = targets.some((x) => x.square === s.board.hovered) ? s.board.hovered : null;
    s.message = status.outcome ? overWords(s, el, t.gameIsOver) : "";
    renderSelection(s, el);
    measure(s, t0);
    const name = pieceName(s, el, piece.kind);
    announce(s, targets.length || status.outcome ? t.selected(name, sq, targets.length) : t.noMoves(name, sq));
    emit(el, "select", { square: sq, i: piece.i, j: piece.j, piece, targets });
    return;
  }
  // say gently why nothing happens
  s.message = status.outcome ? overWords(s, el, t.gameIsOver) : sel ? t.notThere(sq) : piece ? t.enemyPiece(piece.color, status.turn) : t.emptySquare;
  if (sel) {
    s.selected = s.hover = null;
    emit(el, "select", unselected);
  }
  renderSelection(s, el);
  measure(s, t0);
  announce(s, s.message);
  speak(el, s.message); // a child who cannot read hears it too
}

// input event -> highlight drawn, for npm run bench
export function measure(s, t0) {
  try {
    performance.measure("ct-select", { start: t0, end: performance.now() });
    if (++s.measures % 2000 === 0) performance.clearMeasures("ct-select");
  } catch {}
}

export function deselect(s, el) {
  if (!s.selected) return;
  clearSelection(s);
  renderSelection(s, el);
  emit(el, "select", unselected);
}

export function clearSelection(s) {
  s.kept = false;
  s.selected = s.hover = null;
  s.message = "";
}
