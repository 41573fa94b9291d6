// A course as the packages carry it (www/package/cmi5.js; scripts/package.mjs's SCORM package of a
// teacher's course; the embed builder's own lessons): read from the studio's .zip or texts
// (unzipCourse, courseFromTexts), its lessons in order, checked, and the lessons/ files the app reads
// (lessons/course.json naming lessons/ID.json, the recordings under lessons/audio/, the course
// index that scripts/build-web.mjs also writes for the built-in course). Pure.

import { strFromU8, unzipSync } from "fflate";
import { MAX_LESSON_BYTES, guardJson } from "../studio-share.js";

/** What a course's .zip may hold (as the studio's, www/studio.js ZIP_LIMITS): its entries, each
 *  lesson file, each recording, all unpacked. */
export const COURSE_ZIP_LIMITS = { entries: 1000, lesson: MAX_LESSON_BYTES, audio: 8 << 20, total: 32 << 20 };
/** A teacher's recording in a course's .zip: audio/<lesson id>/<file>. */
export const AUDIO_FILE = /(^|\/)audio\/[a-z0-9][a-z0-9-]*\/[^/]+\.(webm|ogg|mp3|m4a|wav)$/i;

/** A lesson id the app can open (#/lesson/ID, lessons/ID.json). */
export const LESSON_ID = /^[a-z0-9][a-z0-9-]{0,79}$/;
const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

/**
 * COURSE's lessons in order: [{ section, sectionIndex, file, id, lesson }], the lesson of each
 * file name from LESSONS ({ fileName: lesson }). Throws an Error naming the place (the section,
 * the file) when a lesson is missing, not an object, has an id the app cannot open, or shares its
 * id with another.
 */
export function courseLessons(course, lessons) {
  if (!isObject(course) || !Array.isArray(course.sections)) throw new Error('course.json: no "sections" list');
  const out = [];
  const seen = new Map();
  course.sections.forEach((section, s) => {
    const where = `course.json, section ${s + 1}${typeof section?.id === "string" ? ` (${section.id})` : ""}`;
    if (!isObject(section) || !Array.isArray(section.lessons)) throw new Error(`${where}: no "lessons" list`);
    section.lessons.forEach((file, k) => {
      if (typeof file !== "string") throw new Error(`${where}, lesson ${k + 1}: not a file name`);
      const lesson = lessons?.[file] ?? lessons?.[file.split("/").at(-1)];
      if (lesson === undefined) throw new Error(`${where}: ${file} is not there`);
      if (!isObject(lesson)) throw new Error(`${file}: not a lesson (a JSON object)`);
      const id = typeof lesson.id === "string" ? lesson.id : file.split("/").at(-1).replace(/\.json$/i, "");
      if (!LESSON_ID.test(id)) throw new Error(`${file}: the lesson id "${id}" is not one the app can open (small letters, digits and "-")`);
      if (seen.has(id)) throw new Error(`${file}: the lesson id "${id}" is also ${seen.get(id)}'s`);
      seen.set(id, file);
      out.push({ section, sectionIndex: s, file, id, lesson });
    });
  });
  return out;
}

/** The course's files of the package: { "lessons/course.json", "lessons/ID.json", "lessons/audio/…",
 *  "course-index.json" }
 *  (Uint8Array), from COURSE, its ENTRIES (courseLessons) and MEDIA ({ "audio/<id>/name": bytes }). */
export function lessonFiles(course, entries, media = {}) {
  const encode = (text) => new TextEncoder().encode(text);
  const files = {};
  const packed = {
    ...course,
    sections: course.sections.map((s, k) => ({ ...s, lessons: entries.filter((e) => e.sectionIndex === k).map((e) => `${e.id}.json`) })),
  };
  files["lessons/course.json"] = encode(`${JSON.stringify(packed, null, 2)}\n`);
  for (const e of entries) files[`lessons/${e.id}.json`] = encode(`${JSON.stringify({ ...e.lesson, id: e.id }, null, 2)}\n`);
  const byFile = new Map(entries.map((e) => [`${e.id}.json`, { ...e.lesson, id: e.id }]));
  files[COURSE_INDEX] = encode(`${JSON.stringify(courseIndex(packed, (f) => byFile.get(f) ?? null))}\n`);
  for (const [path, bytes] of Object.entries(media ?? {})) if (/^audio\/[a-z0-9][a-z0-9-]*\/[^/]+$/.test(path)) files[`lessons/${path}`] = bytes;
  return files;
}

export const COURSE_INDEX = "course-index.json";
export const COURSE_INDEX_VERSION = 1;

/**
 * The course index (www/course.js reads it: the course page makes two requests instead of one per
 * lesson): { version, course: "lessons/course.json", lessons: { "<file>": { title, goal } } } with
 * each lesson's title ({ru, en}) and goal type, null for a lesson LESSON_OF(file) cannot give
 * (the course lists it by its file name). scripts/build-web.mjs writes the built-in course's.
 */
export function courseIndex(course, lessonOf) {
  const lessons = {};
  for (const section of Array.isArray(course?.sections) ? course.sections : []) {
    for (const file of Array.isArray(section?.lessons) ? section.lessons : []) {
      if (typeof file !== "string" || !/^[a-z0-9][a-z0-9-]*\.json$/.test(file)) continue;
      const data = lessonOf(file);
      const title = isObject(data?.title) ? data.title : null;
      lessons[file] = { title, goal: typeof data?.goal?.type === "string" ? data.goal.type : null };
    }
  }
  return { version: COURSE_INDEX_VERSION, course: "lessons/course.json", lessons };
}

/** JSON TEXT through the studio's guard (size, nesting, byte-order mark), parsed; an Error naming
 *  WHERE when it is refused or not JSON. */
export function parseGuarded(text, where) {
  const g = guardJson(text);
  if (g.refused) throw new Error(`${where}: refused (${g.refused}${g.limit ? `, limit ${g.limit}` : ""})`);
  try {
    return JSON.parse(g.text);
  } catch (error) {
    throw new Error(`${where}: not JSON (${error.message})`);
  }
}

/**
 * A course's .zip (the studio's "Download the course": course.json, the lesson files, audio/…)
 * unpacked within COURSE_ZIP_LIMITS (no zip bomb: fflate inflates each entry into a buffer of the
 * size its header says): { texts: { path: text } (the .json files), media: { path: bytes } (the
 * recordings) }. An Error naming WHERE when it cannot be read or passes a limit.
 */
export function unzipCourse(bytes, where) {
  let count = 0;
  let total = 0;
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
    throw new Error(`${where}: not a .zip that can be read (${error.message})`);
  }
  if (over) throw new Error(`${where}: ${over}`);
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

/** Whether PATH of the built app is replaced by the course a package carries (its lessons/ and the
 *  built-in course's index). */
export const replacedByCourse = (path) => /^lessons\//.test(path) || path === "course-index.json";
