// @ts-check
// <chess-setup>: a board on which a teacher sets up a position — pieces from a palette, who
// moves, castling, en passant, the move counters — checked live by the rules (WebAssembly,
// validatePosition), with FEN and text-board import and export. Its own module: the plain
// <chess-tutor> never loads it. The board is the one board view (board.js, board.css); this
// file adds the palette, the controls and the verdict. Same CSP rules as the widget: no markup
// strings, no inline styles, constructable stylesheets.
//
//   <script type="module" src="setup.js"></script>
//   <chess-setup lang="ru" fen="…" orientation="white"></chess-setup>
//
// Attributes: fen (a FEN or an 8-line text board), lang (ru | en; default: the page's),
// orientation (white | black). Properties: fen (get: the current FEN; set: load one),
// orientation, legal, reason, ready (a promise). Methods: put(square, piece), remove(square) (remove()
// with no square: the element leaves the page, as Element.remove()),
// clear(), startPosition(), flip(). Events (bubbling, composed): setup-change
// { fen, legal, reason, kind, args } (kind, args: the rules' message) after every change made on the element (not after
// the fen attribute or property), setup-play { fen } from the Play button. The element has
// data-ready and, while the position is legal, data-legal. Theming: the same --ct-* custom
// properties as <chess-tutor>; parts board, square, piece, marker, palette, tool, panel,
// verdict, button, play.
// The element (this file) holds the state and handles the events; the position as data and its
// text forms are setup-position.js's, the shell and its drawing setup-view.js's.
import init, { Game } from "../pkg/chess_tutor.js";
import { Board } from "./board.js";
import { adopt, shadow } from "./dom.js";
import { loadWords, pickLang } from "../i18n/i18n.js";
import { RIGHTS, START, availableRights, colorOf, explain, kindOf, possibleEp, readPosition, validate, writeFen } from "./setup-position.js";
import { TOOLS, buildShell, place, render, renderHint, showWords, sprite } from "./setup-view.js";

export { explain };

/** @typedef {import("./setup-position.js").Position} Position */
/** @typedef {import("./setup-position.js").ReadPosition} ReadPosition */
/** The result of the last check: the rules' error in words (explain()), where it is, and notes.
 * @typedef {{ fen: string, legal: boolean, kind: string | null, args: unknown, text: string | null,
 *   squares: Set<string>, notes: string[] }} Verdict */
/** @typedef {import("./board.js").Shape} Shape */

const BASE = new URL("./", import.meta.url);

/** @type {Promise<unknown> | undefined} */
let rules;
const loadRules = () => (rules ??= init({ module_or_path: new URL("pkg/chess_tutor_bg.wasm", BASE) }));
/** @param {string} lang */
const words = (lang) => loadWords(lang, "messages-core", "setup");

// (the empty class: outside a browser, where the module is only imported)
export class ChessSetup extends /** @type {typeof HTMLElement} */ (globalThis.HTMLElement ?? class {}) {
  static observedAttributes = ["fen", "lang", "orientation"];

  /** @type {ShadowRoot} */
  #root;
  /** @type {any} the shell's parts (setup-view.js buildShell, untyped there) */
  #ui;
  /** @type {any} the words (messages-core and setup of i18n/<lang>/): loadWords' catalogue is untyped */
  #t = null;
  #ready;
  #settle;
  #started = false;
  /** @type {Board | null} (made once the rules and words are in) */
  #board = null;
  // the position: pieces (square → FEN letter), side ("w" | "b"), castling (a Set of KQkq),
  // ep (a square or null), half, full (the counters)
  /** @type {Position} */
  #pos = { pieces: new Map(), side: "w", castling: new Set(), ep: null, half: 0, full: 1 };
  #available = new Set(); // the rights the placement allowed, last time
  // the result of the last check: { fen, legal, kind, args, text, squares, notes }
  /** @type {Verdict | null} */
  #verdict = null;
  /** @type {string | null} the palette's piece letter, or "x" (the eraser) */
  #tool = null;
  /** @type {string | null} */
  #hover = null;
  #touch = false;
  #dragging = false;
  #says = 0;
  /** @type {MutationObserver | null} */
  #observer = null;

