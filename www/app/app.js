// @ts-check
// The chess-tutor app page: a course of lessons (course.js, lessons/course.json) played in a
// <chess-tutor lesson="…">, and a free-play board, in tabs; a settings menu (language, board
// labels, "How is it counted?", sound: settings.js) for every board. In a lesson or a game the
// header is a compact bar (back, the lesson's title, settings) and the board, the task and the
// feedback fit one screen (style.css gives the widget the height left: --ct-fit-height). Views: #/course (the default), #/lesson/<id>, #/play, #/game (a
// game against the computer or a friend: play.js), #/setup (a setup board: setup.js), #/studio (the
// lesson studio for teachers: studio.js, loaded only then), #/embed (the embed builder for a school's
// webmaster: embed-builder.js, loaded only then) and #/shared/<data> (a lesson carried in
// the link: studio-share.js). Every rule and every word on the board come from the widget.
import { loadCourses, renderCourse } from "../widget/course.js";
import { dataUrl } from "../widget/data-files.js";
import { h, make, stylesheet } from "../widget/dom.js";
import { nextHomework } from "../classes/homework-run.js";
import { LANGS, loadWords, pickLang } from "../i18n/i18n.js";
import { CHOICES, load as loadSettings, save as saveSettings } from "../widget/settings.js";
import { local, read as readStored, write as writeStored } from "../widget/storage.js";
import { textOf } from "../widget/text-of.js";
import { classApp, classServer, recordAttempt, recordAttempts, whenClassServerBack } from "./class-link.js";
import * as teacherPages from "./teacher-pages.js";

// the widget (<chess-tutor>, every board of the page): the views with a board wait for it
// (route); the course page, which has no board, asks for it only once its cards are drawn, with
// the first lesson's files (preloadPlayer), so that on a slow tablet its code is not run before
// the cards show (issue 36)
/** @type {Promise<unknown> | null} */
let widgetLoading = null;
const widget = () => {
  widgetLoading ??= import("../widget/chess-tutor.js");
  widgetLoading.catch(() => {}); // the course page does without it; a board's view says what went wrong
  return widgetLoading;
};
/** An address of the course page (the default view): shown without the widget. */
const courseAddress = (hash) => /^(#\/course(\/[a-z0-9][a-z0-9-]*)?)?$/.test(hash);
if (!courseAddress(location.hash)) widget();
const LESSONS = new URL("lessons/", document.baseURI);
const COURSE_INDEX = new URL("course-index.json", document.baseURI); // built by scripts/build-web.mjs
// the lesson player's parts (lesson.js's PARTS) and its package, loaded ahead from the course page
const LESSON_WORDS = ["lesson", "messages-lesson", "messages-core", "speech"];
const LESSON_WASM = "pkg-lessons/chess_tutor_bg.wasm";
// the widget's own words in a lesson: the board's, the language's letters, the explanation's
const WIDGET_WORDS = ["board", "language", "explain"];
const SETTLE_ON_COURSE_MS = 15_000;
const CHOSEN_COURSE_KEY = "chess-tutor:course"; // the course last shown, by id (course.js courseId)

/** @typedef {import("../widget/dom.js").TutorElement} TutorElement */
/** Every course (course.js loadCourses). @typedef {Awaited<ReturnType<typeof loadCourses>>} Courses */
/** A word file (any: each word a text or a function of its own arguments). @typedef {Record<string, any>} Words */
/** The page's elements (index.html has each). @param {string} id */
const element = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** The elements that match `selector`, as the HTML elements they are. @param {string} selector */
const all = (selector) => /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(selector));

const status = element("status");
const courseBox = element("course");
const lessonSlot = element("lesson-slot");
const lessonPosition = element("lesson-position");
const viewTitle = element("view-title");
const settingsButton = element("settings-button");
const settingsMenu = element("settings");
const params = new URLSearchParams(location.search);
let lang = "en";
/** @type {Words} */
let t = /** @type {any} */ (null); // the words of www/i18n/<lang>/app.js (any: null until setLang has them)
const settings = loadSettings(LANGS); // { lang, coordinates, formula, sound, read, readAsked }
const readSwitch = element("read-switch");
const readNote = element("read-note");
// reading aloud (speech.js, README.md "For children"): loaded when the settings or a lesson need it
/** @type {typeof import("../widget/speech.js") | null} */
let speechLoaded = null; // speech.js once loaded: leaving a view silences it
const speechModule = () => import("../widget/speech.js").then((m) => (speechLoaded = m));
// the app's own screens said aloud, with pictures (app/voice.js: the tabs, the course page)
const appVoice = () => import("./voice.js");
/** Says `parts` ({ text, node }: each node lit while said) in the page's language.
 * @param {Parameters<typeof import("../widget/speech.js").speak>[0]} parts */
