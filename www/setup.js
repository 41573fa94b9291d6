// <chess-setup>: a board on which a teacher sets up a position — pieces from a palette, who
// moves, castling, en passant, the move counters — checked live by the rules (WebAssembly,
// validatePosition), with FEN and text-board import and export. Its own module: the plain
// <chess-tutor> never loads it. Same CSP rules as the widget: no markup strings, no inline
// styles, a constructable stylesheet (setup.css).
//
//   <script type="module" src="setup.js"></script>
//   <chess-setup lang="ru" fen="…" orientation="white"></chess-setup>
//
// Attributes: fen (a FEN or an 8-line text board), lang (ru | en; default: the page's),
// orientation (white | black). Properties: fen (get: the current FEN; set: load one),
// orientation, legal, reason, ready (a promise). Methods: put(square, piece), remove(square),
// clear(), startPosition(), flip(). Events (bubbling, composed): setup-change
// { fen, legal, reason, kind, message } after every change made on the element (not after
// the fen attribute or property), setup-play { fen } from the Play button. The element has
// data-ready and, while the position is legal, data-legal. Theming: the same --ct-* custom
// properties as <chess-tutor>; parts board, square, piece, marker, palette, tool, panel,
// verdict, button, play.
import init, { Game, validatePosition } from "./pkg/chess_tutor.js";
import { adopt, arrowTo, geometry, parseSquare, pickLang, rove, squareName } from "./chess-tutor.js";

const BASE = new URL("./", import.meta.url);
const PIECES = new URL("images/pieces.svg", BASE).href;
const SVG = "http://www.w3.org/2000/svg";
const SQ = 100;
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const TOOLS = ["K", "Q", "R", "B", "N", "P", "k", "q", "r", "b", "n", "p", "x"]; // x: the eraser
// a castling right: the king's and the rook's home squares
const CASTLE = { K: ["e1", "h1"], Q: ["e1", "a1"], k: ["e8", "h8"], q: ["e8", "a8"] };
const RIGHTS = "KQkq";

const colorOf = (p) => (p === p.toUpperCase() ? "white" : "black");
const kindOf = (p) => p.toLowerCase();
const pieceImage = (p) => `${PIECES}#${colorOf(p)[0]}${p.toUpperCase()}`;

function make(ns, name, attrs, parent, text) {
  const node = ns ? document.createElementNS(ns, name) : document.createElement(name);
  for (const k in attrs) node.setAttribute(k, attrs[k]);
  if (text != null) node.textContent = text;
  parent?.append(node);
  return node;
}
const h = (name, attrs = {}, parent = null, text = null) => make(null, name, attrs, parent, text);
const s = (name, attrs = {}, parent = null, text = null) => make(SVG, name, attrs, parent, text);

