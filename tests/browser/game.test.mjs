// Games in <chess-tutor mode="…"> (play.js), played by clicking as children would: a child
// against the computer at level 1 (the worker replies), two players with a clock that ends on
// time (and a flag fall that is a draw because the other side cannot mate), a PGN exported and
// imported again, a game that survives a reload, resignation and a draw offer, and the app's
// game page with the setup board. Screenshots go to test-results/screenshots/game-*.png.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { openPage, useServerAndBrowser, settledScreenshot as screenshot } from "./helpers.mjs";

const env = useServerAndBrowser();
const el = "#g";


/** A bare page with one <chess-tutor id="g"> and these attributes. */
async function openGame(context, attrs, { clear = true } = {}) {
  const { page, problems } = await openPage(context);
  await page.goto(`${env.server.url}/embed-example.html`);
  await page.evaluate(
    ({ attrs, clear }) => {
      if (clear) localStorage.clear();
      document.body.replaceChildren();
      const g = document.createElement("chess-tutor");
      g.id = "g";
      for (const [k, v] of Object.entries(attrs)) g.setAttribute(k, v);
      document.body.append(g);
    },
    { attrs, clear },
  );
  await page.waitForSelector(`${el}[data-game]:not([data-game="loading"])`, { timeout: 15_000 });
  return { page, problems };
}

const state = (page) => page.locator(el).getAttribute("data-game");
const inRoot = (page, selector) => page.locator(`${el} ${selector}`);
async function start(page) {
  assert.equal(await state(page), "new");
  await inRoot(page, ".g-start").click();
  await page.waitForSelector(`${el}[data-game="playing"]`);
}
async function move(page, from, to) {
  await inRoot(page, `[data-square="${from}"]`).click();
  await inRoot(page, `[data-square="${to}"]`).click();
}
const history = (page) => page.locator(el).evaluate((g) => g.history().map((m) => m.uci));
const outcome = (page) => page.locator(el).evaluate((g) => g.status.outcome);

