// <chess-tutor>: a chessboard for children that shows where a piece may go and why.
//
//   <script type="module" src="chess-tutor.js"></script>
//   <chess-tutor lang="en" coordinates="ij"></chess-tutor>
//
// Every rule comes from the Rust core compiled to WebAssembly (pkg/), found next to this file,
// as are the stylesheet and the piece images (images/). See README.md, "Embedding".
import init, { Game, formulas, version } from "./pkg/chess_tutor.js";
import { SQ, buildBoard, el, geometry, ghost, marker, parseSquare, squareName } from "./board.js";
import { STRINGS, pickLang, signed, substitute } from "./i18n.js";

const BASE = new URL("./", import.meta.url);
const IMAGES = new URL("images/", BASE);
const PROMOTION_LETTERS = { queen: "q", rook: "r", bishop: "b", knight: "n" };
const reducedMotion = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)");
const coarse = globalThis.matchMedia?.("(pointer: coarse)");

// Loaded once for every <chess-tutor> on the page.
let rules;
const loadRules = () =>
  (rules ??= init({ module_or_path: new URL("pkg/chess_tutor_bg.wasm", BASE) }).then(() => ({
    version: version(),
    formulas: new Map(formulas().map((f) => [f.kind, f])),
  })));
let sheet;
const loadSheet = () =>
  (sheet ??= fetch(new URL("chess-tutor.css", BASE))
    .then((response) => {
      if (!response.ok) throw new Error(`chess-tutor.css: HTTP ${response.status}`);
      return response.text();
    })
    .then((css) => {
      const s = new CSSStyleSheet();
      s.replaceSync(css);
      return s;
    }));

const pieceImage = (piece) => new URL(`${piece.color[0]}${piece.char.toUpperCase()}.svg`, IMAGES).href;

/** A plain HTML element with a class, optional text and attributes. */
function h(name, attrs = {}, text = null, parent = null) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text != null) node.textContent = text;
  parent?.append(node);
  return node;
}

const ATTRIBUTES = ["fen", "lang", "orientation", "coordinates", "lesson", "auto-queen", "move-list", "controls"];

export class ChessTutor extends HTMLElement {
  static observedAttributes = ATTRIBUTES;

