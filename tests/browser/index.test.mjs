// The app page loads the widget (and so the WASM module) and shows the crate version.
import assert from "node:assert/strict";
import { test } from "node:test";
import { crateVersion, openPage, screenshot, serveConfig, useServerAndBrowser } from "./helpers.mjs";

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
  const response = await fetch(new URL("pkg/chess_tutor_bg.wasm", env.server.url));
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
