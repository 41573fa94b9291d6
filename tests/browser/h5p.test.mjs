// The H5P content (npm run package -- h5p): the made .h5p unpacked and played in h5p-standalone
// (MIT, from npm: a real H5P player with H5P's own core, H5P.EventDispatcher and H5P.XAPIEvent,
// that needs no server) in Chromium. One built-in lesson is solved by clicks: `attempted` on
// start, `answered` for the lesson (a child of the content) and `completed` with its stars as the
// score and success. A teacher's course of four lessons (tests/browser/fixtures/teacher-course)
// goes from lesson to lesson with the widget's Next, and is completed with the stars of all four.
// The player's page loads no inline script (its code is a file of its own).
/* global H5P -- h5p-standalone's player, in the frame (frame.evaluate) */
import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import { unzipSync } from "fflate";
import { packageH5p } from "../../scripts/package.mjs";
import { ROOT, openPage, screenshot, useTempServerAndBrowser } from "./helpers.mjs";
import { SITTING, wrongThenRight } from "./sitting.mjs";

/** h5p-standalone's files (a devDependency). */
const PLAYER = join(ROOT, "node_modules", "h5p-standalone");
const COURSE = join(ROOT, "tests", "browser", "fixtures", "teacher-course", "course.json");
const env = { server: null, browser: null, dir: null };

function unpack(file, folder) {
  for (const [name, bytes] of Object.entries(unzipSync(readFileSync(file)))) {
    if (name.endsWith("/")) continue;
    mkdirSync(dirname(join(env.dir, folder, name)), { recursive: true });
    writeFileSync(join(env.dir, folder, name), bytes);
  }
}

useTempServerAndBrowser({
  env,
  temp: "ct-h5p-",
  prepare: async () => {
    const one = await packageH5p({ lesson: "rook-stars-1" });
    unpack(one, "one");
    unpack(await packageH5p({ lesson: SITTING.lesson }), "sitting");
    unpack(await packageH5p({ course: COURSE }), "course");
    // as an H5P server keeps it: every text field HTML-escaped (H5PContentValidator, plain text
    // fields), and a title with quotes and markup, which the child reads as written
    unpack(one, "escaped");
    const content = JSON.parse(readFileSync(join(env.dir, "escaped", "content", "content.json"), "utf8"));
    content.lessons[0].title.en = 'The rook\'s "stars" & <b>more</b>';
    const escape = (v) => (typeof v === "string" ? v.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#039;") : Array.isArray(v) ? v.map(escape) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, escape(x)])) : v);
    writeFileSync(join(env.dir, "escaped", "content", "content.json"), JSON.stringify(escape(content)));
    cpSync(join(PLAYER, "dist"), join(env.dir, "player"), { recursive: true });
    // the platform's page: the player, and every xAPI statement it passes on kept in window.statements
    writeFileSync(
      join(env.dir, "play.js"),
      `const [content, state] = location.hash.slice(1).split(":");
window.statements = [];
const saved = state ? { contentUserData: [{ state: decodeURIComponent(state) }], saveFreq: 3600 } : {};
new H5PStandalone.H5P(document.getElementById("h5p"), { h5pJsonPath: content, frameJs: "player/frame.bundle.js", frameCss: "player/styles/h5p.css", ...saved }).then(() => {
  H5P.externalDispatcher.on("xAPI", (event) => window.statements.push(JSON.parse(JSON.stringify(event.data.statement))));
  window.playerReady = true;
});
`,
    );
    writeFileSync(join(env.dir, "play.html"), '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>H5P</title><link rel="icon" href="data:,"><script src="player/main.bundle.js"></script><script src="play.js" defer></script></head><body><div id="h5p"></div></body></html>');
  },
});

const verb = (s) => s.verb.id.split("/").pop();

/** A platform's strict policy: the H5P player itself needs inline scripts and styles (its frame is
 *  written by script); the tutor needs nothing more than its own files and WebAssembly ('self',
 *  'wasm-unsafe-eval'), and data: to read the next lesson ahead. */
const CSP = "default-src 'self'; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self' data:";

/** The player's page for CONTENT at WIDTH×HEIGHT, served with CSP: { page, frame (H5P's), problems
 *  (CSP violations among them), context }. */
async function play(content, width = 1280, height = 720) {
  const context = await env.browser.newContext({ viewport: { width, height } });
  const { page, problems } = await openPage(context);
  page.on("console", (m) => /Content Security Policy|Refused/i.test(m.text()) && m.type() !== "error" && problems.push(`csp: ${m.text()}`));
  await page.route(/\/play(\.html)?$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), "content-security-policy": CSP } });
  });
  const response = await page.goto(`${env.server.url}play.html#${content}`);
  assert.equal(response.headers()["content-security-policy"], CSP, "the page has the platform's strict policy");
  await page.waitForFunction(() => window.playerReady === true, null, { timeout: 20_000 });
  const frame = await (await page.waitForSelector("iframe")).contentFrame();
  await frame.waitForSelector('chess-tutor[data-lesson="intro"]', { timeout: 20_000 });
  return { page, frame, problems, context };
}

