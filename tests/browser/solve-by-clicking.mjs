// Playing a course lesson by clicking, as a child would: its start card, then its goal by its type
// (an idea lesson's steps, a question's right choice, the squares of a targets lesson, a best
// move's first answer, else the moves its hints show), to its done card with 3 stars. Used by
// course-new.test.mjs and course-first-year.test.mjs.
import assert from "node:assert/strict";
import { settledScreenshot as screenshot } from "./helpers.mjs";
import { lessonText, movesByHints, sanToSquares, targetsOf } from "./lesson-rules.mjs";

export const tutor = "#lesson-tutor";

export const square = (page, sq) => page.locator(`${tutor} [data-square="${sq}"]`);
export const waitState = (page, value) => page.waitForSelector(`${tutor}[data-lesson="${value}"]`, { timeout: 20_000 });
export const shownStars = (page) => page.locator(`${tutor} .l-card .l-star.on`).count();

export async function move(page, from, to) {
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.lesson !== "busy", tutor);
  await square(page, from).click();
  await square(page, to).click();
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.lesson !== "busy", tutor);
}

/** Solves the lesson open in the page (its intro card shown) by clicking only, by its goal type. */
export async function solveByClicking(page, id, lang, shot = null) {
  const { goal } = JSON.parse(lessonText(id));
  await page.locator(`${tutor} .l-start`).click();
  await waitState(page, "playing");
  if (shot) await screenshot(page, shot);
  switch (goal.type) {
    case "show":
      for (let k = 0; k < goal.steps.length; k++) {
        await page.locator(`${tutor} .l-step[data-step="${k}"]`).waitFor({ timeout: 15_000 });
        assert.equal(await page.locator(`${tutor} .l-step-text`).textContent(), goal.steps[k].text[lang]);
        if (goal.steps[k].move) {
          const arrow = await page.locator(`${tutor} .l-show-arrow`).first();
          const [from, to] = [await arrow.getAttribute("data-from"), await arrow.getAttribute("data-to")];
          await move(page, from, to);
          // a promotion: the child picks the queen in the picker, the first of its buttons
          if (goal.steps[k].move.includes("=")) await page.getByRole("dialog", { name: lang === "ru" ? /фигур/i : /new piece/i }).getByRole("button").first().click();
        } else await page.locator(`${tutor} .l-step-next`).click();
      }
      break;
    case "question":
      await page.locator(`${tutor} .l-choice`).nth(goal.answer).click();
      break;
    case "targets":
      for (const sq of targetsOf(id, goal.square)) await square(page, sq).click();
      break;
    case "best_move": {
      const { from, to } = sanToSquares(id, goal.answers[0]);
      await move(page, from, to);
      break;
    }
    default:
      for (const m of movesByHints(lessonText(id), id)) await move(page, m.from, m.to);
  }
  await waitState(page, "done");
  assert.equal(await shownStars(page), 3, `${id}: 3 stars`);
}
