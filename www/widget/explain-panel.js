// @ts-check
// What <chess-tutor>'s explanation panel needs before explain.js draws it: the module and its
// words fetched when the child first reaches for the board (not in the plain board's first
// load), the child's choice of "How is it counted?" remembered in this browser, and the selected
// piece's lines drawn as light arrows under the pieces.

export const EXPLAIN = "explain"; // the explanation's word part (www/i18n/<lang>/explain.js)
export const coarse = globalThis.matchMedia?.("(pointer: coarse)") ?? { matches: false };

// the "How is it counted?" toggle, remembered in this browser (a child's own device); never throws
const FULL_KEY = "chess-tutor:formula:v1";
/** The child's choice of the formula toggle, one word ("full" | "plain" | null). Read at start-up
 *  without storage.js, which the plain widget does not load (0.5 KiB gzipped). */
export const stored = () => {
  try {
    const text = globalThis.localStorage?.getItem(FULL_KEY);
    return text === "full" || text === "plain" ? text : null;
  } catch {
    return null;
  }
};
/** Written through storage.js when the child toggles (a side copy, read back, then replaced).
 *  A refusal (storage full or blocked): this page only. */
export const store = (value) => import("./storage.js").then(({ local, write }) => write(local(), FULL_KEY, value)).catch(() => {});

/** explain.js once loaded (else null) @type {any} */
export let explainer = null;
/** @type {Promise<any> | null} */
let explaining = null;
/** explain.js, fetched once (again after a failure) */
export const explainModule = () => (explaining ??= import("./explain.js").then((m) => (explainer = m)).catch((error) => {
  explaining = null;
  throw error;
}));

const sign = (x) => Math.sign(x);
/** The selected piece's lines as light arrows under the pieces: one to the farthest target of
 *  each straight line, one to each jump (a knight's); the line of `hover`'s target stronger. */
export function lines(sel, hover) {
  if (!sel) return [];
  const on = sel.targets.get(hover);
  const far = new Map();
  for (const t of sel.targets.values()) {
    const [di, dj] = [t.i - sel.i, t.j - sel.j];
    const straight = !di || !dj || Math.abs(di) === Math.abs(dj);
    const key = straight ? `${sign(di)},${sign(dj)}` : t.square;
    const n = Math.max(Math.abs(di), Math.abs(dj));
    const was = far.get(key);
    const active = was?.active || (on && (on === t || (straight && key === `${sign(on.i - sel.i)},${sign(on.j - sel.j)}`)));
    far.set(key, !was || n > was.n ? { t, n, active } : { ...was, active });
  }
  return [...far.values()].map(({ t, active }) => ({ type: "arrow", from: sel.square, to: t.square, under: true, brush: active ? "lines active" : "lines" }));
}

/**
 * The explanation's view for explain.js ({ t, flip, touch, open, numbers, onToggle }) once its
 * module and words are here; else null: the box is busy (aria-busy), the module and words are
 * fetched (`ahead`) and `redraw` is called when they come (for the same words).
 * @param {HTMLElement} box the panel's box
 * @param {{ words: any, ahead: () => Promise<any>, redraw: () => void, open: boolean, flip: number, numbers: boolean, onToggle: (full: boolean) => void }} o
 */
export function explainView(box, { words, ahead, redraw, open, flip, numbers, onToggle }) {
  if (explainer && words.merged.has(EXPLAIN)) {
    box.removeAttribute("aria-busy");
    return { t: words.t, flip, touch: coarse.matches, open, numbers, onToggle };
  }
  box.setAttribute("aria-busy", "true");
  const base = words.base;
  ahead().then(
    () => base === words.base && redraw(),
    () => box.removeAttribute("aria-busy"), // not fetched (offline): the plain words stay unsaid
  );
  return null;
}

/**
 * The plain words of a move just played, as the panel shows them, and what it brought (with the
 * explanation's words: the move's plain words wait for them). `plain`: the move's words without
 * an explanation (move-list.js moveText); `end`: a check or the end of the game, or "".
 */
export async function spokenMove(move, explained, { words, ahead, flip, plain, end }) {
  const target = explained?.target;
  const parts = target ? [] : [plain];
  if (target) {
    await ahead();
    const t = words.t;
    parts.push(`${t.played(target.square, explained.name)}: ${explainer.way(t, explained.from, target, flip)}.`);
    const extra = explainer.extra(t, { ...target, captured: target.captured ?? move.captured });
    if (extra) parts.push(extra);
  }
  if (end) parts.push(end);
  return parts.join(" ");
}
