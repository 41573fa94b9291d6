// @ts-check
// The child's progress: the best stars per lesson id, kept in localStorage under a versioned key.
// Nothing here throws at a child: damaged data is set aside (a backup key) and the rest goes on;
// old formats are migrated; a bad entry is dropped on its own. Pure functions take the text or
// the data, so tests/js/progress.test.mjs checks them in Node without a browser.
import { local, read as safeRead, write as safeWrite } from "./storage.js";

export const KEY = "chess-tutor:progress:v1";
export const VERSION = 1;
/** Older keys, newest first: read once and migrated into KEY (they are left in place). */
export const OLD_KEYS = ["chess-tutor:progress", "chess-tutor.progress"];
export const BACKUP_PREFIX = "chess-tutor:progress:backup:";
/** What an exported file says it is. */
export const FORMAT = "chess-tutor-progress";

const ID = /^[a-z0-9][a-z0-9-]{0,79}$/;
const empty = () => ({ version: VERSION, lessons: {} });
const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

/** A valid lesson id (the file name without .json). */
export const validId = (id) => typeof id === "string" && ID.test(id);

/** One entry, cleaned: { stars: 1..3, completedAt: ISO string or null }, or null when unusable. */
export function cleanEntry(entry) {
  const raw = typeof entry === "number" ? { stars: entry } : entry;
  if (!isObject(raw)) return null;
  const stars = raw.stars;
  if (!Number.isInteger(stars) || stars < 1 || stars > 3) return null;
  const date = typeof raw.completedAt === "string" ? new Date(raw.completedAt) : null;
  return { stars, completedAt: date && !Number.isNaN(date.getTime()) ? date.toISOString() : null };
}

/**
 * Any supported shape -> { data: {version, lessons}, dropped: [ids] , migrated: bool } or null
 * when the value is not progress at all. Supported: v1 ({version: 1, lessons}), v0 (a plain
 * object {id: stars}, or {lessons: {...}} without a version) and an exported file
 * ({format, version: 1, lessons}).
 */
export function normalize(value) {
  if (!isObject(value)) return null;
  let lessons;
  let migrated = false;
  if ("version" in value) {
    if (value.version !== VERSION || !isObject(value.lessons)) return null;
    lessons = value.lessons;
  } else if (isObject(value.lessons)) {
    lessons = value.lessons;
    migrated = true;
  } else {
    lessons = value;
    migrated = true;
  }
  const data = empty();
  const dropped = [];
  for (const id of Object.keys(lessons)) {
    const entry = validId(id) ? cleanEntry(lessons[id]) : null;
    if (entry) data.lessons[id] = entry;
    else dropped.push(id);
  }
  return { data, dropped, migrated };
}

/** The better of two entries: more stars; with equal stars the earlier completion. */
function better(a, b) {
  if (!a) return b;
  if (!b) return a;
  if (a.stars !== b.stars) return a.stars > b.stars ? a : b;
  if (!a.completedAt) return b;
  if (!b.completedAt) return a;
  return a.completedAt <= b.completedAt ? a : b;
}

/** a and b merged, keeping the best stars per lesson. Neither is changed. */
export function merge(a, b) {
  const out = empty();
  for (const src of [a, b]) {
    for (const [id, entry] of Object.entries(src?.lessons ?? {})) out.lessons[id] = { ...better(out.lessons[id], entry) };
  }
  return out;
}

/** data with `stars` for lesson `id` unless it already has as many or more. */
export function withResult(data, id, stars, now = new Date()) {
  const entry = cleanEntry({ stars, completedAt: now.toISOString() });
  if (!validId(id) || !entry) return data;
  return merge(data, { lessons: { [id]: entry } });
}

/** The text of an exported file. */
export function exportText(data, now = new Date()) {
  return `${JSON.stringify({ format: FORMAT, version: VERSION, exportedAt: now.toISOString(), lessons: data.lessons }, null, 2)}\n`;
}

/**
 * An imported file's text -> { data, dropped } or throws an Error whose `code` says why:
 * "not-json", "not-progress" (JSON, but not our format), "empty" (no usable lesson).
 */
