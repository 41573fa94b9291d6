// www/widget/storage.js: the one safe way to keep text in localStorage. A write goes to a side key, is
// read back, then replaces the key; a full storage in the middle of a write, or a crash that tears
// one, never loses what was there before; a quota error is an answer (never thrown, never lost).
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const www = (f) => import(pathToFileURL(join(ROOT, "www", f)).href);
const S = await www("widget/storage.js");
const P = await www("widget/progress.js");
const X = await www("school/xapi.js");
const { draft } = await www("studio/studio.js");

const quota = () => Object.assign(new Error("The quota has been exceeded."), { name: "QuotaExceededError" });

/**
 * A Storage stand-in with a byte budget (like a browser's ~5 MB): a setItem that would pass
 * `room` characters throws QuotaExceededError and changes nothing. `tear(key, value)` may return
 * a shorter text to store instead (a crash in the middle of the write) and then throws.
 */
function fake(entries = {}, { room = Infinity, tear = null, lie = null } = {}) {
  const map = new Map(Object.entries(entries));
  const used = () => [...map].reduce((n, [k, v]) => n + k.length + v.length, 0);
  return {
    map,
    writes: [],
    getItem: (k) => (map.has(k) ? (lie?.(k, map.get(k)) ?? map.get(k)) : null),
    setItem(k, v) {
      v = String(v);
      const before = map.get(k);
      if (used() - (before == null ? 0 : k.length + before.length) + k.length + v.length > room) throw quota();
      const torn = tear?.(k, v);
      if (torn != null) {
        map.set(k, torn);
        throw new Error("crashed");
      }
      this.writes.push(k);
      map.set(k, v);
    },
    removeItem: (k) => void map.delete(k),
  };
}

test("a write goes to the side key, is read back, then replaces the key; the side copy is gone", () => {
  const s = fake({ k: '"old"' });
  assert.deepEqual(S.write(s, "k", '"new"'), { ok: true });
  assert.deepEqual(s.writes, ["k" + S.SIDE, "k"]);
  assert.equal(s.map.get("k"), '"new"');
  assert.ok(!s.map.has("k" + S.SIDE));
  assert.deepEqual(S.read(s, "k"), { ok: true, text: '"new"', recovered: false });
});

test("storage full in the middle of a write: the old text stays, and the answer says quota", () => {
  const old = JSON.stringify({ version: 1, lessons: { "rook-stars-1": { stars: 2, completedAt: null } } });
  const bigger = JSON.stringify({ version: 1, lessons: { "rook-stars-1": { stars: 3, completedAt: null }, "knight-stars-1": { stars: 1, completedAt: null } } });
  // room for the old text and a side copy of it, not for old + a bigger side copy
  const s = fake({ [P.KEY]: old }, { room: 2 * (P.KEY.length + old.length) + 10 });
  const answer = S.write(s, P.KEY, bigger);
  assert.deepEqual(answer, { ok: false, reason: "quota", name: "QuotaExceededError" });
  assert.equal(s.map.get(P.KEY), old, "what was there before is kept");
  assert.ok(!s.map.has(P.KEY + S.SIDE), "no half copy is left taking room");
  // room for the side copy but not for the replace
  const t = fake({ [P.KEY]: old }, { room: P.KEY.length + old.length + (P.KEY + S.SIDE).length + bigger.length + 5 });
  assert.equal(S.write(t, P.KEY, bigger).reason, "quota");
  assert.equal(t.map.get(P.KEY), old);
  assert.ok(!t.map.has(P.KEY + S.SIDE));
  // progress.js passes it on: record() says the stars were not kept
  const r = P.record("knight-stars-1", 3, fake({ [P.KEY]: old }, { room: 2 * (P.KEY.length + old.length) + 10 }));
  assert.equal(r.stars, 3);
  assert.deepEqual(r.saved, { ok: false, reason: "quota", name: "QuotaExceededError" });
});

