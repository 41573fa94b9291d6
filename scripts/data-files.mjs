// The course's data by content-hashed names (issue 36: a second visit asks the network for the
// page alone). What the course page and a lesson read from the lessons folder (lessons/courses.json,
// the course files, every lesson, skills.json, the course pictures) and the build's course index
// are a teacher's files with fixed names, sent `no-cache`: each costs a round trip on every visit.
// writeDataFiles copies each into DIR/data/ under a name that carries a hash of its bytes
// (data/lessons/idea-board-0A1B2C3D.json), which servers send `immutable` (server/src/web.rs
// hashed), and writes their table into index.html's head:
//   <script type="application/json" id="data-files">{"base":"data/","files":{"lessons/course.json":"0A1B2C3D",…}}</script>
// www/widget/data-files.js reads it: a fetch of lessons/course.json asks for the hashed copy, and
// for the file itself when the copy cannot be had. The page is `no-cache`, so a new build (a lesson
// edited, then `npm run build` or `npm start`) is seen at the next visit. The files keep their
// places and names too: outside links, the school packages (www/school/package/core.js drops the
// table and data/) and the service worker (www/sw.js serves data/ from the files it keeps) use them.
// index.html's preloads of those files (scripts/page-preloads.mjs) are pointed at the copies, and the
// first course's first lesson is preloaded too (a new child's first lesson), at a low priority.
// Run by scripts/build-web.mjs after hashAssets (whose map of renamed pictures it takes).
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { contentHash } from "./web-assets.mjs";

/** The folder of the copies, under the site's top. */
export const DATA = "data/";
/** A course file's name (www/widget/course.js COURSE_FILE). */
const COURSE_FILE = /^course(-[a-z0-9-]+)?\.json$/;


/** The copy's path of a file REL (relative to the top) with HASH: data/lessons/x-HASH.json. */
export const dataPath = (rel, h) => `${DATA}${rel.replace(/(\.\w+)$/, `-${h}$1`)}`;

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, "utf8").replace(/^\uFEFF/, ""));
  } catch {
    return null;
  }
};

/**
 * Copies the course's data files of DIR into DIR/data/ by hashed names, writes their table into
 * DIR/index.html and points its preloads at them. `renamed`: hashAssets' { old path: hashed path }
 * (the course pictures of lessons/courses.json are pointed at the hashed ones). Returns the table
 * ({ "lessons/course.json": "0A1B2C3D", … }), or null without a lessons folder.
 */
export function writeDataFiles(dir, renamed = {}) {
  const lessons = join(dir, "lessons");
  if (!existsSync(lessons) || !statSync(lessons).isDirectory()) return null;
  const files = {};
  const put = (rel, bytes) => {
    const h = contentHash(bytes);
    const to = join(dir, dataPath(rel, h));
    mkdirSync(dirname(to), { recursive: true });
    writeFileSync(to, bytes);
    files[rel] = h;
    return dataPath(rel, h);
  };
  // every JSON file at the top of the lessons folder (the lessons, the courses, skills.json), not the schemas
  for (const name of readdirSync(lessons).sort()) {
    if (!name.endsWith(".json") || name.endsWith(".schema.json") || name === "courses.json") continue;
    const path = join(lessons, name);
    if (statSync(path).isFile()) put(`lessons/${name}`, readFileSync(path));
  }
  if (existsSync(join(dir, "course-index.json"))) put("course-index.json", readFileSync(join(dir, "course-index.json")));
  // the list of courses, its pictures pointed at hashed files (relative to the copy)
  const list = readJson(join(lessons, "courses.json"));
  if (list && Array.isArray(list.courses)) {
    const from = "lessons/courses.json";
    for (const course of list.courses) {
      if (typeof course?.picture !== "string" || !COURSE_FILE.test(String(course.file))) continue;
      const [path, fragment = ""] = course.picture.split("#");
      const rel = posix.normalize(posix.join(posix.dirname(from), path));
      if (rel.startsWith("..") || /^[a-z]+:/i.test(path)) continue;
      let target = renamed[rel];
      if (!target && rel.startsWith("lessons/") && /\.svg$/.test(rel) && existsSync(join(dir, rel))) {
        const bytes = readFileSync(join(dir, rel));
        target = put(rel, bytes);
      }
      if (target) course.picture = posix.relative(posix.dirname(`${DATA}${from}`), target) + (fragment ? `#${fragment}` : "");
    }
    put(from, Buffer.from(`${JSON.stringify(list, null, 2)}\n`));
  } else if (existsSync(join(lessons, "courses.json"))) {
    put("lessons/courses.json", readFileSync(join(lessons, "courses.json")));
  }
  writeTable(dir, files, list);
  return files;
}

/** The table into DIR/index.html's head (before its first preload or script), its preloads of the
 *  data files pointed at the copies, and the first course's first lesson preloaded. */
function writeTable(dir, files, list) {
  const page = join(dir, "index.html");
  if (!existsSync(page)) return;
  let html = readFileSync(page, "utf8");
  html = html.replace(/(<link rel="preload" href=")([^"]+)("[^>]*>)/g, (all, a, href, b) => (files[href] ? `${a}${dataPath(href, files[href])}${b}` : all));
  // a new child's first lesson: the first course's first lesson, after the page's own files
  const firstCourse = list?.courses?.[0]?.file ?? "course.json";
  const course = readJson(join(dir, "lessons", firstCourse));
  const first = course?.sections?.find((s) => Array.isArray(s?.lessons) && s.lessons.length)?.lessons?.[0];
  const firstRel = typeof first === "string" ? `lessons/${first}` : null;
  const at = html.search(/<link rel="(module)?preload"|<script type="module"/);
  if (at < 0) return;
  const indent = /[ \t]*$/.exec(html.slice(0, at))[0];
  const table = `<script type="application/json" id="data-files">${JSON.stringify({ base: DATA, files })}</script>\n${indent}`;
  let lessonLink = "";
  if (firstRel && files[firstRel] && !html.includes(`href="${dataPath(firstRel, files[firstRel])}"`)) {
    lessonLink = `<link rel="preload" href="${dataPath(firstRel, files[firstRel])}" as="fetch" crossorigin="anonymous" fetchpriority="low">\n${indent}`;
  }
  // the lesson's link after the page's own preloads (before the first module script)
  html = html.slice(0, at) + table + html.slice(at);
  if (lessonLink) {
    const script = html.indexOf('<script type="module"');
    html = html.slice(0, script) + lessonLink + html.slice(script);
  }
  writeFileSync(page, html);
}
