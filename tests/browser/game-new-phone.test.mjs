// The new game's choices on a phone (issue 39): Play and Cancel stay at the bottom of the panel
// that scrolls, and never cover a choice the panel scrolls to (the keyboard's focus, a radio's
// arrow keys): at 360×640, at a phone's 200 % zoom (180×320) and at a laptop's (640×360), in
// Russian and English; the levels scrolled to the end are all above Play; the page never wider
// than the screen, every choice whole across it. Screenshots:
// test-results/screenshots/game-new-*.png.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { openPage, screenshot, useServerAndBrowser } from "./helpers.mjs";

const env = useServerAndBrowser();
const T = "#game";

const SIZES = [
  { width: 360, height: 640, name: "360" },
  { width: 180, height: 320, name: "phone-200" },
  { width: 640, height: 360, name: "laptop-200" },
];

/** How many pixels of `label` Play's bar covers (0: none). */
const under = (input) =>
  input.evaluate((el) => {
    const a = el.closest("label").getBoundingClientRect();
    const b = el.getRootNode().querySelector(".g-new-game .g-card-buttons").getBoundingClientRect();
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    return w > 0 && h > 0 ? Math.round(h) : 0;
  });

describe("the new game's choices on a phone: Play never covers one", () => {
  for (const lang of ["ru", "en"]) {
    for (const size of SIZES) {
      test(`${lang}, ${size.width}×${size.height}: every choice focused is above Play; the last levels too`, async () => {
        const context = await env.browser.newContext({ viewport: { width: size.width, height: size.height } });
        const { page, problems } = await openPage(context);
        await page.goto(`${env.server.url}?lang=${lang}#/game`);
        await page.waitForSelector(`${T} .g-new-game:not([hidden]) .g-speak`);
        const inputs = page.locator(`${T} .g-new-game .g-field:not([hidden]) input`);
        const n = await inputs.count();
        assert.ok(n >= 10, `the choices: ${n}`);
        // the page no wider than the screen (at 180 px the board was 260), every choice whole across it
        assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= size.width, "the page no wider than the screen");
        const outside = await inputs.evaluateAll((list, w) => list.map((i) => i.closest("label").getBoundingClientRect()).filter((r) => r.left < -1 || r.right > w + 1).length, size.width);
        assert.equal(outside, 0, "choices cut at the screen's edge");
        const covered = [];
        for (let k = 0; k < n; k++) {
          const input = inputs.nth(k);
          await input.focus();
          const px = await under(input);
          if (px) covered.push(`${await input.getAttribute("value")}: ${px} px`);
        }
        assert.deepEqual(covered, [], "choices under Play when focused");
        // the levels, the panel scrolled to the end: the last row of levels above Play
        await page.locator(`${T} .g-level input`).last().focus();
        await page.locator(`${T} .g-new-game .g-card-buttons`).evaluate((bar) => {
          const panel = bar.closest(".panel");
          if (panel) panel.scrollTop = panel.scrollHeight;
        });
        const levels = page.locator(`${T} .g-level input`);
        for (let k = 0; k < (await levels.count()); k++) assert.equal(await under(levels.nth(k)), 0, `level ${k + 1} under Play at the end`);
        // Play and Cancel on one row: the bar keeps its height
        const bar = await page.locator(`${T} .g-new-game .g-card-buttons`).boundingBox();
        assert.ok(bar.height < 100, `the bar: ${bar.height} px`);
        await page.locator(`${T} .g-level input`).last().focus();
        await screenshot(page, `game-new-${lang}-${size.name}`);
        assert.deepEqual(problems, []);
        await context.close();
      });
    }

    test(`${lang}, 360×640, a game going: Play and Cancel share one row, and no choice is under them`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 360, height: 640 } });
      const { page, problems } = await openPage(context);
      await page.goto(`${env.server.url}?lang=${lang}#/game`);
      await page.waitForSelector(`${T} .g-new-game:not([hidden]) .g-speak`);
      await page.locator(`${T} .g-start`).click();
      await page.waitForSelector(`${T}[data-game="playing"]`);
      await page.locator(`${T} [data-square="e2"]`).click();
      await page.locator(`${T} [data-square="e4"]`).click();
      await page.waitForFunction((t) => document.querySelector(t).history().length >= 1, T);
      await page.locator(`${T} .g-new`).click();
      await page.waitForSelector(`${T}[data-game="new"]`);
      const start = await page.locator(`${T} .g-start`).boundingBox();
      const cancel = await page.locator(`${T} .g-cancel`).boundingBox();
      assert.ok(Math.abs(start.y - cancel.y) < start.height, "one row");
      assert.ok((await page.locator(`${T} .g-new-game .g-card-buttons`).boundingBox()).height < 100);
      const inputs = page.locator(`${T} .g-new-game .g-field:not([hidden]) input`);
      const covered = [];
      for (let k = 0; k < (await inputs.count()); k++) {
        await inputs.nth(k).focus();
        const px = await under(inputs.nth(k));
        if (px) covered.push(`${await inputs.nth(k).getAttribute("value")}: ${px} px`);
      }
      assert.deepEqual(covered, []);
      await screenshot(page, `game-new-cancel-${lang}-360`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
