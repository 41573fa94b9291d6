// A long session in one page (issue 17, point 4): 10,000 move operations in one game, then 500
// lessons opened one after another, with the page's memory measured at the start, the middle and
// the end: the JS heap after a forced garbage collection (CDP HeapProfiler.collectGarbage +
// Runtime.getHeapUsage) and each WebAssembly instance's memory (memory.buffer.byteLength). The
// figures are printed; the test asserts they stay flat within generous bounds (bytes, never time).
//
// The moves: FIDE's automatic draws (fivefold repetition, the 75-move rule) end a game, so the
// 10,000 operations are cycles on one game of the free board (#/play): up to 60 plies of moves
// chosen by a seeded random among the legal ones (a finished game is undone instead), then all
// of them undone, redone and undone again; the next cycle's moves replace the redo list. Every
// operation is a public call of <chess-tutor> (play, undo, redo) that also redraws the board.
// The lessons: the app's lesson view (#/lesson/<id>, one <chess-tutor> reused), every lesson of
// lessons/ in turn until 500 were opened (each shown to its intro card or first position).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { ROOT, useServerAndBrowser } from "./helpers.mjs";

const env = useServerAndBrowser();
const MOVE_OPS = 10_000;
const LESSONS = 500;
const MiB = 1024 * 1024;
const mib = (n) => `${(n / MiB).toFixed(2)} MiB`;
const course = JSON.parse(readFileSync(join(ROOT, "lessons", "course.json"), "utf8"));
const ids = course.sections.flatMap((s) => s.lessons).map((f) => f.replace(/\.json$/, ""));

/** { heap: used JS heap after GC, wasm: { package: bytes } } for the page. */
async function measure(page, cdp) {
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  // a package's init() gives back the instance it already has (wasm-bindgen keeps it)
  const wasm = await page.evaluate(async () => {
    const out = {};
    for (const name of ["pkg", "pkg-lessons"]) {
      // the glue under its hashed name (chess_tutor-0A1B2C3D.js), as the page loaded it
      const base = new URL(`${name}/`, document.baseURI).href;
      const url = performance
        .getEntriesByType("resource")
        .map((e) => e.name)
        .find((u) => u.startsWith(base) && /^chess_tutor(-[0-9A-Z]{8})?\.js$/.test(u.slice(base.length)));
      if (!url) continue;
      const exports = await (await import(url)).default();
      out[name] = exports.memory.buffer.byteLength;
    }
    return out;
  });
  return { heap: usedSize, wasm };
}

const show = (label, m) => `${label.padEnd(22)} JS heap ${mib(m.heap).padStart(10)}   ${Object.entries(m.wasm).map(([k, v]) => `${k} ${mib(v)}`).join(", ")}`;

