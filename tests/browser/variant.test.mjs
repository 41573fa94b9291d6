// <chess-tutor pieces="…"> in real Chromium: the chess-t1 pieces of seed 001 (figs 2.1 and 2.2),
// a refused capture said in words, the force view, a piece without an image, bad input, and
// screenshots at 1280 and 360 px in English and Russian. The page is embed-example.html, served
// under the strict Content-Security-Policy (www/serve.json).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { openPage, settledScreenshot, useServerAndBrowser } from "./helpers.mjs";

const env = useServerAndBrowser();

const SET = "lessons/pieces/chess-t1.json";
// fig 2.1: white Prince e5, black Wer Knecht d5, white Knecht g3
const FIG_2_1 = "8/8/8/3wP3/8/6N1/8/8 w - - 0 1";
// fig 2.2: black Ritter d5, black Knecht c5, Black to move
const FIG_2_2 = "8/8/8/2nr4/8/8/8/8 b - - 0 1";

/** Opens embed-example.html and puts in one <chess-tutor> with these attributes; waits until it
 *  is ready and its piece set is shown (or has failed). */
async function open(attrs, { width = 1280, height = 900 } = {}) {
  const context = await env.browser.newContext({ viewport: { width, height } });
  const { page, problems } = await openPage(context);
  await page.goto(`${env.server.url}embed-example.html`);
  await page.waitForFunction(() => document.querySelector("chess-tutor")?.dataset.ready === "true");
  await page.evaluate(async (a) => {
    const demo = document.querySelector(".demo");
    const el = document.createElement("chess-tutor");
    for (const [k, v] of Object.entries({ lang: "en", coordinates: "algebraic", ...a })) el.setAttribute(k, v);
    demo.replaceChildren(el);
    await el.ready;
  }, attrs);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(100);
  return { page, problems, close: () => context.close() };
}

const square = (page, sq) => page.locator(`[data-square="${sq}"]`);
const targets = (page, kind) =>
  page
    .locator("[data-target]")
    .evaluateAll((cells, k) => cells.filter((c) => !k || c.dataset.target === k).map((c) => c.dataset.square).sort(), kind);
// (the panel, .formula, once drawn: its explanation comes with explain.js, aria-busy until then)
const text = (page, selector) => page.locator(`chess-tutor ${selector}${selector === ".formula" ? ":not([aria-busy])" : ""}`).textContent();
const live = (page) => text(page, ".sr-only").then((t) => t.trim());
const sorted = (list) => list.split(" ").sort();