async function say(parts) {
  const [speech, words] = await Promise.all([speechModule(), loadWords(lang, "speech", "language")]);
  return speech.speak(parts, { lang, words });
}
/** The course page's hello: hello, the courses, the next lesson (brought into view).
 * @param {typeof import("./voice.js")} v @param {Words} words */
function courseHello(v, words) {
  courseBox.querySelector(".lesson-card.next")?.scrollIntoView?.({ block: "nearest" });
  return v.homeParts(courseBox, words);
}
/** What app/voice.js needs of this page: say, the speaker button, the words. */
const voiceTools = async () => ({ say, speakerButton: (await speechModule()).speakerButton, t });
let coordinates = settings.coordinates; // this page's (an address's ?coordinates= is not remembered)
/** @type {Courses | null} */
let course = null; // every course, loaded once, on first need (course.js loadCourses)
/** @type {Promise<Courses> | null} */
let courseLoading = null;
/** @type {TutorElement | null} */
let tutor = null; // the free-play board: made when first shown (only it loads the widget's own pkg/)
/** @type {TutorElement | null} */
let lessonTutor = null;
/** @type {TutorElement | null} */
let gameTutor = null; // made when the game page is first shown: play.js loads only then
/** @type {HTMLElement | null} */
let setupBoard = null;
// practice (www/practice/: its page, its package pkg-practice) loads only when asked for; its
// small door (entry.js: the course page's card, a lesson's skill, the settings' diary) with the course
const practice = () => import("../practice/page.js");
const practiceEntry = () => import("../practice/entry.js");
// the class server found after the network came back (class-link.js): the course page shows its box
whenClassServerBack(() => {
  const top = document.body.dataset.view === "course" && document.querySelector(".course-top");
  if (top && !top.querySelector("#class-box")) import("../classes/pupil.js").then((m) => m.classBox(/** @type {HTMLElement} */ (top), { lang, course }));
});
const app = { show, playText, getCourse, lessonSlot, lang: () => lang, studio: teacherPages.studioNow, applySettings, settings, recordAttempt, settle, classes: () => classServer };

/** The footer: the version of the rules the page loaded first (any board's, when it is ready).
 * @param {string | undefined} version */
function showVersion(version) {
  if (version) status.textContent = `chess-tutor v${version}`;
}
document.addEventListener("ready", (e) => /** @type {Element} */ (e.target).localName === "chess-tutor" && showVersion(/** @type {CustomEvent} */ (e).detail?.version));

/** @param {string} key @param {unknown} value */
function remember(key, value) {
  settings[key] = value;
  saveSettings(settings);
}

/** The settings as attributes of a <chess-tutor> (lang, coordinates, formula, sound).
 * @param {Element | null} el */
function applySettings(el) {
  if (!el) return;
  el.setAttribute("lang", lang);
  el.setAttribute("coordinates", coordinates);
  el.setAttribute("formula", settings.formula);
  el.toggleAttribute("sound", settings.sound);
  el.toggleAttribute("read-aloud", settings.read);
}
const boards = () => [tutor, lessonTutor, gameTutor];

/** @param {string} attr @param {string} value */
function pressed(attr, value) {
  for (const b of all(`[data-${attr}]`)) b.setAttribute("aria-pressed", String(b.dataset[attr] === value));
}

/** @param {string} value @param {boolean} save */
async function setLang(value, save) {
  lang = value;
  document.documentElement.lang = lang;
  for (const el of [...boards(), setupBoard]) el?.setAttribute("lang", lang);
  teacherPages.setLang(lang);
  pressed("lang", lang);
  if (save) remember("lang", lang);
  const words = await loadWords(value, "app");
  if (lang !== value) return;
  t = words;
  window.dispatchEvent(new Event("app-words"));
  for (const node of all("[data-text]")) node.textContent = t[/** @type {string} */ (node.dataset.text)];
  Promise.all([appVoice(), voiceTools()]).then(([v, tools]) => lang === value && v.tabsSpeaker(/** @type {HTMLElement} */ (document.querySelector("nav.tabs")), tools, () => (document.body.dataset.view === "course" ? courseHello(v, tools.t) : [])));
  if (!settingsMenu.hidden) noteVoice();
  route();
}

