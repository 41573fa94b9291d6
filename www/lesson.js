// The lesson player of <chess-tutor lesson="…">: loaded by chess-tutor.js only when a lesson is
// shown, together with pkg-lessons/ (the rules plus the lesson judge), lesson.css and
// i18n/<lang>/lesson.js. The widget keeps drawing the board and taking the clicks; this module
// gets the moves and clicks first (play, click), judges them with the Lesson of pkg-lessons, and
// draws the lesson around the board: stars, shapes, arrows, ticks and crosses on the board (SVG),
// the task, the score and the messages in the panel, cards over the board (intro, done, error).
// No markup strings: every text goes in textContent.
import * as rulesModule from "./pkg-lessons/chess_tutor.js";
import { adopt, iconButton, make, parseSquare, pickLang, stylesheet } from "./chess-tutor.js";
import { record } from "./progress.js";

const BASE = new URL("./", import.meta.url);
const SVG = "http://www.w3.org/2000/svg";
const SQ = 100;
const REPLY_DELAY = 550;
const EMPTY = "8/8/8/8/8/8/8/8 w - - 0 1";
const { default: init, Game, Lesson, formulas, pawnSquares, opposition, keySquares } = rulesModule;
const REFUTE_DELAY = 900;
const reducedMotion = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)") ?? { matches: false };

let rules;
const words = {};
const loadRules = () => (rules ??= init({ module_or_path: new URL("pkg-lessons/chess_tutor_bg.wasm", BASE) }));
const loadSheet = () => stylesheet("lesson.css");
const loadWords = (lang) => (words[lang] ??= import(`./i18n/${lang}/lesson.js`).then((m) => m.default));
// king-and-pawn endgames: one solver for every lesson, each data file fetched once
let endgame = null;
const endgameData = {};
const loadEndgameFile = (file) =>
  (endgameData[file] ??= fetch(new URL(`endgame/${file}`, BASE)).then(async (r) => {
    if (!r.ok) throw Object.assign(new Error(`HTTP ${r.status}`), { status: r.status });
    return new Uint8Array(await r.arrayBuffer());
  })).catch((error) => {
    delete endgameData[file];
    throw error;
  });

const h = (name, attrs = {}, parent = null, text = null) => make(null, name, attrs, parent, text);
const s = (name, attrs = {}, parent = null, text = null) => make(SVG, name, attrs, parent, text);

/** A five-pointed star around (cx, cy) with outer radius r, as an SVG path. */
export function starPath(cx, cy, r, inner = 0.45) {
  const points = [...Array(10)].map((_, k) => {
    const radius = k % 2 ? r * inner : r;
    const a = (Math.PI / 5) * k - Math.PI / 2;
    return `${(cx + radius * Math.cos(a)).toFixed(1)} ${(cy + radius * Math.sin(a)).toFixed(1)}`;
  });
  return `M${points.join("L")}Z`;
}

/** An arrow from square centre to square centre, as one closed path (shaft and head). */
export function arrowPath(x1, y1, x2, y2, width = 16, head = 40) {
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ux = (x2 - x1) / len;
  const uy = (y2 - y1) / len;
  const px = -uy;
  const py = ux;
  const start = 22; // leave the piece on the start square visible
  const sx = x1 + ux * start;
  const sy = y1 + uy * start;
  const tip = 8; // the tip stops short of the centre
  const ex = x2 - ux * tip;
  const ey = y2 - uy * tip;
  const bx = ex - ux * head;
  const by = ey - uy * head;
  const w = width / 2;
  const hw = head * 0.62;
  const pts = [
    [sx + px * w, sy + py * w],
    [bx + px * w, by + py * w],
    [bx + px * hw, by + py * hw],
    [ex, ey],
    [bx - px * hw, by - py * hw],
    [bx - px * w, by - py * w],
    [sx - px * w, sy - py * w],
  ];
  return `M${pts.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join("L")}Z`;
}

/** A move played on a Game from `fen`: [its MoveInfo, the FEN after it], or [null, null]. */
function replay(fen, move, autoQueen = false) {
  if (!fen || !move) return [null, null];
  const game = new Game(fen, autoQueen);
  try {
    const info = game.play(move.from, move.to, move.uci?.[4] ?? null);
    return [info, game.fen()];
  } catch {
    return [null, null];
  } finally {
    game.free();
  }
}

/** The file name to show for a lesson URL: as written in the attribute. */
const fileName = (url) => String(url);

/** Starts the player for `el` (the <chess-tutor>) through `host` (see chess-tutor.js). */
export function start(el, root, ui, board, show) {
  return new Player(el, { root, ui, board, show });
}

class Player {
  last = null; // { from, to } of the last move, for the widget's highlight

  #el;
  #host;
  #url;
  #lang;
  #t = null;
  #stopped = false;
  #lesson = null;
  #data = null;
  #phase = "loading";
  #error = null;
  #says = []; // [{ kind: feedback | failure | hint | info, text: {ru, en} | string }]
  #arrows = []; // failure arrows
  #hintShown = null; // { square, arrow? }
  #wrongSquares = new Set();
  #wrongChoices = new Set();
  #history = []; // the moves played: MoveInfo (san, san_ru…) or LessonMove
  #result = null; // { stars, best, previous, moves, mistakes }
  #quizTotal = 0;
  #quizPiece = null; // { en, ru } the name of the quiz's piece
  #announced = 0;
  #timer = 0;
  #ui;
  #layers = null; // { svg, under, over }
  #flipped = false;
  #queened = false;
  // king-and-pawn lessons: the solver's verdict, the last judgement, the drawn ideas
  #verdict = null; // EndgameVerdict from the child's side, or null
  #judgement = null; // the judgement of the child's last move, after a mistake
  #aids = new Set(); // "square" | "opposition" | "keys"
  #shown = null; // the FEN on the board (the refutation shows other positions)
  #watching = false; // the refutation is being played out
  #aidCache = null;

