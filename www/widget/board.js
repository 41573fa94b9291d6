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
import { s } from "./dom.js";

export const SQ = 100;
const FILES = "abcdefgh";
const media = (q) => globalThis.matchMedia?.(q) ?? { matches: false };
const reducedMotion = media("(prefers-reduced-motion: reduce)");

const PIECES = new URL("images/pieces.svg", import.meta.url).href;

/** The image of a piece of images/pieces.svg: color "white" | "black", letter "k", "q", … (any case). */
export const pieceImage = (color, letter) => `${PIECES}#${color[0]}${letter.toUpperCase()}`;
export const squareName = (i, j) => FILES[j] + (i + 1);
export const parseSquare = (sq) => [sq[1] - 1, FILES.indexOf(sq[0])];

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
  g.at = (sq) => {
    const [i, j] = parseSquare(sq);
    return [g.x(i, j), g.y(i, j)];
  };
  g.centre = (sq) => g.at(sq).map((v) => v + SQ / 2);
  return g;
}

/** What sprite(piece) gives, as an svg element of 100 × 100 units: an <image> of its URL, or an
 * <svg> its function draws into (`look`: kept, to reuse the element for the same piece). */
export function pieceEl(look, cls = "piece") {
  const image = typeof look === "string";
  const el = s(image ? "image" : "svg", { ...(image ? { href: look } : { viewBox: "0 0 100 100" }), width: SQ, height: SQ, class: cls, part: "piece" });
  if (!image) look(el);
  el.look = look;
  return el;
}

// where an arrow, Home or End key leads from sq as seen on the screen; null for another key
export function arrowTo(geo, sq, e) {
  const k = e.key;
  const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], Home: [0, -8], End: [0, 8] }[k];
  if (!step) return null;
  let [row, col] = geo.visual(...parseSquare(sq));
  if (e.ctrlKey && (k === "Home" || k === "End")) row = k === "Home" ? 0 : 7;
  const clamp = (v) => Math.min(7, Math.max(0, v));
  return squareName(...geo.fromVisual(clamp(row + step[0]), clamp(col + step[1])));
}

/** A five-pointed star around (cx, cy) with outer radius r, as an SVG path. */
export function starPath(cx, cy, r, inner = 0.45) {
  const points = [...Array(10)].map((_, k) => {
    const radius = k % 2 ? r * inner : r;
    const a = (Math.PI / 5) * k - Math.PI / 2;
    return `${(cx + radius * Math.cos(a)).toFixed(1)} ${(cy + radius * Math.sin(a)).toFixed(1)}`;
  });
  return `M${points.join("L")}Z`;
}

/** An arrow from square centre to square centre, as one closed path (shaft and head). */
export function arrowPath(x1, y1, x2, y2, width = 16, head = 40) {
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
  const [sx, sy] = [x1 + ux * 22, y1 + uy * 22]; // the piece on the start square stays visible
  const [ex, ey] = [x2 - ux * 8, y2 - uy * 8]; // the tip stops short of the centre
  const [bx, by] = [ex - ux * head, ey - uy * head];
  const side = (x, y, w) => [x - uy * w, y + ux * w];
  const w = width / 2;
  const hw = head * 0.62;
  const pts = [side(sx, sy, w), side(bx, by, w), side(bx, by, hw), [ex, ey], side(bx, by, -hw), side(bx, by, -w), side(sx, sy, -w)];
  return `M${pts.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join("L")}Z`;
}

/** A knight's arrow: the L its words describe, two squares straight, then one to the side (the
 *  corner at xc, yc), as one closed path with the head of `arrowPath`. The legs meet at a right
 *  angle, so each corner of the outline lies half the shaft's width from both legs. */
