// Languages as data: one list of languages in JS (www/i18n/i18n.js LANGS) and one in Rust (the
// `languages!` of crate/src/message/mod.rs), both the folders of www/i18n; a language's piece
// letters and its name come from its language.js (data only: Rust reads it too), and SAN is shown
// in a language's letters from that file; no code outside the word files asks for one language.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WWW = join(ROOT, "www");
const i18n = await import(pathToFileURL(join(WWW, "i18n", "i18n.js")).href);
const folders = readdirSync(join(WWW, "i18n"), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const language = async (lang) => (await import(pathToFileURL(join(WWW, "i18n", lang, "language.js")).href)).default;

test("one list of languages: the folders of www/i18n, www/i18n/i18n.js's LANGS and Rust's", () => {
  assert.deepEqual([...i18n.LANGS].sort(), [...folders].sort());
  assert.ok(i18n.LANGS.includes(i18n.FALLBACK));
  const rust = readFileSync(join(ROOT, "crate", "src", "message", "mod.rs"), "utf8").match(/^languages!\(([^)]*)\);/m);
  assert.ok(rust, "languages!(…) in crate/src/message/mod.rs");
  assert.deepEqual(rust[1].split(",").map((s) => s.trim().replace(/"/g, "")).filter(Boolean), i18n.LANGS);
});

test("each language.js is data only, one \"id\": \"words\" line each (the form Rust reads)", async () => {
  for (const lang of i18n.LANGS) {
    const text = readFileSync(join(WWW, "i18n", lang, "language.js"), "utf8");
    const body = text.slice(text.indexOf("export default {") + "export default {".length, text.lastIndexOf("}"));
    const lines = body.split("\n").map((l) => l.trim()).filter(Boolean);
    const words = await language(lang);
    assert.equal(lines.length, Object.keys(words).length, `${lang}: one pair a line`);
    for (const line of lines) {
      const m = line.match(/^"([a-z-]+)": "([^"\\]*)",$/);
      assert.ok(m, `${lang}/language.js: ${line}`);
      assert.equal(words[m[1]], m[2]);
    }
    assert.ok(words["language-name"], `${lang}: its name`);
    for (const kind of ["pawn", "knight", "bishop", "rook", "queen", "king"]) assert.equal(typeof words[`letter-${kind}`], "string", `${lang}: letter-${kind}`);
  }
});

test("Russian SAN is written with the letters of ru/language.js", async () => {
  const ru = i18n.lettersIn(await language("ru"), "ru");
  const san = (m) => i18n.sanIn(ru, m);
  // (the assertions Rust's to_russian had, now the page's)
  assert.equal(san("Nf3"), "Кf3");
  assert.equal(san("Kxe2+"), "Крxe2+");
  assert.equal(san("e8=Q#"), "e8=Ф#");
  assert.equal(san("Bf1xb5+"), "Сf1xb5+");
  assert.equal(san("O-O-O"), "O-O-O");
  assert.equal(san("Rh1–h8+"), "Лh1–h8+");
  assert.equal(san("bxc3"), "bxc3");
  // English letters are SAN's own
  const en = i18n.lettersIn(await language("en"), "en");
  for (const m of ["Nf3", "Kxe2+", "e8=Q#", "O-O"]) assert.equal(i18n.sanIn(en, m), m);
  // a piece set: its pieces' own letters, else the word file's for a FIDE id, else the letter
  const set = [
    { id: "prince", letter: "P", letters: { ru: "П" } },
    { id: "knight", letter: "N" },
    { id: "turret", letter: "t" },
  ];
  const letters = i18n.lettersIn(await language("ru"), "ru", set);
  assert.deepEqual(letters, { P: "П", N: "К", T: "T" });
  assert.equal(i18n.sanIn(letters, "Pe5xd5"), "Пe5xd5");
  assert.equal(i18n.pieceLetter(await language("ru"), "ru", { kind: "pawn", letter: "P" }), "P", "a pawn has no Russian letter: its own");
});

test("a Russian message with a move says it in Russian letters", async () => {
  const words = (await import(pathToFileURL(join(WWW, "i18n", "ru", "messages-lesson.js")).href)).default;
  assert.match(words["lesson-not-best-reply"]({ side: "black", reply: "Rxa8" }), /ответ Лxa8 /);
  assert.match(words["lesson-not-best-mate"]({ side: "black", reply: "Qh2#" }), /мат: Фh2# /);
});

// No code outside the word files asks whether the language is Russian: a lint rule
// (eslint.config.js, NO_LANGUAGE_IF; held by tests/js/lint-rules.test.mjs).
