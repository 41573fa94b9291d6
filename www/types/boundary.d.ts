// Made by `cargo test -p chess-tutor --lib boundary_types` from the Rust types (crate/src/boundary_types.rs): do not edit.
// The WASM packages' .d.ts include it; www/ imports its types in JSDoc.

/**
 * The side a piece belongs to.
 */
export type ColorName = "white" | "black";
/**
 * The kinds of FIDE pieces (their moves are the formula table of [`crate::movement`]; other
 * pieces, such as the Prince and the Ritter of chess-t1, are data in a piece set).
 */
export type KindName = "pawn" | "knight" | "bishop" | "rook" | "queen" | "king";
/**
 * What kind of move a move is; the widget draws a different marker for each.
 */
export type MoveKind = "move" | "capture" | "castle" | "en-passant" | "promotion";
/**
 * Why a game is over.
 */
export type EndReason = "checkmate" | "stalemate" | "insufficient-material" | "fivefold" | "seventy-five-moves" | "threefold" | "fifty-moves" | "resignation" | "agreement" | "timeout" | "timeout-insufficient-material";
/**
 * How a target is reached: which line of the formula, how the line writes it, and the values
 * of n, ΔI and ΔJ. As data: the page writes the formula with the numbers from these fields.
 */
export type Explanation = {
/**
 * The index of the line in the piece's formula, or `None` for castling (a rule of its own).
 */
line: number | null,
/**
 * How the line writes its formula ([`Terms`]; its text: [`Explanation::text`]): the
 * factors before ΔI and ΔJ (0: the coordinate stays) and whether n is shown.
 */
si: number, sj: number, n_shown: boolean, n: number, di: number, dj: number,
/**
 * Whether n goes beyond the line's usual range because the piece stands on its start row
 * (the pawn's double step).
 */
from_start: boolean, };
/**
 * A move as the widget and the lesson player report it: its notations (SAN and long form in
 * English letters, UCI), the squares involved and the piece that moved. (A page shows SAN in the
 * reader's language with the letters of its word file, `www/i18n/<lang>/language.js`.)
 */
export type MoveInfo = { uci: string, san: string, long: string,
/**
 * The square of the piece taken (behind the target for en passant).
 */
captured: string | null,
/**
 * For castling, the rook's from and to squares.
 */
rook: [string, string] | null, from: string, to: string, kind: MoveKind, capture: boolean, promotion: KindName | null, piece: KindName, color: ColorName,
/**
 * How the piece's formula reaches `to` (as data: the page writes it with the numbers).
 */
explanation: Explanation | null, };
/**
 * Win, draw or loss for the side to move.
 */
export type EndgameResult = "loss" | "draw" | "win";
/**
 * The verdict on a position for one side: win, draw or loss, and the distance to conversion in
 * plies (0 for a draw): how many half-moves until the winning side promotes, captures or mates,
 * with the winner hurrying and the loser delaying.
 *
 * `queened`: the winning side has a queen (under auto-queen its pawn has queened) and the other
 * side none, so the win is sure and what remains is the mate (the distance is then the distance
 * to mate): a lesson says "the pawn is a queen now" rather than "mate in 9". Always false in a
 * draw. [`Endgame::probe`] and [`Endgame::judge`] set it from the board. It does not change
 * with [`Verdict::flip`] (it is about the winner, whichever side looks).
 */
export type EndgameVerdict = { result: EndgameResult, distance: number, queened: boolean, };
/**
 * The judgement of a move: the verdict before and after it (both from the mover's side), whether
 * it threw away a result, the best moves, a line of best play that shows why, and the idea it broke.
 */
export type EndgameJudgement = { played: string, before: EndgameVerdict,
/**
 * After the move, from the mover's side; the distance is what remains after the move.
 */
after: EndgameVerdict,
/**
 * A win turned into a draw or loss, or a draw into a loss.
 */
mistake: boolean,
/**
 * The move is one of the best moves (same result, optimal distance).
 */
best: boolean,
/**
 * Every best move, sorted by UCI.
 */
best_moves: string[],
/**
 * After a mistake: the "Show why" line from the position after it (up to 10 plies, the
 * opponent's reply first; the rule is in module [`line`]), else empty.
 */
refutation: string[],
/**
 * The idea the mistake broke, where one applies.
 */
idea: EndgameIdea | null, };
/**
 * The endgame solver's judgement of one of the child's moves, from the child's side.
 */
export type LessonJudgement = {
/**
 * The verdict before the move (with best play), and its distance to conversion in plies.
 */
before: EndgameVerdict,
/**
 * The verdict after the move; the distance is what remains after it.
 */
after: EndgameVerdict,
/**
 * The move threw away a result: a win into a draw or loss, a draw into a loss.
 */
mistake: boolean,
/**
 * The move is one of the best (same result, quickest win or longest resistance).
 */
best: boolean,
/**
 * Every best move, in UCI, sorted.
 */
best_moves: Array<string>,
/**
 * After a mistake: the line of best play that shows why, from the position after the move
 * (the opponent's reply first), in UCI, up to 10 plies; empty otherwise.
 */
refutation: Array<string>,
/**
 * The idea the mistake broke, if one applies.
 */
idea: EndgameIdea | null, };
/**
 * An arrow to draw: from a square to a square.
 */
