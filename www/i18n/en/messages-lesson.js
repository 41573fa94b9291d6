// @ts-check
// Rust's messages of the lesson player, the endgame judge and its ideas, the endgame solver: English. Keyed by the ids of crate/src/message/en.rs
// The English is written here only: Rust reads each one-line string ("id": "words",) at build time
// (crate/build.rs); a function's words are also a template in en.rs, held equal by tests/js/messages.test.mjs.
import explain from "./explain.js";

const cap = (s) => s[0].toUpperCase() + s.slice(1);
// where a square lies as the child sees the board, in the panel's explanation words ("2 steps down")
// from the squares' names (a file a–h, a rank 1–8); a.flip: the board is turned (Black below)
const way = (a) => {
  const turn = a.flip ? -1 : 1;
  const [to, at] = [a.to, a.square].map((sq) => [sq.charCodeAt(1), sq.charCodeAt(0)]);
  return explain.way((at[0] - to[0]) * turn, (at[1] - to[1]) * turn);
};
const AIM = {
  star: (a) => `The star is on ${a.square}: ${way(a)} from there`,
  reach: (a) => `The square to reach is ${a.square}: ${way(a)} from there`,
  capture: (a) => `A piece to take is on ${a.square}: ${way(a)} from there`,
};

const words = {
  "lesson-no-piece": "There is no piece there — pick one of your pieces.",
  "lesson-king-attacked": "You can't go there: the king would be attacked.",
  "lesson-in-check": "Your king is in check! Protect the king first.",
  "lesson-uncovers-king": "That move uncovers your king — it would be in check.",
  "lesson-cannot-move-so": "The {piece} can't move like that. Look at the highlighted squares.",
  "lesson-no-tables": "Wait a moment: the computer is still getting ready.",
  "lesson-not-best": "That's not the best move. Try again!",
  "lesson-escape-not-safe": "The {piece} on {square} can still be won! Look at the arrow.",
  "lesson-escape-by-capture": "Your {piece} is safe. But here, capture the attacker!",
  "lesson-escape-by-run": "Your {piece} is safe. But here, move it away!",
  "lesson-escape-by-protect": "Your {piece} is safe. But here, protect it!",
  "lesson-piece-unprotected": "The {piece} was captured — it was not protected.",
  "lesson-stalemate": "That's stalemate: the king can't move but isn't in check. A draw!",
  "lesson-not-mate": "That's not mate — the king can escape. You need mate in {n}.",
  "lesson-piece-taken": "Your piece was captured.",
  "lesson-game-over": "The game is over. Try again!",
  "lesson-wrong-square": "The {piece} can't go to {square}. Remember its formula!",
  "lesson-wrong-answer": "Not quite. Think again!",
  "lesson-hint-piece": "Look at the {piece} on {square}.",
  "lesson-hint-move": "Move the {piece} from {from} to {to}.",
  "lesson-hint-piece-at": "Look at the piece on {square}.",
  "lesson-hint-move-at": "Move the piece from {from} to {to}.",
  "lesson-hint-promote": "Move the pawn from {from} to {to}, then choose the {becomes}.",
  "lesson-hint-quiz": "Tap {square}: the {piece} can go there.",
  "lesson-hint-quiz-at": "Tap {square}: the piece can go there.",
  "lesson-not-mate-no-check": "That is not mate yet: the king is not even in check. You need mate in {n}.",
  "lesson-win-to-draw": "The win slipped away: now, if your opponent plays best, it is a draw.",
  "lesson-win-to-loss": "Oops! Now, if your opponent plays best, you lose.",
  "lesson-draw-to-loss": "The draw slipped away: now, if your opponent plays best, you lose.",
  "lesson-student-not-to-move": "the child plays {side} but {turn} is to move",
  "lesson-needs-tables": "load {files} first",
  "lesson-needs-package": "this lesson plays with the package {package}: load that one",
  "lesson-unreadable": "this lesson cannot be read at line {line}, column {col}",
  "lesson-capture-weaker": "No capture: on {square} your side has {ours} and the other side {theirs}. You need more force!",
  "lesson-region": "This piece may not step onto {square}.",
  "lesson-piece-cannot-move-so": "This piece can't move like that. Look at the highlighted squares.",
  "lesson-piece-wrong-square": "This piece can't go to {square}. Remember its lines!",
  "lesson-why-capture": "Yes! On {square} your side has {ours} and the other side {theirs}: more force, so the capture is allowed.",
  "lesson-why-no-capture": "No: on {square} your side has {ours} and the other side {theirs}. That is not more, so no capture.",
  "lesson-why-white": "On {square} White has {white} and Black has {black}: White is stronger.",
  "lesson-why-black": "On {square} White has {white} and Black has {black}: Black is stronger.",
  "lesson-why-equal": "On {square} White has {white} and Black has {black}: the forces are equal.",
  "idea-left-square": "Your king went too far from the pawn's path. Now it cannot catch the pawn!",
  "idea-gave-opposition": "Now the other king can stand face to face with yours, and yours will have to step aside.",
  "idea-king-in-front": "Your king should walk in front of its pawn and clear the way, not behind or beside it.",
  "endgame-no-king": "{side} has no king; the endgame solver needs both kings",
  "endgame-outside": "a {side} {piece} is outside the king-and-pawn classes ({classes})",
  "endgame-castling": "{side} may still castle, and the solver knows no castling: write - for the castling rights",
  "endgame-too-many": "{side} has {count} men besides the king; the king-and-pawn classes ({classes}) allow one pawn or queen a side",
  "endgame-illegal-move": "{uci} is not a legal move here",
  "endgame-missing": "tables: load {files} first",
  "endgame-data": "tables: {file}: {detail}",
  "idea-pushed-too-early": "The pawn hurried to {square}. The king goes first and clears the way; the pawn follows.",
  // issue 14: why a quiz square, a move or an endgame move is wrong
  "lesson-quiz-stays": "The {piece} already stands on {square}: a move goes to another square.",
  "lesson-quiz-own": "Your own {other} stands on {square}: a piece can't go there.",
  "lesson-quiz-blocked": "The {piece} can't jump over the {other} on {square}.",
  "lesson-quiz-pawn-ahead": "A pawn can't take straight ahead: the {other} on {square} is in the way.",
  "lesson-quiz-pawn-diagonal": "A pawn steps to the side only to take a piece, and {square} is empty.",
  "lesson-quiz-king": "The {piece} can't go to {square}: it would leave the king in check.",
  "lesson-quiz-no-line-knight": "The knight on {from} can't reach {to}: it moves in an L — two squares one way and one to the side.",
  "lesson-quiz-no-line-bishop": "The bishop on {from} can't reach {to}: it moves only on diagonals.",
  "lesson-quiz-no-line-rook": "The rook on {from} can't reach {to}: it moves only straight, along a row or a column.",
  "lesson-quiz-no-line-queen": "The queen on {from} can't reach {to}: it moves straight or on a diagonal, never like a knight.",
  "lesson-quiz-no-line-king": "The king on {from} can't reach {to}: it steps only one square.",
  "lesson-quiz-no-line-pawn": "The pawn on {from} can't reach {to}: it goes straight forward, one square (two from its first row).",
  "lesson-not-best-reply": (a) => `That's not the best move: after it, ${cap(a.side)} can play ${a.reply} (see the arrow). Try again!`,
  "lesson-not-best-mate": (a) => `That's not the best move: after it, ${cap(a.side)} can mate with ${a.reply} (see the arrow). Try again!`,
  "lesson-win-to-draw-reply": "Now the {side} {piece} goes to {to} (see the arrow), and the win is gone: it's a draw.",
  "lesson-win-to-loss-reply": "Now the {side} {piece} goes to {to} (see the arrow), and you lose.",
  "lesson-draw-to-loss-reply": "Now the {side} {piece} goes to {to} (see the arrow), and the draw is gone.",
  "lesson-quiz-own-piece": "Your own piece stands on {square}: a piece can't go there.",
  "lesson-follow-arrow": "Follow the arrow: the {piece} from {from} to {to}.",
  "lesson-follow-arrow-at": "Follow the arrow: the piece from {from} to {to}.",
  "lesson-show-next": "Look and listen, then press Next.",
  "lesson-no-check": (a) => `No check in ${a.n} ${a.n === 1 ? "move" : "moves"}: the king on ${a.square} was never attacked. Try again!`,
  // issue 25: a wrong move explained (where the piece went, where it should have gone)
  "lesson-went": (a) => `The ${a.piece} went to ${a.to}. ${AIM[a.aim]?.(a) ?? ""}.`,
  "aim-star": AIM.star,
  "aim-reach": AIM.reach,
  "aim-capture": AIM.capture,
  "lesson-arrow-not": (a) => `Not ${a.to}: the arrow goes to ${a.square}, ${way(a)} from there.`,
  // issue 28: a right answer of a best_move lesson that accepts a group
  "lesson-right-mate": "Right! {played} gives mate.",
  "lesson-right-wins": "Right! {played} wins the {piece}.",
  // issue 29: the keep_pieces goal
  "lesson-keep-pieces-lost": "Your {piece} on {square} was captured, and you could not capture as much back. Try again!",
};

export default words;
