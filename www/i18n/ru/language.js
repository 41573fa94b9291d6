// @ts-check
// The Russian language as data: its name in itself (the studio's text fields), the piece letters
// of its notation (Кр Ф Л С К; a pawn has none), which the move list and the lesson's words show,
// and the Cyrillic letters that look like SAN's Latin ones (typed on a Russian keyboard: "с" for
// "c"), read as those. Data only, one "id": "words" pair a line: Rust reads this file too
// (crate/src/message/mod.rs: a PGN in Russian letters).
export default {
  "language-name": "Русский",
  "letter-pawn": "",
  "letter-knight": "К",
  "letter-bishop": "С",
  "letter-rook": "Л",
  "letter-queen": "Ф",
  "letter-king": "Кр",
  "look-alikes": "аa сc еe хx",
};