export type LessonArrow = { from: string, to: string, };
/**
 * What the lesson player (www/lesson/) needs of the lesson's goal ([`Player::goal_view`]): made
 * from the goal's rules and its [`super::goal::Shown`], so that the page never branches on a
 * goal's name (the widget's `LessonGoal`).
 */
export type LessonGoal = {
/**
 * The goal's name: its picture and its task's words (www/i18n/<lang>/lesson.js `goal`).
 */
name: string,
/**
 * What the score counts and a wrong try costs ([`Counts`]): `moves`, `mistakes`, `nothing`.
 */
counts: "moves" | "mistakes" | "nothing",
/**
 * What ★★★ needs (moves or mistakes), when the lesson has a par for the goal.
 */
par: number | null,
/**
 * Whether a hint can be found: the lesson writes one, the goal searches (a drill, a mate,
 * the best move, an escape), or the endgame solver plays.
 */
hintable: boolean,
/**
 * The square the task names.
 */
square: string | null,
/**
 * The moves the task names.
 */
moves: number | null,
/**
 * The question the big buttons ask ([`Ask`]).
 */
ask: "written" | "capture" | "force" | null,
/**
 * A drill with no opponent: what a move that missed it could have reached ([`Aim`]).
 */
aim: "star" | "capture" | "reach" | null,
/**
 * A `targets` quiz: taps on squares answer it.
 */
quiz: boolean,
/**
 * An idea lesson: steps to read and moves to follow.
 */
steps: boolean,
/**
 * The question is about force: the force view would give the answer away.
 */
hides_force: boolean, };
/**
 * An inclusive range of rows or columns.
 */
export type Span = { from: number, to: number, };
/**
 * The square of a pawn: the region a defending king must stand in to catch the pawn.
 *
 * A pawn `n` moves from promotion (a pawn on its start row counts as one row further, because
 * of its double step) has a square of side `n + 1`: from the pawn's row (its counted row) to the
 * promotion row, `n` columns to either side of the pawn (clipped to the board), i.e. the union
 * of the two squares drawn on either side of the pawn. The defending king is *inside* when its
 * king distance to the promotion square is at most `n`. The rule: with the pawn's side to move
 * the king catches the pawn if it is inside; with the defender to move it also catches it if it
 * can step in (distance `n + 1`).
 */
export type PawnSquare = { pawn: string,
/**
 * The side the pawn belongs to.
 */
color: ColorName,
/**
 * Moves the pawn needs to promote (the double step counted as one move).
 */
moves: number,
/**
 * The rows `i` of the square (clipped).
 */
rows: Span,
/**
 * The columns `j` of the square (clipped).
 */
cols: Span,
/**
 * The four corners: pawn-row left, pawn-row right, promotion-row left, promotion-row right.
 */
corners: [string, string, string, string],
/**
 * The square the pawn promotes on.
 */
promotion: string,
/**
 * The defending king, if there is one.
 */
defender: string | null,
/**
 * Whether the defending king stands inside the square now.
 */
inside: boolean,
/**
 * Whether the defender is to move (and so may step into the square).
 */
defender_to_move: boolean,
/**
 * The rule of the square: the king is inside, or the defender is to move and one step away.
 */
catches: boolean,
/**
 * Whether nothing stands on the pawn's path to promotion (the rule is about a free pawn).
 */
path_free: boolean, };
/**
 * The kinds of opposition.
 */
export type OppositionKind = "direct" | "distant" | "diagonal";
/**
 * The kings stand in opposition; the side that is not to move holds it.
 */
export type Opposition = { kind: OppositionKind, holder: ColorName, white_king: string, black_king: string,
/**
 * The squares between the kings, nearest to the white king first.
 */
between: Array<string>, };
/**
 * The total force of each side on a square, in halves of a unit.
 */
export type ForceBalance = { white: number, black: number, };
/**
 * A skill of `lessons/skills.json`.
 */
export type PracticeSkill = {
/**
 * Lower-case letters, digits and `-`.
 */
id: string, title: LessonText,
/**
 * Its picture, relative to `lessons/` (`../images/wR.svg`, `pictures/numbers.svg`).
 */
picture: string,
/**
 * The course file (`course.json`, `course-numbers.json`, …) and its section that teach it.
 */
course: string, section: string,
/**
 * The ids of the course lessons that teach it.
 */
lessons: Array<string>,
/**
 * The ids of the skills to practise first.
 */
requires: Array<string>,
/**
 * The generator's family (`moves`, `numbers`, `t1`, `capture`, `check`, `mate`, `tactics`,
 * `endgame`) and its parameters.
 */
generator: string, params: unknown,
/**
 * The rating (Elo scale) a child's skill rating must pass, with low uncertainty, for the
 * skill to count as mastered.
 */
bar: number, };
/**
 * A skill's line of the report.
 */
export type PracticeSkillReport = { id: string, rating: number, mastery: number, attempts: number, right: number,
/**
 * The next review, ISO-8601 (none before the first attempt).
 */
due: string | null, };
