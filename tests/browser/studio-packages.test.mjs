// The studio's package buttons (www/studio/studio.js downloadPackage, www/school/package/): a teacher's course
// of four lessons (tests/browser/fixtures/teacher-course) opened in the studio and downloaded as
// H5P ("Download for Moodle / H5P"), as SCORM 1.2 and as cmi5, and a lesson as H5P; the app's files
// fetched by the page (app-files.json) and zipped in the browser. The entries are checked; the
// page has the strict CSP, and nothing breaks it.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { strFromU8, unzipSync } from "fflate";
import { ROOT, openPage, screenshot, serveConfig, useServerAndBrowser } from "./helpers.mjs";

const env = useServerAndBrowser();
const CSP = serveConfig().headers.find((r) => r.source === "/csp.html").headers[0].value;
const FIXTURE = join(ROOT, "tests", "browser", "fixtures", "teacher-course");
const IDS = ["my-rook", "my-bishop", "my-queen", "my-knight"];

/** The studio, its page served with the strict CSP; violations recorded. */
async function openStudio(lang = "en") {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const { page, problems } = await openPage(context);
  const violations = [];
  page.on("console", (m) => /Content Security Policy|Refused/i.test(m.text()) && violations.push(m.text()));
  await page.route(/\/(\?[^#]*)?$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), "content-security-policy": CSP } });
  });
  await page.goto(`${env.server.url}?lang=${lang}#/studio`);
  await page.waitForSelector('body[data-studio="ready"]', { timeout: 20_000 });
  return { page, context, problems, violations };
}

/** Clicks SELECTOR and returns the download's name and zip entries. */
async function downloaded(page, selector) {
  const [download] = await Promise.all([page.waitForEvent("download", { timeout: 60_000 }), page.locator(selector).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), files: unzipSync(readFileSync(path)) };
}

test("a teacher's course of four lessons as H5P and SCORM 1.2 from the studio; a lesson as H5P", async () => {
  const { page, context, problems, violations } = await openStudio();
  // an empty course says so, and nothing is downloaded
  await page.locator('[data-course-package="h5p"]').click();
  assert.equal(await page.locator('[data-course="said"]').textContent(), "The course has no lessons yet: add one first.");
  await page.locator('[data-course="file"]').setInputFiles(
    ["course.json", ...IDS.map((id) => `${id}.json`)].map((name) => ({ name, mimeType: "application/json", buffer: readFileSync(join(FIXTURE, name)) })),
  );
  await page.waitForFunction(() => document.querySelectorAll(".studio-course-list li").length === 4);
  assert.equal(await page.locator('[data-course-package="h5p"]').textContent(), "⤓ Download for Moodle / H5P");

  const h5p = await downloaded(page, '[data-course-package="h5p"]');
  assert.equal(h5p.name, "chess-tutor-course.h5p");
  const h5pJson = JSON.parse(strFromU8(h5p.files["h5p.json"]));
  assert.equal(h5pJson.mainLibrary, "H5P.ChessTutor");
  assert.equal(h5pJson.title, "A teacher's course: the pieces / Курс учительницы: фигуры");
  assert.deepEqual(JSON.parse(strFromU8(h5p.files["content/content.json"])).lessons.map((l) => l.id), IDS);
  for (const f of ["library.json", "semantics.json", "h5p-chess-tutor.js", "h5p-chess-tutor.css", "app/chess-tutor.js"]) assert.ok(h5p.files[`H5P.ChessTutor-1.0/${f}`], f);
  assert.ok(Object.keys(h5p.files).some((n) => /^H5P\.ChessTutor-1\.0\/app\/pkg-lessons\/chess_tutor_bg-[0-9A-Z]{8}\.wasm\.txt$/.test(n)), "the module, with its content hash, as .txt");
  assert.ok(!Object.keys(h5p.files).some((n) => /\.(wasm|bin|html)$/.test(n)), "only names H5P takes");
  assert.match(await page.locator('[data-course="said"]').textContent(), /Saved chess-tutor-course\.h5p \(\d+ KB\)/);
  await screenshot(page, "studio-packages-course-1280");

  const scorm = await downloaded(page, '[data-course-package="scorm"]');
  assert.equal(scorm.name, "chess-tutor-scorm12-course.zip");
  assert.deepEqual(JSON.parse(strFromU8(scorm.files["scorm.json"])), { lessons: IDS, pass: 4 });
  const manifest = strFromU8(scorm.files["imsmanifest.xml"]);
  assert.match(manifest, /<schemaversion>1\.2<\/schemaversion>/);
  assert.doesNotMatch(manifest, /masteryscore/, "a course has no mastery score");
  for (const f of ["index.html", "scorm.js", "lessons/course.json", ...IDS.map((id) => `lessons/${id}.json`)]) {
    assert.ok(scorm.files[f], f);
    assert.match(manifest, new RegExp(`<file href="${f.replace(/\./g, "\\.")}"/>`), f);
  }
  assert.ok(!scorm.files["lessons/rook-stars-1.json"], "the teacher's lessons, not the app's");
  assert.deepEqual(Object.keys(JSON.parse(strFromU8(scorm.files["course-index.json"])).lessons), IDS.map((id) => `${id}.json`), "the course index is the teacher's course's");

  // cmi5: one AU per lesson
  assert.equal(await page.locator('[data-course-package="cmi5"]').textContent(), "⤓ cmi5 package (xAPI)");
  const cmi5 = await downloaded(page, '[data-course-package="cmi5"]');
  assert.match(cmi5.name, /^chess-tutor-cmi5-.*\.zip$/);
  const structure = strFromU8(cmi5.files["cmi5.xml"]);
  assert.deepEqual([...structure.matchAll(/<url>index\.html\?lesson=([a-z0-9-]+)<\/url>/g)].map((m) => m[1]), IDS);
  for (const id of IDS) assert.ok(cmi5.files[`lessons/${id}.json`], id);

  // the lesson in the editor, as H5P of its own
  const text = readFileSync(join(ROOT, "lessons", "rook-stars-2.json"), "utf8");
  await page.locator(".studio-file").setInputFiles({ name: "rook-stars-2.json", mimeType: "application/json", buffer: Buffer.from(text) });
  await page.waitForFunction(() => document.querySelector('[data-studio="json"]').value.includes('"rook-stars-2"'));
  const one = await downloaded(page, '[data-studio-package="h5p"]');
  assert.equal(one.name, "chess-tutor-rook-stars-2.h5p");
  const content = JSON.parse(strFromU8(one.files["content/content.json"]));
  assert.deepEqual(content.lessons.map((l) => l.id), ["rook-stars-2"]);
  assert.equal(content.lessons[0].title.en, JSON.parse(text).title.en);
  assert.deepEqual(violations, []);
  assert.deepEqual(problems, []);
  await context.close();
});
