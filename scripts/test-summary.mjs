#!/usr/bin/env node
// Reads the test runners' logs and prints one line per runner plus, as the very last line,
// the plain total `N passed, N failed`. Exits 1 if anything failed.
//
//   node scripts/test-summary.mjs STEPS_FILE
//
// STEPS_FILE has one tab-separated line per step: label, kind, exit code, log file.
// kind is "cargo" (cargo test and wasm-bindgen-test-runner: `test result:` lines),
// "node" (node --test: `# pass N` in TAP or `ℹ pass N` in the spec reporter) or
// "step" (a step without test counts, such as the wasm build: only shown when it failed) or
// "check" (a lint or type check: always a line, `clean` or `failed`, counted as one test).
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { pathToFileURL } from "node:url";

// eslint-disable-next-line no-control-regex -- ESC starts an ANSI colour
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;

/** Sums every `test result: ok. 5 passed; 1 failed; …` line. */
export function countCargo(text) {
  let passed = 0;
  let failed = 0;
  let results = 0;
  for (const line of text.replace(ANSI, "").split("\n")) {
    const match = /^test result: \S+ (\d+) passed; (\d+) failed;/.exec(line.trim());
    if (match) {
      passed += Number(match[1]);
      failed += Number(match[2]);
      results += 1;
    }
  }
  return { passed, failed, results };
}

/** Reads node --test's closing counts (TAP `# pass 3` or spec `ℹ pass 3`); the last ones win. */
export function countNode(text) {
  const counts = {};
  for (const line of text.replace(ANSI, "").split("\n")) {
    const match = /^(?:#|ℹ) (tests|pass|fail|cancelled) (\d+)\s*$/.exec(line.trim());
    if (match) counts[match[1]] = Number(match[2]);
  }
  const results = "pass" in counts || "fail" in counts ? 1 : 0;
  return { passed: counts.pass ?? 0, failed: (counts.fail ?? 0) + (counts.cancelled ?? 0), results };
}

/** One summary entry for a step: its counts, plus one failure if it failed without saying so. */
export function summarizeStep({ label, kind, exitCode, text, log }) {
  const see = log ? `; see ${log}` : "";
  if (kind === "step") {
    return exitCode === 0
      ? { label, passed: 0, failed: 0, line: null }
      : { label, passed: 0, failed: 1, line: `${label}: failed (exit code ${exitCode}${see})` };
  }
  if (kind === "check") {
    return exitCode === 0
      ? { label, passed: 1, failed: 0, line: `${label}: clean` }
      : { label, passed: 0, failed: 1, line: `${label}: failed (exit code ${exitCode}${see})` };
  }
  const { passed, failed, results } = kind === "cargo" ? countCargo(text) : countNode(text);
  let extra = 0;
  let note = "";
  if (exitCode !== 0 && failed === 0) {
    extra = 1;
    note = results
      ? ` (exit code ${exitCode} although no test failed${see})`
      : ` (exit code ${exitCode} before any test result${see})`;
  } else if (failed > 0 && log) {
    note = ` (see ${log})`;
  }
  return {
    label,
    passed,
    failed: failed + extra,
    line: `${label}: ${passed} passed, ${failed + extra} failed${note}`,
  };
}

export function summarize(steps) {
  const entries = steps.map(summarizeStep);
  const passed = entries.reduce((sum, e) => sum + e.passed, 0);
  const failed = entries.reduce((sum, e) => sum + e.failed, 0);
  const lines = entries.filter((e) => e.line).map((e) => e.line);
  lines.push(`${passed} passed, ${failed} failed`);
  return { lines, passed, failed };
}

function main(stepsFile) {
  const steps = readFileSync(stepsFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((row) => {
      const [label, kind, exitCode, log] = row.split("\t");
      const text = log && existsSync(log) ? readFileSync(log, "utf8") : "";
      return { label, kind, exitCode: Number(exitCode), text, log: log && relative(process.cwd(), log) };
    });
  const { lines, failed } = summarize(steps);
  console.log(lines.join("\n"));
  process.exitCode = failed > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main(process.argv[2]);
}
