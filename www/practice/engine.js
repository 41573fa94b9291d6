// @ts-check
// The practice package (www/pkg-practice, built from the Rust core's practice module): the
// skills, the exercises its generators make (each one a lesson), and the learner model, a pure
// function of the log (log-store.js). Loaded only for practice: the lesson packages stay as
// they are. Its answers are read here into plain objects, so the pages never see the package's
// shapes (a text or an object), and a refusal becomes an Error with the package's sentence.

const base = () => new URL("./", document.baseURI); // the app page's folder: pkg-practice/ sits there
/** @type {Promise<any> | null} */
let loading = null;
let ready = false;
/** True once the package is loaded (pages that only show stars do not load it for that). */
export const loaded = () => ready;

/** The package, loaded and compiled once (again after a failure: the next call tries anew). */
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
  const list = call(await load(), "practiceSkills");
  return Array.isArray(list) ? list : (list?.skills ?? []);
}

/** One exercise (a lesson with `id` practice/<skill>/<seed>, `skill`, `rating`); `rating`: near
 *  that difficulty. */
export async function make(skill, seed, rating = undefined) {
  const pkg = await load();
  return exerciseOf(rating == null ? call(pkg, "practiceMake", skill, seed) : call(pkg, "practiceMake", skill, seed, Math.round(rating)));
}

/** The next exercise for the learner of `logText` (due reviews first, then the skill being
 *  learned, where the success is predicted at 80 %, or 90 % when `gentle`). */
export async function next(logText, now, learned, gentle = false) {
  return exerciseOf(call(await load(), "practiceNext", logText, now.toISOString(), learned, gentle));
}

/**
 * An answer to the exercise `id`: → { line, skill, rating, mastery, due }, `line` the log's new
 * line (the package's, or this one when it returns none).
 */
export async function record(logText, { id, right, hints = 0, ms = 0 }, now) {
  const at = now.toISOString();
  const out = call(await load(), "practiceRecord", logText, id, right, hints, Math.round(ms), at) ?? {};
  const line = typeof out.line === "string" ? out.line : typeof out.entry === "object" ? JSON.stringify(out.entry) : JSON.stringify({ id, right, hints, ms: Math.round(ms), at });
  return { ...out, line };
}

/** The learner's skills: { rating (the child's, or null), skills: [{ id, rating, mastery (0–3),
 *  attempts, right, due }] }. */
export async function report(logText, now) {
  const out = call(await load(), "practiceReport", logText, now.toISOString());
  return { rating: Number.isFinite(out?.rating) ? out.rating : null, skills: Array.isArray(out?.skills) ? out.skills : [] };
}

/** The rating an exercise should have for a success predicted at `p` by a learner rated `r`
 *  (Elo: p = 1 / (1 + 10^((exercise − r) / 400))). */
export const ratingFor = (r, p = 0.8) => r - 400 * Math.log10(p / (1 - p));
