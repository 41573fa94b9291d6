// The SCORM 1.2 package (npm run package -- scorm), unpacked and served beside a page that plays
// the learning platform: it sets window.API to scorm-again's Scorm12API (a real SCORM run-time
// from npm, not a mock) and frames the package's index.html. A lesson solved by clicking in the
// frame is reported (status, score, suspend_data, commit, finish); a learner whose stars the
// platform holds continues on "another computer" (a fresh browser context); every lesson with a
// star is "completed" with the score of the stars. The package opened without a platform is the
// normal app. A package of one lesson is passed with one star, a course by the teacher's pass
// mark (--pass), and what Moodle's SCORM 1.2 player makes of it (its mastery-score rule) is
// checked at every step: never "failed" while the child is at it, "passed" once done. A teacher's
// course of four lessons (tests/browser/fixtures/teacher-course/, as the studio's .zip) made into a
// package (--course FILE) carries its own lessons and is reported the same way.
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import { unzipSync, strFromU8, zipSync } from "fflate";
import { packageScorm } from "../../scripts/package.mjs";
import { ROOT, distWasm, openPage, screenshot, useTempServerAndBrowser } from "./helpers.mjs";
import { SITTING, wrongThenRight } from "./sitting.mjs";

const tutor = "#lesson-tutor";
const LESSON = "idea-board";
const env = { server: null, browser: null, dir: null, manifest: "", ids: [], one: "", pass2: "", teacher: "" };
const TEACHER = join(ROOT, "tests", "browser", "fixtures", "teacher-course");
const TEACHER_IDS = ["my-rook", "my-bishop", "my-queen", "my-knight"];

/** Unpacks ZIP into env.dir/FOLDER; returns its files. */
function unpack(zip, folder) {
  const files = unzipSync(readFileSync(zip));
  for (const [name, bytes] of Object.entries(files)) {
    if (name.endsWith("/")) continue;
    mkdirSync(dirname(join(env.dir, folder, name)), { recursive: true });
    writeFileSync(join(env.dir, folder, name), bytes);
  }
  return files;
}

/**
 * The status Moodle's SCORM 1.2 player keeps when the SCO finishes (mod/scorm/datamodels/
 * scorm_12.js, StoreData, normal mode with credit; the server's "mastery score overrides status"
 * does the same): with a mastery score (the manifest's adlcp:masteryscore) and a raw score, passed
 * when raw >= mastery, else FAILED; without one of them, the status the SCO set ("not attempted"
 * becomes "completed").
 */
function moodleStatus(mastery, raw, status) {
  if (mastery !== "" && mastery != null && raw !== "" && raw != null) return parseFloat(raw) >= parseFloat(mastery) ? "passed" : "failed";
  return status === "not attempted" ? "completed" : status;
}
const masteryOf = (manifest) => /<adlcp:masteryscore>([^<]*)<\/adlcp:masteryscore>/.exec(manifest)?.[1] ?? "";

