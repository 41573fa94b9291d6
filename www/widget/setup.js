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
// orientation, legal, reason, ready (a promise). Methods: put(square, piece), remove(square),
// clear(), startPosition(), flip(). Events (bubbling, composed): setup-change
// { fen, legal, reason, kind, args } (kind, args: the rules' message) after every change made on the element (not after
// the fen attribute or property), setup-play { fen } from the Play button. The element has
// data-ready and, while the position is legal, data-legal. Theming: the same --ct-* custom
// properties as <chess-tutor>; parts board, square, piece, marker, palette, tool, panel,
// verdict, button, play.
import init, { Game, validatePosition } from "../pkg/chess_tutor.js";
import { Board, pieceImage, squareName } from "./board.js";
import { adopt, h, iconButton, s, shadow } from "./dom.js";
import { sayError } from "./errors.js";
import { loadWords, pickLang, say } from "../i18n/i18n.js";

const BASE = new URL("./", import.meta.url);
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const TOOLS = ["K", "Q", "R", "B", "N", "P", "k", "q", "r", "b", "n", "p", "x"]; // x: the eraser
// a castling right: the king's and the rook's home squares
const CASTLE = { K: ["e1", "h1"], Q: ["e1", "a1"], k: ["e8", "h8"], q: ["e8", "a8"] };
const RIGHTS = "KQkq";

const colorOf = (p) => (p === p.toUpperCase() ? "white" : "black");
const kindOf = (p) => p.toLowerCase();
// the board's and the palette's pieces: a FEN letter
const sprite = (p) => pieceImage(colorOf(p), p);

// ---------------------------------------------------------------- the rules' errors in words

// the pieces a message about how many a side has points at (its args name no square)
const COUNTED = {
  "position-kings": (p, sq, side) => p === (side === "white" ? "K" : "k"),
  "position-pawns": (p, sq, side) => p === (side === "white" ? "P" : "p"),
  "position-pieces": (p, sq, side) => colorOf(p) === side,
  "position-pawn-on-edge": (p, sq) => kindOf(p) === "p" && /[18]$/.test(sq),
};

/**
 * A thrown rules error in words: { kind, args, text, squares } (kind: the message id; squares:
 * where the board marks the problem: the squares its args name, or the pieces it counts).
 * `words`: messages-core.js's and setup.js's; `pieces`: square → letter; `where`: say where in
 * the text the error is.
 */
export function explain(error, words, pieces, where) {
  const { id, args = {} } = error;
  const counted = COUNTED[id];
  const squares = counted ? [...pieces].filter(([sq, p]) => counted(p, sq, args.side)).map(([sq]) => sq) : Object.values(args).filter((v) => /^[a-h][1-8]$/.test(v));
  const text = where ? sayError(words, error) : say(words, error);
  return { kind: id, args, text: text[0].toLocaleUpperCase() + text.slice(1), squares: new Set(squares) };
}

// ---------------------------------------------------------------- positions as text

/** A FEN or text board, read into { pieces, side, castling, ep, half, full }; null when the
 * pieces cannot be read. Only for text the rules have read, or have read and called impossible. */
function readPosition(text) {
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  const fen = lines.length >= 8 ? `${lines.slice(0, 8).join("/")} ${lines[8] ?? ""}` : text;
  const [placement = "", side, castling, ep, half, full] = fen.trim().split(/\s+/);
  const rows = placement.replace(/[1-8]/g, (n) => ".".repeat(n)).split("/");
  if (rows.length !== 8 || rows.some((r) => !/^[.kqrbnp]{8}$/i.test(r))) return null;
  const pieces = new Map();
  rows.forEach((row, r) => [...row].forEach((p, j) => p !== "." && pieces.set(squareName(7 - r, j), p)));
  return { pieces, side: /^b$/i.test(side) ? "b" : "w", castling: castling && new Set(castling.replace("-", "")), ep: /^[a-h][36]$/.test(ep) ? ep : null, half: +half || 0, full: +full || 1 };
}

function writeFen({ pieces, side, castling, ep, half, full }) {
  const rows = [7, 6, 5, 4, 3, 2, 1, 0].map((i) => [0, 1, 2, 3, 4, 5, 6, 7].map((j) => pieces.get(squareName(i, j)) ?? ".").join(""));
  const rights = [...RIGHTS].filter((r) => castling.has(r)).join("") || "-";
  return `${rows.join("/").replace(/\.+/g, (dots) => dots.length)} ${side} ${rights} ${ep ?? "-"} ${half} ${full}`;
}

