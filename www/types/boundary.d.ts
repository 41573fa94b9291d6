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
 * A piece on its square (`BoardPiece`).
 */
export type BoardPiece = { square: string, i: number, j: number, color: ColorName, kind: KindName, char: string, };
/**
 * A target of a click (`Target`): with the square's (i, j).
 */
export type Target = { square: string, i: number, j: number, kind: MoveKind, capture: boolean, captured: string | null, rook: [string, string] | null, explanation: Explanation, };
/**
 * How a game ended, with its result (`Outcome`: `1-0`, `0-1`, `1/2-1/2`).
 */
export type Outcome = { winner: ColorName | null, reason: EndReason, result: string, };
/**
 * The status as the widget reads it (`StatusInfo`); a lesson's outcome says it the same way,
 * without the turn (its `fen` says it).
 */
export type StatusInfo = { state: string, turn?: ColorName, check: boolean, claim_threefold: boolean, claim_fifty: boolean, outcome: Outcome | null, can_undo: boolean, can_redo: boolean, };
/**
 * A line of a formula (`FormulaLine`): its text to show, and as data what the text writes
 * (`di`, `dj`: the values of ΔI and ΔJ, `[0]` for a coordinate that stays; `n_shown`: n takes
 * several values), so that the page never reads the text back.
 */
export type FormulaLine = { text: string, di: Array<number>, dj: Array<number>, n_min: number, n_max: number, n_max_from_start: number | null, n_shown: boolean, jumps: boolean, mode: "move-or-capture" | "move-only" | "capture-only", forward: boolean, };
/**
 * A piece's formula (`FormulaInfo`): what the widget reads of it (its letters are the
 * notation's, whether it promotes the rules').
 */
export type FormulaInfo = { kind: KindName, lines: Array<FormulaLine>, royal: boolean, };
/**
 * `Endgame.solve()`: the verdict for the side to move and every best move (UCI, sorted).
 */
export type EndgameSolution = { verdict: EndgameVerdict, best: Array<string>, };
/**
 * Why an attempt failed: a stable kind, the message for the child, the idea a losing move broke
 * and arrows to draw.
 */
export type LessonFailure = {
/**
 * `in-check`, `piece-lost`, `not-mate`, `wrong-move`, `wrong-square`, `wrong-answer`,
 * `out-of-moves`, `illegal`, `stalemate`, `game-over`, `not-safe`; in endgame lessons
 * `lost-win` (the move threw away a win), `lost-draw` (it threw away a draw) and `no-tables`
 * (the endgame tables are not loaded yet).
 */
id: string, message: Message,
/**
 * After a losing move against the solver: the idea it broke (said after the message).
 */
idea?: Message, arrows: Array<LessonArrow>, };
/**
 * Where the lesson stands.
 */
export type LessonState = { "state": "playing" } | { "state": "done", stars: number, } | { "state": "failed" };
/**
 * What the child has done in one attempt at a lesson, and what is left. It serializes as the
 * widget's `LessonProgress`.
 */
export type LessonProgress = {
/**
 * Moves the child has made in this attempt.
 */
moves: number,
/**
 * Wrong moves, clicks or answers of the whole sitting: this attempt's and those of the
 * attempts before it since the lesson was started ("Try again" does not forget them; an
 * attempt that failed counts at least one).
 */
mistakes: number,
/**
 * Of `mistakes`, those of the attempts before this one in the sitting.
 */
earlier: number,
/**
 * Hints of the sitting that showed the move (the second stage of a hint). Together they
 * count as one mistake, however many there were ([`Attempt::help`]): a child who cannot
 * read and follows the spoken hints through a drill keeps two stars of three.
 */
hints_shown: number, stars_left: Array<string>,
/**
 * Quiz squares found so far.
 */
found: Array<string>,
/**
 * Losing moves taken back (against the solver): they no longer count as moves, each costs
 * a star instead.
 */
taken_back: number,
/**
 * The stars the take-backs cost when the lesson was done (the last star stays).
 */
star_cost: number,
/**
 * A `show` lesson: the step shown now, from 0 (the number of steps when done).
 */
step: number, } & ({ "state": "playing" } | { "state": "done", stars: number, } | { "state": "failed" });
/**
 * The board's state in a lesson with a piece set: always playing (no check, no mate).
 */
export type PiecesLessonStatus = { state: "playing", turn: ColorName, check: boolean, claim_threefold: boolean, claim_fifty: boolean, outcome: null, };
/**
 * The board's state after a move: [`Status`] in chess; with a piece set always playing (no
 * check, no mate: [`LessonStatus`]).
 */
export type LessonStatus = StatusInfo | PiecesLessonStatus;
/**
 * What happened after a move or an answer.
 */
export type LessonOutcome = {
/**
 * Whether the move was played (an illegal move is not).
 */
accepted: boolean,
/**
 * The child's move, as `Game.play` reports a move: the widget shows it without playing it
 * again.
 */
played?: MoveInfo,
/**
 * The computer's reply, if any.
 */
reply?: MoveInfo,
/**
 * The position after the move and the reply (the lesson's position when nothing was played).
 */
fen: string,
/**
 * The state of the board in that position.
 */
status: LessonStatus,
/**
 * The teacher's words for this move, if the lesson names it.
 */
feedback?: LessonText, failure?: LessonFailure,
/**
 * For a quiz: whether the clicked square was right.
 */
correct?: boolean,
/**
 * In endgame lessons: the solver's judgement of the child's move.
 */
judgement?: LessonJudgement,
/**
 * After the right answer to a question the rules answer (`can_capture`, `stronger`): why,
 * with the force totals.
 */
why?: Message, progress: LessonState, };
/**
 * A hint stage: the piece to move, then the move.
 */
