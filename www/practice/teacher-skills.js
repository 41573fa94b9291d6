// @ts-check
// The teacher's side of practice (README.md "Practice"), in a class's page (teacher.js): the
// Skills view, pupils × skills from the class server (operationId classSkills), each cell the
// pupil's stars as pictures and words (never colour alone), how many answers were right, and
// "review" when the skill is due again; and the homework form's "Practise until learned" (the
// skills of lessons/skills.json as checkboxes: createAssignment's `practice`). The skills'
// titles and pictures come from lessons/skills.json: the practice package is not loaded here.
import { api } from "../classes/classes.js";
import { h } from "../widget/dom.js";
import { loadWords } from "../i18n/i18n.js";
import { skillsList } from "./entry.js";
import { skillPicture, starRow, text } from "./skill-map.js";

/** @type {HTMLLinkElement | null} */
let sheet = null;
const style = () => (sheet ??= h("link", { rel: "stylesheet", href: new URL("practice/practice.css", document.baseURI).href }, document.head));

/** The class page's door to the Skills view (#/teacher/class/<id>/skills), in `part`. */
export async function skillsLink(part, { classId, lang }) {
  style();
  const t = await loadWords(lang, "practice");
  part.replaceChildren();
  h("h3", { id: "t-skills" }, part, t.skills);
  h("p", { class: "t-note" }, part, t.skillsLead);
  h("a", { class: "button-like", href: `#/teacher/class/${encodeURIComponent(classId)}/skills`, "data-teacher": "skills" }, part, t.skillsOpen);
}

/** The Skills view of class `classId` in `part` (the page #/teacher/class/<id>/skills). */
export async function skillsView(part, { classId, lang, className = "", now = new Date() }) {
  style();
  const [t, skills] = await Promise.all([loadWords(lang, "practice"), skillsList()]);
  part.replaceChildren();
  part.dataset.teacher = "skills";
  h("h2", { id: "t-skills" }, part, className ? t.skillsOf(className) : t.skills);
  let data;
  try {
    data = await api("GET", `classes/${encodeURIComponent(classId)}/skills`);
  } catch (error) {
    return h("p", { class: "form-message", "data-kind": "error", role: "alert" }, part, t.skillsFailed);
  }
  const pupils = Array.isArray(data?.pupils) ? data.pupils : [];
  // the skills someone practised, in the course's order (then any the server knows and we do not)
  const used = new Set(pupils.flatMap((p) => Object.keys(p.skills ?? {})));
  const known = skills.filter((s) => used.has(s.id));
  const columns = [...known, ...[...used].filter((id) => !skills.some((s) => s.id === id)).map((id) => ({ id, title: null }))];
  if (!pupils.length || !columns.length) return h("p", { class: "empty" }, part, t.skillsNone);
  h("p", { class: "t-note" }, part, t.skillsNote);
  const wrap = h("div", { class: "grid-wrap", tabindex: "0", role: "region", "aria-label": t.skills }, part);
  const table = h("table", { class: "results skills-grid", "data-teacher": "skills-grid" }, wrap);
  const tr = h("tr", {}, h("thead", {}, table));
  h("th", { scope: "col" }, tr, t.pupil);
  for (const skill of columns) {
    const th = h("th", { scope: "col", "data-skill": skill.id }, tr);
    const src = skillPicture(skill);
    if (src) h("img", { class: "t-skill-pict", src, alt: "", draggable: "false" }, th);
    h("span", {}, th, text(skill.title, lang) || skill.id);
  }
  const body = h("tbody", {}, table);
  for (const p of pupils) {
    const row = h("tr", { "data-pupil": String(p.id) }, body);
    h("th", { scope: "row" }, row, p.name ?? "");
    for (const skill of columns) {
      const r = p.skills?.[skill.id];
      const td = h("td", { "data-skill": skill.id }, row);
      const cell = h("div", { class: "grid-cell skill-cell", "data-state": !r?.attempts ? "none" : r.mastery >= 3 ? "mastered" : "tried" }, td);
      if (!r?.attempts) {
        h("span", { class: "cell-none", "aria-hidden": "true" }, cell, "—");
        h("span", { class: "cell-text" }, cell, t.notTried);
        continue;
      }
      const n = Math.max(0, Math.min(3, Math.round(r.mastery ?? 0)));
      starRow(cell, n, t.skillStars(n));
      const facts = [n >= 3 ? t.learned : t.skillStars(n), t.rightOf(r.right ?? 0, r.attempts)];
      if (r.due && new Date(r.due) <= now && n < 3) facts.push(`↻ ${t.due}`);
      h("span", { class: "cell-text" }, cell, facts.join(" · "));
    }
  }
  return table;
}

