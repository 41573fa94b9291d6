// @ts-check
// xAPI: one statement to the school's learning record store (LRS) for each finished lesson.
// README.md, "For schools: xAPI". Loaded by <chess-tutor> (import()) only when it has an
// xapi-endpoint attribute, so the plain widget does not carry it.
//
// - Pure functions build the statement (statement, isoDuration, parseActor, activityId).
// - A durable queue keeps every statement in localStorage before it is sent, sends them in order,
//   removes one only after the LRS answered 2xx (or 409: it has that id already), and sends the
//   rest later (the online event, the next page load, a timer that backs off). The statement's id
//   is made once, so a resend is safe: the LRS never stores it twice. The queue never throws.
// - Where localStorage is refused or full (a frame on another site in a browser that blocks
//   third-party storage, a sandbox, a full quota) the statements wait in the page's memory and are
//   sent from there; this is said once (console, and the widget's `xapi-memory-only` event, which
//   embed.html passes to the school's page): they are lost if the page closes while offline.
//   Where Web Locks are refused (the same blocking) the rounds run without the lock: a statement
//   sent twice by two tabs is still stored once (same id).
// - Credentials (xapi-auth) are never written to localStorage: a statement left over is sent with
//   the auth that the page for the same endpoint gives when it loads again.

import { local, read as readStored, remove as removeStored, write as writeStored } from "../widget/storage.js";

export const VERSION = "1.0.3";
export const KEY = "chess-tutor:xapi-queue:v1";
export const VERBS = {
  passed: { id: "http://adlnet.gov/expapi/verbs/passed", display: { "en-US": "passed", ru: "пройдено" } },
  failed: { id: "http://adlnet.gov/expapi/verbs/failed", display: { "en-US": "failed", ru: "не пройдено" } },
};
const LESSON_TYPE = "http://adlnet.gov/expapi/activities/lesson";
const PLATFORM = "chess-tutor";
// answers after which a statement will never be taken: kept (marked) and left out of sending,
// so one bad statement does not block the ones after it
const REFUSED = new Set([400, 413, 422]);
const BACKOFF = { first: 5_000, max: 5 * 60_000 };
const TIMEOUT = 20_000;

/** @typedef {import("../widget/storage.js").Store} Store */
/** An xAPI statement (statement() makes one; the queue reads only its id).
 * @typedef {{ id: string, [field: string]: unknown }} Statement */
/** A statement waiting: where it goes, and the status that refused it (then it is not sent again).
 * @typedef {{ endpoint: string, statement: Statement, refused?: number }} Entry */
/** Why statements are kept in this page only (the `xapi-memory-only` event's detail).
 * @typedef {{ reason: string, name: string, message: string }} MemoryOnly */
/**
 * The queue's parts (the unit tests give their own).
 * @typedef {{
 *   storage?: Store | null,
 *   key?: string,
 *   fetch?: (url: string, init: RequestInit) => Promise<Response>,
 *   setTimeout?: (fn: () => void, ms: number) => number,
 *   clearTimeout?: (timer: number) => void,
 *   console?: Pick<Console, "warn" | "error"> | null,
 *   locks?: Pick<LockManager, "request"> | null,
 *   random?: () => number,
 *   backoff?: { first: number, max: number },
 * }} QueueParts
 */
/** @typedef {ReturnType<typeof createQueue>} Queue */
/** What <chess-tutor>'s lesson-ready and lesson-done events say of a lesson.
 * @typedef {{ id?: string, title?: unknown, url?: string, duration?: number, stars?: number, gaveUp?: boolean }} LessonDetail */

/** An ISO 8601 duration of MS milliseconds: "PT1M5.25S", "PT0S", "PT1H2M3S". @param {number} ms */
export function isoDuration(ms) {
  const total = Number.isFinite(ms) && ms > 0 ? Math.round(ms / 10) / 100 : 0; // xAPI keeps 0.01 s
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = Math.round((total % 60) * 100) / 100;
  let out = "PT";
  if (h) out += `${h}H`;
  if (m) out += `${m}M`;
  if (sec || (!h && !m)) out += `${sec}S`;
  return out;
}

