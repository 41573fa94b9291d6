// A teacher's course or lesson from disk, for `npm run package -- KIND --course FILE` and
// `--lesson FILE` (scripts/package.mjs, scripts/package-cmi5.mjs):
//   readCourse(FILE)  FILE: the studio's course .zip ("Download the course": course.json, the
//                     lesson files, audio/<lesson>/…), a course.json with its lesson files beside
//                     it, or a folder holding course.json
//   readLesson(FILE)  one lesson file (a course of that lesson alone)
// Both give { course, lessons: { fileName: lesson }, media: { "audio/<id>/…": bytes }, dir }.
// A .zip is unpacked within the studio's limits and every JSON text goes through the studio's
// guard before it is parsed (www/package/course.js: unzipCourse, courseFromTexts; this file adds
// the disk). Errors name the file and what is wrong.
import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { MAX_LESSON_BYTES } from "../www/studio-share.js";
import { AUDIO_FILE, courseFromTexts, parseGuarded, unzipCourse } from "../www/package/course.js";

/** A bad course or lesson file, said as it is (the command line prints it without a stack). */
export class CourseFileError extends Error {}

// the pure parts' errors (www/package/course.js), as CourseFileErrors
const said = (fn) => {
  try {
    return fn();
  } catch (error) {
    throw error instanceof CourseFileError ? error : new CourseFileError(error.message);
  }
};
const parse = (text, where) => said(() => parseGuarded(text, where));
const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

/** The course in FILE (a .zip, a course.json, or a folder with course.json). */
export function readCourse(file) {
  const path = resolve(file);
  if (!existsSync(path)) throw new CourseFileError(`--course ${file}: there is no such file`);
  if (statSync(path).isDirectory()) return readCourse(join(path, "course.json"));
  if (/\.zip$/i.test(path)) {
    return said(() => {
      const { texts, media } = unzipCourse(readFileSync(path), `--course ${file}`);
      return courseFromTexts(texts, media, `--course ${file}`);
    });
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
  const lessons = said(() => courseFromTexts(texts, {}, `--course ${file}`));
  // the recordings the lessons name (audio/<id>/…, beside the course)
  for (const lesson of Object.values(lessons.lessons)) {
    for (const langs of Object.values(isObject(lesson?.audio) ? lesson.audio : {})) {
      for (const rel of Object.values(isObject(langs) ? langs : {})) {
        if (typeof rel !== "string" || !AUDIO_FILE.test(rel) || rel.includes("..")) continue;
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
