// @ts-check
// The board's shapes: paths of arrows (a knight's as its L) and stars, the target markers (a
// shape per kind of target, not a colour alone), and each shape of a plug-in's list as svg parts.
// Pure functions of a geometry (board-geometry.js): board.js draws what they give.
import { s } from "./dom.js";
import { SQ } from "./board-geometry.js";

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

export function marker(kind, capture, [x, y], forSquare) {
  const g = s("g", { transform: `translate(${x} ${y})`, class: `marker m-${kind}`, part: "marker", "data-for": forSquare });
  const shape = s("g", { class: "shape" }, g);
  for (const [name, attrs] of MARKERS[kind] ?? MARKERS.move) s(name, attrs, shape);
  if (capture && kind === "promotion") {
    // capture and promotion: brackets, and a small star
    shape.firstElementChild?.setAttribute("transform", "translate(56 -12) scale(.55)");
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
export function shapeParts(shape, geo) {
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
export const UNDER = new Set(["highlight", "star", "area", "dot", "diamond"]);