test(`${MOVE_OPS} move operations in one game and ${LESSONS} lessons in one page: memory stays flat`, async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const cdp = await context.newCDPSession(page);
  await page.goto(`${env.server.url}?lang=en#/play`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
  await page.waitForFunction(() => [...document.querySelectorAll("chess-tutor")].some((w) => w.dataset.ready === "true" && w.offsetParent));

  // the moves, in batches of about 1,000 operations per call
  const batch = (ops, seed) =>
    page.evaluate(
      ({ ops, seed }) => {
        const el = [...document.querySelectorAll("chess-tutor")].find((w) => w.offsetParent);
        let x = seed;
        const random = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
        const counts = { play: 0, undo: 0, redo: 0, cycles: 0, longest: 0 };
        let done = 0;
        while (done < ops) {
          let plies = 0;
          while (plies < 60 && done < ops) {
            if (el.status.outcome) break;
            const [placement, side] = el.fen.split(" ");
            const mine = [];
            placement.split("/").forEach((row, r) => {
              let f = 0;
              for (const c of row) {
                if (c >= "1" && c <= "8") f += Number(c);
                else {
                  if ((c === c.toUpperCase()) === (side === "w")) mine.push("abcdefgh"[f] + (8 - r));
                  f += 1;
                }
              }
            });
            // a random piece of the side to move that has a move, and a random move of it
            let move = null;
            while (mine.length && !move) {
              const from = mine.splice(Math.floor(random() * mine.length), 1)[0];
              const targets = el.select(from);
              if (targets.length) move = [from, targets[Math.floor(random() * targets.length)].square];
            }
            if (!move) break;
            el.play(move[0], move[1], "q");
            plies += 1;
            done += 1;
            counts.play += 1;
          }
          counts.longest = Math.max(counts.longest, el.history().length);
          for (const step of ["undo", "redo", "undo"]) {
            while (done < ops && el[step]()) {
              done += 1;
              counts[step] += 1;
            }
          }
          counts.cycles += 1;
        }
        return { counts, plies: el.history().length };
      },
      { ops, seed },
    );

  const figures = [];
  let clock = Date.now();
  const took = () => `${((Date.now() - clock) / 1000).toFixed(1)} s`;
  const start = await measure(page, cdp);
  figures.push(show("moves: start", start));
  const totals = { play: 0, undo: 0, redo: 0, cycles: 0, longest: 0 };
  let middle;
  for (let k = 0; k < MOVE_OPS / 1000; k++) {
    const { counts } = await batch(1000, 12345 + k);
    for (const key of ["play", "undo", "redo", "cycles"]) totals[key] += counts[key];
    totals.longest = Math.max(totals.longest, counts.longest);
    if (k === MOVE_OPS / 2000 - 1) {
      middle = await measure(page, cdp);
      figures.push(show(`moves: ${(k + 1) * 1000}`, middle));
    }
  }
  const movesEnd = await measure(page, cdp);
  figures.push(show(`moves: ${MOVE_OPS}`, movesEnd));
  figures.push(`  (${totals.play} moves played, ${totals.undo} undone, ${totals.redo} redone, in ${totals.cycles} cycles; at most ${totals.longest} plies at once; ${took()}, not a measure of speed)`);
  clock = Date.now();
  assert.equal(totals.play + totals.undo + totals.redo, MOVE_OPS);

  // the lessons
  const open = (list) =>
    page.evaluate(async (list) => {
      const states = {};
      for (const id of list) {
        location.hash = `#/lesson/${id}`;
        for (let tries = 0; ; tries++) {
          const el = document.getElementById("lesson-tutor");
          const state = el?.dataset.lessonId === id ? el.dataset.lesson : null;
          if (state && state !== "loading") {
            states[state] = (states[state] ?? 0) + 1;
            break;
          }
          if (tries > 1500) throw new Error(`lesson ${id} did not open (state ${el?.dataset.lesson})`);
          await new Promise((r) => setTimeout(r, 10));
        }
      }
      return states;
    }, list);
  const order = Array.from({ length: LESSONS }, (_, k) => ids[k % ids.length]);
  const states = {};
  let lessonsStart, lessonsMiddle;
  for (let k = 0; k < LESSONS; k += 50) {
    for (const [s, n] of Object.entries(await open(order.slice(k, k + 50)))) states[s] = (states[s] ?? 0) + n;
    if (k === 0) {
      lessonsStart = await measure(page, cdp);
      figures.push(show("lessons: 50", lessonsStart));
    }
    if (k + 50 === LESSONS / 2) {
      lessonsMiddle = await measure(page, cdp);
      figures.push(show(`lessons: ${LESSONS / 2}`, lessonsMiddle));
    }
  }
  const end = await measure(page, cdp);
  figures.push(show(`lessons: ${LESSONS}`, end));
  figures.push(`  (${ids.length} lessons of the course in turn; shown as ${JSON.stringify(states)}; ${took()})`);
  console.log(`long session, memory after a forced GC:\n${figures.join("\n")}`);
  assert.equal(Object.values(states).reduce((a, b) => a + b, 0), LESSONS);
  assert.deepEqual(errors, []);

  // flat: the second half adds no more than a generous margin over the first
  assert.ok(movesEnd.heap - middle.heap < 4 * MiB, `JS heap grew by ${mib(movesEnd.heap - middle.heap)} over the second 5,000 moves`);
  assert.ok(movesEnd.wasm.pkg - middle.wasm.pkg <= 2 * MiB, `widget WASM memory grew by ${mib(movesEnd.wasm.pkg - middle.wasm.pkg)} over the second 5,000 moves`);
  assert.ok(end.heap - lessonsMiddle.heap < 8 * MiB, `JS heap grew by ${mib(end.heap - lessonsMiddle.heap)} over the last 250 lessons`);
  for (const [name, bytes] of Object.entries(end.wasm)) {
    const was = lessonsMiddle.wasm[name] ?? 0;
    assert.ok(bytes - was <= 2 * MiB, `${name} WASM memory grew by ${mib(bytes - was)} over the last 250 lessons`);
  }
  await context.close();
});
