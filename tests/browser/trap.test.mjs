// A trap in the WebAssembly module (issue 17, point 2): a panic, `unreachable` or an out-of-memory
// is a WebAssembly.RuntimeError that leaves the instance unfit. The widget shows a friendly card
// (words, an icon, a focused "Start over" button, said to a screen reader), and "Start over"
// builds a fresh instance (the glue imported again under a new URL; in a lesson, the lesson package's,
// whose rules the widget shows) and starts the lesson again;
// the saved progress is untouched. The trap is real: a test build of pkg-lessons with the cargo
// feature test-trap (export testTrap, scripts/test.sh builds it into target/test-trap/, outside
// dist/) is served in place of pkg/ and pkg-lessons/ by Playwright's routing. The shipped
// packages have no such export.
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { test } from "node:test";
import { DIST, ROOT, screenshot, useServerAndBrowser } from "./helpers.mjs";
import { openLesson, tutor, waitState } from "./lesson-helpers.mjs";

const env = useServerAndBrowser();
const TRAP = join(ROOT, "target", "test-trap", "pkg-lessons");
/** The address of a package's glue as the app imports it: its hashed name (chess_tutor-HASH.js;
 *  the old name re-exports it). */
const glue = (pkg) => `${pkg}/${readdirSync(join(DIST, pkg)).find((f) => /^chess_tutor-[0-9A-Z]{8}\.js$/.test(f)) ?? "chess_tutor.js"}`;
const PROGRESS = JSON.stringify({ version: 1, lessons: { "rook-stars-1": { stars: 2, completedAt: "2026-01-02T03:04:05.000Z" } } });

/** Serves pkg/ and pkg-lessons/ (with any ?instance=N) from the test build (its glue and module
 *  agree); returns the list of what was served. */
async function serveTrapBuild(context) {
  assert.ok(existsSync(join(TRAP, "chess_tutor.js")), `no test build in ${TRAP}: scripts/test.sh builds it (cargo feature test-trap)`);
  const served = [];
  // (the build names each module and glue with its content hash: chess_tutor_bg-HASH.wasm,
  // chess_tutor-HASH.js)
  await context.route(/\/pkg(-lessons)?\/chess_tutor(_bg)?(-[0-9A-Z]{8})?\.(js|wasm)(\?.*)?$/, (route) => {
    const url = new URL(route.request().url());
    served.push(url.pathname.replace(/^.*\/(pkg[^/]*\/)/, "$1").replace(/-[0-9A-Z]{8}(\.wasm|\.js)$/, "$1") + url.search);
    const file = basename(url.pathname).replace(/-[0-9A-Z]{8}(\.wasm|\.js)$/, "$1");
    route.fulfill({ body: readFileSync(join(TRAP, file)), headers: { "content-type": file.endsWith(".wasm") ? "application/wasm" : "text/javascript" } });
  });
  return served;
}

test("the shipped packages have no trapping export", () => {
  const pkgs = readdirSync(DIST).filter((d) => /^pkg(-[\w-]+)?$/.test(d));
  assert.ok(pkgs.length >= 2, `packages in dist/: ${pkgs}`);
  for (const dir of pkgs) {
    // the glue and module under every name (the hashed ones the app loads, the glue's old name)
    const files = readdirSync(join(DIST, dir)).filter((f) => /^chess_tutor(_bg)?(-[0-9A-Z]{8})?\.(js|wasm)$/.test(f));
    assert.ok(files.some((f) => f.endsWith(".wasm")) && files.some((f) => f.endsWith(".js")), `${dir}: ${files}`);
    for (const file of files) assert.ok(!readFileSync(join(DIST, dir, file)).includes("testTrap"), `${dir}/${file} has testTrap`);
  }
});

