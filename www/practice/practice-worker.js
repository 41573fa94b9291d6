// @ts-check
// The practice package (www/pkg-practice) in a module Web Worker, so that making and proving an
// exercise (a few milliseconds to a few hundred) never stalls the board the child plays on.
// engine.js starts it with
//   new Worker(new URL("practice/practice-worker.js", <the app's folder>), { type: "module" })
// and falls back to the package in the page when the worker cannot start (a browser without
// module workers, a policy that refuses it).
//
// Messages:
//   out, once: {ready: true} when the package is compiled and the endgame files are loaded, or
//              {failed: "why"} when the package could not be loaded;
//   in:  {id, name, args}  a call of the package's export `name` (practiceMake, practiceNext,
//        practiceRecord, practiceReport, practiceSkills) with `args`;
//   out: {id, ok: true, value} its answer, or {id, ok: false, message} the sentence it threw.
// Calls are answered in the order they came (the package runs one at a time).
//
// Strict CSP: no eval; WebAssembly needs script-src 'wasm-unsafe-eval' (www/serve.json gives this
// file the app's policy).
import init, * as pkg from "../pkg-practice/chess_tutor.js";

/** The package's exports this worker answers for (nothing else of the module is callable). */
const CALLS = new Set(["practiceMake", "practiceNext", "practiceRecord", "practiceReport", "practiceSkills"]);

/** The king-and-pawn solver's data files the proofs need (beside the app, in endgame/): a file
 *  that cannot be fetched leaves its skills out, as in the page. */
async function loadEndgame() {
  const files = pkg.practiceEndgameFiles?.() ?? [];
  await Promise.all(
    files.map(async (file) => {
      try {
        const r = await fetch(new URL(`../endgame/${file}`, import.meta.url));
        if (r.ok) pkg.practiceLoadEndgame(new Uint8Array(await r.arrayBuffer()));
      } catch {}
    }),
  );
}

const ready = init({ module_or_path: new URL("../pkg-practice/chess_tutor_bg.wasm", import.meta.url) }).then(loadEndgame);

ready.then(
  () => self.postMessage({ ready: true }),
  (error) => self.postMessage({ failed: String(error?.message ?? error) }),
);

self.onmessage = async (event) => {
  const { id, name, args } = event.data ?? {};
  try {
    await ready;
    if (!CALLS.has(name)) throw new Error(`practice worker: no call ${String(name).slice(0, 40)}`);
    const value = /** @type {any} */ (pkg)[name](...(Array.isArray(args) ? args : []));
    self.postMessage({ id, ok: true, value });
  } catch (error) {
    self.postMessage({ id, ok: false, message: String(error?.message ?? error) });
  }
};
