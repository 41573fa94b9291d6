// @ts-check
// The <chess-tutor> element's parts in its shadow root, made once: the board's column (the board
// view comes into boardWrap when the rules are there), the panel (status, the controls' buttons,
// a message, the explanation's box, the move list) and the live region a screen reader says.
import { h, iconButton } from "./dom.js";

/**
 * @param {ShadowRoot} root
 * @param {any} el the element: its controls attribute, and its undo/redo/reset/flip for the buttons
 */
export function buildShell(root, el) {
  const wrap = h("div", { class: "wrap", part: "container", hidden: "" }, root);
  const boardCol = h("div", { class: "board-col" }, wrap);
  const boardWrap = h("div", { class: "board-wrap" }, boardCol);
  const loading = h("div", { class: "loading", "aria-busy": "true" }, boardWrap);
  const panel = h("section", { class: "panel", part: "panel" }, wrap);
  const status = h("p", { class: "status", part: "status" }, panel);
  const controls = h("div", { class: "controls", part: "controls" }, panel);
  controls.hidden = !el.hasAttribute("controls");
  /** @type {Record<string, HTMLButtonElement>} */
  const buttons = {};
  for (const [action, icon] of [["undo", "↶"], ["redo", "↷"], ["reset", "★"], ["flip", "⇅"]])
    buttons[action] = iconButton(controls, { "data-action": action }, icon, () => el[action]());
  const message = h("p", { class: "message", part: "message", hidden: "" }, panel);
  const formula = h("div", { class: "formula", part: "formula" }, panel);
  const moves = h("div", { class: "moves", part: "move-list", hidden: "" }, panel);
  const movesTitle = h("h3", {}, moves);
  const movesList = h("ol", {}, moves);
  const live = h("div", { class: "sr-only", role: "status", "aria-live": "polite", "aria-atomic": "true" }, root);
  return { wrap, boardCol, boardWrap, loading, panel, status, controls, buttons, message, formula, moves, movesTitle, movesList, live };
}

/** The shell's words that change only with the language. */
export function labelShell(ui, t) {
  for (const action in ui.buttons) ui.buttons[action].lastChild.textContent = t[action];
  ui.movesTitle.textContent = t.moves;
}
