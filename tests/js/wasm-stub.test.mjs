// scripts/wasm-stub.mjs (issue 36): the build replaces core's f64 formatter in www/pkg-lessons and
// www/pkg-variant with a stub. The stub itself, and pkg-variant still refusing floats where whole
// numbers belong by a clear message, and playing on (tests/js/lesson-packages.test.mjs holds the
// same for pkg-lessons).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import binaryen from "binaryen";
import { FLOAT_FORMAT, stubFunctions } from "../../scripts/wasm-stub.mjs";

const ROOT = join(fileURLToPath(import.meta.url), "..", "..", "..");

/** A module with the formatter (its body traps) and another function, both exported. */
function sample(name = FLOAT_FORMAT) {
  const mod = new binaryen.Module();
  const pair = binaryen.createType([binaryen.i32, binaryen.i32]);
  mod.addFunction(name, pair, binaryen.i32, [], mod.unreachable());
  mod.addFunction("other", pair, binaryen.i32, [], mod.i32.const(7));
  mod.addFunctionExport(name, "format");
  mod.addFunctionExport("other", "other");
  binaryen.setDebugInfo(true); // the names in the module, as wasm-bindgen's output has them
  const bytes = mod.emitBinary();
  binaryen.setDebugInfo(false);
  mod.dispose();
  return bytes;
}

test("the stub returns Ok (0) where the formatter was; other functions stay as they were", () => {
  const out = stubFunctions(sample(), [FLOAT_FORMAT]);
  assert.deepEqual(out.missing, []);
  assert.equal(out.stubbed.length, 1);
  const { exports } = new WebAssembly.Instance(new WebAssembly.Module(out.bytes));
  assert.equal(exports.format(1, 2), 0);
  assert.equal(exports.other(1, 2), 7);
});

test("the crate hash in a name may change with the toolchain; a missing name is reported, nothing stubbed", () => {
  const other = FLOAT_FORMAT.replace(/\[[0-9a-f]{16}\]/, "[0123456789abcdef]");
  assert.notEqual(other, FLOAT_FORMAT);
  assert.equal(stubFunctions(sample(other), [FLOAT_FORMAT]).missing.length, 0);
  const none = stubFunctions(sample("something_else"), [FLOAT_FORMAT]);
  assert.deepEqual(none.stubbed, []);
  assert.equal(none.missing.length, 1);
  assert.throws(() => new WebAssembly.Instance(new WebAssembly.Module(none.bytes)).exports.format(0, 0));
});

test("pkg-variant refuses floats in a piece set and a position by a message, and plays on", async () => {
  const pkg = await import(join(ROOT, "www", "pkg-variant", "chess_tutor.js"));
  pkg.initSync({ module: readFileSync(join(ROOT, "www", "pkg-variant", "chess_tutor_bg.wasm")) });
  const set = readFileSync(join(ROOT, "lessons", "pieces", "chess-t1.json"), "utf8");
  // the float is still written in the message (by serde_json's own formatter), as before
  for (const [float, written] of [["2.5", "2.5"], ["-1e300", "-1e+300"], ["0.125", "0.125"], ["1e-7", "1e-7"]]) {
    const bad = set.replace(/"strength": 2/, `"strength": ${float}`);
    assert.notEqual(bad, set);
    assert.throws(() => new pkg.VariantGame(bad), (e) => !(e instanceof WebAssembly.RuntimeError) && e.id === "json-wrong-type" &&
      e.args.got === "float" && e.args.value === written && e.args.param.endsWith("/strength"), float);
  }
  const game = new pkg.VariantGame(set);
  assert.match(game.fen(), /\//);
  game.free();
});
