// @ts-check
// The lesson studio (#/studio, "For teachers"): a teacher makes, checks, tries and shares a lesson
// with nothing but a browser. Loaded by app.js with import() only when the studio is opened: the
// plain widget and the course page never load it.
//
// This module is the studio's controller: it makes the state (state.js: what is being edited, the
// draft, the words), starts the page, and says what happens after a change (changed, readText:
// the state's `act`, which the parts call). Chessground-style, as the lesson player: one plain
// state object, and each part a module of functions taking it, importing only the parts below it
// (no import circles: tests/js/module-graph.test.mjs). The room's modules, lowest first:
//   app-base.js      the app's folder (sheets, the worker, pkg/)
//   model.js         the lesson as data: its file text, pointers, positions, the draft
//   state.js         the studio's state, its text, position, scripted line, the draft kept
//   positions.js     moves on a lesson's position (the widget's rules, pkg/)
//   goal-types.js    the goal types and their fields, from the lesson schema
//   studio-findings.js, studio-gate.js, studio-share.js   findings in order, the gate, links
//   ui.js            a button, what is said to the teacher, the setup board kept in step
//   goal-words.js    a goal type and its fields in the teacher's words
//   recorder.js      a teacher's voice for a text (MediaRecorder)
//   mark-board.js    the board on which clicks fill the goal's squares, answers, hints, arrows;
//                    the stage shown (position or goal)
//   findings-list.js the findings beside the form and under the JSON view
//   fields.js        the form's fields (texts side by side, word counts, recordings)
//   goal-form.js     the goal's own fields, the par
//   worker-client.js the checker and the doctor in studio-worker.js, and the gate before exports
//   form.js          the form's sections
//   files.js         new, open, download, copy, share
//   try-it.js        the real lesson player on the lesson
//   course-editor.js a course in sections: its editor, link, .zip and packages
//   page.js          the page: its frame, the bar, the setup board, the JSON view
//
// - Position: the setup board (<chess-setup>: palette, drag, click, keyboard, FEN and text board),
//   or a course lesson opened as a copy, or a lesson file (picker or drop).
// - Goal and marks: a board (board.js) on which clicks fill the goal's squares, moves played on it
//   give best-move answers, the hint and the moves to comment on, and a drag draws an arrow (a
//   click a circle).
// - Texts: Russian and English side by side, with a word count (warned past 35) and a note when
//   one language is missing. Texts are never HTML: everything goes in textContent and .value.
// - Live check: every change is checked by the checker and the doctor (www/pkg-studio in
//   studio-worker.js, a Web Worker: typing never waits for it); the findings are listed beside
//   the form and under the JSON view, each a button that goes to the field it names (its JSON
//   pointer) or to its line:col in the JSON text. The par is proposed by the doctor.
// - JSON view: the file as saved, editable; Download, Copy; Try it (the real lesson player);
//   Share (a link with the lesson in its fragment: studio-share.js); a course in sections, as a
//   .zip (fflate). The draft is kept in localStorage as it is typed.
//
// Test hooks: data-studio="json|findings|try|download|copy|share|par", data-studio-gate (the
// gate's dialog, its buttons data-gate="back|send"), data-course="zip|share|…".
import "../widget/setup.js";
import { h } from "../widget/dom.js";
import { LANGS, loadWords } from "../i18n/i18n.js";
import { appBase } from "./app-base.js";
import { goalTypes } from "./goal-types.js";
import { draft, fileText, isObject, newLesson } from "./model.js";
import { loadRules } from "./positions.js";
import * as state from "./state.js";
import { report, syncSetup } from "./ui.js";
import { renderMarks } from "./mark-board.js";
import { showFindings } from "./findings-list.js";
import { check } from "./worker-client.js";
import { renderForm } from "./form.js";
import { build, renderAll } from "./page.js";

/** @typedef {import("./state.js").State} State */
/** @typedef {import("./state.js").Action} Action */

