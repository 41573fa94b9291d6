// <chess-tutor>: shows a child where a piece may go, and why. README.md, "Embedding".
// The rules (./pkg), the board view (board.js) and the panel; a lesson or a game mode is a
// plug-in loaded only then, which talks to the widget through one host object (README.md,
// "The front end"). Its files are found next to it. No markup strings: text goes in textContent.
// The rules are a provider { Game, formulas, sprite, version }: FIDE's (pkg/), or a piece set's
// from variant.js (the pieces attribute, or a plug-in's host.usePieces), loaded only then. In a
// lesson the lesson's package lends them (lesson.js rules(): its Game an empty board) and the lesson its game
// (host.useGame): a lesson page loads no pkg/ at all.
import { Board, parseSquare, pieceImage, squareName } from "./board.js";
import { adopt, h, iconButton, shadow, stylesheet } from "./dom.js";
import { inWords, sayError } from "./errors.js";
import { lettersIn, loadWords, pickLang, sanIn, say } from "../i18n/i18n.js";

const BASE = new URL("./", import.meta.url);
const PARTS = ["board"]; // the word files of the plain widget's first paint (www/i18n/<lang>/)
// Rust's messages in words (errors): not in the first load, a plain board says none; fetched at
// the first touch, the first call of the element's API, or the first error (#messages)
const MESSAGES = "messages-core";
const PROMOTION = { queen: "q", rook: "r", bishop: "b", knight: "n" };
const coarse = globalThis.matchMedia?.("(pointer: coarse)") ?? { matches: false };
const SLOTS = ["panel-top", "panel", "overlay", "board-below"];
// the "How is it counted?" toggle, remembered in this browser (a child's own device); never throws
const FULL_KEY = "chess-tutor:formula:v1";
// The child's choice of the formula toggle, one word. Read at start-up without storage.js, which
// the plain widget does not load (0.5 KiB gzipped); written through it when the child toggles (a
// side copy, read back, then replaced). A refusal (storage full or blocked): this page only.
const stored = () => {
  try {
    const text = globalThis.localStorage?.getItem(FULL_KEY);
    return text === "full" || text === "plain" ? text : null;
  } catch {
    return null;
  }
};
const store = (value) => import("./storage.js").then(({ local, write }) => write(local(), FULL_KEY, value)).catch(() => {});
const sign = (x) => Math.sign(x);
const feel = () => import("./feel.js"); // host.feedback, host.sound: only with a plug-in or the sound attribute
// xAPI statements for finished lessons (README.md, "For schools: xAPI"): only with xapi-endpoint
const xapi = () => import("../school/xapi.js");
// reading aloud (speech.js, README.md "For children"): loaded only with the read-aloud attribute or
// a plug-in; `said` is the module once loaded, so that a move can silence it without loading it
let said = null;
const voice = () => import("./speech.js").then((m) => (said = m));

// the panel's explanation of a piece and its moves (explain.js, its words the part "explain"):
// fetched when the child first reaches for the board (a pointer over it, a touch, the keyboard's
// focus) or a move is to be explained, not in the plain board's first load; `explainer` is the
// module once loaded
const EXPLAIN = "explain";
let explainer = null;
let explaining = null;
const explainModule = () => (explaining ??= import("./explain.js").then((m) => (explainer = m)).catch((error) => {
  explaining = null;
  throw error;
}));

let rules;
// instance 0: the glue at its own URL; after a trap, imported again under a new URL
// (wasm-bindgen's init keeps its first instance), so a fresh instance with its own memory
let instance = 0;
const glue = () => import(instance ? new URL(`pkg/chess_tutor.js?instance=${instance}`, BASE).href : "../pkg/chess_tutor.js");
const loadRules = () =>
  (rules ??= glue().then((m) =>
    m.default({ module_or_path: new URL("pkg/chess_tutor_bg.wasm", BASE) }).then(() => ({
      version: m.version(),
      formulas: new Map(m.formulas().map((f) => [f.kind, f])),
      Game: m.Game,
      sprite: (p) => pieceImage(p.color, p.char),
    })),
  ));

// A trap in one of our WebAssembly modules (a panic, `unreachable`, out of memory:
// WebAssembly.RuntimeError, from a call through a chess_tutor.js glue) leaves its instance unfit:
// every widget on the page shows a card with "Start over", which builds fresh instances. The
// child's saved progress (localStorage) is not touched. A trap in a page's own module is not ours.
const trapCards = new Set(); // each connected widget's "show the card"
const ours = (error) => globalThis.WebAssembly && error instanceof WebAssembly.RuntimeError && /chess_tutor(_bg)?\.(js|wasm)/.test(String(error.stack));
function onTrap(event) {
  const error = event.error ?? event.reason;
  if (!ours(error)) return;
  event.preventDefault?.(); // said on the card (and once on the console below), not as an uncaught error
  console.error(`chess-tutor: the rules module stopped (${error.message}); a fresh one is built on "Start over"`);
  if (rules) {
    rules = null;
    instance += 1;
  }
  for (const show of trapCards) show();
}
globalThis.addEventListener?.("error", onTrap);
globalThis.addEventListener?.("unhandledrejection", onTrap);
const unselected = { square: null, i: null, j: null, piece: null, targets: [] };

export class ChessTutor extends (globalThis.HTMLElement ?? class {}) {
  static observedAttributes = ["fen", "lang", "orientation", "coordinates", "lesson", "auto-queen", "move-list", "controls", "mode", "pieces", "formula", "xapi-endpoint", "read-aloud"];

