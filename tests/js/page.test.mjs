// Static checks on the page and the server configuration (no browser needed).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const WWW = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "www");
const read = (name) => readFileSync(join(WWW, name), "utf8");

test("index.html has a language, a title and the app module", () => {
  const html = read("index.html");
  assert.match(html, /<html lang="[a-z]{2}"/);
  assert.match(html, /<title>Chess tutor<\/title>/);
  assert.match(html, /<script type="module" src="app.js"><\/script>/);
  assert.match(html, /id="status"/);
});

test("index.html has no inline scripts, styles or event handlers (a strict CSP will apply)", () => {
  const html = read("index.html");
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    assert.match(attributes, /\bsrc=/, "every script has a src");
    assert.equal(body.trim(), "", "no inline script body");
  }
  assert.doesNotMatch(html, /<style\b/);
  assert.doesNotMatch(html, /\sstyle=/);
  assert.doesNotMatch(html, /\son[a-z]+=/);
});

test("serve.json serves .wasm as application/wasm", () => {
  const { headers } = JSON.parse(read("serve.json"));
  const rule = headers.find((r) => r.source === "**/*.wasm");
  assert.deepEqual(rule.headers, [{ key: "Content-Type", value: "application/wasm" }]);
});

test("serve.json gives /csp.html the strict Content-Security-Policy", () => {
  const { headers } = JSON.parse(read("serve.json"));
  const rule = headers.find((r) => r.source === "/csp.html");
  assert.deepEqual(rule.headers, [
    {
      key: "Content-Security-Policy",
      value: "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; media-src 'self' blob:",
    },
  ]);
});