useTempServerAndBrowser({
  env,
  temp: "ct-scorm-",
  prepare: async () => {
    const files = unpack(await packageScorm(), "pkg");
    env.manifest = strFromU8(files["imsmanifest.xml"]);
    env.ids = JSON.parse(strFromU8(files["lessons/course.json"])).sections.flatMap((s) => s.lessons.map((f) => f.replace(/\.json$/, "")));
    env.one = strFromU8(unpack(await packageScorm({ lesson: LESSON }), "one")["imsmanifest.xml"]);
    env.pass2 = strFromU8(unpack(await packageScorm({ pass: 2 }), "pass2")["imsmanifest.xml"]);
    unpack(await packageScorm({ lesson: SITTING.lesson }), "sitting");
    // the teacher's course as the studio's "Download the course" makes it (lessons.zip)
    const studioZip = { "course.json": readFileSync(join(TEACHER, "course.json")) };
    for (const id of TEACHER_IDS) studioZip[`${id}.json`] = readFileSync(join(TEACHER, `${id}.json`));
    writeFileSync(join(env.dir, "lessons.zip"), zipSync(studioZip));
    env.teacher = strFromU8(unpack(await packageScorm({ course: join(env.dir, "lessons.zip") }), "teacher")["imsmanifest.xml"]);
    const teacherOne = unpack(await packageScorm({ lesson: join(TEACHER, "my-knight.json") }), "teacher-one");
    env.teacherOne = { manifest: strFromU8(teacherOne["imsmanifest.xml"]), config: JSON.parse(strFromU8(teacherOne["scorm.json"])) };
    // the platform's page: scorm-again's run-time as window.API; the test frames the package
    copyFileSync(join(ROOT, "node_modules", "scorm-again", "dist", "scorm12.min.js"), join(env.dir, "scorm12.min.js"));
    writeFileSync(join(env.dir, "lms.js"), "window.API = new Scorm12API({ autocommit: false, logLevel: 5 });\nwindow.calls = [];\nfor (const name of ['LMSInitialize', 'LMSCommit', 'LMSFinish']) window.API.on(name, () => window.calls.push(name));\nwindow.sets = {};\nwindow.API.on('LMSSetValue.cmi.*', (element, value) => { window.sets[element] = value; });\n");
    writeFileSync(join(env.dir, "lms.html"), '<!doctype html><html><head><meta charset="utf-8"><title>LMS</title><link rel="icon" href="data:,"><script src="scorm12.min.js"></script><script src="lms.js"></script></head><body></body></html>');
  },
});

/** The platform's page in a fresh context (another computer), with `cmi` loaded into its API
 *  before the package is framed at `hash`; returns { page, frame, problems }. */
