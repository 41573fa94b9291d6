// A course lesson opened after a lesson given as text in the same lesson view (a lesson carried
// in a link, #/shared/…; a pupil's own homework lesson, followed by a course lesson): the text's
// board makes way for the course lesson's. (app.js showLesson took the text's board away after
// deciding it had one, then used it: a TypeError, and no board; @ts-check showed it.)
import assert from "node:assert/strict";
import { test } from "node:test";
import { deflateSync, strToU8 } from "fflate";
import { openPage, useServerAndBrowser } from "./helpers.mjs";
import { mateInOne } from "./studio-helpers.mjs";

const env = useServerAndBrowser();

const LESSON = mateInOne("shared-mate");
/** The app's address of a lesson carried in the link (studio-share.js's format: deflated JSON, base64url). */
const sharedHash = (lesson) => `#/shared/${Buffer.from(deflateSync(strToU8(JSON.stringify(lesson)), { level: 9 })).toString("base64url")}`;
const board = "#lesson-tutor";

test("a course lesson after a shared one: its own board, the course's lesson, no error", async () => {
  const { page, problems } = await openPage(env.browser);
  await page.goto(`${env.server.url}${sharedHash(LESSON)}`);
  await page.waitForSelector(`${board}[data-lesson="intro"][data-lesson-id="shared-mate"]`, { timeout: 30_000 });
  assert.equal(await page.locator("#view-title").textContent(), "Mate on the last row");

  // the same lesson view, now a course lesson (a link, the address bar, homework's Next)
  await page.evaluate(() => (location.hash = "#/lesson/idea-board"));
  await page.waitForSelector(`${board}[data-lesson="intro"][data-lesson-id="idea-board"]`, { timeout: 30_000 });
  assert.equal(await page.locator(board).count(), 1, "one lesson board");
  assert.equal(await page.locator(board).getAttribute("lesson"), "lessons/idea-board.json");
  assert.equal(await page.locator(board).evaluate((el) => el.lessonText ?? null), null, "the course lesson is read from its file");
  assert.match(await page.locator("#lesson-position").textContent(), /1/, "its place in the course");
  assert.deepEqual(problems, []);
  await page.close();
});
