// @ts-check
// The board view: draws a board and says what a person did on it. It knows no chess rules
// (the widget, the setup board and the plug-ins bring theirs). State, drawing and events apart.
//
//   import { Board } from "./board.js";
//   const board = new Board(parent, {
//     sprite: (piece) => url,        // piece → image URL (images/pieces.svg#wN); any piece the caller names;
//                                     // or draw(svg): a function (the same one each time) that draws
//                                     // the piece into an <svg> of 100 × 100 units (no image file)
//     orientation: "white",           // "white" | "black"
//     coordinates: "algebraic",       // "algebraic" | "ij" (with the i/j corner) | "both" (a–h, 1–8
//                                     // with the i, j numbers small beside them) | "none"
//     label: "Chessboard",            // aria-label of the grid
//     cellLabel: (square, piece, target, marks) => string,  // aria-label of a cell (marks: the
//                                     // names of the shapes on it, in order: ["a star"])
//   });
//   board.set({ pieces, orientation, coordinates, lastMove, check, selected, targets, shapes, label, cellLabel })
//     only the keys given change; then the board draws them.
//     pieces: Map(square → piece) or array of { square, … } (the caller's objects, given to sprite)
//     lastMove: { from, to } | null; check: square | null; selected: square | null
//     targets: [{ square, kind: "move"|"capture"|"castle"|"en-passant"|"promotion", capture?, ghost? }]
//       each kind a marker of its own shape (not only a colour); ghost: a square to mark with a
//       dashed ring (the pawn taken en passant); a caller's own kind: its shape in MARKERS[kind]
//       (a list of [element name, attributes], in a square of 100 units)
//     shapes: [{ type: "arrow", from, to, small? }, { type: "circle", square }, { type: "highlight", square },
//              { type: "label", square, text }, { type: "star", square }, { type: "tick"|"cross", square },
//              { type: "area"|"frame", from, to } (the box of squares from..to: filled, or its edge
//              drawn inside), { type: "line", from, to }, { type: "dot"|"diamond", square }],
//       each with name? (what the shape means, in words: a screen reader hears it in the name of
//       its square — shape.square, else an arrow's or a line's `to` — through cellLabel's marks),
//       brush? (class names of the brush table in board.css, which colours every shape;
//       the callers draw no paths of their own) and under? (true: below the pieces; highlights,
//       stars, areas, dots and diamonds are, by default). Drawn with class "shape s-<type> <brush>"
//       and data-at (shape.square, which an area or a line may name too), or data-from, data-to.
//   board.animate({ from, to, rook? })  slides the piece now on `to` from `from` (and the rook:
//                                       [from, to]), after set(); nothing under reduced motion
//   board.layer(name, shapes?)  an <svg:g> the caller owns, above pieces and markers, kept when the
//                          board is redrawn for another orientation (the caller redraws its contents);
//                          shapes given: the layer shows these shapes (as in set({ shapes })) instead
//   board.geometry         x(i, j), y(i, j): top left of a square in svg units (a square is SQ = 100);
//                          at(square) → [x, y]; centre(square) → [cx, cy]; size
//   board.svg; board.cell(square) → the gridcell element; board.piece(square) → its <image>
//   board.focus(square, really = true)  the one tab stop moves there (and takes the focus if really;
//                          really may be focus options: { preventScroll: true })
//   board.focused          the square holding the tab stop; board.hovered: the square pointed at or null
//   board.on(type, fn) → off()
//     "select" ({ square, via, time }): pointer down, click by assistive technology, Enter or Space
//       on a square; square null on Escape, or when the selected square is released unmoved
//       (via: "pointer" | "click" | "key" | "escape" | "release"; time: the event's timeStamp)
//     "drag-start" ({ square }) → boolean: may the piece there be dragged (after its "select")?
//     "drop" ({ from, to }): a dragged piece let go over square `to` (null: off the board);
//       the piece is back on `from` by then, until the caller's set() moves it
//     "hover" ({ square }): the pointer, or the visible keyboard focus, is over a square (null: none)
//     "tap" ({ square }): a pointer let go, unmoved, on the square it went down on (after "select")
//   board.dragIn(pointerdownEvent, piece)  lifts sprite(piece) from outside (a palette) under the
//                          pointer; ends with "drop" ({ from: null, piece, to })
//   board.squareAt(clientX, clientY) → the square under a point of the screen, or null
//   board.destroy()
// Keyboard: roving tabindex over the 64 gridcells, arrows as seen on screen, Home/End (row),
// Ctrl+Home/End (column), Enter/Space select, Escape unselects. Pointer: drag with capture (a
// touch lifts the piece above the finger), click-click, tap. Styles: board.css, once per shadow root.
// Its parts: board-geometry.js (squares, where they lie, a piece's image) and board-shapes.js
// (arrows, markers, a plug-in's shapes as svg); this file holds the state, the drawing and the events.
import { s } from "./dom.js";
import { FILES, SQ, arrowTo, geometry, pieceEl, squareName } from "./board-geometry.js";
import { UNDER, marker, shapeParts } from "./board-shapes.js";

