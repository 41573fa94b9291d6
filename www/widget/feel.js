// @ts-check
// What a plug-in may show and play beside the board (README.md, "The front end": host.feedback,
// host.sound), loaded with a plug-in or for the sound attribute only, so the plain widget stays small.
import { adopt, h } from "./dom.js";

// two or three soft sine notes (Hz) for each kind; no audio files
const TONES = { right: [523.25, 783.99], wrong: [392, 329.63], done: [523.25, 659.25, 783.99] };
/** @type {AudioContext | null} */
let audio = null;

/** A short, gentle tone: an oscillator through a soft gain envelope. Never throws. */
export function tone(kind) {
  const notes = TONES[kind];
  if (!notes) return;
  try {
    const Audio = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (!Audio) return;
    const ctx = (audio ??= new Audio());
    ctx.resume?.()?.catch?.(() => {});
    const t0 = ctx.currentTime + 0.02;
    notes.forEach((f, k) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const t = t0 + k * 0.11;
      osc.type = "sine";
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.12, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.28);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + 0.3);
    });
  } catch {}
}

/** The one feedback box of a widget, in `parent` (over the board; feel.css in `root`):
 * show(node, edge, onClose?) replaces what it showed ("top" | "bottom": the board's edge; its own
 * onClose runs if the child dismisses this one), clear() hides it, label(text) names its close
 * button; onClose runs when the child dismisses it. */
export function feedbackBox(root, parent, onClose) {
  adopt(root, "feel.css");
  // a live region from the start (empty), so that what it shows next is said
  const box = h("div", { class: "feedback", part: "feedback", role: "status", "aria-live": "polite", hidden: "" }, parent);
  const body = h("div", { class: "fb-body" }, box);
  const close = h("button", { type: "button", class: "fb-close", part: "button" }, box, "×");
  let shown = 0;
  /** @type {(() => void) | null} */
  let closing = null; // what the box shown now does when closed (show's onClose)
  const clear = () => {
    shown++;
    closing = null;
    box.hidden = true;
    body.replaceChildren();
  };
  close.onclick = () => {
    const then = closing;
    clear();
    onClose();
    then?.();
  };
  return {
    box,
    clear,
    label: (text) => close.setAttribute("aria-label", text),
    show(node, edge, onClose) {
      const ticket = ++shown;
      closing = onClose ?? null;
      box.dataset.edge = edge;
      box.hidden = false;
      // the first time, a moment after the empty region is in the page
      const fill = () => ticket === shown && body.replaceChildren(node);
      if (box.isConnected && box.dataset.used) fill();
      else requestAnimationFrame(fill);
      box.dataset.used = "";
    },
  };
}

/** Which edge of the board covers fewer of the pieces a child may want: the piece that just moved
 * (`to`) and the child's own (`own`: the colour at the bottom). pieces: [{ i, j, square, color }]. */
export function edge(geometry, pieces, to, own) {
  const cost = { top: 0, bottom: 0 };
  for (const p of pieces) {
    const row = geometry.visual(p.i, p.j)[0];
    const at = row <= 1 ? "top" : row >= 6 ? "bottom" : null;
    if (at) cost[at] += (p.square === to ? 10 : 0) + (p.color === own ? 1 : 0);
  }
  return cost.top < cost.bottom ? "top" : "bottom";
}