async function move(frame, from, to) {
  await frame.locator(`chess-tutor [data-square="${from}"]`).click();
  await frame.locator(`chess-tutor [data-square="${to}"]`).click();
}

describe("H5P.ChessTutor in h5p-standalone", () => {
  test("a wrong move, Try again, the right move: answered and completed with the sitting's stars (2 of 3), never 3/3, and no \"No mistakes!\"", async () => {
    const { page, frame, problems, context } = await play("sitting");
    const card = await wrongThenRight(frame);
    assert.doesNotMatch(card, /No mistakes/);
    await page.waitForFunction(() => window.statements.some((s) => s.verb.id.endsWith("/completed")));
    const statements = await page.evaluate(() => window.statements);
    const scored = statements.filter((s) => s.result?.score && s.result.score.raw > 0);
    assert.ok(scored.length >= 2, JSON.stringify(statements.map(verb)));
    for (const s of scored) assert.deepEqual(s.result.score, { min: 0, max: 3, raw: SITTING.stars, scaled: Math.round((SITTING.stars / 3) * 10000) / 10000 });
    assert.deepEqual(problems.filter((p) => !/instantiateStreaming|application\/wasm/.test(p)), []);
    await context.close();
  });

  test("one built-in lesson: attempted, answered, completed with the stars as the score and success", async () => {
    const { page, frame, problems, context } = await play("one");
    await screenshot(page, "h5p-lesson-intro-1280");
    await frame.locator("chess-tutor .l-start").click();
    await frame.waitForSelector('chess-tutor[data-lesson="playing"]');
    // rook-stars-1: the stars a5, e5, e8 in three moves, three stars
    for (const [from, to] of [["a1", "a5"], ["a5", "e5"], ["e5", "e8"]]) await move(frame, from, to);
    await frame.waitForSelector('chess-tutor[data-lesson="done"]', { timeout: 15_000 });
    await page.waitForFunction(() => window.statements.some((s) => s.verb.id.endsWith("/completed")));
    await screenshot(page, "h5p-lesson-done-1280");
    const statements = await page.evaluate(() => window.statements);
    assert.deepEqual(statements.map(verb), ["attempted", "answered", "completed"]);
    const [, answered, completed] = statements;
    assert.deepEqual(completed.result.score, { min: 0, max: 3, raw: 3, scaled: 1 });
    assert.equal(completed.result.success, true);
    assert.equal(completed.result.completion, true);
    assert.doesNotMatch(completed.object.id, /subContentId/, "completed is the content's own");
    // the lesson's answer is a child of the content: a platform (Moodle) keeps it in the report, not as an attempt
    assert.match(answered.object.id, /subContentId=lesson-rook-stars-1$/);
    assert.ok(answered.context.contextActivities.parent[0].id, "answered names its parent");
    assert.deepEqual(answered.result.score, { min: 0, max: 3, raw: 3, scaled: 1 });
    assert.equal(answered.object.definition.name["en-US"], "The rook collects stars");
    // getXAPIData: the content and its lesson, for the platform's report
    const data = await frame.evaluate(() => H5P.instances[0].getXAPIData());
    assert.equal(data.statement.result.score.raw, 3);
    assert.equal(data.children.length, 1);
    assert.deepEqual(problems.filter((p) => !/instantiateStreaming|application\/wasm/.test(p)), []);
    await context.close();
  });

  test("content.json as an H5P server keeps it (HTML-escaped text fields): the lesson reads as written, never as markup", async () => {
    const { frame, problems, context } = await play("escaped");
    const title = frame.locator("chess-tutor .l-card-title");
    assert.equal((await title.textContent()).trim(), 'The rook\'s "stars" & <b>more</b>');
    assert.equal(await frame.locator("chess-tutor b").count(), 0);
    await frame.locator("chess-tutor .l-start").click();
    await frame.waitForSelector('chess-tutor[data-lesson="playing"]');
    await move(frame, "a1", "a5");
    assert.deepEqual(problems.filter((p) => !/instantiateStreaming|application\/wasm/.test(p)), []);
    await context.close();
  });

  test("a teacher's course of four lessons: Next goes on, each lesson answered, completed once all four are done", async () => {
    const { page, frame, problems, context } = await play("course", 360, 640);
    await screenshot(page, "h5p-course-intro-360");
    const solution = { "my-rook": ["a1", "a5"], "my-bishop": ["c1", "f4"], "my-queen": ["d1", "d5"], "my-knight": ["b1", "c3"] };
    const ids = Object.keys(solution);
    for (const [k, id] of ids.entries()) {
      await frame.waitForSelector('chess-tutor[data-lesson="intro"]', { timeout: 15_000 });
      await frame.locator("chess-tutor .l-start").click();
      await frame.waitForSelector('chess-tutor[data-lesson="playing"]');
      await move(frame, ...solution[id]);
      await frame.waitForSelector('chess-tutor[data-lesson="done"]', { timeout: 15_000 });
      await page.waitForFunction((n) => window.statements.filter((s) => s.verb.id.endsWith("/answered")).length === n, k + 1);
      if (k === 0) {
        // the frame grows with the lesson (the content's resize event): nothing is cut off
        await page.waitForFunction(() => {
          const f = document.querySelector("iframe");
          return f.offsetHeight >= f.contentDocument.querySelector(".h5p-container").scrollHeight;
        }, null, { timeout: 5_000 });
        await screenshot(page, "h5p-course-done-360");
      }
      if (k + 1 < ids.length) await frame.locator("chess-tutor .l-card-next").click();
    }
    await page.waitForFunction(() => window.statements.some((s) => s.verb.id.endsWith("/completed")));
    const statements = await page.evaluate(() => window.statements);
    assert.deepEqual(statements.map(verb), ["attempted", "answered", "answered", "answered", "answered", "completed"]);
    assert.deepEqual(
      statements.filter((s) => verb(s) === "answered").map((s) => s.object.id.split("subContentId=lesson-")[1]),
      ids,
    );
    const completed = statements.at(-1);
    assert.deepEqual(completed.result.score, { min: 0, max: 12, raw: 12, scaled: 1 });
    assert.equal(completed.result.success, true);
    // what the platform keeps between visits
    const state = await frame.evaluate(() => H5P.instances[0].getCurrentState());
    assert.deepEqual(Object.keys(state.results), ids);
    assert.equal(state.reported, 12);
    assert.deepEqual(problems.filter((p) => !/instantiateStreaming|application\/wasm/.test(p)), []);
    await context.close();
  });

  test("a child who comes back (the platform's saved state) goes on at the first lesson without a star", async () => {
    const state = JSON.stringify({ results: { "my-rook": { stars: 3 }, "my-bishop": { stars: 1 } }, reported: -1 });
    const { frame, problems, context } = await play(`course:${encodeURIComponent(state)}`);
    assert.equal((await frame.locator("chess-tutor .l-card-title").textContent()).trim(), "The queen goes to the star");
    assert.equal(await frame.evaluate(() => H5P.instances[0].getScore()), 4);
    assert.deepEqual(problems.filter((p) => !/instantiateStreaming|application\/wasm/.test(p)), []);
    await context.close();
  });
});
