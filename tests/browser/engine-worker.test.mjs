// The computer opponent's worker (www/widget/engine-worker.js) in Chromium: started from csp.html (strict
// CSP), itself served under the same policy (www/serve.json), it loads its wasm, answers moves and
// draw offers, fetches the endgame tables it needs, and reports errors as messages.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openPage, serveConfig, useServerAndBrowser } from "./helpers.mjs";

const env = useServerAndBrowser();

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; media-src 'self' blob:";

test("engine-worker.js plays under the strict CSP", async () => {
  const rule = serveConfig().headers.find((r) => r.source === "/engine-worker.js");
  assert.equal(rule?.headers[0].value, CSP, "serve.json gives the worker the strict CSP");
  const { page, problems } = await openPage(env.browser);
  const workerConsole = [];
  page.on("worker", (worker) => worker.on("console", (m) => workerConsole.push(m.text())));
  await page.goto(new URL("csp.html", env.server.url).href);
  const workerResponse = await fetch(new URL("engine-worker.js", env.server.url));
  assert.equal(workerResponse.headers.get("content-security-policy"), CSP);

  const r = await page.evaluate(async () => {
    const worker = new Worker(new URL("engine-worker.js", location.href), { type: "module" });
    const failed = new Promise((_, reject) => {
      worker.onerror = (e) => reject(new Error(`worker error: ${e.message}`));
    });
    let id = 0;
    const ask = (msg) =>
      Promise.race([
        failed,
        new Promise((resolve) => {
          const mine = ++id;
          const onMessage = (e) => {
            if (e.data.id !== mine) return;
            worker.removeEventListener("message", onMessage);
            resolve(e.data);
          };
          worker.addEventListener("message", onMessage);
          worker.postMessage({ id: mine, ...msg });
        }),
      ]);
    const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const t0 = performance.now();
    const move = await ask({ type: "move", fen: start, moves: ["e2e4", "e7e5"], level: 8, seed: 1 });
    const ms = performance.now() - t0;
    const kpk = await ask({ type: "move", fen: "8/8/8/8/8/2k5/4P3/4K3 w - - 0 1", moves: [], level: 3, seed: 1 });
    const draw = await ask({ type: "draw", fen: start, moves: [], level: 4 });
    const bad = await ask({ type: "move", fen: start, moves: [], level: 12, seed: 1 });
    worker.terminate();
    return { move, ms, kpk, draw, bad };
  });
  assert.match(r.move.move?.uci ?? "", /^[a-h][1-8][a-h][1-8]$/, JSON.stringify(r.move));
  assert.ok(r.move.move.depth >= 4, JSON.stringify(r.move));
  // The first answer includes loading the module; a reply is budgeted at about a second.
  assert.ok(r.ms < 5000, `${r.ms} ms`);
  assert.equal(r.kpk.move?.fromTables, true, JSON.stringify(r.kpk));
  assert.equal(r.draw.accepts, true);
  assert.equal(r.bad.error, `engine-level {"level":12,"param":"level"}`);
  assert.deepEqual(r.bad.message, { id: "engine-level", args: { level: 12, param: "level" } });
  assert.deepEqual(workerConsole.filter((m) => /Content Security Policy|Refused/i.test(m)), []);
  assert.deepEqual(problems, []);
  await page.close();
});
