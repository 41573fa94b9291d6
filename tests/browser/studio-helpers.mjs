// The lesson studio's test helpers (studio.test.mjs, studio-trust.test.mjs): the app's page served
// with the strict CSP, the studio's parts, and the waits for its live check.
import assert from "node:assert/strict";
import { openPage, serveConfig } from "./helpers.mjs";

export const CSP = serveConfig().headers.find((r) => r.source === "/csp.html").headers[0].value;
/** A mate in 1 the checker passes, as the studio writes a lesson (a teacher's own, shared or sent). */
export const mateInOne = (id) => ({
  $schema: "lesson.schema.json",
  id,
  title: { ru: "Мат на последней горизонтали", en: "Mate on the last row" },
  intro: { ru: "Поставь мат в один ход.", en: "Give mate in one move." },
  position: ["......k.", ".....ppp", "........", "........", "........", "........", "........", "R.....K.", "w - - 0 1"],
  goal: { type: "mate", in: 1 },
  opponent: { type: "defender" },
  par: 1,
});
export const SIZES = { phone: { width: 360, height: 800 }, desktop: { width: 1280, height: 900 } };

/**
 * The app's page at `hash`, its HTML served with the strict CSP (the worker's script has it from
 * serve.json). Records CSP violations, downloads and beforeunload dialogs. env: the test file's
 * useServerAndBrowser(). viewport: a size of its own ({ width, height }) instead of SIZES[size].
 */
export async function openStudio(env, hash = "#/studio", { size = "desktop", lang = "en", context: given, viewport } = {}) {
  const context = given ?? (await env.browser.newContext({ viewport: viewport ?? SIZES[size], acceptDownloads: true }));
  const { page, problems } = await openPage(context);
  const violations = [];
  page.on("console", (m) => /Content Security Policy|Refused/i.test(m.text()) && violations.push(m.text()));
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const url = `${env.server.url}?lang=${lang}`;
  await page.route(/\/(\?[^#]*)?$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), "content-security-policy": CSP } });
  });
  const response = await page.goto(`${url}${hash}`);
  assert.equal(response.headers()["content-security-policy"], CSP, "the page has the strict CSP");
  const close = async () => {
    assert.deepEqual(violations, [], "no CSP violation on the console");
    assert.deepEqual(await page.evaluate(() => window.__violations).catch(() => []), [], "no securitypolicyviolation event");
    assert.deepEqual(problems, []);
    if (!given) await context.close();
  };
  return { page, context, problems, close };
}

export const json = (page) => page.locator('[data-studio="json"]');
export const lessonNow = async (page) => JSON.parse(await json(page).inputValue());
export const setupSquare = (page, sq) => page.locator(`chess-setup [data-square="${sq}"]`);
export const markSquare = (page, sq) => page.locator(`.studio-mark-board [data-square="${sq}"]`);
export const tryTutor = "chess-tutor[data-studio-try]";
export const findings = (page) => page.locator('[data-studio="findings"] li');

/** Waits until the worker has checked the text now in the JSON view. */
export async function checked(page) {
  await page.waitForFunction(() => {
    const root = document.querySelector(".studio");
    return root && !root.hasAttribute("data-checking") && root.hasAttribute("data-checked");
  }, null, { timeout: 30_000 });
  // the debounce may still hold a newer text: wait for it too
  await page.waitForTimeout(350);
  await page.waitForFunction(() => !document.querySelector(".studio").hasAttribute("data-checking"), null, { timeout: 30_000 });
}

export async function waitStudio(page) {
  await page.waitForSelector('body[data-studio="ready"]', { timeout: 20_000 });
  await page.waitForSelector('chess-setup[data-ready="true"]', { timeout: 15_000 });
  await checked(page);
}

