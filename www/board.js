// The SVG board of <chess-tutor>: squares (the ARIA grid), coordinates, pieces, markers.
// Everything is built with createElementNS and textContent: no markup strings, no inline styles.

const SVG = "http://www.w3.org/2000/svg";
export const SQ = 100; // one square in viewBox units
const FILES = "abcdefgh";

export const squareName = (i, j) => FILES[j] + (i + 1);
export const parseSquare = (sq) => [Number(sq[1]) - 1, FILES.indexOf(sq[0])];

/** An SVG element with attributes. */
export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  parent?.append(node);
  return node;
}

// Marker shapes, one per kind of target, in a 100×100 square. The shape carries the kind, so
// colour is never the only cue.
const star = (() => {
  const points = [];
  for (let k = 0; k < 10; k++) {
    const r = k % 2 ? 11 : 26;
    const a = (Math.PI / 5) * k - Math.PI / 2;
    points.push(`${(50 + r * Math.cos(a)).toFixed(1)} ${(52 + r * Math.sin(a)).toFixed(1)}`);
  }
  return `M${points.join("L")}Z`;
})();
const BRACKETS = "M7 29V7H29M71 7H93V29M93 71V93H71M29 93H7V71";
const SHAPES = {
  move: [["circle", { cx: 50, cy: 50, r: 16, class: "fill" }]],
  capture: [["path", { d: BRACKETS, class: "line" }]],
  castle: [
    // a little tower above a double arrow
    ["path", { d: "M32 66V34H39V26H46V34H54V26H61V34H68V66ZM45 66V54A5 5 0 0 1 55 54V66Z", class: "fill", "fill-rule": "evenodd" }],
    ["path", { d: "M22 81H78M22 81l9-7M22 81l9 7M78 81l-9-7M78 81l-9 7", class: "thin" }],
  ],
  "en-passant": [["path", { d: "M50 29L71 50L50 71L29 50Z", class: "fill" }]],
  promotion: [["path", { d: star, class: "fill" }]],
};

/** The marker for a target: a <g> placed at (x, y) holding the shape of its kind. */
export function marker(kind, capture, x, y) {
  const outer = el("g", { transform: `translate(${x} ${y})`, class: `marker m-${kind}`, part: "marker" });
  const inner = el("g", { class: "shape" }, outer);
  for (const [name, attrs] of SHAPES[kind] ?? SHAPES.move) el(name, attrs, inner);
  // a promotion that captures: the capture brackets, and the star moves out of the piece's way
  if (capture && kind === "promotion") {
    inner.firstChild.setAttribute("transform", "translate(56 -12) scale(.55)");
    el("path", { d: BRACKETS, class: "line" }, inner);
  }
  return outer;
}

/** A dashed "ghost" on the pawn that en passant removes, with an arrow towards the capturer. */
export function ghost(x, y) {
  const g = el("g", { transform: `translate(${x} ${y})`, class: "marker m-ghost", part: "marker" });
  el("circle", { cx: 50, cy: 50, r: 38, class: "dash" }, g);
  return g;
}

/**
 * Geometry for an orientation and a coordinates mode: the viewBox and where each square is.
 * `visual(i, j)` gives the screen row and column (0 = top / left).
 */
export function geometry(orientation, coordinates) {
  const frame = 14;
  const label = coordinates === "none" ? frame : 48;
  const black = orientation === "black";
  const g = {
    left: label,
    top: frame,
    width: label + 8 * SQ + frame,
    height: frame + 8 * SQ + label,
    black,
    visual: (i, j) => (black ? [i, 7 - j] : [7 - i, j]),
    fromVisual: (row, col) => (black ? [row, 7 - col] : [7 - row, col]),
  };
  g.x = (i, j) => g.left + g.visual(i, j)[1] * SQ;
  g.y = (i, j) => g.top + g.visual(i, j)[0] * SQ;
  return g;
}

/**
 * Builds the board: an <svg role="grid"> with 8 rows of 8 gridcells (top row first, as seen),
 * then the coordinates, the highlight overlays, the pieces and the markers, each in its own layer.
 */
export function buildBoard(geo, coordinates, label) {
  const svg = el("svg", {
    viewBox: `0 0 ${geo.width} ${geo.height}`,
    part: "board",
    class: "board",
    role: "grid",
    "aria-label": label,
  });
  const defs = el("defs", {}, svg);
  const grad = el("radialGradient", { id: "ct-check-glow" }, defs);
  el("stop", { offset: "0", class: "check-stop-in" }, grad);
  el("stop", { offset: "0.55", class: "check-stop-mid" }, grad);
  el("stop", { offset: "1", class: "check-stop-out" }, grad);

  el("rect", { class: "frame", x: 0, y: 0, width: geo.width, height: geo.height, rx: 22, "aria-hidden": "true" }, svg);
  const cells = new Map();
  for (let row = 0; row < 8; row++) {
    const rowEl = el("g", { role: "row" }, svg);
    for (let col = 0; col < 8; col++) {
      const [i, j] = geo.fromVisual(row, col);
      const sq = squareName(i, j);
      const shade = (i + j) % 2 ? "light" : "dark";
      const cell = el("g", {
        role: "gridcell",
        class: `cell ${shade}`,
        part: `square ${shade}`,
        tabindex: "-1",
        "data-square": sq,
        "data-i": i,
        "data-j": j,
      }, rowEl);
      const x = geo.left + col * SQ;
      const y = geo.top + row * SQ;
      el("rect", { class: "bg", x, y, width: SQ, height: SQ }, cell);
      el("rect", { class: "hl", x, y, width: SQ, height: SQ }, cell);
      cells.set(sq, cell);
    }
  }

  if (coordinates !== "none") {
    const coords = el("g", { class: "coords", part: "coordinates", "aria-hidden": "true" }, svg);
    const ij = coordinates === "ij";
    for (let k = 0; k < 8; k++) {
      // column labels under the board, row labels on its left
      const [, j] = geo.fromVisual(0, k);
      const [i] = geo.fromVisual(k, 0);
      const colText = el("text", { x: geo.left + k * SQ + SQ / 2, y: geo.top + 8 * SQ + 34, class: "coord" }, coords);
      colText.textContent = ij ? String(j) : FILES[j];
      const rowText = el("text", { x: geo.left / 2 + 2, y: geo.top + k * SQ + SQ / 2 + 10, class: "coord" }, coords);
      rowText.textContent = ij ? String(i) : String(i + 1);
    }
    if (ij) {
      // a table corner: i (rows) above the diagonal, j (columns) below it
      const cy = geo.top + 8 * SQ;
      el("path", { d: `M6 ${cy + 4}L${geo.left - 4} ${cy + geo.left - 6}`, class: "corner-line" }, coords);
      const iText = el("text", { x: 14, y: cy + 40, class: "coord axis" }, coords);
      iText.textContent = "i";
      const jText = el("text", { x: geo.left - 12, y: cy + 20, class: "coord axis" }, coords);
      jText.textContent = "j";
    }
  }

  const overlay = el("g", { class: "overlay", "aria-hidden": "true" }, svg);
  const check = el("rect", { class: "check", width: SQ, height: SQ, fill: "url(#ct-check-glow)" }, overlay);
  const pieces = el("g", { class: "pieces", "aria-hidden": "true" }, svg);
  const markers = el("g", { class: "markers", "aria-hidden": "true" }, svg);
  const cursor = el("rect", { class: "cursor", width: SQ - 10, height: SQ - 10, rx: 12, "aria-hidden": "true" }, svg);
  return { svg, cells, check, pieces, markers, cursor };
}
