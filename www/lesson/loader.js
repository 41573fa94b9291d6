// @ts-check
// The lesson player's loader (www/lesson/): the lesson packages (pkg-lessons, and pkg-lessons-full
// for a piece set or the king-and-pawn solver, each loaded once, renewed after a trap), the rules a
// lesson's widget shows with, lesson texts fetched ahead, the endgame data files, a teacher's
// recordings. Imports no other module of the player.
import * as firstChessPackage from "../pkg-lessons/chess_tutor.js";
import { pieceImage } from "../widget/board.js";
import { fetchData } from "../widget/data-files.js";

// www/ (dist/), as player.js finds it: this module's own import.meta.url would not do, since the
// build may put its code in a chunk in dist/ itself (scripts/build-web.mjs)
let root = new URL("../", import.meta.url);
/** Where the app's files are (www/, or dist/ as built): set once by player.js, the entry. */
export const setRoot = (url) => (root = url);
/** The URL of the app's file `path` (a package's glue or module, an endgame file, a picture). */
export const rootUrl = (path) => new URL(path, root);
export const EMPTY = "8/8/8/8/8/8/8/8 w - - 0 1";
// pkg-lessons' glue; after a trap, renew() makes the next load point it at a fresh instance's
let chessPackage = firstChessPackage;
/** pkg-lessons' glue now (a fresh instance's after renew()). */
export const lessonsPackage = () => chessPackage;


// The lesson packages, each loaded once, when a lesson first needs it: pkg-lessons (chess
// lessons, the one a child's first lesson needs) and pkg-lessons-full (with pieces as data and the
// king-and-pawn solver: for a lesson with a piece set, which pkg-lessons' lessonPackage(text)
// names, and for a lesson whose endgameFiles() are not empty, which pkg-lessons cannot solve).
export const FULL = "pkg-lessons-full";
let instance = 0; // > 0: each glue imported again under a new URL, so a fresh instance (renew)
// (each glue named whole: the build points it at its hashed name, scripts/web-assets.mjs)
const again = (name) => import(new URL(`${name === FULL ? "pkg-lessons-full/chess_tutor.js" : "pkg-lessons/chess_tutor.js"}?instance=${instance}`, root).href);
const PACKAGES = {
  "pkg-lessons": () => (instance ? again("pkg-lessons") : Promise.resolve(firstChessPackage)),
  [FULL]: () => (instance ? again(FULL) : import("../pkg-lessons-full/chess_tutor.js")),
};
// each package's module, named in full: the build gives it a content hash (scripts/web-assets.mjs)
const WASM = { "pkg-lessons": "pkg-lessons/chess_tutor_bg.wasm", [FULL]: "pkg-lessons-full/chess_tutor_bg.wasm" };
/** The package a lesson read by `pkg` plays with: FULL when it needs the solver pkg has not. */
export const needsSolver = (pkg, lesson) => !pkg.Endgame && lesson.endgameFiles().length > 0;
const packages = {};
export const loadPackage = (name) =>
  (packages[name] ??= PACKAGES[name]()
    .then(async (pkg) => {
      await pkg.default({ module_or_path: new URL(WASM[name], root) });
      if (name === "pkg-lessons") chessPackage = pkg;
      return pkg;
    })
    .catch((error) => {
      delete packages[name]; // tried again by the next lesson
      throw error;
    }));
export const loadRules = () => loadPackage("pkg-lessons");

/** The rules a lesson's widget shows with (chess-tutor.js, in place of its own pkg/: one package
 *  in a lesson): pkg-lessons' formula table and FIDE's pictures; its Game is an empty board until
 *  the lesson lends its own game (host.useGame; a lesson with a piece set its set, host.usePieces). */
export const rules = () =>
  loadRules().then((pkg) => ({ lesson: true, version: pkg.version(), formulas: new Map(pkg.formulas().map((f) => [f.kind, f])), Game: Empty, sprite: (p) => pieceImage(p.color, p.char) }));
/** An empty board in the Game's reading shape (`new Empty()`), whatever position is asked. */
function Empty() {
  return { fen: () => EMPTY, pieces: () => [], targets: () => [], status: () => ({ turn: "white", check: false, outcome: null }), undo: () => null, redo: () => null, free() {} };
}
// lesson texts fetched ahead (the next lesson's, while the child reads the intro), by URL
export const prefetched = new Map();
export const fetchLessonText = (url) => {
  const ahead = prefetched.get(url.href);
  prefetched.delete(url.href);
  // (its hashed copy when the page names one: www/widget/data-files.js)
  return ahead ?? fetchData(url).then(async (r) => ({ ok: r.ok, status: r.status, text: r.ok ? await r.text() : null }));
};
// king-and-pawn endgames: one solver for every lesson, each data file fetched once
let endgame = null;

/** After a trap (chess-tutor.js "Start over"): the next lesson builds fresh instances of the
 *  lesson packages; the trapped ones' objects (the endgame solver) are dropped, not freed. */
export function renew() {
  if (!Object.keys(packages).length) return;
  for (const name of Object.keys(packages)) delete packages[name];
  endgame = null;
  instance += 1;
}
const endgameData = {};
export const loadEndgameFile = (file) =>
  (endgameData[file] ??= fetch(new URL(`endgame/${file}`, root)).then(async (r) => {
    if (!r.ok) throw Object.assign(new Error(`HTTP ${r.status}`), { status: r.status });
    return new Uint8Array(await r.arrayBuffer());
  })).catch((error) => {
    delete endgameData[file];
    throw Object.assign(error, { file });
  });

// the shapes of the king-and-pawn ideas, in svg units
/** The endgame solver every lesson shares (its tables loaded once), made by `pkg`. */
export const sharedEndgame = (pkg) => (endgame ??= new pkg.Endgame());


/** A teacher's recordings (the lesson's `audio`: a text's JSON pointer → { lang: file }), as
 *  language → the text as shown → the recording's URL (relative to the lesson). `given`: the
 *  studio's recordings not yet saved (<chess-tutor>.lessonAudio, the same shape, blob: URLs). */
// `lesson`: the lesson file as JSON.
export function recordings(lesson, url, given) {
  const out = new Map();
  const at = (pointer) => String(pointer).split("/").slice(1).reduce((x, key) => x?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], lesson);
  for (const [pointer, files] of Object.entries({ ...(lesson?.audio ?? {}), ...(given ?? {}) })) {
    const shown = at(pointer);
    if (!shown || typeof files !== "object") continue;
    for (const [lang, file] of Object.entries(files)) {
      const words = typeof shown === "string" ? shown : shown[lang];
      if (typeof words !== "string" || typeof file !== "string" || !words.trim()) continue;
      if (!out.has(lang)) out.set(lang, new Map());
      // the lesson's own files only (a path inside its package, as the server and the checker
      // take them): never another host, which would learn who plays when
      // (or the studio's own recording not saved yet: a blob: URL this page made)
      const studio = given?.[pointer]?.[lang] === file && file.startsWith("blob:");
      const own = studio || (/^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._/-]+$/.test(file) && !file.includes("//"));
      if (!own) continue;
      try {
        out.get(lang).set(words.trim(), new URL(file, url).href);
      } catch {}
    }
  }
  return out;
}
