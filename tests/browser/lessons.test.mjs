// Lessons in <chess-tutor lesson="…"> and the course page of the app, played by clicking as a
// child would: a star drill, a quiz, a mate in 1 and a question to the end; the progress kept
// in localStorage (reload, garbage, export, import); hostile lesson text shown as text under
// the strict CSP; broken and missing lesson files shown as a friendly panel. Screenshots of each
// state at 360 and 800 px go to test-results/screenshots/lesson-*.png.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { ROOT, openPage, serveConfig, unhashed, useServerAndBrowser, settledScreenshot as screenshot } from "./helpers.mjs";
import { inView, openLesson } from "./lesson-helpers.mjs";
import { lessonFile, lessonText, movesByHints, pkg, sanToSquares, startFen, targetsOf } from "./lesson-rules.mjs";

const KEY = "chess-tutor:progress:v1";
const FIXTURES = join(ROOT, "tests", "browser", "fixtures");
/** The number of lessons in lessons/course.json, read when a test starts (the course grows). */
const courseSize = () => JSON.parse(readFileSync(join(ROOT, "lessons", "course.json"), "utf8")).sections.flatMap((s) => s.lessons).length;
/** The id of the course's first lesson: the one a new child is offered next. */
const firstLesson = () => JSON.parse(readFileSync(join(ROOT, "lessons", "course.json"), "utf8")).sections[0].lessons[0].replace(/\.json$/, "");

/**
 * A shortest way to collect every star of a drill (no opponent: the child moves again and
 * again), by breadth-first search over the positions, computed from the lesson file alone.
 */
function solveStars(id) {
  const { goal } = lessonFile(id);
  const side = startFen(id).split(" ")[1];
  const again = (fen) => {
    const f = fen.split(" ");
    f[1] = side;
    f[3] = "-";
    return f.join(" ");
  };
  const key = (fen, left) => `${fen.split(" ")[0]}|${[...left].sort()}`;
  let frontier = [{ fen: startFen(id), left: new Set(goal.squares), moves: [] }];
  const seen = new Set([key(frontier[0].fen, frontier[0].left)]);
  for (let depth = 0; depth < 12; depth++) {
    const next = [];
    for (const state of frontier) {
      const game = new pkg.Game(state.fen);
      for (const p of game.pieces().filter((x) => x.color[0] === side)) {
        for (const t of game.targets(p.i, p.j)) {
          const g = new pkg.Game(state.fen);
          g.play(p.square, t.square, t.kind === "promotion" ? "q" : null);
          const fen = again(g.fen());
          g.free();
          const left = new Set(state.left);
          left.delete(t.square);
          const moves = [...state.moves, { from: p.square, to: t.square }];
          if (!left.size) return moves;
          const k = key(fen, left);
          if (!seen.has(k)) {
            seen.add(k);
            next.push({ fen, left, moves });
          }
        }
      }
      game.free();
    }
    frontier = next;
  }
  throw new Error(`no way to collect the stars of ${id}`);
}

const env = useServerAndBrowser();

const tutor = "#lesson-tutor";
const square = (page, sq, el = tutor) => page.locator(`${el} [data-square="${sq}"]`);
const state = (page, el = tutor) => page.locator(el).getAttribute("data-lesson");
const waitState = (page, value, el = tutor) =>
  page.waitForSelector(`${el}[data-lesson="${value}"]`, { timeout: 15_000 });


