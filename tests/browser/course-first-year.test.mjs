// The first year in order (issue 38, point 3): one lesson of every new stage played by clicking
// as a child would, in Russian and in English, each to 3 stars with a screenshot at 360 px —
// meeting the pieces, "check, mate or stalemate?", the rook's wall and waiting move, the double
// attack, the scholar's mate defended, a king and a knight cannot mate, reading the moves — and
// the course's order: the pieces met before any question about them, check, mate and stalemate
// recognised before a mate is asked, discovered check before double check, a whole game at the
// end of each part, the second-year endgames in a course of their own.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { ROOT, openPage, useServerAndBrowser, settledScreenshot as screenshot } from "./helpers.mjs";
import { lessonFile } from "./lesson-rules.mjs";
import { solveByClicking, tutor, waitState } from "./solve-by-clicking.mjs";

const env = useServerAndBrowser();
const read = (file) => JSON.parse(readFileSync(join(ROOT, "lessons", file), "utf8"));
const ids = (section) => section.lessons.map((f) => f.replace(/\.json$/, ""));

/** One lesson of each new stage, with its section. */
const NEW = [
  ["board", "idea-meet-pieces"],
  ["board", "pieces-name-question"],
  ["check-mate", "what-is-it-2"],
  ["tactics", "tactic-double-attack"],
  ["notation", "idea-notation"],
  ["notation", "notation-capture"],
  ["draws", "draw-lone-knight"],
  ["queen-mate", "idea-rook-mate"],
  ["queen-mate", "mate-kr-wait"],
  ["opening", "opening-scholar-defend"],
];

test("the course's order: pieces first, check, mate and stalemate before mates, a whole game closing each part, More endgames apart", () => {
  const main = read("course.json");
  const order = main.sections.flatMap(ids);
  const at = (id) => {
    assert.ok(order.includes(id), `${id} is in the main course`);
    return order.indexOf(id);
  };
  // the pieces are met before a question asks where one stands
  assert.ok(at("idea-meet-pieces") < at("pieces-name-question") && at("pieces-name-question") < at("board-setup"));
  assert.ok(at("queen-moves") < at("board-setup"), "the setup questions come after the pieces' moves");
  // check, mate and stalemate recognised before the first mate is asked
  const firstMate = Math.min(...order.filter((id) => lessonFile(id).goal.type === "mate").map(at));
  for (const id of ["what-is-it-1", "what-is-it-2", "what-is-it-3"]) assert.ok(at(id) < firstMate, id);
  assert.deepEqual(["what-is-it-1", "what-is-it-2", "what-is-it-3"].map((id) => lessonFile(id).goal.answer).sort(), [0, 1, 2], "check, mate and stalemate each the answer once");
  // discovered check before double check; the double attack among the tricks
  assert.ok(at("tactic-discovered") < at("mate-double-check"));
  // a whole game against the computer at the end of each part, not only at the end
  const games = main.sections.filter((s) => ids(s).some((id) => lessonFile(id).goal.type === "keep_pieces"));
  assert.ok(games.length >= 4, `${games.length} sections end with a whole game`);
  for (const s of games) assert.equal(lessonFile(ids(s).at(-1)).goal.type, "keep_pieces", `${s.id} ends with its game`);
  assert.equal(lessonFile(order.at(-1)).goal.type, "keep_pieces", "the course ends with a whole game");
  // the second-year king-and-pawn lessons: a course of their own, listed after the main one
  const list = read("courses.json").courses.map((c) => c.file);
  assert.equal(list[0], "course.json");
  assert.ok(list.includes("course-more-endgames.json"));
  const more = read("course-more-endgames.json").sections.flatMap(ids);
  for (const id of ["kp-trebuchet", "kp-reti-draw", "kp-triangle", "kp-opposition-distant", "kp-breakthrough"]) {
    assert.ok(more.includes(id) && !order.includes(id), `${id} is in More endgames only`);
  }
});

describe("the first year's new stages, one lesson each, played to 3 stars by clicking", () => {
  for (const lang of ["ru", "en"]) {
    test(`${lang}, 360 px`, async () => {
      const sections = Object.fromEntries(read("course.json").sections.map((s) => [s.id, s.lessons]));
      const context = await env.browser.newContext({ viewport: { width: 360, height: 760 } });
      const { page, problems } = await openPage(context);
      for (const [section, id] of NEW) {
        assert.ok(sections[section]?.includes(`${id}.json`), `${id} is in the section ${section}`);
        await page.goto(`${env.server.url}?lang=${lang}&coordinates=algebraic#/lesson/${id}`);
        await waitState(page, "intro");
        assert.equal(await page.locator(`${tutor} .l-card-title`).textContent(), lessonFile(id).title[lang]);
        await solveByClicking(page, id, lang, lang === "ru" ? `first-year-360-${id}-playing` : null);
        await screenshot(page, `first-year-360-${lang}-${id}-done`);
      }
      assert.deepEqual(problems.filter((p) => !/ERR_ABORTED/.test(p)), []); // a new address cuts the page's fetches ahead
      await context.close();
    });
  }
});
