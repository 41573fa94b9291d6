// The built WASM package (www/pkg) loads in Node and its exports answer.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PKG = join(ROOT, "www", "pkg");

function crateVersion() {
  const toml = readFileSync(join(ROOT, "crate", "Cargo.toml"), "utf8");
  return /^\[package\][^[]*?^version\s*=\s*"([^"]+)"/ms.exec(toml)[1];
}

test("www/pkg loads in Node and version() is the crate version", async () => {
  const pkg = await import(join(PKG, "chess_tutor.js"));
  pkg.initSync({ module: readFileSync(join(PKG, "chess_tutor_bg.wasm")) });
  assert.equal(pkg.version(), crateVersion());
});

test("www/pkg keeps its TypeScript declarations", () => {
  const dts = readFileSync(join(PKG, "chess_tutor.d.ts"), "utf8");
  assert.match(dts, /export function version\(\): string;/);
});