  #root;
  #rules = null;
  #game = null;
  #board = null; // { svg, cells, check, pieces, markers, cursor, geo }
  #pieceEls = new Map(); // square -> <image>
  #position = new Map(); // square -> BoardPiece
  #selected = null; // { square, i, j, piece, targets: Map(square -> Target) }
  #hover = null; // target square under the pointer or keyboard focus
  #focus = "e2"; // the gridcell with tabindex 0 (roving tabindex)
  #drag = null;
  #promotion = null; // { from, to, explanation } while the picker is open
  #lastExplanation = null; // the formula of the move just played, for touch users
  #outcome = null;
  #message = "";
  #ui = {};
  #perfCount = 0;
  #say = 0;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: "open", delegatesFocus: false });
    this.#buildShell();
    loadSheet().then(
      (s) => {
        this.#root.adoptedStyleSheets = [s];
        this.#ui.wrap.hidden = false;
      },
      () => {
        // no fetch or constructable stylesheets: fall back to a <link> (style-src must allow it)
        h("link", { rel: "stylesheet", href: new URL("chess-tutor.css", BASE).href }, null, this.#root);
        this.#ui.wrap.hidden = false;
      },
    );
    this.#ready = new Promise((resolve, reject) => {
      this.#settle = { resolve, reject };
    });
    this.#ready.catch(() => {});
  }

  #ready;
  #settle;
  /** Resolves (to the element) once the rules have loaded and the board is drawn. */
  get ready() {
    return this.#ready;
  }

  connectedCallback() {
    if (this.#rules) return;
    loadRules().then(
      (r) => {
        if (this.#rules) return;
        this.#rules = r;
        this.#newGame(false);
        this.#rebuild();
        this.dataset.ready = "true";
        this.#settle.resolve(this);
        this.#emit("ready", { version: r.version });
        const lesson = this.getAttribute("lesson");
        if (lesson) this.#emit("lesson", { url: new URL(lesson, document.baseURI).href });
      },
      (error) => {
        this.#ui.message.textContent = `chess-tutor: ${error.message}`;
        this.dataset.ready = "error";
        this.#settle.reject(error);
      },
    );
  }

  attributeChangedCallback(name, oldValue, value) {
    if (oldValue === value) return;
    if (name === "controls") this.#ui.controls.hidden = !this.hasAttribute("controls");
    if (!this.#rules) return;
    switch (name) {
      case "fen":
        this.#newGame(true);
        this.#renderAll(null);
        break;
      case "orientation":
      case "coordinates":
        this.#rebuild();
        break;
      case "lang":
        this.#rebuild();
        break;
      case "move-list":
        this.#renderMoves();
        break;
      case "lesson":
        // Reserved for the lessons issue: the URL of a lesson; for now it only fires an event.
        this.#emit("lesson", { url: value ? new URL(value, document.baseURI).href : null });
        break;
    }
  }

  // ------------------------------------------------------------------ public API

  get fen() {
    return this.#game ? this.#game.fen() : this.getAttribute("fen") ?? "";
  }
  set fen(value) {
    // Setting the same FEN again restarts from it, as setting the attribute would.
    if (this.getAttribute("fen") === value && this.#rules) {
      this.#newGame(true);
      this.#renderAll(null);
    } else this.setAttribute("fen", value);
  }
  get orientation() {
    return this.getAttribute("orientation") === "black" ? "black" : "white";
  }
  set orientation(value) {
    this.setAttribute("orientation", value);
  }
  get coordinates() {
    const value = this.getAttribute("coordinates");
    return value === "ij" || value === "none" ? value : "algebraic";
  }
  set coordinates(value) {
    this.setAttribute("coordinates", value);
  }
  get moveList() {
    const value = this.getAttribute("move-list");
    return value === "san" || value === "long" ? value : "none";
  }
  set moveList(value) {
    this.setAttribute("move-list", value);
  }
  get autoQueen() {
    return this.hasAttribute("auto-queen");
  }
  set autoQueen(value) {
    this.toggleAttribute("auto-queen", Boolean(value));
  }
  get lesson() {
    return this.getAttribute("lesson");
  }
  set lesson(value) {
    if (value == null) this.removeAttribute("lesson");
    else this.setAttribute("lesson", value);
  }
  /** The language in use: the lang attribute if it is ru or en, else the browser's. */
  get language() {
    return pickLang(this.getAttribute("lang"));
  }
  /** The version of the rules (the crate), once ready. */
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

  /** Plays a move ('e2', 'e4', optional 'q'|'r'|'b'|'n'); returns the MoveInfo, throws if illegal. */
  play(from, to, promotion) {
    this.#needGame();
    const piece = this.#position.get(from);
    const target = piece ? this.#game.targets(piece.i, piece.j).find((t) => t.square === to) : null;
    return this.#play(from, to, promotion ?? (this.autoQueen ? "q" : undefined), target?.explanation ?? null);
  }
  undo() {
    this.#needGame();
    const move = this.#game.undo();
    if (move) {
      this.#lastExplanation = null;
      this.#clearSelection();
      this.#renderAll(null);
      this.#announce(this.#t.undone(move.long));
      this.#emit("undo", { move, fen: this.#game.fen(), status: this.#game.status() });
    }
    return move;
  }
  redo() {
    this.#needGame();
    const move = this.#game.redo();
    if (move) {
      this.#lastExplanation = null;
      this.#clearSelection();
      this.#renderAll(move);
      this.#announce(this.#moveAnnouncement(move));
      this.#emit("move", { move, fen: this.#game.fen(), status: this.#game.status(), redo: true });
      this.#checkGameOver();
    }
    return move;
  }
  /** Back to the position of the fen attribute (or the initial position). */
  reset() {
    this.#needGame();
    this.#newGame(false);
    this.#renderAll(null);
    this.#announce(this.#game.status().turn === "white" ? this.#t.newGame : this.#t.turn("black"));
  }
  flip() {
    this.orientation = this.orientation === "white" ? "black" : "white";
  }
  /** Selects the piece on a square as a click would ('g1'); returns its targets. */
  select(square) {
    this.#needGame();
    this.#activate(square, performance.now());
    return this.#selected ? [...this.#selected.targets.values()] : [];
  }
  resign(side) {
    this.#needGame();
    this.#game.resign(side);
    this.#renderAll(null);
    this.#checkGameOver();
  }
  agreeDraw() {
    this.#needGame();
    this.#game.agreeDraw();
    this.#renderAll(null);
    this.#checkGameOver();
  }
  claimDraw() {
    this.#needGame();
    this.#game.claimDraw();
    this.#renderAll(null);
    this.#checkGameOver();
  }

  // ------------------------------------------------------------------ internals

  get #t() {
    return STRINGS[this.language];
  }

  #needGame() {
    if (!this.#game) throw new Error("chess-tutor is not ready yet: await element.ready first");
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  #pieceName(kind) {
    const f = this.#rules.formulas.get(kind);
    return (this.language === "ru" ? f?.name_ru : f?.name_en) ?? kind;
  }

  #newGame(fromAttribute) {
    const fen = this.getAttribute("fen");
    this.#message = "";
    this.#lastExplanation = null;
    this.#outcome = null;
    this.#selected = null;
    this.#hover = null;
    this.#closePromotion();
    try {
      const game = new Game(fen || null);
      this.#game?.free();
      this.#game = game;
    } catch (error) {
      this.#message = this.#t.badPosition(error.message);
      if (fromAttribute) this.#emit("position-error", { fen, message: error.message });
      if (!this.#game) this.#game = new Game();
    }
    this.#outcome = this.#game.status().outcome;
  }

  #buildShell() {
    const root = this.#root;
    const wrap = h("div", { class: "wrap", part: "container", hidden: "" }, null, root);
    const boardWrap = h("div", { class: "board-wrap" }, null, wrap);
    const panel = h("section", { class: "panel", part: "panel" }, null, wrap);
    const status = h("p", { class: "status", part: "status" }, null, panel);
    const controls = h("div", { class: "controls", part: "controls" }, null, panel);
    const message = h("p", { class: "message", part: "message" }, null, panel);
    const formula = h("div", { class: "formula", part: "formula" }, null, panel);
    const moves = h("div", { class: "moves", part: "move-list", hidden: "" }, null, panel);
    const movesTitle = h("h3", {}, null, moves);
    const movesList = h("ol", {}, null, moves);
    controls.hidden = !this.hasAttribute("controls");
    const buttons = {};
    for (const [action, icon] of [["undo", "↶"], ["redo", "↷"], ["reset", "★"], ["flip", "⇅"]]) {
      const b = h("button", { type: "button", part: "button", "data-action": action }, null, controls);
      h("span", { class: "icon", "aria-hidden": "true" }, icon, b);
      h("span", { class: "label" }, null, b);
      b.addEventListener("click", () => this[action]());
      buttons[action] = b;
    }
    const live = h("div", { class: "sr-only", role: "status", "aria-live": "polite", "aria-atomic": "true" }, null, root);
    const promo = h("div", { class: "promotion", part: "promotion", role: "dialog", "aria-modal": "true", hidden: "" }, null, boardWrap);
    const promoTitle = h("p", { class: "promo-title", id: "promo-title" }, null, promo);
    promo.setAttribute("aria-labelledby", "promo-title");
    const promoChoices = h("div", { class: "promo-choices" }, null, promo);
    const promoCancel = h("button", { type: "button", class: "promo-cancel", part: "button" }, null, promo);
    promoCancel.addEventListener("click", () => this.#cancelPromotion());
    promo.addEventListener("keydown", (e) => this.#promotionKey(e));
    this.#ui = { wrap, boardWrap, panel, status, message, formula, moves, movesTitle, movesList, controls, buttons, live, promo, promoTitle, promoChoices, promoCancel };
    const loading = h("p", { class: "loading" }, STRINGS[this.language].loading, boardWrap);
    this.#ui.loading = loading;
  }

  /** Rebuilds the board (orientation, coordinates or language changed) and redraws everything. */
  #rebuild() {
    const t = this.#t;
    const geo = geometry(this.orientation, this.coordinates);
    const focused = this.#root.activeElement?.dataset?.square;
    this.#board?.svg.remove();
    this.#ui.loading?.remove();
    this.#board = { ...buildBoard(geo, this.coordinates, t.board), geo };
    this.#pieceEls.clear();
    this.#ui.boardWrap.prepend(this.#board.svg);
    this.#listen(this.#board.svg);
    for (const [action, b] of Object.entries(this.#ui.buttons)) b.lastChild.textContent = t[action];
    this.#ui.movesTitle.textContent = t.moves;
    this.#ui.promoTitle.textContent = t.choose;
    this.#ui.promoCancel.textContent = t.cancel;
    this.#renderAll(null);
    if (focused) this.#board.cells.get(focused)?.focus();
  }

  // ------------------------------------------------------------------ rendering

  /** Redraws pieces, highlights, labels and the panel; animates `move` if given. */
  #renderAll(move) {
    if (!this.#board) return;
    const game = this.#game;
    this.#position = new Map(game.pieces().map((p) => [p.square, p]));
    const status = game.status();
    const history = game.history();
    const last = history.at(-1) ?? null;
    const { cells, check, geo } = this.#board;

    this.#renderPieces(move);
    for (const [sq, cell] of cells) {
      cell.toggleAttribute("data-last", Boolean(last && (sq === last.from || sq === last.to)));
      cell.removeAttribute("data-check");
    }
    check.toggleAttribute("data-on", false);
    if (status.check) {
      for (const p of this.#position.values()) {
        if (p.color === status.turn && this.#rules.formulas.get(p.kind)?.royal) {
          cells.get(p.square).setAttribute("data-check", "");
          check.setAttribute("x", geo.x(p.i, p.j));
          check.setAttribute("y", geo.y(p.i, p.j));
          check.setAttribute("data-on", "");
        }
      }
    }
    this.#renderSelection();
    this.#setFocusSquare(this.#focus, false);

    const t = this.#t;
    this.#ui.status.textContent = status.outcome ? t.over[status.outcome.reason]?.(status.outcome.winner) ?? status.outcome.result : status.check ? `${t.turn(status.turn)}. ${t.check}` : t.turn(status.turn);
    this.#ui.status.toggleAttribute("data-over", Boolean(status.outcome));
    this.#ui.status.toggleAttribute("data-check", status.check && !status.outcome);
    this.#ui.buttons.undo.disabled = !status.can_undo;
    this.#ui.buttons.redo.disabled = !status.can_redo;
    this.#renderMoves(history);
  }

  #renderPieces(move) {
    const { pieces: layer, geo } = this.#board;
    const old = this.#pieceEls;
    const next = new Map();
    const spare = new Map(); // href -> [elements no longer needed]
    for (const [sq, img] of old) {
      const p = this.#position.get(sq);
      if (p && img.getAttribute("href") === pieceImage(p) && !(move && sq === move.to)) next.set(sq, img);
      else {
        const href = img.getAttribute("href");
        if (!spare.has(href)) spare.set(href, []);
        spare.get(href).push(img);
      }
    }
    for (const [sq, p] of this.#position) {
      if (next.has(sq)) continue;
      const href = pieceImage(p);
      const img = spare.get(href)?.pop() ?? el("image", { href, width: SQ, height: SQ, class: "piece", part: "piece" }, layer);
      img.setAttribute("x", geo.x(p.i, p.j));
      img.setAttribute("y", geo.y(p.i, p.j));
      img.removeAttribute("transform");
      img.classList.remove("dragging");
      next.set(sq, img);
    }
    for (const list of spare.values()) for (const img of list) img.remove();
    this.#pieceEls = next;
    if (move && !reducedMotion?.matches && !move.dropped) {
      const slide = (from, to) => {
        const img = next.get(to);
        if (!img?.animate) return;
        const [fi, fj] = parseSquare(from);
        const [ti, tj] = parseSquare(to);
        const dx = geo.x(fi, fj) - geo.x(ti, tj);
        const dy = geo.y(fi, fj) - geo.y(ti, tj);
        img.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }], { duration: 220, easing: "cubic-bezier(.3,.7,.4,1)" });
      };
      slide(move.from, move.to);
      if (move.kind === "castle") {
        // the rook jumps over the king: find it by comparing the rows' corners
        const [i, j] = parseSquare(move.to);
        const kingSide = j > parseSquare(move.from)[1];
        slide(squareName(i, kingSide ? 7 : 0), squareName(i, kingSide ? j - 1 : j + 1));
      }
    }
  }

  /** Markers, target attributes, aria labels and the formula panel for the current selection. */
  #renderSelection() {
    const { cells, markers, geo } = this.#board;
    markers.replaceChildren();
    const sel = this.#selected;
    const t = this.#t;
    for (const [sq, cell] of cells) {
      const target = sel?.targets.get(sq);
      if (target) cell.setAttribute("data-target", target.kind);
      else cell.removeAttribute("data-target");
      cell.toggleAttribute("data-selected", sel?.square === sq);
      if (sel?.square === sq) cell.setAttribute("aria-selected", "true");
      else cell.removeAttribute("aria-selected");
      cell.toggleAttribute("data-hover", this.#hover === sq && Boolean(target));
      const p = this.#position.get(sq);
      let label = t.cell(sq, p && this.#pieceName(p.kind).toLowerCase(), p && t.color[p.color]);
      if (target) label += `, ${t.targetSuffix[target.kind] ?? target.kind}`;
      cell.setAttribute("aria-label", label);
    }
    if (sel) {
      for (const target of sel.targets.values()) {
        const m = marker(target.kind, target.capture, geo.x(target.i, target.j), geo.y(target.i, target.j));
        m.dataset.for = target.square;
        m.toggleAttribute("data-hover", this.#hover === target.square);
        markers.append(m);
        if (target.kind === "en-passant") markers.append(ghost(geo.x(sel.i, target.j), geo.y(sel.i, target.j)));
      }
    }
    this.#renderFormula();
  }

  #renderFormula() {
    const box = this.#ui.formula;
    const t = this.#t;
    box.replaceChildren();
    const sel = this.#selected;
    const message = this.#message;
    this.#ui.message.textContent = message;
    this.#ui.message.hidden = !message;
    if (!sel) {
      if (this.#lastExplanation) this.#explain(box, this.#lastExplanation, true);
      else h("p", { class: "hint" }, coarse?.matches ? t.pickHintTouch : t.pickHint, box);
      return;
    }
    const info = this.#rules.formulas.get(sel.piece.kind);
    const head = h("p", { class: "f-head" }, null, box);
    h("img", { src: pieceImage(sel.piece), alt: "", class: "f-icon" }, null, head);
    h("strong", {}, `${this.#pieceName(sel.piece.kind)}:`, head);
    h("span", { class: "f-pos" }, ` ${sel.square} · ${t.position(sel.i, sel.j)}`, head);
    const hovered = this.#hover ? sel.targets.get(this.#hover) : null;
    const list = h("ul", { class: "f-lines" }, null, box);
    const flip = sel.piece.color === "black" ? -1 : 1;
    (info?.lines ?? []).forEach((line, index) => {
      const li = h("li", { "data-line": index }, null, list);
      const code = h("code", {}, null, li);
      line.text.split(", ").forEach((half, k) => h("span", {}, k ? `, ${half}` : half, code));
      const notes = [];
      const values = (xs, forward) => {
        const vs = [...new Set(xs.map((x) => (forward ? x * flip : x)))];
        return vs.length === 1 ? ` = ${signed(vs[0])}` : ` ∈ {${vs.map(signed).join(", ")}}`;
      };
      if (line.text.includes("ΔI")) notes.push(`ΔI${values(line.di, line.forward)}`);
      if (line.text.includes("ΔJ")) notes.push(`ΔJ${values(line.dj, false)}`);
      if (/(?<![\wΔ])n(?!\w)/.test(line.text)) notes.push(t.nRange(line.n_max, line.n_max_from_start));
      if (t.mode[line.mode]) notes.push(t.mode[line.mode]);
      if (line.jumps) notes.push(t.jumps);
      h("span", { class: "f-note" }, notes.join(" · "), li);
      if (hovered && hovered.explanation.line === index) li.setAttribute("data-active", "");
    });
    if (hovered) this.#explain(box, { from: sel, target: hovered });
    else if (sel.targets.size) {
      if (!coarse?.matches) h("p", { class: "hint" }, t.targetHint, box);
    } else h("p", { class: "hint" }, t.noMoves(this.#pieceName(sel.piece.kind), sel.square), box);
  }

  /** "e4: n = 2, ΔI = +1, ΔJ = 0 → i1 = 3, j1 = 4" and the formula with the numbers filled in. */
  #explain(box, { from, target }, played = false) {
    const t = this.#t;
    const e = target.explanation;
    const p = h("p", { class: "f-explain" }, null, box);
    h("strong", {}, `${played ? t.played(target.square) : t.target(target.square)}: `, p);
    p.append(`n = ${e.n}, ΔI = ${signed(e.di)}, ΔJ = ${signed(e.dj)} → i1 = ${target.i}, j1 = ${target.j}`);
    h("code", { class: "f-calc" }, substitute(e.text, { i: from.i, j: from.j, n: e.n, di: e.di, dj: e.dj, i1: target.i, j1: target.j }), box);
    const extra = target.kind === "castle" ? t.castling : target.kind === "en-passant" ? t.enPassant(squareName(from.i, target.j)) : target.kind === "promotion" ? t.promotes : null;
    if (extra) h("p", { class: "f-note" }, extra, box);
  }

  #renderMoves(history = this.#game?.history() ?? []) {
    const mode = this.moveList;
    const { moves, movesList } = this.#ui;
    moves.hidden = mode === "none" || history.length === 0;
    if (moves.hidden) return;
    movesList.replaceChildren();
    const first = history[0]?.color === "black" ? 1 : 0; // a position where Black moves first
    for (let k = 0; k < history.length; k++) {
      const ply = k + first;
      let li = movesList.lastElementChild;
      if (ply % 2 === 0 || !li) {
        li = h("li", {}, null, movesList);
        h("span", { class: "n" }, ply % 2 ? `${(ply + 1) / 2}…` : `${ply / 2 + 1}.`, li);
      }
      li.append(" ");
      h("span", { class: ply % 2 ? "black" : "white" }, history[k][mode], li);
    }
    movesList.lastElementChild?.lastElementChild?.setAttribute("data-last", "");
    movesList.lastElementChild?.scrollIntoView?.({ block: "nearest" });
  }

  // ------------------------------------------------------------------ interaction

  #listen(svg) {
    svg.addEventListener("pointerdown", (e) => this.#pointerDown(e));
    svg.addEventListener("pointermove", (e) => this.#pointerMove(e));
    svg.addEventListener("pointerup", (e) => this.#pointerUp(e));
    svg.addEventListener("pointercancel", () => this.#endDrag(null));
    svg.addEventListener("lostpointercapture", () => this.#endDrag(null));
    svg.addEventListener("click", (e) => {
      // A click with detail 0 comes from no pointer (assistive technology activating a cell);
      // pointer clicks were handled on pointerdown.
      const cell = e.detail === 0 && e.target.closest?.("[data-square]");
      if (cell) this.#activate(cell.dataset.square, performance.now(), true);
    });
    svg.addEventListener("pointerover", (e) => {
      if (this.#drag?.moving || e.pointerType !== "mouse") return;
      this.#setHover(e.target.closest?.("[data-square]")?.dataset.square ?? null);
    });
    svg.addEventListener("pointerleave", () => {
      if (!this.#drag) this.#setHover(this.#root.activeElement?.dataset?.square ?? null);
    });
    svg.addEventListener("keydown", (e) => this.#key(e));
    svg.addEventListener("focusin", (e) => {
      const sq = e.target.dataset?.square;
      if (!sq) return;
      this.#setFocusSquare(sq, false);
      const visible = e.target.matches(":focus-visible");
      this.#board.cursor.toggleAttribute("data-on", visible);
      if (visible) this.#setHover(sq);
    });
    svg.addEventListener("focusout", () => this.#board.cursor.removeAttribute("data-on"));
  }

  #squareAt(e) {
    const { svg, geo } = this.#board;
    const m = svg.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    const col = Math.floor((p.x - geo.left) / SQ);
    const row = Math.floor((p.y - geo.top) / SQ);
    if (col < 0 || col > 7 || row < 0 || row > 7) return { point: p, square: null };
    const [i, j] = geo.fromVisual(row, col);
    return { point: p, square: squareName(i, j) };
  }

  #pointerDown(e) {
    if (e.button !== 0 || this.#promotion) return;
    const cell = e.target.closest?.("[data-square]");
    if (!cell) return;
    const sq = cell.dataset.square;
    const wasSelected = this.#selected?.square === sq;
    this.#activate(sq, e.timeStamp);
    if (this.#selected?.square === sq) {
      // a piece of the side to move: it may be dragged
      const at = this.#squareAt(e);
      this.#drag = { square: sq, start: at.point, x: e.clientX, y: e.clientY, moving: false, toggle: wasSelected, id: e.pointerId, touch: e.pointerType !== "mouse" };
      try {
        this.#board.svg.setPointerCapture(e.pointerId);
      } catch {
        /* synthetic events have no active pointer */
      }
    }
  }

  #pointerMove(e) {
    const d = this.#drag;
    if (!d || e.pointerId !== d.id) return;
    if (!d.moving) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < (d.touch ? 8 : 4)) return;
      d.moving = true;
      const img = this.#pieceEls.get(d.square);
      if (!img) return;
      img.classList.add("dragging");
      this.#board.pieces.append(img); // on top of the others
    }
    const at = this.#squareAt(e);
    const img = this.#pieceEls.get(d.square);
    if (!at || !img) return;
    // follow the pointer, a little bigger (and above a finger on a touch screen)
    const lift = d.touch ? 40 : 0;
    const cx = Number(img.getAttribute("x")) + SQ / 2;
    const cy = Number(img.getAttribute("y")) + SQ / 2;
    img.setAttribute("transform", `translate(${at.point.x - d.start.x} ${at.point.y - d.start.y - lift}) translate(${cx} ${cy}) scale(1.18) translate(${-cx} ${-cy})`);
    const over = at.square && this.#selected?.targets.has(at.square) ? at.square : null;
    if (over !== this.#hover) this.#setHover(over);
  }

  #pointerUp(e) {
    const d = this.#drag;
    if (!d || e.pointerId !== d.id) return;
    if (d.moving) {
      const at = this.#squareAt(e);
      this.#endDrag(at?.square ?? null);
    } else {
      this.#drag = null;
      if (d.toggle) this.#deselect();
    }
  }

  /** Drops the dragged piece on `square` (plays if it is a target) or puts it back. */
  #endDrag(square) {
    const d = this.#drag;
    if (!d) return;
    this.#drag = null;
    if (!d.moving) return;
    const img = this.#pieceEls.get(d.square);
    const target = square && this.#selected?.targets.get(square);
    if (target) {
      this.#choose(target, true);
    } else {
      img?.classList.remove("dragging");
      img?.removeAttribute("transform");
      this.#setHover(null);
    }
  }

  #key(e) {
    const sq = e.target.dataset?.square;
    if (!sq) return;
    const { geo } = this.#board;
    const [i, j] = parseSquare(sq);
    let [row, col] = geo.visual(i, j);
    switch (e.key) {
      case "ArrowUp": row = Math.max(0, row - 1); break;
      case "ArrowDown": row = Math.min(7, row + 1); break;
      case "ArrowLeft": col = Math.max(0, col - 1); break;
      case "ArrowRight": col = Math.min(7, col + 1); break;
      case "Home": col = 0; if (e.ctrlKey) row = 0; break;
      case "End": col = 7; if (e.ctrlKey) row = 7; break;
      case "Enter":
      case " ":
        e.preventDefault();
        this.#activate(sq, e.timeStamp, true);
        return;
      case "Escape":
        if (this.#selected) {
          e.preventDefault();
          this.#deselect();
        }
        return;
      default:
        return;
    }
    e.preventDefault();
    const [ni, nj] = geo.fromVisual(row, col);
    this.#setFocusSquare(squareName(ni, nj), true);
  }

  #setFocusSquare(sq, focus) {
    const { cells, cursor, geo } = this.#board;
    if (!cells.has(sq)) sq = "e2";
    cells.get(this.#focus)?.setAttribute("tabindex", "-1");
    this.#focus = sq;
    const cell = cells.get(sq);
    cell.setAttribute("tabindex", "0");
    const [i, j] = parseSquare(sq);
    cursor.setAttribute("x", geo.x(i, j) + 5);
    cursor.setAttribute("y", geo.y(i, j) + 5);
    if (focus) cell.focus();
  }

  #setHover(sq) {
    const sel = this.#selected;
    const next = sel && sq && sel.targets.has(sq) ? sq : null;
    if (next === this.#hover) return;
    this.#hover = next;
    for (const [square, cell] of this.#board.cells) cell.toggleAttribute("data-hover", square === next);
    for (const m of this.#board.markers.children) m.toggleAttribute("data-hover", m.dataset.for === next);
    this.#renderFormula();
  }

  /** What a click, tap, Enter or Space on a square does. `t0` starts the latency measure. */
  #activate(sq, t0, toggle = false) {
    if (!this.#game || this.#promotion) return;
    const sel = this.#selected;
    const target = sel?.targets.get(sq);
    if (target) {
      this.#choose(target, false);
      return;
    }
    const piece = this.#position.get(sq);
    const status = this.#game.status();
    const t = this.#t;
    if (piece && piece.color === status.turn && sq !== sel?.square) {
      const targets = status.outcome ? [] : this.#game.targets(piece.i, piece.j);
      this.#selected = { square: sq, i: piece.i, j: piece.j, piece, targets: new Map(targets.map((x) => [x.square, x])) };
      this.#hover = null;
      this.#message = status.outcome ? t.gameIsOver : "";
      this.#lastExplanation = null;
      this.#renderSelection();
      this.#measure(t0);
      const name = this.#pieceName(piece.kind);
      this.#announce(targets.length || status.outcome ? t.selected(name, sq, targets.length) : t.noMoves(name, sq));
      this.#emit("select", { square: sq, i: piece.i, j: piece.j, piece, targets });
      return;
    }
    if (piece && sq === sel?.square) {
      // the selected piece again: a key or assistive click lets go of it (a pointer: on pointerup)
      if (toggle) this.#deselect();
      return;
    }
    // an empty square or an enemy piece: say gently why nothing happens
    let message;
    if (status.outcome) message = t.gameIsOver;
    else if (sel) message = t.notThere(sq);
    else if (!piece) message = t.emptySquare;
    else message = t.enemyPiece(piece.color, status.turn);
    if (sel) {
      this.#selected = null;
      this.#hover = null;
      this.#emit("select", { square: null, i: null, j: null, piece: null, targets: [] });
    }
    this.#message = message;
    this.#renderSelection();
    this.#measure(t0);
    this.#announce(message);
  }

  #measure(t0) {
    try {
      performance.measure("ct-select", { start: t0, end: performance.now() });
      if (++this.#perfCount % 2000 === 0) performance.clearMeasures("ct-select");
    } catch {
      /* old browsers: no measure options */
    }
  }

  #deselect() {
    if (!this.#selected) return;
    this.#clearSelection();
    this.#renderSelection();
    this.#emit("select", { square: null, i: null, j: null, piece: null, targets: [] });
  }

  #clearSelection() {
    this.#selected = null;
    this.#hover = null;
    this.#message = "";
  }

  /** A target was chosen: play it, or ask which piece a pawn becomes. */
  #choose(target, dropped) {
    const sel = this.#selected;
    if (target.kind === "promotion" && !this.autoQueen) {
      if (dropped) {
        const img = this.#pieceEls.get(sel.square);
        img?.classList.remove("dragging");
        img?.removeAttribute("transform");
      }
      this.#openPromotion(sel, target);
      return;
    }
    this.#play(sel.square, target.square, this.autoQueen && target.kind === "promotion" ? "q" : undefined, target.explanation, dropped);
  }

  #play(from, to, promotion, explanation, dropped = false) {
    const [fi, fj] = parseSquare(from);
    const [ti, tj] = parseSquare(to);
    const move = this.#game.play(from, to, promotion ?? null);
    this.#lastExplanation = explanation ? { from: { i: fi, j: fj }, target: { square: to, i: ti, j: tj, kind: move.kind, explanation } } : null;
    this.#clearSelection();
    this.#closePromotion();
    this.#renderAll({ ...move, dropped });
    this.#setFocusSquare(to, this.#root.activeElement != null);
    const status = this.#game.status();
    this.#announce(this.#moveAnnouncement(move, status));
    this.#emit("move", { move, fen: this.#game.fen(), status });
    this.#checkGameOver();
    return move;
  }

  #moveAnnouncement(move, status = this.#game.status()) {
    const t = this.#t;
    let text = t.moved(move.color, this.#pieceName(move.piece), move.from, move.to, move.capture);
    if (move.kind === "castle") text += `, ${t.castles}`;
    if (move.promotion) text += ` — ${t.becomes(this.#pieceName(move.promotion))}`;
    if (status.outcome) text += `. ${t.over[status.outcome.reason]?.(status.outcome.winner) ?? status.outcome.result}`;
    else if (status.check) text += `. ${t.check}`;
    return text;
  }

  #checkGameOver() {
    const outcome = this.#game.status().outcome;
    const was = this.#outcome;
    this.#outcome = outcome;
    if (outcome && !was) this.#emit("game-over", { outcome, fen: this.#game.fen(), status: this.#game.status() });
  }

  #announce(text) {
    // alternate a trailing no-break space so that the same words are announced again
    this.#ui.live.textContent = text + (++this.#say % 2 ? "" : "\u00a0");
  }

  // ------------------------------------------------------------------ promotion picker

  #openPromotion(sel, target) {
    const { promo, promoChoices } = this.#ui;
    this.#promotion = { from: sel.square, to: target.square, explanation: target.explanation };
    promoChoices.replaceChildren();
    for (const [kind, letter] of Object.entries(PROMOTION_LETTERS)) {
      const piece = { color: sel.piece.color, char: letter };
      const b = h("button", { type: "button", class: "promo-choice", part: "button promotion-choice", "data-piece": letter }, null, promoChoices);
      h("img", { src: pieceImage(piece), alt: "" }, null, b);
      h("span", {}, this.#pieceName(kind), b);
      b.addEventListener("click", () => {
        const p = this.#promotion;
        if (p) this.#play(p.from, p.to, letter, p.explanation);
      });
    }
    promo.hidden = false;
    promoChoices.firstElementChild.focus();
    this.#announce(this.#t.choose);
  }

  #promotionKey(e) {
    const buttons = [...this.#ui.promoChoices.children, this.#ui.promoCancel];
    const k = buttons.indexOf(this.#root.activeElement);
    if (e.key === "Escape") {
      e.preventDefault();
      this.#cancelPromotion();
    } else if (["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].includes(e.key) || e.key === "Tab") {
      e.preventDefault();
      const step = e.key === "ArrowLeft" || e.key === "ArrowUp" || (e.key === "Tab" && e.shiftKey) ? -1 : 1;
      buttons[(k + step + buttons.length) % buttons.length].focus();
    }
  }

  #cancelPromotion() {
    const p = this.#promotion;
    this.#closePromotion();
    if (p) this.#board.cells.get(p.from)?.focus();
  }

  #closePromotion() {
    this.#promotion = null;
    if (this.#ui.promo) this.#ui.promo.hidden = true;
  }
}

if (!customElements.get("chess-tutor")) customElements.define("chess-tutor", ChessTutor);
