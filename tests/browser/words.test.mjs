// Issue 25, "every wrong move explained" and "texts that agree with the screen", played by
// clicking as a child would: a move in a star drill or a capture drill that missed what the
// piece could reach says where the piece went and where it should have gone, a move the piece cannot make says how it moves, an idea
// lesson says where its arrow goes, and after a wrong move a tap on the piece picks it again;
// lesson 2's end names no side without pieces; free play's en passant names the pawn taken, the
// square's numbers say row and column, a Russian move list has Russian letters, a knight's arrow
// is an L; the end of a game names no button the screen lacks. Screenshots at 360×640 and
// 1280×720 go to test-results/screenshots/words-*.png.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { openPage, useServerAndBrowser, settledScreenshot as screenshot } from "./helpers.mjs";
import { openLesson, tutor, waitState } from "./lesson-helpers.mjs";

const env = useServerAndBrowser();
const SIZES = [
  [360, 640],
  [1280, 720],
];

const square = (page, sq, el = tutor) => page.locator(`${el} [data-square="${sq}"]`);
const says = (page) => page.locator(`${tutor} .say`).allTextContents().then((t) => t.join(" | "));
const selected = (page, el = tutor) => page.locator(el).evaluate((e) => e.shadowRoot.querySelector("[data-selected]")?.getAttribute("data-square") ?? null);
// The lesson's words follow a move a moment later (the package judges it first): wait until they
// say what is expected, then check them, so a slow machine reads the new words, not the old ones.
async function saysMatch(page, re) {
  await page
    .waitForFunction(
      ([source, flags]) => {
        const root = document.querySelector("#lesson-tutor")?.shadowRoot;
        const text = [...(root?.querySelectorAll(".say") ?? [])].map((e) => e.textContent).join(" | ");
        return new RegExp(source, flags).test(text);
      },
      [re.source, re.flags],
      { timeout: 5000 },
    )
    .catch(() => {});
  assert.match(await says(page), re);
}
async function tap(page, ...squares) {
  for (const sq of squares) await square(page, sq).click();
}

