#!/usr/bin/env node
// Builds dist/, the folder that `npm start` serves and the browser tests load: www/ as shipped.
//
//   node scripts/build-web.mjs [--force] [--sourcemap] [--in=DIR] [--out=DIR]
//
// (--in, --out: another source and output folder than www/ and dist/, e.g. a copy of www/ with a
// third language, as tests/browser/language.test.mjs builds.)
// - JS: every .js under www/ (outside pkg*/) is an entry point, so the pages' module scripts, the
//   engine worker and every module loaded with import() (lesson.js, play.js, setup.js, the word
//   files) keep their names and places, a room's files where scripts/rooms.mjs distPath puts them
//   (the flat rooms at the top: www/widget/board.js → dist/board.js, as before the rooms). esbuild bundles and minifies them with code splitting:
//   code two entries share goes to a chunk beside them (dist/chunk-HASH.js), and a lazily
//   imported module stays a file of its own. Chunks sit in dist/ itself, so that
//   `new URL("images/pieces.svg", import.meta.url)` means the same in a chunk as in its source.
//   Template-literal imports such as import(`./i18n/${lang}/${part}.js`) become a table of lazy
//   imports of the matching files. The chunks the plain widget loads statically are then merged
//   into one (mergeWidgetChunks), except with --sourcemap.
// - The wasm-bindgen packages (www/pkg*/) stay separate modules at their own paths (one instance
//   of each, whoever imports it): their glue is minified, the .wasm (already through wasm-opt
//   -Oz) copied.
// - CSS: every .css minified in place (the widgets fetch their sheets by name); an @import of a
//   sheet beside it (chess-tutor.css's of board.css) becomes that sheet's rules.
// - Everything else (HTML, serve.json, images/, endgame/, …) is copied; the lessons symbolic
//   link stays a link (a copy where links cannot be made), so an edited lesson shows on reload.
//
// - Each WASM package's module gets a content hash in its name, and NAME.br and NAME.gz are written
//   beside every compressible file (scripts/web-assets.mjs; not with --sourcemap, a debugging build).
// - index.html's head gets a <link rel="modulepreload"> for every module its module scripts import
//   statically, however deep, and for the first lesson's modules (LESSON_PATH; preloadModules, these
//   with fetchpriority="low": the course first), so that on a slow network the browser asks for
//   them all at once instead of one level of imports per round trip.
// - The course index (dist/course-index.json, writeCourseIndex): what the course page shows of each
//   lesson of every course (lessons/courses.json; title, goal type), so that the page makes a few requests (the index, the course files) instead
//   of one per lesson; a lesson it does not list (a course edited since) is fetched as before.
//
// Skips the build when dist/ is newer than every file in www/, the lessons, this script and
// package-lock.json.
import { COURSE_INDEX, COURSE_INDEX_VERSION, courseIndex } from "../www/school/package/core.js";
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync } from "node:fs";
import { statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { flattenWordFiles } from "./word-files.mjs";
import { preloadPageData } from "./page-preloads.mjs";
import { writeAppFiles, writePrecache } from "./precache.mjs";
import { BUNDLED, distPath } from "./rooms.mjs";
import { REBUNDLE, compressFiles, contentHash, hashAssets, hashWasm, oneImportEach, wordTable } from "./web-assets.mjs";
import { writeDataFiles } from "./data-files.mjs";
import { writeGoalPictures } from "./goal-pictures.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const WWW = join(ROOT, "www");
export const DIST = join(ROOT, "dist");
const PKG_DIR = /^pkg(-[\w-]+)?$/;

/** Every path under www (relative, with "/"), with its lstat; links are not followed. */
function walk(www, dir = www, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    out.push({ path, rel: relative(www, path).split("\\").join("/"), stat });
    if (stat.isDirectory()) walk(www, path, out);
  }
  return out;
}

