// The message catalogue (www/i18n/<lang>/messages-*.js) against Rust's messages: every id Rust
// makes has words in every language, the English words equal Rust's English copy for sample
// arguments, and every language folder has the same ids as the English one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const i18n = join(root, "www", "i18n");
const langs = readdirSync(i18n, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
const files = (lang) => readdirSync(join(i18n, lang)).filter((f) => f.endsWith(".js")).sort();
const load = async (lang, file) => (await import(pathToFileURL(join(i18n, lang, file)).href)).default;

/** Every message file's words of a language, merged. */
async function messages(lang) {
  const parts = await Promise.all(files(lang).filter((f) => f.startsWith("messages-")).map((f) => load(lang, f)));
  return Object.assign({}, ...parts);
}

/** A message in words: a function is called with the args, a string has its {name}s filled. */
function say(words, { id, args }) {
  const w = words[id];
  if (typeof w === "function") return w(args);
  if (typeof w === "string") return w.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));
  return id;
}

/** `chess-tutor messages`: every Rust id with sample args and its English. */
function rustMessages() {
  // the newer of the two builds: an older one may predate the words being checked
  const target = process.env.CARGO_TARGET_DIR || join(root, "target");
  const bin = ["release", "quick", "debug"]
    .map((p) => join(target, p, "chess-tutor"))
    .filter((p) => existsSync(p))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  return bin ? JSON.parse(execFileSync(bin, ["messages"], { encoding: "utf8" })) : null;
}

const rust = rustMessages();
const skip = rust ? false : "no target/{release,quick,debug}/chess-tutor: run cargo build first";

test("the English words equal Rust's English copy for every sample", { skip }, async () => {
  const en = await messages("en");
  for (const m of rust) assert.equal(say(en, m), m.en, `${m.id} ${JSON.stringify(m.args)}`);
});

test("every Rust message has words in every language", { skip }, async () => {
  for (const lang of langs) {
    const words = await messages(lang);
    const missing = rust.map((m) => m.id).filter((id) => !(id in words));
    assert.deepEqual(missing, [], `${lang}: ids without words`);
    for (const m of rust) {
      const text = say(words, m);
      assert.ok(typeof text === "string" && text.length > 0 && !/undefined|\{\w+\}/.test(text), `${lang} ${m.id}: ${text}`);
    }
  }
});

test("every language has the same files and ids as every other", async () => {
  assert.ok(langs.includes("en") && langs.length >= 2, `language folders: ${langs}`);
  for (const lang of langs) {
    assert.deepEqual(files(lang), files("en"), `${lang}: the files of www/i18n/en`);
    for (const file of files("en")) {
      const [theirs, ours] = [Object.keys(await load(lang, file)).sort(), Object.keys(await load("en", file)).sort()];
      assert.deepEqual(theirs.filter((k) => !ours.includes(k)), [], `${lang}/${file}: ids English lacks`);
      assert.deepEqual(ours.filter((k) => !theirs.includes(k)), [], `${lang}/${file}: ids without words`);
    }
  }
});
