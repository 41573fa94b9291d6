// What the lesson player shows of a goal comes from the lesson package (Lesson.goal(), issue 34:
// the page never branches on a goal's name). The two goals where the page and the rules used to
// disagree: an escape counts mistakes (one try: a wrong move is a mistake) and finds its saving
// move for a hint; an idea lesson (show) counts nothing and has no hint button (its arrow shows
// the move). Every goal the course uses gives, through the package, the facts the crate states
// (crate/tests/goal_view.rs holds them natively).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { ROOT, useServerAndBrowser } from "./helpers.mjs";
import { openLesson, tutor } from "./lesson-helpers.mjs";

const env = useServerAndBrowser();
const onBoard = (page, selector) => page.locator(`${tutor} ${selector}`).evaluateAll((nodes) => nodes.map((n) => n.dataset.at ?? `${n.dataset.from}-${n.dataset.to}`).sort());

describe("the lesson player reads a goal's facts from the lesson package", () => {
  test("an escape: the score counts mistakes, the hint shows the saving move", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const { page, problems } = await openLesson(env, context, "escape-run");
    assert.equal(await page.locator(tutor).getAttribute("data-lesson-goal"), "escape");
    assert.match(await page.locator(`${tutor} .l-count`).textContent(), /Mistakes: 0/);
    assert.match(await page.locator(`${tutor} .l-par`).textContent(), /no mistakes/);
    const hint = page.locator(`${tutor} .l-hint`);
    assert.ok(await hint.isVisible(), "an escape finds a hint");
    await hint.click();
    // the piece in danger glows first (the rules' saving moves move it first)
    await page.waitForSelector(`${tutor} .l-hint-ring`);
    assert.deepEqual(await onBoard(page, ".l-hint-ring"), ["a3"]);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("an idea lesson: no score, no hint button, its step and Next", async () => {
    const context = await env.browser.newContext({ viewport: { width: 360, height: 640 } });
    const { page, problems } = await openLesson(env, context, "idea-board");
    assert.equal(await page.locator(tutor).getAttribute("data-lesson-goal"), "show");
    assert.ok(await page.locator(`${tutor} .l-hint`).isHidden(), "the arrow is the hint");
    assert.ok(await page.locator(`${tutor} .l-score`).isHidden(), "an idea lesson counts nothing");
    assert.ok(await page.locator(`${tutor} .l-step`).isVisible());
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("every goal the course uses: the package's facts, as the crate states them", async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${env.server.url}?lang=en`);
    // one lesson of each goal, read by pkg-lessons-full (every goal, piece sets too)
    const lessons = {};
    for (const file of readdirSync(join(ROOT, "lessons")).filter((f) => f.endsWith(".json") && !/^(course|glossary|skills|lesson\.schema)/.test(f))) {
      const text = readFileSync(join(ROOT, "lessons", file), "utf8");
      const json = JSON.parse(text);
      if (json.goal?.type && !json.pieces && !lessons[json.goal.type]) lessons[json.goal.type] = text;
    }
    const facts = await page.evaluate(async (texts) => {
      const pkg = await import("./pkg-lessons-full/chess_tutor.js");
      await pkg.default();
      const out = {};
      for (const [name, text] of Object.entries(texts)) {
        const lesson = new pkg.Lesson(text);
        out[name] = lesson.goal();
        lesson.free();
      }
      return out;
    }, lessons);
    const moves = ["stars", "capture_all", "reach", "promote", "mate", "win", "draw", "check", "keep_pieces"];
    for (const [name, goal] of Object.entries(facts)) {
      assert.equal(goal.name, name);
      assert.equal(goal.counts, moves.includes(name) ? "moves" : name === "show" ? "nothing" : "mistakes", name);
      assert.equal(goal.quiz, name === "targets", name);
      assert.equal(goal.steps, name === "show", name);
      assert.equal(goal.ask, name === "question" ? "written" : null, name);
    }
    assert.equal(facts.escape.hintable, true);
    assert.equal(facts.escape.par, 0);
    assert.equal(facts.show.par, null);
    assert.equal(facts.mate.moves > 0 && facts.mate.hintable, true);
    assert.ok(Object.keys(facts).length >= 14, Object.keys(facts).join(" "));
    await context.close();
  });
});
