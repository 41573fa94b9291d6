// What a lesson downloads (issue 18): the course page reads the build's course index
// (dist/course-index.json) instead of every lesson file, and preloads the first unfinished lesson's
// text and package, each fetched once; a course without an index is read lesson by lesson; the
// course's first lesson loads only the chess lesson package (www/pkg-lessons) beside the widget's
// own, no other wasm package; while the child reads its intro the next lesson's text is fetched
// ahead; a lesson with a piece set loads www/pkg-lessons-full on demand and plays; a progress file
// over 1 MiB is refused unread. (Speed is measured in `npm run bench -- --only load`, never here.)
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { DIST, ROOT, openPage, unhashed, useServerAndBrowser } from "./helpers.mjs";

const env = useServerAndBrowser();
const tutor = "#lesson-tutor";
const course = () => JSON.parse(readFileSync(join(ROOT, "lessons", "course.json"), "utf8")).sections.flatMap((s) => s.lessons);
/** The lesson files of every course of lessons/courses.json (the course index covers them all). */
const allCourses = () =>
  JSON.parse(readFileSync(join(ROOT, "lessons", "courses.json"), "utf8")).courses.flatMap((c) => JSON.parse(readFileSync(join(ROOT, "lessons", c.file), "utf8")).sections.flatMap((s) => s.lessons));
/** The course page's own files under lessons/: the list of courses, the course files, their pictures. */
const COURSE_FILES = /^\/lessons\/(courses\.json|course(-[a-z0-9-]+)?\.json|pictures\/)/;
/** A request's path, a hashed copy of the course's data (data/lessons/x-0A1B2C3D.json:
 *  scripts/data-files.mjs) by the name of the file it copies. */
const named = (url) => {
  const path = new URL(url).pathname;
  return path.startsWith("/data/") ? unhashed(path.slice(5)) : path;
};

/** Lesson `id` opened from its course's page (`course`: the id of a course of courses.json). */
async function openFromCourse(page, id, course = "main") {
  await page.goto(`${env.server.url}?lang=en&coordinates=algebraic#/course/${course}`);
  await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
  await page.locator(`.lesson-card[data-lesson="${id}"]`).click();
  await page.waitForSelector(`${tutor}[data-lesson="intro"][data-lesson-id="${id}"]`, { timeout: 15_000 });
}

test("the course page reads the course index, not the lessons, and preloads the first lesson once", async () => {
  const files = course();
  const index = JSON.parse(readFileSync(join(DIST, "course-index.json"), "utf8"));
  assert.equal(index.version, 1);
  assert.equal(index.course, "lessons/course.json");
  assert.deepEqual(Object.keys(index.lessons).sort(), [...new Set(allCourses())].sort(), "every lesson of every course, in the index");
  const lesson = JSON.parse(readFileSync(join(ROOT, "lessons", files[0]), "utf8"));
  assert.deepEqual(index.lessons[files[0]], { title: lesson.title, goal: lesson.goal.type, ...(lesson.skill ? { skill: lesson.skill } : {}) });

  // the page's chunks are merged (scripts/build-web.mjs mergePageChunks: there were 30 or more, a
  // request each on a slow network): the page preloads a few
  const html = readFileSync(join(DIST, "index.html"), "utf8");
  const chunks = [...html.matchAll(/<link rel="modulepreload" href="chunk-[0-9A-Z]{8}\.js"/g)];
  assert.ok(chunks.length >= 1 && chunks.length <= 8, `${chunks.length} chunks preloaded by the page`);
  const { page, problems } = await openPage(env.browser);
  const requests = [];
  const copies = [];
  page.on("request", (r) => requests.push(named(r.url())));
  page.on("request", (r) => new URL(r.url()).pathname.startsWith("/data/") && copies.push(new URL(r.url()).pathname));
  await page.goto(`${env.server.url}?lang=en#/course`);
  await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
  await page.waitForLoadState("networkidle");
  assert.ok(copies.some((p) => /^\/data\/course-index-[0-9A-Z]{8}\.json$/.test(p)), "the index by its hashed copy");
  assert.ok(!requests.includes("/lessons/courses.json") || copies.some((p) => p.startsWith("/data/lessons/courses-")), "the list by its copy");
  assert.equal(await page.locator(".lesson-card").count(), files.length);
  assert.equal(await page.locator(`.lesson-card[data-lesson="${files[0].replace(/\.json$/, "")}"] .card-title`).textContent(), lesson.title.en);
  assert.ok(requests.includes("/course-index.json"));
  const lessonFiles = requests.filter((p) => p.startsWith("/lessons/") && !COURSE_FILES.test(p));
  assert.deepEqual(lessonFiles, [`/lessons/${files[0]}`], "only the first unfinished lesson's text, fetched ahead");
  assert.deepEqual(requests.filter((p) => p.endsWith(".wasm")).map(unhashed).sort(), ["/pkg-lessons/chess_tutor_bg.wasm"], "its package, ahead, once; not the free board's pkg/ (made only on #/play)");
  assert.equal(await page.evaluate(() => document.documentElement.dataset.settled), undefined, "no service worker yet: the child may open a lesson");
  // the lesson opens from what was preloaded: nothing fetched twice
  const before = requests.length;
  await page.locator(`.lesson-card[data-lesson="${files[0].replace(/\.json$/, "")}"]`).click();
  await page.waitForSelector(`${tutor}[data-lesson="intro"]`, { timeout: 15_000 });
  const again = requests.slice(before);
  assert.ok(!again.includes(`/lessons/${files[0]}`) && !again.some((p) => p.endsWith(".wasm")), again.join("\n"));
  assert.equal(await page.evaluate(() => document.documentElement.dataset.settled), "true", "the lesson is ready: the page is settled");
  assert.deepEqual(problems, []);
  await page.close();
});

