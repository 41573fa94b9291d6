// @ts-check
// The one safe way to keep text in localStorage (progress, settings, studio drafts, queued xAPI
// statements). Nothing here throws: every answer is a value.
//
// A write never loses what was there before: the new text goes first to a side key (KEY + SIDE),
// is read back and compared, and only then replaces KEY (read back again), after which the side
// copy is removed. A crash or a full storage in the middle leaves either the old text under KEY
// or a whole new copy under the side key; read() finds that copy and finishes the replace.
// A full storage ("quota") is an answer of its own, so that the page can say it to the child or
// teacher (never swallowed).
//
//   write(storage, key, text) -> { ok: true } | { ok: false, reason, name }
//   read(storage, key, valid?) -> { ok: true, text (string or null), recovered } | { ok: false, reason, name }
//   remove(storage, key)      -> { ok: true } | { ok: false, reason, name }
// reason: "quota" (no room left), "blocked" (no storage, or it refuses: private mode, sandbox),
// "unverified" (what was read back is not what was written).

export const SIDE = ":saving";

/** localStorage, or a stand-in with its three methods (the tests', a page's memory).
 * @typedef {Pick<Storage, "getItem" | "setItem" | "removeItem">} Store */
/** Why a text could not be kept or read.
 * @typedef {{ ok: false, reason: "quota" | "blocked" | "unverified", name: string }} Failure */
/** @typedef {{ ok: true } | Failure} Done */
/** @typedef {{ ok: true, text: string | null, recovered: boolean } | Failure} Read */

/** The page's localStorage, or null when there is none or it may not be used. */
export function local() {
  try {
    const s = globalThis.localStorage;
    if (!s) return null;
    s.getItem(SIDE); // a sandboxed frame throws here
    return s;
  } catch {
    return null;
  }
}

/** True for a "storage is full" error (Chromium and WebKit name it; old Firefox gives a code). */
export function isQuota(error) {
  return error?.name === "QuotaExceededError" || error?.name === "NS_ERROR_DOM_QUOTA_REACHED" || error?.code === 22 || error?.code === 1014;
}

/** @returns {Failure} */
const failure = (error) => ({ ok: false, reason: isQuota(error) ? "quota" : "blocked", name: error?.name || "Error" });
/** @type {Failure} */
const BLOCKED = Object.freeze({ ok: false, reason: "blocked", name: "NoStorage" });
/** @type {Done} */
const OK = Object.freeze({ ok: true });

function get(storage, key) {
  try {
    return { text: storage.getItem(key) };
  } catch (error) {
    return { error };
  }
}

function drop(storage, key) {
  try {
    storage.removeItem(key);
    return null;
  } catch (error) {
    return error;
  }
}

/** Parses as JSON: the default test of a whole (not torn) text. */
export function isJson(text) {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Writes TEXT under KEY: side copy, read back, replace, read back, side copy removed.
 * @param {Store | null} storage @param {string} key @param {string} text @returns {Done} */
export function write(storage, key, text) {
  if (!storage) return BLOCKED;
  const value = String(text);
  const side = key + SIDE;
  try {
    storage.setItem(side, value);
  } catch (error) {
    drop(storage, side); // a half-written side copy is no use; KEY still holds the old text
    return failure(error);
  }
  if (get(storage, side).text !== value) {
    drop(storage, side);
    return { ok: false, reason: "unverified", name: "Mismatch" };
  }
  try {
    storage.setItem(key, value);
  } catch (error) {
    drop(storage, side); // KEY keeps the old text; the room the side copy took is given back
    return failure(error);
  }
  // KEY read back wrong: the side copy stays, and read() puts it back
  if (get(storage, key).text !== value) return { ok: false, reason: "unverified", name: "Mismatch" };
  drop(storage, side);
  return OK;
}

/**
 * Reads KEY. A whole side copy (VALID(text) true) is the newest text a write left unfinished: it
 * is returned (recovered: true) and put under KEY. A torn side copy is removed.
 * @param {Store | null} storage @param {string} key @param {(text: string) => unknown} [valid] @returns {Read}
 */
export function read(storage, key, valid = isJson) {
  if (!storage) return BLOCKED;
  const side = key + SIDE;
  const main = get(storage, key);
  if (main.error) return failure(main.error);
  const copy = get(storage, side);
  if (copy.text != null) {
    let whole = false;
    try {
      whole = Boolean(valid(copy.text));
    } catch {}
    if (whole) {
      if (main.text !== copy.text) {
        try {
          storage.setItem(key, copy.text);
          if (get(storage, key).text === copy.text) drop(storage, side);
        } catch {}
      } else drop(storage, side);
      return { ok: true, text: copy.text, recovered: main.text !== copy.text };
    }
    drop(storage, side);
  }
  return { ok: true, text: main.text, recovered: false };
}

/** Removes KEY and any side copy of it. @param {Store | null} storage @param {string} key @returns {Done} */
export function remove(storage, key) {
  if (!storage) return BLOCKED;
  const error = drop(storage, key + SIDE) ?? drop(storage, key);
  return error ? failure(error) : OK;
}
