// <chess-tutor> in real Chromium: highlights, the formula panel, special moves by mouse, by
// keyboard and by touch, ARIA and announcements, attributes, events, and screenshots.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { openPage, screenshot as save, useServerAndBrowser } from "./helpers.mjs";

const env = useServerAndBrowser();

const CASTLE = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
const EN_PASSANT = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
const PROMOTION = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";

/**
 * Opens the app page (index.html) with the widget. `query`: lang, fen, coordinates.
 * `context`: options for browser.newContext (viewport, touch, reduced motion…).
 */
async function open({ width = 800, height = 900, context: contextOptions = {}, ...query } = {}) {
  const context = await env.browser.newContext({ viewport: { width, height }, ...contextOptions });
  const { page, problems } = await openPage(context);
  const params = new URLSearchParams({ lang: "en", coordinates: "algebraic", ...query });
  await page.goto(`${env.server.url}?${params}#/play`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
  // wait until the piece images are decoded, so that screenshots show them
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(150);
  return { page, problems, close: () => context.close() };
}

/** Saves a screenshot once the slides have finished. */
async function screenshot(page, name) {
  await page.evaluate(() => Promise.all(document.querySelector("chess-tutor").shadowRoot.getAnimations().map((a) => a.finished)));
  return save(page, name);
}
const square = (page, sq) => page.locator(`[data-square="${sq}"]`);
const targets = (page) =>
  page.locator("[data-target]").evaluateAll((cells) => cells.map((c) => `${c.dataset.square}:${c.dataset.target}`).sort());
const fen = (page) => page.evaluate(() => document.querySelector("chess-tutor").fen);
const live = (page) => page.locator("chess-tutor .sr-only").textContent().then((t) => t.trim());
// the panel's text once drawn (its explanation comes with explain.js: aria-busy until then)
const panel = (page) => page.locator("chess-tutor .formula:not([aria-busy])").textContent();
const label = (page, sq) => square(page, sq).getAttribute("aria-label");
const waitLabel = (page, sq, text) =>
  page.waitForFunction(([s, t]) => document.querySelector("chess-tutor").shadowRoot.querySelector(`[data-square="${s}"]`)?.getAttribute("aria-label") === t, [sq, text], { timeout: 5000 });
/** The element that has the keyboard focus, looking inside shadow roots. */
const focused = (page) =>
  page.evaluate(() => {
    let a = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return a?.dataset?.square ?? a?.dataset?.piece ?? a?.tagName;
  });
const setFen = (page, value) => page.evaluate((v) => document.querySelector("chess-tutor").setAttribute("fen", v), value);

describe("highlights and the formula panel", () => {
  test("e2 shows exactly e3 and e4, g1 exactly f3 and h3, with the formulas from the rules", async () => {
    const { page, problems, close } = await open();
    const table = await page.evaluate(async () => (await import("./pkg/chess_tutor.js")).formulas());
    const lines = (kind) => table.find((f) => f.kind === kind).lines.map((l) => l.text);
    await screenshot(page, "widget-800-initial");

    await square(page, "e2").click();
    assert.deepEqual(await targets(page), ["e3:move", "e4:move"]);
    assert.equal(await square(page, "e2").getAttribute("data-selected"), "");
    // the square as (i, j) only with the formulas open (a child of six hears "e2", not numbers)
    assert.match(await panel(page), /Pawn: e2The pawn steps forward/);
    // the formula is behind "How is it counted?"
    await page.locator("chess-tutor .f-toggle").click();
    const pawn = await panel(page);
    for (const text of lines("pawn")) assert.ok(pawn.includes(text), `panel shows ${text}`);
    await square(page, "e4").hover();
    assert.match(await panel(page), /n = 2, ΔI = \+1, ΔJ = 0 → i1 = 3, j1 = 4/);
    assert.match(await panel(page), /i1 = 1 \+ 2·\(\+1\) = 3, j1 = 4/);
    await screenshot(page, "widget-800-pawn-e2-hover-e4");

    await square(page, "g1").click();
    assert.deepEqual(await targets(page), ["f3:move", "h3:move"]);
    const knight = await panel(page);
    assert.match(knight, /Knight:/);
    for (const text of lines("knight")) assert.ok(knight.includes(text), `panel shows ${text}`);
    await square(page, "f3").hover();
    assert.match(await panel(page), /n = 1, ΔI = \+1, ΔJ = −1 → i1 = 2, j1 = 5/);
    await screenshot(page, "widget-800-knight-g1-hover-f3");
    assert.deepEqual(problems, []);
    await close();
  });

  test("at 320 px the board fits and the same highlights work", async () => {
    const { page, problems, close } = await open({ width: 320, height: 700, coordinates: "ij" });
    const box = await page.locator("chess-tutor svg.board").boundingBox();
    assert.ok(box.width >= 280 && box.width <= 320, `board width ${box.width}`);
    assert.ok(Math.abs(box.width - box.height) < 1, "the board is square");
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scrollWidth <= 320, `no horizontal scrolling (${scrollWidth})`);
    await square(page, "e2").click();
    assert.deepEqual(await targets(page), ["e3:move", "e4:move"]);
    await screenshot(page, "widget-320-pawn-e2");
    await square(page, "g1").click();
    assert.deepEqual(await targets(page), ["f3:move", "h3:move"]);
    await screenshot(page, "widget-320-knight-g1");
    assert.deepEqual(problems, []);
    await close();
  });

  test("an empty square or an enemy piece says gently why nothing happens", async () => {
    const { page, close } = await open();
    await square(page, "e4").click();
    assert.equal(await page.locator("chess-tutor .message").textContent(), "This square is empty — pick one of your pieces.");
    assert.deepEqual(await targets(page), []);
    await square(page, "e7").click();
    assert.equal(await page.locator("chess-tutor .message").textContent(), "That is Black’s piece — it is White’s turn.");
    await screenshot(page, "widget-800-enemy-piece-message");
    await square(page, "e2").click();
    await square(page, "e5").click();
    assert.match(await page.locator("chess-tutor .message").textContent(), /cannot go to e5/);
    assert.deepEqual(await targets(page), []);
    await close();
  });
});

