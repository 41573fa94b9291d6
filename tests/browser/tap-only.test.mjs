// The figure of issue 39: the main course's first section ("The board", 8 lessons) played by a
// child who cannot read, at 360×640 in Russian and English, reading aloud on (the speech stand-in).
// The test reads no text and no lesson file: it taps only what a picture shows — the big Start
// (▶), a drawn arrow (an idea lesson's move, a hint's), the hand showing a move, Next (→), the
// hint (?) when nothing shows what to do, Try again (↻) — and guesses a question's choices in the
// order they are said (a wrong one is crossed out and cannot be tapped again), as the child of the
// issue did, each time after what is said has been heard to its end. It prints the taps, the time
// and the words heard (no timed assertion: the figure is for the closing note) and checks only
// that every lesson was done. Screenshots: test-results/screenshots/tap-only-*.png.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { ROOT, openPage, screenshot, useServerAndBrowser } from "./helpers.mjs";
import { VOICES, standIn } from "./speech-stand-in.mjs";

const env = useServerAndBrowser();
const T = "#lesson-tutor";
// the section's lessons, only to know where it ends (the test never reads a lesson)
const SECTION = JSON.parse(readFileSync(join(ROOT, "lessons", "course.json"), "utf8")).sections[0].lessons.map((f) => f.replace(/\.json$/, ""));

/** The lesson settled: not loading, not waiting for the computer, drawn, and what is said
 *  heard to its end (a child listens before tapping). */
async function settle(page) {
  await page.waitForFunction((t) => !["loading", "busy"].includes(document.querySelector(t)?.dataset.lesson), T, { timeout: 20_000 });
  await page.waitForFunction(() => !speechSynthesis.speaking, null, { timeout: 30_000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** What a child who cannot read sees to tap now (pictures only: classes of shapes and buttons). */
const look = (page) =>
  page.evaluate((t) => {
    const el = document.querySelector(t);
    const all = (sel) => [...el.shadowRoot.querySelectorAll(sel), ...el.querySelectorAll(sel)];
    const shown = (n) => n && !n.closest("[hidden]") && n.getClientRects().length > 0;
    const first = (sel) => all(sel).find(shown);
    const phase = el.dataset.lesson;
    if (phase === "done") return { act: "done", id: el.dataset.lessonId, stars: all(".l-card .l-star.on").length };
    if (phase === "intro") return { act: "button", sel: ".l-start" };
    if (phase === "failed") return { act: "button", sel: ".l-retry" };
    const arrow = first(".l-show-arrow, .l-hint-arrow");
    if (arrow) return { act: "move", from: arrow.dataset.from, to: arrow.dataset.to };
    const hand = first(".l-hand-box");
    if (hand) return { act: "move", from: hand.dataset.from, to: hand.dataset.to };
    if (first(".l-step-next")) return { act: "button", sel: ".l-step-next" };
    const choice = all(".l-choice").find((b) => shown(b) && !b.disabled);
    if (choice) return { act: "choice", index: all(".l-choice").indexOf(choice) };
    const hint = first(".l-hint");
    if (hint && !hint.disabled) return { act: "button", sel: ".l-hint" };
    return { act: "stuck", phase };
  }, T);

describe("the first section played by taps on what pictures show (issue 39: the figure)", () => {
  for (const lang of ["ru", "en"]) {
    test(`${lang}, 360×640: every lesson of the first section done; taps and time printed`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true });
      await context.addInitScript(standIn, { voices: VOICES });
      await context.addInitScript(() => localStorage.setItem("chess-tutor:settings:v1", JSON.stringify({ version: 1, read: true, readAsked: true })));
      const { page, problems } = await openPage(context);
      await page.goto(`${env.server.url}?lang=${lang}#/lesson/${SECTION[0]}`);
      await page.waitForSelector(`${T}[data-lesson="intro"]`, { timeout: 15_000 });
      let taps = 0;
      const tap = async (locator) => {
        taps += 1;
        await locator.click();
      };
      const square = (sq) => page.locator(`${T} [data-square="${sq}"]`);
      const lessons = [];
      const started = Date.now();
      let since = { taps: 0, at: started };
      for (let guard = 0; lessons.length < SECTION.length; guard++) {
        assert.ok(guard < 400, `stuck after ${JSON.stringify(lessons)}`);
        await settle(page);
        const now = await look(page);
        if (now.act === "stuck") throw new Error(`nothing to tap (${now.phase}) after ${JSON.stringify(lessons)}`);
        if (now.act === "done") {
          lessons.push({ id: now.id, stars: now.stars, taps: taps - since.taps, s: Math.round((Date.now() - since.at) / 100) / 10 });
          if (lessons.length === 1) await screenshot(page, `tap-only-first-done-${lang}-360`);
          if (lessons.length === SECTION.length) break;
          // the card's Next (→): the next lesson's Start
          await tap(page.locator(`${T} .l-card-next`));
          await page.waitForFunction(([t, id]) => document.querySelector(t).dataset.lessonId !== id && document.querySelector(t).dataset.lesson === "intro", [T, now.id], { timeout: 20_000 });
          since = { taps, at: Date.now() };
        } else if (now.act === "button") await tap(page.locator(`${T} ${now.sel}`).first());
        else if (now.act === "choice") await tap(page.locator(`${T} .l-choice`).nth(now.index));
        else if (now.act === "move") {
          await tap(square(now.from));
          await tap(square(now.to));
        }
      }
      const seconds = Math.round((Date.now() - started) / 100) / 10;
      await screenshot(page, `tap-only-last-done-${lang}-360`);
      const heard = await page.evaluate(() => ({ utterances: window.speechLog.said.length, words: window.speechLog.words.length, ms: window.speechLog.wordMs }));
      console.log(`tap-only, first section (${lang}, 360×640): ${taps} taps, ${seconds} s for ${lessons.length} lessons (the stand-in says a word in ${heard.ms} ms); heard ${heard.words} words in ${heard.utterances} utterances`);
      for (const l of lessons) console.log(`  ${l.id}: ${l.taps} taps, ${l.s} s, ${l.stars} stars`);
      assert.deepEqual(lessons.map((l) => l.id), SECTION, "every lesson of the section, in order");
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
