// `serve` with www/serve.json: the headers the page relies on.
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { WWW, serveConfig, startServer } from "./helpers.mjs";

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; media-src 'self' blob:";

// A copy of www/serve.json next to a stand-in csp.html, so the header is checked even before
// the real www/csp.html exists.
let dir;
let server;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "chess-tutor-serve-"));
  copyFileSync(join(WWW, "serve.json"), join(dir, "serve.json"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>index</title>\n");
  writeFileSync(join(dir, "csp.html"), "<!doctype html><title>csp</title>\n");
  writeFileSync(join(dir, "x.wasm"), Buffer.from([0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
  mkdirSync(join(dir, "pkg"));
  writeFileSync(join(dir, "pkg", "module.js"), "export {};\n");
  server = await startServer(dir);
});

after(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("/csp.html gets the strict Content-Security-Policy", async () => {
  assert.equal(
    serveConfig().headers.find((rule) => rule.source === "/csp.html").headers[0].value,
    CSP,
  );
  const response = await fetch(new URL("csp.html", server.url));
  assert.equal(response.status, 200);
  assert.match(await response.text(), /<title>csp<\/title>/);
  assert.equal(response.headers.get("content-security-policy"), CSP);
});

test("other pages get no Content-Security-Policy header", async () => {
  const response = await fetch(server.url);
  assert.equal(response.status, 200);
  assert.match(await response.text(), /<title>index<\/title>/);
  assert.equal(response.headers.get("content-security-policy"), null);
});

test(".wasm files are served as application/wasm", async () => {
  const response = await fetch(new URL("x.wasm", server.url));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "application/wasm");
});

test("directories are not listed", async () => {
  assert.equal((await fetch(new URL("pkg/module.js", server.url))).status, 200);
  const response = await fetch(new URL("pkg/", server.url));
  assert.equal(response.status, 404);
  assert.doesNotMatch(await response.text(), /module\.js/);
});
