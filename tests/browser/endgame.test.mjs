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
import { ROOT, WWW, openPage, useServerAndBrowser, settledScreenshot as screenshot } from "./helpers.mjs";

const env = useServerAndBrowser();
const tutor = "#lesson-tutor";

// The same solver in Node, to pick the child's best moves from the page's position.
const pkg = await import(join(WWW, "pkg-lessons", "chess_tutor.js"));
pkg.initSync({ module: readFileSync(join(WWW, "pkg-lessons", "chess_tutor_bg.wasm")) });
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

async function openLesson(context, id, lang = "en") {
  const { page, problems } = await openPage(context);
  await page.goto(`${env.server.url}?lang=${lang}&coordinates=algebraic#/lesson/${id}`);
  await waitState(page, "intro");
  await page.locator(`${tutor} .l-start`).click();
  await waitState(page, "playing");
  return { page, problems };
}

describe("a king-and-pawn lesson judges every move exactly", () => {
  for (const width of [800, 360]) {
    test(`${width} px: a losing move is explained with the square drawn, taken back, and the lesson completed`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: width === 360 ? 760 : 900 } });
      const { page, problems } = await openLesson(context, "kp-square-catch");
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
      assert.match(await page.locator(`${tutor} .l-says`).textContent(), /left the square of the pawn/);
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
      // the taken-back move cost a star
      assert.equal(await page.locator(`${tutor} .l-card .l-star.on`).count(), 2);
      await screenshot(page, `endgame-${width}-done`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test("the square, the opposition and the key squares are drawn on request, in Russian too", async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 900 } });
    const { page, problems } = await openLesson(context, "kp-opposition-direct", "ru");
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