describe("chess-t1 in the widget (seed 001)", () => {
  test("fig 2.1: the Prince on e5 goes exactly where the seed says; d5 is refused, and a click says why", async () => {
    const { page, problems, close } = await open({ pieces: SET, fen: FIG_2_1 });
    assert.equal(await page.locator("chess-tutor svg.board image.piece").count(), 3, "three pieces, drawn from the sprite");
    await square(page, "e5").click();
    assert.deepEqual(await targets(page, "move"), sorted("e4 f5 e6 f6 g7 h8 d6 c7 b8 d4 c3 b2 f4"));
    assert.deepEqual(await targets(page, "refused"), ["d5"]);
    assert.match(await square(page, "d5").getAttribute("aria-label"), /cannot capture/);
    const panel = await text(page, ".formula");
    assert.match(panel, /Prince:/);
    assert.match(panel, /n = 1…3/, "the diagonal line, n up to 3");
    assert.match(await text(page, ".fv-piece"), /strength 1½/);

    await square(page, "d5").click();
    const why = await text(page, ".fv-say");
    assert.match(why, /Prince cannot take on d5: White 1½, Black 1½/);
    assert.equal(await page.locator("chess-tutor .fv-white .fv-total").textContent(), "1½");
    assert.equal(await page.locator("chess-tutor .fv-black .fv-total").textContent(), "1½");
    assert.ok((await live(page)).includes(why), "said to a screen reader too");
    assert.equal(await page.locator("chess-tutor .layer-force .fv-arrow[data-from='e5'] path").count(), 1, "an arrow from the Prince");
    assert.equal(await page.locator("chess-tutor .layer-force .fv-self").count(), 1, "the Wer Knecht defends itself");
    assert.equal(await page.evaluate(() => document.querySelector("chess-tutor").fen), FIG_2_1, "nothing was played");
    await settledScreenshot(page, "variant-1280-en-fig-2-1-refused");
    assert.deepEqual(problems, []);
    await close();
  });

  test("the force view: a toggle; Enter on d5 shows 1½ against 1½ and one sentence", async () => {
    const { page, problems, close } = await open({ pieces: SET, fen: FIG_2_1 });
    const toggle = page.locator("chess-tutor .fv-toggle");
    assert.equal(await toggle.getAttribute("aria-pressed"), "false");
    await toggle.click();
    assert.equal(await toggle.getAttribute("aria-pressed"), "true");
    await square(page, "d5").focus();
    await page.keyboard.press("Enter");
    assert.equal(await page.locator("chess-tutor .fv-white .fv-total").textContent(), "1½");
    assert.equal(await page.locator("chess-tutor .fv-black .fv-total").textContent(), "1½");
    assert.equal(await text(page, ".fv-say"), "The Prince attacks with 1½, the Wer Knecht defends itself with 1½: equal, no capture.");
    assert.match(await live(page), /Force on d5: White 1½, Black 1½/);
    assert.deepEqual(await targets(page), [], "the force view only looks");
    // the board says what a tap does now, and the way back to moves
    assert.equal(await text(page, ".fv-banner-text"), "Force view: a tap shows the force on a square.");
    assert.equal(await page.locator("chess-tutor .fv-banner").isVisible(), true);
    // an empty square the Prince reaches, and one nothing reaches
    await square(page, "f4").click();
    assert.equal(await text(page, ".fv-say"), "The Prince aims here with 1½: White is stronger here.");
    await square(page, "a1").click();
    assert.equal(await text(page, ".fv-say"), "No piece gives force to a1.");
    await page.locator("chess-tutor .fv-leave").click();
    assert.equal(await toggle.getAttribute("aria-pressed"), "false");
    assert.equal(await page.locator("chess-tutor .fv-shown").isHidden(), true);
    assert.equal(await page.locator("chess-tutor .fv-banner").isHidden(), true, "back to moves: the banner goes");
    // in Russian: the set's names and the force view's words
    await page.evaluate(() => document.querySelector("chess-tutor").setAttribute("lang", "ru"));
    await page.waitForFunction(() => document.querySelector("chess-tutor").shadowRoot.querySelector(".fv-toggle").textContent.includes("Сила на клетке"));
    await square(page, "e5").click();
    assert.match(await text(page, ".formula"), /Принц:/);
    assert.match(await text(page, ".fv-piece"), /Принц: сила 1½/);
    // without the pieces attribute the FIDE board is back, and the force view is gone
    await page.evaluate(() => {
      const el = document.querySelector("chess-tutor");
      el.removeAttribute("fen");
      el.removeAttribute("pieces");
    });
    await page.waitForFunction(() => document.querySelector("chess-tutor").shadowRoot.querySelectorAll("image.piece").length === 32);
    assert.equal(await page.locator("chess-tutor .force").count(), 0);
    assert.deepEqual(problems, []);
    await close();
  });

  test("fig 2.2: the Ritter on d5 goes to d6 d7 e5 f5 d4 d3 and b5 (over the Knecht), not c5", async () => {
    const { page, problems, close } = await open({ pieces: SET, fen: FIG_2_2 });
    await square(page, "d5").click();
    assert.deepEqual(await targets(page), sorted("d6 d7 e5 f5 d4 d3 b5"));
    assert.deepEqual(await targets(page, "move"), sorted("d6 d7 e5 f5 d4 d3 b5"));
    assert.match(await text(page, ".formula"), /Ritter:/);
    await square(page, "b5").click();
    assert.match(await page.evaluate(() => document.querySelector("chess-tutor").fen), /^8\/8\/8\/1rn5\/8\/8\/8\/8 w /);
    assert.match(await live(page), /d5–b5/);
    // with castle squares (a lesson may give them): the Ritter may not enter d6
    await page.evaluate(async ([url, fen]) => {
      const set = await (await fetch(url)).json();
      set.regions[0].squares = ["d6", "d7"];
      const el = document.querySelector("chess-tutor");
      el.setAttribute("fen", fen);
      el.setAttribute("pieces", JSON.stringify(set));
    }, [SET, FIG_2_2]);
    await page.waitForFunction(() => document.querySelector("chess-tutor").shadowRoot.querySelectorAll(".pieces image").length === 2);
    await page.waitForTimeout(100);
    await square(page, "d5").click();
    assert.deepEqual(await targets(page, "refused"), ["d6", "d7"]);
    await square(page, "d6").click();
    assert.equal(await text(page, ".fv-say"), "The Ritter may not go to d6: it is in the castle.");
    assert.deepEqual(problems, []);
    await close();
  });

  test("a teacher's piece without an image is a token with its letter and strength bars", async () => {
    const set = JSON.stringify({
      $schema: "piece-set.schema.json",
      id: "teacher",
      name: { ru: "Мои фигуры", en: "My pieces" },
      capture: "superior_force",
      self_defence: true,
      pieces: [{ id: "little-rook", letter: "L", name: { ru: "Ладья-малышка", en: "Little rook" }, strength: 3, lines: [{ di: [-1, 1], dj: [0], n: [1, 2] }, { di: [0], dj: [-1, 1], n: [1, 2] }] }],
    });
    const { page, problems, close } = await open({ fen: "8/8/8/8/3L4/8/8/8 w - - 0 1" });
    await page.evaluate((s) => document.querySelector("chess-tutor").setAttribute("pieces", s), set);
    await page.waitForSelector("chess-tutor svg.piece");
    const token = page.locator("chess-tutor svg.board svg.piece");
    assert.equal(await token.count(), 1);
    assert.equal(await token.locator("text").textContent(), "L");
    assert.equal(await token.locator("line").count(), 2, "1½: a long bar and a short one");
    await square(page, "d4").click();
    assert.deepEqual(await targets(page), sorted("d5 d6 d3 d2 c4 b4 e4 f4"));
    assert.match(await text(page, ".formula"), /Little rook:/);
    assert.deepEqual(problems, []);
    await close();
  });

  test("a bad piece set or a bad FEN: a clear message, no crash", async () => {
    let { page, problems, close } = await open({ pieces: "lessons/pieces/no-such-set.json", fen: FIG_2_1 });
    assert.match(await text(page, ".message"), /These pieces cannot be used: the piece set lessons\/pieces\/no-such-set\.json could not be loaded \(HTTP 404\)/);
    assert.deepEqual(problems.filter((p) => !p.includes("no-such-set") && !p.includes("404")), []);
    await close();

    ({ page, problems, close } = await open({ pieces: SET, fen: "8/8/8/3xP3/8/8/8/8 w - - 0 1" }));
    assert.match(await text(page, ".message"), /This position could not be read/);
    assert.equal(await page.locator("chess-tutor svg.board .piece").count(), 0, "an empty board");
    await page.evaluate(() => document.querySelector("chess-tutor").setAttribute("pieces", '{"id": "broken", "pieces": [}'));
    await page.waitForFunction(() => /These pieces cannot be used/.test(document.querySelector("chess-tutor").shadowRoot.querySelector(".message").textContent));
    // the place in the set's text, line:column
    assert.match(await text(page, ".message"), /^These pieces cannot be used: 1:\d+: this is not valid JSON/);
    assert.deepEqual(problems, []);
    await close();
  });
});

