// @ts-check
// "Next" after a homework lesson (issue 37): the next homework lesson not solved yet, not the
// course's next. pupil.js keeps the homework's lessons, in the order the pupil sees them, when she
// opens one of them (for this tab: sessionStorage); app.js and class-app.js ask for the next.
const KEY = "chess-tutor:homework-run:v1";

const store = () => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
};

/** The homework's lessons, in order: [{ id, own, solved }]. */
export function startRun(lessons) {
  try {
    store()?.setItem(KEY, JSON.stringify(lessons.map(({ id, own, solved }) => ({ id: String(id), own: Boolean(own), solved: Boolean(solved) }))));
  } catch {}
}

/** After lesson `id`: the next homework lesson not solved ({ id, own, hash }), the list going
 *  round; null when `id` is not homework or the rest is solved. */
export function nextHomework(id) {
  let run = [];
  try {
    run = JSON.parse(store()?.getItem(KEY) ?? "[]");
  } catch {}
  if (!Array.isArray(run)) return null;
  const k = run.findIndex((l) => l?.id === id);
  if (k < 0) return null;
  const next = [...run.slice(k + 1), ...run.slice(0, k)].find((l) => !l.solved);
  return next ? { id: next.id, own: next.own, hash: next.own ? `#/homework/${next.id}` : `#/lesson/${next.id}` } : null;
}
