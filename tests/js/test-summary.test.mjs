// The `npm test` summary: counts parsed from each runner's output.
import assert from "node:assert/strict";
import { test } from "node:test";
import { countCargo, countNode, summarize } from "../../scripts/test-summary.mjs";

const cargoLog = `
running 3 tests
test a ... ok
test result: ok. 3 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s

running 2 tests
test result: FAILED. 1 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s
`;

test("cargo test and wasm-bindgen-test-runner results are summed", () => {
  assert.deepEqual(countCargo(cargoLog), { passed: 4, failed: 1, results: 2 });
  assert.deepEqual(countCargo("\x1b[32mtest result: ok. 2 passed; 0 failed; 0 ignored\x1b[0m"), {
    passed: 2,
    failed: 0,
    results: 1,
  });
});

test("node --test counts are read from TAP and spec output", () => {
  assert.deepEqual(countNode("# tests 4\n# pass 3\n# fail 1\n# cancelled 0\n"), { passed: 3, failed: 1, results: 1 });
  assert.deepEqual(countNode("ℹ tests 2\nℹ pass 2\nℹ fail 0\nℹ cancelled 1\n"), { passed: 2, failed: 1, results: 1 });
});

test("a runner that fails without counts adds one failure, and the total is the last line", () => {
  const { lines, passed, failed } = summarize([
    { label: "wasm build", kind: "step", exitCode: 0, text: "" },
    { label: "cargo test", kind: "cargo", exitCode: 101, text: "error[E0425]: cannot find value", log: "c.log" },
    { label: "node --test (unit)", kind: "node", exitCode: 0, text: "# pass 5\n# fail 0\n" },
  ]);
  assert.deepEqual(lines, [
    "cargo test: 0 passed, 1 failed (exit code 101 before any test result; see c.log)",
    "node --test (unit): 5 passed, 0 failed",
    "5 passed, 1 failed",
  ]);
  assert.equal(passed, 5);
  assert.equal(failed, 1);
});

test("a lint or type check is always a line: clean, or failed naming its log", () => {
  const { lines, passed, failed } = summarize([
    { label: "eslint", kind: "check", exitCode: 0, text: "" },
    { label: "tsc --noEmit", kind: "check", exitCode: 2, text: "www/a.js(1,1): error TS2322", log: "t.log" },
  ]);
  assert.deepEqual(lines, ["eslint: clean", "tsc --noEmit: failed (exit code 2; see t.log)", "1 passed, 1 failed"]);
  assert.equal(passed, 1);
  assert.equal(failed, 1);
});

test("a failed build step is one failure", () => {
  const { lines } = summarize([{ label: "wasm build", kind: "step", exitCode: 1, text: "" }]);
  assert.deepEqual(lines, ["wasm build: failed (exit code 1)", "0 passed, 1 failed"]);
});
