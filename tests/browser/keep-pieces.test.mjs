// A whole game against the computer as a lesson (issue 29, goal `keep_pieces`): the lesson
// "A whole game: ten moves" played by clicks as a child would, in English at 1280 px and in
// Russian at 360 px: the task shows, every move is answered by the computer, a knight given for
// a pawn fails with words that name it and an arrow from the taker, and after "Try again" the
// player's own hints (computed here from the lesson file with the page's package) lead to
// 2 stars: the first try's lost knight still counts (the stars of the sitting). Screenshots: test-results/screenshots/keep-pieces-*.png.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { ROOT, useServerAndBrowser, settledScreenshot as screenshot } from "./helpers.mjs";
import { openLesson, tutor, waitState } from "./lesson-helpers.mjs";
import { movesByHints } from "./lesson-rules.mjs";

const env = useServerAndBrowser();
const ID = "game-keep-10";
const text = readFileSync(join(ROOT, "lessons", `${ID}.json`), "utf8");

const square = (page, sq) => page.locator(`${tutor} [data-square="${sq}"]`);
const history = (page) => page.locator(`${tutor} .l-history li`).count();

async function move(page, from, to) {
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.lesson !== "busy", tutor, { timeout: 15_000 });
  await square(page, from).click();
  await square(page, to).click();
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.lesson !== "busy", tutor, { timeout: 15_000 });
}

const WORDS = {
  en: { task: "Play 10 moves and don't lose a piece!", lost: "Your knight on g5 was captured, and you could not capture as much back. Try again!" },
  ru: { task: "Сыграй 10 ходов и не потеряй ни одной фигуры!", lost: "Соперник взял коня на g5, а взять в ответ столько же было нечем. Попробуй ещё раз!" },
};

describe("a whole game against the computer: keep your pieces", () => {
  for (const [lang, width, height] of [["en", 1280, 720], ["ru", 360, 640]]) {
    test(`${lang}, ${width} px: the task, the answers, a lost piece in words, then 2 stars by the hints (the lost knight of the first try still counts)`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height } });
      const { page, problems } = await openLesson(env, context, ID, lang);
      assert.equal(await page.locator(`${tutor} .l-goal`).textContent(), WORDS[lang].task);
      assert.equal(await page.locator(`${tutor} .l-hint`).isVisible(), true, "a hint can be asked");
      await screenshot(page, `keep-pieces-${width}-${lang}-start`);

      // every move is answered: the move list grows by two
      await move(page, "g1", "f3");
      assert.equal(await history(page), 2);
      await move(page, "d2", "d3");
      assert.equal(await history(page), 4);
      assert.equal(await page.locator(tutor).getAttribute("data-lesson"), "playing");
      // the knight goes where a pawn captures it: a pawn back for a knight is not as much
      await move(page, "f3", "g5");
      await waitState(page, "failed");
      const failure = page.locator(`${tutor} .say-failure`);
      assert.equal(await failure.getAttribute("data-failure"), "piece-lost");
      assert.ok((await failure.textContent()).endsWith(WORDS[lang].lost), await failure.textContent());
      const arrows = await page.locator(`${tutor} .l-fail-arrow`).evaluateAll((n) => n.map((x) => `${x.dataset.from}-${x.dataset.to}`));
      assert.deepEqual(arrows, ["h6-g5"], "an arrow from the taker");
      await screenshot(page, `keep-pieces-${width}-${lang}-lost`);

      // again, by the hints: ten moves with every piece kept
      await page.locator(`${tutor} .l-retry`).click();
      await waitState(page, "playing");
      for (const m of movesByHints(text, ID)) await move(page, m.from, m.to);
      await waitState(page, "done");
      // the stars of the sitting: the first try's lost knight still counts, so never 3
      assert.equal(await page.locator(`${tutor} .l-card .l-star.on`).count(), 2);
      await screenshot(page, `keep-pieces-${width}-${lang}-done`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
