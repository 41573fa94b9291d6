// @ts-check
// The packaging core, the same in Node (scripts/package.mjs) and in the browser (the studio's
// package buttons): pure functions from a course, its lessons and the built app's files to the
// entries of a zip. No file system, no network, no DOM: the caller reads the files and zips.
//
// Every format (scorm.js, h5p.js, and any added to the list in index.js) follows one contract:
//   export default { id, label: { en, ru }, build({ title, course, lessons, appFiles, pass }) -> { name, files } }
// - title: the package's title, text or { en, ru } (none: the course's title)
// - course: the course object (course.json: { title, sections: [{ id, title, lessons: ["a.json", …] }] })
// - lessons: { "a.json": lessonObject | text, … } the lesson files the course names, and beside
//   them any other file of the course's folder (audio/…, pieces/…) as Uint8Array
// - appFiles: { path: Uint8Array } the built app (dist/), as packageFiles lists it
// - pass: lessons with at least one star to pass (a course; null: every lesson)
// - and optionally: slug (a word for the zip's name, e.g. "course"; none: the lesson's id for one
//   lesson, else the plain name), version (the app's, package.json's), lang ("en" | "ru", the
//   language the platform is told, where a format has one)
// - name: the zip's file name; files: { path: Uint8Array | string | [Uint8Array, { level }] }
//   for fflate's zipSync (index.js makePackage turns text into bytes and zips).
import { courseIds } from "./ids.js";

export { courseIds };

/** A bad course or option, said plainly (the command line prints it; the studio shows it). */
export class PackageError extends Error {}

export const xml = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export const bytes = (text) => new TextEncoder().encode(text);
export const text = (data) => (typeof data === "string" ? data : new TextDecoder().decode(data));

/** Both languages of a title ({ en, ru } or text), English first ("Chess / Шахматы"); else FALLBACK. */
export function titleText(title, fallback) {
  if (typeof title === "string" && title) return title;
  const names = Object.entries(title ?? {}).sort(([a], [b]) => Number(b === "en") - Number(a === "en")).map(([, t]) => t).filter((t) => typeof t === "string" && t);
  return names.length ? names.join(" / ") : fallback;
}

/** A lesson file's value (object, text or bytes) as its object; PackageError naming FILE when it is not JSON. */
export function lessonObject(value, file) {
  if (value && typeof value === "object" && !(value instanceof Uint8Array)) return value;
  try {
    const data = JSON.parse(text(value));
    if (data && typeof data === "object" && !Array.isArray(data)) return data;
  } catch (error) {
    throw new PackageError(`${file}: not a lesson (${error.message})`);
  }
  throw new PackageError(`${file}: not a lesson (a JSON object)`);
}

/** A lesson file's value as its text (objects written as the studio writes them). */
export const lessonText = (value) => (typeof value === "string" ? value : value instanceof Uint8Array ? text(value) : `${JSON.stringify(value, null, 2)}\n`);

/**
 * The course's lessons in order: [{ id, file, data }], each file found in `lessons`; a
 * PackageError names a course with no lessons or a lesson file it names but does not hold.
 */
export function courseLessons(course, lessons) {
  const ids = courseIds(course);
  if (!ids.length) throw new PackageError("course.json: no lessons (sections[].lessons lists none)");
  return ids.map((id) => {
    const file = `${id}.json`;
    const key = Object.keys(lessons).find((k) => k === file || k.endsWith(`/${file}`));
    if (key == null) throw new PackageError(`course.json names ${file}, which the course does not hold`);
    return { id, file, data: lessonObject(lessons[key], file) };
  });
}

/** The pass mark of a course of COUNT lessons: PASS (1..COUNT) or every lesson; PackageError when out of range. */
export function checkPass(pass, count) {
  if (pass == null) return count;
  if (!Number.isInteger(pass) || pass < 1 || pass > count) throw new PackageError(`--pass ${pass}: the course holds ${count} lessons; give a whole number from 1 to ${count}`);
  return pass;
}

