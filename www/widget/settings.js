// @ts-check
// The app's settings (the settings menu of app.js): language, board labels, "How is it counted?",
// sound and "Read to me" (with whether the first lesson has asked about it), kept in localStorage under a versioned key. Like progress.js, nothing here throws:
// a damaged or unknown value falls back to its default, storage that is blocked or full is
// ignored (the settings then last until the page closes). Pure functions take the text, so a
// unit test can check them without a browser.
import { local, read as readStored, write } from "./storage.js";

export const KEY = "chess-tutor:settings:v1";
export const VERSION = 1;
/** The keys of the app before settings were versioned (a language and a coordinates mode each). */
export const OLD_KEYS = { lang: "chess-tutor.lang", coordinates: "chess-tutor.coordinates" };

export const CHOICES = {
  coordinates: ["both", "algebraic", "ij", "none"],
  formula: ["plain", "full"],
};
// coordinates: letters and numbers only; the (i, j) labels 0–7 where the formulas are taught (app.js)
export const DEFAULTS = { lang: null, coordinates: "algebraic", formula: "plain", sound: false, read: false, readAsked: false };

const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

/** Any value -> complete settings: each field kept when valid, else its default. `langs`: the allowed languages. */
export function clean(value, langs) {
  const v = isObject(value) ? value : {};
  return {
    lang: langs.includes(v.lang) ? v.lang : DEFAULTS.lang,
    coordinates: CHOICES.coordinates.includes(v.coordinates) ? v.coordinates : DEFAULTS.coordinates,
    formula: CHOICES.formula.includes(v.formula) ? v.formula : DEFAULTS.formula,
    sound: v.sound === true,
    read: v.read === true,
    readAsked: v.readAsked === true,
  };
}

/** The stored text (or null) -> settings; `old(key)` reads a pre-version key (its value or null).
 * @param {string | null} text @param {string[]} langs @param {(key: string) => string | null} [old] */
export function parse(text, langs, old = () => null) {
  if (text != null) {
    try {
      const value = JSON.parse(text);
      if (isObject(value) && value.version === VERSION) return clean(value, langs);
    } catch {
      /* damaged: the defaults */
    }
    return clean(null, langs);
  }
  return clean({ lang: old(OLD_KEYS.lang), coordinates: old(OLD_KEYS.coordinates) }, langs);
}

const read = (key) => {
  const r = readStored(local(), key);
  return r.ok ? r.text : null;
};

/** The stored settings (defaults for anything missing or damaged). */
export const load = (langs) => parse(read(KEY), langs, read);

/** Saves the settings: storage.js's answer ({ ok: true } or { ok: false, reason }); the child plays on. */
export function save(settings) {
  return write(local(), KEY, JSON.stringify({ version: VERSION, ...settings }));
}
