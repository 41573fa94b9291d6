// www/widget/settings.js: the app's settings menu's choices — versioned, defaults for anything damaged or
// unknown, the pre-version keys read once, never a throw (blocked or full storage).
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const S = await import(pathToFileURL(join(ROOT, "www", "widget", "settings.js")).href);
const LANGS = ["ru", "en"];

test("defaults: labels letters and numbers (a1…h8), formula plain, sound off, not read aloud (not asked yet), the language left to the browser", () => {
  assert.deepEqual(S.parse(null, LANGS), { lang: null, coordinates: "algebraic", formula: "plain", sound: false, read: false, readAsked: false });
});

test("a stored version is read field by field; a bad field gets its default", () => {
  const text = JSON.stringify({ version: 1, lang: "ru", coordinates: "ij", formula: "full", sound: true, read: true, readAsked: true });
  assert.deepEqual(S.parse(text, LANGS), { lang: "ru", coordinates: "ij", formula: "full", sound: true, read: true, readAsked: true });
  const bad = JSON.stringify({ version: 1, lang: "xx", coordinates: "hex", formula: 3, sound: "yes", read: "on", readAsked: 1 });
  assert.deepEqual(S.parse(bad, LANGS), S.parse(null, LANGS));
});

test("damaged text, another version or not an object: the defaults", () => {
  for (const text of ["{not json", "[]", "null", JSON.stringify({ version: 2, lang: "ru" })]) assert.deepEqual(S.parse(text, LANGS), S.parse(null, LANGS));
});

test("the keys before settings were versioned are read when there is no versioned key", () => {
  const old = { "chess-tutor.lang": "ru", "chess-tutor.coordinates": "algebraic" };
  assert.deepEqual(S.parse(null, LANGS, (k) => old[k] ?? null), { lang: "ru", coordinates: "algebraic", formula: "plain", sound: false, read: false, readAsked: false });
});

test("no storage, or storage that throws: load gives the defaults and save says it failed", () => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, "localStorage");
  try {
    Object.defineProperty(globalThis, "localStorage", { configurable: true, get: () => ({ getItem: () => { throw new Error("blocked"); }, setItem: () => { throw new Error("full"); } }) });
    assert.deepEqual(S.load(LANGS), S.parse(null, LANGS));
    assert.equal(S.save({ lang: "en", coordinates: "none", formula: "plain", sound: false }).ok, false);
  } finally {
    if (saved) Object.defineProperty(globalThis, "localStorage", saved);
    else delete globalThis.localStorage;
  }
});