  constructor() {
    super();
    ({ root: this.#root, ready: this.#ready, settle: this.#settle } = shadow(this));
    this.#ui = buildShell(this.#root, this.#handlers());
    // the same width as the container query in setup.css
    globalThis.ResizeObserver && new ResizeObserver(([entry]) => place(this.#ui, entry.contentRect.width >= 720)).observe(this);
    adopt(this.#root, "board.css")
      .then(() => adopt(this.#root, "brushes.css"))
      .then(() => adopt(this.#root, "setup.css"))
      .then(() => (this.#ui.wrap.hidden = false));
  }

  connectedCallback() {
    this.#observer ??= new MutationObserver(() => !this.hasAttribute("lang") && this.#switchLanguage());
    this.#observer.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
    if (this.#started) return;
    this.#started = true;
    const lang = this.language;
    loadRules()
      .then(() => words(lang))
      .then(
        (w) => {
          this.#t = w;
          this.#buildBoard();
          this.#loadAttribute();
          this.dataset.ready = "true";
          this.#settle.resolve(this);
          if (this.language !== lang) this.#switchLanguage();
        },
        (error) => {
          words(lang).then(
            (w) => (this.#ui.loading.textContent = w.rulesFailed),
            () => (this.#ui.loading.textContent = `chess-setup: ${error.message}`), // no words to say it
          );
          this.dataset.ready = "error";
          this.#settle.reject(error);
        },
      );
  }

  disconnectedCallback() {
    this.#observer?.disconnect();
  }

  /** @param {string} name @param {string | null} old @param {string | null} value */
  attributeChangedCallback(name, old, value) {
    if (old === value || !this.#t) return;
    if (name === "fen") this.#loadAttribute();
    else if (name === "orientation") this.#board?.set({ orientation: this.orientation });
    else if (name === "lang") this.#switchLanguage();
  }

  get ready() {
    return this.#ready;
  }
  get fen() {
    return this.#t ? this.#fen() : (this.getAttribute("fen") ?? START);
  }
  set fen(value) {
    if (this.getAttribute("fen") !== value) this.setAttribute("fen", value);
    else if (this.#t) this.attributeChangedCallback("fen", null, value);
  }
  get orientation() {
    return this.getAttribute("orientation") === "black" ? "black" : "white";
  }
  set orientation(value) {
    this.setAttribute("orientation", value === "black" ? "black" : "white");
  }
  get language() {
    const own = this.getAttribute("lang") || this.parentElement?.closest("[lang]")?.getAttribute("lang");
    return pickLang(own || globalThis.document?.documentElement.lang);
  }
  get legal() {
    return this.#verdict?.legal ?? false;
  }
  get reason() {
    return this.#verdict?.legal === false ? this.#verdict.text : null;
  }

  /** Put `piece` (a FEN letter: K Q R B N P white, k q r b n p black) on `square`; null removes.
   * @param {string} square @param {string | null} piece */
  put(square, piece) {
    this.#ready$();
    if (!/^[a-h][1-8]$/.test(square)) throw new Error(`chess-setup: '${square}' is not a square such as e4`);
    if (piece == null) return this.remove(square);
    if (!/^[kqrbnp]$/i.test(piece)) throw new Error(`chess-setup: '${piece}' is not a piece letter (KQRBNP, kqrbnp)`);
    this.#put(square, piece);
  }
  /** Empties `square`; without one, the element leaves the page (Element.remove(), which this
   * method's name hides). @param {string} [square] */
  remove(square) {
    if (square === undefined) return super.remove();
    this.#ready$();
    this.#remove(square);
  }
  clear() {
    this.#ready$();
    this.#load({ pieces: new Map(), side: this.#pos.side, castling: new Set(), ep: null, half: 0, full: 1 });
    this.#commit(this.#t.clearDone);
  }
  startPosition() {
    this.#ready$();
    this.#load(/** @type {ReadPosition} */ (readPosition(START)));
    this.#commit(this.#t.startDone);
  }
  flip() {
    this.orientation = this.orientation === "white" ? "black" : "white";
    if (this.#t) this.#announce(this.#t.flipDone(this.orientation));
  }

  #ready$() {
    if (!this.#t) throw new Error("chess-setup is not ready yet: await element.ready first");
  }

  /** @param {string} type @param {object} detail */
  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  /** @param {string} text */
  #announce(text) {
    // a changing space: the same words are said again
    if (text) this.#ui.live.textContent = text + (++this.#says % 2 ? "" : "\u00a0");
  }

  #switchLanguage() {
    const lang = this.language;
    words(lang).then((w) => {
      if (this.language !== lang || w === this.#t || !this.#t) return;
      this.#t = w;
      this.#board?.set({ label: w.board });
      this.#words();
      this.#check(); // the reason in the new language
      this.#render();
    });
  }

  // ---------------------------------------------------------------- the position

  #fen() {
    return writeFen(this.#pos);
  }

  // a position read from text (castling undefined: what the pieces allow)
  /** @param {ReadPosition} p */
  #load(p) {
    this.#available = availableRights(p.pieces);
    const castling = new Set([...(p.castling ?? this.#available)].filter((r) => this.#available.has(r)));
    this.#pos = { ...p, castling };
    this.#tidy();
  }

  // rights the pieces no longer allow go; a right the pieces allow again comes back
  #tidy() {
    const now = availableRights(this.#pos.pieces);
    for (const r of RIGHTS) {
      if (!now.has(r)) this.#pos.castling.delete(r);
      else if (!this.#available.has(r)) this.#pos.castling.add(r);
    }
    this.#available = now;
    if (this.#pos.ep && !possibleEp(this.#pos).includes(this.#pos.ep)) this.#pos.ep = null;
  }

  // the fen attribute: a position that cannot be read stays in the FEN field, with the reason
  #loadAttribute() {
    const text = this.getAttribute("fen") || START;
    const error = this.#import(text, null);
    this.#check();
    this.#render();
    const { fenField, fenError } = this.#ui;
    if (!error) return;
    fenField.value = text;
    fenField.setAttribute("aria-invalid", "true");
    fenError.textContent = error;
    fenError.hidden = false;
  }

  // text from the FEN field, the text board or the fen attribute: the rules read it; the board
  // shows it when it could be read, also when only the pieces cannot stand so (the same text
  // with no castling, en passant or counters is not legal either). Returns the error's words.
  /** @param {string} text @param {HTMLElement | null} source the field typed in @returns {string | null} */
  #import(text, source) {
    const [fen, error] = validate(text);
    const read = readPosition(fen ?? text);
    if (read && (fen || !validate(writeFen({ ...read, castling: new Set(), ep: null, half: 0, full: 1 }))[0])) {
      this.#load(read);
      if (source) this.#commit("", source);
      return null;
    }
    return explain(error, this.#t, this.#pos.pieces, true).text;
  }

  // the rules' verdict on the position as it stands
  #check() {
    const fen = this.#fen();
    const t = this.#t;
    const notes = [];
    const [legal, error] = validate(fen);
    const reason = error && explain(error, t, this.#pos.pieces, false);
    if (legal) {
      const kings = ["K", "k"].filter((k) => ![...this.#pos.pieces.values()].includes(k));
      if (kings.length === 2) notes.push(t.note.noKings);
      else if (kings.length) notes.push(t.note.noKing(colorOf(kings[0])));
      let game;
      try {
        game = new Game(legal);
        const status = game.status();
        const end = status.outcome?.reason;
        if (end === "checkmate" || end === "stalemate") notes.push(t.note[end](status.turn));
        else if (status.check) notes.push(t.note.check(status.turn));
      } catch {
        // the game says nothing more
      } finally {
        game?.free();
      }
    }
    this.#verdict = { fen: legal ?? fen, legal: Boolean(legal), kind: null, args: null, text: null, squares: new Set(), ...reason, notes };
  }

  // after a change made on the element: check, draw, say, tell
  /** @param {string} said @param {HTMLElement} [source] the field typed in (not redrawn) */
  #commit(said, source) {
    const before = this.#verdict;
    this.#tidy();
    this.#check();
    this.#render(source);
    const v = /** @type {Verdict} */ (this.#verdict); // (#check made it)
    const changed = !before || before.legal !== v.legal || before.text !== v.text;
    const verdict = v.legal ? this.#t.legal : `${this.#t.illegal} ${v.text}`;
    this.#announce([said, changed ? verdict : ""].filter(Boolean).join(". "));
    this.#emit("setup-change", { fen: v.fen, legal: v.legal, reason: v.text, kind: v.kind, args: v.args });
  }

  /** @param {string} p a FEN letter */
  #name(p) {
    return this.#t.piece(colorOf(p), kindOf(p));
  }

  /** @param {string} sq @param {string} p */
  #put(sq, p) {
    const old = this.#pos.pieces.get(sq);
    if (old === p) return;
    this.#pos.pieces.set(sq, p);
    this.#commit(old ? this.#t.replaced(this.#name(p), sq, this.#name(old)) : this.#t.placed(this.#name(p), sq));
  }

  /** @param {string} sq */
  #remove(sq) {
    const old = this.#pos.pieces.get(sq);
    if (!old) return this.#announce(this.#t.alreadyEmpty(sq));
    this.#pos.pieces.delete(sq);
    this.#commit(this.#t.removed(this.#name(old), sq));
  }

  /** @param {string} from @param {string} to */
  #move(from, to) {
    const p = this.#pos.pieces.get(from);
    if (!p || from === to) return;
    this.#pos.pieces.delete(from);
    this.#pos.pieces.set(to, p);
    this.#commit(this.#t.moved(this.#name(p), from, to));
  }

  // a click, tap, Enter or Space on a square
  /** @param {string} sq */
  #apply(sq) {
    const tool = this.#tool;
    if (!tool) {
      this.#ui.hint.textContent = this.#t.pickFirst;
      this.#ui.hint.setAttribute("data-nudge", "");
      return this.#announce(this.#t.pickFirst);
    }
    if (tool === "x" || this.#pos.pieces.get(sq) === tool) this.#remove(sq);
    else this.#put(sq, tool);
  }

  // ---------------------------------------------------------------- the shell

  // the shell's controls (setup-view.js buildShell): what each does to the position
  /** @returns {import("./setup-view.js").Handlers} */
  #handlers() {
    return {
      choose: (tool, focus) => this.#choose(tool, focus),
      paletteKey: (e) => this.#paletteKey(e),
      dragFromPalette: (e, button) => this.#dragFromPalette(e, button),
      play: () => this.#verdict?.legal && this.#emit("setup-play", { fen: this.#verdict.fen }),
      action: (name) => this[name](),
      side: (side, name) => {
        this.#pos.side = /** @type {"w" | "b"} */ (side);
        this.#commit(this.#t.sideDone(name));
      },
      castle: (r, on, label) => {
        if (on) this.#pos.castling.add(r);
        else this.#pos.castling.delete(r);
        this.#commit(this.#t.castleDone(label, on));
      },
      ep: (square) => {
        this.#pos.ep = square;
        this.#commit(this.#t.enPassantDone(this.#pos.ep));
      },
      counter: (key, n, input) => {
        this.#pos[key] = n;
        this.#commit("", input);
      },
      render: () => this.#render(),
      typed: (text, input) => this.#import(text, input),
      copy: (field, button, error) => this.#copy(field, button, error),
    };
  }

  // the words, in the element's language
  #words() {
    showWords(this.#root, this.#ui, this.#t, (p) => this.#name(p));
  }

  // ---------------------------------------------------------------- the board

  #buildBoard() {
    const wrap = this.#ui.boardWrap;
    this.#ui.loading.remove();
    const board = (this.#board = new Board(wrap, {
      sprite,
      orientation: this.orientation,
      label: this.#t.board,
      cellLabel: (sq, p) => {
        const label = this.#t.cell(sq, p && this.#name(p));
        return this.#verdict?.squares.has(sq) ? `${label}, ${this.#t.problemHere}` : label;
      },
    }));
    // a tap or a key applies the tool (not a press: it may start a drag)
    board.on("select", ({ square, via }) => square && via !== "pointer" && this.#apply(square));
    board.on("tap", ({ square }) => {
      this.#dragging = false;
      this.#apply(square);
    });
    board.on("drag-start", ({ square }) => (this.#dragging = this.#pos.pieces.has(square)));
    board.on("drop", ({ from, piece, to }) => {
      this.#dragging = false;
      if (from) return to ? this.#move(from, to) : this.#remove(from); // off the board: taken off
      this.#choose(piece, false); // from the palette
      if (to) this.#put(to, piece);
    });
    // where the piece would go: with a tool picked, or while dragging
    board.on("hover", ({ square }) => this.#setHover((this.#tool || this.#dragging) && square));
    wrap.addEventListener("pointerdown", (e) => (this.#touch = e.pointerType !== "mouse"), true);
    wrap.oncontextmenu = (e) => {
      const sq = e.target.closest?.("[data-square]")?.dataset.square;
      if (!sq) return;
      e.preventDefault();
      // a long press on a touch screen starts a drag, it does not take the piece off
      if (!this.#touch) this.#remove(sq);
    };
    // letters put that piece (N a white knight, n a black one); Delete takes it off
    wrap.addEventListener("keydown", (e) => {
      const sq = e.target.dataset?.square;
      if (!sq || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === "Delete" || e.key === "Backspace") this.#remove(sq);
      else if (/^[kqrbnp]$/i.test(e.key)) {
        this.#choose(e.key, false);
        this.#put(sq, e.key);
      } else return;
      e.preventDefault();
    });
    this.#words();
  }

  /** @param {string | null | false | undefined} sq */
  #setHover(sq) {
    if ((sq ||= null) === this.#hover) return;
    this.#hover = sq;
    this.#board?.set({ shapes: this.#shapes() });
  }

  // a problem: a dashed frame and a "!" (not a colour alone); the square the tool is over
  #shapes() {
    const problems = [...(this.#verdict?.squares ?? [])].flatMap((square) => [
      { type: "highlight", square, brush: "problem", under: false },
      { type: "label", square, text: "!", brush: "problem-mark" },
    ]);
    return this.#hover ? [{ type: "highlight", square: this.#hover, brush: "hover" }, ...problems] : problems;
  }

  // a piece dragged from the palette: the board lifts it once the pointer moves (a tap is a
  // click: #choose)
  /** @param {PointerEvent} e @param {HTMLElement} button */
  #dragFromPalette(e, button) {
    const [x, y, far] = [e.clientX, e.clientY, e.pointerType === "mouse" ? 4 : 8];
    button.setPointerCapture?.(e.pointerId);
    button.onpointermove = (ev) => {
      if (Math.hypot(ev.clientX - x, ev.clientY - y) < far) return;
      button.onpointermove = null;
      this.#dragging = true;
      this.#board?.dragIn(ev, button.dataset.piece); // (none yet: the rules still load)
    };
    button.onpointerup = button.onpointercancel = () => (button.onpointermove = null);
  }

  // ---------------------------------------------------------------- drawing

  /** @param {HTMLElement} [source] */
  #render(source) {
    if (!this.#board) return;
    const v = /** @type {Verdict} */ (this.#verdict); // (#check comes first)
    this.#board.set({ pieces: this.#pos.pieces, shapes: this.#shapes() });

    render(this.#ui, this.#pos, v, this.#t, source);
    this.toggleAttribute("data-legal", v.legal);
    this.#renderHint();
  }

  #renderHint() {
    renderHint(this.#ui, this.#t, this.#tool, (p) => this.#name(p));
  }

  // ---------------------------------------------------------------- the palette

  /** @param {string | null} tool @param {boolean} focus */
  #choose(tool, focus) {
    this.#tool = tool;
    for (const [k, b] of this.#ui.tools) {
      b.setAttribute("aria-checked", String(k === tool));
      b.setAttribute("tabindex", k === tool ? 0 : -1);
    }
    if (focus) this.#ui.tools.get(tool).focus();
    if (this.#t) this.#renderHint();
  }

  /** @param {KeyboardEvent} e */
  #paletteKey(e) {
    const tool = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest(".tool"));
    const at = TOOLS.indexOf(tool?.dataset.piece ?? "");
    const n = TOOLS.length;
    const go = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -at, End: n - 1 - at }[e.key];
    if (at < 0 || go == null) return;
    this.#choose(TOOLS[(at + go + n) % n], true);
    e.preventDefault();
  }

  // ---------------------------------------------------------------- copy

  /** @param {HTMLInputElement} field @param {HTMLElement & { timer?: ReturnType<typeof setTimeout> }} button @param {HTMLElement} error */
  async #copy(field, button, error) {
    const t = this.#t;
    const ok = await navigator.clipboard.writeText(field.value).then(
      () => true,
      () => field.select() ?? document.execCommand("copy"),
    );
    if (!ok) {
      field.select();
      Object.assign(error, { textContent: t.copyFailed, hidden: false });
    }
    const label = /** @type {ChildNode} */ (button.lastChild); // iconButton's label
    label.textContent = ok ? t.copied : t.copy;
    button.toggleAttribute("data-done", ok);
    this.#announce(ok ? t.copied : t.copyFailed);
    clearTimeout(button.timer);
    button.timer = setTimeout(() => {
      button.removeAttribute("data-done");
      label.textContent = this.#t.copy;
    }, 1800);
  }
}

if (globalThis.customElements && !customElements.get("chess-setup")) customElements.define("chess-setup", ChessSetup);