/** @param {string} mode @param {boolean} save */
function setCoordinates(mode, save) {
  coordinates = mode;
  for (const el of boards()) el?.setAttribute("coordinates", mode);
  pressed("coordinates", mode);
  if (save) remember("coordinates", mode);
}

/** @param {string} mode */
function setFormula(mode) {
  remember("formula", mode);
  for (const el of boards()) el?.setAttribute("formula", mode);
  pressed("formula", mode);
}

/** @param {boolean} on */
function setSound(on) {
  remember("sound", on);
  for (const el of boards()) el?.toggleAttribute("sound", on);
  pressed("sound", on ? "on" : "off");
}

/** "Read to me": every text a child is given is read aloud (the boards' read-aloud attribute).
 * @param {boolean} on */
function setRead(on) {
  settings.readAsked = true; // chosen: the first lesson does not ask
  remember("read", on);
  for (const el of boards()) el?.toggleAttribute("read-aloud", on);
  readSwitch.setAttribute("aria-checked", String(on));
}

/** The menu's sentence under "Read to me": what it does, or that this device has no voice for
 *  the language (its voices load after the page: said again when they change). */
async function noteVoice() {
  const speech = await speechModule();
  await speech.voicesReady();
  if (!t) return;
  const has = speech.hasVoice(lang);
  readNote.textContent = has ? t.readNote : t.noVoice;
  readNote.dataset.text = has ? "readNote" : "noVoice";
  /** @type {HTMLElement} */ (readSwitch.closest(".group")).dataset.voice = String(has);
}

/** Asked once, at the first lesson: "Shall I read to you?" (read-ask.js, loaded only then). */
const askRead = () => import("./read-ask.js").then((m) => m.askRead({ settings, speech: speechModule, t: () => t, lang: () => lang, setRead }));

// the settings menu: a button (aria-expanded) and a non-modal dialog; Escape, Done or a click
// outside closes it and gives the focus back to the button
/** @param {boolean} open */
function openSettings(open) {
  if (open === !settingsMenu.hidden) return;
  settingsMenu.hidden = !open;
  settingsButton.setAttribute("aria-expanded", String(open));
  if (open) /** @type {HTMLElement} */ (settingsMenu.querySelector('[aria-pressed="true"]') ?? settingsMenu.querySelector("button")).focus();
  if (open) noteVoice();
}
settingsButton.addEventListener("click", () => openSettings(Boolean(settingsMenu.hidden)));
/** @type {HTMLElement} */ (settingsMenu.querySelector(".settings-close")).addEventListener("click", () => {
  openSettings(false);
  settingsButton.focus();
});
document.addEventListener("keydown", (e) => {
  if (e.key !== "Escape" || settingsMenu.hidden) return;
  e.preventDefault();
  openSettings(false);
  settingsButton.focus();
});
document.addEventListener("pointerdown", (e) => {
  if (!settingsMenu.hidden && !/** @type {Element} */ (e.target).closest(".settings")) openSettings(false);
});

/** @returns {Promise<Courses>} */
function getCourse() {
  courseLoading ??= loadCourses(LESSONS, { index: COURSE_INDEX }).then((c) => (course = c));
  return courseLoading;
}

/** The course to show: `id` when there is one (then remembered), else the one last shown, else
 *  the first. Once the courses are here.
 * @param {string | null} [id] */
function chosenCourse(id) {
  const { courses } = /** @type {Courses} */ (course);
  const stored = readStored(local(), CHOSEN_COURSE_KEY);
  /** @param {unknown} key */
  const found = (key) => courses.find((c) => c.id === key);
  const chosen = (id && found(id)) || (stored.ok && found(stored.text)) || courses[0];
  if (id && chosen.id === id && !(stored.ok && stored.text === id)) writeStored(local(), CHOSEN_COURSE_KEY, id);
  return chosen;
}

/** A low-priority <link rel="preload" as="fetch"> (once per URL): the fetch() that later asks
 *  for the same URL (lesson.js: a lesson's text, the package's wasm) gets its response.
 * @param {string | URL} href */
function preloadFetch(href) {
  const url = new URL(href, document.baseURI).href;
  if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(url)}"]`)) return;
  h("link", { rel: "preload", as: "fetch", crossorigin: "anonymous", fetchpriority: "low", href: url }, document.head);
}

