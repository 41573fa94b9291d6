// <chess-tutor>: shows a child where a piece may go, and why. README.md, "Embedding".
// The rules (./pkg), the board view (board.js) and the panel; a lesson or a game mode is a
// plug-in loaded only then, which talks to the widget through one host object (README.md,
// "The front end"). Its files are found next to it. No markup strings: text goes in textContent.
// The rules are a provider { Game, formulas, sprite, version }: FIDE's (pkg/), or a piece set's
// from variant.js (the pieces attribute, or a plug-in's host.usePieces), loaded only then. In a
// lesson the lesson's package lends them (lesson.js rules(): its Game an empty board) and the lesson its game
// (host.useGame): a lesson page loads no pkg/ at all.
// Its parts, each a module of its own: the attributes (chess-tutor-attributes.js), FIDE's rules
// and a trap in them (rules-module.js), the host a plug-in gets (plugin-host.js), the words in use
// (words-in-use.js), the explanation panel's helpers (explain-panel.js), the move list
// (move-list.js), the promotion dialog (promotion.js), its voice and sounds (voice-of.js), its
// parts in the shadow root (chess-tutor-shell.js). This
// file is the element: its public API, its state, and the way a click travels (#activate → #play).
import { Board, parseSquare, squareName } from "./board.js";
import { adopt, h, shadow, stylesheet } from "./dom.js";
import { inWords, sayError } from "./errors.js";
import { buildShell, labelShell } from "./chess-tutor-shell.js";
import { loadWords, pickLang, say } from "../i18n/i18n.js";
import { OBSERVED, reflect } from "./chess-tutor-attributes.js";
import { loadRules, showTrapCard, trapCards } from "./rules-module.js";
import { makeHost } from "./plugin-host.js";
import { WordsInUse } from "./words-in-use.js";
import { EXPLAIN, coarse, explainModule, explainView, explainer, lines, spokenMove, store, stored } from "./explain-panel.js";
import { afterMove, moveText, overText, renderMoveList } from "./move-list.js";
import { Promotion } from "./promotion.js";
import { feel, silence, sound, speak } from "./voice-of.js";

const PARTS = ["board"]; // the word files of the plain widget's first paint (www/i18n/<lang>/)
// Rust's messages in words (errors): not in the first load, a plain board says none; fetched at
// the first touch, the first call of the element's API, or the first error (#messages)
const MESSAGES = "messages-core";
// xAPI statements for finished lessons (README.md, "For schools: xAPI"): only with xapi-endpoint
const xapi = () => import("../school/xapi.js");
const unselected = { square: null, i: null, j: null, piece: null, targets: [] };

export class ChessTutor extends (globalThis.HTMLElement ?? class {}) {
  static observedAttributes = OBSERVED;

  #root;
  #ui;
  #sheets;
  #rules = null;
  #words = new WordsInUse(() => this.language); // the words in use (#t) and the parts merged under them
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
  #promo = null; // the promotion dialog (promotion.js)
  #pluginSheet = null; // plug-in.css adopted (a promise), once a plug-in or the trap card needs it
  #explained = null; // the formula of the move just played, for touch users
  #shown = null; // the move a plug-in showed (host.show), highlighted as the last one
  #outcome = null;
  #message = "";
  #measures = 0;
  #says = 0;
  #mode = null; // the plug-in: { stop, click?, play?, draw? }
  #host = null; // …and the host it was given
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

