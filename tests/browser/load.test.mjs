// What a lesson downloads (issue 18): the course's first lesson loads only the chess lesson package
// (www/pkg-lessons) beside the widget's own, no other wasm package; while the child reads its intro
// the next lesson's text is fetched ahead; a lesson with a piece set loads www/pkg-lessons-full
// on demand and plays. (Speed is measured in `npm run bench -- --only load`, never here.)
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { ROOT, openPage, useServerAndBrowser } from "./helpers.mjs";

const env = useServerAndBrowser();
const tutor = "#lesson-tutor";
const course = () => JSON.parse(readFileSync(join(ROOT, "lessons", "course.json"), "utf8")).sections.flatMap((s) => s.lessons);

async function openFromCourse(page, id) {
  await page.goto(`${env.server.url}?lang=en&coordinates=algebraic#/course`);
  await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
  await page.locator(`.lesson-card[data-lesson="${id}"]`).click();
  await page.waitForSelector(`${tutor}[data-lesson="intro"][data-lesson-id="${id}"]`, { timeout: 15_000 });
}

test("the first lesson loads only the chess lesson package, and fetches the next lesson ahead", async () => {
  const [first, second] = course().map((f) => f.replace(/\.json$/, ""));
  const { page, problems } = await openPage(env.browser);
  const requests = [];
  page.on("request", (r) => requests.push(new URL(r.url()).pathname));
  await openFromCourse(page, first);
  await page.waitForLoadState("networkidle");
  const wasm = requests.filter((p) => p.endsWith(".wasm")).sort();
  assert.deepEqual(wasm, ["/pkg-lessons/chess_tutor_bg.wasm", "/pkg/chess_tutor_bg.wasm"], "no other package before the first lesson");
  assert.ok(!requests.some((p) => /\/pkg-(lessons-full|variant|studio|engine)\//.test(p)), requests.join("\n"));
  assert.ok(requests.includes(`/lessons/${second}.json`), "the next lesson's text is fetched while the child reads the intro");
  // the next lesson opens from what was fetched ahead: its text is not fetched again
  const before = requests.length;
  await page.evaluate((h) => (location.hash = h), `#/lesson/${second}`);
  await page.waitForSelector(`${tutor}[data-lesson="intro"][data-lesson-id="${second}"]`, { timeout: 15_000 });
  assert.ok(!requests.slice(before).includes(`/lessons/${second}.json`), "fetched once");
  await page.locator(`${tutor} .l-start`).click();
  await page.waitForSelector(`${tutor}[data-lesson="playing"]`, { timeout: 15_000 });
  assert.deepEqual(problems, []);
  await page.close();
});

test("a lesson with a piece set loads pkg-lessons-full on demand and plays", async () => {
  const { page, problems } = await openPage(env.browser);
  const requests = [];
  page.on("request", (r) => requests.push(new URL(r.url()).pathname));
  await openFromCourse(page, "t1-fig-2-1");
  assert.ok(requests.includes("/pkg-lessons-full/chess_tutor_bg.wasm"), "the pieces package loads");
  // (variant.js imports pkg-variant's glue, but its wasm never loads: the set plays with this package's VariantGame)
  assert.ok(!requests.some((p) => /\/pkg-(variant|studio|engine)\/.*\.wasm$/.test(p)), requests.join("\n"));
  await page.locator(`${tutor} .l-start`).click();
  await page.waitForSelector(`${tutor}[data-lesson="playing"]`, { timeout: 15_000 });
  assert.match(await page.locator(`${tutor} .l-goal`).textContent(), /Prince/);
  assert.deepEqual(problems, []);
  await page.close();
});
