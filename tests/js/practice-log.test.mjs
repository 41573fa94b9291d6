// The practice log (www/practice/log-store.js) in Node, where there is no IndexedDB: the log
// lives in memory, as in a browser that refuses IndexedDB. Its file: saved with a header,
// loaded back without doubles, in time order; anything else refused whole, the log untouched.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as store from "../../www/practice/log-store.js";

const line = (at, id, right = true) => JSON.stringify({ at, id, rating: 800, right });

test("without IndexedDB the log is kept in memory, and says so", async () => {
  assert.equal(await store.persistent(), false);
  assert.equal(await store.readLog(), "");
  assert.deepEqual(await store.append(line("2026-11-02T10:00:00Z", "practice/rook-stars/2")), { ok: true });
  assert.deepEqual(await store.append({ at: "2026-11-01T10:00:00Z", id: "practice/rook-stars/1", right: false }), { ok: true });
  assert.equal((await store.readLog()).trim().split("\n").length, 2);
});

test("a line that is not one JSON object is never kept", async () => {
  const before = await store.readLog();
  for (const bad of ["", "   ", "[1,2]", "null", "42", "{not json", `${line("2026-11-03T10:00:00Z", "x")}\n${line("2026-11-03T10:00:01Z", "y")}`, JSON.stringify({ at: "x".repeat(5000) })])
    assert.deepEqual(await store.append(bad), { ok: false, reason: "format" }, JSON.stringify(bad).slice(0, 40));
  assert.equal(await store.readLog(), before);
});

test("the file: a header, then the log; loaded back, nothing twice, in time order", async () => {
  const file = await store.exportText(new Date("2026-11-05T12:00:00Z"));
  const [head, ...rest] = file.trim().split("\n");
  assert.deepEqual(JSON.parse(head), { format: store.FORMAT, version: store.VERSION, exported: "2026-11-05T12:00:00.000Z" });
  assert.equal(rest.length, 2);
  assert.deepEqual(await store.importText(file), { ok: true, added: 0 }, "the same answers are not added again");
  // another device's file: one answer this log has, one it has not (older than all), Windows line ends
  const other = [head, line("2026-11-02T10:00:00Z", "practice/rook-stars/2"), line("2026-10-30T09:00:00Z", "practice/fork/7", false)].join("\r\n");
  assert.deepEqual(await store.importText(`\uFEFF${other}\r\n`), { ok: true, added: 1 });
  const ats = (await store.readLog()).trim().split("\n").map((l) => JSON.parse(l).at);
  assert.deepEqual(ats, [...ats].sort(), "in time order");
  assert.equal(ats[0], "2026-10-30T09:00:00Z");
});

test("a file that is not a practice diary is refused whole, and the log is untouched", async () => {
  const before = await store.readLog();
  const head = JSON.stringify({ format: store.FORMAT, version: store.VERSION });
  for (const bad of [
    "",
    '{"lessons":{}}\n',
    JSON.stringify({ format: "chess-tutor-progress", version: 1 }),
    `${JSON.stringify({ format: store.FORMAT, version: 99 })}\n${line("2026-11-09T10:00:00Z", "a")}`,
    `${head}\n${line("2026-11-09T10:00:00Z", "a")}\n[1]`,
    `${head}\nnot json at all`,
    null,
    42,
  ])
    assert.deepEqual(await store.importText(bad), { ok: false, reason: "format" }, String(bad).slice(0, 60));
  assert.deepEqual(await store.importText(`${head}\n${" ".repeat(store.MAX_IMPORT_BYTES)}`), { ok: false, reason: "too-big" });
  assert.equal(await store.readLog(), before);
});

test("the days practised are the local days with an answer; a line without a time is not one", () => {
  const at = (y, m, d, h) => new Date(y, m - 1, d, h).toISOString();
  const log = [line(at(2026, 11, 1, 9), "a"), line(at(2026, 11, 1, 18), "b"), line(at(2026, 11, 3, 8), "c"), JSON.stringify({ id: "d" }), "{broken", ""].join("\n");
  assert.deepEqual([...store.daysPractised(log)].sort(), ["2026-11-01", "2026-11-03"]);
  assert.equal(store.daysPractised("").size, 0);
  assert.equal(store.localDay(new Date(2026, 0, 5, 23, 59)), "2026-01-05");
});
