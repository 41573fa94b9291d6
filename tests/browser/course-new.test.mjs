// The new stages of the course (issue 29, point 2), played end to end by clicking as a child
// would, in Russian and in English: one lesson of each (placing the pieces, turns, escaping an
// attack, check in two against a king that runs, kings never side by side, mate with king and
// rook, the two-rook ladder, skewer, discovered check, double check, draws, the start of a game,
// the rook pawn from the attacker's side; what the opponent attacks, the triangle, and the
// practice added beside them), each to 3 stars, with a screenshot at 360 px; and the
// course's first section finished by tapping alone, from the course page through the next-lesson
// buttons, its time printed (a figure, never a limit: speed belongs in bench/).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { ROOT, openPage, useServerAndBrowser, settledScreenshot as screenshot } from "./helpers.mjs";
import { lessonText, movesByHints, sanToSquares, targetsOf } from "./lesson-rules.mjs";

const env = useServerAndBrowser();
const tutor = "#lesson-tutor";
const course = () => JSON.parse(readFileSync(join(ROOT, "lessons", "course.json"), "utf8"));

const square = (page, sq) => page.locator(`${tutor} [data-square="${sq}"]`);
const waitState = (page, value) => page.waitForSelector(`${tutor}[data-lesson="${value}"]`, { timeout: 20_000 });
const shownStars = (page) => page.locator(`${tutor} .l-card .l-star.on`).count();

async function move(page, from, to) {
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.lesson !== "busy", tutor);
  await square(page, from).click();
  await square(page, to).click();
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.lesson !== "busy", tutor);
}

/** Solves the lesson open in the page (its intro card shown) by clicking only, by its goal type. */
async function solveByClicking(page, id, lang, shot = null) {
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

/** One lesson of each new stage, with the section it stands in. */
const NEW = [
  ["board", "setup-rook-home"],
  ["board", "setup-king"],
  ["board", "turns-whose-move"],
  ["pieces", "knight-around"],
  ["capture", "escape-run"],
  ["capture", "escape-defend"],
  ["capture", "threat-question"],
  ["capture", "threat-save"],
  ["check-mate", "check-two-king"],
  ["check-mate", "check-two-rook"],
  ["check-mate", "kings-apart"],
  ["check-mate", "mate-double-check"],
  ["tactics", "tactic-skewer"],
  ["tactics", "tactic-discovered"],
  ["tactics", "tactic-skewer-bishop"],
  ["tactics", "tactic-discovered-attack"],
  ["draws", "draw-repetition"],
  ["queen-mate", "mate-kr-box"],
  ["queen-mate", "mate-rr-ladder"],
  ["opening", "idea-opening"],
  ["opening", "opening-castle"],
  ["opening", "opening-knight-edge"],
  ["more-endgames", "kp-key-squares-rule"],
  ["more-endgames", "kp-rook-pawn-attack"],
  ["more-endgames", "kp-triangle"],
  ["more-endgames", "kp-triangle-play"],
  ["more-endgames", "kp-breakthrough"],
];

describe("the new stages, one lesson each, played to 3 stars by clicking", () => {
  for (const lang of ["ru", "en"]) {
    test(`${lang}, 360 px`, async () => {
      const sections = Object.fromEntries(course().sections.map((s) => [s.id, s.lessons]));
      const context = await env.browser.newContext({ viewport: { width: 360, height: 760 } });
      const { page, problems } = await openPage(context);
      for (const [section, id] of NEW) {
        assert.ok(sections[section]?.includes(`${id}.json`), `${id} is in the section ${section} of the main course`);
        await page.goto(`${env.server.url}?lang=${lang}&coordinates=algebraic#/lesson/${id}`);
        await waitState(page, "intro");
        assert.equal(await page.locator(`${tutor} .l-card-title`).textContent(), JSON.parse(lessonText(id)).title[lang]);
        if (lang === "ru") await screenshot(page, `course-new-360-${id}-intro`);
        await solveByClicking(page, id, lang, lang === "ru" ? `course-new-360-${id}-playing` : null);
        await screenshot(page, `course-new-360-${lang}-${id}-done`);
      }
      assert.deepEqual(problems.filter((p) => !/ERR_ABORTED/.test(p)), []); // a new address cuts the page's fetches ahead
      await context.close();
    });
  }
});

describe("the first section, as a child would: tapping alone", () => {
  test("360 px, Russian: from the course page through the next-lesson buttons, every lesson with 3 stars; its time printed", async (t) => {
    const ids = course().sections[0].lessons.map((f) => f.replace(/\.json$/, ""));
    const context = await env.browser.newContext({ viewport: { width: 360, height: 760 } });
    const { page, problems } = await openPage(context);
    await page.goto(`${env.server.url}?lang=ru&coordinates=algebraic#/course/main`);
    await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
    const started = performance.now();
    await page.locator(`.lesson-card[data-lesson="${ids[0]}"]`).click();
    for (const [k, id] of ids.entries()) {
      await waitState(page, "intro");
      assert.equal(await page.locator(tutor).getAttribute("data-lesson-id"), id);
      await solveByClicking(page, id, "ru");
      if (k + 1 < ids.length) await page.locator(`${tutor} .l-card-next`).click();
    }
    const took = Math.round(performance.now() - started);
    t.diagnostic(`the first section (${ids.length} lessons) by tapping alone: ${took} ms`);
    console.log(`# figure: the first section (${ids.length} lessons) by tapping alone, ${took} ms`);
    await page.locator("#back").click();
    await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
    for (const id of ids) assert.equal(await page.locator(`.lesson-card[data-lesson="${id}"]`).getAttribute("data-stars"), "3", id);
    await screenshot(page, "course-new-360-first-section-done");
    assert.deepEqual(problems, []);
    await context.close();
  });
});
