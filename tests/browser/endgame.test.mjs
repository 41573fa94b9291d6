// A king-and-pawn lesson played as a child would: a losing move (the king leaves the pawn's
// square) is judged by the exact solver, the verdict before and after is shown, the pawn's square
// is drawn with a cross on the king that is outside it, the refutation is played out, the move is
// taken back, and the lesson is completed with the solver's own best moves. The drawn ideas
// (square, opposition, key squares) can be switched on and off. Screenshots go to
// test-results/screenshots/endgame-*.png.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { ROOT, WWW, useServerAndBrowser, settledScreenshot as screenshot } from "./helpers.mjs";
import { inView, openLesson } from "./lesson-helpers.mjs";

const env = useServerAndBrowser();
const tutor = "#lesson-tutor";

// The same solver in Node, to pick the child's best moves from the page's position.
const pkg = await import(join(WWW, "pkg-lessons-full", "chess_tutor.js"));
pkg.initSync({ module: readFileSync(join(WWW, "pkg-lessons-full", "chess_tutor_bg.wasm")) });
const solver = new pkg.Endgame();
for (const file of pkg.Endgame.allFiles()) solver.load(readFileSync(join(WWW, "endgame", file)));

const square = (page, sq) => page.locator(`${tutor} [data-square="${sq}"]`);
const waitState = (page, value) => page.waitForSelector(`${tutor}[data-lesson="${value}"]`, { timeout: 15_000 });
const onBoard = (page, selector, attr = "at") =>
  page.locator(`${tutor} ${selector}`).evaluateAll((nodes, a) => nodes.map((n) => n.dataset[a]).sort(), attr);


async function move(page, from, to) {
  await square(page, from).click();
  await square(page, to).click();
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.lesson !== "busy", tutor, { timeout: 15_000 });
}