/**
 * A course of one lesson: { course, lessons } with that lesson alone, in its section of COURSE
 * (a section of its own when COURSE is null). PackageError when COURSE has no lesson ID.
 * @param {{ course?: any, lessons: Record<string, any> }} pkg @param {string} id
 */
export function oneLesson({ course = null, lessons }, id) {
  const file = `${id}.json`;
  if (course) {
    const ids = courseIds(course);
    if (!ids.includes(id)) throw new PackageError(`--lesson ${id}: the course has no lesson "${id}" (its ${ids.length} lessons: ${ids.slice(0, 6).join(", ")}${ids.length > 6 ? ", …" : ""})`);
  }
  const key = Object.keys(lessons).find((k) => k === file || k.endsWith(`/${file}`));
  if (key == null) throw new PackageError(`--lesson ${id}: no lesson file ${file}`);
  const data = lessonObject(lessons[key], file);
  const section = course?.sections.find((s) => courseIds({ sections: [s] }).includes(id)) ?? { id: "lesson", title: data.title };
  return {
    title: data.title ?? id,
    course: { ...(course ?? {}), title: data.title ?? course?.title, sections: [{ ...section, lessons: [file] }] },
    lessons: { [file]: lessons[key] },
  };
}

/** Files the service worker never precaches (scripts/precache.mjs): the worker itself, the
 *  server's settings, dot files, source maps, notes (.md), the lesson schemas; and in a package
 *  its manifests, which the platform reads, not the app. */
export const PRECACHE_SKIP = /(^|\/)\.|^api\/|^data\/|^sw\.js$|^serve\.json$|\.map$|\.md$|\.schema\.json$|\.(br|gz)$/;
const MANIFESTS = /^(imsmanifest\.xml|cmi5\.xml)$/;

/** 16 hex digits of two FNV-1a hashes of the parts (strings or bytes). */
function hash16(parts) {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  const add = (byte) => {
    a = Math.imul(a ^ byte, 0x01000193) >>> 0;
    b = Math.imul(b ^ byte, 0x5bd1e995) >>> 0;
  };
  for (const part of parts) for (const byte of typeof part === "string" ? bytes(part) : part) add(byte);
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

/**
 * A package's files with the service worker's precache list (sw.js, written by the build for the
 * app's own files) made the package's: every file the package holds that the worker may fetch, and
 * a version from the app's and the package's own files (its course, its settings), so that the
 * worker installs (one missing file and it would not) and a changed course is a new version.
 * FILES: { path: text | bytes | [bytes, options] }, changed in place and returned.
 */
export function withPrecache(files) {
  const at = files["sw.js"];
  if (!at) return files;
  const code = text(Array.isArray(at) ? at[0] : at);
  const found = /\{"version":"([^"]*)","files":\[[^\]]*\]\}/.exec(code);
  if (!found) throw new PackageError("sw.js: no precache list in it (npm run build)");
  const list = Object.keys(files).filter((f) => !PRECACHE_SKIP.test(f) && !MANIFESTS.test(f)).sort();
  const own = list.filter((f) => f.startsWith("lessons/") || (!f.includes("/") && /\.json$/.test(f)));
  const version = hash16([found[1], "\0", ...list.flatMap((f) => [f, "\0"]), ...own.flatMap((f) => [f, "\0", Array.isArray(files[f]) ? files[f][0] : files[f], "\0"])]);
  const precache = JSON.stringify({ version, files: list });
  files["sw.js"] = code.slice(0, found.index) + precache + code.slice(found.index + found[0].length);
  return files;
}

export const COURSE_INDEX = "course-index.json";
export const COURSE_INDEX_VERSION = 1;

/**
 * The course index (www/widget/course.js reads it: the course page makes two requests instead of one per
 * lesson): { version, course: "lessons/course.json", lessons: { "<file>": { title, goal } } } with
 * each lesson's title ({ru, en}), goal type and `skill` (when it names one), null for a lesson LESSON_OF(file) cannot give (the
 * course lists it by its file name). scripts/build-web.mjs writes the app's, appWithCourse
 * (scorm.js) a package's.
 */
