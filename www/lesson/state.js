// @ts-check
// The lesson player's state (www/lesson/): one plain object per lesson shown (newState), what
// every part reads and writes, and the small questions asked of it: the words, a text as shown,
// the phase, the goal as the lesson package says it (goalFacts: LessonGoal), the pieces, the
// position shown. Imports only the loader.
import { lettersIn, sanIn, say } from "../i18n/i18n.js";
import { textOf } from "../widget/text-of.js";
import * as speech from "../widget/speech.js";
import { lessonsPackage } from "./loader.js";

/** @typedef {import("../types/boundary").LessonGoal} LessonGoal */
/** @typedef {import("../types/boundary").MoveInfo} MoveInfo */

// what the player needs of a goal before a lesson is read (the package's Lesson.goal(): LessonGoal)
/** @type {Readonly<LessonGoal>} */
export const NO_GOAL = Object.freeze({ name: "", counts: "moves", par: null, hintable: false, square: null, moves: null, ask: null, aim: null, quiz: false, steps: false, hides_force: false });

/** A new lesson's state, for the widget's `host` (chess-tutor.js, README.md "Plug-ins"). `act`:
 *  what the view's buttons call (the controller's functions, set by it). */
export function newState(host) {
  return {
    host,
    el: host.element,
    url: host.element.lesson,
    pkg: lessonsPackage(), // the lesson package this lesson plays with
    stopped: false,
    lesson: null,
    goalOf: null, // { lesson, goal }: what the package says of the lesson's goal (goalFacts)
    data: null,
    phase: "loading",
    error: null,
    says: [], // [{ kind: feedback | failure | hint | info, text | message, id? }]
    arrows: [], // failure arrows
    hintShown: null, // { square, arrow? }
    saysKey: null, // what the feedback box says now
    moved: [], // the squares of the child's last move (its words talk about them: #placeFeedback)
    starsLeft: null, // stars still on the board after the last move
    startStars: null, // stars on the board when the lesson starts
    before: null, // the lesson's position before the child's last move
    wrongShown: false, // a wrong move the lesson did not play is on the board until seen (controller.js takeBackShown)
    startFen: null, // the lesson's position at the start
    // after a losing move: the idea it broke, where it shows ({ aid, at: the FEN on the board,
    // fens: the positions that show it, the reply's first })
    idea: null,
    wrongSquares: new Set(),
    wrongChoices: new Set(),
    history: /** @type {MoveInfo[]} */ ([]), // the moves played (san, long…)
    // this try, as a class server records it (README.md "Classes"): the choices answered, the hints
    // shown and when it began; handed on in `lesson-done`'s detail.attempt with the moves' UCI
    try: { answers: [], clicks: [], hintsAt: [], since: 0 },
    result: null, // { stars, best, previous, moves, mistakes }
    quizTotal: 0,
    quizPiece: null, // the kind of the quiz's piece
    timer: 0,
    ui: null,
    flipped: false,
    queened: false,
    // king-and-pawn lessons: the solver's verdict, the last judgement, the drawn ideas
    verdict: null, // EndgameVerdict from the child's side, or null
    judgement: null, // the judgement of the child's last move, after a mistake
    aids: new Set(), // "square" | "opposition" | "keys"
    shown: null, // the FEN on the board (the refutation shows other positions)
    watching: false, // the refutation is being played out
    aidCache: null,
    // lessons with a piece set: its pieces by letter (upper case), from the set's JSON
    set: null,
    // questions the rules answer (can_capture, stronger): the right choice and why, once answered
    right: null,
    why: null,
    chosen: null, // the right choice's own words (goal.explain), for the done card
    // given up: a lesson failed (or answered wrong) at least once and then left unsolved (another lesson, the page
    // closed) finishes as `lesson-done` with `gaveUp: true` and no stars, once
    failedOnce: false,
    hand: null, // the hand showing the first move: { box, animations }
    saysBox: null, // the messages' box shown now (read aloud by its speaker)
    // a teacher's own voice (the lesson's `audio`): language → the text shown → its recording's URL
    recorded: new Map(),
    act: {},
  };
}

export function wordsOf(st) {
  return st.host.words;
}

/** Whether a text can be read aloud here: a voice for the lesson's language is installed, or
 *  the teacher recorded the lesson's texts in it. */
export function readable(st) {
  return speech.hasVoice(st.host.lang) || Boolean(st.recorded.get(st.host.lang)?.size);
}

/** Is there a piece of `color` on `square` now? (The board shows the lesson's position.) */
export function own(st, square, color) {
  return st.host.board.state.pieces.get(square)?.color === color;
}

