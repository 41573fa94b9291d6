// @ts-check
// The studio's form (Studio methods): its sections (position, goal, who answers, hints, feedback,
// shapes, what is learned), its fields bound to JSON pointers, the texts in every language side by
// side with a word count (warned past WORD_LIMIT).
import { h } from "../widget/dom.js";
import { LANGS } from "../i18n/i18n.js";
import { getAt, isObject, newText, setAt, wordCount } from "./model.js";
import { writtenLangs } from "./studio-findings.js";
import { button } from "./ui.js";
import { recordField } from "./recorder.js";

const OPPONENTS = ["none", "defender", "scripted", "solver", "engine"];
/** A feedback's results (lessons/lesson.schema.json, EndResult), as the form offers them. */
const RESULTS = ["win", "draw", "loss"];
const WORD_LIMIT = 35;

export const form = {
  // ------------------------------------------------------------ the form

  renderForm() {
    const form = this.ui.form;
    if (!form) return;
    const t = this.t;
    const l = this.lesson;
    // the field that has the focus keeps it (a form rebuilt under the teacher's typing)
    const active = /** @type {HTMLElement | null} */ (document.activeElement)?.dataset?.pointer;
    form.replaceChildren();
    if (this.broken != null) h("p", { class: "studio-broken-note", role: "note" }, form, t.brokenJson);

    const main = this.section(form, t.section.lesson);
    this.input(main, t.field.id, "/id", { hint: t.field.idHint, pattern: "[a-z0-9][a-z0-9\\-]*" });
    this.textPair(main, t.field.title, "/title");
    this.textPair(main, t.field.intro, "/intro", { long: true });
    // the pieces: chess, or a built-in piece set (crate/src/movement/set.rs: PieceSet::builtin)
    const setSel = this.labelled(main, t.field.pieces, "/pieces", "select");
    const sets = ["", "chess-t1", "fide"];
    const inline = l.pieces != null && typeof l.pieces !== "string";
    for (const id of sets) h("option", { value: id }, setSel, id ? t.pieceSet(id) : t.chessPieces);
    if (inline) h("option", { value: "inline" }, setSel, t.inlineSet);
    else if (l.pieces != null && !sets.includes(l.pieces)) h("option", { value: l.pieces }, setSel, String(l.pieces));
    setSel.value = inline ? "inline" : l.pieces ?? "";
    setSel.addEventListener("change", () => {
      if (setSel.value === "inline") return;
      if (setSel.value) l.pieces = setSel.value;
      else delete l.pieces;
      this.changed();
    });
    // the boards of the studio are chess boards: with a set, the position is written as text
    if (l.pieces != null) h("p", { class: "studio-note studio-warn-note", role: "note" }, main, t.piecesNote);

    // the goal
    const goalBox = this.section(form, t.section.goal);
    const type = l.goal?.type;
    const select = this.labelled(goalBox, t.field.goalType, "/goal/type", "select");
    const goals = this.goals ?? [];
    // every goal by a name in the teacher's language; a type the words do not know yet (new in the
    // schema) by its description's first sentence, never its bare id
    for (const g of goals) h("option", { value: g.type }, select, this.goalName(g.type));
    const known = goals.find((g) => g.type === type);
    if (!known) h("option", { value: type ?? "" }, select, String(type ?? "—"));
    select.value = type ?? "";
    select.addEventListener("change", () => this.setGoal(select.value));
    h("p", { class: "studio-note" }, goalBox, t.goalHelp[type] ?? known?.description ?? "");
    this.goalFields(goalBox, l.goal ?? {});

    // who answers, rules, side
    const play = this.section(form, t.section.play);
    const opp = this.labelled(play, t.field.opponent, "/opponent", "select");
    for (const o of OPPONENTS) h("option", { value: o }, opp, t.opponent[o]);
    opp.value = l.opponent?.type ?? "none";
    opp.addEventListener("change", () => {
      const v = opp.value;
      if (v === "none") delete l.opponent;
      else l.opponent = v === "engine" ? { type: v, level: 3 } : v === "scripted" ? { type: v, replies: [] } : { type: v };
      if (v === "solver") l.rules = "auto_queen";
      this.changed();
    });
    if (l.opponent?.type === "engine") this.input(play, t.field.level, "/opponent/level", { type: "number", min: 1, max: 8, number: true });
    if (l.opponent?.type === "scripted") {
      this.input(play, t.field.replies, "/opponent/replies", { list: true, hint: t.field.repliesHint });
    }
    const rulesSel = this.labelled(play, t.field.rules, "/rules", "select");
    for (const r of ["standard", "auto_queen"]) h("option", { value: r }, rulesSel, t.rules[r]);
    rulesSel.value = l.rules ?? "standard";
    rulesSel.addEventListener("change", () => {
      if (rulesSel.value === "standard") delete l.rules;
      else l.rules = rulesSel.value;
      this.changed();
    });
    h("p", { class: "studio-note" }, play, t.student(l.student ?? "white"));

    // hints
    const hints = this.section(form, t.section.hints);
    if (l.hints?.move) {
      const row = h("p", { class: "studio-chosen" }, hints);
      h("span", { "data-pointer": "/hints/move", tabindex: "-1" }, row, t.hintIs(l.hints.piece ?? "?", l.hints.move));
      button(row, t.remove, () => {
        delete l.hints;
        this.changed();
      }, { class: "studio-small" });
      this.textPair(hints, t.field.pieceText, "/hints/piece_text", { optional: true, long: true });
      this.textPair(hints, t.field.moveText, "/hints/move_text", { optional: true, long: true });
    } else h("p", { class: "studio-note", "data-pointer": "/hints", tabindex: "-1" }, hints, t.noHint);

    // feedback
    const fb = this.section(form, t.section.feedback);
    const list = Array.isArray(l.feedback) ? l.feedback : [];
    if (!list.length) h("p", { class: "studio-note", "data-pointer": "/feedback", tabindex: "-1" }, fb, t.noFeedback);
    list.forEach((f, k) => {
      const row = h("div", { class: "studio-feedback" }, fb);
      const head = h("p", { class: "studio-chosen" }, row);
      h("strong", { "data-pointer": `/feedback/${k}/move`, tabindex: "-1" }, head, t.onMove(f?.move ?? "?"));
      button(head, t.remove, () => {
        list.splice(k, 1);
        if (!list.length) delete l.feedback;
        this.changed();
      }, { class: "studio-small" });
      this.textPair(row, t.field.feedbackText, `/feedback/${k}/text`, { long: true });
      // what the words teach this move leads to, from the child's side: the doctor proves it
      this.choiceField(row, t.field.moveResult, `/feedback/${k}/result`, RESULTS, t.moveResult, t.field.moveResultHint);
    });

    // shapes
    const sh = this.section(form, t.section.shapes);
    const shapes = Array.isArray(l.shapes) ? l.shapes : [];
    if (!shapes.length) h("p", { class: "studio-note", "data-pointer": "/shapes", tabindex: "-1" }, sh, t.noShapes);
    const ul = h("ul", { class: "studio-chips" }, sh);
    shapes.forEach((s, k) => {
      const li = h("li", { "data-pointer": `/shapes/${k}`, tabindex: "-1" }, ul, `${t.shapeName(s)} `);
      button(li, "×", () => {
        shapes.splice(k, 1);
        if (!shapes.length) delete l.shapes;
        this.changed();
      }, { "aria-label": `${t.remove}: ${t.shapeName(s)}`, class: "studio-small" });
    });

    // par
    const parBox = this.section(form, t.section.par);
    // typed by the teacher (the doctor still says when it is below the true minimum), or proposed
    this.input(parBox, t.field.par, "/par", { type: "number", min: 1, max: 99, step: 1, number: true, hint: t.field.parHint, "data-studio": "par" });
    this.ui.par = h("div", { class: "studio-par", tabindex: "-1" }, parBox);
    this.renderPar();

    // learned (optional)
    const learned = this.section(form, t.section.learned);
    this.textPair(learned, t.field.learned, "/learned", { optional: true, long: true });

    this.fieldFindings();
    if (active) form.querySelector(`[data-pointer="${CSS.escape(active)}"]`)?.focus({ preventScroll: true });
  },

  section(parent, title) {
    const box = h("fieldset", { class: "studio-section" }, parent);
    h("legend", {}, box, title);
    return box;
  },

  labelled(parent, label, pointer, tag, attrs = {}) {
    const id = `studio-f${pointer.replace(/[^a-z0-9]+/gi, "-")}`;
    const row = h("div", { class: "studio-field" }, parent);
    h("label", { for: id }, row, label);
    return h(tag, { id, "data-pointer": pointer, ...attrs }, row);
  },

  /** A one-line field at pointer (a number, or a list written with commas).
   * @param {any} parent @param {string} label @param {string} pointer
   * @param {{ hint?: string, number?: boolean, list?: boolean, [attr: string]: any }} [options] */
  input(parent, label, pointer, { hint, number, list, ...attrs } = {}) {
    const el = this.labelled(parent, label, pointer, "input", { type: "text", ...attrs });
    const v = getAt(this.lesson, pointer);
    el.value = list ? (Array.isArray(v) ? v.join(", ") : "") : (v ?? "");
    if (hint) h("small", { class: "studio-hint" }, el.parentElement, hint);
    el.addEventListener("input", () => {
      const raw = el.value;
      let value = raw;
      // a number as typed: a whole one is kept as a number, anything else as written (the check names it)
      if (number) value = raw.trim() === "" ? undefined : Number.isFinite(Number(raw)) ? Number(raw) : raw;
      if (list) value = raw.split(/[\s,]+/).filter(Boolean);
      setAt(this.lesson, pointer, value);
      this.changed({ form: false });
    });
    return el;
  },

  /** A select at pointer among values (named by words[value]), with "not said" first: the empty
   *  choice takes the field away (nothing in the file), another writes that value. */
  choiceField(parent, label, pointer, values, words, hint) {
    const sel = this.labelled(parent, label, pointer, "select");
    const now = getAt(this.lesson, pointer);
    for (const v of ["", ...values]) h("option", { value: v }, sel, v ? words[v] ?? v : words[""] ?? this.t.resultNone);
    // a value the form does not offer (typed in the JSON view) stays shown as written; the check names it
    if (now != null && !values.includes(now)) h("option", { value: String(now) }, sel, String(now));
    sel.value = now == null ? "" : String(now);
    if (hint) h("small", { class: "studio-hint", id: `${sel.id}-hint` }, sel.parentElement, hint);
    // the check's findings at this very field, said under it too (fieldFindings)
    const found = h("p", { class: "studio-field-findings", id: `${sel.id}-findings`, "data-findings-for": pointer }, sel.parentElement);
    found.hidden = true;
    sel.setAttribute("aria-describedby", [hint ? `${sel.id}-hint` : "", found.id].filter(Boolean).join(" "));
    sel.addEventListener("change", () => {
      setAt(this.lesson, pointer, sel.value || undefined);
      this.changed();
    });
    return sel;
  },

  /** A text in Russian and English side by side, with word counts and a note for a missing language.
   * @param {any} parent @param {string} label @param {string} pointer
   * @param {{ long?: boolean, optional?: boolean, before?: any, after?: any }} [options] */
  textPair(parent, label, pointer, { long = false, optional = false, before, after } = {}) {
    const t = this.t;
    const box = h("div", { class: "studio-text", role: "group", "aria-label": label }, parent);
    h("div", { class: "studio-text-label" }, box, label);
    const note = h("p", { class: "studio-text-note", "aria-live": "polite" }, box);
    const row = h("div", { class: "studio-pair" }, box);
    const fields = {};
    const update = () => {
      const v = getAt(this.lesson, pointer);
      const filled = LANGS.filter((g) => String(v?.[g] ?? "").trim());
      // a language the lesson is written in elsewhere but not here (a lesson in one language is
      // said once, in the check's note)
      const elsewhere = filled.length ? writtenLangs(this.lesson) : [];
      const missing = LANGS.filter((g) => !filled.includes(g) && elsewhere.includes(g));
      // the language's name in the studio's language ("Russian"), from the platform's own data
      const named = new Intl.DisplayNames([this.lang], { type: "language" });
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
      el.value = getAt(this.lesson, pointer)?.[g] ?? "";
      const count = h("small", { class: "studio-count", "aria-live": "off" }, col);
      recordField(this, col, pointer, g, label);
      fields[g] = { el, count };
      el.addEventListener("input", () => {
        before?.();
        const v = getAt(this.lesson, pointer);
        const text = isObject(v) ? v : newText();
        text[g] = el.value;
        if (optional && LANGS.every((l) => !text[l])) setAt(this.lesson, pointer, undefined);
        else setAt(this.lesson, pointer, text);
        after?.();
        update();
        this.changed({ form: false });
      });
    }
    update();
  },
};