  get #t() {
    return this.#words.t;
  }

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
        this.#words.t = w;
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
    silence();
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
    this.#board?.set({ shapes: lines(this.#selected, this.#hover) });
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

  // what a plug-in may use of the widget (plugin-host.js): these powers, nothing else
  #makeHost() {
    const focusBoard = () => this.#board?.focus(this.#board.focused, { preventScroll: true });
    return makeHost(this, {
      root: this.#root,
      ui: this.#ui,
      board: () => this.#board,
      setShapes: (shapes) => {
        this.#shapes = shapes;
        this.#board.set({ shapes: [...lines(this.#selected, this.#hover), ...this.#shapes] });
      },
      feedback: (node) => this.#feedback(node),
      sound: (kind) => sound(this, kind),
      speak: (text) => speak(this, text),
      usePieces: (set, VariantGame, options) => this.#usePieces(set, false, VariantGame, options),
      restorePieces: () => this.#usePieces(this.pieces, true),
      useGame: (game) => this.#useGame(game),
      show: (fen, move) => {
        this.#newGame(false, fen);
        this.#shown = move ?? null;
        this.#renderAll(move);
      },
      played: (move, fen) => {
        const moves = [...this.#moves, move];
        const ahead = fen == null ? afterMove(this.#position, move) : null;
        if (fen != null) this.#newGame(false, fen);
        this.#moves = moves;
        this.#ahead = ahead;
        this.#changed(move);
        // a lesson's moves (the child's and the replies) are public moves too, as on a free board
        this.#emit("move", this.#detail({ move }));
      },
      announce: (text) => this.#announce(text),
      emit: (type, detail, cancelable = false) => this.#emit(type, detail, cancelable),
      pluginStyle: () => this.#pluginStyle(),
      focusBoard,
      refused: () => (this.#kept = Boolean(this.#selected)),
    });
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

  // the words in use (#t): a new language or piece set (words-in-use.js)
  #setWords(w) {
    this.#words.set(w);
  }

  // Rust's messages (messages-core) merged under the words in use
  #messages() {
    return this.#words.under(MESSAGES);
  }

  // the explanation's module and words, fetched ahead (a pointer over the element, its focus)
  #explainAhead() {
    return Promise.all([explainModule(), this.#words.under(EXPLAIN)]);
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
    this.#ui = buildShell(this.#root, this);
    this.#promo = new Promotion(this.#root, this.#ui.boardWrap, (from) => this.#board.focus(from));
  }

  // the rules module trapped (onTrap): the card (rules-module.js), said and focused
  async #trapped() {
    if (!this.#t || this.#trapCard) return;
    this.#trapCard = true; // (true: it loads, or could not; no second card)
    const card = await showTrapCard(this, {
      root: this.#root,
      ui: this.#ui,
      words: this.#words,
      messages: () => this.#messages(),
      pluginStyle: () => this.#pluginStyle(),
      announce: (text) => this.#announce(text),
      startOver: () => this.#startOver(),
    });
    if (!card) return;
    this.#trapCard = card;
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
      else if (!this.#promo.pending) this.#deselect();
    });
    board.on("drag-start", ({ square }) => !this.#promo.pending && this.#selected?.square === square);
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
    labelShell(ui, t);
    this.#promo.label(t);
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
    return overText(this.#t, outcome);
  }

  #renderSelection() {
    const sel = this.#selected;
    const targets = [...(sel?.targets.values() ?? [])].map((t) => (t.kind === "en-passant" ? { ...t, ghost: squareName(sel.i, t.j) } : t));
    this.#board.set({ selected: sel?.square ?? null, targets });
    this.#renderFormula();
  }

  // host.feedback (feel.js is loaded with the plug-in)
  #feedback(node) {
    const f = this.#feel;
    if (node == null || !f) {
      this.#feedbackBox?.clear();
      return null;
    }
    const box = (this.#feedbackBox ??= f.feedbackBox(this.#root, this.#ui.boardWrap, () => this.#board?.focus(this.#board.focused, { preventScroll: true })));
    box.label(this.#t.close);
    const to = this.#moves.at(-1)?.to ?? this.#shown?.to;
    box.show(node, this.#board ? f.edge(this.#board.geometry, [...this.#position.values()], to, this.orientation) : "bottom");
    return box.box;
  }

  // the read-aloud attribute changed: a plug-in reads what it shows (or stops); off, the voice stops
  #readAloud(on) {
    if (!on) silence();
    this.#mode?.readAloud?.(on);
  }

  get #open() {
    return this.#full ?? (stored() ?? this.formula) === "full";
  }

  // the explanation's view (explain.js) once its module and words are here; else null, the panel
  // is busy and drawn again when they come (explain-panel.js)
  #explainView() {
    return explainView(this.#ui.formula, {
      words: this.#words,
      ahead: () => this.#explainAhead(),
      redraw: () => this.#renderFormula(),
      open: this.#open,
      flip: this.orientation === "black" ? -1 : 1,
      // the board labels with (i, j) (coordinates="both"): the square's numbers in the panel too
      numbers: this.getAttribute("coordinates") === "both",
      onToggle: (full) => {
        this.#full = full;
        store(full ? "full" : "plain");
        this.#renderFormula();
        this.#ui.formula.querySelector(".f-toggle")?.focus();
      },
    });
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
    this.#board?.set({ shapes: [...lines(this.#selected, this.#hover), ...this.#shapes] });
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

  // the move list, kept in step with #moves (move-list.js)
  #renderMoves() {
    // a piece set's moves have the set's own letters already
    renderMoveList(this.#ui, { history: this.#moves, listed: this.#listed, mode: this.moveList, lang: this.language, t: this.#t, ownLetters: Boolean(this.#rules?.words) });
  }

  // a click, tap, Enter or Space; t0: for the latency measure
  #activate(sq, t0, toggle) {
    if (!this.#game || this.#promo.pending) return;
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
    speak(this, this.#message); // a child who cannot read hears it too
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
    silence(); // a move: what was being said is over
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
    if (!this.#mode && this.readAloud) this.#spokenMove(move, this.#explained).then((text) => speak(this, text), () => {});
    return move;
  }

  #moveText(move) {
    return moveText(this.#t, (kind) => this.#name(kind), move, this.#game.status());
  }

  // read aloud on a free board: the move's plain words (explain-panel.js), then a check or the end
  #spokenMove(move, explained) {
    const status = this.#game.status();
    const end = status.outcome ? this.#over(status.outcome) : status.check ? this.#t.check : "";
    const flip = this.orientation === "black" ? -1 : 1;
    return spokenMove(move, explained, { words: this.#words, ahead: () => this.#explainAhead(), flip, plain: explained?.target ? "" : this.#moveText(move), end });
  }

  #checkGameOver() {
    const { outcome } = this.#game.status();
    if (outcome && !this.#outcome) {
      sound(this, "done");
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
    this.#promo.open(sel, target, (kind) => this.#name(kind), (letter) => this.#play(sel.square, target.square, letter, target.explanation));
    this.#announce(this.#t.choose);
  }

  #closePromotion() {
    this.#promo.close();
  }
}

reflect(ChessTutor.prototype);

if (globalThis.customElements && !customElements.get("chess-tutor")) customElements.define("chess-tutor", ChessTutor);
