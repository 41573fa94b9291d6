// @ts-check
// The studio's model: a lesson as data (its fields in the format's order, its file text, values at
// JSON pointers, its position as FEN and as a text board), a course's file name, a recording's
// file name, and the draft kept in localStorage. No page, no board: the lowest of the room.
import { FALLBACK, LANGS } from "../i18n/i18n.js";
import { local, read as readStored, write as writeStored } from "../widget/storage.js";

/** The draft in localStorage: { version, text, course, dirty, savedAt }. */
export const DRAFT_KEY = "chess-tutor:studio:draft:v1";

const DRAFT_VERSION = 1;
export const EMPTY = ["........", "........", "........", "........", "........", "........", "........", "........", "w - - 0 1"];
const ORDER = ["$schema", "id", "title", "intro", "pieces", "position", "rules", "student", "goal", "opponent", "hints", "feedback", "shapes", "par", "learned"];
export const clone = (x) => JSON.parse(JSON.stringify(x));
export const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
export const newText = () => Object.fromEntries(LANGS.map((l) => [l, ""]));
/** Words of a text: the runs of letters or digits (as the checker counts them). */
export const wordCount = (text) => (String(text ?? "").match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;

/** A lesson with its fields in the order of the format (unknown ones kept, last: the checker names them). */
function tidy(lesson) {
  const out = {};
  for (const k of ORDER) if (k in lesson) out[k] = lesson[k];
  for (const k of Object.keys(lesson)) if (!(k in out)) out[k] = lesson[k];
  return out;
}

/** A course's file name (no extension): its title in the studio's language (else any), its
 *  letters and digits joined by "-" ("Мой первый курс" → "мой-первый-курс"), else "course". */
export function courseFileName(course, lang = FALLBACK) {
  const title = course?.title ?? {};
  const text = [title[lang], title[FALLBACK], ...Object.values(title)].find((x) => String(x ?? "").trim()) ?? "";
  const name = (String(text).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join("-").slice(0, 60).replace(/-+$/, "");
  return name || "course";
}

/** The one file a teacher hands out for a course too long for a link: a page that goes to the
 *  app's address carrying the course (no script: a refresh, and the link itself to click). */
export function courseHtml(link, title) {
  const esc = (x) => String(x).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${esc(title)}</title>\n<meta http-equiv="refresh" content="0; url=${esc(link)}">\n</head><body><p><a href="${esc(link)}">${esc(title)}</a></p></body></html>\n`;
}

/** The file as it is saved. */
/** A lesson's file name: its id, when it is a good one, else "lesson". */
export function lessonFileName(lesson) {
  const id = String(lesson?.id ?? "");
  return `${/^[a-z0-9][a-z0-9-]*$/.test(id) ? id : "lesson"}.json`;
}

export const fileText = (lesson) => `${JSON.stringify(tidy(lesson), null, 2)}\n`;

export function newLesson() {
  return { $schema: "lesson.schema.json", id: "my-lesson", title: newText(), intro: newText(), position: [...EMPTY], goal: { type: "stars", squares: [] } };
}

/** The value at a JSON pointer (RFC 6901), or undefined. */
export function getAt(root, pointer) {
  if (!pointer) return root;
  let v = root;
  for (const raw of pointer.split("/").slice(1)) {
    const k = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (v == null || typeof v !== "object") return undefined;
    v = v[k];
  }
  return v;
}

/** Sets the value at a pointer, making the objects on the way; undefined deletes it. */
export function setAt(root, pointer, value) {
  const keys = pointer.split("/").slice(1);
  let v = root;
  for (const k of keys.slice(0, -1)) {
    if (!isObject(v[k]) && !Array.isArray(v[k])) v[k] = {};
    v = v[k];
  }
  const last = keys.at(-1);
  if (value === undefined) {
    if (Array.isArray(v)) v.splice(Number(last), 1);
    else delete v[last];
  } else v[last] = value;
}

/** A position as a FEN (a text board's rows and its ninth string). */
export function fenOf(position) {
  if (typeof position === "string") return position.trim();
  if (!Array.isArray(position)) return "";
  const rows = position.slice(0, 8).map((r) => String(r).replace(/\.+/g, (d) => String(d.length)));
  return `${rows.join("/")} ${position[8] ?? "w - - 0 1"}`;
}

/** A FEN as a text board of 8 rows and the other fields. */
export function boardOf(fen) {
  const [placement, ...rest] = fen.trim().split(/\s+/);
  const rows = placement.split("/").map((r) => r.replace(/[1-8]/g, (n) => ".".repeat(Number(n))));
  return [...rows, rest.join(" ") || "w - - 0 1"];
}

/** square → FEN letter, from a position's placement. */
export function piecesOf(position) {
  const fen = fenOf(position);
  const rows = fen.split(" ")[0].split("/");
  const map = new Map();
  rows.forEach((row, r) => {
    let j = 0;
    for (const c of row) {
      if (c >= "1" && c <= "8") j += Number(c);
      else {
        if (j < 8 && r < 8) map.set(`${"abcdefgh"[j]}${8 - r}`, c);
        j++;
      }
    }
  });
  return map;
}

/** A king-and-pawn position (kings and pawns only, the pieces of chess): the endgame solver's. */
export function isPawnEnding(lesson) {
  if (lesson?.pieces != null) return false;
  const pieces = [...piecesOf(lesson?.position ?? "").values()];
  return pieces.length > 2 && pieces.every((p) => "kKpP".includes(p)) && pieces.filter((p) => "kK".includes(p)).length === 2;
}

/** line and col (from 1) → the offset in text. */
export function offsetOf(text, line, col) {
  let at = 0;
  for (let k = 1; k < line; k++) {
    const next = text.indexOf("\n", at);
    if (next < 0) return text.length;
    at = next + 1;
  }
  return Math.min(text.length, at + Math.max(0, col - 1));
}

/** The package formats offered for one lesson (the course offers them all). */
export const LESSON_PACKAGES = ["h5p"];

/** The draft kept in localStorage (storage.js: a side copy, read back, then replaced); never throws. */
const draftValue = (text) => {
  try {
    const value = JSON.parse(text ?? "null");
    return isObject(value) && value.version === DRAFT_VERSION && typeof value.text === "string" ? value : null;
  } catch {
    return null;
  }
};

export const draft = {
  read(storage = local()) {
    const stored = readStored(storage, DRAFT_KEY, (text) => draftValue(text) != null);
    return stored.ok ? draftValue(stored.text) : null;
  },
  /** → null when kept, else the reason ("quota", "blocked", "unverified"). */
  write(value, storage = local()) {
    const done = writeStored(storage, DRAFT_KEY, JSON.stringify({ version: DRAFT_VERSION, savedAt: new Date().toISOString(), ...value }));
    return done.ok ? null : done.reason;
  },
};

/** A recording's file in the lesson's `audio` (README.md "For children"; lessons/README.md): beside
 *  the lesson, audio/<lesson id>/<the text's pointer>.<language>.<ext> */
export const audioFile = (id, pointer, lang, ext = "webm") => `audio/${/^[a-z0-9][a-z0-9-]*$/.test(String(id)) ? id : "lesson"}/${String(pointer).slice(1).replace(/[^a-z0-9]+/gi, "-") || "text"}.${lang}.${ext}`;

/** A recording in a course's .zip, as audioFile names it (each within COURSE_ZIP_LIMITS.audio). */
export const AUDIO_ENTRY = /^(?:.*\/)?audio\/[a-z0-9-]+\/[a-z0-9_-]+\.[a-z]{2}\.(?:webm|ogg|mp3|m4a|wav)$/i;
