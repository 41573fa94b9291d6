// @ts-check
// The lesson studio's checker, in a Web Worker so that the teacher's typing never waits for it:
// www/pkg-studio (studioCheck: the checker and the doctor's searches, as `chess-tutor lesson check`
// runs them, and the par the doctor proposes). Loaded only by the studio (studio/studio.js).
//
//   → { id, text }            a lesson's JSON text
//   ← { id, diagnostics, par } the findings (line, col, pointer, message { id, args }, severity)
//                             and the proposed par (null: none)
//   ← { id, error }           the package could not run (the error's id and args, or its message)
// A king-and-pawn lesson's endgame data files (endgame/*.bin) are fetched once, as a lesson first
// needs them, so that the doctor proves it with the solver as the command line does.
import init, { studioCheck, studioEndgameFiles, studioLoadEndgame } from "../pkg-studio/chess_tutor.js";

// Built to dist/studio-worker.js (a fixed name: its CSP header, www/serve.json), beside pkg-studio/
// and endgame/: the package finds its module by itself, the tables are asked for beside the worker.
const ready = init();
const failed = new Set(); // files that could not be fetched: not asked again (the doctor says so)

async function loadEndgame(text) {
  for (const file of studioEndgameFiles(text)) {
    if (failed.has(file)) continue;
    try {
      const response = await fetch(new URL(`endgame/${file}`, self.location.href));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      studioLoadEndgame(new Uint8Array(await response.arrayBuffer()));
    } catch {
      failed.add(file);
    }
  }
}

self.onmessage = async ({ data }) => {
  const { id, text } = data ?? {};
  try {
    await ready;
    await loadEndgame(String(text ?? ""));
    const { diagnostics, par } = studioCheck(String(text ?? ""));
    self.postMessage({ id, diagnostics, par: par ?? null });
  } catch (error) {
    self.postMessage({ id, error: { id: error?.id ?? "internal", args: error?.args ?? { detail: String(error?.message ?? error) } } });
  }
};