describe("special moves by clicking", () => {
  test("castling", async () => {
    const { page, problems, close } = await open({ fen: CASTLE });
    await square(page, "e1").click();
    assert.deepEqual(await targets(page), ["c1:castle", "d1:move", "f1:move", "g1:castle"]);
    await square(page, "g1").hover();
    assert.match(await panel(page), /Castling/);
    await screenshot(page, "widget-800-castling-targets");
    await square(page, "g1").click();
    assert.equal(await label(page, "g1"), "g1, white king");
    assert.equal(await label(page, "f1"), "f1, white rook");
    assert.match(await fen(page), /^r3k2r\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/R4RK1 b kq/);
    assert.deepEqual(problems, []);
    await close();
  });

  test("en passant", async () => {
    const { page, problems, close } = await open({ fen: EN_PASSANT });
    await square(page, "e5").click();
    assert.deepEqual(await targets(page), ["d6:en-passant", "e6:move"]);
    assert.equal(await page.locator("chess-tutor .marker.m-ghost").count(), 1, "a ghost on the pawn taken");
    await screenshot(page, "widget-800-en-passant-targets");
    await square(page, "d6").click();
    assert.equal(await label(page, "d6"), "d6, white pawn");
    assert.equal(await label(page, "d5"), "d5, empty");
    assert.equal(await label(page, "e5"), "e5, empty");
    assert.deepEqual(problems, []);
    await close();
  });

  test("promotion with the picker", async () => {
    const { page, problems, close } = await open({ fen: PROMOTION });
    await square(page, "a7").click();
    assert.deepEqual(await targets(page), ["a8:promotion"]);
    await square(page, "a8").click();
    const dialog = page.getByRole("dialog", { name: "Choose a new piece" });
    await dialog.waitFor();
    assert.deepEqual(await dialog.getByRole("button").allTextContents(), ["Queen", "Rook", "Bishop", "Knight", "Cancel"]);
    await screenshot(page, "widget-800-promotion-picker");
    await dialog.getByRole("button", { name: "Knight" }).click();
    assert.equal(await dialog.isHidden(), true);
    assert.equal(await label(page, "a8"), "a8, white knight");
    assert.equal(await fen(page), "N3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    await screenshot(page, "widget-800-promoted-knight");
    assert.deepEqual(problems, []);
    await close();
  });

  test("auto-queen promotes without asking", async () => {
    const { page, close } = await open({ fen: PROMOTION });
    await page.evaluate(() => document.querySelector("chess-tutor").setAttribute("auto-queen", ""));
    await square(page, "a7").click();
    await square(page, "a8").click();
    assert.equal(await page.locator("chess-tutor .promotion").isHidden(), true);
    assert.equal(await label(page, "a8"), "a8, white queen");
    await close();
  });
});

describe("keyboard only", () => {
  /** Tabs from the top of the page into the board; returns the focused square. */
  async function tabIntoBoard(page) {
    for (let k = 0; k < 30; k++) {
      await page.keyboard.press("Tab");
      const f = await focused(page);
      assert.notEqual(f, "svg", "the board's <svg> is no tab stop of its own: the squares are");
      if (/^[a-h][1-8]$/.test(f)) return f;
    }
    throw new Error("Tab never reached the board");
  }

  test("arrows move over the squares, Enter selects and moves, Escape cancels", async () => {
    const { page, problems, close } = await open();
    assert.equal(await tabIntoBoard(page), "e2");
    assert.equal(await page.locator('[data-square][tabindex="0"]').count(), 1, "roving tabindex");
    await page.keyboard.press("Enter");
    assert.deepEqual(await targets(page), ["e3:move", "e4:move"]);
    assert.equal(await live(page), "Pawn on e2: 2 moves");
    await page.keyboard.press("Escape");
    assert.deepEqual(await targets(page), []);
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    assert.equal(await focused(page), "e4");
    assert.match(await panel(page), /To e4: 2 steps up/, "focusing a target explains it");
    await screenshot(page, "widget-800-keyboard-focus-e4");
    await page.keyboard.press("Enter");
    assert.equal(await live(page), "White: pawn e2–e4");
    // Black answers: g8 to f6
    for (const key of ["ArrowUp", "ArrowUp", "ArrowUp", "ArrowUp", "ArrowRight", "ArrowRight"]) await page.keyboard.press(key);
    assert.equal(await focused(page), "g8");
    await page.keyboard.press("Enter");
    assert.deepEqual(await targets(page), ["f6:move", "h6:move"]);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Enter");
    assert.equal(await label(page, "f6"), "f6, black knight");
    assert.deepEqual(problems, []);
    await close();
  });

  /** Arrow keys from the focused square to `sq` (White at the bottom). */
  async function go(page, sq) {
    const from = await focused(page);
    const di = Number(sq[1]) - Number(from[1]);
    const dj = sq.charCodeAt(0) - from.charCodeAt(0);
    for (let k = 0; k < Math.abs(di); k++) await page.keyboard.press(di > 0 ? "ArrowUp" : "ArrowDown");
    for (let k = 0; k < Math.abs(dj); k++) await page.keyboard.press(dj > 0 ? "ArrowRight" : "ArrowLeft");
    assert.equal(await focused(page), sq);
  }

  test("castling, en passant and promotion by keyboard", async () => {
    const { page, problems, close } = await open({ fen: CASTLE });
    await tabIntoBoard(page);
    await go(page, "e1");
    await page.keyboard.press("Enter");
    await go(page, "g1");
    assert.match(await panel(page), /Castling/);
    await page.keyboard.press("Enter");
    assert.equal(await label(page, "g1"), "g1, white king");
    assert.equal(await label(page, "f1"), "f1, white rook");
    assert.equal(await live(page), "White: king e1–g1, castling");

    await setFen(page, EN_PASSANT); // the focus stays on the board
    await go(page, "e5");
    await page.keyboard.press("Enter");
    await go(page, "d6");
    await page.keyboard.press("Space");
    assert.equal(await label(page, "d6"), "d6, white pawn");
    assert.equal(await label(page, "d5"), "d5, empty");
    assert.equal(await live(page), "White: pawn e5 takes d6");

    await setFen(page, PROMOTION);
    await go(page, "a7");
    await page.keyboard.press("Enter");
    await go(page, "a8");
    await page.keyboard.press("Enter");
    assert.equal(await focused(page), "q", "the picker takes the focus, queen first");
    await page.keyboard.press("Escape");
    assert.equal(await page.locator("chess-tutor .promotion").isHidden(), true, "Escape closes the picker");
    assert.equal(await focused(page), "a7");
    await page.keyboard.press("Enter"); // a7 is still selected: Enter lets go of it
    assert.deepEqual(await targets(page), []);
    for (const key of ["Enter", "ArrowUp", "Enter", "ArrowRight", "ArrowRight"]) await page.keyboard.press(key);
    assert.equal(await focused(page), "b");
    await screenshot(page, "widget-800-keyboard-promotion-picker");
    await page.keyboard.press("Enter");
    assert.equal(await label(page, "a8"), "a8, white bishop");
    // king and bishop against king: nobody can mate any more
    assert.match(await live(page), /^White: pawn a7–a8 — now a bishop\. Draw: nobody can checkmate/);
    assert.deepEqual(problems, []);
    await close();
  });

  test("arrow keys follow the board when it is flipped", async () => {
    const { page, close } = await open();
    await page.evaluate(() => document.querySelector("chess-tutor").setAttribute("orientation", "black"));
    await page.locator('[data-square][tabindex="0"]').focus();
    assert.equal(await focused(page), "e2");
    await page.keyboard.press("ArrowUp"); // up on the screen is towards rank 1 now
    assert.equal(await focused(page), "e1");
    await page.keyboard.press("ArrowRight"); // right on the screen is towards the a-file
    assert.equal(await focused(page), "d1");
    const a1 = await square(page, "a1").boundingBox();
    const h8 = await square(page, "h8").boundingBox();
    assert.ok(a1.y < h8.y && a1.x > h8.x, "a1 is at the top right");
    await screenshot(page, "widget-800-black-orientation");
    await close();
  });
});

describe("ARIA and announcements", () => {
  test("the board is a grid of rows of labelled cells (en)", async () => {
    const { page, close } = await open();
    const grid = page.getByRole("grid", { name: "Chessboard" });
    assert.equal(await grid.getByRole("row").count(), 8);
    assert.equal(await grid.getByRole("gridcell").count(), 64);
    await grid.getByRole("gridcell", { name: "e2, white pawn" }).click();
    const snapshot = await grid.ariaSnapshot();
    assert.match(snapshot, /- grid "Chessboard"/);
    assert.match(snapshot, /- row/);
    assert.match(snapshot, /- gridcell "e2, white pawn" \[selected\]/);
    assert.match(snapshot, /- gridcell "e4, empty, can move here"/);
    assert.match(snapshot, /- gridcell "e8, black king"/);
    assert.equal(await live(page), "Pawn on e2: 2 moves");
    await page.getByRole("gridcell", { name: "e4, empty, can move here" }).click();
    assert.equal(await live(page), "White: pawn e2–e4");
    await close();
  });

  test("Russian labels and announcements, with plural forms", async () => {
    const { page, problems, close } = await open({ lang: "ru", fen: "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1" });
    const grid = page.getByRole("grid", { name: "Шахматная доска" });
    await grid.getByRole("gridcell", { name: "e1, король белых" }).click();
    assert.equal(await live(page), "Король на e1: 5 ходов");
    await square(page, "e3").click();
    assert.equal(await live(page), "Пешка на e3: 1 ход");
    assert.match(await grid.ariaSnapshot(), /- gridcell "e4, пусто, можно пойти сюда"/);
    await setFen(page, "");
    await square(page, "g1").click();
    assert.equal(await live(page), "Конь на g1: 2 хода");
    assert.match(await panel(page), /Конь:/);
    await screenshot(page, "widget-800-ru-knight");
    await square(page, "g1").click(); // let go of the knight
    assert.deepEqual(await targets(page), []);
    await square(page, "e8").click();
    assert.equal(await live(page), "Это фигура чёрных — сейчас ход белых.");
    assert.deepEqual(problems, []);
    await close();
  });

  test("check and mate are announced, highlighted and sent as game-over (ru)", async () => {
    const { page, close } = await open({ lang: "ru", width: 500 });
    await page.evaluate(() => {
      window.events = [];
      for (const type of ["move", "select", "game-over"]) {
        document.addEventListener(type, (e) => window.events.push({ type, detail: JSON.parse(JSON.stringify(e.detail)) }));
      }
    });
    for (const [from, to] of [["f2", "f3"], ["e7", "e5"], ["g2", "g4"], ["d8", "h4"]]) {
      await square(page, from).click();
      await square(page, to).click();
    }
    assert.equal(await live(page), "Ход чёрных: ферзь d8–h4. Мат! Победа чёрных.");
    assert.equal(await page.locator("chess-tutor .status").textContent(), "Мат! Победа чёрных.");
    assert.equal(await square(page, "e1").getAttribute("data-check"), "");
    await screenshot(page, "widget-500-ru-checkmate");
    const events = await page.evaluate(() => window.events);
    const over = events.filter((e) => e.type === "game-over");
    assert.equal(over.length, 1);
    assert.deepEqual(over[0].detail.outcome, { winner: "black", reason: "checkmate", result: "0-1" });
    const moves = events.filter((e) => e.type === "move");
    assert.equal(moves.length, 4);
    assert.equal(moves[3].detail.move.san, "Qh4#");
    assert.equal(moves[3].detail.status.state, "checkmate");
    assert.match(moves[3].detail.fen, /^rnb1kbnr/);
    const selects = events.filter((e) => e.type === "select" && e.detail.square);
    assert.deepEqual(Object.keys(selects[0].detail).sort(), ["i", "j", "piece", "square", "targets"]);
    assert.equal(selects[0].detail.square, "f2");
    assert.equal(selects[0].detail.targets.length, 2);
    // a click after the end says why nothing happens
    await square(page, "a2").click();
    assert.match(await page.locator("chess-tutor .message").textContent(), /Партия окончена/);
    await close();
  });
  test("every end of the game is told in the child's language", async () => {
    const { page, close } = await open({ lang: "ru" });
    const el = page.locator("chess-tutor");
    const ending = (setup) =>
      el.evaluate(async (e, code) => {
        const over = new Promise((resolve) => e.addEventListener("game-over", (ev) => resolve(ev.detail.outcome.reason), { once: true }));
        new Function("e", code)(e); // test code only: the page has no CSP
        const reason = await Promise.race([over, new Promise((resolve) => setTimeout(() => resolve(null), 1000))]);
        return { reason, status: e.shadowRoot.querySelector(".status").textContent };
      }, setup);
    assert.deepEqual(await ending(`e.fen = "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"; e.play("f1", "f7");`), {
      reason: "stalemate",
      status: "Пат: ходить некуда, но и шаха нет. Ничья.",
    });
    assert.deepEqual(await ending(`e.fen = "4k3/8/8/8/8/8/8/R3K3 w - - 149 100"; e.play("a1", "a2");`), {
      reason: "seventy-five-moves",
      status: "Ничья: 75 ходов подряд без взятий и ходов пешками.",
    });
    assert.deepEqual(await ending(`e.fen = "4k3/8/8/8/8/8/8/4K2R w - - 0 1"; e.play("e1", "f2"); e.play("e8", "d7"); e.resign("white");`), {
      reason: "resignation",
      status: "Победа чёрных: соперник сдался.",
    });
    assert.deepEqual(await ending(`e.fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";`), {
      reason: null,
      status: "Ничья: поставить мат уже никто не сможет.",
    }, "two bare kings: a dead position from the start (no game-over event: nothing happened)");
    await el.evaluate((e) => e.removeAttribute("fen"));
    const fivefold = await ending(`for (let k = 0; k < 4; k++) for (const [a, b] of [["g1", "f3"], ["g8", "f6"], ["f3", "g1"], ["f6", "g8"]]) e.play(a, b);`);
    assert.deepEqual(fivefold, { reason: "fivefold", status: "Ничья: одна и та же позиция повторилась пять раз." });
    await screenshot(page, "widget-800-ru-fivefold");
    await close();
  });
});

describe("pointer, touch and motion", () => {
  test("tap-tap moves on a touch screen", async () => {
    const { page, problems, close } = await open({ width: 360, height: 740, context: { hasTouch: true, isMobile: true } });
    await square(page, "e2").tap();
    assert.deepEqual(await targets(page), ["e3:move", "e4:move"]);
    await screenshot(page, "widget-360-touch-selected");
    await square(page, "e4").tap();
    assert.equal(await label(page, "e4"), "e4, white pawn");
    await square(page, "g8").tap();
    await square(page, "f6").tap();
    assert.equal(await label(page, "f6"), "f6, black knight");
    await screenshot(page, "widget-360-touch-after-moves");
    assert.equal(await page.locator("chess-tutor svg.board").evaluate((svg) => getComputedStyle(svg).touchAction), "none");
    assert.deepEqual(problems, []);
    await close();
  });

  test("drag and drop with the mouse", async () => {
    const { page, close } = await open();
    // the first rank in view (the app's header and two rows of tabs are above the board)
    await square(page, "g1").scrollIntoViewIfNeeded();
    const from = await square(page, "g1").boundingBox();
    const to = await square(page, "f3").boundingBox();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 - 10, from.y + from.height / 2 - 20, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await screenshot(page, "widget-800-dragging-knight");
    await page.mouse.up();
    assert.equal(await label(page, "f3"), "f3, white knight");
    // dropped on a square that is no target: the piece goes back
    const b = await square(page, "b8").boundingBox();
    const c = await square(page, "c5").boundingBox();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
    await page.mouse.down();
    await page.mouse.move(c.x + c.width / 2, c.y + c.height / 2, { steps: 8 });
    await page.mouse.up();
    assert.equal(await label(page, "b8"), "b8, black knight");
    assert.equal(await page.locator("chess-tutor image.dragging").count(), 0);
    await close();
  });

  test("moves slide, unless the reader asked for reduced motion", async () => {
    const animations = async (page) => {
      await square(page, "e2").click();
      await square(page, "e4").click();
      return page.evaluate(() => document.querySelector("chess-tutor").shadowRoot.getAnimations().length);
    };
    const normal = await open();
    assert.ok((await animations(normal.page)) > 0, "a slide animation runs");
    await normal.close();
    const reduced = await open({ context: { reducedMotion: "reduce" } });
    assert.equal(await animations(reduced.page), 0);
    await reduced.close();
  });
});

describe("attributes, API and events", () => {
  test("attributes are reflected live", async () => {
    const { page, problems, close } = await open({ width: 900 });
    const el = page.locator("chess-tutor");
    await el.evaluate((e) => e.setAttribute("coordinates", "ij"));
    assert.deepEqual(await page.locator("chess-tutor .coord").allTextContents(), [
      "0", "7", "1", "6", "2", "5", "3", "4", "4", "3", "5", "2", "6", "1", "7", "0", "i", "j",
    ]);
    await el.evaluate((e) => e.setAttribute("coordinates", "none"));
    assert.equal(await page.locator("chess-tutor .coord").count(), 0);
    await el.evaluate((e) => e.setAttribute("coordinates", "algebraic"));
    assert.equal(await page.locator("chess-tutor .coord").first().textContent(), "a");
    await el.evaluate((e) => e.setAttribute("lang", "ru"));
    await waitLabel(page, "e2", "e2, пешка белых"); // the Russian words load on first use
    await el.evaluate((e) => e.setAttribute("lang", "en"));
    await waitLabel(page, "e2", "e2, white pawn");
    await el.evaluate((e) => e.setAttribute("fen", "8/8/8/8/8/8/8/K6k w - - 0 1"));
    assert.equal(await page.locator("chess-tutor image.piece").count(), 2);
    assert.match(await page.locator("chess-tutor .status").textContent(), /nobody can checkmate/);
    await el.evaluate((e) => e.setAttribute("move-list", "san"));
    await el.evaluate((e) => e.removeAttribute("fen"));
    assert.equal(await page.locator("chess-tutor image.piece").count(), 32);
    await el.evaluate((e) => {
      e.play("e2", "e4");
      e.play("e7", "e5");
    });
    const moveList = () => page.locator("chess-tutor .moves li").allTextContents();
    assert.deepEqual(await moveList(), ["1. e4 e5"]);
    await el.evaluate((e) => e.setAttribute("move-list", "long"));
    assert.deepEqual(await moveList(), ["1. e2–e4 e7–e5"]);
    await el.evaluate((e) => e.setAttribute("move-list", "none"));
    assert.equal(await page.locator("chess-tutor .moves").isHidden(), true);
    const lesson = await el.evaluate(
      (e) =>
        new Promise((resolve) => {
          e.addEventListener("lesson", (ev) => resolve(ev.detail.url), { once: true });
          e.setAttribute("lesson", "lessons/knight-stars-1.json");
        }),
    );
    assert.equal(lesson, new URL("lessons/knight-stars-1.json", env.server.url).href);
    await page.waitForSelector('chess-tutor[data-lesson="intro"]', { timeout: 15_000 });
    await el.evaluate((e) => e.removeAttribute("lesson"));
    await page.waitForFunction(() => !document.querySelector("chess-tutor").dataset.lesson);
    assert.deepEqual(problems, []);
    await close();
  });

  test("the move list is kept as moves are played: shown moves stay, undo takes the last off, history() is the list", async () => {
    const { page, problems, close } = await open();
    const el = page.locator("chess-tutor");
    await el.evaluate((e) => e.setAttribute("move-list", "san"));
    const moveList = () => page.locator("chess-tutor .moves li").allTextContents();
    await el.evaluate((e) => {
      for (const [from, to] of [["e2", "e4"], ["e7", "e5"], ["g1", "f3"]]) e.play(from, to);
      // mark the spans shown now: a list made again would lose the marks
      for (const span of e.shadowRoot.querySelectorAll(".moves li span")) span.dataset.mark = "1";
    });
    assert.deepEqual(await moveList(), ["1. e4 e5", "2. Nf3"]);
    await el.evaluate((e) => {
      e.play("b8", "c6");
      e.undo();
      e.undo();
      e.play("g1", "h3");
    });
    assert.deepEqual(await moveList(), ["1. e4 e5", "2. Nh3"]);
    const marks = await el.evaluate((e) => [...e.shadowRoot.querySelectorAll(".moves li span:not(.n)")].map((x) => [x.textContent, x.dataset.mark ?? null, x.hasAttribute("data-last")]));
    assert.deepEqual(marks, [["e4", "1", false], ["e5", "1", false], ["Nh3", null, true]], "the moves still there were not made again");
    const history = await el.evaluate((e) => e.history().map((m) => [m.san, m.uci, m.explanation?.n ?? null]));
    assert.deepEqual(history, [["e4", "e2e4", 2], ["e5", "e7e5", 2], ["Nh3", "g1h3", 1]]);
    await el.evaluate((e) => e.redo() ?? e.undo());
    assert.deepEqual(await moveList(), ["1. e4 e5"]);
    await el.evaluate((e) => e.redo());
    assert.deepEqual(await moveList(), ["1. e4 e5", "2. Nh3"]);
    await el.evaluate((e) => e.reset());
    assert.equal(await page.locator("chess-tutor .moves").isHidden(), true);
    assert.deepEqual(await el.evaluate((e) => e.history()), []);
    assert.deepEqual(problems, []);
    await close();
  });

  test("the JS API: fen, play, undo, redo, reset and a bad position", async () => {
    const { page, close } = await open();
    const result = await page.locator("chess-tutor").evaluate((e) => {
      const out = {};
      out.move = e.play("g1", "f3");
      out.fenAfter = e.fen;
      out.undone = e.undo().san;
      out.redone = e.redo().san;
      out.history = e.history().map((m) => m.long);
      try {
        e.play("e2", "e5");
      } catch (error) {
        out.illegal = error.message;
      }
      e.fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
      out.startFen = e.fen;
      e.play("a1", "a7");
      e.reset();
      out.afterReset = e.fen;
      return out;
    });
    assert.equal(result.move.long, "Ng1–f3");
    assert.equal(result.fenAfter, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
    assert.equal(result.undone, "Nf3");
    assert.equal(result.redone, "Nf3");
    assert.deepEqual(result.history, ["Ng1–f3"]);
    assert.ok(result.illegal);
    assert.equal(result.startFen, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert.equal(result.afterReset, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");

    const error = await page.locator("chess-tutor").evaluate(
      (e) =>
        new Promise((resolve) => {
          e.addEventListener("position-error", (ev) => resolve(ev.detail.message), { once: true });
          e.setAttribute("fen", "not a position");
        }),
    );
    assert.match(error, /FEN/);
    assert.match(await page.locator("chess-tutor .message").textContent(), /could not be read/);
    await screenshot(page, "widget-800-bad-position");
    await close();
  });

  test("errors in the element's language: a bad FEN with its place, a refused move rethrown in words (ru, 360 px)", async () => {
    const { page, close } = await open({ width: 360, height: 800, lang: "ru" });
    const detail = await page.locator("chess-tutor").evaluate(
      (e) =>
        new Promise((resolve) => {
          e.addEventListener("position-error", (ev) => resolve(ev.detail), { once: true });
          e.setAttribute("fen", "4k3/8/8/8/8/8/8/4K3 x - - 0 1");
        }),
    );
    assert.deepEqual(detail, {
      fen: "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
      message: detail.message,
      id: "fen-bad-side",
      args: { found: "x", field: 2, source: "fen" },
    });
    assert.match(detail.message, /^FEN, очередь хода: /);
    assert.equal(await page.locator("chess-tutor .message").textContent(), `Не получилось прочитать позицию: ${detail.message}`);
    await screenshot(page, "widget-360-ru-bad-fen");
    const thrown = await page.locator("chess-tutor").evaluate((e) => {
      try {
        e.play("e2", "e4"); // the position before the bad FEN: the start
        e.play("e2", "e3");
      } catch (error) {
        return { message: error.message, id: error.id, args: error.args };
      }
    });
    assert.equal(thrown.id, "rule-no-piece");
    assert.doesNotMatch(thrown.message, /[a-z]{4,}/, `Russian words, not English: ${thrown.message}`);
    assert.match(thrown.message, /e2/);
    await close();
  });

  test("the page themes it with custom properties and ::part", async () => {
    const { page, close } = await open();
    await page.addStyleTag({
      content: "chess-tutor { --ct-light: rgb(1, 2, 3); --ct-marker: rgb(7, 8, 9) } chess-tutor::part(panel) { border-color: rgb(4, 5, 6) }",
    });
    assert.equal(await page.locator('[data-square="h1"] .bg').evaluate((r) => getComputedStyle(r).fill), "rgb(1, 2, 3)");
    assert.equal(await page.locator("chess-tutor .panel").evaluate((p) => getComputedStyle(p).borderTopColor), "rgb(4, 5, 6)");
    await square(page, "e2").click();
    assert.equal(await page.locator("chess-tutor .marker .fill").first().evaluate((c) => getComputedStyle(c).fill), "rgb(7, 8, 9)");
    await close();
  });

  test("the built-in buttons undo, redo, start again and flip", async () => {
    const { page, close } = await open();
    const button = (name) => page.locator("chess-tutor").getByRole("button", { name });
    assert.equal(await button("Undo").isDisabled(), true);
    await square(page, "e2").click();
    await square(page, "e4").click();
    await button("Undo").click();
    assert.equal(await label(page, "e2"), "e2, white pawn");
    assert.equal(await live(page), "Move taken back: e2–e4");
    await button("Redo").click();
    assert.equal(await label(page, "e4"), "e4, white pawn");
    await button("Flip board").click();
    assert.equal(await page.locator("chess-tutor").getAttribute("orientation"), "black");
    await button("New game").click();
    assert.equal(await label(page, "e4"), "e4, empty");
    assert.equal(await button("Redo").isDisabled(), true);
    await close();
  });
});

describe("labels, two voices for the formula, feedback and sound", () => {
  const BISHOP = "4k3/p7/8/8/8/8/8/4KB2 w - - 0 1"; // a pawn: not a dead position
  const both = (page) => page.evaluate(() => document.querySelector("chess-tutor").setAttribute("coordinates", "both"));
  const arrows = (page) =>
    page.locator("chess-tutor .s-arrow.lines").evaluateAll((gs) => gs.map((g) => `${g.dataset.from}-${g.dataset.to}${g.classList.contains("active") ? "*" : ""}`).sort());

  test("coordinates=both: a–h and 1–8 with the (i, j) numbers small beside them", async () => {
    const { page, problems, close } = await open();
    await both(page); // the app may not offer "both" yet: the attribute, as an embedder writes it
    const texts = await page.locator("chess-tutor .coord:not(.small):not(.axis)").allTextContents();
    assert.deepEqual(texts.slice(0, 4), ["a", "8", "b", "7"]);
    const small = await page.locator("chess-tutor .coord.small").allTextContents();
    assert.deepEqual(small.slice(0, 4), ["0", "7", "1", "6"]);
    for (const el of await page.locator("chess-tutor .coord").all()) assert.ok(await el.isVisible());
    await square(page, "e2").click();
    assert.match(await panel(page), /e2, that is \(1, 4\)/);
    await screenshot(page, "widget-800-coordinates-both");
    assert.deepEqual(problems, []);
    await close();
  });

  test("plain words and light arrows for a bishop; the formula behind a remembered toggle (en)", async () => {
    const { page, problems, close } = await open({ fen: BISHOP });
    await square(page, "f1").click();
    assert.match(await panel(page), /The bishop slides along diagonals\./);
    assert.deepEqual(await arrows(page), ["f1-a6", "f1-h3"], "one light arrow along each line");
    const toggle = page.locator("chess-tutor .f-toggle");
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");
    assert.equal(await page.locator("chess-tutor .f-lines").count(), 0, "the formula is closed at first");
    await square(page, "c4").hover();
    assert.match(await panel(page), /To c4: 3 steps up and to the left/);
    assert.deepEqual(await arrows(page), ["f1-a6*", "f1-h3"], "the line of the target is stronger");
    await screenshot(page, "widget-800-bishop-plain");
    await toggle.click();
    assert.equal(await page.locator("chess-tutor .f-toggle").getAttribute("aria-expanded"), "true");
    assert.equal(await focused(page), "BUTTON", "the toggle keeps the focus");
    await square(page, "c4").hover();
    assert.match(await panel(page), /n = 3, ΔI = \+1, ΔJ = −1 → i1 = 3, j1 = 2/);
    await screenshot(page, "widget-800-bishop-full");
    // remembered after a reload
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await square(page, "f1").click();
    assert.equal(await page.locator("chess-tutor .f-toggle").getAttribute("aria-expanded"), "true");
    assert.equal(await page.locator("chess-tutor .f-lines").count(), 1);
    await page.locator("chess-tutor .f-toggle").click();
    // written through storage.js, which the widget imports on the first toggle
    await page.waitForFunction(() => localStorage.getItem("chess-tutor:formula:v1") === "plain", null, { timeout: 5000 });
    assert.deepEqual(problems, []);
    await close();
  });

  test("formula=full opens it; Black at the bottom turns the words; Russian plurals", async () => {
    const { page, close } = await open({ fen: BISHOP, lang: "ru", width: 360, height: 800 });
    await both(page);
    await page.evaluate(() => document.querySelector("chess-tutor").setAttribute("formula", "full"));
    await square(page, "f1").click();
    assert.equal(await page.locator("chess-tutor .f-toggle").getAttribute("aria-expanded"), "true");
    await square(page, "c4").hover();
    assert.match(await panel(page), /На c4: 3 шага вверх и влево/);
    assert.match(await panel(page), /Слон ходит по диагоналям/);
    await screenshot(page, "widget-360-ru-bishop-full");
    await page.evaluate(() => document.querySelector("chess-tutor").setAttribute("orientation", "black"));
    await square(page, "f1").click();
    await square(page, "f1").click();
    await square(page, "e2").hover();
    assert.match(await panel(page), /На e2: 1 шаг вниз и вправо/, "as the child sees it: down the screen");
    await close();
  });

  test("a tap plays at once and the panel then explains the move just played (touch, 360 px)", async () => {
    const { page, close } = await open({ fen: BISHOP, width: 360, height: 740, context: { hasTouch: true, isMobile: true } });
    await square(page, "f1").tap();
    assert.match(await panel(page), /The bishop slides along diagonals\.Tap a marker to move there\./);
    await square(page, "c4").tap();
    assert.match(await panel(page), /The bishop went to c4: 3 steps up and to the left/);
    await screenshot(page, "widget-360-touch-explained");
    await close();
  });

  test("after the game ends the panel says so, not 'Click a piece'", async () => {
    const { page, close } = await open();
    for (const [from, to] of [["f2", "f3"], ["e7", "e5"], ["g2", "g4"], ["d8", "h4"]]) {
      await square(page, from).click();
      await square(page, to).click();
    }
    const text = await panel(page);
    assert.doesNotMatch(text, /Click a piece/);
    assert.match(text, /The game is over\. Start a new game, or take a move back\./);
    await close();
  });

  test("sound: off by default (no AudioContext made), a gentle tone at the end of a game with the sound attribute", async () => {
    const made = async (attrs) => {
      const { page, problems, close } = await open();
      await page.evaluate((attrs) => {
        window.made = 0;
        const Real = window.AudioContext;
        window.AudioContext = class extends Real {
          constructor(...a) {
            super(...a);
            window.made++;
          }
        };
        for (const [k, v] of Object.entries(attrs)) document.querySelector("chess-tutor").setAttribute(k, v);
      }, attrs);
      for (const [from, to] of [["f2", "f3"], ["e7", "e5"], ["g2", "g4"], ["d8", "h4"]]) {
        await square(page, from).click();
        await square(page, to).click();
      }
      if (attrs.sound != null) await page.waitForFunction(() => window.made > 0, null, { timeout: 5000 }).catch(() => {});
      else await page.waitForTimeout(300);
      const n = await page.evaluate(() => window.made);
      assert.deepEqual(problems, []);
      await close();
      return n;
    };
    assert.equal(await made({}), 0, "no sound, no AudioContext");
    assert.equal(await made({ sound: "" }), 1, "one AudioContext, for the tone of the game's end");
  });
});