async function launch(cmi = null, hash = "#/course", folder = "pkg") {
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
  }, { cmi, src: `${folder}/?lang=en&coordinates=algebraic${hash}` });
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
    for (const f of ["index.html", "app.js", "scorm.js", "scorm.json", "lessons/course.json", distWasm("pkg"), `lessons/${env.ids[0]}.json`]) {
      assert.match(env.manifest, new RegExp(`<file href="${f.replace(/\./g, "\\.")}"/>`), f);
    }
    // no mastery score a pupil cannot reach: a course has none (its pass mark counts lessons)
    assert.equal(masteryOf(env.manifest), "");
    assert.equal(masteryOf(env.pass2), "");
    // one lesson: the score of one star, and the launch opens the lesson
    assert.equal(masteryOf(env.one), "33");
    assert.match(env.one, /<item identifier="course" identifierref="course-sco" isvisible="true" parameters="#\/lesson\/idea-board">/);
  });

  test("a package of one lesson: incomplete (never failed) until the lesson is done, then passed with its stars as the score, also by Moodle's mastery rule", async () => {
    const mastery = masteryOf(env.one);
    const { page, frame, problems, context } = await launch(null, `#/lesson/${LESSON}`, "one");
    await page.waitForFunction(() => window.calls.includes("LMSInitialize"));
    await frame.waitForSelector(`${tutor}[data-lesson="intro"]`, { timeout: 15_000 });
    let cmi = await cmiOf(page);
    assert.equal(cmi.status, "incomplete");
    assert.equal(cmi.raw, "", "no score before the lesson is done");
    assert.equal(moodleStatus(mastery, cmi.raw, cmi.status), "incomplete", "a child who leaves now is not failed");
    await frame.locator(`${tutor} .l-start`).click();
    await frame.waitForSelector(`${tutor}[data-lesson="playing"]`);
    await frame.locator(`${tutor} .l-step-next`).click();
    await frame.locator(`${tutor} .l-step-next`).click();
    for (const [from, to] of [["a1", "a4"], ["a4", "e4"]]) {
      await frame.locator(`${tutor} [data-square="${from}"]`).click();
      await frame.locator(`${tutor} [data-square="${to}"]`).click();
    }
    await frame.waitForSelector(`${tutor}[data-lesson="done"]`, { timeout: 15_000 });
    await page.waitForFunction(() => window.API.cmi.core.lesson_status === "passed");
    await page.evaluate(() => (document.querySelector("iframe").src = "about:blank"));
    await page.waitForFunction(() => window.calls.includes("LMSFinish"));
    cmi = await cmiOf(page);
    assert.equal(cmi.raw, "100", "3 stars of 3");
    assert.equal(cmi.exit, "");
    assert.equal(moodleStatus(mastery, cmi.raw, cmi.status), "passed");
    assert.deepEqual(problems, []);
    await context.close();

    // one star is enough: the score 33 reaches the mastery score
    const again = await launch({ suspend_data: JSON.stringify({ [LESSON]: 1 }), core: { lesson_status: "incomplete" } }, `#/lesson/${LESSON}`, "one");
    await again.page.waitForFunction(() => window.API.cmi.core.lesson_status === "passed");
    const one = await cmiOf(again.page);
    assert.equal(one.raw, "33");
    assert.equal(moodleStatus(mastery, one.raw, one.status), "passed");
    assert.deepEqual(again.problems, []);
    await again.context.close();
  });

  test("a wrong move, Try again, the right move: the score is the sitting's stars (2 of 3 is 67), never 100, and no \"No mistakes!\"", async () => {
    const { page, frame, problems, context } = await launch(null, `#/lesson/${SITTING.lesson}`, "sitting");
    await page.waitForFunction(() => window.calls.includes("LMSInitialize"));
    await frame.waitForSelector(`${tutor}[data-lesson="intro"]`, { timeout: 15_000 });
    const card = await wrongThenRight(frame, tutor);
    assert.doesNotMatch(card, /No mistakes/);
    await page.waitForFunction(() => window.API.cmi.core.lesson_status === "passed");
    const cmi = await cmiOf(page);
    assert.equal(cmi.raw, String(Math.round((100 * SITTING.stars) / 3)));
    assert.deepEqual(JSON.parse(cmi.suspend), { [SITTING.lesson]: SITTING.stars });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a course with the teacher's pass mark (--pass 2): passed once two lessons have a star, whatever the others", async () => {
    const stars = { [env.ids[0]]: 1, [env.ids[5]]: 1 };
    const { page, problems, context } = await launch({ suspend_data: JSON.stringify(stars), core: { lesson_status: "incomplete" } }, "#/course", "pass2");
    await page.waitForFunction(() => window.API.cmi.core.lesson_status === "passed");
    const cmi = await cmiOf(page);
    assert.equal(cmi.raw, String(Math.round((100 * 2) / (3 * env.ids.length))));
    assert.equal(moodleStatus(masteryOf(env.pass2), cmi.raw, cmi.status), "passed");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a lesson solved in the platform's frame: incomplete, its score, suspend_data, LMSCommit, then LMSFinish", async () => {
    const { page, frame, problems, context } = await launch(null, `#/lesson/${LESSON}`);
    await page.waitForFunction(() => window.calls.includes("LMSInitialize"));
    assert.equal(await page.evaluate(() => window.API.cmi.core.lesson_status), "incomplete");
    assert.equal(moodleStatus(masteryOf(env.manifest), await page.evaluate(() => window.API.cmi.core.score.raw), "incomplete"), "incomplete");
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
    // Moodle keeps "incomplete" (no mastery score in a course's manifest): not failed after a session short of the course
    assert.equal(moodleStatus(masteryOf(env.manifest), end.raw, end.status), "incomplete");
    assert.match(end.session, /^\d{4}:\d{2}:\d{2}(\.\d{1,2})?$/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("another computer: the stars come from suspend_data; every lesson with a star is passed (the default pass mark), 3 of 3 everywhere is 100", async () => {
    const stars = Object.fromEntries(env.ids.map((id, k) => [id, k === 0 ? 1 : 3]));
    const { page, frame, problems, context } = await launch({ suspend_data: JSON.stringify(stars), core: { lesson_status: "incomplete" } });
    await frame.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
    // the course shows this learner's stars (not this browser's)
    assert.equal(await frame.locator(`.lesson-card[data-lesson="${env.ids[0]}"]`).getAttribute("data-stars"), "1");
    assert.equal(await frame.locator(`.lesson-card[data-lesson="${env.ids.at(-1)}"]`).getAttribute("data-stars"), "3");
    await page.waitForFunction(() => window.API.cmi.core.lesson_status === "passed");
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

  test("a teacher's course of four lessons (--course, the studio's .zip): its lessons only, no mastery score; a lesson solved is incomplete with its score (Moodle too), all four done is passed", async () => {
    assert.equal(masteryOf(env.teacher), "", "no mastery score: the pass mark counts lessons");
    assert.match(env.teacher, /<title>A teacher's course: the pieces \/ Курс учительницы: фигуры<\/title>/);
    for (const id of TEACHER_IDS) assert.match(env.teacher, new RegExp(`<file href="lessons/${id}\\.json"/>`));
    assert.doesNotMatch(env.teacher, /lessons\/idea-board\.json/, "the built-in lessons left out");
    // a teacher's lesson file alone (--lesson FILE): passed at one star, as a lesson of the course
    assert.equal(masteryOf(env.teacherOne.manifest), "33");
    assert.match(env.teacherOne.manifest, /parameters="#\/lesson\/my-knight"/);
    assert.deepEqual(env.teacherOne.config, { lessons: ["my-knight"], pass: 1 });
    const { page, frame, problems, context } = await launch(null, "#/lesson/my-rook", "teacher");
    await page.waitForFunction(() => window.calls.includes("LMSInitialize"));
    await frame.waitForSelector(`${tutor}[data-lesson="intro"]`, { timeout: 15_000 });
    await frame.locator(`${tutor} .l-start`).click();
    await frame.waitForSelector(`${tutor}[data-lesson="playing"]`);
    await frame.locator(`${tutor} [data-square="a1"]`).click();
    await frame.locator(`${tutor} [data-square="a5"]`).click();
    await frame.waitForSelector(`${tutor}[data-lesson="done"]`, { timeout: 15_000 });
    await page.waitForFunction(() => window.API.cmi.suspend_data !== "");
    await page.evaluate(() => (document.querySelector("iframe").src = "about:blank"));
    await page.waitForFunction(() => window.calls.includes("LMSFinish"));
    const cmi = await cmiOf(page);
    assert.equal(cmi.status, "incomplete");
    assert.equal(cmi.raw, String(Math.round((100 * 3) / 12)), "3 stars of the course's 12");
    assert.deepEqual(JSON.parse(cmi.suspend), { "my-rook": 3 });
    assert.equal(moodleStatus(masteryOf(env.teacher), cmi.raw, cmi.status), "incomplete", "not failed after a session short of the course");
    assert.deepEqual(problems, []);
    await context.close();

    // the four lessons done (another computer): passed, by Moodle's rule too
    const stars = { "my-rook": 3, "my-bishop": 1, "my-queen": 2, "my-knight": 3 };
    const all = await launch({ suspend_data: JSON.stringify(stars), core: { lesson_status: "incomplete" } }, "#/course", "teacher");
    await all.frame.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
    assert.equal(await all.frame.locator(".lesson-card").count(), 4);
    await all.page.waitForFunction(() => window.API.cmi.core.lesson_status === "passed");
    const done = await cmiOf(all.page);
    assert.equal(done.raw, String(Math.round((100 * 9) / 12)));
    assert.equal(moodleStatus(masteryOf(env.teacher), done.raw, done.status), "passed");
    await screenshot(all.page, "scorm-teacher-course-1280");
    assert.deepEqual(all.problems, []);
    await all.context.close();
  });

  test("the teacher's package opened without a platform: the normal app, whose service worker precaches the package's own lessons", async () => {
    const context = await env.browser.newContext();
    const { page, problems } = await openPage(context);
    await page.goto(`${env.server.url}teacher/?lang=en#/lesson/my-rook`);
    await page.waitForSelector(`${tutor}[data-lesson="intro"]`, { timeout: 20_000 });
    const cached = await page.evaluate(async () => {
      const ready = await Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise((r) => setTimeout(() => r(false), 40_000))]);
      if (!ready) return "no worker installed";
      return Promise.all(["lessons/my-knight.json", "lessons/course.json", "scorm.json"].map(async (f) => Boolean(await caches.match(new URL(f, document.baseURI).href))));
    });
    assert.deepEqual(cached, [true, true, true]);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
