// The SCORM 1.2 package (npm run package -- scorm), unpacked and served beside a page that plays
// the learning platform: it sets window.API to scorm-again's Scorm12API (a real SCORM run-time
// from npm, not a mock) and frames the package's index.html. A lesson solved by clicking in the
// frame is reported (status, score, suspend_data, commit, finish); a learner whose stars the
// platform holds continues on "another computer" (a fresh browser context); every lesson with a
// star is "completed" with the score of the stars. The package opened without a platform is the
// normal app.
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { unzipSync, strFromU8 } from "fflate";
import { packageScorm } from "../../scripts/package.mjs";
import { ROOT, launchBrowser, openPage, startServer } from "./helpers.mjs";

const tutor = "#lesson-tutor";
const LESSON = "idea-board";
const env = { server: null, browser: null, dir: null, manifest: "", ids: [] };

before(async () => {
  const zip = await packageScorm();
  const files = unzipSync(readFileSync(zip));
  env.dir = mkdtempSync(join(tmpdir(), "ct-scorm-"));
  for (const [name, bytes] of Object.entries(files)) {
    if (name.endsWith("/")) continue;
    mkdirSync(dirname(join(env.dir, "pkg", name)), { recursive: true });
    writeFileSync(join(env.dir, "pkg", name), bytes);
  }
  env.manifest = strFromU8(files["imsmanifest.xml"]);
  env.ids = JSON.parse(strFromU8(files["lessons/course.json"])).sections.flatMap((s) => s.lessons.map((f) => f.replace(/\.json$/, "")));
  // the platform's page: scorm-again's run-time as window.API; the test frames the package
  copyFileSync(join(ROOT, "node_modules", "scorm-again", "dist", "scorm12.min.js"), join(env.dir, "scorm12.min.js"));
  writeFileSync(join(env.dir, "lms.js"), "window.API = new Scorm12API({ autocommit: false, logLevel: 5 });\nwindow.calls = [];\nfor (const name of ['LMSInitialize', 'LMSCommit', 'LMSFinish']) window.API.on(name, () => window.calls.push(name));\nwindow.sets = {};\nwindow.API.on('LMSSetValue.cmi.*', (element, value) => { window.sets[element] = value; });\n");
  writeFileSync(join(env.dir, "lms.html"), '<!doctype html><html><head><meta charset="utf-8"><title>LMS</title><link rel="icon" href="data:,"><script src="scorm12.min.js"></script><script src="lms.js"></script></head><body></body></html>');
  env.server = await startServer(env.dir);
  env.browser = await launchBrowser();
});
after(async () => {
  await env.browser?.close();
  await env.server?.stop();
  if (env.dir) rmSync(env.dir, { recursive: true, force: true });
});

/** The platform's page in a fresh context (another computer), with `cmi` loaded into its API
 *  before the package is framed at `hash`; returns { page, frame, problems }. */
async function launch(cmi = null, hash = "#/course") {
  const context = await env.browser.newContext();
  const { page, problems } = await openPage(context);
  await page.goto(`${env.server.url}lms.html`);
  await page.evaluate(({ cmi, src }) => {
    if (cmi) window.API.loadFromJSON({ cmi });
    const frame = document.createElement("iframe");
    frame.name = "sco";
    frame.style.cssText = "width: 1000px; height: 800px";
    frame.src = src;
    document.body.append(frame);
  }, { cmi, src: `pkg/?lang=en&coordinates=algebraic${hash}` });
  const frame = await (await page.waitForSelector("iframe")).contentFrame();
  await frame.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
  return { page, frame, problems, context };
}

const cmiOf = (page) =>
  page.evaluate(() => ({
    status: window.API.cmi.core.lesson_status,
    raw: window.API.cmi.core.score.raw,
    suspend: window.API.cmi.suspend_data,
    exit: window.sets["cmi.core.exit"],
    session: window.sets["cmi.core.session_time"],
    calls: [...window.calls],
  }));

