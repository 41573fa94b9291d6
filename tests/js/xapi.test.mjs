// www/school/xapi.js in Node: the statement (verb, object, result, duration, id), the actor's checks,
// and the durable queue with a fake localStorage, fetch and timers: written before it is sent,
// sent in order, removed only after a 2xx, sent again later, never twice, never lost, never throws.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { KEY, activityId, createQueue, isoDuration, normalizeEndpoint, parseActor, statement, uuid } from "../../www/school/xapi.js";

const ACTOR = '{"account":{"homePage":"https://school.example","name":"pupil-17"}}';
const TITLE = { ru: "Слон берёт всех", en: "The bishop captures them all" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("the statement", () => {
  test("a solved lesson: passed, its activity and title in both languages, the score, an ISO 8601 duration, a UUID", () => {
    const s = statement({ actor: ACTOR, activity: "https://school.example/chess/bishop-capture", title: TITLE, stars: 2, durationMs: 65_250, lang: "en" });
    assert.match(s.id, UUID);
    assert.deepEqual(s.actor, { objectType: "Agent", account: { homePage: "https://school.example", name: "pupil-17" } });
    assert.equal(s.verb.id, "http://adlnet.gov/expapi/verbs/passed");
    assert.equal(s.verb.display["en-US"], "passed");
    assert.deepEqual(s.object, {
      objectType: "Activity",
      id: "https://school.example/chess/bishop-capture",
      definition: { type: "http://adlnet.gov/expapi/activities/lesson", name: { ru: "Слон берёт всех", en: "The bishop captures them all" } },
    });
    assert.deepEqual(s.result, { score: { raw: 2, min: 0, max: 3, scaled: 0.6667 }, success: true, completion: true, duration: "PT1M5.25S" });
    assert.equal(s.context.language, "en");
    assert.ok(!Number.isNaN(Date.parse(s.timestamp)));
    assert.notEqual(statement({ actor: ACTOR, activity: "x:y", stars: 1 }).id, s.id, "a new id every time");
  });

  test("given up: failed, success false, completion still true; stars kept within 0..3", () => {
    const s = statement({ actor: ACTOR, activity: "x:y", stars: 0, success: false });
    assert.equal(s.verb.id, "http://adlnet.gov/expapi/verbs/failed");
    assert.deepEqual(s.result, { score: { raw: 0, min: 0, max: 3, scaled: 0 }, success: false, completion: true });
    assert.equal(statement({ actor: ACTOR, activity: "x:y", stars: 7 }).result.score.scaled, 1);
    assert.equal(statement({ actor: ACTOR, activity: "x:y", stars: 3 }).result.score.raw, 3);
  });

  test("ISO 8601 durations", () => {
    assert.equal(isoDuration(0), "PT0S");
    assert.equal(isoDuration(undefined), "PT0S");
    assert.equal(isoDuration(-5), "PT0S");
    assert.equal(isoDuration(1234), "PT1.23S");
    assert.equal(isoDuration(60_000), "PT1M");
    assert.equal(isoDuration(3_723_000), "PT1H2M3S");
    assert.equal(isoDuration(3_600_000), "PT1H");
  });

  test("the actor: one identifier, said plainly when wrong", () => {
    assert.deepEqual(parseActor('{"mbox":"mailto:a@school.example"}'), { objectType: "Agent", mbox: "mailto:a@school.example" });
    assert.throws(() => parseActor("{pupil"), /xapi-actor is not JSON/);
    assert.throws(() => parseActor("[]"), /JSON object/);
    assert.throws(() => parseActor("{}"), /exactly one of .* \(it has none\)/);
    assert.throws(() => parseActor('{"mbox":"a@b","openid":"https://x"}'), /it has mbox, openid/);
    assert.throws(() => parseActor('{"mbox":"a@b"}'), /mailto:/);
    assert.throws(() => parseActor('{"account":{"name":"p"}}'), /homePage/);
    assert.throws(() => statement({ actor: null, activity: "x:y", stars: 1 }), /xapi-actor/);
  });

  test("the activity id: the prefix and the lesson id, else the lesson's URL", () => {
    assert.equal(activityId("https://school.example/chess/", "rook-1"), "https://school.example/chess/rook-1");
    assert.equal(activityId("https://school.example/chess/", "a b"), "https://school.example/chess/a%20b");
    assert.equal(activityId(null, "rook-1", "https://site.example/lessons/rook-1.json#x"), "https://site.example/lessons/rook-1.json");
    assert.throws(() => activityId(null, "rook-1"), /xapi-activity/);
  });

  test("the endpoint ends in a slash; only http(s)", () => {
    assert.equal(normalizeEndpoint("https://lrs.example/xapi"), "https://lrs.example/xapi/");
    assert.equal(normalizeEndpoint("https://lrs.example/xapi/"), "https://lrs.example/xapi/");
    assert.throws(() => normalizeEndpoint("javascript:alert(1)"), /http/);
    assert.match(uuid(), UUID);
  });
});

// ---- the queue

function fakeStorage({ quota = Infinity } = {}) {
  const map = new Map();
  return {
    map,
    writes: 0,
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem(k, v) {
      if (v.length > quota) {
        const e = new Error("The quota has been exceeded.");
        e.name = "QuotaExceededError";
        throw e;
      }
      this.writes++;
      map.set(k, String(v));
    },
    removeItem: (k) => map.delete(k),
  };
}

/** A fake LRS: answers[i] is the status of the i-th POST ("down": a network error). */
function fakeFetch(answers = [], storage) {
  const calls = [];
  const fetch = async (url, init) => {
    const stored = storage ? JSON.parse(storage.getItem(KEY) ?? "[]").map((e) => e.statement.id) : [];
    calls.push({ url, init, body: JSON.parse(init.body), storedBefore: stored });
    const answer = answers.length ? answers.shift() : 200;
    if (answer === "down") throw new TypeError("Failed to fetch");
    return { status: answer, text: async () => (answer === 200 ? "[]" : "error") };
  };
  return { fetch, calls };
}

function fakeTimers() {
  const timers = [];
  return {
    timers,
    setTimeout: (fn, ms) => timers.push({ fn, ms }) - 1,
    clearTimeout: (id) => timers[id] && (timers[id].fn = null),
    fire: async () => {
      const t = timers.findLast((x) => x.fn);
      const fn = t.fn;
      t.fn = null;
      await fn();
    },
    pending: () => timers.filter((x) => x.fn),
  };
}

const quiet = () => {
  const lines = { warn: [], error: [] };
  return { lines, warn: (t) => lines.warn.push(t), error: (t) => lines.error.push(t) };
};
const s = (n) => statement({ actor: ACTOR, activity: `https://school.example/chess/l${n}`, title: TITLE, stars: n % 4, id: `00000000-0000-4000-8000-00000000000${n}`, timestamp: "2025-01-01T00:00:00.000Z" });
const END = "https://lrs.example/xapi";

function setup({ answers, quota, storage = fakeStorage({ quota }) } = {}) {
  const lrs = fakeFetch(answers, storage);
  const clock = fakeTimers();
  const log = quiet();
  const q = createQueue({ storage, fetch: lrs.fetch, setTimeout: clock.setTimeout, clearTimeout: clock.clearTimeout, console: log, locks: null, random: () => 0.5 });
  return { q, lrs, clock, log, storage };
}

describe("the queue", () => {
  test("written to localStorage before it is sent; POST {endpoint}statements with the xAPI headers; removed after 2xx", async () => {
    const { q, lrs, storage } = setup({ answers: [204] });
    q.use(END, "Basic abc");
    q.add(END, s(1));
    await q.flush();
    assert.equal(lrs.calls.length, 1);
    const [call] = lrs.calls;
    assert.equal(call.url, "https://lrs.example/xapi/statements");
    assert.equal(call.init.method, "POST");
    assert.equal(call.init.headers["X-Experience-API-Version"], "1.0.3");
    assert.equal(call.init.headers["Content-Type"], "application/json");
    assert.equal(call.init.headers.Authorization, "Basic abc");
    assert.deepEqual(call.body, s(1));
    assert.deepEqual(call.storedBefore, [s(1).id], "in localStorage while it was sent");
    assert.equal(storage.getItem(KEY), null, "gone after the 2xx");
    assert.ok(!storage.map.get(KEY)?.includes("Basic"), "credentials are never stored");
  });

  test("offline, then a 503: kept, sent again by the timer with a growing wait, in order, each once", async () => {
    const { q, lrs, clock, storage } = setup({ answers: ["down", 503, 200, 200, 200] });
    q.use(END, null);
    q.add(END, s(1));
    q.add(END, s(2));
    await q.flush();
    assert.deepEqual(JSON.parse(storage.getItem(KEY)).map((e) => e.statement.id), [s(1).id, s(2).id], "both kept");
    assert.equal(clock.pending().length, 1);
    const first = clock.pending()[0].ms;
    await clock.fire(); // 503
    await q.flush();
    assert.equal(clock.pending().length, 1);
    assert.ok(clock.pending()[0].ms > first, `the wait grows (${first} → ${clock.pending()[0].ms})`);
    await clock.fire(); // 200, 200
    await q.flush();
    assert.equal(lrs.calls.length, 4);
    q.add(END, s(3)); // a lesson finished later: sent at once
    await q.flush();
    const sent = lrs.calls.map((c) => c.body.id);
    assert.deepEqual(sent.filter((id, k) => k >= 2), [s(1).id, s(2).id, s(3).id], "in order");
    assert.equal(storage.getItem(KEY), null);
    assert.equal(clock.pending().length, 0, "no timer once everything is sent");
    assert.equal(lrs.calls[0].init.headers.Authorization, undefined, "no auth given: no header");
  });

  test("the next page load sends what an earlier page left (with this page's auth), once", async () => {
    const storage = fakeStorage();
    const a = setup({ storage, answers: ["down"] });
    a.q.use(END, "Basic old");
    a.q.add(END, s(1));
    await a.q.flush();
    assert.equal(JSON.parse(storage.getItem(KEY)).length, 1);
    const b = setup({ storage, answers: [200] });
    await b.q.flush();
    assert.equal(b.lrs.calls.length, 0, "an endpoint this page does not use: left alone");
    b.q.use(END, "Bearer new");
    await b.q.flush();
    assert.equal(b.lrs.calls.length, 1);
    assert.equal(b.lrs.calls[0].init.headers.Authorization, "Bearer new");
    assert.equal(storage.getItem(KEY), null);
    await b.q.flush();
    assert.equal(b.lrs.calls.length, 1, "not sent twice");
  });

  test("one flush at a time: flushes that overlap send each statement once", async () => {
    const { q, lrs } = setup();
    q.use(END);
    q.add(END, s(1));
    q.add(END, s(2));
    q.add(END, s(1)); // the same id again: not queued twice
    await Promise.all([q.flush(), q.flush(), q.flush()]);
    assert.deepEqual(lrs.calls.map((c) => c.body.id), [s(1).id, s(2).id]);
  });

  test("409 (the LRS has that id already) counts as sent; 400 is kept, marked and does not block the rest", async () => {
    const { q, lrs, storage, log, clock } = setup({ answers: [409, 400, 200] });
    q.use(END);
    q.add(END, s(1));
    q.add(END, s(2));
    q.add(END, s(3));
    await q.flush();
    assert.deepEqual(lrs.calls.map((c) => c.body.id), [s(1).id, s(2).id, s(3).id]);
    const left = JSON.parse(storage.getItem(KEY));
    assert.deepEqual(left.map((e) => [e.statement.id, e.refused]), [[s(2).id, 400]], "the refused one is kept");
    assert.ok(log.lines.error.some((t) => /refused/.test(t)));
    await q.flush();
    assert.equal(lrs.calls.length, 3, "a refused statement is not sent again");
    assert.equal(clock.pending().length, 0);
  });

  test("a full localStorage is said on the console; the statement is still sent from memory", async () => {
    const { q, lrs, log, storage } = setup({ quota: 10, answers: ["down", 200] });
    q.use(END);
    assert.equal(q.add(END, s(1)), true);
    await q.flush();
    assert.ok(log.lines.warn.some((t) => /localStorage is full.*lost if the page is closed while offline/.test(t)), log.lines.warn.join("\n"));
    assert.equal(storage.getItem(KEY), null);
    assert.equal(q.pending().length, 1, "kept in memory");
    await q.flush();
    assert.deepEqual(lrs.calls.map((c) => c.body.id), [s(1).id, s(1).id]);
    assert.equal(q.pending().length, 0);
  });

  test("never throws: no localStorage, a storage that throws, a broken stored queue, a bad endpoint", async () => {
    const log = quiet();
    const lrs = fakeFetch();
    const none = createQueue({ storage: null, fetch: lrs.fetch, console: log, locks: null, setTimeout: () => 0, clearTimeout: () => {} });
    none.use(END);
    assert.equal(none.add(END, s(1)), true);
    await none.flush();
    assert.equal(lrs.calls.length, 1);
    assert.ok(log.lines.warn.some((t) => /may not use localStorage.*lost if the page is closed while offline/.test(t)));

    const throwing = { getItem: () => { throw new Error("denied"); }, setItem: () => { throw new Error("denied"); }, removeItem: () => { throw new Error("denied"); } };
    const t = createQueue({ storage: throwing, fetch: lrs.fetch, console: log, locks: null, setTimeout: () => 0, clearTimeout: () => {} });
    t.use(END);
    assert.equal(t.add(END, s(2)), true);
    await t.flush();
    assert.equal(lrs.calls.at(-1).body.id, s(2).id);

    const broken = fakeStorage();
    broken.setItem(KEY, "{not json");
    const b = createQueue({ storage: broken, fetch: lrs.fetch, console: log, locks: null, setTimeout: () => 0, clearTimeout: () => {} });
    b.use(END);
    assert.equal(b.add(END, s(3)), true);
    await b.flush();
    assert.equal(lrs.calls.at(-1).body.id, s(3).id);

    assert.equal(b.add("ftp://x/", s(4)), false);
    assert.doesNotThrow(() => b.use("ftp://x/"));
    const failing = createQueue({ storage: fakeStorage(), fetch: () => { throw new Error("sync"); }, console: log, locks: null, setTimeout: () => 0, clearTimeout: () => {} });
    failing.use(END);
    assert.equal(failing.add(END, s(5)), true);
    assert.equal(await failing.flush(), false);
  });

  test("with Web Locks, a round runs inside the lock named after the key", async () => {
    const names = [];
    const locks = { request: async (name, fn) => (names.push(name), fn()) };
    const lrs = fakeFetch();
    const q = createQueue({ storage: fakeStorage(), fetch: lrs.fetch, console: quiet(), locks, setTimeout: () => 0, clearTimeout: () => {} });
    q.use(END);
    q.add(END, s(1));
    await q.flush();
    assert.ok(names.length >= 1 && names.every((n) => n === KEY));
    assert.equal(lrs.calls.length, 1);
  });
});

describe("storage or Web Locks refused (a frame on another site, third-party storage blocked)", () => {
  const denied = () => {
    const e = new Error("The request was denied.");
    e.name = "SecurityError";
    return e;
  };

  test("Web Locks refused: the round runs without the lock (said once), the statement reaches the LRS, no endless retry", async () => {
    let asked = 0;
    const locks = { request: async () => (asked++, Promise.reject(denied())) };
    const lrs = fakeFetch();
    const log = quiet();
    const timers = [];
    const q = createQueue({ storage: null, fetch: lrs.fetch, console: log, locks, setTimeout: (fn, ms) => timers.push(ms), clearTimeout: () => {} });
    q.use(END);
    q.add(END, s(1));
    q.add(END, s(2));
    await q.flush();
    assert.deepEqual(lrs.calls.map((c) => c.body.id), [s(1).id, s(2).id]);
    assert.equal(q.pending().length, 0);
    assert.equal(asked, 1, "the lock is asked for once, then not again");
    assert.deepEqual(timers, [], "no retry scheduled: everything was sent");
    assert.equal(log.lines.warn.filter((t) => /Web Locks are refused/.test(t)).length, 1);
    assert.deepEqual(log.lines.error, []);
  });

  test("storage refused: kept in memory, said once to the console and once to every listener there is (also one that comes later)", async () => {
    const throwing = { getItem: () => { throw denied(); }, setItem: () => { throw denied(); }, removeItem: () => { throw denied(); } };
    const lrs = fakeFetch(["down", 200]);
    const log = quiet();
    const clock = fakeTimers();
    const q = createQueue({ storage: throwing, fetch: lrs.fetch, console: log, locks: null, setTimeout: clock.setTimeout, clearTimeout: clock.clearTimeout, random: () => 0.5 });
    const heard = [];
    q.onMemoryOnly((d) => heard.push(d));
    q.use(END);
    q.add(END, s(1));
    await q.flush();
    assert.equal(q.pending().length, 1, "offline: waiting in memory");
    assert.equal(heard.length, 1);
    assert.equal(heard[0].reason, "blocked");
    assert.match(heard[0].message, /lost if the page is closed while offline/);
    q.add(END, s(2));
    await clock.fire();
    await q.flush();
    assert.deepEqual(lrs.calls.map((c) => c.body.id), [s(1).id, s(1).id, s(2).id]);
    assert.equal(q.pending().length, 0);
    const later = [];
    q.onMemoryOnly((d) => later.push(d));
    assert.equal(heard.length, 1, "said once");
    assert.equal(later.length, 0, "said once for the whole page, not per listener");
    assert.equal(log.lines.warn.filter((t) => /lost if the page is closed/.test(t)).length, 1);
  });

  test("no storage at all: said to the first listener even when it comes after the queue was made", () => {
    const q = createQueue({ storage: null, fetch: fakeFetch().fetch, console: quiet(), locks: null, setTimeout: () => 0, clearTimeout: () => {} });
    assert.equal(q.memoryOnly.reason, "blocked");
    const heard = [];
    q.onMemoryOnly((d) => heard.push(d));
    assert.equal(heard.length, 1);
  });

  test("a full storage: the statement waits in memory, the listener hears reason quota", async () => {
    const { q } = setup({ answers: ["down"], quota: 10 });
    const heard = [];
    q.onMemoryOnly((d) => heard.push(d));
    q.use(END);
    q.add(END, s(1));
    await q.flush();
    assert.equal(q.pending().length, 1);
    assert.equal(heard[0]?.reason, "quota");
  });
});
