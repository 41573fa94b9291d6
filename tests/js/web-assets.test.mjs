// The build's content-hashed names (scripts/web-assets.mjs hashAssets, wordTable): on a small
// built folder made here, every script, style and picture gets NAME-HASH.EXT, every reference
// (imports, URLs, a page's src/href, a style's url(), the word files' table) follows it, files
// that name each other settle, and the old names keep working for whoever types them.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { contentHash, hashAssets, hashable, onlyImports, wordTable } from "../../scripts/web-assets.mjs";

const dirs = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function folder(files) {
  const dir = mkdtempSync(join(tmpdir(), "ct-assets-"));
  dirs.push(dir);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}
const read = (dir, rel) => readFileSync(join(dir, rel), "utf8");
const HASHED = /-[0-9A-Z]{8}\.(js|css|svg)$/;

test("what keeps a fixed name", () => {
  for (const rel of ["index.html", "sw.js", "manifest.webmanifest", "course-index.json", "lessons/a.json", "engine-worker.js", "package/scorm.js", "endgame/kqk.bin", "pkg/chess_tutor_bg-0A1B2C3D.wasm"]) {
    assert.equal(hashable(rel), false, rel);
  }
  for (const rel of ["app.js", "chunk-0A1B2C3D.js", "style.css", "images/pieces.svg", "i18n/en/app.js", "pkg-lessons/chess_tutor.js", "practice/entry.js"]) {
    assert.equal(hashable(rel), true, rel);
  }
});

test("every reference follows the hashed names; old names re-export the new", () => {
  const dir = folder({
    "index.html": '<link rel="stylesheet" href="style.css"><img src="images/p.svg#wN"><script type="module" src="app.js"></script><a href="#/course">x</a>',
    "app.js": 'import{a}from"./chunk-0A1B2C3D.js";import("./lesson.js");new URL("images/p.svg",import.meta.url);const w=new Worker(new URL("engine-worker.js",import.meta.url));a(`images/p.svg#${x}`);export default 1;',
    "lesson.js": 'import{a}from"./chunk-0A1B2C3D.js";import"./pkg/chess_tutor.js";export{a};',
    "chunk-0A1B2C3D.js": 'export const a=()=>"not-a-file.txt";',
    "engine-worker.js": 'import"./chunk-0A1B2C3D.js";',
    "pkg/chess_tutor.js": 'new URL("chess_tutor_bg-0A1B2C3D.wasm",import.meta.url);',
    "style.css": ".a{background:url(images/p.svg#x)}.b{background:url('images/p.svg')}",
    "images/p.svg": "<svg/>",
  });
  const named = hashAssets(dir);
  for (const f of ["app.js", "lesson.js", "chunk-0A1B2C3D.js", "style.css", "images/p.svg", "pkg/chess_tutor.js"]) assert.match(named[f], HASHED, f);
  assert.equal(named["engine-worker.js"], undefined, "the worker keeps its name (its CSP header goes by it)");
  const html = read(dir, "index.html");
  assert.ok(html.includes(`href="${named["style.css"]}"`) && html.includes(`src="${named["images/p.svg"]}#wN"`) && html.includes(`src="${named["app.js"]}"`), html);
  assert.ok(html.includes('href="#/course"'));
  const app = read(dir, named["app.js"]);
  for (const f of ["chunk-0A1B2C3D.js", "lesson.js", "images/p.svg"]) assert.ok(app.includes(named[f]), `${f} in ${app}`);
  assert.ok(app.includes('"engine-worker.js"') && app.includes(`\`${named["images/p.svg"]}#\${x}\``), app);
  assert.ok(read(dir, "engine-worker.js").includes(named["chunk-0A1B2C3D.js"]), "a fixed-name file's imports follow too");
  assert.ok(read(dir, named["lesson.js"]).includes(`./${named["pkg/chess_tutor.js"]}`));
  const css = read(dir, named["style.css"]);
  assert.equal(css, `.a{background:url(${named["images/p.svg"]}#x)}.b{background:url('${named["images/p.svg"]}')}`);
  // a chunk's name is the hash of its bytes; its old name is gone
  assert.equal(named["chunk-0A1B2C3D.js"], `chunk-${contentHash(read(dir, named["chunk-0A1B2C3D.js"]))}.js`);
  assert.ok(!existsSync(join(dir, "chunk-0A1B2C3D.js")));
  // old names: a script (a glue too) re-exports its hashed module (default too); style and picture stay
  assert.equal(read(dir, "app.js"), `export*from"./${named["app.js"]}";export{default}from"./${named["app.js"]}";\n`);
  // a script of imports and re-exports alone (an entry whose code is in chunks) holds the same
  // lines under its old name, which name the hashed modules: one request less, the same bindings
  assert.equal(read(dir, "lesson.js"), read(dir, named["lesson.js"]));
  assert.ok(read(dir, "lesson.js").includes(`from"./${named["chunk-0A1B2C3D.js"]}"`) && read(dir, "lesson.js").includes(`import"./${named["pkg/chess_tutor.js"]}"`));
  assert.equal(read(dir, "images/p.svg"), "<svg/>");
  assert.equal(read(dir, "pkg/chess_tutor.js"), `export*from"./${named["pkg/chess_tutor.js"].slice(4)}";import"./${named["pkg/chess_tutor.js"].slice(4)}";\n`);
  assert.ok(read(dir, named["pkg/chess_tutor.js"]).includes('"chess_tutor_bg-0A1B2C3D.wasm"'), "the module's name, beside the glue");
});

