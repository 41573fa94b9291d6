// The embed builder (#/embed) with a teacher's own lessons: the teacher's course of four lessons
// (tests/browser/fixtures/teacher-course/) opened as the studio's .zip and a lesson file opened
// alone join the lesson list; the code for one of them is an iframe of embed.html carrying the
// lesson in its fragment (#shared=DATA), which a school's page on another origin frames: the lesson
// is solved by clicks there and the school gets lesson-done. A damaged code is said, not played.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { zipSync } from "fflate";
import { ROOT, launchBrowser, openPage, screenshot, startServer } from "./helpers.mjs";

const TEACHER = join(ROOT, "tests", "browser", "fixtures", "teacher-course");
const IDS = ["my-rook", "my-bishop", "my-queen", "my-knight"];
const env = { tutor: null, school: null, browser: null };

before(async () => {
  env.tutor = await startServer();
  // a school's page: the snippet it is given (?code=), as it would paste it
  env.school = await new Promise((resolve) => {
    const server = createServer((req, res) => {
      const code = new URL(req.url, "http://x").searchParams.get("code") ?? "";
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><meta charset="utf-8"><title>School</title><link rel="icon" href="data:,">
<script>window.got = []; addEventListener("message", (e) => window.got.push(e.data));</script>
${code}`);
    });
    server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((r) => server.close(r)) }));
  });
  env.browser = await launchBrowser();
});
after(async () => {
  await env.browser?.close();
  await Promise.all([env.tutor?.stop(), env.school?.stop()]);
});

const studioZip = () => {
  const files = { "course.json": readFileSync(join(TEACHER, "course.json")) };
  for (const id of IDS) files[`${id}.json`] = readFileSync(join(TEACHER, `${id}.json`));
  return Buffer.from(zipSync(files));
};

describe("the embed builder with the teacher's own lessons", () => {
  for (const [width, height] of [[360, 760], [1280, 900]]) {
    test(`${width} px: the course's .zip and a lesson file join the list; the code carries the lesson; a school's page plays it and gets lesson-done`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height } });
      const { page: p, problems } = await openPage(context);
      await p.goto(`${env.tutor.url}?lang=en#/embed`);
      await p.waitForSelector('body[data-embed="ready"]', { timeout: 20_000 });
      await p.locator('input[name="eb-origin"]').fill(env.school.url);
      // the course, as the studio downloads it
      await p.locator("#eb-own").setInputFiles({ name: "lessons.zip", mimeType: "application/zip", buffer: studioZip() });
      await p.locator("#eb-own-status", { hasText: "4 lessons added to the list of lessons." }).waitFor();
      const options = await p.locator('select[name="eb-lesson"] optgroup[label="Yours: A teacher\'s course: the pieces"] option').allTextContents();
      assert.deepEqual(options, ["The rook goes to the star", "The bishop goes to the star", "The queen goes to the star", "The knight jumps to the star"]);
      assert.equal(await p.locator('select[name="eb-lesson"]').inputValue(), "own:0");
      const code = () => p.locator("#eb-snippet").textContent();
      assert.match(await code(), /<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\.html\?lang=en&amp;origin=http%3A%2F%2F127\.0\.0\.1%3A\d+#shared=[A-Za-z0-9_-]+" title="Chess tutor"/);
      // the preview plays the teacher's lesson
      const preview = p.frameLocator("#eb-frame");
      await preview.locator('#tutor .l-title', { hasText: "The rook goes to the star" }).waitFor({ timeout: 20_000 });
      // a script tag cannot carry it: the iframe stays, and the note says why
      await p.locator('input[name="eb-format"][value="script"]').check();
      assert.match(await code(), /^<iframe src=/);
      assert.equal(await p.locator(".eb-format-note").textContent(), "Your own lesson comes as an iframe only: the code carries the lesson in the frame's address.");
      await p.locator('input[name="eb-format"][value="iframe"]').check();
      // a lesson file alone
      await p.locator("#eb-own").setInputFiles({ name: "my-knight.json", mimeType: "application/json", buffer: readFileSync(join(TEACHER, "my-knight.json")) });
      await p.locator("#eb-own-status", { hasText: "One lesson added" }).waitFor();
      assert.equal(await p.locator('select[name="eb-lesson"]').inputValue(), "own:4");
      // a file that is not a lesson: said
      await p.locator("#eb-own").setInputFiles({ name: "notes.json", mimeType: "application/json", buffer: Buffer.from("{oops") });
      await p.locator("#eb-own-status", { hasText: "This could not be opened: notes.json: not JSON" }).waitFor();
      // back to the rook, for the school
      await p.locator('select[name="eb-lesson"]').selectOption("own:0");
      await p.waitForTimeout(300);
      await screenshot(p, `embed-builder-own-${width}`);
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `nothing wider than the page (${overflow} px)`);
      const snippet = await code();
      assert.deepEqual(problems.filter((x) => !x.includes("net::ERR_ABORTED")), []);
      await context.close();

      // the school's page with the code pasted: the lesson solved by clicks in the frame
      if (width !== 1280) return;
      const school = await openPage(env.browser);
      await school.page.goto(`${env.school.url}/?code=${encodeURIComponent(snippet)}`);
      const frame = school.page.frameLocator("iframe");
      await frame.locator('#tutor[data-lesson="intro"] .l-start').click({ timeout: 20_000 }); // Start does nothing before the intro is ready
      await frame.locator('#tutor [data-square="a1"]').click();
      await frame.locator('#tutor [data-square="a5"]').click();
      await school.page.waitForFunction(() => window.got.some((m) => m?.event === "lesson-done"), null, { timeout: 15_000 });
      const done = (await school.page.evaluate(() => window.got)).find((m) => m?.event === "lesson-done");
      assert.equal(done.detail.id, "my-rook");
      assert.equal(done.detail.stars, 3);
      assert.deepEqual(school.problems, []);
      await school.page.close();
    });
  }

  test("a damaged code is said in the frame, and nothing is played", async () => {
    const { page, problems } = await openPage(env.browser);
    await page.goto(`${env.tutor.url}embed.html?lang=en#shared=abc!def`);
    await page.locator(".embed-error", { hasText: "This lesson's code is damaged" }).waitFor({ timeout: 15_000 });
    assert.equal(await page.locator("chess-tutor").count(), 0);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
