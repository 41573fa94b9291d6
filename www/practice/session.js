// @ts-check
// A practice session (README.md "Practice"): about ten exercises or five minutes, each one a
// lesson played by the one lesson player (<chess-tutor practice> with its lessonText), chosen by
// the learner model of pkg-practice (engine.js) from the log of this browser (log-store.js): the
// day's due reviews mixed with the skill being learned. A skill's own session (the skill map, the
// three exercises after a lesson, a teacher's homework) asks for exercises of that skill only,
// near the difficulty where the child succeeds four times in five.
//
// A wrong move: the lesson's own words say why (the player), the answer goes in the log, and the
// same exercise is offered once more (the player's "Again"); a second miss offers an easier one
// of the same skill. No crosses, no level: the child sees puzzles, stars and a count of days.
// The session (its exercise, the answers given) is kept in localStorage, so a reload goes on
// where it was. A pupil of a class sends each try like a lesson's (classes.js's queue).
// The next exercise is made while the child is still at the done card of this one (its answer
// recorded first, so it is the same exercise as made on "Next"), by the package's worker
// (engine.js): the board never waits on a proof.
import { h } from "../widget/dom.js";
import { local, read, remove, write } from "../widget/storage.js";
import * as engine from "./engine.js";
import * as store from "./log-store.js";

/** @typedef {import("../widget/dom.js").TutorElement} TutorElement */
/** An exercise: a lesson (its JSON's fields) with `id` practice/<skill>/<seed>, `skill`, `rating`.
 * @typedef {{ id: string, skill?: string, rating: number, review?: unknown, [field: string]: unknown }} Exercise */
/** The exercise being played: how many misses, its answer in the log, an easier one, counted as done.
 * @typedef {{ exercise: Exercise, tries: number, recorded: boolean, easier: boolean, counted?: boolean }} Current */
/** A session as kept on this device (SESSION_KEY).
 * @typedef {{ kind: string, skill: string | null, size: number, started: number, done: number, right: number, current: Current | null, seed: number }} SessionState */
/** What to play: the day's practice, or one skill's exercises.
 * @typedef {{ kind: "daily" | "skill", skill?: string, size?: number }} Plan */
/** A finished lesson's report (the lesson-done event's detail).
 * @typedef {{ stars?: number, gaveUp?: boolean, attempt?: { hints?: number, ms?: number } }} Done */
/**
 * What the page gives a session: its words (the practice word file: texts and functions of
 * numbers, any because each word has its own shape), the app's hooks and the callbacks.
 * @typedef {{
 *   lang?: string,
 *   t: Record<string, any>,
 *   app: { applySettings: (el: HTMLElement) => void, settle?: () => void, recordAttempt?: (detail: object) => void },
 *   learned?: string[],
 *   gentle?: boolean,
 *   onEnd?: (state: SessionState) => void,
 *   onPosition?: (words: string) => void,
 *   onExercise?: (exercise: Exercise) => void,
 *   onNotKept?: (reason: string) => void,
 *   say?: (parts: Element[], options: { after: boolean }) => void,
 * }} Context */

export const SIZE = 10;
export const MINUTES = 5;
/** The session on this device: { kind, skill, size, started, done, current, seed }. */
export const SESSION_KEY = "chess-tutor:practice-session:v1";
/** A session older than this is not resumed: the child starts a new one. */
const STALE_MS = 3 * 3600_000;
/** How much easier the exercise after two misses is (Elo: 300 points is odds of 5.6 to 1). */
const EASIER_BY = 300;

const storage = () => local();
/** The session kept on this device, or null. @returns {SessionState | null} */
export function savedSession() {
  const s = storage();
  const r = s ? read(s, SESSION_KEY) : null;
  if (!r?.ok || !r.text) return null;
  try {
    const v = JSON.parse(r.text);
    return v && typeof v === "object" && typeof v.kind === "string" ? v : null;
  } catch {
    return null;
  }
}
/** @param {SessionState} state */
const saveSession = (state) => storage() && write(storage(), SESSION_KEY, JSON.stringify(state));
export const endSession = () => storage() && remove(storage(), SESSION_KEY);

/** The session to play for `plan` ({ kind: "daily" } or { kind: "skill", skill, size }): the
 *  one kept on this device when it is the same (a finished one is forgotten at its end card),
 *  else a new one.
 * @param {Plan} plan @returns {SessionState} */
export function sessionFor(plan, now = Date.now()) {
  const kept = savedSession();
  if (kept && kept.kind === plan.kind && (plan.kind !== "skill" || kept.skill === plan.skill) && now - kept.started < STALE_MS) return kept;
  return { kind: plan.kind, skill: plan.skill ?? null, size: plan.size ?? SIZE, started: now, done: 0, right: 0, current: null, seed: Math.floor(Math.random() * 2 ** 31) };
}

/** An exercise as the lesson player reads it: the lesson's own fields (skill and rating are the
 *  practice's), its id in a lesson id's letters (practice-<skill>-<seed>: a lesson package that
 *  reads only course ids plays it too); the log and the class server get the exercise's own id.
 * @param {Exercise} exercise */
