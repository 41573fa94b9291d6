// @ts-check
// A text a person wrote ({ ru: "…", en: "…" }) in the reader's language: else in English, else in
// the language it is written in (a teacher's lesson in Russian only). Empty words count as not
// written. The same rule as Rust's Text::say (crate/src/message/mod.rs).
import { FALLBACK } from "../i18n/i18n.js";

/** The words of `value` for a reader of `lang` ("" when it has none; a string is itself). */
export function textOf(value, lang) {
  if (typeof value === "string") return value;
  if (!value || typeof value !== "object") return "";
  const said = (l) => (typeof value[l] === "string" && value[l].trim() ? value[l] : null);
  return said(lang) ?? said(FALLBACK) ?? Object.values(value).find((w) => typeof w === "string" && w.trim()) ?? "";
}
