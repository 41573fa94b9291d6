// @ts-check
// English words of the panel's explanation (explain.js): a piece's plain words and its formula's
// notes, a target's way from the piece, the special moves. Loaded when the child first reaches
// for the board, merged under the board's words (a piece set's own words come first).
const plural = new Intl.PluralRules("en");
const steps = (n) => `${n} ${plural.select(n) === "one" ? "step" : "steps"}`;

export default {
  targetHint: "Point at a marker, or go to it with the arrow keys, to see how far it is.",
  targetHintTouch: "Tap a marker to move there.",
  target: (square) => `To ${square}`,
  // rows > 0: up on the screen, cols > 0: to the right ("3 steps up and to the left")
  way: (rows, cols) => {
    const [a, b] = [Math.abs(rows), Math.abs(cols)];
    const up = rows > 0 ? "up" : "down";
    const side = cols > 0 ? "to the right" : "to the left";
    if (!b) return `${steps(a)} ${up}`;
    if (!a) return `${steps(b)} ${side}`;
    return a === b ? `${steps(a)} ${up} and ${side}` : `${steps(a)} ${up} and ${b} ${side}`;
  },
  how: {
    king: "The king steps one square, any way.",
    queen: "The queen slides along rows, columns and diagonals.",
    rook: "The rook slides along rows and columns.",
    bishop: "The bishop slides along diagonals.",
    knight: "The knight jumps like an L: two squares straight, then one to the side.",
    pawn: "The pawn steps forward. It takes a piece one square forward on a diagonal.",
  },
  howCounted: "How is it counted?",
  // a move just played, said as a move (never as an order): "The knight went to a1"
  played: (square, piece) => (piece ? `The ${piece.toLowerCase()} went to ${square}` : `It went to ${square}`),
  castling: "Castling: the king goes two squares, the rook jumps over it.",
  enPassant: (square) => `En passant: the pawn on ${square} is taken.`,
  promotes: "The pawn reaches the last row and becomes a new piece.",
  nRange: (max, fromStart) =>
    fromStart ? `n = 1, or up to ${fromStart} from the start row` : max > 1 ? `n = 1…${max}` : "n = 1",
  mode: { "capture-only": "only to capture", "move-only": "only to an empty square" },
  jumps: "jumps over pieces",
  // the pair (i, j) and which number is which, in the order the pair is read: the row, then the column
  position: (square, i, j) => `${square}, that is (${i}, ${j}): row ${i}, column ${j}`,
};
