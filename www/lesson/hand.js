// @ts-check
// The hand that shows a first move, and the hint's marks on the panel (www/lesson/).
import { h } from "../widget/dom.js";
import { goalPicture } from "../widget/goals.js";
import { local, read as readStored, write as writeStored } from "../widget/storage.js";
import { wordsOf } from "./state.js";

export const reducedMotion = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)") ?? { matches: false };
// the hand that shows the first move, once per section of the course (the app names the section
// in data-hand): the sections it was shown in, in localStorage
export const HAND_KEY = "chess-tutor:hand:v1";
export const handSeen = () => {
  const r = readStored(local(), HAND_KEY);
  try {
    const list = r.ok && r.text ? JSON.parse(r.text) : [];
    return Array.isArray(list) ? list.filter((x) => typeof x === "string") : [];
  } catch {
    return [];
  }
};

/** The lesson's written hint as a move { from, to } (its move in SAN or UCI: the last square). */
export function writtenMove(st) {
  const hints = st.data?.hints;
  const to = /([a-h][1-8])[^a-h]*$/.exec(hints?.move ?? "")?.[1];
  return hints?.piece && to ? { from: hints.piece, to } : null;
}

/**
 * The first lesson of a section (the app's data-hand names the section): a hand taps the piece,
 * then the square of `move` ({ from, to }), twice, once per section (remembered in
 * localStorage, HAND_KEY). Never under reduced motion; taps and keys go to the board through
 * it, and Skip (or the child's first touch) puts it away.
 */
export function offerHand(st, move) {
  const section = st.el.dataset.hand;
  const board = st.host.board;
  if (!section || !move || st.hand || reducedMotion.matches || st.phase !== "playing" || !board?.svg) return;
  const seen = handSeen();
  if (seen.includes(section)) return;
  writeStored(local(), HAND_KEY, JSON.stringify([...seen, section]));
  const box = h("div", { class: "l-hand-box", "data-from": move.from, "data-to": move.to }, st.host.slot("overlay"));
  const ripple = h("span", { class: "l-hand-tap", "aria-hidden": "true" }, box);
  const hand = h("img", { class: "l-hand", alt: "", draggable: "false", src: goalPicture("hand") }, box);
  const skip = h("button", { type: "button", class: "l-hand-skip", part: "button" }, box, wordsOf(st).handSkip);
  skip.onclick = () => {
    hideHand(st);
    st.host.focusBoard();
  };
  // the squares' centres, in the box's pixels
  const origin = box.getBoundingClientRect();
  const centre = (square) => {
    const r = board.svg.querySelector(`[data-square="${square}"]`)?.getBoundingClientRect();
    return r && [r.left + r.width / 2 - origin.left, r.top + r.height / 2 - origin.top, r.width];
  };
  const [a, b] = [centre(move.from), centre(move.to)];
  if (!a || !b) return box.remove();
  // Skip in the board's corner farthest from the move's squares, so that it covers neither
  const corners = { "top-right": [origin.width, 0], "top-left": [0, 0], "bottom-right": [origin.width, origin.height], "bottom-left": [0, origin.height] };
  const far = (/** @type {number[]} */ [x, y]) => Math.min(...[a, b].map(([u, v]) => Math.hypot(u - x, v - y)));
  skip.dataset.corner = Object.keys(corners).reduce((best, c) => (far(corners[c]) > far(corners[best]) + 1 ? c : best));
  // the image's fingertip is at (38%, 6%) of its width
  const size = Math.max(a[2] * 1.1, 56);
  hand.width = hand.height = size;
  ripple.style.width = ripple.style.height = `${size}px`;
  const at = (/** @type {number[]} */ [x, y], scale = 1) => `translate(${x - 0.38 * size}px, ${y - 0.06 * size}px) scale(${scale})`;
  const off = [a[0] + size * 0.6, a[1] + size * 0.9];
  const frames = [
    { transform: at(off), opacity: 0, offset: 0 },
    { transform: at(a), opacity: 1, offset: 0.2 },
    { transform: at(a, 0.85), offset: 0.27 },
    { transform: at(a), offset: 0.34 },
    { transform: at(b), offset: 0.62 },
    { transform: at(b, 0.85), offset: 0.69 },
    { transform: at(b), opacity: 1, offset: 0.8 },
    { transform: at(b), opacity: 0, offset: 1 },
  ];
  // a ring where the finger taps
  const ring = ([x, y], scale, opacity, offset) => ({ transform: `translate(${x - size / 2}px, ${y - size / 2}px) scale(${scale})`, opacity, offset });
  const taps = [ring(a, 0.2, 0, 0), ring(a, 0.2, 0, 0.26), ring(a, 0.4, 0.9, 0.27), ring(a, 1, 0, 0.4), ring(b, 0.2, 0, 0.68), ring(b, 0.4, 0.9, 0.69), ring(b, 1, 0, 0.82), ring(b, 1, 0, 1)];
  /** @type {KeyframeAnimationOptions} */
  const timing = { duration: 2600, iterations: 2, easing: "ease-in-out", fill: "both" };
  const animations = [hand.animate(frames, timing), ripple.animate(taps, { ...timing, easing: "linear" })];
  st.hand = { box, animations };
  animations[0].finished.then(() => st.hand?.box === box && hideHand(st), () => {});
}

export function hideHand(st) {
  if (!st.hand) return;
  for (const a of st.hand.animations) a.cancel();
  st.hand.box.remove();
  st.hand = null;
}

/** The hint's arrow carries the move it shows: data-hint-from, data-hint-to. */
export function markHint(st) {
  const arrow = st.hintShown?.arrow;
  if (!arrow) return;
  for (const g of st.host.board?.svg?.querySelectorAll(".shape.l-hint-arrow") ?? []) {
    g.setAttribute("data-hint-from", arrow.from);
    g.setAttribute("data-hint-to", arrow.to);
  }
}
