// The child who cannot read, as the tap-only tests play it (issue 38's last point, issue 39's
// figure): at 360×640, reading aloud on (the speech stand-in), the child taps only what a picture
// shows — the big Start (▶), a drawn arrow (an idea lesson's move, a hint's), the hand showing a
// move, Next (→), the hint (?) when nothing shows what to do, Try again (↻), the tip of an arrow
// from the marked piece of a "where can it go?" question — and guesses a
// question's choices in the order they are said (a wrong one is crossed out and cannot be tapped
// again), each time after what is said has been heard to its end. It reads no text and no lesson
// file's answers: the course's list of lessons only tells where a section ends.
// Used by tap-only.test.mjs (the first section) and tap-part-*.test.mjs (sections 2–5).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, openPage, settledScreenshot } from "./helpers.mjs";
import { VOICES, standIn } from "./speech-stand-in.mjs";

export const T = "#lesson-tutor";

/** The lessons of the main course's section `n` (1 = "The board"), by id, in order. */
export function sectionLessons(n) {
  const course = JSON.parse(readFileSync(join(ROOT, "lessons", "course.json"), "utf8"));
  return course.sections[n - 1].lessons.map((f) => f.replace(/\.json$/, ""));
}

/** The lesson settled: not loading, not waiting for the computer, drawn, and what is said
 *  heard to its end (a child listens before tapping). */
async function settle(page) {
  await page.waitForFunction((t) => !["loading", "busy"].includes(document.querySelector(t)?.dataset.lesson), T, { timeout: 30_000 });
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
    if (phase === "done") return { act: "done", id: el.dataset.lessonId, stars: all(".l-card .l-star.on").length, help: all(".l-card .l-hints-shown")[0]?.textContent ?? "" };
    if (phase === "intro") return { act: "button", sel: ".l-start", what: "start" };
    if (phase === "failed") return { act: "button", sel: ".l-retry", what: "retry" };
    const arrow = first(".l-show-arrow, .l-hint-arrow");
    // an arrow from the marked piece of a "where can it go?" question: its tip is the square to tap
    if (arrow && all(`.l-quiz-piece[data-at="${arrow.dataset.from}"]`).some(shown)) return { act: "square", to: arrow.dataset.to };
    if (arrow) return { act: "move", from: arrow.dataset.from, to: arrow.dataset.to };
    const hand = first(".l-hand-box");
    if (hand) return { act: "move", from: hand.dataset.from, to: hand.dataset.to };
    if (first(".l-step-next")) return { act: "button", sel: ".l-step-next", what: "next" };
    const choices = all(".l-choice");
    const choice = choices.find((b) => shown(b) && !b.disabled);
    // a choice a child can tell from the others: its picture, or the square it names (tapped
    // on the board, which the question's words and the marks show)
    if (choice) return { act: "choice", index: choices.indexOf(choice), pictured: Boolean(choice.querySelector(".l-choice-pict") || choice.dataset.answerSquare) };
    const hint = first(".l-hint");
    if (hint && !hint.disabled) return { act: "button", sel: ".l-hint", what: "hint" };
    return { act: "stuck", phase };
  }, T);

/**
 * Plays LESSONS (ids, in the course's order) from the first one's page to the last one's done
 * card, by taps alone, in LANG at 360×640. Returns { lessons: [{ id, stars, help (what the done
 * card says of the hints that showed the move), taps, wrong, hints,
 * unpictured, s }], taps, wrong, seconds, heard } and checks that every lesson was done, in order.
 * `shot`: the screenshot names' prefix (one at the first done card, one at the last).
 */
