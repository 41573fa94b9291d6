// The app page loads the widget (and so the WASM module) and shows the crate version.
import assert from "node:assert/strict";
import { test } from "node:test";
import { crateVersion, distWasm, openPage, screenshot, serveConfig, useServerAndBrowser } from "./helpers.mjs";

const env = useServerAndBrowser();

test("the page loads the module and shows the crate version", async () => {
  const { page, problems } = await openPage(env.browser);
  await page.goto(`${env.server.url}#/play`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
  assert.equal(await page.title(), "Chess tutor");
  assert.equal(await page.getAttribute("html", "lang"), "en");
  assert.equal(await page.textContent("#status"), `chess-tutor v${crateVersion()}`);
  assert.equal(await page.locator("chess-tutor").getAttribute("data-ready"), "true");
  assert.equal(await page.locator("chess-tutor image.piece").count(), 32);
  await screenshot(page, "index");
  assert.deepEqual(problems, []);
  await page.close();
});

test("the .wasm file is served as application/wasm", async () => {
  const response = await fetch(new URL(distWasm("pkg"), env.server.url));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "application/wasm");
  const bytes = new Uint8Array(await response.arrayBuffer());
  assert.deepEqual([...bytes.subarray(0, 4)], [0x00, 0x61, 0x73, 0x6d], "wasm magic number");
});

test("the page still works under the strict CSP that /csp.html gets", async () => {
  const csp = serveConfig()
    .headers.find((rule) => rule.source === "/csp.html")
    .headers.find((header) => header.key === "Content-Security-Policy").value;
  const { page, problems } = await openPage(env.browser);
  // Serve index.html with the CSP header that serve.json gives /csp.html.
  await page.route(env.server.url, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), "content-security-policy": csp } });
  });
  const response = await page.goto(`${env.server.url}#/play`);
  assert.equal(response.headers()["content-security-policy"], csp);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
  assert.match(await page.textContent("#status"), /^chess-tutor v/);
  await page.locator('[data-square="e2"]').click();
  await page.locator('[data-square="e4"]').click();
  assert.equal(await page.locator('[data-square="e4"]').getAttribute("aria-label"), "e4, white pawn");
  await screenshot(page, "index-under-csp");
  assert.deepEqual(problems, [], "no CSP violations or other errors");
  await page.close();
});

test("the header on a phone: the five tabs are two rows, every tab whole on the screen (none cut at the edge), never a page that scrolls sideways", async () => {
  const context = await env.browser.newContext({ viewport: { width: 360, height: 740 } });
  const { page, problems } = await openPage(context);
  for (const lang of ["ru", "en"]) {
    await page.goto(`${env.server.url}?lang=${lang}#/course`);
    await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
    const tabs = page.locator(".tabs .tab");
    assert.equal(await tabs.count(), 5);
    const boxes = await tabs.evaluateAll((els) => els.map((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, scroll: el.scrollWidth - el.clientWidth };
    }));
    for (const [k, b] of boxes.entries()) {
      assert.ok(b.left >= 0 && b.right <= 360, `${lang}: tab ${k + 1} whole on the screen (${b.left}–${b.right})`);
      assert.ok(b.scroll <= 0, `${lang}: tab ${k + 1}'s words are not cut`);
    }
    assert.equal(new Set(boxes.map((b) => b.top)).size, 2, `${lang}: two rows of tabs (${boxes.map((b) => b.top)})`);
    const row = await page.locator(".tabs").boundingBox();
    // (each tab's picture above its word, issue 39: a little taller than words alone)
    assert.ok(row.height < 140, `${lang}: the rows are two tabs high (${row.height})`);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360, `${lang}: the page does not scroll sideways`);
    await screenshot(page, `index-tabs-360-${lang}`);
    // the keyboard reaches the last tab, on the screen
    await page.locator(".tab[data-tab=setup]").focus();
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement.dataset.tab), "studio");
    const last = await page.locator(".tab[data-tab=studio]").boundingBox();
    assert.ok(last.x >= 0 && last.x + last.width <= 360, `${lang}: the focused tab is on the screen (${last.x}+${last.width})`);
  }
  // opening a view by its address: its tab is on the screen
  await page.goto(`${env.server.url}?lang=ru#/setup`);
  await page.waitForSelector('body[data-view="setup"]', { timeout: 15_000 });
  const current = await page.locator(".tab[aria-current=page]").boundingBox();
  assert.ok(current.x >= 0 && current.x + current.width <= 360, `the current tab is on the screen (${current.x}+${current.width})`);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the header: tabs and settings on the course page, a compact bar in a game that fits the screen", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const { page, problems } = await openPage(context);
  await page.goto(`${env.server.url}?lang=en#/course`);
  await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
  assert.equal(await page.locator(".tabs").isVisible(), true);
  assert.equal(await page.locator("h1").isVisible(), true);
  assert.equal(await page.locator("#back").isVisible(), false);
  assert.equal(await page.locator(".settings-label").textContent(), "Settings");
  assert.equal(await page.locator("#settings-button").getAttribute("aria-expanded"), "false");
  await page.locator(".tab[data-tab=game]").click();
  await page.waitForSelector("#game[data-ready]", { timeout: 15_000 });
  assert.equal(await page.locator(".tabs").isVisible(), false, "a game has the compact bar");
  assert.equal(await page.locator("#view-title").textContent(), "Play a game");
  assert.equal(await page.locator("#back").isVisible(), true);
  assert.deepEqual(await page.locator("#game").evaluate((el) => ["coordinates", "formula", "sound"].map((a) => el.getAttribute(a))), ["algebraic", "plain", null]);
  const board = await page.locator("#game svg.board").boundingBox();
  assert.ok(board.y >= 0 && board.y + board.height <= 720, `the board is on the screen (${board.y}+${board.height})`);
  await screenshot(page, "index-game-1280x720");
  await page.locator("#back").click();
  await page.waitForSelector('body[data-view="course"]');
  assert.equal(await page.locator(".tabs").isVisible(), true);
  assert.deepEqual(problems, []);
  await context.close();
});
