// @ts-check
// SCORM 1.2 run-time for the app page, when it is launched by a learning platform (Moodle and the
// like) from the package `npm run package -- scorm` makes (dist/chess-tutor-scorm12.zip).
// It finds the platform's `API` object in a parent (or opener) window, calls LMSInitialize, and
// from then on the platform keeps the child's progress:
// - cmi.suspend_data holds the best stars per lesson ({"lesson-id": stars, …}, a shape that
//   progress.js reads), so a child continues on another computer. At the start it REPLACES this
//   browser's stored progress (progress.js, same storage format): on a shared school computer the
//   stars shown are this learner's, never the previous child's.
// - What the package holds and its pass mark come from scorm.json, written by the packager
//   ({ lessons: [ids], pass: N }: a package of one lesson, or of a course, passed once N of its
//   lessons have at least one star; default all); without it, lessons/course.json and all.
// - cmi.core.lesson_status: "incomplete", then "passed" once the pass mark is reached;
//   cmi.core.score.raw: the stars earned as a percentage of all stars (min 0, max 100), set from
//   the first star on (never before: a platform's mastery-score rule, Moodle's "mastery score
//   overrides status", would turn an empty score into "failed"). README.md, "For schools".
// - after each finished lesson (the widget's `lesson-done` event) the values are set and
//   LMSCommit called; LMSFinish when the page goes away (cmi.core.exit "suspend" while not
//   passed, cmi.core.session_time).
// Without an LMS (no API found) nothing here does anything: the normal app. Nothing here throws
// at a child: a platform error is logged and the lesson goes on.
//
// This file is a module loaded by index.html BEFORE app.js: module scripts run in order, and the
// SCORM 1.2 calls are synchronous, so the learner's progress is in place before the course is drawn.
import { load, normalize, save } from "../widget/progress.js";
import { courseIds } from "./package/ids.js";

export { courseIds };

const MAX_STARS = 3;
/** SCORM 1.2 allows 4096 characters of suspend_data. */
export const SUSPEND_LIMIT = 4096;

/**
 * The SCORM 1.2 API object: `API` on this window's parents (up to 7 levels, as the ADL
 * algorithm does), then on the opener and its parents; null when there is none. A window of
 * another origin is skipped (reading it throws).
 */
export function findAPI(win = globalThis.window) {
  const look = (w) => {
    for (let depth = 0; w && depth <= 7; depth++) {
      try {
        if (w.API && typeof w.API.LMSInitialize === "function") return w.API;
      } catch {
        // another origin: no API of ours there
      }
      let parent = null;
      try {
        parent = w.parent;
      } catch {}
      if (!parent || parent === w) break;
      w = parent;
    }
    return null;
  };
  if (!win) return null;
  let opener = null;
  try {
    opener = win.opener;
  } catch {}
  return look(win) ?? (opener ? look(opener) : null);
}

/** The pass mark of a package of `count` lessons: PASS when it is a whole number from 1 to count,
 *  else every lesson (count). */
export function passMark(pass, count) {
  return Number.isInteger(pass) && pass >= 1 && pass <= count ? pass : count;
}

/**
 * What the platform is told for `progress` ({lessons: {id: {stars}}}) over the package's lesson
 * `ids` with the pass mark `pass` (lessons with at least one star; default all):
 * { status: "passed" | "incomplete", score: 0..100 (whole), earned, total, done, pass }.
 * An empty package is "incomplete" with score 0.
 */
export function report(ids, progress, pass) {
  const total = ids.length * MAX_STARS;
  const stars = (id) => Math.min(MAX_STARS, Math.max(0, progress?.lessons?.[id]?.stars ?? 0));
  const earned = ids.reduce((sum, id) => sum + stars(id), 0);
  const done = ids.filter((id) => stars(id) >= 1).length;
  const mark = passMark(pass, ids.length);
  const passed = ids.length > 0 && done >= mark;
  return { status: passed ? "passed" : "incomplete", score: total ? Math.round((100 * earned) / total) : 0, earned, total, done, pass: mark };
}

/**
 * The suspend_data text for `progress`: {"id": stars, …} (a shape progress.js reads), course
 * lessons first; lessons outside the course are left out when the text would pass the limit.
 */
