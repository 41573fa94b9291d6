// A teacher's course or lesson from disk, for `npm run package -- KIND --course FILE` and
// `--lesson FILE` (scripts/package.mjs, scripts/package-cmi5.mjs):
//   readCourse(FILE)  FILE: the studio's course .zip ("Download the course": course.json, the
//                     lesson files, audio/<lesson>/…), a course.json with its lesson files beside
//                     it, or a folder holding course.json
//   readLesson(FILE)  one lesson file (a course of that lesson alone)
// Both give { course, lessons: { fileName: lesson }, media: { "audio/<id>/…": bytes }, dir }.
// A .zip is unpacked within the studio's limits (www/studio.js ZIP_LIMITS: 1000 entries, each
// lesson at most MAX_LESSON_BYTES, 32 MiB in all) and every JSON text goes through the studio's
// guard (www/studio-share.js) before it is parsed. Errors name the file and what is wrong.
import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { MAX_LESSON_BYTES, guardJson } from "../www/studio-share.js";

const LIMITS = { entries: 1000, total: 32 << 20, audio: 8 << 20 };
const AUDIO = /(^|\/)audio\/[a-z0-9][a-z0-9-]*\/[^/]+\.(webm|ogg|mp3|m4a|wav)$/i;

/** A bad course or lesson file, said as it is (the command line prints it without a stack). */
export class CourseFileError extends Error {}

function parse(text, where) {
  const g = guardJson(text);
  if (g.refused) throw new CourseFileError(`${where}: refused (${g.refused}${g.limit ? `, limit ${g.limit}` : ""})`);
  try {
    return JSON.parse(g.text);
  } catch (error) {
    throw new CourseFileError(`${where}: not JSON (${error.message})`);
  }
}

const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

/** { course, lessons, media } from a course's texts ({ path: text }) and recordings. */
function fromTexts(texts, media, where) {
  const coursePath = Object.keys(texts)
    .filter((p) => /(^|\/)course\.json$/.test(p))
    .sort((a, b) => a.length - b.length)[0];
  if (!coursePath) throw new CourseFileError(`${where}: no course.json in it`);
  const course = parse(texts[coursePath], `${where}: ${coursePath}`);
  if (!isObject(course) || !Array.isArray(course.sections)) throw new CourseFileError(`${where}: ${coursePath} has no "sections" list`);
  const dir = coursePath.includes("/") ? coursePath.slice(0, coursePath.lastIndexOf("/") + 1) : "";
  const lessons = {};
  for (const [s, section] of course.sections.entries()) {
    for (const name of Array.isArray(section?.lessons) ? section.lessons : []) {
      const path = `${dir}${name}`;
      if (!(path in texts)) throw new CourseFileError(`${where}: course.json, section ${s + 1}, names ${name}, which is not there`);
      lessons[name] = parse(texts[path], `${where}: ${path}`);
    }
  }
  const out = {};
  for (const [path, bytes] of Object.entries(media)) out[path.slice(path.search(/audio\//))] = bytes;
  return { course, lessons, media: out };
}

/** The course in FILE (a .zip, a course.json, or a folder with course.json). */
export function readCourse(file) {
  const path = resolve(file);
  if (!existsSync(path)) throw new CourseFileError(`--course ${file}: there is no such file`);
  if (statSync(path).isDirectory()) return readCourse(join(path, "course.json"));
  if (/\.zip$/i.test(path)) {
    const bytes = readFileSync(path);
    let count = 0;
    let total = 0;
    let over = null;
    let entries;
    try {
      entries = unzipSync(bytes, {
        filter(f) {
          if (++count > LIMITS.entries) over ??= `more than ${LIMITS.entries} files`;
          const json = /\.json$/i.test(f.name);
          if (over || f.name.endsWith("/") || !(json || AUDIO.test(f.name))) return false;
          if (f.originalSize > (json ? MAX_LESSON_BYTES : LIMITS.audio)) over ??= `${f.name} is larger than ${json ? MAX_LESSON_BYTES : LIMITS.audio} bytes`;
          total += f.originalSize;
          if (total > LIMITS.total) over ??= `more than ${LIMITS.total} bytes unpacked`;
          return !over;
        },
      });
    } catch (error) {
      throw new CourseFileError(`--course ${file}: not a .zip that can be read (${error.message})`);
    }
    if (over) throw new CourseFileError(`--course ${file}: ${over}`);
    const texts = {};
    const media = {};
    for (const [name, data] of Object.entries(entries)) {
      if (/\.json$/i.test(name)) texts[name] = strFromU8(data);
      else media[name] = data;
    }
    return fromTexts(texts, media, `--course ${file}`);
  }
  // course.json and the lesson files (and audio/) beside it
  const dir = dirname(path);
  const course = parse(readFileSync(path, "utf8"), `--course ${file}`);
  if (!isObject(course) || !Array.isArray(course.sections)) throw new CourseFileError(`--course ${file}: no "sections" list (is it a course.json?)`);
  const texts = { "course.json": JSON.stringify(course) };
  const media = {};
  for (const section of course.sections) {
    for (const name of Array.isArray(section?.lessons) ? section.lessons : []) {
      const p = join(dir, String(name));
      if (!existsSync(p)) throw new CourseFileError(`--course ${file}: it names ${name}, which is not beside it (${p})`);
      if (statSync(p).size > MAX_LESSON_BYTES) throw new CourseFileError(`${p}: larger than ${MAX_LESSON_BYTES} bytes`);
      texts[name] = readFileSync(p, "utf8");
    }
  }
  const lessons = fromTexts(texts, {}, `--course ${file}`);
  // the recordings the lessons name (audio/<id>/…, beside the course)
  for (const lesson of Object.values(lessons.lessons)) {
    for (const langs of Object.values(isObject(lesson?.audio) ? lesson.audio : {})) {
      for (const rel of Object.values(isObject(langs) ? langs : {})) {
        if (typeof rel !== "string" || !AUDIO.test(rel) || rel.includes("..")) continue;
        const p = join(dir, rel);
        if (existsSync(p)) media[rel] = readFileSync(p);
      }
    }
  }
  return { ...lessons, media: { ...lessons.media, ...media } };
}

/** A course of the one lesson in FILE (its title the course's, one section). */
export function readLesson(file) {
  const path = resolve(file);
  if (!existsSync(path)) throw new CourseFileError(`--lesson ${file}: there is no such file`);
  const lesson = parse(readFileSync(path, "utf8"), `--lesson ${file}`);
  if (!isObject(lesson)) throw new CourseFileError(`--lesson ${file}: not a lesson (a JSON object)`);
  const name = basename(path);
  const course = { title: lesson.title ?? name, sections: [{ id: "lesson", title: lesson.title ?? name, lessons: [name] }] };
  return { course, lessons: { [name]: lesson }, media: {} };
}
