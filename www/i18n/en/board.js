// @ts-check
// English words for <chess-tutor> (piece names: formulas()). Loaded only when used.
import language from "./language.js";
const plural = new Intl.PluralRules("en");
const SIDE = { white: "White", black: "Black" };
const countMoves = (n) => `${n} ${plural.select(n) === "one" ? "move" : "moves"}`;

// the piece names (ids of Rust's catalogue): the board's square labels need them before any
// message does; messages-core.js takes them from here
export const PIECES = { "piece-pawn": "pawn", "piece-knight": "knight", "piece-bishop": "bishop", "piece-rook": "rook", "piece-queen": "queen", "piece-king": "king" };

export default {
  ...PIECES,
  // the piece letters of the language's notation (the move list): language.js
  ...language,
  board: "Chessboard",
  cell: (square, piece, color) => (piece ? `${square}, ${color} ${piece}` : `${square}, empty`),
  targetSuffix: {
    move: "can move here",
    capture: "can capture here",
    castle: "castling here",
    "en-passant": "en passant capture here",
    promotion: "pawn promotes here",
  },
  color: { white: "white", black: "black" },
  turn: (side) => `${SIDE[side]} to move`,
  check: "Check!",
  selected: (piece, square, n) => `${piece} on ${square}: ${countMoves(n)}`,
  countMoves,
  noMoves: (piece, square) => `${piece} on ${square} has no moves right now — try another piece.`,
  emptySquare: "This square is empty — pick one of your pieces.",
  enemyPiece: (owner, turn) => `That is ${SIDE[owner]}’s piece — it is ${SIDE[turn]}’s turn.`,
  notThere: (square) => `It cannot go to ${square} — pick a square with a marker.`,
  // the game is over: the widget's own buttons (undo: a move can be taken back), or none shown
  gameIsOver: (undo) => (undo ? "The game is over. Press “New game” or “Undo”." : "The game is over. Press “New game”."),
  overDone: "The game is over.",
  moved: (side, piece, from, to, capture) => `${SIDE[side]}: ${piece.toLowerCase()} ${from}${capture ? " takes " : "–"}${to}`,
  castles: "castling",
  becomes: (piece) => `now a ${piece.toLowerCase()}`,
  undone: (text) => `Move taken back: ${text}`,
  pickHint: "Click a piece to see how it moves.",
  pickHintTouch: "Tap a piece to see how it moves.",
  overHint: (undo) => (undo ? "The game is over. Start a new game, or take a move back." : "The game is over. Start a new game."),
  close: "Close",
  choose: "Choose a new piece",
  cancel: "Cancel",
  undo: "Undo",
  redo: "Redo",
  reset: "New game",
  flip: "Flip board",
  moves: "Moves",
  rulesFailed: "The chess rules could not be loaded.",
  badPosition: (message) => `This position could not be read: ${message}`,
  over: {
    checkmate: (w) => `Checkmate! ${SIDE[w]} wins.`,
    stalemate: () => "Stalemate: no legal move, but no check either. It is a draw.",
    "insufficient-material": () => "Draw: nobody can checkmate any more (a dead position).",
    fivefold: () => "Draw: the same position came five times.",
    "seventy-five-moves": () => "Draw: 75 moves each without a capture or a pawn move.",
    threefold: () => "Draw: the same position came three times, and a draw was claimed.",
    "fifty-moves": () => "Draw: 50 moves each without a capture or a pawn move, and a draw was claimed.",
    resignation: (w) => `${SIDE[w]} wins: the other side resigned.`,
    agreement: () => "Draw by agreement.",
    timeout: (w) => `${SIDE[w]} wins on time.`,
    "timeout-insufficient-material": () => "Draw: time ran out, but nobody could checkmate.",
  },
};