export function encodeSuspend(progress, ids = []) {
  const entries = Object.entries(progress?.lessons ?? {}).map(([id, e]) => [id, e.stars]);
  const inCourse = new Set(ids);
  entries.sort((a, b) => Number(inCourse.has(b[0])) - Number(inCourse.has(a[0])));
  const out = {};
  for (const [id, stars] of entries) {
    out[id] = stars;
    if (JSON.stringify(out).length > SUSPEND_LIMIT) {
      delete out[id];
      break;
    }
  }
  return JSON.stringify(out);
}

/** suspend_data text -> progress data ({version, lessons}); empty progress when unreadable. */
export function decodeSuspend(text) {
  let value = null;
  try {
    value = text ? JSON.parse(text) : {};
  } catch {}
  return normalize(value ?? {})?.data ?? normalize({})?.data;
}

/** Milliseconds -> SCORM 1.2 CMITimespan, HHHH:MM:SS.SS. */
export function timespan(ms) {
  const cs = Math.max(0, Math.round(ms / 10));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const s = (cs % 6000) / 100;
  const two = (n) => String(n).padStart(2, "0");
  return `${String(Math.min(h, 9999)).padStart(4, "0")}:${two(m)}:${s.toFixed(2).padStart(5, "0")}`;
}

/**
 * Starts the SCORM session when an LMS API is found; returns the session
 * ({ api, update(), finish() }) or null (no LMS: the normal app).
 */
export function start({
  win = globalThis.window,
  courseUrl = new URL("lessons/course.json", document.baseURI),
  configUrl = new URL("scorm.json", document.baseURI),
} = {}) {
  const api = findAPI(win);
  if (!api) return null;
  const call = (name, ...args) => {
    try {
      const result = api[name](...args);
      if (String(result) === "false") {
        const code = api.LMSGetLastError?.();
        console.warn(`SCORM ${name}(${args.join(", ")}) failed: ${code} ${api.LMSGetErrorString?.(code) ?? ""}`);
      }
      return result;
    } catch (error) {
      console.warn(`SCORM ${name} threw`, error);
      return "";
    }
  };
  if (String(call("LMSInitialize", "")) !== "true") return null;
  const started = Date.now();
  // the learner's progress, from the platform, replaces what this browser had
  save(decodeSuspend(String(call("LMSGetValue", "cmi.suspend_data") ?? "")));
  if (String(call("LMSGetValue", "cmi.core.lesson_status")) === "not attempted") call("LMSSetValue", "cmi.core.lesson_status", "incomplete");
  let ids = null;
  let pass = null;
  let finished = false;
  let status = "incomplete";
  const json = (url) => fetch(url).then((r) => (r.ok ? r.json() : null));
  // the packager's scorm.json (its lessons, its pass mark); else the course, every lesson
  const ready = json(configUrl)
    .catch(() => null)
    .then(async (config) => {
      pass = Number.isInteger(config?.pass) ? config.pass : null;
      const listed = Array.isArray(config?.lessons) ? config.lessons.filter((id) => typeof id === "string" && id) : null;
      ids = listed?.length ? listed : courseIds(await json(courseUrl));
    })
    .catch((error) => console.warn("SCORM: the course could not be read", error));
  const update = async () => {
    await ready;
    if (finished || !ids) return;
    const progress = load().data;
    const r = report(ids, progress, pass);
    status = r.status;
    call("LMSSetValue", "cmi.suspend_data", encodeSuspend(progress, ids));
    // a score only from the first star on: an empty score stays empty (never a 0 that a
    // platform's mastery rule would turn into "failed" while the child is still at it)
    if (r.done > 0) {
      call("LMSSetValue", "cmi.core.score.min", "0");
      call("LMSSetValue", "cmi.core.score.max", "100");
      call("LMSSetValue", "cmi.core.score.raw", String(r.score));
    }
    call("LMSSetValue", "cmi.core.lesson_status", r.status);
    call("LMSCommit", "");
  };
  const finish = () => {
    if (finished) return;
    finished = true;
    call("LMSSetValue", "cmi.core.exit", status === "passed" ? "" : "suspend");
    call("LMSSetValue", "cmi.core.session_time", timespan(Date.now() - started));
    call("LMSCommit", "");
    call("LMSFinish", "");
  };
  // progress.js has recorded the stars before the widget fires lesson-done
  win.document.addEventListener("lesson-done", () => void update());
  win.addEventListener("pagehide", finish);
  const session = { api, update, finish, ready };
  update(); // the status and score as they stand (e.g. after a course grew)
  return session;
}

export const session = typeof window === "undefined" ? null : start();
