// @ts-check
// embed.html: the tutor alone, made to be put in an iframe on a school's page. Its query
// parameters (lesson, course, mode, fen, lang, pieces, read, origin, xapi-*) become a <chess-tutor>;
// a teacher's own lesson comes whole in the fragment (#shared=DATA, the studio's share data, made
// by the embed builder: never sent to a server, no file to put anywhere);
// every public event of the widget goes to the page around it with postMessage, only to the
// origin named (never "*"; without a valid origin nothing is sent), and so does the page's
// height (event "resize"). Commands (load-lesson, set-lang, restart) are taken only from the
// parent window of that origin. README.md, "For schools".
import "../widget/chess-tutor.js";
import { loadCourse, nextLesson } from "../widget/course.js";
import { h } from "../widget/dom.js";
import { loadWords, pickLang } from "../i18n/i18n.js";
import { load as loadProgress } from "../widget/progress.js";
import { EVENTS, MODES, TYPE, XAPI, lessonUrl, parseOrigin } from "./embed-message.js";

const params = new URLSearchParams(location.search);
const origin = parseOrigin(params.get("origin"));
const main = /** @type {HTMLElement} */ (document.getElementById("embed"));
/** What the frame shows: restart builds it again from here.
 * @type {{ lang: string, lesson: string | null, mode: string | null, fen: string | null, pieces: string | null }} */
const state = {
  lang: pickLang(params.get("lang")),
  lesson: params.get("lesson"),
  mode: MODES.includes(/** @type {string} */ (params.get("mode"))) ? params.get("mode") : null,
  fen: params.get("fen"),
  pieces: params.get("pieces"),
};
/** @type {(Awaited<ReturnType<typeof loadCourse>> & { base: URL }) | null} */
let course = null; // { ...loadCourse(), base } when the course parameter names one
/** @type {string | null} */
let sharedText = null; // the lesson of #shared=DATA, until a command loads another
/** @type {import("../widget/dom.js").TutorElement | null} */
let tutor = null;
let accepted = 0;
let ignored = 0;

document.documentElement.lang = state.lang;

// to the page around, only to the origin it named (a structured-clone-safe copy of the detail)
/** @param {string} event @param {unknown} detail */
function send(event, detail) {
  if (!origin || window.parent === window) return;
  let data;
  try {
    data = detail === undefined ? null : JSON.parse(JSON.stringify(detail));
  } catch {
    data = null;
  }
  window.parent.postMessage({ type: TYPE, event, detail: data }, origin);
}

// the lesson after this one in the course, for the widget's Next button
/** @param {HTMLElement} el @param {string} url */
function setNext(el, url) {
  if (!course) return;
  const base = course.base;
  const k = course.lessons.findIndex((l) => new URL(l.file, base).href === url);
  const next = course.lessons[k + 1];
  if (k >= 0 && next) el.setAttribute("next", new URL(next.file, course.base).href);
  else el.removeAttribute("next");
}

/** A new <chess-tutor> from the state (restart makes a fresh one: the lesson starts over). */
function build() {
  tutor?.remove();
  tutor = document.createElement("chess-tutor");
  tutor.id = "tutor";
  tutor.setAttribute("lang", state.lang);
  tutor.setAttribute("coordinates", "algebraic");
  // read=1: every text is read aloud (a school's page for children who do not read yet)
  if (params.get("read") === "1") tutor.setAttribute("read-aloud", "");
  for (const name of XAPI) {
    const value = params.get(name);
    if (value) tutor.setAttribute(name, value);
  }
  if (state.pieces) tutor.setAttribute("pieces", state.pieces);
  const url = lessonUrl(state.lesson, course, document.baseURI);
  if (sharedText != null) {
    tutor.lessonText = sharedText; // lesson.js plays this text: nothing is fetched
    let id = null;
    try {
      id = JSON.parse(sharedText)?.id;
    } catch {}
    tutor.setAttribute("lesson", `${/^[a-z0-9][a-z0-9-]*$/.test(id ?? "") ? id : "shared-lesson"}.json`);
  } else if (url) {
    tutor.setAttribute("lesson", url);
    setNext(tutor, url);
  } else {
    if (state.fen) tutor.setAttribute("fen", state.fen);
    if (state.mode) {
      tutor.setAttribute("mode", state.mode);
      tutor.setAttribute("move-list", "san");
    } else tutor.setAttribute("controls", "");
  }
  main.append(tutor);
}

for (const event of EVENTS) main.addEventListener(event, (e) => send(event, /** @type {CustomEvent} */ (e).detail));
// in a course the Next button opens the next lesson: the state follows, so restart keeps it
main.addEventListener("lesson", (e) => {
  const { url } = /** @type {CustomEvent<{ url?: string }>} */ (e).detail;
  if (!url || !tutor) return;
  const base = course?.base;
  const found = course?.lessons.find((l) => new URL(l.file, base).href === url);
  state.lesson = found ? found.id : url;
  setNext(tutor, url);
});

// the page's height, whenever it changes
let lastHeight = -1;
new ResizeObserver(() => {
  const height = Math.ceil(main.getBoundingClientRect().height);
  if (height === lastHeight) return;
  lastHeight = height;
  send("resize", { height });
}).observe(main);

/** The commands of the embedding page: { type: "chess-tutor", command, ... }.
 * @param {{ command: string, lesson?: unknown, lang?: unknown }} data */
function command(data) {
  if (data.command === "load-lesson" && typeof data.lesson === "string") {
    state.lesson = data.lesson;
    sharedText = null;
    build();
  } else if (data.command === "set-lang" && typeof data.lang === "string") {
    state.lang = pickLang(data.lang);
    document.documentElement.lang = state.lang;
    tutor?.setAttribute("lang", state.lang);
  } else if (data.command === "restart") build();
  else return false;
  return true;
}

window.addEventListener("message", (e) => {
  if (e.data?.type !== TYPE || typeof e.data.command !== "string") return;
  const ok = origin && e.origin === origin && e.source === window.parent && window.parent !== window && command(e.data);
  if (ok) accepted += 1;
  else ignored += 1;
  // what the frame did with commands, for the page's own checks
  document.documentElement.dataset.commands = `${accepted}/${ignored}`;
});

const courseParam = params.get("course");
if (courseParam) {
  // the course file (course.json) or its folder: its lessons are named relative to that folder
  const base = new URL("./", new URL(courseParam, document.baseURI));
  try {
    course = { ...(await loadCourse(base)), base };
    if (!state.lesson) {
      const { data } = loadProgress();
      state.lesson = (nextLesson(course, data) ?? course.lessons[0])?.id ?? null;
    }
  } catch (error) {
    const t = await loadWords(state.lang, "embed");
    h("p", { class: "embed-error", role: "alert" }, main, t.courseFailed(base.href));
    send("lesson-error", { url: base.href, message: error.message });
  }
}
const shared = new URLSearchParams(location.hash.slice(1)).get("shared");
if (shared) {
  const { decodeLesson } = await import("../studio/studio-share.js");
  const { text, damaged } = decodeLesson(shared);
  if (damaged) {
    const t = await loadWords(state.lang, "embed");
    h("p", { class: "embed-error", role: "alert" }, main, t.sharedDamaged);
    send("lesson-error", { url: "#shared", message: "the lesson's data is damaged" });
  } else sharedText = text;
}
if (!main.querySelector(".embed-error")) build();