export function courseIndex(course, lessonOf) {
  const lessons = {};
  for (const section of Array.isArray(course?.sections) ? course.sections : []) {
    for (const file of Array.isArray(section?.lessons) ? section.lessons : []) {
      if (typeof file !== "string" || !/^[a-z0-9][a-z0-9-]*\.json$/.test(file)) continue;
      const data = lessonOf(file);
      const title = data?.title && typeof data.title === "object" && !Array.isArray(data.title) ? data.title : null;
      lessons[file] = { title, goal: typeof data?.goal?.type === "string" ? data.goal.type : null };
      // the skill it teaches, when it names one: the done card offers its practice without
      // asking for the lesson's file again
      if (typeof data?.skill === "string") lessons[file].skill = data.skill;
    }
  }
  return { version: COURSE_INDEX_VERSION, course: "lessons/course.json", lessons };
}

/** Whether an app file is compressed already (stored, not deflated). */
export const packed = (path) => /\.(png|jpe?g|webp|gif|zip|woff2?)$/i.test(path);

/** An app file as a zip entry: deflated at the best level, or stored when compressed already. */
export const entry = (path, data) => [data, { level: packed(path) ? 0 : 9 }];

/** The course as the files of a course folder: course.json and every lesson file (text), and the
 *  other files (audio/…, pieces/…) as they are. */
export function courseFolder(course, lessons) {
  const out = { "course.json": `${JSON.stringify(course, null, 2)}\n` };
  for (const [name, value] of Object.entries(lessons)) out[name] = value instanceof Uint8Array ? value : lessonText(value);
  return out;
}

/** The app's files with the package's course in lessons/: the app's own lesson files and
 *  courses go (its piece sets, lessons/pieces/, and lessons/skills.json stay; courses.json names the package's course alone), and its course index is made again for the package's
 *  course unless every lesson of the package is the app's own, unchanged (the app's index would
 *  name other lessons' titles; without one the course page asks for course-index.json in vain). */
export function appWithCourse(appFiles, course, lessons) {
  const folder = courseFolder(course, lessons);
  const same = Object.entries(folder).every(([name, value]) => name === "course.json" || (appFiles[`lessons/${name}`] && text(appFiles[`lessons/${name}`]) === text(value)));
  const files = {};
  for (const [path, data] of Object.entries(appFiles)) {
    // (the skills stay: a lesson's done card offers the practice of its skill, in a package too)
    if ((/^lessons\/[^/]+$/.test(path) && path !== "lessons/skills.json") || (path === "course-index.json" && !same)) continue;
    files[path] = entry(path, data);
  }
  for (const [name, value] of Object.entries(folder)) files[`lessons/${name}`] = typeof value === "string" ? value : entry(name, value);
  // the package's one course (the app's courses.json lists its other courses, which stay out)
  files["lessons/courses.json"] = `${JSON.stringify({ courses: [{ file: "course.json" }] }, null, 2)}\n`;
  // index.html asks ahead for the app's course files (scripts/page-preloads.mjs): not for those gone
  if (appFiles["index.html"]) {
    // nor for the app's data by hashed names (data/, scripts/data-files.mjs: not in a package), whose table goes too
    const html = text(appFiles["index.html"])
      .replace(/[ \t]*<link rel="preload" href="(lessons\/[^"]+\.json)"[^>]*>\n?/g, (link, href) => (files[href] ? link : ""))
      .replace(/[ \t]*<link rel="preload" href="data\/[^"]*"[^>]*>\n?/g, "")
      .replace(/[ \t]*<script type="application\/json" id="data-files">[^<]*<\/script>\n?/, "");
    files["index.html"] = html;
  }
  if (!same) {
    const lessonOf = (file) => {
      try {
        return lessonObject(lessons[file] ?? lessons[/** @type {string} */ (Object.keys(lessons).find((k) => k.endsWith(`/${file}`)))], file);
      } catch {
        return null;
      }
    };
    files[COURSE_INDEX] = `${JSON.stringify(courseIndex(course, lessonOf))}\n`;
  }
  return files;
}