// [the normalised FEN, null] or [null, the error]
const validate = (text) => {
  try {
    return [validatePosition(text), null];
  } catch (error) {
    return [null, error];
  }
};

const ERASER = "M14 30 L30 12 Q34 8 38 12 L50 24 Q54 28 50 32 L34 50 H18 L10 42 Q6 38 10 34 Z M22 22 L42 42";
// line icons on a 24×24 grid (no font has them all)
const ICONS = {
  copy: "M9 8.5h10.5v12.5H9z M5 15.5V3.5h10.5",
  clear: "M3.5 3.5h17v17h-17z M3.5 9.2h17 M3.5 14.8h17 M9.2 3.5v17 M14.8 3.5v17",
  flip: "M7.5 20V4 M3.5 8l4-4 4 4 M16.5 4v16 M12.5 16l4 4 4-4",
};
const icon = (name, parent) => s("path", { d: ICONS[name] }, s("svg", { viewBox: "0 0 24 24", class: "icon", "aria-hidden": "true" }, parent));

let rules;
const loadRules = () => (rules ??= init({ module_or_path: new URL("pkg/chess_tutor_bg.wasm", BASE) }));
const words = (lang) => loadWords(lang, "messages-core", "setup");

export class ChessSetup extends (globalThis.HTMLElement ?? class {}) {
  static observedAttributes = ["fen", "lang", "orientation"];

  #root;
  #ui;
  #t = null;
  #ready;
  #settle;
  #started = false;
  /** @type {Board} */
  #board = null;
  // the position: pieces (square → FEN letter), side ("w" | "b"), castling (a Set of KQkq),
  // ep (a square or null), half, full (the counters)
  #pos = { pieces: new Map(), side: "w", castling: new Set(), ep: null, half: 0, full: 1 };
  #available = new Set(); // the rights the placement allowed, last time
  // the result of the last check: { fen, legal, kind, args, text, squares, notes }
  #verdict = null;
  #tool = null;
  #hover = null;
  #touch = false;
  #dragging = false;
  #says = 0;
  #observer = null;

