// @ts-check
// The card a <chess-tutor> shows when one of our WebAssembly modules traps (a panic, `unreachable`,
// out of memory: chess-tutor.js onTrap). Loaded only then, so the plain widget does not carry it.
// Words, an icon and a button, not colour alone; the button takes the keyboard focus.
//
//   trapCard(parent, words, startOver, why) -> the card element
// words: the catalogue's `trap` ({ title, text, restart }); startOver(): resolves once fresh
// instances are up (the widget then removes the card) or rejects, and the card says why(error)
// and keeps its button.
import { adopt, h } from "./dom.js";
import { sayError } from "./errors.js";
import { loadWords } from "../i18n/i18n.js";

/**
 * The card over `el`'s board, with its words (i18n/<lang>/trap.js) and sheet (trap-card.css),
 * said; rejects when they cannot be fetched (the widget then says it with the words it has).
 * @param {any} el the element
 * @param {{ root: ShadowRoot, ui: any, words: any, pluginStyle: () => Promise<any>, announce: (text: string) => void, startOver: () => Promise<void> }} o
 */
export async function showTrapCard(el, { root, ui, words, pluginStyle, announce, startOver }) {
  const [t] = await Promise.all([loadWords(el.language, "trap"), pluginStyle().then(() => adopt(root, "trap-card.css"))]);
  const why = (error) => `${words.t.rulesFailed} ${sayError(words.t, error)}`;
  const card = trapCard(ui.boardWrap, t, startOver, why);
  el.dataset.trapped = "true";
  announce(`${t.title} ${t.text}`);
  return card;
}

export function trapCard(parent, words, startOver, why) {
  const card = h("div", { class: "card trap", part: "trap-card", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "trap-title", "aria-describedby": "trap-text" }, parent);
  const box = h("div", { class: "trap-box" }, card);
  h("h2", { class: "trap-title", id: "trap-title" }, box, `⚠ ${words.title}`);
  const text = h("p", { class: "trap-text", id: "trap-text" }, box, words.text);
  const button = h("button", { type: "button", class: "trap-restart", part: "button" }, box, `↻ ${words.restart}`);
  button.onclick = async () => {
    button.disabled = true;
    try {
      await startOver();
    } catch (error) {
      text.textContent = why(error);
    } finally {
      button.disabled = false;
    }
  };
  button.focus({ preventScroll: true });
  return card;
}
