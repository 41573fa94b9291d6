// csp.html and embed-example.html are served with a strict Content-Security-Policy; the widget
// must load, draw and play there without a single violation.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openPage, screenshot, serveConfig, useServerAndBrowser } from "./helpers.mjs";

const env = useServerAndBrowser();

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; media-src 'self' blob:";

/** Opens PATH, recording console messages and securitypolicyviolation events from the start. */
async function openWithViolations(path) {
  const { page, problems } = await openPage(env.browser);
  const console = [];
  page.on("console", (message) => console.push(`${message.type()}: ${message.text()}`));
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const response = await page.goto(new URL(path, env.server.url).href);
  return { page, problems, console, response };
}

for (const path of ["csp.html", "embed-example.html"]) {
  test(`${path}: the widget loads and plays under the strict CSP, with no violation`, async () => {
    const rule = serveConfig().headers.find((r) => r.source === `/${path}`);
    assert.equal(rule?.headers[0].value, CSP, "serve.json gives the page the strict CSP");
    const { page, problems, console, response } = await openWithViolations(path);
    assert.equal(response.headers()["content-security-policy"], CSP);
    await page.waitForSelector('chess-tutor[data-ready="true"]', { timeout: 15_000 });
    await page.locator('[data-square="e2"]').click();
    assert.equal(await page.locator("[data-target]").count(), 2);
    await page.locator('[data-square="e4"]').click();
    assert.equal(await page.locator('[data-square="e4"]').getAttribute("aria-label"), "e4, white pawn");
    // the stylesheet applied: the board has its colours and the panel its rounded corners
    const fill = await page.locator('[data-square="a1"] .bg').evaluate((r) => getComputedStyle(r).fill);
    assert.notEqual(fill, "rgb(0, 0, 0)", "the squares are styled");
    assert.equal(await page.locator("chess-tutor .panel").evaluate((p) => getComputedStyle(p).borderTopLeftRadius), "18px");
    // pieces are drawn from the one sprite, which loaded
    const hrefs = await page.locator("chess-tutor image.piece").evaluateAll((images) => images.map((i) => i.getAttribute("href")));
    assert.equal(hrefs.length, 32);
    assert.equal(new Set(hrefs.map((h) => h.split("#")[0])).size, 1);
    assert.equal(new Set(hrefs.map((h) => h.split("#")[1])).size, 12);
    assert.equal((await fetch(hrefs[0].split("#")[0])).status, 200);
    await page.waitForTimeout(300);
    if (path === "csp.html") assert.equal(await page.textContent("#csp-report"), "No Content-Security-Policy violations so far.");
    await screenshot(page, path.replace(".html", ""));
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    assert.deepEqual(console.filter((m) => /Content Security Policy|Refused/i.test(m)), []);
    assert.deepEqual(problems, []);
    await page.close();
  });
}