// The rules' messages, read into a kind and its words, so that they can be said in Russian too.
// An unknown message is shown as it is.
const WHERE = /^(?:text board(?: line (\d+)(?:, column (\d+))?)?: )?(?:FEN field \d \(([^)]+)\): |FEN: )?/;
const KINDS = [
  ["pawn-edge", /^a pawn cannot stand on ([a-h][1-8])/],
  ["kings", /^(white|black) has (\d+) kings/],
  ["pawns", /^(white|black) has (\d+) pawns/],
  ["pieces", /^(white|black) has (\d+) pieces/],
  ["castle-king", /^(white|black) may not castle on the (king|queen)'s side: its king is not on ([a-h][1-8])/],
  ["castle-rook", /^(white|black) may not castle on the (king|queen)'s side: no rook on ([a-h][1-8])/],
  ["en-passant", /^([a-h][1-8]) is not a square that a (white|black) pawn has just skipped/],
  ["check", /^(white|black) is in check on ([a-h][1-8]) but it is (white|black)'s move/],
  ["empty", /^the FEN is empty/],
  ["ranks", /^expected 8 ranks separated by '\/', found (\d+)/],
  ["rank-short", /^rank (\d) has (\d+) squares; a rank has 8/],
  ["rank-long", /^rank (\d) has more than 8 squares/],
  ["bad-digit", /^rank (\d): '(.+)' is not a count of empty squares/],
  ["bad-letter", /^rank (\d): '(.+)' is not a piece letter/],
  ["bad-char", /^'(.+)' is not a piece letter/],
  ["side-letter", /^expected 'w' or 'b', found '(.*)'/],
  ["castle-letter", /^'(.+)' is not a castling right/],
  ["castle-twice", /^'(.+)' is written twice/],
  ["ep-square", /^'(.*)' is not a square; use a square such as/],
  ["halfmove", /^'(.*)' is not a number of half-moves/],
  ["fullmove", /^'(.*)' is not a move number/],
  ["fields", /^a FEN has at most 6 fields, this one has (\d+)/],
  ["lines", /^expected 8 lines of 8 squares, found (\d+)/],
  ["line-length", /^rank (\d) has (\d+) squares; write 8 characters/],
  ["extra-lines", /^a text board has 8 lines and at most one line/],
];
// reasons about where the pieces stand: the text was read, so the board can show it
const PLACEMENT = new Set(["pawn-edge", "kings", "pawns", "pieces", "check"]);

export function readReason(message) {
  const [prefix, line, col, field] = WHERE.exec(message);
  const rest = message.slice(prefix.length);
  for (const [kind, re] of KINDS) {
    const m = re.exec(rest);
    if (m) return { kind, args: m.slice(1), line, col, field, message };
  }
  return { kind: null, args: [], line, col, field, message };
}

// A position as the element keeps it. Only for text the rules have read, or have read and
// called impossible: no rule is decided here.
function readFen(text) {
  const f = text.trim().split(/\s+/);
  const rows = f[0]?.split("/");
  if (rows?.length !== 8 || f.length > 6) return null;
  const pieces = new Map();
  for (let r = 0; r < 8; r++) {
    let j = 0;
    for (const ch of rows[r]) {
      if (/[1-8]/.test(ch)) j += +ch;
      else if (/[kqrbnp]/i.test(ch) && j < 8) pieces.set(squareName(7 - r, j++), ch);
      else return null;
    }
    if (j !== 8) return null;
  }
  const castling = f[2] == null ? null : new Set(f[2].replace("-", ""));
  return { pieces, side: /^b$/i.test(f[1] ?? "") ? "b" : "w", castling, ep: /^[a-h][36]$/.test(f[3] ?? "") ? f[3] : null, half: +f[4] || 0, full: +f[5] || 1 };
}

function readPosition(text) {
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  if (lines.length < 8) return readFen(text);
  if (lines.length > 9 || lines.slice(0, 8).some((l) => !/^[.kqrbnp]{8}$/i.test(l))) return null;
  const placement = lines.slice(0, 8).map((l) => l.replace(/\.+/g, (dots) => dots.length));
  return readFen(`${placement.join("/")} ${lines[8] ?? ""}`);
}

// the marker of a problem: a dashed frame and a "!" badge, not a colour alone
function problemMarker(x, y, square) {
  const g = s("g", { transform: `translate(${x} ${y})`, class: "problem", part: "marker", "data-for": square });
  s("rect", { x: 6, y: 6, width: 88, height: 88, rx: 10, class: "p-frame" }, g);
  s("circle", { cx: 80, cy: 20, r: 15, class: "p-badge" }, g);
  s("text", { x: 80, y: 28, class: "p-mark" }, g, "!");
  return g;
}

const ERASER = "M14 30 L30 12 Q34 8 38 12 L50 24 Q54 28 50 32 L34 50 H18 L10 42 Q6 38 10 34 Z M22 22 L42 42";
// line icons on a 24×24 grid (no font has them all)
const ICONS = {
  copy: "M9 8.5h10.5v12.5H9z M5 15.5V3.5h10.5",
  clear: "M3.5 3.5h17v17h-17z M3.5 9.2h17 M3.5 14.8h17 M9.2 3.5v17 M14.8 3.5v17",
  flip: "M7.5 20V4 M3.5 8l4-4 4 4 M16.5 4v16 M12.5 16l4 4 4-4",
};
function icon(name, parent) {
  const svg = s("svg", { viewBox: "0 0 24 24", class: "icon", "aria-hidden": "true" }, parent);
  s("path", { d: ICONS[name] }, svg);
  return svg;
}

let rules;
const words = {};
const loadRules = () => (rules ??= init({ module_or_path: new URL("pkg/chess_tutor_bg.wasm", BASE) }));
const loadWords = (lang) => (words[lang] ??= import(`./i18n-setup-${lang}.js`).then((m) => m.default));

export class ChessSetup extends (globalThis.HTMLElement ?? class {}) {
  static observedAttributes = ["fen", "lang", "orientation"];

  #root;
  #ui;
  #t = null;
  #ready;
  #settle;
  #started = false;
  #board = null; // { svg, cells, pieces, problems, cursor, geo }
  // the position
  #pieces = new Map(); // square -> piece letter (FEN)
  #side = "w";
  #castling = new Set();
  #available = new Set(); // the rights the placement allows, last time
  #ep = null;
  #half = 0;
  #full = 1;
  // the result of the last check: { fen, legal, reason, text, squares, notes }
  #verdict = null;
  #tool = null;
  #focus = "e2";
  #drag = null;
  #hover = null;
  #imgs = new Map();
  #says = 0;
  #observer = null;
  #copyTimers = new Map();

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: "open" });
    this.#ready = new Promise((resolve, reject) => (this.#settle = { resolve, reject }));
    this.#ready.catch(() => {});
    this.#buildShell();
    // the same width as the container query in setup.css
    globalThis.ResizeObserver && new ResizeObserver(([entry]) => this.#place(entry.contentRect.width >= 720)).observe(this);
    adopt(this.#root, "setup.css").then(() => (this.#ui.wrap.hidden = false));
  }

  connectedCallback() {
    this.#observer ??= new MutationObserver(() => !this.hasAttribute("lang") && this.#switchLanguage());
    this.#observer.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
    if (this.#started) return;
    this.#started = true;
    const lang = this.language;
    Promise.all([loadRules(), loadWords(lang)]).then(
      ([, w]) => {
        this.#t = w;
        this.#loadAttribute(() => this.#rebuild());
        this.dataset.ready = "true";
        this.#settle.resolve(this);
        if (this.language !== lang) this.#switchLanguage();
      },
      (error) => {
        this.#ui.loading.textContent = `chess-setup: ${error.message}`;
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
    if (name === "fen") this.#loadAttribute(() => this.#render());
    else if (name === "orientation") this.#rebuild();
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
    if (!this.#board.cells.has(square)) throw new Error(`chess-setup: '${square}' is not a square such as e4`);
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
    this.#pieces.clear();
    this.#castling.clear();
    this.#ep = null;
    this.#half = 0;
    this.#full = 1;
    this.#commit(this.#t.clearDone);
  }
  startPosition() {
    this.#ready$();
    this.#load(readFen(START));
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
    loadWords(lang).then((w) => {
      if (this.language === lang && w !== this.#t && this.#t) {
        this.#t = w;
        this.#rebuild();
      }
    });
  }

  // ---------------------------------------------------------------- the position

  #fen() {
    const rows = [];
    for (let i = 7; i >= 0; i--) {
      let row = "";
      let empty = 0;
      for (let j = 0; j < 8; j++) {
        const p = this.#pieces.get(squareName(i, j));
        if (p) {
          row += (empty || "") + p;
          empty = 0;
        } else empty++;
      }
      rows.push(row + (empty || ""));
    }
    const castling = [...RIGHTS].filter((r) => this.#castling.has(r)).join("") || "-";
    return `${rows.join("/")} ${this.#side} ${castling} ${this.#ep ?? "-"} ${this.#half} ${this.#full}`;
  }

  // seed 002's text board; a 9th line only when the rest differs from what 8 lines mean
  #textBoard() {
    const lines = [];
    for (let i = 7; i >= 0; i--) {
      let line = "";
      for (let j = 0; j < 8; j++) line += this.#pieces.get(squareName(i, j)) ?? ".";
      lines.push(line);
    }
    const rest = this.#fen().split(" ").slice(1);
    const implied = ["w", [...RIGHTS].filter((r) => this.#availableRights().has(r)).join("") || "-", "-", "0", "1"];
    if (rest.join(" ") !== implied.join(" ")) lines.push(rest.join(" "));
    return lines.join("\n");
  }

  #availableRights() {
    const rights = new Set();
    for (const r of RIGHTS) {
      const [king, rook] = CASTLE[r];
      const white = r === r.toUpperCase();
      if (this.#pieces.get(king) === (white ? "K" : "k") && this.#pieces.get(rook) === (white ? "R" : "r")) rights.add(r);
    }
    return rights;
  }

  // the squares a pawn of the side not to move may just have skipped, with a pawn to take it
  #possibleEp() {
    const white = this.#side === "w";
    const [row, them, us] = white ? [4, "p", "P"] : [3, "P", "p"];
    const step = white ? 1 : -1;
    const list = [];
    for (let j = 0; j < 8; j++) {
      if (this.#pieces.get(squareName(row, j)) !== them) continue;
      if (this.#pieces.has(squareName(row + step, j)) || this.#pieces.has(squareName(row + 2 * step, j))) continue;
      if (this.#pieces.get(squareName(row, j - 1)) === us || this.#pieces.get(squareName(row, j + 1)) === us) list.push(squareName(row + step, j));
    }
    return list;
  }

  #load(p) {
    this.#pieces = p.pieces;
    this.#side = p.side;
    this.#available = this.#availableRights();
    this.#castling = new Set([...(p.castling ?? this.#available)].filter((r) => this.#available.has(r)));
    this.#ep = p.ep;
    this.#half = p.half;
    this.#full = p.full;
    this.#tidy();
  }

  // rights the pieces no longer allow go; a right the pieces allow again comes back
  #tidy() {
    const now = this.#availableRights();
    for (const r of RIGHTS) {
      if (!now.has(r)) this.#castling.delete(r);
      else if (!this.#available.has(r)) this.#castling.add(r);
    }
    this.#available = now;
    if (this.#ep && !this.#possibleEp().includes(this.#ep)) this.#ep = null;
  }

  // the fen attribute: a position that cannot be read stays in the FEN field, with the reason
  #loadAttribute(draw) {
    const text = this.getAttribute("fen") || START;
    const error = this.#import(text, null);
    this.#check();
    draw();
    const { fenField, fenError } = this.#ui;
    if (!error) return;
    fenField.value = text;
    fenField.setAttribute("aria-invalid", "true");
    fenError.textContent = error;
    fenError.hidden = false;
  }

  // text from the FEN field, the text board or the fen attribute: the rules read it; the board
  // shows it when it could be read (also when the pieces cannot stand so). Returns the error.
  #import(text, source) {
    let fen = null;
    let reason = null;
    try {
      fen = validatePosition(text);
    } catch (error) {
      reason = readReason(String(error?.message ?? error));
    }
    const read = fen ? readFen(fen) : PLACEMENT.has(reason.kind) ? readPosition(text) : null;
    if (read) {
      this.#load(read);
      if (source) this.#commit("", source);
      return null;
    }
    return this.#reasonText(reason, true);
  }

  #reasonText(r, where) {
    const said = r.kind && this.#t.reason[r.kind]?.(...r.args);
    if (!said) return r.message;
    const place = !where ? "" : r.line ? this.#t.where.line(r.line, r.col) : r.field && r.field !== "placement" ? this.#t.where.field(r.field) : "";
    return place ? `${place}: ${said}` : said;
  }

  #problemSquares(r) {
    const [a, b, c] = r.args;
    const all = (test) => [...this.#pieces].filter(([sq, p]) => test(sq, p)).map(([sq]) => sq);
    const own = (letter) => all((sq, p) => p === (a === "white" ? letter.toUpperCase() : letter));
    switch (r.kind) {
      case "pawn-edge":
        return all((sq, p) => kindOf(p) === "p" && /[18]$/.test(sq));
      case "kings":
        return own("k");
      case "pawns":
        return own("p");
      case "pieces":
        return [];
      case "check":
        return [b];
      case "castle-king":
      case "castle-rook":
        return [c];
      case "en-passant":
        return [a];
      default:
        return r.message.match(/\b[a-h][1-8]\b/g) ?? [];
    }
  }

  // the rules' verdict on the position as it stands
  #check() {
    const fen = this.#fen();
    let legal = fen;
    let reason = null;
    try {
      legal = validatePosition(fen);
    } catch (error) {
      legal = null;
      reason = readReason(String(error?.message ?? error));
    }
    const t = this.#t;
    const notes = [];
    if (legal) {
      const kings = ["K", "k"].filter((k) => ![...this.#pieces.values()].includes(k));
      if (kings.length === 2) notes.push(t.note.noKings);
      else if (kings.length) notes.push(t.note.noKing(colorOf(kings[0])));
      let game;
      try {
        game = new Game(legal);
        const status = game.status();
        const reasonKey = status.outcome?.reason;
        if (reasonKey === "checkmate" || reasonKey === "stalemate") notes.push(t.note[reasonKey](status.turn));
        else if (status.check) notes.push(t.note.check(status.turn));
      } catch {
        // the game says nothing more
      } finally {
        game?.free();
      }
    }
    this.#verdict = {
      fen: legal ?? fen,
      legal: Boolean(legal),
      kind: reason?.kind ?? null,
      message: reason?.message ?? null,
      text: reason ? this.#reasonText(reason, false) : null,
      squares: new Set(reason ? this.#problemSquares(reason) : []),
      notes,
    };
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
    this.#emit("setup-change", { fen: v.fen, legal: v.legal, reason: v.text, kind: v.kind, message: v.message });
  }

  #name(p) {
    return this.#t.piece(colorOf(p), kindOf(p));
  }

  #put(sq, p) {
    const old = this.#pieces.get(sq);
    if (old === p) return;
    this.#pieces.set(sq, p);
    this.#commit(old ? this.#t.replaced(this.#name(p), sq, this.#name(old)) : this.#t.placed(this.#name(p), sq));
  }

  #remove(sq) {
    const old = this.#pieces.get(sq);
    if (!old) return this.#announce(this.#t.alreadyEmpty(sq));
    this.#pieces.delete(sq);
    this.#commit(this.#t.removed(this.#name(old), sq));
  }

  #move(from, to) {
    const p = this.#pieces.get(from);
    if (!p || from === to) return;
    this.#pieces.delete(from);
    this.#pieces.set(to, p);
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
    if (tool === "x" || this.#pieces.get(sq) === tool) this.#remove(sq);
    else this.#put(sq, tool);
  }

  // ---------------------------------------------------------------- the shell

  #buildShell() {
    const wrap = h("div", { class: "wrap", part: "container", hidden: "" }, this.#root);
    const boardCol = h("div", { class: "board-col" }, wrap);
    const boardWrap = h("div", { class: "board-wrap" }, boardCol);
    const loading = h("div", { class: "loading", "aria-busy": "true" }, boardWrap);
    const palette = h("div", { class: "palette", role: "radiogroup", part: "palette" }, boardCol);
    const tools = new Map();
    for (const tool of TOOLS) {
      const b = h("button", { type: "button", role: "radio", class: "tool", part: "tool", "aria-checked": "false", tabindex: -1, "data-piece": tool }, palette);
      if (tool === "x") {
        b.classList.add("eraser");
        const icon = s("svg", { viewBox: "0 0 60 60", class: "eraser-icon", "aria-hidden": "true" }, b);
        s("path", { d: ERASER }, icon);
        h("span", { class: "tool-name" }, b);
      } else h("img", { src: pieceImage(tool), alt: "", draggable: "false" }, b);
      tools.set(tool, b);
    }
    tools.get("K").setAttribute("tabindex", 0);
    const hint = h("p", { class: "hint", id: "hint" }, boardCol);
    // the verdict and Play: under the palette on a narrow screen, beside the board on a wide one
    // (#place), in sight while pieces are placed
    const result = h("div", { class: "result" }, boardCol);
    const verdict = h("div", { class: "verdict", part: "verdict", role: "group" }, result);
    h("span", { class: "v-icon", "aria-hidden": "true" }, verdict);
    const vText = h("div", { class: "v-text" }, verdict);
    const vTitle = h("p", { class: "v-title" }, vText);
    const vReason = h("p", { class: "v-reason" }, vText);
    const vNotes = h("ul", { class: "v-notes" }, vText);
    const play = h("button", { type: "button", class: "play", part: "button play" }, result);
    h("span", { class: "icon", "aria-hidden": "true" }, play, "▶");
    h("span", {}, play);
    const hintMore = h("p", { class: "hint-more" }, boardCol);

    const panel = h("section", { class: "panel", part: "panel" }, wrap);

    const actions = h("div", { class: "actions" }, panel);
    const buttons = {};
    for (const action of ["start", "clear", "flip"]) {
      const b = (buttons[action] = h("button", { type: "button", part: "button", "data-action": action }, actions));
      if (action === "start") h("img", { src: pieceImage("K"), alt: "", class: "icon" }, b);
      else icon(action, b);
      h("span", {}, b);
    }

    const sideBox = h("fieldset", { class: "side" }, panel);
    const sideLegend = h("legend", {}, sideBox);
    const sideChoices = h("div", { class: "choices" }, sideBox);
    const sides = {};
    for (const side of ["w", "b"]) {
      const label = h("label", { class: "choice" }, sideChoices);
      sides[side] = h("input", { type: "radio", name: "side", value: side }, label);
      h("img", { src: pieceImage(side === "w" ? "K" : "k"), alt: "", class: "c-icon" }, label);
      h("span", {}, label);
    }

    const castleBox = h("fieldset", { class: "castling" }, panel);
    const castleLegend = h("legend", {}, castleBox);
    const castleGrid = h("div", { class: "castle-grid" }, castleBox);
    const rights = {};
    // a row per side: its king, then O-O and O-O-O
    for (const r of RIGHTS) {
      if (r === "K" || r === "k") h("img", { src: pieceImage(r), alt: "", class: "c-icon" }, castleGrid);
      const label = h("label", { class: "choice" }, castleGrid);
      rights[r] = h("input", { type: "checkbox", value: r }, label);
      h("span", {}, label);
    }
    const castleHint = h("p", { class: "small" }, castleBox);

    const epLabel = h("label", { class: "field" }, panel);
    const epText = h("span", {}, epLabel);
    const ep = h("select", { class: "ep" }, epLabel);

    const counters = h("details", { class: "counters" }, panel);
    const countersTitle = h("summary", {}, counters);
    const countersRow = h("div", { class: "counters-row" }, counters);
    const halfLabel = h("label", { class: "field" }, countersRow);
    const halfText = h("span", {}, halfLabel);
    const half = h("input", { type: "number", min: 0, max: 10000, step: 1, inputmode: "numeric", class: "half" }, halfLabel);
    const fullLabel = h("label", { class: "field" }, countersRow);
    const fullText = h("span", {}, fullLabel);
    const full = h("input", { type: "number", min: 1, max: 100000, step: 1, inputmode: "numeric", class: "full" }, fullLabel);

    const io = (id, tag, attrs) => {
      const box = h("div", { class: `io io-${id}` }, panel);
      const head = h("div", { class: "io-head" }, box);
      const label = h("label", { for: id }, head);
      const copy = h("button", { type: "button", class: "copy", part: "button" }, head);
      icon("copy", copy);
      h("span", {}, copy);
      const field = h(tag, { id, spellcheck: "false", autocomplete: "off", autocapitalize: "off", "aria-describedby": `${id}-error`, ...attrs }, box);
      const error = h("p", { class: "field-error", id: `${id}-error`, hidden: "" }, box);
      return { label, field, copy, error, box };
    };
    const fen = io("fen", "input", { type: "text", class: "fen" });
    const text = io("text", "textarea", { rows: 9, cols: 10, wrap: "off", class: "text-board" });
    const textHint = h("p", { class: "small", id: "text-hint" }, text.box);
    text.field.setAttribute("aria-describedby", "text-error text-hint");

    const live = h("div", { class: "sr-only", role: "status", "aria-live": "polite", "aria-atomic": "true" }, this.#root);

    this.#ui = {
      wrap, panel, boardCol, boardWrap, loading, palette, tools, hint, hintMore, result, verdict, vTitle, vReason, vNotes, play, buttons,
      sideLegend, sides, castleLegend, rights, castleHint, epText, ep, countersTitle, halfText, half, fullText, full,
      fenLabel: fen.label, fenField: fen.field, fenCopy: fen.copy, fenError: fen.error,
      textLabel: text.label, textField: text.field, textCopy: text.copy, textError: text.error, textHint, live,
    };
    this.#wire();
  }

  #place(wide) {
    const { result, panel, hint } = this.#ui;
    if (wide && result.parentNode !== panel) panel.prepend(result);
    else if (!wide && result.parentNode === panel) hint.after(result);
  }

  #wire() {
    const ui = this.#ui;
    ui.palette.onclick = (e) => {
      const b = e.target.closest(".tool");
      if (b) this.#choose(b.dataset.piece, true);
    };
    ui.palette.onkeydown = (e) => this.#paletteKey(e);
    ui.palette.onpointerdown = (e) => {
      const b = e.target.closest(".tool");
      if (b && !e.button && b.dataset.piece !== "x") this.#startDrag(e, { piece: b.dataset.piece, from: null, source: b });
    };
    ui.palette.onpointermove = (e) => this.#dragMove(e);
    ui.palette.onpointerup = (e) => this.#dragEnd(e);
    ui.palette.onpointercancel = () => this.#cancelDrag();
    ui.palette.ondragstart = (e) => e.preventDefault();
    ui.play.onclick = () => this.#verdict?.legal && this.#emit("setup-play", { fen: this.#verdict.fen });
    ui.buttons.start.onclick = () => this.startPosition();
    ui.buttons.clear.onclick = () => this.clear();
    ui.buttons.flip.onclick = () => this.flip();
    for (const side in ui.sides)
      ui.sides[side].onchange = () => {
        this.#side = side;
        this.#commit(this.#t.sideDone(side === "w" ? "white" : "black"));
      };
    for (const r in ui.rights)
      ui.rights[r].onchange = (e) => {
        if (e.target.checked) this.#castling.add(r);
        else this.#castling.delete(r);
        this.#commit(this.#t.castleDone(e.target.getAttribute("aria-label"), e.target.checked));
      };
    ui.ep.onchange = () => {
      this.#ep = ui.ep.value || null;
      this.#commit(this.#t.enPassantDone(this.#ep));
    };
    const counter = (input, min, max, set) => {
      input.oninput = () => {
        const n = Number(input.value);
        if (input.value === "" || !Number.isInteger(n) || n < min || n > max) return input.setAttribute("aria-invalid", "true");
        input.removeAttribute("aria-invalid");
        set(n);
        this.#commit("", input);
      };
      input.onchange = () => this.#render();
    };
    counter(ui.half, 0, 10000, (n) => (this.#half = n));
    counter(ui.full, 1, 100000, (n) => (this.#full = n));
    for (const [field, error] of [[ui.fenField, ui.fenError], [ui.textField, ui.textError]]) {
      field.oninput = () => {
        const said = this.#import(field.value, field);
        error.textContent = said ?? "";
        error.hidden = !said;
        if (said) field.setAttribute("aria-invalid", "true");
        else field.removeAttribute("aria-invalid");
      };
      // once the teacher is done, the field shows the position as the element writes it
      field.onchange = () => error.hidden && this.#render();
    }
    ui.fenCopy.onclick = () => this.#copy(ui.fenField, ui.fenCopy);
    ui.textCopy.onclick = () => this.#copy(ui.textField, ui.textCopy);
  }

  // the static words, in the element's language
  #words() {
    const t = this.#t;
    const ui = this.#ui;
    ui.palette.setAttribute("aria-label", t.palette);
    for (const [tool, b] of ui.tools) {
      const name = tool === "x" ? t.eraser : t.piece(colorOf(tool), kindOf(tool));
      b.setAttribute("aria-label", name);
      b.title = name;
      if (tool === "x") b.querySelector(".tool-name").textContent = t.eraser;
    }
    ui.verdict.setAttribute("aria-label", t.status);
    ui.play.lastChild.textContent = t.play;
    for (const action in ui.buttons) ui.buttons[action].lastChild.textContent = t[action];
    ui.sideLegend.textContent = t.toMove;
    ui.sides.w.parentNode.lastChild.textContent = t.side.white;
    ui.sides.b.parentNode.lastChild.textContent = t.side.black;
    ui.castleLegend.textContent = t.castling;
    for (const r of RIGHTS) {
      ui.rights[r].parentNode.lastChild.textContent = t.castle[r];
      ui.rights[r].setAttribute("aria-label", t.castleLabel(colorOf(r), "Kk".includes(r) ? "king" : "queen"));
    }
    ui.castleHint.textContent = t.castleHint;
    ui.epText.textContent = t.enPassant;
    ui.countersTitle.textContent = t.counters;
    ui.halfText.textContent = t.halfmove;
    ui.fullText.textContent = t.fullmove;
    ui.fenLabel.textContent = t.fen;
    ui.textLabel.textContent = t.textBoard;
    ui.textHint.textContent = t.textHint;
    for (const b of [ui.fenCopy, ui.textCopy]) if (!this.#copyTimers.has(b)) b.lastChild.textContent = t.copy;
  }

  #rebuild() {
    const ui = this.#ui;
    const focused = this.#root.activeElement?.dataset?.square;
    this.#board?.svg.remove();
    ui.loading.remove();
    this.#board = this.#buildBoard(geometry(this.orientation, "algebraic"));
    this.#hover = null;
    this.#imgs.clear();
    ui.boardWrap.prepend(this.#board.svg);
    this.#listen(this.#board.svg);
    this.#words();
    if (this.#verdict) this.#check(); // the reason in the new language
    this.#render();
    if (focused) this.#board.cells.get(focused)?.focus();
  }

  // <svg role="grid">: 8 rows of 8 gridcells as seen, then the layers (as in chess-tutor.js)
  #buildBoard(geo) {
    const size = geo.size;
    // tabindex -1: Chromium would otherwise put the <svg> itself in the Tab order
    const svg = s("svg", { viewBox: `0 0 ${size} ${size}`, part: "board", class: "board", role: "grid", "aria-label": this.#t.board, tabindex: -1 });
    s("rect", { class: "frame", width: size, height: size, rx: 22, "aria-hidden": "true" }, svg);
    const cells = new Map();
    for (let row = 0; row < 8; row++) {
      const rowEl = s("g", { role: "row" }, svg);
      for (let col = 0; col < 8; col++) {
        const [i, j] = geo.fromVisual(row, col);
        const sq = squareName(i, j);
        const shade = (i + j) % 2 ? "light" : "dark";
        const cell = s("g", { role: "gridcell", class: `cell ${shade}`, part: `square ${shade}`, tabindex: -1, "data-square": sq }, rowEl);
        const r = { x: geo.left + col * SQ, y: geo.top + row * SQ, width: SQ, height: SQ };
        s("rect", { ...r, class: "bg" }, cell);
        s("rect", { ...r, class: "hl" }, cell);
        cells.set(sq, cell);
      }
    }
    const coords = s("g", { class: "coords", part: "coordinates", "aria-hidden": "true" }, svg);
    const bottom = geo.top + 8 * SQ;
    for (let k = 0; k < 8; k++) {
      s("text", { x: geo.left + k * SQ + SQ / 2, y: bottom + 34, class: "coord" }, coords, "abcdefgh"[geo.fromVisual(0, k)[1]]);
      s("text", { x: geo.left / 2 + 2, y: geo.top + k * SQ + SQ / 2 + 10, class: "coord" }, coords, geo.fromVisual(k, 0)[0] + 1);
    }
    const pieces = s("g", { class: "pieces", "aria-hidden": "true" }, svg);
    const problems = s("g", { class: "problems", "aria-hidden": "true" }, svg);
    const cursor = s("rect", { class: "cursor", width: SQ - 10, height: SQ - 10, rx: 12, "aria-hidden": "true" }, svg);
    return { svg, cells, pieces, problems, cursor, geo };
  }

  // ---------------------------------------------------------------- drawing

  #render(source) {
    if (!this.#board) return;
    const t = this.#t;
    const ui = this.#ui;
    const v = this.#verdict;
    const { cells, problems, geo } = this.#board;
    this.#renderPieces();
    problems.replaceChildren();
    for (const [sq, cell] of cells) {
      const p = this.#pieces.get(sq);
      const bad = v.squares.has(sq);
      cell.toggleAttribute("data-problem", bad);
      if (p) cell.setAttribute("data-piece", p);
      else cell.removeAttribute("data-piece");
      const label = t.cell(sq, p && this.#name(p));
      cell.setAttribute("aria-label", bad ? `${label}, ${t.problemHere}` : label);
      if (bad) {
        const [i, j] = parseSquare(sq);
        problems.append(problemMarker(geo.x(i, j), geo.y(i, j), sq));
      }
    }
    this.#setFocus(this.#focus, false);

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
    ui.sides[this.#side].checked = true;
    const available = this.#availableRights();
    for (const r of RIGHTS) {
      ui.rights[r].disabled = !available.has(r);
      ui.rights[r].checked = this.#castling.has(r);
    }
    const eps = this.#possibleEp();
    ui.ep.replaceChildren(h("option", { value: "" }, null, `— ${t.noEnPassant}`), ...eps.map((sq) => h("option", { value: sq }, null, sq)));
    ui.ep.value = this.#ep ?? "";
    ui.ep.disabled = !eps.length;
    if (source !== ui.half) ui.half.value = this.#half;
    if (source !== ui.full) ui.full.value = this.#full;
    for (const input of [ui.half, ui.full]) if (source !== input) input.removeAttribute("aria-invalid");

    // the texts, except the one being typed in
    for (const [field, error, value] of [[ui.fenField, ui.fenError, this.#fen()], [ui.textField, ui.textError, this.#textBoard()]]) {
      if (field === source) continue;
      if (field.value !== value) field.value = value;
      error.hidden = true;
      field.removeAttribute("aria-invalid");
    }
    this.#renderHint();
  }

  // reuses the <image> elements, so nothing flickers
  #renderPieces() {
    const { pieces: layer, geo } = this.#board;
    const next = new Map();
    const spare = [];
    for (const [sq, img] of this.#imgs) {
      const p = this.#pieces.get(sq);
      if (p && img.getAttribute("href") === pieceImage(p)) next.set(sq, img);
      else spare.push(img);
    }
    for (const [sq, p] of this.#pieces) {
      if (next.has(sq)) continue;
      const img = spare.pop() ?? s("image", { width: SQ, height: SQ, class: "piece", part: "piece" }, layer);
      const [i, j] = parseSquare(sq);
      img.setAttribute("href", pieceImage(p));
      img.setAttribute("x", geo.x(i, j));
      img.setAttribute("y", geo.y(i, j));
      next.set(sq, img);
    }
    spare.forEach((img) => img.remove());
    for (const img of next.values()) img.classList.remove("lifted");
    this.#imgs = next;
  }

  #renderHint() {
    const t = this.#t;
    const tool = this.#tool;
    const { hint, hintMore } = this.#ui;
    hint.removeAttribute("data-nudge");
    hint.textContent = tool === "x" ? t.hintEraser : tool ? t.hintPiece(this.#name(tool)) : t.hintNone;
    hintMore.textContent = t.hintMore;
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
    const tools = TOOLS;
    const at = tools.indexOf(e.target.closest(".tool")?.dataset.piece);
    if (at < 0) return;
    const n = tools.length;
    const go = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (go) this.#choose(tools[(at + go + n) % n], true);
    else if (e.key === "Home") this.#choose(tools[0], true);
    else if (e.key === "End") this.#choose(tools[n - 1], true);
    else return;
    e.preventDefault();
  }

  // ---------------------------------------------------------------- the board: pointer and keys

  #listen(svg) {
    const cellOf = (e) => e.target.closest?.("[data-square]")?.dataset.square;
    svg.onpointerdown = (e) => {
      if (e.button) return;
      const sq = this.#at(e).square;
      if (sq) this.#startDrag(e, { piece: this.#pieces.get(sq), from: sq, source: svg });
    };
    svg.onpointermove = (e) => {
      if (this.#drag) this.#dragMove(e);
      else if (e.pointerType === "mouse") this.#setHover(this.#tool ? this.#at(e).square : null);
    };
    svg.onpointerup = (e) => this.#dragEnd(e);
    svg.onpointercancel = () => this.#cancelDrag();
    svg.onpointerleave = () => !this.#drag && this.#setHover(null);
    svg.oncontextmenu = (e) => {
      const sq = cellOf(e);
      if (!sq) return;
      e.preventDefault();
      // a long press on a touch screen starts a drag, it does not take the piece off
      if (!this.#drag?.touch) this.#remove(sq);
    };
    // detail 0: assistive technology (pointers act on pointerup)
    svg.onclick = (e) => e.detail === 0 && cellOf(e) && this.#apply(cellOf(e));
    svg.onkeydown = (e) => this.#key(e);
    svg.addEventListener("focusin", (e) => {
      const sq = e.target.dataset?.square;
      if (!sq) return;
      this.#setFocus(sq, false);
      this.#board.cursor.toggleAttribute("data-on", e.target.matches(":focus-visible"));
    });
    svg.addEventListener("focusout", () => this.#board.cursor.removeAttribute("data-on"));
  }

  #at(e) {
    const { svg, geo } = this.#board;
    const point = new DOMPoint(e.clientX, e.clientY).matrixTransform(svg.getScreenCTM().inverse());
    const col = Math.floor((point.x - geo.left) / SQ);
    const row = Math.floor((point.y - geo.top) / SQ);
    const inside = col >= 0 && col < 8 && row >= 0 && row < 8;
    return { point, square: inside ? squareName(...geo.fromVisual(row, col)) : null };
  }

  #setHover(sq) {
    if (sq === this.#hover) return;
    this.#board.cells.get(this.#hover)?.removeAttribute("data-hover");
    this.#board.cells.get(sq)?.setAttribute("data-hover", "");
    this.#hover = sq;
  }

  // a press on the palette or a square: a tap, or the start of a drag
  #startDrag(e, drag) {
    this.#drag = { ...drag, id: e.pointerId, x: e.clientX, y: e.clientY, touch: e.pointerType !== "mouse", moving: false };
    try {
      drag.source.setPointerCapture(e.pointerId);
    } catch {}
  }

  #dragMove(e) {
    const d = this.#drag;
    if (!d || e.pointerId !== d.id) return;
    if (!d.moving) {
      if (!d.piece || Math.hypot(e.clientX - d.x, e.clientY - d.y) < (d.touch ? 8 : 4)) return;
      d.moving = true;
      const box = this.#board.svg.getBoundingClientRect();
      d.size = (box.width * SQ) / this.#board.geo.size;
      d.ghost = h("img", { src: pieceImage(d.piece), alt: "", class: "ghost", draggable: "false" }, this.#ui.wrap);
      d.ghost.style.setProperty("width", `${d.size}px`);
      d.ghost.style.setProperty("height", `${d.size}px`);
      if (d.from) this.#imgs.get(d.from)?.classList.add("lifted");
    }
    // bigger, and above the finger on a touch screen
    const wrap = this.#ui.wrap.getBoundingClientRect();
    const x = e.clientX - wrap.left - d.size / 2;
    const y = e.clientY - wrap.top - d.size / 2 - (d.touch ? 40 : 0);
    d.ghost.style.setProperty("transform", `translate(${x}px, ${y}px) scale(1.15)`);
    const over = this.#at(d.touch ? { clientX: e.clientX, clientY: e.clientY - 40 } : e).square;
    this.#setHover(over);
  }

  #dragEnd(e) {
    const d = this.#drag;
    if (!d || e.pointerId !== d.id) return;
    this.#drag = null;
    d.ghost?.remove();
    this.#setHover(null);
    if (!d.moving) {
      // a tap on a square (the palette's taps are clicks)
      if (d.from) this.#apply(d.from);
      return;
    }
    const to = this.#at(d.touch ? { clientX: e.clientX, clientY: e.clientY - 40 } : e).square;
    if (!d.from) {
      this.#choose(d.piece, false);
      if (to) this.#put(to, d.piece);
    } else if (!to) this.#remove(d.from);
    else if (to !== d.from) this.#move(d.from, to);
    else this.#imgs.get(d.from)?.classList.remove("lifted");
  }

  #cancelDrag() {
    const d = this.#drag;
    this.#drag = null;
    d?.ghost?.remove();
    if (d?.from) this.#imgs.get(d.from)?.classList.remove("lifted");
    if (this.#board) this.#setHover(null);
  }

  #key(e) {
    const sq = e.target.dataset?.square;
    if (!sq) return;
    const k = e.key;
    if (k === "Enter" || k === " ") this.#apply(sq);
    else if (k === "Delete" || k === "Backspace") this.#remove(sq);
    else if (/^[kqrbnp]$/i.test(k) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      // a letter puts that piece: N a white knight, n a black one
      this.#choose(k, false);
      this.#put(sq, k);
    } else {
      const to = arrowTo(this.#board.geo, sq, e);
      if (!to) return;
      this.#setFocus(to, true);
    }
    e.preventDefault();
  }

  #setFocus(sq, focus) {
    this.#focus = rove(this.#board, this.#focus, sq, focus);
  }

  // ---------------------------------------------------------------- copy

  async #copy(field, button) {
    const t = this.#t;
    let ok = false;
    try {
      await navigator.clipboard.writeText(field.value);
      ok = true;
    } catch {
      field.select();
      try {
        ok = document.execCommand("copy");
      } catch {}
    }
    if (!ok) field.select();
    const said = ok ? t.copied : t.copyFailed;
    button.lastChild.textContent = ok ? t.copied : t.copy;
    button.toggleAttribute("data-done", ok);
    this.#announce(said);
    if (!ok) {
      const error = field === this.#ui.fenField ? this.#ui.fenError : this.#ui.textError;
      error.textContent = said;
      error.hidden = false;
    }
    clearTimeout(this.#copyTimers.get(button));
    this.#copyTimers.set(
      button,
      setTimeout(() => {
        this.#copyTimers.delete(button);
        button.removeAttribute("data-done");
        button.lastChild.textContent = this.#t.copy;
      }, 1800),
    );
  }
}

if (globalThis.customElements && !customElements.get("chess-setup")) customElements.define("chess-setup", ChessSetup);