export function knightArrowPath(x1, y1, xc, yc, x2, y2, width = 16, head = 40) {
  const unit = (ax, ay, bx, by) => {
    const len = Math.hypot(bx - ax, by - ay) || 1;
    return [(bx - ax) / len, (by - ay) / len];
  };
  const [ax, ay] = unit(x1, y1, xc, yc);
  const [bx, by] = unit(xc, yc, x2, y2);
  // a point off the corner: a across the first leg, b across the second (their left normals)
  const off = (x, y, a, b) => [x - ay * a - by * b, y + ax * a + bx * b];
  const w = width / 2;
  const hw = head * 0.62;
  const [sx, sy] = [x1 + ax * 22, y1 + ay * 22]; // the piece on the start square stays visible
  const [ex, ey] = [x2 - bx * 8, y2 - by * 8]; // the tip stops short of the centre
  const [hx, hy] = [ex - bx * head, ey - by * head];
  const pts = [off(sx, sy, w, 0), off(xc, yc, w, w), off(hx, hy, 0, w), off(hx, hy, 0, hw), [ex, ey], off(hx, hy, 0, -hw), off(hx, hy, 0, -w), off(xc, yc, -w, -w), off(sx, sy, -w, 0)];
  return `M${pts.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join("L")}Z`;
}

/** The path of an arrow between two square centres: a knight's jump (one square one way, two the
 *  other) as its L, the long leg first; any other as a straight arrow. */
export function movePath(x1, y1, x2, y2, width, head) {
  const [dx, dy] = [Math.round(Math.abs(x2 - x1) / SQ), Math.round(Math.abs(y2 - y1) / SQ)];
  if (dx * dy !== 2) return arrowPath(x1, y1, x2, y2, width, head);
  const [xc, yc] = dx === 2 ? [x2, y1] : [x1, y2];
  return knightArrowPath(x1, y1, xc, yc, x2, y2, width, head);
}

// a marker shape per kind of target, not only a colour
export const BRACKETS = "M7 29V7H29M71 7H93V29M93 71V93H71M29 93H7V71";
const TICK = "M34 51L46 63L67 39";
const CROSS = "M38 38L62 62M62 38L38 62";
export const MARKERS = {
  move: [["circle", { cx: 50, cy: 50, r: 16, class: "fill" }]],
  capture: [["path", { d: BRACKETS, class: "line" }]],
  castle: [
    ["path", { d: "M32 66V34H39V26H46V34H54V26H61V34H68V66ZM45 66V54A5 5 0 0 1 55 54V66Z", class: "fill", "fill-rule": "evenodd" }],
    ["path", { d: "M22 81H78M22 81l9-7M22 81l9 7M78 81l-9-7M78 81l-9 7", class: "thin" }],
  ],
  "en-passant": [["path", { d: "M50 29L71 50L50 71L29 50Z", class: "fill" }]],
  promotion: [["path", { d: starPath(50, 52, 26, 11 / 26), class: "fill" }]],
  ghost: [["circle", { cx: 50, cy: 50, r: 38, class: "dash" }]],
  // a capture the rules of a piece set refuse (variant.js): dashed brackets and a small barred
  // circle above the piece (not a colour alone)
  refused: [
    ["path", { d: BRACKETS, class: "dash" }],
    ["path", { d: "M39 16a11 11 0 1 0 22 0a11 11 0 1 0-22 0M42 24L58 8", class: "thin" }],
  ],
};

function marker(kind, capture, [x, y], forSquare) {
  const g = s("g", { transform: `translate(${x} ${y})`, class: `marker m-${kind}`, part: "marker", "data-for": forSquare });
  const shape = s("g", { class: "shape" }, g);
  for (const [name, attrs] of MARKERS[kind] ?? MARKERS.move) s(name, attrs, shape);
  if (capture && kind === "promotion") {
    // capture and promotion: brackets, and a small star
    shape.firstChild.setAttribute("transform", "translate(56 -12) scale(.55)");
    s("path", { d: BRACKETS, class: "line" }, shape);
  }
  return g;
}

// the box of the squares from..to (any two corners), in svg units
function boxOf(geo, from, to = from) {
  const [[x1, y1], [x2, y2]] = [geo.at(from), geo.at(to)];
  const [x, y] = [Math.min(x1, x2), Math.min(y1, y2)];
  return { x, y, width: Math.abs(x2 - x1) + SQ, height: Math.abs(y2 - y1) + SQ };
}