let lessonsCompiled = false;
/** Once the course shows: the lesson package (its wasm fetched ahead, at a low priority, behind
 *  the course's own files) compiled, so that the first lesson starts at once. */
function compileLessons() {
  if (lessonsCompiled) return;
  lessonsCompiled = true;
  import("../lesson/player.js").then((m) => m.rules()).then((r) => showVersion(r.version), () => (lessonsCompiled = false)).finally(lessonFilesHere);
}
// What the course page shows a moment later (the class box, Practice: about a dozen files) waits
// until the first lesson's files are here and its package compiled (compileLessons), or a while at
// most, and then for a quiet moment: on a slow network those files no longer compete with the
// first lesson's, and on a slow tablet their work does not delay the child's first tap (issue 36)
/** @type {() => void} */
let lessonFilesHere = () => {};
const lessonFilesReady = new Promise((done) => (lessonFilesHere = () => done(undefined)));
const LESSON_FILES_WAIT_MS = 4000;
/** The page's style sheets loaded (a box's own sheet, pupil.css or practice.css, added as it is
 *  drawn: unstyled, its picture is drawn as large as the picture file, and the cards below jumped
 *  down and back up, layout shift 0.66 in Lighthouse), or 3 s at most. */
const sheetsLoaded = () => {
  const links = /** @type {HTMLLinkElement[]} */ ([...document.head.querySelectorAll('link[rel="stylesheet"]')]).filter((l) => !l.sheet);
  const loaded = links.map((l) => new Promise((done) => (l.addEventListener("load", done, { once: true }), l.addEventListener("error", done, { once: true }))));
  return Promise.race([Promise.all(loaded), new Promise((done) => setTimeout(done, 3000))]);
};
/** @param {() => void} fn */
const afterLessonFiles = (fn) => {
  setTimeout(lessonFilesHere, LESSON_FILES_WAIT_MS);
  lessonFilesReady.then(() => ("requestIdleCallback" in window ? requestIdleCallback(() => fn(), { timeout: 500 }) : setTimeout(fn, 0)));
};

let playerPreloaded = false;
/** While the course page shows: what the first lesson needs beyond the page, fetched ahead at a
 *  low priority (the package's wasm, compiled; lesson.js, feel.js and the explanation, explain.js;
 *  the sheets of the board, the widget, its plug-ins and the lesson; the words of the board and
 *  the lesson), so that no step of the lesson's start waits for a file. Errors wait for the
 *  lesson, which says what went wrong. */
function preloadPlayer(language = lang) {
  if (playerPreloaded) return;
  playerPreloaded = true;
  widget();
  preloadFetch(LESSON_WASM);
  import("../lesson/player.js").catch(() => {});
  import("../widget/feel.js").catch(() => {}); // the widget loads it with every lesson
  import("../widget/explain.js").catch(() => {}); // the panel's explanation of the child's first click
  for (const name of ["board.css", "chess-tutor.css", "plug-in.css", "feel.css", "brushes.css", "lesson.css"]) stylesheet(name).catch(() => {});
  loadWords(language, ...WIDGET_WORDS, ...LESSON_WORDS).catch(() => {});
}

// The page is settled when a lesson is ready to play, or a view other than the course is shown,
// or the course page has been shown for a while: offline.js registers the service worker then
// (its precache downloads the whole site, which must not compete with the first lesson).
let settleTimer = 0;
function settle() {
  clearTimeout(settleTimer);
  if (document.documentElement.dataset.settled) return;
  document.documentElement.dataset.settled = "true";
  window.dispatchEvent(new Event("app-settled"));
}

/** @param {string} view */
function show(view) {
  // leaving a view: its voice stops (a game's board stays, hidden)
  // (at once: what the next view says as it opens is not cut by a cancel that comes after it)
  if (document.body.dataset.view !== view) speechLoaded?.cancel();
  for (const section of all(".view")) section.hidden = section.dataset.view !== view;
  for (const tab of all("[data-tab]")) {
    const on = tab.dataset.tab === (/** @type {Record<string, string>} */ ({ lesson: "course", class: "course", practice: "course", teacher: "studio", teachers: "studio" })[view] ?? view);
    if (on) tab.setAttribute("aria-current", "page");
    else tab.removeAttribute("aria-current");
  }
  document.body.dataset.view = view;
  if (view !== "course") {
    clearTimeout(settleTimer); // the course page's "for a while" starts again when it is shown again
    settleTimer = 0;
  }
  viewTitle.textContent = view === "game" ? t.game : "";
  if (view !== "lesson") lessonPosition.textContent = "";
  document.getElementById("shared-note")?.remove();
  document.getElementById("shared-course")?.remove();
  if (view !== "teacher" && document.body.dataset.printing) delete document.body.dataset.printing; // the login cards' print sheet
  if (view !== "lesson" && lessonTutor) {
    lessonTutor.remove(); // one board at a time: the free-play board keeps its game
    lessonTutor = null;
  }
}