export { SQ, arrowTo, geometry, parseSquare, pieceEl, pieceImage, squareName } from "./board-geometry.js";
export { BRACKETS, MARKERS, arrowPath, knightArrowPath, movePath, starPath } from "./board-shapes.js";

/** @typedef {string} Square a square's name, "e4" */
/** A caller's piece (the widget's and the studio's objects, the setup board's letters: each its
 * own), given back to its sprite and cellLabel unread: `any` because the board never looks inside.
 * @typedef {any} BoardPiece */
/** @typedef {string | ((svg: SVGSVGElement) => void)} Look what sprite(piece) gives: an image URL or a drawing */
/** @typedef {{ square: Square, kind: string, capture?: boolean, ghost?: Square | null }} Target */
/** @typedef {{ type: string, square?: Square, from?: Square, to?: Square, small?: boolean, text?: string,
 *   name?: string, brush?: string, under?: boolean }} Shape */
/** @typedef {(square: Square, piece: BoardPiece | undefined, target: Target | undefined, marks: string[]) => string} CellLabel */
/** @typedef {{ pieces: Map<Square, BoardPiece>, orientation: string, coordinates: string,
 *   lastMove: { from: Square, to: Square } | null, check: Square | null, selected: Square | null,
 *   targets: Target[], shapes: Shape[], label: string, cellLabel: CellLabel | null }} BoardState */
/** What set() takes: any keys of the state; pieces also as a list of { square, … }.
 * @typedef {Partial<Omit<BoardState, "pieces">> & { pieces?: Map<Square, BoardPiece> | BoardPiece[] }} BoardChanges */
/** @typedef {(SVGImageElement | SVGSVGElement) & { look?: Look }} PieceEl */
/** @typedef {ReturnType<typeof geometry>} Geometry */
/** A press on the board (or a drag in from a palette): where it began, and the piece it lifts.
 * @typedef {{ start: DOMPoint, x: number, y: number, id: number, touch: boolean, square: Square | null,
 *   piece?: BoardPiece, img: PieceEl | null, moving?: boolean, again?: boolean }} Drag */
/** @typedef {{ under: SVGGElement, check: SVGRectElement, pieces: SVGGElement, markers: SVGGElement,
 *   over: SVGGElement, cursor: SVGRectElement }} Parts */

/** @param {string} q */
const media = (q) => globalThis.matchMedia?.(q) ?? { matches: false };
const reducedMotion = media("(prefers-reduced-motion: reduce)");

export class Board {
  // svg, geometry and the groups are made by #build, which the constructor's set() calls: never
  // null after the constructor (hence the casts of their first value)
  /** @type {SVGSVGElement} */
  svg = /** @type {never} */ (null);
  /** @type {Map<Square, SVGGElement>} */
  cells = new Map();
  /** @type {Geometry} */
  geometry = /** @type {never} */ (null);
  focused = "e2";
  /** @type {Square | null} */
  hovered = null;
  /** @type {BoardState} */
  state = { pieces: new Map(), orientation: "white", coordinates: "algebraic", lastMove: null, check: null, selected: null, targets: [], shapes: [], label: "Chessboard", cellLabel: null };