describe("SCORM 1.2 package", () => {
  test("imsmanifest.xml: SCORM 1.2, one SCO launched at index.html, every file listed", () => {
    assert.match(env.manifest, /<schemaversion>1\.2<\/schemaversion>/);
    assert.equal(env.manifest.match(/adlcp:scormtype="sco"/g).length, 1);
    assert.match(env.manifest, /<resource identifier="course-sco" type="webcontent" adlcp:scormtype="sco" href="index.html">/);
    for (const f of ["index.html", "app.js", "scorm.js", "lessons/course.json", "pkg/chess_tutor_bg.wasm", `lessons/${env.ids[0]}.json`]) {
      assert.match(env.manifest, new RegExp(`<file href="${f.replace(/\./g, "\\.")}"/>`), f);
    }
  });

  test("a lesson solved in the platform's frame: incomplete, its score, suspend_data, LMSCommit, then LMSFinish", async () => {
    const { page, frame, problems, context } = await launch(null, `#/lesson/${LESSON}`);
    await page.waitForFunction(() => window.calls.includes("LMSInitialize"));
    assert.equal(await page.evaluate(() => window.API.cmi.core.lesson_status), "incomplete");
    await frame.waitForSelector(`${tutor}[data-lesson="intro"]`, { timeout: 15_000 });
    await frame.locator(`${tutor} .l-start`).click();
    await frame.waitForSelector(`${tutor}[data-lesson="playing"]`);
    await frame.locator(`${tutor} .l-step-next`).click();
    await frame.locator(`${tutor} .l-step-next`).click();
    for (const [from, to] of [["a1", "a4"], ["a4", "e4"]]) {
      await frame.locator(`${tutor} [data-square="${from}"]`).click();
      await frame.locator(`${tutor} [data-square="${to}"]`).click();
    }
    await frame.waitForSelector(`${tutor}[data-lesson="done"]`, { timeout: 15_000 });
    await page.waitForFunction(() => window.API.cmi.suspend_data !== "");
    const cmi = await cmiOf(page);
    assert.equal(cmi.status, "incomplete");
    assert.equal(cmi.raw, String(Math.round((100 * 3) / (3 * env.ids.length))));
    assert.deepEqual(JSON.parse(cmi.suspend), { [LESSON]: 3 });
    assert.ok(cmi.calls.includes("LMSCommit"), "committed after the lesson");
    // the child leaves: the frame's page goes away
    await page.evaluate(() => (document.querySelector("iframe").src = "about:blank"));
    await page.waitForFunction(() => window.calls.includes("LMSFinish"));
    const end = await cmiOf(page);
    assert.equal(end.exit, "suspend");
    assert.match(end.session, /^\d{4}:\d{2}:\d{2}(\.\d{1,2})?$/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("another computer: the stars come from suspend_data; every lesson with a star is completed, 3 of 3 everywhere is 100", async () => {
    const stars = Object.fromEntries(env.ids.map((id, k) => [id, k === 0 ? 1 : 3]));
    const { page, frame, problems, context } = await launch({ suspend_data: JSON.stringify(stars), core: { lesson_status: "incomplete" } });
    await frame.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
    // the course shows this learner's stars (not this browser's)
    assert.equal(await frame.locator(`.lesson-card[data-lesson="${env.ids[0]}"]`).getAttribute("data-stars"), "1");
    assert.equal(await frame.locator(`.lesson-card[data-lesson="${env.ids.at(-1)}"]`).getAttribute("data-stars"), "3");
    await page.waitForFunction(() => window.API.cmi.core.lesson_status === "completed");
    const cmi = await cmiOf(page);
    const total = 3 * env.ids.length;
    assert.equal(cmi.raw, String(Math.round((100 * (total - 2)) / total)));
    assert.deepEqual(JSON.parse(cmi.suspend), stars);
    const stored = await frame.evaluate(() => JSON.parse(localStorage.getItem("chess-tutor:progress:v1")).lessons);
    assert.equal(stored[env.ids[0]].stars, 1);
    assert.equal(Object.keys(stored).length, env.ids.length);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("without a platform the package is the normal app", async () => {
    const context = await env.browser.newContext();
    const { page, problems } = await openPage(context);
    await page.goto(`${env.server.url}pkg/?lang=en#/course`);
    await page.waitForSelector('body[data-course="ready"]', { timeout: 20_000 });
    assert.equal(await page.locator(".lesson-card").count(), env.ids.length);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