/** @param {string | null} [id] */
async function showCourse(id = null) {
  show("course");
  if (!course) {
    courseBox.replaceChildren();
    const p = document.createElement("p");
    p.className = "course-loading";
    p.textContent = t.loading;
    courseBox.append(p);
    try {
      await getCourse();
      // a first visit: the class box's room is known once the server answers (at most 0.4 s more)
      if (!document.body.dataset.classRoom) await Promise.race([classServer, new Promise((done) => setTimeout(done, 400))]);
    } catch (error) {
      courseLoading = null;
      p.className = "course-error";
      p.textContent = t.loadError(error.status);
      document.body.dataset.course = "error";
      return;
    }
  }
  if (document.body.dataset.view !== "course") return;
  const shown = chosenCourse(id);
  renderCourse(courseBox, shown, lang, t, /** @type {Courses} */ (course).courses);
  courseBox.dataset.course = shown.id;
  // a speaker on each section; the first screen's speaker greets and says the next lesson, at
  // once when reading aloud is on and the child came here by a tap (a browser says nothing before)
  const auto = settings.read && Boolean(navigator.userActivation?.hasBeenActive);
  Promise.all([appVoice(), voiceTools()]).then(([v, tools]) => {
    if (document.body.dataset.view !== "course" || courseBox.dataset.course !== shown.id) return;
    v.sectionSpeakers(courseBox, tools);
    if (auto) say(courseHello(v, tools.t));
  });
  document.body.dataset.course = "ready";
  // the boxes above the course (a pupil's class box, Practice) come a moment after it: their room
  // is kept while they load (style.css .course-top), so the course never jumps under a finger
  const top = document.createElement("div");
  top.className = "course-top loading";
  courseBox.prepend(top);
  afterLessonFiles(() => {
    // (their modules load even when the child has gone on to a lesson: the page shows them when
    // the course comes back, and a second visit has them in its cache)
    const here = () => top.isConnected && document.body.dataset.view === "course";
    Promise.allSettled([
      classServer.then(/** @returns {unknown} */ (on) => on && import("../classes/pupil.js").then(/** @returns {unknown} */ (m) => here() && m.classBox(top, { lang, course }))),
      practiceEntry().then(/** @returns {unknown} */ (m) => here() && m.courseEntry(top, lang)),
    ])
      .then(sheetsLoaded)
      .then(() => top.classList.remove("loading"));
  });
  // then (not before: the course's own files first, on a school's slow network) the first lesson's
  // package, the largest file, at a low priority; once the cards' pictures are here, its player
  // and the rest, fetched ahead, and the package compiled. Asked for once the cards are drawn (the
  // frame after this one), so that the page's largest text, the course's title, is painted first
  requestAnimationFrame(() => setTimeout(() => preloadFetch(LESSON_WASM), 0));
  const pictures = /** @type {HTMLImageElement | null} */ (courseBox.querySelector("img.card-pict"))?.decode() ?? Promise.resolve();
  Promise.race([pictures.catch(() => {}), new Promise((done) => setTimeout(done, 3000))]).then(() => {
    preloadPlayer();
    compileLessons();
  });
  // the lesson the child is most likely to open next: its text, fetched ahead
  const next = /** @type {HTMLElement | null} */ (courseBox.querySelector(".lesson-card.next"))?.dataset.lesson;
  const file = next && shown.lessons.find((l) => l.id === next)?.file;
  if (file) preloadFetch(dataUrl(new URL(file, LESSONS)) ?? new URL(file, LESSONS)); // its hashed copy when there is one
  if (!document.documentElement.dataset.settled && !settleTimer) settleTimer = setTimeout(settle, SETTLE_ON_COURSE_MS);
}