/** The homework form's "Practise until learned": a fieldset of the skills (checkboxes named
 *  `practice`), put in `slot`. */
export async function practicePicker(slot, lang) {
  style();
  const [t, skills] = await Promise.all([loadWords(lang, "practice"), skillsList()]);
  slot.replaceChildren();
  if (!skills.length) return;
  const picker = h("fieldset", { class: "lesson-picker practice-picker", "data-teacher": "practice" }, slot);
  h("legend", {}, picker, t.practiseUntil);
  h("p", { class: "t-note" }, picker, t.practiseNote);
  const group = h("div", { class: "lesson-group" }, picker);
  for (const skill of skills) {
    const label = h("label", { class: "lesson-pick skill-pick" }, group);
    h("input", { type: "checkbox", name: "practice", value: skill.id }, label);
    const src = skillPicture(skill);
    if (src) h("img", { class: "t-skill-pict", src, alt: "", draggable: "false" }, label);
    h("span", {}, label, text(skill.title, lang) || skill.id);
  }
}

/**
 * An assignment's skills (listAssignments: `practice`, and `progress` per pupil) under its line
 * `li` of the teacher's homework list: how many pupils learned them, then each pupil with her
 * stars for each skill and ✔ learned or "not yet" in words (never colour alone).
 */
export async function practiceProgress(li, assignment, lang) {
  style();
  const [t, skills] = await Promise.all([loadWords(lang, "practice"), skillsList()]);
  const ids = (assignment.practice ?? []).map((x) => (typeof x === "string" ? x : (x?.skill ?? x?.id)));
  const skill = (id) => skills.find((s) => s.id === id) ?? { id, title: null };
  const line = h("span", { class: "t-practice" });
  // after the lessons' titles (none: first)
  if (li.firstElementChild) li.firstElementChild.after(line);
  else li.prepend(line);
  for (const id of ids) {
    const src = skillPicture(skill(id));
    if (src) h("img", { class: "t-skill-pict", src, alt: "", draggable: "false" }, line);
  }
  h("span", {}, line, ` ${t.practiseList(ids.map((id) => text(skill(id).title, lang) || id).join(", "))}`);
  const progress = Array.isArray(assignment.progress) ? assignment.progress : [];
  if (!progress.length) return line;
  const box = h("details", { class: "t-practice-progress", "data-teacher": "practice-progress" }, li);
  h("summary", {}, box, t.practisePupils(progress.filter((p) => p.done).length, progress.length));
  const ul = h("ul", {}, box);
  for (const p of progress) {
    const row = h("li", { "data-pupil": String(p.id), "data-done": String(Boolean(p.done)) }, ul);
    h("span", { class: "t-practice-name" }, row, p.name ?? "");
    for (const id of ids) {
      const n = Math.max(0, Math.min(3, Math.round(p.stars?.[id] ?? 0)));
      const title = text(skill(id).title, lang) || id;
      starRow(h("span", { class: "t-practice-skill", "data-skill": id }, row), n, `${title}: ${n >= 3 ? t.mastered : t.skillStars(n)}`);
    }
    h("span", { class: "t-practice-state" }, row, p.done ? t.learned : t.practiseNotYet);
  }
  return box;
}
