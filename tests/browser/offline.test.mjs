// Offline classrooms: after one visit the app page works with no network (its service worker,
// www/sw.js, precached every file of the build: the app, the course, the WASM packages, the
// endgame files), and a new version of the site is offered with a "refresh" prompt, after which
// the page is wholly the new version. On a first visit the worker registers only once a lesson is
// ready (or another view is shown): its precache never competes with the child's first lesson.
import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { DIST, buildWeb } from "../../scripts/build-web.mjs";
import { distWasm, openPage, useTempServerAndBrowser } from "./helpers.mjs";

const env = { server: null, browser: null, dir: null };

useTempServerAndBrowser({
  env,
  temp: "ct-offline-",
  prepare: async () => {
    await buildWeb();
    // a copy of dist/ (links followed), so that the update test may publish a "new version"
    cpSync(DIST, env.dir, { recursive: true, dereference: true });
  },
});

/** Waits until the page's service worker is active and its precache holds `file`. */
async function precached(page, file) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const ready = await page.evaluate(async (file) => {
      const reg = await navigator.serviceWorker.getRegistration();
      if (reg?.active?.state !== "activated") return false;
      for (const key of await caches.keys()) if (await (await caches.open(key)).match(new URL(file, location.href).href)) return true;
      return false;
    }, file);
    if (ready) return;
    await page.waitForTimeout(200);
  }
  throw new Error(`the service worker did not precache ${file} in 30 s`);
}

describe("offline", () => {
  test("the precache list is in the built sw.js, with a version, and holds the app, course, WASM and endgame files", () => {
    const sw = readFileSync(join(DIST, "sw.js"), "utf8");
    assert.doesNotMatch(sw, /__PRECACHE__/);
    const { version, files } = JSON.parse(/\{"version":"[0-9a-f]{16}","files":\[[^\]]*\]\}/.exec(sw)[0]);
    assert.match(version, /^[0-9a-f]{16}$/);
    for (const f of ["index.html", "app.js", "lessons/course.json", distWasm("pkg"), "endgame/kpk.bin", "manifest.webmanifest"]) {
      assert.ok(files.includes(f), f);
    }
    assert.ok(!files.includes("sw.js") && !files.includes("serve.json"));
  });

  test("the web app manifest: a tablet can put the app on its home screen (PNG icons 192 and 512, a maskable one, iOS's touch icon)", async () => {
    const manifest = JSON.parse(readFileSync(join(env.dir, "manifest.webmanifest"), "utf8"));
    assert.equal(manifest.display, "standalone");
    const png = manifest.icons.filter((i) => i.type === "image/png");
    for (const size of ["192x192", "512x512"]) assert.ok(png.some((i) => i.sizes === size && i.purpose === "any"), size);
    assert.ok(png.some((i) => i.purpose === "maskable"));
    for (const icon of [...manifest.icons.map((i) => i.src), "apple-touch-icon.png"]) {
      const res = await fetch(new URL(icon, env.server.url));
      assert.equal(res.status, 200, icon);
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (icon.endsWith(".png")) {
        assert.deepEqual([...bytes.slice(1, 4)], [0x50, 0x4e, 0x47], `${icon} is a PNG`);
        const view = new DataView(bytes.buffer);
        const [w, h] = [view.getUint32(16), view.getUint32(20)];
        const want = manifest.icons.find((i) => i.src === icon)?.sizes ?? "180x180";
        assert.equal(`${w}x${h}`, want, icon);
      }
    }
    assert.match(readFileSync(join(env.dir, "index.html"), "utf8"), /<link rel="apple-touch-icon" href="apple-touch-icon.png">/);
  });

  test("after one visit the app, a lesson and its rules load with no network", async () => {
    const context = await env.browser.newContext();
    const { page } = await openPage(context);
    await page.goto(`${env.server.url}?lang=en#/course`);
    await page.waitForSelector('body[data-course="ready"]', { timeout: 20_000 });
    await page.waitForLoadState("networkidle");
    assert.equal(await page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration())), false, "not while the child chooses a lesson");
    await page.locator('.lesson-card[data-lesson="idea-board"]').click();
    await page.waitForSelector('#lesson-tutor[data-lesson="intro"]', { timeout: 20_000 });
    await precached(page, "endgame/kpk.bin");
    const manifest = await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.href);
    assert.ok(manifest, "a web app manifest");

    await page.goto(`${env.server.url}?lang=en#/course`);
    await page.reload(); // controlled by the worker from now on
    await page.waitForSelector('body[data-course="ready"]', { timeout: 20_000 });
    assert.ok(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), "the worker controls the page");
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('body[data-course="ready"]', { timeout: 20_000 });
    assert.ok((await page.locator(".lesson-card").count()) > 3, "the course, offline");
    // a lesson: the WASM rules and the lesson file, offline
    await page.goto(`${env.server.url}?lang=en&coordinates=algebraic#/lesson/idea-board`);
    await page.waitForSelector('#lesson-tutor[data-lesson="intro"]', { timeout: 20_000 });
    await page.locator("#lesson-tutor .l-start").click();
    await page.waitForSelector('#lesson-tutor[data-lesson="playing"]', { timeout: 15_000 });
    // a page opened anew, offline, with a query string
    const again = await context.newPage();
    await again.goto(`${env.server.url}index.html?lang=ru#/play`);
    await again.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
    assert.ok(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)));
    await context.close();
  });

  test("a new version: a refresh prompt, and after it the page is wholly the new one", async () => {
    const context = await env.browser.newContext();
    const { page } = await openPage(context);
    await page.goto(`${env.server.url}?lang=en#/play`); // another view than the course: registered at once
    await precached(page, "index.html");
    await page.goto(`${env.server.url}?lang=en#/course`);
    await page.reload(); // now controlled by the worker
    await page.waitForSelector('body[data-course="ready"]', { timeout: 20_000 });
    assert.ok(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)));
    // the site changes: a file of the app (here its manifest) and a new sw.js version
    const manifestPath = join(env.dir, "manifest.webmanifest");
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, name: "Chess tutor, new" }));
    const nameNow = () => page.evaluate(() => fetch("manifest.webmanifest").then((r) => r.json()).then((m) => m.name));
    const swPath = join(env.dir, "sw.js");
    writeFileSync(swPath, readFileSync(swPath, "utf8").replace(/"version":"([0-9a-f]{16})"/, '"version":"0000000000000001"'));
    // the old version stays whole until the child says so
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    const prompt = page.locator("#update-prompt");
    await prompt.waitFor({ timeout: 30_000 });
    assert.match(await prompt.textContent(), /new version/);
    assert.equal(await nameNow(), "Chess tutor", "the old version, whole, until Refresh");
    await Promise.all([page.waitForEvent("load", { timeout: 30_000 }), prompt.getByRole("button", { name: "Refresh" }).click()]);
    await page.waitForSelector('body[data-course="ready"]', { timeout: 20_000 });
    assert.equal(await nameNow(), "Chess tutor, new");
    const keys = await page.evaluate(() => caches.keys());
    assert.deepEqual(keys, ["chess-tutor-0000000000000001"], "the old version's cache is gone");
    await context.close();
  });
});
