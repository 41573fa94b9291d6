// Saved work in a browser whose localStorage is full (issue 17, point 5): the child finishes a
// lesson, the stars cannot be kept, and the done card says so calmly (www/widget/storage.js answers
// "quota", progress.js passes it on, lesson.js says it); what was stored before is untouched.
import assert from "node:assert/strict";
import { test } from "node:test";
import { useServerAndBrowser } from "./helpers.mjs";
import { openLesson, tutor, waitState } from "./lesson-helpers.mjs";

const env = useServerAndBrowser();
const BEFORE = JSON.stringify({ version: 1, lessons: { "rook-stars-1": { stars: 2, completedAt: null } } });

for (const [lang, words] of [["en", /no room left to keep your stars/], ["ru", /не осталось места для твоих звёзд/]]) {
  test(`${lang}: a full storage when a lesson is done is said on the card; the old progress is kept`, async () => {
    const context = await env.browser.newContext();
    await context.addInitScript((before) => {
      localStorage.setItem("chess-tutor:progress:v1", before);
      const setItem = Storage.prototype.setItem;
      // full for the progress (its side copy first), as a browser at its quota is
      Storage.prototype.setItem = function (key, value) {
        if (String(key).startsWith("chess-tutor:progress:v1")) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        return setItem.call(this, key, value);
      };
    }, BEFORE);
    const { page, problems } = await openLesson(env, context, "check-escape", lang);
    await page.locator(`${tutor} [data-square="c3"]`).click();
    await page.locator(`${tutor} [data-square="e4"]`).click();
    await waitState(page, "done");
    const note = page.locator(`${tutor} .l-not-kept`);
    assert.match(await note.textContent(), words);
    assert.ok(await note.isVisible());
    // also in the words said to a screen reader
    assert.match(await page.locator(tutor).evaluate((el) => el.shadowRoot.textContent), words);
    assert.equal(await page.evaluate(() => localStorage.getItem("chess-tutor:progress:v1")), BEFORE, "what was there before is kept");
    assert.equal(await page.evaluate(() => localStorage.getItem("chess-tutor:progress:v1:saving")), null);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
