// @ts-check
// A lesson carried in a link, with no server: `#/shared/<data>`, where data is the lesson's JSON
// text, deflated (fflate, MIT) and written in base64url. The fragment after `#` never reaches a
// server. Loaded by the studio (to make a link) and by the app for a `#/shared/…` address (to
// open one in the lesson player); the plain widget never loads it.
import { deflateSync, Inflate, strFromU8, strToU8 } from "fflate";

export const PREFIX = "#/shared/";
/** The largest lesson read from a link or a file, in bytes (as the Rust checker's guard). */
export const MAX_LESSON_BYTES = 1 << 20;
/** The deepest nesting of `{` and `[` a lesson may have (as the Rust checker's guard). */
export const MAX_DEPTH = 64;
/** The longest fragment data read: far beyond MAX_LINK, far below what could hurt. */
export const MAX_DATA = 1 << 16;

/**
 * The input guard of JSON a person gave (the twin of crate/src/guard.rs): skips a byte-order mark,
 * bounds the length and, in one pass with a counter (no recursion), the nesting of `{` and `[`
 * outside strings, before JSON.parse walks the text. Returns { text } (without the mark) or
 * { refused: "too-long", size, limit } / { refused: "too-deep", limit, line, col }.
 */
export function guardJson(input, { bytes = MAX_LESSON_BYTES, depth: limit = MAX_DEPTH } = {}) {
  const text = String(input).replace(/^\uFEFF/, "");
  // UTF-16 units: at most 3 UTF-8 bytes each, so this bounds the bytes closely enough
  if (text.length > bytes) return { refused: "too-long", size: text.length, limit: bytes };
  let depth = 0, inString = false, escaped = false, line = 1, lineStart = 0;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 10) {
      line++;
      lineStart = k + 1;
    }
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 92) escaped = true; // \
      else if (c === 34) inString = false; // "
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > limit) return { refused: "too-deep", limit, line, col: k - lineStart + 1 };
    } else if ((c === 125 || c === 93) && depth > 0) depth--;
  }
  return { text };
}

/** Inflate at most `limit` bytes (a deflate bomb stops there): the bytes, or null past the limit. */
export function inflateBounded(bytes, limit) {
  const chunks = [];
  let size = 0;
  let over = false;
  const inflater = new Inflate((chunk) => {
    size += chunk.length;
    if (size > limit) over = true;
    else chunks.push(chunk);
  });
  // small pieces: one piece inflates to at most about 1,000 times its size before the check
  // eslint-disable-next-line no-unmodified-loop-condition -- the inflater's callback above sets over
  for (let k = 0; k < bytes.length && !over; k += 1024) inflater.push(bytes.subarray(k, k + 1024), k + 1024 >= bytes.length);
  if (over) return null;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
/** The longest link the studio offers: longer ones are cut by some messengers and mail programs. */
export const MAX_LINK = 8000;

function toBase64url(bytes) {
  let bin = "";
  for (let k = 0; k < bytes.length; k += 0x8000) bin += String.fromCharCode(...bytes.subarray(k, k + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(bin.length);
  for (let k = 0; k < bin.length; k++) bytes[k] = bin.charCodeAt(k);
  return bytes;
}

/** The fragment's data for a lesson's JSON text (compact: the link stays short). */
export function encodeLesson(text) {
  let compact = text;
  try {
    compact = JSON.stringify(JSON.parse(text));
  } catch {
    /* not JSON: sent as written, the player's checker will say what is wrong */
  }
  return toBase64url(deflateSync(strToU8(compact), { level: 9 }));
}

/** A page address (the app's, without its fragment) with the lesson in its fragment. */
export function shareLink(pageUrl, text) {
  return `${String(pageUrl).split("#")[0]}${PREFIX}${encodeLesson(text)}`;
}

/**
 * The lesson's text from a fragment's data: { text } or, when the data cannot be read (cut
 * short, changed by hand, inflating past MAX_LESSON_BYTES, nested past MAX_DEPTH), { text: "",
 * damaged: true }. Never throws.
 * @param {unknown} data @returns {{ text: string, damaged?: boolean }}
 */
export function decodeLesson(data) {
  try {
    if (String(data).length > MAX_DATA * 3) return { text: "", damaged: true };
    const clean = decodeURIComponent(String(data)).trim();
    if (!/^[A-Za-z0-9_-]*$/.test(clean) || !clean || clean.length > MAX_DATA) return { text: "", damaged: true };
    // the lesson's size is bounded while it inflates, its nesting before anyone parses it
    const bytes = inflateBounded(fromBase64url(clean), MAX_LESSON_BYTES);
    const guarded = bytes && guardJson(strFromU8(bytes));
    if (!guarded || guarded.refused) return { text: "", damaged: true };
    return { text: /** @type {string} */ (guarded.text) }; // not refused: its text
  } catch {
    return { text: "", damaged: true };
  }
}

// ------------------------------------------------------------ a whole course in a link

/** A course carried in a link: `#/shared-course/<data>`, data as a lesson's (deflated JSON,
 *  base64url) of { title, sections: [{ id, title, lessons: [lesson, …] }] }, the lessons whole. */
export const COURSE_PREFIX = "#/shared-course/";
const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

/** A page address with the course (its title, sections and lessons) in its fragment. */
export function courseLink(pageUrl, course) {
  const data = {
    title: course.title ?? {},
    sections: (course.sections ?? []).map((s) => ({ id: s.id, title: s.title ?? {}, lessons: s.lessons ?? [] })),
  };
  return `${String(pageUrl).split("#")[0]}${COURSE_PREFIX}${encodeLesson(JSON.stringify(data))}`;
}

/**
 * The course from a fragment's data: { course: { title, sections: [{ id, title, lessons: [{ text,
 * title }] }] } } (each lesson as its JSON text, for the player and its checker), or { damaged:
 * true } when it cannot be read (as decodeLesson). Never throws.
 */
export function decodeCourse(data) {
  const { text, damaged } = decodeLesson(data);
  if (damaged) return { damaged: true };
  try {
    const value = JSON.parse(/** @type {string} */ (text));
    if (!value || typeof value !== "object" || !Array.isArray(value.sections)) return { damaged: true };
    const sections = value.sections.filter(isObject).map((s) => ({
      id: String(s.id ?? ""),
      title: isObject(s.title) ? s.title : {},
      lessons: (Array.isArray(s.lessons) ? s.lessons : []).map((l) => ({ text: JSON.stringify(l), title: isObject(l?.title) ? l.title : {} })),
    }));
    return { course: { title: isObject(value.title) ? value.title : {}, sections } };
  } catch {
    return { damaged: true };
  }
}
