// @ts-check
// The game modes of <chess-tutor mode="computer|two-players">: a plug-in of the widget (README.md,
// "Plug-ins"), loaded only when a mode is set, with play.css and www/i18n/<lang>/play.js. It talks
// to the widget only through the host and the element's own API. The widget keeps its own game
// (history, move list, undo, PGN); this module decides whose turn the board takes, asks the
// computer (engine-worker.js, a Web Worker with pkg-engine/) for its replies, runs the clocks,
// offers resign, draw offers, draw claims and takeback, shows the new-game choices and the
// game-over card, and saves the game in localStorage so that it survives a reload. No markup strings.
// Its parts: play-saved.js (clocks' text, a saved game checked), play-view.js (the panel, the
// cards and the choices, built and drawn from the state here); this file holds the game's state
// and what each event does to it.
import { sayError } from "./errors.js";
import { speak } from "./speech.js";
import { REPLAYED_END, START, clockLeft, clockRun, clockStop, configOf, gameRecord, gameText, looksPgn, other, parseClock, pgnGame, playerNames, readSaved } from "./play-saved.js";
import { EngineClient } from "./engine-client.js";
import { buildPlay, overTitle, reasonOf, renderCard, renderClocks, renderPlay } from "./play-view.js";
import { local, read as readStored, remove as removeStored, write as writeStored } from "./storage.js";
import { Game, validatePosition } from "../pkg/chess_tutor.js";

/** @typedef {"white" | "black"} Side */
/** @typedef {ReturnType<typeof import("./plugin-host.js").makeHost>} Host */
/** @typedef {import("./chess-tutor.js").ChessTutor} ChessTutor */
/** @typedef {import("../types/boundary").MoveInfo} MoveInfo */
/** @typedef {import("../pkg/chess_tutor.js").StatusInfo} StatusInfo */
/** @typedef {NonNullable<StatusInfo["outcome"]>} Outcome */
/** A running game's clock (play-saved.js): ms left when last stopped, the side whose time runs,
 * since when (performance.now()); when it last saved, and whether a side's low time was said.
 * @typedef {{ base: number, inc: number, white: number, black: number, running: Side | null, since: number,
 *   saved?: number, "warned-white"?: boolean, "warned-black"?: boolean }} Clock */
/** @typedef {ReturnType<typeof configOf> & { human?: Side }} Config the game's choices */

const KEY = "chess-tutor:game:v1";
const MIN_THINK = 450; // ms: a reply that comes at once looks like a trick; children need to see it
const media = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)") ?? { matches: false };

// the pure parts, for tests/js/play.test.mjs and the app
export { formatClock, parseClock, readSaved } from "./play-saved.js";

/** Starts a game mode through the widget's host (chess-tutor.js, README.md "Plug-ins"). */
/** @param {Host} host */
export function start(host) {
  return new Play(host);
}

class Play {
  /** @type {ChessTutor} */
  #el;
  /** @type {Host} */
  #host;
  /** @type {any} the panel's parts (play-view.js buildPlay, untyped there) */
  #ui;
  #stopped = false;
  /** @type {Config} */
  #cfg; // { mode, level, human, start, takeback, clock: { base, inc } | null }
  /** @type {Clock | null} */
  #clock = null;
  /** @type {ReturnType<typeof setInterval> | 0} */
  #tick = 0;
  /** @type {Side | null} */
  #pausedFor = null; // the side whose clock waits while "resign?" is asked
  #engine = new EngineClient(); // the computer (engine-client.js)
  #request = 0;
  #thinking = false;
  #allow = false; // the computer's move (or a restore) goes through the board
  #restoring = false;
  /** @type {Side | null} */
  #offer = null; // two players: the side that offered a draw
  /** @type {"resign" | null} */
  #confirm = null; // "resign": asking first
  /** @type {{ text: string, kind: string } | null} */
  #say = null;
  #notKeptSaid = false; // a failed save is said once (this page)
  /** @type {"new" | "over" | null} */
  #card = null;
  #flipped = false;
  #previewing = false; // the new-game card shows a set-up position on the board behind it
  /** @type {[string, (e: any) => void][]} */
  #listeners = [];
  #labels = [];

