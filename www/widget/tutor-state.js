// @ts-check
// The state of one <chess-tutor> (chessground-style: one plain object, which the element's
// events change and tutor-view.js draws): its parts, the rules and game in use, the moves, the
// selection, what the panel says, and the plug-in that runs (a lesson, a game mode) with what it
// lent. Only the element and its modules hold it; a plug-in sees the host (plugin-host.js).
import { WordsInUse } from "./words-in-use.js";
/** @typedef {import("../types/boundary").MoveInfo} MoveInfo */

/** A new widget's state. @param {any} el the element (its language, for the words) */
export function newState(el) {
  return {
    /** @type {any} */ root: null,
    /** @type {any} */ ui: null,
    /** @type {any} */ rules: null,
    words: new WordsInUse(() => el.language), // the words in use (#t) and the parts merged under them
    /** @type {any} */ game: null,
    /** @type {MoveInfo[]} */ moves: [], // the moves played since the position was set, as play/redo/host.played handed them (MoveInfo)
    listed: [], // …and those the move list shows, kept in step (renderMoves)
    /** @type {any} */ ahead: null, // the pieces drawn from a lent move (host.played without a position), until the next position
    /** @type {any} */ lent: null, // a lesson's game (host.useGame): fen → the Game's reading shape for that position
    /** @type {any} */ board: null,
    position: new Map(),
    /** @type {any} */ selected: null, // { square, i, j, piece, targets: Map(square -> Target) }
    /** @type {boolean | "held"} */ kept: false, // after a refused move (host.refused): a tap on the piece keeps it; "held": until the pointer's release
    /** @type {any} */ hover: null,
    /** @type {any} */ promo: null, // the promotion dialog (promotion.js)
    /** @type {any} */ explained: null, // the formula of the move just played, for touch users
    /** @type {any} */ shown: null, // the move a plug-in showed (host.show), highlighted as the last one
    /** @type {any} */ outcome: null,
    message: "",
    measures: 0,
    says: 0,
    /** @type {any} */ mode: null, // the plug-in: { stop, click?, play?, draw? }
    /** @type {any} */ host: null, // …and the host it was given
    /** @type {any} */ full: null, // the formula with ΔI, ΔJ and n shown (null: as stored, else the formula attribute)
    /** @type {any} */ feedbackBox: null, // host.feedback's box (feel.js), made on first use
    /** @type {any} */ feel: null, // feel.js, once loaded
    /** @type {import("./board.js").Shape[]} */ shapes: [], // a plug-in's shapes (host.setShapes), drawn with the selected piece's lines
    /** @type {any} */ view: null, // a piece set's part of the panel (variant.js, with a host of its own): { stop, click, draw }
  };
}