  #root;
  #ui;
  #sheets;
  #rules = null;
  #t = null;
  #started = false;
  #ready;
  #settle;
  #tickets = 0;
  #game = null;
  #moves = []; // the moves played since the position was set, as play/redo/host.played handed them (MoveInfo)
  #listed = []; // …and those the move list shows, kept in step (#renderMoves)
  #ahead = null; // the pieces drawn from a lent move (host.played without a position), until the next position
  #lent = null; // a lesson's game (host.useGame): fen → the Game's reading shape for that position
  #board = null;
  #position = new Map();
  #selected = null; // { square, i, j, piece, targets: Map(square -> Target) }
  #kept = false; // after a refused move (host.refused): a tap on the piece keeps it; "held": until the pointer's release
  #hover = null;
  #promotion = null;
  #pluginSheet = null; // plug-in.css adopted (a promise), once a plug-in or the trap card needs it
  #explained = null; // the formula of the move just played, for touch users
  #shown = null; // the move a plug-in showed (host.show), highlighted as the last one
  #outcome = null;
  #message = "";
  #measures = 0;
  #says = 0;
  #mode = null; // the plug-in: { stop, click?, play?, draw? }
  #host = null; // …and the host it was given
  #base = null; // the words of the language and rules in use, before the parts merged under them
  #under = new Map(); // word parts merged under #base when first needed (Rust's messages, the explanation's): part → promise
  #merged = new Set(); // …the parts #t holds now
  #newGames = 0;
  #full = null; // the formula with ΔI, ΔJ and n shown (null: as stored, else the formula attribute)
  #feedbackBox = null; // host.feedback's box (feel.js), made on first use
  #feel = null; // feel.js, once loaded
  #shapes = []; // a plug-in's shapes (host.setShapes), drawn with the selected piece's lines
  #view = null; // a piece set's part of the panel (variant.js, with a host of its own): { stop, click, draw }
  // eslint-disable-next-line no-unused-private-class-members -- kept so that xapi.js attaches once (??=)
  #xapi = null; // xapi.js attached (a promise), once there is an xapi-endpoint
  #showTrap = () => this.#trapped();
  #trapCard = null; // the card of a trapped rules module (trap-card.js), true while it loads

