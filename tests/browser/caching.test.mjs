// What a browser keeps (issue 36): the app served by the class server (server/src/web.rs, built by
// scripts/test.sh before the browser tests: cargo build --release -p chess-tutor-server) is loaded
// twice in one browser profile. The first visit gets the build's brotli files and content-hashed
// names (the WASM packages' modules and glue, the chunks, every script, style, word file and
// picture: scripts/web-assets.mjs hashAssets); the second takes no bytes for any file whose name
// carries a hash (the HTTP cache answers, no request), and asks again only for the rest (the page and
// the API: no-cache; the course's data come by hashed copies, scripts/data-files.mjs), a 304 when unchanged. (Speed: `npm run bench -- --only load`.)
import assert from "node:assert/strict";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { DIST, hashedName } from "./helpers.mjs";
import { useClassServerAndBrowser } from "./class-server.mjs";

/** What a second visit asks for again (no-cache, each a 304 when unchanged): the page and the class
 *  server's API alone; the course's data come by hashed names too (data/: scripts/data-files.mjs). */
const FIXED = /^\/($|api\/)/;


const env = useClassServerAndBrowser();

/** One visit in CONTEXT: the course, then the first lesson playable. Returns what the network did:
 *  { sent: { url, status, bytes on the wire, encoding, control (Cache-Control) } of every request that
 *  reached the server, cached: urls the HTTP cache answered }. */
async function visit(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const seen = new Map();
  cdp.on("Network.requestWillBeSent", (e) => seen.set(e.requestId, { url: new URL(e.request.url).pathname }));
  cdp.on("Network.requestServedFromCache", (e) => seen.get(e.requestId) && (seen.get(e.requestId).cache = true));
  cdp.on("Network.responseReceived", (e) => {
    const r = seen.get(e.requestId);
    if (!r) return;
    const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    Object.assign(r, { status: e.response.status, cache: r.cache || e.response.fromDiskCache, encoding: h["content-encoding"] ?? "", control: h["cache-control"] ?? "" });
  });
  cdp.on("Network.loadingFinished", (e) => seen.get(e.requestId) && (seen.get(e.requestId).bytes = e.encodedDataLength));
  await page.goto(`${env.server.url}?lang=en#/course`);
  await page.waitForSelector('body[data-course="ready"]', { timeout: 30_000 });
  const first = await page.locator("a.lesson-card").first().getAttribute("data-lesson");
  await page.locator(`a.lesson-card[data-lesson="${first}"]`).click();
  await page.waitForSelector(`#lesson-tutor[data-lesson="intro"][data-lesson-id="${first}"]`, { timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  await page.close();
  const all = [...seen.values()].filter((r) => r.status !== undefined || r.cache);
  return { sent: all.filter((r) => !r.cache), cached: all.filter((r) => r.cache).map((r) => r.url) };
}

test("the second visit takes no bytes for hashed files, and a 304 for the rest", async () => {
  const context = await env.browser.newContext({ serviceWorkers: "block" });
  const one = await visit(context);
  const wasm = one.sent.filter((r) => r.url.endsWith(".wasm"));
  assert.ok(wasm.length >= 1, "a lesson package's module came");
  for (const r of wasm) {
    assert.match(r.url, /^\/pkg-lessons\/chess_tutor_bg-[0-9A-Z]{8}\.wasm$/, "its name carries its hash");
    assert.equal(r.encoding, "br", `${r.url} came as brotli`);
    assert.equal(r.control, "public, max-age=31536000, immutable", r.url);
    const raw = readdirSync(join(DIST, "pkg-lessons")).find((f) => f.endsWith(".wasm"));
    assert.ok(r.bytes < 0.5 * statSync(join(DIST, "pkg-lessons", raw)).size, `${r.url}: ${r.bytes} bytes on the wire`);
  }
  const scripts = one.sent.filter((r) => r.url.endsWith(".js"));
  assert.ok(scripts.length > 3);
  // every script the build compressed (all but a few of a few hundred bytes) came as brotli
  for (const r of scripts) assert.equal(r.encoding, existsSync(join(DIST, `${r.url}.br`)) ? "br" : "", r.url);
  assert.ok(scripts.filter((r) => r.encoding === "br").length > scripts.length / 2);
  // every script and style of the visit by its hashed name (the pages name no fixed-name stub)
  for (const r of one.sent.filter((r) => /\.(js|css)$/.test(r.url))) assert.ok(hashedName(r.url), `${r.url}: a script or style by its fixed name`);
  const hashed = one.sent.filter((r) => hashedName(r.url));
  assert.ok(hashed.length >= 3, "chunks and the module are hashed");
  assert.ok(one.sent.some((r) => r.url === "/" && r.control === "no-cache"), "the page: no-cache");

  const raw = await visit(context);
  // a file the first visit never asked for is fetched once, not "again": the practice room's style
  // comes when the course page's practice entry has loaded, which a quick click to the first
  // lesson can outrun on a slow machine (www/app/app.js courseEntry)
  const firstSeen = new Set(one.sent.map((r) => r.url));
  const two = { sent: raw.sent.filter((r) => !(hashedName(r.url) && !firstSeen.has(r.url))), cached: raw.cached };
  const again = two.sent.filter((r) => hashedName(r.url));
  assert.deepEqual(again, [], "no hashed file asked again");
  for (const url of hashed.map((r) => r.url)) assert.ok(two.cached.includes(url) || !two.sent.some((r) => r.url === url), url);
  // the rest asked again and answered 304: headers only (Chromium's protocol reports the cached
  // response's 200 once revalidated, so the bytes on the wire tell)
  for (const r of two.sent) assert.ok(r.bytes < 600, `${r.url}: unchanged, so no body (${r.bytes} bytes on the wire)`);
  assert.ok(two.sent.some((r) => r.url === "/"), "the page asked again (no-cache)");
  // asked again: only the page and the class server's API (the course, its lessons, the course
  // index, skills.json and the course pictures by their hashed copies under data/)
  for (const r of two.sent) assert.match(r.url, FIXED, `${r.url}: asked again on the second visit`);
  assert.ok(one.sent.some((r) => /^\/data\/lessons\/course-[0-9A-Z]{8}\.json$/.test(r.url) && r.control === "public, max-age=31536000, immutable"), "the course by its hashed copy, immutable");
  assert.ok(!one.sent.some((r) => r.url.startsWith("/lessons/")), "no file of the lessons folder by its own name");
  const bytes = two.sent.reduce((n, r) => n + (r.bytes ?? 0), 0);
  assert.ok(bytes < 40_000, `the second visit: ${bytes} bytes on the wire (headers of ${two.sent.length} 304s)`);
  await context.close();
});
