// scripts/wasm-imports.mjs (issue 34): the build gives the imports of www/pkg, pkg-lessons and
// pkg-variant short names, in the module and in its glue alike. A renamed package plays as before
// and says its errors as before; a second pass changes nothing; a glue that does not name an
// import once is refused, nothing half renamed.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import binaryen from "binaryen";
import { shortenImports } from "../../scripts/wasm-imports.mjs";

const ROOT = join(fileURLToPath(import.meta.url), "..", "..", "..");

/** A module importing two functions from "./x_bg.js", and a glue that hands them over. */
function sample() {
  const mod = new binaryen.Module();
  const { i32 } = binaryen;
  mod.addFunctionImport("twice", "./x_bg.js", "__wbg_twice_0123456789abcdef", binaryen.createType([i32]), i32);
  mod.addFunctionImport("plus", "./x_bg.js", "__wbg_plus_fedcba9876543210", binaryen.createType([i32, i32]), i32);
  mod.addFunction("run", binaryen.createType([i32]), i32, [], mod.call("plus", [mod.call("twice", [mod.local.get(0, i32)], i32), mod.i32.const(1)], i32));
  mod.addFunctionExport("run", "run");
  const wasm = mod.emitBinary();
  mod.dispose();
  const glue = `function imports() {\n    const import0 = {\n        __proto__: null,\n        __wbg_twice_0123456789abcdef: function(a) { return 2 * a; },\n        __wbg_plus_fedcba9876543210: function(a, b) { return a + b; },\n    };\n    return { __proto__: null, "./x_bg.js": import0 };\n}\n`;
  return { wasm, glue };
}
const importsOf = (glue) => new Function(`${glue}; return imports();`)();
const run = (wasm, glue) => new WebAssembly.Instance(new WebAssembly.Module(wasm), importsOf(glue)).exports.run;

test("short names in the module and the glue alike; the module does the same", () => {
  const before = sample();
  const after = shortenImports(before.wasm, before.glue);
  assert.equal(after.renamed, 2);
  assert.equal(run(before.wasm, before.glue)(20), 41);
  assert.equal(run(after.wasm, after.glue)(20), 41);
  assert.deepEqual(WebAssembly.Module.imports(new WebAssembly.Module(after.wasm)), [
    { module: "m", name: "a", kind: "function" },
    { module: "m", name: "b", kind: "function" },
  ]);
  assert.ok(after.wasm.length < before.wasm.length);
  assert.doesNotMatch(after.glue, /__wbg_|x_bg/);
  // a second pass: nothing to do
  const again = shortenImports(after.wasm, after.glue);
  assert.equal(again.renamed, 0);
  assert.deepEqual(again.wasm, after.wasm);
  assert.equal(again.glue, after.glue);
});

test("a glue that names an import twice, or not at all, is refused", () => {
  const { wasm, glue } = sample();
  assert.throws(() => shortenImports(wasm, glue.replace("__wbg_plus_fedcba9876543210:", "plus:")), /names __wbg_plus_fedcba9876543210 0 times/);
  assert.throws(() => shortenImports(wasm, glue.replace("__proto__: null,\n", "__proto__: null,\n        __wbg_twice_0123456789abcdef: null,\n")), /2 times/);
});

test("www/pkg, pkg-lessons and pkg-variant are built so, and www/pkg still plays and says its errors", async () => {
  for (const dir of ["pkg", "pkg-lessons", "pkg-variant"]) {
    const module = new WebAssembly.Module(readFileSync(join(ROOT, "www", dir, "chess_tutor_bg.wasm")));
    assert.ok(WebAssembly.Module.imports(module).every((i) => i.module === "m"), `www/${dir} was not shortened (npm run build)`);
    // the exports the glue calls, short too; memory keeps its name
    const names = WebAssembly.Module.exports(module).map((e) => e.name);
    assert.ok(names.includes("memory") && names.includes("$a") && !names.some((n) => /^game_/.test(n)), `www/${dir}: ${names.join(" ")}`);
    const glue = readFileSync(join(ROOT, "www", dir, "chess_tutor.js"), "utf8");
    for (const [, used] of glue.matchAll(/\bwasm\.([\w$]+)/g)) assert.ok(names.includes(used), `www/${dir}'s glue calls wasm.${used}, which the module does not export`);
  }
  const dir = mkdtempSync(join(tmpdir(), "ct-imports-"));
  try {
    // (a copy: the module imported fresh, whatever another test of this process loaded)
    for (const f of ["chess_tutor.js", "chess_tutor_bg.wasm"]) writeFileSync(join(dir, f), readFileSync(join(ROOT, "www", "pkg", f)));
    const pkg = await import(pathToFileURL(join(dir, "chess_tutor.js")).href);
    pkg.initSync({ module: readFileSync(join(dir, "chess_tutor_bg.wasm")) });
    const game = new pkg.Game();
    assert.equal(game.play("g1", "f3").san, "Nf3");
    assert.equal(game.pieces().length, 32);
    assert.match(game.pgn("A", "B"), /1\. Nf3/);
    assert.ok(pkg.formulas().length >= 6);
    assert.throws(() => game.play("e2", "e5"), (e) => /^rule-/.test(e.id)); // its message id, as before
    game.free();
    assert.throws(() => new pkg.Game("not a position"), (e) => typeof e.id === "string" && e.id.startsWith("fen-"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
