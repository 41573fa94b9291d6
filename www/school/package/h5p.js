// @ts-check
// H5P: the content type H5P.ChessTutor, as one .h5p (a zip) that Moodle, WordPress, Drupal and
// any H5P player take. Inside:
// - h5p.json: title, language, mainLibrary, embedTypes and preloadedDependencies (H5P.ChessTutor);
// - content/content.json: the lessons, each with its main fields open to an H5P editor (title,
//   intro, learned, in English and Russian) and the rest of the lesson as JSON text (data), the
//   pass mark and the language;
// - H5P.ChessTutor-1.0/: library.json, semantics.json (the editor's form of content.json), the
//   library's script and style (www/school/package/h5p-library.js, .css, from the built app) and the
//   built tutor in app/.
// The library's script puts a <chess-tutor> straight into the frame H5P gives each content
// (embedTypes "iframe") and plays the lessons given as text; it reports through H5P's xAPI
// (attempted, answered per lesson, completed with the stars as the score). README.md, "For schools".
//
// H5P platforms take only files whose names end in a listed extension (H5P's $defaultContentWhitelist
// and, in libraries, js and css): .wasm and .bin are not among them, so the package holds them as
// NAME.wasm.txt and NAME.bin.txt, and the app's scripts name them so (renamedScript). A platform
// serves them as text/plain, and wasm-bindgen's loader then compiles the bytes itself (a console
// warning, no error). Pages (.html), the service worker and the app's own course are left out.
// The format contract: core.js.
import { PackageError, checkPass, courseLessons, lessonObject, text, titleText } from "./core.js";

export const LIBRARY = { machineName: "H5P.ChessTutor", majorVersion: 1, minorVersion: 0 };
export const LIBRARY_DIR = `${LIBRARY.machineName}-${LIBRARY.majorVersion}.${LIBRARY.minorVersion}`;
/** The library's script and style in the built app, and their names in the library. */
export const RUNTIME = { js: ["package/h5p-library.js", "h5p-chess-tutor.js"], css: ["package/h5p-library.css", "h5p-chess-tutor.css"] };

/** H5P's allowed extensions in a library (h5p-php-library H5PCore::$defaultContentWhitelist
 *  plus $defaultLibraryWhitelistExtras "js css"). */
export const ALLOWED = new Set(
  "json png jpg jpeg gif bmp tif tiff svg eot ttf woff woff2 otf webm mp4 ogg mp3 m4a wav txt pdf rtf doc docx xls xlsx ppt pptx odt ods odp xml csv diff patch swf md textile vtt webvtt gltf glb js css".split(" "),
);
export const allowed = (path) => ALLOWED.has(path.split(".").pop().toLowerCase());

/** Files of the built app the H5P library leaves out: pages, the service worker and its list,
 *  the app's course, the class server's answer, the studio's rules package, this folder. */
const SKIP = /^(lessons\/|api\/|package\/|pkg-studio\/)|\.html$|^sw\.js$|^manifest\.webmanifest$|^course-index\.json$|^app-files\.json$/;
/** Extensions H5P refuses, held as NAME.EXT.txt. */
const RENAME = /\.(wasm|bin)$/;

/** The name of an app file in the library (a refused extension gets .txt). */
export const libraryName = (path) => (RENAME.test(path) ? `${path}.txt` : path);

/** A built script with the names of the renamed files rewritten: the wasm-bindgen packages'
 *  "chess_tutor_bg.wasm" and the endgame tables' `endgame/${file}`. */
export function renamedScript(code) {
  return code.replace(/(chess_tutor_bg(?:-[0-9A-Z]{8})?)\.wasm(?!\.txt)/g, "$1.wasm.txt").replace(/`endgame\/\$\{([\w$.]+)\}`/g, "`endgame/${$1}.txt`");
}

/** The patchVersion of the library for the app's version "x.y.z": x*10000 + y*100 + z, so that a
 *  newer tutor replaces the library on a platform that has an older one. */
export function patchVersion(version) {
  const [x = 0, y = 0, z = 0] = String(version).split(/[.+-]/).map((n) => Number.parseInt(n, 10) || 0);
  return x * 10000 + y * 100 + z;
}

/** @param {string} label @param {string} [description] @param {boolean} [optional] @param {string} [widget] */
const langText = (label, description = undefined, optional = true, widget = undefined) => ({
  name: "",
  type: "group",
  label,
  importance: "high",
  expanded: true,
  ...(description ? { description } : {}),
  fields: [
    { name: "en", type: "text", label: "English", optional: false, ...(widget ? { widget } : {}) },
    { name: "ru", type: "text", label: "Русский", optional: true, ...(widget ? { widget } : {}) },
  ],
  optional,
});