/** @param {string} id */
async function showLesson(id) {
  show("lesson");
  /** @type {Courses["lessons"] | null} */
  let list = null;
  let numbersCourse = false;
  try {
    // the course that holds the lesson: its order, its next lesson, and the course shown after it
    const owner = (await getCourse()).lessons.find((l) => l.id === id)?.course;
    if (owner) chosenCourse(owner.id);
    numbersCourse = owner?.id === "numbers";
    list = owner?.lessons ?? null;
  } catch {
    /* no course: the lesson still opens, without a position or a next lesson */
  }
  if (document.body.dataset.view !== "lesson") return;
  const k = list ? list.findIndex((l) => l.id === id) : -1;
  const lesson = list?.[k];
  const next = list?.[k + 1];
  viewTitle.textContent = lesson?.title ? textOf(lesson.title, lang) : "";
  lessonPosition.textContent = lesson && list ? t.lessonOf(k + 1, list.length) : "";
  if (lessonTutor?.lessonText != null) {
    lessonTutor.remove(); // a shared lesson's board: a course lesson gets a board of its own
    lessonTutor = null;
  }
  if (!lessonTutor) {
    lessonTutor = /** @type {TutorElement} */ (document.createElement("chess-tutor"));
    lessonTutor.id = "lesson-tutor";
    applySettings(lessonTutor);
    lessonTutor.addEventListener("lesson-ready", (e) => {
      settle();
      askRead(); // once, at the first lesson
      // the lesson's own title (the course index may be older than an edited lesson)
      const title = /** @type {CustomEvent} */ (e).detail?.title;
      if (title && typeof title === "object") viewTitle.textContent = textOf(title, lang) || viewTitle.textContent;
    });
    lessonTutor.addEventListener("lesson-error", settle);
    recordAttempts(lessonTutor);
    lessonTutor.addEventListener("lesson-next", (e) => {
      const { dataset } = /** @type {HTMLElement} */ (e.target);
      const nextId = dataset.nextId;
      if (!nextId) return;
      e.preventDefault();
      location.hash = dataset.nextHash ?? `#/lesson/${nextId}`;
    });
    lessonSlot.append(lessonTutor);
  }
  const file = `lessons/${id}.json`; // as written: the error panel shows it
  // homework: Next goes to the next homework lesson (homework-run.js), else the course's next
  const homework = nextHomework(id);
  delete lessonTutor.dataset.nextHash;
  if (homework) {
    lessonTutor.setAttribute("next", homework.own ? homework.hash : `lessons/${homework.id}.json`);
    lessonTutor.dataset.nextId = homework.id;
    lessonTutor.dataset.nextHash = homework.hash;
  } else if (next) {
    lessonTutor.setAttribute("next", `lessons/${next.file}`);
    lessonTutor.dataset.nextId = next.id;
  } else {
    lessonTutor.removeAttribute("next");
    delete lessonTutor.dataset.nextId;
  }
  // the first lesson of a section: a hand shows the first move, once per section (lesson.js)
  if (lesson && lesson.section?.lessons[0] === lesson) lessonTutor.dataset.hand = lesson.section.id;
  else delete lessonTutor.dataset.hand;
  // the last lesson of a section: its done card says the section is finished (lesson.js)
  const sectionEnd = lesson?.section && lesson.section.lessons.at(-1) === lesson ? textOf(lesson.section.title, lang) : "";
  if (sectionEnd) lessonTutor.dataset.sectionEnd = sectionEnd;
  else delete lessonTutor.dataset.sectionEnd;
  // the (i, j) labels 0–7 only where the formulas are taught ("Chess and numbers"), unless the
  // child chose other labels in the settings
  lessonTutor.setAttribute("coordinates", numbersCourse && coordinates === "algebraic" ? "both" : coordinates);
  if (lessonTutor.getAttribute("lesson") !== file) lessonTutor.setAttribute("lesson", file);
  // its skill, offered after the lesson, asked for once the lesson is ready: lessons/skills.json
  // (13 KB) does not compete with the first lesson's package on a slow network (issue 36)
  const offer = () => lessonTutor?.getAttribute("lesson") === file && practiceEntry().then((m) => lessonTutor && m.offerSkill(lessonTutor, id, lang, lesson ? (lesson.skill ?? null) : undefined));
  if (lessonTutor.dataset.lesson && lessonTutor.dataset.lesson !== "loading") offer();
  else lessonTutor.addEventListener("lesson-ready", offer, { once: true });
  window.scrollTo({ top: 0 });
}

