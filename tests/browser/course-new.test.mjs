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
import { lessonText } from "./lesson-rules.mjs";
import { solveByClicking, tutor, waitState } from "./solve-by-clicking.mjs";

const env = useServerAndBrowser();
const read = (file) => JSON.parse(readFileSync(join(ROOT, "lessons", file), "utf8"));
const course = () => read("course.json");
/** The sections of every course (More endgames has a course of its own since issue 38). */
const allSections = () => read("courses.json").courses.flatMap((c) => read(c.file).sections);

/** One lesson of each new stage, with the section it stands in. */
const NEW = [
  ["pieces", "setup-rook-home"],
  ["pieces", "setup-king"],
  ["board", "turns-whose-move"],
  ["pieces", "knight-around"],
  ["capture", "escape-run"],
  ["capture", "escape-defend"],
  ["capture", "threat-question"],
  ["capture", "threat-save"],
  ["check-mate", "check-two-king"],
  ["check-mate", "check-two-rook"],
  ["check-mate", "kings-apart"],
  ["tactics", "mate-double-check"],
  ["tactics", "tactic-skewer"],
  ["tactics", "tactic-discovered"],
  ["tactics", "tactic-skewer-bishop"],
  ["tactics", "tactic-discovered-attack"],
  ["draws", "draw-repetition"],
  ["queen-mate", "mate-kr-box"],
  ["queen-mate", "mate-kr-cut"],
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

/** In English, the first of NEW in each section: every section once in both languages (the
 *  Russian run plays them all; the player is the same, only the words differ). */
const firstOfEach = NEW.filter(([section], k) => NEW.findIndex(([s]) => s === section) === k);

describe("the new stages, one lesson each, played to 3 stars by clicking", () => {
  for (const lang of ["ru", "en"]) {
    test(`${lang}, 360 px`, async () => {
      const sections = Object.fromEntries(allSections().map((s) => [s.id, s.lessons]));
      const context = await env.browser.newContext({ viewport: { width: 360, height: 760 } });
      const { page, problems } = await openPage(context);
      for (const [section, id] of lang === "ru" ? NEW : firstOfEach) {
        assert.ok(sections[section]?.includes(`${id}.json`), `${id} is in the section ${section}`);
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
