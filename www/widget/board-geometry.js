// @ts-check
// The board's squares and units: a square's name and (i, j), where a square lies on the screen
// (geometry: the orientation and the coordinates' margin), a piece's image. No drawing state; board.js
// and every room that names squares use it (through board.js's re-exports).
import { s } from "./dom.js";

export const SQ = 100;
export const FILES = "abcdefgh";

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
  /** @type {any} */ (el).look = look; // kept: the same look reuses the element
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