describe("the plain widget", () => {
  test("loads nothing of pieces as data (variant.js, pkg-variant, variant.css, pieces-t1.svg)", async () => {
    const context = await env.browser.newContext();
    const { page, problems } = await openPage(context);
    const requests = [];
    page.on("request", (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(`${env.server.url}embed-example.html`);
    await page.waitForFunction(() => document.querySelector("chess-tutor")?.dataset.ready === "true");
    await page.locator('[data-square="e2"]').click();
    assert.deepEqual(requests.filter((p) => /variant|pieces-t1/.test(p)), []);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("screenshots", () => {
  for (const lang of ["en", "ru"]) {
    for (const width of [1280, 360]) {
      test(`${width} px, ${lang}: fig 2.1 with the refused capture explained`, async () => {
        const { page, problems, close } = await open({ pieces: SET, fen: FIG_2_1, lang }, { width, height: width > 800 ? 900 : 1400 });
        await square(page, "e5").click();
        await square(page, "d5").click();
        if (lang === "ru") assert.match(await text(page, ".fv-say"), /Принц не может взять на d5: у белых 1½, у чёрных 1½/);
        const box = await page.locator("chess-tutor svg.board").boundingBox();
        assert.ok(box.width <= width, `the board fits (${box.width})`);
        assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= width, "no horizontal scrolling");
        await settledScreenshot(page, `variant-${width}-${lang}-refused`);
        await page.locator("chess-tutor .fv-toggle").click();
        await square(page, "d5").click();
        await settledScreenshot(page, `variant-${width}-${lang}-force-view`);
        assert.deepEqual(problems, []);
        await close();
      });
    }
  }
});
