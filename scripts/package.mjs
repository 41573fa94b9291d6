#!/usr/bin/env node
// Packages the built app for other places to run it.
//
//   npm run package -- scorm                 dist/chess-tutor-scorm12.zip: the course, one SCO
//   npm run package -- scorm --pass N        … passed once N of its lessons have a star (default: all)
//   npm run package -- scorm --lesson ID     dist/chess-tutor-scorm12-ID.zip: one lesson, passed
//                                            once it has a star
//   npm run package -- h5p                   dist/chess-tutor.h5p: the course as H5P.ChessTutor
//   npm run package -- h5p --lesson ID       dist/chess-tutor-ID.h5p: one lesson
//   npm run package -- cmi5                  dist/chess-tutor-cmi5-NAME.zip: the course, one AU per
//                                            lesson (cmi5.xml); --lesson: one lesson, one AU
//   … --lesson FILE                          a lesson file (path ending in .json) instead of an id
//   … --course FILE                          a teacher's course: a course.json with its lesson
//                                            files beside it, or the studio's course .zip
//
// The formats are www/school/package/ (the same code as the studio's package buttons): this file reads
// the built app (npm run build; brought up to date here) and the course, and writes the zip.
// The app's files are those the build lists in dist/app-files.json (scripts/precache.mjs).
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { DIST, buildWeb, courseFiles } from "./build-web.mjs";
import { appFiles } from "./precache.mjs";
import { PackageError, courseIds, oneLesson } from "../www/school/package/core.js";
import { unzipCourse } from "../www/school/package/course.js";
import { FORMATS, format, makePackage } from "../www/school/package/index.js";
import { ONE_STAR_SCORE, SCORM_ZIP, scormManifest } from "../www/school/package/scorm.js";

export { ONE_STAR_SCORE, SCORM_ZIP, scormManifest };

/** The files of the package: every file of dir that the app may fetch (scripts/precache.mjs). */
export const packageFiles = appFiles;

/** A bad command line or package: said as it is, with no stack trace (exit code 2). */
export const UsageError = PackageError;

/** Every file under DIR/SUB (relative to DIR, with "/"). */
function filesUnder(dir, sub) {
  if (!existsSync(join(dir, sub)) || !statSync(join(dir, sub)).isDirectory()) return [];
  return readdirSync(join(dir, sub), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(dir, `${sub}/${e.name}`) : e.isFile() ? [`${sub}/${e.name}`] : []));
}

/** A folder's lesson files named by COURSE, read from DIR, and beside them the teacher's
 *  recordings (audio/<lesson id>/…) and piece sets (pieces/), as bytes. */
function readCourseFolder(dir, course) {
  const lessons = {};
  for (const id of courseIds(course)) {
    const file = join(dir, `${id}.json`);
    if (!existsSync(file)) throw new PackageError(`${relative(process.cwd(), join(dir, "course.json"))} names ${id}.json, which is not beside it`);
    lessons[`${id}.json`] = readFileSync(file, "utf8");
    for (const f of filesUnder(dir, `audio/${id}`)) lessons[f] = new Uint8Array(readFileSync(join(dir, f)));
  }
  for (const f of filesUnder(dir, "pieces")) if (/\.json$/.test(f) && !/\.schema\.json$/.test(f)) lessons[f] = new Uint8Array(readFileSync(join(dir, f)));
  return lessons;
}

/** JSON of FILE (a path, for the error), or a PackageError naming it. */
function json(text, file) {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new PackageError(`${file}: not JSON (${error.message})`);
  }
}

/**
 * The course of --course FILE: { course, lessons, slug }. A course.json (its lesson files beside
 * it) or a .zip made by the studio's "Download the course" (course.json at its top, or in one folder).
 */
export function readCourse(file) {
  if (!existsSync(file)) throw new PackageError(`--course ${file}: no such file`);
  const slug = basename(file).replace(/\.(json|zip)$/i, "").replace(/[^a-z0-9-]+/gi, "-").toLowerCase().replace(/^-+|-+$/g, "") || "course";
  if (/\.zip$/i.test(file)) {
    let entries;
    try {
      const { texts, media } = unzipCourse(new Uint8Array(readFileSync(file)), `--course ${file}`);
      entries = { ...texts, ...media };
    } catch (error) {
      throw new PackageError(error.message);
    }
    const top = Object.keys(entries).filter((n) => n === "course.json" || n.endsWith("/course.json")).sort((a, b) => a.length - b.length)[0];
    if (!top) throw new PackageError(`--course ${file}: the zip holds no course.json`);
    const root = top.slice(0, -"course.json".length);
    const course = json(entries[top], `${file}: ${top}`);
    const lessons = {};
    for (const [name, data] of Object.entries(entries)) if (name.startsWith(root) && name !== top) lessons[name.slice(root.length)] = data;
    return { course, lessons, slug: slug === "lessons" ? "course" : slug };
  }
  const course = json(readFileSync(file, "utf8"), file);
  return { course, lessons: readCourseFolder(dirname(resolve(file)), course), slug: slug === "course" ? basename(dirname(resolve(file))) : slug };
}