/** The free-play board (#/play): made when first shown, kept across views. */
function showPlay() {
  show("play");
  if (tutor) return;
  tutor = /** @type {TutorElement} */ (make(null, "chess-tutor", { id: "tutor", "move-list": "long", controls: "" }));
  applySettings(tutor);
  const fen = params.get("fen");
  if (fen) tutor.setAttribute("fen", fen);
  element("play-slot").append(tutor);
}

/** The game against the computer or a friend (<chess-tutor mode>): kept across views.
 * @param {string | null} setupFen */
function showGame(setupFen) {
  show("game");
  if (!gameTutor) {
    gameTutor = /** @type {TutorElement} */ (document.createElement("chess-tutor"));
    gameTutor.id = "game";
    gameTutor.setAttribute("mode", "computer");
    gameTutor.setAttribute("move-list", "san");
    applySettings(gameTutor);
    gameTutor.addEventListener("setup-request", (e) => {
      pendingSetup = /** @type {CustomEvent<{ fen: string }>} */ (e).detail.fen;
      location.hash = "#/setup";
    });
    if (setupFen) gameTutor.dataset.setupFen = setupFen;
    element("game-slot").append(gameTutor);
  } else if (setupFen) gameTutor.dispatchEvent(new CustomEvent("game-setup", { detail: { fen: setupFen } }));
}

/** @type {string | null} */
let pendingSetup = null; // the game's position, for the setup board to start from
/** @type {string | null} */
let playFromSetup = null; // the setup board's position, for the game page

async function showSetup() {
  show("setup");
  if (!setupBoard) {
    await import("../widget/setup.js");
    setupBoard = document.createElement("chess-setup");
    setupBoard.id = "setup";
    setupBoard.setAttribute("lang", lang);
    setupBoard.addEventListener("setup-play", (e) => {
      playFromSetup = /** @type {CustomEvent<{ fen: string }>} */ (e).detail.fen;
      location.hash = "#/game";
    });
    element("setup-slot").append(setupBoard);
  }
  if (pendingSetup) setupBoard.setAttribute("fen", pendingSetup);
  pendingSetup = null;
}

/** A lesson or a course carried in the link (#/shared/…, #/shared-course/…: shared-links.js,
 *  loaded only then), in the lesson view. */
const sharedPage = () => ({ playText, t, lang, lessonSlot, viewTitle, lessonPosition, dropLesson });
/** @param {string} data */
function showShared(data) {
  show("lesson");
  return import("./shared-links.js").then((m) => m.showShared(sharedPage(), data));
}
/** @param {string} rest */
function showSharedCourse(rest) {
  show("lesson");
  return import("./shared-links.js").then((m) => m.showSharedCourse(sharedPage(), rest));
}
function dropLesson() {
  lessonTutor?.remove();
  lessonTutor = null;
}

/** A lesson's text (not a file of the course) in the player: no stars kept in this browser.
 * @param {string} text @param {{ damaged?: boolean, where?: string, record?: boolean }} [options] */
function playText(text, { damaged = false, where = "", record = false } = {}) {
  /** @type {any} */
  let lesson = null; // any: the text's JSON, whatever it holds (the player checks it)
  try {
    lesson = JSON.parse(text);
  } catch {
    /* the player says what is wrong */
  }
  lessonTutor?.remove();
  lessonTutor = /** @type {TutorElement} */ (document.createElement("chess-tutor"));
  lessonTutor.id = "lesson-tutor";
  lessonTutor.lessonText = text; // lesson.js plays this text: nothing is fetched, no stars kept
  lessonTutor.addEventListener("lesson-ready", settle);
  if (record) recordAttempts(lessonTutor);
  applySettings(lessonTutor);
  viewTitle.textContent = textOf(lesson?.title, lang);
  lessonPosition.textContent = where;
  if (damaged) lessonSlot.before(h("p", { id: "shared-note", class: "course-error shared-note", role: "alert" }, null, t.sharedDamaged));
  lessonTutor.setAttribute("lesson", `${/^[a-z0-9][a-z0-9-]*$/.test(lesson?.id ?? "") ? lesson.id : "shared-lesson"}.json`);
  lessonSlot.append(lessonTutor);
  window.scrollTo({ top: 0 });
}

// the teachers' pages: the studio, "For teachers", the embed builder (teacher-pages.js)
const showStudio = () => teacherPages.showStudio(app, () => t);
const showTeachers = () => teacherPages.showTeachers(app);
const showEmbed = () => teacherPages.showEmbed(app);

