// @ts-check
// The message catalogue: www/i18n/<lang>/<part>.js, each `export default { id: string | (args) => string }`.
// A third language: its code in LANGS and a folder of the same files (README.md, "Languages");
// Rust's list (crate/src/message/mod.rs, `languages!`) names the same codes (a test holds them equal).
/** The languages of the tutor: of its words, and of the texts a teacher writes ({ ru, en }). */
export const LANGS = ["ru", "en"];
/** The language every text has, shown when a text lacks the reader's. */
export const FALLBACK = "en";
const parts = {};
const merged = {};
const pluralRules = {};

/** The language of LANGS that lang (or the browser's) starts with; English otherwise. */
export function pickLang(lang) {
  const want = (lang || globalThis.navigator?.language || "").toLowerCase();
  return LANGS.find((code) => want.startsWith(code)) ?? FALLBACK;
}

/** The built word files' names (["i18n/en/app-0A1B2C3D.js", …]): the build
 * (scripts/web-assets.mjs wordTable) writes the list in place of this marker (a list: each name
 * says its language and part, so that no key repeats it, 0.1 KiB gzip less in the plain widget's
 * first load); in www/ it names none, and each file goes by its own name. */
const FILES = JSON.parse('["__WORD_FILES__"]');
/** A part's word file: its built name (NAME-HASH.js), or its own. */
const fileOf = (lang, part) => {
  const own = `i18n/${lang}/${part}.js`;
  return FILES.find((f) => f.replace(/-[0-9A-Z]{8}\.js$/, ".js") === own) ?? own;
};

/** The words of these parts in one object (later parts win); each file is imported once, by its
 * URL at run time (its built name, which carries a content hash: kept a year by a browser). */
export function loadWords(lang, ...names) {
  lang = pickLang(lang);
  const key = `${lang}/${names.join("+")}`;
  return (merged[key] ??= Promise.all(
    names.map((part) => (parts[`${lang}/${part}`] ??= import(new URL(fileOf(lang, part), import.meta.url).href).then((m) => m.default))),
  ).then((list) => Object.assign({}, ...list)));
}

/** A message { id, args } in words: a function is called with args, a string has its {name}s
 * filled; an unknown id is said as the id itself (never throws). */
export function say(words, msg) {
  if (typeof msg === "string") msg = { id: msg };
  const w = words?.[msg?.id];
  const args = msg?.args ?? {};
  if (typeof w === "function") return w(args);
  if (typeof w === "string") return w.replace(/\{(\w+)\}/g, (all, name) => (name in args ? String(args[name]) : all));
  return String(msg?.id ?? "");
}

/** count(n, forms) → "5 ходов": forms by plural category ({ one, few, many, other }),
 * or [one, other] / [one, few, many]; count.select(n) → the category. */
export function plural(lang) {
  const rules = (pluralRules[lang] ??= new Intl.PluralRules(lang));
  const count = (n, forms) => {
    if (Array.isArray(forms)) {
      const [one, few, many = few] = forms;
      forms = { one, few, many, other: many };
    }
    return `${n} ${forms[rules.select(Number(n))] ?? forms.other ?? forms.many}`;
  };
  count.select = (n) => rules.select(Number(n));
  return count;
}

/** SAN's piece letters (the rules write moves in English letters): the letter of each FIDE kind. */
const SAN_LETTERS = { knight: "N", bishop: "B", rook: "R", queen: "Q", king: "K" };

/** A piece's letter in a language: a set piece's own (`letters`: { ru: "П" }), else the one of
 *  the language's word file (language.js: "letter-knight") for a FIDE kind, else its own letter. */
export function pieceLetter(words, lang, piece) {
  const own = piece?.letter ?? SAN_LETTERS[piece?.kind ?? piece?.id] ?? "";
  return piece?.letters?.[lang] || words?.[`letter-${piece?.id ?? piece?.kind}`] || String(own).toUpperCase();
}

/** English letter → the language's, for the pieces of a set ([{ id | kind, letter, letters }]),
 *  or the FIDE pieces; `words` holds the language's language.js. */
export function lettersIn(words, lang, pieces) {
  const list = pieces ?? Object.entries(SAN_LETTERS).map(([kind, letter]) => ({ kind, letter }));
  return Object.fromEntries(list.map((p) => [String(p.letter).toUpperCase(), pieceLetter(words, lang, p)]));
}

/** A move in SAN or long form (`Nf3`, `Rh1–h8+`, `e8=Q#`, a set's `Pe5-e4`) with a language's
 *  letters (`lettersIn`): squares, castling and signs stay. */
export function sanIn(letters, san) {
  return String(san ?? "").replace(/[A-Z]/g, (c) => letters?.[c] || c);
}
