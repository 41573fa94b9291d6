// @ts-check
// Rust's messages the plain board widget can show: position, FEN, text board and move errors, the rules' refusals, piece names, formula notes, the computer opponent's refusals: English. Keyed by the ids of crate/src/message/en.rs
// The English is written here only: Rust reads each one-line string ("id": "words",) at build time
// (crate/build.rs); a function's words are also a template in en.rs, held equal by tests/js/messages.test.mjs.
import { PIECES } from "./board.js";

export const fill = (t, a) => t.replace(/\{(\w+)\}/g, (m, k) => (k in a ? String(a[k]) : m));
const cap = (s) => String(s)[0].toUpperCase() + String(s).slice(1);
/** An argument whose value names a word of `words` (task "reach" → "task-reach", goal "best_move" → "goal-best-move") takes its words. */
export const lookup = (words, name, a) => {
  // a value with underscores (a goal's JSON name, best_move) names the word with hyphens
  const w = words[`${name}-${String(a[name]).replaceAll("_", "-")}`];
  return w === undefined ? String(a[name]) : typeof w === "function" ? w(a) : fill(w, a);
};
const word = (name, a) => lookup(words, name, a);
const FIELD = [null, "the pieces", "who moves", "castling", "en passant", "half-move clock", "move number"];

const words = {
  "position-pawn-on-edge": "a pawn cannot stand on {square}: pawns never stand on rank 1 or rank 8",
  "position-kings": "{side} has {count} kings; a side has one king",
  "position-pawns": "{side} has {count} pawns; a side has at most 8",
  "position-pieces": "{side} has {count} pieces; a side has at most 16",
  "position-castling-king": "{side} may not castle on the {wing}'s side: its king is not on {square}",
  "position-castling-rook": "{side} may not castle on the {wing}'s side: no rook on {square}",
  "position-en-passant": "{square} is not a square that a {side} pawn has just skipped",
  "position-in-check": "{side} is in check on {square} but it is {turn}'s move",
  "fen-empty": "the FEN is empty",
  "input-too-long": (a) => `this ${word("what", a)} is ${a.size} bytes long; the tutor reads at most ${a.limit} bytes: is it the right file?`,
  "input-too-deep": (a) => `brackets are nested more than ${a.limit} deep on line ${a.at_line}: a ${word("what", a)} never needs that many; look for brackets '[' or '{' that are never closed`,
  "what-lesson": "lesson",
  "what-course": "course",
  "what-courses": "list of courses",
  "what-glossary": "glossary",
  "what-piece-set": "piece set",
  "what-object": "object",
  "what-fen": "FEN",
  "what-text-board": "text board",
  "what-pgn": "PGN",
  "fen-too-many-fields": "a FEN has at most 6 fields, this one has {count}",
  "fen-bad-side": "expected 'w' or 'b', found '{found}'",
  "fen-bad-castling": "'{letter}' is not a castling right; use K, Q, k, q or '-'",
  "fen-castling-twice": "'{letter}' is written twice",
  "fen-bad-en-passant": "'{found}' is not a square; use a square such as e3, or '-'",
  "fen-bad-halfmove": "'{found}' is not a number of half-moves",
  "fen-bad-fullmove": "'{found}' is not a move number (1 or more)",
  "fen-rank-count": "expected 8 ranks separated by '/', found {count}",
  "fen-bad-digit": "rank {rank}: '{char}' is not a count of empty squares (1-8)",
  "fen-bad-letter": "rank {rank}: '{char}' is not a piece letter (PNBRQK, pnbrqk) or a digit",
  "fen-rank-too-long": "rank {rank} has more than 8 squares",
  "fen-bad-rank-length": "rank {rank} has {count} squares; a rank has 8",
  "board-line-count": "expected 8 lines of 8 squares, found {count}",
  "board-line-length": "rank {rank} has {count} squares; write 8 characters",
  "board-bad-letter": "'{char}' is not a piece letter (PNBRQK, pnbrqk) or '.'",
  "board-extra-lines": "a text board has 8 lines and at most one line of FEN fields",
  "san-cannot-castle": (a) => `${cap(a.side)} cannot castle ${a.wing}'s side now`,
  "san-empty": "the move is empty",
  "san-no-target": "expected a target square such as e4",
  "san-bad-square": "'{found}' is not a square",
  "san-not-understood": "'{char}' is not understood; write moves like Nf3, exd5, e8=Q or O-O",
  "san-no-move": (a) => `no ${a.piece} move to ${a.to} for ${cap(a.side)}`,
  "san-no-move-from": (a) => `no ${a.piece} move from ${a.from} to ${a.to} for ${cap(a.side)}`,
  "san-no-move-in-check": (a) => `no ${a.piece} move to ${a.to} for ${cap(a.side)} (in check)`,
  "san-not-promotion": "only a pawn reaching the last rank promotes",
  "san-promotion-piece": "a promotion needs its piece: =Q, =R, =B or =N",
  "san-ambiguous": "ambiguous: it could be {candidates}",
  "uci-bad": "expected a UCI move such as e2e4 or e7e8q",
  "uci-bad-promotion": "'{found}' is not a promotion piece (q, r, b, n)",
  "uci-illegal": "not a legal move for {side}",
  "pgn-comment-open": "this comment '{' is never closed with '}'",
  "pgn-tag-syntax": "a tag is written [Name \"value\"]",
  "pgn-tag-value-open": "the value of the tag {tag_name} is never closed with '\"'",
  "pgn-tag-not-closed": "the tag {tag_name} is not closed with ']'",
  "pgn-variation-open": "this variation '(' is never closed with ')'",
  "pgn-variant": "the variant '{variant}' is not supported: only standard chess",
  "pgn-setup-no-fen": "SetUp is \"1\" but there is no FEN tag",
  "pgn-close-paren": "')' closes no variation",
  "pgn-unexpected": "'{char}' is not expected here",
  "pgn-result-mismatch": "the moves end with {result}, but the Result tag says {tag_result}",
  "pgn-null-move": "a null move is not a move of chess",
  "pgn-no-game": "there is no game in this text",
  "rule-game-over": "the game is over ({result})",
  "rule-game-over-reason": (a) => `the game is already over (${a.result}, ${word("reason", a)})`,
  "rule-no-piece": "there is no piece on {square}",
  "rule-not-your-piece": "the piece on {square} is not {side}'s",
  "rule-not-legal": "{from}-{to} is not a legal move",
  "rule-needs-promotion": "{from}-{to} promotes: choose q, r, b or n",
  "rule-bad-promotion": "a pawn cannot promote to {piece} here",
  "rule-illegal-move": "{uci} is not a legal move",
  "rule-no-claim": "no draw can be claimed: the position has not repeated three times and 50 moves have not passed",
  "rule-already-ended": (a) => `the game has already ended: ${a.result}, ${word("reason", a)}`,
  "rule-flag-cannot-mate": (a) => `${cap(a.side)} cannot mate, so a flag fall is a draw`,
  "rule-flag-both-can-mate": "both sides could still mate, so a flag fall loses",
  "rule-not-threefold": "the last position has not stood three times",
  "rule-not-fifty": "50 moves have not passed without a capture or a pawn move",
  "rule-not-allowed": (a) => `the last position does not allow ${word("reason", a)} (${a.result})`,
  "bad-square": "'{found}' is not a square such as e2",
  "bad-square-ij": "({i}, {j}) is off the board",
  "bad-side": "'{found}' is not a side; use 'white' or 'black'",
  "bad-promotion": "'{found}' is not one of q, r, b, n",
  "bad-seed": "{found} is not a whole number of 0 or more",
  "bad-reason": "'{found}' is not a reason such as 'resignation'",
  "no-pawn-on": "there is no pawn on {square}",
  ...PIECES,
  "engine-level": "{level} is not a level; the levels are 1 to 8",
  "engine-game-over": (a) => `the game is over (${word("reason", a)}, ${a.result})`,
  "engine-no-moves": "{side} has no legal move",
  "reason-checkmate": "checkmate",
  "reason-stalemate": "stalemate",
  "reason-insufficient-material": "insufficient material",
  "reason-fivefold": "fivefold repetition",
  "reason-seventy-five-moves": "75-move rule",
  "reason-threefold": "threefold repetition",
  "reason-fifty-moves": "50-move rule",
  "reason-resignation": "resignation",
  "reason-agreement": "draw by agreement",
  "reason-timeout": "time forfeit",
  "reason-timeout-insufficient-material": "time forfeit, opponent cannot mate",
  "internal": "internal error: {detail}",
  "practice-unknown-skill": "there is no skill '{skill}'",
  "practice-bad-id": "'{id}' is not an exercise id: it reads practice/<skill>/<seed>",
  "practice-no-exercise": "the skill '{skill}' made no exercise for seed {seed}",
  "practice-bad-log": "line {line} of the log is not a practice attempt: {why}",
  "practice-bad-time": "'{time}' is not a time such as 2026-11-28T09:00:00Z",
  "formula-move-only": "only to an empty square",
  "formula-capture-only": "only to capture",
  "formula-jumps": "jumps over pieces",
  "formula-n-range": "n = 1…{max}",
  "formula-n-range-start": "n = 1, from the start row up to {start}",
  // the place a message's args name (errors.js puts it before the words), "" when none
  place: (a) => {
    const at = [];
    if (a.param != null) at.push(a.index != null ? `${a.param}[${a.index}]` : a.param);
    if (a.pgn_line != null) at.push(`PGN line ${a.pgn_line}, column ${a.pgn_column}`);
    if (a.tag != null) at.push(`the ${a.tag} tag`);
    if (a.pgn_result != null) at.push(`the result ${a.pgn_result}${a.said ? ` (${a.said})` : ""}`);
    if (a.moves != null) at.push(a.moves);
    if (a.line != null) at.push(`text board, line ${a.line}${a.column != null ? `, column ${a.column}` : ""}`);
    else if (a.source === "text-board") at.push("text board");
    if (FIELD[a.field]) at.push(`FEN, ${FIELD[a.field]}`);
    else if (a.source === "fen") at.push("FEN");
    if (a.move != null) at.push(`move ${a.move}`);
    return at.join(": ");
  },
};

export default words;
