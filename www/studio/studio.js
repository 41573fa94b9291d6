// The lesson studio (#/studio, "For teachers"): a teacher makes, checks, tries and shares a lesson
// with nothing but a browser. Loaded by app.js with import() only when the studio is opened: the
// plain widget and the course page never load it.
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
import init, { Game } from "../pkg/chess_tutor.js";
import "../setup.js";
import { Board, parseSquare, pieceImage } from "../board.js";
import { adopt, download, h } from "../dom.js";
import { sayError } from "../errors.js";
import { GOAL_NAMES } from "../goal-names.js";
import { FALLBACK, LANGS, loadWords, say } from "../i18n.js";
import { arrange, writtenLangs } from "./studio-findings.js";
import { askBeforeExport } from "./studio-gate.js";
import { MAX_DATA, MAX_LINK, MAX_LESSON_BYTES, courseLink, guardJson, shareLink } from "./studio-share.js";
import { CHOICES, load as loadSettings } from "../settings.js";
import { local, read as readStored, write as writeStored } from "../storage.js";
import { strToU8, zipSync } from "fflate";
import { fetchAppFiles } from "../package/browser.js";
import { oneLesson } from "../package/core.js";
import { COURSE_ZIP_LIMITS, unzipCourse } from "../package/course.js";
import { FORMATS, makePackage } from "../package/index.js";

// The app's folder (the page's, as www/practice/engine.js has it): the studio's modules may be
// built into a chunk at the top of dist/ or stay in dist/studio/, so no path here is taken from
// import.meta.url. Its sheets, its worker (dist/studio-worker.js, a fixed name) and pkg/ are there.
const appBase = () => new URL("./", document.baseURI);
/** The draft in localStorage: { version, text, course, dirty, savedAt }. */
export const DRAFT_KEY = "chess-tutor:studio:draft:v1";
const DRAFT_VERSION = 1;
const EMPTY = ["........", "........", "........", "........", "........", "........", "........", "........", "w - - 0 1"];
export const GOALS = GOAL_NAMES; // when the schema cannot be read (www/goal-names.js, made from the crate)
const OPPONENTS = ["none", "defender", "scripted", "solver", "engine"];
/** The groups a best_move lesson may accept (lessons/lesson.schema.json, AcceptGroup), and a
 *  feedback's results (EndResult), as the form offers them. */
const ACCEPT_GROUPS = ["mate", "wins_queen", "wins_rook", "wins_bishop", "wins_knight", "wins_pawn"];
const RESULTS = ["win", "draw", "loss"];
const ORDER = ["$schema", "id", "title", "intro", "pieces", "position", "rules", "student", "goal", "opponent", "hints", "feedback", "shapes", "par", "learned"];
const WORD_LIMIT = 35;
const COLORS = ["green", "red", "blue", "yellow"];
const CHECK_DELAY = 250; // ms after the last change
const STUCK = 4000; // a check running longer than this is stopped when a newer one waits

// the studio's words, and the checker's messages (apart: their ids must not meet)
// (and each language's name in itself, from its language.js: the text fields' labels)
const langNames = () => Promise.all(LANGS.map((l) => loadWords(l, "language"))).then((list) => Object.fromEntries(LANGS.map((l, k) => [l, list[k]["language-name"] ?? l])));
const words = (lang) =>
  Promise.all([Promise.all([loadWords(lang, "studio"), langNames()]).then(([t, langName]) => ({ ...t, langName })), loadWords(lang, "messages-check", "messages-lesson", "messages-core")]);
const colorOf = (p) => (p === p.toUpperCase() ? "white" : "black");
const clone = (x) => JSON.parse(JSON.stringify(x));
const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
const newText = () => Object.fromEntries(LANGS.map((l) => [l, ""]));