/** Whether dist is older than anything it is built from. */
export function stale(www = WWW, dist = DIST) {
  let built;
  try {
    built = statSync(join(dist, ".built")).mtimeMs;
  } catch {
    return true;
  }
  const inputs = [fileURLToPath(import.meta.url), join(ROOT, "scripts", "precache.mjs"), join(ROOT, "scripts", "page-preloads.mjs"), join(ROOT, "scripts", "rooms.mjs"), join(ROOT, "scripts", "web-assets.mjs"), join(ROOT, "scripts", "data-files.mjs"), join(ROOT, "scripts", "goal-pictures.mjs"), join(ROOT, "package-lock.json"), www];
  const lessons = join(www, "lessons"); // a link: its files are the course index's inputs
  let lessonFiles = [];
  try {
    lessonFiles = readdirSync(lessons).map((name) => join(lessons, name));
  } catch {
    // no lessons
  }
  return inputs.some((p) => statSync(p).mtimeMs > built) || walk(www).some((f) => f.stat.mtimeMs > built) || lessonFiles.some((p) => statSync(p).mtimeMs > built);
}

// A static import in built code (`from"./x.js"`, `import"./x.js"`), chunk or package glue.
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"(\.{1,2}\/[\w./-]+\.js)"/g;

/**
 * Every module that DIR/PAGE's module scripts import statically (transitively), as a
 * <link rel="modulepreload"> each, put in the page's head before its first module script.
 */
export function preloadModules(dir, page = "index.html", lazy = []) {
  const file = join(dir, page);
  let html;
  try {
    html = readFileSync(file, "utf8");
  } catch {
    return [];
  }
  const entries = [...html.matchAll(/<script type="module" src="([\w./-]+\.js)"><\/script>/g)].map((m) => m[1]);
  const seen = new Set(entries);
  const found = [];
  const visit = (rel) => {
    let code;
    try {
      code = readFileSync(join(dir, rel), "utf8");
    } catch {
      return;
    }
    for (const m of code.matchAll(STATIC_IMPORT)) {
      const dep = relative(dir, resolve(dir, dirname(rel), m[1])).split("\\").join("/");
      if (seen.has(dep) || dep.startsWith("..")) continue;
      seen.add(dep);
      found.push(dep);
      visit(dep);
    }
  };
  for (const e of entries) visit(e);
  const fromEntries = new Set(found);
  // modules the page imports later (import()) but surely needs: preloaded after its own, with
  // their imports
  for (const rel of lazy.filter((r) => !seen.has(r) && existsSync(join(dir, r)))) {
    seen.add(rel);
    found.push(rel);
    visit(rel);
  }
  if (!found.length) return [];
  const first = html.indexOf('<script type="module"');
  const indent = /[ \t]*$/.exec(html.slice(0, first))[0];
  // the lazy ones (the first lesson's) after the page's own: low priority, so that the course shows first
  const links = found.map((f) => `<link rel="modulepreload" href="${f}"${fromEntries.has(f) ? "" : ' fetchpriority="low"'}>\n${indent}`).join("");
  writeFileSync(file, html.slice(0, first) + links + html.slice(first));
  return found;
}

export { COURSE_INDEX, COURSE_INDEX_VERSION };

/** What the app page imports for the first lesson (www/app/app.js preloadPlayer), preloaded from the
 *  page's head with their imports (the lesson package's glue among them): the lesson's modules
 *  arrive while the course shows, not one level of imports per round trip after the click. */
// (plugin-host.js: the lesson's board loads it once the package is in; asked for ahead, it is no
// round trip more after the package's wasm)
export const LESSON_PATH = ["lesson/player.js", "feel.js", "explain.js", "plugin-host.js"];

/** The course files of DIR/lessons, in order: those lessons/courses.json lists, else course.json. */
export function courseFiles(dir) {
  try {
    const list = JSON.parse(readFileSync(join(dir, "lessons", "courses.json"), "utf8").replace(/^\uFEFF/, ""))?.courses;
    const files = (Array.isArray(list) ? list : []).map((e) => e?.file).filter((f) => typeof f === "string" && /^course(-[a-z0-9-]+)?\.json$/.test(f));
    if (files.length) return files;
  } catch {
    // no list: one course
  }
  return ["course.json"];
}

/**
 * The course index of DIR/lessons (every course of lessons/courses.json, or course.json alone),
 * written to DIR/course-index.json: www/school/package/core.js courseIndex's shape for each course, the
 * lessons of all of them in one map, and `courses` listing every course file in order
 * ("lessons/course.json", "lessons/course-numbers.json", …). Nothing is written without a course.
 */
