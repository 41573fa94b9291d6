// www/widget/progress.js: the child's stars in localStorage — versioned, migrated, never lost to a
// crash: damaged text is backed up, bad entries are dropped one by one, imports are validated.
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const P = await import(pathToFileURL(join(ROOT, "www", "widget", "progress.js")).href);
const NOW = new Date("2026-03-04T05:06:07.000Z");

/** A Storage stand-in; `broken` makes every call throw, as a blocked localStorage does. */
function storage(entries = {}, { broken = false, full = false } = {}) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem(k) {
      if (broken) throw new Error("SecurityError");
      return map.has(k) ? map.get(k) : null;
    },
    setItem(k, v) {
      if (broken) throw Object.assign(new Error("blocked"), { name: "SecurityError" });
      if (full) throw Object.assign(new Error("full"), { name: "QuotaExceededError" });
      map.set(k, String(v));
    },
    removeItem(k) {
      map.delete(k);
    },
  };
}

test("the key is versioned and a fresh start is empty", () => {
  assert.equal(P.KEY, "chess-tutor:progress:v1");
  assert.deepEqual(P.load(storage(), NOW), { data: { version: 1, lessons: {} }, notice: null });
});

test("a result is recorded, and the best is kept", () => {
  const s = storage();
  let r = P.record("rook-stars-1", 2, s, NOW);
  assert.deepEqual([r.stars, r.previous, r.improved], [2, 0, true]);
  assert.deepEqual(JSON.parse(s.map.get(P.KEY)), { version: 1, lessons: { "rook-stars-1": { stars: 2, completedAt: NOW.toISOString() } } });
  r = P.record("rook-stars-1", 1, s, new Date("2026-05-01T00:00:00Z"));
  assert.deepEqual([r.stars, r.previous, r.improved], [2, 2, false]);
  assert.equal(P.load(s).data.lessons["rook-stars-1"].completedAt, NOW.toISOString(), "the better result's date stays");
  r = P.record("rook-stars-1", 3, s, new Date("2026-06-01T00:00:00Z"));
  assert.deepEqual([r.stars, r.previous, r.improved], [3, 2, true]);
  assert.deepEqual(P.load(s).data.lessons["rook-stars-1"], { stars: 3, completedAt: "2026-06-01T00:00:00.000Z" });
  // nonsense is not recorded
  for (const [id, stars] of [["Bad Id", 3], ["__proto__", 3], ["ok", 0], ["ok", 4], ["ok", 2.5], ["ok", "3"]]) {
    P.record(id, stars, s, NOW);
  }
  assert.deepEqual(Object.keys(P.load(s).data.lessons), ["rook-stars-1"]);
});

test("damaged JSON starts afresh but keeps a backup of the text", () => {
  for (const text of ["{garbage", "", "null", "[1,2]", '"text"', '{"version":2,"lessons":{}}', '{"version":1,"lessons":[]}']) {
    const s = storage({ [P.KEY]: text });
    const { data, notice } = P.load(s, NOW);
    assert.deepEqual(data, { version: 1, lessons: {} }, text);
    assert.equal(notice.kind, "backup", text);
    assert.equal(notice.key, `${P.BACKUP_PREFIX}${NOW.toISOString()}`);
    assert.equal(s.map.get(notice.key), text, "the old text is kept");
    assert.equal(s.map.get(P.KEY), JSON.stringify({ version: 1, lessons: {} }));
  }
});

test("bad entries are dropped one by one; good ones stay", () => {
  const stored = {
    version: 1,
    lessons: {
      "rook-stars-1": { stars: 3, completedAt: "2026-01-02T03:04:05.000Z" },
      "queen-stars-1": { stars: 2, completedAt: "not a date" },
      "Bad Id!": { stars: 2 },
      "king-stars-1": { stars: 9 },
      "knight-stars-1": "three",
      "pawn-stars-1": null,
    },
  };
  const s = storage({ [P.KEY]: JSON.stringify(stored) });
  const { data, notice } = P.load(s, NOW);
  assert.deepEqual(data.lessons, {
    "rook-stars-1": { stars: 3, completedAt: "2026-01-02T03:04:05.000Z" },
    "queen-stars-1": { stars: 2, completedAt: null },
  });
  assert.deepEqual(notice, { kind: "dropped", ids: ["Bad Id!", "king-stars-1", "knight-stars-1", "pawn-stars-1"] });
  assert.deepEqual(JSON.parse(s.map.get(P.KEY)), data, "the cleaned data is saved");
  assert.equal(P.load(s, NOW).notice, null, "and the next load is quiet");
});