export async function playByTaps(browser, url, { lang, lessons: ids, shot }) {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true });
  // a word said every 8 ms (the stand-in's usual 40 would spend about 10 of CI's minutes on the
  // 19,000 words heard); the order of speaking, hearing to the end and tapping stays the child's
  await context.addInitScript(standIn, { voices: VOICES, wordMs: Number(process.env.TAP_WORD_MS ?? 8) });
  await context.addInitScript(() => localStorage.setItem("chess-tutor:settings:v1", JSON.stringify({ version: 1, read: true, readAsked: true })));
  const { page, problems } = await openPage(context);
  await page.goto(`${url}?lang=${lang}#/lesson/${ids[0]}`);
  await page.waitForSelector(`${T}[data-lesson="intro"]`, { timeout: 30_000 });
  let taps = 0;
  let wrong = 0;
  let hints = 0;
  let unpictured = 0;
  const tap = async (locator) => {
    taps += 1;
    await locator.click();
  };
  const square = (sq) => page.locator(`${T} [data-square="${sq}"]`);
  const lessons = [];
  const started = Date.now();
  let since = { taps: 0, wrong: 0, hints: 0, unpictured: 0, at: started };
  for (let guard = 0; lessons.length < ids.length; guard++) {
    assert.ok(guard < 60 * ids.length, `stuck after ${JSON.stringify(lessons)}`);
    await settle(page);
    const now = await look(page);
    if (now.act === "stuck") {
      const id = await page.evaluate((t) => document.querySelector(t).dataset.lessonId, T);
      // TAP_SKIP=1 (by hand, to list every such lesson at once): note it and go on with the next
      if (process.env.TAP_SKIP && ids.includes(id) && ids.indexOf(id) + 1 < ids.length) {
        console.log(`STUCK ${lang} ${id} (${now.phase})`);
        lessons.push({ id, stars: 0, taps: 0, wrong: 0, hints: 0, unpictured: 0, s: 0 });
        await page.goto(`${url}?lang=${lang}#/lesson/${ids[ids.indexOf(id) + 1]}`);
        await page.waitForSelector(`${T}[data-lesson="intro"]`, { timeout: 30_000 });
        since = { taps, wrong, hints, unpictured, at: Date.now() };
        continue;
      }
      throw new Error(`nothing to tap (${now.phase}) in ${id} (${lang}) after ${JSON.stringify(lessons.map((l) => l.id))}`);
    }
    if (now.act === "done") {
      lessons.push({ id: now.id, stars: now.stars, help: now.help, taps: taps - since.taps, wrong: wrong - since.wrong, hints: hints - since.hints, unpictured: unpictured - since.unpictured, s: Math.round((Date.now() - since.at) / 100) / 10 });
      if (lessons.length === 1 && shot) await settledScreenshot(page, `${shot}-first-done-${lang}-360`);
      if (lessons.length === ids.length) break;
      // the card's Next (→): the next lesson's Start
      await tap(page.locator(`${T} .l-card-next`));
      await page.waitForFunction(([t, id]) => document.querySelector(t).dataset.lessonId !== id && document.querySelector(t).dataset.lesson === "intro", [T, now.id], { timeout: 30_000 });
      since = { taps, wrong, hints, unpictured, at: Date.now() };
    } else if (now.act === "button") {
      if (now.what === "hint") hints += 1;
      await tap(page.locator(`${T} ${now.sel}`).first());
    } else if (now.act === "choice") {
      if (!now.pictured) unpictured += 1;
      const choice = page.locator(`${T} .l-choice`).nth(now.index);
      await tap(choice);
      await settle(page);
      // a wrong guess is crossed out (its button stays, disabled)
      if ((await choice.count()) && (await choice.getAttribute("data-state")) === "wrong") wrong += 1;
    } else if (now.act === "square") await tap(square(now.to));
    else if (now.act === "move") {
      await tap(square(now.from));
      await tap(square(now.to));
    }
  }
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  if (shot) await settledScreenshot(page, `${shot}-last-done-${lang}-360`);
  const heard = await page.evaluate(() => ({ utterances: window.speechLog.said.length, words: window.speechLog.words.length, ms: window.speechLog.wordMs }));
  assert.deepEqual(lessons.map((l) => l.id), ids, "every lesson, in order");
  assert.deepEqual(problems, []);
  await context.close();
  return { lessons, taps, wrong, hints, unpictured, seconds, heard };
}

/** Prints what playByTaps returned: the figure of issue 38 (no timed assertion). */
export function report(title, lang, r) {
  const stars = r.lessons.reduce((n, l) => n + l.stars, 0);
  console.log(
    `tap-only, ${title} (${lang}, 360×640): ${r.lessons.length} lessons, ${r.taps} taps (${r.wrong} wrong guesses, ${r.hints} on the hint), ${r.seconds} s, ${stars} stars; ` +
      `${r.unpictured} guesses among choices with no picture; heard ${r.heard.words} words in ${r.heard.utterances} utterances (a word in ${r.heard.ms} ms)`,
  );
  for (const l of r.lessons) console.log(`  ${l.id}: ${l.taps} taps (${l.wrong} wrong, ${l.hints} hint), ${l.s} s, ${l.stars} stars${l.unpictured ? `, ${l.unpictured} guesses with no picture` : ""}`);
}

/** The tests of SECTIONS (numbers) in LANGS: one test per section and language. */
export function tapSections(env, sections, langs, { describe, test }) {
  for (const n of sections) {
    const ids = sectionLessons(n);
    describe(`section ${n} of the main course played by taps on what pictures show (issue 38)`, () => {
      for (const lang of langs) {
        test(`${lang}, 360×640: every lesson of section ${n} done; taps and time printed`, async () => {
          const r = await playByTaps(env.browser, env.server.url, { lang, lessons: ids, shot: `tap-part-${n}` });
          report(`section ${n}`, lang, r);
          // every question's choices told apart by pictures (or squares on the board)
          assert.deepEqual(r.lessons.filter((l) => l.unpictured).map((l) => l.id), [], "questions whose choices have no picture");
        });
      }
    });
  }
}