export function writeCourseIndex(dir) {
  const courses = [];
  for (const file of courseFiles(dir)) {
    try {
      courses.push([file, JSON.parse(readFileSync(join(dir, "lessons", file), "utf8").replace(/^\uFEFF/, ""))]);
    } catch {
      // missing or broken: the page says so
    }
  }
  if (!courses.length) return null;
  const lessonOf = (file) => {
    try {
      return JSON.parse(readFileSync(join(dir, "lessons", file), "utf8").replace(/^\uFEFF/, ""));
    } catch {
      return null; // missing or broken: listed by its file name, and the player says what is wrong
    }
  };
  const parts = courses.map(([, course]) => courseIndex(course, lessonOf));
  const index = { ...parts[0], course: `lessons/${courses[0][0]}`, courses: courses.map(([f]) => `lessons/${f}`), lessons: Object.assign({}, ...parts.map((p) => p.lessons)) };
  writeFileSync(join(dir, COURSE_INDEX), `${JSON.stringify(index)}\n`);
  return index;
}

// The packages stay apart: an import of one ("./pkg/chess_tutor.js" from the top of www/,
// "../pkg-lessons/chess_tutor.js" from a room such as www/lesson/) is written from the top of
// www/, where the chunks sit; an entry in a room's folder gets "../" before it (pointUpToPackages).
const packagesApart = {
  name: "wasm-packages-apart",
  setup(build) {
    build.onResolve({ filter: /^(\.\/|(\.\.\/)+)pkg(-[\w-]+)?\// }, (args) => {
      const rel = relative(build.initialOptions.outbase, resolve(args.resolveDir, args.path)).split("\\").join("/");
      return { path: `./${rel}`, external: true };
    });
  },
};

/** Points the packages' imports of the built entries in a room's folder (dist/lesson/…) up to
 *  the top of DIR, where the packages are. */
