// @ts-check
// Practice's doors in the app page, small and without the practice package: the "Practice" card
// on the course page (with the days practised), the done card's offer of a lesson's skill (three
// exercises of it: the lesson's "skill", else the skill of lessons/skills.json that lists it), and the
// practice diary in the settings (saved and loaded as a file).
import { fetchData } from "../widget/data-files.js";
import { download, h } from "../widget/dom.js";
import { loadWords } from "../i18n/i18n.js";
import { skillPicture, starRow, text } from "./skill-map.js";
import * as store from "./log-store.js";

const LESSONS = new URL("lessons/", document.baseURI);
/** After a lesson: so many exercises of its skill. */
export const AFTER_LESSON = 3;
/** @type {Promise<any[]> | null} */
let skillsFile = null;
/** @type {HTMLLinkElement | null} */
let sheet = null;
const style = () => (sheet ??= h("link", { rel: "stylesheet", href: new URL("practice/practice.css", document.baseURI).href }, document.head));

/** lessons/skills.json's skills (fetched once; [] when it cannot be read). */
export function skillsList() {
  skillsFile ??= fetchData(new URL("skills.json", LESSONS))
    .then((r) => (r.ok ? r.json() : null))
    .then((j) => (Array.isArray(j?.skills) ? j.skills : []))
    .catch(() => {
      skillsFile = null;
      return [];
    });
  return skillsFile;
}

/** The skill a course lesson teaches: the one its file names (`"skill"`; `known` when the course
 *  page knows it already, from the course index: null for none), else the first skill that lists
 *  it; null when none.
 * @param {string} lessonId
 * @param {string | null | undefined} [known]
 */
export async function skillOf(lessonId, known = undefined) {
  const [list, named] = await Promise.all([skillsList(), known !== undefined ? known : namedSkill(lessonId)]);
  return list.find((s) => s.id === named) ?? list.find((s) => Array.isArray(s.lessons) && s.lessons.includes(lessonId)) ?? null;
}

/** The `skill` a course lesson's file names (the file the lesson page has just read, so from the
 *  browser's cache), or null. */
async function namedSkill(lessonId) {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(lessonId)) return null;
  try {
    const r = await fetchData(new URL(`${lessonId}.json`, LESSONS));
    const skill = r.ok ? (await r.json())?.skill : null;
    return typeof skill === "string" ? skill : null;
  } catch {
    return null;
  }
}

/** The card at the top of the course page: Practice ▶, the days practised, My skills. */
export async function courseEntry(container, lang) {
  style();
  const t = await loadWords(lang, "practice");
  container.querySelector("#practice-entry")?.remove();
  const box = h("section", { id: "practice-entry", class: "practice-entry", "aria-labelledby": "practice-entry-title" });
  // first on the page, after a pupil's class box (her homework)
  const classBox = container.querySelector("#class-box");
  if (classBox) classBox.after(box);
  else container.prepend(box);
  const go = h("a", { class: "practice-go", href: "#/practice/go", "data-practice": "go" }, box);
  h("span", { class: "practice-go-icon", "aria-hidden": "true" }, go, "▶");
  const words = h("span", { class: "practice-go-words" }, go);
  h("span", { id: "practice-entry-title", class: "practice-go-title" }, words, t.practice);
  h("span", { class: "practice-go-lead" }, words, t.practiceLead);
  const row = h("p", { class: "practice-entry-row" }, box);
  const days = h("span", { class: "practice-days", "data-practice": "days" }, row);
  h("a", { href: "#/practice", "data-practice": "skills" }, row, `★ ${t.mySkills}`);
  const n = store.daysPractised(await store.readLog()).size;
  days.textContent = t.days(n);
  days.dataset.days = String(n);
  return box;
}

/**
 * A lesson's board (<chess-tutor>, the app's one lesson board): when the lesson teaches a skill,
 * its done card offers three exercises of it (lesson.js's data-more and `lesson-more`). `known`:
 * the skill the course page knows the lesson names (null: none), so its file is not asked again.
 * @param {HTMLElement} el
 * @param {string} lessonId
 * @param {string} lang
 * @param {string | null | undefined} [known]
 */
