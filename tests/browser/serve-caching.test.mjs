// `serve` (the static host of the README and of `npm run serve`) caches as the class server does:
// a file whose name carries a content hash (`-` and 8 capitals or digits before the extension,
// outside lessons/, the class server's `hashed` in server/src/web.rs) is sent immutable, every
// other file no-cache (a second visit asks again and gets a 304). Every file of dist/ is asked.
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { after, before, test } from "node:test";
import { DIST, hashedName, startServer } from "./helpers.mjs";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** dist/'s files as paths from its root (the precompressed twins and the build's stamps left out). */
function files(dir = DIST) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    if (/\.(br|gz)$/.test(entry.name) || entry.name.startsWith(".")) return []; // the build's stamps are not served
    return [relative(DIST, path).split("\\").join("/")];
  });
}

let server;
before(async () => (server = await startServer()));
after(() => server?.stop());

test("serve sends every hashed file immutable and every other file no-cache", async () => {
  const all = files();
  const wrong = [];
  let immutable = 0;
  for (const path of all) {
    const response = await fetch(new URL(path.split("/").map(encodeURIComponent).join("/"), server.url), { method: "HEAD", redirect: "manual" });
    if (response.status >= 300) continue; // cleanUrls sends page.html to /page: the page is asked so below
    const expected = hashedName(path) ? IMMUTABLE : "no-cache";
    if (expected === IMMUTABLE) immutable++;
    const got = response.headers.get("cache-control");
    if (got !== expected) wrong.push(`${path}: ${got} (expected ${expected})`);
  }
  assert.deepEqual(wrong, []);
  assert.ok(immutable > 100, `most files carry a hash (${immutable} of ${all.length})`);
  const page = await fetch(server.url, { method: "HEAD" });
  assert.equal(page.headers.get("cache-control"), "no-cache", "the app page");
});
