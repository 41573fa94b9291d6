// @ts-check
// The practice page of the app (README.md "Practice"), loaded only for practice:
//   #/practice                     the start (a big Start, the days practised, the skill map)
//   #/practice/go                  a session: about ten exercises or five minutes
//   #/practice/skill/<id>[/<n>]    a session of one skill (n exercises; from the map, a lesson's
//                                  done card, a teacher's homework)
// `app` is what app.js lends: { show, lang(), applySettings, settings, recordAttempt, classes() }.
import { h } from "../widget/dom.js";
import { loadWords } from "../i18n/i18n.js";
import { load as loadProgress } from "../widget/progress.js";
import { local, read, write } from "../widget/storage.js";
import * as engine from "./engine.js";
import * as store from "./log-store.js";
import { playSession, SIZE } from "./session.js";
import { drawMap, starRow, text } from "./skill-map.js";

const SKILL_SIZE = 5;
/** "Gentler puzzles" (a grown-up's choice on the practice page): success aimed at 90 %, not 80 %. */
export const GENTLE_KEY = "chess-tutor:practice-gentle:v1";
const gentle = () => /** @type {{ text?: string | null }} */ (read(local(), GENTLE_KEY)).text === "true";
/** @type {{ stop(): void } | null} */
let session = null; // the session playing
/** @type {HTMLLinkElement | null} */
let sheet = null;
const style = () => (sheet ??= h("link", { rel: "stylesheet", href: new URL("practice/practice.css", document.baseURI).href }, document.head));
/** @type {Record<string, Record<string, any>> | null} */
let speechWords = null;

