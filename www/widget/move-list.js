// @ts-check
// The moves of <chess-tutor>'s panel: the move list kept in step with the moves played (its
// rows and spans made once, O(new moves) per render however long the game: docs/embedding.md,
// "The move list"), a move and the end of a game in words (what a screen reader says).
import { h } from "./dom.js";
import { lettersIn, sanIn } from "../i18n/i18n.js";

export const PROMOTION = { queen: "q", rook: "r", bishop: "b", knight: "n" };

/**
 * The move list, kept in step with `history`: the moves the list shows already (`listed`, kept
 * by the caller) stay, those taken back go, the new ones are added.
 * @param {{ moves: HTMLElement, movesList: HTMLElement }} ui the panel's move box and its <ol>
 * @param {{ history: any[], listed: any[], mode: string, lang: string, t: any, ownLetters: boolean }} o
 *   mode: "none" | "san" | "long" (the move-list attribute); ownLetters: a piece set's moves have
 *   the set's own letters already
 */
export function renderMoveList({ moves, movesList }, { history, listed, mode, lang, t, ownLetters }) {
  moves.hidden = mode === "none" || !history.length;
  if (moves.hidden) return;
  const first = history[0].color === "black" ? 1 : 0;
  // the language's piece letters (its language.js, in the board's words), as the lessons write
  // moves: Ф h4# in Russian
  const letters = ownLetters ? null : lettersIn(t, lang);
  const written = (move) => (letters ? sanIn(letters, move[mode]) : move[mode]);
  let keep = 0;
  if (movesList.dataset.mode === `${mode} ${lang}` && listed.length && listed[0] === history[0]) while (keep < listed.length && listed[keep] === history[keep]) keep++;
  else {
    movesList.replaceChildren();
    listed.length = 0;
    movesList.dataset.mode = `${mode} ${lang}`;
  }
  // back to the first move that changed: its span, and its row when the row began with it
  for (let k = listed.length - 1; k >= keep; k--) {
    const li = /** @type {HTMLElement} */ (movesList.lastElementChild);
    li.lastChild?.remove();
    li.lastChild?.remove(); // the space before it
    if ((k + first) % 2 === 0 || k === 0) li.remove();
  }
  listed.length = keep;
  movesList.querySelector("[data-last]")?.removeAttribute("data-last");
  let li = movesList.lastElementChild;
  for (let k = keep; k < history.length; k++) {
    const ply = k + first;
    if (!li || ply % 2 === 0) {
      li = h("li", {}, movesList);
      h("span", { class: "n" }, li, ply % 2 ? `${(ply + 1) / 2}…` : `${ply / 2 + 1}.`);
    }
    li.append(" ");
    h("span", {}, li, written(history[k]));
    listed.push(history[k]);
  }
  const last = /** @type {Element} */ (/** @type {Element} */ (movesList.lastElementChild).lastChild);
  last.setAttribute("data-last", "");
  movesList.scrollTop = movesList.scrollHeight; // not scrollIntoView: the page stays
}

/** The end of a game in words ("Checkmate. White wins"). */
export const overText = (t, outcome) => t.over[outcome.reason]?.(outcome.winner) ?? outcome.result;

/**
 * A move in words, with the position it leaves (`status`: check, or the end of the game).
 * @param {(kind: string) => string} name a piece kind's name
 */
export function moveText(t, name, move, status) {
  let text = t.moved(move.color, name(move.piece), move.from, move.to, move.capture);
  if (move.kind === "castle") text += `, ${t.castles}`;
  if (move.promotion) text += ` — ${t.becomes(name(move.promotion))}`;
  if (status.outcome) text += `. ${overText(t, status.outcome)}`;
  else if (status.check) text += `. ${t.check}`;
  return text;
}
