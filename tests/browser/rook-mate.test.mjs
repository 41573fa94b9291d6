// The whole rook mate (issue 38, point 3): mate-kr-win, the black king in the middle against king
// and rook, played to 3 stars by clicking in Russian and in English against the solver's best
// defence (its KRK table, endgame/krk.bin, loaded as the page loads it). The moves clicked are the
// lesson's hints played in Node by the page's own package (lesson-rules.mjs): if the page's
// replies were not the solver's, the next clicked move would not fit the board.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { ROOT, openPage, useServerAndBrowser, settledScreenshot as screenshot } from "./helpers.mjs";
import { lessonText, movesByHints } from "./lesson-rules.mjs";
import { solveByClicking, tutor, waitState } from "./solve-by-clicking.mjs";

const env = useServerAndBrowser();
const ID = "mate-kr-win";
const read = (file) => JSON.parse(readFileSync(join(ROOT, "lessons", file), "utf8"));

describe("the whole rook mate, from the middle of the board", () => {
  test("it follows the rook lock-in in the mate section, and its hints mate in the par's moves", () => {
    const section = read("course.json").sections.find((s) => s.id === "queen-mate");
    const k = section.lessons.indexOf(`${ID}.json`);
    assert.ok(k > 0 && section.lessons[k - 1] === "mate-kr-cut.json", section.lessons.join(", "));
    const lesson = JSON.parse(lessonText(ID));
    assert.equal(lesson.opponent.type, "solver");
    assert.equal(movesByHints(lessonText(ID), ID).length, lesson.par);
  });

  for (const lang of ["ru", "en"]) {
    test(`${lang}, 360 px: played to 3 stars by clicking, the solver's table fetched`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 360, height: 760 } });
      const { page, problems } = await openPage(context);
      const tables = [];
      page.on("request", (r) => {
        if (/\/endgame\/[^/]+\.bin$/.test(r.url())) tables.push(r.url().split("/").at(-1));
      });
      await page.goto(`${env.server.url}?lang=${lang}&coordinates=algebraic#/lesson/${ID}`);
      await waitState(page, "intro");
      assert.equal(await page.locator(`${tutor} .l-card-title`).textContent(), JSON.parse(lessonText(ID)).title[lang]);
      await solveByClicking(page, ID, lang, `rook-mate-360-${lang}-playing`);
      await screenshot(page, `rook-mate-360-${lang}-done`);
      assert.deepEqual([...new Set(tables)], ["krk.bin"]);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
