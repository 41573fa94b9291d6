// @ts-check
// <chess-tutor>'s promotion dialog: a pawn on the last rank, the four pieces it may become, as
// buttons with their pictures and names (never a colour alone); arrows, Tab and Escape move in it.
import { h } from "./dom.js";
import { pieceImage } from "./board-geometry.js";
import { PROMOTION } from "./move-list.js";

export class Promotion {
  /** @type {{ from: string, to: string, explanation: any } | null} the move asked about, while open */
  pending = null;
  #root;
  #box;
  #title;
  #choices;
  #cancel;
  #cancelled;

  /**
   * @param {ShadowRoot} root the element's shadow root (where the focus is)
   * @param {HTMLElement} parent the box over the board
   * @param {(from: string) => void} cancelled called with the pawn's square when the child cancels
   */
  constructor(root, parent, cancelled) {
    this.#root = root;
    this.#cancelled = cancelled;
    this.#box = h("div", { class: "promotion", part: "promotion", role: "dialog", "aria-modal": "true", "aria-labelledby": "promo-title", hidden: "" }, parent);
    this.#title = h("p", { class: "promo-title", id: "promo-title" }, this.#box);
    this.#choices = h("div", { class: "promo-choices" }, this.#box);
    this.#cancel = h("button", { type: "button", class: "promo-cancel", part: "button" }, this.#box);
    this.#cancel.onclick = () => this.cancel();
    this.#box.onkeydown = (e) => this.#key(e);
  }

  /** The words that change only with the language. */
  label(t) {
    this.#title.textContent = t.choose;
    this.#cancel.textContent = t.cancel;
  }

  /**
   * Asks what the pawn of `sel` becomes on `target`; play(letter) plays the choice.
   * @param {(kind: string) => string} name a piece kind's name in words
   * @param {(letter: string) => void} play
   */
  open(sel, target, name, play) {
    this.pending = { from: sel.square, to: target.square, explanation: target.explanation };
    this.#choices.replaceChildren();
    for (const [kind, letter] of Object.entries(PROMOTION)) {
      const b = h("button", { type: "button", class: "promo-choice", part: "button promotion-choice", "data-piece": letter }, this.#choices);
      h("img", { src: pieceImage(sel.piece.color, letter), alt: "" }, b);
      h("span", {}, b, name(kind));
      b.onclick = () => play(letter);
    }
    this.#box.hidden = false;
    /** @type {HTMLElement} */ (this.#choices.firstChild).focus();
  }

  #key(e) {
    const buttons = [...this.#choices.children, this.#cancel];
    const k = e.key;
    if (k === "Escape") this.cancel();
    else if (/^Arrow|^Tab$/.test(k)) {
      const step = k === "ArrowLeft" || k === "ArrowUp" || (k === "Tab" && e.shiftKey) ? -1 : 1;
      const n = buttons.length;
      /** @type {HTMLElement} */ (buttons[(buttons.indexOf(/** @type {Element} */ (this.#root.activeElement)) + step + n) % n]).focus();
    } else return;
    e.preventDefault();
  }

  /** The child said no: closed, and the pawn's square is told. */
  cancel() {
    const from = this.pending?.from;
    this.close();
    if (from) this.#cancelled(from);
  }

  close() {
    this.pending = null;
    this.#box.hidden = true;
  }
}
