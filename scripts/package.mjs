#!/usr/bin/env node
// Packages the built app for other places to run it.
//
//   npm run package -- scorm                 dist/chess-tutor-scorm12.zip: the course, one SCO
//   npm run package -- scorm --pass N        … passed once N of its lessons have a star (default: all)
//   npm run package -- scorm --lesson ID     dist/chess-tutor-scorm12-ID.zip: one lesson, passed
//                                            once it has a star
//
// The package is dist/ as built (npm run build; brought up to date here), the course (the lessons
// link followed; for one lesson, a course.json of that lesson alone), scorm.json (the package's
// lessons and pass mark, which www/scorm.js reads) and imsmanifest.xml: one organization, one
// item, one SCO launched at index.html. In the learning platform's frame the app finds the
// platform's API (www/scorm.js) and reports lesson_status, score.raw (the share of the stars) and
// its progress (cmi.suspend_data). The manifest's adlcp:masteryscore is one a pupil reaches: for
// one lesson the score of one star (33); a course has none, as its pass mark counts lessons, not
// stars (README.md, "For schools"). Zipped with fflate.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { zipSync } from "fflate";
import { DIST, buildWeb } from "./build-web.mjs";
import { precacheFiles } from "./precache.mjs";
import { courseIds } from "../www/scorm.js";

export const SCORM_ZIP = "chess-tutor-scorm12.zip";