  /** @type {ParentNode} */
  #parent;
  /** @type {(piece: BoardPiece) => Look} */
  #sprite;
  /** @type {Record<string, Set<(detail: any) => any>>} */
  #handlers = {};
  /** @type {Map<Square, PieceEl>} */
  #pieceEls = new Map();
  /** @type {Map<string, SVGGElement>} */
  #layers = new Map();
  #parts = /** @type {Parts} */ ({}); // the svg groups
  /** @type {Drag | null} */
  #drag = null;

  /** @param {ParentNode} parent
   * @param {BoardChanges & { sprite: (piece: BoardPiece) => Look }} options */
  constructor(parent, { sprite, ...options }) {
    this.#parent = parent;
    this.#sprite = sprite;
    this.set(options);
  }

  on(type, fn) {
    (this.#handlers[type] ??= new Set()).add(fn);
    return () => this.#handlers[type].delete(fn);
  }

  #emit(type, detail) {
    return [...(this.#handlers[type] ?? [])].map((fn) => fn(detail));
  }

  set(changes) {
    const st = this.state;
    if (changes.pieces && !(changes.pieces instanceof Map)) changes = { ...changes, pieces: new Map([...changes.pieces].map((p) => [p.square, p])) };
    const rebuild = !this.svg || ["orientation", "coordinates"].some((k) => k in changes && changes[k] !== st[k]);
    Object.assign(st, changes);
    if (rebuild) this.#build();
    else if ("label" in changes) this.svg.setAttribute("aria-label", st.label);
    if (rebuild || "pieces" in changes) this.#drawPieces();
    if (rebuild || "targets" in changes) this.#drawMarkers();
    if (rebuild || "shapes" in changes) this.#drawShapes();
    this.#drawCells();
    return this;
  }

  cell(square) {
    return this.cells.get(square);
  }

  piece(square) {
    return this.#pieceEls.get(square);
  }

  layer(name, shapes) {
    let g = this.#layers.get(name);
    if (!g) {
      g = s("g", { class: `layer layer-${name}`, "aria-hidden": "true" });
      this.#layers.set(name, g);
      this.svg.insertBefore(g, this.#parts.cursor);
    }
    if (shapes) {
      g.replaceChildren();
      for (const shape of shapes) this.#drawShape(shape, g);
    }
    return g;
  }

  animate(move) {
    if (!move || reducedMotion.matches) return;
    const geo = this.geometry;
    const slide = (from, to) => {
      const [fx, fy] = geo.at(from);
      const [tx, ty] = geo.at(to);
      this.#pieceEls.get(to)?.animate?.([{ transform: `translate(${fx - tx}px, ${fy - ty}px)` }, { transform: "none" }], {
        duration: 220,
        easing: "cubic-bezier(.3,.7,.4,1)",
      });
    };
    slide(move.from, move.to);
    if (move.rook) slide(...move.rook);
  }

  focus(square, really = true) {
    if (!this.cells.has(square)) square = "e2";
    this.cells.get(this.focused)?.setAttribute("tabindex", "-1");
    const cell = /** @type {SVGGElement} */ (this.cells.get(square));
    cell.setAttribute("tabindex", "0");
    const [x, y] = this.geometry.at(square);
    this.#parts.cursor.setAttribute("x", String(x + 5));
    this.#parts.cursor.setAttribute("y", String(y + 5));
    this.focused = square;
    if (really) cell.focus(really === true ? undefined : really);
  }

  destroy() {
    this.svg?.remove();
    this.#handlers = {};
  }

  // <svg role="grid">: 8 rows of 8 gridcells as seen, then the layers
  #build() {
    const { orientation, coordinates, label } = this.state;
    const hadFocus = /** @type {Document | ShadowRoot | undefined} */ (this.svg?.getRootNode())?.activeElement?.closest?.("svg") === this.svg;
    const geo = (this.geometry = geometry(orientation, coordinates));
    const size = geo.size;
    const svg = s("svg", { viewBox: `0 0 ${size} ${size}`, part: "board", class: "board", role: "grid", "aria-label": label, tabindex: -1 }); // the squares take the tab
    const grad = s("radialGradient", { id: "ct-glow" }, s("defs", {}, svg));
    for (const [offset, cls] of [[0, "in"], [0.6, "mid"], [1, "out"]]) s("stop", { offset, class: `glow-${cls}` }, grad);
    s("rect", { class: "frame", width: size, height: size, rx: 22, "aria-hidden": "true" }, svg);
    this.cells.clear();
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
        this.cells.set(sq, cell);
      }
    }
    if (coordinates !== "none") this.#coordinates(svg, geo, coordinates);
    const group = (cls) => s("g", { class: cls, "aria-hidden": "true" }, svg);
    const parts = {
      under: group("shapes shapes-under"),
      check: s("rect", { class: "check", width: SQ, height: SQ, fill: "url(#ct-glow)", "aria-hidden": "true" }, svg),
      pieces: group("pieces"),
      markers: group("markers"),
      over: group("shapes shapes-over"),
    };
    for (const g of this.#layers.values()) svg.append(g);
    this.#parts = { ...parts, cursor: s("rect", { class: "cursor", width: SQ - 10, height: SQ - 10, rx: 12, "aria-hidden": "true" }, svg) };
    this.#pieceEls.clear();
    if (this.svg) this.svg.replaceWith(svg);
    else this.#parent.prepend(svg);
    this.svg = svg;
    this.#listen(svg);
    this.focus(this.focused, hadFocus);
  }

  // "both": the letter or rank, and its (i, j) number small beside it (a word and a number,
  // not a colour, tell them apart)
  #coordinates(svg, geo, mode) {
    const ij = mode === "ij";
    const both = mode === "both";
    const g = s("g", { class: "coords", part: "coordinates", "aria-hidden": "true" }, svg);
    const bottom = geo.top + 8 * SQ;
    const small = (x, y, text) => s("text", { x, y, class: "coord small" }, g, text);
    for (let k = 0; k < 8; k++) {
      const j = geo.fromVisual(0, k)[1];
      const i = geo.fromVisual(k, 0)[0];
      const x = geo.left + k * SQ + SQ / 2;
      const y = geo.top + k * SQ + SQ / 2 + 10;
      s("text", { x: both ? x - 9 : x, y: bottom + 34, class: "coord" }, g, ij ? j : FILES[j]);
      s("text", { x: both ? geo.left / 2 - 7 : geo.left / 2 + 2, y, class: "coord" }, g, ij ? i : i + 1);
      if (both) {
        small(x + 14, bottom + 38, j);
        small(geo.left / 2 + 14, y + 6, i);
      }
    }
    if (ij || both) {
      s("path", { d: `M6 ${bottom + 4}L${geo.left - 4} ${bottom + geo.left - 6}`, class: "corner" }, g);
      s("text", { x: 14, y: bottom + 40, class: "coord axis" }, g, "i");
      s("text", { x: geo.left - 12, y: bottom + 20, class: "coord axis" }, g, "j");
    }
  }

  #target(square) {
    return this.state.targets?.find((t) => t.square === square);
  }

  #drawCells() {
    const { pieces, lastMove, check, selected, cellLabel } = this.state;
    // the shapes' names, by square: a star, a target, any mark is in its square's name
    const marks = new Map();
    for (const shape of this.state.shapes ?? []) {
      const sq = shape.square ?? shape.to;
      if (shape.name && sq) marks.set(sq, [...(marks.get(sq) ?? []), shape.name]);
    }
    const glow = this.#parts.check;
    glow.toggleAttribute("data-on", Boolean(check));
    const [x, y] = this.geometry.at(check ?? "a1");
    glow.setAttribute("x", x);
    glow.setAttribute("y", y);
    for (const [sq, cell] of this.cells) {
      const target = this.#target(sq);
      cell.toggleAttribute("data-last", sq === lastMove?.from || sq === lastMove?.to);
      cell.toggleAttribute("data-check", sq === check);
      if (target) cell.setAttribute("data-target", target.kind);
      else cell.removeAttribute("data-target");
      cell.toggleAttribute("data-selected", sq === selected);
      if (sq === selected) cell.setAttribute("aria-selected", "true");
      else cell.removeAttribute("aria-selected");
      if (cellLabel) cell.setAttribute("aria-label", cellLabel(sq, pieces.get(sq), target, marks.get(sq) ?? []));
    }
    this.#drawHover();
  }

  #drawHover() {
    const on = this.#target(this.hovered) ? this.hovered : null;
    for (const [sq, cell] of this.cells) cell.toggleAttribute("data-hover", sq === on);
    for (const m of /** @type {HTMLCollectionOf<SVGGElement>} */ (this.#parts.markers.children)) m.toggleAttribute("data-hover", m.dataset.for === on);
  }

  #drawMarkers() {
    const layer = this.#parts.markers;
    layer.replaceChildren();
    for (const t of this.state.targets ?? []) {
      layer.append(marker(t.kind, t.capture, this.geometry.at(t.square), t.square));
      if (t.ghost) layer.append(marker("ghost", false, this.geometry.at(t.ghost), ""));
    }
  }

  #drawShapes() {
    const { under, over } = this.#parts;
    under.replaceChildren();
    over.replaceChildren();
    for (const shape of this.state.shapes ?? []) this.#drawShape(shape, (shape.under ?? UNDER.has(shape.type)) ? under : over);
  }

  #drawShape(shape, parent) {
    const at = shape.square ? { "data-at": shape.square } : shape.from ? { "data-from": shape.from, "data-to": shape.to } : {};
    const g = s("g", { class: `shape s-${shape.type} ${shape.brush ?? ""}`.trim(), ...at }, parent);
    for (const [name, attrs, text] of shapeParts(shape, this.geometry)) s(name, attrs, g, text);
  }

  // reuses the <image> elements, so nothing flickers
  #drawPieces() {
    const layer = this.#parts.pieces;
    const pieces = this.state.pieces;
    const next = new Map();
    const spare = [];
    for (const [sq, img] of this.#pieceEls) {
      const p = pieces.get(sq);
      if (p && img.look === this.#sprite(p)) next.set(sq, img);
      else spare.push(img);
    }
    for (const [sq, p] of pieces) {
      if (next.has(sq)) continue;
      const look = this.#sprite(p);
      const k = spare.findIndex((img) => img.look === look);
      const img = k >= 0 ? spare.splice(k, 1)[0] : layer.appendChild(pieceEl(look));
      const [x, y] = this.geometry.at(sq);
      img.setAttribute("x", x);
      img.setAttribute("y", y);
      for (const a of img.getAnimations?.() ?? []) a.cancel();
      this.#putBack(img);
      next.set(sq, img);
    }
    spare.forEach((img) => img.remove());
    this.#pieceEls = next;
  }

  #putBack(img) {
    if (!img?.parentNode) return; // gone (a piece taken meanwhile)
    img.classList.remove("dragging");
    img.removeAttribute("transform");
    if (img.parentNode !== this.#parts.pieces) this.#parts.pieces.append(img);
  }

  #hover(square) {
    if (square === this.hovered) return;
    this.hovered = square ?? null;
    this.#drawHover();
    this.#emit("hover", { square: this.hovered });
  }

  #listen(svg) {
    const cellOf = (e) => e.target.closest?.("[data-square]")?.dataset.square;
    const select = (square, via, time) => this.#emit("select", { square, via, time });
    svg.onpointerdown = (e) => this.#pointerDown(e, cellOf(e));
    svg.onpointermove = (e) => this.#pointerMove(e);
    svg.onpointerup = (e) => this.#pointerUp(e);
    svg.onpointercancel = svg.onlostpointercapture = () => this.#endDrag(undefined);
    // detail 0: assistive technology (pointers act on pointerdown)
    svg.onclick = (e) => e.detail === 0 && cellOf(e) && select(cellOf(e), "click", performance.now());
    svg.onpointerover = (e) => e.pointerType === "mouse" && !this.#drag?.moving && this.#hover(cellOf(e));
    svg.onpointerleave = () => !this.#drag && this.#hover(svg.getRootNode().activeElement?.dataset?.square);
    svg.onkeydown = (e) => {
      const sq = e.target.dataset?.square;
      if (!sq) return;
      if (e.key === "Enter" || e.key === " ") select(sq, "key", e.timeStamp);
      else if (e.key === "Escape") select(null, "escape", e.timeStamp);
      else {
        const to = arrowTo(this.geometry, sq, e);
        if (!to) return;
        this.focus(to);
      }
      e.preventDefault();
    };
    svg.addEventListener("focusin", (e) => {
      const sq = e.target.dataset?.square;
      if (!sq) return;
      this.focus(sq, false);
      const visible = e.target.matches(":focus-visible");
      this.#parts.cursor.toggleAttribute("data-on", visible);
      if (visible) this.#hover(sq);
    });
    svg.addEventListener("focusout", () => this.#parts.cursor.removeAttribute("data-on"));
  }

  /** The square under a point of the screen (clientX, clientY), or null. */
  squareAt(x, y) {
    return this.#at({ clientX: x, clientY: y }).square;
  }

  /** Lifts sprite(piece), from outside the board (a palette), under the pointer of this
   * pointerdown; it ends with "drop" ({ from: null, piece, to }). */
  dragIn(e, piece) {
    const { point } = this.#at(e);
    const img = pieceEl(this.#sprite(piece), "piece dragging");
    img.setAttribute("x", String(point.x - SQ / 2));
    img.setAttribute("y", String(point.y - SQ / 2));
    this.svg.insertBefore(img, this.#parts.cursor);
    this.#press(e, { square: null, piece, img, moving: true });
    this.#pointerMove(e);
  }

  #at(e) {
    const geo = this.geometry;
    const point = new DOMPoint(e.clientX, e.clientY).matrixTransform(/** @type {DOMMatrix} */ (this.svg.getScreenCTM()).inverse());
    const col = Math.floor((point.x - geo.left) / SQ);
    const row = Math.floor((point.y - geo.top) / SQ);
    const inside = col >= 0 && col < 8 && row >= 0 && row < 8;
    return { point, square: inside ? squareName(...geo.fromVisual(row, col)) : null };
  }

  #press(e, drag) {
    this.#drag = { start: this.#at(e).point, x: e.clientX, y: e.clientY, id: e.pointerId, touch: e.pointerType !== "mouse", ...drag };
    try {
      this.svg.setPointerCapture(e.pointerId);
    } catch {}
  }

  #pointerDown(e, sq) {
    if (e.button || !sq) return;
    const again = this.state.selected === sq;
    this.#emit("select", { square: sq, via: "pointer", time: e.timeStamp });
    // a piece to move: drag it, or press it again to let go
    const img = this.#pieceEls.get(sq);
    this.#press(e, { square: sq, again, img: img && this.#emit("drag-start", { square: sq }).some(Boolean) ? img : null });
  }

  #pointerMove(e) {
    const d = this.#drag;
    const img = d?.img;
    if (!img || e.pointerId !== d.id) return;
    if (!d.moving) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < (d.touch ? 8 : 4)) return;
      d.moving = true;
      img.classList.add("dragging");
      this.svg.insertBefore(img, this.#parts.cursor);
    }
    // bigger, and above the finger on a touch screen
    const at = this.#at(e);
    const cx = Number(img.getAttribute("x")) + SQ / 2;
    const cy = Number(img.getAttribute("y")) + SQ / 2;
    const dy = at.point.y - d.start.y - (d.touch ? 40 : 0);
    img.setAttribute("transform", `translate(${at.point.x - d.start.x + cx} ${dy + cy}) scale(1.18) translate(${-cx} ${-cy})`);
    this.#hover(at.square);
  }

  #pointerUp(e) {
    const d = this.#drag;
    if (!d || e.pointerId !== d.id) return;
    if (d.moving) return this.#endDrag(this.#at(e).square);
    this.#drag = null;
    if (this.#at(e).square === d.square) this.#emit("tap", { square: d.square });
    if (d.again) this.#emit("select", { square: null, via: "release", time: e.timeStamp });
  }

  // to: the square let go over (null: off the board), undefined: the drag was cancelled
  #endDrag(to) {
    const d = this.#drag;
    this.#drag = null;
    if (!d?.moving) return;
    if (d.square) this.#putBack(d.img);
    else d.img?.remove(); // dragIn's piece: always an img
    this.#hover(null);
    if (to !== undefined) this.#emit("drop", d.square ? { from: d.square, to } : { from: null, piece: d.piece, to });
  }
}