/** The app at `hash`, 800 or 360 px wide, English unless asked. */
async function openApp(context, hash = "#/course", lang = "en") {
  const { page, problems } = await openPage(context);
  await page.goto(`${env.server.url}?lang=${lang}&coordinates=algebraic${hash}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
  if (hash === "#/course") {
    await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
    // and the first lesson's player, fetched ahead once the cards show: a test's reload then cuts
    // nothing off (an aborted request is one of the page's problems)
    await page.waitForLoadState("networkidle");
  }
  return { page, problems };
}

async function openLessonFromCourse(page, id) {
  await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
  await page.locator(`.lesson-card[data-lesson="${id}"]`).click();
  await waitState(page, "intro");
  assert.equal(await page.locator(tutor).getAttribute("data-lesson-id"), id);
}

async function move(page, from, to) {
  await square(page, from).click();
  await square(page, to).click();
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.lesson !== "busy", tutor);
}

const onBoard = (page, selector) =>
  page.locator(`${tutor} ${selector}`).evaluateAll((nodes) => nodes.map((n) => n.dataset.at ?? `${n.dataset.from}-${n.dataset.to}`).sort());
const shownStars = (page) => page.locator(`${tutor} .l-card .l-star.on`).count();

describe("a child plays the course, and the stars are kept", () => {
  for (const width of [800, 360]) {
    test(`${width} px: a star drill, a quiz, a mate in 1 and a question to the end; the course remembers`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: width === 360 ? 760 : 900 } });
      const { page, problems } = await openApp(context);
      await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
      const size = courseSize();
      assert.equal(await page.locator(".lesson-card").count(), size);
      assert.equal(await page.locator(".lesson-card.next").getAttribute("data-lesson"), firstLesson());
      assert.equal(await page.locator('.lesson-card[data-stars="0"]').count(), size);
      await screenshot(page, `lesson-${width}-course-empty`);

      // 1. the star drill: the stars on the board, collected one by one
      const drill = "rook-stars-1";
      const solution = solveStars(drill);
      assert.equal(solution.length, lessonFile(drill).par, "the search finds the par");
      await openLessonFromCourse(page, drill);
      // (the course page preloads it: it may have come before this test listened for requests)
      const loaded = await page.evaluate(() => performance.getEntriesByType("resource").some((e) => /\/pkg-lessons\/chess_tutor_bg-[0-9A-Z]{8}\.wasm$/.test(e.name)));
      assert.ok(loaded, "the lesson package loads for a lesson");
      assert.equal(await page.locator(`${tutor} .l-card-title`).textContent(), "The rook collects stars");
      assert.match(await page.locator(`${tutor} .l-card-goal`).textContent(), /Collect all the stars/);
      await screenshot(page, `lesson-${width}-intro`);
      await page.locator(`${tutor} .l-start`).click();
      await waitState(page, "playing");
      const stars = lessonFile(drill).goal.squares;
      assert.deepEqual(await onBoard(page, ".l-goal-star"), [...stars].sort());
      assert.equal(await page.locator(`${tutor} .l-goal-star path`).count(), stars.length, "a star shape on each");
      assert.match(await page.locator(`${tutor} .l-par`).textContent(), /★★★ in 3 moves/);
      // a hint: first the piece, then the move as an arrow
      await page.locator(`${tutor} .l-hint`).click();
      assert.deepEqual(await onBoard(page, ".l-hint-ring"), ["a1"]);
      assert.match(await page.locator(`${tutor} .say-hint`).textContent(), /one piece — the rook on a1/);
      await page.locator(`${tutor} .l-hint`).click();
      assert.deepEqual(await onBoard(page, ".l-hint-arrow"), ["a1-a5"]);
      await screenshot(page, `lesson-${width}-hint`);
      // a hint that showed the move costs a star (the stars of the sitting): the lesson opened
      // again is a new sitting, played to 3 stars
      await page.reload();
      await waitState(page, "intro");
      await page.locator(`${tutor} .l-start`).click();
      await waitState(page, "playing");
      for (const [k, m] of solution.entries()) {
        await move(page, m.from, m.to);
        if (k === 0) {
          assert.equal(await page.locator(`${tutor} .l-goal-star`).count(), stars.length - 1);
          assert.match(await page.locator(`${tutor} .l-count`).textContent(), /Stars left: 2.*Moves: 1/);
          assert.deepEqual(await page.locator(`${tutor} .l-history li`).allTextContents(), ["Ra5"]);
          await square(page, solution[1].from).click(); // the rook picked: its targets over the stars
          await screenshot(page, `lesson-${width}-playing-stars`);
          await square(page, solution[1].from).click();
        }
      }
      await waitState(page, "done");
      assert.equal(await shownStars(page), 3);
      assert.equal(await page.locator(`${tutor} .l-card-title`).textContent(), "Excellent!");
      assert.match(await page.locator(`${tutor} .l-card`).textContent(), /You got 3 stars/);
      await screenshot(page, `lesson-${width}-done-3-stars`);

      // Next: the next lesson in course order
      await page.locator(`${tutor} .l-card-next`).click();
      await waitState(page, "intro");
      assert.equal(await page.locator(tutor).getAttribute("data-lesson-id"), "rook-stars-2");
      assert.match(page.url(), /#\/lesson\/rook-stars-2$/);
      await page.locator("#back").click();

      // 2. the quiz: every square the rook can reach; one wrong click first (a cross)
      const quiz = "rook-targets";
      const { square: from } = lessonFile(quiz).goal;
      const answers = targetsOf(quiz, from);
      await openLessonFromCourse(page, quiz);
      await page.locator(`${tutor} .l-start`).click();
      await waitState(page, "playing");
      assert.match(await page.locator(`${tutor} .l-goal`).textContent(), /Where can the rook on d4 go\?/);
      const wrong = ["e5", "a1", "h8", "d8"].find((sq) => !answers.includes(sq));
      await square(page, wrong).click();
      assert.deepEqual(await onBoard(page, ".l-cross"), [wrong]);
      // why, from the position: the rook's lines do not reach the square
      assert.match(await page.locator(`${tutor} .say-failure`).textContent(), new RegExp(`The rook on ${from} can't reach ${wrong}: it moves only straight`));
      for (const sq of answers.slice(0, 4)) await square(page, sq).click();
      assert.deepEqual(await onBoard(page, ".l-tick"), answers.slice(0, 4).sort());
      assert.match(await page.locator(`${tutor} .l-count`).textContent(), new RegExp(`Found: 4 of ${answers.length}`));
      await screenshot(page, `lesson-${width}-quiz`);
      for (const sq of answers.slice(4)) await square(page, sq).click();
      await waitState(page, "done");
      assert.equal(await shownStars(page), 2, "one mistake: 2 stars");
      assert.match(await page.locator(`${tutor} .l-card`).textContent(), /Mistakes: 1/);
      await screenshot(page, `lesson-${width}-quiz-done-2-stars`);
      await page.locator("#back").click();

      // 3. the mate in 1: first a wrong move (the defender replies), then the hint's move
      const mate = "mate-1-back-rank";
      const { from: mf, to: mt } = sanToSquares(mate, lessonFile(mate).hints.move);
      const wrongMove = sanToSquares(mate, lessonFile(mate).feedback[0].move);
      await openLessonFromCourse(page, mate);
      await page.locator(`${tutor} .l-start`).click();
      await waitState(page, "playing");
      await square(page, wrongMove.from).click();
      await square(page, wrongMove.to).click();
      assert.equal(await state(page), "busy", "the computer thinks before it replies");
      await waitState(page, "failed");
      assert.deepEqual(await page.locator(`${tutor} .l-history li`).allTextContents(), ["Ra7", "h6"], "the reply is played");
      // a wrong move's words carry the mistake's ✗, never the praise's quote mark
      assert.equal(await page.locator(`${tutor} .say-feedback`).textContent(), "✗The rook attacks a pawn, but that's not check.");
      // a quiet move that does not mate: no "the king can escape" when there was no check
      assert.match(await page.locator(`${tutor} .say-failure`).textContent(), /Oops! That is not mate yet: the king is not even in check/);
      assert.doesNotMatch(await page.locator(`${tutor} .say-failure`).textContent(), /escape/);
      // one box for it all, over the board, where the child looks
      assert.equal(await page.locator(`${tutor} .feedback:not([hidden])`).count(), 1);
      assert.equal(await page.locator(`${tutor} .feedback .say`).count(), await page.locator(`${tutor} .say`).count());
      await screenshot(page, `lesson-${width}-mate-failed`);
      await page.locator(`${tutor} .l-retry`).click();
      await waitState(page, "playing");
      await move(page, mf, mt);
      await waitState(page, "done");
      // the failed first try still counts (the stars of the sitting): a retry earns 2, never 3
      assert.equal(await shownStars(page), 2);
      assert.doesNotMatch(await page.locator(`${tutor} .l-card`).textContent(), /No mistakes/);
      assert.equal(await square(page, "g8").getAttribute("data-check"), "", "the mated king glows");
      await screenshot(page, `lesson-${width}-mate-done`);
      await page.locator("#back").click();

      // 4. a question: big buttons, a wrong answer crossed out, then the right one
      const question = "check-question";
      const { answer, choices } = lessonFile(question).goal;
      await openLessonFromCourse(page, question);
      await page.locator(`${tutor} .l-start`).click();
      await waitState(page, "playing");
      const buttons = page.locator(`${tutor} .l-choice`);
      assert.equal(await buttons.count(), choices.length);
      assert.equal(await page.locator(`${tutor} .check`).isVisible(), false, "the board does not answer with its check glow");
      assert.deepEqual(await buttons.allTextContents(), choices.map((c) => c.en));
      const wrongChoice = (answer + 1) % choices.length;
      await buttons.nth(wrongChoice).click();
      assert.equal(await buttons.nth(wrongChoice).getAttribute("data-state"), "wrong");
      assert.equal(await buttons.nth(wrongChoice).isDisabled(), true);
      await screenshot(page, `lesson-${width}-question`);
      await buttons.nth(answer).click();
      await waitState(page, "done");
      assert.equal(await shownStars(page), 2);
      await page.locator("#back").click();

      // 5. a failure with an arrow: in check, a pawn may not move; the attacker's arrow says why
      const escape = "check-escape";
      const { from: ef, to: et } = sanToSquares(escape, lessonFile(escape).goal.answers[0]);
      await openLessonFromCourse(page, escape);
      await page.locator(`${tutor} .l-start`).click();
      await waitState(page, "playing");
      assert.deepEqual(await onBoard(page, ".l-shape"), ["e4-e1"], "the lesson's own red arrow");
      await square(page, "a2").click();
      await square(page, "a3").click();
      assert.equal(await state(page), "playing", "a soft failure: the child goes on");
      assert.deepEqual(await onBoard(page, ".l-fail-arrow"), ["e4-e1"], "from the attacker to the king");
      assert.equal(await page.locator(`${tutor} .say-failure`).getAttribute("data-failure"), "in-check");
      assert.match(await page.locator(`${tutor} .say-failure`).textContent(), /Your king is in check!/);
      await screenshot(page, `lesson-${width}-failure-arrow`);
      await move(page, ef, et);
      await waitState(page, "done");
      assert.equal(await shownStars(page), 3);
      await page.locator("#back").click();

      // the course shows the stars and what is next, also after a reload
      const expected = { [drill]: "3", [quiz]: "2", [mate]: "2", [question]: "2", [escape]: "3" };
      for (const reload of [false, true]) {
        if (reload) await page.reload();
        await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
        for (const [id, n] of Object.entries(expected)) {
          assert.equal(await page.locator(`.lesson-card[data-lesson="${id}"]`).getAttribute("data-stars"), n, `${id} after reload: ${reload}`);
          assert.equal(await page.locator(`.lesson-card[data-lesson="${id}"] .star.on`).count(), Number(n));
        }
        assert.equal(await page.locator(".lesson-card.next").getAttribute("data-lesson"), firstLesson());
        assert.equal(await page.locator(".course-total").textContent(), `★You have 12 of ${size * 3} stars`);
      }
      await screenshot(page, `lesson-${width}-course`);
      const stored = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY));
      assert.equal(stored.version, 1);
      assert.deepEqual(Object.fromEntries(Object.entries(stored.lessons).map(([id, e]) => [id, String(e.stars)])), expected);
      for (const e of Object.values(stored.lessons)) assert.ok(!Number.isNaN(Date.parse(e.completedAt)));

      // a worse result later does not lower the best
      await page.goto(`${env.server.url}?lang=en#/lesson/${drill}`);
      await waitState(page, "intro");
      await page.locator(`${tutor} .l-start`).click();
      for (const m of [{ from: "a1", to: "a8" }, { from: "a8", to: "a5" }, { from: "a5", to: "e5" }, { from: "e5", to: "e8" }, ]) await move(page, m.from, m.to);
      await waitState(page, "done");
      assert.equal(await shownStars(page), 2);
      assert.match(await page.locator(`${tutor} .l-card`).textContent(), /Your best: 3 stars/);
      await page.locator("#back").click();
      await page.waitForSelector('body[data-course="ready"]');
      assert.equal(await page.locator(`.lesson-card[data-lesson="${drill}"]`).getAttribute("data-stars"), "3");

      // garbage in the storage: the course still loads, a backup keeps the old text
      await page.evaluate((k) => localStorage.setItem(k, "{garbage!!"), KEY);
      await page.reload();
      await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
      assert.equal(await page.locator(".lesson-card").count(), size);
      assert.equal(await page.locator('.lesson-card[data-stars="0"]').count(), size);
      assert.equal(await page.locator(".notice").getAttribute("data-notice"), "backup");
      const backups = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("chess-tutor:progress:backup:")));
      assert.equal(backups.length, 1);
      assert.equal(await page.evaluate((k) => localStorage.getItem(k), backups[0]), "{garbage!!");
      await screenshot(page, `lesson-${width}-course-after-garbage`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});



