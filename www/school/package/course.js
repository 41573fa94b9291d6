// @ts-check
// A teacher's course as the studio downloads it, read in the page (the embed builder's "Your own
// lesson or course"): its .zip unpacked within limits (unzipCourse) and course.json with the lesson
// files it names (courseFromTexts), every text through the studio's JSON guard. Pure. The packages
// (core.js) take the { course, lessons } this gives.
import { strFromU8, unzipSync } from "fflate";
import { MAX_LESSON_BYTES, guardJson } from "../../studio/studio-share.js";

/** What a course's .zip may hold: the file itself, its entries, each lesson file, each recording,
 *  all unpacked. The one set of limits for the studio, the embed builder and the command line. */
export const COURSE_ZIP_LIMITS = { file: 32 << 20, entries: 1000, lesson: MAX_LESSON_BYTES, audio: 8 << 20, total: 32 << 20 };
/** A teacher's recording in a course's .zip: audio/<lesson id>/<file>. */
export const AUDIO_FILE = /(^|\/)audio\/[a-z0-9][a-z0-9-]*\/[^/]+\.(webm|ogg|mp3|m4a|wav)$/i;

const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

/** JSON TEXT through the studio's guard (size, nesting, byte-order mark), parsed; an Error naming
 *  WHERE when it is refused or not JSON. */
export function parseGuarded(text, where) {
  const g = guardJson(text);
  if (g.refused) throw new Error(`${where}: refused (${g.refused}${g.limit ? `, limit ${g.limit}` : ""})`);
  try {
    return JSON.parse(/** @type {string} */ (g.text));
  } catch (error) {
    throw new Error(`${where}: not JSON (${error.message})`, { cause: error });
  }
}

/**
 * A course's .zip (the studio's "Download the course": course.json, the lesson files, audio/…)
 * unpacked within COURSE_ZIP_LIMITS (no zip bomb: fflate inflates each entry into a buffer of the
 * size its header says): { texts: { path: text } (the .json files), media: { path: bytes } (the
 * recordings) }. An Error naming WHERE when it cannot be read or passes a limit (then with
 * `limit: true`, so that a page can say the course is too big).
 */
export function unzipCourse(bytes, where) {
  if (bytes.length > COURSE_ZIP_LIMITS.file) throw Object.assign(new Error(`${where}: larger than ${COURSE_ZIP_LIMITS.file} bytes`), { limit: true });
  let count = 0;
  let total = 0;
  /** @type {string | null} */
  let over = null;
  let entries;
  try {
    entries = unzipSync(bytes, {
      filter(f) {
        if (++count > COURSE_ZIP_LIMITS.entries) over ??= `more than ${COURSE_ZIP_LIMITS.entries} files`;
        const json = /\.json$/i.test(f.name);
        if (over || f.name.endsWith("/") || !(json || AUDIO_FILE.test(f.name))) return false;
        const limit = json ? COURSE_ZIP_LIMITS.lesson : COURSE_ZIP_LIMITS.audio;
        if (f.originalSize > limit) over ??= `${f.name} is larger than ${limit} bytes`;
        total += f.originalSize;
        if (total > COURSE_ZIP_LIMITS.total) over ??= `more than ${COURSE_ZIP_LIMITS.total} bytes unpacked`;
        return !over;
      },
    });
  } catch (error) {
    throw new Error(`${where}: not a .zip that can be read (${error.message})`, { cause: error });
  }
  if (over) throw Object.assign(new Error(`${where}: ${over}`), { limit: true });
  const texts = {};
  const media = {};
  for (const [name, data] of Object.entries(entries)) {
    if (/\.json$/i.test(name)) texts[name] = strFromU8(data);
    else media[name] = data;
  }
  return { texts, media };
}

/**
 * { course, lessons: { fileName: lesson }, media: { "audio/<id>/…": bytes } } from a course's
 * TEXTS ({ path: text }: course.json, the shortest path of that name, and the lesson files it
 * names beside it) and MEDIA. An Error naming WHERE and the file when one is missing or broken.
 */
export function courseFromTexts(texts, media, where) {
  const coursePath = Object.keys(texts)
    .filter((p) => /(^|\/)course\.json$/.test(p))
    .sort((a, b) => a.length - b.length)[0];
  if (!coursePath) throw new Error(`${where}: no course.json in it`);
  const course = parseGuarded(texts[coursePath], `${where}: ${coursePath}`);
  if (!isObject(course) || !Array.isArray(course.sections)) throw new Error(`${where}: ${coursePath} has no "sections" list`);
  const dir = coursePath.includes("/") ? coursePath.slice(0, coursePath.lastIndexOf("/") + 1) : "";
  const lessons = {};
  for (const [s, section] of course.sections.entries()) {
    for (const name of Array.isArray(section?.lessons) ? section.lessons : []) {
      const path = `${dir}${name}`;
      if (!(path in texts)) throw new Error(`${where}: course.json, section ${s + 1}, names ${name}, which is not there`);
      lessons[name] = parseGuarded(texts[path], `${where}: ${path}`);
    }
  }
  const out = {};
  for (const [path, bytes] of Object.entries(media ?? {})) out[path.slice(path.search(/audio\//))] = bytes;
  return { course, lessons, media: out };
}

