// @ts-check
// The words <chess-tutor> speaks with now (`t`): those of its language and rules (a piece set's
// own, or the board's word file), and the parts merged under them when first needed, each once
// for these words: Rust's messages (errors, "messages-core"), the explanation's ("explain").
// A new language or piece set: set() again, and the parts merged before come again.
import { loadWords } from "../i18n/i18n.js";

export class WordsInUse {
  /** the words in use, the merged parts with them @type {any} */
  t = null;
  /** the words of the language and rules in use, before the parts merged under them @type {any} */
  base = null;
  /** the parts `t` holds now */
  merged = new Set();
  /** @type {Map<string, Promise<void>>} word parts merged under `base` when first needed: part → promise */
  #under = new Map();
  #lang;

  /** @param {() => string} lang the element's language now */
  constructor(lang) {
    this.#lang = lang;
  }

  /** New words in use; the parts merged under the old words again if they were loaded. */
  set(w) {
    this.t = this.base = w;
    const parts = [...this.#under.keys()];
    this.#under.clear();
    this.merged.clear();
    for (const part of parts) this.under(part).catch(() => {});
  }

  /** A word part merged under the words in use, once (for these words). */
  under(part) {
    const base = this.base;
    /** @type {Promise<void> | undefined} */
    let p = this.#under.get(part);
    if (!p)
      this.#under.set(
        part,
        (p = loadWords(this.#lang(), part).then((m) => {
          if (this.base !== base) return;
          this.t = { ...m, ...this.t };
          this.merged.add(part);
        })),
      );
    return /** @type {Promise<void>} */ (p);
  }
}
