// Each built word file one request (issue 36; scripts/word-files.mjs): the chunks only word files
// share are folded into each, a chunk other code imports too stays shared (one module instance),
// and chunks nothing imports any more are removed. On a small built site in a temporary folder,
// and on the built dist/ when there is one.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, test } from "node:test";
import { WORD_FILE, flattenWordFiles } from "../../scripts/word-files.mjs";
import { DIST } from "../../scripts/build-web.mjs";

const dirs = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A built site: two word files sharing words through two chunks, one importing the word loader's
 *  chunk (shared with the app), and the app. */
function site() {
  const dir = mkdtempSync(join(tmpdir(), "ct-word-files-"));
  dirs.push(dir);
  mkdirSync(join(dir, "i18n", "en"), { recursive: true });
  const put = (rel, text) => writeFileSync(join(dir, rel), text);
  put("chunk-LOADER01.js", 'var n=0;function c(){return++n}export{c as a};\n');
  put("chunk-PIECES01.js", 'import{a as p}from"./chunk-COLOURS1.js";var o={...p,rook:"rook"};export{o as a};\n');
  put("chunk-COLOURS1.js", 'var o={white:"White"};export{o as a};\n');
  put("app.js", 'import{a as c}from"./chunk-LOADER01.js";export const count=c;\n');
  put("i18n/en/board.js", 'import{a as o}from"../../chunk-PIECES01.js";var e={...o,board:"Chessboard"};export{e as default};\n');
  put("i18n/en/messages-core.js", 'import{a as o}from"../../chunk-PIECES01.js";import{a as c}from"../../chunk-LOADER01.js";var e={...o,loads:c};export{e as default};\n');
  put("i18n/en/speech.js", 'var e={hello:"Hello"};export{e as default};\n');
  return dir;
}

test("word files: the chunks only they share are folded in, the shared loader stays one module", async () => {
  const dir = site();
  const changed = await flattenWordFiles(dir);
  assert.deepEqual(changed.sort(), ["i18n/en/board.js", "i18n/en/messages-core.js"]);
  const board = readFileSync(join(dir, "i18n/en/board.js"), "utf8");
  const core = readFileSync(join(dir, "i18n/en/messages-core.js"), "utf8");
  assert.doesNotMatch(board, /chunk-/, "no chunk left to ask for");
  assert.match(core, /"\.\.\/\.\.\/chunk-LOADER01\.js"/, "the loader's chunk, named from the word file's folder");
  assert.doesNotMatch(core, /chunk-(PIECES|COLOURS)/);
  assert.ok(!existsSync(join(dir, "chunk-PIECES01.js")) && !existsSync(join(dir, "chunk-COLOURS1.js")), "the folded chunks are gone");
  assert.ok(existsSync(join(dir, "chunk-LOADER01.js")), "the shared chunk stays");
  assert.equal(readFileSync(join(dir, "i18n/en/speech.js"), "utf8"), 'var e={hello:"Hello"};export{e as default};\n', "a file without chunks is left as it was");
  // the words are the same, and the loader is the app's own instance
  const url = (rel) => pathToFileURL(join(dir, rel)).href;
  assert.deepEqual((await import(url("i18n/en/board.js"))).default, { white: "White", rook: "rook", board: "Chessboard" });
  const words = (await import(url("i18n/en/messages-core.js"))).default;
  const app = await import(url("app.js"));
  assert.equal(words.white, "White");
  assert.equal(words.loads, app.count, "one instance of the shared chunk");
  assert.deepEqual(await flattenWordFiles(dir), [], "a second run changes nothing");
});

test("the built site: no word file imports a chunk that only word files import", { skip: !existsSync(join(DIST, ".built")) && "no dist/ (npm run build)" }, () => {
  const all = [];
  const walk = (sub) => {
    for (const e of readdirSync(join(DIST, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith(".js")) all.push(rel);
    }
  };
  walk("");
  const words = all.filter((f) => WORD_FILE.test(f));
  assert.ok(words.length > 20, `${words.length} word files`);
  const chunkOf = (text) => [...text.matchAll(/"(?:\.\.?\/)+(chunk-[\w-]+\.js)"/g)].map((m) => m[1]);
  const byOthers = new Set(all.filter((f) => !WORD_FILE.test(f)).flatMap((f) => chunkOf(readFileSync(join(DIST, f), "utf8"))));
  for (const w of words) {
    for (const c of chunkOf(readFileSync(join(DIST, w), "utf8"))) assert.ok(byOthers.has(c), `${w} imports ${c}, which only word files import`);
  }
});
