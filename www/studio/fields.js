// @ts-check
// The studio form's fields (functions of the studio's state): a section, a labelled field, a line
// bound to a JSON pointer, a choice among values, and a text in every language side by side with
// its word count (warned past WORD_LIMIT) and the teacher's recording. The form (form.js) and the
// goal's own fields (goal-form.js) are made of them.
import { h } from "../widget/dom.js";
import { LANGS } from "../i18n/i18n.js";
import { getAt, isObject, newText, setAt, wordCount } from "./model.js";
import { writtenLangs } from "./studio-findings.js";
import { recordField } from "./recorder.js";

/** @typedef {import("./state.js").State} State */

const WORD_LIMIT = 35;

export function section(s, parent, title) {
  const box = h("fieldset", { class: "studio-section" }, parent);
  h("legend", {}, box, title);
  return box;
}

export function labelled(s, parent, label, pointer, tag, attrs = {}) {
  const id = `studio-f${pointer.replace(/[^a-z0-9]+/gi, "-")}`;
  const row = h("div", { class: "studio-field" }, parent);
  h("label", { for: id }, row, label);
  return h(tag, { id, "data-pointer": pointer, ...attrs }, row);
}

/** A one-line field at pointer (a number, or a list written with commas).
 * @param {State} s @param {any} parent @param {string} label @param {string} pointer
 * @param {{ hint?: string, number?: boolean, list?: boolean, [attr: string]: any }} [options] */
export function input(s, parent, label, pointer, { hint, number, list, ...attrs } = {}) {
  const el = labelled(s, parent, label, pointer, "input", { type: "text", ...attrs });
  const v = getAt(s.lesson, pointer);
  el.value = list ? (Array.isArray(v) ? v.join(", ") : "") : (v ?? "");
  if (hint) h("small", { class: "studio-hint" }, el.parentElement, hint);
  el.addEventListener("input", () => {
    const raw = el.value;
    let value = raw;
    // a number as typed: a whole one is kept as a number, anything else as written (the check names it)
    if (number) value = raw.trim() === "" ? undefined : Number.isFinite(Number(raw)) ? Number(raw) : raw;
    if (list) value = raw.split(/[\s,]+/).filter(Boolean);
    setAt(s.lesson, pointer, value);
    s.act.changed({ form: false });
  });
  return el;
}

/** A select at pointer among values (named by words[value]), with "not said" first: the empty
 *  choice takes the field away (nothing in the file), another writes that value. */
export function choiceField(s, parent, label, pointer, values, words, hint) {
  const sel = labelled(s, parent, label, pointer, "select");
  const now = getAt(s.lesson, pointer);
  for (const v of ["", ...values]) h("option", { value: v }, sel, v ? words[v] ?? v : words[""] ?? s.t.resultNone);
  // a value the form does not offer (typed in the JSON view) stays shown as written; the check names it
  if (now != null && !values.includes(now)) h("option", { value: String(now) }, sel, String(now));
  sel.value = now == null ? "" : String(now);
  if (hint) h("small", { class: "studio-hint", id: `${sel.id}-hint` }, sel.parentElement, hint);
  // the check's findings at this very field, said under it too (fieldFindings)
  const found = h("p", { class: "studio-field-findings", id: `${sel.id}-findings`, "data-findings-for": pointer }, sel.parentElement);
  found.hidden = true;
  sel.setAttribute("aria-describedby", [hint ? `${sel.id}-hint` : "", found.id].filter(Boolean).join(" "));
  sel.addEventListener("change", () => {
    setAt(s.lesson, pointer, sel.value || undefined);
    s.act.changed();
  });
  return sel;
}

/** A text in Russian and English side by side, with word counts and a note for a missing language.
 * @param {State} s @param {any} parent @param {string} label @param {string} pointer
 * @param {{ long?: boolean, optional?: boolean, before?: any, after?: any }} [options] */
export function textPair(s, parent, label, pointer, { long = false, optional = false, before, after } = {}) {
  const t = s.t;
  const box = h("div", { class: "studio-text", role: "group", "aria-label": label }, parent);
  h("div", { class: "studio-text-label" }, box, label);
  const note = h("p", { class: "studio-text-note", "aria-live": "polite" }, box);
  const row = h("div", { class: "studio-pair" }, box);
  const fields = {};
  const update = () => {
    const v = getAt(s.lesson, pointer);
    const filled = LANGS.filter((g) => String(v?.[g] ?? "").trim());
    // a language the lesson is written in elsewhere but not here (a lesson in one language is
    // said once, in the check's note)
    const elsewhere = filled.length ? writtenLangs(s.lesson) : [];
    const missing = LANGS.filter((g) => !filled.includes(g) && elsewhere.includes(g));
    // the language's name in the studio's language ("Russian"), from the platform's own data
    const named = new Intl.DisplayNames([s.lang], { type: "language" });
    note.textContent = missing.map((g) => t.missingLang(named.of(g) ?? g)).join(" ");
    for (const g of LANGS) {
      const n = wordCount(v?.[g]);
      fields[g].count.textContent = t.words(n);
      fields[g].count.classList.toggle("over", n > WORD_LIMIT);
      fields[g].count.textContent += n > WORD_LIMIT ? ` — ${t.tooLong(WORD_LIMIT)}` : "";
    }
  };
  for (const g of LANGS) {
    const col = h("div", { class: "studio-lang" }, row);
    const id = `studio-f${pointer.replace(/[^a-z0-9]+/gi, "-")}-${g}`;
    h("label", { for: id }, col, t.langName[g]);
    const el = h(long ? "textarea" : "input", { id, lang: g, "data-pointer": `${pointer}/${g}`, ...(long ? { rows: pointer === "/intro" ? "3" : "2" } : { type: "text" }) }, col);
    el.value = getAt(s.lesson, pointer)?.[g] ?? "";
    const count = h("small", { class: "studio-count", "aria-live": "off" }, col);
    recordField(s, col, pointer, g, label);
    fields[g] = { el, count };
    el.addEventListener("input", () => {
      before?.();
      const v = getAt(s.lesson, pointer);
      const text = isObject(v) ? v : newText();
      text[g] = el.value;
      if (optional && LANGS.every((l) => !text[l])) setAt(s.lesson, pointer, undefined);
      else setAt(s.lesson, pointer, text);
      after?.();
      update();
      s.act.changed({ form: false });
    });
  }
  update();
}