function pointUpToPackages(dir, at = dir, up = "") {
  for (const name of readdirSync(at)) {
    const path = join(at, name);
    const stat = lstatSync(path);
    if (stat.isDirectory() && !PKG_DIR.test(name) && name !== "lessons") pointUpToPackages(dir, path, `${up}../`);
    else if (up && stat.isFile() && name.endsWith(".js")) {
      const code = readFileSync(path, "utf8");
      const pointed = code.replace(/(["'])\.\/(pkg(?:-[\w-]+)?\/)/g, `$1${up}$2`);
      if (pointed !== code) writeFileSync(path, pointed);
    }
  }
}

// A static import or re-export of a chunk in built code: `import{a as b}from"./chunk-X.js"`,
// `export{a}from"../../chunk-X.js"`, `import"./chunk-X.js"`.
const CHUNK_IMPORT = /\b(import|export)\s*(\*(?:\s*as\s*[\w$]+)?|\{[^}]*\})?\s*(?:from\s*)?"((?:\.\.?\/)+)(chunk-[\w-]+\.js)"/g;

/**
 * The chunks the plain widget (dist/chess-tutor.js) loads statically become one chunk: gzip then
 * sees one file instead of four or five (about 0.9 KB gzipped less on the widget's first load).
 * Chunks that a word file (i18n/) or the app page's script (app.js) imports stay apart, so that
 * words never pull the widget in and the course page shows without it.
 * Every module stays one instance: each import of a merged chunk, anywhere in DIR, is pointed at
 * the new chunk, whose export names say which chunk and name they were (`_2_a`).
 */
async function mergeWidgetChunks(dir) {
  const files = walk(dir).filter((f) => f.stat.isFile() && f.rel.endsWith(".js"));
  const text = new Map(files.map((f) => [f.rel, readFileSync(f.path, "utf8")]));
  const imports = (rel) => [...text.get(rel).matchAll(CHUNK_IMPORT)].map((m) => m[4]);
  const wordChunks = new Set(files.filter((f) => f.rel.startsWith("i18n/")).flatMap((f) => imports(f.rel)));
  // and those the app page's own script needs (app.js: the course page shows before the widget)
  const appChunks = new Set();
  const needs = (rel) => text.has(rel) && imports(rel).forEach((c) => appChunks.has(c) || (appChunks.add(c), needs(c)));
  needs("app.js");
  await mergeChunks(dir, ["chess-tutor.js"], new Set([...wordChunks, ...appChunks]));
}

/**
 * The chunks the app page's own scripts (app.js and the page's other module scripts, not the
 * widget's: mergeWidgetChunks) load statically become one chunk (issue 36): on a slow network
 * each file is a request, and six at a time over HTTP/1.1 made the course page wait for four or
 * five rounds of them. Chunks that a word file or a worker imports stay apart.
 */
async function mergePageChunks(dir, www, page = "index.html") {
  let html;
  try {
    html = readFileSync(join(www, page), "utf8"); // (the built pages are copied later)
  } catch {
    return;
  }
  const files = walk(dir).filter((f) => f.stat.isFile() && f.rel.endsWith(".js"));
  const text = new Map(files.map((f) => [f.rel, readFileSync(f.path, "utf8")]));
  const imports = (rel) => [...text.get(rel).matchAll(CHUNK_IMPORT)].map((m) => m[4]);
  const apart = new Set(files.filter((f) => f.rel.startsWith("i18n/") || /-worker\.js$|^sw\.js$/.test(f.rel)).flatMap((f) => imports(f.rel)));
  // the widget's own chunk (merged already) too: the course page shows without the widget
  const widget = new Set();
  const needs = (rel) => text.has(rel) && imports(rel).forEach((c) => widget.has(c) || (widget.add(c), needs(c)));
  needs("chess-tutor.js");
  const entries = [...html.matchAll(/<script type="module" src="([\w./-]+\.js)"><\/script>/g)].map((m) => m[1]).filter((e) => e !== "chess-tutor.js" && text.has(e));
  await mergeChunks(dir, entries, new Set([...apart, ...widget]));
  // then those of the first lesson's modules (LESSON_PATH, preloaded by the course page) that the
  // page has not loaded: one more chunk
  const now = new Map(walk(dir).filter((f) => f.stat.isFile() && f.rel.endsWith(".js")).map((f) => [f.rel, readFileSync(f.path, "utf8")]));
  const loaded = new Set(apart);
  const load = (rel) => now.has(rel) && [...now.get(rel).matchAll(CHUNK_IMPORT)].forEach((m) => loaded.has(m[4]) || (loaded.add(m[4]), load(m[4])));
  for (const e of [...entries, "chess-tutor.js"]) load(e);
  await mergeChunks(dir, LESSON_PATH.filter((e) => now.has(e)), loaded);
}

/** The chunks that ENTRIES of DIR load statically (but those of KEEP) merged into one chunk, every
 *  import of them anywhere in DIR pointed at it (mergeWidgetChunks). */
async function mergeChunks(dir, entries, keep) {
  const files = walk(dir).filter((f) => f.stat.isFile() && f.rel.endsWith(".js"));
  const text = new Map(files.map((f) => [f.rel, readFileSync(f.path, "utf8")]));
  const imports = (rel) => [...text.get(rel).matchAll(CHUNK_IMPORT)].map((m) => m[4]);
  const merged = [];
  const visit = (rel) => {
    for (const c of imports(rel)) {
      if (!merged.includes(c) && !keep.has(c)) merged.push(c) && visit(c);
    }
  };
  for (const e of entries) visit(e);
  if (merged.length < 2) return;
  // The names each merged chunk exports (`export{x as a,y}`: a and y).
  const exported = merged.map((c) => {
    const list = /export\s*\{([^}]*)\}\s*;?\s*$/.exec(text.get(c))?.[1] ?? "";
    return list.split(",").map((e) => e.trim().split(/\s+as\s+/).pop()).filter(Boolean);
  });
  const alias = (c, name) => `_${merged.indexOf(c)}_${name}`;
  const entry = merged.map((c, k) => (exported[k].length ? `export{${exported[k].map((n) => `${n} as ${alias(c, n)}`).join(",")}}from"./${c}";` : `import"./${c}";`)).join("\n");
  const inDir = new Set(merged.map((c) => join(dir, c)));
  const result = await esbuild.build({
    stdin: { contents: entry, resolveDir: dir, sourcefile: "widget-chunks.js" },
    ...REBUNDLE,
    plugins: [
      {
        name: "only-the-merged-chunks",
        setup(build) {
          // Everything else (other chunks, the wasm packages, lazy imports) stays where it is:
          // the new chunk sits in DIR beside the merged ones, so relative paths keep their meaning.
          build.onResolve({ filter: /.*/ }, (args) => {
            const path = resolve(args.resolveDir, args.path);
            return inDir.has(path) ? { path } : { path: args.path, external: true };
          });
        },
      },
    ],
  });
  const code = oneImportEach(result.outputFiles[0].text); // (one import of each chunk left apart)
  const name = `chunk-${contentHash(code)}.js`;
  writeFileSync(join(dir, name), code);
  for (const c of merged) rmSync(join(dir, c));
  for (const f of files) {
    if (merged.includes(f.rel)) continue;
    const before = text.get(f.rel);
    let seen = false;
    const after = before.replace(CHUNK_IMPORT, (all, kind, what, up, chunk) => {
      if (!merged.includes(chunk)) return all;
      const again = seen;
      seen = true;
      if (what?.startsWith("*")) throw new Error(`build-web: ${f.rel} imports ${chunk} with *`);
      const names = (what ?? "{}").slice(1, -1).split(",").map((e) => e.trim()).filter(Boolean);
      const list = names.map((e) => {
        const [from, as = from] = e.split(/\s+as\s+/);
        return `${alias(chunk, from)} as ${as}`;
      });
      // a second bare import of the new chunk is left out (an empty statement: `;`)
      return list.length ? `${kind}{${list.join(",")}}from"${up}${name}"` : again ? "" : `import"${up}${name}"`;
    });
    if (after !== before) writeFileSync(f.path, after);
  }
}

/** Builds www into DIR. */
async function buildInto(dir, www, sourcemap) {
  // a room's README.md is for its readers, not for the site
  const files = walk(www).filter((f) => !/(^|\/)README\.md$|\.d\.ts$/.test(f.rel));
  const inPkg = (f) => PKG_DIR.test(f.rel.split("/")[0]) && f.rel.includes("/");
  // each file at its place in dist/ (scripts/rooms.mjs distPath: the flat rooms' files at the top)
  const of = (test) => files.filter((f) => f.stat.isFile() && test(f)).map((f) => ({ in: f.path, out: distPath(f.rel).replace(/\.(js|css)$/, "") }));
  const outs = new Map();
  for (const f of files.filter((f) => f.stat.isFile() || f.stat.isSymbolicLink())) {
    const to = distPath(f.rel);
    if (outs.has(to)) throw new Error(`build-web: www/${outs.get(to)} and www/${f.rel} would both be dist/${to}`);
    outs.set(to, f.rel);
  }
  const common = { outdir: dir, outbase: www, minify: true, charset: "utf8", legalComments: "none", sourcemap };
  await esbuild.build({
    ...common,
    entryPoints: of((f) => f.rel.endsWith(".js") && !inPkg(f) && !BUNDLED.includes(f.rel)),
    bundle: true,
    splitting: true,
    format: "esm",
    // npm packages (fflate, for the studio) come from this project's node_modules, whichever
    // folder is built (--in: a copy of www/ elsewhere)
    nodePaths: [join(ROOT, "node_modules")],
    plugins: [packagesApart],
  });
  pointUpToPackages(dir);
  if (!sourcemap) await mergeWidgetChunks(dir);
  if (!sourcemap) await mergePageChunks(dir, www);
  await esbuild.build({ ...common, entryPoints: of((f) => inPkg(f) && f.rel.endsWith(".js")), format: "esm" });
  // (bundled: a sheet's @import of a sheet beside it becomes that sheet's rules, as chess-tutor.css's of board.css)
  await esbuild.build({ ...common, bundle: true, entryPoints: of((f) => f.rel.endsWith(".css")) });
  if (!files.some((f) => f.rel === "pkg/chess_tutor_bg.wasm")) {
    console.warn("build-web: www/pkg is not built yet (npm run build builds it); dist/ has no rules");
  }
  for (const f of files) {
    const to = join(dir, distPath(f.rel));
    if (f.stat.isSymbolicLink()) {
      const target = resolve(dirname(f.path), readlinkSync(f.path));
      try {
        symlinkSync(relative(dirname(to), target), to);
      } catch {
        cpSync(target, to, { recursive: true });
      }
    } else if (f.stat.isFile() && !/\.(js|css)$/.test(f.rel) && (!inPkg(f) || f.rel.endsWith(".wasm"))) {
      mkdirSync(dirname(to), { recursive: true });
      cpSync(f.path, to);
    }
  }
}

/**
 * Brings dist/ up to date (or rebuilds it with force). It is built beside dist/ and then put in
 * its place, so that a test that is serving dist/ never sees half a folder; one process at a time
 * builds (a lock, dist.lock). Returns whether it built.
 */
export async function buildWeb({ force = false, sourcemap = false, www = WWW, dist = DIST } = {}) {
  if (!force && !stale(www, dist)) return false;
  // test files run at once (node --test --test-concurrency=2) must never build together: the
  // first takes the lock and builds, the others wait and then find dist/ up to date
  return holdingLock(`${dist}.lock`, () => (!force && !stale(www, dist) ? false : buildOnce({ sourcemap, www, dist })));
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether process PID is running. */
function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}

/**
 * Runs WORK while holding LOCK, a folder made atomically (mkdir) with its holder's pid in it; waits
 * while another running process holds it. A lock left by a process that died (a build stopped by
 * Ctrl-C) is taken over: its pid is no longer running, or it has no pid a minute after it was made.
 */
export async function holdingLock(lock, work) {
  const waitUntil = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, "pid"), String(process.pid));
      break;
    } catch (e) {
      if (e.code !== "EEXIST") throw e;
    }
    let pid = 0;
    let made = Date.now();
    try {
      made = statSync(lock).mtimeMs;
      pid = Number(readFileSync(join(lock, "pid"), "utf8")) || 0;
    } catch {
      // being made or just removed: look again
    }
    if (pid ? !running(pid) : Date.now() - made > 60_000) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > waitUntil) throw new Error(`build-web: ${lock} is still held by process ${pid} after 15 minutes`);
    await pause(250);
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Builds DIST from WWW (buildWeb, holding the lock). */
async function buildOnce({ sourcemap, www, dist }) {
  const started = Date.now();
  const next = `${dist}.new-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  await buildInto(next, www, sourcemap);
  if (!sourcemap) await flattenWordFiles(next); // each word file one request, not a chain of chunks (scripts/word-files.mjs)
  // index.html asks for every module of its pages at once; the widget (app.js imports it once the
  // course shows) and the first lesson's at a low priority
  preloadModules(next, "index.html", ["chess-tutor.js", ...LESSON_PATH]);
  preloadPageData(next, courseFiles(next)); // and every course file and the app's words (scripts/page-preloads.mjs)
  writeCourseIndex(next); // what the course page shows of each lesson, in one file
  if (!sourcemap) hashWasm(next); // pkg*/NAME-HASH.wasm, and every script pointed at it
  if (!sourcemap) writeGoalPictures(next); // each goal picture of the sprite as a file, for the course cards (scripts/goal-pictures.mjs)
  if (!sourcemap) wordTable(next); // www/i18n/i18n.js's table of word files, for hashAssets to point at their hashed names
  const renamed = sourcemap ? null : hashAssets(next); // every script, style, picture named by its final bytes (never changed under a name)
  if (renamed) writeDataFiles(next, renamed); // the course's data by hashed names too, their table in index.html (scripts/data-files.mjs)
  writeAppFiles(next); // a package's files (app-files.json: scripts/package.mjs, the studio)
  writePrecache(next); // the service worker's list of files and version (www/sw.js)
  if (!sourcemap) compressFiles(next); // NAME.br and NAME.gz beside each compressible file
  writeFileSync(join(next, ".built"), "");
  utimesSync(join(next, ".built"), started / 1000, started / 1000);
  const old = `${dist}.old-${process.pid}`;
  try {
    renameSync(dist, old);
  } catch {
    // no dist/ yet, or another build moved it
  }
  try {
    renameSync(next, dist);
  } catch {
    // another build put its (equal) dist/ in place first
  }
  rmSync(next, { recursive: true, force: true });
  rmSync(old, { recursive: true, force: true });
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const folder = (name, fallback) => resolve(args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
  const unknown = args.filter((a) => !["--force", "--sourcemap"].includes(a) && !/^--(in|out)=./.test(a));
  if (unknown.length) {
    console.error(`Usage: node scripts/build-web.mjs [--force] [--sourcemap] [--in=DIR] [--out=DIR] (not ${unknown.join(" ")})`);
    process.exit(2);
  }
  const [www, dist] = [folder("in", WWW), folder("out", DIST)];
  const [from, to] = [www, dist].map((d) => relative(process.cwd(), d) || ".");
  const started = Date.now();
  const built = await buildWeb({ force: args.includes("--force"), sourcemap: args.includes("--sourcemap"), www, dist });
  console.log(
    built
      ? `✓ built ${to}/ from ${from}/ (esbuild: bundled, split, minified) in ${Date.now() - started} ms`
      : `✓ ${to}/ is up to date (newer than every file in ${from}/); skipping the web build`,
  );
}
