// @ts-check
// The lesson studio (#/studio, "For teachers"): a teacher makes, checks, tries and shares a lesson
// with nothing but a browser. Loaded by app.js with import() only when the studio is opened: the
// plain widget and the course page never load it.
//
// This module is the studio's controller: the Studio (what is being edited, the draft, the words)
// and what happens after a change. Its parts are the room's other modules, lowest first:
//   app-base.js      the app's folder (sheets, the worker, pkg/)
//   model.js         the lesson as data: its file text, pointers, positions, the draft
//   positions.js     moves on a lesson's position (the widget's rules, pkg/)
//   goal-types.js    the goal types and their fields, from the lesson schema
//   studio-findings.js, studio-gate.js, studio-share.js   findings in order, the gate, links
//   page.js          the page: its frame, stages, the setup board
//   form.js          the form's sections and fields (texts side by side, word counts)
//   goal-form.js     the goal's own fields, the par
//   recorder.js      a teacher's voice for a text (MediaRecorder)
//   mark-board.js    the board on which clicks fill the goal's squares, answers, hints, arrows
//   worker-client.js the checker and the doctor in studio-worker.js, and the gate before exports
//   findings-list.js the findings beside the form and under the JSON view
//   files.js         new, open, download, copy, share
//   try-it.js        the real lesson player on the lesson
//   course-editor.js a course in sections: its editor, link, .zip and packages
//   ui.js            a button, and what is said to the teacher (report)
// The parts are becoming modules of functions over the studio's state (chessground-style, as the
// lesson player's): ui.js, recorder.js and try-it.js are (each function takes the state `s`, and
// a part imports what it needs of a lower one); the others are still sets of the Studio's methods
// (Object.assign below), calling each other through `this`. No part imports this module.
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
import { courseEditor } from "./course-editor.js";
import { files } from "./files.js";
import { findingsList } from "./findings-list.js";
import { form } from "./form.js";
import { goalForm } from "./goal-form.js";
import { markBoard } from "./mark-board.js";
import { page } from "./page.js";
import { checking } from "./worker-client.js";
import { h } from "../widget/dom.js";
import { LANGS, loadWords } from "../i18n/i18n.js";
import { appBase } from "./app-base.js";
import { goalTypes } from "./goal-types.js";
import { draft, fenOf, fileText, isObject, newLesson, newText } from "./model.js";
import { loadRules } from "./positions.js";
import { report } from "./ui.js";

// the studio's words, and the checker's messages (apart: their ids must not meet)
// (and each language's name in itself, from its language.js: the text fields' labels)
const langNames = () => Promise.all(LANGS.map((l) => loadWords(l, "language"))).then((list) => Object.fromEntries(LANGS.map((l, k) => [l, list[k]["language-name"] ?? l])));
const words = (lang) =>
  Promise.all([Promise.all([loadWords(lang, "studio"), langNames()]).then(([t, langName]) => ({ ...t, langName })), loadWords(lang, "messages-check", "messages-lesson", "messages-core")]);

/** Mounts the studio in slot. → { setLang(lang), shown(), dirty, element }
 * @param {HTMLElement} slot @param {{ lang?: string }} [options] @returns {Promise<Whole>} */
export async function mountStudio(slot, { lang = "en" } = {}) {
  const studio = /** @type {Whole} */ (new Studio(slot, lang));
  await studio.start();
  return studio;
}

/** The Studio with its parts' methods (Object.assign below).
 * @typedef {Studio & typeof checking & typeof page & typeof markBoard & typeof form & typeof goalForm & typeof findingsList & typeof files & typeof courseEditor} Whole */

/** The studio's state, as its parts take it (while some parts are still the Studio's methods, called
 *  on it through `this`, it is the Studio with them; `any` for those). @typedef {Whole | any} State */

/** A word file (any: each word a text or a function of its own arguments). @typedef {Record<string, any>} Words */
/** A move of the scripted line: the child's and the replies in turn. @typedef {{ san: string, uci: string, fen: string }} LineMove */

class Studio {
  lang;
  recordings = new Map(); // a recording's file (audio/…) → its Blob, recorded or opened here
  recording = null; // the MediaRecorder running, with its stream and text
  /** @type {Words} */
  t = /** @type {any} */ (null); // any: null until start() has the words
  /** @type {Words} */
  m = /** @type {any} */ (null); // the checker's messages (any: null until start())
  lesson = newLesson();
  course = { title: newText(), sections: [] };
  /** @type {string | null} */
  broken = null; // the JSON view's text while it is not valid JSON (the form shows the last good lesson)
  /** @type {string | null} */
  raw = null; // the JSON view's text as typed, while it is the last change
  /** @type {import("./goal-types.js").GoalType[] | null} */
  goals = null; // the goal types: goalTypes()
  findings = [];
  proposed = null; // the doctor's par
  checked = null; // the text last checked
  dirty = false; // changed since the last download, copy or share
  untouched = true; // a new, empty lesson nothing was typed in yet: its findings wait
  stage = "position";
  tool = null;
  color = "green";
  pending = null; // a keyboard arrow's first square
  picked = null; // a move's piece, picked on the board
  worker = null;
  asked = 0;
  running = null; // { id, since }
  waiting = null; // the text to check next
  timer = 0;
  /** @type {Record<string, any>} */
  ui = {}; // the page's elements by name (page.js builds them): any, each its own element type
  verifying = []; // exports waiting for a text's check: { text, done }
  actions = []; // buttons a page adds to the bar (addAction): { key, label(), run(box) }

