// The stars of a whole sitting in the app (issue 37), at 360 and 1280 px in Russian and English:
// a wrong move, "Try again", then the right move earns two stars, never three, and the card says
// the mistake (never "No mistakes!"); a hint that showed the move counts as one; the progress
// keeps the sitting's stars; a new sitting after the lesson is done may earn three again.
// Screenshots: test-results/screenshots/sitting-*.png.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { useServerAndBrowser, settledScreenshot as screenshot } from "./helpers.mjs";
import { openLesson, tutor, waitState } from "./lesson-helpers.mjs";
import { SITTING } from "./sitting.mjs";

const env = useServerAndBrowser();
const KEY = "chess-tutor:progress:v1";
const WORDS = {
  en: { none: /No mistakes/, one: /Mistakes: 1\./, hint: /A hint showed you the move\./, better: /without the hint/ },
  ru: { none: /Без ошибок/, one: /1 ошибка\./, hint: /Подсказка показала ход\./, better: /без подсказки/ },
};

async function move(page, from, to) {
  await page.locator(`${tutor} [data-square="${from}"]`).click();
  await page.locator(`${tutor} [data-square="${to}"]`).click();
}

const starsOn = (page) => page.locator(`${tutor} .l-star.on`).count();
const card = async (page) => (await page.locator(`${tutor} .l-card-text`).textContent()) ?? "";

describe("the stars of a sitting", () => {
  for (const [lang, width, height] of [["en", 1280, 720], ["ru", 360, 640], ["en", 360, 640], ["ru", 1280, 720]]) {
    test(`${lang} ${width}px: a wrong move, Try again, the right move: two stars and the mistake said`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height } });
      const { page, problems } = await openLesson(env, context, SITTING.lesson, lang);
      await move(page, "b5", "d6");
      await waitState(page, "failed");
      await page.locator(`${tutor} .l-retry`).click();
      await waitState(page, "playing");
      // during the retry the score counts the mistake before it
      assert.match(await page.locator(`${tutor} .l-score`).textContent(), lang === "en" ? /Mistakes: 1/ : /Ошибок: 1/);
      await move(page, "b5", "c7");
      await waitState(page, "done");
      assert.equal(await starsOn(page), SITTING.stars);
      const text = await card(page);
      assert.doesNotMatch(text, WORDS[lang].none);
      assert.match(text, WORDS[lang].one);
      const kept = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), KEY);
      assert.equal(kept.lessons[SITTING.lesson].stars, SITTING.stars);
      await screenshot(page, `sitting-retry-${lang}-${width}`);
      // "Again" after the lesson is done: a new sitting, three stars for the right move at once
      await page.locator(`${tutor} .l-card-retry`).click();
      await waitState(page, "playing");
      await move(page, "b5", "c7");
      await waitState(page, "done");
      assert.equal(await starsOn(page), 3);
      assert.match(await card(page), WORDS[lang].none);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  for (const [lang, width, height] of [["en", 360, 640], ["ru", 1280, 720]]) {
    test(`${lang} ${width}px: the hint that showed the move counts as a mistake: two stars, said on the card`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height } });
      const { page, problems } = await openLesson(env, context, SITTING.lesson, lang);
      await page.locator(`${tutor} .l-hint`).click();
      await page.locator(`${tutor} .l-hint`).click();
      await move(page, "b5", "c7");
      await waitState(page, "done");
      assert.equal(await starsOn(page), 2);
      const text = await card(page);
      assert.doesNotMatch(text, WORDS[lang].none);
      assert.match(text, WORDS[lang].hint);
      assert.match(text, WORDS[lang].better);
      await screenshot(page, `sitting-hint-${lang}-${width}`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
