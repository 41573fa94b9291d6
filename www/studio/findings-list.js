// @ts-check
// The findings (functions of the studio's state): listed beside the form and under the JSON view in the order of
// studio-findings.js, each a button that goes to the field it names (its JSON pointer) or to its
// line:col in the JSON text; each field's own findings beside it.
import { h } from "../widget/dom.js";
import { sayError } from "../widget/errors.js";
import { LANGS, say } from "../i18n/i18n.js";
import { offsetOf } from "./model.js";
import { arrange, writtenLangs } from "./studio-findings.js";
import { fieldLabel, goalName, goalType } from "./goal-words.js";
import { setStage } from "./mark-board.js";

// ------------------------------------------------------------ findings

export function showFindings(s) {
  const t = s.t;
  if (!s.ui.findings) return;
  // chess first, in plain words; a language not written is one note, never an error
  const { list: found, notes } = arrange(s.findings, writtenLangs(s.lesson));
  // a new, empty lesson: nothing is wrong yet, only not written (said once she has typed)
  const fresh = s.untouched && !s.checkError;
  const errors = found.filter((d) => d.severity === "error").length;
  s.ui.checkNote.textContent = fresh
    ? t.freshLesson
    : s.checkError
      ? t.checkFailed(sayError(s.m, s.checkError))
      : s.checked == null
        ? t.checking
        : found.length
          ? t.foundCount(errors, found.length - errors)
          : t.allGood;
  s.ui.checkNote.classList.toggle("good", !fresh && !found.length && s.checked != null && !s.checkError);
  for (const [list, toText] of [
    [s.ui.findings, false],
    [s.ui.jsonFindings, true],
  ]) {
    list.replaceChildren();
    if (fresh) continue;
    for (const d of toText ? s.findings : found) {
      const li = h("li", { class: `finding ${d.severity}`, "data-at-pointer": d.pointer, "data-line": d.line, "data-col": d.col }, list);
      const b = h("button", { type: "button" }, li);
      h("span", { class: "f-mark", "aria-hidden": "true" }, b, d.severity === "error" ? "✖" : "⚠");
      h("span", { class: "sr-only" }, b, d.severity === "error" ? t.error : t.warning);
      // under the JSON: the line, the field, the checker's words; beside the form: the form's
      // place and words only (no line:col, no pointer)
      if (toText) h("span", { class: "f-where" }, b, `${d.line}:${d.col}`);
      h("span", { class: "f-field" }, b, d.pointer ? ` ${toText ? t.fieldName(d.pointer) : placeOf(s, d.pointer)} ` : " ");
      // under the JSON, what to write there when the checker's words name the form's label
      h("span", { class: "f-text" }, b, toText && d.json ? `${findingText(s, d, false)} [${d.json}]` : findingText(s, d, !toText));
      b.addEventListener("click", () => (toText ? goToText(s, d) : goToField(s, d)));
    }
    // the notes after the findings: the chess first
    for (const n of toText ? [] : notes) {
      const li = h("li", { class: "finding note", "data-note-lang": n.lang }, list);
      h("span", { class: "f-mark", "aria-hidden": "true" }, li, "ⓘ");
      h("span", { class: "f-text" }, li, (n.everywhere ? t.oneLanguage : t.someLanguage)(n.lang, n.shown));
    }
  }
  fieldFindings(s);
}

/** The findings at a field that says them under itself (choiceField: accept, a feedback's
 *  result): each with its mark, in the form's words; the field aria-invalid on an error. */
export function fieldFindings(s) {
  for (const box of s.ui.form?.querySelectorAll("[data-findings-for]") ?? []) {
    const at = box.dataset.findingsFor;
    const here = s.checkError || s.untouched ? [] : (s.findings ?? []).filter((d) => d.pointer === at && d.message?.id !== "check-missing-language");
    box.replaceChildren();
    for (const d of here) {
      const line = h("span", { class: `studio-field-finding ${d.severity}` }, box);
      h("span", { class: "f-mark", "aria-hidden": "true" }, line, d.severity === "error" ? "✖ " : "⚠ ");
      h("span", { class: "sr-only" }, line, d.severity === "error" ? s.t.error : s.t.warning);
      line.append(` ${findingText(s, d)}`);
    }
    box.hidden = !here.length;
    const field = s.ui.form.querySelector(`[data-pointer="${CSS.escape(at)}"]`);
    if (here.some((d) => d.severity === "error")) field?.setAttribute("aria-invalid", "true");
    else field?.removeAttribute("aria-invalid");
  }
}

/** A finding in words: in the form (form: true) with the form's own words where the studio
 *  has them (choices counted from 1, the form's labels), else the checker's. */