  constructor(el, host) {
    this.#el = el;
    this.#host = host;
    this.#url = el.lesson;
    this.#lang = el.language;
    this.#build();
    this.#setPhase("loading");
    this.#load();
  }

  // ---- the widget's hooks

  stop() {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#lesson?.free();
    this.#lesson = null;
    this.#ui.section.remove();
    this.#ui.card.remove();
    this.#host.root.querySelector('link[href$="/lesson.css"]')?.remove();
    this.#layers?.under.remove();
    this.#layers?.over.remove();
    this.#layers = null;
    this.last = null;
    loadSheet().then((css) => {
      const root = this.#host.root;
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((x) => x !== css);
    }, () => {});
    if (this.#flipped) this.#el.removeAttribute("orientation");
    if (this.#queened) this.#el.removeAttribute("auto-queen");
    for (const k of ["lesson", "lessonGoal", "lessonId"]) delete this.#el.dataset[k];
  }

  /** After every board render: the overlays and the panel. */
  draw() {
    if (this.#stopped) return;
    if (this.#el.language !== this.#lang) this.#switchLanguage();
    this.#render();
  }

  /** A move chosen on the board (a click on a target, a drop, or element.play()). */
  play(from, to, promotion, dropped) {
    if (this.#phase !== "playing" || !this.#lesson) return null;
    const before = this.#lesson.fen();
    const out = this.#judge(() => this.#lesson.play(from, to, promotion ?? null));
    if (out) this.#outcome(out, before, promotion, dropped);
    return out;
  }

  /** A click or key on a square; true when the lesson took it. */
  click(square, target, selected) {
    if (this.#phase !== "playing") return true;
    const goal = this.#goal.type;
    if (goal === "targets") {
      this.#quiz(square);
      return true;
    }
    if (goal === "question") {
      this.#says = [{ kind: "info", text: this.#t.chooseBelow }];
      this.#render();
      return true;
    }
    // a square the picked piece can't go to: the lesson says why (a check, a blocked path…)
    if (selected && !target && !this.#own(square, selected.piece.color)) {
      const before = this.#lesson.fen();
      const out = this.#judge(() => this.#lesson.play(selected.square, square, null));
      if (!out) return true;
      if (out.accepted) this.#outcome(out, before);
      else {
        this.#clearTransient();
        this.#fail(out.failure);
        this.#render();
      }
      return true;
    }
    return false;
  }

  /** The lesson's answer to a move, click or choice; null (and said) if the judge failed. */
  #judge(ask) {
    try {
      return ask();
    } catch (error) {
      this.#says = [{ kind: "info", text: String(error?.message ?? error) }];
      this.#render();
      return null;
    }
  }

  /** Is there a piece of `color` on `square` now? */
  #own(square, color) {
    const game = new Game(this.#lesson.fen());
    try {
      return game.pieces().some((p) => p.square === square && p.color === color);
    } finally {
      game.free();
    }
  }

  // ---- loading

  async #load() {
    const file = fileName(this.#url);
    const lang = this.#lang;
    const url = new URL(this.#url, document.baseURI);
    const root = this.#host.root;
    // after the widget's own sheet, so that the lesson's rules win
    const css = stylesheet("chess-tutor.css")
      .catch(() => {})
      .then(() => !this.#stopped && adopt(root, "lesson.css"));
    const rulesReady = loadRules();
    rulesReady.catch(() => {});
    try {
      this.#t = await loadWords(lang);
      await css.catch(() => {});
    } catch (error) {
      return this.#showError({ kind: "rules", message: error.message });
    }
    if (this.#stopped) return;
    this.#render();
    let text;
    try {
      const response = await fetch(url);
      if (!response.ok) return this.#showError({ kind: "missing", file, status: response.status });
      text = await response.text();
    } catch {
      return this.#showError({ kind: "network", file });
    }
    try {
      await rulesReady;
    } catch (error) {
      return this.#showError({ kind: "rules", message: error.message });
    }
    if (this.#stopped) return;
    try {
      this.#lesson = new Lesson(text);
    } catch (error) {
      const lines = String(error.message ?? error)
        .split("\n")
        .filter(Boolean)
        .map((line) => line.replace(/^lesson:/, `${file}:`));
      return this.#showError({ kind: "broken", file, lines });
    }
    try {
      await this.#loadEndgame();
    } catch (error) {
      const file = `endgame/${error.file}`;
      return this.#showError(error.status ? { kind: "missing", file, status: error.status } : { kind: "network", file });
    }
    if (this.#stopped) {
      this.#lesson?.free();
      this.#lesson = null;
      return;
    }
    this.#data = this.#lesson.data();
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
    this.#show(this.#lesson.fen());
    this.#emit("lesson-ready", { id: this.#data.id, url: url.href, title: this.#data.title });
  }

  /** The endgame solver's data files the lesson needs (none for most lessons). */
  async #loadEndgame() {
    const lesson = this.#lesson;
    if (typeof lesson.endgameFiles !== "function" || !lesson.endgameFiles().length) return;
    endgame ??= new rulesModule.Endgame();
    lesson.useEndgame(endgame);
    for (const file of lesson.endgameFiles()) {
      let bytes;
      try {
        bytes = await loadEndgameFile(file);
      } catch (error) {
        throw Object.assign(error, { file });
      }
      if (this.#stopped) return;
      lesson.loadEndgame(bytes);
    }
  }

  #showError(error) {
    if (this.#stopped) return;
    this.#error = error;
    this.#setPhase("error");
    this.#show(EMPTY);
    this.#emit("lesson-error", { url: new URL(this.#url, document.baseURI).href, ...error });
  }

  #quizSetup() {
    if (this.#goal.type !== "targets") return;
    const game = new Game(this.#lesson.fen());
    try {
      const [i, j] = parseSquare(this.#goal.square);
      this.#quizTotal = game.targets(i, j).length;
      const kind = game.pieces().find((p) => p.square === this.#goal.square)?.kind;
      const f = formulas().find((x) => x.kind === kind);
      this.#quizPiece = f ? { en: f.name_en, ru: f.name_ru } : null;
    } finally {
      game.free();
    }
  }

  /** Shows `fen` on the board (remembered for the drawn ideas). */
  #show(fen, slide) {
    this.#shown = fen;
    this.#host.show(fen, slide);
  }

  #emit(type, detail, cancelable = false) {
    return this.#el.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable }));
  }

  /** Says it in the widget's polite live region (a changing trailing space repeats the words). */
  #announce(text) {
    if (text) this.#host.ui.live.textContent = text + (++this.#announced % 2 ? "" : "\u00a0");
  }

  #switchLanguage() {
    const lang = this.#el.language;
    this.#lang = lang;
    loadWords(lang).then((t) => {
      if (this.#lang === lang && !this.#stopped) {
        this.#t = t;
        this.#render();
      }
    });
  }

  get #goal() {
    return this.#data?.goal ?? { type: "" };
  }

  #text(value) {
    if (value == null) return "";
    if (typeof value === "string") return value;
    return value[pickLang(this.#lang)] ?? value.en ?? "";
  }

  #setPhase(phase) {
    this.#phase = phase;
    this.#el.dataset.lesson = phase;
  }

  // ---- playing

  #begin() {
    if (this.#phase !== "intro") return;
    const keyboard = this.#ui.start.matches(":focus-visible");
    this.#setPhase("playing");
    this.#render();
    this.#announce(this.#goalText());
    // a keyboard user goes on from the board (a question: from its first choice)
    if (keyboard) (this.#ui.choices.querySelector("button") ?? this.#host.board()?.svg.querySelector('[tabindex="0"]'))?.focus();
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
    this.#clearTransient();
    this.#judgement = null;
    this.#says = [{ kind: "info", text: this.#t.eg.tryOther }];
    this.last = null;
    this.#updateVerdict();
    this.#setPhase("playing");
    this.#show(this.#lesson.fen());
    this.#announce(this.#text(this.#says[0].text));
    this.#host.board()?.svg.querySelector('[tabindex="0"]')?.focus({ preventScroll: true });
  }

  /** After a losing move: play the opponent's best line on the board, move by move. */
  #watch() {
    const j = this.#judgement;
    if (!j?.mistake || !j.refutation.length || this.#phase !== "failed") return;
    this.#stopWatching();
    this.#watching = true;
    this.#clearTransient();
    this.#says = [{ kind: "info", text: this.#t.eg.watching }];
    this.#announce(this.#text(this.#says[0].text));
    const game = new Game(this.#lesson.fen(), true);
    const moves = [...j.refutation];
    const step = () => {
      if (this.#stopped || !this.#watching) return game.free();
      const uci = moves.shift();
      let info = null;
      try {
        if (uci) info = game.play(uci.slice(0, 2), uci.slice(2, 4), uci[4] ?? null);
      } catch {
        info = null;
      }
      if (!info) {
        game.free();
        this.#watching = false;
        this.#says = [{ kind: "info", text: this.#t.eg.watched }];
        this.#render();
        this.#announce(this.#text(this.#says[0].text));
        return;
      }
      this.last = { from: info.from, to: info.to };
      this.#show(game.fen(), info);
      this.#announce((pickLang(this.#lang) === "ru" && info.san_ru) || info.san);
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
    if (this.#aids.has(aid)) this.#aids.delete(aid);
    else this.#aids.add(aid);
    this.#render();
    const text = this.#aidTexts().find((x) => x.aid === aid)?.text;
    if (this.#aids.has(aid) && text) this.#announce(text);
  }

  #retry() {
    if (!this.#lesson) return;
    clearTimeout(this.#timer);
    this.#watching = false;
    this.#judgement = null;
    this.#lesson.retry();
    this.#updateVerdict();
    this.#clearTransient();
    this.#says = [];
    this.#wrongSquares.clear();
    this.#wrongChoices.clear();
    this.#history = [];
    this.#result = null;
    this.last = null;
    this.#setPhase("playing");
    this.#show(this.#lesson.fen());
    this.#announce(this.#goalText());
  }

  #next() {
    const next = this.#el.getAttribute("next");
    const go = this.#emit("lesson-next", { id: this.#data?.id ?? null, next: next ? new URL(next, document.baseURI).href : null }, true);
    if (go && next) this.#el.setAttribute("lesson", next);
  }

  #hint() {
    if (this.#phase !== "playing") return;
    const hint = this.#lesson.hint();
    if (!hint) {
      this.#says = [{ kind: "info", text: this.#t.noHint }];
    } else {
      this.#hintShown = { square: hint.square, arrow: hint.arrow ?? null };
      const text = hint.text ?? (hint.arrow ? this.#t.hintMove : this.#t.hintPiece);
      this.#says = [{ kind: "hint", text }];
    }
    this.#render();
    this.#announce(this.#text(this.#says[0].text));
  }

  #clearTransient() {
    this.#arrows = [];
    this.#hintShown = null;
  }

  #fail(failure, judgement) {
    if (!failure) return;
    // a losing move in a king-and-pawn lesson: draw the idea it broke
    if (judgement?.mistake) {
      this.#judgement = judgement;
      const aid = { "left-square": "square", "gave-opposition": "opposition", "king-in-front": "keys" }[judgement.idea?.id];
      if (aid) this.#aids.add(aid);
    }
    this.#says.push({ kind: "failure", text: failure.text, id: failure.id });
    this.#arrows = failure.arrows ?? [];
    // an endgame mistake: the failure names the idea it broke; the arrow shows the answer
    const reply = judgement?.refutation?.[0];
    if (!this.#arrows.length && reply) this.#arrows = [{ from: reply.slice(0, 2), to: reply.slice(2, 4) }];
  }

  #outcome(out, before, promotion, dropped) {
    this.#clearTransient();
    this.#says = [];
    if (!out.accepted) {
      this.#fail(out.failure);
      this.#render();
      this.#announce(this.#text(out.failure?.text));
      return;
    }
    const played = out.played;
    if (out.feedback) this.#says.push({ kind: "feedback", text: out.feedback });
    this.last = played ? { from: played.from, to: played.to } : null;
    // the child's move replayed: for the slide (a castling rook slides too), the Russian
    // notation and the position before the reply
    const [move, after] = replay(before, played, this.#el.autoQueen);
    const slide = played && { ...played, ...move, dropped };
    if (played) this.#history.push(slide);
    if (out.reply && after) {
      this.#setPhase("busy");
      this.#says.push({ kind: "info", text: this.#t.replying(after.split(" ")[1] === "w" ? "white" : "black") });
      this.#show(after, slide);
      this.#timer = setTimeout(() => this.#reply(out, after), reducedMotion.matches ? 50 : REPLY_DELAY);
      return;
    }
    if (out.reply) this.#history.push(out.reply);
    this.#show(this.#lesson.fen(), slide);
    this.#finish(out);
  }

  #reply(out, before) {
    if (this.#stopped) return;
    this.#says = this.#says.filter((x) => x.kind !== "info");
    const reply = { ...out.reply, ...replay(before, out.reply)[0] };
    this.#history.push(reply);
    this.last = { from: reply.from, to: reply.to };
    this.#setPhase("playing");
    this.#show(this.#lesson.fen(), reply);
    this.#finish(out);
  }

  #finish(out) {
    this.#updateVerdict();
    if (out.judgement) this.#judgement = out.judgement;
    this.#fail(out.failure, out.judgement);
    const state = out.progress.state;
    if (state === "done") this.#done(out.progress.stars ?? 1);
    else if (state === "failed") this.#setPhase("failed");
    else this.#setPhase("playing");
    this.#render();
    const said = this.#says.map((x) => this.#text(x.text)).join(" ");
    if (state !== "done" && said) this.#announce(said);
  }

  #done(stars) {
    const p = this.#lesson.progress();
    const saved = record(this.#data.id, stars);
    this.#result = { stars, best: saved.stars, previous: saved.previous, moves: p.moves, mistakes: p.mistakes };
    this.#setPhase("done");
    this.#announce(`${this.#t.done[stars]} ${this.#t.starsWon(stars)}`);
    this.#emit("lesson-done", { id: this.#data.id, stars, best: saved.stars, moves: p.moves, mistakes: p.mistakes });
    queueMicrotask(() => (this.#ui.next.hidden ? this.#ui.cardRetry : this.#ui.cardNext).focus({ preventScroll: true }));
  }

  #quiz(square) {
    const out = this.#judge(() => this.#lesson.click(square));
    if (!out) return;
    this.#clearTransient();
    this.#says = [];
    if (out.correct === false) {
      this.#wrongSquares.add(square);
      this.#fail(out.failure);
    }
    if (out.progress.state === "done") this.#done(out.progress.stars ?? 1);
    this.#render();
    if (out.progress.state !== "done") this.#announce(out.correct ? this.#t.right(square) : this.#text(out.failure?.text));
  }

  #answer(index) {
    if (this.#phase !== "playing") return;
    const out = this.#judge(() => this.#lesson.answer(index));
    if (!out) return;
    this.#says = [];
    if (out.correct === false) {
      this.#wrongChoices.add(index);
      this.#fail(out.failure);
    }
    if (out.progress.state === "done") this.#done(out.progress.stars ?? 1);
    else if (out.progress.state === "failed") this.#setPhase("failed");
    this.#render();
    if (out.progress.state !== "done") this.#announce(this.#text(out.failure?.text));
  }

  // ---- drawing

  #build() {
    const { ui } = this.#host;
    const section = h("section", { class: "lesson", part: "lesson", "aria-live": "off" });
    ui.status.before(section);
    const head = h("div", { class: "l-head" }, section);
    const title = h("h2", { class: "l-title", part: "lesson-title" }, head);
    const goal = h("p", { class: "l-goal", part: "lesson-goal" }, section);
    const question = h("div", { class: "l-question" }, section);
    const questionText = h("p", { class: "l-q" }, question);
    const choices = h("div", { class: "l-choices", role: "group" }, question);
    // king-and-pawn lessons: the verdict, before and after the last move, and the ideas to draw
    const eg = h("div", { class: "l-eg", part: "lesson-endgame" });
    const verdict = h("p", { class: "l-verdict" }, eg);
    const change = h("p", { class: "l-change" }, eg);
    const aidBox = h("div", { class: "l-aids", role: "group" }, eg);
    const aids = {};
    for (const [aid, icon] of [["square", "□"], ["opposition", "⇅"], ["keys", "◆"]]) {
      aids[aid] = iconButton(aidBox, { class: "l-aid", "data-aid": aid, "aria-pressed": "false" }, icon, () => this.#toggleAid(aid));
    }
    const notes = h("ul", { class: "l-notes" }, eg);
    const says = h("div", { class: "l-says", part: "lesson-messages" }, section);
    section.append(eg);
    const score = h("div", { class: "l-score", part: "lesson-score" }, section);
    const count = h("span", { class: "l-count" }, score);
    const par = h("span", { class: "l-par" }, score);
    const history = h("ol", { class: "l-history", part: "lesson-moves" }, section);
    const buttons = h("div", { class: "l-buttons" }, section);
    const intro = h("p", { class: "l-intro" }, section);
    const button = (cls, icon, onclick) => iconButton(buttons, { class: cls }, icon, onclick);
    const hint = button("l-hint", "?", () => this.#hint());
    const takeBack = button("l-takeback", "↶", () => this.#takeBack());
    const watch = button("l-watch", "▶", () => this.#watch());
    const retry = button("l-retry", "↻", () => this.#retry());
    const next = button("l-next", "→", () => this.#next());

    const card = h("div", { class: "l-card", part: "lesson-card", role: "group", "aria-labelledby": "l-card-title" });
    ui.boardWrap.append(card);
    const box = h("div", { class: "l-box" }, card);
    const face = h("img", { class: "l-face", alt: "", src: new URL("images/pieces.svg#wN", BASE).href }, box);
    const cardStars = h("div", { class: "l-stars", role: "img" }, box);
    const starEls = [0, 1, 2].map(() => {
      const svg = s("svg", { viewBox: "0 0 100 100", class: "l-star", "aria-hidden": "true" }, cardStars);
      s("path", { d: starPath(50, 53, 46, 0.47) }, svg);
      return svg;
    });
    const cardTitle = h("h2", { class: "l-card-title", id: "l-card-title" }, box);
    const cardText = h("div", { class: "l-card-text" }, box);
    const cardButtons = h("div", { class: "l-card-buttons" }, box);
    const start = h("button", { type: "button", class: "l-start big", part: "button" }, cardButtons);
    start.onclick = () => this.#begin();
    const cardRetry = h("button", { type: "button", class: "l-card-retry big", part: "button" }, cardButtons);
    cardRetry.onclick = () => (this.#phase === "error" ? this.#reload() : this.#retry());
    const cardNext = h("button", { type: "button", class: "l-card-next big", part: "button" }, cardButtons);
    cardNext.onclick = () => this.#next();
    this.#ui = { eg, verdict, change, aidBox, aids, notes, takeBack, watch, section, head, title, goal, intro, question, questionText, choices, score, count, par, history, says, buttons, hint, retry, next, card, box, face, cardStars, starEls, cardTitle, cardText, start, cardRetry, cardNext };
  }

  #reload() {
    const url = this.#el.lesson;
    this.#el.removeAttribute("lesson");
    this.#el.setAttribute("lesson", url);
  }

  #goalText() {
    const t = this.#t;
    const goal = this.#goal;
    const make = t.goal[goal.type];
    if (goal.type === "question") return this.#text(goal.question);
    if (goal.type === "targets") return t.goal.targets(this.#text(this.#quizPiece) || "?", goal.square);
    if (goal.type === "mate") return t.goal.mate(goal.in ?? 1);
    if (goal.type === "draw") return t.goal.draw(goal.moves);
    if (goal.type === "reach") return t.goal.reach(goal.square);
    return make ? make() : goal.type;
  }

  #render() {
    const t = this.#t;
    if (!t || this.#stopped) return;
    const ui = this.#ui;
    const phase = this.#phase;
    const data = this.#data;
    const goal = this.#goal;
    const progress = this.#lesson && data ? this.#lesson.progress() : null;
    // the panel
    ui.section.hidden = phase === "loading" || phase === "error";
    if (data) {
      ui.title.textContent = this.#text(data.title);
      ui.goal.textContent = this.#goalText();
      ui.goal.dataset.goal = goal.type;
      ui.intro.textContent = this.#text(data.intro);
      ui.intro.hidden = phase === "intro";
      // the question and its choices, as big buttons
      ui.question.hidden = goal.type !== "question" || phase === "intro";
      if (goal.type === "question") {
        ui.goal.hidden = true;
        ui.questionText.textContent = this.#text(goal.question);
        const choices = goal.choices ?? [];
        while (ui.choices.children.length > choices.length) ui.choices.lastChild.remove();
        choices.forEach((choice, k) => {
          const b = ui.choices.children[k] ?? h("button", { type: "button", class: "l-choice", part: "button lesson-choice", "data-choice": k }, ui.choices);
          b.onclick = () => this.#answer(k);
          b.textContent = this.#text(choice);
          const right = phase === "done" && k === goal.answer;
          const wrong = this.#wrongChoices.has(k);
          b.dataset.state = right ? "right" : wrong ? "wrong" : "";
          b.disabled = phase !== "playing" || wrong;
          if (right || wrong) h("span", { class: "l-mark", "aria-hidden": "true" }, b, right ? "✓" : "✗");
        });
      } else ui.goal.hidden = false;
      // the score: moves (or mistakes) so far, and the par for three stars
      const answered = ["best_move", "targets", "question"].includes(goal.type);
      const par = data.par ?? (goal.type === "mate" ? goal.in : answered ? 0 : null);
      const parts = [];
      if (goal.type === "stars" && progress) parts.push(t.starsLeft(progress.stars_left.length));
      if (goal.type === "targets" && progress) parts.push(t.found(progress.found.length, this.#quizTotal));
      parts.push(answered ? t.mistakes(progress?.mistakes ?? 0) : t.moves(progress?.moves ?? 0));
      ui.count.replaceChildren();
      for (const part of parts) h("span", { class: "chip" }, ui.count, part);
      ui.par.textContent = par == null ? "" : answered ? t.parMistakes(par) : t.parMoves(par);
      ui.score.hidden = phase === "intro";
      // the moves so far
      ui.history.replaceChildren();
      const ru = pickLang(this.#lang) === "ru";
      for (const m of this.#history) h("li", {}, ui.history, (ru && m.san_ru) || m.san);
      ui.history.hidden = !this.#history.length || answered;
      ui.history.setAttribute("aria-label", t.yourMoves);
    }
    // messages: feedback, the failure and a hint
    const mistake = phase === "failed" && this.#judgement?.mistake;
    ui.says.replaceChildren();
    const says = [...this.#says];
    if (phase === "failed" && !this.#watching && !says.some((x) => x.kind === "info")) says.push({ kind: "info", text: mistake ? t.eg.pressTakeBack : t.pressRetry });
    for (const say of says) {
      const p = h("p", { class: `say say-${say.kind}`, "data-kind": say.kind, ...(say.id ? { "data-failure": say.id } : {}) }, ui.says);
      const icon = { failure: "!", hint: "?", feedback: "“", info: "i" }[say.kind];
      h("span", { class: "say-icon", "aria-hidden": "true" }, p, icon);
      const words = h("span", { class: "say-text" }, p);
      if (say.kind === "failure") h("strong", {}, words, `${t.oops} `);
      words.append(this.#text(say.text));
    }
    // buttons
    const retryLabel = mistake ? t.eg.startOver : t.retry;
    for (const [b, label] of [[ui.hint, t.hint], [ui.takeBack, t.eg.takeBack], [ui.watch, this.#watching ? t.eg.watchingButton : t.eg.watch], [ui.retry, retryLabel], [ui.next, t.next]]) b.lastChild.textContent = label;
    ui.takeBack.hidden = !mistake;
    ui.takeBack.dataset.big = String(Boolean(mistake));
    ui.watch.hidden = !mistake || !this.#judgement.refutation.length;
    ui.watch.disabled = this.#watching;
    ui.hint.hidden = !data?.hints || !["playing", "busy"].includes(phase);
    ui.hint.disabled = phase !== "playing";
    ui.retry.hidden = !["playing", "busy", "failed", "done"].includes(phase);
    ui.retry.dataset.big = String(phase === "failed" && !mistake);
    this.#renderEndgame();
    ui.next.hidden = phase !== "done" || !this.#el.hasAttribute("next");
    this.#renderCard();
    this.#renderBoard(progress);
  }

  /** The solver's verdict now, and before and after the child's last move (words and a sign,
   *  never colour alone), and the ideas the child can draw on the board. */
  #renderEndgame() {
    const t = this.#t.eg;
    const ui = this.#ui;
    const on = this.#verdict != null && !["intro", "loading", "error"].includes(this.#phase);
    ui.eg.hidden = !on;
    if (!on) return;
    const v = this.#verdict;
    const j = this.#judgement;
    const sign = { win: "✓", draw: "=", loss: "✗" };
    const chip = (parent, verdict, label) => {
      const c = h("span", { class: "l-v", "data-result": verdict.result }, parent);
      h("span", { class: "l-v-sign", "aria-hidden": "true" }, c, sign[verdict.result]);
      h("span", {}, c, label ? `${label}: ${t.short[verdict.result]}` : t.short[verdict.result]);
      return c;
    };
    ui.verdict.replaceChildren();
    const watchingFrom = this.#watching || (this.#phase === "failed" && j?.mistake);
    const now = watchingFrom && j ? j.after : v;
    chip(ui.verdict, now);
    h("span", { class: "l-v-text" }, ui.verdict, t.verdict[now.result] + (now.result !== "draw" && now.distance ? ` (${t.inMoves(Math.ceil(now.distance / 2))})` : ""));
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
    ui.notes.replaceChildren();
    for (const { aid, text } of this.#aidTexts()) if (this.#aids.has(aid)) h("li", { "data-aid": aid }, ui.notes, text);
  }

  /** The ideas for the position on the board: [{ aid, text, …what to draw }], kept per position. */
  #aidTexts() {
    const fen = this.#shown;
    const t = this.#t?.eg;
    if (!fen || !t || this.#verdict == null) return [];
    if (this.#aidCache?.fen === fen && this.#aidCache.t === t) return this.#aidCache.list;
    const list = this.#computeAids(fen, t);
    this.#aidCache = { fen, t, list };
    return list;
  }

  #computeAids(fen, t) {
    const out = [];
    let pawns = [];
    try {
      // the pawns' squares name every pawn (square and colour), for the key squares too
      pawns = pawnSquares(fen);
      if (!pawns.length) out.push({ aid: "square", text: t.noPawn });
      for (const p of pawns) out.push({ aid: "square", text: t.square(p), square: p });
    } catch {}
    try {
      const o = opposition(fen);
      out.push({ aid: "opposition", text: o ? t.opposition(o) : t.noOpposition, opposition: o });
    } catch {}
    try {
      if (!pawns.length) out.push({ aid: "keys", text: t.noPawn });
      for (const p of pawns) {
        const keys = keySquares(fen, p.pawn);
        out.push({ aid: "keys", text: t.keys(p.pawn, p.color, keys), keys, pawn: p.pawn });
      }
    } catch {}
    return out;
  }

  #drawAids(at, centre, under, over) {
    const box = (squares) => {
      const xs = squares.map(at);
      const x = Math.min(...xs.map((p) => p[0]));
      const y = Math.min(...xs.map((p) => p[1]));
      return { x, y, width: Math.max(...xs.map((p) => p[0])) - x + SQ, height: Math.max(...xs.map((p) => p[1])) - y + SQ };
    };
    const name = (i, j) => `${"abcdefgh"[j]}${i + 1}`;
    // a round badge in a square's corner: a tick or a cross, so that it is not colour alone
    const badge = (sq, good, cls) => {
      const [x, y] = at(sq);
      const g = s("g", { class: `l-badge ${good ? "l-good" : "l-bad"} ${cls}`, "data-at": sq, transform: `translate(${x + 78} ${y + 22})` }, over);
      s("circle", { r: 19 }, g);
      s("path", { d: good ? "M-9 0L-3 7L9 -7" : "M-7 -7L7 7M7 -7L-7 7" }, g);
    };
    for (const a of this.#aidTexts()) {
      if (!this.#aids.has(a.aid)) continue;
      if (a.square) {
        // the square on the defending king's side of the pawn, clipped to the board
        const p = a.square;
        const [, pj] = parseSquare(p.pawn);
        const kj = p.defender ? parseSquare(p.defender)[1] : pj;
        const [j1, j2] = kj < pj || (kj === pj && pj >= 4) ? [Math.max(0, pj - p.moves), pj] : [pj, Math.min(7, pj + p.moves)];
        const r = box([name(p.rows.from, j1), name(p.rows.to, j2)]);
        const attrs = { ...r, "data-pawn": p.pawn, "data-inside": String(p.inside), "data-catches": String(p.catches) };
        s("rect", { ...attrs, class: `l-pawn-square-fill ${p.color}` }, under);
        s("rect", { ...attrs, x: r.x + 4, y: r.y + 4, width: r.width - 8, height: r.height - 8, class: `l-pawn-square ${p.color}` }, over);
        if (p.defender) badge(p.defender, p.catches, "l-square-badge");
      } else if (a.opposition) {
        const o = a.opposition;
        for (const sq of o.between) {
          const [x, y] = centre(sq);
          s("circle", { cx: x, cy: y, r: 9, class: "l-opp-between", "data-at": sq }, under);
        }
        const [x1, y1] = centre(o.white_king);
        const [x2, y2] = centre(o.black_king);
        s("line", { x1, y1, x2, y2, class: `l-opp-line ${o.kind}`, "data-kind": o.kind, "data-holder": o.holder }, under);
        badge(o.holder === "white" ? o.white_king : o.black_king, true, "l-opp-badge");
      } else if (a.keys) {
        for (const sq of a.keys) {
          const [x, y] = at(sq);
          s("path", { d: `M${x + 50} ${y + 22}L${x + 78} ${y + 50}L${x + 50} ${y + 78}L${x + 22} ${y + 50}Z`, class: "l-key", "data-at": sq, "data-pawn": a.pawn }, under);
        }
      }
    }
  }

  #renderCard() {
    const t = this.#t;
    const ui = this.#ui;
    const phase = this.#phase;
    ui.card.dataset.kind = phase;
    ui.card.hidden = !["loading", "intro", "done", "error"].includes(phase);
    ui.cardStars.hidden = phase !== "done";
    ui.face.hidden = phase !== "error";
    ui.start.hidden = phase !== "intro";
    ui.cardRetry.hidden = phase !== "done" && phase !== "error";
    ui.cardNext.hidden = phase !== "done" || !this.#el.hasAttribute("next");
    ui.start.textContent = `${t.start} ▶`;
    ui.cardRetry.textContent = phase === "error" ? t.error.reload : `↻ ${t.retry}`;
    ui.cardNext.textContent = `${t.next} →`;
    const text = ui.cardText;
    text.replaceChildren();
    if (phase === "loading") {
      ui.cardTitle.textContent = t.loading;
    } else if (phase === "intro") {
      ui.cardTitle.textContent = this.#text(this.#data.title);
      h("p", { class: "l-card-intro" }, text, this.#text(this.#data.intro));
      const goal = h("p", { class: "l-card-goal" }, text);
      h("strong", {}, goal, `${t.goalLabel}: `);
      goal.append(this.#goalText());
    } else if (phase === "done") {
      const r = this.#result;
      ui.cardTitle.textContent = t.done[r.stars];
      ui.cardStars.setAttribute("aria-label", t.starsWon(r.stars));
      ui.starEls.forEach((star, k) => star.setAttribute("class", `l-star ${k < r.stars ? "on" : "off"}`));
      h("p", { class: "l-won" }, text, t.starsWon(r.stars));
      const goal = this.#goal;
      const answered = ["best_move", "targets", "question"].includes(goal.type);
      const par = this.#data.par ?? (goal.type === "mate" ? goal.in : 0);
      h("p", {}, text, answered ? t.usedMistakes(r.mistakes) : t.usedMoves(r.moves));
      if (r.stars < 3) h("p", { class: "l-better" }, text, answered ? t.betterMistakes : t.better(par));
      if (r.previous && r.stars > r.previous) h("p", { class: "l-best" }, text, t.newBest);
      else if (r.best > r.stars) h("p", { class: "l-best" }, text, t.best(r.best));
    } else if (phase === "error") {
      const e = this.#error;
      ui.cardTitle.textContent = t.error.title;
      if (e.kind === "missing") h("p", {}, text, t.error.missing(e.file, e.status));
      else if (e.kind === "network") h("p", {}, text, t.error.network(e.file));
      else if (e.kind === "rules") h("p", {}, text, t.error.rules(e.message));
      else {
        h("p", {}, text, t.error.broken(e.file));
        const list = h("ul", { class: "l-findings" }, text);
        for (const line of e.lines) h("li", {}, list, line);
        h("p", { class: "l-grownup" }, text, t.error.grownup);
      }
    }
  }

  #renderBoard(progress) {
    const board = this.#host.board();
    if (!board) return;
    if (this.#layers?.svg !== board.svg) {
      this.#layers?.under.remove();
      this.#layers?.over.remove();
      const under = s("g", { class: "l-under", "aria-hidden": "true" });
      const over = s("g", { class: "l-over", "aria-hidden": "true" });
      board.svg.insertBefore(under, board.pieces);
      board.svg.insertBefore(over, board.cursor);
      this.#layers = { svg: board.svg, under, over };
    }
    const { under, over } = this.#layers;
    under.replaceChildren();
    over.replaceChildren();
    if (!this.#data || this.#phase === "error") return;
    const { geo } = board;
    const at = (sq) => {
      const [i, j] = parseSquare(sq);
      return [geo.x(i, j), geo.y(i, j)];
    };
    const centre = (sq) => at(sq).map((v) => v + SQ / 2);
    const arrow = (from, to, cls) => {
      const [x1, y1] = centre(from);
      const [x2, y2] = centre(to);
      s("path", { d: arrowPath(x1, y1, x2, y2), class: `l-arrow ${cls}`, "data-from": from, "data-to": to }, over);
    };
    // the lesson's shapes
    for (const shape of this.#data.shapes ?? []) {
      const color = `c-${shape.color ?? "green"}`;
      if (shape.type === "highlight") {
        const [x, y] = at(shape.square);
        s("rect", { x, y, width: SQ, height: SQ, class: `l-highlight ${color}`, "data-at": shape.square }, under);
      } else if (shape.type === "circle") {
        const [x, y] = centre(shape.square);
        s("circle", { cx: x, cy: y, r: 42, class: `l-circle ${color}`, "data-at": shape.square }, over);
      } else if (shape.type === "arrow") arrow(shape.from, shape.to, `l-shape ${color}`);
    }
    // the quiz piece
    if (this.#goal.type === "targets") {
      const [x, y] = at(this.#goal.square);
      s("rect", { x, y, width: SQ, height: SQ, class: "l-quiz-piece" }, under);
    }
    // stars still to collect, on the board
    for (const sq of progress?.stars_left ?? []) {
      const [x, y] = at(sq);
      const g = s("g", { class: "l-goal-star", "data-at": sq, transform: `translate(${x} ${y})` }, under);
      s("path", { d: starPath(50, 53, 36), class: "l-star-shape" }, g);
    }
    // the hint: the piece glows, then the move's arrow
    if (this.#hintShown) {
      const [x, y] = centre(this.#hintShown.square);
      s("circle", { cx: x, cy: y, r: 44, class: "l-hint-ring", "data-at": this.#hintShown.square }, under);
      if (this.#hintShown.arrow) arrow(this.#hintShown.arrow.from, this.#hintShown.arrow.to, "l-hint-arrow");
    }
    // king-and-pawn ideas: the pawn's square, the opposition, the key squares
    if (this.#aids.size) this.#drawAids(at, centre, under, over);
    // the failure's arrows (an attacker to the king…)
    for (const a of this.#arrows) arrow(a.from, a.to, "l-fail-arrow");
    // quiz: ticks on the squares found, crosses on the wrong ones
    const mark = (sq, right) => {
      const [x, y] = at(sq);
      const g = s("g", { class: `l-mark ${right ? "l-tick" : "l-cross"}`, "data-at": sq, transform: `translate(${x} ${y})` }, over);
      s("circle", { cx: 50, cy: 50, r: 30 }, g);
      s("path", { d: right ? "M34 51L46 63L67 39" : "M38 38L62 62M62 38L38 62" }, g);
    };
    if (this.#goal.type === "targets") {
      for (const sq of progress?.found ?? []) mark(sq, true);
      for (const sq of this.#wrongSquares) mark(sq, false);
    }
  }
}
