// <chess-tutor>: shows a child where a piece may go, and why. README.md, "Embedding".
// Its files are found next to it. No markup strings: text goes in textContent.
import init, { Game, formulas, version } from "./pkg/chess_tutor.js";

const BASE = new URL("./", import.meta.url);
const PIECES = new URL("images/pieces.svg", BASE).href;
const SVG = "http://www.w3.org/2000/svg";
const SQ = 100;
const FILES = "abcdefgh";
const PROMOTION = { queen: "q", rook: "r", bishop: "b", knight: "n" };
const media = (q) => globalThis.matchMedia?.(q) ?? { matches: false };
const reducedMotion = media("(prefers-reduced-motion: reduce)");
const coarse = media("(pointer: coarse)");


export const squareName = (i, j) => FILES[j] + (i + 1);
export const parseSquare = (sq) => [sq[1] - 1, FILES.indexOf(sq[0])];
export const pickLang = (lang) => ((lang || globalThis.navigator?.language || "").toLowerCase().startsWith("ru") ? "ru" : "en");
export const signed = (x) => (x > 0 ? `+${x}` : x < 0 ? `−${-x}` : "0");
const isN = /(?<![\wΔ])n(?!\w)/;

// a formula line with a move's numbers: "i1 = 1 + 2·(+1) = 3, j1 = 4"
export function substitute(text, { i, j, n, di, dj, i1, j1 }) {
  const delta = (d) => (d ? `(${signed(d)})` : "0");
  return text
    .split(", ")
    .map((part) => {
      const [lhs, rhs] = part.split(" = ");
      if (rhs == null) return part;
      const expr = rhs
        .replace(/ΔI/g, delta(di))
        .replace(/ΔJ/g, delta(dj))
        .replace(new RegExp(isN, "g"), n)
        .replace(/(?<![\wΔ])i(?!\w)/g, i)
        .replace(/(?<![\wΔ])j(?!\w)/g, j);
      const value = { i1, j1 }[lhs];
      return value == null || expr === String(value) ? `${lhs} = ${expr}` : `${lhs} = ${expr} = ${value}`;
    })
    .join(", ");
}

// visual(i, j): the row and column on the screen (0 = top, left)
export function geometry(orientation, coordinates) {
  const frame = 14;
  const label = coordinates === "none" ? frame : 48;
  const black = orientation === "black";
  const g = {
    left: label,
    top: frame,
    size: label + 8 * SQ + frame,
    visual: (i, j) => (black ? [i, 7 - j] : [7 - i, j]),
    fromVisual: (row, col) => (black ? [row, 7 - col] : [7 - row, col]),
  };
  g.x = (i, j) => g.left + g.visual(i, j)[1] * SQ;
  g.y = (i, j) => g.top + g.visual(i, j)[0] * SQ;
  return g;
}


export function make(ns, name, attrs, parent, text) {
  const node = ns ? document.createElementNS(ns, name) : document.createElement(name);
  for (const k in attrs) node.setAttribute(k, attrs[k]);
  if (text != null) node.textContent = text;
  parent?.append(node);
  return node;
}
const h = (name, attrs = {}, parent = null, text = null) => make(null, name, attrs, parent, text);
// a button: an icon and a label (its text set later)
export function iconButton(parent, attrs, icon, onclick) {
  const b = h("button", { type: "button", part: "button", ...attrs }, parent);
  h("span", { class: "icon", "aria-hidden": "true" }, b, icon);
  h("span", { class: "label" }, b);
  b.onclick = onclick;
  return b;
}
// where an arrow, Home or End key leads from sq as seen on the screen; null for another key
export function arrowTo(geo, sq, e) {
  const k = e.key;
  const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], Home: [0, -8], End: [0, 8] }[k];
  if (!step) return null;
  let [row, col] = geo.visual(...parseSquare(sq));
  if (e.ctrlKey && (k === "Home" || k === "End")) row = k === "Home" ? 0 : 7;
  return squareName(...geo.fromVisual(Math.min(7, Math.max(0, row + step[0])), Math.min(7, Math.max(0, col + step[1]))));
}
// the board's one tab stop (and the cursor) moves to sq
export function rove(board, from, sq, focus) {
  const { cells, cursor, geo } = board;
  if (!cells.has(sq)) sq = "e2";
  cells.get(from)?.setAttribute("tabindex", -1);
  const cell = cells.get(sq);
  cell.setAttribute("tabindex", 0);
  const [i, j] = parseSquare(sq);
  cursor.setAttribute("x", geo.x(i, j) + 5);
  cursor.setAttribute("y", geo.y(i, j) + 5);
  if (focus) cell.focus();
  return sq;
}
const s = (name, attrs = {}, parent = null, text = null) => make(SVG, name, attrs, parent, text);
// "i1 = …, j1 = …" breaks only after the comma
function formulaText(parent, text, cls) {
  const code = h("code", cls ? { class: cls } : {}, parent);
  text.split(", ").forEach((half, k) => {
    if (k) code.append(", ");
    h("span", {}, code, half);
  });
}

