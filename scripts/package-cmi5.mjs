// The command line's cmi5 package (npm run package -- cmi5 …, scripts/package.mjs passes it on):
// the course or lesson it names read from disk, the built app (dist/, brought up to date) around
// it, and www/package/cmi5.js's build() zipped into dist/.
//   cmi5                   the built-in course (lessons/course.json), one AU per lesson
//   cmi5 --lesson ID       one lesson of the built-in course
//   cmi5 --lesson FILE     one lesson file (e.g. the studio's my-lesson.json)
//   cmi5 --course FILE     a teacher's course: the studio's .zip, or course.json with its lessons beside it
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { zipSync } from "fflate";
import { DIST, buildWeb } from "./build-web.mjs";
import { readCourse, readLesson } from "./course-file.mjs";
import { packagePrecache } from "./precache.mjs";
import cmi5 from "../www/package/cmi5.js";
import { replacedByCourse } from "../www/package/course.js";

/** The built-in course of DIST: { course, lessons } (every lesson file it names). */
export function builtInCourse(dist = DIST) {
  const course = JSON.parse(readFileSync(join(dist, "lessons", "course.json"), "utf8"));
  const lessons = {};
  for (const s of course.sections) for (const f of s.lessons) lessons[f] = JSON.parse(readFileSync(join(dist, "lessons", f), "utf8"));
  return { course, lessons, media: {} };
}

/** The built app's files for a package: { path: bytes } of FILES (scripts/package.mjs's
 *  packageFiles), the lessons left out (the package brings its own). */
export function appFiles(dist, files) {
  return Object.fromEntries(files.filter((f) => !replacedByCourse(f)).map((f) => [f, readFileSync(join(dist, f))]));
}

/** Writes the cmi5 zip and returns its path. { lesson: an id or a lesson file, course: a course
 *  file, pass (refused), packageFiles, UsageError } (the last two from scripts/package.mjs). */
export async function packageCmi5({ dist = DIST, lesson = null, course: courseFile = null, pass = null, packageFiles, UsageError }) {
  if (lesson != null && courseFile != null) throw new UsageError("--lesson and --course: give one");
  await buildWeb({ dist });
  let source;
  try {
    if (courseFile != null) source = readCourse(courseFile);
    else if (lesson != null && (/\.json$/i.test(lesson) || lesson.includes("/")) && existsSync(lesson)) source = readLesson(lesson);
    else {
      source = builtInCourse(dist);
      if (lesson != null) {
        const section = source.course.sections.find((s) => s.lessons.includes(`${lesson}.json`));
        if (!section) throw new UsageError(`--lesson ${lesson}: not a lesson of lessons/course.json, nor a lesson file`);
        source = { course: { ...source.course, title: source.lessons[`${lesson}.json`].title ?? source.course.title, sections: [{ ...section, lessons: [`${lesson}.json`] }] }, lessons: { [`${lesson}.json`]: source.lessons[`${lesson}.json`] }, media: {} };
      }
    }
    const { name, files } = cmi5.build({ ...source, appFiles: appFiles(dist, packageFiles(dist)), pass });
    const bytes = Object.fromEntries(Object.entries(files).map(([path, b]) => [path, typeof b === "string" ? new TextEncoder().encode(b) : b]));
    // the service worker precaches the package's files (its course), not dist/'s
    if (bytes["sw.js"]) bytes["sw.js"] = new TextEncoder().encode(packagePrecache(new TextDecoder().decode(bytes["sw.js"]), bytes));
    const entries = {};
    // already-compressed files are stored, the rest deflated
    for (const [path, b] of Object.entries(bytes)) entries[path] = [b, { level: /\.(png|jpe?g|webp|zip|webm|ogg|mp3|m4a)$/.test(path) ? 0 : 9 }];
    const out = join(dist, name);
    writeFileSync(out, zipSync(entries, { mtime: new Date("2024-01-01T00:00:00Z") }));
    return out;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    // a course that cannot be packaged (course-file.mjs, www/package/course.js): said as it is
    if (error instanceof TypeError || error instanceof ReferenceError) throw error;
    throw new UsageError(error.message);
  }
}