const stop = () => {
  session?.stop();
  session = null;
};
addEventListener("hashchange", () => {
  if (!/^#\/practice\/(go|skill\/)/.test(location.hash)) stop();
});

/** The course lessons this child has stars in: what the learner model counts as learned. */
const learned = () => Object.keys(loadProgress().data?.lessons ?? {});

/** The skills a teacher gave as homework (the pupil of a class signed in here), first. */
async function homeworkSkills(app) {
  if (!(await app.classes?.())) return [];
  try {
    const { pupil, api } = await import("../classes/classes.js");
    if (!pupil()) return [];
    const hw = await api("GET", "homework");
    return (hw?.assignments ?? []).flatMap((a) => (a.practice ?? []).map((p) => (typeof p === "string" ? p : (p?.skill ?? p?.id)))).filter((x) => typeof x === "string");
  } catch {
    return [];
  }
}

/** A speaker button first in `box` (as beside a lesson's texts), when the device has a voice for
 *  the language: it reads `nodes()` aloud. */
async function speakerFor(box, lang, t, nodes) {
  const speech = await import("../widget/speech.js");
  await speech.voicesReady();
  if (!speech.hasVoice(lang) || !box.isConnected) return;
  const words = (speechWords ??= {});
  words[lang] ??= await loadWords(lang, "speech");
  const b = speech.speakerButton(box, t.readAloud, () => speech.speak(nodes().map((node) => ({ text: node.textContent, node })), { lang, words: words[lang] }));
  b.classList.add("p-speak");
  box.prepend(b);
}

/** Reads `nodes` aloud when the child chose "Read to me" (speech.js, as lessons do). `after`:
 *  once what is being said now is over (never cutting the lesson's words), if still shown. */
async function sayAloud(app, lang, nodes, { after = false } = {}) {
  if (!app.settings.read) return;
  const speech = await import("../widget/speech.js");
  const words = (speechWords ??= {});
  words[lang] ??= await loadWords(lang, "speech");
  if (after) {
    // the lesson's words start in a microtask after its event (lesson/view.js): a task later
    // they are being said, and the offer waits for their end
    await new Promise((resolve) => setTimeout(resolve, 0));
    await speech.idle();
    nodes = nodes.filter((node) => node?.isConnected && !node.closest("[hidden]"));
    if (!nodes.length) return;
  }
  speech.speak(nodes.filter(Boolean).map((node) => ({ text: node.textContent, node })), { lang, words: words[lang] });
}

export async function route(app, hash) {
  const lang = app.lang();
  app.show("practice");
  const slot = /** @type {HTMLElement} */ (document.getElementById("practice-slot"));
  style();
  const t = await loadWords(lang, "practice");
  if (location.hash !== hash) return;
  stop();
  const parts = hash.split("/").slice(2).map(decodeURIComponent);
  /** @type {HTMLElement} */ (document.getElementById("view-title")).textContent = t.title;
  if (parts[0] === "go") return startSession(app, slot, { kind: "daily", size: SIZE }, lang, t);
  if (parts[0] === "skill" && /^[a-z0-9][a-z0-9-]*$/.test(parts[1] ?? "")) {
    const n = Number(parts[2]);
    return startSession(app, slot, { kind: "skill", skill: parts[1], size: Number.isInteger(n) && n >= 1 && n <= 20 ? n : SKILL_SIZE }, lang, t);
  }
  return home(app, slot, lang, t);
}

/** The start: the big button, the days practised, the homework's skills and the skill map. */
async function home(app, slot, lang, t) {
  delete document.body.dataset.practice;
  slot.replaceChildren();
  const box = h("div", { class: "p-home", "data-practice": "home" }, slot);
  const head = h("section", { class: "p-start", "aria-labelledby": "p-start-title" }, box);
  const title = h("h2", { id: "p-start-title" }, head, t.title);
  const lead = h("p", { class: "p-lead" }, head, t.startLead);
  h("a", { class: "p-go big-link", href: "#/practice/go", "data-practice": "start" }, head, t.start);
  const days = h("p", { class: "p-days", "data-practice": "days" }, head);
  const loading = h("p", { class: "p-loading", role: "status" }, box, t.loading);
  const now = new Date();
  const logText = await store.readLog();
  const practised = store.daysPractised(logText);
  days.textContent = t.days(practised.size);
  days.dataset.days = String(practised.size);
  if (practised.has(store.localDay(now))) h("p", { class: "p-today" }, head, t.doneToday);
  if (!(await store.persistent())) h("p", { class: "p-note", role: "note" }, head, t.notKept);
  let skills;
  let mine;
  try {
    [skills, mine] = await Promise.all([engine.skills(), engine.report(logText, now)]);
  } catch (error) {
    console.warn("practice:", error);
    loading.textContent = t.failed;
    loading.setAttribute("role", "alert");
    box.dataset.state = "error";
    return;
  }
  if (!slot.contains(box)) return;
  loading.remove();
  const first = await homeworkSkills(app);
  const byId = new Map(mine.skills.map((x) => [x.id, x]));
  if (first.length) {
    const hw = h("section", { class: "p-homework", "aria-labelledby": "p-homework-title", "data-practice": "homework" }, box);
    h("h2", { id: "p-homework-title" }, hw, t.homework);
    const ul = h("ul", {}, hw);
    for (const id of first) {
      const skill = skills.find((x) => x.id === id);
      if (!skill) continue;
      const n = Math.round(byId.get(id)?.mastery ?? 0);
      const a = h("a", { class: "p-skill p-hw-skill", href: `#/practice/skill/${id}`, "data-skill": id, "data-stars": String(n) }, h("li", {}, ul));
      h("span", { class: "p-skill-title" }, a, t.homeworkSkill(text(skill.title, lang)));
      starRow(a, n, t.skillStars(n));
      if (n >= 3) h("span", { class: "p-skill-done" }, a, t.mastered);
    }
  }
  drawMap(box, skills, byId, { lang, t, first });
  // for grown-ups: gentler puzzles
  const row = h("p", { class: "p-gentle" }, box);
  const on = gentle();
  const toggle = h("button", { type: "button", role: "switch", class: "read-switch", "aria-checked": String(on), "aria-describedby": "p-gentle-note", "data-practice": "gentle" }, row);
  h("span", { class: "switch-track", "aria-hidden": "true" }, toggle).append(h("span", { class: "switch-knob" }));
  h("span", {}, toggle, t.gentle);
  h("span", { class: "settings-note", id: "p-gentle-note" }, row, t.gentleNote);
  toggle.onclick = () => {
    const value = toggle.getAttribute("aria-checked") !== "true";
    write(local(), GENTLE_KEY, String(value));
    toggle.setAttribute("aria-checked", String(value));
  };
  box.dataset.state = "ready";
  speakerFor(head, lang, t, () => [title, lead, days]);
  sayAloud(app, lang, [title, lead, days]);
}

function startSession(app, slot, plan, lang, t) {
  const position = /** @type {HTMLElement} */ (document.getElementById("lesson-position"));
  const title = /** @type {HTMLElement} */ (document.getElementById("view-title"));
  session = playSession(slot, plan, {
    lang,
    t,
    app,
    learned: learned(),
    gentle: gentle(),
    onPosition: (words) => (position.textContent = words),
    onExercise: (exercise) => (title.textContent = text(exercise.title, lang) || t.title),
    say: (nodes, options) => sayAloud(app, lang, nodes, options),
    onNotKept: () => {
      if (!slot.querySelector(".p-note")) slot.prepend(h("p", { class: "p-note", role: "note" }, null, t.notKept));
    },
    onEnd: (state) => ended(app, slot, state, lang, t),
  });
}

/** The session's end: praise, the count, the days practised, and where to go next. */
async function ended(app, slot, state, lang, t) {
  delete document.body.dataset.practice; // the page's own header again
  /** @type {HTMLElement} */ (document.getElementById("lesson-position")).textContent = "";
  /** @type {HTMLElement} */ (document.getElementById("view-title")).textContent = t.title;
  const practised = store.daysPractised(await store.readLog());
  slot.replaceChildren();
  const card = h("section", { class: "p-end", "aria-labelledby": "p-end-title", "data-practice": "end" }, slot);
  starRow(card, 3, t.doneTitle);
  const title = h("h2", { id: "p-end-title", tabindex: "-1" }, card, t.doneTitle);
  const count = h("p", { class: "p-count", "data-practice": "count" }, card, t.doneCount(state.done));
  const days = h("p", { class: "p-days", "data-practice": "days", "data-days": String(practised.size) }, card, t.days(practised.size));
  const back = h("p", { class: "p-come-back" }, card, t.comeBack);
  const row = h("div", { class: "p-end-buttons" }, card);
  const again = h("button", { type: "button", class: "big p-go", "data-practice": "again" }, row, t.again);
  again.onclick = () => startSession(app, slot, { kind: state.kind, skill: state.skill, size: state.kind === "skill" ? SKILL_SIZE : SIZE }, lang, t);
  h("a", { class: "big-link", href: "#/practice", "data-practice": "skills" }, row, t.toSkills);
  h("a", { class: "big-link", href: "#/course" }, row, t.toLessons);
  title.focus({ preventScroll: true });
  speakerFor(card, lang, t, () => [title, count, days, back]);
  sayAloud(app, lang, [title, count, days, back]);
}
