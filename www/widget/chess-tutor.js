// @ts-check
// <chess-tutor>: shows a child where a piece may go, and why. README.md, "Embedding".
// The rules (./pkg), the board view (board.js) and the panel; a lesson or a game mode is a
// plug-in loaded only then, which talks to the widget through one host object (README.md,
// "The front end"). Its files are found next to it. No markup strings: text goes in textContent.
// The rules are a provider { Game, formulas, sprite, version }: FIDE's (pkg/), or a piece set's
// from variant.js (the pieces attribute, or a plug-in's host.usePieces), loaded only then. In a
// lesson the lesson's package lends them (lesson.js rules(): its Game an empty board) and the lesson its game
// (host.useGame): a lesson page loads no pkg/ at all.
// Its parts, each a module of its own (chessground-style: state, drawing and events apart): the
// state (tutor-state.js), its drawing (tutor-view.js), the board's events (tutor-events.js), the
// attributes (chess-tutor-attributes.js), the parts in the shadow root (chess-tutor-shell.js),
// FIDE's rules and a trap in them (rules-module.js), the host a plug-in gets (plugin-host.js), the
// words in use (words-in-use.js), the explanation panel's helpers (explain-panel.js), the move
// list and a move in words (move-list.js), the promotion dialog (promotion.js), its voice and
// sounds (voice-of.js). This file is the element: its public API, its life (connected, attributes
// changed, a plug-in started and stopped, a trap) and a move played (#play).
import { Board, parseSquare } from "./board.js";
import { adopt, shadow } from "./dom.js";
import { inWords, sayError } from "./errors.js";
import { buildShell } from "./chess-tutor-shell.js";
import { loadWords, pickLang } from "../i18n/i18n.js";
import { OBSERVED, reflect } from "./chess-tutor-attributes.js";
import { loadRules, trapCards } from "./rules-module.js";
import { lines, spokenMove, store } from "./explain-panel.js";
import { moveText } from "./move-list.js";
import { Promotion } from "./promotion.js";
import { newState } from "./tutor-state.js";
import { activate, clearSelection, emit, listen } from "./tutor-events.js";
import { announce, draw, explainAhead, feedback, labels, over, pieceName, renderAll, renderFormula, renderMoves } from "./tutor-view.js";
import { feel, silence, sound, speak } from "./voice-of.js";

/** @typedef {import("../types/boundary").MoveInfo} MoveInfo */
/** @typedef {import("../types/boundary").Explanation} Explanation */
/** @typedef {typeof import("../pkg-variant/chess_tutor.js").VariantGame} VariantGameClass */

const PARTS = ["board"]; // the word files of the plain widget's first paint (www/i18n/<lang>/)
// Rust's messages in words (errors): not in the first load, a plain board says none; fetched at
// the first touch, the first call of the element's API, or the first error (#messages)
const MESSAGES = "messages-core";
// xAPI statements for finished lessons (README.md, "For schools: xAPI"): only with xapi-endpoint
const xapi = () => import("../school/xapi.js");
// the host a plug-in gets (plugin-host.js): loaded with the plug-in or piece set that needs it,
// not in the plain board's first load; `makeHost` is the function once loaded
/** @type {typeof import("./plugin-host.js").makeHost | null} */
let makeHost = null;
/** @type {Promise<typeof import("./plugin-host.js").makeHost> | null} */
let hosting = null;
const hostModule = () => (hosting ??= import("./plugin-host.js").then((m) => (makeHost = m.makeHost)).catch((error) => {
  hosting = null;
  throw error;
}));

/** The attributes reflected as properties (chess-tutor-attributes.js defines them on the prototype,
 * hence the base class's type below, which has them).
 * @typedef {{ orientation: "white" | "black", coordinates: "algebraic" | "both" | "ij" | "none",
 *   formula: "plain" | "full", sound: boolean, moveList: "none" | "san" | "long", lesson: string | null,
 *   mode: string | null, pieces: string | null, autoQueen: boolean, readAloud: boolean }} Reflected */
/** @typedef {{ new (): HTMLElement & Reflected }} ElementWithAttributes */

export class ChessTutor extends /** @type {ElementWithAttributes} */ (globalThis.HTMLElement ?? class {}) {
  static observedAttributes = OBSERVED;