  /** @param {Host} host */
  constructor(host) {
    const el = (this.#el = host.element);
    this.#host = host;
    this.#cfg = configOf(this.#el);
    this.#build();
    el.dataset.game = "loading";
    this.#listen("move", (e) => this.#moved(e.detail));
    this.#listen("undo", () => this.#save());
    this.#listen("game-over", (e) => this.#over(e.detail.outcome));
    // a position from a setup board (the app's "Set up" page): offered on the new-game card
    this.#listen("game-setup", (e) => this.#useSetup(e.detail?.fen));
    this.#load();
  }

  // ---- the widget's hooks

  stop() {
    this.#stopped = true;
    this.#stopClock();
    this.#engine.terminate();
    for (const [type, fn] of this.#listeners) this.#el.removeEventListener(type, fn);
    if (this.#flipped) this.#el.removeAttribute("orientation");
    delete this.#el.dataset.game;
  }

  /** After every board render (and a new language). */
  draw() {
    this.#render();
  }

  /** undefined: the board plays the move; null: refused (not the child's turn). */
  play() {
    if (this.#allow || this.#restoring) return undefined;
    if (this.#card === "new" || this.#thinking || this.#computerToMove()) {
      this.#waitTurn();
      return null;
    }
    return undefined;
  }

  click() {
    if (this.#card === "new") return true;
    if (this.#thinking) {
      this.#waitTurn();
      return true;
    }
    return false;
  }

  get #t() {
    return this.#host.words;
  }

  // ---- setting up

  /** @param {string} type @param {(e: any) => void} fn (`any`: each type's CustomEvent detail is its own) */
  #listen(type, fn) {
    this.#el.addEventListener(type, fn);
    this.#listeners.push([type, fn]);
  }



  get #key() {
    return `${KEY}:${this.#el.id || "game"}`;
  }

  get #saving() {
    return this.#el.getAttribute("save") !== "off";
  }

  async #load() {
    await Promise.all([this.#host.loadWords("play", "messages-core", "speech"), this.#host.adopt("play.css").catch(() => {})]);
    if (this.#stopped) return;
    /** @type {NonNullable<ReturnType<typeof readSaved>["game"]> | null} */
    let saved = null;
    if (this.#saving) {
      // storage.js: a game whose write was cut short is found whole under the side key
      const got = readStored(local(), this.#key, (text) => Boolean(readSaved(text).game));
      const text = got.ok ? got.text : null;
      if (text) {
        const read = readSaved(text);
        if (read.game) saved = read.game;
        else {
          console.warn(`chess-tutor: the saved game: ${read.error}`); // English, for the page's developer
          this.#keepBad(text);
        }
      }
    }
    if (!(saved && this.#restore(saved))) this.#openNew();
    // a game kept aside: said on the new game's card, and aloud with reading aloud on
    if (this.#say?.kind === "error") {
      this.#announce(this.#say.text);
      this.#speak(this.#say.text);
    }
    const setup = this.#el.dataset.setupFen;
    delete this.#el.dataset.setupFen;
    if (setup) this.#useSetup(setup);
  }

  /** @param {string | undefined} fen */
  #useSetup(fen) {
    if (!fen || this.#stopped || !this.#t) return;
    let setup;
    try {
      setup = validatePosition(fen);
    } catch (error) {
      return this.#tell(this.#t.badSetup(sayError(this.#t, error)), "error");
    }
    // drills may leave the kings out; a game needs both
    const board = setup.split(" ")[0];
    if ((board.match(/K/g) ?? []).length !== 1 || (board.match(/k/g) ?? []).length !== 1) return this.#tell(this.#t.badSetup(this.#t.needKings), "error");
    this.#cfg.setup = setup;
    this.#ui.fromSetup.checked = true;
    this.#openNew();
    this.#previewing = true;
    this.#preview();
  }

  // "Play from this position" opened the card: the board behind it shows where the game will start
  // (the set-up position, or the usual start when the child unticks it), not the game before
  #preview() {
    if (this.#card !== "new" || !this.#previewing || this.#stopped) return;
    this.#stopClock();
    this.#request++; // a reply still coming was for the game before
    this.#thinking = false;
    this.#host.feedback(null);
    this.#host.show(this.#ui.fromSetup.checked && this.#cfg.setup ? this.#cfg.setup : START);
  }

  /** A saved game that cannot be read is kept aside (never lost) and said in a child's words.
   * @param {string} text @param {string} [why] the reason, for the page's developer (console) */
  #keepBad(text, why) {
    if (why) console.warn(`chess-tutor: the saved game: ${why}`);
    // removed only once the copy aside is kept
    if (writeStored(local(), `${this.#key}:unreadable`, text).ok) removeStored(local(), this.#key);
    this.#say = { kind: "error", text: this.#t.savedBroken };
  }

  /** Plays a game onto the board (a new, a saved or an imported one); false (and said) when it does not fit.
   * @param {NonNullable<ReturnType<typeof readSaved>["game"]>} game */
  #restore(game) {
    const el = this.#el;
    this.#stopClock();
    this.#request++; // a reply still coming was for the game before
    this.#thinking = false;
    this.#offer = this.#confirm = this.#say = null;
    this.#cfg = { ...this.#cfg, color: game.human, ...game };
    this.#previewing = false;
    this.#restoring = true;
    let k = 0;
    try {
      validatePosition(game.start); // throws with the reason: the widget would only say it
      el.fen = game.start;
      for (; k < game.moves.length; k++) {
        const m = game.moves[k];
        el.play(m.slice(0, 2), m.slice(2, 4), m[4] ?? null);
      }
      const end = game.end;
      if (end?.how === "resignation") el.resign(other(end.winner));
      else if (end?.how === "agreement") el.agreeDraw();
      else if (end?.how === "claim") el.claimDraw();
      else if (end?.how === "timeout") el.timeOut(end.loser);
    } catch (error) {
      this.#restoring = false;
      const why = `${k < game.moves.length ? `moves[${k}] ${game.moves[k]}` : "start"}: ${sayError(this.#t, error)}`;
      this.#keepBad(JSON.stringify({ v: 1, ...game }), why);
      // the part that could be played goes too: the card is over a new board, not half a game
      // ("Back to the game" would lead into it)
      el.fen = START;
      this.#openNew();
      return false;
    }
    this.#restoring = false;
    this.#orient();
    const c = game.clock;
    this.#clock = c ? { base: c.base, inc: c.inc, white: c.white, black: c.black, running: null, since: 0 } : null;
    this.#card = null;
    const status = el.status;
    if (status.outcome) this.#over(status.outcome, true);
    else {
      this.#runClock(status.turn);
      this.#el.dataset.game = "playing";
      this.#computerMaybe();
    }
    this.#save();
    this.#render();
    return true;
  }

  #orient() {
    const want = this.#cfg.mode === "computer" ? this.#cfg.human : "white";
    if (this.#el.orientation !== want && (this.#flipped || !this.#el.hasAttribute("orientation"))) {
      this.#flipped = want === "black";
      if (this.#flipped) this.#el.setAttribute("orientation", "black");
      else this.#el.removeAttribute("orientation");
    }
  }

  #openNew() {
    this.#card = "new";
    this.#el.dataset.game = "new";
    this.#render();
    queueMicrotask(() => this.#ui.startGame.focus({ preventScroll: true }));
  }

  /** Starts the game chosen on the new-game card. */
  #begin() {
    const value = (name) => this.#ui.form.querySelector(`input[name="${name}"]:checked`)?.value;
    const mode = value("mode") ?? "computer";
    const level = Number(value("level")) || 1;
    const color = value("color") ?? "white";
    const human = color === "random" ? (Math.random() < 0.5 ? "white" : "black") : color;
    const clock = parseClock(value("clock"));
    const fromSetup = this.#ui.fromSetup.checked && !this.#ui.fromSetupRow.hidden;
    const start = fromSetup ? this.#cfg.setup : START;
    this.#restore({ mode, level, color, human, start, takeback: this.#ui.takebackBox.checked, clock: clock && { ...clock, white: clock.base, black: clock.base }, moves: [], end: null });
    this.#host.emit("game-start", { mode, level, human, clock: this.#el.getAttribute("clock") });
    // the panel was scrolled down to the card's Play: the game's top (the players, the clocks) in view
    this.#ui.section.closest(".panel")?.scrollTo({ top: 0 });
    this.#host.focusBoard();
    this.#announce(this.#t.started(mode, human, level));
  }

  // ---- moves

  #computerToMove() {
    const status = this.#el.status;
    return this.#cfg.mode === "computer" && !status?.outcome && status?.turn !== this.#cfg.human;
  }

  /** The widget's "move" event. @param {{ move: MoveInfo, status: StatusInfo }} detail */
  #moved({ move, status }) {
    if (this.#restoring || this.#stopped) return;
    this.#confirm = this.#pausedFor = null;
    if (this.#offer && this.#offer !== move.color) this.#offer = null; // answered by a move: declined
    if (this.#clock && !status.outcome) {
      const c = this.#clock;
      c[move.color] = this.#left(move.color) + c.inc;
      this.#runClock(status.turn ?? (move.color === "white" ? "black" : "white")); // a game's status always says the turn
    }
    if (!this.#thinking) this.#say = null;
    this.#host.feedback(null);
    this.#save();
    this.#render();
    // read aloud (the read-aloud attribute): the computer's move and "Your turn!", a check
    if (!status.outcome) {
      const computer = this.#cfg.mode === "computer" && move.color !== this.#cfg.human;
      // the move said as a move, with its piece's name: "The knight went to f3." (issue 39),
      // then a check
      const t = this.#t;
      const went = t.went && t.pieces?.[move.piece] ? t.went(t.pieces[move.piece], move.to, Boolean(move.capture)) : move.san;
      const said = status.check && t.went ? `${went} ${t.check[0].toLocaleUpperCase()}${t.check.slice(1)}!` : went;
      if (computer) this.#speak(`${/[.!?]$/.test(said) ? said : `${said}.`} ${t.yourTurn}`);
      else if (status.check) this.#speak(said);
    }
    this.#computerMaybe();
  }

  async #computerMaybe() {
    if (!this.#computerToMove() || this.#thinking || this.#card === "new") return;
    const id = ++this.#request;
    this.#thinking = true;
    this.#render();
    const started = performance.now();
    const el = this.#el;
    const ask = this.#game;
    try {
      // a draw it may claim: the computer takes it when its evaluation says the game is level
      const status = el.status;
      if (status.claim_threefold || status.claim_fifty) {
        const { accepts } = await this.#ask({ type: "draw", ...ask });
        if (id !== this.#request) return;
        if (accepts) {
          this.#thinking = false;
          el.claimDraw();
          return;
        }
      }
      const reply = await this.#ask({ type: "move", ...ask, seed: Math.floor(Math.random() * 2 ** 32) });
      const wait = media.matches ? 0 : MIN_THINK - (performance.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (id !== this.#request || this.#stopped) return;
      const uci = reply.move.uci;
      this.#thinking = false;
      this.#allow = true;
      try {
        el.play(uci.slice(0, 2), uci.slice(2, 4), uci[4] ?? null);
      } finally {
        this.#allow = false;
      }
    } catch (error) {
      if (id !== this.#request) return;
      this.#thinking = false;
      this.#tell(this.#t.engineFailed(sayError(this.#t, error)), "error");
    }
  }

  /** The game as the engine worker reads it. */
  get #game() {
    return { fen: this.#cfg.start, moves: this.#el.history().map((m) => m.uci), level: this.#cfg.level };
  }

  /** One question to the engine worker (started on first use); rejects on a worker error.
   * @param {object} message */
  #ask(message) {
    return this.#engine.ask(message, this.#request);
  }


  // ---- the clock

  /** @param {Side} side */
  #left(side) {
    return clockLeft(this.#clock, side, performance.now());
  }

  /** @param {Side} side */
  #runClock(side) {
    if (!this.#clock || this.#el.status.outcome) return;
    clockRun(this.#clock, side, performance.now());
    clearInterval(this.#tick);
    this.#tick = setInterval(() => this.#ticked(), 100);
  }

  #stopClock() {
    clearInterval(this.#tick);
    clockStop(this.#clock, performance.now());
  }

  #ticked() {
    const c = this.#clock;
    if (!c?.running || this.#stopped) return clearInterval(this.#tick);
    const side = c.running;
    const left = this.#left(side);
    if (left <= 0) {
      this.#stopClock();
      c[side] = 0;
      this.#request++; // a reply still coming is too late
      this.#thinking = false;
      this.#el.timeOut(side); // a draw if the other side cannot mate: the rules decide
      return;
    }
    this.#renderClocks();
    // said once when 10 seconds are left
    if (left < 10000 && !c[`warned-${side}`]) {
      c[`warned-${side}`] = true;
      this.#announce(this.#t.lowTime(side));
      this.#speak(this.#t.lowTime(side));
    }
    if (performance.now() - (c.saved ?? 0) > 2000) {
      c.saved = performance.now();
      this.#save();
    }
  }

  // ---- the child's buttons

  #takeBack() {
    const el = this.#el;
    const status = el.status;
    if (!this.#cfg.takeback || !status.can_undo || (status.outcome && !this.#boardEnd(status.outcome))) return;
    this.#request++;
    const wasThinking = this.#thinking;
    this.#thinking = false;
    el.undo();
    // against the computer: back to the child's own move
    if (this.#cfg.mode === "computer" && !wasThinking && el.status.turn !== this.#cfg.human && el.status.can_undo) el.undo();
    this.#offer = this.#confirm = null;
    if (this.#card === "over") this.#card = null;
    this.#el.dataset.game = "playing";
    this.#runClock(el.status.turn);
    this.#save();
    this.#tell(this.#t.takenBack);
    this.#computerMaybe();
  }

  /** An ending that the board's position made (a takeback may undo it). @param {Outcome} outcome */
  #boardEnd(outcome) {
    return !REPLAYED_END[outcome.reason];
  }

  async #offerDraw() {
    const el = this.#el;
    if (el.status.outcome) return;
    if (this.#cfg.mode === "two-players") {
      this.#offer = el.status.turn;
      this.#render();
      this.#announce(this.#t.offered(this.#offer));
      queueMicrotask(() => this.#ui.accept.focus({ preventScroll: true }));
      return;
    }
    this.#ui.offer.disabled = true;
    try {
      const { accepts } = await this.#ask({ type: "draw", ...this.#game });
      if (accepts) el.agreeDraw();
      else this.#tell(this.#t.computerDeclines);
    } catch (error) {
      this.#tell(this.#t.engineFailed(sayError(this.#t, error)));
    } finally {
      this.#ui.offer.disabled = false;
    }
  }

  /** @param {boolean} yes */
  #answerOffer(yes) {
    this.#offer = null;
    if (yes) this.#el.agreeDraw();
    else this.#tell(this.#t.declined);
    this.#render();
  }

  #resign() {
    if (this.#confirm !== "resign") {
      this.#confirm = "resign";
      // the clock waits while the question is asked, and the question is said (issue 39)
      this.#pausedFor = this.#clock?.running ?? null;
      this.#stopClock();
      this.#render();
      this.#speak(this.#ui.confirmText.textContent);
      queueMicrotask(() => this.#ui.resignNo.focus({ preventScroll: true }));
      return;
    }
    this.#confirm = null;
    this.#pausedFor = null;
    const side = this.#cfg.mode === "computer" ? this.#cfg.human : this.#el.status.turn;
    this.#request++;
    this.#thinking = false;
    this.#el.resign(side);
  }

  #claim() {
    try {
      this.#el.claimDraw();
    } catch (error) {
      this.#tell(sayError(this.#t, error));
    }
  }

  /** @param {Outcome} outcome @param {boolean} [restored] a saved game that had ended */
  #over(outcome, restored = false) {
    if (this.#restoring) return;
    this.#stopClock();
    this.#thinking = false;
    this.#offer = this.#confirm = this.#say = null; // what was said during the game is over too
    this.#card = "over";
    this.#el.dataset.game = "over";
    this.#save();
    this.#render();
    if (!restored) {
      this.#announce(`${this.#overTitle(outcome)} ${this.#reason(outcome)}`);
      this.#speak(`${this.#overTitle(outcome)} ${this.#reason(outcome)}`); // mate, stalemate, a draw…
      queueMicrotask(() => this.#ui.cardNew.focus({ preventScroll: true }));
    }
  }

  // ---- save and load

  #save() {
    if (!this.#saving || this.#restoring || this.#card === "new" || !this.#el.status) return;
    const data = gameRecord(this.#el, this.#cfg, this.#clock, (side) => this.#left(side));
    // storage full or blocked: the game goes on, it just will not survive a reload; that is said
    // once (the game before stays as it was: storage.js writes aside first)
    const done = writeStored(local(), this.#key, JSON.stringify(data));
    if (!done.ok && done.reason !== "blocked" && !this.#notKeptSaid) {
      this.#notKeptSaid = true;
      this.#tell(this.#t.notKept[done.reason === "quota" ? "quota" : "other"], "error");
    }
  }

  /** The text box: a PGN (read by the engine worker's package, which has the PGN reader), a
   *  FEN or an 8-line board; an error names the place and changes nothing. */
  async #import() {
    const text = this.#ui.text.value.trim();
    if (!text) return this.#tell(this.#t.pasteFirst, "error");
    let game;
    try {
      if (looksPgn(text)) game = pgnGame((await this.#ask({ type: "pgn", text })).pgn);
      else game = { start: validatePosition(text), moves: [], end: null };
    } catch (error) {
      this.#ui.importError.textContent = sayError(this.#t, error);
      this.#ui.importError.hidden = false;
      this.#announce(this.#ui.importError.textContent);
      return;
    }
    this.#ui.importError.hidden = true;
    const human = this.#cfg.human ?? "white";
    const clock = this.#cfg.clock ? { ...this.#cfg.clock, white: this.#cfg.clock.base, black: this.#cfg.clock.base } : null;
    if (this.#restore({ mode: this.#cfg.mode, level: this.#cfg.level, human, takeback: this.#cfg.takeback, clock, ...game })) {
      this.#cfg.setup = game.moves.length ? this.#cfg.setup : game.start;
      this.#tell(this.#t.loaded);
    }
  }

  /** @param {string} kind "pgn" | "text" … (play-view.js's buttons) */
  #export(kind) {
    const t = this.#t;
    const board = (fen) => {
      const g = new Game(fen);
      try {
        return g.textBoard();
      } finally {
        g.free();
      }
    };
    const text = gameText(this.#el, kind, playerNames(t, this.#cfg), board);
    this.#ui.text.value = text;
    this.#ui.importError.hidden = true;
    navigator.clipboard?.writeText(text).then(
      () => this.#tell(t.copied(kind)),
      () => this.#tell(t.shown(kind)),
    ) ?? this.#tell(t.shown(kind));
    if (kind === "pgn") {
      const a = this.#ui.download;
      URL.revokeObjectURL(a.href);
      a.href = URL.createObjectURL(new Blob([text], { type: "application/x-chess-pgn" }));
      a.hidden = false;
    }
  }

  // ---- drawing

  /** @param {string} text */
  #announce(text) {
    if (text) this.#host.announce(text);
  }

  // said aloud when the element reads aloud (host.speak: nothing otherwise)
  /** @param {string} text */
  #speak(text) {
    if (text) this.#host.speak?.(text);
  }

  // said over the board, where the child tapped (one box: the next one replaces it)
  #waitTurn() {
    const text = this.#t?.waitTurn;
    if (!text) return;
    this.#host.feedback(text);
    this.#announce(text);
  }

  // says each node's text, lighting it while said (a speaker was tapped: said with or without
  // the read-aloud attribute)
  /** @param {Element[]} nodes */
  #sayNodes(nodes) {
    const parts = nodes.filter((n) => !n.closest("[hidden]")).map((node) => ({ text: node.textContent, node }));
    speak(parts, { lang: this.#host.lang, words: this.#t ?? {} });
  }

  /** @param {string} text @param {string} [kind] "info" | "error" */
  #tell(text, kind = "info") {
    if (!text) return;
    this.#say = { kind, text };
    this.#render();
    this.#announce(text);
  }

  #build() {
    ({ ui: this.#ui, labels: this.#labels } = buildPlay(this.#host, this.#cfg, {
      answerOffer: (yes) => this.#answerOffer(yes),
      resign: () => this.#resign(),
      // play on: the clock that waited goes on
      playOn: () => {
        this.#confirm = null;
        const side = this.#pausedFor;
        this.#pausedFor = null;
        if (side && this.#el.status.turn === side) this.#runClock(side);
        this.#render();
      },
      takeBack: () => this.#takeBack(),
      claim: () => this.#claim(),
      offerDraw: () => this.#offerDraw(),
      openNew: () => this.#openNew(),
      export: (kind) => this.#export(kind),
      import: () => this.#import(),
      lookAtBoard: () => {
        this.#card = null;
        this.#render();
        this.#host.focusBoard();
      },
      sayNodes: (nodes) => this.#sayNodes(nodes),
      renderCard: () => this.#renderCard(),
      preview: () => this.#preview(),
      begin: () => this.#begin(),
      cancelNew: () => {
        this.#card = this.#el.status?.outcome ? "over" : null;
        this.#el.dataset.game = this.#card ? "over" : "playing";
        this.#render();
      },
    }));
  }

  // the game's state now, as play-view.js draws it
  #view() {
    const [t, el, cfg, card, clock, thinking, say, offer, confirm] = [this.#t, this.#el, this.#cfg, this.#card, this.#clock, this.#thinking, this.#say, this.#offer, this.#confirm];
    return { t, el, cfg, card, clock, thinking, say, offer, confirm, left: (side) => this.#left(side), boardEnd: (outcome) => this.#boardEnd(outcome) };
  }

  /** @param {Outcome} outcome */
  #overTitle(outcome) {
    return overTitle(this.#t, this.#cfg, outcome);
  }

  /** @param {Outcome} outcome */
  #reason(outcome) {
    return reasonOf(this.#t, outcome);
  }

  #render() {
    if (!this.#t || this.#stopped || !this.#el.status) return;
    renderPlay(this.#ui, this.#labels, this.#view());
  }

  #renderClocks() {
    renderClocks(this.#ui, this.#clock, (side) => this.#left(side));
  }

  #renderCard() {
    renderCard(this.#ui, this.#view());
  }

}
