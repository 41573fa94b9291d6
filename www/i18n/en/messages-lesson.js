// Rust's messages of the lesson player, the endgame judge and its ideas, the endgame solver: English. Keyed by the ids of crate/src/message/en.rs
// (tests/js/messages.test.mjs holds them equal to Rust's English copy).

const words = {
  "lesson-no-piece": "There is no piece there — pick one of your pieces.",
  "lesson-king-attacked": "You can't go there: the king would be attacked.",
  "lesson-in-check": "Your king is in check! Protect the king first.",
  "lesson-uncovers-king": "That move uncovers your king — it would be in check.",
  "lesson-cannot-move-so": "The {piece} can't move like that. Look at the highlighted squares.",
  "lesson-no-tables": "Wait a moment: the computer is still getting ready.",
  "lesson-not-best": "That's not the best move. Try again!",
  "lesson-piece-unprotected": "The {piece} was captured — it was not protected.",
  "lesson-stalemate": "That's stalemate: the king can't move but isn't in check. A draw!",
  "lesson-not-mate": "That's not mate — the king can escape. You need mate in {n}.",
  "lesson-piece-taken": "Your piece was captured.",
  "lesson-game-over": "The game is over. Try again!",
  "lesson-wrong-square": "The {piece} can't go to {square}. Remember its formula!",
  "lesson-wrong-answer": "Not quite. Think again!",
  "lesson-win-to-draw": "The win slipped away: now, if your opponent plays best, it is a draw.",
  "lesson-win-to-loss": "Oops! Now, if your opponent plays best, you lose.",
  "lesson-draw-to-loss": "The draw slipped away: now, if your opponent plays best, you lose.",
  "lesson-student-not-to-move": "the child plays {side} but {turn} is to move",
  "lesson-needs-tables": "load {files} first",
  "idea-left-square": "Your king left the square of the pawn. Now it cannot catch the pawn!",
  "idea-gave-opposition": "You gave away the opposition. Now the other king can push yours aside.",
  "idea-king-in-front": "Your king should walk in front of its pawn and clear the way, not behind or beside it.",
  "endgame-no-king": "{side} has no king; the endgame solver needs both kings",
  "endgame-outside": "a {side} {piece} is outside the king-and-pawn classes ({classes})",
  "endgame-too-many": "{side} has {count} men besides the king; the king-and-pawn classes ({classes}) allow one pawn or queen a side",
  "endgame-illegal-move": "{uci} is not a legal move here",
  "endgame-missing": "tables: load {files} first",
  "endgame-data": "tables: {file}: {detail}",
};

export default words;
