// @ts-check
// Rust's messages about piece sets (their checker) and the variant rules (chess-t1): English.
// Keyed by the ids of crate/src/message/en.rs (tests/js/messages.test.mjs checks every id); Rust reads
// each one-line string ("id": "words",) at build time (crate/build.rs): the English is written here only.
import { lookup } from "./messages-core.js";
import check from "./messages-check.js";

const word = (name, a) => lookup({ ...check, ...words }, name, a);

const words = {
  "json-bad-value": (a) => `${word("got", a)} is not allowed here: use ${word("want", a)}`,
  "want-step": "-1, 0 or 1",
  "want-letter": "one letter",
  "pieces-bad-id": "'{id}' is not an id; use lower-case letters, digits and '-'",
  "pieces-id-twice": "the id '{id}' is used twice (first at {first})",
  "pieces-none": "a piece set needs at least one piece",
  "pieces-bad-letter": "'{found}' is not a letter; a piece's letter is one of A-Z",
  "pieces-letter-twice": "the letter {letter} is taken by the piece '{other}'",
  "pieces-bad-image": "'{found}' is not an image name; use letters, digits, '-' and '_'",
  "pieces-unknown-region": "there is no region '{region}'; declare it in \"regions\"",
  "pieces-unknown-region-near": "there is no region '{region}'; did you mean '{suggestion}'?",
  "pieces-no-lines": "a piece needs at least one line",
  "pieces-empty-deltas": "{field} needs at least one value: -1, 0 or 1",
  "pieces-no-step": "ΔI and ΔJ are both 0: this line goes nowhere",
  "pieces-bad-scale": "a scale is [a, b] with a and b from 1 to 7, found [{i}, {j}]",
  "pieces-bad-n": "n is [min, max] with 1 ≤ min ≤ max ≤ 7, found [{min}, {max}]",
  "pieces-bad-start": "n_max_from_start is {found}: it must be from {max} (the line's largest n) to 7",
  "pieces-unknown-set": "there is no built-in piece set '{id}'; use 'chess-t1' or 'fide'",
  "variant-bad-letter": "rank {rank}: '{char}' is not a letter of this piece set ({letters}; lower case for Black) or a digit",
  "variant-board-bad-letter": "'{char}' is not a letter of this piece set ({letters}; lower case for Black) or '.'",
  "variant-no-castling": "'{found}': this piece set has no castling; write '-'",
  "variant-no-en-passant": "'{found}': this piece set has no en passant; write '-'",
  "variant-cannot-reach": "the {piece} on {from} cannot go to {to}",
  "variant-not-stronger": "no capture on {to}: White has {white} there and Black {black}; {side} needs more force than the other side",
  "variant-region": (a) => `the ${a.piece} may not enter ${a.square}: it is in the ${word("region", a)}`,
  "variant-nothing-to-undo": "there is no move to take back",
  "variant-nothing-to-redo": "there is no move to play again",
  "variant-target-move": "{to}: line {line}, n = {n}, ΔI = {di}, ΔJ = {dj}",
  "variant-target-capture": "{to}: capture along line {line}, n = {n}: White has {white} there, Black {black}",
  "variant-target-not-stronger": "{to}: no capture: White has {white} there, Black {black}; {side} needs more force",
  "variant-target-region": (a) => `${a.to}: the ${a.piece} may not enter the ${word("region", a)}`,
  "region-castle": "castle",
};

export default words;