test("a course without an index (a teacher's) is read lesson by lesson", async () => {
  const files = course();
  const { page, problems } = await openPage(env.browser);
  // (and its hashed copy, data/course-index-0A1B2C3D.json: then the index by its own name is asked)
  await page.route(/\/course-index(-[0-9A-Z]{8})?\.json$/, (route) => route.fulfill({ status: 404, body: "" }));
  const requests = [];
  page.on("request", (r) => requests.push(named(r.url())));
  await page.goto(`${env.server.url}?lang=en#/course`);
  await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
  const lesson = JSON.parse(readFileSync(join(ROOT, "lessons", files[1]), "utf8"));
  assert.equal(await page.locator(`.lesson-card[data-lesson="${files[1].replace(/\.json$/, "")}"] .card-title`).textContent(), lesson.title.en);
  assert.equal(await page.locator(`.lesson-card[data-lesson="${files[1].replace(/\.json$/, "")}"] .card-icon`).getAttribute("data-goal"), lesson.goal.type);
  for (const f of new Set(files)) assert.ok(requests.includes(`/lessons/${f}`), f);
  assert.deepEqual(problems.filter((p) => !/course-index(-[0-9A-Z]{8})?\.json|status of 404/.test(p)), []); // its 404s, as asked
  await page.close();
});

test("a progress file over 1 MiB is refused unread, in the catalogue's words", async () => {
  const { page, problems } = await openPage(env.browser);
  await page.goto(`${env.server.url}?lang=ru#/course`);
  await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
  const big = Buffer.alloc(1024 * 1024 + 1, " ");
  await page.locator(".import-file").setInputFiles({ name: "big.json", mimeType: "application/json", buffer: big });
  await page.waitForFunction(() => document.querySelector(".tool-message")?.textContent);
  assert.equal(await page.locator(".tool-message").getAttribute("data-kind"), "error");
  assert.match(await page.locator(".tool-message").textContent(), /слишком большой/);
  assert.deepEqual(problems, []);
  await page.close();
});

test("the first lesson loads only the chess lesson package, and fetches the next lesson ahead", async () => {
  const [first, second] = course().map((f) => f.replace(/\.json$/, ""));
  const { page, problems } = await openPage(env.browser);
  const requests = [];
  page.on("request", (r) => requests.push(named(r.url())));
  await openFromCourse(page, first);
  await page.waitForLoadState("networkidle");
  const wasm = requests.filter((p) => p.endsWith(".wasm")).map(unhashed).sort();
  assert.deepEqual(wasm, ["/pkg-lessons/chess_tutor_bg.wasm"], "one package in a lesson: no other before the first lesson");
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
  await openFromCourse(page, "t1-fig-2-1", "t1");
  assert.ok(requests.map(unhashed).includes("/pkg-lessons-full/chess_tutor_bg.wasm"), "the pieces package loads");
  // (variant.js imports pkg-variant's glue, but its wasm never loads: the set plays with this package's VariantGame)
  assert.ok(!requests.some((p) => /\/pkg-(variant|studio|engine)\/.*\.wasm$/.test(p)), requests.join("\n"));
  await page.locator(`${tutor} .l-start`).click();
  await page.waitForSelector(`${tutor}[data-lesson="playing"]`, { timeout: 15_000 });
  assert.match(await page.locator(`${tutor} .l-goal`).textContent(), /Prince/);
  assert.deepEqual(problems, []);
  await page.close();
});