// a marker shape per kind of target, not only a colour
const STAR = `M${[...Array(10)].map((_, k) => {
  const r = k % 2 ? 11 : 26;
  const a = (Math.PI / 5) * k - Math.PI / 2;
  return `${(50 + r * Math.cos(a)).toFixed(1)} ${(52 + r * Math.sin(a)).toFixed(1)}`;
}).join("L")}Z`;
const BRACKETS = "M7 29V7H29M71 7H93V29M93 71V93H71M29 93H7V71";
const SHAPES = {
  move: [["circle", { cx: 50, cy: 50, r: 16, class: "fill" }]],
  capture: [["path", { d: BRACKETS, class: "line" }]],
  castle: [
    ["path", { d: "M32 66V34H39V26H46V34H54V26H61V34H68V66ZM45 66V54A5 5 0 0 1 55 54V66Z", class: "fill", "fill-rule": "evenodd" }],
    ["path", { d: "M22 81H78M22 81l9-7M22 81l9 7M78 81l-9-7M78 81l-9 7", class: "thin" }],
  ],
  "en-passant": [["path", { d: "M50 29L71 50L50 71L29 50Z", class: "fill" }]],
  promotion: [["path", { d: STAR, class: "fill" }]],
  ghost: [["circle", { cx: 50, cy: 50, r: 38, class: "dash" }]],
};

function marker(kind, capture, x, y, forSquare) {
  const g = s("g", { transform: `translate(${x} ${y})`, class: `marker m-${kind}`, part: "marker", "data-for": forSquare });
  const shape = s("g", { class: "shape" }, g);
  for (const [name, attrs] of SHAPES[kind] ?? SHAPES.move) s(name, attrs, shape);
  if (capture && kind === "promotion") {
    // capture and promotion: brackets, and a small star
    shape.firstChild.setAttribute("transform", "translate(56 -12) scale(.55)");
    s("path", { d: BRACKETS, class: "line" }, shape);
  }
  return g;
}

// <svg role="grid">: 8 rows of 8 gridcells as seen, then the layers
function buildBoard(geo, coordinates, label) {
  const size = geo.size;
  const svg = s("svg", { viewBox: `0 0 ${size} ${size}`, part: "board", class: "board", role: "grid", "aria-label": label, tabindex: -1 }); // the squares take the tab
  const grad = s("radialGradient", { id: "ct-glow" }, s("defs", {}, svg));
  for (const [offset, cls] of [[0, "in"], [0.6, "mid"], [1, "out"]]) s("stop", { offset, class: `glow-${cls}` }, grad);
  s("rect", { class: "frame", width: size, height: size, rx: 22, "aria-hidden": "true" }, svg);
  const cells = new Map();
  for (let row = 0; row < 8; row++) {
    const rowEl = s("g", { role: "row" }, svg);
    for (let col = 0; col < 8; col++) {
      const [i, j] = geo.fromVisual(row, col);
      const sq = squareName(i, j);
      const shade = (i + j) % 2 ? "light" : "dark";
      const cell = s("g", { role: "gridcell", class: `cell ${shade}`, part: `square ${shade}`, tabindex: -1, "data-square": sq, "data-i": i, "data-j": j }, rowEl);
      const r = { x: geo.left + col * SQ, y: geo.top + row * SQ, width: SQ, height: SQ };
      s("rect", { ...r, class: "bg" }, cell);
      s("rect", { ...r, class: "hl" }, cell);
      cells.set(sq, cell);
    }
  }
  if (coordinates !== "none") {
    const g = s("g", { class: "coords", part: "coordinates", "aria-hidden": "true" }, svg);
    const ij = coordinates === "ij";
    const bottom = geo.top + 8 * SQ;
    for (let k = 0; k < 8; k++) {
      const j = geo.fromVisual(0, k)[1];
      const i = geo.fromVisual(k, 0)[0];
      s("text", { x: geo.left + k * SQ + SQ / 2, y: bottom + 34, class: "coord" }, g, ij ? j : FILES[j]);
      s("text", { x: geo.left / 2 + 2, y: geo.top + k * SQ + SQ / 2 + 10, class: "coord" }, g, ij ? i : i + 1);
    }
    if (ij) {
      s("path", { d: `M6 ${bottom + 4}L${geo.left - 4} ${bottom + geo.left - 6}`, class: "corner" }, g);
      s("text", { x: 14, y: bottom + 40, class: "coord axis" }, g, "i");
      s("text", { x: geo.left - 12, y: bottom + 20, class: "coord axis" }, g, "j");
    }
  }
  const check = s("rect", { class: "check", width: SQ, height: SQ, fill: "url(#ct-glow)", "aria-hidden": "true" }, svg);
  const pieces = s("g", { class: "pieces", "aria-hidden": "true" }, svg);
  const markers = s("g", { class: "markers", "aria-hidden": "true" }, svg);
  const cursor = s("rect", { class: "cursor", width: SQ - 10, height: SQ - 10, rx: 12, "aria-hidden": "true" }, svg);
  return { svg, cells, check, pieces, markers, cursor, geo };
}


