// <chess-setup> (www/widget/setup.js) in real Chromium, on a bare page under the strict CSP: placing
// pieces by clicking, dragging and keyboard, the rules' verdict with its markers, castling and
// en passant, FEN and text-board import and export, the Play event, Russian, and screenshots at
// 360 px and on a desktop.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { openPage, screenshot, serveConfig, useServerAndBrowser } from "./helpers.mjs";

const env = useServerAndBrowser();
const CSP = serveConfig().headers.find((r) => r.source === "/csp.html").headers[0].value;
const EMPTY = "8/8/8/8/8/8/8/8 w - - 0 1";
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/**
 * A bare page with one <chess-setup> (attributes: `attrs`) served with the strict CSP. Records
 * the setup-change and setup-play events and any CSP violation.
 */
async function open({ width = 800, height = 900, lang = "en", pageLang = lang, attrs = {}, context: options = {} } = {}) {
  const context = await env.browser.newContext({ viewport: { width, height }, ...options });
  const { page, problems } = await openPage(context);
  const violations = [];
  page.on("console", (m) => /Content Security Policy|Refused/i.test(m.text()) && violations.push(m.text()));
  await page.addInitScript(() => {
    window.__changes = [];
    window.__plays = [];
    window.__violations = [];
    document.addEventListener("setup-change", (e) => window.__changes.push(e.detail));
    document.addEventListener("setup-play", (e) => window.__plays.push(e.detail));
    document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const url = `${env.server.url}setup-page.html`;
  const attributes = Object.entries({ lang, ...attrs })
    .filter(([, v]) => v != null)
    .map(([k, v]) => ` ${k}="${v.replace(/"/g, "&quot;")}"`)
    .join("");
  await page.route(url, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      headers: { "content-security-policy": CSP },
      body: `<!doctype html><html lang="${pageLang}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>setup</title><link rel="stylesheet" href="style.css"><script type="module" src="setup.js"></script><main><chess-setup${attributes}></chess-setup></main>`,
    }),
  );
  await page.goto(url);
  await page.waitForSelector('chess-setup[data-ready="true"]', { timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(150);
  const close = async () => {
    assert.deepEqual(violations, [], "no CSP violation reported on the console");
    assert.deepEqual(await page.evaluate(() => window.__violations), [], "no securitypolicyviolation event");
    assert.deepEqual(problems, []);
    await context.close();
  };
  return { page, close };
}

const el = "chess-setup";
const square = (page, sq) => page.locator(`${el} [data-square="${sq}"]`);
const tool = (page, p) => page.locator(`${el} .tool[data-piece="${p}"]`);
const fenOf = (page) => page.evaluate(() => document.querySelector("chess-setup").fen);
const verdict = (page) => page.locator(`${el} .verdict`).textContent();
const live = (page) => page.locator(`${el} .sr-only`).textContent().then((t) => t.trim());
const label = (page, sq) => square(page, sq).getAttribute("aria-label");
// the squares marked with a problem: board shapes (a dashed frame and a "!")
const problems = (page) => page.locator(`${el} .s-highlight.problem`).evaluateAll((marks) => marks.map((m) => m.dataset.at).sort());
const lastChange = (page) => page.evaluate(() => window.__changes.at(-1));
const fenField = (page) => page.locator(`${el} #fen`);
const textField = (page) => page.locator(`${el} #text`);
const focused = (page) =>
  page.evaluate(() => {
    let a = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return a?.dataset?.square ?? a?.dataset?.piece ?? a?.id ?? a?.tagName;
  });
/** Waits until `read()` gives `expected` (for what happens after a promise, such as a copy). */
async function eventually(read, expected, timeout = 3000) {
  const end = Date.now() + timeout;
  let value = await read();
  while (value !== expected && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  assert.equal(value, expected);
}
/** Drags with the mouse from the centre of one element to the centre of another (or a point). */
async function drag(page, from, to) {
  const a = await from.boundingBox();
  const b = typeof to.boundingBox === "function" ? await to.boundingBox() : { ...to, width: 0, height: 0 };
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

describe("placing pieces and the rules' verdict", () => {
  test("two kings of a side, a pawn on rank 1 and the side not to move in check are illegal, with markers; fixed, legal", async () => {
    const { page, close } = await open({ attrs: { fen: EMPTY } });
    assert.equal(await page.locator(`${el} .tool[aria-checked="true"]`).count(), 0, "no piece is picked at first");
    await square(page, "e4").click();
    assert.match(await page.locator(`${el} .hint`).textContent(), /First pick a piece/);

    await tool(page, "K").click();
    assert.equal(await tool(page, "K").getAttribute("aria-checked"), "true");
    await square(page, "e1").click();
    await tool(page, "k").click();
    await square(page, "e8").click();
    assert.equal(await fenOf(page), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert.match(await verdict(page), /This position is legal\./);
    assert.equal(await label(page, "e1"), "e1, white king");
    assert.equal(await page.locator(`${el} .play`).isDisabled(), false);

    // a second white king
    await tool(page, "K").click();
    await square(page, "h1").click();
    assert.match(await verdict(page), /This position is not possible:\s*White has 2 kings; a side has one king/);
    assert.deepEqual(await problems(page), ["e1", "h1"]);
    assert.equal(await page.locator(`${el} .s-label.problem-mark`).count(), 2, "a \"!\" on each, not only a colour");
    assert.equal(await label(page, "h1"), "h1, white king, problem here");
    assert.equal(await page.locator(`${el} .play`).isDisabled(), true);
    assert.equal(await page.locator(el).getAttribute("data-legal"), null);
    assert.deepEqual(await lastChange(page), {
      fen: "4k3/8/8/8/8/8/8/4K2K w - - 0 1",
      legal: false,
      reason: "White has 2 kings; a side has one king",
      kind: "position-kings",
      args: { side: "white", count: 2, field: 1, source: "fen" },
    });
    assert.equal(await live(page), "White king on h1. This position is not possible: White has 2 kings; a side has one king");
    await screenshot(page, "setup-800-two-kings");

    // the same piece on the same square again takes it off
    await square(page, "h1").click();
    assert.equal(await label(page, "h1"), "h1, empty");
    assert.match(await verdict(page), /This position is legal\./);
    assert.deepEqual(await problems(page), []);
    assert.equal((await lastChange(page)).legal, true);

    // a queen giving check to the side not to move
    await tool(page, "Q").click();
    await square(page, "e6").click();
    assert.match(await verdict(page), /Black is in check on e8 but it is white's move/);
    assert.deepEqual(await problems(page), ["e8"]);
    // Black to move: legal, and the verdict says Black is in check
    await page.locator(`${el} .side label`, { hasText: "Black" }).click();
    assert.match(await verdict(page), /This position is legal\.\s*Black is in check\./);
    assert.equal(await fenOf(page), "4k3/8/4Q3/8/8/8/8/4K3 b - - 0 1");
    await screenshot(page, "setup-800-black-in-check");

    // a pawn on rank 1, then the eraser
    await tool(page, "P").click();
    await square(page, "a1").click();
    assert.match(await verdict(page), /A pawn cannot stand on a1: pawns never stand on rank 1 or rank 8/);
    assert.deepEqual(await problems(page), ["a1"]);
    await tool(page, "x").click();
    assert.match(await page.locator(`${el} .hint`).textContent(), /Eraser/);
    await square(page, "a1").click();
    assert.match(await verdict(page), /legal/);

    // a right click takes a piece off
    await square(page, "e6").click({ button: "right" });
    assert.equal(await label(page, "e6"), "e6, empty");
    assert.equal(await live(page), "White queen taken off e6");

    // no kings: legal (drills), with a note
    await square(page, "e1").click();
    await square(page, "e8").click();
    assert.match(await verdict(page), /This position is legal\.\s*There are no kings/);
    await close();
  });

  test("export: the FEN and text-board fields follow the board; copy buttons", async () => {
    const { page, close } = await open({ context: { permissions: ["clipboard-read", "clipboard-write"] } });
    assert.equal(await fenOf(page), START, "the start position by default");
    assert.equal(await fenField(page).inputValue(), START);
    assert.equal(await textField(page).inputValue(), "rnbqkbnr\npppppppp\n........\n........\n........\n........\nPPPPPPPP\nRNBQKBNR");
    await tool(page, "N").click();
    await square(page, "e4").click();
    const fen = "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert.equal(await fenField(page).inputValue(), fen);
    assert.equal(await textField(page).inputValue(), "rnbqkbnr\npppppppp\n........\n........\n....N...\n........\nPPPPPPPP\nRNBQKBNR");
    await page.locator(`${el} .io-fen .copy`).click();
    await eventually(() => page.locator(`${el} .io-fen .copy`).textContent(), "Copied!");
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), fen);
    await page.locator(`${el} .io-text .copy`).click();
    await eventually(() => page.locator(`${el} .io-text .copy`).textContent(), "Copied!");
    assert.equal(await live(page), "Copied!");
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await textField(page).inputValue());
    await close();
  });
});

describe("castling, en passant, counters", () => {
  test("castling boxes only for a king and rook at home; en passant only where a pawn can take", async () => {
    const { page, close } = await open();
    const box = (r) => page.locator(`${el} .castling input[value="${r}"]`);
    for (const r of "KQkq") {
      assert.equal(await box(r).isChecked(), true, r);
      assert.equal(await box(r).isEnabled(), true, r);
    }
    assert.equal(await box("K").getAttribute("aria-label"), "White: castling on the king’s side (O-O)");
    await tool(page, "x").click();
    await square(page, "h1").click();
    assert.equal(await box("K").isEnabled(), false);
    assert.equal(await box("K").isChecked(), false);
    assert.match(await fenOf(page), / w Qkq - 0 1$/);
    await tool(page, "R").click();
    await square(page, "h1").click();
    assert.equal(await box("K").isEnabled(), true, "the rook is back");
    assert.equal(await box("K").isChecked(), true);
    await box("q").uncheck();
    assert.match(await fenOf(page), / w KQk - 0 1$/);
    assert.equal(await textField(page).inputValue(), "rnbqkbnr\npppppppp\n........\n........\n........\n........\nPPPPPPPP\nRNBQKBNR\nw KQk - 0 1", "a 9th line when the rights differ from the placement's");

    // en passant
    await fenField(page).fill("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1");
    const ep = page.locator(`${el} select.ep`);
    assert.deepEqual(await ep.locator("option").evaluateAll((o) => o.map((x) => x.value)), ["", "d6"]);
    await ep.selectOption("d6");
    assert.equal(await fenOf(page), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert.equal(await textField(page).inputValue(), "....k...\n........\n........\n...pP...\n........\n........\n........\n....K...\nw - d6 0 1");
    assert.equal(await live(page), "En passant on d6");
    // the side to move changes: no en passant any more
    await page.locator(`${el} .side label`, { hasText: "Black" }).click();
    assert.equal(await fenOf(page), "4k3/8/8/3pP3/8/8/8/4K3 b - - 0 1");
    assert.equal(await ep.isDisabled(), true);

    // the move counters
    await page.locator(`${el} .counters summary`).click();
    await page.locator(`${el} input.half`).fill("7");
    await page.locator(`${el} input.full`).fill("31");
    assert.equal(await fenOf(page), "4k3/8/8/3pP3/8/8/8/4K3 b - - 7 31");
    await page.locator(`${el} input.full`).fill("0");
    assert.equal(await page.locator(`${el} input.full`).getAttribute("aria-invalid"), "true");
    assert.equal(await fenOf(page), "4k3/8/8/3pP3/8/8/8/4K3 b - - 7 31", "a move number 0 is not taken");
    await close();
  });
});

describe("import", () => {
  test("a FEN and a text board are read as they are typed; errors next to the field", async () => {
    const { page, close } = await open({ attrs: { fen: EMPTY } });
    const fenError = page.locator(`${el} #fen-error`);
    const textError = page.locator(`${el} #text-error`);

    await fenField(page).fill("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w");
    assert.equal(await fenError.isVisible(), true);
    assert.equal(await fenError.textContent(), "FEN, the pieces: rank 1 has 7 squares; a rank has 8");
    assert.equal(await fenField(page).getAttribute("aria-invalid"), "true");
    assert.equal(await fenOf(page), EMPTY, "the board keeps its position");
    await fenField(page).fill("r3k2r/8/8/8/8/8/8/R3K2R b Kq - 3 20");
    assert.equal(await fenError.isVisible(), false);
    assert.equal(await fenOf(page), "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 3 20");
    assert.equal(await label(page, "a8"), "a8, black rook");
    assert.equal(await textField(page).inputValue(), "r...k..r\n........\n........\n........\n........\n........\n........\nR...K..R\nb Kq - 3 20");
    await fenField(page).fill("4k3/8/8/8/8/8/8/4K3 w X");
    assert.equal(await fenError.textContent(), "FEN, castling: 'X' is not a castling right; use K, Q, k, q or '-'");
    await fenField(page).fill("4k3/8/8/8/8/8/8/4K3 w K");
    assert.equal(await fenError.textContent(), "FEN, castling: white may not castle on the king's side: no rook on h1");

    // a text board
    await textField(page).fill("........\n..x.....\n........\n........\n........\n........\n........\n....K..k");
    assert.equal(await textError.textContent(), "Text board, line 2, column 3: 'x' is not a piece letter (PNBRQK, pnbrqk) or '.'");
    await textField(page).fill("...q....\n......k.\n........\n........\n........\n........\n.....PPP\n......K.");
    assert.equal(await textError.isVisible(), false);
    assert.equal(await fenOf(page), "3q4/6k1/8/8/8/8/5PPP/6K1 w - - 0 1");
    assert.equal(await fenField(page).inputValue(), "3q4/6k1/8/8/8/8/5PPP/6K1 w - - 0 1");
    assert.equal(await fenError.isVisible(), false, "the FEN field's old error is gone");
    await textField(page).fill("...q....\n......k.\n........\n........\n........\n........\n.....PPP\n......K.\nb - - 0 1");
    assert.equal(await fenOf(page), "3q4/6k1/8/8/8/8/5PPP/6K1 b - - 0 1");
    await screenshot(page, "setup-800-text-board-import");

    // pieces that cannot stand so are still shown, with the reason on the board
    await fenField(page).fill("4k3/8/8/8/8/8/8/K3K3 w - - 0 1");
    assert.equal(await fenError.isVisible(), false);
    assert.deepEqual(await problems(page), ["a1", "e1"]);
    assert.match(await verdict(page), /White has 2 kings/);
    await close();
  });

  test("a fen attribute that cannot be read shows the reason in the FEN field", async () => {
    const { page, close } = await open({ attrs: { fen: "nonsense" } });
    assert.equal(await fenField(page).inputValue(), "nonsense");
    assert.equal(await page.locator(`${el} #fen-error`).textContent(), "FEN, the pieces: expected 8 ranks separated by '/', found 1");
    // the property and the attribute load a position
    await page.evaluate(() => (document.querySelector("chess-setup").fen = "8/8/8/8/8/8/8/k6K b - - 0 1"));
    assert.equal(await fenOf(page), "8/8/8/8/8/8/8/k6K b - - 0 1");
    assert.equal(await page.locator(`${el} #fen-error`).isVisible(), false);
    assert.equal(await label(page, "a1"), "a1, black king");
    assert.equal(await page.evaluate(() => window.__changes.length), 0, "setup-change is for changes made on the element");
    await close();
  });
});

describe("keyboard, drag and play", () => {
  test("the board is a grid and the palette a radiogroup: arrows, Enter, Delete, letters", async () => {
    const { page, close } = await open({ attrs: { fen: EMPTY } });
    assert.equal(await page.locator(`${el} svg.board`).getAttribute("role"), "grid");
    assert.equal(await page.locator(`${el} .palette`).getAttribute("role"), "radiogroup");
    assert.equal(await page.locator(`${el} .palette [role="radio"]`).count(), 13);
    await page.keyboard.press("Tab");
    assert.equal(await focused(page), "e2", "one square is in the Tab order");
    await page.keyboard.press("Tab");
    assert.equal(await focused(page), "K", "then the palette");
    for (let k = 0; k < 4; k++) await page.keyboard.press("ArrowRight");
    assert.equal(await focused(page), "N");
    assert.equal(await tool(page, "N").getAttribute("aria-checked"), "true");
    await page.keyboard.press("Shift+Tab");
    assert.equal(await focused(page), "e2");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    assert.equal(await focused(page), "e4");
    await page.keyboard.press("Enter");
    assert.equal(await label(page, "e4"), "e4, white knight");
    assert.match(await live(page), /^White knight on e4/);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Space");
    assert.equal(await label(page, "f4"), "f4, white knight");
    await page.keyboard.press("Delete");
    assert.equal(await label(page, "f4"), "f4, empty");
    assert.match(await live(page), /^White knight taken off f4/);
    // letters: K a white king, k a black one
    await page.keyboard.press("Shift+K");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("k");
    assert.equal(await label(page, "f4"), "f4, white king");
    assert.equal(await label(page, "f7"), "f7, black king");
    assert.equal(await tool(page, "k").getAttribute("aria-checked"), "true");
    assert.equal(await fenOf(page), "8/5k2/8/8/4NK2/8/8/8 w - - 0 1");
    assert.equal(await page.locator(`${el} .cursor[data-on]`).count(), 1, "the focused square has a visible ring");
    await screenshot(page, "setup-800-keyboard");
    // flipped, the arrows go as seen
    await page.locator(`${el} [data-action="flip"]`).click();
    assert.equal(await page.locator(el).getAttribute("orientation"), "black");
    await square(page, "f7").focus();
    await page.keyboard.press("ArrowUp");
    assert.equal(await focused(page), "f6");
    await close();
  });

  test("drag from the palette, between squares, and off the board", async () => {
    const { page, close } = await open({ attrs: { fen: EMPTY } });
    await drag(page, tool(page, "B"), square(page, "c4"));
    assert.equal(await label(page, "c4"), "c4, white bishop");
    assert.equal(await tool(page, "B").getAttribute("aria-checked"), "true", "the dragged piece is picked");
    await drag(page, square(page, "c4"), square(page, "f7"));
    assert.equal(await label(page, "c4"), "c4, empty");
    assert.equal(await label(page, "f7"), "f7, white bishop");
    assert.equal(await live(page), "White bishop moved from c4 to f7");
    const board = await page.locator(`${el} svg.board`).boundingBox();
    await drag(page, square(page, "f7"), { x: board.x + board.width + 40, y: board.y + 40 });
    assert.equal(await label(page, "f7"), "f7, empty");
    assert.equal(await fenOf(page), EMPTY);
    assert.equal(await page.locator(`${el} .piece.dragging`).count(), 0, "no piece is left lifted");
    await close();
  });

  test("Play from this position fires setup-play with the FEN; disabled while illegal", async () => {
    const { page, close } = await open({ attrs: { fen: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1" } });
    await page.locator(`${el} .play`).click();
    assert.deepEqual(await page.evaluate(() => window.__plays), [{ fen: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1" }]);
    const flags = await page.evaluate(
      () =>
        new Promise((resolve) => {
          document.addEventListener("setup-play", (e) => resolve([e.bubbles, e.composed]), { once: true });
          document.querySelector("chess-setup").shadowRoot.querySelector(".play").click();
        }),
    );
    assert.deepEqual(flags, [true, true], "setup-play bubbles out of the shadow root");
    await tool(page, "P").click();
    await square(page, "e8").click(); // a pawn on the black king's square, on rank 8
    assert.equal(await page.locator(`${el} .play`).isDisabled(), true);
    await page.locator(`${el} .play`).click({ force: true });
    assert.equal(await page.evaluate(() => window.__plays.length), 2, "no event while illegal");
    await close();
  });
});

describe("the element's methods", () => {
  test("put and remove(square) change a square; remove() with no square takes the element off the page, as Element.remove() does", async () => {
    const { page, close } = await open({ attrs: { fen: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1" } });
    await page.evaluate(() => document.querySelector("chess-setup").put("d4", "N"));
    assert.equal(await fenOf(page), "4k3/8/8/8/3N4/8/4P3/4K3 w - - 0 1");
    await page.evaluate(() => document.querySelector("chess-setup").remove("e2"));
    assert.equal(await fenOf(page), "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1");
    assert.equal((await lastChange(page)).fen, "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1");
    const changes = await page.evaluate(() => window.__changes.length);
    // (before: the element stayed, and said that the square "undefined" was empty)
    const left = await page.evaluate(() => {
      const setup = document.querySelector("chess-setup");
      setup.remove();
      return [setup.isConnected, document.querySelectorAll("chess-setup").length];
    });
    assert.deepEqual(left, [false, 0], "the element has left the page");
    assert.equal(await page.evaluate(() => window.__changes.length), changes, "no setup-change for leaving the page");
    await close();
  });
});

describe("Russian, phones and desktops", () => {
  test("Russian labels, reasons and announcements; the language from the page", async () => {
    const { page, close } = await open({ lang: null, pageLang: "ru", attrs: { fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1" } });
    assert.equal(await label(page, "e1"), "e1, белый король");
    assert.equal(await label(page, "d1"), "d1, пусто");
    assert.equal(await tool(page, "r").getAttribute("aria-label"), "чёрная ладья");
    assert.equal(await tool(page, "x").getAttribute("aria-label"), "Ластик");
    assert.match(await verdict(page), /Позиция правильная\./);
    assert.equal(await page.locator(`${el} .play`).textContent(), "▶Играть с этой позиции");
    await tool(page, "K").click();
    await square(page, "a1").click();
    await square(page, "b1").click();
    assert.match(await verdict(page), /Так не бывает:\s*У белых 3 короля, а король бывает только один\./);
    assert.equal(await label(page, "b1"), "b1, белый король, здесь ошибка");
    assert.equal(await live(page), "Белый король на b1. Так не бывает: У белых 3 короля, а король бывает только один.");
    await tool(page, "x").click();
    await square(page, "a1").click();
    assert.equal(await live(page), "Белый король убран с a1. Так не бывает: У белых 2 короля, а король бывает только один.");
    await square(page, "b1").click();
    await tool(page, "p").click();
    await square(page, "d1").click();
    assert.match(await verdict(page), /Пешка не может стоять на d1/);
    assert.equal(await live(page), "Чёрная пешка на d1. Так не бывает: Пешка не может стоять на d1: на 1-й и 8-й горизонтали пешек не бывает.");
    await screenshot(page, "setup-800-ru-pawn-rank-1");
    await square(page, "d1").click();
    assert.equal(await live(page), "Чёрная пешка убрана с d1. Позиция правильная.");
    await fenField(page).fill("4k3/8/8/8/8/8/8/4K3 w - - 0 0");
    assert.equal(await page.locator(`${el} #fen-error`).textContent(), "FEN, номер хода: «0» — не номер хода (1 или больше).");
    // the page switches to English: the element follows
    await page.evaluate(() => (document.documentElement.lang = "en"));
    await page.waitForFunction(() => document.querySelector("chess-setup").shadowRoot.querySelector('[data-square="e1"]').getAttribute("aria-label") === "e1, white king");
    await close();
  });

  for (const [width, height, lang] of [[360, 800, "en"], [360, 800, "ru"], [1100, 900, "en"]]) {
    const phone = width < 500;
    test(`${width} px (${lang}): the board and the palette fit, nothing scrolls sideways${phone ? "; taps" : ""}`, async () => {
      const { page, close } = await open({ width, height, lang, context: { hasTouch: phone }, attrs: { fen: "r3k2r/pppq1ppp/2n2n2/4p3/2B1P3/2NP1N2/PPP2PPP/R2QK2R w KQkq - 0 1" } });
      const press = (locator) => (phone ? locator.tap() : locator.click());
      const board = await page.locator(`${el} svg.board`).boundingBox();
      assert.ok(Math.abs(board.width - board.height) < 1, "the board is square");
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scrollWidth <= width, `no horizontal scrolling (${scrollWidth})`);
      for (const b of await page.locator(`${el} .tool`).all()) {
        const box = await b.boundingBox();
        assert.ok(box.width >= 40 && box.height >= 40, `palette buttons are big enough to tap (${box.width}×${box.height})`);
      }
      if (width > 1000) {
        const panel = await page.locator(`${el} .panel`).boundingBox();
        assert.ok(panel.x > board.x + board.width, "the panel is beside the board");
      }
      await press(tool(page, "N"));
      await press(square(page, "g5"));
      await press(square(page, "d5"));
      await press(tool(page, "P"));
      await press(square(page, "h8"));
      assert.equal(await fenOf(page), "r3k2P/pppq1ppp/2n2n2/3Np1N1/2B1P3/2NP1N2/PPP2PPP/R2QK2R w KQq - 0 1");
      assert.deepEqual(await problems(page), ["h8"]);
      await screenshot(page, `setup-${width}-${lang}`);
      await close();
    });
  }

  for (const lang of ["en", "ru"]) {
    test(`360 px (${lang}): two white kings are said in the rules' words and marked`, async () => {
      const { page, close } = await open({ width: 360, height: 800, lang, attrs: { fen: "4k3/8/8/8/8/8/8/K3K3 w - - 0 1" } });
      assert.deepEqual(await problems(page), ["a1", "e1"]);
      assert.match(await verdict(page), lang === "ru" ? /Так не бывает:\s*У белых 2 короля, а король бывает только один\./ : /This position is not possible:\s*White has 2 kings; a side has one king/);
      await screenshot(page, `setup-360-${lang}-two-kings`);
      await close();
    });
  }

  test("a rules error in words by its id and args; the squares from args, or the pieces it counts", async () => {
    const { explain } = await import("../../www/widget/setup.js");
    const words = { ...(await import("../../www/i18n/en/messages-core.js")).default, ...(await import("../../www/i18n/en/setup.js")).default };
    const error = (id, args) => Object.assign(new Error("English for logs"), { id, args });
    const pieces = new Map([["e1", "K"], ["h1", "K"], ["e8", "k"], ["a2", "P"], ["b8", "p"]]);
    const kings = error("position-kings", { side: "white", count: 2, field: 1, source: "fen" });
    assert.deepEqual(explain(kings, words, pieces, false), { kind: "position-kings", args: kings.args, text: "White has 2 kings; a side has one king", squares: new Set(["e1", "h1"]) });
    assert.deepEqual([...explain(error("position-pawns", { side: "white", count: 9 }), words, pieces, false).squares], ["a2"]);
    assert.deepEqual([...explain(error("position-pieces", { side: "black", count: 17 }), words, pieces, false).squares], ["e8", "b8"]);
    assert.deepEqual([...explain(error("position-pawn-on-edge", { square: "b8" }), words, pieces, false).squares], ["b8"]);
    assert.deepEqual([...explain(error("position-in-check", { side: "black", square: "e8", turn: "white" }), words, pieces, false).squares], ["e8"]);
    const letter = error("fen-bad-castling", { letter: "X", field: 3, source: "fen" });
    assert.equal(explain(letter, words, pieces, true).text, "FEN, castling: 'X' is not a castling right; use K, Q, k, q or '-'");
    assert.equal(explain(letter, words, pieces, false).text, "'X' is not a castling right; use K, Q, k, q or '-'", "the place only for text typed in");
  });

  // The plain widget never imports the setup board: tests/js/module-graph.test.mjs.
});