export function parseImport(text) {
  let value;
  try {
    value = JSON.parse(String(text).replace(/^\uFEFF/, ""));
  } catch {
    throw Object.assign(new Error("not JSON"), { code: "not-json" });
  }
  if (isObject(value) && "format" in value && value.format !== FORMAT) {
    throw Object.assign(new Error(`format ${value.format}`), { code: "not-progress" });
  }
  const result = normalize(value);
  if (!result) throw Object.assign(new Error("not progress"), { code: "not-progress" });
  if (!Object.keys(result.data.lessons).length) throw Object.assign(new Error("no lessons"), { code: "empty" });
  return { data: result.data, dropped: result.dropped };
}

// ---- localStorage (or any object with getItem/setItem; a Map-backed stand-in when none works),
// through storage.js: a write goes to a side key, is read back, then replaces KEY.

const memory = new Map();
const fallback = {
  getItem: (k) => (memory.has(k) ? memory.get(k) : null),
  setItem: (k, v) => void memory.set(k, String(v)),
  removeItem: (k) => void memory.delete(k),
};
// storage blocked (private mode, sandbox): remembered until the page closes
const defaultStorage = () => local() ?? fallback;
const write = (storage, key, value) => safeWrite(storage, key, value);
const readable = (text) => {
  try {
    return normalize(JSON.parse(text)) != null;
  } catch {
    return false;
  }
};

/**
 * Reads the progress. Returns { data, notice } where notice is null, or
 * { kind: "backup", key } (the stored text was damaged; it was copied to `key` and a fresh start
 * made), { kind: "migrated", from } or { kind: "dropped", ids } (bad entries left out).
 * A whole copy left by an interrupted save is used (storage.js).
 */
export function load(storage = defaultStorage(), now = new Date()) {
  const stored = safeRead(storage, KEY, readable);
  const text = stored.ok ? stored.text : null;
  if (text == null) {
    for (const key of OLD_KEYS) {
      const old = safeRead(storage, key, () => false);
      if (!old.ok || old.text == null) continue;
      /** @type {ReturnType<typeof normalize>} */
      let result = null;
      try {
        result = normalize(JSON.parse(old.text));
      } catch {}
      if (result) {
        write(storage, KEY, JSON.stringify(result.data));
        return { data: result.data, notice: { kind: "migrated", from: key } };
      }
    }
    return { data: empty(), notice: null };
  }
  /** @type {ReturnType<typeof normalize>} */
  let result = null;
  try {
    result = normalize(JSON.parse(text));
  } catch {}
  if (!result) {
    const key = BACKUP_PREFIX + now.toISOString();
    // the damaged text is replaced only once its backup is kept
    const data = empty();
    if (write(storage, key, text).ok) write(storage, KEY, JSON.stringify(data));
    return { data, notice: { kind: "backup", key } };
  }
  if (result.dropped.length || result.migrated) write(storage, KEY, JSON.stringify(result.data));
  return { data: result.data, notice: result.dropped.length ? { kind: "dropped", ids: result.dropped } : null };
}

/** Saves data: storage.js's answer, { ok: true } or { ok: false, reason: "quota" | "blocked" | "unverified" }. */
export function save(data, storage = defaultStorage()) {
  return write(storage, KEY, JSON.stringify(data));
}

/** Records a finished lesson; returns { stars: the best now, previous: the best before (0: none), improved, data,
 *  saved: save's answer (a full storage is said to the child: lesson.js) }. */
export function record(id, stars, storage = defaultStorage(), now = new Date()) {
  const before = load(storage, now).data;
  const data = withResult(before, id, stars, now);
  const saved = save(data, storage);
  const best = data.lessons[id]?.stars ?? stars;
  const previous = before.lessons[id]?.stars ?? 0;
  return { stars: best, previous, improved: best > previous, data, saved };
}

/** Merges an imported file's text into the stored progress; returns { data, added, dropped, saved }. */
export function importInto(text, storage = defaultStorage()) {
  const { data: incoming, dropped } = parseImport(text);
  const current = load(storage).data;
  const data = merge(current, incoming);
  const saved = save(data, storage);
  const added = Object.keys(incoming.lessons).filter((id) => (current.lessons[id]?.stars ?? 0) < data.lessons[id].stars);
  return { data, added, dropped, saved };
}