export type LessonHint = { stage: 1 | 2, square: string, arrow?: LessonArrow,
/**
 * The lesson's own words, while its written hint still applies.
 */
text?: LessonText,
/**
 * Words made from the move (`lesson-hint-piece`, `lesson-hint-move`, …): said when the
 * lesson has none for it.
 */
message: Message,
/**
 * The piece the arrow's pawn becomes, when the move shown is a promotion.
 */
promotion?: KindName, };
/**
 * The colour of a shape.
 */
export type ShapeColor = "green" | "red" | "blue" | "yellow";
/**
 * A drawing on the board.
 */
export type LessonShape = { "type": "arrow", from: string, to: string, color: ShapeColor, } | { "type": "circle", square: string, color: ShapeColor, } | { "type": "highlight", square: string, color: ShapeColor, };
/**
 * The step a `show` lesson shows now (`show_step` of the players).
 */
export type LessonShowStep = {
/**
 * The step, from 0.
 */
step: number,
/**
 * How many steps the lesson has.
 */
steps: number, text: LessonText,
/**
 * The step's own drawings (the lesson's `shapes` stay drawn too).
 */
shapes: Array<LessonShape>,
/**
 * The move the child plays in this step, drawn as an arrow; `None`: the step waits for Next.
 */
arrow?: LessonArrow, };
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
 * Why a target may not be taken.
 */
export type Refusal = "force" | "region";
/**
 * How a piece's force acts on a square.
 */
export type ForceRole = "attack" | "defence" | "self-defence";
/**
 * One piece's force on a square.
 */
export type ForceSourceInfo = {
/**
 * Where the piece stands.
 */
from: string, color: ColorName,
/**
 * The piece's id in the set.
 */
piece: string,
/**
 * Its strength, in halves.
 */
halves: number, role: ForceRole, };
/**
 * The force on a square: each side's total, in halves, and the pieces that give it (sorted by
 * square).
 */
export type ForceReport = { white: number, black: number, sources: Array<ForceSourceInfo>, };
/**
 * A piece of a variant board: `kind` is the piece's id in the set, `char` its letter (upper
 * case for White).
 */
export type VariantPiece = { square: string, i: number, j: number, color: ColorName, kind: string, char: string, };
/**
 * A square the piece reaches: a move, a capture, or a refused capture or entry (`refusal`
 * says why).
 */
export type VariantTarget = { square: string, i: number, j: number, kind: "move" | "capture" | "refused", capture: boolean, captured: string | null, refusal: Refusal | null, region: string | null, force: ForceBalance | null, explanation: Explanation, };
/**
 * A move played, in the shape of `MoveInfo` (`san` and `long`: the set's letter, e.g. `Pxd5`,
 * `Pe5xd5`).
 */
export type VariantMoveInfo = { uci: string, san: string, long: string, from: string, to: string, kind: "move" | "capture", capture: boolean, captured: string | null, piece: string, color: ColorName, promotion: null, rook: null, force: ForceBalance | null, explanation: Explanation, };
/**
 * A variant game's status, in the shape of `StatusInfo`: always playing (no check, no mate).
 */
export type VariantStatusInfo = { state: "playing", turn: ColorName, check: boolean, claim_threefold: boolean, claim_fifty: boolean, outcome: null, can_undo: boolean, can_redo: boolean, };
/**
 * The force on a square: each side's total, in halves, and the pieces that give it.
 */
export type ForceInfo = { square: string, white: number, black: number, sources: Array<ForceSourceInfo>, };
/**
 * A piece of the set for the UI: `kind` is its id, `strength` in halves (`null`: special, no
 * force).
 */
export type VariantFormula = { kind: string, name: LessonText, letter: string, letters: Record<string, string>, image: string | null, strength: number | null, royal: boolean, promotes: boolean, may_not_enter: Array<string>, source: LessonText | null, lines: Array<FormulaLine>, };
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
/**
 * An exercise: its lesson's JSON text (give it to `new Lesson(text)`), its id
 * `practice/<skill>/<seed>`, and its rating; from `practiceNext`, whether it is a review.
 */
export type PracticeExercise = { id: string, skill: string, seed: number, rating: number, text: string, review?: boolean, };
/**
 * `practiceRecord()`: the log line to append (no newline) and the skill after it.
 */
export type PracticeRecord = { line: string, skill: string, rating: number, mastery: number, due: string | null, };
/**
 * `practiceReport()`: the child's rating, the days practised (UTC days with an attempt), and
 * each practised skill.
 */
export type PracticeReport = { rating: number, days: number, skills: Array<PracticeSkillReport>, };
/**
 * `studioCheck()`: the checker's and the doctor's findings, and the par the doctor proposes
 * (the fewest moves the child needs), or `null` when it proposes none.
 */
export type StudioReport = { diagnostics: Array<Diagnostic>, par: number | null, };
/**
 * `Engine.bestMove()`: the computer's move (UCI and SAN), its score in centipawns from the
 * mover's side (mates: ±(32000 − plies); endgame-table wins: ±(25000 − plies)), moves to mate
 * (negative when mated) or `null`, the last complete search depth (0 when the endgame tables
 * chose), nodes searched, milliseconds, whether the endgame solver chose the move, and the
 * line expected (UCI).
 */
export type EngineMove = { uci: string, san: string, score: number, mate: number | null, depth: number, nodes: number, ms: number, fromTables: boolean, pv: Array<string>, };
