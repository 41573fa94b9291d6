// @ts-check
// <chess-tutor>'s voice and sounds: a text read aloud in the element's language (only with the
// read-aloud attribute; speech.js and its words loaded only then), a short tone (only with the
// sound attribute; feel.js loaded only then), and silence when a move is played or the element leaves.
import { loadWords } from "../i18n/i18n.js";

/** feel.js: host.feedback, host.sound; loaded only with a plug-in or the sound attribute */
export const feel = () => import("./feel.js");
// `said` is speech.js once loaded, so that a move can silence it without loading it
/** @type {any} */
let said = null;
const voice = () => import("./speech.js").then((m) => (said = m));

/** What was being said stops (nothing is loaded for it). */
export const silence = () => said?.cancel();

/** `text` said in `el`'s language, cancelling what was said; squares and pieces as words. */
export function speak(el, text) {
  if (!text || !el.readAloud) return;
  const lang = el.language;
  Promise.all([voice(), loadWords(lang, "speech", "language")]).then(
    ([m, words]) => el.readAloud && lang === el.language && m.speak(text, { lang, words }),
    () => {},
  );
}

/** A short, gentle tone, only with the sound attribute. */
export function sound(el, kind) {
  if (el.hasAttribute("sound")) feel().then((f) => f.tone(kind), () => {});
}