describe("hints follow the board; one feedback box replaces the last", () => {
  for (const [width, height, lang] of [[360, 640, "ru"], [1280, 720, "en"]]) {
    test(`${width} px, ${lang}: after Ra3 the hint speaks of a3, the arrow starts there; one box`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height } });
      const { page, problems } = await openLesson(env, context, "rook-stars-2", lang);
      // the written hint applies at the start: the rook on a1
      await page.locator(`${tutor} .l-hint`).click();
      assert.deepEqual(await onBoard(page, ".l-hint-ring"), ["a1"]);
      // after Ra3 it no longer does: the hint is found from the position now
      await move(page, "a1", "a3");
      await page.locator(`${tutor} .l-hint`).click();
      assert.deepEqual(await onBoard(page, ".l-hint-ring"), ["a3"], "not the empty a1");
      // the feedback box is redrawn a moment after the click (feel.js): wait for the new words
      const stage1 = lang === "ru" ? /ладья на a3/ : /Look at the rook on a3/;
      await page.locator(`${tutor} .say-hint`).filter({ hasText: stage1 }).waitFor();
      assert.match(await page.locator(`${tutor} .say-hint`).textContent(), stage1);
      await page.locator(`${tutor} .l-hint`).click();
      const arrow = page.locator(`${tutor} .l-hint-arrow`);
      assert.equal(await arrow.getAttribute("data-hint-from"), "a3");
      const to = await arrow.getAttribute("data-hint-to");
      const stage2 = lang === "ru" ? new RegExp(`ладья с a3 на ${to}`) : new RegExp(`Move the rook from a3 to ${to}`);
      await page.locator(`${tutor} .say-hint`).filter({ hasText: stage2 }).waitFor();
      assert.match(await page.locator(`${tutor} .say-hint`).textContent(), stage2);
      // the messages: one box, the latest only, over the board
      assert.equal(await page.locator(`${tutor} .feedback:not([hidden])`).count(), 1);
      assert.equal(await page.locator(`${tutor} .say`).count(), 1, "the hint replaced what was said before");
      // with the board in view, the box is in view too: over the board, where the child looks
      await square(page, "a8").evaluate((cell) => {
        cell.scrollIntoView({ block: "start" });
        scrollBy(0, -30); // the board's frame
      });
      assert.ok(await inView(page, page.locator(`${tutor} .feedback`)), "the box is where the child looks");
      if (width >= 1280) {
        assert.ok(await inView(page, page.locator(`${tutor} .l-goal`)), "the task is in view");
        assert.ok(await inView(page, page.locator(`${tutor} .l-hint`)), "the lesson's buttons are in view");
      }
      await screenshot(page, `lesson-${width}-${lang}-hint-after-move`);
      // the hint's move: a shortest way goes on from there
      await move(page, "a3", to);
      assert.equal(await page.locator(`${tutor} .l-hint-arrow`).count(), 0, "a move clears the hint");
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe("chess-t1: a lesson with a piece set", () => {
  for (const width of [1280, 360]) {
    test(`${width} px: fig 2.1 as a quiz, a capture made possible by a second piece, and "capture or not?"`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: width === 360 ? 760 : 900 } });
      const { page, problems } = await openApp(context);
      const requests = [];
      page.on("request", (r) => requests.push(new URL(r.url()).pathname));

      // 1. fig 2.1: the Prince's squares; d5 is refused (1½ against 1½), g3 and h2 are not its
      // (chess-t1 is a course of its own: its picture on the course page first)
      await page.locator('.course-card[data-course="t1"]').click();
      await openLessonFromCourse(page, "t1-fig-2-1");
      assert.ok(!requests.some((p) => /\/pkg-variant\/chess_tutor_bg(-\w+)?\.wasm$/.test(p)), "the widget plays the set with pkg-lessons-full's VariantGame");
      await page.locator(`${tutor} .l-start`).click();
      await waitState(page, "playing");
      assert.match(await page.locator(`${tutor} .l-goal`).textContent(), /Where can the Prince on e5 go\?/);
      const placement = () => page.locator(tutor).evaluate((el) => el.fen.split(" ")[0]);
      assert.equal(await placement(), "8/8/8/3wP3/8/6N1/8/8", "the board shows the set's pieces");
      await square(page, "d5").click();
      assert.deepEqual(await onBoard(page, ".l-cross"), ["d5"]);
      assert.match(await page.locator(`${tutor} .say-failure`).textContent(), /No capture: on d5 your side has 1½ and the other side 1½/);
      assert.deepEqual(await onBoard(page, ".l-fail-arrow"), ["e5-d5"], "the force comes from the Prince");
      const answers = ["e4", "f5", "e6", "f6", "g7", "h8", "d6", "c7", "b8", "d4", "c3", "b2", "f4"];
      for (const sq of answers.slice(0, 6)) await square(page, sq).click();
      assert.match(await page.locator(`${tutor} .l-count`).textContent(), /Found: 6 of 13/);
      await screenshot(page, `lesson-t1-${width}-quiz`);
      for (const sq of answers.slice(6)) await square(page, sq).click();
      await waitState(page, "done");
      assert.equal(await shownStars(page), 3, "one mistake, par 1");
      await page.locator("#back").click();

      // 2. one piece is not enough: the refused capture is said with both totals, then the
      // Knecht comes to help and the capture is allowed
      await openLessonFromCourse(page, "t1-second-piece");
      await page.locator(`${tutor} .l-start`).click();
      await waitState(page, "playing");
      await square(page, "e5").click();
      await square(page, "d5").click();
      assert.equal(await state(page), "playing");
      assert.match(await page.locator(`${tutor} .say-feedback`).textContent(), /Equal — 1½ and 1½/);
      assert.match(await page.locator(`${tutor} .say-failure`).textContent(), /You need more force!/);
      await screenshot(page, `lesson-t1-${width}-refused`);
      await move(page, "d3", "d4");
      assert.deepEqual(await page.locator(`${tutor} .l-history li`).allTextContents(), ["Nd3-d4"]);
      assert.equal(await page.locator(`${tutor} .fv-toggle`).isVisible(), true, "the force view helps to plan a capture");
      await move(page, "e5", "d5");
      await waitState(page, "done");
      assert.equal(await shownStars(page), 3);
      assert.equal(await placement(), "8/8/8/3P4/3N4/8/8/8");
      await screenshot(page, `lesson-t1-${width}-capture-done`);
      await page.locator("#back").click();

      // 3. capture or not? The rules answer; the lesson says why with both totals
      await openLessonFromCourse(page, "t1-capture-yes");
      await page.locator(`${tutor} .l-start`).click();
      await waitState(page, "playing");
      assert.match(await page.locator(`${tutor} .l-q`).textContent(), /Who has more force on d5\?/);
      const buttons = page.locator(`${tutor} .l-choice`);
      assert.deepEqual(await buttons.allTextContents(), ["White", "Black", "Equal"]);
      assert.equal(await page.locator(`${tutor} .fv-toggle`).isVisible(), false, "no force view: it would give the answer away");
      await buttons.nth(0).click();
      await waitState(page, "done");
      assert.match(await page.locator(`${tutor} .l-card .l-why`).textContent(), /White has 3½ and Black has 2½/);
      await screenshot(page, `lesson-t1-${width}-why`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe("in Russian", () => {
  test("the course and a lesson speak Russian, with plural forms", async () => {
    const context = await env.browser.newContext({ viewport: { width: 360, height: 760 } });
    const { page, problems } = await openApp(context, "#/course", "ru");
    assert.equal(await page.locator(".tab[data-tab=course]").textContent(), "Уроки");
    assert.equal(await page.locator(".lesson-card.next").getAttribute("data-lesson"), firstLesson());
    const next = await page.locator(".lesson-card.next").textContent();
    assert.match(next, /Дальше!.*Урок 1/);
    assert.ok(next.includes(lessonFile(firstLesson()).title.ru), next);
    await screenshot(page, "lesson-360-ru-course");
    await page.locator('.lesson-card[data-lesson="rook-stars-2"]').click();
    await waitState(page, "intro");
    assert.equal(await page.locator(`${tutor} .l-start`).textContent(), "Начать! ▶");
    await page.locator(`${tutor} .l-start`).click();
    assert.equal(await page.locator(`${tutor} .l-goal`).textContent(), "Собери все звёзды!");
    assert.deepEqual(await page.locator(`${tutor} .l-count .chip`).allTextContents(), ["Осталось 2 звезды", "Ходов: 0"]);
    assert.equal(await page.locator(`${tutor} .l-par`).textContent(), "★★★ за 4 хода");
    await move(page, "a1", "a3");
    assert.match(await page.locator(`${tutor} .say-feedback`).textContent(), /Выше нельзя/);
    assert.deepEqual(await page.locator(`${tutor} .l-history li`).allTextContents(), ["Лa3"], "Russian notation");
    await screenshot(page, "lesson-360-ru-feedback");
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("progress in storage, export and import", () => {
  test("bad entries are dropped one by one, an old format is migrated", async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 900 } });
    const { page, problems } = await openApp(context);
    await page.evaluate((k) => {
      localStorage.setItem(k, JSON.stringify({ version: 1, lessons: { "rook-stars-1": { stars: 3, completedAt: "2026-01-02T03:04:05.000Z" }, "Bad Id!": { stars: 2 }, "queen-stars-1": { stars: 7 }, "king-stars-1": "three" } }));
    }, KEY);
    await page.reload();
    await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
    assert.equal(await page.locator('.lesson-card[data-lesson="rook-stars-1"]').getAttribute("data-stars"), "3");
    assert.equal(await page.locator(".notice").getAttribute("data-notice"), "dropped");
    assert.match(await page.locator(".notice").textContent(), /3 broken entries/);
    const kept = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY));
    assert.deepEqual(Object.keys(kept.lessons), ["rook-stars-1"]);
    // an older, unversioned store: {id: stars}
    await page.evaluate((k) => {
      localStorage.removeItem(k);
      localStorage.setItem("chess-tutor:progress", JSON.stringify({ "knight-capture": 2, "bishop-stars-1": 3 }));
    }, KEY);
    await page.reload();
    await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
    assert.equal(await page.locator('.lesson-card[data-lesson="knight-capture"]').getAttribute("data-stars"), "2");
    assert.equal(await page.locator('.lesson-card[data-lesson="bishop-stars-1"]').getAttribute("data-stars"), "3");
    assert.equal(await page.locator(".notice").getAttribute("data-notice"), "migrated");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("export downloads a JSON file; import merges it keeping the best, and refuses a bad file clearly", async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 900 }, acceptDownloads: true });
    const { page, problems } = await openApp(context);
    await page.evaluate((k) => localStorage.setItem(k, JSON.stringify({ version: 1, lessons: { "rook-stars-1": { stars: 2, completedAt: "2026-01-02T03:04:05.000Z" } } })), KEY);
    await page.reload();
    await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), page.locator(".progress-tools .export").click()]);
    assert.match(download.suggestedFilename(), /^chess-tutor-progress-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync(await download.path(), "utf8"));
    assert.equal(exported.format, "chess-tutor-progress");
    assert.equal(exported.version, 1);
    assert.equal(exported.lessons["rook-stars-1"].stars, 2);

    const input = page.locator(".import-file");
    const file = (name, text) => ({ name, mimeType: "application/json", buffer: Buffer.from(text) });
    /** Loads a file through the <input type=file>; resolves to the message and its kind. */
    const load = async (name, text) => {
      await page.evaluate(() => (document.querySelector(".tool-message").textContent = ""));
      await input.setInputFiles(file(name, text));
      await page.waitForFunction(() => document.querySelector(".tool-message")?.textContent);
      const message = page.locator(".tool-message");
      return [await message.getAttribute("data-kind"), await message.textContent()];
    };
    let [kind, said] = await load("bad.json", "this is not json");
    assert.equal(kind, "error");
    assert.match(said, /not a progress file/);
    [kind, said] = await load("other.json", JSON.stringify({ format: "something-else", data: [] }));
    assert.equal(kind, "error");
    assert.match(said, /not a chess-tutor progress file/);
    [kind, said] = await load("empty.json", JSON.stringify({ format: "chess-tutor-progress", version: 1, lessons: { "Bad!": { stars: 3 } } }));
    assert.equal(kind, "error");
    assert.match(said, /no lessons/);
    await screenshot(page, "lesson-800-import-error");

    const incoming = { ...exported, lessons: { ...exported.lessons, "rook-stars-1": { stars: 1 }, "mate-1-queen": { stars: 3, completedAt: "2026-02-01T00:00:00.000Z" }, "x!": { stars: 2 } } };
    [kind, said] = await load("progress.json", JSON.stringify(incoming));
    assert.equal(kind, "ok");
    assert.equal(said, "Loaded! 1 lesson got more stars. 1 bad entry was left out.");
    assert.equal(await page.locator('.lesson-card[data-lesson="rook-stars-1"]').getAttribute("data-stars"), "2", "the best is kept");
    assert.equal(await page.locator('.lesson-card[data-lesson="mate-1-queen"]').getAttribute("data-stars"), "3");
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("a lesson on any page: hostile text, broken and missing files", () => {
  const CSP = serveConfig().headers.find((r) => r.source === "/csp.html").headers[0].value;

  /** A bare page with one <chess-tutor lesson=…>, served with the strict CSP. */
  async function bare(context, lesson, lang = "en") {
    const { page, problems } = await openPage(context);
    const violations = [];
    const requests = [];
    page.on("console", (m) => /Content Security Policy|Refused/i.test(m.text()) && violations.push(m.text()));
    page.on("request", (r) => requests.push(new URL(r.url()).pathname));
    await page.route(`${env.server.url}fixtures/*`, (route) =>
      route.fulfill({ contentType: "application/json", body: readFileSync(join(FIXTURES, new URL(route.request().url()).pathname.split("/").pop())) }),
    );
    const url = `${env.server.url}lesson-page.html`;
    await page.route(url, (route) =>
      route.fulfill({
        contentType: "text/html; charset=utf-8",
        headers: { "content-security-policy": CSP },
        body: `<!doctype html><html lang="${lang}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>lesson</title><link rel="stylesheet" href="style.css"><script type="module" src="chess-tutor.js"></script><main class="doc"><chess-tutor lang="${lang}" lesson="${lesson}"></chess-tutor></main>`,
      }),
    );
    await page.goto(url);
    return { page, problems, violations, requests };
  }

  for (const width of [800, 360]) {
    test(`${width} px: hostile lesson text is shown as text and runs nothing (strict CSP)`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: 800 } });
      const { page, problems, violations } = await bare(context, "fixtures/hostile-lesson.json");
      const el = "chess-tutor";
      await waitState(page, "intro", el);
      const { title, intro } = JSON.parse(readFileSync(join(FIXTURES, "hostile-lesson.json"), "utf8"));
      assert.equal(await page.locator(`${el} .l-card-title`).textContent(), title.en);
      assert.equal(await page.locator(`${el} .l-card-intro`).textContent(), intro.en);
      await page.locator(`${el} .l-start`).click();
      await page.locator(`${el} .l-hint`).click();
      assert.equal(await page.locator(`${el} .say-hint .say-text`).textContent(), '<img src=x onerror="window.__pwned=4">');
      await page.locator(`${el} .l-hint`).click();
      // the feedback box is redrawn a moment later (feel.js): wait for the second stage's words
      await page.locator(`${el} .say-hint .say-text`).filter({ hasText: "pwned=5" }).waitFor();
      assert.equal(await page.locator(`${el} .say-hint .say-text`).textContent(), '<svg onload="window.__pwned=5"></svg>');
      assert.equal(await page.locator(`${el} .l-title`).textContent(), title.en);
      await page.locator(`${el} .l-intro`).hover();
      // the player's own pictures (the face, the task's pictogram) are its images, never the text's
      assert.equal(await page.locator(`${el} .lesson img:not(.l-pict), ${el} .lesson script, ${el} .lesson b, ${el} .l-card img:not(.l-face, .l-pict)`).count(), 0, "no element made from the text");
      for (const src of await page.locator(`${el} img.l-pict`).evaluateAll((imgs) => imgs.map((i) => new URL(i.src).pathname))) assert.match(unhashed(src), /\/images\/goals\.svg$/, "a pictogram is the player's sprite");
      await page.waitForTimeout(300);
      assert.equal(await page.evaluate(() => window.__pwned), undefined, "no script ran");
      await screenshot(page, `lesson-${width}-hostile-text`);
      assert.deepEqual(violations, []);
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`${width} px: a broken lesson shows the checker's findings, one per line, with the file name`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: 800 } });
      const { page, problems, violations } = await bare(context, "fixtures/broken-lesson.json");
      const el = "chess-tutor";
      await waitState(page, "error", el);
      assert.equal(await page.locator(`${el} .l-card-title`).textContent(), "Oops! This lesson can't be opened.");
      assert.match(await page.locator(`${el} .l-card`).textContent(), /The lesson file fixtures\/broken-lesson\.json has mistakes:/);
      assert.deepEqual(await page.locator(`${el} .l-findings li`).allTextContents(), [
        "fixtures/broken-lesson.json:16:42: /goal/squares/0: 'z9' is not a square; write a file a-h and a rank 1-8, such as e4",
        "fixtures/broken-lesson.json:17:14: /hints/piece: 'q1' is not a square; write a file a-h and a rank 1-8, such as e4",
      ]);
      assert.equal(await page.locator(`${el} .board`).isVisible(), true, "the board is still drawn under the panel");
      await screenshot(page, `lesson-${width}-error-broken`);
      assert.deepEqual(violations, []);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test("a broken lesson's findings in the lesson's language (ru); the checker's words loaded only for a broken lesson", async () => {
    const context = await env.browser.newContext({ viewport: { width: 360, height: 800 } });
    const broken = await bare(context, "fixtures/broken-lesson.json", "ru");
    await waitState(broken.page, "error", "chess-tutor");
    assert.deepEqual(await broken.page.locator("chess-tutor .l-findings li").allTextContents(), [
      "fixtures/broken-lesson.json:16:42: /goal/squares/0: «z9» — не клетка: напиши вертикаль a–h и горизонталь 1–8, например e4.",
      "fixtures/broken-lesson.json:17:14: /hints/piece: «q1» — не клетка: напиши вертикаль a–h и горизонталь 1–8, например e4.",
    ]);
    assert.ok(broken.requests.some((path) => unhashed(path).endsWith("/ru/messages-check.js")), "the checker's words for the findings");
    await screenshot(broken.page, "lesson-360-ru-error-broken");
    assert.deepEqual(broken.problems, []);
    const good = await bare(context, "fixtures/hostile-lesson.json", "ru");
    await waitState(good.page, "intro", "chess-tutor");
    assert.ok(!good.requests.some((path) => path.includes("messages-check")), "a lesson that opens never loads the checker's words");
    await context.close();
  });

  test("an endgame lesson fetches the solver's data files once, and the solver replies", async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 800 } });
    const { page, problems, violations, requests } = await bare(context, "fixtures/endgame-race.json");
    const el = "chess-tutor";
    await waitState(page, "intro", el);
    await page.locator(`${el} .l-start`).click();
    const { from, to } = sanToSquares("../tests/browser/fixtures/endgame-race", lessonFile("../tests/browser/fixtures/endgame-race").hints.move);
    await page.locator(`${el} [data-square="${from}"]`).click();
    await page.locator(`${el} [data-square="${to}"]`).click();
    await page.waitForFunction(() => document.querySelector("chess-tutor").dataset.lesson !== "busy");
    assert.equal(await state(page, el), "playing");
    assert.equal(await page.locator(`${el} .l-history li`).count(), 2, "the move and the solver's reply");
    // Try again, and the same lesson once more: no data file is fetched twice
    await page.locator(`${el} .l-retry`).click();
    await page.locator(el).evaluate((e) => e.removeAttribute("lesson"));
    await page.locator(el).evaluate((e) => e.setAttribute("lesson", "fixtures/endgame-race.json"));
    await waitState(page, "intro", el);
    const bins = requests.filter((p) => p.endsWith(".bin"));
    assert.ok(bins.length, "the solver's data files are fetched");
    assert.deepEqual(bins, [...new Set(bins)], "each once, for both loads of the lesson");
    assert.deepEqual(violations, []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a missing lesson file (404) shows a friendly panel; the lesson event fires", async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 800 } });
    const { page, problems } = await bare(context, "lessons/no-such-lesson.json", "ru");
    await waitState(page, "error", "chess-tutor");
    assert.equal(await page.locator("chess-tutor .l-card-title").textContent(), "Ой! Этот урок не открывается.");
    assert.match(await page.locator("chess-tutor .l-card").textContent(), /Файл урока lessons\/no-such-lesson\.json не найден \(HTTP 404\)\./);
    await screenshot(page, "lesson-800-error-missing-ru");
    assert.deepEqual(problems.filter((p) => !/status of 404/.test(p)), [`HTTP 404: ${env.server.url}lessons/no-such-lesson.json`]);
    await context.close();
  });

  test("a network error shows a friendly panel, and Try again loads the lesson once it is back", async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 800 } });
    const { page } = await openPage(context);
    let fail = true;
    // (the lesson by its name and by its hashed copy, data/lessons/rook-stars-2-0A1B2C3D.json)
    await page.route(/\/lessons\/rook-stars-2(-[0-9A-Z]{8})?\.json$/, (route) => (fail ? route.abort("internetdisconnected") : route.continue()));
    await page.goto(`${env.server.url}?lang=en#/lesson/rook-stars-2`);
    await waitState(page, "error");
    assert.match(await page.locator(`${tutor} .l-card`).textContent(), /could not be loaded\. Check the internet connection/);
    fail = false;
    await page.locator(`${tutor} .l-card-retry`).click();
    await waitState(page, "intro");
    await context.close();
  });
});

