// No HTML from strings, proved running: each page is served with its own strict CSP plus
// `require-trusted-types-for 'script'`, under which the browser refuses every string given to an
// HTML sink (innerHTML, outerHTML, insertAdjacentHTML, document.write, srcdoc …) and every string
// run as code (eval, new Function, a string to setTimeout), with a securitypolicyviolation event
// and a TypeError. The widget, a lesson, a game against the computer, the setup board and the
// studio are driven there; not one violation may come. (The lint rules that keep such code out
// of www/: eslint.config.js, held by tests/js/lint-rules.test.mjs.)
import assert from "node:assert/strict";
import { test } from "node:test";
import { openPage, useServerAndBrowser } from "./helpers.mjs";

const env = useServerAndBrowser();
const TT = "require-trusted-types-for 'script'";

/** Opens PATH with Trusted Types required on top of the page's own CSP, recording violations. */
async function openTrusted(path) {
  const { page, problems } = await openPage(env.browser);
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(`${e.violatedDirective} ${e.sample} ${e.sourceFile}:${e.lineNumber}`));
  });
  await page.route("**/*", async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    const own = response.headers()["content-security-policy"];
    await route.fulfill({ response, headers: { ...response.headers(), "content-security-policy": own ? `${own}; ${TT}` : TT } });
  });
  const response = await page.goto(new URL(path, env.server.url).href);
  assert.match(response.headers()["content-security-policy"], /require-trusted-types-for 'script'$/);
  return { page, problems };
}

/** The page refuses a string sink (so that a quiet run means something), then nothing was refused. */
async function noSinkRan(page, problems) {
  const canary = await page.evaluate(() => {
    const p = document.createElement("p");
    try {
      p.innerHTML = "<b>x</b>";
      return "ran";
    } catch (error) {
      return error.name;
    }
  });
  assert.equal(canary, "TypeError", "Trusted Types are enforced: a string to innerHTML throws");
  const violations = await page.evaluate(() => window.__violations.filter((v) => !v.includes("<b>x</b>")));
  assert.deepEqual(violations, []);
  assert.deepEqual(problems.filter((p) => !/<b>x<\/b>|TrustedHTML/.test(p)), []);
}

test("the widget under Trusted Types: a piece picked, explained and moved, a promotion asked", async () => {
  const { page, problems } = await openTrusted("csp.html");
  await page.waitForSelector('chess-tutor[data-ready="true"]', { timeout: 15_000 });
  await page.locator('[data-square="e2"]').click();
  await page.waitForSelector("chess-tutor .formula:not([aria-busy])");
  await page.locator('[data-square="e4"]').click();
  await page.waitForFunction(() => document.querySelector("chess-tutor").history().length === 1);
  // a pawn one step from promotion: the dialog with its four pictures
  await page.locator("chess-tutor").evaluate((el) => (el.fen = "8/P6k/8/8/8/8/8/K7 w - - 0 1"));
  await page.locator('[data-square="a7"]').click();
  await page.locator('[data-square="a8"]').click();
  await page.waitForSelector("chess-tutor .promotion:not([hidden]) .promo-choice");
  await page.locator('chess-tutor .promo-choice[data-piece="q"]').click();
  await page.waitForFunction(() => document.querySelector("chess-tutor").history().length === 1);
  await noSinkRan(page, problems);
  await page.close();
});

test("a game against the computer under Trusted Types: the new game's card, a move and the reply", async () => {
  const { page, problems } = await openTrusted("embed-example.html");
  await page.evaluate(() => {
    localStorage.clear();
    document.body.replaceChildren();
    const g = document.createElement("chess-tutor");
    g.id = "g";
    g.setAttribute("mode", "computer");
    document.body.append(g);
  });
  await page.waitForSelector('#g[data-game="new"]', { timeout: 15_000 });
  await page.locator("#g .g-start").click();
  await page.waitForSelector('#g[data-game="playing"]');
  await page.locator('#g [data-square="e2"]').click();
  await page.locator('#g [data-square="e4"]').click();
  await page.waitForFunction(() => document.querySelector("#g").history().length === 2, null, { timeout: 30_000 });
  await noSinkRan(page, problems);
  await page.close();
});

test("a lesson in the app under Trusted Types: its card, Start, a piece picked", async () => {
  const { page, problems } = await openTrusted("?lang=en&coordinates=algebraic#/lesson/rook-stars-1");
  await page.waitForSelector('#lesson-tutor[data-lesson="intro"]', { timeout: 15_000 });
  await page.locator("#lesson-tutor .l-start").click();
  await page.waitForSelector('#lesson-tutor[data-lesson="playing"]');
  const rook = await page.locator("#lesson-tutor").evaluate((el) => el.status && [...el.shadowRoot.querySelectorAll("[data-square]")].find((c) => /rook/.test(c.getAttribute("aria-label") ?? ""))?.dataset.square);
  assert.ok(rook, "the lesson's rook is on the board");
  await page.locator(`#lesson-tutor [data-square="${rook}"]`).click();
  await page.waitForSelector("#lesson-tutor [data-target]");
  await noSinkRan(page, problems);
  await page.close();
});

test("the setup board and the studio under Trusted Types", async () => {
  for (const [hash, ready] of [["#/setup", 'chess-setup[data-ready="true"]'], ["#/studio", 'body[data-studio="ready"]']]) {
    const { page, problems } = await openTrusted(`?lang=en${hash}`);
    await page.waitForSelector(ready, { timeout: 20_000 });
    await noSinkRan(page, problems);
    await page.close();
  }
});