/**
 * Builds dist/ when stale and writes the package of KIND ("scorm", "h5p", …: www/school/package/index.js);
 * returns its path. { lesson: an id of the course, or a lesson file's path (a package of that lesson
 * alone), course: a course file (course.json or the studio's .zip; default lessons/course.json),
 * pass: lessons with a star to pass (a course; default all) }.
 */
export async function packageKind(kind, { dist = DIST, lesson = null, course: courseFile = null, pass = null } = {}) {
  format(kind);
  await buildWeb({ dist });
  const files = {};
  for (const f of packageFiles(dist)) files[f] = readFileSync(join(dist, f));
  const version = json(readFileSync(join(dist, "..", "package.json"), "utf8"), "package.json").version;
  let input;
  if (courseFile) input = readCourse(courseFile);
  else {
    // the main course; a package of one lesson takes it from whichever course of courses.json holds it
    const read = (f) => json(readFileSync(join(dist, "lessons", f), "utf8"), `lessons/${f}`);
    const holder = lesson != null && !/\.json$/.test(lesson) ? courseFiles(dist).find((f) => courseIds(read(f)).includes(lesson)) : null;
    const course = read(holder ?? "course.json");
    const lessons = {};
    for (const id of courseIds(course)) lessons[`${id}.json`] = readFileSync(join(dist, "lessons", `${id}.json`), "utf8");
    input = { course, lessons, slug: null };
  }
  if (lesson != null) {
    if (/\.json$/.test(lesson)) {
      if (!existsSync(lesson) || !statSync(lesson).isFile()) throw new PackageError(`--lesson ${lesson}: no such file`);
      const text = readFileSync(lesson, "utf8");
      const id = json(text, lesson).id;
      if (typeof id !== "string" || !/^[a-z0-9][a-z0-9-]{0,79}$/.test(id)) throw new PackageError(`--lesson ${lesson}: its "id" is not a lesson id (small letters, digits, hyphens)`);
      input = { ...oneLesson({ course: null, lessons: { [`${id}.json`]: text } }, id), slug: id };
    } else input = { ...oneLesson(input, lesson), slug: null };
    if (pass != null && pass !== 1) throw new PackageError(`--pass ${pass}: a package of one lesson is passed once that lesson has a star (--pass 1 or none)`);
  }
  const { name, zip } = makePackage(kind, { ...input, title: input.title ?? null, appFiles: files, pass, version });
  const out = join(dist, name);
  writeFileSync(out, zip);
  return out;
}

/** The SCORM 1.2 zip (packageKind "scorm"). */
export const packageScorm = (options = {}) => packageKind("scorm", options);
/** The H5P content (packageKind "h5p"). */
export const packageH5p = (options = {}) => packageKind("h5p", options);

const OPTIONS = "--lesson ID|FILE, --course FILE, --pass N";

/** The options after the kind: --lesson ID|FILE, --course FILE, --pass N. */
export function parseOptions(args) {
  const out = {};
  for (let k = 0; k < args.length; k++) {
    const [name, inline] = args[k].split(/=(.*)/s);
    if (name !== "--lesson" && name !== "--pass" && name !== "--course") throw new UsageError(`${args[k]}: not an option (${OPTIONS})`);
    const value = inline ?? args[++k];
    if (!value) throw new UsageError(`${name} needs a value (${OPTIONS})`);
    if (name === "--lesson") out.lesson = value;
    else if (name === "--course") out.course = value;
    else if (!/^\d+$/.test(value)) throw new UsageError(`--pass ${value}: a whole number of lessons`);
    else out.pass = Number(value);
  }
  return out;
}

if (process.argv[1] && relative(process.argv[1], new URL(import.meta.url).pathname) === "") {
  const [kind, ...rest] = process.argv.slice(2);
  try {
    const options = parseOptions(rest);
    // a file named on the command line is where the user stood (npm run runs in the project's root)
    const here = process.env.INIT_CWD ?? process.cwd();
    if (options.course != null) options.course = resolve(here, options.course);
    if (options.lesson != null && /\.json$/.test(options.lesson)) options.lesson = resolve(here, options.lesson);
    const out = await packageKind(kind, options);
    console.log(`✓ ${relative(here, out)} (${Math.round(readFileSync(out).length / 1024)} KB)`);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\nUsage: npm run package -- ${FORMATS.map((f) => f.id).join("|")} [${OPTIONS}]`);
    process.exit(2);
  }
}