describe("a king-and-pawn lesson judges every move exactly", () => {
  for (const width of [800, 360]) {
    test(`${width} px: a losing move is explained with the square drawn, taken back, and the lesson completed`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: width === 360 ? 760 : 900 } });
      const { page, problems } = await openLesson(env, context, "kp-square-catch");
      // the verdict before any move: a draw (the child plays Black and can catch the a-pawn)
      assert.match(await page.locator(`${tutor} .l-verdict`).textContent(), /draw/i);
      assert.equal(await page.locator(`${tutor} .l-change`).isHidden(), true);
      await screenshot(page, `endgame-${width}-start`);

      // Kg5 walks away from the pawn: outside its square, a lost position
      await move(page, "f5", "g5");
      await waitState(page, "failed");
      const change = page.locator(`${tutor} .l-change`);
      assert.deepEqual(await change.locator(".l-v").evaluateAll((n) => n.map((x) => x.dataset.result)), ["draw", "loss"]);
      assert.match(await change.textContent(), /Before your move: draw.*After it: loss/);
      assert.match(await page.locator(`${tutor} .l-says`).textContent(), /too far from the pawn.s path/);
      // the square of the a4 pawn is drawn (a4–e8 on the defending king's side) with a cross on the king
      assert.deepEqual(await onBoard(page, ".l-pawn-square"), ["a4"]);
      assert.deepEqual(await onBoard(page, ".l-pawn-square.l-outside"), ["a4"], "the king is outside it");
      assert.deepEqual(await onBoard(page, ".l-square-badge.l-bad"), ["g5"]);
      assert.equal(await page.locator(`${tutor} .l-aid[data-aid="square"]`).getAttribute("aria-pressed"), "true");
      assert.match(await page.locator(`${tutor} .l-notes`).textContent(), /The black king is outside/);
      // the opponent's answer is shown as an arrow
      assert.deepEqual(await onBoard(page, ".l-fail-arrow", "from"), ["a4"]);
      await screenshot(page, `endgame-${width}-mistake`);

      // play out the refutation: the pawn runs and queens
      await page.locator(`${tutor} .l-watch`).click();
      await page.waitForFunction(
        (sel) => /That's why/.test(document.querySelector(sel).shadowRoot.querySelector(".l-says").textContent),
        tutor,
        { timeout: 20_000 },
      );
      assert.match(await page.locator(tutor).evaluate((el) => el.fen), /Q/, "the pawn became a queen on the board");
      // once the pawn has queened the panel says so, and no longer "a queen or mate in N"
      const verdict = page.locator(`${tutor} .l-verdict`);
      assert.equal(await verdict.getAttribute("data-queened"), "");
      assert.doesNotMatch(await verdict.textContent(), /mate in/);
      assert.match(await verdict.textContent(), /has become a queen/);
      await screenshot(page, `endgame-${width}-refuted`);

      // take the move back and find the right way: the solver's best move each time
      await page.locator(`${tutor} .l-takeback`).click();
      await waitState(page, "playing");
      assert.equal(await page.locator(tutor).evaluate((el) => el.fen), "8/8/8/5k2/P7/8/8/7K b - - 0 1");
      assert.equal(await onBoard(page, ".l-fail-arrow").then((x) => x.length), 0);
      for (let k = 0; k < 8 && (await page.locator(tutor).getAttribute("data-lesson")) === "playing"; k++) {
        const fen = await page.locator(tutor).evaluate((el) => el.fen);
        const best = solver.solve(fen).best[0];
        await move(page, best.slice(0, 2), best.slice(2, 4));
        if (k === 0) {
          assert.match(await change.textContent(), /Before your move: draw.*After it: draw/);
          await screenshot(page, `endgame-${width}-inside`);
        }
      }
      await waitState(page, "done");
      // the taken-back move cost a star; the card counts the moves as the move list does (the
      // child's moves in it: the first, then every second) and says what the take-back cost
      assert.equal(await page.locator(`${tutor} .l-card .l-star.on`).count(), 2);
      const listed = (await page.locator(`${tutor} .l-history li`).count() + 1) >> 1;
      assert.match(await page.locator(`${tutor} .l-card .l-used`).textContent(), new RegExp(`You needed ${listed} moves?\\.`));
      assert.equal(await page.locator(`${tutor} .l-card .l-took-back`).textContent(), "You took back 1 move: that costs a star.");
      await screenshot(page, `endgame-${width}-done`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test("the square, the opposition and the key squares are drawn on request, in Russian too", async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 900 } });
    const { page, problems } = await openLesson(env, context, "kp-opposition-direct", "ru");
    const fen = await page.locator(tutor).evaluate((el) => el.fen);
    const aid = (name) => page.locator(`${tutor} .l-aid[data-aid="${name}"]`);
    assert.equal(await aid("opposition").textContent(), "⇅Оппозиция");
    for (const name of ["square", "opposition", "keys"]) {
      await aid(name).click();
      assert.equal(await aid(name).getAttribute("aria-pressed"), "true");
    }
    const pawn = new pkg.Game(fen, true).pieces().find((p) => p.kind === "pawn");
    assert.deepEqual(await onBoard(page, ".l-key"), pkg.keySquares(fen, pawn.square).sort());
    assert.deepEqual(await onBoard(page, ".l-pawn-square"), [pawn.square]);
    const o = pkg.opposition(fen);
    if (o) {
      assert.deepEqual(await onBoard(page, ".l-opp-line"), [o.holder === "white" ? o.white_king : o.black_king], "drawn from the king that holds it");
      assert.match(await page.locator(`${tutor} .l-notes`).textContent(), /оппозиция: её держат/);
    }
    assert.match(await page.locator(`${tutor} .l-notes`).textContent(), /Ключевые поля/);
    await screenshot(page, "endgame-800-aids-ru");
    await aid("keys").click();
    assert.equal(await page.locator(`${tutor} .l-key`).count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

/** A fresh lesson in Node with the solver: the judge the page uses. */
function nodeLesson(id) {
  const lesson = new pkg.Lesson(readFileSync(join(ROOT, "lessons", `${id}.json`), "utf8"));
  lesson.useEndgame(solver);
  return lesson;
}

/** The child's first move in lesson `id` that loses with the idea `idea` (or any losing move). */
function losingMove(id, idea = null) {
  const fen = nodeLesson(id).fen();
  const game = new pkg.Game(fen, true);
  const side = fen.split(" ")[1];
  try {
    for (const p of game.pieces().filter((x) => x.color[0] === side)) {
      for (const t of game.targets(p.i, p.j)) {
        const lesson = nodeLesson(id);
        const out = lesson.play(p.square, t.square, null);
        lesson.free();
        if (out.judgement?.mistake && (!idea || out.failure?.idea?.id === idea)) return { from: p.square, to: t.square };
      }
    }
  } finally {
    game.free();
  }
  throw new Error(`no losing move in ${id}`);
}


describe("Show why stays on screen; the ideas are drawn where they break", () => {
  for (const [width, height] of [[360, 640], [1280, 720]]) {
    test(`${width} px: after a losing move in "Run, pawn!" the lesson's arrow is gone and Show why keeps the board in view`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height } });
      const { page, problems } = await openLesson(env, context, "kp-square-run");
      // the lesson's arrow on the pawn's way, in the lesson's position
      assert.equal(await page.locator(`${tutor} .l-shape.s-arrow[data-from="g4"]`).count(), 1);
      const { from, to } = losingMove("kp-square-run");
      await move(page, from, to);
      await waitState(page, "failed");
      assert.equal(await page.locator(`${tutor} .l-shape.s-arrow`).count(), 0, "the position changed: the lesson's arrow no longer applies");
      // the board in view, then Show why pressed as a finger does (no scrolling to the button)
      const board = page.locator(`${tutor} [data-square="g4"]`);
      await board.scrollIntoViewIfNeeded();
      const before = await page.evaluate(() => scrollY);
      await page.locator(`${tutor} .l-watch`).evaluate((b) => b.click());
      await page.waitForFunction((sel) => /That's why/.test(document.querySelector(sel).shadowRoot.querySelector(".l-says")?.textContent ?? ""), tutor, { timeout: 20_000 });
      assert.equal(await page.evaluate(() => scrollY), before, "the page did not scroll away");
      assert.ok(await inView(page, page.locator(`${tutor} [data-square="g4"]`)), "the board is still in view");
      assert.equal(await page.locator(`${tutor} .l-shape.s-arrow`).count(), 0, "no stale arrow after the line");
      await screenshot(page, `endgame-${width}-run-refuted`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  for (const lang of ["en", "ru"]) {
    test(`${lang}: after "You gave away the opposition" the opposition is drawn with its sentence`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
      const id = "kp-opposition-play";
      const { from, to } = losingMove(id, "idea-gave-opposition");
      const { page, problems } = await openLesson(env, context, id, lang);
      await move(page, from, to);
      await waitState(page, "failed");
      assert.match(await page.locator(`${tutor} .say-failure`).textContent(), lang === "ru" ? /встанет напротив твоего/ : /stand face to face with yours/);
      assert.equal(await page.locator(`${tutor} .l-aid[data-aid="opposition"]`).getAttribute("aria-pressed"), "true");
      assert.equal(await page.locator(`${tutor} .l-opp-line`).count(), 1, "the opposition is drawn");
      assert.match(await page.locator(`${tutor} .l-notes`).textContent(), lang === "ru" ? /оппозиция: её держат/ : /opposition: (White|Black) holds it/);
      await screenshot(page, `endgame-1280-${lang}-gave-opposition`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