/**
 * An xAPI Agent from the xapi-actor attribute's JSON text (or an object); throws an Error that
 * says what is wrong. It needs exactly one identifier: mbox, mbox_sha1sum, openid, or account
 * { homePage, name }.
 * @param {unknown} text @returns {Record<string, unknown>}
 */
export function parseActor(text) {
  /** @type {any} */
  let actor = text; // any: the page's JSON, each field checked below
  if (typeof text === "string") {
    try {
      actor = JSON.parse(text);
    } catch (error) {
      throw new Error(`xapi-actor is not JSON (${error.message})`, { cause: error });
    }
  }
  if (!actor || typeof actor !== "object" || Array.isArray(actor)) throw new Error("xapi-actor must be a JSON object (an xAPI Agent)");
  const ids = ["mbox", "mbox_sha1sum", "openid", "account"].filter((k) => actor[k] != null);
  if (ids.length !== 1) throw new Error(`xapi-actor needs exactly one of mbox, mbox_sha1sum, openid, account (it has ${ids.length ? ids.join(", ") : "none"})`);
  if (actor.mbox != null && !/^mailto:[^@\s]+@[^@\s]+$/.test(actor.mbox)) throw new Error('xapi-actor: mbox must be "mailto:name@host"');
  const a = actor.account;
  if (a != null && (typeof a.homePage !== "string" || typeof a.name !== "string" || !a.name || !isIri(a.homePage)))
    throw new Error("xapi-actor: account needs homePage (an IRI) and name (a string)");
  if (actor.objectType != null && actor.objectType !== "Agent") throw new Error('xapi-actor: objectType must be "Agent"');
  return { objectType: "Agent", ...actor };
}

const isIri = (s) => typeof s === "string" && /^[a-z][a-z0-9+.-]*:\S+$/i.test(s);

/** The activity's IRI: PREFIX (xapi-activity) with the lesson id appended, else the lesson's URL. */
export function activityId(prefix, lessonId, lessonUrl) {
  if (prefix) return prefix + encodeURIComponent(lessonId);
  if (isIri(lessonUrl)) return lessonUrl.split("#")[0];
  throw new Error("no xapi-activity and no lesson URL: the statement has no activity id");
}

/** The lesson's title as an xAPI language map ({ en, ru }; an object or a plain string). */
export function languageMap(title, fallback) {
  const map = {};
  if (title && typeof title === "object") {
    for (const [lang, text] of Object.entries(title)) if (typeof text === "string" && text) map[lang] = text;
  } else if (typeof title === "string" && title) map.und = title;
  if (!Object.keys(map).length && fallback) map.und = String(fallback);
  return map;
}

/**
 * The statement for a finished lesson. success: solved (passed) or given up (failed).
 * { actor, activity, title, stars, success = true, durationMs, lang, id, timestamp }.
 */
export function statement({ actor, activity, title, stars, success = true, durationMs, lang, id = uuid(), timestamp = new Date().toISOString() }) {
  const raw = Math.max(0, Math.min(3, Math.round(Number(stars) || 0)));
  const name = languageMap(title, activity);
  const out = {
    id,
    actor: parseActor(actor),
    verb: success ? VERBS.passed : VERBS.failed,
    object: { objectType: "Activity", id: activity, definition: { type: LESSON_TYPE, name } },
    result: { score: { raw, min: 0, max: 3, scaled: Math.round((raw / 3) * 10000) / 10000 }, success: Boolean(success), completion: true },
    context: { platform: PLATFORM },
    timestamp,
  };
  if (durationMs != null) out.result.duration = isoDuration(durationMs);
  if (lang) out.context.language = lang;
  return out;
}

