// @ts-check
// The practice log of this browser: one line of JSON per answer (the learner model of
// pkg-practice reads the whole log and computes the child's ratings, stars and reviews from it:
// README.md "Practice"), kept in IndexedDB, so that it survives a reload and works offline, and
// exported and imported as a file from the settings. Loaded only for practice.
//
//   readLog()          -> the log's text ("" for a new learner)
//   append(line)       -> { ok } | { ok: false, reason }: one line added (a transaction of its own)
//   exportText()       -> the file's text: a header line, then the log
//   importText(text)   -> { ok, added } | { ok: false, reason: "format" | "too-big" }: the
//                         file's lines added to this browser's (none twice), never replacing it
// When IndexedDB cannot be used (a private window of an old browser, a sandboxed frame), the
// log lives in the page's memory for this visit, and `persistent()` says so.

const DB = "chess-tutor-practice";
const STORE = "log";
/** The first line of an exported file, so that another file is refused. */
export const FORMAT = "chess-tutor-practice-log";
export const VERSION = 1;
/** The largest file read back (a year of daily practice is about 1 MiB). */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
/** The longest line kept (an answer is about 150 bytes). */
const MAX_LINE = 4096;

/** @type {Promise<IDBDatabase | null> | null} */
let opened = null;
/** @type {string[] | null} */
let memory = null; // the log's lines when IndexedDB cannot be used

function open() {
  opened ??= new Promise((resolve) => {
    let request;
    try {
      request = indexedDB.open(DB, 1);
    } catch {
      return resolve(null);
    }
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  }).then((db) => {
    if (!db) memory ??= [];
    return db;
  });
  return opened;
}

/** True when the log is kept in IndexedDB (false: in this page's memory only). */
export async function persistent() {
  return (await open()) != null;
}

const done = (tx) =>
  new Promise((resolve) => {
    tx.oncomplete = () => resolve({ ok: true });
    tx.onerror = () => resolve({ ok: false, reason: tx.error?.name === "QuotaExceededError" ? "quota" : "blocked" });
    tx.onabort = () => resolve({ ok: false, reason: tx.error?.name === "QuotaExceededError" ? "quota" : "blocked" });
  });

async function lines() {
  const db = await open();
  if (!db) return [...(memory ?? [])];
  return new Promise((resolve) => {
    const request = db.transaction(STORE, "readonly").objectStore(STORE).getAll();
    request.onsuccess = () => resolve(request.result.filter((x) => typeof x === "string"));
    request.onerror = () => resolve([]);
  });
}

/** The log as the learner model reads it: JSON lines, oldest first. */
export async function readLog() {
  const list = await lines();
  return list.length ? `${list.join("\n")}\n` : "";
}

/** A line that is one JSON object, no longer than MAX_LINE: the only lines kept. */
const validLine = (line) => {
  if (typeof line !== "string" || !line.trim() || line.length > MAX_LINE || line.includes("\n")) return false;
  try {
    const value = JSON.parse(line);
    return value != null && typeof value === "object" && !Array.isArray(value);
  } catch {
    return false;
  }
};

async function addAll(list) {
  const db = await open();
  if (!db) {
    memory?.push(...list);
    return { ok: true };
  }
  try {
    const tx = db.transaction(STORE, "readwrite");
    const store = tx.objectStore(STORE);
    for (const line of list) store.add(line);
    return await done(tx);
  } catch (error) {
    return { ok: false, reason: error?.name === "QuotaExceededError" ? "quota" : "blocked" };
  }
}

/** One answer added (`line`: a JSON object's text, or the object). */
export async function append(line) {
  const text = typeof line === "string" ? line.trim() : JSON.stringify(line);
  if (!validLine(text)) return { ok: false, reason: "format" };
  return addAll([text]);
}

/** The file a grown-up saves: a header line naming the format, then the log. */
export async function exportText(now = new Date()) {
  return `${JSON.stringify({ format: FORMAT, version: VERSION, exported: now.toISOString() })}\n${await readLog()}`;
}

/** A saved file's lines added to this browser's log: lines it already has are not added again
 *  (the same answer exported twice, or imported on the device it came from). */
export async function importText(text) {
  if (typeof text !== "string") return { ok: false, reason: "format" };
  if (text.length > MAX_IMPORT_BYTES) return { ok: false, reason: "too-big" };
  const [head, ...rest] = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  /** @type {{ format?: string, version?: number } | null} */
  let header = null;
  try {
    header = JSON.parse(head);
  } catch {}
  if (header?.format !== FORMAT || header?.version !== VERSION) return { ok: false, reason: "format" };
  const given = rest.map((l) => l.trim()).filter(Boolean);
  if (!given.every(validLine)) return { ok: false, reason: "format" };
  const have = new Set(await lines());
  const fresh = [...new Set(given)].filter((l) => !have.has(l));
  // in the order of their time, merged into the log's: the model reads the log in order
  const at = (l) => String(JSON.parse(l).at ?? "");
  const all = [...have, ...fresh].sort((a, b) => (at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : 0));
  if (!fresh.length) return { ok: true, added: 0 };
  const saved = await replaceAll(all);
  return saved.ok ? { ok: true, added: fresh.length } : saved;
}

/** The whole log replaced, in one transaction (never half a log). */
async function replaceAll(list) {
  const db = await open();
  if (!db) {
    memory = [...list];
    return { ok: true };
  }
  try {
    const tx = db.transaction(STORE, "readwrite");
    const store = tx.objectStore(STORE);
    store.clear();
    for (const line of list) store.add(line);
    return await done(tx);
  } catch (error) {
    return { ok: false, reason: error?.name === "QuotaExceededError" ? "quota" : "blocked" };
  }
}

/** The local days (YYYY-MM-DD) on which the log has an answer: the count of days practised. */
export function daysPractised(logText) {
  const days = new Set();
  for (const line of String(logText).split("\n")) {
    if (!line.trim()) continue;
    try {
      const at = new Date(JSON.parse(line).at);
      if (!Number.isNaN(at.getTime())) days.add(localDay(at));
    } catch {}
  }
  return days;
}

/** A date's local day, YYYY-MM-DD. */
export const localDay = (date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
