// @ts-check
// English words for reading aloud (speech.js): the voices this language prefers, and how a square,
// a piece and a move are said ("e4" is said "E four"; "Qh4#" "queen H four, mate"). Loaded only
// where something is read aloud.
export default {
  readAloud: "Read aloud",
  // the regions of a voice, best first, one space between (a local voice of any region comes before them)
  regions: "en-US en-GB",
  files: { a: "A", b: "B", c: "C", d: "D", e: "E", f: "F", g: "G", h: "H" },
  ranks: ["one", "two", "three", "four", "five", "six", "seven", "eight"],
  // by kind (the letters a move shows them by are SAN's and language.js's)
  pieces: { king: "king", queen: "queen", rook: "rook", bishop: "bishop", knight: "knight", pawn: "pawn" },
  takes: "takes",
  to: "to",
  becomes: (piece) => `becomes a ${piece}`,
  check: "check",
  mate: "mate",
  castleShort: "castles short",
  castleLong: "castles long",
  // the computer's move said as a move (play.js): "The knight went to f3."
  went: (piece, square, took) => `The ${piece} ${took ? "took on" : "went to"} ${square}.`,
  yourTurn: "Your turn!",
  // a letter said by itself, where a voice would read it wrongly ("ΔI"); a lone "a" is a word in English
  // (English says a Latin letter as it is written: the same letters as the other languages, each
  // said as itself)
  spokenLetters: {
    a: "a", b: "b", c: "c", d: "d", e: "e", f: "f", g: "g", h: "h", i: "i", j: "j", n: "n", x: "x",
    I: "I", J: "J", "ΔI": "delta I", "ΔJ": "delta J",
  },
  // a digit after a letter ("i1": "i one")
  spokenDigits: ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"],
  // names said otherwise than written
  spokenNames: { "chess-t1": "chess T one" },
  // symbols said as a word; other symbols (★ are counted, ✓, →) are never read
  spokenSymbols: { "=": "equals", "+": "plus", "#": "hash", "·": "times", "−": "minus", "%": "percent" },
  // stars ("★★★"): in words
  spokenStars: (n) => (n === 1 ? "one star" : `${["", "", "two", "three", "four"][n] ?? n} stars`),
};
