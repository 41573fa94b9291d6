// The message catalogue: www/i18n/<lang>/<part>.js, each `export default { id: string | (args) => string }`.
// A third language: its code in LANGS and a folder of the same files (README.md, "Languages").
export const LANGS = ["ru", "en"];
const FALLBACK = "en";
const parts = {};
const merged = {};
const pluralRules = {};

/** The language of LANGS that lang (or the browser's) starts with; English otherwise. */
export function pickLang(lang) {
  const want = (lang || globalThis.navigator?.language || "").toLowerCase();
  return LANGS.find((code) => want.startsWith(code)) ?? FALLBACK;
}

/** The words of these parts in one object (later parts win); each file is imported once, by its
 * URL at run time (so the built widget holds no table of every word file of every language). */
export function loadWords(lang, ...names) {
  lang = pickLang(lang);
  const key = `${lang}/${names.join("+")}`;
  return (merged[key] ??= Promise.all(
    names.map((part) => (parts[`${lang}/${part}`] ??= import(new URL(`i18n/${lang}/${part}.js`, import.meta.url).href).then((m) => m.default))),
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
