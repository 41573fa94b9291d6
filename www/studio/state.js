// @ts-check
// The studio's state (www/studio/): one plain object (newState), what every part reads and writes,
// and the small questions asked of it: the file's text, the lesson's position, the scripted line,
// the draft kept. `act`: what the parts call of the controller (studio.js sets it: after a change,
// a text read), so that no part imports the controller. Imports only model.js.
import { draft, fenOf, fileText, newLesson, newText } from "./model.js";

/** A word file (any: each word a text or a function of its own arguments). @typedef {Record<string, any>} Words */
/** A move of the scripted line: the child's and the replies in turn. @typedef {{ san: string, uci: string, fen: string }} LineMove */
/** What a change was: from the JSON view, with the form left as it is, from the setup board.
 * @typedef {{ fromJson?: boolean, form?: boolean, fromSetup?: boolean }} Change */
/** A button of a page's own on the bar (addAction). @typedef {{ key: string, label: () => string, run: (box: HTMLElement) => any }} Action */

/** The studio's state in slot, in lang. @param {HTMLElement} slot @param {string} lang */
export function newState(slot, lang) {
  return {
    slot,
    lang,
    /** the controller's functions the parts call (studio.js) */
    act: {
      /** after any change @type {(change?: Change) => void} */
      changed: () => {},
      /** a lesson's JSON text read (a file, the JSON view) @type {(text: string, options?: { quiet?: boolean, fromJson?: boolean }) => void} */
      readText: () => {},
    },
    recordings: new Map(), // a recording's file (audio/…) → its Blob, recorded or opened here
    /** @type {any} */
    recording: null, // the MediaRecorder running, with its stream and text
    /** @type {Words} */
    t: /** @type {any} */ (null), // any: null until start() has the words
    /** @type {Words} */
    m: /** @type {any} */ (null), // the checker's messages (any: null until start())
    /** @type {any} */
    lesson: newLesson(), // the lesson as data (any: as typed in the JSON view)
    /** @type {any} */
    course: { title: newText(), sections: [] },
    /** @type {string | null} */
    broken: null, // the JSON view's text while it is not valid JSON (the form shows the last good lesson)
    /** @type {string | null} */
    raw: null, // the JSON view's text as typed, while it is the last change
    /** @type {import("./goal-types.js").GoalType[] | null} */
    goals: null, // the goal types: goalTypes()
    /** @type {any[]} */
    findings: [],
    /** @type {any} */
    proposed: null, // the doctor's par
    /** @type {string | null} */
    checked: null, // the text last checked
    /** @type {any} */
    checkError: null, // the check's own failure (the worker's), if any
    dirty: false, // changed since the last download, copy or share
    untouched: true, // a new, empty lesson nothing was typed in yet: its findings wait
    restored: false, // the draft was read at the start
    /** @type {string | false | null} */
    draftError: null, // why the draft cannot be kept ("quota", …), or nothing
    trying: false, // Try it is shown
    stage: "position",
    /** @type {any} */
    tool: null,
    color: "green",
    /** @type {any} */
    pending: null, // a keyboard arrow's first square
    /** @type {any} */
    picked: null, // a move's piece, picked on the board
    /** @type {any} */
    board: null, // the marks board (board.js)
    // the check (worker-client.js): the worker, the text running and waiting, the timers
    /** @type {any} */
    worker: null,
    asked: 0,
    /** @type {any} */
    running: null, // { id, since }
    /** @type {string | null} */
    waiting: null, // the text to check next
    /** @type {any} */
    timer: 0,
    /** @type {any} */
    stuckTimer: 0,
    debouncing: false,
    /** @type {any[]} */
    verifying: [], // exports waiting for a text's check: { text, done }
    // a course lesson's own check, by a worker of its own
    /** @type {any} */
    otherChecks: null,
    /** @type {any} */
    otherWorker: null,
    /** @type {any} */
    otherWaiting: null,
    otherAsked: 0,
    // the course editor's drags
    /** @type {any} */
    dragSection: null,
    /** @type {any} */
    drag: null,
    /** @type {Record<string, any>} */
    ui: {}, // the page's elements by name (page.js builds them): any, each its own element type
    /** @type {Action[]} */
    actions: [], // buttons a page adds to the bar (addAction)
    /** @type {string | undefined} */
    lineFrom: undefined, // the position the scripted line was played from
    /** @type {LineMove[]} */
    lineMoves: [],
  };
}

/** @typedef {ReturnType<typeof newState>} State */

/** The text of the file: the JSON view's while it has a syntax error, else the lesson's. @param {State} s */
export function text(s) {
  return s.broken ?? s.raw ?? fileText(s.lesson);
}

/** The lesson's position as a FEN. @param {State} s */
export function fen(s) {
  return fenOf(s.lesson.position);
}

/** The scripted line played with the "reply" tool ([{ san, uci, fen }], the child's moves and the
 *  replies in turn), while the lesson's position is the one it was played from. @param {State} s */
export function line(s) {
  if (s.lineFrom !== fen(s)) {
    s.lineFrom = fen(s);
    s.lineMoves = [];
  }
  return s.lineMoves;
}

/** The position the marks board shows: the lesson's, or the end of the scripted line. @param {State} s */
export function boardFen(s) {
  return (s.tool === "reply" && line(s).at(-1)?.fen) || fen(s);
}

/** Keeps the draft; a browser that cannot keep it is said in a note that stays until it can. @param {State} s */
export function saveDraft(s) {
  s.draftError = draft.write({ text: text(s), course: s.course, dirty: s.dirty });
  showStorage(s);
}

/** The note that the draft cannot be kept (or none). @param {State} s */
export function showStorage(s) {
  const note = s.ui.storage;
  if (!note) return;
  const failed = s.draftError;
  note.hidden = !failed;
  note.textContent = !failed ? "" : failed === "quota" ? s.t.quota : s.t.noStorage;
}