const xml = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The files of the package: every file of dir (links followed) but dot files, source maps,
 *  serve.json and zips (an earlier package); with api/v1/health (a static host's "no class
 *  server here", www/app.js), which the service worker's list leaves out. */
export function packageFiles(dir) {
  const health = existsSync(join(dir, "api", "v1", "health")) ? ["api/v1/health"] : [];
  return [...precacheFiles(dir), "sw.js", ...health].filter((f) => !/\.zip$/.test(f)).sort();
}

/** The score (0..100, www/scorm.js's report) of one star of three: a one-lesson package's mastery score. */
export const ONE_STAR_SCORE = Math.round(100 / 3);

/** imsmanifest.xml for a SCORM 1.2 package with one SCO (index.html) holding `files`; MASTERY
 *  (a score a pupil reaches) and PARAMETERS (appended to the launch URL) only when given. */
export function scormManifest({ title, version, files, identifier = "chess-tutor", mastery = null, parameters = null }) {
  const fileList = files.map((f) => `      <file href="${xml(f)}"/>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${xml(identifier)}" version="${xml(version)}"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="chess-tutor-course">
    <organization identifier="chess-tutor-course">
      <title>${xml(title)}</title>
      <item identifier="course" identifierref="course-sco" isvisible="true"${parameters ? ` parameters="${xml(parameters)}"` : ""}>
        <title>${xml(title)}</title>${mastery == null ? "" : `\n        <adlcp:masteryscore>${xml(mastery)}</adlcp:masteryscore>`}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="course-sco" type="webcontent" adlcp:scormtype="sco" href="index.html">
${fileList}
    </resource>
  </resources>
</manifest>
`;
}

/** A bad command line or package: said as it is, with no stack trace (exit code 2). */
export class UsageError extends Error {}

/** Both languages of a title ({ en, ru } or text), English first ("Chess / Шахматы"); else FALLBACK. */
function titleText(title, fallback) {
  if (typeof title === "string" && title) return title;
  const names = Object.entries(title ?? {}).sort(([a], [b]) => (b === "en") - (a === "en")).map(([, t]) => t).filter((t) => typeof t === "string" && t);
  return names.length ? names.join(" / ") : fallback;
}

/**
 * Builds dist/ when stale and writes the SCORM 1.2 zip; returns its path. { lesson: an id of
 * lessons/course.json (a package of that lesson alone), pass: lessons with a star to pass (a
 * course; default all) }.
 */
export async function packageScorm({ dist = DIST, lesson = null, pass = null } = {}) {
  await buildWeb({ dist });
  const files = packageFiles(dist);
  const course = JSON.parse(readFileSync(join(dist, "lessons", "course.json"), "utf8"));
  const pkg = JSON.parse(readFileSync(join(dist, "..", "package.json"), "utf8"));
  // the pass mark counts the main course's lessons (the other courses of courses.json ship too);
  // a package of one lesson takes it from whichever course holds it
  const ids = courseIds(course);
  const courses = existsSync(join(dist, "lessons", "courses.json")) ? JSON.parse(readFileSync(join(dist, "lessons", "courses.json"), "utf8")).courses.map((c) => JSON.parse(readFileSync(join(dist, "lessons", c.file), "utf8"))) : [course];
  const holder = lesson == null ? course : (courses.find((c) => courseIds(c).includes(lesson)) ?? course);
  const entries = {};
  let title = titleText(course.title, "Chess tutor");
  let config = { lessons: ids, pass: pass ?? ids.length };
  let manifest = { title, version: pkg.version, files };
  if (lesson != null) {
    if (!courseIds(holder).includes(lesson)) throw new UsageError(`--lesson ${lesson}: no course has a lesson "${lesson}" (lessons/course.json's ${ids.length} lessons: ${ids.slice(0, 6).join(", ")}${ids.length > 6 ? ", …" : ""})`);
    if (pass != null && pass !== 1) throw new UsageError(`--pass ${pass}: a package of one lesson is passed once that lesson has a star (--pass 1 or none)`);
    const data = JSON.parse(readFileSync(join(dist, "lessons", `${lesson}.json`), "utf8"));
    title = titleText(data.title, lesson);
    // the course of the package: this lesson alone, in its section
    const section = holder.sections.find((s) => courseIds({ sections: [s] }).includes(lesson));
    const one = { ...holder, title: data.title ?? holder.title, sections: [{ ...section, lessons: [`${lesson}.json`] }] };
    entries["lessons/course.json"] = new TextEncoder().encode(`${JSON.stringify(one, null, 2)}\n`);
    entries["lessons/courses.json"] = new TextEncoder().encode(`${JSON.stringify({ courses: [{ file: "course.json" }] }, null, 2)}\n`); // that course alone
    config = { lessons: [lesson], pass: 1 };
    manifest = { ...manifest, title, identifier: `chess-tutor-${lesson}`, mastery: ONE_STAR_SCORE, parameters: `#/lesson/${lesson}` };
  } else if (pass != null && (!Number.isInteger(pass) || pass < 1 || pass > ids.length)) {
    throw new UsageError(`--pass ${pass}: the course holds ${ids.length} lessons; give a whole number from 1 to ${ids.length}`);
  }
  entries["imsmanifest.xml"] = new TextEncoder().encode(scormManifest({ ...manifest, files: [...files, "scorm.json"].sort() }));
  entries["scorm.json"] = new TextEncoder().encode(`${JSON.stringify(config)}\n`);
  // already-compressed files (wasm is not, but zips well) are stored; the rest deflated
  for (const f of files) entries[f] ??= [readFileSync(join(dist, f)), { level: /\.(png|jpe?g|webp|zip)$/.test(f) ? 0 : 9 }];
  const out = join(dist, lesson == null ? SCORM_ZIP : SCORM_ZIP.replace(/\.zip$/, `-${lesson}.zip`));
  writeFileSync(out, zipSync(entries, { mtime: new Date("2024-01-01T00:00:00Z") }));
  return out;
}

/** The options after the kind: --lesson ID, --pass N. */
export function parseOptions(args) {
  const out = {};
  for (let k = 0; k < args.length; k++) {
    const [name, inline] = args[k].split(/=(.*)/s);
    if (name !== "--lesson" && name !== "--pass") throw new UsageError(`${args[k]}: not an option (--lesson ID, --pass N)`);
    const value = inline ?? args[++k];
    if (!value) throw new UsageError(`${name} needs a value (--lesson ID, --pass N)`);
    if (name === "--lesson") out.lesson = value;
    else if (!/^\d+$/.test(value)) throw new UsageError(`--pass ${value}: a whole number of lessons`);
    else out.pass = Number(value);
  }
  return out;
}

const KINDS = { scorm: packageScorm };

if (process.argv[1] && relative(process.argv[1], new URL(import.meta.url).pathname) === "") {
  const [kind, ...rest] = process.argv.slice(2);
  try {
    if (!KINDS[kind]) throw new UsageError(kind ? `not a kind of package: ${kind}` : "which package?");
    const out = await KINDS[kind](parseOptions(rest));
    console.log(`✓ ${relative(process.cwd(), out)} (${Math.round(readFileSync(out).length / 1024)} KB)`);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\nUsage: npm run package -- ${Object.keys(KINDS).join("|")} [--lesson ID] [--pass N]`);
    process.exit(2);
  }
}
