// @ts-check
// The practice package (www/pkg-practice, built from the Rust core's practice module): the
// skills, the exercises its generators make (each one a lesson), and the learner model, a pure
// function of the log (log-store.js). Loaded only for practice: the lesson packages stay as
// they are. Its answers are read here into plain objects, so the pages never see the package's
// shapes (a text or an object), and a refusal becomes an Error with the package's sentence.
//
// The package runs in a module worker (practice-worker.js), so that making the next exercise
// never stalls the board; where a worker cannot start (no module workers, a policy that refuses
// it, its file missing) it runs in the page as before. `maker()` says which: "worker" or "page".
import { scriptURL } from "../widget/trusted.js";

const base = () => new URL("./", document.baseURI); // the app page's folder: pkg-practice/ sits there
/** @type {Promise<any> | null} */
let loading = null;
let ready = false;
/** True once the package is loaded (pages that only show stars do not load it for that). */
export const loaded = () => ready;

/** @typedef {{ kind: "worker" | "page", call: (name: string, ...args: any[]) => Promise<any> }} Maker */
/** @type {Promise<Maker> | null} */
let making = null;
/** @type {"worker" | "page" | null} */
let madeBy = null;
/** Where the exercises are made: "worker", "page", or null before the first call. */
export const maker = () => madeBy;

/** The package's calls: in the worker when it starts, else in the page (once chosen, kept; a
 *  worker that stops later hands its calls to the page). */
function backend() {
  making ??= startWorker().catch((error) => {
    console.info("practice: exercises are made in the page:", error?.message ?? error);
    return inPage();
  }).then((m) => {
    madeBy = m.kind;
    return m;
  });
  return making;
}

/** The package in this page. @returns {Maker} */
function inPage() {
  return { kind: "page", call: async (name, ...args) => call(await load(), name, ...args) };
}

/** The worker, once it said it is ready; rejected when it cannot start or its package fails to
 *  load. @returns {Promise<Maker>} */
function startWorker() {
  return new Promise((resolve, reject) => {
    if (typeof Worker !== "function") return reject(new Error("no workers here"));
    /** @type {Worker} */
    let worker;
    try {
      worker = new Worker(scriptURL(new URL("practice/practice-worker.js", base())), { type: "module" });
    } catch (error) {
      return reject(error);
    }
    /** @type {Map<number, { resolve: (v: any) => void, reject: (e: Error) => void, name: string, args: any[] }>} */
    const waiting = new Map();
    let next = 1;
    let started = false;
    let broken = false;
    const page = inPage();
    /** After a start, a worker that stops: what it still owed, and every later call, the page makes. */
    const stop = (why) => {
      broken = true;
      worker.terminate();
      if (!started) return reject(new Error(why));
      console.warn("practice: the worker stopped; exercises are made in the page:", why);
      for (const w of waiting.values()) page.call(w.name, ...w.args).then(w.resolve, w.reject);
      waiting.clear();
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      stop(event.message || "the worker could not start");
    };
    worker.onmessageerror = () => stop("a message the worker could not read");
    worker.onmessage = (event) => {
      const data = event.data ?? {};
      if (!started) {
        if (data.ready) {
          started = true;
          ready = true;
          resolve({ kind: "worker", call: (name, ...args) => ask(name, args) });
        } else if (data.failed) stop(data.failed);
        return;
      }
      const w = waiting.get(data.id);
      if (!w) return;
      waiting.delete(data.id);
      if (data.ok) w.resolve(value(data.value));
      else w.reject(new Error(String(data.message)));
    };
    /** @returns {Promise<any>} */
    const ask = (name, args) => {
      if (broken) return page.call(name, ...args);
      return new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject, name, args });
        worker.postMessage({ id, name, args });
      });
    };
  });
}

/** The package, loaded and compiled once in this page (again after a failure: the next call
 *  tries anew). */