let rules;
const sheets = {};
const words = {};
const loadRules = () =>
  (rules ??= init({ module_or_path: new URL("pkg/chess_tutor_bg.wasm", BASE) }).then(() => ({
    version: version(),
    formulas: new Map(formulas().map((f) => [f.kind, f])),
  })));
// a stylesheet of this folder, fetched once
export const stylesheet = (name) =>
  (sheets[name] ??= fetch(new URL(name, BASE)).then(async (r) => {
    if (!r.ok) throw new Error(`${name}: HTTP ${r.status}`);
    const css = new CSSStyleSheet();
    css.replaceSync(await r.text());
    return css;
  }));
// …put last in a shadow root (or linked)
export const adopt = (root, name) =>
  stylesheet(name).then(
    (css) => (root.adoptedStyleSheets = [...root.adoptedStyleSheets.filter((x) => x !== css), css]),
    () => h("link", { rel: "stylesheet", href: new URL(name, BASE).href }, root),
  );
const loadWords = (lang) => (words[lang] ??= import(`./i18n-${lang}.js`).then((m) => m.default));
const pieceImage = (p) => `${PIECES}#${p.color[0]}${p.char.toUpperCase()}`;


export class ChessTutor extends (globalThis.HTMLElement ?? class {}) {
  static observedAttributes = ["fen", "lang", "orientation", "coordinates", "lesson", "auto-queen", "move-list", "controls", "mode"];

  #root;
  #ui;
  #rules = null;
  #t = null;
  #started = false;
  #ready;
  #settle;
  #game = null;
  #board = null;
  #pieceEls = new Map();
  #position = new Map();
  #selected = null; // { square, i, j, piece, targets: Map(square -> Target) }
  #hover = null;
  #focus = "e2"; // the gridcell with tabindex 0 (roving tabindex)
  #drag = null;
  #promotion = null;
  #lastMove = null; // the formula of the move just played, for touch users
  #outcome = null;
  #message = "";
  #measures = 0;
  #says = 0;
  #mode = null;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: "open" });
    this.#ready = new Promise((resolve, reject) => (this.#settle = { resolve, reject }));
    this.#ready.catch(() => {});
    this.#buildShell();
    adopt(this.#root, "chess-tutor.css").then(() => (this.#ui.wrap.hidden = false));
  }