describe("the plain widget stays lean", () => {
  test("free play loads neither the lesson player nor pkg-lessons", async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 900 } });
    const { page, problems } = await openPage(context);
    const requests = [];
    page.on("request", (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(`${env.server.url}embed-example.html`);
    await page.waitForSelector('chess-tutor[data-ready="true"]', { timeout: 15_000 });
    await page.waitForLoadState("networkidle");
    assert.deepEqual(requests.filter((p) => /lesson|pkg-lessons/.test(p)), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a lesson shown and then removed gives the free board back", async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 900 } });
    const { page, problems } = await openPage(context);
    await page.goto(`${env.server.url}embed-example.html`);
    await page.waitForSelector('chess-tutor[data-ready="true"]', { timeout: 15_000 });
    const el = page.locator("chess-tutor");
    await el.evaluate((e) => e.setAttribute("lesson", "lessons/knight-stars-1.json"));
    await waitState(page, "intro", "chess-tutor");
    assert.equal(await page.locator("chess-tutor .lesson").count(), 1);
    assert.ok(await page.locator("chess-tutor .shapes .l-goal-star").count(), "the stars are on the board");
    assert.equal(await page.locator("chess-tutor .controls").isVisible(), false, "the game buttons make way");
    await el.evaluate((e) => e.removeAttribute("lesson"));
    await page.waitForFunction(() => !document.querySelector("chess-tutor").dataset.lesson);
    assert.equal(await page.locator("chess-tutor .lesson").count(), 0);
    assert.equal(await page.locator("chess-tutor .shapes .shape, chess-tutor .l-card").count(), 0, "no lesson shape or card is left");
    assert.equal(await page.locator("chess-tutor image.piece").count(), 32);
    assert.equal(await page.locator("chess-tutor .controls").isVisible(), true);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("the widget shows the lesson's game", () => {
  test("one package in a lesson: no pkg/ is fetched; the targets shown, the child's move and the reply all come from the lesson", async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 900 } });
    const id = "mate-1-back-rank";
    const { page, problems } = await openPage(context);
    const requests = [];
    page.on("request", (r) => requests.push(new URL(r.url()).pathname));
    // a page with one lesson and nothing else (the app's page also has a free board, which has pkg/)
    const url = `${env.server.url}one-lesson.html`;
    await page.route(url, (route) =>
      route.fulfill({
        contentType: "text/html; charset=utf-8",
        body: `<!doctype html><html lang="en"><meta charset="utf-8"><title>lesson</title><script type="module" src="chess-tutor.js"></script><chess-tutor lang="en" coordinates="algebraic" lesson="lessons/${id}.json"></chess-tutor>`,
      }),
    );
    await page.goto(url);
    await waitState(page, "intro", "chess-tutor");
    // every call the widget makes into the lesson's game, counted (the same module instance as lesson.js's)
    await page.evaluate(async () => {
      const { Lesson } = await import(new URL("pkg-lessons/chess_tutor.js", document.baseURI).href);
      window.calls = { targets: 0, play: 0, boardPieces: 0, status: 0 };
      for (const name of Object.keys(window.calls)) {
        const f = Lesson.prototype[name];
        Lesson.prototype[name] = function (...args) {
          window.calls[name] += 1;
          return f.apply(this, args);
        };
      }
    });
    await page.locator("chess-tutor .l-start").click();
    await waitState(page, "playing", "chess-tutor");
    const el = page.locator("chess-tutor");
    // the targets shown: the lesson's, with their explanation as data
    await el.locator('[data-square="a1"]').click();
    const shown = await el.locator("[data-target]").evaluateAll((cells) => cells.map((c) => c.dataset.square).sort());
    assert.deepEqual(shown, targetsOf(id, "a1").sort());
    assert.ok((await page.evaluate(() => window.calls.targets)) >= 1, "the targets come from the lesson");
    const picked = await el.evaluate((e) => e.select("a1").find((t) => t.square === "a7"));
    assert.deepEqual(Object.keys(picked.explanation).sort(), ["di", "dj", "from_start", "line", "n", "n_shown", "si", "sj"]);
    // the child's move crosses into WASM once, the lesson's; the reply is the lesson's too
    const wrongMove = sanToSquares(id, lessonFile(id).feedback[0].move);
    assert.equal(wrongMove.from, "a1"); // picked above
    await el.locator(`[data-square="${wrongMove.to}"]`).click();
    await waitState(page, "failed", "chess-tutor");
    assert.equal(await page.evaluate(() => window.calls.play), 1, "one play, the lesson's");
    assert.deepEqual(await el.evaluate((e) => e.history().map((m) => m.san)), ["Ra7", "h6"]);
    assert.equal(await el.evaluate((e) => e.fen.split(" ")[0]), "6k1/R4pp1/7p/8/8/8/8/6K1");
    assert.ok((await page.evaluate(() => window.calls.boardPieces)) >= 1, "the pieces drawn are the lesson's");
    // one package: pkg-lessons, never the widget's pkg/
    assert.ok(requests.some((p) => unhashed(p).endsWith("/pkg-lessons/chess_tutor_bg.wasm")), requests.join(" "));
    assert.deepEqual(requests.filter((p) => /\/pkg\//.test(p)), [], "no request into pkg/");
    // out of the lesson the board plays by itself: FIDE's own Game (pkg/) comes now
    await el.evaluate((e) => e.removeAttribute("lesson"));
    await page.waitForFunction(() => document.querySelector("chess-tutor").fen.startsWith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"));
    assert.equal(await el.evaluate((e) => (e.play("e2", "e4"), e.fen.split(" ")[0])), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    assert.ok(requests.some((p) => unhashed(p).endsWith("/pkg/chess_tutor_bg.wasm")));
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("every wrong answer says why (issue 14)", () => {
  /** A page with one <chess-tutor lesson=…> of a fixture, like the course's own lesson page. */
  async function fixtureLesson(context, file, lang = "en") {
    const { page, problems } = await openPage(context);
    await page.route(`${env.server.url}fixtures/*`, (route) =>
      route.fulfill({ contentType: "application/json", body: readFileSync(join(FIXTURES, new URL(route.request().url()).pathname.split("/").pop())) }),
    );
    const url = `${env.server.url}why-page.html`;
    await page.route(url, (route) =>
      route.fulfill({
        contentType: "text/html; charset=utf-8",
        body: `<!doctype html><html lang="${lang}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>lesson</title><link rel="stylesheet" href="style.css"><script type="module" src="chess-tutor.js"></script><main class="doc"><chess-tutor lang="${lang}" coordinates="algebraic" lesson="fixtures/${file}"></chess-tutor></main>`,
      }),
    );
    await page.goto(url);
    await waitState(page, "intro", "chess-tutor");
    await page.locator("chess-tutor .l-start").click();
    await waitState(page, "playing", "chess-tutor");
    return { page, problems };
  }

  for (const width of [1280, 360]) {
    test(`${width} px: a wrong quiz click says why, from the position`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: 800 } });
      const { page, problems } = await openLesson(env, context, "knight-targets");
      await square(page, "d5").click();
      const failure = page.locator(`${tutor} .say-failure`).filter({ hasText: "L" });
      await failure.waitFor();
      assert.equal(await failure.getAttribute("data-failure"), "wrong-square");
      assert.match(await failure.textContent(), /The knight on d4 can't reach d5: it moves in an L/);
      await screenshot(page, `lesson-${width}-quiz-why`);
      // the own pawn on e6: the knight's pattern reaches it, but a piece can't go onto its own
      await square(page, "e6").click();
      await page.locator(`${tutor} .say-failure`).filter({ hasText: "Your own pawn stands on e6" }).waitFor();
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`${width} px: a wrong question answer shows its explanation; the done card says what was learned`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: 800 } });
      const { page, problems } = await fixtureLesson(context, "question-explained.json");
      const lesson = JSON.parse(readFileSync(join(FIXTURES, "question-explained.json"), "utf8"));
      const buttons = page.locator("chess-tutor .l-choice");
      await buttons.nth(1).click();
      const said = page.locator("chess-tutor .say-feedback").filter({ hasText: lesson.goal.explain[1].en });
      await said.waitFor();
      assert.equal(await buttons.nth(1).getAttribute("data-state"), "wrong");
      await screenshot(page, `lesson-${width}-question-why`);
      await buttons.nth(0).click();
      await waitState(page, "done", "chess-tutor");
      const learned = page.locator("chess-tutor .l-card .l-learned");
      assert.equal(await learned.textContent(), `What you learned: ${lesson.learned.en}`);
      assert.ok(await inView(page, learned), "the learned sentence is in sight");
      assert.ok(await inView(page, page.locator("chess-tutor .l-card-retry")), "the card's button is in sight");
      await screenshot(page, `lesson-${width}-learned`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test("the escape goal: a move that leaves the knight hanging fails with the taker's arrow; moving it away saves it", async () => {
    const context = await env.browser.newContext({ viewport: { width: 360, height: 800 } });
    const { page, problems } = await fixtureLesson(context, "escape-knight.json");
    const el = "chess-tutor";
    assert.match(await page.locator(`${el} .l-goal`).textContent(), /The piece on d4 is attacked: save it!/);
    // the king steps aside: the rook still wins the knight
    await square(page, "g1", el).click();
    await square(page, "f1", el).click();
    await waitState(page, "failed", el);
    assert.match(await page.locator(`${el} .say-failure`).textContent(), /The knight on d4 can still be won! Look at the arrow\./);
    assert.deepEqual(await page.locator(`${el} .shape.l-fail-arrow`).evaluateAll((n) => n.map((g) => `${g.dataset.from}-${g.dataset.to}`)), ["d8-d4"], "the arrow comes from the taker");
    await screenshot(page, "lesson-360-escape-failed");
    // Try again: the knight jumps to a square nothing attacks
    await page.locator(`${el} .l-retry`).click();
    await waitState(page, "playing", el);
    await square(page, "d4", el).click();
    await square(page, "e6", el).click();
    await waitState(page, "done", el);
    await screenshot(page, "lesson-360-escape-done");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("in Russian: the quiz's why and the learned sentence", async () => {
    const context = await env.browser.newContext({ viewport: { width: 360, height: 800 } });
    const { page, problems } = await openLesson(env, context, "knight-targets", "ru");
    await square(page, "d5").click();
    await page.locator(`${tutor} .say-failure`).filter({ hasText: "Конь с d4 не попадёт на d5: он ходит буквой Г" }).waitFor();
    const other = await fixtureLesson(context, "question-explained.json", "ru");
    await other.page.locator("chess-tutor .l-choice").nth(0).click();
    await waitState(other.page, "done", "chess-tutor");
    assert.equal(await other.page.locator("chess-tutor .l-learned").textContent(), "Чему мы научились: Ладья берёт фигуру, если путь до неё свободен.");
    await screenshot(other.page, "lesson-360-learned-ru");
    assert.deepEqual([...problems, ...other.problems], []);
    await context.close();
  });
});

// ---------------------------------------------------------------- the first section, in Russian

/** The course file, and its first section's lesson ids, read when a test starts. */
const courseFile = () => JSON.parse(readFileSync(join(ROOT, "lessons", "course.json"), "utf8"));
const IDEA_BOARD = "idea-board";

/** A lesson's text: from lessons/, or the fixture idea lesson while the course has none. */
const textOf = (id) => (id === IDEA_BOARD && !courseFile().sections[0].lessons.includes(`${IDEA_BOARD}.json`) ? readFileSync(join(FIXTURES, `${IDEA_BOARD}.json`), "utf8") : lessonText(id));

/** Solves the lesson open in the page by clicking only, by its goal type. */
async function solveByClicking(page, id) {
  const text = textOf(id);
  const { goal, par } = JSON.parse(text);
  await page.locator(`${tutor} .l-start`).click();
  await waitState(page, "playing");
  switch (goal.type) {
    case "show":
      for (let k = 0; k < goal.steps.length; k++) {
        const step = page.locator(`${tutor} .l-step`);
        assert.equal(await step.getAttribute("data-step"), String(k));
        assert.equal(await page.locator(`${tutor} .l-step-text`).textContent(), goal.steps[k].text.ru);
        if (goal.steps[k].move) {
          // follow the arrow drawn by itself
          assert.equal(await page.locator(`${tutor} .l-step-next`).isHidden(), true);
          const [arrow] = await onBoard(page, ".l-show-arrow");
          const [from, to] = arrow.split("-");
          await move(page, from, to);
        } else await page.locator(`${tutor} .l-step-next`).click();
      }
      break;
    case "question":
      await page.locator(`${tutor} .l-choice`).nth(goal.answer).click();
      break;
    case "targets":
      for (const sq of targetsOf(id, goal.square)) await square(page, sq).click();
      break;
    default: {
      const moves = movesByHints(text);
      if (par != null) assert.equal(moves.length, par, `${id}: the shortest way is the par`);
      for (const m of moves) await move(page, m.from, m.to);
    }
  }
  await waitState(page, "done");
  assert.equal(await shownStars(page), 3, `${id}: 3 stars`);
}

describe("the first section of the course, in Russian, by clicking only", () => {
  test("360 px: every lesson of the first section with 3 stars, from the course page through the next-lesson buttons", async () => {
    const context = await env.browser.newContext({ viewport: { width: 360, height: 760 } });
    const { page: bare, problems } = await openPage(context);
    const course = courseFile();
    let ids = course.sections[0].lessons.map((f) => f.replace(/\.json$/, ""));
    // until the course opens with its idea lesson (lessons/idea-board.json, by W), a fixture
    // copy is served first in the first section
    if (!ids.includes(IDEA_BOARD)) {
      ids = [IDEA_BOARD, ...ids];
      course.sections[0].lessons.unshift(`${IDEA_BOARD}.json`);
      // (each by its name and by its hashed copy under data/: scripts/data-files.mjs)
      await bare.route(/\/lessons\/course(-[0-9A-Z]{8})?\.json$/, (route) => route.fulfill({ contentType: "application/json", body: JSON.stringify(course) }));
      await bare.route(new RegExp(`/lessons/${IDEA_BOARD}(-[0-9A-Z]{8})?\\.json$`), (route) => route.fulfill({ contentType: "application/json", body: textOf(IDEA_BOARD) }));
    }
    await bare.goto(`${env.server.url}?lang=ru&coordinates=algebraic#/course`);
    await bare.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
    const page = bare;
    assert.equal(await page.locator(".lesson-card.next").getAttribute("data-lesson"), ids[0]);
    await page.locator(`.lesson-card[data-lesson="${ids[0]}"]`).click();
    for (const [k, id] of ids.entries()) {
      await waitState(page, "intro");
      assert.equal(await page.locator(tutor).getAttribute("data-lesson-id"), id);
      assert.equal(await page.locator(`${tutor} .l-card-title`).textContent(), JSON.parse(textOf(id)).title.ru);
      await solveByClicking(page, id);
      if (k === 0) await screenshot(page, "lesson-360-ru-idea-done");
      // the next lesson: its button on the done card
      if (k + 1 < ids.length) await page.locator(`${tutor} .l-card-next`).click();
    }
    await page.locator("#back").click();
    await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
    for (const id of ids) assert.equal(await page.locator(`.lesson-card[data-lesson="${id}"]`).getAttribute("data-stars"), "3", id);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("an idea lesson (goal show): steps with Next, moves on the arrow", () => {
  for (const width of [360, 1280]) {
    test(`${width} px: Next is a focused button, the step is said, another move is refused kindly`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: width === 360 ? 760 : 900 } });
      const { page, problems } = await openPage(context);
      await page.route(new RegExp(`/lessons/${IDEA_BOARD}(-[0-9A-Z]{8})?\\.json$`), (route) => route.fulfill({ contentType: "application/json", body: readFileSync(join(FIXTURES, `${IDEA_BOARD}.json`), "utf8") }));
      await page.goto(`${env.server.url}?lang=ru&coordinates=algebraic#/lesson/${IDEA_BOARD}`);
      await waitState(page, "intro");
      assert.match(await page.locator(`${tutor} .l-card-goal`).textContent(), /Слушай, смотри и ходи по стрелкам/);
      await page.locator(`${tutor} .l-start`).click();
      await waitState(page, "playing");
      const { steps } = JSON.parse(readFileSync(join(FIXTURES, `${IDEA_BOARD}.json`), "utf8")).goal;
      assert.equal(await page.locator(`${tutor} .l-step-count`).textContent(), `Шаг 1 из ${steps.length}`);
      const next = page.locator(`${tutor} .l-step-next`);
      assert.equal(await next.textContent(), "Дальше →");
      assert.equal(await next.evaluate((b) => b.getRootNode().activeElement === b), true, "Next has the focus");
      assert.equal(await page.locator(`${tutor} .l-score`).isHidden(), true, "nothing counted");
      assert.equal(await page.locator(`${tutor} .l-hint`).isHidden(), true, "the arrow is the hint");
      await screenshot(page, `lesson-${width}-show-step`);
      await next.click();
      assert.deepEqual(await onBoard(page, ".l-shape"), ["a1"], "the step's circle");
      await next.click();
      // the step with a move: its arrow, no Next; a different move is refused with the arrow's words
      assert.deepEqual(await onBoard(page, ".l-show-arrow"), ["a1-a5"]);
      assert.equal(await next.isHidden(), true);
      assert.equal(await page.locator(`${tutor} .l-step-do`).textContent(), "Сделай ход по стрелке.");
      await screenshot(page, `lesson-${width}-show-arrow`);
      await move(page, "a1", "a3");
      assert.equal(await state(page), "playing", "never a failure");
      // the rook stays picked: the child clicks where the arrow points
      assert.equal(await square(page, "a1").getAttribute("data-selected"), "");
      assert.equal(await page.locator(`${tutor} .say-failure`).count(), 0);
      // the arrow's words: where it goes from the square tried (issue 25)
      assert.match(await page.locator(`${tutor} .say-info`).textContent(), /Не на a3: стрелка ведёт на a5, оттуда 2 шага вверх\./);
      await square(page, "a5").click();
      assert.equal(await page.locator(`${tutor} .l-step`).getAttribute("data-step"), "3");
      await page.waitForFunction((sel) => { const b = document.querySelector(sel).shadowRoot.querySelector(".l-step-next"); return b.getRootNode().activeElement === b; }, tutor, { timeout: 5_000 });
      assert.match(await page.locator("#lesson-tutor").evaluate((e) => e.shadowRoot.querySelector(".sr-only[aria-live=polite]")?.textContent ?? ""), /Теперь ладья стоит на a5/);
      await next.click();
      await waitState(page, "done");
      assert.equal(await shownStars(page), 3);
      assert.match(await page.locator(`${tutor} .l-card`).textContent(), /Чему мы научились: У каждой клетки есть имя/);
      await screenshot(page, `lesson-${width}-show-done`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe("an idea lesson with a piece set (goal show, chess-t1)", () => {
  test("360 px: the steps of idea-chess-t1 in Russian, the arrow's move with the set's rules, another move refused kindly", async () => {
    const id = "idea-chess-t1";
    const { goal, learned } = lessonFile(id);
    const context = await env.browser.newContext({ viewport: { width: 360, height: 760 } });
    const { page, problems } = await openLesson(env, context, id, "ru");
    const placement = () => page.locator(tutor).evaluate((el) => el.fen.split(" ")[0]);
    assert.equal(await placement(), "8/8/8/3nP3/8/8/8/8", "the board shows the set's pieces");
    assert.equal(await page.locator(`${tutor} .l-step-count`).textContent(), `Шаг 1 из ${goal.steps.length}`);
    assert.equal(await page.locator(`${tutor} .l-step-text`).textContent(), goal.steps[0].text.ru);
    const next = page.locator(`${tutor} .l-step-next`);
    await page.waitForFunction((sel) => { const b = document.querySelector(sel).shadowRoot.querySelector(".l-step-next"); return b.getRootNode().activeElement === b; }, tutor, { timeout: 5_000 });
    assert.deepEqual(await onBoard(page, ".l-shape"), ["e5"], "the step's highlight");
    await next.click();
    assert.deepEqual(await onBoard(page, ".l-shape"), ["e5-d5"], "the step's own arrow");
    await next.click();
    // the step with a move: the arrow by itself, no Next
    assert.equal(await page.locator(`${tutor} .l-step`).getAttribute("data-step"), "2");
    assert.deepEqual(await onBoard(page, ".l-show-arrow"), ["e5-d5"]);
    assert.equal(await next.isHidden(), true);
    // a move the set allows, but not the arrow's: refused kindly, never a failure
    await move(page, "e5", "e6");
    assert.equal(await state(page), "playing", "never a failure");
    assert.equal(await page.locator(`${tutor} .say-failure`).count(), 0);
    assert.match(await page.locator(`${tutor} .say-info`).textContent(), /Ходи по стрелке: фигурой с e5 на d5\./);
    assert.equal(await placement(), "8/8/8/3nP3/8/8/8/8", "nothing moved");
    await screenshot(page, "lesson-360-t1-idea-arrow");
    // the Prince (1½) takes the Knecht (1) on the arrow
    await square(page, "d5").click();
    await waitState(page, "done");
    assert.equal(await shownStars(page), 3);
    assert.equal(await placement(), "8/8/8/3P4/8/8/8/8");
    assert.match(await page.locator(`${tutor} .l-card`).textContent(), new RegExp(learned.ru.replace(/[.]/g, "\\.")));
    await screenshot(page, "lesson-360-t1-idea-done");
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("issue 29: lessons that need thought", () => {
  for (const width of [360, 1280]) {
    test(`${width} px: protect-move — a rook move that doesn't protect the cornered knight is told why, the rook on h5 protects it`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: width === 360 ? 760 : 800 } });
      const { page, problems } = await openLesson(env, context, "protect-move");
      const lesson = lessonFile("protect-move");
      assert.match(await page.locator(`${tutor} .l-goal`).textContent(), /./);
      // from g5 the rook looks down column g: its own pawn on g3 is in the way
      await move(page, "c5", "g5");
      const why = lesson.feedback.find((f) => f.move === "Rg5").text.en;
      await page.locator(`${tutor} .say-feedback`).filter({ hasText: why }).waitFor();
      await screenshot(page, `lesson-${width}-protect-move-why`);
      if ((await state(page)) === "failed") {
        await page.locator(`${tutor} .l-retry`).click();
        await waitState(page, "playing");
      }
      await move(page, "c5", "h5");
      await waitState(page, "done");
      await page.locator(`${tutor} .l-card .l-learned`).filter({ hasText: lesson.learned.en }).waitFor();
      await screenshot(page, `lesson-${width}-protect-move-done`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
