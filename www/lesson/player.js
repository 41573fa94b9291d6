// The lesson player of <chess-tutor lesson="…">: a plug-in of the widget (README.md, "Plug-ins"),
// loaded only when a lesson is shown, with pkg-lessons/ (the rules plus the judge of chess lessons;
// a lesson with a piece set or the king-and-pawn solver loads pkg-lessons-full/ instead, on demand),
// lesson.css and www/i18n/<lang>/lesson.js. It talks to the widget only through the host: the
// moves and clicks come to it first (play, click), the Lesson of pkg-lessons judges them, the
// moves it plays are handed to the widget (host.played), and it draws the lesson around the board:
// stars, arrows, ticks, crosses and the king-and-pawn ideas as the board's shapes, the task, the
// score and the messages in a panel slot, cards (intro, done, error) in the overlay slot.
// No markup strings: every text goes in textContent.
import * as firstChessPackage from "../pkg-lessons/chess_tutor.js";
import { parseSquare, pieceImage, starPath } from "../board.js";
import { h, iconButton, s } from "../dom.js";
import { sayError } from "../errors.js";
import { GOAL_PICTURES, goalPicture } from "../goals.js";
import { lettersIn, loadWords, sanIn, say } from "../i18n.js";
import { record } from "../progress.js";
import { textOf } from "../text-of.js";
import { local, read as readStored, write as writeStored } from "../storage.js";
import * as speech from "../speech.js";
import { aboutSquares, choiceFacts, choiceOfSquare, drawPicture } from "./ask.js";
import { placeBoxSoon } from "./bubble.js";

const BASE = new URL("../", import.meta.url);
const PARTS = ["lesson", "messages-lesson", "messages-core", "language", "speech"]; // + "messages-check" for a broken lesson
const REPLY_DELAY = 550;
const REFUTE_DELAY = 900;
const SAID_SEEN = 2500; // ms the box over the board stays after its words were said
const EMPTY = "8/8/8/8/8/8/8/8 w - - 0 1";
const ANSWERED = ["best_move", "targets", "question", "can_capture", "stronger"]; // counted in mistakes, not moves
// pkg-lessons' glue; after a trap, renew() makes the next load point it at a fresh instance's
let chessPackage = firstChessPackage;
// the idea a losing move broke (its id without "idea-") and the drawing that shows it
const IDEA_AIDS = { "left-square": "square", "gave-opposition": "opposition", "king-in-front": "keys", "pushed-too-early": "keys" };
const reducedMotion = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)") ?? { matches: false };
// the hand that shows the first move, once per section of the course (the app names the section
// in data-hand): the sections it was shown in, in localStorage
export const HAND_KEY = "chess-tutor:hand:v1";
const handSeen = () => {
  const r = readStored(local(), HAND_KEY);
  try {
    const list = r.ok && r.text ? JSON.parse(r.text) : [];
    return Array.isArray(list) ? list.filter((x) => typeof x === "string") : [];
  } catch {
    return [];
  }
};

// The lesson packages, each loaded once, when a lesson first needs it: pkg-lessons (chess
// lessons, the one a child's first lesson needs) and pkg-lessons-full (with pieces as data and the
// king-and-pawn solver: for a lesson with a piece set, which pkg-lessons' lessonPackage(text)
// names, and for a lesson whose endgameFiles() are not empty, which pkg-lessons cannot solve).
const FULL = "pkg-lessons-full";
let instance = 0; // > 0: each glue imported again under a new URL, so a fresh instance (renew)
// (each glue named whole: the build points it at its hashed name, scripts/web-assets.mjs)
const again = (name) => import(new URL(`${name === FULL ? "pkg-lessons-full/chess_tutor.js" : "pkg-lessons/chess_tutor.js"}?instance=${instance}`, BASE).href);
const PACKAGES = {
  "pkg-lessons": () => (instance ? again("pkg-lessons") : Promise.resolve(firstChessPackage)),
  [FULL]: () => (instance ? again(FULL) : import("../pkg-lessons-full/chess_tutor.js")),
};
// each package's module, named in full: the build gives it a content hash (scripts/web-assets.mjs)
const WASM = { "pkg-lessons": "pkg-lessons/chess_tutor_bg.wasm", [FULL]: "pkg-lessons-full/chess_tutor_bg.wasm" };
/** The package a lesson read by `pkg` plays with: FULL when it needs the solver pkg has not. */
const needsSolver = (pkg, lesson) => !pkg.Endgame && lesson.endgameFiles().length > 0;
const packages = {};
const loadPackage = (name) =>
  (packages[name] ??= PACKAGES[name]()
    .then(async (pkg) => {
      await pkg.default({ module_or_path: new URL(WASM[name], BASE) });
      if (name === "pkg-lessons") chessPackage = pkg;
      return pkg;
    })
    .catch((error) => {
      delete packages[name]; // tried again by the next lesson
      throw error;
    }));
const loadRules = () => loadPackage("pkg-lessons");

/** The rules a lesson's widget shows with (chess-tutor.js, in place of its own pkg/: one package
 *  in a lesson): pkg-lessons' formula table and FIDE's pictures; its Game is an empty board until
 *  the lesson lends its own game (host.useGame; a lesson with a piece set its set, host.usePieces). */
export const rules = () =>
  loadRules().then((pkg) => ({ lesson: true, version: pkg.version(), formulas: new Map(pkg.formulas().map((f) => [f.kind, f])), Game: Empty, sprite: (p) => pieceImage(p.color, p.char) }));
/** An empty board in the Game's reading shape (`new Empty()`), whatever position is asked. */
function Empty() {
  return { fen: () => EMPTY, pieces: () => [], targets: () => [], status: () => ({ turn: "white", check: false, outcome: null }), undo: () => null, redo: () => null, free() {} };
}
// lesson texts fetched ahead (the next lesson's, while the child reads the intro), by URL
const prefetched = new Map();
const fetchLessonText = (url) => {
  const ahead = prefetched.get(url.href);
  prefetched.delete(url.href);
  return ahead ?? fetch(url).then(async (r) => ({ ok: r.ok, status: r.status, text: r.ok ? await r.text() : null }));
};
// king-and-pawn endgames: one solver for every lesson, each data file fetched once
let endgame = null;

/** After a trap (chess-tutor.js "Start over"): the next lesson builds fresh instances of the
 *  lesson packages; the trapped ones' objects (the endgame solver) are dropped, not freed. */
export function renew() {
  if (!Object.keys(packages).length) return;
  for (const name of Object.keys(packages)) delete packages[name];
  endgame = null;
  instance += 1;
}
const endgameData = {};
const loadEndgameFile = (file) =>
  (endgameData[file] ??= fetch(new URL(`endgame/${file}`, BASE)).then(async (r) => {
    if (!r.ok) throw Object.assign(new Error(`HTTP ${r.status}`), { status: r.status });
    return new Uint8Array(await r.arrayBuffer());
  })).catch((error) => {
    delete endgameData[file];
    throw Object.assign(error, { file });
  });

// the shapes of the king-and-pawn ideas, in svg units

/** A teacher's recordings (the lesson's `audio`: a text's JSON pointer → { lang: file }), as
 *  language → the text as shown → the recording's URL (relative to the lesson). `given`: the
 *  studio's recordings not yet saved (<chess-tutor>.lessonAudio, the same shape, blob: URLs). */
// `lesson`: the lesson file as JSON.
function recordings(lesson, url, given) {
  const out = new Map();
  const at = (pointer) => String(pointer).split("/").slice(1).reduce((x, key) => x?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], lesson);
  for (const [pointer, files] of Object.entries({ ...(lesson?.audio ?? {}), ...(given ?? {}) })) {
    const shown = at(pointer);
    if (!shown || typeof files !== "object") continue;
    for (const [lang, file] of Object.entries(files)) {
      const words = typeof shown === "string" ? shown : shown[lang];
      if (typeof words !== "string" || typeof file !== "string" || !words.trim()) continue;
      if (!out.has(lang)) out.set(lang, new Map());
      // the lesson's own files only (a path inside its package, as the server and the checker
      // take them): never another host, which would learn who plays when
      // (or the studio's own recording not saved yet: a blob: URL this page made)
      const studio = given?.[pointer]?.[lang] === file && file.startsWith("blob:");
      const own = studio || (/^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._/-]+$/.test(file) && !file.includes("//"));
      if (!own) continue;
      try {
        out.get(lang).set(words.trim(), new URL(file, url).href);
      } catch {}
    }
  }
  return out;
}

/** Starts the player through the widget's host (chess-tutor.js, README.md "Plug-ins"). */
export function start(host) {
  return new Player(host);
}

class Player {
  #host;
  #el;
  #url;
  #pkg = chessPackage; // the lesson package this lesson plays with
  #stopped = false;
  #lesson = null;
  #data = null;
  #phase = "loading";
  #error = null;
  #says = []; // [{ kind: feedback | failure | hint | info, text | message, id? }]
  #arrows = []; // failure arrows
  #hintShown = null; // { square, arrow? }
  #saysKey = null; // what the feedback box says now
  #moved = []; // the squares of the child's last move (its words talk about them: #placeFeedback)
  #starsLeft = null; // stars still on the board after the last move
  #startStars = null; // stars on the board when the lesson starts
  #before = null; // the lesson's position before the child's last move
  #startFen = null; // the lesson's position at the start
  // after a losing move: the idea it broke, where it shows ({ aid, at: the FEN on the board,
  // fens: the positions that show it, the reply's first })
  #idea = null;
  #wrongSquares = new Set();
  #wrongChoices = new Set();
  #history = []; // the moves played: MoveInfo (san, long…)
  // this try, as a class server records it (README.md "Classes"): the choices answered, the hints
  // shown and when it began; handed on in `lesson-done`'s detail.attempt with the moves' UCI
  #try = { answers: [], clicks: [], hintsAt: [], since: 0 };
  #result = null; // { stars, best, previous, moves, mistakes }
  #quizTotal = 0;
  #quizPiece = null; // the kind of the quiz's piece
  #timer = 0;
  #ui;
  #flipped = false;
  #queened = false;
  // king-and-pawn lessons: the solver's verdict, the last judgement, the drawn ideas
  #verdict = null; // EndgameVerdict from the child's side, or null
  #judgement = null; // the judgement of the child's last move, after a mistake
  #aids = new Set(); // "square" | "opposition" | "keys"
  #shown = null; // the FEN on the board (the refutation shows other positions)
  #watching = false; // the refutation is being played out
  #aidCache = null;
  // lessons with a piece set: its pieces by letter (upper case), from the set's JSON
  #set = null;
  // questions the rules answer (can_capture, stronger): the right choice and why, once answered
  #right = null;
  #why = null;
  #chosen = null; // the right choice's own words (goal.explain), for the done card
  // given up: a lesson failed (or answered wrong) at least once and then left unsolved (another lesson, the page
  // closed) finishes as `lesson-done` with `gaveUp: true` and no stars, once
  #failedOnce = false;
  #leave = () => this.#gaveUp();
  #leaveTry = () => this.#sendTry("left");
  #hand = null; // the hand showing the first move: { box, animations }
  #saysBox = null; // the messages' box shown now (read aloud by its speaker)
  // a teacher's own voice (the lesson's `audio`): language → the text shown → its recording's URL
  #recorded = new Map();
  // reading aloud (speech.js): the voices come after the page (a speaker shows then)
  #offVoices = speech.onVoices(() => this.#render());