  connectedCallback() {
    if (this.#started) return;
    this.#started = true;
    const lang = this.language;
    Promise.all([loadRules(), loadWords(lang)]).then(
      ([r, w]) => {
        this.#rules = r;
        this.#t = w;
        if (this.language !== lang) this.#switchLanguage();
        this.#newGame(false);
        this.#rebuild();
        this.dataset.ready = "true";
        this.#settle.resolve(this);
        this.#emit("ready", { version: r.version });
        if (this.lesson || this.mode) this.#startLesson();
      },
      (error) => {
        this.#ui.message.hidden = false;
        this.#ui.message.textContent = `chess-tutor: ${error.message}`;
        this.dataset.ready = "error";
        this.#settle.reject(error);
      },
    );
  }

  attributeChangedCallback(name, old, value) {
    if (old === value) return;
    if (name === "controls") this.#ui.controls.hidden = value == null;
    if (!this.#rules) return;
    if (name === "fen") {
      this.#newGame(true);
      this.#renderAll();
    } else if (name === "orientation" || name === "coordinates") this.#rebuild();
    else if (name === "lang") this.#switchLanguage();
    else if (name === "move-list") this.#renderMoves();
    else if (name === "lesson" || name === "mode") this.#startLesson();
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
    return this.#game?.history() ?? [];
  }
  pgn(white, black) {
    return this.#game?.pgn(white, black) ?? "";
  }
  play(from, to, promotion) {
    const piece = this.#game$().pieces().find((p) => p.square === from);
    const target = piece && this.#game.targets(piece.i, piece.j).find((t) => t.square === to);
    return this.#play(from, to, promotion ?? (this.autoQueen ? "q" : null), target?.explanation);
  }
  undo() {
    const move = this.#game$().undo();
    if (move) {
      this.#changed();
      this.#announce(this.#t.undone(move.long));
      this.#emit("undo", this.#detail({ move }));
    }
    return move;
  }
  redo() {
    const move = this.#game$().redo();
    if (move) {
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


  // lesson.js (a lesson) or play.js (a game mode), loaded only then, gets the moves and clicks first
  #startLesson() {
    const url = this.lesson;
    const mode = this.mode;
    if (url || !mode) this.#emit("lesson", { url: url && new URL(url, document.baseURI).href });
    this.#mode?.stop();
    this.#mode = null;
    if (!url && !mode) return this.reset();
    import(url ? "./lesson.js" : "./play.js").then((m) => {
      if (this.lesson === url && this.mode === mode && !this.#mode)
        this.#mode = m.start(this, this.#root, this.#ui, () => this.#board, (fen, move) => {
          this.#newGame(false, fen);
          this.#renderAll(move);
        });
    });
  }

  #game$() {
    if (!this.#game) throw new Error("chess-tutor is not ready yet: await element.ready first");
    return this.#game;
  }

  #end(fn) {
    this.#game$();
    fn();
    this.#changed();
    this.#checkGameOver();
  }

  #changed(move) {
    this.#lastMove = null;
    this.#clearSelection();
    this.#renderAll(move);
    if (move) this.#announce(this.#moveText(move));
  }

  #detail(extra) {
    return { ...extra, fen: this.#game.fen(), status: this.#game.status() };
  }