/** The words for a piece kind (messages-core), or a set piece's own name. */
export function pieceName(st, kind) {
  if (st.set) {
    const piece = [...st.set.values()].find((p) => p.id === kind);
    return piece?.name?.[st.host.lang] ?? piece?.name?.en ?? kind;
  }
  return say(wordsOf(st), `piece-${kind}`);
}

/** A move's SAN with the reader's letters (the word file's, or the set pieces' own). */
export function sanOf(st, san) {
  const lang = st.host.lang;
  return sanIn(lettersIn(wordsOf(st), lang, st.set && [...st.set.values()]), san);
}

/** The kind (a set piece's id) of the piece on `square` in the lesson's position now. */
export function pieceOn(st, square) {
  return st.lesson.pieceAt(square) ?? undefined;
}

/** The lesson's game as the widget reads it (host.useGame), in the lesson's package: the
 *  position now (`fen` null or the lesson's), or a position shown for a moment (a refutation's
 *  step), whose pieces and status the lesson reads and where no piece moves. */
export function gameAt(st, fen) {
  const lesson = st.lesson;
  const at = fen == null || fen === lesson.fen() ? undefined : fen;
  return {
    fen: () => at ?? lesson.fen(),
    pieces: () => lesson.boardPieces(at),
    status: () => lesson.status(at),
    targets: (i, j) => (at ? [] : lesson.targets(i, j)),
    undo: () => null,
    redo: () => null,
    free() {},
  };
}

/** Shows `fen` on the board (remembered for the drawn ideas). */
export function show(st, fen) {
  st.shown = fen;
  st.host.show(fen);
}

/** The widget plays a move the lesson (or the refutation) played, and slides it; `fen`: the
 *  lesson's position after it when it is that (a drill hands the move back to the child). */
export function played(st, move, fen, extra) {
  if (move) st.host.played({ ...move, ...extra }, fen);
  else if (fen) st.host.show(fen);
  st.shown = st.el.fen;
}

/** Every text a person reads: a message { id, args } said in the words (and a failure's
 *  idea after it), a teacher's { ru, en }, or words already. */
export function textFor(st, x) {
  if (x == null || typeof x === "string") return x ?? "";
  // a way said "as the child sees the board" (lesson-went, lesson-arrow-not) is turned with it
  const seen = (m) => (st.flipped ? { ...m, args: { ...m.args, flip: true } } : m);
  if (x.message) return [x.message, x.idea].filter(Boolean).map((m) => say(wordsOf(st), seen(m))).join(" ");
  if (x.text) return textFor(st, x.text);
  return textOf(x, st.host.lang);
}

export function setPhase(st, phase) {
  st.phase = phase;
  st.el.dataset.lesson = phase;
}

/** Whether a hint can be found: the lesson writes one, or the player finds one from the
 *  position (a drill, a mate, the best move, an endgame against the solver). */
export function hintable(st) {
  return Boolean(st.data) && goalFacts(st).hintable;
}

/** The goal as the lesson's file writes it (its question, its choices…). */
export function goalData(st) {
  return st.data?.goal ?? {};
}

/** What the player needs of the goal, as the lesson package says (LessonGoal): the page never
 *  asks a goal's name what to do.
 *  @returns {LessonGoal} */
export function goalFacts(st) {
  const lesson = st.lesson;
  if (st.goalOf?.lesson !== lesson) {
    let goal = NO_GOAL;
    try {
      goal = lesson?.goal() ?? NO_GOAL;
    } catch {
      // a trapped package: the lesson shows its error card
    }
    st.goalOf = { lesson, goal };
  }
  return st.goalOf.goal;
}

/** An idea lesson (goal `show`): steps to read (Next) and moves to follow on the arrow. */
export function isShowing(st) {
  return goalFacts(st).steps;
}

/** A show lesson's step now (LessonShowStep), or null. */
export function stepNow(st) {
  if (!isShowing(st) || !st.lesson) return null;
  try {
    return st.lesson.showStep();
  } catch {
    return null;
  }
}

export function updateVerdict(st) {
  try {
    st.verdict = st.lesson?.verdict?.() ?? null;
  } catch {
    st.verdict = null;
  }
}

export function clearTransient(st) {
  st.arrows = [];
  st.hintShown = null;
}

/** This try as a class server records it: the moves (the child's and the replies, UCI, in
 *  order; a quiz's clicks: their squares), the choices answered (indexes), the hints shown
 *  (and after how many moves each was asked: hintsAt), the time in ms. */
export function attemptNow(st) {
  const t = st.try;
  return { moves: [...st.history.map((m) => m?.uci).filter(Boolean), ...t.clicks], answers: [...t.answers], hints: t.hintsAt.length, hintsAt: [...t.hintsAt], ms: t.since ? Math.round(performance.now() - t.since) : 0 };
}