/** semantics.json: the editor's form of content.json. */
export const SEMANTICS = [
  {
    name: "lessons",
    type: "list",
    label: "Lessons",
    entity: "lesson",
    importance: "high",
    min: 1,
    max: 200,
    field: {
      name: "lesson",
      type: "group",
      label: "Lesson",
      importance: "high",
      fields: [
        { name: "id", type: "text", label: "Lesson id", description: "Small letters, digits and hyphens, e.g. rook-stars-1", regexp: { pattern: "^[a-z0-9][a-z0-9-]{0,79}$", modifiers: "" }, importance: "low" },
        { ...langText("Title", "What the child sees above the board", false), name: "title" },
        { ...langText("Intro", "What the child reads (or hears) first", false, "textarea"), name: "intro" },
        { ...langText("Learned", "What the child has learned, said when the lesson is done", true, "textarea"), name: "learned" },
        { name: "data", type: "text", label: "The rest of the lesson (JSON)", description: "The position, the goal, hints and the rest, as the lesson studio writes them", widget: "textarea", importance: "low", optional: false },
      ],
    },
  },
  { name: "pass", type: "number", label: "Lessons done to pass", description: "Lessons with at least one star for success (empty: all of them)", min: 1, optional: true, importance: "medium" },
  {
    name: "lang",
    type: "select",
    label: "Language",
    importance: "medium",
    default: "auto",
    options: [
      { value: "auto", label: "The platform's" },
      { value: "en", label: "English" },
      { value: "ru", label: "Русский" },
    ],
  },
];

/** A lesson's text value ({ en, ru } or text) as the editor's group { en, ru } (none: undefined). */
function group(value) {
  if (typeof value === "string") return { en: value };
  if (!value || typeof value !== "object") return undefined;
  const out = {};
  for (const lang of ["en", "ru"]) if (typeof value[lang] === "string") out[lang] = value[lang];
  return out;
}

/** A lesson as content.json holds it: its main fields, and the rest as JSON text. */
export function lessonParams(lesson) {
  const { $schema, id, title, intro, learned, ...rest } = lesson;
  const out = { id, title: group(title), intro: group(intro) };
  if (learned != null) out.learned = group(learned);
  out.data = JSON.stringify(rest);
  return out;
}

/** content.json's lesson back as a lesson (the library's script does the same in the frame). */
export function paramsLesson(params) {
  const text = (g) => (g && typeof g === "object" ? Object.fromEntries(Object.entries(g).filter(([, v]) => typeof v === "string" && v)) : undefined);
  const lesson = { id: params.id, title: text(params.title), intro: text(params.intro), ...JSON.parse(params.data || "{}") };
  if (params.learned && Object.keys(text(params.learned) ?? {}).length) lesson.learned = text(params.learned);
  return lesson;
}

export default {
  id: "h5p",
  label: { en: "Download for Moodle / H5P", ru: "Скачать для Moodle / H5P" },
  /** The course's lessons, in order, as one H5P content; passed by PASS lessons with a star (default all). */
  build({ title = null, course, lessons, appFiles, pass = null, slug = null, version = "0.0.0", lang = "en" }) {
    const list = courseLessons(course, lessons);
    const one = list.length === 1 ? list[0] : null;
    const mark = checkPass(pass, list.length);
    const name = titleText(title ?? (one ? one.data.title : course.title), one ? one.id : "Chess tutor");
    const files = {};
    for (const [from, to] of Object.values(RUNTIME)) {
      if (!appFiles[from]) throw new PackageError(`the built app has no ${from} (npm run build)`);
      files[`${LIBRARY_DIR}/${to}`] = [appFiles[from], { level: 9 }];
    }
    for (const [path, data] of Object.entries(appFiles)) {
      if (SKIP.test(path)) continue;
      const target = libraryName(path);
      if (!allowed(target)) throw new PackageError(`${path}: H5P takes no .${path.split(".").pop()} file (add it to h5p.js's renamed or left-out files)`);
      const bytes = path.endsWith(".js") ? renamedScript(text(data)) : data;
      files[`${LIBRARY_DIR}/app/${target}`] = typeof bytes === "string" ? bytes : [bytes, { level: /\.(png|woff2?)$/.test(path) ? 0 : 9 }];
    }
    files[`${LIBRARY_DIR}/library.json`] = `${JSON.stringify(
      {
        title: "Chess tutor",
        description: "Chess lessons for children: the pieces' moves shown and explained, stars for each lesson.",
        machineName: LIBRARY.machineName,
        majorVersion: LIBRARY.majorVersion,
        minorVersion: LIBRARY.minorVersion,
        patchVersion: patchVersion(version),
        runnable: 1,
        author: "chess-tutor",
        license: "MIT",
        embedTypes: ["iframe"],
        fullscreen: 0,
        coreApi: { majorVersion: 1, minorVersion: 19 },
        preloadedJs: [{ path: RUNTIME.js[1] }],
        preloadedCss: [{ path: RUNTIME.css[1] }],
      },
      null,
      2,
    )}\n`;
    files[`${LIBRARY_DIR}/semantics.json`] = `${JSON.stringify(SEMANTICS, null, 2)}\n`;
    const content = { lessons: list.map((l) => lessonParams(lessonObject(l.data, l.file))), lang: "auto" };
    if (pass != null) content.pass = mark;
    files["content/content.json"] = `${JSON.stringify(content, null, 2)}\n`;
    files["h5p.json"] = `${JSON.stringify(
      {
        title: name,
        language: lang,
        mainLibrary: LIBRARY.machineName,
        embedTypes: ["iframe"],
        license: "U",
        defaultLanguage: lang,
        preloadedDependencies: [{ ...LIBRARY }],
      },
      null,
      2,
    )}\n`;
    const tag = slug ?? (one ? one.id : null);
    return { name: `chess-tutor${tag ? `-${tag}` : ""}.h5p`, files };
  },
};