export async function offerSkill(el, lessonId, lang, known = undefined) {
  delete el.dataset.more;
  delete el.dataset.practiceSkill;
  const courseLesson = () => el.getAttribute("lesson") === `lessons/${lessonId}.json`;
  if (!courseLesson()) return; // a teacher's own lesson (a link, homework): no course skill to fetch
  const [skill, t] = await Promise.all([skillOf(lessonId, known), loadWords(lang, "practice")]);
  if (!skill || !courseLesson()) return;
  el.dataset.more = t.skillMore(AFTER_LESSON);
  el.dataset.practiceSkill = skill.id;
  if (el.dataset.practiceOffer) return;
  el.dataset.practiceOffer = "on";
  el.addEventListener("lesson-more", () => {
    if (el.dataset.practiceSkill) location.hash = `#/practice/skill/${el.dataset.practiceSkill}/${AFTER_LESSON}`;
  });
}

/** The settings' practice diary: Save (the log as a file) and Load (a file's answers added). */
export function diary(group, lang) {
  const save = group.querySelector("[data-diary=save]");
  const input = group.querySelector("input[type=file]");
  const message = group.querySelector(".diary-message");
  const words = () => loadWords(lang(), "practice");
  save.onclick = async () => {
    const t = await words();
    const name = `chess-tutor-practice-${new Date().toISOString().slice(0, 10)}.jsonl`;
    download(name, await store.exportText(), "application/x-ndjson");
    message.dataset.kind = "ok";
    message.textContent = t.diarySaved(name);
  };
  input.onchange = async () => {
    const t = await words();
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    const out = file.size > store.MAX_IMPORT_BYTES ? { ok: false, reason: "too-big" } : await store.importText(await file.text());
    message.dataset.kind = out.ok ? "ok" : "error";
    message.textContent = out.ok ? t.diaryLoaded(out.added) : { "too-big": t.diaryTooBig, quota: t.diaryFull }[out.reason] ?? t.diaryBad;
    if (out.ok && out.added && /^(#\/practice|#\/course(\/[a-z0-9-]+)?|#?)$/.test(location.hash)) dispatchEvent(new HashChangeEvent("hashchange"));
  };
}

/**
 * A teacher's homework "practise SKILL until learned" in the pupil's class box (pupil.js), before
 * every lesson: each skill of `assignments` once, a card with its picture and title that starts
 * its practice, its stars (the server's, from her answers it judged, or this browser's log when
 * it has more), ✔ once the server says learned (`mastered`); the ones still to do first.
 */
export async function homeworkSkills(part, assignments, lang) {
  style();
  const [t, skills] = await Promise.all([loadWords(lang, "practice"), skillsList()]);
  const stars = await localStars().catch(() => new Map());
  const items = new Map();
  for (const a of assignments) {
    for (const item of a.practice ?? []) {
      const id = typeof item === "string" ? item : (item?.skill ?? item?.id);
      if (typeof id !== "string") continue;
      const known = skills.find((s) => s.id === id);
      const before = items.get(id);
      const done = Boolean(item?.mastered) || Boolean(before?.done);
      const n = done ? 3 : Math.max(0, Math.min(3, Math.round(Math.max(item?.mastery ?? 0, before?.n ?? 0, stars.get(id) ?? 0))));
      items.set(id, { id, done, n, title: item?.title ?? known?.title, picture: item?.picture ?? known?.picture, due: a.due ?? before?.due ?? null });
    }
  }
  const list = [...items.values()].sort((x, y) => Number(x.done) - Number(y.done));
  h("h3", {}, part, t.homework);
  const ol = h("ol", { class: "hw-lessons hw-practice" }, part);
  for (const item of list) {
    const a = h("a", { class: "hw-lesson hw-skill", href: `#/practice/skill/${item.id}`, "data-skill": item.id, "data-solved": String(item.done) }, h("li", {}, ol));
    h("span", { class: "hw-mark", "aria-hidden": "true" }, a, item.done ? "✔" : "▶");
    const src = skillPicture(item);
    if (src) h("img", { class: "hw-skill-pict", src, alt: "", draggable: "false" }, a);
    h("span", { class: "hw-title" }, a, t.homeworkSkill(text(item.title, lang) || item.id));
    starRow(a, item.n, item.done ? t.mastered : t.skillStars(item.n));
    if (item.done) h("span", { class: "hw-skill-done" }, a, t.mastered);
    else if (item.due) h("span", { class: "hw-pass" }, a, t.homeworkFor(new Date(`${item.due}T12:00:00`).toLocaleDateString(lang, { weekday: "long", day: "numeric", month: "long" })));
  }
  return ol;
}

/** The stars (mastery) of each skill in this browser's log, by the practice package, when the
 *  package is already here (never loaded for this): else none. */
async function localStars() {
  const engine = await import("./engine.js");
  if (!engine.loaded()) return new Map();
  const report = await engine.report(await store.readLog(), new Date());
  return new Map(report.skills.map((s) => [s.id, Math.round(s.mastery ?? 0)]));
}
