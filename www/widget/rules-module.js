// @ts-check
// FIDE's rules for <chess-tutor>: the Rust crate's WebAssembly package (pkg/), loaded once for
// every widget of the page, as a rules provider { version, formulas, Game, sprite } (a piece
// set's comes from variant.js, a lesson's from the lesson player). And a trap in one of our
// WebAssembly modules (a panic, `unreachable`, out of memory: WebAssembly.RuntimeError, from a
// call through a chess_tutor.js glue), which leaves its instance unfit: every widget on the page
// is told (trapCards) and shows a card with "Start over" (trap-card.js), which builds fresh instances. The
// child's saved progress (localStorage) is not touched. A trap in a page's own module is not ours.
import { pieceImage } from "./board-geometry.js";

const BASE = new URL("./", import.meta.url);

/** @type {Promise<any> | null | undefined} */
let rules;
// instance 0: the glue at its own URL; after a trap, imported again under a new URL
// (wasm-bindgen's init keeps its first instance), so a fresh instance with its own memory
let instance = 0;
const glue = () => import(instance ? new URL(`pkg/chess_tutor.js?instance=${instance}`, BASE).href : "../pkg/chess_tutor.js");

/** FIDE's rules provider, loaded once (again after a trap). */
export const loadRules = () =>
  (rules ??= glue().then((m) =>
    m.default({ module_or_path: new URL("pkg/chess_tutor_bg.wasm", BASE) }).then(() => ({
      version: m.version(),
      formulas: new Map(m.formulas().map((f) => [f.kind, f])),
      Game: m.Game,
      sprite: (p) => pieceImage(p.color, p.char),
    })),
  ));

/** Each connected widget's "show the card", called when one of our modules traps. */
export const trapCards = new Set();
const ours = (error) => globalThis.WebAssembly && error instanceof WebAssembly.RuntimeError && /chess_tutor(_bg)?\.(js|wasm)/.test(String(error.stack));
function onTrap(event) {
  const error = event.error ?? event.reason;
  if (!ours(error)) return;
  event.preventDefault?.(); // said on the card (and once on the console below), not as an uncaught error
  console.error(`chess-tutor: the rules module stopped (${error.message}); a fresh one is built on "Start over"`);
  if (rules) {
    rules = null;
    instance += 1;
  }
  for (const show of trapCards) show();
}
globalThis.addEventListener?.("error", onTrap);
globalThis.addEventListener?.("unhandledrejection", onTrap);

