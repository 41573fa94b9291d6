// @ts-check
// The studio's two smallest view helpers, over its state (state.js): a button, and what is said
// to the teacher (beside the board, under the course, or under the bar). Imports only dom.js.
import { h } from "../widget/dom.js";

import * as state from "./state.js";

/** @typedef {import("./state.js").State} State */

/** A button in parent that calls onclick. @param {any} parent @param {string} text
 * @param {(e: MouseEvent) => any} onclick @param {Record<string, string>} [attrs] */
export function button(parent, text, onclick, attrs = {}) {
  const b = h("button", { type: "button", ...attrs }, parent, text);
  b.addEventListener("click", onclick);
  return b;
}

/** Says what happened: beside the board for what the board did (near: "board"), under the course
 *  ("course"), else under the bar; the other two places are emptied.
 * @param {State} s @param {string | null | undefined} text @param {"board" | "course"} [near] */
export function report(s, text, near) {
  const ui = s.ui;
  const here = near === "board" ? ui.boardSay : near === "course" ? ui.courseSay : ui.status;
  for (const el of [ui.status, ui.boardSay, ui.courseSay]) if (el) el.textContent = el === here ? text ?? "" : "";
}

/** The setup board shows the lesson's position (after a file, the JSON view, a copy). @param {State} s */
export function syncSetup(s) {
  const setup = s.ui.setup;
  const fen = state.fen(s);
  if (!fen || !setup) return;
  try {
    if (setup.fen !== fen) setup.fen = fen;
  } catch {
    /* not ready yet: it reads the attribute */
    setup.setAttribute("fen", fen);
  }
}