// the studio's words, and the checker's messages (apart: their ids must not meet)
// (and each language's name in itself, from its language.js: the text fields' labels)
const langNames = () => Promise.all(LANGS.map((l) => loadWords(l, "language"))).then((list) => Object.fromEntries(LANGS.map((l, k) => [l, list[k]["language-name"] ?? l])));
const words = (lang) =>
  Promise.all([Promise.all([loadWords(lang, "studio"), langNames()]).then(([t, langName]) => ({ ...t, langName })), loadWords(lang, "messages-check", "messages-lesson", "messages-core")]);

/** The studio as the app and the class pages hold it (teacher-pages.js, classes/teacher.js).
 * @typedef {{ setLang: (lang: string) => Promise<void>, addAction: (action: Action) => void, text: () => string, readonly dirty: boolean }} Studio */

/** Mounts the studio in slot. @param {HTMLElement} slot @param {{ lang?: string }} [options] @returns {Promise<Studio>} */
export async function mountStudio(slot, { lang = "en" } = {}) {
  const s = state.newState(slot, lang);
  s.act = { changed: (change) => changed(s, change), readText: (text, options) => readText(s, text, options) };
  await start(s);
  return {
    setLang: (lang) => setLang(s, lang),
    addAction: (action) => addAction(s, action),
    text: () => state.text(s),
    get dirty() {
      return s.dirty;
    },
  };
}

/** @param {State} s */
async function start(s) {
  h("link", { rel: "stylesheet", href: new URL("studio.css", appBase()).href }, document.head);
  [[s.t, s.m], s.goals] = await Promise.all([words(s.lang), goalTypes(), loadRules(), customElements.whenDefined("chess-setup")]);
  const saved = draft.read();
  if (saved) {
    s.course = isObject(saved.course) && Array.isArray(saved.course.sections) ? saved.course : s.course;
    s.dirty = Boolean(saved.dirty);
    s.restored = true;
    readText(s, saved.text, { quiet: true, fromJson: true });
    s.untouched = saved.text === fileText(newLesson());
  }
  build(s);
  renderAll(s);
  report(s, saved ? s.t.restored : "");
  window.addEventListener("beforeunload", (e) => {
    if (!s.dirty) return;
    e.preventDefault();
    e.returnValue = "";
  });
  check(s);
}

/** A button of the page's own on the bar (the class server's "Send to my class", teacher.js):
 *  label() its words, run(box) fills a box under the bar. Kept across a new language.
 * @param {State} s @param {Action} action */
function addAction(s, action) {
  s.actions = [...s.actions.filter((a) => a.key !== action.key), action];
  build(s);
  renderAll(s);
  showFindings(s);
}

/** @param {State} s @param {string} lang */
async function setLang(s, lang) {
  if (lang === s.lang) return;
  s.lang = lang;
  const [t, m] = await words(lang);
  if (s.lang !== lang) return;
  [s.t, s.m] = [t, m];
  build(s);
  renderAll(s);
  showFindings(s);
}

/** Reads a lesson's JSON text (a file, the JSON view, the draft).
 * @param {State} s @param {string} text @param {{ quiet?: boolean, fromJson?: boolean }} [options] */
function readText(s, text, { quiet = false, fromJson = false } = {}) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (isObject(value)) {
    s.lesson = value;
    s.broken = null;
  } else s.broken = text;
  // a text typed in the JSON view is kept as typed (its findings' line:col are its own)
  s.raw = fromJson && s.broken == null ? text : null;
  if (!quiet) changed(s, { fromJson });
}

/** After any change: the form and the board (unless the change came from them), the JSON view,
 *  the draft, the check. @param {State} s @param {import("./state.js").Change} [change] */
function changed(s, { fromJson = false, form = true, fromSetup = false } = {}) {
  s.dirty = true;
  s.untouched = false;
  if (!fromJson) s.raw = null;
  if (!fromJson && s.ui.json) s.ui.json.value = state.text(s);
  if (!fromSetup) syncSetup(s);
  if (form) renderForm(s);
  renderMarks(s);
  state.saveDraft(s);
  check(s);
}

export { DRAFT_KEY, audioFile, courseFileName, courseHtml, draft, fenOf, fileText, isPawnEnding, newLesson, wordCount } from "./model.js";
export { GOALS } from "./goal-types.js";