  /** @type {string | undefined} */
  lineFrom; // the position the scripted line was played from
  /** @type {LineMove[]} */
  lineMoves = [];

  /** @param {HTMLElement} slot @param {string} lang */
  constructor(slot, lang) {
    this.slot = slot;
    this.lang = lang;
  }

  /** @this {Whole} */
  async start() {
    h("link", { rel: "stylesheet", href: new URL("studio.css", appBase()).href }, document.head);
    [[this.t, this.m], this.goals] = await Promise.all([words(this.lang), goalTypes(), loadRules(), customElements.whenDefined("chess-setup")]);
    const saved = draft.read();
    if (saved) {
      this.course = isObject(saved.course) && Array.isArray(saved.course.sections) ? saved.course : this.course;
      this.dirty = Boolean(saved.dirty);
      this.restored = true;
      this.readText(saved.text, { quiet: true, fromJson: true });
      this.untouched = saved.text === fileText(newLesson());
    }
    this.build();
    this.renderAll();
    report(this, saved ? this.t.restored : "");
    window.addEventListener("beforeunload", (e) => {
      if (!this.dirty) return;
      e.preventDefault();
      e.returnValue = "";
    });
    this.check();
  }

  /** A button of the page's own on the bar (the class server's "Send to my class", teacher.js):
   *  label() its words, run(box) fills a box under the bar. Kept across a new language. @this {Whole} */
  addAction(action) {
    this.actions = [...this.actions.filter((a) => a.key !== action.key), action];
    this.build();
    this.renderAll();
    this.showFindings();
  }

  /** @this {Whole} */
  async setLang(lang) {
    if (lang === this.lang) return;
    this.lang = lang;
    const [t, m] = await words(lang);
    if (this.lang !== lang) return;
    [this.t, this.m] = [t, m];
    this.build();
    this.renderAll();
    this.showFindings();
  }

  // ------------------------------------------------------------ the model

  /** The text of the file: the JSON view's while it has a syntax error, else the lesson's. */
  text() {
    return this.broken ?? this.raw ?? fileText(this.lesson);
  }

  /** Reads a lesson's JSON text (a file, the JSON view, the draft).
   * @this {Whole} @param {string} text */
  readText(text, { quiet = false, fromJson = false } = {}) {
    let value;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (isObject(value)) {
      this.lesson = value;
      this.broken = null;
    } else this.broken = text;
    // a text typed in the JSON view is kept as typed (its findings' line:col are its own)
    this.raw = fromJson && this.broken == null ? text : null;
    if (!quiet) this.changed({ fromJson });
  }

  /** After any change: the form and the board (unless the change came from them), the JSON view,
   *  the draft, the check. @this {Whole} */
  changed({ fromJson = false, form = true, fromSetup = false } = {}) {
    this.dirty = true;
    this.untouched = false;
    if (!fromJson) this.raw = null;
    if (!fromJson && this.ui.json) this.ui.json.value = this.text();
    if (!fromSetup) this.syncSetup();
    if (form) this.renderForm();
    this.renderMarks();
    this.saveDraft();
    this.check();
  }

  /** Keeps the draft; a browser that cannot keep it is said in a note that stays until it can. @this {Whole} */
  saveDraft() {
    const failed = draft.write({ text: this.text(), course: this.course, dirty: this.dirty });
    this.draftError = failed;
    this.showStorage();
  }

  /** @this {Whole} */
  showStorage() {
    const note = this.ui.storage;
    if (!note) return;
    const failed = this.draftError;
    note.hidden = !failed;
    note.textContent = !failed ? "" : failed === "quota" ? this.t.quota : this.t.noStorage;
  }

  get fen() {
    return fenOf(this.lesson.position);
  }

  /** The scripted line played with the "reply" tool ([{ san, uci, fen }], the child's moves and
   *  the replies in turn), while the lesson's position is the one it was played from. */
  get line() {
    if (this.lineFrom !== this.fen) {
      this.lineFrom = this.fen;
      this.lineMoves = [];
    }
    return this.lineMoves;
  }

  /** The position the marks board shows: the lesson's, or the end of the scripted line. */
  get boardFen() {
    return (this.tool === "reply" && this.line.at(-1)?.fen) || this.fen;
  }

  /** The replies are the line's every other move (the opponent's), in order. @this {Whole} */
  lineToReplies() {
    const opp = this.lesson.opponent;
    if (opp?.type !== "scripted") return;
    opp.replies = this.line.filter((_, k) => k % 2 === 1).map((m) => m.san);
    this.changed();
  }

}

Object.assign(Studio.prototype, checking, page, markBoard, form, goalForm, findingsList, files, courseEditor);

export { DRAFT_KEY, audioFile, courseFileName, courseHtml, draft, fenOf, fileText, isPawnEnding, newLesson, wordCount } from "./model.js";
export { GOALS } from "./goal-types.js";
