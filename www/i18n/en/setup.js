// English words for <chess-setup> (setup.js). Loaded only when used (i18n.js loadWords).
const plural = new Intl.PluralRules("en");
const SIDE = { white: "White", black: "Black" };
const PIECE = { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" };
const count = (n, one) => `${n} ${one}${plural.select(n) === "one" ? "" : "s"}`;
const cap = (s) => s[0].toUpperCase() + s.slice(1);
const WING = { king: "king’s side (O-O)", queen: "queen’s side (O-O-O)" };
// the FEN fields by number (1: the pieces)
const FIELD = [null, "the pieces", "who moves", "castling", "en passant", "half-move clock", "move number"];

export default {
  board: "Board for setting up a position",
  // "white knight"
  piece: (color, kind) => `${color} ${PIECE[kind]}`,
  cell: (square, piece) => `${square}, ${piece ?? "empty"}`,
  problemHere: "problem here",
  palette: "Pieces to put on the board",
  eraser: "Eraser",
  hintNone: "Pick a piece, then tap squares to put it there.",
  hintPiece: (name) => `${cap(name)}: tap a square to put it there, tap it again to take it off.`,
  hintEraser: "Eraser: tap a piece to take it off.",
  hintMore: "Drag pieces to move them, or off the board to take them away. Right-click takes a piece off.",
  pickFirst: "First pick a piece or the eraser below the board.",
  placed: (name, square) => `${cap(name)} on ${square}`,
  replaced: (name, square, old) => `${cap(name)} on ${square} instead of the ${old}`,
  removed: (name, square) => `${cap(name)} taken off ${square}`,
  moved: (name, from, to) => `${cap(name)} moved from ${from} to ${to}`,
  alreadyEmpty: (square) => `${square} is already empty`,
  start: "Start position",
  clear: "Empty board",
  flip: "Flip board",
  startDone: "The start position is set up",
  clearDone: "The board is empty",
  flipDone: (side) => `${SIDE[side]} is at the bottom now`,
  toMove: "Who moves first?",
  side: SIDE,
  sideDone: (side) => `${SIDE[side]} to move`,
  castling: "Castling",
  castle: { K: "O-O", Q: "O-O-O", k: "O-O", q: "O-O-O" },
  castleLabel: (color, wing) => `${SIDE[color]}: castling on the ${WING[wing]}`,
  castleDone: (label, on) => `${label}: ${on ? "allowed" : "not allowed"}`,
  castleHint: "Only when the king and that rook still stand on their first squares.",
  enPassant: "En passant square",
  noEnPassant: "none",
  enPassantDone: (square) => (square ? `En passant on ${square}` : "No en passant"),
  counters: "Move counters",
  halfmove: "Half-moves without a capture or a pawn move",
  fullmove: "Move number",
  fen: "FEN",
  textBoard: "Text board",
  textHint: "8 lines, rank 8 first: K Q R B N P are White, k q r b n p Black, a dot is an empty square. A 9th line may give who moves and the rest of the FEN, such as b KQkq - 0 1.",
  copy: "Copy",
  copied: "Copied!",
  copyFailed: "Could not copy: the text is selected, press Ctrl+C.",
  play: "Play from this position",
  legal: "This position is legal.",
  illegal: "This position is not possible:",
  status: "Position check",
  // the rules' reasons, by kind, read back from the English message (setup.js, until the rules
  // give message ids: then messages-core.js has the words)
  reason: {
    "pawn-edge": (square) => `A pawn cannot stand on ${square}: pawns never stand on rank 1 or rank 8.`,
    kings: (color, n) => `${SIDE[color]} has ${count(n, "king")}, but each side has only one king.`,
    pawns: (color, n) => `${SIDE[color]} has ${count(n, "pawn")}, but a side has at most 8.`,
    pieces: (color, n) => `${SIDE[color]} has ${count(n, "piece")}, but a side has at most 16.`,
    "castle-king": (color, wing, square) => `${SIDE[color]} cannot castle on the ${WING[wing]}: the king is not on ${square}.`,
    "castle-rook": (color, wing, square) => `${SIDE[color]} cannot castle on the ${WING[wing]}: there is no rook on ${square}.`,
    "en-passant": (square, color) => `En passant on ${square} is not possible: no ${color} pawn has just jumped over it.`,
    check: (color, square, turn) =>
      `The ${color} king on ${square} is in check, but it is ${SIDE[turn]}’s move — the king could be taken! Change who moves, or move a piece.`,
    empty: () => "There is nothing to read yet.",
    ranks: (n) => `A FEN has 8 ranks separated by “/”; this one has ${n}.`,
    "rank-short": (rank, n) => `Rank ${rank} has ${count(+n, "square")}; a rank has 8.`,
    "rank-long": (rank) => `Rank ${rank} has more than 8 squares.`,
    "bad-digit": (rank, ch) => `Rank ${rank}: “${ch}” is not a number of empty squares (1–8).`,
    "bad-letter": (rank, ch) => `Rank ${rank}: “${ch}” is not a piece letter (K Q R B N P, k q r b n p) or a number.`,
    "bad-char": (ch) => `“${ch}” is not a piece letter (K Q R B N P, k q r b n p) or a dot.`,
    "side-letter": (ch) => `Who moves is “w” or “b”, not “${ch}”.`,
    "castle-letter": (ch) => `“${ch}” is not a castling right; use K, Q, k, q or “-”.`,
    "castle-twice": (ch) => `“${ch}” is written twice.`,
    "ep-square": (text) => `“${text}” is not a square; write a square such as e3, or “-”.`,
    halfmove: (text) => `“${text}” is not a number of half-moves.`,
    fullmove: (text) => `“${text}” is not a move number (1 or more).`,
    fields: (n) => `A FEN has at most 6 parts; this one has ${n}.`,
    lines: (n) => `A text board has 8 lines of 8 squares; this one has ${n}.`,
    "line-length": (rank, n) => `Rank ${rank} has ${count(+n, "square")}; write 8 characters.`,
    "extra-lines": () => "A text board has 8 lines and at most one more line with the rest of the FEN.",
  },
  // where a reading error is: "Line 3, column 5", "FEN, castling"
  where: { line: (n, col) => `Line ${n}${col ? `, column ${col}` : ""}`, field: (n) => `FEN, ${FIELD[n] ?? n}` },
  note: {
    noKing: (color) => `${SIDE[color]} has no king. That is fine for an exercise, but a real game needs both kings.`,
    noKings: "There are no kings. That is fine for an exercise, but a real game needs both kings.",
    check: (color) => `${SIDE[color]} is in check.`,
    checkmate: (color) => `${SIDE[color]} is checkmated: the game would be over.`,
    stalemate: (color) => `Stalemate: ${SIDE[color]} has no move, the game would be a draw.`,
  },
};