test("a trap shows the card; Start over builds a fresh instance and the lesson is played to the end; progress untouched", async () => {
  const context = await env.browser.newContext();
  const served = await serveTrapBuild(context);
  await context.addInitScript((progress) => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem("chess-tutor:progress:v1", progress);
      sessionStorage.setItem("seeded", "1");
    }
  }, PROGRESS);
  const { page, problems } = await openLesson(env, context, "check-escape");
  // the trap: a call into the lessons package's instance (the one lesson.js uses), uncaught
  const has = await page.evaluate(async (file) => {
    const m = await import(new URL(file, document.baseURI).href);
    setTimeout(() => m.testTrap());
    return typeof m.testTrap;
  }, glue("pkg-lessons"));
  assert.equal(has, "function");
  await page.waitForSelector(`${tutor}[data-trapped="true"]`, { timeout: 10_000 });
  const card = page.locator(`${tutor} .trap`);
  assert.ok(await card.isVisible());
  await screenshot(page, "trap-card-lesson");
  assert.equal(await card.getAttribute("role"), "alertdialog");
  assert.match(await card.locator(".trap-title").textContent(), /^⚠ Oops! Something went wrong inside the tutor\./);
  assert.match(await card.locator(".trap-text").textContent(), /Your stars are safe/);
  // the keyboard is on the button, and a screen reader hears it
  assert.equal(await page.locator(tutor).evaluate((el) => el.shadowRoot.activeElement?.className), "trap-restart");
  assert.match(await page.locator(tutor).evaluate((el) => el.shadowRoot.querySelector('.sr-only[aria-live]').textContent), /Something went wrong/);
  assert.equal(await page.evaluate(() => localStorage.getItem("chess-tutor:progress:v1")), PROGRESS, "progress untouched");
  // Start over, by keyboard: a fresh instance of both packages, the lesson from its intro
  await page.keyboard.press("Enter");
  await page.waitForFunction((sel) => !document.querySelector(sel).dataset.trapped, tutor, { timeout: 10_000 });
  await waitState(page, "intro");
  assert.ok(served.includes("pkg-lessons/chess_tutor.js?instance=1"), `fresh lessons glue: ${served}`);
  // the lesson's widget reads the lesson's fresh instance (one package in a lesson): no pkg/ of its own
  assert.ok(!served.includes("pkg/chess_tutor.js?instance=1"), `no widget glue for the lesson: ${served}`);
  assert.ok(await card.isHidden());
  await page.locator(`${tutor} .l-start`).click();
  await waitState(page, "playing");
  await page.locator(`${tutor} [data-square="c3"]`).click();
  await page.locator(`${tutor} [data-square="e4"]`).click();
  await waitState(page, "done");
  const stored = JSON.parse(await page.evaluate(() => localStorage.getItem("chess-tutor:progress:v1")));
  assert.equal(stored.lessons["rook-stars-1"].stars, 2, "the earlier stars are kept");
  assert.equal(stored.lessons["check-escape"].stars, 3, "the lesson after Start over is recorded");
  assert.deepEqual(problems.filter((p) => !/the rules module stopped/.test(p)), []);
  await context.close();
});

test("on a free board (the widget's own package): the card in Russian, Start over, and the fresh instance plays", async () => {
  const context = await env.browser.newContext();
  const served = await serveTrapBuild(context);
  const page = await context.newPage();
  await page.goto(`${env.server.url}?lang=ru#/play`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
  const el = page.locator("chess-tutor").first();
  await el.evaluate((w) => w.play("e2", "e4"));
  await page.evaluate(async (file) => {
    const m = await import(new URL(file, document.baseURI).href);
    setTimeout(() => m.testTrap());
  }, glue("pkg"));
  await page.waitForSelector('chess-tutor[data-trapped="true"]', { timeout: 10_000 });
  assert.match(await el.locator(".trap-title").textContent(), /Ой! Внутри тренера что-то сломалось\./);
  await screenshot(page, "trap-card-ru");
  assert.equal(await el.locator(".trap-restart").textContent(), "↻ Начать заново");
  await el.locator(".trap-restart").click();
  await page.waitForFunction(() => !document.querySelector("chess-tutor").dataset.trapped, null, { timeout: 10_000 });
  assert.ok(served.includes("pkg/chess_tutor.js?instance=1"), `${served}`);
  // the fresh instance plays
  const fen = await el.evaluate((w) => (w.play("d2", "d4"), w.fen));
  assert.match(fen, /3P4/);
  await context.close();
});