// one shape of the list, in svg units: [element name, attributes] per part
function shapeParts(shape, geo) {
  const [x, y] = shape.square ? geo.at(shape.square) : [0, 0];
  const box = { x, y, width: SQ, height: SQ };
  switch (shape.type) {
    case "arrow":
      return [["path", { d: movePath(...geo.centre(shape.from), ...geo.centre(shape.to), ...(shape.small ? [14, 34] : [])) }]];
    case "area":
      return [["rect", boxOf(geo, shape.from ?? shape.square, shape.to)]];
    case "frame": {
      const r = boxOf(geo, shape.from ?? shape.square, shape.to);
      return [["rect", { x: r.x + 4, y: r.y + 4, width: r.width - 8, height: r.height - 8 }]];
    }
    case "line": {
      const [[x1, y1], [x2, y2]] = [geo.centre(shape.from), geo.centre(shape.to)];
      return [["line", { x1, y1, x2, y2 }]];
    }
    case "dot":
      return [["circle", { cx: x + SQ / 2, cy: y + SQ / 2, r: 9 }]];
    case "diamond":
      return [["path", { d: `M${x + 50} ${y + 22}l28 28l-28 28l-28 -28Z` }]];
    case "circle":
      return [["circle", { cx: x + SQ / 2, cy: y + SQ / 2, r: 42 }]];
    case "highlight":
      return [["rect", box]];
    case "star":
      return [["path", { d: starPath(x + 50, y + 53, 36) }]];
    case "tick":
    case "cross":
      return [
        ["circle", { cx: x + 50, cy: y + 50, r: 30 }],
        ["path", { d: shape.type === "tick" ? TICK : CROSS, transform: `translate(${x} ${y})` }],
      ];
    case "label":
      return [["text", { x: x + SQ - 8, y: y + 30 }, shape.text]];
    default:
      return [];
  }
}

// the shapes drawn below the pieces unless a shape says otherwise
const UNDER = new Set(["highlight", "star", "area", "dot", "diamond"]);

export class Board {
  svg = null;
  cells = new Map();
  geometry = null;
  focused = "e2";
  hovered = null;
  state = { pieces: new Map(), orientation: "white", coordinates: "algebraic", lastMove: null, check: null, selected: null, targets: [], shapes: [], label: "Chessboard", cellLabel: null };

  #parent;
  #sprite;
  #handlers = {};
  #pieceEls = new Map();
  #layers = new Map();
  #parts = {}; // the svg groups
  #drag = null;

  constructor(parent, { sprite, ...options } = {}) {
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
    this.cells.get(this.focused)?.setAttribute("tabindex", -1);
    const cell = this.cells.get(square);
    cell.setAttribute("tabindex", 0);
    const [x, y] = this.geometry.at(square);
    this.#parts.cursor.setAttribute("x", x + 5);
    this.#parts.cursor.setAttribute("y", y + 5);
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
    const hadFocus = this.svg?.getRootNode().activeElement?.closest?.("svg") === this.svg;
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
    this.#parts = {
      under: group("shapes shapes-under"),
      check: s("rect", { class: "check", width: SQ, height: SQ, fill: "url(#ct-glow)", "aria-hidden": "true" }, svg),
      pieces: group("pieces"),
      markers: group("markers"),
      over: group("shapes shapes-over"),
    };
    for (const g of this.#layers.values()) svg.append(g);
    this.#parts.cursor = s("rect", { class: "cursor", width: SQ - 10, height: SQ - 10, rx: 12, "aria-hidden": "true" }, svg);
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
    for (const m of this.#parts.markers.children) m.toggleAttribute("data-hover", m.dataset.for === on);
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
    img.setAttribute("x", point.x - SQ / 2);
    img.setAttribute("y", point.y - SQ / 2);
    this.svg.insertBefore(img, this.#parts.cursor);
    this.#press(e, { square: null, piece, img, moving: true });
    this.#pointerMove(e);
  }

  #at(e) {
    const geo = this.geometry;
    const point = new DOMPoint(e.clientX, e.clientY).matrixTransform(this.svg.getScreenCTM().inverse());
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
    const cx = +img.getAttribute("x") + SQ / 2;
    const cy = +img.getAttribute("y") + SQ / 2;
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
    else d.img.remove();
    this.#hover(null);
    if (to !== undefined) this.#emit("drop", d.square ? { from: d.square, to } : { from: null, piece: d.piece, to });
  }
}