  constructor() {
    super();
    ({ root: this.#root, ready: this.#ready, settle: this.#settle } = shadow(this));
    this.#buildShell();
    // the same width as the container query in setup.css
    globalThis.ResizeObserver && new ResizeObserver(([entry]) => this.#place(entry.contentRect.width >= 720)).observe(this);
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

  attributeChangedCallback(name, old, value) {
    if (old === value || !this.#t) return;
    if (name === "fen") this.#loadAttribute();
    else if (name === "orientation") this.#board.set({ orientation: this.orientation });
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

  /** Put `piece` (a FEN letter: K Q R B N P white, k q r b n p black) on `square`; null removes. */
  put(square, piece) {
    this.#ready$();
    if (!/^[a-h][1-8]$/.test(square)) throw new Error(`chess-setup: '${square}' is not a square such as e4`);
    if (piece == null) return this.remove(square);
    if (!/^[kqrbnp]$/i.test(piece)) throw new Error(`chess-setup: '${piece}' is not a piece letter (KQRBNP, kqrbnp)`);
    this.#put(square, piece);
  }
  remove(square) {
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
    this.#load(readPosition(START));
    this.#commit(this.#t.startDone);
  }
  flip() {
    this.orientation = this.orientation === "white" ? "black" : "white";
    if (this.#t) this.#announce(this.#t.flipDone(this.orientation));
  }

  #ready$() {
    if (!this.#t) throw new Error("chess-setup is not ready yet: await element.ready first");
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  #announce(text) {
    // a changing space: the same words are said again
    if (text) this.#ui.live.textContent = text + (++this.#says % 2 ? "" : "\u00a0");
  }

  #switchLanguage() {
    const lang = this.language;
    words(lang).then((w) => {
      if (this.language !== lang || w === this.#t || !this.#t) return;
      this.#t = w;
      this.#board.set({ label: w.board });
      this.#words();
      this.#check(); // the reason in the new language
      this.#render();
    });
  }

  // ---------------------------------------------------------------- the position

  #fen() {
    return writeFen(this.#pos);
  }

  // seed 002's text board; a 9th line only when the rest differs from what 8 lines mean
  #textBoard() {
    const [placement, ...rest] = this.#fen().split(" ");
    const lines = placement.replace(/\d/g, (n) => ".".repeat(n)).split("/");
    const implied = writeFen({ pieces: new Map(), side: "w", castling: this.#availableRights(), half: 0, full: 1 }).split(" ").slice(1);
    if (rest.join(" ") !== implied.join(" ")) lines.push(rest.join(" "));
    return lines.join("\n");
  }

  #availableRights() {
    const at = (sq, p) => this.#pos.pieces.get(sq) === p;
    return new Set([...RIGHTS].filter((r) => at(CASTLE[r][0], r < "a" ? "K" : "k") && at(CASTLE[r][1], r < "a" ? "R" : "r")));
  }

  // the squares a pawn of the side not to move may just have skipped, with a pawn to take it
  #possibleEp() {
    const white = this.#pos.side === "w";
    const [row, step, them, us] = white ? [4, 1, "p", "P"] : [3, -1, "P", "p"];
    const at = (i, j) => this.#pos.pieces.get(squareName(i, j));
    return [0, 1, 2, 3, 4, 5, 6, 7]
      .filter((j) => at(row, j) === them && !at(row + step, j) && !at(row + 2 * step, j) && (at(row, j - 1) === us || at(row, j + 1) === us))
      .map((j) => squareName(row + step, j));
  }

  // a position read from text (castling null: what the pieces allow)
  #load(p) {
    this.#pos = p;
    this.#available = this.#availableRights();
    p.castling = new Set([...(p.castling ?? this.#available)].filter((r) => this.#available.has(r)));
    this.#tidy();
  }

  // rights the pieces no longer allow go; a right the pieces allow again comes back
  #tidy() {
    const now = this.#availableRights();
    for (const r of RIGHTS) {
      if (!now.has(r)) this.#pos.castling.delete(r);
      else if (!this.#available.has(r)) this.#pos.castling.add(r);
    }
    this.#available = now;
    if (this.#pos.ep && !this.#possibleEp().includes(this.#pos.ep)) this.#pos.ep = null;
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
  #commit(said, source) {
    const before = this.#verdict;
    this.#tidy();
    this.#check();
    this.#render(source);
    const v = this.#verdict;
    const changed = !before || before.legal !== v.legal || before.text !== v.text;
    const verdict = v.legal ? this.#t.legal : `${this.#t.illegal} ${v.text}`;
    this.#announce([said, changed ? verdict : ""].filter(Boolean).join(". "));
    this.#emit("setup-change", { fen: v.fen, legal: v.legal, reason: v.text, kind: v.kind, args: v.args });
  }

  #name(p) {
    return this.#t.piece(colorOf(p), kindOf(p));
  }

  #put(sq, p) {
    const old = this.#pos.pieces.get(sq);
    if (old === p) return;
    this.#pos.pieces.set(sq, p);
    this.#commit(old ? this.#t.replaced(this.#name(p), sq, this.#name(old)) : this.#t.placed(this.#name(p), sq));
  }

  #remove(sq) {
    const old = this.#pos.pieces.get(sq);
    if (!old) return this.#announce(this.#t.alreadyEmpty(sq));
    this.#pos.pieces.delete(sq);
    this.#commit(this.#t.removed(this.#name(old), sq));
  }

  #move(from, to) {
    const p = this.#pos.pieces.get(from);
    if (!p || from === to) return;
    this.#pos.pieces.delete(from);
    this.#pos.pieces.set(to, p);
    this.#commit(this.#t.moved(this.#name(p), from, to));
  }

  // a click, tap, Enter or Space on a square
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

  // The palette, the verdict and the panel. An element with data-w="key" ("side.white") shows
  // those words (#words); each control is wired where it is made.
  #buildShell() {
    const wrap = h("div", { class: "wrap", part: "container", hidden: "" }, this.#root);
    const boardCol = h("div", { class: "board-col" }, wrap);
    const boardWrap = h("div", { class: "board-wrap" }, boardCol);
    const loading = h("div", { class: "loading", "aria-busy": "true" }, boardWrap);
    const palette = h("div", { class: "palette", role: "radiogroup", part: "palette" }, boardCol);
    const tools = new Map();
    for (const tool of TOOLS) {
      const b = h("button", { type: "button", role: "radio", class: "tool", part: "tool", "aria-checked": "false", tabindex: -1, "data-piece": tool }, palette);
      if (tool !== "x") h("img", { src: sprite(tool), alt: "", draggable: "false" }, b);
      else {
        b.classList.add("eraser");
        s("path", { d: ERASER }, s("svg", { viewBox: "0 0 60 60", class: "eraser-icon", "aria-hidden": "true" }, b));
        h("span", { class: "tool-name", "data-w": "eraser" }, b);
      }
      tools.set(tool, b);
    }
    tools.get("K").setAttribute("tabindex", 0);
    palette.onclick = (e) => e.target.closest(".tool") && this.#choose(e.target.closest(".tool").dataset.piece, true);
    palette.onkeydown = (e) => this.#paletteKey(e);
    palette.onpointerdown = (e) => {
      const b = e.target.closest(".tool");
      if (b && !e.button && b.dataset.piece !== "x") this.#dragFromPalette(e, b);
    };
    palette.ondragstart = (e) => e.preventDefault();
    const hint = h("p", { class: "hint", id: "hint" }, boardCol);
    // the verdict and Play: under the palette on a narrow screen, beside the board on a wide one
    // (#place), in sight while pieces are placed
    const result = h("div", { class: "result" }, boardCol);
    const verdict = h("div", { class: "verdict", part: "verdict", role: "group" }, result);
    h("span", { class: "v-icon", "aria-hidden": "true" }, verdict);
    const vText = h("div", { class: "v-text" }, verdict);
    const [vTitle, vReason, vNotes] = [["p", "v-title"], ["p", "v-reason"], ["ul", "v-notes"]].map(([tag, cls]) => h(tag, { class: cls }, vText));
    const play = iconButton(result, { class: "play", part: "button play" }, "▶", () => this.#verdict?.legal && this.#emit("setup-play", { fen: this.#verdict.fen }));
    play.lastChild.dataset.w = "play";
    h("p", { class: "hint-more", "data-w": "hintMore" }, boardCol);

    const panel = h("section", { class: "panel", part: "panel" }, wrap);
    const actions = h("div", { class: "actions" }, panel);
    for (const action of ["startPosition", "clear", "flip"]) {
      const b = h("button", { type: "button", part: "button", "data-action": action === "startPosition" ? "start" : action }, actions);
      if (action === "startPosition") h("img", { src: sprite("K"), alt: "", class: "icon" }, b);
      else icon(action, b);
      h("span", { "data-w": b.dataset.action }, b);
      b.onclick = () => this[action]();
    }
    // a radio button or checkbox in a pill, with its words (and a piece)
    const choice = (parent, attrs, w, piece, onchange) => {
      const label = h("label", { class: "choice" }, parent);
      const input = h("input", attrs, label);
      if (piece) h("img", { src: sprite(piece), alt: "", class: "c-icon" }, label);
      h("span", { "data-w": w }, label);
      input.onchange = onchange;
      return input;
    };
    const sideBox = h("fieldset", { class: "side" }, panel);
    h("legend", { "data-w": "toMove" }, sideBox);
    const choices = h("div", { class: "choices" }, sideBox);
    const sides = {};
    for (const [side, name] of [["w", "white"], ["b", "black"]])
      sides[side] = choice(choices, { type: "radio", name: "side", value: side }, `side.${name}`, side === "w" ? "K" : "k", () => {
        this.#pos.side = side;
        this.#commit(this.#t.sideDone(name));
      });

    const castleBox = h("fieldset", { class: "castling" }, panel);
    h("legend", { "data-w": "castling" }, castleBox);
    const castleGrid = h("div", { class: "castle-grid" }, castleBox);
    const rights = {};
    // a row per side: its king, then O-O and O-O-O
    for (const r of RIGHTS) {
      if (r === "K" || r === "k") h("img", { src: sprite(r), alt: "", class: "c-icon" }, castleGrid);
      rights[r] = choice(castleGrid, { type: "checkbox", value: r }, `castle.${r}`, null, (e) => {
        if (e.target.checked) this.#pos.castling.add(r);
        else this.#pos.castling.delete(r);
        this.#commit(this.#t.castleDone(e.target.getAttribute("aria-label"), e.target.checked));
      });
    }
    h("p", { class: "small", "data-w": "castleHint" }, castleBox);

    // a labelled control: its words above it
    const field = (parent, w, tag, attrs) => {
      const label = h("label", { class: "field" }, parent);
      h("span", { "data-w": w }, label);
      return h(tag, attrs, label);
    };
    const ep = field(panel, "enPassant", "select", { class: "ep" });
    ep.onchange = () => {
      this.#pos.ep = ep.value || null;
      this.#commit(this.#t.enPassantDone(this.#pos.ep));
    };
    const counters = h("details", { class: "counters" }, panel);
    h("summary", { "data-w": "counters" }, counters);
    const countersRow = h("div", { class: "counters-row" }, counters);
    const counter = (w, key, min, max) => {
      const input = field(countersRow, w, "input", { type: "number", min, max, step: 1, inputmode: "numeric", class: key });
      input.oninput = () => {
        const n = Number(input.value);
        if (input.value === "" || !Number.isInteger(n) || n < min || n > max) return input.setAttribute("aria-invalid", "true");
        input.removeAttribute("aria-invalid");
        this.#pos[key] = n;
        this.#commit("", input);
      };
      input.onchange = () => this.#render();
      return input;
    };
    const half = counter("halfmove", "half", 0, 10000);
    const full = counter("fullmove", "full", 1, 100000);

    // the FEN and the text board: read as typed, the reason beside; a copy button
    const io = (id, w, tag, attrs) => {
      const box = h("div", { class: `io io-${id}` }, panel);
      const head = h("div", { class: "io-head" }, box);
      h("label", { for: id, "data-w": w }, head);
      const copy = h("button", { type: "button", class: "copy", part: "button" }, head);
      icon("copy", copy);
      h("span", { "data-w": "copy" }, copy);
      const input = h(tag, { id, spellcheck: "false", autocomplete: "off", autocapitalize: "off", "aria-describedby": `${id}-error`, ...attrs }, box);
      const error = h("p", { class: "field-error", id: `${id}-error`, hidden: "" }, box);
      input.oninput = () => {
        const said = this.#import(input.value, input);
        error.textContent = said ?? "";
        error.hidden = !said;
        if (said) input.setAttribute("aria-invalid", "true");
        else input.removeAttribute("aria-invalid");
      };
      // once the teacher is done, the field shows the position as the element writes it
      input.onchange = () => error.hidden && this.#render();
      copy.onclick = () => this.#copy(input, copy, error);
      return [input, error, box];
    };
    const [fenField, fenError] = io("fen", "fen", "input", { type: "text", class: "fen" });
    const [textField, textError, textBox] = io("text", "textBoard", "textarea", { rows: 9, cols: 10, wrap: "off", class: "text-board", "aria-describedby": "text-error text-hint" });
    h("p", { class: "small", id: "text-hint", "data-w": "textHint" }, textBox);

    const live = h("div", { class: "sr-only", role: "status", "aria-live": "polite", "aria-atomic": "true" }, this.#root);
    this.#ui = { wrap, panel, boardWrap, loading, palette, tools, hint, result, verdict, vTitle, vReason, vNotes, play, sides, rights, ep, half, full, fenField, fenError, textField, textError, live };
  }

  #place(wide) {
    const { result, panel, hint } = this.#ui;
    if (wide && result.parentNode !== panel) panel.prepend(result);
    else if (!wide && result.parentNode === panel) hint.after(result);
  }

  // the words, in the element's language
  #words() {
    const t = this.#t;
    const ui = this.#ui;
    for (const el of this.#root.querySelectorAll("[data-w]")) el.textContent = el.dataset.w.split(".").reduce((o, key) => o[key], t);
    ui.palette.setAttribute("aria-label", t.palette);
    ui.verdict.setAttribute("aria-label", t.status);
    for (const [tool, b] of ui.tools) b.setAttribute("aria-label", (b.title = tool === "x" ? t.eraser : this.#name(tool)));
    for (const r of RIGHTS) ui.rights[r].setAttribute("aria-label", t.castleLabel(colorOf(r), "Kk".includes(r) ? "king" : "queen"));
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

  #setHover(sq) {
    if ((sq ||= null) === this.#hover) return;
    this.#hover = sq;
    this.#board.set({ shapes: this.#shapes() });
  }

  // a problem: a dashed frame and a "!" (not a colour alone); the square the tool is over
  #shapes() {
    const problems = [...this.#verdict.squares].flatMap((square) => [
      { type: "highlight", square, brush: "problem", under: false },
      { type: "label", square, text: "!", brush: "problem-mark" },
    ]);
    return this.#hover ? [{ type: "highlight", square: this.#hover, brush: "hover" }, ...problems] : problems;
  }

  // a piece dragged from the palette: the board lifts it once the pointer moves (a tap is a
  // click: #choose)
  #dragFromPalette(e, button) {
    const [x, y, far] = [e.clientX, e.clientY, e.pointerType === "mouse" ? 4 : 8];
    button.setPointerCapture?.(e.pointerId);
    button.onpointermove = (ev) => {
      if (Math.hypot(ev.clientX - x, ev.clientY - y) < far) return;
      button.onpointermove = null;
      this.#dragging = true;
      this.#board.dragIn(ev, button.dataset.piece);
    };
    button.onpointerup = button.onpointercancel = () => (button.onpointermove = null);
  }

  // ---------------------------------------------------------------- drawing

  #render(source) {
    if (!this.#board) return;
    const t = this.#t;
    const ui = this.#ui;
    const v = this.#verdict;
    this.#board.set({ pieces: this.#pos.pieces, shapes: this.#shapes() });

    // the verdict
    ui.verdict.toggleAttribute("data-legal", v.legal);
    ui.verdict.firstChild.textContent = v.legal ? "✓" : "!";
    ui.vTitle.textContent = v.legal ? t.legal : t.illegal;
    ui.vReason.textContent = v.text ?? "";
    ui.vReason.hidden = v.legal;
    ui.vNotes.replaceChildren(...v.notes.map((n) => h("li", {}, null, n)));
    ui.vNotes.hidden = !v.notes.length;
    ui.play.disabled = !v.legal;
    this.toggleAttribute("data-legal", v.legal);

    // the controls
    ui.sides[this.#pos.side].checked = true;
    const available = this.#availableRights();
    for (const r of RIGHTS) {
      ui.rights[r].disabled = !available.has(r);
      ui.rights[r].checked = this.#pos.castling.has(r);
    }
    const eps = this.#possibleEp();
    ui.ep.replaceChildren(h("option", { value: "" }, null, `— ${t.noEnPassant}`), ...eps.map((sq) => h("option", { value: sq }, null, sq)));
    ui.ep.value = this.#pos.ep ?? "";
    ui.ep.disabled = !eps.length;
    for (const [input, value] of [[ui.half, this.#pos.half], [ui.full, this.#pos.full]]) {
      if (source === input) continue;
      input.value = value;
      input.removeAttribute("aria-invalid");
    }

    // the texts, except the one being typed in
    for (const [field, error, value] of [[ui.fenField, ui.fenError, this.#fen()], [ui.textField, ui.textError, this.#textBoard()]]) {
      if (field === source) continue;
      if (field.value !== value) field.value = value;
      error.hidden = true;
      field.removeAttribute("aria-invalid");
    }
    this.#renderHint();
  }

  #renderHint() {
    const t = this.#t;
    const tool = this.#tool;
    const { hint } = this.#ui;
    hint.removeAttribute("data-nudge");
    hint.textContent = tool === "x" ? t.hintEraser : tool ? t.hintPiece(this.#name(tool)) : t.hintNone;
  }

  // ---------------------------------------------------------------- the palette

  #choose(tool, focus) {
    this.#tool = tool;
    for (const [k, b] of this.#ui.tools) {
      b.setAttribute("aria-checked", String(k === tool));
      b.setAttribute("tabindex", k === tool ? 0 : -1);
    }
    if (focus) this.#ui.tools.get(tool).focus();
    if (this.#t) this.#renderHint();
  }

  #paletteKey(e) {
    const at = TOOLS.indexOf(e.target.closest(".tool")?.dataset.piece);
    const n = TOOLS.length;
    const go = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -at, End: n - 1 - at }[e.key];
    if (at < 0 || go == null) return;
    this.#choose(TOOLS[(at + go + n) % n], true);
    e.preventDefault();
  }

  // ---------------------------------------------------------------- copy

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
    button.lastChild.textContent = ok ? t.copied : t.copy;
    button.toggleAttribute("data-done", ok);
    this.#announce(ok ? t.copied : t.copyFailed);
    clearTimeout(button.timer);
    button.timer = setTimeout(() => {
      button.removeAttribute("data-done");
      button.lastChild.textContent = this.#t.copy;
    }, 1800);
  }
}

if (globalThis.customElements && !customElements.get("chess-setup")) customElements.define("chess-setup", ChessSetup);
