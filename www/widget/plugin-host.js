// @ts-check
// What a plug-in (the lesson player, a game mode, a piece set's panel) may use of <chess-tutor>:
// one host object (docs/architecture.md, "The front end"). It owns what the plug-in took: its
// slots in the panel, its board layers, its style sheets, the piece set or game it lent; close()
// gives all of it back when the plug-in stops. The widget's own work is done through `own`, the
// few powers the element hands it (chess-tutor.js #makeHost); the host never reaches into the
// element's state.
import { adopt, h, stylesheet } from "./dom.js";
import { loadWords } from "../i18n/i18n.js";
import { parseSquare } from "./board-geometry.js";
import { PROMOTION } from "./move-list.js";

/** The places a plug-in may put its parts. */
export const SLOTS = ["panel-top", "panel", "overlay", "board-below"];

/**
 * The host for one plug-in of `widget`; reloadWords() and close() are the widget's own: on a new
 * language, and when the plug-in stops (all it lent comes back).
 * @param {any} widget the <chess-tutor> element
 * @param {any} own the element's powers: root, ui, board(), position(), setShapes, feedback, sound,
 *   speak, usePieces, restorePieces, useGame, show, played, announce, emit, pluginStyle, focusBoard, refused
 */
export function makeHost(widget, own) {
  const { root, ui } = own;
  const owned = { slots: new Map(), layers: new Set(), sheets: new Set() };
  /** @type {string[]} */
  let parts = [];
  let closed = false;
  let lent = false; // a piece set (usePieces): on close the widget's own rules come back
  let lentGame = false; // a lesson's game (useGame): on close it goes back
  const places = {
    "panel-top": (el) => ui.status.before(el),
    panel: (el) => ui.panel.append(el),
    // before the board: a card's buttons (a lesson's Start) come first in the tab order
    overlay: (el) => ui.boardWrap.prepend(el),
    "board-below": (el) => ui.boardCol.append(el),
  };
  const host = {
    element: widget,
    /** @type {any} the words loaded (loadWords' catalogue is untyped) */
    words: null,
    get lang() {
      return widget.language;
    },
    get board() {
      return own.board();
    },
    async loadWords(...names) {
      parts = names;
      const lang = widget.language;
      const w = await loadWords(lang, ...names);
      if (!closed && lang === widget.language) host.words = w;
      return w;
    },
    reloadWords: () => (parts.length ? loadWords(widget.language, ...parts).then((w) => !closed && (host.words = w)) : null),
    slot(name) {
      if (!SLOTS.includes(name)) throw new Error(`chess-tutor: no slot "${name}" (${SLOTS.join(", ")})`);
      let el = owned.slots.get(name);
      if (!el) {
        el = h("div", { class: `slot slot-${name}` });
        places[name](el);
        owned.slots.set(name, el);
      }
      return el;
    },
    // shapes drawn with the selected piece's lines
    setShapes: (shapes) => {
      if (!closed) own.setShapes(shapes ?? []);
    },
    // one box over the board's edge, replacing the one before; null: none
    // one box over the board's edge, replacing the one before; null: none; onClose: the child closed it
    feedback: (node, onClose) => (closed ? null : own.feedback(node, onClose)),
    sound: (kind) => own.sound(kind),
    // said aloud only with the read-aloud attribute (a game's events); cancelled by the next move
    speak: (text) => !closed && own.speak(text),
    usePieces: (set, VariantGame, options) => !closed && ((lent = true), own.usePieces(set, VariantGame, options)),
    // a lesson lends its game: game(fen) reads a position as a Game does (pieces, targets of a
    // square, status, fen; fen null: the lesson's position now), in the lesson's own package.
    // From then on show/played draw what it answers, and a move crosses into WASM once (the
    // lesson plays it: play())
    useGame: (game) => !closed && ((lentGame = true), own.useGame(game)),
    layer(name, shapes) {
      const g = own.board().layer(name, shapes);
      owned.layers.add(g);
      return g;
    },
    // a position to show (fen), and the move that led to it, highlighted as the last one
    show: (fen, move) => own.show(fen, move),
    // a move the plug-in played with its own rules (a lesson: once, in its package): never
    // played again here. The widget shows the position it is handed after it (`fen`), or
    // without one (the child's move before the lesson's reply) moves the pieces as the
    // MoveInfo says, until the next position comes
    played: (move, fen) => own.played(move, fen, fen == null ? afterMove(own.position(), move) : null),
    announce: (text) => own.announce(text),
    emit: (type, detail, cancelable = false) => own.emit(type, detail, cancelable),
    adopt: (name) => {
      owned.sheets.add(name);
      return own.pluginStyle().then(() => !closed && adopt(root, name));
    },
    focusBoard: () => own.focusBoard(),
    // a lesson refused the move the picked piece tried: the piece stays picked (a tap on a
    // target plays), and a tap on the piece itself keeps it picked instead of letting it go
    refused: () => !closed && own.refused(),
    close: () => {
      closed = true;
      if (lentGame) own.useGame(null); // the lesson's objects go with it
      if (lent) own.restorePieces();
      for (const el of owned.slots.values()) el.remove();
      for (const g of owned.layers) g.replaceChildren();
      for (const name of owned.sheets)
        stylesheet(name).then((css) => (root.adoptedStyleSheets = root.adoptedStyleSheets.filter((x) => x !== css)), () => {});
    },
  };
  return host;
}

/**
 * The pieces after `move` (a MoveInfo), moved on `position` (square → piece), a new Map.
 * @param {Map<string, any>} position
 * @param {any} move
 */
export function afterMove(position, move) {
  const pieces = new Map(position);
  const step = (from, to, change) => {
    const p = pieces.get(from);
    pieces.delete(from);
    if (!p) return;
    const [i, j] = parseSquare(to);
    pieces.set(to, { ...p, ...change, square: to, i, j });
  };
  if (move.captured) pieces.delete(move.captured);
  const letter = PROMOTION[move.promotion];
  step(move.from, move.to, letter && { kind: move.promotion, char: move.color === "white" ? letter.toUpperCase() : letter });
  if (move.rook) step(move.rook[0], move.rook[1]);
  return pieces;
}