export function findingText(s, d, form = true) {
  const own = form ? s.t.formMessage?.[d.message?.id] : null;
  if (own) {
    const a = d.message.args ?? {};
    // only with the numbers it counts from (a message whose arguments changed keeps its own words)
    const numbers = ["answer", "right", "choice", "last", "par", "min"].filter((k) => k in a);
    if (numbers.every((k) => Number.isInteger(Number(a[k])))) {
      const n = Object.fromEntries(numbers.map((k) => [k, Number(a[k])]));
      const w = {
        verdict: say(s.m, { id: `verdict-${a.verdict}`, args: a }),
        why: say(s.m, { id: `why-${a.why}`, args: a }),
        result: (r) => s.t.result?.[r] ?? r,
        goal: (type) => goalName(s, type),
        opponent: (type) => s.t.opponent?.[type] ?? type,
      };
      return typeof own === "function" ? own({ ...a, ...n }, w) : own;
    }
  }
  return sayError(s.m, d.message);
}

/** A JSON pointer as the place on the form a teacher knows it by ("Choice 2 (English)"). */
export function placeOf(s, pointer) {
  const t = s.t;
  const p = t.place ?? {};
  let parts = String(pointer).split("/").slice(1).map((x) => x.replace(/~1/g, "/").replace(/~0/g, "~"));
  let lang = "";
  const last = /** @type {string} */ (parts.at(-1));
  if (parts.length > 1 && LANGS.includes(last)) {
    lang = ` (${t.langName[last]})`;
    parts = parts.slice(0, -1);
  }
  const [a, b, c] = parts;
  const k = (x) => Number(x) + 1;
  const num = (x) => /^\d+$/.test(String(x ?? ""));
  const goal = s.lesson.goal ?? {};
  let place;
  if (a === "id") place = t.field.id;
  else if (a === "title") place = t.field.title;
  else if (a === "intro") place = t.field.intro;
  else if (a === "pieces") place = t.field.pieces;
  else if (a === "rules") place = t.field.rules;
  else if (a === "position") place = p.position;
  else if (a === "student") place = p.student;
  else if (a === "par") place = t.section.par;
  else if (a === "learned") place = t.section.learned;
  else if (a === "audio") place = p.audio;
  else if (a === "shapes") place = num(b) ? p.shape(k(b)) : t.section.shapes;
  else if (a === "opponent") place = b === "level" ? t.field.level : b === "replies" ? (num(c) ? p.reply(k(c)) : t.field.replies) : t.field.opponent;
  else if (a === "hints") place = b === "piece_text" ? t.field.pieceText : b === "move_text" ? t.field.moveText : t.section.hints;
  else if (a === "feedback") place = num(b) ? (c === "result" ? p.feedbackResult : p.feedback)(s.lesson.feedback?.[b]?.move ?? k(b)) : t.section.feedback;
  else if (a === "goal") {
    if (!b || b === "type") place = t.field.goalType;
    else if (b === "choices") place = num(c) ? t.choice(k(c)) : t.addChoice;
    else if (b === "answer") place = p.answer;
    else if (b === "results") place = num(c) ? p.result(k(c)) : t.field.result;
    else if (b === "explain") place = num(c) ? p.explain(k(c)) : t.field.result;
    else if (b === "question") place = t.field.question;
    else if (b === "accept") place = t.field.accept;
    else if (b === "answers") place = num(c) ? p.answerMove(goal.answers?.[c] ?? k(c)) : t.field.answers;
    else if (b === "steps") place = num(c) ? p.step(k(c)) : t.section.goal;
    else if (goalType(s, goal.type)?.fields.some((f) => f.key === b)) place = fieldLabel(s, goal.type, b);
    else place = t.section.goal;
  }
  return place ? `${place}${lang}:` : t.fieldName(pointer);
}

/** The form field a finding names (its JSON pointer, or the nearest field above it). */
export function goToField(s, d) {
  let pointer = d.pointer ?? "";
  if (pointer === "/position" || pointer.startsWith("/position/") || pointer === "/student") {
    setStage(s, "position");
    s.ui.setup.scrollIntoView({ block: "nearest" });
    s.ui.setup.focus?.();
    return;
  }
  const form = s.ui.form;
  while (pointer) {
    const el = form.querySelector(`[data-pointer="${CSS.escape(pointer)}"]`) ?? form.querySelector(`[data-pointer^="${CSS.escape(pointer)}/"]`);
    if (el) {
      if (/^\/goal\/(squares|square|piece|from|to|answers)/.test(pointer)) setStage(s, "goal");
      el.scrollIntoView({ block: "center" });
      el.focus({ preventScroll: true });
      el.classList.add("studio-flash");
      setTimeout(() => el.classList.remove("studio-flash"), 1200);
      return;
    }
    pointer = pointer.slice(0, pointer.lastIndexOf("/"));
  }
  goToText(s, d);
}

/** The finding's line:col in the JSON view. */
export function goToText(s, d) {
  const area = s.ui.json;
  const at = offsetOf(area.value, d.line, d.col);
  area.focus({ preventScroll: true });
  area.setSelectionRange(at, Math.min(area.value.length, at + 1));
  area.scrollIntoView({ block: "center" });
  // the text area's own scroll: the line near the top
  const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 18;
  area.scrollTop = Math.max(0, (d.line - 3) * lineHeight);
}