  #switchLanguage() {
    const lang = this.language;
    loadWords(lang).then((w) => {
      if (this.language === lang && w !== this.#t) {
        this.#t = w;
        this.#rebuild();
      }
    });
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  #name(kind) {
    const f = this.#rules.formulas.get(kind);
    return (this.language === "ru" ? f?.name_ru : f?.name_en) ?? kind;
  }

  #newGame(fromAttribute, fen = this.getAttribute("fen")) {
    this.#lastMove = this.#selected = this.#hover = null;
    this.#message = "";
    this.#closePromotion();
    try {
      const game = new Game(fen || null);
      this.#game?.free();
      this.#game = game;
    } catch (error) {
      this.#message = this.#t.badPosition(error.message);
      if (fromAttribute) this.#emit("position-error", { fen, message: error.message });
      this.#game ??= new Game();
    }
    this.#outcome = this.#game.status().outcome;
  }

  #buildShell() {
    const wrap = h("div", { class: "wrap", part: "container", hidden: "" }, this.#root);
    const boardWrap = h("div", { class: "board-wrap" }, wrap);
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
    this.#ui = { wrap, boardWrap, loading, status, controls, buttons, message, formula, moves, movesTitle, movesList, live, promo, promoTitle, promoChoices, promoCancel };
  }

  #rebuild() {
    const t = this.#t;
    const ui = this.#ui;
    const focused = this.#root.activeElement?.dataset?.square;
    this.#board?.svg.remove();
    ui.loading.remove();
    this.#board = buildBoard(geometry(this.orientation, this.coordinates), this.coordinates, t.board);
    this.#pieceEls.clear();
    ui.boardWrap.prepend(this.#board.svg);
    this.#listen(this.#board.svg);
    for (const action in ui.buttons) ui.buttons[action].lastChild.textContent = t[action];
    ui.movesTitle.textContent = t.moves;
    ui.promoTitle.textContent = t.choose;
    ui.promoCancel.textContent = t.cancel;
    this.#renderAll();
    if (focused) this.#board.cells.get(focused)?.focus();
  }


  #renderAll(move) {
    if (!this.#board) return;
    const game = this.#game;
    const status = game.status();
    const history = game.history();
    const last = history.at(-1) ?? this.#mode?.last;
    const { cells, check, geo } = this.#board;
    this.#position = new Map(game.pieces().map((p) => [p.square, p]));
    this.#renderPieces(move);
    check.removeAttribute("data-on");
    for (const [sq, cell] of cells) {
      cell.toggleAttribute("data-last", sq === last?.from || sq === last?.to);
      const p = this.#position.get(sq);
      const inCheck = status.check && p?.color === status.turn && this.#rules.formulas.get(p.kind)?.royal;
      cell.toggleAttribute("data-check", Boolean(inCheck));
      if (inCheck) {
        check.setAttribute("x", geo.x(p.i, p.j));
        check.setAttribute("y", geo.y(p.i, p.j));
        check.setAttribute("data-on", "");
      }
    }
    this.#renderSelection();
    this.#setFocus(this.#focus, false);
    const t = this.#t;
    const { outcome } = status;
    const ui = this.#ui;
    ui.status.textContent = outcome ? this.#over(outcome) : `${t.turn(status.turn)}${status.check ? `. ${t.check}` : ""}`;
    ui.status.toggleAttribute("data-over", Boolean(outcome));
    ui.status.toggleAttribute("data-check", status.check && !outcome);
    ui.buttons.undo.disabled = !status.can_undo;
    ui.buttons.redo.disabled = !status.can_redo;
    this.#renderMoves(history);
    this.#mode?.draw();
  }

  #over(outcome) {
    return this.#t.over[outcome.reason]?.(outcome.winner) ?? outcome.result;
  }

  // reuses the <image> elements, so nothing flickers
  #renderPieces(move) {
    const { pieces: layer, geo } = this.#board;
    const next = new Map();
    const spare = [];
    for (const [sq, img] of this.#pieceEls) {
      const p = this.#position.get(sq);
      if (p && img.getAttribute("href") === pieceImage(p) && sq !== move?.to) next.set(sq, img);
      else spare.push(img);
    }
    for (const [sq, p] of this.#position) {
      if (next.has(sq)) continue;
      const href = pieceImage(p);
      const k = spare.findIndex((img) => img.getAttribute("href") === href);
      const img = k >= 0 ? spare.splice(k, 1)[0] : s("image", { href, width: SQ, height: SQ, class: "piece", part: "piece" }, layer);
      img.setAttribute("x", geo.x(p.i, p.j));
      img.setAttribute("y", geo.y(p.i, p.j));
      for (const a of img.getAnimations?.() ?? []) a.cancel();
      this.#putBack(img);
      next.set(sq, img);
    }
    spare.forEach((img) => img.remove());
    this.#pieceEls = next;
    if (!move || move.dropped || reducedMotion.matches) return;
    const slide = (from, to) => {
      const [fi, fj] = parseSquare(from);
      const [ti, tj] = parseSquare(to);
      next.get(to)?.animate?.(
        [{ transform: `translate(${geo.x(fi, fj) - geo.x(ti, tj)}px, ${geo.y(fi, fj) - geo.y(ti, tj)}px)` }, { transform: "none" }],
        { duration: 220, easing: "cubic-bezier(.3,.7,.4,1)" },
      );
    };
    slide(move.from, move.to);
    if (move.rook) slide(...move.rook);
  }

  #renderSelection() {
    const { cells, markers, geo } = this.#board;
    const sel = this.#selected;
    const t = this.#t;
    markers.replaceChildren();
    for (const [sq, cell] of cells) {
      const target = sel?.targets.get(sq);
      const p = this.#position.get(sq);
      if (target) cell.setAttribute("data-target", target.kind);
      else cell.removeAttribute("data-target");
      cell.toggleAttribute("data-selected", sel?.square === sq);
      if (sel?.square === sq) cell.setAttribute("aria-selected", "true");
      else cell.removeAttribute("aria-selected");
      cell.toggleAttribute("data-hover", Boolean(target) && this.#hover === sq);
      const label = t.cell(sq, p && this.#name(p.kind).toLowerCase(), p && t.color[p.color]);
      cell.setAttribute("aria-label", target ? `${label}, ${t.targetSuffix[target.kind] ?? target.kind}` : label);
    }
    for (const target of sel?.targets.values() ?? []) {
      const m = marker(target.kind, target.capture, geo.x(target.i, target.j), geo.y(target.i, target.j), target.square);
      m.toggleAttribute("data-hover", this.#hover === target.square);
      markers.append(m);
      if (target.kind === "en-passant") markers.append(marker("ghost", false, geo.x(sel.i, target.j), geo.y(sel.i, target.j), ""));
    }
    this.#renderFormula();
  }

  // the piece's lines from formulas(); the numbers of the hovered target
  #renderFormula() {
    const box = this.#ui.formula;
    const t = this.#t;
    const sel = this.#selected;
    box.replaceChildren();
    this.#ui.message.textContent = this.#message;
    this.#ui.message.hidden = !this.#message;
    if (!sel) {
      if (this.#lastMove) this.#explain(box, this.#lastMove, true);
      else h("p", { class: "hint" }, box, coarse.matches ? t.pickHintTouch : t.pickHint);
      return;
    }
    const name = this.#name(sel.piece.kind);
    const head = h("p", { class: "f-head" }, box);
    h("img", { src: pieceImage(sel.piece), alt: "", class: "f-icon" }, head);
    h("strong", {}, head, `${name}:`);
    h("span", { class: "f-pos" }, head, ` ${sel.square} · ${t.position(sel.i, sel.j)}`);
    const hovered = sel.targets.get(this.#hover);
    const list = h("ul", { class: "f-lines" }, box);
    const sign = sel.piece.color === "black" ? -1 : 1;
    const values = (xs) => {
      const vs = [...new Set(xs)];
      return vs.length === 1 ? ` = ${signed(vs[0])}` : ` ∈ {${vs.map(signed).join(", ")}}`;
    };
    this.#rules.formulas.get(sel.piece.kind)?.lines.forEach((line, index) => {
      const li = h("li", {}, list);
      formulaText(li, line.text);
      // "forward" lines (the pawn's) point the other way for Black
      const notes = [];
      if (line.text.includes("ΔI")) notes.push(`ΔI${values(line.di.map((d) => (line.forward ? d * sign : d)))}`);
      if (line.text.includes("ΔJ")) notes.push(`ΔJ${values(line.dj)}`);
      if (isN.test(line.text)) notes.push(t.nRange(line.n_max, line.n_max_from_start));
      if (t.mode[line.mode]) notes.push(t.mode[line.mode]);
      if (line.jumps) notes.push(t.jumps);
      h("span", { class: "f-note" }, li, notes.join(" · "));
      if (hovered?.explanation.line === index) li.setAttribute("data-active", "");
    });
    if (hovered) this.#explain(box, { from: sel, target: hovered });
    else if (!sel.targets.size) h("p", { class: "hint" }, box, t.noMoves(name, sel.square));
    else if (!coarse.matches) h("p", { class: "hint" }, box, t.targetHint);
  }

  #explain(box, { from, target }, played) {
    const t = this.#t;
    const e = target.explanation;
    const p = h("p", { class: "f-explain" }, box);
    h("strong", {}, p, `${(played ? t.played : t.target)(target.square)}: `);
    p.append(`n = ${e.n}, ΔI = ${signed(e.di)}, ΔJ = ${signed(e.dj)} → i1 = ${target.i}, j1 = ${target.j}`);
    formulaText(box, substitute(e.text, { i: from.i, j: from.j, n: e.n, di: e.di, dj: e.dj, i1: target.i, j1: target.j }), "f-calc");
    const extra = { castle: t.castling, "en-passant": t.enPassant(target.captured), promotion: t.promotes }[target.kind];
    if (extra) h("p", { class: "f-note" }, box, extra);
  }

  #renderMoves(history = this.#game?.history() ?? []) {
    const mode = this.moveList;
    const { moves, movesList } = this.#ui;
    moves.hidden = mode === "none" || !history.length;
    if (moves.hidden) return;
    movesList.replaceChildren();
    const first = history[0].color === "black" ? 1 : 0;
    let li;
    history.forEach((move, k) => {
      const ply = k + first;
      if (!li || ply % 2 === 0) {
        li = h("li", {}, movesList);
        h("span", { class: "n" }, li, ply % 2 ? `${(ply + 1) / 2}…` : `${ply / 2 + 1}.`);
      }
      li.append(" ");
      h("span", {}, li, move[mode]);
    });
    li.lastChild.setAttribute("data-last", "");
    movesList.scrollTop = movesList.scrollHeight; // not scrollIntoView: the page stays
  }


  #listen(svg) {
    const cellOf = (e) => e.target.closest?.("[data-square]");
    svg.onpointerdown = (e) => this.#pointerDown(e, cellOf(e));
    svg.onpointermove = (e) => this.#pointerMove(e);
    svg.onpointerup = (e) => this.#pointerUp(e);
    svg.onpointercancel = svg.onlostpointercapture = () => this.#endDrag(null);
    // detail 0: assistive technology (pointers act on pointerdown)
    svg.onclick = (e) => e.detail === 0 && cellOf(e) && this.#activate(cellOf(e).dataset.square, performance.now(), true);
    svg.onpointerover = (e) => e.pointerType === "mouse" && !this.#drag?.moving && this.#setHover(cellOf(e)?.dataset.square);
    svg.onpointerleave = () => !this.#drag && this.#setHover(this.#root.activeElement?.dataset?.square);
    svg.onkeydown = (e) => this.#key(e);
    svg.addEventListener("focusin", (e) => {
      const sq = e.target.dataset?.square;
      if (!sq) return;
      this.#setFocus(sq, false);
      const visible = e.target.matches(":focus-visible");
      this.#board.cursor.toggleAttribute("data-on", visible);
      if (visible) this.#setHover(sq);
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

  #pointerDown(e, cell) {
    if (e.button || !cell || this.#promotion) return;
    const sq = cell.dataset.square;
    const again = this.#selected?.square === sq;
    this.#activate(sq, e.timeStamp, false);
    if (this.#selected?.square !== sq) return;
    // a piece to move: drag it, or press it again to let go
    this.#drag = { square: sq, start: this.#at(e).point, x: e.clientX, y: e.clientY, again, id: e.pointerId, touch: e.pointerType !== "mouse" };
    try {
      this.#board.svg.setPointerCapture(e.pointerId);
    } catch {}
  }

  #pointerMove(e) {
    const d = this.#drag;
    const img = this.#pieceEls.get(d?.square);
    if (!img || e.pointerId !== d.id) return;
    if (!d.moving) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < (d.touch ? 8 : 4)) return;
      d.moving = true;
      img.classList.add("dragging");
      this.#board.svg.append(img);
    }
    // bigger, and above the finger on a touch screen
    const at = this.#at(e);
    const cx = +img.getAttribute("x") + SQ / 2;
    const cy = +img.getAttribute("y") + SQ / 2;
    const dy = at.point.y - d.start.y - (d.touch ? 40 : 0);
    img.setAttribute("transform", `translate(${at.point.x - d.start.x + cx} ${dy + cy}) scale(1.18) translate(${-cx} ${-cy})`);
    this.#setHover(at.square);
  }

  #pointerUp(e) {
    const d = this.#drag;
    if (!d || e.pointerId !== d.id) return;
    if (d.moving) this.#endDrag(this.#at(e).square);
    else {
      this.#drag = null;
      if (d.again) this.#deselect();
    }
  }

  #endDrag(square) {
    const d = this.#drag;
    this.#drag = null;
    if (!d?.moving) return;
    const target = this.#selected?.targets.get(square);
    if (target) this.#choose(target, true);
    else {
      this.#putBack(this.#pieceEls.get(d.square));
      this.#setHover(null);
    }
  }

  #putBack(img) {
    if (!img) return;
    img.classList.remove("dragging");
    img.removeAttribute("transform");
    if (img.parentNode !== this.#board.pieces) this.#board.pieces.append(img);
  }

  #key(e) {
    const sq = e.target.dataset?.square;
    if (!sq) return;
    const k = e.key;
    if (k === "Enter" || k === " ") this.#activate(sq, e.timeStamp, true);
    else if (k === "Escape" && this.#selected) this.#deselect();
    else {
      const to = arrowTo(this.#board.geo, sq, e);
      if (!to) return;
      this.#setFocus(to, true);
    }
    e.preventDefault();
  }

  #setFocus(sq, focus) {
    this.#focus = rove(this.#board, this.#focus, sq, focus);
  }

  #setHover(sq) {
    const next = this.#selected?.targets.has(sq) ? sq : null;
    if (next === this.#hover) return;
    this.#hover = next;
    for (const [square, cell] of this.#board.cells) cell.toggleAttribute("data-hover", square === next);
    for (const m of this.#board.markers.children) m.toggleAttribute("data-hover", m.dataset.for === next);
    this.#renderFormula();
  }

  // a click, tap, Enter or Space; t0: for the latency measure
  #activate(sq, t0, toggle) {
    if (!this.#game || this.#promotion) return;
    const sel = this.#selected;
    const target = sel?.targets.get(sq);
    if (this.#mode?.click(sq, target, sel)) return;
    if (target) return this.#choose(target, false);
    const piece = this.#position.get(sq);
    const status = this.#game.status();
    const t = this.#t;
    if (piece && sq === sel?.square) return toggle && this.#deselect();
    if (piece?.color === status.turn) {
      const targets = status.outcome ? [] : this.#game.targets(piece.i, piece.j);
      this.#selected = { square: sq, i: piece.i, j: piece.j, piece, targets: new Map(targets.map((x) => [x.square, x])) };
      this.#hover = this.#lastMove = null;
      this.#message = status.outcome ? t.gameIsOver : "";
      this.#renderSelection();
      this.#measure(t0);
      const name = this.#name(piece.kind);
      this.#announce(targets.length || status.outcome ? t.selected(name, sq, targets.length) : t.noMoves(name, sq));
      this.#emit("select", { square: sq, i: piece.i, j: piece.j, piece, targets });
      return;
    }
    // say gently why nothing happens
    this.#message = status.outcome ? t.gameIsOver : sel ? t.notThere(sq) : piece ? t.enemyPiece(piece.color, status.turn) : t.emptySquare;
    if (sel) {
      this.#selected = this.#hover = null;
      this.#emit("select", { square: null, i: null, j: null, piece: null, targets: [] });
    }
    this.#renderSelection();
    this.#measure(t0);
    this.#announce(this.#message);
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
    this.#emit("select", { square: null, i: null, j: null, piece: null, targets: [] });
  }

  #clearSelection() {
    this.#selected = this.#hover = null;
    this.#message = "";
  }

  #choose(target, dropped) {
    const sel = this.#selected;
    const promotes = target.kind === "promotion";
    if (promotes && !this.autoQueen) {
      this.#putBack(this.#pieceEls.get(sel.square));
      this.#openPromotion(sel, target);
    } else this.#play(sel.square, target.square, promotes ? "q" : null, target.explanation, dropped);
  }

  #play(from, to, promotion, explanation, dropped) {
    // a mode takes the move (or refuses it), unless it lets the board play it (undefined)
    const taken = this.#mode?.play(from, to, promotion, dropped);
    if (taken !== undefined) return taken;
    const move = this.#game$().play(from, to, promotion);
    const [i, j] = parseSquare(from);
    const [ti, tj] = parseSquare(to);
    this.#changed({ ...move, dropped });
    if (explanation) this.#lastMove = { from: { i, j }, target: { square: to, i: ti, j: tj, kind: move.kind, explanation } };
    this.#closePromotion();
    this.#renderFormula();
    this.#setFocus(to, this.#root.activeElement != null);
    this.#emit("move", this.#detail({ move }));
    this.#checkGameOver();
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

  #checkGameOver() {
    const { outcome } = this.#game.status();
    if (outcome && !this.#outcome) this.#emit("game-over", this.#detail({ outcome }));
    this.#outcome = outcome;
  }

  #announce(text) {
    // a changing space: the same words are said again
    this.#ui.live.textContent = text + (++this.#says % 2 ? "" : "\u00a0");
  }


  #openPromotion(sel, target) {
    const { promo, promoChoices } = this.#ui;
    this.#promotion = { from: sel.square, to: target.square, explanation: target.explanation };
    promoChoices.replaceChildren();
    for (const [kind, letter] of Object.entries(PROMOTION)) {
      const b = h("button", { type: "button", class: "promo-choice", part: "button promotion-choice", "data-piece": letter }, promoChoices);
      h("img", { src: pieceImage({ color: sel.piece.color, char: letter }), alt: "" }, b);
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
    this.#board.cells.get(from)?.focus();
  }

  #closePromotion() {
    this.#promotion = null;
    this.#ui.promo.hidden = true;
  }
}

// reflected attributes: [property, attribute, values (first: default) or true (boolean)]
for (const [prop, attr, values] of [
  ["orientation", "orientation", ["white", "black"]],
  ["coordinates", "coordinates", ["algebraic", "ij", "none"]],
  ["moveList", "move-list", ["none", "san", "long"]],
  ["lesson", "lesson"],
  ["mode", "mode"],
  ["autoQueen", "auto-queen", true],
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