describe("every wrong move explained, in words a child knows", () => {
  for (const [width, height] of SIZES) {
    test(`a star drill: a missed star is said; a move the rook cannot make says how it moves (${width})`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height } });
      const { page, problems } = await openLesson(env, context, "board-names");
      await tap(page, "a1", "a6");
      await page.waitForFunction(() => document.querySelector("#lesson-tutor").shadowRoot.querySelector(".say"));
      await saysMatch(page, /The rook went to a6\. The star is on a5: 1 step down from there\./);
      await screenshot(page, `words-${width}-detour`);
      // a move the rook cannot make: its formula in words, and the piece is not left picked
      await tap(page, "a6", "b5");
      await saysMatch(page, /The rook on a6 can't reach b5: it moves only straight, along a row or a column\./);
      await screenshot(page, `words-${width}-illegal`);
      await tap(page, "a6");
      assert.equal(await selected(page), "a6", "a tap on the piece after a wrong move picks it again");
      await tap(page, "a5");
      await tap(page, "a5", "e5");
      await waitState(page, "done");
      // lesson 2's end: the side to move is the child's, whose rook is on the board
      const status = await page.locator(tutor).evaluate((e) => e.shadowRoot.querySelector(".status").textContent);
      assert.doesNotMatch(status, /Black/);
      await screenshot(page, `words-${width}-lesson2-done`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test("a capture drill: a missed piece to take is said (Russian)", async () => {
    const context = await env.browser.newContext({ viewport: { width: 360, height: 640 } });
    // rook-capture: the rook on a2 (pawns on b2, a4, d4, h4, b7, d7); b2 first is the way
    const { page, problems } = await openLesson(env, context, "rook-capture", "ru");
    await tap(page, "a2", "a3");
    await page.waitForFunction(() => document.querySelector("#lesson-tutor").shadowRoot.querySelector(".say"));
    await saysMatch(page, /Ход: ладья на a3\. Фигуру можно взять на /);
    await screenshot(page, "words-360-capture-detour-ru");
    assert.deepEqual(problems, []);
    await context.close();
  });

  for (const [width, height] of SIZES) {
    test(`an idea lesson says where the arrow goes, and the piece can be picked again (${width})`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height } });
      const { page, problems } = await openLesson(env, context, "idea-board");
      for (let k = 0; k < 2; k++) await page.locator(`${tutor} .l-step-next`).click();
      await tap(page, "a1", "a6");
      await saysMatch(page, /Not a6: the arrow goes to a4, 2 steps down from there\./);
      await screenshot(page, `words-${width}-idea-arrow`);
      await tap(page, "a1", "b3");
      await saysMatch(page, /The rook on a1 can't reach b3/);
      await tap(page, "a1", "a4");
      // the right move after two wrong ones: the rook was picked again, and the next step shows
      await page.waitForFunction(() => document.querySelector("#lesson-tutor").shadowRoot.querySelector(".l-step-count")?.textContent === "Step 4 of 4");
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test("an idea lesson's end names no button the screen lacks", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const { page, problems } = await openLesson(env, context, "idea-check-mate");
    await page.locator(`${tutor} .l-step-next`).click();
    await tap(page, "b1", "b8");
    await page.waitForFunction(() => /Checkmate/.test(document.querySelector("#lesson-tutor").shadowRoot.querySelector(".status").textContent));
    const panel = await page.locator(`${tutor} .formula:not([aria-busy])`).textContent();
    assert.doesNotMatch(panel, /new game|take a move back/i);
    await screenshot(page, "words-1280-idea-mate");
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("free play and games: words that agree with the screen", () => {
  const free = "#tutor";
  async function openFree(width, height, lang = "en") {
    const context = await env.browser.newContext({ viewport: { width, height } });
    const { page, problems } = await openPage(context);
    await page.goto(`${env.server.url}?lang=${lang}&coordinates=algebraic#/play`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
    return { context, page, problems };
  }
  // the panel once drawn (its explanation comes with explain.js: aria-busy until then)
  const panel = (page) => page.locator(`${free} .formula:not([aria-busy])`).textContent();
  const play = async (page, ...moves) => {
    for (const m of moves) for (const sq of m.split("-")) await square(page, sq, free).click();
  };

  for (const [width, height] of SIZES) {
    test(`en passant names the pawn taken; a square's numbers say row and column; a knight's arrow is an L (${width})`, async () => {
      const { context, page, problems } = await openFree(width, height);
      await play(page, "e2-e4", "a7-a6", "e4-e5", "d7-d5", "e5-d6");
      const text = await panel(page);
      assert.match(text, /En passant: the pawn on d5 is taken\./);
      assert.doesNotMatch(text, /undefined/);
      await screenshot(page, `words-${width}-en-passant`);
      await play(page, "g8");
      // the square's numbers come with the formula, behind "How is it counted?"
      assert.doesNotMatch(await panel(page), /row 7, column 6/);
      await page.locator(`${free} .f-toggle`).click();
      assert.match(await panel(page), /g8, that is \(7, 6\): row 7, column 6/);
      // the knight's lines: L-shaped arrows (a corner, not a diagonal)
      const paths = await page.locator(free).evaluate((e) => [...e.shadowRoot.querySelectorAll("svg path")].map((p) => p.getAttribute("d")).filter((d) => /^M[\d. L-]+Z$/.test(d ?? "")));
      assert.ok(paths.some((d) => d.split("L").length === 9), "an L arrow of nine corners");
      await screenshot(page, `words-${width}-knight`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test("a Russian move list writes the pieces with Russian letters, as the lessons do", async () => {
    const { context, page, problems } = await openFree(1280, 720, "ru");
    await play(page, "f2-f3", "e7-e5", "g2-g4", "d8-h4");
    const list = await page.locator(free).evaluate((e) => e.shadowRoot.querySelector(".moves ol, .moves").textContent);
    assert.match(list, /Фd8–h4|Фh4/);
    assert.doesNotMatch(list, /Q/);
    await screenshot(page, "words-1280-ru-moves");
    assert.deepEqual(problems, []);
    await context.close();
  });

  for (const [width, height] of SIZES) {
    test(`after resigning no text offers to take a move back (${width})`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height } });
      const { page, problems } = await openPage(context);
      await page.goto(`${env.server.url}/embed-example.html`);
      await page.evaluate(() => {
        localStorage.clear();
        document.body.replaceChildren();
        const g = document.createElement("chess-tutor");
        g.id = "g";
        for (const [k, v] of Object.entries({ mode: "two-players", lang: "en", coordinates: "algebraic", save: "off" })) g.setAttribute(k, v);
        document.body.append(g);
      });
      await page.waitForSelector('#g[data-game="new"]', { timeout: 15_000 });
      await page.locator("#g .g-start").click();
      await page.waitForSelector('#g[data-game="playing"]');
      for (const sq of ["e2", "e4"]) await page.locator(`#g [data-square="${sq}"]`).click();
      await page.locator("#g .g-resign").click();
      await page.locator("#g .g-resign-yes").click();
      await page.waitForSelector('#g[data-game="over"]');
      const text = await page.locator("#g").evaluate((e) => e.shadowRoot.textContent);
      assert.doesNotMatch(text, /take a move back/i);
      await screenshot(page, `words-${width}-resigned`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