/** Words of a text: the runs of letters or digits (as the checker counts them). */
export const wordCount = (text) => (String(text ?? "").match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;

/** A lesson with its fields in the order of the format (unknown ones kept, last: the checker names them). */
function tidy(lesson) {
  const out = {};
  for (const k of ORDER) if (k in lesson) out[k] = lesson[k];
  for (const k of Object.keys(lesson)) if (!(k in out)) out[k] = lesson[k];
  return out;
}
/** A course's file name (no extension): its title in the studio's language (else any), its
 *  letters and digits joined by "-" ("Мой первый курс" → "мой-первый-курс"), else "course". */
export function courseFileName(course, lang = FALLBACK) {
  const title = course?.title ?? {};
  const text = [title[lang], title[FALLBACK], ...Object.values(title)].find((x) => String(x ?? "").trim()) ?? "";
  const name = (String(text).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join("-").slice(0, 60).replace(/-+$/, "");
  return name || "course";
}
/** The one file a teacher hands out for a course too long for a link: a page that goes to the
 *  app's address carrying the course (no script: a refresh, and the link itself to click). */
export function courseHtml(link, title) {
  const esc = (x) => String(x).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${esc(title)}</title>\n<meta http-equiv="refresh" content="0; url=${esc(link)}">\n</head><body><p><a href="${esc(link)}">${esc(title)}</a></p></body></html>\n`;
}
/** The file as it is saved. */
export const fileText = (lesson) => `${JSON.stringify(tidy(lesson), null, 2)}\n`;

export function newLesson() {
  return { $schema: "lesson.schema.json", id: "my-lesson", title: newText(), intro: newText(), position: [...EMPTY], goal: { type: "stars", squares: [] } };
}

/** The value at a JSON pointer (RFC 6901), or undefined. */
function getAt(root, pointer) {
  if (!pointer) return root;
  let v = root;
  for (const raw of pointer.split("/").slice(1)) {
    const k = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (v == null || typeof v !== "object") return undefined;
    v = v[k];
  }
  return v;
}
/** Sets the value at a pointer, making the objects on the way; undefined deletes it. */
function setAt(root, pointer, value) {
  const keys = pointer.split("/").slice(1);
  let v = root;
  for (const k of keys.slice(0, -1)) {
    if (!isObject(v[k]) && !Array.isArray(v[k])) v[k] = {};
    v = v[k];
  }
  const last = keys.at(-1);
  if (value === undefined) {
    if (Array.isArray(v)) v.splice(Number(last), 1);
    else delete v[last];
  } else v[last] = value;
}

/** A position as a FEN (a text board's rows and its ninth string). */
export function fenOf(position) {
  if (typeof position === "string") return position.trim();
  if (!Array.isArray(position)) return "";
  const rows = position.slice(0, 8).map((r) => String(r).replace(/\.+/g, (d) => d.length));
  return `${rows.join("/")} ${position[8] ?? "w - - 0 1"}`;
}
/** A FEN as a text board of 8 rows and the other fields. */
function boardOf(fen) {
  const [placement, ...rest] = fen.trim().split(/\s+/);
  const rows = placement.split("/").map((r) => r.replace(/[1-8]/g, (n) => ".".repeat(Number(n))));
  return [...rows, rest.join(" ") || "w - - 0 1"];
}
/** square → FEN letter, from a position's placement. */
function piecesOf(position) {
  const fen = fenOf(position);
  const rows = fen.split(" ")[0].split("/");
  const map = new Map();
  rows.forEach((row, r) => {
    let j = 0;
    for (const c of row) {
      if (c >= "1" && c <= "8") j += Number(c);
      else {
        if (j < 8 && r < 8) map.set(`${"abcdefgh"[j]}${8 - r}`, c);
        j++;
      }
    }
  });
  return map;
}

/** A king-and-pawn position (kings and pawns only, the pieces of chess): the endgame solver's. */
export function isPawnEnding(lesson) {
  if (lesson?.pieces != null) return false;
  const pieces = [...piecesOf(lesson?.position ?? "").values()];
  return pieces.length > 2 && pieces.every((p) => "kKpP".includes(p)) && pieces.filter((p) => "kK".includes(p)).length === 2;
}

/** line and col (from 1) → the offset in text. */
function offsetOf(text, line, col) {
  let at = 0;
  for (let k = 1; k < line; k++) {
    const next = text.indexOf("\n", at);
    if (next < 0) return text.length;
    at = next + 1;
  }
  return Math.min(text.length, at + Math.max(0, col - 1));
}

/** The package formats offered for one lesson (the course offers them all). */
const LESSON_PACKAGES = ["h5p"];

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = h("textarea", { class: "studio-offscreen", readonly: "" }, document.body);
    area.value = text;
    area.select();
    let ok;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** The draft kept in localStorage (storage.js: a side copy, read back, then replaced); never throws. */
const draftValue = (text) => {
  try {
    const value = JSON.parse(text ?? "null");
    return isObject(value) && value.version === DRAFT_VERSION && typeof value.text === "string" ? value : null;
  } catch {
    return null;
  }
};
export const draft = {
  read(storage = local()) {
    const stored = readStored(storage, DRAFT_KEY, (text) => draftValue(text) != null);
    return stored.ok ? draftValue(stored.text) : null;
  },
  /** → null when kept, else the reason ("quota", "blocked", "unverified"). */
  write(value, storage = local()) {
    const done = writeStored(storage, DRAFT_KEY, JSON.stringify({ version: DRAFT_VERSION, savedAt: new Date().toISOString(), ...value }));
    return done.ok ? null : done.reason;
  },
};

let rules;
const loadRules = () => (rules ??= init({ module_or_path: new URL("pkg/chess_tutor_bg.wasm", appBase()) }));

/** Runs fn(game) on a Game of fen (freed after); null when the position cannot be played. */
function withGame(fen, fn) {
  let game;
  try {
    game = new Game(fen, false);
    return fn(game);
  } catch {
    return null;
  } finally {
    game?.free();
  }
}
const bare = (move) => String(move).trim().replace(/[+#!?]+$/, "").replace(/0/g, "O");
/** A move (SAN or UCI) in fen: its MoveInfo, or null. The widget's rules have no SAN reader: every
 *  legal move is played once and named (a lesson position has a few dozen). */
function moveInfo(fen, move) {
  const want = bare(move);
  const side = fen.split(" ")[1] === "b" ? "black" : "white";
  return withGame(fen, (game) => {
    for (const p of game.pieces()) {
      if (p.color !== side) continue;
      for (const t of game.targets(p.i, p.j)) {
        for (const promotion of t.kind === "promotion" ? ["q", "r", "b", "n"] : [null]) {
          const info = withGame(fen, (g) => g.play(p.square, t.square, promotion));
          if (info && (bare(info.san) === want || info.uci === String(move).trim().toLowerCase())) return info;
        }
      }
    }
    return null;
  });
}

/**
 * The goal types of lessons/lesson.schema.json (generated from the Rust types, so a new goal type
 * is listed as soon as the schema has it): [{ type, description, fresh() }], fresh() giving the
 * goal's required fields, empty. The built-in list when the schema cannot be read.
 */
async function goalTypes() {
  try {
    const response = await fetch(new URL("lessons/lesson.schema.json", document.baseURI));
    const schema = await response.json();
    const defs = schema.$defs ?? schema.definitions ?? {};
    const list = (defs.Goal?.oneOf ?? defs.Goal?.anyOf ?? []).map((v) => {
      const props = v.properties ?? {};
      const type = props.type?.const ?? props.type?.enum?.[0];
      const empty = (p) => {
        const ref = p.$ref ?? p.allOf?.[0]?.$ref ?? "";
        if (ref.endsWith("/Text")) return newText();
        const kind = Array.isArray(p.type) ? p.type[0] : p.type;
        return { string: "", array: [], integer: 1, number: 1, boolean: false, object: {} }[kind];
      };
      const fresh = () => Object.fromEntries((v.required ?? []).filter((k) => k !== "type").map((k) => [k, empty(props[k])]).filter(([, x]) => x !== undefined));
      // the goal's own fields, for a goal the form has no special fields for: [{ key, kind }]
      const fields = Object.entries(props)
        .filter(([k]) => k !== "type")
        .map(([key, p]) => ({ key, kind: Array.isArray(p.type) ? p.type[0] : p.type }));
      return { type, description: v.description ?? "", fresh, fields };
    });
    if (list.length && list.every((g) => typeof g.type === "string")) return list;
  } catch {
    /* the built-in list */
  }
  return GOALS.map((type) => ({ type, description: "", fresh: () => ({}), fields: [] }));
}

/** Mounts the studio in slot. → { setLang(lang), shown(), dirty, element } */
export async function mountStudio(slot, { lang = "en" } = {}) {
  const studio = new Studio(slot, lang);
  await studio.start();
  return studio;
}

/** A recording's file in the lesson's `audio` (README.md "For children"; lessons/README.md): beside
 *  the lesson, audio/<lesson id>/<the text's pointer>.<language>.<ext> */
export const audioFile = (id, pointer, lang, ext = "webm") => `audio/${/^[a-z0-9][a-z0-9-]*$/.test(String(id)) ? id : "lesson"}/${String(pointer).slice(1).replace(/[^a-z0-9]+/gi, "-") || "text"}.${lang}.${ext}`;
/** A recording in a course's .zip, as audioFile names it (each within COURSE_ZIP_LIMITS.audio). */
const AUDIO_ENTRY = /^(?:.*\/)?audio\/[a-z0-9-]+\/[a-z0-9_-]+\.[a-z]{2}\.(?:webm|ogg|mp3|m4a|wav)$/i;

class Studio {
  lang;
  recordings = new Map(); // a recording's file (audio/…) → its Blob, recorded or opened here
  recording = null; // the MediaRecorder running, with its stream and text
  t = null;
  lesson = newLesson();
  course = { title: newText(), sections: [] };
  broken = null; // the JSON view's text while it is not valid JSON (the form shows the last good lesson)
  raw = null; // the JSON view's text as typed, while it is the last change
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
  ui = {};
  verifying = []; // exports waiting for a text's check: { text, done }
  actions = []; // buttons a page adds to the bar (addAction): { key, label(), run(box) }

  constructor(slot, lang) {
    this.slot = slot;
    this.lang = lang;
  }

  async start() {
    h("link", { rel: "stylesheet", href: new URL("studio/studio.css", appBase()).href }, document.head);
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
    this.say(saved ? this.t.restored : "");
    window.addEventListener("beforeunload", (e) => {
      if (!this.dirty) return;
      e.preventDefault();
      e.returnValue = "";
    });
    this.check();
  }

  /** A button of the page's own on the bar (the class server's "Send to my class", teacher.js):
   *  label() its words, run(box) fills a box under the bar. Kept across a new language. */
  addAction(action) {
    this.actions = [...this.actions.filter((a) => a.key !== action.key), action];
    this.build();
    this.renderAll();
    this.showFindings();
  }

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

  /** Reads a lesson's JSON text (a file, the JSON view, the draft). */
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
   *  the draft, the check. */
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

  /** Keeps the draft; a browser that cannot keep it is said in a note that stays until it can. */
  saveDraft() {
    const failed = draft.write({ text: this.text(), course: this.course, dirty: this.dirty });
    this.draftError = failed;
    this.showStorage();
  }

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

  /** The replies are the line's every other move (the opponent's), in order. */
  lineToReplies() {
    const opp = this.lesson.opponent;
    if (opp?.type !== "scripted") return;
    opp.replies = this.line.filter((_, k) => k % 2 === 1).map((m) => m.san);
    this.changed();
  }

  // ------------------------------------------------------------ the check (studio-worker.js)

  check() {
    clearTimeout(this.timer);
    // the findings on screen are for an older text until the new check is back: said at once
    this.ui.root?.setAttribute("data-checking", "true");
    this.debouncing = true;
    this.timer = setTimeout(() => {
      this.debouncing = false;
      this.send(this.text());
    }, CHECK_DELAY);
  }

  send(text) {
    if (text === this.checked && !this.running) return this.ui.root?.removeAttribute("data-checking");
    if (this.running) {
      this.waiting = text;
      // a search that takes too long (a deep mate) is stopped for the newer text
      if (performance.now() - this.running.since > STUCK) this.restartWorker();
      else return;
    }
    this.worker ??= this.makeWorker();
    const id = ++this.asked;
    this.running = { id, since: performance.now(), text };
    this.waiting = null;
    this.ui.root?.setAttribute("data-checking", "true");
    this.worker.postMessage({ id, text });
    clearTimeout(this.stuckTimer);
    this.stuckTimer = setTimeout(() => this.waiting != null && this.send(this.waiting), STUCK + 50);
  }

  makeWorker() {
    const worker = new Worker(new URL("studio-worker.js", appBase()), { type: "module" });
    worker.onmessage = ({ data }) => this.received(data);
    worker.onerror = (e) => {
      e.preventDefault?.();
      this.received({ id: this.running?.id, error: { id: "internal", args: { detail: e.message ?? "worker" } } });
    };
    return worker;
  }

  restartWorker() {
    this.worker?.terminate();
    this.worker = null;
    this.running = null;
  }

  received(data) {
    if (!this.running || data.id !== this.running.id) return;
    const { text } = this.running;
    this.running = null;
    clearTimeout(this.stuckTimer);
    if (this.waiting != null && this.waiting !== text) return this.send(this.waiting);
    this.waiting = null;
    if (!this.debouncing) this.ui.root?.removeAttribute("data-checking");
    this.checked = text;
    this.checkError = data.error ?? null;
    this.findings = data.diagnostics ?? [];
    this.proposed = data.par ?? null;
    this.showFindings();
    this.renderPar();
    this.ui.root?.setAttribute("data-checked", String(this.asked));
    // an export waiting for this very text (verify)
    for (const w of this.verifying.filter((w) => w.text === text)) w.done();
    this.verifying = this.verifying.filter((w) => w.text !== text);
  }

  /** The check of exactly `text`, now: at once when it is the one last checked, else a check of
   *  it (no debounce) awaited. → { findings, error } */
  verify(text) {
    const result = () => ({ findings: this.findings, error: this.checkError });
    clearTimeout(this.timer);
    this.debouncing = false;
    if (text === this.checked && !this.running) {
      this.ui.root?.removeAttribute("data-checking");
      return Promise.resolve(result());
    }
    return new Promise((resolve) => {
      this.verifying.push({ text, done: () => resolve(result()) });
      if (this.running?.text === text) return; // on its way
      if (this.running) this.waiting = text;
      else this.send(text);
    });
  }

  /** The findings of a course lesson's text, by a worker of its own (the live check goes on), kept
   *  by text: a course downloaded again is not checked again. */
  checkOther(text) {
    this.otherChecks ??= new Map();
    const known = this.otherChecks.get(text);
    if (known) return known;
    if (!this.otherWorker) {
      this.otherWorker = new Worker(new URL("studio-worker.js", appBase()), { type: "module" });
      this.otherWaiting = new Map();
      this.otherAsked = 0;
      this.otherWorker.onmessage = ({ data }) => {
        this.otherWaiting.get(data.id)?.(data);
        this.otherWaiting.delete(data.id);
      };
      // the worker lost: every check waiting ends with its error (said in the gate), none kept
      this.otherWorker.onerror = (e) => {
        e.preventDefault?.();
        for (const done of this.otherWaiting.values()) done({ error: { id: "internal", args: { detail: e.message ?? "worker" } } });
        this.otherWaiting.clear();
        this.otherChecks.clear();
        this.otherWorker.terminate();
        this.otherWorker = null;
      };
    }
    const id = ++this.otherAsked;
    const promise = new Promise((resolve) => {
      this.otherWaiting.set(id, (data) => resolve({ findings: data.diagnostics ?? [], error: data.error ?? null }));
      this.otherWorker.postMessage({ id, text });
    });
    this.otherChecks.set(text, promise);
    return promise;
  }

  /**
   * THE gate of every export (Share, Download, Copy, "Download the course", "Share the course" and
   * the package buttons: downloadPackage): what goes out is exactly the text the check saw (checked again
   * first when the lesson changed since), and while that check has an error the teacher is asked
   * first (studio-gate.js: the errors listed, "Go back and fix" first). Warnings never stop it.
   * kind "lesson" → { text, lesson } (lesson: the text read, or null when it is not JSON);
   * kind "course" → { lessons: [{ lesson, text }] }; null when the teacher went back to fix it.
   */
  async beforeExport(kind = "lesson") {
    if (isObject(kind)) kind = kind.what ?? "lesson"; // the packages' first call shape: { kind: format, what }
    const t = this.t;
    if (kind === "course") {
      const lessons = this.course.sections.flatMap((s) => s.lessons).map((lesson) => ({ lesson, text: fileText(lesson) }));
      this.say(t.gateChecking, "course");
      const results = await Promise.all(lessons.map((l) => this.checkOther(l.text)));
      this.say("", "course");
      const errors = results.flatMap((r, k) => this.errorsOf(r, String(lessons[k].lesson.id ?? k + 1)));
      if (errors.length && !(await askBeforeExport({ words: t, errors, what: "course", parent: this.ui.root }))) return this.gateRefused("course");
      return { lessons };
    }
    const text = this.text();
    this.say(t.gateChecking);
    const result = await this.verify(text);
    this.say("");
    const errors = this.errorsOf(result);
    if (errors.length && !(await askBeforeExport({ words: t, errors, what: "lesson", parent: this.ui.root }))) return this.gateRefused("lesson");
    let lesson;
    try {
      lesson = JSON.parse(text);
    } catch {
      lesson = null;
    }
    return { text, lesson: isObject(lesson) ? lesson : null };
  }

  /** A check's errors (not its warnings) in words, for the gate: [{ where, text }]. */
  errorsOf({ findings, error }, lessonName = "") {
    if (error) return [{ where: lessonName, text: this.t.checkFailed(sayError(this.m, error)) }];
    return findings
      .filter((d) => d.severity === "error")
      .map((d) => ({ where: lessonName ? `${lessonName}:` : d.pointer ? this.placeOf(d.pointer) : `${d.line}:${d.col}`, text: this.findingText(d) }));
  }

  gateRefused(what) {
    this.say(this.t.gateWentBack, what === "course" ? "course" : undefined);
    if (what !== "course") this.ui.findings?.querySelector("li.error button")?.focus({ preventScroll: false });
    return null;
  }

  // ------------------------------------------------------------ building the page

  build() {
    const t = this.t;
    this.slot.replaceChildren();
    const root = h("div", { class: "studio", "data-stage": this.stage }, this.slot);
    this.ui = { root };
    root.addEventListener("dragover", (e) => {
      if ([...(e.dataTransfer?.types ?? [])].includes("Files")) {
        e.preventDefault();
        root.classList.add("dropping");
      }
    });
    root.addEventListener("dragleave", (e) => e.target === root && root.classList.remove("dropping"));
    root.addEventListener("drop", (e) => {
      const file = e.dataTransfer?.files?.[0];
      root.classList.remove("dropping");
      if (!file) return;
      e.preventDefault();
      this.openFile(file);
    });

    // the bar: new, open, try, download, copy, share
    const top = h("div", { class: "studio-top" }, root);
    h("h2", { class: "studio-title" }, top, t.title);
    h("p", { class: "studio-lead" }, top, t.lead);
    const bar = h("div", { class: "studio-bar", role: "toolbar", "aria-label": t.actions }, root);
    const button = (parent, text, onclick, attrs = {}) => {
      const b = h("button", { type: "button", ...attrs }, parent, text);
      b.addEventListener("click", onclick);
      return b;
    };
    this.button = button;
    button(bar, t.newLesson, () => this.startNew());
    const copyBox = h("span", { class: "studio-open-copy" }, bar);
    const pick = h("select", { "aria-label": t.openCopyLabel, class: "studio-course-pick" }, copyBox);
    h("option", { value: "" }, pick, t.openCopy);
    this.fillCourseLessons(pick);
    pick.addEventListener("change", () => pick.value && this.openCopy(pick.value).finally(() => (pick.value = "")));
    const file = h("input", { type: "file", accept: ".json,application/json", class: "studio-file", "aria-label": t.openFile }, bar);
    file.addEventListener("change", () => file.files[0] && this.openFile(file.files[0]).finally(() => (file.value = "")));
    button(bar, t.openFile, () => file.click());
    h("span", { class: "studio-gap" }, bar);
    button(bar, `▶ ${t.tryIt}`, () => this.tryIt(), { "data-studio": "try", class: "studio-main" });
    button(bar, `⤓ ${t.download}`, () => this.download(), { "data-studio": "download" });
    // the lesson as a package for a school's platform (README.md, "For schools")
    for (const f of FORMATS.filter((f) => LESSON_PACKAGES.includes(f.id))) button(bar, `⤓ ${t.packages?.[f.id] ?? f.label[this.lang] ?? f.label.en}`, () => this.downloadPackage(f.id, "lesson"), { "data-studio-package": f.id });
    button(bar, t.copy, () => this.copy(), { "data-studio": "copy" });
    button(bar, t.share, () => this.share(), { "data-studio": "share" });
    const actionBox = h("div", { class: "studio-share studio-action", hidden: "" });
    for (const a of this.actions) button(bar, a.label(), () => a.run(actionBox), { "data-studio": a.key });
    this.ui.status = h("p", { class: "studio-status", role: "status", "aria-live": "polite" }, root);
    this.ui.storage = h("p", { class: "studio-storage", role: "alert", hidden: "" }, root);
    this.showStorage();
    this.ui.shareBox = h("div", { class: "studio-share", hidden: "" }, root);
    root.append(actionBox);

    // the editor: the board (position or goal) and the form
    const edit = (this.ui.edit = h("div", { class: "studio-edit" }, root));
    const left = h("div", { class: "studio-board-side" }, edit);
    const stages = h("div", { class: "studio-stages", role: "group", "aria-label": t.boardFor }, left);
    this.ui.stageButtons = ["position", "goal"].map((name) => button(stages, t.stage[name], () => this.setStage(name), { "data-stage": name, "aria-pressed": String(this.stage === name) }));
    // position: the setup board
    const setupBox = (this.ui.setupBox = h("div", { class: "studio-setup" }, left));
    const setup = (this.ui.setup = document.createElement("chess-setup"));
    setup.setAttribute("lang", this.lang);
    setup.setAttribute("fen", this.fen || fenOf(EMPTY));
    setup.addEventListener("setup-change", (e) => this.positionChanged(e.detail.fen));
    setupBox.append(setup);
    // goal: the marks board and its tools
    const marks = (this.ui.marksBox = h("div", { class: "studio-marks" }, left));
    this.ui.tools = h("div", { class: "studio-tools", role: "radiogroup", "aria-label": t.clicksSet }, marks);
    this.ui.toolHint = h("p", { class: "studio-tool-hint" }, marks);
    this.ui.line = h("div", { class: "studio-line", hidden: "" }, marks);
    this.ui.boardSay = h("p", { class: "studio-board-say", role: "status", "aria-live": "polite" }, marks);
    const host = h("div", { class: "studio-mark-board" }, marks);
    const shadow = host.attachShadow({ mode: "open" });
    const wrap = h("div", { class: "wrap" }, shadow);
    adopt(shadow, "board.css")
      .then(() => adopt(shadow, "brushes.css"))
      .then(() => adopt(shadow, "studio/studio-board.css"));
    this.buildMarkBoard(wrap);

    const right = h("div", { class: "studio-form-side" }, edit);
    const check = h("section", { class: "studio-check", "aria-labelledby": "studio-check-title" }, right);
    h("h3", { id: "studio-check-title" }, check, t.findingsTitle);
    this.ui.checkNote = h("p", { class: "studio-check-note" }, check);
    this.ui.findings = h("ul", { class: "studio-findings", "data-studio": "findings" }, check);
    this.ui.form = h("div", { class: "studio-form" }, right);

    // the JSON view
    const jsonBox = h("section", { class: "studio-json", "aria-labelledby": "studio-json-title" }, root);
    h("h3", { id: "studio-json-title" }, jsonBox, t.jsonTitle);
    h("p", { class: "studio-json-lead" }, jsonBox, t.jsonLead);
    const json = (this.ui.json = h("textarea", { "data-studio": "json", spellcheck: "false", "aria-label": t.jsonTitle, rows: "18", autocomplete: "off", autocapitalize: "off" }, jsonBox));
    json.value = this.text();
    json.addEventListener("input", () => this.readText(json.value, { fromJson: true }));
    this.ui.jsonFindings = h("ul", { class: "studio-findings studio-json-findings" }, jsonBox);

    // the course
    this.ui.courseBox = h("section", { class: "studio-course", "aria-labelledby": "studio-course-title" }, root);

    // try it
    this.ui.tryBox = h("section", { class: "studio-try", hidden: "", "aria-label": t.tryIt }, root);
  }

  /** Says what happened: beside the board for what the board did (near: "board"), else under the bar. */
  say(text, near) {
    // said where the teacher is looking: beside the board, under the course, or at the top
    const here = near === "board" ? this.ui.boardSay : near === "course" ? this.ui.courseSay : this.ui.status;
    for (const el of [this.ui.status, this.ui.boardSay, this.ui.courseSay]) if (el) el.textContent = el === here ? text ?? "" : "";
  }

  setStage(name) {
    this.stage = name;
    this.ui.root.dataset.stage = name;
    for (const b of this.ui.stageButtons) b.setAttribute("aria-pressed", String(b.dataset.stage === name));
    this.ui.setupBox.hidden = name !== "position";
    this.ui.marksBox.hidden = name !== "goal";
    if (name === "goal") this.renderMarks();
  }

  renderAll() {
    this.setStage(this.stage);
    this.renderForm();
    this.renderMarks();
    this.renderCourse();
    this.showFindings();
    this.renderPar();
  }

  positionChanged(fen) {
    const board = boardOf(fen);
    if (JSON.stringify(board) === JSON.stringify(this.lesson.position)) return;
    this.lesson.position = board;
    if (fen.split(" ")[1] === "b") this.lesson.student = "black";
    else delete this.lesson.student;
    this.broken = null;
    this.changed({ fromSetup: true });
  }

  /** The setup board shows the lesson's position (after a file, the JSON view, a copy). */
  syncSetup() {
    const setup = this.ui.setup;
    const fen = this.fen;
    if (!fen || !setup) return;
    try {
      if (setup.fen !== fen) setup.fen = fen;
    } catch {
      /* not ready yet: it reads the attribute */
      setup.setAttribute("fen", fen);
    }
  }

  // ------------------------------------------------------------ the marks board

  buildMarkBoard(wrap) {
    const t = this.t;
    const board = (this.board = new Board(wrap, {
      sprite: (p) => pieceImage(colorOf(p), p),
      label: t.marksBoard,
      cellLabel: (sq, p) => this.cellLabel(sq, p),
    }));
    let down = null;
    board.on("select", ({ square, via }) => {
      if (via === "pointer") down = square;
      else if (square && (via === "key" || via === "click")) this.keySquare(square);
    });
    board.on("tap", ({ square }) => {
      down = null;
      this.squareAction(square);
    });
    board.svg.addEventListener("pointerup", (e) => {
      const to = board.squareAt(e.clientX, e.clientY);
      if (down && to && to !== down && this.tool === "shape") this.toggleShape({ type: "arrow", from: down, to });
      else if (down && to && to !== down && this.isMoveTool()) {
        this.picked = down;
        this.squareAction(to);
      }
      down = null;
    });
  }

  cellLabel(sq, p) {
    const t = this.t;
    const parts = [sq, p ? t.piece(colorOf(p), p.toLowerCase()) : t.empty];
    for (const m of this.marksAt(sq)) parts.push(m);
    return parts.join(", ");
  }

  /** The words for what is marked on a square (for the screen reader). */
  marksAt(sq) {
    const t = this.t;
    const g = this.tool === "reply" ? {} : this.lesson.goal ?? {};
    const out = [];
    if (g.squares?.includes?.(sq)) out.push(t.mark.star);
    if (g.square === sq) out.push(t.mark.target);
    if (g.piece === sq || g.from === sq) out.push(t.mark.piece);
    if (g.to === sq) out.push(t.mark.target);
    if (this.lesson.hints?.piece === sq) out.push(t.mark.hint);
    if (this.picked === sq) out.push(t.mark.picked);
    return out;
  }

  isMoveTool() {
    return ["answer", "hint", "feedback", "reply"].includes(this.tool);
  }

  /** Under the board with the "reply" tool: the line so far, undo and start again. */
  renderLine() {
    const box = this.ui.line;
    if (!box) return;
    const t = this.t;
    box.hidden = this.tool !== "reply";
    if (box.hidden) return box.replaceChildren();
    const key = this.line.map((m) => m.uci).join() + this.lang;
    if (box.dataset.key === key && box.childElementCount) return;
    box.dataset.key = key;
    const focused = box.contains(document.activeElement) ? document.activeElement.dataset.line : null;
    box.replaceChildren();
    const words = this.line.map((m, k) => (k % 2 ? `${m.san} (${t.replyWord})` : m.san));
    h("p", { "data-studio-line": "" }, box, this.line.length ? t.lineIs(words.join(", ")) : t.lineEmpty(this.lesson.opponent?.replies?.length ?? 0));
    const row = h("p", { class: "studio-chosen" }, box);
    const undo = this.button(row, t.lineUndo, () => {
      this.line.pop();
      this.picked = null;
      this.say(t.lineUndone, "board");
      this.lineToReplies();
    }, { class: "studio-small", "data-line": "undo" });
    const again = this.button(row, t.lineAgain, () => {
      this.line.length = 0;
      this.picked = null;
      this.say(t.lineCleared, "board");
      this.lineToReplies();
    }, { class: "studio-small", "data-line": "again" });
    undo.disabled = again.disabled = !this.line.length;
    if (focused) box.querySelector(`[data-line="${focused}"]:not(:disabled)`)?.focus();
  }

  goalName(type) {
    const description = this.goalType(type)?.description?.split(/(?<=[.:])\s/)[0]?.replace(/[.:]$/, "");
    return this.t.goal[type] ?? (description || type);
  }

  /** The goal type `type` as the schema describes it (goalTypes()), or undefined. */
  goalType(type) {
    return this.goals?.find((g) => g.type === type);
  }

  /** The tools for this goal: [name, label]. */
  tools() {
    const type = this.lesson.goal?.type;
    const own = {
      stars: ["star"],
      reach: ["target", "piece"],
      targets: ["target"],
      stronger: ["target"],
      best_move: ["answer"],
      can_capture: ["piece", "target"],
    }[type] ?? (this.goalType(type)?.fields.some((f) => f.key === "square") ? ["target"] : []);
    const reply = this.lesson.opponent?.type === "scripted" ? ["reply"] : [];
    return [...own, ...reply, "hint", "feedback", "shape"];
  }

  renderTools() {
    const t = this.t;
    const tools = this.tools();
    if (!tools.includes(this.tool)) this.tool = tools[0];
    const box = this.ui.tools;
    // rebuilt only when something on it changes (a radio keeps the keyboard's focus)
    const key = [this.lesson.goal?.type, this.tool, this.color, ...tools].join();
    if (box.dataset.key === key && box.childElementCount) return;
    box.dataset.key = key;
    const focused = box.contains(document.activeElement) ? document.activeElement.dataset.tool ?? document.activeElement.dataset.color : null;
    box.replaceChildren();
    for (const name of tools) {
      const label = h("label", { class: "studio-tool" }, box);
      const input = h("input", { type: "radio", name: "studio-tool", value: name, "data-tool": name }, label);
      input.checked = name === this.tool;
      input.addEventListener("change", () => {
        this.tool = name;
        this.picked = null;
        this.pending = null;
        this.renderMarks();
      });
      h("span", {}, label, t.tool[name](this.lesson.goal?.type));
    }
    if (this.tool === "shape") {
      const colors = h("span", { class: "studio-colors", role: "group", "aria-label": t.color }, box);
      for (const c of COLORS) {
        const b = this.button(colors, t.colors[c], () => {
          this.color = c;
          this.renderTools();
        }, { "data-color": c, "aria-pressed": String(c === this.color) });
        b.classList.add(`c-${c}`);
        // its swatch: the brush's colour as board.css defines it (the theme's one table)
        const ink = this.board?.svg && getComputedStyle(this.board.svg).getPropertyValue(`--ct-${c}`).trim();
        if (ink) b.style.setProperty("--swatch", ink);
      }
    }
    this.ui.toolHint.textContent = t.toolHint[this.tool];
    if (focused) box.querySelector(`[data-tool="${focused}"], [data-color="${focused}"]`)?.focus();
  }

  renderMarks() {
    if (!this.board || !this.ui.tools) return;
    if (this.stage === "goal") this.renderTools();
    this.renderLine();
    const fen = this.boardFen;
    const pieces = piecesOf(fen);
    // on the scripted line the lesson's marks (drawn for its position) step aside
    const g = this.tool === "reply" ? {} : this.lesson.goal ?? {};
    const shapes = [];
    const arrowOf = (move, brush, label) => {
      const m = moveInfo(fen, move);
      if (!m) return;
      shapes.push({ type: "arrow", from: m.from, to: m.to, brush });
      shapes.push({ type: "label", square: m.to, text: label, brush });
    };
    if (Array.isArray(g.squares)) for (const sq of g.squares) if (/^[a-h][1-8]$/.test(sq)) shapes.push({ type: "star", square: sq, brush: "l-goal-star" });
    for (const key of ["square", "to"]) if (/^[a-h][1-8]$/.test(g[key] ?? "")) shapes.push({ type: "circle", square: g[key], brush: "goal" }, { type: "label", square: g[key], text: "◎", brush: "goal" });
    for (const key of ["piece", "from"]) if (/^[a-h][1-8]$/.test(g[key] ?? "")) shapes.push({ type: "highlight", square: g[key], brush: "piece" });
    if (Array.isArray(g.answers)) for (const a of g.answers) arrowOf(a, "answer", "✓");
    const reply = this.tool === "reply";
    if (reply && this.line.length) {
      const last = this.line.at(-1).uci;
      shapes.push({ type: "highlight", square: last.slice(0, 2), brush: "piece" }, { type: "highlight", square: last.slice(2, 4), brush: "piece" });
    }
    for (const f of reply ? [] : this.lesson.feedback ?? []) if (f?.move) arrowOf(f.move, "feedback", "✎");
    if (!reply && this.lesson.hints?.move) arrowOf(this.lesson.hints.move, "l-hint-arrow", "?");
    for (const s of reply ? [] : this.lesson.shapes ?? []) {
      if (s?.type === "arrow" && s.from && s.to) shapes.push({ type: "arrow", from: s.from, to: s.to, brush: `l-shape c-${s.color ?? "green"}` });
      else if (s?.square) shapes.push({ type: s.type === "highlight" ? "highlight" : "circle", square: s.square, brush: `l-shape c-${s.color ?? "green"}` });
    }
    if (this.pending) shapes.push({ type: "highlight", square: this.pending, brush: "pending" });
    let targets = [];
    if (this.picked) {
      const [i, j] = parseSquare(this.picked);
      targets = withGame(fen, (game) => game.targets(i, j)) ?? [];
    }
    this.board.set({ pieces, shapes, selected: this.picked, targets });
  }

  /** A square clicked (or Enter/Space on it) with the tool picked. */
  squareAction(sq) {
    if (!sq) return;
    const t = this.t;
    const goal = (this.lesson.goal ??= { type: "stars", squares: [] });
    const tool = this.tool;
    if (tool === "star") {
      goal.squares = Array.isArray(goal.squares) ? goal.squares : [];
      const k = goal.squares.indexOf(sq);
      if (k >= 0) goal.squares.splice(k, 1);
      else goal.squares.push(sq);
      this.say(k >= 0 ? t.starOff(sq) : t.starOn(sq), "board");
    } else if (tool === "target") {
      const key = goal.type === "can_capture" ? "to" : "square";
      goal[key] = sq;
      this.say(t.targetSet(sq), "board");
    } else if (tool === "piece") {
      const key = goal.type === "can_capture" ? "from" : "piece";
      if (goal[key] === sq && key === "piece") delete goal.piece;
      else goal[key] = sq;
      this.say(t.pieceChosen(sq), "board");
    } else if (tool === "shape") {
      return this.toggleShape({ type: "circle", square: sq });
    } else if (this.isMoveTool()) {
      return this.moveClick(sq);
    }
    this.changed();
  }

  /** Keyboard: the same, except that a shape takes two squares (the same one twice: a circle). */
  keySquare(sq) {
    if (this.tool !== "shape") return this.squareAction(sq);
    if (!this.pending) {
      this.pending = sq;
      this.say(this.t.arrowFrom(sq), "board");
      return this.renderMarks();
    }
    const from = this.pending;
    this.pending = null;
    this.toggleShape(from === sq ? { type: "circle", square: sq } : { type: "arrow", from, to: sq });
  }

  toggleShape(shape) {
    const list = (this.lesson.shapes = Array.isArray(this.lesson.shapes) ? this.lesson.shapes : []);
    const same = (s) => s.type === shape.type && s.square === shape.square && s.from === shape.from && s.to === shape.to;
    const k = list.findIndex(same);
    if (k >= 0) list.splice(k, 1);
    else list.push(this.color === "green" ? shape : { ...shape, color: this.color });
    if (!list.length) delete this.lesson.shapes;
    this.say(k >= 0 ? this.t.shapeOff : this.t.shapeOn(shape), "board");
    this.changed();
  }

  /** A move tool: pick a piece, then its square; the move is then recorded (never played). */
  moveClick(sq) {
    const t = this.t;
    const fen = this.boardFen;
    if (!this.picked || this.picked === sq) {
      const piece = piecesOf(fen).get(sq);
      const side = fen.split(" ")[1] === "b" ? "black" : "white";
      if (this.picked === sq || !piece) {
        this.picked = null;
        this.say(piece ? "" : t.pickPiece, "board");
      } else if (colorOf(piece) !== side) this.say(t.notToMove(side), "board");
      else {
        this.picked = sq;
        this.say(t.picked(sq), "board");
      }
      return this.renderMarks();
    }
    const from = this.picked;
    const [i, j] = parseSquare(from);
    const info = withGame(fen, (game) => {
      const target = game.targets(i, j).find((x) => x.square === sq);
      if (!target) return null;
      const played = game.play(from, sq, target.kind === "promotion" ? "q" : null);
      return played && { san: played.san, uci: played.uci, fen: game.fen() };
    });
    if (!info) {
      // another piece of the side to move: pick it instead
      const piece = piecesOf(fen).get(sq);
      this.picked = null;
      if (piece) return this.moveClick(sq);
      this.say(t.cannotGo(from, sq), "board");
      return this.renderMarks();
    }
    this.picked = null;
    const san = info.san;
    const goal = this.lesson.goal;
    if (this.tool === "reply") {
      this.line.push(info);
      this.say(this.line.length % 2 ? t.lineChild(san) : t.lineReply(san), "board");
      return this.lineToReplies();
    }
    if (this.tool === "answer") {
      goal.answers = Array.isArray(goal.answers) ? goal.answers : [];
      const k = goal.answers.indexOf(san);
      if (k >= 0) goal.answers.splice(k, 1);
      else goal.answers.push(san);
      this.say(k >= 0 ? t.answerOff(san) : t.answerOn(san), "board");
    } else if (this.tool === "hint") {
      this.lesson.hints = { ...(isObject(this.lesson.hints) ? this.lesson.hints : {}), piece: from, move: san };
      this.say(t.hintSet(san), "board");
    } else {
      const list = (this.lesson.feedback = Array.isArray(this.lesson.feedback) ? this.lesson.feedback : []);
      const k = list.findIndex((f) => f?.move === san || f?.move === info.uci);
      if (k < 0) list.push({ move: san, text: newText() });
      this.say(t.feedbackAdded(san), "board");
      this.changed();
      const at = k < 0 ? list.length - 1 : k;
      this.ui.form.querySelector(`[data-pointer="/feedback/${at}/text/${LANGS.includes(this.lang) ? this.lang : FALLBACK}"]`)?.focus({ preventScroll: false });
      return;
    }
    this.changed();
  }

  // ------------------------------------------------------------ the form

  renderForm() {
    const form = this.ui.form;
    if (!form) return;
    const t = this.t;
    const l = this.lesson;
    // the field that has the focus keeps it (a form rebuilt under the teacher's typing)
    const active = document.activeElement?.dataset?.pointer;
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
      this.button(row, t.remove, () => {
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
      this.button(head, t.remove, () => {
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
      this.button(li, "×", () => {
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
  }

  section(parent, title) {
    const box = h("fieldset", { class: "studio-section" }, parent);
    h("legend", {}, box, title);
    return box;
  }

  labelled(parent, label, pointer, tag, attrs = {}) {
    const id = `studio-f${pointer.replace(/[^a-z0-9]+/gi, "-")}`;
    const row = h("div", { class: "studio-field" }, parent);
    h("label", { for: id }, row, label);
    return h(tag, { id, "data-pointer": pointer, ...attrs }, row);
  }

  /** A one-line field at pointer (a number, or a list written with commas). */
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
  }

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
  }

  /** A text in Russian and English side by side, with word counts and a note for a missing language. */
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
      this.recorder(col, pointer, g, label);
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
  }

  /**
   * The teacher's own voice for one text in one language: Record (the microphone, MediaRecorder),
   * Stop, Listen and Remove. The recording is a file of the lesson (audioFile), named in its
   * `audio` under the text's JSON pointer; the player plays it instead of the device's voice.
   */
  recorder(parent, pointer, g, label) {
    const t = this.t;
    const box = h("div", { class: "studio-rec", role: "group", "aria-label": t.rec.group(label, t.langName[g]) }, parent);
    const rec = this.button(box, "", () => (this.recording?.key === key ? this.stopRecording() : this.record(pointer, g, refresh)), { "data-record": `${pointer}/${g}` });
    const listen = this.button(box, `▶ ${t.rec.listen}`, () => this.listen(this.lesson.audio?.[pointer]?.[g]), { "data-listen": `${pointer}/${g}` });
    const remove = this.button(box, `✕ ${t.rec.remove}`, () => {
      const audio = this.lesson.audio;
      this.recordings.delete(audio?.[pointer]?.[g]);
      if (audio?.[pointer]) delete audio[pointer][g];
      if (audio?.[pointer] && !Object.keys(audio[pointer]).length) delete audio[pointer];
      if (audio && !Object.keys(audio).length) delete this.lesson.audio;
      this.changed({ form: false });
      refresh();
      rec.focus();
    }, { "data-remove-recording": `${pointer}/${g}` });
    const note = h("small", { class: "studio-rec-note", "aria-live": "polite" }, box);
    const key = `${pointer}/${g}`;
    const refresh = () => {
      const file = this.lesson.audio?.[pointer]?.[g];
      const on = this.recording?.key === key;
      rec.textContent = on ? `■ ${t.rec.stop}` : `● ${file ? t.rec.again : t.rec.record}`;
      rec.toggleAttribute("data-recording", on); // its name says Stop (no pressed state: a ✓ in the studio)
      listen.hidden = remove.hidden = !file || on;
      note.textContent = on ? t.rec.recording : file ? t.rec.kept(file) : "";
      box.dataset.recorded = String(Boolean(file));
    };
    refresh();
  }

  /** Records the teacher's voice for a text (the browser asks for the microphone once). */
  async record(pointer, g, refresh) {
    const t = this.t;
    this.stopRecording();
    if (!navigator.mediaDevices?.getUserMedia || !globalThis.MediaRecorder) return this.say(t.rec.noMic);
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return this.say(t.rec.micRefused);
    }
    const recorder = new MediaRecorder(stream);
    const chunks = [];
    const key = `${pointer}/${g}`;
    this.recording = { key, recorder, stream, refresh };
    recorder.ondataavailable = (e) => e.data?.size && chunks.push(e.data);
    recorder.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      if (this.recording?.recorder === recorder) this.recording = null;
      const type = recorder.mimeType || "audio/webm";
      const blob = new Blob(chunks, { type });
      if (!blob.size) return refresh();
      const ext = /ogg/.test(type) ? "ogg" : /mp4|aac/.test(type) ? "m4a" : "webm";
      const old = this.lesson.audio?.[pointer]?.[g];
      if (old) this.recordings.delete(old);
      const file = audioFile(this.lesson.id, pointer, g, ext);
      this.recordings.set(file, blob);
      this.lesson.audio = { ...(this.lesson.audio ?? {}), [pointer]: { ...(this.lesson.audio?.[pointer] ?? {}), [g]: file } };
      this.changed({ form: false });
      refresh();
      this.say(t.rec.done(file));
    };
    recorder.start();
    refresh();
  }

  stopRecording() {
    const r = this.recording;
    if (r && r.recorder.state !== "inactive") r.recorder.stop();
  }

  /** Plays a recording: the one made here, else the file beside the lesson in lessons/. */
  listen(file) {
    if (!file) return;
    const blob = this.recordings.get(file);
    const audio = new Audio(blob ? URL.createObjectURL(blob) : new URL(`lessons/${file}`, document.baseURI).href);
    audio.play()?.catch?.(() => this.say(this.t.rec.cannotPlay(file)));
  }

  /** The recordings made here for a lesson's texts, as the player takes them (lessonAudio). */
  audioUrls(lesson = this.lesson) {
    const out = {};
    for (const [pointer, files] of Object.entries(lesson.audio ?? {}))
      for (const [g, file] of Object.entries(files ?? {})) {
        const blob = this.recordings.get(file);
        if (blob) (out[pointer] ??= {})[g] = URL.createObjectURL(blob);
      }
    return out;
  }

  /** The recording files of a lesson the studio holds: { "audio/…": bytes }. */
  async audioFiles(lesson) {
    const files = {};
    for (const names of Object.values(lesson.audio ?? {}))
      for (const file of Object.values(names ?? {})) {
        const blob = this.recordings.get(file);
        if (blob) files[file] = new Uint8Array(await blob.arrayBuffer());
      }
    return files;
  }

  /** The explanation of choice k, in Russian and English: `goal.explain` is made (an empty text
   *  for every choice) when the first one is typed, and taken away when all are empty again. */
  explainPair(parent, goal, k) {
    const pointer = `/goal/explain/${k}`;
    const before = () => {
      if (!Array.isArray(goal.explain)) goal.explain = (goal.choices ?? []).map(() => newText());
    };
    this.textPair(parent, this.t.explain(k + 1), pointer, { long: true, before, after: () => {
      if (Array.isArray(goal.explain) && goal.explain.every((e) => LANGS.every((l) => !String(e?.[l] ?? "").trim()))) delete goal.explain;
    } });
  }

  setGoal(type) {
    const l = this.lesson;
    const fresh = {
      stars: { squares: [] },
      reach: { square: "" },
      mate: { in: 1 },
      best_move: { answers: [] },
      targets: { square: "" },
      question: { question: newText(), choices: [newText(), newText()], answer: 0 },
      can_capture: { from: "", to: "" },
      stronger: { square: "" },
    }[type] ?? this.goals?.find((g) => g.type === type)?.fresh() ?? {};
    l.goal = { type, ...fresh };
    // who answers: the defender resists a mate; the solver plays the king-and-pawn games
    if (type === "mate") l.opponent = { type: "defender" };
    else if (type === "win" || type === "draw") {
      l.opponent = { type: "solver" };
      l.rules = "auto_queen";
    } else if (["defender", "solver"].includes(l.opponent?.type)) delete l.opponent;
    delete l.par;
    this.tool = null;
    this.say(this.t.goalSet(this.goalName(type)));
    this.changed();
  }

  goalFields(box, goal) {
    const t = this.t;
    const chips = (pointer, items, label) => {
      h("div", { class: "studio-text-label" }, box, label);
      const ul = h("ul", { class: "studio-chips", "data-pointer": pointer, tabindex: "-1" }, box);
      if (!items.length) h("li", { class: "studio-empty" }, ul, t.noneYet);
      items.forEach((item, k) => {
        const li = h("li", { "data-pointer": `${pointer}/${k}`, tabindex: "-1" }, ul, `${item} `);
        this.button(li, "×", () => {
          items.splice(k, 1);
          this.changed();
        }, { "aria-label": `${t.remove}: ${item}`, class: "studio-small" });
      });
    };
    const square = (key, label) => this.input(box, label, `/goal/${key}`, { hint: t.clickBoard, maxlength: 2, class: "studio-square" });
    switch (goal.type) {
      case "stars":
        chips("/goal/squares", Array.isArray(goal.squares) ? goal.squares : [], t.field.stars);
        break;
      case "reach":
        square("square", t.field.reachSquare);
        square("piece", t.field.reachPiece);
        break;
      case "targets":
      case "stronger":
        square("square", t.field.square);
        break;
      case "can_capture":
        square("from", t.field.from);
        square("to", t.field.to);
        break;
      case "mate":
        this.input(box, t.field.mateIn, "/goal/in", { type: "number", min: 1, max: 5, number: true });
        break;
      case "draw":
        this.input(box, t.field.drawMoves, "/goal/moves", { type: "number", min: 1, number: true });
        break;
      case "best_move":
        chips("/goal/answers", Array.isArray(goal.answers) ? goal.answers : [], t.field.answers);
        // a group the answers are, all of it ("every move that wins the queen"): the doctor proves
        // the answers are exactly the group's, and the child is told the group
        this.choiceField(box, t.field.accept, "/goal/accept", ACCEPT_GROUPS, t.accept, t.field.acceptHint);
        break;
      case "question": {
        const kp = this.lesson.rules === "auto_queen" || isPawnEnding(this.lesson);
        this.textPair(box, t.field.question, "/goal/question", { long: true });
        const choices = Array.isArray(goal.choices) ? goal.choices : (goal.choices = []);
        choices.forEach((c, k) => {
          const row = h("div", { class: "studio-choice" }, box);
          const head = h("p", { class: "studio-chosen" }, row);
          const radio = h("input", { type: "radio", name: "studio-answer", id: `studio-answer-${k}`, "data-pointer": k === 0 ? "/goal/answer" : `/goal/answer-${k}` }, head);
          radio.checked = goal.answer === k;
          radio.addEventListener("change", () => {
            goal.answer = k;
            this.changed();
          });
          h("label", { for: `studio-answer-${k}` }, head, t.rightChoice(k + 1));
          if (choices.length > 2)
            this.button(head, t.remove, () => {
              choices.splice(k, 1);
              for (const key of ["explain", "results"]) if (Array.isArray(goal[key])) goal[key].splice(k, 1);
              if (goal.answer >= choices.length) goal.answer = 0;
              this.changed();
            }, { class: "studio-small" });
          this.textPair(row, t.choice(k + 1), `/goal/choices/${k}`);
          // why this choice is right or wrong: one per choice, or none at all (the checker's rule)
          this.explainPair(row, goal, k);
          // king-and-pawn questions: the result this choice stands for, which the doctor proves
          // (whenever the position is a king-and-pawn one, whatever the Rules say now)
          if (kp) {
            const sel = this.labelled(row, t.field.result, `/goal/results/${k}`, "select");
            for (const r of ["", "win", "draw", "loss"]) h("option", { value: r }, sel, r ? t.result[r] : t.resultNone);
            sel.value = Array.isArray(goal.results) ? goal.results[k] ?? "" : "";
            sel.addEventListener("change", () => {
              const results = choices.map((_, i) => (Array.isArray(goal.results) ? goal.results[i] ?? "" : ""));
              results[k] = sel.value;
              if (results.every((r) => !r)) delete goal.results;
              else goal.results = results;
              // the solver proves the results with its own rules (the checker's check-results-rules)
              if (goal.results && this.lesson.rules !== "auto_queen") {
                this.lesson.rules = "auto_queen";
                this.say(t.resultsRules);
              }
              this.changed();
            });
          }
        });
        this.button(box, `+ ${t.addChoice}`, () => {
          choices.push(newText());
          if (Array.isArray(goal.explain)) goal.explain.push(newText());
          if (Array.isArray(goal.results)) goal.results.push("");
          this.changed();
        });
        if (kp) h("p", { class: "studio-note", "data-studio-note": "results" }, box, this.lesson.rules === "auto_queen" ? t.resultsHelp : `${t.resultsHelp} ${t.resultsRules}`);
        break;
      }
      default:
        // a goal the form has no special fields for: its fields from the schema (a square, a
        // number), so that a new goal type is edited as soon as the schema has it
        for (const { key, kind } of this.goalType(goal.type)?.fields ?? []) {
          if (kind === "string") square(key, t.field[key] ?? key);
          else if (kind === "integer") this.input(box, t.field[key] ?? key, `/goal/${key}`, { type: "number", min: 1, number: true });
        }
        break;
    }
  }

  renderPar() {
    const box = this.ui.par;
    if (!box) return;
    const t = this.t;
    const l = this.lesson;
    box.replaceChildren();
    const par = l.par;
    h("p", { class: "studio-par-now" }, box, par == null ? t.parNone : t.parIs(par));
    const p = this.proposed;
    if (this.running && p == null) h("p", { class: "studio-note" }, box, t.parWait);
    else if (p == null) h("p", { class: "studio-note" }, box, t.parNoProposal);
    else if (p !== par) {
      const row = h("p", { class: "studio-par-proposal" }, box, `${t.parProposed(p)} `);
      this.button(row, t.parTake(p), () => {
        l.par = p;
        this.say(t.parTaken(p));
        this.changed();
      }, { "data-studio-par": String(p), class: "studio-main" });
    } else h("p", { class: "studio-note" }, box, t.parOk);
    if (par != null)
      this.button(box, t.parRemove, () => {
        delete l.par;
        this.changed();
      }, { class: "studio-small" });
  }

  // ------------------------------------------------------------ findings

  showFindings() {
    const t = this.t;
    if (!this.ui.findings) return;
    // chess first, in plain words; a language not written is one note, never an error
    const { list: found, notes } = arrange(this.findings, writtenLangs(this.lesson));
    // a new, empty lesson: nothing is wrong yet, only not written (said once she has typed)
    const fresh = this.untouched && !this.checkError;
    const errors = found.filter((d) => d.severity === "error").length;
    this.ui.checkNote.textContent = fresh
      ? t.freshLesson
      : this.checkError
        ? t.checkFailed(sayError(this.m, this.checkError))
        : this.checked == null
          ? t.checking
          : found.length
            ? t.foundCount(errors, found.length - errors)
            : t.allGood;
    this.ui.checkNote.classList.toggle("good", !fresh && !found.length && this.checked != null && !this.checkError);
    for (const [list, toText] of [
      [this.ui.findings, false],
      [this.ui.jsonFindings, true],
    ]) {
      list.replaceChildren();
      if (fresh) continue;
      for (const d of toText ? this.findings : found) {
        const li = h("li", { class: `finding ${d.severity}`, "data-at-pointer": d.pointer, "data-line": d.line, "data-col": d.col }, list);
        const b = h("button", { type: "button" }, li);
        h("span", { class: "f-mark", "aria-hidden": "true" }, b, d.severity === "error" ? "✖" : "⚠");
        h("span", { class: "sr-only" }, b, d.severity === "error" ? t.error : t.warning);
        // under the JSON: the line, the field, the checker's words; beside the form: the form's
        // place and words only (no line:col, no pointer)
        if (toText) h("span", { class: "f-where" }, b, `${d.line}:${d.col}`);
        h("span", { class: "f-field" }, b, d.pointer ? ` ${toText ? t.fieldName(d.pointer) : this.placeOf(d.pointer)} ` : " ");
        // under the JSON, what to write there when the checker's words name the form's label
        h("span", { class: "f-text" }, b, toText && d.json ? `${this.findingText(d, false)} [${d.json}]` : this.findingText(d, !toText));
        b.addEventListener("click", () => (toText ? this.goToText(d) : this.goToField(d)));
      }
      // the notes after the findings: the chess first
      for (const n of toText ? [] : notes) {
        const li = h("li", { class: "finding note", "data-note-lang": n.lang }, list);
        h("span", { class: "f-mark", "aria-hidden": "true" }, li, "ⓘ");
        h("span", { class: "f-text" }, li, (n.everywhere ? t.oneLanguage : t.someLanguage)(n.lang, n.shown));
      }
    }
    this.fieldFindings();
  }

  /** The findings at a field that says them under itself (choiceField: accept, a feedback's
   *  result): each with its mark, in the form's words; the field aria-invalid on an error. */
  fieldFindings() {
    for (const box of this.ui.form?.querySelectorAll("[data-findings-for]") ?? []) {
      const at = box.dataset.findingsFor;
      const here = this.checkError || this.untouched ? [] : (this.findings ?? []).filter((d) => d.pointer === at && d.message?.id !== "check-missing-language");
      box.replaceChildren();
      for (const d of here) {
        const line = h("span", { class: `studio-field-finding ${d.severity}` }, box);
        h("span", { class: "f-mark", "aria-hidden": "true" }, line, d.severity === "error" ? "✖ " : "⚠ ");
        h("span", { class: "sr-only" }, line, d.severity === "error" ? this.t.error : this.t.warning);
        line.append(` ${this.findingText(d)}`);
      }
      box.hidden = !here.length;
      const field = this.ui.form.querySelector(`[data-pointer="${CSS.escape(at)}"]`);
      if (here.some((d) => d.severity === "error")) field?.setAttribute("aria-invalid", "true");
      else field?.removeAttribute("aria-invalid");
    }
  }

  /** A finding in words: in the form (form: true) with the form's own words where the studio
   *  has them (choices counted from 1, the form's labels), else the checker's. */
  findingText(d, form = true) {
    const own = form ? this.t.formMessage?.[d.message?.id] : null;
    if (own) {
      const a = d.message.args ?? {};
      // only with the numbers it counts from (a message whose arguments changed keeps its own words)
      const numbers = ["answer", "right", "choice", "last", "par", "min"].filter((k) => k in a);
      if (numbers.every((k) => Number.isInteger(Number(a[k])))) {
        const n = Object.fromEntries(numbers.map((k) => [k, Number(a[k])]));
        const w = {
          verdict: say(this.m, { id: `verdict-${a.verdict}`, args: a }),
          why: say(this.m, { id: `why-${a.why}`, args: a }),
          result: (r) => this.t.result?.[r] ?? r,
          goal: (type) => this.goalName(type),
          opponent: (type) => this.t.opponent?.[type] ?? type,
        };
        return typeof own === "function" ? own({ ...a, ...n }, w) : own;
      }
    }
    return sayError(this.m, d.message);
  }

  /** A JSON pointer as the place on the form a teacher knows it by ("Choice 2 (English)"). */
  placeOf(pointer) {
    const t = this.t;
    const p = t.place ?? {};
    let parts = String(pointer).split("/").slice(1).map((x) => x.replace(/~1/g, "/").replace(/~0/g, "~"));
    let lang = "";
    if (parts.length > 1 && LANGS.includes(parts.at(-1))) {
      lang = ` (${t.langName[parts.at(-1)]})`;
      parts = parts.slice(0, -1);
    }
    const [a, b, c] = parts;
    const k = (x) => Number(x) + 1;
    const num = (x) => /^\d+$/.test(String(x ?? ""));
    const goal = this.lesson.goal ?? {};
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
    else if (a === "feedback") place = num(b) ? (c === "result" ? p.feedbackResult : p.feedback)(this.lesson.feedback?.[b]?.move ?? k(b)) : t.section.feedback;
    else if (a === "goal") {
      if (!b || b === "type") place = t.field.goalType;
      else if (b === "choices") place = num(c) ? t.choice(k(c)) : t.addChoice;
      else if (b === "answer") place = p.answer;
      else if (b === "results") place = num(c) ? p.result(k(c)) : t.field.result;
      else if (b === "explain") place = num(c) ? p.explain(k(c)) : t.field.result;
      else if (b === "question") place = t.field.question;
      else if (b === "accept") place = t.field.accept;
      else if (b === "answers") place = num(c) ? p.answerMove(goal.answers?.[c] ?? k(c)) : t.field.answers;
      else if (b === "squares") place = t.field.stars;
      else if (b === "steps") place = num(c) ? p.step(k(c)) : t.section.goal;
      else if (b === "in") place = goal.type === "mate" ? t.field.mateIn : t.field.in;
      else if (b === "moves") place = t.field.drawMoves;
      else if (b === "square") place = goal.type === "reach" ? t.field.reachSquare : t.field.square;
      else if (b === "piece") place = t.field.reachPiece;
      else if (b === "from" || b === "to") place = t.field[b];
      else place = t.section.goal;
    }
    return place ? `${place}${lang}:` : t.fieldName(pointer);
  }

  /** The form field a finding names (its JSON pointer, or the nearest field above it). */
  goToField(d) {
    let pointer = d.pointer ?? "";
    if (pointer === "/position" || pointer.startsWith("/position/") || pointer === "/student") {
      this.setStage("position");
      this.ui.setup.scrollIntoView({ block: "nearest" });
      this.ui.setup.focus?.();
      return;
    }
    const form = this.ui.form;
    while (pointer) {
      const el = form.querySelector(`[data-pointer="${CSS.escape(pointer)}"]`) ?? form.querySelector(`[data-pointer^="${CSS.escape(pointer)}/"]`);
      if (el) {
        if (/^\/goal\/(squares|square|piece|from|to|answers)/.test(pointer)) this.setStage("goal");
        el.scrollIntoView({ block: "center" });
        el.focus({ preventScroll: true });
        el.classList.add("studio-flash");
        setTimeout(() => el.classList.remove("studio-flash"), 1200);
        return;
      }
      pointer = pointer.slice(0, pointer.lastIndexOf("/"));
    }
    this.goToText(d);
  }

  /** The finding's line:col in the JSON view. */
  goToText(d) {
    const area = this.ui.json;
    const at = offsetOf(area.value, d.line, d.col);
    area.focus({ preventScroll: true });
    area.setSelectionRange(at, Math.min(area.value.length, at + 1));
    area.scrollIntoView({ block: "center" });
    // the text area's own scroll: the line near the top
    const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 18;
    area.scrollTop = Math.max(0, (d.line - 3) * lineHeight);
  }

  // ------------------------------------------------------------ files, copy, share

  startNew() {
    if (this.dirty && !confirm(this.t.replaceAsk)) return;
    this.lesson = newLesson();
    this.broken = null;
    this.proposed = null;
    this.changed();
    this.syncSetup();
    this.dirty = false;
    this.untouched = true;
    this.saveDraft();
    this.showFindings();
    this.say(this.t.started);
  }

  async fillCourseLessons(select) {
    try {
      // every course of lessons/courses.json, as the course page reads them (its index: no lesson fetched)
      const { loadCourses } = await import("./course.js");
      const { courses } = await loadCourses(new URL("lessons/", document.baseURI), { index: new URL("course-index.json", document.baseURI) });
      const name = (title, fallback) => title?.[this.lang] ?? title?.en ?? fallback;
      for (const course of courses) {
        for (const section of course.sections) {
          const label = name(section.title, section.id);
          const group = h("optgroup", { label: courses.length > 1 ? `${name(course.title, course.id)}: ${label}` : label }, select);
          for (const lesson of section.lessons) h("option", { value: lesson.file }, group, lesson.id);
        }
      }
    } catch {
      select.disabled = true;
    }
  }

  async openCopy(file) {
    const t = this.t;
    if (this.dirty && !confirm(t.replaceAsk)) return;
    try {
      const response = await fetch(new URL(`lessons/${file}`, document.baseURI));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const lesson = await response.json();
      lesson.id = `${String(lesson.id ?? file.replace(/\.json$/, ""))}-copy`;
      this.lesson = lesson;
      this.broken = null;
      this.changed();
      this.syncSetup();
      this.say(t.opened(file, lesson.id));
    } catch (error) {
      this.say(t.openFailed(file, String(error.message ?? error)));
    }
  }

  async openFile(file) {
    const t = this.t;
    if (this.dirty && !confirm(t.replaceAsk)) return;
    let text;
    try {
      text = await file.text();
    } catch {
      return this.say(t.readFailed(file.name));
    }
    // her own text, as written: the JSON view shows it and the findings' line:col point into it
    // (the form's next change writes the file anew)
    this.readText(text, { fromJson: true });
    if (this.ui.json) this.ui.json.value = this.text();
    this.syncSetup();
    this.say(t.fileOpened(file.name));
  }

  fileName(lesson = this.lesson) {
    const id = String(lesson?.id ?? "");
    return `${/^[a-z0-9][a-z0-9-]*$/.test(id) ? id : "lesson"}.json`;
  }

  async download() {
    const out = await this.beforeExport("lesson");
    if (!out) return;
    // with the teacher's recordings: the lesson and its audio/ files in one .zip, to unpack into lessons/
    const audio = out.lesson ? await this.audioFiles(out.lesson) : {};
    const name = this.fileName(out.lesson ?? this.lesson);
    if (Object.keys(audio).length) {
      const zipName = name.replace(/\.json$/, ".zip");
      download(zipName, zipSync({ [name]: strToU8(out.text), ...audio }, { level: 0 }), "application/zip");
      return this.kept(this.t.downloaded(zipName), out.text);
    }
    download(name, out.text, "application/json");
    this.kept(this.t.downloaded(name), out.text);
  }

  async copy() {
    const out = await this.beforeExport("lesson");
    if (!out) return;
    const ok = await copyText(out.text);
    if (ok) this.kept(this.t.copied, out.text);
    else this.say(this.t.copyFailed);
  }

  /** Gone out: not dirty any more, unless the lesson changed while the export was asked. */
  kept(said, text = this.text()) {
    if (text === this.text()) this.dirty = false;
    this.saveDraft();
    this.say(said);
  }

  async share() {
    const t = this.t;
    const box = this.ui.shareBox;
    // a link made before is for the text of before: gone while this one is asked
    box.replaceChildren();
    box.hidden = true;
    const out = await this.beforeExport("lesson");
    if (!out) return;
    box.hidden = false;
    // a link cannot carry audio: the lesson goes without its recordings, and that is said
    const audio = out.lesson?.audio;
    let sent = out.text;
    if (audio) {
      const { audio: _, ...lesson } = out.lesson;
      sent = fileText(lesson);
    }
    const link = shareLink(location.href, sent);
    if (link.length > MAX_LINK) {
      h("p", { class: "studio-too-long", "data-studio-share": "too-long" }, box, t.tooLongLink(link.length, MAX_LINK));
      this.button(box, `⤓ ${t.download}`, () => this.download());
      return;
    }
    h("label", { for: "studio-link" }, box, t.shareLabel);
    const input = h("input", { id: "studio-link", type: "text", readonly: "", "data-studio-share": "link" }, box);
    input.value = link;
    this.button(box, t.copyLink, async () => this.say((await copyText(link)) ? t.linkCopied : t.copyFailed));
    h("a", { href: link, target: "_blank", rel: "noopener" }, box, t.openLink);
    h("p", { class: "studio-note" }, box, t.shareNote(link.length));
    if (audio) h("p", { class: "studio-note", "data-studio-share": "no-audio" }, box, t.rec.shareNoAudio);
    input.select();
    this.kept(t.shared, out.text);
  }

  // ------------------------------------------------------------ try it

  tryIt() {
    const t = this.t;
    const box = this.ui.tryBox;
    box.replaceChildren();
    this.ui.edit.hidden = true;
    for (const el of this.ui.root.querySelectorAll(".studio-json, .studio-course, .studio-bar, .studio-share")) el.hidden = true;
    box.hidden = false;
    this.say("");
    const bar = h("div", { class: "studio-try-bar" }, box);
    const back = this.button(bar, `← ${t.backToEdit}`, () => this.endTry(), { class: "studio-main", "data-studio-back": "" });
    const langs = h("span", { role: "group", "aria-label": t.tryLang }, bar);
    const widths = h("span", { role: "group", "aria-label": t.tryWidth }, bar);
    const frame = h("div", { class: "studio-try-frame phone" }, box);
    let tutor;
    const make = (lang) => {
      tutor?.remove();
      tutor = document.createElement("chess-tutor");
      tutor.lessonText = this.text(); // lesson.js plays this text (no fetch, no stars recorded)
      tutor.lessonAudio = this.audioUrls(); // the recordings made here, not yet saved
      tutor.setAttribute("lang", lang);
      // the board exactly as the child's player draws it: the app's board settings (its labels,
      // its formula), as the shared link's page applies them (app.js applySettings)
      const settings = loadSettings(LANGS);
      const asked = new URLSearchParams(location.search).get("coordinates");
      tutor.setAttribute("coordinates", CHOICES.coordinates.includes(asked) ? asked : settings.coordinates);
      tutor.setAttribute("formula", settings.formula);
      tutor.setAttribute("lesson", this.fileName());
      tutor.dataset.studioTry = "";
      frame.append(tutor);
    };
    let lang = this.lang;
    for (const g of LANGS) {
      this.button(langs, t.langName[g], () => {
        lang = g;
        for (const b of langs.children) b.setAttribute("aria-pressed", String(b.dataset.lang === g));
        tutor.setAttribute("lang", g);
      }, { "data-lang": g, "aria-pressed": String(g === lang) });
    }
    for (const w of ["phone", "desktop"]) {
      this.button(widths, t.width[w], () => {
        frame.className = `studio-try-frame ${w}`;
        for (const b of widths.children) b.setAttribute("aria-pressed", String(b.dataset.width === w));
      }, { "data-width": w, "aria-pressed": String(w === "phone") });
    }
    make(lang);
    back.focus();
    this.trying = true;
  }

  endTry() {
    this.ui.tryBox.replaceChildren();
    this.ui.tryBox.hidden = true;
    this.ui.edit.hidden = false;
    for (const el of this.ui.root.querySelectorAll(".studio-json, .studio-course, .studio-bar")) el.hidden = false;
    this.trying = false;
    this.ui.root.querySelector('[data-studio="try"]')?.focus();
  }

  // ------------------------------------------------------------ the course

  renderCourse() {
    const box = this.ui.courseBox;
    if (!box) return;
    const t = this.t;
    const c = this.course;
    box.replaceChildren();
    h("h3", { id: "studio-course-title" }, box, t.courseTitle);
    h("p", { class: "studio-json-lead" }, box, t.courseLead);
    const titles = h("div", { class: "studio-course-names" }, box);
    for (const g of LANGS) {
      const id = `studio-course-${g}`;
      const col = h("div", { class: "studio-lang" }, titles);
      h("label", { for: id }, col, `${t.courseName} (${t.langName[g]})`);
      const el = h("input", { id, type: "text", lang: g }, col);
      el.value = c.title?.[g] ?? "";
      el.addEventListener("input", () => {
        c.title = { ...newText(), ...c.title, [g]: el.value };
        this.saveDraft();
      });
    }
    const bar = h("div", { class: "studio-bar" }, box);
    this.button(bar, `+ ${t.addToCourse}`, () => this.addToCourse(), { "data-course": "add" });
    this.button(bar, `+ ${t.addSection}`, () => {
      c.sections.push({ id: `section-${c.sections.length + 1}`, title: newText(), lessons: [] });
      this.courseChanged();
    });
    this.button(bar, `⤓ ${t.downloadZip}`, () => this.downloadZip(), { "data-course": "zip" });
    this.button(bar, t.shareCourse, () => this.shareCourse(), { "data-course": "share" });
    // the course as a package for a school's platform, one button per format (www/package/index.js)
    for (const f of FORMATS) this.button(bar, `⤓ ${t.packages?.[f.id] ?? f.label[this.lang] ?? f.label.en}`, () => this.downloadPackage(f.id, "course"), { "data-course-package": f.id });
    // a course made before: its .zip, or course.json with its lesson files (several chosen at once)
    const file = h("input", { type: "file", multiple: "", accept: ".zip,.json,application/zip,application/json", class: "studio-course-file", "aria-label": t.openCourse, "data-course": "file" }, bar);
    file.addEventListener("change", () => file.files.length && this.openCourse([...file.files]).finally(() => (file.value = "")));
    this.button(bar, t.openCourse, () => file.click(), { "data-course": "open" });
    this.ui.courseShare ??= h("div", { class: "studio-course-share", hidden: "", "data-course": "share-box" });
    box.append(this.ui.courseShare);
    // kept from one drawing of the course to the next (a live region that stays put)
    this.ui.courseSay ??= h("p", { class: "studio-course-say", role: "status", "aria-live": "polite", "data-course": "said" });
    box.append(this.ui.courseSay);
    c.sections.forEach((section, si) => {
      const sec = h("div", { class: "studio-course-section", "data-section": String(si) }, box);
      const name = () => section.title?.[this.lang] || section.id || String(si + 1);
      // the section's own tools: a handle to drag it (or Alt+↑/↓ on it), up, down, remove
      const secTools = h("div", { class: "studio-chosen studio-section-tools" }, sec);
      const grip = h("button", { type: "button", class: "studio-small grip", draggable: "true", "data-section-grip": String(si), "aria-label": t.sectionGrip(name()), "aria-describedby": "studio-course-keys" }, secTools, "⠿");
      grip.addEventListener("dragstart", (e) => {
        this.dragSection = si;
        e.dataTransfer.effectAllowed = "move";
        e.dataTransfer.setData("text/plain", section.id ?? "");
      });
      grip.addEventListener("dragend", () => (this.dragSection = null));
      grip.addEventListener("keydown", (e) => {
        if (!e.altKey || !["ArrowUp", "ArrowDown"].includes(e.key)) return;
        e.preventDefault();
        this.moveSection(si, si + (e.key === "ArrowUp" ? -1 : 1), "grip");
      });
      // the section's header: its title as typed (in the studio's language, else another), else "Section 2"
      const header = h("strong", { "data-section-header": "" }, secTools);
      const showHeader = () => {
        const title = section.title?.[this.lang] || LANGS.map((g) => section.title?.[g]).find(Boolean);
        header.textContent = title ? `${si + 1}. ${title}` : t.sectionN(si + 1);
      };
      showHeader();
      const up = this.button(secTools, "↑", () => this.moveSection(si, si - 1, "up"), { "aria-label": t.sectionUp(name()), class: "studio-small", "data-section-move": "up" });
      const down = this.button(secTools, "↓", () => this.moveSection(si, si + 1, "down"), { "aria-label": t.sectionDown(name()), class: "studio-small", "data-section-move": "down" });
      up.disabled = si === 0;
      down.disabled = si === c.sections.length - 1;
      this.button(secTools, t.removeSection, () => {
        if (section.lessons.length && !confirm(t.removeSectionAsk(name(), section.lessons.length))) return;
        c.sections.splice(si, 1);
        this.courseChanged();
        this.say(t.sectionRemoved(name()), "course");
        this.ui.courseBox.querySelector(`[data-section="${Math.min(si, c.sections.length - 1)}"] [data-section-grip]`)?.focus();
      }, { class: "studio-small", "data-section-remove": "" });
      sec.addEventListener("dragover", (e) => this.dragSection != null && e.preventDefault());
      sec.addEventListener("drop", (e) => {
        if (this.dragSection == null) return;
        e.preventDefault();
        const from = this.dragSection;
        this.dragSection = null;
        setTimeout(() => this.moveSection(from, si));
      });
      const head = h("div", { class: "studio-course-names" }, sec);
      const idCol = h("div", { class: "studio-lang" }, head);
      h("label", { for: `studio-sec-${si}` }, idCol, t.sectionId);
      const idEl = h("input", { id: `studio-sec-${si}`, type: "text", "aria-describedby": `studio-sec-${si}-hint` }, idCol);
      h("small", { class: "studio-hint", id: `studio-sec-${si}-hint` }, idCol, t.sectionIdHint);
      idEl.value = section.id ?? "";
      idEl.addEventListener("input", () => {
        section.id = idEl.value;
        this.saveDraft();
      });
      for (const g of LANGS) {
        const col = h("div", { class: "studio-lang" }, head);
        h("label", { for: `studio-sec-${si}-${g}` }, col, `${t.sectionName} (${t.langName[g]})`);
        const el = h("input", { id: `studio-sec-${si}-${g}`, type: "text", lang: g }, col);
        el.value = section.title?.[g] ?? "";
        el.addEventListener("input", () => {
          section.title = { ...newText(), ...section.title, [g]: el.value };
          showHeader();
          this.saveDraft();
        });
      }
      const ol = h("ol", { class: "studio-course-list", "aria-label": section.title?.[this.lang] || section.id }, sec);
      ol.addEventListener("dragover", (e) => this.drag && e.preventDefault());
      ol.addEventListener("drop", (e) => {
        if (!this.drag) return;
        e.preventDefault();
        const li = e.target.closest?.("li[data-lesson]");
        const from = this.drag;
        this.drag = null;
        // after the drag has ended: the list is drawn anew, without the element being dragged
        setTimeout(() => this.moveLesson(from, { si, li: li ? Number(li.dataset.lesson) : section.lessons.length }));
      });
      if (!section.lessons.length) h("li", { class: "studio-empty" }, ol, t.emptySection);
      section.lessons.forEach((lesson, li) => {
        const item = h("li", { draggable: "true", tabindex: "0", "data-lesson": String(li), "aria-describedby": "studio-course-keys" }, ol);
        h("span", { class: "grip", "aria-hidden": "true" }, item, "⠿");
        h("span", { class: "name" }, item, `${lesson.id} — ${lesson.title?.[this.lang] || lesson.title?.en || ""}`);
        const tools = h("span", { class: "tools" }, item);
        this.button(tools, "↑", () => this.moveBy(si, li, -1), { "aria-label": t.moveUp(lesson.id), class: "studio-small" });
        this.button(tools, "↓", () => this.moveBy(si, li, 1), { "aria-label": t.moveDown(lesson.id), class: "studio-small" });
        this.button(tools, t.edit, () => this.editFromCourse(si, li), { class: "studio-small" });
        this.button(tools, "×", () => {
          section.lessons.splice(li, 1);
          this.courseChanged();
        }, { "aria-label": `${t.remove}: ${lesson.id}`, class: "studio-small" });
        item.addEventListener("dragend", () => (this.drag = null));
        item.addEventListener("dragstart", (e) => {
          this.drag = { si, li };
          e.dataTransfer.effectAllowed = "move";
          e.dataTransfer.setData("text/plain", lesson.id);
        });
        item.addEventListener("keydown", (e) => {
          if (e.target !== item || !e.altKey || !["ArrowUp", "ArrowDown"].includes(e.key)) return;
          e.preventDefault();
          this.moveBy(si, li, e.key === "ArrowUp" ? -1 : 1, true);
        });
      });
    });
    h("p", { id: "studio-course-keys", class: "studio-note" }, box, t.courseKeys);
  }

  courseChanged() {
    this.saveDraft();
    this.renderCourse();
  }

  /** Moves section `from` to place `to` (its lessons with it); `focus` names the button that
   *  keeps the keyboard's focus. */
  moveSection(from, to, focus) {
    const secs = this.course.sections;
    if (to < 0 || to >= secs.length || from === to) return;
    const [section] = secs.splice(from, 1);
    secs.splice(to, 0, section);
    this.courseChanged();
    this.say(this.t.movedSection(section.title?.[this.lang] || section.id, to + 1), "course");
    const at = this.ui.courseBox.querySelector(`[data-section="${to}"]`);
    const button = focus === "grip" ? at?.querySelector("[data-section-grip]") : at?.querySelector(`[data-section-move="${focus}"]:not(:disabled)`) ?? at?.querySelector("[data-section-grip]");
    if (focus) button?.focus();
  }

  /**
   * Opens a course made before: a .zip with course.json and the lesson files it names (as
   * "Download the course" makes it, or in a folder), or course.json and its lesson files chosen
   * together. A lesson file that is missing or cannot be read is said, and left out.
   */
  async openCourse(files) {
    const t = this.t;
    const texts = new Map(); // path → text
    try {
      for (const f of files) {
        if (/\.zip$/i.test(f.name) || f.type === "application/zip") {
          if (f.size > COURSE_ZIP_LIMITS.file) return this.say(t.courseTooBig(COURSE_ZIP_LIMITS), "course");
          let unpacked;
          try {
            unpacked = unzipCourse(new Uint8Array(await f.arrayBuffer()), f.name);
          } catch (e) {
            return this.say(e.limit ? t.courseTooBig(COURSE_ZIP_LIMITS) : t.courseUnreadable(e.message), "course");
          }
          // the teacher's recordings (audio/<lesson>/<text>.<lang>.<ext>)
          for (const [path, data] of Object.entries(unpacked.media)) if (AUDIO_ENTRY.test(path)) this.recordings.set(path.slice(path.search(/audio\//)), new Blob([data], { type: `audio/${path.split(".").at(-1).replace("m4a", "mp4")}` }));
          for (const [path, text] of Object.entries(unpacked.texts)) texts.set(path, text);
        } else if (f.size > MAX_LESSON_BYTES) {
          return this.say(t.courseTooBig(COURSE_ZIP_LIMITS), "course");
        } else texts.set(f.name, await f.text());
      }
    } catch (e) {
      return this.say(t.courseUnreadable(e?.message ?? String(e)), "course");
    }
    // every text through the guard (byte-order mark, size, nesting) before JSON.parse walks it
    for (const [path, text] of texts) {
      const g = guardJson(text);
      if (g.refused) texts.delete(path);
      else texts.set(path, g.text);
    }
    // course.json: the shortest path of that name (the top folder of the .zip)
    const coursePath = [...texts.keys()].filter((p) => /(^|\/)course\.json$/.test(p)).sort((a, b) => a.length - b.length)[0];
    let course;
    try {
      course = coursePath && JSON.parse(texts.get(coursePath));
    } catch (e) {
      return this.say(t.courseUnreadable(`${coursePath}: ${e.message}`), "course");
    }
    if (!isObject(course) || !Array.isArray(course.sections)) return this.say(t.noCourseFile, "course");
    const dir = coursePath.includes("/") ? coursePath.slice(0, coursePath.lastIndexOf("/") + 1) : "";
    const resolve = (name) => {
      const parts = [];
      for (const p of `${dir}${name}`.split("/")) {
        if (p === "..") parts.pop();
        else if (p && p !== ".") parts.push(p);
      }
      return parts.join("/");
    };
    const missing = [];
    let count = 0;
    const sections = course.sections.filter(isObject).map((s, k) => ({
      id: typeof s.id === "string" ? s.id : `section-${k + 1}`,
      title: { ...newText(), ...(isObject(s.title) ? s.title : {}) },
      lessons: (Array.isArray(s.lessons) ? s.lessons : []).flatMap((name) => {
        const path = resolve(String(name));
        // a file chosen by the picker has no folder: its name alone
        const text = texts.get(path) ?? texts.get(path.split("/").at(-1));
        try {
          const lesson = text != null && JSON.parse(text);
          if (!isObject(lesson)) throw new Error();
          if (typeof lesson.id !== "string") lesson.id = String(name).split("/").at(-1).replace(/\.json$/i, "");
          count++;
          return [lesson];
        } catch {
          missing.push(String(name));
          return [];
        }
      }),
    }));
    const had = this.course.sections.some((s) => s.lessons.length);
    if (had && !confirm(t.replaceCourseAsk)) return;
    this.course = { title: { ...newText(), ...(isObject(course.title) ? course.title : {}) }, sections };
    this.courseChanged();
    this.say(t.courseOpened(count, sections.length) + (missing.length ? ` ${t.courseMissing(missing)}` : ""), "course");
  }

  addToCourse() {
    const t = this.t;
    if (this.broken != null) return this.say(t.brokenJson);
    const c = this.course;
    if (!c.sections.length) c.sections.push({ id: "section-1", title: newText(), lessons: [] });
    const copy = clone(this.lesson);
    for (const s of c.sections) {
      const k = s.lessons.findIndex((l) => l.id === copy.id);
      if (k >= 0) {
        s.lessons[k] = copy;
        this.courseChanged();
        return this.say(t.replacedInCourse(copy.id), "course");
      }
    }
    c.sections.at(-1).lessons.push(copy);
    this.courseChanged();
    this.say(t.addedToCourse(copy.id), "course");
  }

  editFromCourse(si, li) {
    if (this.dirty && !confirm(this.t.replaceAsk)) return;
    this.lesson = clone(this.course.sections[si].lessons[li]);
    this.broken = null;
    this.changed();
    this.syncSetup();
    this.ui.form.scrollIntoView({ block: "start" });
  }

  /** Moves a lesson one place up or down, across the section's edge into the next section. */
  moveBy(si, li, by, keepFocus = false) {
    const secs = this.course.sections;
    let to = { si, li: li + by };
    if (to.li < 0) {
      if (si === 0) return;
      to = { si: si - 1, li: secs[si - 1].lessons.length };
    } else if (to.li >= secs[si].lessons.length) {
      if (si === secs.length - 1) return;
      to = { si: si + 1, li: 0 };
    }
    const placed = this.moveLesson({ si, li }, to);
    if (keepFocus && placed) this.ui.courseBox.querySelector(`[data-section="${placed.si}"] li[data-lesson="${placed.li}"]`)?.focus();
  }

  moveLesson(from, to) {
    const secs = this.course.sections;
    const [lesson] = secs[from.si].lessons.splice(from.li, 1);
    if (!lesson) return null;
    let at = to.li;
    if (from.si === to.si && from.li < to.li && to.li > secs[to.si].lessons.length) at = secs[to.si].lessons.length;
    secs[to.si].lessons.splice(Math.min(at, secs[to.si].lessons.length), 0, lesson);
    this.courseChanged();
    this.say(this.t.movedLesson(lesson.id, to.si + 1, at + 1), "course");
    return { si: to.si, li: Math.min(at, secs[to.si].lessons.length - 1) };
  }

  /**
   * The whole course in a link (studio-share.js courseLink: the course and its lessons, deflated,
   * as a lesson's link), through the gate; when the link is too long for a messenger, one .html
   * file to hand out instead: opened in a browser, it goes to the app with the course (a browser
   * takes a far longer address than a messenger keeps).
   */
  async shareCourse() {
    const t = this.t;
    const box = this.ui.courseShare;
    box.replaceChildren();
    box.hidden = true;
    if (!this.course.sections.some((s) => s.lessons.length)) return this.say(t.courseEmpty, "course");
    const out = await this.beforeExport("course");
    if (!out) return;
    // the lessons as checked, without their recordings (a link carries no audio)
    let k = 0;
    const sections = this.course.sections.map((s) => ({
      ...s,
      lessons: s.lessons.map(() => {
        const { audio, ...lesson } = JSON.parse(out.lessons[k++].text);
        return lesson;
      }),
    }));
    const link = courseLink(location.href, { title: this.course.title, sections });
    box.hidden = false;
    const count = out.lessons.length;
    if (link.length <= MAX_LINK) {
      h("label", { for: "studio-course-link" }, box, t.courseLinkLabel);
      const input = h("input", { id: "studio-course-link", type: "text", readonly: "", "data-course-share": "link" }, box);
      input.value = link;
      this.button(box, t.copyLink, async () => this.say((await copyText(link)) ? t.linkCopied : t.copyFailed, "course"));
      h("a", { href: link, target: "_blank", rel: "noopener" }, box, t.openLink);
      h("p", { class: "studio-note" }, box, t.courseLinkNote(link.length, count));
      input.select();
      return this.say(t.courseShared, "course");
    }
    h("p", { class: "studio-too-long", "data-course-share": "too-long" }, box, t.courseTooLongLink(link.length, MAX_LINK));
    // the app reads at most MAX_DATA characters of a fragment: past that, the .zip
    if (link.length - link.indexOf("#") > MAX_DATA) return this.button(box, `⤓ ${t.downloadZip}`, () => this.downloadZip());
    this.button(box, `⤓ ${t.courseFile}`, () => {
      const name = `${courseFileName(this.course, this.lang)}.html`;
      download(name, courseHtml(link, this.course.title?.[this.lang] || courseFileName(this.course, this.lang)), "text/html");
      this.say(t.courseFileSaved(name), "course");
    }, { "data-course-share": "file" });
  }

  /** The course as the files of its folder: course.json, every lesson file (text: its text as
   *  the gate checked it, when given: lessons [{ text }] in the course's order) and the teacher's
   *  recordings beside them (audio/<lesson>/…, bytes). */
  async courseFiles(checked = null) {
    const c = this.course;
    const files = {};
    const course = {
      $schema: "course.schema.json",
      title: { ...newText(), ...c.title },
      sections: c.sections.map((s) => ({ id: s.id, title: { ...newText(), ...s.title }, lessons: s.lessons.map((l) => `${l.id}.json`) })),
    };
    files["course.json"] = `${JSON.stringify(course, null, 2)}\n`;
    let k = 0;
    for (const s of c.sections) for (const l of s.lessons) files[`${l.id}.json`] = checked?.[k++]?.text ?? fileText(l);
    for (const s of c.sections) for (const l of s.lessons) Object.assign(files, await this.audioFiles(l));
    return { course, files };
  }

  /** course.json and every lesson file, as one .zip to unpack into lessons/, named after the course. */
  async downloadZip() {
    const t = this.t;
    const out = await this.beforeExport("course");
    if (!out) return;
    const { files } = await this.courseFiles(out.lessons);
    // the teacher's recordings stored as they are (compressed already)
    const entries = Object.fromEntries(Object.entries(files).map(([name, data]) => [name, typeof data === "string" ? strToU8(data) : [data, { level: 0 }]]));
    const zip = zipSync(entries, { level: 9 });
    const name = `${courseFileName(this.course, this.lang)}.zip`;
    download(name, zip, "application/zip");
    this.say(t.zipped(name, Object.keys(files).length), "course");
  }

  /**
   * The lesson (WHAT "lesson") or the course ("course") as a package of format ID (www/package/):
   * the app's files fetched (app-files.json), the package made and zipped here, and downloaded.
   * What happens is said where the teacher looks; a failure says why, and nothing is lost.
   */
  async downloadPackage(id, what) {
    const t = this.t;
    const near = what === "course" ? "course" : undefined;
    if (what === "course" && !this.course.sections.some((s) => s.lessons.length)) return this.say(t.packageEmpty, near);
    // through the one gate: asked while the check shows an error; the package carries the texts checked
    const out = await this.beforeExport(what);
    if (!out) return;
    this.say(t.packaging, near);
    try {
      let input;
      if (what === "course") {
        const { course, files } = await this.courseFiles(out.lessons);
        const { "course.json": _, ...lessons } = files;
        input = { course, lessons, slug: "course" };
      } else {
        const file = this.fileName(out.lesson ?? this.lesson);
        input = { ...oneLesson({ course: null, lessons: { [file]: out.text } }, file.replace(/\.json$/, "")), slug: null };
      }
      const app = await fetchAppFiles(appBase());
      const { name, zip } = makePackage(id, { ...input, appFiles: app.files, version: app.version, pass: null, lang: this.lang });
      download(name, zip, "application/zip");
      this.say(t.packaged(name, Math.round(zip.length / 1024)), near);
    } catch (error) {
      this.say(t.packageFailed(String(error?.message ?? error)), near);
    }
  }
}
