// @ts-check
// The studio's findings in the order a teacher reads them (issue 37): what is wrong with the chess
// first (the position, the goal, the answers, what the doctor proved), then the form's and the
// words' findings; a language the lesson is not written in is one note, never an error (a lesson
// in Russian only is shown in Russian to a child who reads English, as the course's are).
import { LANGS } from "../i18n/i18n.js";

/** Findings about the form, the file and the words rather than the chess. */
const FORM = /^(json-|check-empty-|check-missing-language$|wording-|check-bad-id$|check-id-file$|check-explain-count$|check-two-choices$|check-results-count$)/;
/** Findings said as a note, once for the lesson. */
const NOTE = "check-missing-language";

/** Whether a finding is about the chess (the position, the goal, the answers, the doctor). */
export const isChess = (d) => !FORM.test(String(d?.message?.id ?? ""));

/** The languages a lesson has words in somewhere (a text: an object of LANGS keys with strings). */
export function writtenLangs(lesson) {
  const found = new Set();
  const walk = (v) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== "object") return;
    const keys = Object.keys(v);
    if (keys.length && keys.every((k) => LANGS.includes(k))) {
      for (const k of keys) if (typeof v[k] === "string" && v[k].trim()) found.add(k);
      return;
    }
    // a lesson's recordings (audio) are keyed by pointer, then language: not texts
    for (const [k, x] of Object.entries(v)) if (k !== "audio") walk(x);
  };
  walk(lesson);
  return LANGS.filter((l) => found.has(l));
}

/**
 * The findings to list, in reading order (errors about the chess, the chess's warnings, the
 * form's errors, the form's warnings; the checker's order within each), and the notes: for each
 * language with words missing, { lang, shown, everywhere } (everywhere: the lesson has no words
 * in it at all; shown: the language a reader of it sees instead).
 */
export function arrange(findings, written) {
  const rank = (d) => (isChess(d) ? 0 : 2) + (d.severity === "error" ? 0 : 1);
  const list = (findings ?? [])
    .filter((d) => d?.message?.id !== NOTE)
    .map((d, k) => [d, k])
    .sort(([a, i], [b, j]) => rank(a) - rank(b) || i - j)
    .map(([d]) => d);
  const notes = [];
  for (const d of findings ?? []) {
    if (d?.message?.id !== NOTE) continue;
    const { lang, shown } = d.message.args ?? {};
    if (!lang || notes.some((n) => n.lang === lang)) continue;
    notes.push({ lang, shown: shown ?? written.find((l) => l !== lang) ?? "", everywhere: !written.includes(lang) });
  }
  return { list, notes };
}