  constructor() {
    super();
    ({ root: this.#root, ready: this.#ready, settle: this.#settle } = shadow(this));
    this.#buildShell();
    for (const type of ["pointerdown", "keydown"]) this.addEventListener(type, () => this.#t && this.#messages(), { once: true });
    // the explanation is fetched as the child reaches for the board, before the first click
    for (const type of ["pointerover", "pointerdown", "focusin"]) this.addEventListener(type, () => this.#t && this.#explainAhead(), { passive: true });
    stylesheet("chess-tutor.css").catch(() => {});
    this.#sheets = adopt(this.#root, "board.css").then(() => adopt(this.#root, "chess-tutor.css"));
    this.#sheets.then(() => (this.#ui.wrap.hidden = false));
  }

  connectedCallback() {
    trapCards.add(this.#showTrap);
    if (this.#started) return;
    this.#started = true;
    this.#reportTo();
    const lang = this.language;
    const words = loadWords(lang, ...PARTS);
    // (a microtask later: a page that appends the element and then sets lesson is a lesson page)
    Promise.all([Promise.resolve().then(() => this.#baseRules()), words]).then(
      async ([r, w]) => {
        this.#rules = r;
        this.#t = w;
        await (this.pieces ? this.#usePieces(this.pieces, true) : this.#newGame(false));
        this.#buildBoard();
        if (this.language !== lang) this.#switchLanguage();
        this.dataset.ready = "true";
        this.#settle.resolve(this);
        this.#emit("ready", { version: r.version });
        if (this.lesson || this.mode) this.#startLesson();
      },
      (error) => {
        this.#ui.message.hidden = false;
        // without its word files the widget has no words: then the webmaster reads the reason
        words.then(
          (w) => (this.#ui.message.textContent = w.rulesFailed),
          () => (this.#ui.message.textContent = `chess-tutor: ${error.message}`),
        );
        this.dataset.ready = "error";
        this.#settle.reject(error);
      },
    );
  }

  disconnectedCallback() {
    trapCards.delete(this.#showTrap);
    // taken off the page (the app leaves the view): nothing more is said, by it or its plug-in
    said?.cancel();
    this.#mode?.silence?.();
  }

  attributeChangedCallback(name, old, value) {
    if (old === value) return;
    if (name === "controls") this.#ui.controls.hidden = value == null;
    if (name === "xapi-endpoint" && this.#started) this.#reportTo();
    // reading aloud switched on or off (speech.js is the plug-ins', or loaded for the free board)
    if (name === "read-aloud") this.#readAloud(value != null);
    if (!this.#rules) return;
    if (name === "fen") {
      this.#newGame(true);
      this.#renderAll();
    } else if (name === "orientation" || name === "coordinates") {
      this.#board.set({ orientation: this.orientation, coordinates: this.coordinates });
      this.#draw();
    } else if (name === "lang") this.#switchLanguage();
    else if (name === "move-list") this.#renderMoves();
    else if (name === "lesson" || name === "mode") this.#startLesson();
    else if (name === "pieces") this.#usePieces(value, true);
    else if (name === "formula") {
      // a grown-up's setting changed now: it is the child's choice from here on
      this.#full = this.formula === "full";
      store(this.formula);
      this.#renderFormula();
    }
  }

  // (reflected properties: at the end of the file)

  get ready() {
    return this.#ready;
  }
  get fen() {
    return this.#game?.fen() ?? this.getAttribute("fen") ?? "";
  }
  set fen(value) {
    if (this.getAttribute("fen") !== value) this.setAttribute("fen", value);
    else if (this.#rules) this.attributeChangedCallback("fen", null, value);
  }
  get language() {
    return pickLang(this.getAttribute("lang"));
  }
  get version() {
    return this.#rules?.version ?? null;
  }
  get status() {
    return this.#game?.status() ?? null;
  }
  history() {
    return [...this.#moves];
  }
  pgn(white, black) {
    return this.#game?.pgn?.(white, black) ?? "";
  }
  play(from, to, promotion) {
    const piece = this.#game$().pieces().find((p) => p.square === from);
    const target = piece && this.#game.targets(piece.i, piece.j).find((t) => t.square === to);
    return this.#play(from, to, promotion ?? (this.autoQueen ? "q" : null), target?.explanation);
  }
  undo() {
    const move = this.#game$().undo();
    if (move) {
      this.#moves.pop();
      this.#changed();
      this.#announce(this.#t.undone(move.long));
      this.#emit("undo", this.#detail({ move }));
    }
    return move;
  }
  redo() {
    const move = this.#game$().redo();
    if (move) {
      this.#moves.push(move);
      this.#changed(move);
      this.#emit("move", this.#detail({ move, redo: true }));
      this.#checkGameOver();
    }
    return move;
  }
  reset() {
    this.#game$();
    this.#newGame(false);
    this.#renderAll();
    this.#announce(`${this.#t.reset}. ${this.#t.turn(this.#game.status().turn)}`);
  }
  flip() {
    this.orientation = this.orientation === "white" ? "black" : "white";
  }
  select(square) {
    this.#game$();
    this.#activate(square, performance.now(), false);
    return [...(this.#selected?.targets.values() ?? [])];
  }
  resign(side) {
    this.#end(() => this.#game.resign(side));
  }
  agreeDraw() {
    this.#end(() => this.#game.agreeDraw());
  }
  claimDraw() {
    this.#end(() => this.#game.claimDraw());
  }
  timeOut(side) {
    this.#end(() => this.#game.timeOut(side));
  }

  // FIDE's rules (pkg/), or in a lesson the lesson package's (lesson.js): one package in a lesson
  #baseRules() {
    return this.lesson ? import("../lesson/player.js").then((m) => m.rules()) : loadRules();
  }

  // lesson.js (a lesson) or play.js (a game mode), loaded only then, gets the moves and clicks first
  #startLesson() {
    const url = this.lesson;
    const mode = this.mode;
    if (url || !mode) this.#emit("lesson", { url: url && new URL(url, document.baseURI).href });
    this.#stopMode();
    // out of a lesson: a board that plays by itself needs FIDE's own Game (pkg/), loaded now
    const own = url || !this.#rules.lesson ? null : loadRules().then((r) => ((this.#rules = r), this.#newGame(false), this.#renderAll()));
    if (!url && !mode) return own ? own.then(() => this.reset()) : this.reset();
    Promise.all([import(url ? "../lesson/player.js" : "./play.js"), feel(), own]).then(([m, f]) => {
      this.#feel = f;
      if (this.lesson !== url || this.mode !== mode || this.#mode) return;
      this.#feedbackBox ??= f.feedbackBox(this.#root, this.#ui.boardWrap, () => this.#board?.focus(this.#board.focused, { preventScroll: true }));
      this.#host = this.#makeHost();
      this.#mode = m.start(this.#host);
    });
  }

  // with an xapi-endpoint: each finished lesson is sent to the school's LRS (xapi.js reads the
  // xapi-* attributes when a lesson is finished)
  #reportTo() {
    if (this.getAttribute("xapi-endpoint"))
      this.#xapi ??= xapi().then((m) => m.attach(this), (error) => console.error(`chess-tutor: xapi.js did not load: ${error.message}`));
  }

  #stopMode() {
    this.#mode?.stop();
    this.#mode = null;
    this.#host?.close();
    this.#host = null;
    this.#shown = null;
    this.#shapes = [];
    this.#feedback(null);
    this.#board?.set({ shapes: this.#lines() });
  }

  // the rules of a piece set (its URL, JSON text or object; none: FIDE's), from variant.js, which
  // also gives the panel's part for it (#view); then the fen attribute (fromAttribute) or an
  // empty board. A set that cannot be used: said in the panel (and rejected), FIDE's rules stay.
  // VariantGame: a plug-in's own class (the lessons package has it), so that pkg-variant need not load.
  async #usePieces(set, fromAttribute, VariantGame, options) {
    const ticket = ++this.#tickets;
    const lang = this.language;
    let r = set ? null : await this.#baseRules();
    let w, failed;
    try {
      // a piece set says its errors with their place: Rust's messages come with its words
      if (set) r = await (await import("./variant.js")).rules(set, lang, [...PARTS, MESSAGES], VariantGame);
      w = await (r.words?.(lang) ?? loadWords(lang, ...PARTS));
    } catch (error) {
      failed = error;
    }
    if (ticket !== this.#tickets) return;
    this.#view?.stop();
    this.#view = null;
    if (!failed) {
      this.#rules = r;
      this.#setWords(w);
      this.#game?.free();
      this.#game = null;
    }
    this.#newGame(fromAttribute, fromAttribute ? undefined : null);
    if (failed) {
      this.#message = failed.message;
      this.#emit("pieces-error", { pieces: set, message: failed.message });
    } else this.#view = r.attach?.(this.#makeHost(), options);
    if (this.#board) {
      this.#labels();
      this.#renderAll();
    }
    if (failed && !fromAttribute) throw failed;
  }

  // what a plug-in may use of the widget (README.md, "The front end"); reloadWords() and close()
  // are the widget's own: on a new language, and when the plug-in stops (all it lent comes back)
  #makeHost() {
    const widget = this;
    const ui = this.#ui;
    const owned = { slots: new Map(), layers: new Set(), sheets: new Set() };
    let parts = [];
    let closed = false;
    let lent = false; // a piece set (usePieces): on close the widget's own rules come back
    let lentGame = false; // a lesson's game (useGame): on close it goes back
    const places = {
      "panel-top": (el) => ui.status.before(el),
      panel: (el) => ui.panel.append(el),
      // before the board: a card's buttons (a lesson's Start) come first in the tab order
      overlay: (el) => ui.boardWrap.prepend(el),
      "board-below": (el) => ui.boardCol.append(el),
    };
    return {
      element: this,
      words: null,
      get lang() {
        return widget.language;
      },
      get board() {
        return widget.#board;
      },
      async loadWords(...names) {
        parts = names;
        const lang = widget.language;
        const w = await loadWords(lang, ...names);
        if (!closed && lang === widget.language) this.words = w;
        return w;
      },
      reloadWords: () => (parts.length ? loadWords(this.language, ...parts).then((w) => !closed && (this.#host.words = w)) : null),
      slot(name) {
        if (!SLOTS.includes(name)) throw new Error(`chess-tutor: no slot "${name}" (${SLOTS.join(", ")})`);
        let el = owned.slots.get(name);
        if (!el) {
          el = h("div", { class: `slot slot-${name}` });
          places[name](el);
          owned.slots.set(name, el);
        }
        return el;
      },
      setShapes: (shapes) => {
        if (closed) return;
        this.#shapes = shapes ?? [];
        this.#board.set({ shapes: [...this.#lines(), ...this.#shapes] });
      },
      // one box over the board's edge, replacing the one before; null: none
      feedback: (node, onClose) => (closed ? null : this.#feedback(node, onClose)),
      sound: (kind) => this.#sound(kind),
      // said aloud only with the read-aloud attribute (a game's events); cancelled by the next move
      speak: (text) => !closed && this.#speak(text),
      usePieces: (set, VariantGame, options) => !closed && ((lent = true), this.#usePieces(set, false, VariantGame, options)),
      // a lesson lends its game: game(fen) reads a position as a Game does (pieces, targets of a
      // square, status, fen; fen null: the lesson's position now), in the lesson's own package.
      // From then on show/played draw what it answers, and a move crosses into WASM once (the
      // lesson plays it: play())
      useGame: (game) => !closed && ((lentGame = true), this.#useGame(game)),
      layer(name, shapes) {
        const g = widget.#board.layer(name, shapes);
        owned.layers.add(g);
        return g;
      },
      show: (fen, move) => {
        this.#newGame(false, fen);
        this.#shown = move ?? null;
        this.#renderAll(move);
      },
      // a move the plug-in played with its own rules (a lesson: once, in its package): never
      // played again here. The widget shows the position it is handed after it (`fen`), or
      // without one (the child's move before the lesson's reply) moves the pieces as the
      // MoveInfo says, until the next position comes
      played: (move, fen) => {
        const moves = [...this.#moves, move];
        const ahead = fen == null ? this.#afterMove(move) : null;
        if (fen != null) this.#newGame(false, fen);
        this.#moves = moves;
        this.#ahead = ahead;
        this.#changed(move);
        // a lesson's moves (the child's and the replies) are public moves too, as on a free board
        this.#emit("move", this.#detail({ move }));
      },
      announce: (text) => this.#announce(text),
      emit: (type, detail, cancelable = false) => this.#emit(type, detail, cancelable),
      adopt: (name) => {
        owned.sheets.add(name);
        return this.#pluginStyle().then(() => !closed && adopt(this.#root, name));
      },
      focusBoard: () => this.#board?.focus(this.#board.focused, { preventScroll: true }),
      // a lesson refused the move the picked piece tried: the piece stays picked (a tap on a
      // target plays), and a tap on the piece itself keeps it picked instead of letting it go
      refused: () => !closed && (this.#kept = Boolean(this.#selected)),
      close: () => {
        closed = true;
        if (lentGame) this.#useGame(null); // the lesson's objects go with it
        if (lent) this.#usePieces(this.pieces, true);
        for (const el of owned.slots.values()) el.remove();
        for (const g of owned.layers) g.replaceChildren();
        for (const name of owned.sheets)
          stylesheet(name).then((css) => (this.#root.adoptedStyleSheets = this.#root.adoptedStyleSheets.filter((x) => x !== css)), () => {});
      },
    };
  }

  // a lesson's game shown (host.useGame), or none any more (null)
  #useGame(game) {
    this.#lent = game;
    this.#newGame(false, null);
    this.#renderAll();
  }

  #game$() {
    if (!this.#game) throw new Error("chess-tutor is not ready yet: await element.ready first");
    this.#messages(); // a call may throw: its words come
    return this.#game;
  }

  #end(fn) {
    this.#game$();
    this.#inWords(fn);
    this.#changed();
    this.#checkGameOver();
  }

  // the pieces after `move` (a MoveInfo), moved on the board drawn now
  #afterMove(move) {
    const pieces = new Map(this.#position);
    const step = (from, to, change) => {
      const p = pieces.get(from);
      pieces.delete(from);
      if (!p) return;
      const [i, j] = parseSquare(to);
      pieces.set(to, { ...p, ...change, square: to, i, j });
    };
    if (move.captured) pieces.delete(move.captured);
    const letter = PROMOTION[move.promotion];
    step(move.from, move.to, letter && { kind: move.promotion, char: move.color === "white" ? letter.toUpperCase() : letter });
    if (move.rook) step(move.rook[0], move.rook[1]);
    return pieces;
  }

  #changed(move) {
    this.#explained = null;
    this.#clearSelection();
    this.#renderAll(move);
    if (move) this.#announce(this.#moveText(move));
  }

  #detail(extra) {
    return { ...extra, fen: this.#game.fen(), status: this.#game.status() };
  }

  #switchLanguage() {
    const lang = this.language;
    Promise.all([this.#rules.words?.(lang) ?? loadWords(lang, ...PARTS), this.#host?.reloadWords()]).then(([w]) => {
      if (this.language !== lang || w === this.#t) return;
      this.#setWords(w);
      this.#labels();
      this.#renderAll();
    });
  }

  #emit(type, detail, cancelable = false) {
    return this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable }));
  }

  // the words for a piece kind ("Knight")
  #name(kind) {
    const name = say(this.#t, `piece-${kind}`);
    return name[0].toLocaleUpperCase(this.language) + name.slice(1);
  }

  // the words in use (#t): a new language or piece set; the parts merged under the old words
  // (Rust's messages, the explanation's) again if they were loaded
  #setWords(w) {
    this.#t = this.#base = w;
    const parts = [...this.#under.keys()];
    this.#under.clear();
    this.#merged.clear();
    for (const part of parts) this.#wordsUnder(part).catch(() => {});
  }

  // a word part merged under the words in use, once (for these words)
  #wordsUnder(part) {
    const base = this.#base;
    let p = this.#under.get(part);
    if (!p)
      this.#under.set(
        part,
        (p = loadWords(this.language, part).then((m) => {
          if (this.#base !== base) return;
          this.#t = { ...m, ...this.#t };
          this.#merged.add(part);
        })),
      );
    return p;
  }

  // Rust's messages (messages-core) merged under the words in use
  #messages() {
    return this.#wordsUnder(MESSAGES);
  }

  // the explanation's module and words, fetched ahead (a pointer over the element, its focus)
  #explainAhead() {
    return Promise.all([explainModule(), this.#wordsUnder(EXPLAIN)]);
  }

  // what the rules throw is rethrown with its message in the element's language (id, args kept)
  #inWords(fn) {
    try {
      return fn();
    } catch (error) {
      throw inWords(this.#t, error);
    }
  }

  #newGame(fromAttribute, fen = this.getAttribute("fen")) {
    this.#newGames++;
    this.#explained = this.#selected = this.#hover = this.#shown = this.#ahead = null;
    this.#moves = [];
    this.#message = "";
    this.#closePromotion();
    try {
      const game = this.#lent?.(fen || null) ?? new this.#rules.Game(fen || null);
      this.#game?.free();
      this.#game = game;
    } catch (error) {
      this.#game ??= new this.#rules.Game();
      // said in words: at once when Rust's messages are there, else when they come (unless a
      // message was said since, such as a piece set's that could not be used)
      const n = this.#newGames;
      const said = (late) => {
        const message = sayError(this.#t, error);
        if (!late || !this.#message) this.#message = this.#t.badPosition(message);
        if (fromAttribute) this.#emit("position-error", { fen, message, id: error.id, args: error.args });
      };
      if (this.#t.place) said(false);
      else
        this.#messages()
          .catch(() => {})
          .then(() => n === this.#newGames && (said(true), this.#renderAll()));
    }
    this.#outcome = this.#game.status().outcome;
  }

  #buildShell() {
    const wrap = h("div", { class: "wrap", part: "container", hidden: "" }, this.#root);
    const boardCol = h("div", { class: "board-col" }, wrap);
    const boardWrap = h("div", { class: "board-wrap" }, boardCol);
    const loading = h("div", { class: "loading", "aria-busy": "true" }, boardWrap);
    const panel = h("section", { class: "panel", part: "panel" }, wrap);
    const status = h("p", { class: "status", part: "status" }, panel);
    const controls = h("div", { class: "controls", part: "controls" }, panel);
    controls.hidden = !this.hasAttribute("controls");
    const buttons = {};
    for (const [action, icon] of [["undo", "↶"], ["redo", "↷"], ["reset", "★"], ["flip", "⇅"]])
      buttons[action] = iconButton(controls, { "data-action": action }, icon, () => this[action]());
    const message = h("p", { class: "message", part: "message", hidden: "" }, panel);
    const formula = h("div", { class: "formula", part: "formula" }, panel);
    const moves = h("div", { class: "moves", part: "move-list", hidden: "" }, panel);
    const movesTitle = h("h3", {}, moves);
    const movesList = h("ol", {}, moves);
    const live = h("div", { class: "sr-only", role: "status", "aria-live": "polite", "aria-atomic": "true" }, this.#root);
    const promo = h("div", { class: "promotion", part: "promotion", role: "dialog", "aria-modal": "true", "aria-labelledby": "promo-title", hidden: "" }, boardWrap);
    const promoTitle = h("p", { class: "promo-title", id: "promo-title" }, promo);
    const promoChoices = h("div", { class: "promo-choices" }, promo);
    const promoCancel = h("button", { type: "button", class: "promo-cancel", part: "button" }, promo);
    promoCancel.onclick = () => this.#cancelPromotion();
    promo.onkeydown = (e) => this.#promotionKey(e);
    this.#ui = { wrap, boardCol, boardWrap, loading, panel, status, controls, buttons, message, formula, moves, movesTitle, movesList, live, promo, promoTitle, promoChoices, promoCancel };
  }

  // the rules module trapped (onTrap): the card, said and focused; the board waits behind it
  // (the card's code, words and sheet, trap-card.js, i18n/<lang>/trap.js and trap-card.css, are
  // loaded only then: the plain widget does not carry them)
  async #trapped() {
    if (!this.#t || this.#trapCard) return;
    this.#trapCard = true;
    await this.#messages().catch(() => {}); // the card says why
    let trapCard, t;
    try {
      [{ trapCard }, t] = await Promise.all([import("./trap-card.js"), loadWords(this.language, "trap"), this.#pluginStyle().then(() => adopt(this.#root, "trap-card.css"))]);
    } catch {
      // the card's files cannot be fetched (offline, no service worker): the words the widget
      // has, and a reload of the page starts over
      this.#ui.message.hidden = false;
      this.#ui.message.textContent = `⚠ ${this.#t.rulesFailed}`;
      this.dataset.trapped = "true";
      return this.#announce(this.#t.rulesFailed);
    }
    const why = (error) => `${this.#t.rulesFailed} ${sayError(this.#t, error)}`;
    this.#trapCard = trapCard(this.#ui.boardWrap, t, () => this.#startOver(), why);
    this.dataset.trapped = "true";
    this.#announce(`${t.title} ${t.text}`);
    this.#emit("trap", {});
  }

  // "Start over": fresh instances (the widget's, and a lesson's own package), then the same
  // position, lesson or game mode from its start. Objects of the trapped instance are dropped,
  // not freed (freeing them could trap again).
  // A failure is thrown to the card, which says it and keeps its button.
  async #startOver() {
    const lessonModule = this.lesson ? await import("../lesson/player.js") : null;
    lessonModule?.renew?.();
    try {
      this.#stopMode();
    } catch {}
    this.#game = null;
    this.#rules = await this.#baseRules();
    if (this.pieces) await this.#usePieces(this.pieces, true);
    else this.#newGame(true);
    this.#renderAll();
    this.#trapCard.remove();
    this.#trapCard = null;
    delete this.dataset.trapped;
    if (this.lesson || this.mode) this.#startLesson();
    else this.#board?.focus(this.#board.focused, { preventScroll: true });
    this.#emit("restarted", {});
  }

  #buildBoard() {
    this.#ui.loading.remove();
    const sprite = (p) => this.#rules.sprite(p);
    const board = (this.#board = new Board(this.#ui.boardWrap, { sprite, orientation: this.orientation, coordinates: this.coordinates }));
    board.on("select", ({ square, via, time }) => {
      if (square) this.#activate(square, time, via !== "pointer");
      // the release of a press that picked the piece again after a refused move keeps it
      else if (via === "release" && this.#kept === "held") this.#kept = false;
      else if (!this.#promotion) this.#deselect();
    });
    board.on("drag-start", ({ square }) => !this.#promotion && this.#selected?.square === square);
    board.on("drop", ({ to }) => {
      const target = this.#selected?.targets.get(to);
      if (target && !this.#view?.click(to, target, this.#selected)) this.#choose(target, true);
    });
    board.on("hover", ({ square }) => {
      const next = this.#selected?.targets.has(square) ? square : null;
      if (next === this.#hover) return;
      this.#hover = next;
      this.#renderFormula();
    });
    this.#labels();
    this.#renderAll();
  }

  // the words that change only with the language
  #labels() {
    const t = this.#t;
    const ui = this.#ui;
    for (const action in ui.buttons) ui.buttons[action].lastChild.textContent = t[action];
    ui.movesTitle.textContent = t.moves;
    ui.promoTitle.textContent = t.choose;
    ui.promoCancel.textContent = t.cancel;
    this.#feedbackBox?.label(t.close);
    this.#board.set({
      label: t.board,
      cellLabel: (sq, p, target, marks = []) => {
        const label = t.cell(sq, p && this.#name(p.kind).toLowerCase(), p && t.color[p.color]);
        // what may happen there, then what a plug-in marked there (its shapes' names: "a star")
        return [label, target && (t.targetSuffix[target.kind] ?? target.kind), ...marks].filter(Boolean).join(", ");
      },
    });
  }

  #renderAll(move) {
    if (!this.#board) return;
    const game = this.#game;
    const status = game.status();
    this.#position = this.#ahead ?? new Map(game.pieces().map((p) => [p.square, p]));
    const royal = status.check && [...this.#position.values()].find((p) => p.color === status.turn && this.#rules.formulas.get(p.kind)?.royal);
    this.#board.set({ pieces: this.#position, lastMove: this.#moves.at(-1) ?? this.#shown, check: royal?.square ?? null });
    if (move && !move.dropped) this.#board.animate(move);
    this.#renderSelection();
    const t = this.#t;
    const { outcome } = status;
    const ui = this.#ui;
    ui.status.textContent = outcome ? this.#over(outcome) : `${t.turn(status.turn)}${status.check ? `. ${t.check}` : ""}`;
    ui.status.toggleAttribute("data-over", Boolean(outcome));
    ui.status.toggleAttribute("data-check", status.check && !outcome);
    ui.buttons.undo.disabled = !status.can_undo;
    ui.buttons.redo.disabled = !status.can_redo;
    this.#renderMoves();
    this.#draw();
  }

  #draw() {
    this.#view?.draw();
    this.#mode?.draw?.();
  }

  #over(outcome) {
    return this.#t.over[outcome.reason]?.(outcome.winner) ?? outcome.result;
  }

  #renderSelection() {
    const sel = this.#selected;
    const targets = [...(sel?.targets.values() ?? [])].map((t) => (t.kind === "en-passant" ? { ...t, ghost: squareName(sel.i, t.j) } : t));
    this.#board.set({ selected: sel?.square ?? null, targets });
    this.#renderFormula();
  }

  // the selected piece's lines as light arrows under the pieces: one to the farthest target of
  // each straight line, one to each jump (a knight's); the line of the explained target stronger
  #lines() {
    const sel = this.#selected;
    if (!sel) return [];
    const on = sel.targets.get(this.#hover);
    const far = new Map();
    for (const t of sel.targets.values()) {
      const [di, dj] = [t.i - sel.i, t.j - sel.j];
      const straight = !di || !dj || Math.abs(di) === Math.abs(dj);
      const key = straight ? `${sign(di)},${sign(dj)}` : t.square;
      const n = Math.max(Math.abs(di), Math.abs(dj));
      const was = far.get(key);
      const active = was?.active || (on && (on === t || (straight && key === `${sign(on.i - sel.i)},${sign(on.j - sel.j)}`)));
      far.set(key, !was || n > was.n ? { t, n, active } : { ...was, active });
    }
    return [...far.values()].map(({ t, active }) => ({ type: "arrow", from: sel.square, to: t.square, under: true, brush: active ? "lines active" : "lines" }));
  }

  // host.feedback (feel.js is loaded with the plug-in)
  // `onClose`: what the plug-in does when the child closes this box (×)
  #feedback(node, onClose) {
    const f = this.#feel;
    if (node == null || !f) {
      this.#feedbackBox?.clear();
      return null;
    }
    const box = (this.#feedbackBox ??= f.feedbackBox(this.#root, this.#ui.boardWrap, () => this.#board?.focus(this.#board.focused, { preventScroll: true })));
    box.label(this.#t.close);
    const to = this.#moves.at(-1)?.to ?? this.#shown?.to;
    box.show(node, this.#board ? f.edge(this.#board.geometry, [...this.#position.values()], to, this.orientation) : "bottom", onClose);
    return box.box;
  }

  // the read-aloud attribute changed: a plug-in reads what it shows (or stops); off, the voice stops
  #readAloud(on) {
    if (!on) said?.cancel();
    this.#mode?.readAloud?.(on);
  }

  // with the read-aloud attribute: `text` said in the element's language, cancelling what was said
  // (a free board's move and its plain words, a game's events); squares and pieces as words
  #speak(text) {
    if (!text || !this.readAloud) return;
    const lang = this.language;
    Promise.all([voice(), loadWords(lang, "speech", "language")]).then(
      ([m, words]) => this.readAloud && lang === this.language && m.speak(text, { lang, words }),
      () => {},
    );
  }

  // a short, gentle tone, only with the sound attribute (feel.js loads only then)
  #sound(kind) {
    if (this.hasAttribute("sound")) feel().then((f) => f.tone(kind), () => {});
  }

  get #open() {
    return this.#full ?? (stored() ?? this.formula) === "full";
  }

  // the explanation's view (explain.js): { t, flip, touch, open, onToggle } once its module and
  // words are here; else null, the panel is busy (aria-busy) and drawn again when they come
  #explainView() {
    const box = this.#ui.formula;
    if (explainer && this.#merged.has(EXPLAIN)) {
      box.removeAttribute("aria-busy");
      const open = this.#open;
      return {
        t: this.#t,
        flip: this.orientation === "black" ? -1 : 1,
        touch: coarse.matches,
        open,
        // the board labels with (i, j) (coordinates="both"): the square's numbers in the panel too
        numbers: this.getAttribute("coordinates") === "both",
        onToggle: (full) => {
          this.#full = full;
          store(full ? "full" : "plain");
          this.#renderFormula();
          this.#ui.formula.querySelector(".f-toggle")?.focus();
        },
      };
    }
    box.setAttribute("aria-busy", "true");
    const base = this.#base;
    this.#explainAhead().then(
      () => base === this.#base && this.#renderFormula(),
      () => box.removeAttribute("aria-busy"), // not fetched (offline): the plain words stay unsaid
    );
    return null;
  }

  // two voices (explain.js): plain words first (what the piece does; how far the target is, as the
  // child sees the board), then behind "How is it counted?" the lines from formulas() with ΔI,
  // ΔJ and n. On a touch screen a tap on a marker plays at once, as a child expects of a tap (a
  // first tap that only explains would feel like the board ignoring them); the panel then explains
  // the move just played. A mouse's hover and the keyboard's focus on a marker explain it before the move.
  #renderFormula() {
    const box = this.#ui.formula;
    const t = this.#t;
    const sel = this.#selected;
    box.replaceChildren();
    this.#ui.message.textContent = this.#message;
    this.#ui.message.hidden = !this.#message;
    this.#board?.set({ shapes: [...this.#lines(), ...this.#shapes] });
    const v = sel || this.#explained ? this.#explainView() : null;
    if (!sel) {
      if (this.#explained && v) explainer.explainMove(box, this.#explained, true, v);
      const over = this.#game?.status().outcome;
      if (over || !this.#explained) h("p", { class: "hint" }, box, over ? this.#overWords(t.overHint) : coarse.matches ? t.pickHintTouch : t.pickHint);
      return;
    }
    if (!v) return;
    const { kind } = sel.piece;
    explainer.explainPiece(box, { ...v, sel, hovered: sel.targets.get(this.#hover), name: this.#name(kind), sprite: this.#rules.sprite(sel.piece), lines: this.#rules.formulas.get(kind)?.lines });
  }

  // the move list, kept in step with #moves: the moves the list shows already stay (their
  // spans are not made again), those taken back go, the new ones are added. O(new moves)
  // per render however long the game (README.md, "The move list").
  #renderMoves() {
    const mode = this.moveList;
    const { moves, movesList } = this.#ui;
    const history = this.#moves;
    moves.hidden = mode === "none" || !history.length;
    if (moves.hidden) return;
    const listed = this.#listed;
    const first = history[0].color === "black" ? 1 : 0;
    // the language's piece letters (its language.js, in the board's words), as the lessons write
    // moves: Ф h4# in Russian; a piece set's moves have the set's own letters already
    const lang = this.language;
    const letters = this.#rules?.words ? null : lettersIn(this.#t, lang);
    const written = (move) => (letters ? sanIn(letters, move[mode]) : move[mode]);
    let keep = 0;
    if (movesList.dataset.mode === `${mode} ${lang}` && listed.length && listed[0] === history[0]) while (keep < listed.length && listed[keep] === history[keep]) keep++;
    else {
      movesList.replaceChildren();
      listed.length = 0;
      movesList.dataset.mode = `${mode} ${lang}`;
    }
    // back to the first move that changed: its span, and its row when the row began with it
    for (let k = listed.length - 1; k >= keep; k--) {
      const li = movesList.lastElementChild;
      li.lastChild.remove();
      li.lastChild.remove(); // the space before it
      if ((k + first) % 2 === 0 || k === 0) li.remove();
    }
    listed.length = keep;
    movesList.querySelector("[data-last]")?.removeAttribute("data-last");
    let li = movesList.lastElementChild;
    for (let k = keep; k < history.length; k++) {
      const ply = k + first;
      if (!li || ply % 2 === 0) {
        li = h("li", {}, movesList);
        h("span", { class: "n" }, li, ply % 2 ? `${(ply + 1) / 2}…` : `${ply / 2 + 1}.`);
      }
      li.append(" ");
      h("span", {}, li, written(history[k]));
      listed.push(history[k]);
    }
    movesList.lastElementChild.lastChild.setAttribute("data-last", "");
    movesList.scrollTop = movesList.scrollHeight; // not scrollIntoView: the page stays
  }

  // a click, tap, Enter or Space; t0: for the latency measure
  #activate(sq, t0, toggle) {
    if (!this.#game || this.#promotion) return;
    const sel = this.#selected;
    const target = sel?.targets.get(sq);
    if (this.#mode?.click?.(sq, target, sel) || this.#view?.click(sq, target, sel)) return;
    if (target) return this.#choose(target, false);
    const piece = this.#position.get(sq);
    const status = this.#game.status();
    const t = this.#t;
    if (piece && sq === sel?.square) {
      // after a wrong move a tap on the piece picks it (again), never lets it go
      if (this.#kept === true) return void (this.#kept = toggle ? false : "held");
      return toggle && this.#deselect();
    }
    this.#kept = false;
    if (piece?.color === status.turn) {
      const targets = status.outcome ? [] : this.#game.targets(piece.i, piece.j);
      this.#selected = { square: sq, i: piece.i, j: piece.j, piece, targets: new Map(targets.map((x) => [x.square, x])) };
      this.#explained = null;
      this.#hover = targets.some((x) => x.square === this.#board.hovered) ? this.#board.hovered : null;
      this.#message = status.outcome ? this.#overWords(t.gameIsOver) : "";
      this.#renderSelection();
      this.#measure(t0);
      const name = this.#name(piece.kind);
      this.#announce(targets.length || status.outcome ? t.selected(name, sq, targets.length) : t.noMoves(name, sq));
      this.#emit("select", { square: sq, i: piece.i, j: piece.j, piece, targets });
      return;
    }
    // say gently why nothing happens
    this.#message = status.outcome ? this.#overWords(t.gameIsOver) : sel ? t.notThere(sq) : piece ? t.enemyPiece(piece.color, status.turn) : t.emptySquare;
    if (sel) {
      this.#selected = this.#hover = null;
      this.#emit("select", unselected);
    }
    this.#renderSelection();
    this.#measure(t0);
    this.#announce(this.#message);
    this.#speak(this.#message); // a child who cannot read hears it too
  }

  // the game is over, and what the widget's own buttons can do now (words(undo): New game, and
  // Undo when a move can be taken back); without its buttons (a lesson, a game, whose panels say
  // what to do) only that it is over: never a button the screen does not show
  #overWords(words) {
    if (this.#ui.controls.hidden) return this.#t.overDone;
    return words(Boolean(this.#game?.status().can_undo));
  }

  // input event -> highlight drawn, for npm run bench
  #measure(t0) {
    try {
      performance.measure("ct-select", { start: t0, end: performance.now() });
      if (++this.#measures % 2000 === 0) performance.clearMeasures("ct-select");
    } catch {}
  }

  #deselect() {
    if (!this.#selected) return;
    this.#clearSelection();
    this.#renderSelection();
    this.#emit("select", unselected);
  }

  #clearSelection() {
    this.#kept = false;
    this.#selected = this.#hover = null;
    this.#message = "";
  }

  #choose(target, dropped) {
    const sel = this.#selected;
    const promotes = target.kind === "promotion";
    if (promotes && !this.autoQueen) this.#openPromotion(sel, target);
    else this.#play(sel.square, target.square, promotes ? "q" : null, target.explanation, dropped);
  }

  #play(from, to, promotion, explanation, dropped) {
    said?.cancel(); // a move: what was being said is over
    // a mode takes the move (or refuses it), unless it lets the board play it (undefined)
    const taken = this.#mode?.play?.(from, to, promotion, dropped);
    if (taken !== undefined) return taken;
    const move = this.#inWords(() => this.#game$().play(from, to, promotion));
    const [i, j] = parseSquare(from);
    const [ti, tj] = parseSquare(to);
    this.#moves.push(move);
    this.#changed({ ...move, dropped });
    explanation ??= move.explanation;
    // the square of the piece taken (en passant: not the square moved to), as a target has it
    if (explanation) this.#explained = { from: { i, j }, name: move.piece ? this.#name(move.piece) : "", target: { square: to, i: ti, j: tj, kind: move.kind, captured: move.captured, explanation } };
    this.#closePromotion();
    this.#renderFormula();
    this.#board.focus(to, this.#root.activeElement != null);
    this.#emit("move", this.#detail({ move }));
    this.#checkGameOver();
    // read aloud: on a free board the move's plain words, then a check or the end of the game
    if (!this.#mode && this.readAloud) this.#spokenMove(move, this.#explained).then((text) => this.#speak(text), () => {});
    return move;
  }

  #moveText(move) {
    const t = this.#t;
    const status = this.#game.status();
    let text = t.moved(move.color, this.#name(move.piece), move.from, move.to, move.capture);
    if (move.kind === "castle") text += `, ${t.castles}`;
    if (move.promotion) text += ` — ${t.becomes(this.#name(move.promotion))}`;
    if (status.outcome) text += `. ${this.#over(status.outcome)}`;
    else if (status.check) text += `. ${t.check}`;
    return text;
  }

  // the plain words of a move just played, as the formula panel shows them, and what it brought
  // (with the explanation's words: the move's plain words wait for them; what the move brought
  // is read at once)
  async #spokenMove(move, explained) {
    const target = explained?.target;
    const status = this.#game.status();
    const parts = target ? [] : [this.#moveText(move)];
    if (target) {
      const flip = this.orientation === "black" ? -1 : 1;
      await this.#explainAhead();
      const t = this.#t;
      parts.push(`${t.played(target.square, explained.name)}: ${explainer.way(t, explained.from, target, flip)}.`);
      const extra = explainer.extra(t, { ...target, captured: target.captured ?? move.captured });
      if (extra) parts.push(extra);
    }
    const t = this.#t;
    if (status.outcome) parts.push(this.#over(status.outcome));
    else if (status.check) parts.push(t.check);
    return parts.join(" ");
  }

  #checkGameOver() {
    const { outcome } = this.#game.status();
    if (outcome && !this.#outcome) {
      this.#sound("done");
      this.#emit("game-over", this.#detail({ outcome }));
    }
    this.#outcome = outcome;
  }

  #announce(text) {
    // a changing space: the same words are said again
    this.#ui.live.textContent = text + (++this.#says % 2 ? "" : "\u00a0");
  }


  // the classes a plug-in uses (card, actions: plug-in.css), adopted once, before the plug-in's own
  // sheets; asked for when a plug-in starts (a plug-in's adopt() waits for it) or a trap card shows
  #pluginStyle() {
    return (this.#pluginSheet ??= this.#sheets.then(() => adopt(this.#root, "plug-in.css")).catch((error) => {
      this.#pluginSheet = null;
      throw error;
    }));
  }

  #openPromotion(sel, target) {
    const { promo, promoChoices } = this.#ui;
    this.#promotion = { from: sel.square, to: target.square, explanation: target.explanation };
    promoChoices.replaceChildren();
    for (const [kind, letter] of Object.entries(PROMOTION)) {
      const b = h("button", { type: "button", class: "promo-choice", part: "button promotion-choice", "data-piece": letter }, promoChoices);
      h("img", { src: pieceImage(sel.piece.color, letter), alt: "" }, b);
      h("span", {}, b, this.#name(kind));
      b.onclick = () => this.#play(sel.square, target.square, letter, target.explanation);
    }
    promo.hidden = false;
    promoChoices.firstChild.focus();
    this.#announce(this.#t.choose);
  }

  #promotionKey(e) {
    const buttons = [...this.#ui.promoChoices.children, this.#ui.promoCancel];
    const k = e.key;
    if (k === "Escape") this.#cancelPromotion();
    else if (/^Arrow|^Tab$/.test(k)) {
      const step = k === "ArrowLeft" || k === "ArrowUp" || (k === "Tab" && e.shiftKey) ? -1 : 1;
      const n = buttons.length;
      buttons[(buttons.indexOf(this.#root.activeElement) + step + n) % n].focus();
    } else return;
    e.preventDefault();
  }

  #cancelPromotion() {
    const from = this.#promotion?.from;
    this.#closePromotion();
    if (from) this.#board.focus(from);
  }

  #closePromotion() {
    this.#promotion = null;
    this.#ui.promo.hidden = true;
  }
}

// reflected attributes: [property, attribute, values (first: default) or true (boolean)]
for (const [prop, attr, values] of [
  ["orientation", "orientation", ["white", "black"]],
  ["coordinates", "coordinates", ["algebraic", "both", "ij", "none"]],
  ["formula", "formula", ["plain", "full"]],
  ["sound", "sound", true],
  ["moveList", "move-list", ["none", "san", "long"]],
  ["lesson", "lesson"],
  ["mode", "mode"],
  ["pieces", "pieces"],
  ["autoQueen", "auto-queen", true],
  ["readAloud", "read-aloud", true],
]) {
  Object.defineProperty(ChessTutor.prototype, prop, {
    get() {
      const value = this.getAttribute(attr);
      if (values === true) return value != null;
      return values ? (values.includes(value) ? value : values[0]) : value;
    },
    set(value) {
      if (values === true ? !value : value == null) this.removeAttribute(attr);
      else this.setAttribute(attr, values === true ? "" : value);
    },
  });
}

if (globalThis.customElements && !customElements.get("chess-tutor")) customElements.define("chess-tutor", ChessTutor);