function route() {
  if (!t) return; // setLang routes once the words are here
  if (courseAddress(location.hash) || customElements.get("chess-tutor")) routeNow();
  else widget().then(routeNow, routeNow); // (a widget that fails to load: its views say so)
}

function routeNow() {
  const hash = location.hash;
  const lesson = /^#\/lesson\/([a-z0-9][a-z0-9-]*)$/.exec(hash);
  const chosen = /^#\/course\/([a-z0-9][a-z0-9-]*)$/.exec(hash);
  if (lesson) showLesson(lesson[1]);
  else if (chosen) showCourse(chosen[1]);
  else if (hash === "#/play") showPlay();
  else if (hash === "#/game") {
    showGame(playFromSetup);
    playFromSetup = null;
  } else if (hash === "#/setup") showSetup();
  else if (hash === "#/studio") showStudio();
  else if (hash === "#/teachers") showTeachers();
  else if (hash === "#/embed") showEmbed();
  else if (hash.startsWith("#/shared/")) showShared(hash.slice("#/shared/".length));
  else if (hash.startsWith("#/shared-course/")) showSharedCourse(hash.slice("#/shared-course/".length));
  else if (/^#\/practice(\/|$)/.test(hash)) practice().then((m) => m.route(app, hash));
  else if (/^#\/(teacher|class|homework)(\/|$)/.test(hash)) classServer.then((on) => (on ? classApp().then((m) => m.route(app, hash)) : showCourse()));
  else showCourse();
  if (!lesson && document.body.dataset.view !== "course" && document.body.dataset.view !== "lesson") settle();
}

appVoice().then((v) => v.tabPictures(document.querySelector("nav.tabs"))); // before the words, so that they land in the tabs' spans
// a button per language of LANGS, each named in its own language
for (const code of LANGS) {
  const name = new Intl.DisplayNames([code], { type: "language" }).of(code) ?? code;
  h("button", { type: "button", "data-lang": code, lang: code }, element("langs"), name[0].toLocaleUpperCase(code) + name.slice(1));
}
const firstLang = [params.get("lang"), settings.lang].find((l) => LANGS.includes(l)) ?? pickLang();
setCoordinates([params.get("coordinates"), coordinates].find((c) => CHOICES.coordinates.includes(c)), false);
pressed("formula", settings.formula);
pressed("sound", settings.sound ? "on" : "off");
readSwitch.setAttribute("aria-checked", String(settings.read));
// the course (and a lesson's player, for a lesson's address) asked for at once, while the words
// are on their way
if (/^(#\/course(\/.*)?|#\/lesson\/.*)?$/.test(location.hash)) getCourse().catch(() => {}); // showCourse and showLesson say what went wrong
if (location.hash.startsWith("#/lesson/")) preloadPlayer(firstLang);
setLang(firstLang, false); // also shows the view the address asks for

window.addEventListener("hashchange", route);
for (const b of all("[data-lang]")) b.addEventListener("click", () => setLang(/** @type {string} */ (b.dataset.lang), true));
for (const b of all("[data-coordinates]")) b.addEventListener("click", () => setCoordinates(/** @type {string} */ (b.dataset.coordinates), true));
for (const b of all("[data-formula]")) b.addEventListener("click", () => setFormula(/** @type {string} */ (b.dataset.formula)));
for (const b of all("[data-sound]")) b.addEventListener("click", () => setSound(b.dataset.sound === "on"));
readSwitch.addEventListener("click", () => setRead(readSwitch.getAttribute("aria-checked") !== "true"));
practiceEntry().then((m) => m.diary(document.getElementById("diary"), () => lang));
// body[data-ready]: the first view is usable (its board ready, when it has one of its own)
await /** @type {Promise<void>} */ (new Promise((resolve) => (t ? resolve() : window.addEventListener("app-words", () => resolve(), { once: true }))));
try {
  if (!courseAddress(location.hash)) await widget(); // a view with a board is shown once it is defined
  const board = { play: tutor, game: gameTutor }[document.body.dataset.view];
  if (board) showVersion((await board.ready).version);
  // a first view without a board of its own (the course, a teacher's pages): nothing is loading
  // any more; the version shows when a board's rules are loaded
  else if (!status.textContent.startsWith("chess-tutor")) status.textContent = "";
  document.body.dataset.ready = "true";
} catch (error) {
  status.textContent = t.rulesFailed; // the widget says more
  document.body.dataset.ready = "error";
  throw error;
}
