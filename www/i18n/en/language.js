// @ts-check
// The English language as data: its name in itself, the piece letters of SAN (K Q R B N; a pawn
// has none), as the rules write them. Data only, one "id": "words" pair a line: Rust reads this
// file too (crate/src/message/mod.rs).
export default {
  "language-name": "English",
  "letter-pawn": "",
  "letter-knight": "N",
  "letter-bishop": "B",
  "letter-rook": "R",
  "letter-queen": "Q",
  "letter-king": "K",
  "look-alikes": "",
};