describe("games against the computer and between two players", () => {
  test("a child plays a few moves against level 1, and the computer replies each time", async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 900 } });
    const { page, problems } = await openGame(context, { mode: "computer", level: "1", color: "white", lang: "en", coordinates: "algebraic" });
    await screenshot(page, "game-800-new");
    await start(page);
    assert.match(await inRoot(page, ".g-players").textContent(), /You play White against the computer \(level 1/);
    const played = [["e2", "e4"], ["g1", "f3"], ["f1", "c4"]];
    for (const [k, [from, to]] of played.entries()) {
      const before = (await history(page)).length;
      await move(page, from, to);
      // the computer's reply: one more move, and it is White's turn again
      await page.waitForFunction(({ sel, n }) => document.querySelector(sel).history().length === n, { sel: el, n: before + 2 }, { timeout: 20_000 });
      const h = await history(page);
      assert.equal(h[before], `${from}${to}`);
      assert.match(h[before + 1], /^[a-h][1-8][a-h][1-8][qrbn]?$/);
      if (k === 0) await screenshot(page, "game-800-computer-replied");
    }
    // while the computer thinks, the child cannot move its pieces
    // takeback: the child's move and the computer's reply go back together
    await inRoot(page, ".g-takeback").click();
    assert.equal((await history(page)).length, 4);
    await page.waitForTimeout(300);
    assert.equal((await history(page)).length, 4, "no reply after a takeback to the child's turn");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a two-player game with a clock ends on time; a flag fall against a lone king is a draw", async () => {
    const context = await env.browser.newContext({ viewport: { width: 360, height: 760 } });
    const { page, problems } = await openGame(context, { mode: "two-players", clock: "0.05+0", lang: "en", coordinates: "algebraic", save: "off" });
    await start(page);
    assert.equal(await inRoot(page, ".g-clocks").isVisible(), true);
    assert.match(await inRoot(page, '.g-clock[data-side="white"] .g-clock-time').textContent(), /^0:0[23]\.\d$/);
    assert.equal(await inRoot(page, '.g-clock[data-side="white"]').getAttribute("data-running"), "true");
    await move(page, "e2", "e4");
    assert.equal(await inRoot(page, '.g-clock[data-side="black"]').getAttribute("data-running"), "true");
    await screenshot(page, "game-360-clock");
    await move(page, "e7", "e5");
    // White does not move: the flag falls
    await page.waitForSelector(`${el}[data-game="over"]`, { timeout: 10_000 });
    assert.deepEqual(await outcome(page), { winner: "black", reason: "timeout", result: "0-1" });
    assert.equal(await inRoot(page, ".g-card-title").textContent(), "Black wins!");
    assert.match(await inRoot(page, ".g-card-text").textContent(), /White ran out of time/);
    await screenshot(page, "game-360-over-time");
    await context.close();

    // White's flag falls, but Black has only the king: a draw
    const context2 = await env.browser.newContext({ viewport: { width: 800, height: 900 } });
    const second = await openGame(context2, { mode: "two-players", clock: "0.03+0", fen: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", lang: "en", save: "off" });
    await start(second.page);
    await second.page.waitForSelector(`${el}[data-game="over"]`, { timeout: 10_000 });
    assert.equal((await outcome(second.page)).reason, "timeout-insufficient-material");
    assert.equal(await inRoot(second.page, ".g-card-title").textContent(), "A draw");
    assert.deepEqual([...problems, ...second.problems], []);
    await context2.close();
  });

  test("a game is exported as PGN and imported again; it survives a reload", async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 900 } });
    const { page, problems } = await openGame(context, { mode: "two-players", lang: "en", coordinates: "algebraic" });
    await start(page);
    for (const [from, to] of [["e2", "e4"], ["e7", "e5"], ["g1", "f3"], ["b8", "c6"], ["f1", "b5"]]) await move(page, from, to);
    const fen = await page.locator(el).evaluate((g) => g.fen);
    const moves = await history(page);
    // survives a reload
    await page.reload();
    await page.evaluate(() => {
      const g = document.createElement("chess-tutor");
      g.id = "g";
      g.setAttribute("mode", "two-players");
      document.body.replaceChildren(g);
    });
    await page.waitForSelector(`${el}[data-game="playing"]`, { timeout: 15_000 });
    assert.equal(await page.locator(el).evaluate((g) => g.fen), fen);
    assert.deepEqual(await history(page), moves);
    // export
    await inRoot(page, ".g-save summary").click();
    await inRoot(page, '[data-export="pgn"]').click();
    const pgn = await inRoot(page, ".g-text").inputValue();
    assert.match(pgn, /1\. e4 e5 2\. Nf3 Nc6 3\. Bb5/);
    assert.match(pgn, /\[Date "\d{4}\.\d\d\.\d\d"\]/);
    await screenshot(page, "game-800-pgn");
    // a new game, then the PGN loaded back
    await inRoot(page, ".g-new").click();
    await inRoot(page, ".g-start").click();
    assert.deepEqual(await history(page), []);
    assert.equal(await inRoot(page, ".g-save").evaluate((d) => d.open), true, "the box stays open");
    await inRoot(page, ".g-text").fill(pgn);
    await inRoot(page, ".g-load").click();
    // the engine worker reads the PGN
    await page.waitForFunction(({ sel, n }) => document.querySelector(sel).history().length === n, { sel: el, n: moves.length }, { timeout: 15_000 });
    assert.deepEqual(await history(page), moves);
    assert.equal(await page.locator(el).evaluate((g) => g.fen), fen);
    // a broken PGN names the place
    await inRoot(page, ".g-text").fill("1. e4 e5 2. Ke3");
    await inRoot(page, ".g-load").click();
    await inRoot(page, ".g-import-error").waitFor({ state: "visible" });
    assert.match(await inRoot(page, ".g-import-error").textContent(), /^PGN line 1, column 13: .*Ke3: no king move to e3 for White$/);
    assert.deepEqual(await history(page), moves, "a bad import loses nothing");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a saved game that cannot be read is kept aside and said on the new game's card; a new game is offered", async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 900 } });
    const { page: first } = await openPage(context);
    await first.goto(`${env.server.url}/embed-example.html`);
    await first.evaluate(() => {
      localStorage.clear();
      localStorage.setItem("chess-tutor:game:v1:g", "{not a game");
    });
    await first.close();
    const { page, problems } = await openGame(context, { mode: "two-players", lang: "en" }, { clear: false });
    assert.equal(await state(page), "new");
    // on the new game's card, where the child looks (the panel under it is hidden); the reason,
    // in a developer's English, goes to the console, not to the child
    await page.waitForSelector(`${el} .g-new-note[data-kind="error"]:not([hidden])`);
    assert.equal(await inRoot(page, ".g-new-note").textContent(), "Oops! Your last game would not open. We have kept it safe. Let's play a new one!");
    const kept = await page.evaluate(() => [localStorage.getItem("chess-tutor:game:v1:g:unreadable"), localStorage.getItem("chess-tutor:game:v1:g")]);
    assert.deepEqual(kept, ["{not a game", null], "kept aside, never lost");
    // a new game begun: the card and its words go; the game kept aside stays
    await start(page);
    assert.equal(await inRoot(page, ".g-new-note").isHidden(), true);
    assert.equal(await page.evaluate(() => localStorage.getItem("chess-tutor:game:v1:g:unreadable")), "{not a game");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("resign and a draw offer between two players, in Russian", async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 900 } });
    const { page, problems } = await openGame(context, { mode: "two-players", lang: "ru", save: "off" });
    await start(page);
    await move(page, "e2", "e4");
    await inRoot(page, ".g-offer-draw").click();
    assert.match(await inRoot(page, ".g-offer").textContent(), /Чёрные предлагают ничью/);
    await inRoot(page, ".g-decline").click();
    assert.equal(await outcome(page), null);
    await inRoot(page, ".g-resign").click();
    assert.match(await inRoot(page, ".g-confirm").textContent(), /правда хотите сдаться/);
    await inRoot(page, ".g-resign-yes").click();
    await page.waitForSelector(`${el}[data-game="over"]`);
    assert.deepEqual(await outcome(page), { winner: "white", reason: "resignation", result: "1-0" });
    assert.equal(await inRoot(page, ".g-card-title").textContent(), "Белые победили!");
    assert.equal(await inRoot(page, ".g-say").isHidden(), true, "the declined offer is no longer said");
    await screenshot(page, "game-800-resigned-ru");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("two players claim a draw by threefold repetition when the rules allow it", async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 900 } });
    const { page, problems } = await openGame(context, { mode: "two-players", lang: "en", coordinates: "algebraic", save: "off" });
    await start(page);
    const shuffle = [["g1", "f3"], ["g8", "f6"], ["f3", "g1"], ["f6", "g8"]];
    for (const [from, to] of [...shuffle, ...shuffle.slice(0, 3)]) await move(page, from, to);
    assert.equal(await inRoot(page, ".g-claim").isHidden(), true, "not yet: the start position came twice");
    await move(page, "f6", "g8");
    assert.match(await inRoot(page, ".g-claim").textContent(), /Claim a draw: the same position three times/);
    await inRoot(page, ".g-claim").click();
    await page.waitForSelector(`${el}[data-game="over"]`);
    assert.equal((await outcome(page)).reason, "threefold");
    assert.match(await inRoot(page, ".g-card-text").textContent(), /three times, and a draw was claimed/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the app: a teacher sets up a position, and a game starts from it", async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 900 } });
    const { page, problems } = await openPage(context);
    await page.goto(`${env.server.url}?lang=en#/setup`);
    await page.waitForSelector("chess-setup[data-ready]", { timeout: 15_000 });
    const fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    await page.evaluate((f) => (document.querySelector("chess-setup").fen = f), fen);
    await page.locator("chess-setup .play").click();
    await page.waitForSelector('#game[data-game="new"]', { timeout: 15_000 });
    assert.match(page.url(), /#\/game$/);
    assert.equal(await page.locator("#game .g-from-setup").isChecked(), true);
    // the board behind the card already shows the set-up position, not the usual start
    assert.equal(await page.locator("#game").evaluate((g) => g.fen), fen);
    assert.equal(await page.locator("#game image.piece").count(), 3);
    await page.locator("#game .g-mode input[value=two-players]").check();
    await screenshot(page, "game-800-from-setup");
    await page.locator("#game .g-start").click();
    assert.equal(await page.locator("#game").evaluate((g) => g.fen), fen);
    // a second position, once the game page exists: the game before is not what the board shows
    await page.locator("#game [data-square=e2]").click();
    await page.locator("#game [data-square=e4]").click();
    await page.evaluate(() => (location.hash = "#/setup"));
    await page.waitForSelector("chess-setup:visible");
    const second = "3k4/8/8/8/8/8/3P4/3K4 w - - 0 1";
    await page.evaluate((f) => (document.querySelector("chess-setup").fen = f), second);
    await page.locator("chess-setup .play").click();
    await page.waitForFunction((f) => document.querySelector("#game")?.fen === f && document.querySelector("#game").dataset.game === "new", second);
    await screenshot(page, "game-800-from-setup-again");
    await page.locator("#game .g-from-setup").uncheck();
    assert.match(await page.locator("#game").evaluate((g) => g.fen), /^rnbqkbnr\/pppppppp/, "unticked: the usual start");
    await page.locator("#game .g-from-setup").check();
    await page.locator("#game .g-start").click();
    assert.equal(await page.locator("#game").evaluate((g) => g.fen), second);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a tap while the computer thinks is answered in one feedback box over the board, which the next replaces", async () => {
    const context = await env.browser.newContext({ viewport: { width: 360, height: 740 } });
    const { page, problems } = await openGame(context, { mode: "computer", level: "1", color: "white", lang: "en" });
    // the engine's replies come late, so that the computer is still thinking during the taps
    await page.evaluate(() => {
      const Real = window.Worker;
      window.Worker = class extends Real {
        set onmessage(fn) {
          super.onmessage = (e) => setTimeout(() => fn(e), 4000);
        }
      };
    });
    await start(page);
    await move(page, "e2", "e4");
    await inRoot(page, '[data-square="d2"]').click();
    await inRoot(page, '[data-square="c2"]').click();
    const box = inRoot(page, ".feedback:not([hidden])");
    assert.equal(await box.count(), 1, "one box, not two");
    assert.equal(await box.getAttribute("role"), "status");
    assert.match(await box.textContent(), /Wait a moment: it is the computer's turn\./);
    await screenshot(page, "game-360-feedback");
    // the computer's reply takes it away
    await page.waitForFunction((sel) => document.querySelector(sel).history().length === 2, el, { timeout: 20_000 });
    assert.equal(await inRoot(page, ".feedback:not([hidden])").count(), 0);
    // dismissible: the close button
    await move(page, "g1", "f3");
    await inRoot(page, '[data-square="d2"]').click();
    await inRoot(page, ".feedback .fb-close").click();
    assert.equal(await inRoot(page, ".feedback:not([hidden])").count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