  #s = newState(this); // the state (tutor-state.js), drawn by tutor-view.js
  #sheets;
  #started = false;
  #ready;
  #settle;
  #tickets = 0;
  /** @type {Promise<void> | null} */
  #pluginSheet = null; // plug-in.css adopted (a promise), once a plug-in or the trap card needs it
  #newGames = 0;
  /** @type {Promise<unknown> | null} */
  // eslint-disable-next-line no-unused-private-class-members -- kept so that xapi.js attaches once (??=)
  #xapi = null; // xapi.js attached (a promise), once there is an xapi-endpoint
  #showTrap = () => this.#trapped();
  /** @type {HTMLElement | true | null} */
  #trapCard = null; // the card of a trapped rules module (trap-card.js), true while it loads

  get #t() {
    return this.#s.words.t;
  }

  constructor() {
    super();
    ({ root: this.#s.root, ready: this.#ready, settle: this.#settle } = shadow(this));
    this.#buildShell();
    for (const type of ["pointerdown", "keydown"]) this.addEventListener(type, () => this.#t && this.#messages(), { once: true });
    // the explanation is fetched as the child reaches for the board, before the first click
    for (const type of ["pointerover", "pointerdown", "focusin"]) this.addEventListener(type, () => this.#t && explainAhead(this.#s), { passive: true });
    // (its sheet begins with board.css's rules: the build puts them in the place of its @import)
    this.#sheets = adopt(this.#s.root, "chess-tutor.css");
    this.#sheets.then(() => (this.#s.ui.wrap.hidden = false));
  }

  connectedCallback() {
    const s = this.#s;
    trapCards.add(this.#showTrap);
    if (this.#started) return;
    this.#started = true;
    this.#reportTo();
    const lang = this.language;
    const words = loadWords(lang, ...PARTS);
    // (a microtask later: a page that appends the element and then sets lesson is a lesson page)
    Promise.all([Promise.resolve().then(() => this.#baseRules()), words]).then(
      async ([r, w]) => {
        s.rules = r;
        s.words.t = w;
        await (this.pieces ? this.#usePieces(this.pieces, true) : this.#newGame(false));
        this.#buildBoard();
        if (this.language !== lang) this.#switchLanguage();
        this.dataset.ready = "true";
        this.#settle.resolve(this);
        emit(this, "ready", { version: r.version });
        if (this.lesson || this.mode) this.#startLesson();
      },
      (error) => {
        s.ui.message.hidden = false;
        // without its word files the widget has no words: then the webmaster reads the reason
        words.then(
          (w) => (s.ui.message.textContent = w.rulesFailed),
          () => (s.ui.message.textContent = `chess-tutor: ${error.message}`),
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
    this.#s.mode?.silence?.();
  }

  /** @param {string} name @param {string | null} old @param {string | null} value */
  attributeChangedCallback(name, old, value) {
    if (old === value) return;
    if (name === "controls") this.#s.ui.controls.hidden = value == null;
    if (name === "xapi-endpoint" && this.#started) this.#reportTo();
    // reading aloud switched on or off (speech.js is the plug-ins', or loaded for the free board)
    if (name === "read-aloud") this.#readAloud(value != null);
    if (!this.#s.rules) return;
    if (name === "fen") {
      this.#newGame(true);
      renderAll(this.#s, this);
    } else if (name === "orientation" || name === "coordinates") {
      this.#s.board.set({ orientation: this.orientation, coordinates: this.coordinates });
      draw(this.#s);
    } else if (name === "lang") this.#switchLanguage();
    else if (name === "move-list") renderMoves(this.#s, this);
    else if (name === "lesson" || name === "mode") this.#startLesson();
    else if (name === "pieces") this.#usePieces(value, true);
    else if (name === "formula") {
      // a grown-up's setting changed now: it is the child's choice from here on
      this.#s.full = this.formula === "full";
      store(this.formula);
      renderFormula(this.#s, this);
    }
  }

  // (reflected properties: at the end of the file)

  get ready() {
    return this.#ready;
  }
  get fen() {
    return this.#s.game?.fen() ?? this.getAttribute("fen") ?? "";
  }
  set fen(value) {
    if (this.getAttribute("fen") !== value) this.setAttribute("fen", value);
    else if (this.#s.rules) this.attributeChangedCallback("fen", null, value);
  }
  get language() {
    return pickLang(this.getAttribute("lang"));
  }
  get version() {
    return this.#s.rules?.version ?? null;
  }
  get status() {
    return this.#s.game?.status() ?? null;
  }
  /** The moves played since the position was set. @returns {MoveInfo[]} */
  history() {
    return [...this.#s.moves];
  }
  /** @param {string} [white] @param {string} [black] @returns {string} */
  pgn(white, black) {
    return this.#s.game?.pgn?.(white, black) ?? "";
  }
  /** @param {string} from @param {string} to @param {string | null} [promotion] a letter: "q", "r", "b", "n" */
  play(from, to, promotion) {
    const piece = this.#game$().pieces().find((p) => p.square === from);
    const target = piece && this.#s.game.targets(piece.i, piece.j).find((t) => t.square === to);
    return this.#play(from, to, promotion ?? (this.autoQueen ? "q" : null), target?.explanation);
  }
  undo() {
    const move = this.#game$().undo();
    if (move) {
      this.#s.moves.pop();
      this.#changed();
      announce(this.#s, this.#t.undone(move.long));
      emit(this, "undo", this.#detail({ move }));
    }
    return move;
  }
  redo() {
    const move = this.#game$().redo();
    if (move) {
      this.#s.moves.push(move);
      this.#changed(move);
      emit(this, "move", this.#detail({ move, redo: true }));
      this.#checkGameOver();
    }
    return move;
  }
  reset() {
    const s = this.#s;
    this.#game$();
    this.#newGame(false);
    renderAll(s, this);
    announce(s, `${this.#t.reset}. ${this.#t.turn(s.game.status().turn)}`);
  }
  flip() {
    this.setAttribute("orientation", this.orientation === "white" ? "black" : "white"); // (as the reflected setter does)
  }
  /** Selects the piece on `square` (null: none); its targets. @param {string | null} square */
  select(square) {
    this.#game$();
    activate(this.#s, this, square, performance.now(), false, (target, dropped) => this.#choose(target, dropped));
    return [...(this.#s.selected?.targets.values() ?? [])];
  }
  /** @param {"white" | "black"} side */
  resign(side) {
    this.#end(() => this.#s.game.resign(side));
  }
  agreeDraw() {
    this.#end(() => this.#s.game.agreeDraw());
  }
  claimDraw() {
    this.#end(() => this.#s.game.claimDraw());
  }
  /** @param {"white" | "black"} side */
  timeOut(side) {
    this.#end(() => this.#s.game.timeOut(side));
  }

  // FIDE's rules (pkg/), or in a lesson the lesson package's (lesson.js): one package in a lesson
  #baseRules() {
    return this.lesson ? import("../lesson/player.js").then((m) => m.rules()) : loadRules();
  }

  // lesson.js (a lesson) or play.js (a game mode), loaded only then, gets the moves and clicks first
  #startLesson() {
    const url = this.lesson;
    const mode = this.mode;
    if (url || !mode) emit(this, "lesson", { url: url && new URL(url, document.baseURI).href });
    this.#stopMode();
    // out of a lesson: a board that plays by itself needs FIDE's own Game (pkg/), loaded now
    const own = url || !this.#s.rules.lesson ? null : loadRules().then((r) => ((this.#s.rules = r), this.#newGame(false), renderAll(this.#s, this)));
    if (!url && !mode) return own ? own.then(() => this.reset()) : this.reset();
    Promise.all([import(url ? "../lesson/player.js" : "./play.js"), feel(), own, hostModule()]).then(([m, f]) => {
      this.#s.feel = f;
      if (this.lesson !== url || this.mode !== mode || this.#s.mode) return;
      this.#s.feedbackBox ??= f.feedbackBox(this.#s.root, this.#s.ui.boardWrap, () => this.#s.board?.focus(this.#s.board.focused, { preventScroll: true }));
      this.#s.host = this.#makeHost();
      this.#s.mode = m.start(this.#s.host);
    });
  }

  // with an xapi-endpoint: each finished lesson is sent to the school's LRS (xapi.js reads the
  // xapi-* attributes when a lesson is finished)
  #reportTo() {
    if (this.getAttribute("xapi-endpoint"))
      this.#xapi ??= xapi().then((m) => m.attach(this), (error) => console.error(`chess-tutor: xapi.js did not load: ${error.message}`));
  }

  #stopMode() {
    const s = this.#s;
    s.mode?.stop();
    s.mode = null;
    s.host?.close();
    s.host = null;
    s.shown = null;
    s.shapes = [];
    feedback(s, this, null);
    s.board?.set({ shapes: lines(s.selected, s.hover) });
  }

  // the rules of a piece set (its URL, JSON text or object; none: FIDE's), from variant.js, which
  // also gives the panel's part for it (#view); then the fen attribute (fromAttribute) or an
  // empty board. A set that cannot be used: said in the panel (and rejected), FIDE's rules stay.
  // VariantGame: a plug-in's own class (the lessons package has it), so that pkg-variant need not load.
  /** @param {string | object | null} set @param {boolean} fromAttribute @param {VariantGameClass} [VariantGame] @param {unknown} [options] */
  async #usePieces(set, fromAttribute, VariantGame, options) {
    const ticket = ++this.#tickets;
    const lang = this.language;
    let r = set ? null : await this.#baseRules();
    let w, failed;
    try {
      // a piece set says its errors with their place: Rust's messages come with its words
      if (set) [r] = await Promise.all([import("./variant.js").then((m) => m.rules(set, lang, [...PARTS, MESSAGES], VariantGame)), hostModule()]);
      w = await (r.words?.(lang) ?? loadWords(lang, ...PARTS));
    } catch (error) {
      failed = error;
    }
    if (ticket !== this.#tickets) return;
    this.#s.view?.stop();
    this.#s.view = null;
    if (!failed) {
      this.#s.rules = r;
      this.#setWords(w);
      this.#s.game?.free();
      this.#s.game = null;
    }
    this.#newGame(fromAttribute, fromAttribute ? undefined : null);
    if (failed) {
      this.#s.message = failed.message;
      emit(this, "pieces-error", { pieces: set, message: failed.message });
    } else this.#s.view = r.attach?.(this.#makeHost(), options);
    if (this.#s.board) {
      labels(this.#s, this);
      renderAll(this.#s, this);
    }
    if (failed && !fromAttribute) throw failed;
  }

  // what a plug-in may use of the widget (plugin-host.js): these powers, nothing else
  #makeHost() {
    const focusBoard = () => this.#s.board?.focus(this.#s.board.focused, { preventScroll: true });
    // (called once hostModule() has loaded it)
    return /** @type {typeof import("./plugin-host.js").makeHost} */ (makeHost)(this, {
      root: this.#s.root,
      ui: this.#s.ui,
      board: () => this.#s.board,
      position: () => this.#s.position,
      setShapes: (shapes) => {
        this.#s.shapes = shapes;
        this.#s.board.set({ shapes: [...lines(this.#s.selected, this.#s.hover), ...this.#s.shapes] });
      },
      feedback: (node, onClose) => feedback(this.#s, this, node, onClose),
      sound: (kind) => sound(this, kind),
      speak: (text) => speak(this, text),
      usePieces: (set, VariantGame, options) => this.#usePieces(set, false, VariantGame, options),
      restorePieces: () => this.#usePieces(this.pieces, true),
      useGame: (game) => this.#useGame(game),
      show: (fen, move) => {
        this.#newGame(false, fen);
        this.#s.shown = move ?? null;
        renderAll(this.#s, this, move);
      },
      // `ahead`: the pieces after the move, without a position (plugin-host.js afterMove)
      played: (move, fen, ahead) => {
        const moves = [...this.#s.moves, move];
        if (fen != null) this.#newGame(false, fen);
        this.#s.moves = moves;
        this.#s.ahead = ahead;
        this.#changed(move);
        // a lesson's moves (the child's and the replies) are public moves too, as on a free board
        emit(this, "move", this.#detail({ move }));
      },
      announce: (text) => announce(this.#s, text),
      emit: (type, detail, cancelable = false) => emit(this, type, detail, cancelable),
      pluginStyle: () => this.#pluginStyle(),
      focusBoard,
      refused: () => (this.#s.kept = Boolean(this.#s.selected)),
    });
  }

  // a lesson's game shown (host.useGame), or none any more (null)
  #useGame(game) {
    this.#s.lent = game;
    this.#newGame(false, null);
    renderAll(this.#s, this);
  }

  #game$() {
    if (!this.#s.game) throw new Error("chess-tutor is not ready yet: await element.ready first");
    this.#messages(); // a call may throw: its words come
    return this.#s.game;
  }

  #end(fn) {
    this.#game$();
    this.#inWords(fn);
    this.#changed();
    this.#checkGameOver();
  }

  #changed(move) {
    const s = this.#s;
    s.explained = null;
    clearSelection(s);
    renderAll(s, this, move);
    if (move) announce(s, this.#moveText(move));
  }

  #detail(extra) {
    return { ...extra, fen: this.#s.game.fen(), status: this.#s.game.status() };
  }

  #switchLanguage() {
    const s = this.#s;
    const lang = this.language;
    Promise.all([s.rules.words?.(lang) ?? loadWords(lang, ...PARTS), s.host?.reloadWords()]).then(([w]) => {
      if (this.language !== lang || w === this.#t) return;
      this.#setWords(w);
      labels(s, this);
      renderAll(s, this);
    });
  }



  // the words in use: a new language or piece set (words-in-use.js)
  #setWords(w) {
    this.#s.words.set(w);
  }

  // Rust's messages (messages-core) merged under the words in use
  #messages() {
    return this.#s.words.under(MESSAGES);
  }


  // what the rules throw is rethrown with its message in the element's language (id, args kept)
  #inWords(fn) {
    try {
      return fn();
    } catch (error) {
      throw inWords(this.#t, error);
    }
  }

  /** @param {boolean} fromAttribute @param {string | null} [fen] */
  #newGame(fromAttribute, fen = this.getAttribute("fen")) {
    this.#newGames++;
    this.#s.explained = this.#s.selected = this.#s.hover = this.#s.shown = this.#s.ahead = null;
    this.#s.moves = [];
    this.#s.message = "";
    this.#closePromotion();
    try {
      const game = this.#s.lent?.(fen || null) ?? new this.#s.rules.Game(fen || null);
      this.#s.game?.free();
      this.#s.game = game;
    } catch (error) {
      this.#s.game ??= new this.#s.rules.Game();
      // said in words: at once when Rust's messages are there, else when they come (unless a
      // message was said since, such as a piece set's that could not be used)
      const n = this.#newGames;
      const said = (late) => {
        const message = sayError(this.#t, error);
        if (!late || !this.#s.message) this.#s.message = this.#t.badPosition(message);
        if (fromAttribute) emit(this, "position-error", { fen, message, id: error.id, args: error.args });
      };
      if (this.#t.place) said(false);
      else
        this.#messages()
          .catch(() => {})
          .then(() => n === this.#newGames && (said(true), renderAll(this.#s, this)));
    }
    this.#s.outcome = this.#s.game.status().outcome;
  }

  #buildShell() {
    const s = this.#s;
    s.ui = buildShell(s.root, this);
    s.promo = new Promotion(s.root, s.ui.boardWrap, (from) => s.board.focus(from));
  }

  // the rules module trapped (onTrap): the card (trap-card.js, its words and sheet loaded only
  // then: the plain widget does not carry them), said and focused; the board waits behind it
  async #trapped() {
    const s = this.#s;
    if (!this.#t || this.#trapCard) return;
    this.#trapCard = true; // (true: it loads, or could not; no second card)
    await this.#messages().catch(() => {}); // the card says why
    let card;
    try {
      const { showTrapCard } = await import("./trap-card.js");
      card = await showTrapCard(this, { root: s.root, ui: s.ui, words: s.words, pluginStyle: () => this.#pluginStyle(), announce: (text) => announce(s, text), startOver: () => this.#startOver() });
    } catch {
      // the card's files cannot be fetched (offline, no service worker): the words the widget
      // has, and a reload of the page starts over
      s.ui.message.hidden = false;
      s.ui.message.textContent = `⚠ ${this.#t.rulesFailed}`;
      this.dataset.trapped = "true";
      return announce(s, this.#t.rulesFailed);
    }
    this.#trapCard = card;
    emit(this, "trap", {});
  }

  // "Start over": fresh instances (the widget's, and a lesson's own package), then the same
  // position, lesson or game mode from its start. Objects of the trapped instance are dropped,
  // not freed (freeing them could trap again).
  // A failure is thrown to the card, which says it and keeps its button.
  async #startOver() {
    const s = this.#s;
    const lessonModule = this.lesson ? await import("../lesson/player.js") : null;
    lessonModule?.renew?.();
    try {
      this.#stopMode();
    } catch {}
    s.game = null;
    s.rules = await this.#baseRules();
    if (this.pieces) await this.#usePieces(this.pieces, true);
    else this.#newGame(true);
    renderAll(s, this);
    /** @type {HTMLElement} */ (this.#trapCard).remove(); // (a card: its button started over)
    this.#trapCard = null;
    delete this.dataset.trapped;
    if (this.lesson || this.mode) this.#startLesson();
    else s.board?.focus(s.board.focused, { preventScroll: true });
    emit(this, "restarted", {});
  }

  #buildBoard() {
    const s = this.#s;
    s.ui.loading.remove();
    const sprite = (p) => s.rules.sprite(p);
    const board = (s.board = new Board(s.ui.boardWrap, { sprite, orientation: this.orientation, coordinates: this.coordinates }));
    listen(s, this, board, (target, dropped) => this.#choose(target, dropped));
    labels(s, this);
    renderAll(s, this);
  }







  // the read-aloud attribute changed: a plug-in reads what it shows (or stops); off, the voice stops
  #readAloud(on) {
    if (!on) silence();
    this.#s.mode?.readAloud?.(on);
  }










  #choose(target, dropped) {
    const sel = this.#s.selected;
    const promotes = target.kind === "promotion";
    if (promotes && !this.autoQueen) this.#openPromotion(sel, target);
    else this.#play(sel.square, target.square, promotes ? "q" : null, target.explanation, dropped);
  }

  /**
   * @param {string} from @param {string} to @param {string | null} promotion
   * @param {Explanation | null | undefined} explanation @param {boolean} [dropped] by a drag
   */
  #play(from, to, promotion, explanation, dropped) {
    silence(); // a move: what was being said is over
    // a mode takes the move (or refuses it), unless it lets the board play it (undefined)
    const taken = this.#s.mode?.play?.(from, to, promotion, dropped);
    if (taken !== undefined) return taken;
    const move = this.#inWords(() => this.#game$().play(from, to, promotion));
    const [i, j] = parseSquare(from);
    const [ti, tj] = parseSquare(to);
    this.#s.moves.push(move);
    this.#changed({ ...move, dropped });
    explanation ??= move.explanation;
    // the square of the piece taken (en passant: not the square moved to), as a target has it
    if (explanation) this.#s.explained = { from: { i, j }, name: move.piece ? pieceName(this.#s, this, move.piece) : "", target: { square: to, i: ti, j: tj, kind: move.kind, captured: move.captured, explanation } };
    this.#closePromotion();
    renderFormula(this.#s, this);
    this.#s.board.focus(to, this.#s.root.activeElement != null);
    emit(this, "move", this.#detail({ move }));
    this.#checkGameOver();
    // read aloud: on a free board the move's plain words, then a check or the end of the game
    if (!this.#s.mode && this.readAloud) this.#spokenMove(move, this.#s.explained).then((text) => speak(this, text), () => {});
    return move;
  }

  #moveText(move) {
    return moveText(this.#t, (kind) => pieceName(this.#s, this, kind), move, this.#s.game.status());
  }

  // read aloud on a free board: the move's plain words (explain-panel.js), then a check or the end
  #spokenMove(move, explained) {
    const s = this.#s;
    const status = s.game.status();
    const end = status.outcome ? over(s, this, status.outcome) : status.check ? this.#t.check : "";
    const flip = this.orientation === "black" ? -1 : 1;
    return spokenMove(move, explained, { words: s.words, ahead: () => explainAhead(s), flip, plain: explained?.target ? "" : this.#moveText(move), end });
  }

  #checkGameOver() {
    const s = this.#s;
    const { outcome } = s.game.status();
    if (outcome && !s.outcome) {
      sound(this, "done");
      emit(this, "game-over", this.#detail({ outcome }));
    }
    s.outcome = outcome;
  }



  // the classes a plug-in uses (card, actions: plug-in.css), adopted once, before the plug-in's own
  // sheets; asked for when a plug-in starts (a plug-in's adopt() waits for it) or a trap card shows
  #pluginStyle() {
    return (this.#pluginSheet ??= this.#sheets.then(() => adopt(this.#s.root, "plug-in.css")).catch((error) => {
      this.#pluginSheet = null;
      throw error;
    }));
  }

  #openPromotion(sel, target) {
    const s = this.#s;
    s.promo.open(sel, target, (kind) => pieceName(s, this, kind), (letter) => this.#play(sel.square, target.square, letter, target.explanation));
    announce(s, this.#t.choose);
  }

  #closePromotion() {
    this.#s.promo.close();
  }
}

reflect(ChessTutor.prototype);

if (globalThis.customElements && !customElements.get("chess-tutor")) customElements.define("chess-tutor", ChessTutor);