  constructor(host) {
    this.#host = host;
    this.#el = host.element;
    this.#url = this.#el.lesson;
    this.#build();
    this.#setPhase("loading");
    this.#load();
  }

  // ---- the widget's hooks

  stop() {
    try {
      this.#sendTry("left");
      this.#gaveUp();
    } catch {} // a trapped instance (chess-tutor.js "Start over"): nothing more to ask it
    removeEventListener("pagehide", this.#leave);
    removeEventListener("pagehide", this.#leaveTry);
    this.#hideHand();
    this.#offVoices();
    speech.cancel(); // leaving the lesson: nothing more is said
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#host.feedback?.(null);
    try {
      this.#lesson?.free();
    } catch {}
    this.#lesson = null;
    if (this.#flipped) this.#el.removeAttribute("orientation");
    if (this.#queened) this.#el.removeAttribute("auto-queen");
    for (const k of ["lesson", "lessonGoal", "lessonId"]) delete this.#el.dataset[k];
  }

  /** After every board render (and a new language): the panel, the card and the shapes. */
  draw() {
    this.#render();
  }

  /** A move chosen on the board (a click on a target, a drop, or element.play()). */
  play(from, to, promotion, dropped) {
    if (this.#phase !== "playing" || !this.#lesson) return null;
    this.#hideHand();
    speech.cancel(); // a move: what was being read is over
    this.#before = this.#lesson.fen();
    this.#moved = [from, to];
    const missed = this.#missed(from, to);
    const out = this.#judge(() => this.#lesson.play(from, to, promotion ?? null));
    // a refused move (an idea lesson's other square): a tap on the piece picks it (again)
    if (out && !out.accepted) this.#host.refused?.();
    if (out) this.#outcome(missed && out.accepted && out.progress.state === "playing" ? { ...out, missed } : out, dropped);
    return out;
  }

  /** A drill's move (no opponent, chess) that missed what the piece could reach in one move by
   *  its formula (the rules' targets of the piece, before the move): a star, a piece to take, the
   *  square to reach. The words of where the piece went and where it should have gone
   *  (`lesson-went`, said as the child sees the board), or null. */
  #missed(from, to) {
    const goal = this.#goal;
    const aim = { stars: "star", capture_all: "capture", reach: "reach" }[goal?.type];
    const opponent = this.#data.opponent?.type ?? this.#data.opponent ?? "none";
    if (!aim || this.#set || opponent !== "none" || goal.piece) return null;
    const left = this.#lesson.progress().stars_left ?? [];
    const wanted = (sq) => (aim === "star" ? left.includes(sq) : aim === "capture" ? this.#pieceOn(sq) != null : sq === goal.square);
    const piece = this.#pieceOn(from);
    if (!piece || wanted(to)) return null;
    const [i, j] = parseSquare(from);
    const square = this.#lesson.targets(i, j).find((t) => wanted(t.square))?.square;
    return square ? { id: "lesson-went", args: { piece, to, aim, square } } : null;
  }

  /** A click or key on a square; true when the lesson took it. */
  click(square, target, selected) {
    if (this.#phase !== "playing") return true;
    this.#hideHand();
    const goal = this.#goal.type;
    if (goal === "targets") this.#quiz(square);
    else if (this.#ask()) this.#tapAnswer(square);
    else if (selected && (!target || target.kind === "refused") && !this.#own(square, selected.piece.color)) {
      // a square the picked piece can't go to: the lesson says why (a check, a blocked path, too
      // little force for a capture…)
      this.#moved = [selected.square, square];
      const out = this.#judge(() => this.#lesson.play(selected.square, square, null));
      // a wrong move leaves no stale selection: a tap on the piece picks it (again)
      this.#host.refused?.();
      if (out) this.#outcome(out);
    } else return false;
    return true;
  }

  get #t() {
    return this.#host.words;
  }

  /** The read-aloud attribute changed (chess-tutor.js): on, what is shown now is read; off, the
   *  voice stops. */
  readAloud(on) {
    if (!on) return speech.cancel();
    this.#read(this.#onScreen(), true);
  }

  /** The element left the page (chess-tutor.js): the voice stops, the lesson stays; the try
   *  ends as left (the app took the board away: the child went to another page). */
  silence() {
    speech.cancel();
    this.#sendTry("left");
  }

  // ---- reading aloud (speech.js; README.md, "For children")

  /** Whether a text can be read aloud here: a voice for the lesson's language is installed, or
   *  the teacher recorded the lesson's texts in it. */
  get #canRead() {
    return speech.hasVoice(this.#host.lang) || Boolean(this.#recorded.get(this.#host.lang)?.size);
  }

  /** The teacher's recording of a text shown (a failure's "Oops!" before it is the player's). */
  #recording(text) {
    const mine = this.#recorded.get(this.#host.lang);
    if (!mine?.size) return null;
    const oops = `${this.#t.oops} `;
    return mine.get(text.trim()) ?? (text.startsWith(oops) ? mine.get(text.slice(oops.length).trim()) : null) ?? null;
  }

  /** Which text is shown now, the one to read first: the card, an idea lesson's step, the
   *  question, or the task. */
  #onScreen() {
    if (!this.#ui.card.hidden) return "card";
    if (this.#phase === "loading" || this.#phase === "error") return null;
    if (!this.#ui.step.hidden) return "step";
    if (!this.#ui.question.hidden) return "question";
    return "task";
  }

  /** The parts to say for a text on screen: [{ text, node }] in reading order. */
  #readParts(what) {
    const ui = this.#ui;
    const nodes = (list) => list.filter((n) => n && !n.hidden && n.textContent.trim()).map((node) => ({ text: node.textContent, node, audio: this.#recording(node.textContent) }));
    if (what === "card") return nodes([ui.cardTitle, ...ui.cardText.children]);
    if (what === "task") return nodes([ui.goal]);
    if (what === "step") return nodes([ui.stepText, ui.stepDo]);
    if (what === "question") {
      const ask = this.#ask();
      return [...nodes([ui.questionText, ui.questionTap]), ...[...ui.choices.children].map((node, k) => ({ text: ask?.choices[k] ?? "", node, audio: this.#recording(ask?.choices[k] ?? "") }))];
    }
    if (what === "says") return nodes([...(this.#saysBox?.querySelectorAll(".say-text") ?? [])]);
    return [];
  }

  /** Reads a text on screen aloud (a new text cancels the last). `auto`: only when reading aloud
   *  is on (<chess-tutor read-aloud>); the voices may still be on their way. */
  #read(what, auto, onEnd) {
    if (!what || (auto && !this.#el.hasAttribute("read-aloud"))) return;
    const go = () => {
      if (this.#stopped || (auto && !this.#el.hasAttribute("read-aloud"))) return;
      const parts = this.#readParts(what);
      if (parts.length) speech.speak(parts, { lang: this.#host.lang, words: this.#t, onEnd });
    };
    if (speech.voices().length || !auto || this.#recorded.get(this.#host.lang)?.size) go();
    else speech.voicesReady().then(go);
  }

  /** Says `text` aloud when reading aloud is on (a new text cancels the last). */
  #sayAloud(text) {
    if (text && this.#el.hasAttribute("read-aloud")) speech.speak([{ text }], { lang: this.#host.lang, words: this.#t });
  }

  /** The opponent's move in words, as a move: "Black's knight went to a1." */
  #repliedWords(move) {
    return this.#t.replied?.(move.color, this.#pieceName(move.piece), move.to, move.capture) ?? "";
  }

  /** A speaker button beside a text (hidden where no voice can read it). */
  #speaker(parent, what) {
    return speech.speakerButton(parent, "", () => this.#read(what, false), { "data-read": what });
  }

  /** The lesson's answer to a move, click or choice; null (and said) if the judge failed. */
  #judge(ask) {
    try {
      return ask();
    } catch (error) {
      this.#says = [{ kind: "info", text: sayError(this.#t, error) }];
      this.#render();
      return null;
    }
  }

  /** Is there a piece of `color` on `square` now? (The board shows the lesson's position.) */
  #own(square, color) {
    return this.#host.board.state.pieces.get(square)?.color === color;
  }

  // ---- loading

  async #load() {
    const file = String(this.#url); // as written in the attribute
    const url = new URL(this.#url, document.baseURI);
    const rulesReady = loadRules();
    rulesReady.catch(() => {});
    try {
      await Promise.all([this.#host.loadWords(...PARTS), this.#host.adopt("brushes.css").catch(() => {}), this.#host.adopt("lesson.css").catch(() => {})]);
    } catch (error) {
      return this.#showError({ kind: "rules", error });
    }
    if (this.#stopped) return;
    this.#render();
    // a lesson given as text (the studio's Try it, a shared link): <chess-tutor>.lessonText, set
    // before the lesson attribute; it is not fetched, and its stars are not recorded
    let text = this.#el.lessonText ?? null;
    if (text == null) try {
      const response = await fetchLessonText(url);
      if (!response.ok) return this.#showError({ kind: "missing", file, status: response.status });
      text = response.text;
    } catch {
      return this.#showError({ kind: "network", file });
    }
    try {
      await rulesReady;
    } catch (error) {
      return this.#showError({ kind: "rules", error });
    }
    if (this.#stopped) return;
    // a lesson with a piece set plays with the package that has pieces as data
    const need = chessPackage.lessonPackage(text);
    if (need) {
      try {
        this.#pkg = await loadPackage(need);
      } catch (error) {
        return this.#showError({ kind: "rules", error });
      }
      if (this.#stopped) return;
    }
    const pkg = this.#pkg;
    // a lesson that names a piece set file: pieces/<id>.json next to the lesson
    let setText;
    const setFile = pkg.lessonPiecesFile?.(text);
    if (setFile) {
      const name = `pieces/${setFile}.json`;
      try {
        const response = await fetch(new URL(name, url));
        if (!response.ok) return this.#showError({ kind: "missing", file: name, status: response.status });
        setText = await response.text();
      } catch {
        return this.#showError({ kind: "network", file: name });
      }
      if (this.#stopped) return;
    }
    try {
      this.#lesson = new pkg.Lesson(text, setText);
    } catch {
      if (pkg.checkLesson) return this.#showBroken(file, text, setText);
      // pkg-lessons only refuses (its lean reading is stricter in a corner): pkg-lessons-full
      // reads the lesson again and decides, and its checker names the places
      if (!(await this.#readWithFull(file, text, setText))) return;
    }
    if (needsSolver(this.#pkg, this.#lesson)) {
      // a king-and-pawn lesson: read again by the package with the solver
      this.#lesson.free();
      this.#lesson = null;
      if (!(await this.#readWithFull(file, text, setText))) return;
    }
    try {
      await this.#loadEndgame();
    } catch (error) {
      const file = `endgame/${error.file}`;
      return this.#showError(error.status ? { kind: "missing", file, status: error.status } : { kind: "network", file });
    }
    if (this.#stopped) return; // stop() freed the lesson
    // a lesson with a piece set: the widget plays with that set's rules and pictures, through
    // this package's VariantGame (pkg-variant need not load)
    const set = this.#lesson.pieces();
    // the lesson as its file says (the package has read and checked it: it is JSON, and the
    // fields the package defaults are read here with the same defaults: rules, student, opponent,
    // a shape's colour); the package hands no copy of it over (its writer cost pkg-lessons 2.5 KB)
    this.#data = JSON.parse(text.replace(/^\uFEFF/, ""));
    this.#recorded = recordings(this.#data, url, this.#el.lessonAudio);
    if (set) {
      this.#set = new Map(JSON.parse(set).pieces.map((p) => [p.letter.toUpperCase(), p]));
      try {
        // the force view would give away the answer of a question about force
        await this.#host.usePieces(set, this.#pkg.VariantGame, { forceView: !["stronger", "can_capture"].includes(this.#goal.type) });
      } catch (error) {
        return this.#showError({ kind: "rules", error });
      }
      if (this.#stopped) return;
    }
    // a chess lesson: the widget shows the lesson's own game (pieces, targets, status)
    else this.#host.useGame((fen) => this.#gameAt(fen));
    if (this.#data.rules === "auto_queen" && !this.#el.autoQueen) {
      this.#queened = true;
      this.#el.autoQueen = true; // no piece picker: the pawn becomes a queen
    }
    this.#el.dataset.lessonId = this.#data.id;
    this.#el.dataset.lessonGoal = this.#goal.type;
    if (this.#data.student === "black" && !this.#el.hasAttribute("orientation")) {
      this.#flipped = true;
      this.#el.setAttribute("orientation", "black");
    }
    this.#quizSetup();
    this.#updateVerdict();
    this.#setPhase("intro");
    this.#startFen = this.#lesson.fen();
    this.#startStars = this.#lesson.progress().stars_left?.length ?? null;
    this.#show(this.#lesson.fen());
    this.#host.emit("lesson-ready", { id: this.#data.id, url: url.href, title: this.#data.title });
    this.#read("card", true); // the intro, as soon as its card shows
    this.#preloadNext();
  }

  /** While the child reads the intro: the next lesson's text, the package it plays with and its
   *  endgame data files, fetched ahead, so that it opens at once. Errors wait for that lesson. */
  async #preloadNext() {
    const next = this.#el.getAttribute("next");
    if (!next) return;
    const url = new URL(next, document.baseURI);
    if (prefetched.has(url.href)) return;
    const ahead = fetchLessonText(url);
    prefetched.set(url.href, ahead);
    try {
      const { ok, text } = await ahead;
      if (!ok || this.#stopped) return;
      const need = chessPackage.lessonPackage(text);
      if (need) return void (await loadPackage(need));
      const lesson = new chessPackage.Lesson(text);
      try {
        if (!needsSolver(chessPackage, lesson)) return;
        for (const file of lesson.endgameFiles()) loadEndgameFile(file).catch(() => {});
      } finally {
        lesson.free();
      }
      await loadPackage(FULL);
    } catch {
      /* the next lesson says what went wrong when it opens */
    }
  }

  /** The endgame solver's data files the lesson needs (none for most lessons). */
  /** Reads the lesson with pkg-lessons-full (this.#pkg from then on); false when it could not
   *  (the error or the broken lesson's card is shown) or the lesson was closed meanwhile. */
  async #readWithFull(file, text, setText) {
    try {
      this.#pkg = await loadPackage(FULL);
    } catch (error) {
      this.#showError({ kind: "rules", error });
      return false;
    }
    if (this.#stopped) return false;
    try {
      this.#lesson = new this.#pkg.Lesson(text, setText);
      return true;
    } catch {
      this.#showBroken(file, text, setText);
      return false;
    }
  }

  async #loadEndgame() {
    const lesson = this.#lesson;
    if (typeof lesson.endgameFiles !== "function" || !lesson.endgameFiles().length) return;
    endgame ??= new this.#pkg.Endgame();
    lesson.useEndgame(endgame);
    for (const file of lesson.endgameFiles()) {
      const bytes = await loadEndgameFile(file);
      if (this.#stopped) return;
      lesson.loadEndgame(bytes);
    }
  }

  /** A lesson the checker finds broken: its findings, one a line, in the lesson's language (the
   *  teacher reads them): "file:16:42: /goal/squares/0: 'z9' is not a square…". pkg-lessons
   *  only refuses a broken lesson: the checker with the places is pkg-lessons-full's, loaded now. */
  async #showBroken(file, text, setText) {
    let checker = this.#pkg;
    if (!checker.checkLesson) {
      try {
        checker = await loadPackage(FULL);
      } catch (error) {
        return this.#showError({ kind: "rules", error });
      }
      if (this.#stopped) return;
    }
    const words = await loadWords(this.#host.lang, "messages-check", "messages-lesson", "messages-core").catch(() => this.#t);
    const lines = checker.checkLesson(text, setText)
      .filter((d) => d.severity === "error")
      .map((d) => `${file}:${d.line}:${d.col}: ${d.pointer || "/"}: ${sayError(words, d.message)}`);
    this.#showError({ kind: "broken", file, lines });
  }

  #showError(error) {
    if (this.#stopped) return;
    this.#error = error;
    this.#setPhase("error");
    this.#show(EMPTY);
    this.#host.emit("lesson-error", { url: new URL(this.#url, document.baseURI).href, ...error });
  }

  #quizSetup() {
    if (this.#goal.type !== "targets") return;
    this.#quizTotal = this.#lesson.quizTotal();
    this.#quizPiece = this.#pieceOn(this.#goal.square);
  }

  /** The words for a piece kind (messages-core), or a set piece's own name. */
  #pieceName(kind) {
    if (this.#set) {
      const piece = [...this.#set.values()].find((p) => p.id === kind);
      return piece?.name?.[this.#host.lang] ?? piece?.name?.en ?? kind;
    }
    return say(this.#t, `piece-${kind}`);
  }

  /** A move's SAN with the reader's letters (the word file's, or the set pieces' own). */
  #san(san) {
    const lang = this.#host.lang;
    return sanIn(lettersIn(this.#t, lang, this.#set && [...this.#set.values()]), san);
  }

  /** The kind (a set piece's id) of the piece on `square` in the lesson's position now. */
  #pieceOn(square) {
    return this.#lesson.pieceAt(square) ?? undefined;
  }

  /** A question answered with the big buttons: the lesson's own, or one the rules answer (can
   *  the piece capture? who is stronger?). { text, choices, right } or null; `right` is known
   *  for the rules' questions once answered. */
  #ask() {
    const goal = this.#goal;
    const t = this.#t;
    if (goal.type === "question") return { text: this.#text(goal.question), choices: (goal.choices ?? []).map((c) => this.#text(c)), right: goal.answer, written: goal.choices ?? [], results: goal.results };
    if (goal.type === "can_capture") return { text: t.ask.canCapture(this.#pieceName(this.#pieceOn(goal.from)), goal.from, goal.to), choices: t.ask.yesNo, right: this.#right, pictures: ["yes", "no"] };
    if (goal.type === "stronger") return { text: t.ask.stronger(goal.square), choices: t.ask.sides, right: this.#right, pictures: ["white", "black", "equal"] };
    return null;
  }

  /** What each choice of the question stands for (www/lesson/ask.js): its square on the board,
   *  its picture. */
  #facts(ask = this.#ask()) {
    if (!ask) return [];
    return choiceFacts({ choices: ask.written ?? ask.choices, pictures: ask.pictures, results: ask.results }, { [this.#host.lang]: this.#t });
  }

  /** A tap on the board during a question: a choice's square answers it; another square is
   *  said to be none of the answers (a question about a square) or sends to the buttons. */
  #tapAnswer(square) {
    const facts = this.#facts();
    const k = choiceOfSquare(facts, square);
    if (k >= 0 && !this.#wrongChoices.has(k)) return this.#answer(k);
    this.#says = [{ kind: "info", text: aboutSquares(facts) ? this.#t.notAChoice(square) : this.#t.chooseBelow }];
    this.#render();
    this.#announce();
  }

  /** The lesson's game as the widget reads it (host.useGame), in the lesson's package: the
   *  position now (`fen` null or the lesson's), or a position shown for a moment (a refutation's
   *  step), whose pieces and status the lesson reads and where no piece moves. */
  #gameAt(fen) {
    const lesson = this.#lesson;
    const at = fen == null || fen === lesson.fen() ? undefined : fen;
    return {
      fen: () => at ?? lesson.fen(),
      pieces: () => lesson.boardPieces(at),
      status: () => lesson.status(at),
      targets: (i, j) => (at ? [] : lesson.targets(i, j)),
      undo: () => null,
      redo: () => null,
      free() {},
    };
  }

  /** Shows `fen` on the board (remembered for the drawn ideas). */
  #show(fen) {
    this.#shown = fen;
    this.#host.show(fen);
  }

  /** The widget plays a move the lesson (or the refutation) played, and slides it; `fen`: the
   *  lesson's position after it when it is that (a drill hands the move back to the child). */
  #played(move, fen, extra) {
    if (move) this.#host.played({ ...move, ...extra }, fen);
    else if (fen) this.#host.show(fen);
    this.#shown = this.#el.fen;
  }

  /** Every text a person reads: a message { id, args } said in the words (and a failure's
   *  idea after it), a teacher's { ru, en }, or words already. */
  #text(x) {
    if (x == null || typeof x === "string") return x ?? "";
    // a way said "as the child sees the board" (lesson-went, lesson-arrow-not) is turned with it
    const seen = (m) => (this.#flipped ? { ...m, args: { ...m.args, flip: true } } : m);
    if (x.message) return [x.message, x.idea].filter(Boolean).map((m) => say(this.#t, seen(m))).join(" ");
    if (x.text) return this.#text(x.text);
    return textOf(x, this.#host.lang);
  }

  #setPhase(phase) {
    this.#phase = phase;
    this.#el.dataset.lesson = phase;
  }

  /** Whether a hint can be found: the lesson writes one, or the player finds one from the
   *  position (a drill, a mate, the best move, an endgame against the solver). */
  get #hintable() {
    const data = this.#data;
    if (!data) return false;
    const drill = !data.opponent || data.opponent.type === "none";
    const type = this.#goal.type;
    return Boolean(data.hints) || (drill && ["stars", "capture_all", "reach", "promote"].includes(type)) || ["mate", "best_move", "check", "keep_pieces"].includes(type) || data.opponent?.type === "solver";
  }

  get #goal() {
    return this.#data?.goal ?? { type: "" };
  }

  /** An idea lesson (goal `show`): steps to read (Next) and moves to follow on the arrow. */
  get #showing() {
    return this.#goal.type === "show";
  }

  /** A show lesson's step now (LessonShowStep), or null. */
  #step() {
    if (!this.#showing || !this.#lesson) return null;
    try {
      return this.#lesson.showStep();
    } catch {
      return null;
    }
  }

  /** A new step is shown: its words in the live region; a step that waits for Next has its
   *  button focused (the arrow's step: the board, for a keyboard user who was on Next). */
  #stepShown(focus) {
    const step = this.#step();
    if (!step || this.#phase !== "playing") return;
    const words = this.#text(step.text);
    this.#announce(step.arrow ? `${words} ${this.#t.show.doMove}` : words);
    if (step.arrow) this.#offerHand(step.arrow);
    this.#read("step", true);
    // after the pointer's own focus on the square it went down on (the move is played then)
    if (!step.arrow) setTimeout(() => !this.#stopped && !this.#ui.stepNext.hidden && this.#ui.stepNext.focus({ preventScroll: true }));
    else if (focus) this.#host.focusBoard();
  }

  /** Next: the step is read. */
  #stepNext() {
    if (this.#phase !== "playing" || !this.#showing) return;
    const wasFocused = this.#ui.stepNext.matches(":focus");
    const out = this.#judge(() => this.#lesson.next());
    if (!out?.accepted) return;
    this.#clearTransient();
    this.#says = [];
    if (out.progress.state === "done") {
      this.#done(out.progress.stars ?? 3);
      return this.#render();
    }
    this.#render();
    this.#stepShown(wasFocused);
  }

  /** Says the first message (or `text`) in the widget's live region. */
  #announce(text = this.#text(this.#says[0])) {
    if (text) this.#host.announce(text);
  }

  // ---- playing

  #begin() {
    if (this.#phase !== "intro") return;
    const keyboard = this.#ui.start.matches(":focus-visible");
    this.#try = { answers: [], clicks: [], hintsAt: [], since: performance.now() };
    this.#setPhase("playing");
    if (this.#el.lessonText == null) addEventListener("pagehide", this.#leave);
    addEventListener("pagehide", this.#leaveTry);
    this.#render();
    if (this.#showing) return this.#stepShown(keyboard);
    this.#announce(this.#goalText());
    this.#offerHand(this.#writtenMove());
    this.#read(this.#onScreen(), true);
    // a keyboard user goes on from the board (a question: from its first choice)
    if (!keyboard) return;
    const choice = this.#ui.choices.querySelector("button");
    if (choice) choice.focus({ preventScroll: true });
    else this.#host.focusBoard();
  }

  #updateVerdict() {
    try {
      this.#verdict = this.#lesson?.verdict?.() ?? null;
    } catch {
      this.#verdict = null;
    }
  }

  /** After a losing move: take it back and try again from the position before it. */
  #takeBack() {
    if (!this.#lesson || this.#phase !== "failed" || !this.#judgement?.mistake) return;
    this.#stopWatching();
    if (!this.#lesson.takeBack()) return;
    this.#history.pop();
    this.#again([{ kind: "info", text: this.#t.eg.tryOther }]);
    this.#announce();
    this.#host.focusBoard();
  }

  /** After a losing move: play the opponent's best line on the board, move by move. */
  #watch() {
    const j = this.#judgement;
    if (!j?.mistake || !j.refutation.length || this.#phase !== "failed") return;
    this.#stopWatching();
    this.#watching = true;
    this.#clearTransient();
    this.#says = [{ kind: "info", text: this.#t.eg.watching }];
    this.#announce();
    // the line played by the lesson's own game, on a copy: each move with the FEN after it
    const line = this.#lesson.line(j.refutation);
    const step = () => {
      if (this.#stopped || !this.#watching) return;
      const { move: info, fen: after } = line.shift() ?? {};
      if (!info) {
        this.#watching = false;
        this.#says = [{ kind: "info", text: this.#t.eg.watched }];
        this.#render();
        return this.#announce();
      }
      this.#played(info, after);
      this.#announce(this.#san(info.san));
      this.#timer = setTimeout(step, reducedMotion.matches ? 300 : REFUTE_DELAY);
    };
    this.#render();
    this.#timer = setTimeout(step, reducedMotion.matches ? 100 : REFUTE_DELAY / 2);
  }

  #stopWatching() {
    if (!this.#watching) return;
    clearTimeout(this.#timer);
    this.#watching = false;
  }

  #toggleAid(aid) {
    if (!this.#aids.delete(aid)) this.#aids.add(aid);
    this.#render();
    if (this.#aids.has(aid)) this.#announce(this.#aidTexts().find((x) => x.aid === aid)?.text);
  }

  #retry() {
    if (!this.#lesson) return;
    this.#sendTry("again");
    clearTimeout(this.#timer);
    this.#watching = false;
    this.#lesson.retry();
    this.#try = { answers: [], clicks: [], hintsAt: [], since: performance.now() };
    this.#wrongSquares.clear();
    this.#wrongChoices.clear();
    this.#history = [];
    this.#result = null;
    this.#right = this.#why = this.#chosen = null;
    this.#again([]);
    if (this.#showing) this.#stepShown(false);
    else {
      this.#announce(this.#goalText());
      this.#read(this.#onScreen(), true);
    }
  }

  /** Playing again from the lesson's position (after a retry or a takeback). */
  #again(says) {
    this.#judgement = null;
    this.#idea = null;
    this.#aidCache = null;
    this.#starsLeft = null;
    this.#updateVerdict();
    this.#clearTransient();
    this.#says = says;
    this.#setPhase("playing");
    this.#show(this.#lesson.fen());
  }

  #next() {
    const next = this.#el.getAttribute("next");
    const go = this.#host.emit("lesson-next", { id: this.#data?.id ?? null, next: next ? new URL(next, document.baseURI).href : null }, true);
    if (go && next) this.#el.setAttribute("lesson", next);
  }

  #hint() {
    if (this.#phase !== "playing") return;
    const hint = this.#lesson.hint();
    if (!hint) this.#says = [{ kind: "info", text: this.#t.noHint }];
    else {
      // the hint is for the position now: the piece where it stands, then the move from there;
      // the lesson's own words while its hint still applies, else words made from the move
      this.#hintShown = { square: hint.square, arrow: hint.arrow ?? null };
      this.#try.hintsAt.push(this.#history.length + this.#try.clicks.length); // asked after so many moves
      const words = hint.text ? { text: hint.text } : hint.message ? { message: hint.message } : { text: hint.arrow ? this.#t.hintMove : this.#t.hintPiece };
      this.#says = [{ kind: "hint", ...words }];
    }
    this.#render();
    this.#announce();
  }

  #clearTransient() {
    this.#arrows = [];
    this.#hintShown = null;
  }

  #fail(failure, judgement) {
    if (!failure) return;
    this.#failedOnce = true;
    this.#host.sound?.("wrong");
    this.#host.emit("lesson-failed", { id: this.#data?.id ?? null, failure: failure.id ?? null }); // practice: once more, then an easier one
    // a losing move in a king-and-pawn lesson: draw the idea it broke
    if (judgement?.mistake) {
      this.#judgement = judgement;
      const aid = IDEA_AIDS[judgement.idea?.id?.replace(/^idea-/, "")];
      if (aid) {
        this.#aids.add(aid);
        // drawn where it shows: the position now, else after the opponent's answer (the
        // opposition it takes), else before the move (the opposition that was given away)
        const at = this.#lesson.fen();
        const reply = judgement.refutation?.[0];
        const afterReply = reply ? this.#lesson.line([reply])[0]?.fen : undefined;
        // the judge says what to draw (idea.args): the opposition the other king takes…
        const a = judgement.idea?.args ?? {};
        const taken = a.white_king && a.black_king ? { white_king: a.white_king, black_king: a.black_king, holder: a.holder, kind: a.kind ?? "direct", between: a.between ? String(a.between).split(" ") : [] } : null;
        this.#idea = { aid, at, opposition: taken, fens: [afterReply, this.#before].filter(Boolean) };
        this.#aidCache = null;
      }
    }
    this.#says.push({ ...failure, kind: "failure" });
    this.#arrows = failure.arrows ?? [];
    // an endgame mistake: the failure names the idea it broke; the arrow shows the answer
    const reply = judgement?.refutation?.[0];
    if (!this.#arrows.length && reply) this.#arrows = [{ from: reply.slice(0, 2), to: reply.slice(2, 4) }];
  }

  #outcome(out, dropped) {
    this.#clearTransient();
    this.#says = [];
    // the teacher's words for the move, also for one the rules refuse (a capture without
    // enough force)
    // in the colour and with the icon of what the move was: a wrong move's words never look "right"
    if (out.feedback) this.#says.push({ kind: "feedback", text: out.feedback, tone: !out.accepted || out.failure ? "wrong" : "right" });
    // a right answer of the group a best_move lesson accepts: the group said ("Right! exd5 wins the queen.")
    if (out.accepted && out.why && !out.failure) this.#says.push({ kind: "feedback", tone: "right", message: (this.#why = out.why) });
    if (!out.accepted && this.#showing) {
      // an idea lesson is never failed: the arrow's words, kindly
      if (out.failure) this.#says.push({ kind: "info", message: out.failure.message });
      this.#render();
      return this.#announce();
    }
    if (!out.accepted) {
      this.#fail(out.failure);
      this.#render();
      return this.#announce();
    }
    // the child's move, then (after a moment to see it) the reply
    this.#played(out.played, out.reply ? null : this.#lesson.fen(), { dropped });
    this.#history.push(out.played);
    if (out.reply) {
      this.#setPhase("busy");
      this.#says.push({ kind: "info", text: this.#t.replying(out.reply.color) });
      this.#render();
      this.#timer = setTimeout(() => this.#reply(out), reducedMotion.matches ? 50 : REPLY_DELAY);
      return;
    }
    this.#finish(out);
  }

  /** A drill's missed star, piece or square (#missed): said without ending the attempt; the
   *  teacher's words for the move come instead. */
  #note(out) {
    if (out.missed && !out.feedback) this.#says.push({ kind: "info", message: out.missed });
  }

  #reply(out) {
    if (this.#stopped) return;
    this.#says = this.#says.filter((x) => x.kind !== "info");
    this.#played(out.reply, this.#lesson.fen());
    this.#history.push(out.reply);
    this.#setPhase("playing");
    this.#finish(out);
  }

  #finish(out) {
    this.#updateVerdict();
    if (out.judgement) this.#judgement = out.judgement;
    this.#note(out);
    this.#fail(out.failure, out.judgement);
    const state = out.progress.state;
    // a star collected: a gentle "right"
    const left = this.#lesson.progress().stars_left.length;
    // (before the first move: the stars of the lesson's start, the move's own included)
    const starTaken = state === "playing" && !out.failure && left < (this.#starsLeft ?? this.#startStars ?? left);
    if (starTaken) this.#host.sound?.("right");
    this.#starsLeft = left;
    if (state === "done") this.#done(out.progress.stars ?? 1);
    else this.#setPhase(state === "failed" ? "failed" : "playing");
    this.#render();
    // heard by a child who cannot read: the opponent's move as a move, a star collected (the
    // messages, when there are some, are read instead)
    if (state !== "done" && !this.#says.length) this.#sayAloud([out.reply && this.#repliedWords(out.reply), starTaken && this.#t.starTaken(left)].filter(Boolean).join(" "));
    if (state !== "done" && this.#showing) this.#stepShown(false);
    else if (state !== "done") this.#announce(this.#says.map((x) => this.#text(x)).join(" "));
  }

  /** This try as a class server records it: the moves (the child's and the replies, UCI, in
   *  order; a quiz's clicks: their squares), the choices answered (indexes), the hints shown
   *  (and after how many moves each was asked: hintsAt), the time in ms. */
  #attempt() {
    const t = this.#try;
    return { moves: [...this.#history.map((m) => m?.uci).filter(Boolean), ...t.clicks], answers: [...t.answers], hints: t.hintsAt.length, hintsAt: [...t.hintsAt], ms: t.since ? Math.round(performance.now() - t.since) : 0 };
  }

  /** This try for a class server (README.md "Classes": every try is recorded), once, when it
   *  ends: `solved`, `again` ("Again" before or after a failure) or `left` (another lesson, the
   *  page closed), as `lesson-try` with the attempt; a try in which nothing was done is not one.
   *  A try left as the page hid that goes on after all (the page shown again) is sent solved too. */
  #sendTry(end) {
    const t = this.#try;
    if (!this.#data || !t.since || (t.sent && !(t.sent === "left" && end === "solved"))) return;
    const attempt = this.#attempt();
    if (end !== "solved" && !attempt.moves.length && !attempt.answers.length && !attempt.hints) return;
    t.sent = end;
    this.#host.emit("lesson-try", { id: this.#data.id, title: this.#data.title, end, attempt });
  }

  /** The child leaves a lesson that failed and was never solved: it ends as given up. */
  #gaveUp() {
    if (this.#phase === "done" || !this.#data) return;
    const p = this.#lesson?.progress();
    if (!this.#failedOnce && !(p?.mistakes > 0)) return;
    this.#failedOnce = false;
    removeEventListener("pagehide", this.#leave);
    this.#host.emit("lesson-done", { id: this.#data.id, title: this.#data.title, stars: 0, best: null, moves: p?.moves ?? 0, mistakes: p?.mistakes ?? 0, gaveUp: true, attempt: this.#attempt() });
  }

  #done(stars) {
    this.#failedOnce = false;
    removeEventListener("pagehide", this.#leave);
    this.#sendTry("solved");
    const p = this.#lesson.progress();
    const saved = this.#el.lessonText == null ? record(this.#data.id, stars) : { stars, previous: null };
    // moves as the move list counts them (a taken-back move is not one); what take-backs cost
    // the whole sitting's mistakes ("Try again" keeps them) and the hints that showed the move:
    // the stars (the player's) count them, and the card says them
    this.#result = { stars, best: saved.stars, previous: saved.previous, moves: p.moves, mistakes: p.mistakes, earlier: p.earlier ?? 0, hintsShown: p.hints_shown ?? 0, takenBack: p.taken_back ?? 0, starCost: p.star_cost ?? 0, notKept: saved.saved?.ok === false ? saved.saved.reason : null };
    this.#host.sound?.("done");
    this.#setPhase("done");
    const notKept = this.#result.notKept && (this.#t.notKept[this.#result.notKept] ?? this.#t.notKept.other);
    this.#announce(`${this.#t.done[stars]} ${this.#t.starsWon(stars)}${notKept ? ` ${notKept}` : ""}`);
    this.#host.emit("lesson-done", { id: this.#data.id, title: this.#data.title, stars, best: saved.stars, moves: p.moves, mistakes: p.mistakes, attempt: this.#attempt() });
    queueMicrotask(() => (this.#el.dataset.more && !this.#el.hasAttribute("next") ? this.#ui.cardMore : this.#ui.next.hidden ? this.#ui.cardRetry : this.#ui.cardNext).focus({ preventScroll: true }));
    queueMicrotask(() => this.#read("card", true)); // the done card and what was learned, once drawn
  }

  /** A quiz click or a question's answer: right, or a mistake said and marked. */
  #answered(out, wrong) {
    if (!out) return;
    this.#clearTransient();
    this.#says = [];
    if (out.correct === false) {
      wrong();
      this.#fail(out.failure);
    } else if (out.correct && out.progress.state !== "done") this.#host.sound?.("right");
    // a question the rules answer: why, with the force on both sides
    const tone = out.correct === false ? "wrong" : "right";
    if (out.why) this.#says.push({ kind: "feedback", tone, message: (this.#why = out.why) });
    // a question's choice explained (goal.explain): said after the answer, right or wrong
    if (out.feedback) this.#says.push({ kind: "feedback", tone, text: out.feedback });
    if (out.correct && out.feedback) this.#chosen = out.feedback;
    const state = out.progress.state;
    if (state === "done") this.#done(out.progress.stars ?? 1);
    else if (state === "failed") this.#setPhase("failed");
    this.#render();
    return state !== "done";
  }

  #quiz(square) {
    const out = this.#judge(() => this.#lesson.click(square));
    if (out) this.#try.clicks.push(square);
    if (this.#answered(out, () => this.#wrongSquares.add(square))) this.#announce(out.correct ? this.#t.right(square) : undefined);
  }

  #answer(index) {
    if (this.#phase !== "playing") return;
    const out = this.#judge(() => this.#lesson.answer(index));
    if (out) this.#try.answers.push(index);
    if (out?.correct) this.#right = index;
    if (this.#answered(out, () => this.#wrongChoices.add(index))) this.#announce();
  }

  // ---- drawing

  #build() {
    const section = h("section", { class: "lesson", part: "lesson", "aria-live": "off" }, this.#host.slot("panel-top"));
    const title = h("h2", { class: "l-title", part: "lesson-title" }, h("div", { class: "l-head" }, section));
    // each text a child is given has a speaker beside it (reading aloud: speech.js)
    const goalRow = h("div", { class: "l-read" }, section);
    const goal = h("p", { class: "l-goal", part: "lesson-goal" }, goalRow);
    const speakers = [this.#speaker(goalRow, "task")];
    // the task's picture (decorative: the words beside it say the task)
    const pict = () => h("img", { class: "l-pict", alt: "", draggable: "false" });
    const goalPict = pict();
    // an idea lesson's step: which one, its words, what to do, and Next
    const step = h("div", { class: "l-step", part: "lesson-step", hidden: "" }, section);
    const stepCount = h("p", { class: "l-step-count" }, step);
    const stepRow = h("div", { class: "l-read" }, step);
    const stepWords = h("div", {}, stepRow);
    const stepText = h("p", { class: "l-step-text" }, stepWords);
    const stepDo = h("p", { class: "l-step-do" }, stepWords);
    speakers.push(this.#speaker(stepRow, "step"));
    const stepNext = h("button", { type: "button", class: "l-step-next big", part: "button lesson-step-next" }, step);
    stepNext.onclick = () => this.#stepNext();
    const question = h("div", { class: "l-question" }, section);
    const questionRow = h("div", { class: "l-read" }, question);
    const questionText = h("p", { class: "l-q" }, questionRow);
    speakers.push(this.#speaker(questionRow, "question"));
    const questionPict = pict();
    // a question about a square: the square is tapped on the board
    const questionTap = h("p", { class: "l-tap", hidden: "" }, question);
    const choices = h("div", { class: "l-choices", role: "group" }, question);
    // the messages: in the widget's feedback box over the board when it has one, else here
    const says = h("div", { class: "l-says", part: "lesson-messages" }, typeof this.#host.feedback === "function" ? null : section);
    // king-and-pawn lessons: the verdict, before and after the last move, and the ideas to draw
    const eg = h("div", { class: "l-eg", part: "lesson-endgame" }, section);
    const verdict = h("p", { class: "l-verdict" }, eg);
    const change = h("p", { class: "l-change" }, eg);
    const aidBox = h("div", { class: "l-aids", role: "group" }, eg);
    const aids = {};
    for (const [aid, icon] of [["square", "□"], ["opposition", "⇅"], ["keys", "◆"]])
      aids[aid] = iconButton(aidBox, { class: "l-aid", "data-aid": aid, "aria-pressed": "false" }, icon, () => this.#toggleAid(aid));
    const notes = h("ul", { class: "l-notes" }, eg);
    const score = h("div", { class: "l-score", part: "lesson-score" }, section);
    const count = h("span", { class: "l-count" }, score);
    const par = h("span", { class: "l-par" }, score);
    const history = h("ol", { class: "l-history", part: "lesson-moves" }, section);
    // after a failure: which button to press, next to the buttons
    const nextStep = h("p", { class: "l-next-step", hidden: "" }, section);
    const buttons = h("div", { class: "l-buttons actions" }, section);
    const intro = h("p", { class: "l-intro" }, section);
    // on a phone two lines of it show: a tap shows it whole (its key fact never cut)
    intro.onclick = () => intro.toggleAttribute("data-open");
    const button = (cls, icon, onclick) => iconButton(buttons, { class: cls }, icon, onclick);
    const hint = button("l-hint", "?", () => this.#hint());
    const takeBack = button("l-takeback", "↶", () => this.#takeBack());
    const watch = button("l-watch", "▶", () => this.#watch());
    const retry = button("l-retry", "↻", () => this.#retry());
    const next = button("l-next", "→", () => this.#next());
    // the card over the board
    const card = h("div", { class: "card l-card", part: "lesson-card", role: "group", "aria-labelledby": "l-card-title" }, this.#host.slot("overlay"));
    const box = h("div", { class: "l-box" }, card);
    speakers.push(this.#speaker(box, "card"));
    const face = h("img", { class: "l-face", alt: "", src: new URL("images/pieces.svg#wN", BASE).href }, box);
    const cardStars = h("div", { class: "l-stars", role: "img" }, box);
    const starEls = [0, 1, 2].map(() => s("svg", { viewBox: "0 0 100 100", class: "l-star", "aria-hidden": "true" }, cardStars));
    for (const svg of starEls) s("path", { d: starPath(50, 53, 46, 0.47) }, svg);
    const cardTitle = h("h2", { class: "l-card-title", id: "l-card-title" }, box);
    const cardText = h("div", { class: "l-card-text" }, box);
    const cardPict = pict();
    const cardButtons = h("div", { class: "l-card-buttons" }, box);
    const big = (cls, onclick) => Object.assign(h("button", { type: "button", class: `${cls} big`, part: "button" }, cardButtons), { onclick });
    const start = big("l-start", () => this.#begin());
    const cardRetry = big("l-card-retry", () => (this.#phase === "error" ? this.#reload() : this.#retry()));
    const cardNext = big("l-card-next", () => this.#next());
    // the page's own offer on the done card (data-more: its words; practice: "Next puzzle", the
    // lesson's skill to practise), answered by the page on `lesson-more`
    const cardMore = big("l-card-more", () => this.#host.emit("lesson-more", { id: this.#data?.id ?? null }));
    this.#ui = { speakers, goalRow, goalPict, questionPict, cardPict, step, stepCount, stepText, stepDo, stepNext, nextStep, eg, verdict, change, aidBox, aids, notes, takeBack, watch, section, title, goal, intro, question, questionText, questionTap, choices, score, count, par, history, says, hint, retry, next, card, face, cardStars, starEls, cardTitle, cardText, start, cardRetry, cardNext, cardMore };
  }

  #reload() {
    const url = this.#el.lesson;
    this.#el.removeAttribute("lesson");
    this.#el.setAttribute("lesson", url);
  }

  /** The task's picture `img` for the goal `type`, first in `parent` (none for a goal without one). */
  #pict(img, type, parent) {
    img.hidden = !GOAL_PICTURES.has(type);
    if (img.hidden) return;
    if (img.dataset.goal !== type) {
      img.src = goalPicture(type);
      img.dataset.goal = type;
    }
    parent.prepend(img);
  }

  /** The lesson's written hint as a move { from, to } (its move in SAN or UCI: the last square). */
  #writtenMove() {
    const hints = this.#data?.hints;
    const to = /([a-h][1-8])[^a-h]*$/.exec(hints?.move ?? "")?.[1];
    return hints?.piece && to ? { from: hints.piece, to } : null;
  }

  /**
   * The first lesson of a section (the app's data-hand names the section): a hand taps the piece,
   * then the square of `move` ({ from, to }), twice, once per section (remembered in
   * localStorage, HAND_KEY). Never under reduced motion; taps and keys go to the board through
   * it, and Skip (or the child's first touch) puts it away.
   */
  #offerHand(move) {
    const section = this.#el.dataset.hand;
    const board = this.#host.board;
    if (!section || !move || this.#hand || reducedMotion.matches || this.#phase !== "playing" || !board?.svg) return;
    const seen = handSeen();
    if (seen.includes(section)) return;
    writeStored(local(), HAND_KEY, JSON.stringify([...seen, section]));
    const box = h("div", { class: "l-hand-box", "data-from": move.from, "data-to": move.to }, this.#host.slot("overlay"));
    const ripple = h("span", { class: "l-hand-tap", "aria-hidden": "true" }, box);
    const hand = h("img", { class: "l-hand", alt: "", draggable: "false", src: goalPicture("hand") }, box);
    const skip = h("button", { type: "button", class: "l-hand-skip", part: "button" }, box, this.#t.handSkip);
    skip.onclick = () => {
      this.#hideHand();
      this.#host.focusBoard();
    };
    // the squares' centres, in the box's pixels
    const origin = box.getBoundingClientRect();
    const centre = (square) => {
      const r = board.svg.querySelector(`[data-square="${square}"]`)?.getBoundingClientRect();
      return r && [r.left + r.width / 2 - origin.left, r.top + r.height / 2 - origin.top, r.width];
    };
    const [a, b] = [centre(move.from), centre(move.to)];
    if (!a || !b) return box.remove();
    // Skip in the board's corner farthest from the move's squares, so that it covers neither
    const corners = { "top-right": [origin.width, 0], "top-left": [0, 0], "bottom-right": [origin.width, origin.height], "bottom-left": [0, origin.height] };
    const far = ([x, y]) => Math.min(...[a, b].map(([u, v]) => Math.hypot(u - x, v - y)));
    skip.dataset.corner = Object.keys(corners).reduce((best, c) => (far(corners[c]) > far(corners[best]) + 1 ? c : best));
    // the image's fingertip is at (38%, 6%) of its width
    const size = Math.max(a[2] * 1.1, 56);
    hand.width = hand.height = size;
    ripple.style.width = ripple.style.height = `${size}px`;
    const at = ([x, y], scale = 1) => `translate(${x - 0.38 * size}px, ${y - 0.06 * size}px) scale(${scale})`;
    const off = [a[0] + size * 0.6, a[1] + size * 0.9];
    const frames = [
      { transform: at(off), opacity: 0, offset: 0 },
      { transform: at(a), opacity: 1, offset: 0.2 },
      { transform: at(a, 0.85), offset: 0.27 },
      { transform: at(a), offset: 0.34 },
      { transform: at(b), offset: 0.62 },
      { transform: at(b, 0.85), offset: 0.69 },
      { transform: at(b), opacity: 1, offset: 0.8 },
      { transform: at(b), opacity: 0, offset: 1 },
    ];
    // a ring where the finger taps
    const ring = ([x, y], scale, opacity, offset) => ({ transform: `translate(${x - size / 2}px, ${y - size / 2}px) scale(${scale})`, opacity, offset });
    const taps = [ring(a, 0.2, 0, 0), ring(a, 0.2, 0, 0.26), ring(a, 0.4, 0.9, 0.27), ring(a, 1, 0, 0.4), ring(b, 0.2, 0, 0.68), ring(b, 0.4, 0.9, 0.69), ring(b, 1, 0, 0.82), ring(b, 1, 0, 1)];
    const timing = { duration: 2600, iterations: 2, easing: "ease-in-out", fill: "both" };
    const animations = [hand.animate(frames, timing), ripple.animate(taps, { ...timing, easing: "linear" })];
    this.#hand = { box, animations };
    animations[0].finished.then(() => this.#hand?.box === box && this.#hideHand(), () => {});
  }

  #hideHand() {
    if (!this.#hand) return;
    for (const a of this.#hand.animations) a.cancel();
    this.#hand.box.remove();
    this.#hand = null;
  }

  #goalText() {
    const t = this.#t;
    const goal = this.#goal;
    const ask = this.#ask();
    if (ask) return ask.text;
    switch (goal.type) {
      case "targets":
        return t.goal.targets(this.#pieceName(this.#quizPiece), goal.square, Boolean(this.#set));
      case "mate":
        return t.goal.mate(goal.in ?? 1);
      case "check":
        return t.goal.check(goal.in ?? 1);
      case "draw":
        return t.goal.draw(goal.moves);
      case "keep_pieces":
        return t.goal.keep_pieces(goal.moves);
      case "reach":
        return t.goal.reach(goal.square);
      default:
        // a goal with a square (escape, …) says it
        return t.goal[goal.type]?.(goal.square) ?? goal.type;
    }
  }

  #render() {
    const t = this.#t;
    if (!t || this.#stopped) return;
    const ui = this.#ui;
    const phase = this.#phase;
    const data = this.#data;
    const progress = this.#lesson && data ? this.#lesson.progress() : null;
    ui.section.hidden = phase === "loading" || phase === "error";
    if (data) this.#renderTask(progress);
    // messages: feedback, the failure and a hint
    const mistake = phase === "failed" && this.#judgement?.mistake;
    const says = ["playing", "busy", "failed"].includes(phase) ? [...this.#says] : [];
    // which button to press: beside the buttons, so that the box over the board stays short
    const pressNext = phase === "failed" && !this.#watching && !says.some((x) => x.kind === "info");
    ui.nextStep.hidden = !pressNext;
    ui.nextStep.textContent = pressNext ? (mistake ? t.eg.pressTakeBack : t.pressRetry) : "";
    // one box where the child looks (the widget's, over the board's edge), replaced by the next
    const box = h("div", { class: "l-says", part: "lesson-messages" });
    if (says.length && this.#canRead) {
      const b = this.#speaker(box, "says");
      b.setAttribute("aria-label", t.readAloud);
      b.title = t.readAloud;
    }
    for (const x of says) {
      const wrong = x.kind === "feedback" && x.tone === "wrong";
      const p = h("p", { class: `say say-${x.kind}${wrong ? " say-wrong" : ""}`, "data-kind": x.kind, ...(x.tone ? { "data-tone": x.tone } : {}), ...(x.id ? { "data-failure": x.id } : {}) }, box);
      h("span", { class: "say-icon", "aria-hidden": "true" }, p, wrong ? "✗" : { failure: "!", hint: "?", feedback: "“", info: "i" }[x.kind]);
      const words = h("span", { class: "say-text" }, p);
      if (x.kind === "failure") h("strong", {}, words, `${t.oops} `);
      words.append(this.#text(x));
    }
    this.#showSays(box, says);
    // buttons
    const retryLabel = mistake ? t.eg.startOver : t.retry;
    for (const [b, label] of [[ui.hint, t.hint], [ui.takeBack, t.eg.takeBack], [ui.watch, this.#watching ? t.eg.watchingButton : t.eg.watch], [ui.retry, retryLabel], [ui.next, t.next]]) b.lastChild.textContent = label;
    ui.takeBack.hidden = !mistake;
    ui.takeBack.dataset.big = String(Boolean(mistake));
    ui.watch.hidden = !mistake || !this.#judgement.refutation.length;
    ui.watch.disabled = this.#watching;
    ui.hint.hidden = !this.#hintable || !["playing", "busy"].includes(phase);
    ui.hint.disabled = phase !== "playing";
    // an idea lesson on its first step has nothing to start again
    ui.retry.hidden = !["playing", "busy", "failed", "done"].includes(phase) || (phase === "playing" && this.#showing && this.#step()?.step === 0);
    ui.retry.dataset.big = String(phase === "failed" && !mistake);
    ui.next.hidden = phase !== "done" || !this.#el.hasAttribute("next");
    this.#renderEndgame();
    this.#renderCard();
    // the speakers: named in words, shown where a voice can read the lesson's language
    const canRead = this.#canRead;
    for (const b of ui.speakers) {
      b.hidden = !canRead;
      b.setAttribute("aria-label", t.readAloud);
      b.title = t.readAloud;
    }
    this.#host.setShapes(this.#shapes(progress));
    this.#markHint();
  }

  /** The hint's arrow carries the move it shows: data-hint-from, data-hint-to. */
  #markHint() {
    const arrow = this.#hintShown?.arrow;
    if (!arrow) return;
    for (const g of this.#host.board?.svg?.querySelectorAll(".shape.l-hint-arrow") ?? []) {
      g.setAttribute("data-hint-from", arrow.from);
      g.setAttribute("data-hint-to", arrow.to);
    }
  }

  /** The messages in one box, shown again only when they changed (a box the child closed stays
   *  closed): the widget's feedback box over the board (host.feedback), else the panel's. */
  #showSays(box, says) {
    const key = `${this.#host.lang}|${this.#canRead}|${says.map((x) => `${x.kind}:${x.tone ?? ""}:${x.id ?? ""}:${this.#text(x)}`).join("|")}`;
    if (key === this.#saysKey) return;
    const words = key.slice(key.indexOf("|", this.#host.lang.length + 1));
    const changed = words !== this.#saysKey?.slice(this.#saysKey.indexOf("|", this.#host.lang.length + 1));
    this.#saysKey = key;
    const ui = this.#ui;
    if (typeof this.#host.feedback === "function") {
      ui.says.hidden = true;
      const shown = this.#host.feedback(says.length ? box : null);
      if (shown) this.#placeFeedback(shown);
      this.#saysBox = box;
    } else {
      ui.says.replaceChildren(...box.childNodes);
      this.#saysBox = ui.says;
    }
    // new words (a move's feedback, a failure, a hint): read by themselves when reading is on
    const shownBox = this.#saysBox;
    // the box over the board goes a moment after its words were said (it was seen and heard)
    const gone = () => setTimeout(() => this.#saysBox === shownBox && this.#saysKey === key && !this.#stopped && typeof this.#host.feedback === "function" && this.#host.feedback(null), SAID_SEEN);
    if (says.length && changed) queueMicrotask(() => this.#saysBox === shownBox && this.#read("says", true, gone));
  }

  /** The box over the board goes to the edge that hides least: what its words talk about weighs
   *  most (the hint's squares, the failure's arrows, the squares its words name, and the move
   *  they answer), then the stars still to collect, then the pieces (in the three rows at each
   *  edge). */
  #placeFeedback(box) {
    box.style.removeProperty("top");
    box.style.removeProperty("bottom");
    const geo = this.#host.board?.geometry;
    if (!geo?.visual) return;
    const hint = this.#hintShown;
    const says = this.#says ?? [];
    const named = says.flatMap((x) => String(this.#text(x) ?? "").match(/\b[a-h][1-8]\b/g) ?? []);
    const moved = says.some((x) => x.kind === "feedback" || x.kind === "failure") ? this.#moved : [];
    const weighed = [
      ...[hint?.square, hint?.arrow?.from, hint?.arrow?.to, ...this.#arrows.flatMap((a) => [a.from, a.to]), ...named, ...moved].map((sq) => [sq, 4]),
      ...(this.#lesson?.progress().stars_left ?? []).map((sq) => [sq, 3]),
      ...[...(this.#host.board?.state?.pieces?.keys() ?? [])].map((sq) => [sq, 1]),
    ];
    let top = 0;
    // a question is answered by reading the board: its letters a–h, under the bottom row, stay in sight
    let bottom = this.#goal.type === "question" ? 4 : 0;
    for (const [sq, w] of weighed) {
      if (!sq) continue;
      const row = geo.visual(...parseSquare(sq))[0];
      if (row <= 2) top += w;
      if (row >= 5) bottom += w;
    }
    if (top !== bottom) box.dataset.edge = top < bottom ? "top" : "bottom";
    // then, measured: never over a square its words name or the move's, over empty rows where
    // there are some (www/lesson/bubble.js)
    placeBoxSoon(box, this.#host.board?.svg, weighed, 4);
  }

  /** The title, the task (or the question and its choices), the score and the moves so far. */
  #renderTask(progress) {
    const t = this.#t;
    const ui = this.#ui;
    const goal = this.#goal;
    const data = this.#data;
    const intro = this.#phase === "intro";
    ui.title.textContent = this.#text(data.title);
    ui.goal.textContent = this.#goalText();
    ui.goal.dataset.goal = goal.type;
    this.#pict(ui.goalPict, goal.type, ui.goal);
    const ask = this.#ask();
    const showing = this.#showing;
    ui.goal.hidden = Boolean(ask) || showing;
    ui.goalRow.hidden = ui.goal.hidden;
    ui.intro.textContent = this.#text(data.intro);
    ui.intro.hidden = intro;
    // an idea lesson: the step now, and Next when it has no move
    const step = ["playing", "busy"].includes(this.#phase) ? this.#step() : null;
    ui.step.hidden = !step;
    if (step) {
      ui.stepCount.textContent = t.show.step(step.step + 1, step.steps);
      ui.stepText.textContent = this.#text(step.text);
      ui.stepDo.textContent = step.arrow ? t.show.doMove : "";
      ui.stepDo.hidden = !step.arrow;
      ui.stepNext.hidden = Boolean(step.arrow);
      ui.stepNext.disabled = this.#phase !== "playing";
      ui.stepNext.textContent = `${t.show.next} →`;
      ui.step.dataset.step = String(step.step);
      ui.step.dataset.waits = String(!step.arrow);
    }
    // the question and its choices, as big buttons
    ui.question.hidden = !ask || intro;
    if (ask) {
      ui.questionText.textContent = ask.text;
      this.#pict(ui.questionPict, goal.type, ui.questionText);
      const choices = ask.choices;
      const facts = this.#facts(ask);
      ui.questionTap.hidden = !aboutSquares(facts);
      ui.questionTap.textContent = ui.questionTap.hidden ? "" : t.tapToAnswer;
      // short answers (squares, yes or no) two in a row, so that four fit a phone's panel
      ui.choices.dataset.short = String(!facts.some((f) => f.picture) && choices.every((c) => String(c).length <= 14));
      while (ui.choices.children.length > choices.length) ui.choices.lastChild.remove();
      choices.forEach((choice, k) => {
        const b = ui.choices.children[k] ?? h("button", { type: "button", class: "l-choice", part: "button lesson-choice", "data-choice": k }, ui.choices);
        b.onclick = () => this.#answer(k);
        b.textContent = choice;
        // its picture (a side, a piece, yes or no, a result), and the square that answers it
        if (facts[k]?.picture) drawPicture(b, facts[k].picture);
        if (facts[k]?.square) b.dataset.answerSquare = facts[k].square;
        else delete b.dataset.answerSquare;
        const right = this.#phase === "done" && k === ask.right;
        const wrong = this.#wrongChoices.has(k);
        b.dataset.state = right ? "right" : wrong ? "wrong" : "";
        b.disabled = this.#phase !== "playing" || wrong;
        if (right || wrong) h("span", { class: "l-mark", "aria-hidden": "true" }, b, right ? "✓" : "✗");
      });
    }
    // the score: moves (or mistakes) so far, and the par for three stars
    const answered = ANSWERED.includes(goal.type);
    const par = data.par ?? (["mate", "check"].includes(goal.type) ? goal.in : answered ? 0 : null);
    const parts = [];
    if (goal.type === "stars" && progress) parts.push(t.starsLeft(progress.stars_left.length));
    if (goal.type === "targets" && progress) parts.push(t.found(progress.found.length, this.#quizTotal));
    parts.push(answered ? t.mistakes((progress?.mistakes ?? 0) + (progress?.hints_shown ?? 0)) : t.moves(progress?.moves ?? 0));
    ui.count.replaceChildren();
    for (const part of parts) h("span", { class: "chip" }, ui.count, part);
    ui.par.textContent = par == null ? "" : answered ? t.parMistakes(par) : t.parMoves(par);
    ui.score.hidden = intro || showing;
    // the moves so far
    ui.history.replaceChildren(...this.#history.map((m) => h("li", {}, null, this.#san(m.san))));
    ui.history.hidden = !this.#history.length || answered || showing;
    ui.history.setAttribute("aria-label", t.yourMoves);
  }

  /** The solver's verdict now, and before and after the child's last move (words and a sign,
   *  never colour alone), and the ideas the child can draw on the board. */
  #renderEndgame() {
    const t = this.#t.eg;
    const ui = this.#ui;
    const on = this.#verdict != null && !["intro", "loading", "error"].includes(this.#phase);
    ui.eg.hidden = !on;
    if (!on) return;
    const j = this.#judgement;
    const sign = { win: "✓", draw: "=", loss: "✗" };
    const chip = (parent, verdict, label) => {
      const c = h("span", { class: "l-v", "data-result": verdict.result }, parent);
      h("span", { class: "l-v-sign", "aria-hidden": "true" }, c, sign[verdict.result]);
      h("span", {}, c, label ? `${label}: ${t.short[verdict.result]}` : t.short[verdict.result]);
    };
    ui.verdict.replaceChildren();
    const watchingFrom = this.#watching || (this.#phase === "failed" && j?.mistake);
    const now = watchingFrom && j ? j.after : this.#verdict;
    chip(ui.verdict, now);
    // once the pawn has queened the result is what counts, not "a queen or mate in N"
    const queened = now.queened || this.#queenedNow(); // the judge's flag, or the board shown (Show why)
    const words = queened ? (t.queened?.[now.result] ?? t.verdict[now.result]) : t.verdict[now.result] + (now.result !== "draw" && now.distance ? ` (${t.inMoves(Math.ceil(now.distance / 2))})` : "");
    h("span", { class: "l-v-text" }, ui.verdict, words);
    ui.verdict.toggleAttribute("data-queened", Boolean(queened));
    ui.change.replaceChildren();
    ui.change.hidden = !j;
    if (j) {
      ui.change.dataset.mistake = String(j.mistake);
      chip(ui.change, j.before, t.before);
      h("span", { class: "l-arrow-sign", "aria-hidden": "true" }, ui.change, " → ");
      chip(ui.change, j.after, t.after);
      h("span", { class: "l-v-text" }, ui.change, j.mistake ? t.changed : j.best ? t.best : t.kept);
    }
    ui.aidBox.setAttribute("aria-label", t.aidsLabel);
    for (const [aid, b] of Object.entries(ui.aids)) {
      b.lastChild.textContent = t.aids[aid];
      b.setAttribute("aria-pressed", String(this.#aids.has(aid)));
    }
    ui.notes.replaceChildren(...this.#aidTexts().filter((a) => this.#aids.has(a.aid)).map(({ aid, text }) => h("li", { "data-aid": aid }, null, text)));
  }

  /** Whether a pawn has queened on the board shown: a queen that the lesson's position had not,
   *  and fewer pawns. */
  #queenedNow() {
    const count = (fen, re) => (fen?.split(" ")[0].match(re) ?? []).length;
    const [now, start] = [this.#shown, this.#startFen];
    return Boolean(now && start) && count(now, /q/gi) > count(start, /q/gi) && count(now, /p/gi) < count(start, /p/gi);
  }

  /** The ideas for the position on the board: [{ aid, text, …what to draw }], kept per position. */
  #aidTexts() {
    const fen = this.#shown;
    const t = this.#t?.eg;
    if (!fen || !t || this.#verdict == null) return [];
    if (this.#aidCache?.fen !== fen || this.#aidCache.t !== t) this.#aidCache = { fen, t, list: this.#computeAids(fen, t) };
    return this.#aidCache.list;
  }

  #computeAids(fen, t) {
    const out = [];
    let pawns = [];
    try {
      // the pawns' squares name every pawn (square and colour), for the key squares too
      pawns = this.#pkg.pawnSquares(fen);
      if (!pawns.length) out.push({ aid: "square", text: t.noPawn });
      for (const p of pawns) out.push({ aid: "square", text: t.square(p), square: p });
    } catch {}
    try {
      let o = this.#pkg.opposition(fen);
      // "You gave away the opposition": the opposition the other king takes is drawn
      const idea = this.#idea;
      if (!o && idea?.aid === "opposition" && idea.at === fen) {
        o = idea.opposition;
        for (const f of idea.fens) if (!o && (o = this.#pkg.opposition(f))) break;
      }
      out.push({ aid: "opposition", text: o ? t.opposition(o) : t.noOpposition, opposition: o });
    } catch {}
    try {
      if (!pawns.length) out.push({ aid: "keys", text: t.noPawn });
      for (const p of pawns) {
        const keys = this.#pkg.keySquares(fen, p.pawn);
        out.push({ aid: "keys", text: t.keys(p.pawn, p.color, keys), keys, pawn: p.pawn });
      }
    } catch {}
    return out;
  }

  /** Everything the lesson draws on the board, as the board's shapes (board.js). */
  #shapes(progress) {
    if (!this.#data || this.#phase === "error") return [];
    // each mark named: a screen reader hears it with its square ("a5, empty, a star")
    const mark = this.#t?.mark ?? {};
    const own = (shape) => ({ ...shape, brush: `l-shape c-${shape.color ?? "green"}`, name: shape.type === "label" ? shape.text : (mark[{ arrow: "arrow", star: "star" }[shape.type]] ?? mark.marked) });
    const list = (this.#data.shapes ?? []).filter((shape) => this.#shapeApplies(shape)).map(own);
    if (this.#goal.type === "targets") list.push({ type: "highlight", square: this.#goal.square, brush: "l-quiz-piece", name: mark.quizPiece });
    // an idea lesson: the step's drawings, and the arrow of the move to play
    const step = this.#phase === "playing" || this.#phase === "busy" ? this.#step() : null;
    for (const shape of step?.shapes ?? []) list.push(own(shape));
    if (step?.arrow) list.push({ type: "arrow", ...step.arrow, brush: "l-show-arrow", name: mark.moveTo });
    // stars still to collect
    for (const square of progress?.stars_left ?? []) list.push({ type: "star", square, brush: "l-goal-star", name: mark.star });
    // the square to reach: a ring on it, as the stars are drawn (a child who cannot read sees where)
    if (this.#goal.type === "reach" && this.#goal.square && this.#phase !== "done") list.push({ type: "circle", square: this.#goal.square, brush: "l-goal-target", name: mark.goalSquare });
    // the hint: the piece glows, then the move's arrow
    const hint = this.#hintShown;
    if (hint) list.push({ type: "circle", square: hint.square, brush: "l-hint-ring", under: true, name: mark.hintPiece });
    if (hint?.arrow) list.push({ type: "arrow", ...hint.arrow, brush: "l-hint-arrow", name: mark.hintTo });
    // king-and-pawn ideas: the pawn's square, the opposition, the key squares
    if (this.#aids.size) list.push(...this.#aidShapes());
    // the failure's arrows (an attacker to the king…)
    for (const a of this.#arrows) list.push({ type: "arrow", from: a.from, to: a.to, brush: "l-fail-arrow", name: mark.attacked });
    // quiz: ticks on the squares found, crosses on the wrong ones
    if (this.#goal.type === "targets") {
      for (const square of progress?.found ?? []) list.push({ type: "tick", square, brush: "l-tick", name: mark.found });
      for (const square of this.#wrongSquares) list.push({ type: "cross", square, brush: "l-cross", name: mark.wrong });
    }
    // a question about a square: a cross on each square answered wrongly, a tick on the right one
    if (this.#goal.type !== "targets") {
      const facts = this.#facts();
      for (const k of this.#wrongChoices) if (facts[k]?.square) list.push({ type: "cross", square: facts[k].square, brush: "l-cross", name: mark.wrong });
      const right = this.#phase === "done" ? this.#ask()?.right : null;
      if (right != null && facts[right]?.square) list.push({ type: "tick", square: facts[right].square, brush: "l-tick", name: mark.found });
    }
    return list;
  }

  /** Whether a lesson's drawing still applies: in an endgame lesson only in its starting
   *  position; elsewhere an arrow only while a piece stands where it starts. */
  #shapeApplies(shape) {
    const placement = (fen) => fen?.split(" ")[0];
    if (this.#verdict != null || this.#data.opponent?.type === "solver") return !this.#startFen || placement(this.#shown) === placement(this.#startFen);
    if (shape.type === "arrow" && shape.from) return Boolean(this.#host.board?.state?.pieces?.get(shape.from));
    return true;
  }

  #aidShapes() {
    const name = (i, j) => `${"abcdefgh"[j]}${i + 1}`;
    // a round badge in a square's corner: a tick or a cross, so that it is not colour alone
    const badge = (square, good, cls) => ({ type: good ? "tick" : "cross", square, brush: `l-badge ${good ? "l-good" : "l-bad"} ${cls}` });
    const list = [];
    for (const a of this.#aidTexts()) {
      if (!this.#aids.has(a.aid)) continue;
      if (a.square) {
        // the square on the defending king's side of the pawn, clipped to the board
        const p = a.square;
        const [, pj] = parseSquare(p.pawn);
        const kj = p.defender ? parseSquare(p.defender)[1] : pj;
        const [j1, j2] = kj < pj || (kj === pj && pj >= 4) ? [Math.max(0, pj - p.moves), pj] : [pj, Math.min(7, pj + p.moves)];
        const box = { square: p.pawn, from: name(p.rows.from, j1), to: name(p.rows.to, j2) };
        list.push({ type: "area", ...box, brush: `l-pawn-square-fill ${p.color}` });
        list.push({ type: "frame", ...box, brush: `l-pawn-square ${p.color} ${p.inside ? "l-inside" : "l-outside"}` });
        if (p.defender) list.push(badge(p.defender, p.catches, "l-square-badge"));
      } else if (a.opposition) {
        const o = a.opposition;
        const holder = o.holder === "white" ? o.white_king : o.black_king;
        for (const square of o.between) list.push({ type: "dot", square, brush: "l-opp-between", name: this.#t?.mark?.between });
        list.push({ type: "line", square: holder, from: o.white_king, to: o.black_king, brush: `l-opp-line ${o.kind}`, under: true });
        list.push(badge(holder, true, "l-opp-badge"));
      } else if (a.keys) {
        for (const square of a.keys) list.push({ type: "diamond", square, brush: "l-key", name: this.#t?.mark?.key });
      }
    }
    return list;
  }

  #renderCard() {
    const t = this.#t;
    const ui = this.#ui;
    const phase = this.#phase;
    ui.card.dataset.kind = phase;
    ui.card.toggleAttribute("data-appear", phase === "done"); // after a look at the final position
    ui.card.hidden = !["loading", "intro", "done", "error"].includes(phase);
    ui.cardStars.hidden = phase !== "done";
    ui.face.hidden = phase !== "error";
    ui.start.hidden = phase !== "intro";
    ui.cardRetry.hidden = phase !== "done" && phase !== "error";
    ui.cardNext.hidden = phase !== "done" || !this.#el.hasAttribute("next");
    ui.cardMore.hidden = phase !== "done" || !this.#el.dataset.more;
    ui.cardMore.textContent = this.#el.dataset.more ?? "";
    ui.start.textContent = `${t.start} ▶`;
    ui.cardRetry.textContent = phase === "error" ? t.error.reload : `↻ ${t.retry}`;
    ui.cardNext.textContent = `${t.next} →`;
    const text = ui.cardText;
    const p = (words, cls) => h("p", cls ? { class: cls } : {}, text, words);
    text.replaceChildren();
    if (phase === "loading") ui.cardTitle.textContent = t.loading;
    else if (phase === "intro") {
      ui.cardTitle.textContent = this.#text(this.#data.title);
      p(this.#text(this.#data.intro), "l-card-intro");
      const goal = p(null, "l-card-goal");
      this.#pict(ui.cardPict, this.#goal.type, goal);
      const words = h("span", { class: "l-card-goal-text" }, goal);
      h("strong", {}, words, `${t.goalLabel}: `);
      words.append(this.#goalText());
    } else if (phase === "done") {
      const r = this.#result;
      ui.cardTitle.textContent = t.done[r.stars];
      ui.cardStars.setAttribute("aria-label", t.starsWon(r.stars));
      ui.starEls.forEach((star, k) => star.setAttribute("class", `l-star ${k < r.stars ? "on" : "off"}`));
      p(t.starsWon(r.stars), "l-won");
      // the last lesson of a section (the app names it in data-section-end): a moment of its own,
      // a picture and a sentence, read with the card
      const section = this.#el.dataset.sectionEnd;
      if (section) {
        const end = p(null, "l-section-done");
        h("img", { class: "l-section-pict", alt: "", src: goalPicture("stars"), draggable: "false" }, end);
        h("span", {}, end, t.sectionDone(section));
      }
      const goal = this.#goal;
      const answered = ANSWERED.includes(goal.type);
      if (this.#why) p(this.#text({ message: this.#why }), "l-why");
      // the right choice's own words, unless the lesson's "what you learned" sums it up (the card
      // stays short enough that its buttons are in sight)
      if (this.#chosen && !this.#data.learned) p(this.#text(this.#chosen), "l-why");
      if (this.#data.learned) {
        const learned = p(null, "l-learned");
        h("strong", {}, learned, `${t.learnedLabel}: `);
        learned.append(this.#text(this.#data.learned));
      }
      // the whole sitting counts: "No mistakes!" only when no try had one and no hint showed the
      // move; an idea lesson counts nothing (it was followed)
      if (goal.type !== "show") {
        const used = answered ? t.usedMistakes(r.mistakes, r.hintsShown) : t.usedMoves(r.moves);
        if (used) p(used, "l-used");
        if (!answered && r.earlier) p(t.usedMistakes(r.earlier), "l-mistakes");
        if (r.hintsShown) p(t.hintsShown(r.hintsShown), "l-hints-shown");
      }
      if (r.takenBack) p(t.tookBack(r.takenBack, Math.min(r.starCost, r.takenBack)), "l-took-back");
      // what ★★★ needs: fewer moves, no mistakes, or no hint (a take-back's cost is said above)
      if (r.stars < 3) {
        const slipped = answered ? r.mistakes : r.earlier;
        const movesShort = !answered && r.stars + r.starCost < 3;
        const par = this.#data.par ?? (["mate", "check"].includes(goal.type) ? goal.in : 0);
        const better = movesShort ? t.better(par) : slipped || (answered && !r.hintsShown) ? t.betterMistakes : r.hintsShown ? t.betterNoHint : null;
        if (better) p(better, "l-better");
      }
      if (r.previous && r.stars > r.previous) p(t.newBest, "l-best");
      else if (r.best > r.stars) p(t.best(r.best), "l-best");
      // storage full (or not keeping): said calmly, never swallowed (storage.js)
      if (r.notKept) p(`ⓘ ${t.notKept[r.notKept] ?? t.notKept.other}`, "l-not-kept");
    } else if (phase === "error") {
      const e = this.#error;
      ui.cardTitle.textContent = t.error.title;
      if (e.kind === "missing") p(t.error.missing(e.file, e.status));
      else if (e.kind === "network") p(t.error.network(e.file));
      else if (e.kind === "rules") p(t.error.rules(sayError(t, e.error)));
      else {
        p(t.error.broken(e.file));
        const list = h("ul", { class: "l-findings" }, text);
        for (const line of e.lines) h("li", {}, list, line);
        p(t.error.grownup, "l-grownup");
      }
    }
  }
}