test("an older, unversioned store is migrated", () => {
  const s = storage({ "chess-tutor:progress": JSON.stringify({ "rook-stars-1": 2, "mate-1-queen": 3, junk: 7 }) });
  const { data, notice } = P.load(s, NOW);
  assert.deepEqual(notice, { kind: "migrated", from: "chess-tutor:progress" });
  assert.deepEqual(data.lessons, { "rook-stars-1": { stars: 2, completedAt: null }, "mate-1-queen": { stars: 3, completedAt: null } });
  assert.deepEqual(JSON.parse(s.map.get(P.KEY)), data);
  assert.ok(s.map.has("chess-tutor:progress"), "the old key is left in place");
  // {lessons: {...}} without a version, too
  const t = storage({ "chess-tutor:progress": JSON.stringify({ lessons: { "rook-stars-1": { stars: 1 } } }) });
  assert.equal(P.load(t, NOW).data.lessons["rook-stars-1"].stars, 1);
});

test("a blocked or full storage never throws", () => {
  const blocked = storage({}, { broken: true });
  assert.deepEqual(P.load(blocked, NOW).data, { version: 1, lessons: {} });
  assert.equal(P.record("rook-stars-1", 3, blocked, NOW).stars, 3);
  const full = storage({}, { full: true });
  assert.deepEqual(P.save({ version: 1, lessons: {} }, full), { ok: false, reason: "quota", name: "QuotaExceededError" });
  assert.equal(P.record("rook-stars-1", 3, full, NOW).saved.reason, "quota");
  assert.equal(P.record("rook-stars-1", 3, full, NOW).stars, 3);
});

test("export and import round-trip; import merges keeping the best", () => {
  const mine = { version: 1, lessons: { a: { stars: 2, completedAt: "2026-01-01T00:00:00.000Z" }, b: { stars: 3, completedAt: null } } };
  const text = P.exportText(mine, NOW);
  const file = JSON.parse(text);
  assert.equal(file.format, "chess-tutor-progress");
  assert.equal(file.version, 1);
  assert.equal(file.exportedAt, NOW.toISOString());
  assert.deepEqual(P.parseImport(text), { data: mine, dropped: [] });
  assert.deepEqual(P.parseImport(`\uFEFF${text}`).data, mine, "a byte-order mark is fine");

  const s = storage({ [P.KEY]: JSON.stringify({ version: 1, lessons: { a: { stars: 3, completedAt: null }, c: { stars: 1, completedAt: null } } }) });
  const result = P.importInto(text, s);
  assert.deepEqual(result.data.lessons, { a: { stars: 3, completedAt: null }, c: { stars: 1, completedAt: null }, b: { stars: 3, completedAt: null } });
  assert.deepEqual(result.added, ["b"]);
  assert.deepEqual(JSON.parse(s.map.get(P.KEY)), result.data);
});

test("a bad import file is refused with a reason, and nothing changes", () => {
  const s = storage({ [P.KEY]: JSON.stringify({ version: 1, lessons: { a: { stars: 2, completedAt: null } } }) });
  const before = s.map.get(P.KEY);
  for (const [text, code] of [
    ["not json at all", "not-json"],
    ["[1, 2, 3]", "not-progress"],
    ['{"format": "something-else", "lessons": {"a": {"stars": 3}}}', "not-progress"],
    ['{"format": "chess-tutor-progress", "version": 7, "lessons": {}}', "not-progress"],
    ['{"format": "chess-tutor-progress", "version": 1, "lessons": {"BAD": {"stars": 3}}}', "empty"],
    ["{}", "empty"],
  ]) {
    assert.throws(() => P.importInto(text, s), (e) => e.code === code, text);
    assert.equal(s.map.get(P.KEY), before);
  }
});

test("merge keeps the most stars, then the earliest date; prototype keys are refused", () => {
  const a = { lessons: { x: { stars: 2, completedAt: "2026-02-01T00:00:00.000Z" } } };
  const b = { lessons: { x: { stars: 2, completedAt: "2026-01-01T00:00:00.000Z" }, y: { stars: 1, completedAt: null } } };
  assert.deepEqual(P.merge(a, b).lessons, { x: { stars: 2, completedAt: "2026-01-01T00:00:00.000Z" }, y: { stars: 1, completedAt: null } });
  const evil = P.normalize(JSON.parse('{"version": 1, "lessons": {"__proto__": {"stars": 3}, "constructor": {"stars": 3}}}'));
  assert.deepEqual(Object.keys(evil.data.lessons), ["constructor"]);
  assert.equal({}.stars, undefined, "no prototype pollution");
});