export function playerText(exercise) {
  const { skill: _, rating: __, review: ___, ...lesson } = exercise;
  return JSON.stringify({ ...lesson, id: String(exercise.id).replace(/\//g, "-") });
}

/** "practice/<skill>/<seed>" → { skill, seed }, or null.
 * @param {unknown} id @returns {{ skill: string, seed: number } | null} */
export function parseId(id) {
  const m = /^practice\/([a-z0-9][a-z0-9-]*)\/(\d{1,10})$/.exec(String(id));
  return m ? { skill: m[1], seed: Number(m[2]) } : null;
}

/**
 * Plays a session in `slot`. ctx: { lang, t (practice words), app (app.js's: applySettings,
 * settings, recordAttempt), learned (course lesson ids with stars), gentle, onEnd(state) }.
 * Returns { stop() }.
 * @param {HTMLElement} slot @param {Plan} plan @param {Context} ctx
 */
export function playSession(slot, plan, ctx) {
  const { t } = ctx;
  let state = sessionFor(plan);
  let stopped = false;
  /** @type {TutorElement | null} */
  let board = null;
  const box = h("div", { class: "p-session", "data-practice": "session" });
  slot.replaceChildren(box);
  const status = h("p", { class: "p-status", role: "status" }, box);
  const boardSlot = h("div", { class: "p-board" }, box);
  const offer = h("div", { class: "p-offer", hidden: "", role: "group", "aria-labelledby": "p-offer-title" }, box);
  const offerTitle = h("p", { class: "p-offer-title", id: "p-offer-title" }, offer);
  const offerButton = h("button", { type: "button", class: "big p-easier", "data-practice": "easier" }, offer);
  /** @param {string} name */
  const setState = (name) => {
    box.dataset.state = name;
    document.body.dataset.practice = name;
  };
  const position = () => ctx.onPosition?.(t.puzzleOf(Math.min(state.done + 1, state.size), state.size));
  /** The last answer being written to the log (the next exercise is chosen from the log). */
  let recording = Promise.resolve();
  /** The next exercise, made ahead while the done card shows: { done, promise }.
   * @type {{ done: number, promise: Promise<Exercise | null> } | null} */
  let ahead = null;

  /** @returns {Promise<Exercise>} */
  async function nextExercise() {
    setState("loading");
    status.textContent = t.loading;
    if (ahead && ahead.done === state.done) {
      const made = await ahead.promise;
      ahead = null;
      if (made) return made;
    }
    ahead = null;
    return makeNext();
  }

  /** Starts making the exercise after this one (the answer in the log first). */
  function makeAhead() {
    if (stopped || state.done >= state.size) return;
    const done = state.done;
    const promise = recording.then(() => (stopped || state.done !== done ? null : makeNext())).catch(() => null);
    ahead = { done, promise };
    box.dataset.ahead = "making";
    promise.then((made) => {
      if (ahead?.promise === promise && made) box.dataset.ahead = "ready";
    });
  }

  /** The next exercise of this session, from the log as it is now. @returns {Promise<Exercise>} */
  async function makeNext() {
    const now = new Date();
    const logText = await store.readLog();
    if (state.kind === "skill") {
      const seed = (state.seed + state.done * 7919 + (state.current?.easier ? 1 : 0)) % 2 ** 31;
      let rating;
      // where this child succeeds four times in five: the skill's rating, or (a skill not yet
      // practised) the child's own, as the learner model starts a skill
      try {
        const report = await engine.report(logText, now);
        const mine = report.skills.find((s) => s.id === state.skill)?.rating ?? (report.skills.length ? report.rating : null);
        if (Number.isFinite(mine)) rating = engine.ratingFor(mine, ctx.gentle ? 0.9 : 0.8);
      } catch {}
      return engine.make(/** @type {string} */ (state.skill), seed, rating); // a skill's session names it
    }
    return engine.next(logText, now, ctx.learned, ctx.gentle);
  }

  /** An easier exercise of the same skill: the easiest of a few asked for 300 points below (a
   *  skill's easiest exercises have a floor: then one as easy). @returns {Promise<Exercise>} */
  async function easierExercise() {
    const cur = /** @type {Current} */ (state.current);
    // every exercise has its skill (made by engine.js, or its id practice/<skill>/<seed>)
    const skill = /** @type {string} */ (cur.exercise.skill ?? parseId(cur.exercise.id)?.skill);
    const seed = (parseId(cur.exercise.id)?.seed ?? state.seed) + 104729;
    const rating = (cur.exercise.rating ?? 1000) - EASIER_BY;
    /** @type {Exercise | null} */
    let best = null;
    for (let k = 0; k < 3 && !(best && best.rating < cur.exercise.rating); k++) {
      const made = await engine.make(skill, (seed + k * 7) % 2 ** 31, rating);
      if (!best || made.rating < best.rating) best = made;
    }
    return /** @type {Exercise} */ (best); // the loop makes one at least
  }

  /** Shows the exercise in a new lesson board (the player starts from its intro card).
   * @param {Exercise} exercise */
  function show(exercise, easier = false) {
    state.current = { exercise, tries: 0, recorded: false, easier };
    saveSession(state);
    play();
  }

  function play() {
    const cur = /** @type {Current} */ (state.current);
    offer.hidden = true;
    status.textContent = "";
    board?.remove();
    board = /** @type {TutorElement} */ (document.createElement("chess-tutor"));
    board.id = "practice-tutor";
    board.setAttribute("practice", "");
    ctx.app.applySettings(board);
    board.lessonText = playerText(cur.exercise);
    board.dataset.more = state.done + 1 >= state.size ? t.finish : t.nextPuzzle;
    board.dataset.exercise = cur.exercise.id;
    box.dataset.maker = engine.maker() ?? ""; // where it was made: "worker", or "page" without one
    board.addEventListener("lesson-ready", () => {
      setState("playing");
      ctx.app.settle?.(); // the app is settled: its offline copy may be fetched now
    });
    board.addEventListener("lesson-failed", () => failed());
    // an exercise is not a course lesson: its end stays here (a course-level SCORM or cmi5 session
    // listens on the document for lessons finished)
    board.addEventListener("lesson-done", (e) => {
      e.stopPropagation();
      finished(/** @type {CustomEvent<Done>} */ (e).detail);
    });
    board.addEventListener("lesson-more", () => advance());
    board.setAttribute("lesson", `${cur.exercise.id.replace(/\//g, "-")}.json`);
    boardSlot.append(board);
    position();
    ctx.onExercise?.(cur.exercise);
    setState("loading");
  }

  /** @param {boolean} right @param {Done} [detail] */
  async function answer(right, detail) {
    const cur = /** @type {Current} */ (state.current);
    if (cur.recorded) return recording;
    cur.recorded = true;
    saveSession(state);
    recording = writeAnswer(cur, right, detail);
    return recording;
  }

  /** @param {Current} cur @param {boolean} right @param {Done} [detail] */
  async function writeAnswer(cur, right, detail) {
    try {
      const a = detail?.attempt ?? {};
      const out = await engine.record(await store.readLog(), { id: cur.exercise.id, right, hints: a.hints ?? 0, ms: a.ms ?? 0 }, new Date());
      const saved = await store.append(out.line);
      if (!saved.ok) ctx.onNotKept?.(saved.reason);
    } catch (error) {
      console.warn("practice: the answer could not be recorded", error);
    }
  }

  function failed() {
    const cur = state.current;
    if (!cur || stopped) return;
    cur.tries += 1;
    if (cur.tries === 1) answer(false);
    saveSession(state);
    // the second miss: an easier exercise of the same skill is offered (the lesson's words stay,
    // and are said whole: the offer is said after them)
    if (cur.tries >= 2) {
      offerTitle.textContent = t.easierTitle;
      offerButton.textContent = t.easier;
      offer.hidden = false;
      // below the lesson, covering none of its choices: brought into view (the least scroll)
      offer.scrollIntoView?.({ block: "nearest" });
      ctx.say?.([offerTitle], { after: true });
    }
  }

  /** @param {Done} detail */
  function finished(detail) {
    const cur = state.current;
    if (!cur || stopped) return;
    ctx.app.recordAttempt?.({ ...detail, id: cur.exercise.id }); // a pupil of a class: sent like a lesson's try
    if (detail?.gaveUp) return;
    // right: solved without a mistake, and a drill within a move or two of its par (two stars)
    if (!cur.recorded) {
      const right = (detail?.stars ?? 3) >= 2;
      if (right) state.right += 1;
      answer(right, detail);
    }
    offer.hidden = true;
    if (!cur.counted) {
      cur.counted = true;
      state.done += 1;
    }
    saveSession(state);
    box.dataset.done = String(state.done);
    makeAhead();
  }

  /** The done card's offer: the next exercise, or the end of the session. */
  async function advance() {
    if (stopped) return;
    const over = state.done >= state.size || (state.kind === "daily" && Date.now() - state.started >= MINUTES * 60_000 && state.done >= 3);
    if (over) return end();
    try {
      show(await nextExercise());
    } catch (error) {
      fail(error);
    }
  }

  function end() {
    board?.remove();
    board = null;
    const finishedState = { ...state };
    endSession(); // finished: the next one is new
    setState("done");
    ctx.onEnd?.(finishedState);
  }

  /** @param {unknown} error */
  function fail(error) {
    console.warn("practice:", error);
    board?.remove();
    board = null;
    setState("error");
    status.textContent = t.failed;
    status.setAttribute("role", "alert");
    endSession(); // the next start makes new exercises
    if (!box.querySelector(".p-back")) h("a", { class: "big-link p-back", href: "#/practice", "data-practice": "back" }, box, t.back);
  }

  offerButton.onclick = async () => {
    offer.hidden = true;
    try {
      show(await easierExercise(), true);
    } catch (error) {
      fail(error);
    }
  };

  box.dataset.done = String(state.done);
  if (state.current?.exercise && !state.current.counted) {
    // a reload in the middle: the same exercise again
    play();
  } else if (state.done >= state.size) end();
  else advance();

  return {
    stop() {
      stopped = true;
      board?.remove();
      board = null;
      delete document.body.dataset.practice;
    },
    state: () => state,
  };
}