test("a torn write (a crash in the middle): the side copy is torn, the key keeps the old text", () => {
  const old = JSON.stringify({ version: 1, lessons: { "rook-stars-1": { stars: 2, completedAt: null } } });
  const s = fake({ [P.KEY]: old }, { tear: (k, v) => (k.endsWith(S.SIDE) ? v.slice(0, 17) : null) });
  const answer = S.write(s, P.KEY, JSON.stringify({ version: 1, lessons: {} }));
  assert.equal(answer.ok, false);
  assert.equal(s.map.get(P.KEY), old);
  // even if the torn side copy were left behind (the page closed), read() uses the key and clears it
  s.map.set(P.KEY + S.SIDE, old.slice(0, 20));
  assert.deepEqual(S.read(s, P.KEY), { ok: true, text: old, recovered: false });
  assert.ok(!s.map.has(P.KEY + S.SIDE));
  assert.equal(P.load(s).data.lessons["rook-stars-1"].stars, 2);
});

test("the key torn, a whole side copy left: read() recovers the copy and finishes the replace", () => {
  const whole = JSON.stringify({ version: 1, lessons: { "rook-stars-1": { stars: 3, completedAt: null } } });
  const s = fake({ [P.KEY]: whole.slice(0, 25), [P.KEY + S.SIDE]: whole });
  const { data, notice } = P.load(s);
  assert.equal(notice, null, "no backup: nothing was lost");
  assert.equal(data.lessons["rook-stars-1"].stars, 3);
  assert.equal(s.map.get(P.KEY), whole);
  assert.ok(!s.map.has(P.KEY + S.SIDE));
  // the same for a page closed between the side copy and the replace (the key still old)
  const t = fake({ k: '"old"', ["k" + S.SIDE]: '"new"' });
  assert.deepEqual(S.read(t, "k"), { ok: true, text: '"new"', recovered: true });
  assert.equal(t.map.get("k"), '"new"');
});

test("read back different from what was written: unverified, the key untouched", () => {
  const s = fake({ k: '"old"' }, { lie: (k, v) => (k.endsWith(S.SIDE) ? v.slice(1) : null) });
  assert.deepEqual(S.write(s, "k", '"new"'), { ok: false, reason: "unverified", name: "Mismatch" });
  assert.equal(s.map.get("k"), '"old"');
});

test("no storage or a blocked one: answers, never throws", () => {
  assert.deepEqual(S.write(null, "k", "x"), { ok: false, reason: "blocked", name: "NoStorage" });
  assert.equal(S.read(null, "k").ok, false);
  const denied = () => {
    throw Object.assign(new Error("denied"), { name: "SecurityError" });
  };
  const blocked = { getItem: denied, setItem: denied, removeItem: denied };
  assert.deepEqual(S.write(blocked, "k", "x"), { ok: false, reason: "blocked", name: "SecurityError" });
  assert.deepEqual(S.read(blocked, "k"), { ok: false, reason: "blocked", name: "SecurityError" });
  assert.equal(S.remove(blocked, "k").ok, false);
  // old Firefox: a code, not a name
  assert.ok(S.isQuota({ code: 22 }) && S.isQuota({ code: 1014 }) && !S.isQuota(new Error("x")));
});

test("the xAPI queue and the studio draft keep their keys and formats through storage.js", async () => {
  const s = fake();
  const sent = [];
  const q = X.createQueue({ storage: s, fetch: async () => (sent.push(1), new Response(null, { status: 503 })), setTimeout: () => 0, clearTimeout: () => {}, console: { error() {}, warn() {} }, locks: null });
  q.add("https://lrs.example/xapi/", { id: "00000000-0000-4000-8000-000000000001" });
  await q.flush();
  assert.equal(JSON.parse(s.map.get(X.KEY))[0].statement.id, "00000000-0000-4000-8000-000000000001");
  assert.ok(!s.map.has(X.KEY + S.SIDE));
  {
    const d = fake();
    assert.equal(draft.write({ text: "{}", course: null, dirty: true }, d), null);
    assert.equal(JSON.parse(d.map.get("chess-tutor:studio:draft:v1")).text, "{}");
    const full = fake({}, { room: 10 });
    assert.equal(draft.write({ text: "{}", course: null, dirty: true }, full), "quota");
    assert.equal(draft.read(d).text, "{}");
  }
});