/** A version 4 UUID (crypto.randomUUID where there is one). */
export function uuid() {
  if (globalThis.crypto?.randomUUID) return globalThis.crypto.randomUUID();
  const b = globalThis.crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const x = [...b].map((v) => v.toString(16).padStart(2, "0")).join("");
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** "https://lrs.example/xapi" → "https://lrs.example/xapi/" (the statements resource follows). */
export function normalizeEndpoint(endpoint) {
  const url = new URL(endpoint, globalThis.document?.baseURI);
  if (!/^https?:$/.test(url.protocol)) throw new Error(`xapi-endpoint must be http(s): ${endpoint}`);
  return url.href.replace(/[?#].*$/, "").replace(/\/?$/, "/");
}

/**
 * A queue of statements kept in STORAGE under KEY: [{ endpoint, statement, refused? }].
 * Its parts can be given (the unit tests do): storage, fetch, timers, console, locks, online.
 * add() and flush() never throw; flush() resolves when this round of sending is over.
 * @param {QueueParts} [parts]
 */
export function createQueue({
  storage = safeStorage(),
  key = KEY,
  fetch: send = (...a) => globalThis.fetch(...a),
  setTimeout: later = (...a) => globalThis.setTimeout(...a),
  clearTimeout: cancel = (...a) => globalThis.clearTimeout(...a),
  console: log = globalThis.console,
  locks = globalThis.navigator?.locks,
  random = Math.random,
  backoff = BACKOFF,
} = {}) {
  /** @type {Entry[]} */
  const memory = []; // statements that could not be written (no storage, quota): sent from here
  const auths = new Map(); // endpoint -> Authorization value, from this page only
  let failures = 0;
  /** @type {number | null} */
  let timer = null;
  /** @type {Promise<boolean> | null} */
  let running = null;
  let again = false;
  let lockless = false; // Web Locks refused: rounds run without them
  /** @type {MemoryOnly | null} */
  let memoryOnly = null; // { reason, name, message } once statements are kept in this page only
  let announced = false;
  /** @type {Set<(detail: MemoryOnly) => void>} */
  const listeners = new Set();
  const said = new Set();

  const warnOnce = (what, text) => {
    if (said.has(what)) return;
    said.add(what);
    log?.warn?.(`chess-tutor xAPI: ${text}`);
  };

  // said once per queue (the console at once, the listeners as soon as there is one)
  function announce() {
    if (!memoryOnly || announced || !listeners.size) return;
    announced = true;
    for (const fn of listeners) {
      try {
        fn({ ...memoryOnly });
      } catch (error) {
        log?.error?.(`chess-tutor xAPI: ${error?.message}`);
      }
    }
  }
  /** @param {string} reason @param {string} name */
  function toMemory(reason, name) {
    if (memoryOnly) return;
    const why = reason === "quota" ? `localStorage is full (${name})` : `this page may not use localStorage (${name})`;
    memoryOnly = {
      reason,
      name,
      message: `${why}: statements wait in this page's memory until the LRS has them, and are lost if the page is closed while offline`,
    };
    warnOnce("memory", memoryOnly.message);
    announce();
  }
  if (!storage) toMemory("blocked", "NoStorage");

  /** @returns {Entry[]} */
  function read() {
    if (!storage) return [];
    try {
      const stored = readStored(storage, key);
      if (!stored.ok) throw new Error(stored.name);
      const text = stored.text;
      const list = text ? JSON.parse(text) : [];
      return Array.isArray(list) ? list.filter((e) => e && typeof e.endpoint === "string" && e.statement?.id) : [];
    } catch (error) {
      warnOnce("read", `the stored queue (${key}) cannot be read: ${error.message}`);
      return [];
    }
  }

  // writes LIST (storage.js: side copy, read back, replace); false (and said on the console,
  // never silently) when it cannot be written
  /** @param {Entry[]} list */
  function write(list) {
    if (!storage) return false;
    const done = list.length ? writeStored(storage, key, JSON.stringify(list)) : removeStored(storage, key);
    if (done.ok) return true;
    toMemory(done.reason, done.name);
    return false;
  }

  // everything waiting, stored first, then the page's own (in the order they were made)
  const all = () => {
    const stored = read();
    const ids = new Set(stored.map((e) => e.statement.id));
    return [...stored, ...memory.filter((e) => !ids.has(e.statement.id))];
  };

  /** @param {string} endpoint @param {Statement} statement @param {string | null} [auth] */
  function add(endpoint, statement, auth) {
    try {
      const entry = { endpoint: normalizeEndpoint(endpoint), statement };
      if (auth !== undefined) auths.set(entry.endpoint, auth);
      const list = read();
      if (!list.some((e) => e.statement.id === statement.id) && !memory.some((e) => e.statement.id === statement.id)) {
        list.push(entry);
        if (!write(list)) memory.push(entry);
      }
      flush();
      return true;
    } catch (error) {
      log?.error?.(`chess-tutor xAPI: the statement cannot be queued: ${error?.message}`);
      return false;
    }
  }

  // removes the statement ID from storage and memory (read again: another tab may have added some)
  /** @param {string} id */
  function remove(id) {
    const k = memory.findIndex((e) => e.statement.id === id);
    if (k >= 0) memory.splice(k, 1);
    const list = read();
    const rest = list.filter((e) => e.statement.id !== id);
    if (rest.length !== list.length) write(rest);
  }

  /** @param {string} id @param {number} status */
  function mark(id, status) {
    const m = memory.find((e) => e.statement.id === id);
    if (m) m.refused = status;
    const list = read();
    const e = list.find((x) => x.statement.id === id);
    if (e) {
      e.refused = status;
      write(list);
    }
  }

  // one POST; "sent", "later", or the status that refused it
  /** @param {Entry} entry @returns {Promise<"sent" | "later" | number>} */
  async function post(entry) {
    /** @type {Record<string, string>} */
    const headers = { "Content-Type": "application/json", "X-Experience-API-Version": VERSION };
    const auth = auths.get(entry.endpoint);
    if (auth) headers.Authorization = auth;
    let response;
    try {
      response = await send(`${entry.endpoint}statements`, {
        method: "POST",
        headers,
        body: JSON.stringify(entry.statement),
        credentials: "omit",
        signal: globalThis.AbortSignal?.timeout?.(TIMEOUT),
      });
    } catch (error) {
      log?.warn?.(`chess-tutor xAPI: ${entry.endpoint}statements cannot be reached (${error?.message}); sent again later`);
      return "later";
    }
    const status = response.status;
    if ((status >= 200 && status < 300) || status === 409) {
      if (status === 409) log?.warn?.(`chess-tutor xAPI: the LRS has statement ${entry.statement.id} already (409)`);
      return "sent";
    }
    let body = "";
    try {
      body = (await response.text()).slice(0, 300);
    } catch {}
    if (REFUSED.has(status)) {
      log?.error?.(`chess-tutor xAPI: the LRS refused statement ${entry.statement.id} (${status} ${body}); it is kept in localStorage (${key}) and not sent again`);
      return status;
    }
    log?.warn?.(`chess-tutor xAPI: the LRS answered ${status} ${body}; sent again later`);
    return "later";
  }

  // sends what is waiting for the endpoints this page knows, in order; stops at the first "later"
  async function round() {
    for (;;) {
      const next = all().find((e) => !e.refused && auths.has(e.endpoint));
      if (!next) return true;
      const outcome = await post(next);
      if (outcome === "later") return false;
      if (outcome === "sent") remove(next.statement.id);
      else mark(next.statement.id, outcome);
    }
  }

  /** @param {boolean} ok */
  function schedule(ok) {
    if (timer != null) cancel(timer);
    timer = null;
    if (ok) {
      failures = 0;
      return;
    }
    failures++;
    const wait = Math.min(backoff.max, backoff.first * 2 ** (failures - 1));
    timer = later(() => {
      timer = null;
      flush();
    }, Math.round(wait * (0.75 + random() * 0.5)));
  }

  // a round inside the Web Lock named KEY; where the lock is refused (a SecurityError in a frame
  // whose storage is blocked: it would be refused every time), without it from then on
  async function lockedRound() {
    if (lockless || !locks?.request) return round();
    let entered = false;
    try {
      return await locks.request(key, () => {
        entered = true;
        return round();
      });
    } catch (error) {
      if (entered) throw error;
      lockless = true;
      warnOnce("locks", `Web Locks are refused here (${error?.name}: ${error?.message}); statements are sent without them`);
      return round();
    }
  }

  // one round at a time in this page, and across the tabs of this origin (Web Locks) when there are
  /** @returns {Promise<boolean>} */
  function flush() {
    if (running) {
      again = true;
      return running;
    }
    const go = async () => {
      let ok;
      try {
        do {
          again = false;
          ok = await lockedRound();
        } while (again && ok);
      } catch (error) {
        log?.error?.(`chess-tutor xAPI: sending failed: ${error?.message}`);
        ok = false;
      }
      schedule(ok);
      return ok;
    };
    running = go().finally(() => (running = null));
    return running;
  }

  /** This page sends to ENDPOINT with AUTH (also what an earlier page left for it).
   * @param {string} endpoint @param {string | null} [auth] */
  function use(endpoint, auth) {
    try {
      auths.set(normalizeEndpoint(endpoint), auth ?? null);
      flush();
    } catch (error) {
      log?.error?.(`chess-tutor xAPI: ${error.message}`);
    }
  }

  /** FN({ reason, name, message }) is called once (for the whole queue, whichever listener is
   *  there first) when statements are kept in this page only; returns a function that removes FN.
   * @param {(detail: MemoryOnly) => void} fn */
  function onMemoryOnly(fn) {
    listeners.add(fn);
    announce();
    return () => listeners.delete(fn);
  }

  return { add, flush, use, onMemoryOnly, pending: () => all(), get failures() { return failures; }, get memoryOnly() { return memoryOnly && { ...memoryOnly }; } };
}

const safeStorage = local;

/** @type {Queue | null} */
let shared = null;
/** The page's one queue (made on first use), flushed again when the browser is back online. */
export function queue() {
  if (shared) return shared;
  const q = (shared = createQueue());
  globalThis.addEventListener?.("online", () => q.flush());
  return q;
}

/**
 * Reports the lessons finished in <chess-tutor> EL: its xapi-endpoint, xapi-auth, xapi-actor and
 * xapi-activity attributes are read when a lesson is finished (so they may change). Returns a stop().
 * @param {HTMLElement & { language?: string }} el @param {Queue} [q]
 */
export function attach(el, q = queue()) {
  /** @type {Map<string, { at?: number, title?: unknown, url?: string }>} */
  const started = new Map(); // lesson id -> { at, title, url }
  const now = () => globalThis.performance?.now() ?? Date.now();
  const endpoint = () => el.getAttribute("xapi-endpoint");
  const first = endpoint();
  if (first) q.use(first, el.getAttribute("xapi-auth"));
  /** @param {Event} e */
  const ready = (e) => {
    const d = /** @type {CustomEvent<LessonDetail>} */ (e).detail ?? {};
    if (d.id != null) started.set(d.id, { at: now(), title: d.title, url: d.url });
  };
  /** @param {Event} e */
  const done = (e) => {
    const d = /** @type {CustomEvent<LessonDetail>} */ (e).detail ?? {};
    try {
      const end = endpoint();
      if (!end || d.id == null) return;
      const seen = started.get(d.id) ?? {};
      const durationMs = d.duration ?? (seen.at != null ? now() - seen.at : undefined);
      started.set(d.id, { ...seen, at: now() }); // a lesson played again counts from here
      const s = statement({
        actor: el.getAttribute("xapi-actor"),
        activity: activityId(el.getAttribute("xapi-activity"), d.id, d.url ?? seen.url),
        title: d.title ?? seen.title,
        stars: d.stars,
        success: !d.gaveUp,
        durationMs,
        lang: el.language ?? undefined,
      });
      q.use(end, el.getAttribute("xapi-auth"));
      q.add(end, s, el.getAttribute("xapi-auth"));
    } catch (error) {
      console.error(`chess-tutor xAPI: no statement for lesson ${d.id}: ${error.message}`);
    }
  };
  el.addEventListener("lesson-ready", ready);
  el.addEventListener("lesson-done", done);
  // statements kept in this page only: the page around is told once (embed.html passes it on)
  const unhear = q.onMemoryOnly?.((detail) => el.dispatchEvent(new CustomEvent("xapi-memory-only", { detail, bubbles: true, composed: true })));
  return () => {
    unhear?.();
    el.removeEventListener("lesson-ready", ready);
    el.removeEventListener("lesson-done", done);
  };
}