test("a change in a picture renames whatever names it, up to the page", () => {
  const files = { "index.html": '<script type="module" src="app.js"></script>', "app.js": 'import"./chunk-0A1B2C3D.js";', "chunk-0A1B2C3D.js": 'new URL("images/p.svg",import.meta.url);', "images/p.svg": "<svg/>" };
  const one = hashAssets(folder(files));
  const two = hashAssets(folder({ ...files, "images/p.svg": "<svg></svg>" }));
  const same = hashAssets(folder(files));
  for (const f of ["app.js", "chunk-0A1B2C3D.js", "images/p.svg"]) {
    assert.notEqual(one[f], two[f], f);
    assert.equal(one[f], same[f], f);
  }
});

test("files that import each other (a circle) get names that settle", () => {
  const dir = folder({
    "a.js": 'import("./b.js");export const x=1;',
    "b.js": 'import("./a.js");import"./c.js";',
    "c.js": "export{};",
  });
  const named = hashAssets(dir);
  assert.ok(read(dir, named["a.js"]).includes(named["b.js"]) && read(dir, named["b.js"]).includes(named["a.js"]) && read(dir, named["b.js"]).includes(named["c.js"]));
  assert.ok(named["a.js"] !== named["b.js"]);
});

test("the word files' list names their hashed names", () => {
  const dir = folder({
    "chunk-0A1B2C3D.js": `const F=JSON.parse('["__WORD_FILES__"]');export const load=(l,p)=>import(new URL(F.find((f)=>f.startsWith(\`i18n/\${l}/\${p}-\`))??\`i18n/\${l}/\${p}.js\`,import.meta.url).href);`,
    "i18n/en/app.js": 'import"../../chunk-0A1B2C3D.js";export default{hi:"Hello"};',
    "i18n/ru/app.js": 'export default{hi:"Привет"};',
  });
  assert.equal(wordTable(dir), 1);
  const named = hashAssets(dir);
  const chunk = read(dir, named["chunk-0A1B2C3D.js"]);
  const table = JSON.parse(/(\["i18n\/.*?\])/.exec(chunk)[1]);
  assert.deepEqual(table.sort(), [named["i18n/en/app.js"], named["i18n/ru/app.js"]].sort());
  assert.ok(existsSync(join(dir, named["i18n/ru/app.js"])) && readdirSync(join(dir, "i18n", "ru")).includes("app.js"));
  assert.ok(read(dir, named["i18n/en/app.js"]).includes(`../../${named["chunk-0A1B2C3D.js"]}`));
});

test("a module of imports and re-exports alone, and one with code of its own", () => {
  for (const body of ['import{_0_a as a}from"./chunk-0A1B2C3D.js";;;import"./chunk-1B2C3D4E.js";export{a as ChessTutor};\n', 'export*from"./x.js";import"./x.js";\n', 'export{a as b}from"./y.js";export*as n from"./z.js";']) {
    assert.equal(onlyImports(body), true, body);
  }
  for (const body of ['import{a}from"./c.js";export default 1;', 'var a=1;export{a};', 'import{a}from"./c.js";a();', 'import"./x.js";import.meta.url;', 'import("./x.js");', "", ";"]) {
    assert.equal(onlyImports(body), false, body);
  }
});

test("a merged chunk imports each chunk left apart once, where it first did, with every name", async () => {
  const { oneImportEach } = await import("../../scripts/web-assets.mjs");
  const code = 'import{h as he}from"./chunk-E6.js";import{c as pt}from"./chunk-86.js";var x=1;import{c as x2,f as ce}from"./chunk-86.js";function f(){return"import{a}from\\"./chunk-9.js\\""}import"./chunk-E6.js";import"./chunk-77.js";import{d as de}from"../chunk-E6.js";export{x};';
  assert.equal(
    oneImportEach(code),
    'import{h as he}from"./chunk-E6.js";import{c as pt,c as x2,f as ce}from"./chunk-86.js";var x=1;function f(){return"import{a}from\\"./chunk-9.js\\""}import"./chunk-77.js";import{d as de}from"../chunk-E6.js";export{x};',
  );
  // the same names from the same modules: the statements run as before
  const dir = folder({
    "chunk-E6.js": 'export const h=1,d=2;globalThis.order=(globalThis.order??"")+"E";',
    "chunk-86.js": 'export const c=3,f=4;globalThis.order=(globalThis.order??"")+"8";',
    "chunk-77.js": 'globalThis.order=(globalThis.order??"")+"7";',
    "m.js": oneImportEach('import{h as a}from"./chunk-E6.js";import"./chunk-77.js";import{c as b}from"./chunk-86.js";import{d as e,h as g}from"./chunk-E6.js";export default [a,b,e,g];'),
  });
  const { default: got } = await import(join(dir, "m.js"));
  assert.deepEqual(got, [1, 3, 2, 1]);
  assert.equal(globalThis.order, "E78");
});