export function load() {
  loading ??= import(new URL("pkg-practice/chess_tutor.js", base()).href)
    .then(async (pkg) => {
      await pkg.default({ module_or_path: new URL("pkg-practice/chess_tutor_bg.wasm", base()) });
      await loadEndgame(pkg);
      ready = true;
      return pkg;
    })
    .catch((error) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** The king-and-pawn solver's data files the package's proofs need (a few small files in
 *  endgame/, kept by the service worker): loaded once; without them those skills are not asked
 *  for (the package says so), the others play on. */
async function loadEndgame(pkg) {
  const files = pkg.practiceEndgameFiles?.() ?? [];
  await Promise.all(
    files.map(async (file) => {
      try {
        const r = await fetch(new URL(`endgame/${file}`, base()));
        if (r.ok) pkg.practiceLoadEndgame(new Uint8Array(await r.arrayBuffer()));
      } catch {}
    }),
  );
}

/** An exercise as the pages use it: the lesson's fields, with the exercise's id, skill and
 *  rating (the package gives { id, skill, seed, rating, text: the lesson's JSON }). */
function exerciseOf(x) {
  const out = value(x);
  if (typeof out?.text !== "string") return out;
  return { ...JSON.parse(out.text), id: out.id, skill: out.skill, rating: out.rating, ...(out.review != null ? { review: out.review } : {}) };
}

const value = (x) => {
  if (typeof x !== "string") return x;
  try {
    return JSON.parse(x);
  } catch {
    return x;
  }
};

/** A call of the package: its answer as an object; a thrown sentence as an Error. */
function call(pkg, name, ...args) {
  try {
    return value(pkg[name](...args));
  } catch (error) {
    throw error instanceof Error ? error : new Error(String(/** @type {any} */ (error)?.message ?? error));
  }
}

/** Every skill: [{ id, title: { ru, en }, picture, lessons, requires, … }], in the course's order. */
export async function skills() {
  const list = await (await backend()).call("practiceSkills");
  return Array.isArray(list) ? list : (list?.skills ?? []);
}

/** One exercise (a lesson with `id` practice/<skill>/<seed>, `skill`, `rating`); `rating`: near
 *  that difficulty.
 * @param {string} skill @param {number} seed @param {number} [rating] */
export async function make(skill, seed, rating = undefined) {
  const m = await backend();
  return exerciseOf(rating == null ? await m.call("practiceMake", skill, seed) : await m.call("practiceMake", skill, seed, Math.round(rating)));
}

/** The next exercise for the learner of `logText` (due reviews first, then the skill being
 *  learned, where the success is predicted at 80 %, or 90 % when `gentle`). */
export async function next(logText, now, learned, gentle = false) {
  return exerciseOf(await (await backend()).call("practiceNext", logText, now.toISOString(), learned, gentle));
}

/**
 * An answer to the exercise `id`: → { line, skill, rating, mastery, due }, `line` the log's new
 * line (the package's, or this one when it returns none).
 */
export async function record(logText, { id, right, hints = 0, ms = 0 }, now) {
  const at = now.toISOString();
  const out = (await (await backend()).call("practiceRecord", logText, id, right, hints, Math.round(ms), at)) ?? {};
  const line = typeof out.line === "string" ? out.line : typeof out.entry === "object" ? JSON.stringify(out.entry) : JSON.stringify({ id, right, hints, ms: Math.round(ms), at });
  return { ...out, line };
}

/** The learner's skills: { rating (the child's, or null), skills: [{ id, rating, mastery (0–3),
 *  attempts, right, due }] }. */
export async function report(logText, now) {
  const out = await (await backend()).call("practiceReport", logText, now.toISOString());
  return { rating: Number.isFinite(out?.rating) ? out.rating : null, skills: Array.isArray(out?.skills) ? out.skills : [] };
}

/** The rating an exercise should have for a success predicted at `p` by a learner rated `r`
 *  (Elo: p = 1 / (1 + 10^((exercise − r) / 400))). */
export const ratingFor = (r, p = 0.8) => r - 400 * Math.log10(p / (1 - p));
