// What each page loads, read from the module graph itself (esbuild's resolution of www/, as the
// build makes dist/) instead of from the source text: the plain widget's static imports never
// reach the lesson player, the game modes, the setup board or the bigger WASM packages; those come
// only through import(); the plug-ins never import the widget. (These were regexes over
// chess-tutor.js, lesson.js and play.js in lesson.test and setup.test, issue 34.)
import assert from "node:assert/strict";
import { dirname, join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WWW = join(ROOT, "www");

/** The import graph from `entries` (files of www/): file → [{ path, kind }], paths from www/. */
async function graph(...entries) {
  const { metafile } = await build({
    entryPoints: entries.map((e) => join(WWW, e)),
    absWorkingDir: ROOT,
    bundle: true,
    splitting: true,
    format: "esm",
    outdir: join(ROOT, "target", "module-graph"),
    write: false,
    metafile: true,
    packages: "external",
    logLevel: "silent",
  });
  const edges = new Map();
  const name = (p) => relative(WWW, join(ROOT, p)).replaceAll("\\", "/");
  for (const [file, input] of Object.entries(metafile.inputs)) {
    edges.set(name(file), input.imports.filter((i) => !i.external).map((i) => ({ path: name(i.path), kind: i.kind })));
  }
  return edges;
}

/** Every module `from` reaches through the edges `kinds` allows. */
function reach(edges, from, kinds) {
  const seen = new Set([from]);
  const todo = [from];
  while (todo.length) {
    for (const { path, kind } of edges.get(todo.pop()) ?? []) {
      if (kinds.includes(kind) && !seen.has(path)) {
        seen.add(path);
        todo.push(path);
      }
    }
  }
  return seen;
}

const STATIC = ["import-statement"];
const edges = await graph("widget/chess-tutor.js", "lesson/player.js", "widget/play.js", "widget/setup.js");

test("the module graph is read (a sanity check of the reading itself)", () => {
  const plain = reach(edges, "widget/chess-tutor.js", STATIC);
  for (const module of ["widget/board.js", "widget/dom.js", "i18n/i18n.js"]) assert.ok(plain.has(module), `chess-tutor.js imports ${module}: ${[...plain]}`);
  assert.ok(reach(edges, "lesson/player.js", STATIC).has("pkg-lessons/chess_tutor.js"), "the lesson player imports its package");
});

test("the plain widget's static imports never reach a plug-in, the setup board or another package", () => {
  const plain = [...reach(edges, "widget/chess-tutor.js", STATIC)];
  for (const never of [/^lesson\//, /(^|\/)play\.js$/, /(^|\/)setup\.js$/, /(^|\/)studio/, /(^|\/)variant\.js$/, /(^|\/)speech\.js$/, /(^|\/)xapi\.js$/, /^pkg-(lessons|lessons-full|engine|variant|studio)\//, /engine-worker/]) {
    assert.deepEqual(plain.filter((m) => never.test(m)), [], `chess-tutor.js loads ${never} only when asked for`);
  }
});

test("the widget loads the lesson player only through import()", () => {
  const dynamic = (edges.get("widget/chess-tutor.js") ?? []).filter((i) => i.kind === "dynamic-import").map((i) => i.path);
  assert.ok(dynamic.includes("lesson/player.js"), `chess-tutor.js: import("./lesson/player.js") (${dynamic})`);
});

test("the plug-ins talk to the widget only through its host: they never import chess-tutor.js", () => {
  for (const plugin of ["lesson/player.js", "widget/play.js"]) {
    const all = reach(edges, plugin, ["import-statement", "dynamic-import"]);
    assert.ok(!all.has("widget/chess-tutor.js"), `${plugin} reaches chess-tutor.js`);
  }
});

test("the plug-ins export start(host)", async () => {
  // Each is loaded as the widget loads it; outside a browser only its exports are looked at.
  for (const plugin of ["lesson/player.js", "widget/play.js"]) {
    const { metafile } = await build({ entryPoints: [join(WWW, plugin)], bundle: false, write: false, metafile: true, format: "esm", logLevel: "silent" });
    const exports = Object.values(metafile.outputs)[0].exports;
    assert.ok(exports.includes("start"), `${plugin} exports start: ${exports}`);
  }
});
