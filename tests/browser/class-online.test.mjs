// The class server asked again when the network comes back (issue 39): a page whose health
// request got no answer (the network was down, or the request failed right after it came back)
// shows no class box; when the browser goes online, the app asks again and the course page's
// "I am in a class" appears without a reload, in Russian and English at 360×640. A server that
// answered "no class server" is not asked again. Screenshots: class-online-*.png.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { useClassServerAndBrowser } from "./class-server.mjs";
import { join } from "node:path";
import { SCREENSHOTS, openPage } from "./helpers.mjs";

const env = useClassServerAndBrowser();

describe("the class box after the network comes back", () => {
  for (const lang of ["ru", "en"]) {
    test(`${lang}: no answer at first, then the box once online, without a reload`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 360, height: 640 } });
      await context.addInitScript(() => localStorage.setItem("chess-tutor:settings:v1", JSON.stringify({ version: 1, readAsked: true })));
      const { page, problems } = await openPage(context);
      let asked = 0;
      // the first health request fails as on a network that is not back yet
      await context.route("**/api/v1/health", (route) => (++asked === 1 ? route.abort("internetdisconnected") : route.continue()));
      await page.goto(`${env.server.url}?lang=${lang}#/course`);
      await page.waitForSelector('body[data-classes="off"]', { timeout: 15_000 });
      await page.waitForSelector(".course-top:not(.loading)", { timeout: 15_000 });
      assert.equal(await page.locator("#class-box").count(), 0, "no class box while the server is not known");
      await context.setOffline(true);
      await context.setOffline(false);
      await page.waitForSelector('body[data-classes="on"]', { timeout: 15_000 });
      const joinLink = page.locator('#class-box [data-class="join"]');
      await joinLink.waitFor({ timeout: 15_000 });
      assert.equal(asked, 2, "asked once more");
      assert.deepEqual(await page.locator(".course-top #class-box").count(), 1, "in the course page's top, once");
      await page.screenshot({ path: join(SCREENSHOTS, `class-online-${lang}-360.png`) }); // the view: the course page is long
      // the request that failed is the only problem
      assert.deepEqual(problems.filter((p) => !/api\/v1\/health|ERR_INTERNET_DISCONNECTED/.test(p)), []);
      await context.close();
    });
  }

  test("a server that answered (no class server here) is not asked again", async () => {
    const context = await env.browser.newContext({ viewport: { width: 360, height: 640 } });
    const { page } = await openPage(context);
    let asked = 0;
    await context.route("**/api/v1/health", (route) => (++asked, route.fulfill({ contentType: "application/json", body: '{"ok":false}' })));
    await page.goto(`${env.server.url}?lang=en#/course`);
    await page.waitForSelector('body[data-classes="off"]', { timeout: 15_000 });
    await context.setOffline(true);
    await context.setOffline(false);
    // the page's own "online" handlers have run once this one, added after them, has
    await page.evaluate(() => new Promise((resolve) => {
      addEventListener("online", () => resolve(), { once: true });
      dispatchEvent(new Event("online"));
    }));
    assert.equal(asked, 1);
    assert.equal(await page.locator("#class-box").count(), 0);
    await context.close();
  });
});
