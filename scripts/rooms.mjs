// The rooms of www/: one folder per part of the front end, the order in which they may import each
// other, and where their files land in dist/. Written once, here: scripts/build-web.mjs reads FLAT
// (where a file is built), tests/js/rooms.test.mjs checks every import edge of www/ against ROOMS
// and LAZY, docs/architecture.md draws it.
//
// A room may import the rooms in its `imports` list (statically or with import()), never one
// above it; LAZY names the few modules that load a higher room's entry with import() (a plug-in
// or a page loaded when asked for), each with its reason.

/**
 * Each room: its folder under www/, what it owns, and the rooms it may import. The order of the
 * list is the order of the layers: a room imports only rooms before it.
 */
export const ROOMS = [
  { room: "i18n", owns: "the words: i18n.js (loading a language, plurals, saying moves) and en/, ru/ word files", imports: [] },
  {
    room: "widget",
    owns: "the board view, the <chess-tutor> element and its plug-ins play and variant, explanations, feel, speech, and what every room shares: dom, errors, storage, progress, settings, the goal list, the course page, the setup board, the engine worker",
    imports: ["i18n"],
  },
  { room: "lesson", owns: "the lesson player (a plug-in of <chess-tutor>)", imports: ["i18n", "widget"] },
  { room: "school", owns: "school packages and platforms: xAPI, SCORM, cmi5, embed and its builder, the CSP page, package/ (the package core, H5P)", imports: ["i18n", "widget", "lesson"] },
  { room: "studio", owns: "the teachers' lesson editor, its worker, share links", imports: ["i18n", "widget", "lesson", "school"] },
  { room: "classes", owns: "the class server's client, the teacher's and the pupil's pages, class sign-in, homework", imports: ["i18n", "widget"] },
  { room: "practice", owns: "endless exercises per skill: the practice page, its session and log, the teacher's skills view", imports: ["i18n", "widget", "lesson", "classes"] },
  { room: "app", owns: "the app shell: index.html's page (app.js: course, settings, routes), offline, its style", imports: ["i18n", "widget", "lesson", "school", "studio", "classes", "practice"] },
];

/**
 * import() edges up the layers, each allowed by name: [importing module, room it loads, why].
 * Static imports never go up.
 */
export const LAZY = [
  ["widget/chess-tutor.js", "lesson", "the element loads the lesson player, its plug-in, when a lesson is asked for"],
  ["widget/chess-tutor.js", "school", "the element loads xapi.js when the page gives an xAPI endpoint"],
  ["classes/teacher.js", "practice", "the teacher's page loads the skills view when opened"],
  ["classes/pupil.js", "practice", "the pupil's page loads practice homework when there is some"],
  ["school/embed.js", "studio", "a shared lesson link (#/shared/…) is read by studio-share.js"],
  ["school/embed-builder.js", "studio", "a shared lesson or course link is read by studio-share.js"],
];

/**
 * Edges that break the order today, each with its way out (the test fails when one is gone, so
 * that the list only shrinks).
 */
export const EXCEPTIONS = [
  ["school/package/course.js", "studio", "guardJson and MAX_LESSON_BYTES live in studio-share.js: move the JSON guard down (widget/)"],
];

/**
 * JavaScript that stays at the top of www/, with the reason: its name is fixed by the browser.
 * Everything else is in a room.
 */
export const TOP = {
  "sw.js": "the service worker: its URL sets the scope it controls, the whole site, so it sits at the top",
};

/**
 * Modules still at the top of www/ on their way into a room (name → room): none now. A move made
 * in steps lists its modules here until they are in their room.
 */
export const MOVING = {};

/**
 * Parts of one page's script, bundled into it and never loaded alone (the pages' scripts import
 * them statically, nothing else does): not entry points of the build (scripts/build-web.mjs), as
 * an entry that another entry imports would become a chunk of its own, one more file before the
 * page runs.
 */
export const BUNDLED = ["app/class-link.js", "app/teacher-pages.js"];

/**
 * Rooms built flat: their files land at the top of dist/ (www/widget/board.js → dist/board.js),
 * where they were before the rooms. So every public name stays (dist/chess-tutor.js for a school's
 * script tag, embed.js, the package/ files, the workers' fixed names), and `new URL("./",
 * import.meta.url)` means the top of the site in every module and in every chunk, as the modules
 * expect. The words stay in dist/i18n/ (only i18n.js itself goes to the top).
 */
export const FLAT = ["widget", "classes", "school", "studio", "app"];

/** Where www/REL is built in dist/ (paths with "/"): a flat room's files at the top. */
export function distPath(rel) {
  const [first, ...rest] = rel.split("/");
  if (FLAT.includes(first) && rest.length) return rest.join("/");
  if (rel === "i18n/i18n.js") return "i18n.js";
  return rel;
}
