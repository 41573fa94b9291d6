// @ts-check
// Loading a lesson (www/lesson/): its words and styles, its text (fetched, or given by the studio),
// the package that reads it, a piece set, the endgame solver's data; a broken lesson's findings
// and the error card. The next lesson is fetched ahead.
import { sayError } from "../widget/errors.js";
import { loadWords } from "../i18n/i18n.js";
import { EMPTY, FULL, fetchLessonText, lessonsPackage, loadEndgameFile, loadPackage, loadRules, needsSolver, prefetched, recordings, sharedEndgame } from "./loader.js";
import { gameAt, goalFacts, setPhase, show, updateVerdict, wordsOf } from "./state.js";
import { quizSetup } from "./goal.js";
import { read } from "./reading.js";
import { render } from "./view.js";

export const PARTS = ["lesson", "messages-lesson", "messages-core", "language", "speech"]; // + "messages-check" for a broken lesson

export async function load(st) {
  const file = String(st.url); // as written in the attribute
  const url = new URL(st.url, document.baseURI);
  const rulesReady = loadRules();
  rulesReady.catch(() => {});
  try {
    await Promise.all([st.host.loadWords(...PARTS), st.host.adopt("brushes.css").catch(() => {}), st.host.adopt("lesson.css").catch(() => {})]);
  } catch (error) {
    return showError(st, { kind: "rules", error });
  }
  if (st.stopped) return;
  render(st);
  // a lesson given as text (the studio's Try it, a shared link): <chess-tutor>.lessonText, set
  // before the lesson attribute; it is not fetched, and its stars are not recorded
  let text = st.el.lessonText ?? null;
  if (text == null) try {
    const response = await fetchLessonText(url);
    if (!response.ok) return showError(st, { kind: "missing", file, status: response.status });
    text = response.text;
  } catch {
    return showError(st, { kind: "network", file });
  }
  try {
    await rulesReady;
  } catch (error) {
    return showError(st, { kind: "rules", error });
  }
  if (st.stopped) return;
  // a lesson with a piece set plays with the package that has pieces as data
  const need = lessonsPackage().lessonPackage(text);
  if (need) {
    try {
      st.pkg = await loadPackage(need);
    } catch (error) {
      return showError(st, { kind: "rules", error });
    }
    if (st.stopped) return;
  }
  const pkg = st.pkg;
  // a lesson that names a piece set file: pieces/<id>.json next to the lesson
  let setText;
  const setFile = pkg.lessonPiecesFile?.(text);
  if (setFile) {
    const name = `pieces/${setFile}.json`;
    try {
      const response = await fetch(new URL(name, url));
      if (!response.ok) return showError(st, { kind: "missing", file: name, status: response.status });
      setText = await response.text();
    } catch {
      return showError(st, { kind: "network", file: name });
    }
    if (st.stopped) return;
  }
  try {
    st.lesson = new pkg.Lesson(text, setText);
  } catch {
    if (pkg.checkLesson) return showBroken(st, file, text, setText);
    // pkg-lessons only refuses (its lean reading is stricter in a corner): pkg-lessons-full
    // reads the lesson again and decides, and its checker names the places
    if (!(await readWithFull(st, file, text, setText))) return;
  }
  if (needsSolver(st.pkg, st.lesson)) {
    // a king-and-pawn lesson: read again by the package with the solver
    st.lesson.free();
    st.lesson = null;
    if (!(await readWithFull(st, file, text, setText))) return;
  }
  try {
    await loadEndgame(st);
  } catch (error) {
    const file = `endgame/${error.file}`;
    return showError(st, error.status ? { kind: "missing", file, status: error.status } : { kind: "network", file });
  }
  if (st.stopped) return; // stop() freed the lesson
  // a lesson with a piece set: the widget plays with that set's rules and pictures, through
  // this package's VariantGame (pkg-variant need not load)
  const set = st.lesson.pieces();
  // the lesson as its file says (the package has read and checked it: it is JSON, and the
  // fields the package defaults are read here with the same defaults: rules, student, opponent,
  // a shape's colour); the package hands no copy of it over (its writer cost pkg-lessons 2.5 KB)
  st.data = JSON.parse(text.replace(/^\uFEFF/, ""));
  st.recorded = recordings(st.data, url, st.el.lessonAudio);
  if (set) {
    st.set = new Map(JSON.parse(set).pieces.map((p) => [p.letter.toUpperCase(), p]));
    try {
      // the force view would give away the answer of a question about force
      await st.host.usePieces(set, st.pkg.VariantGame, { forceView: !goalFacts(st).hides_force });
    } catch (error) {
      return showError(st, { kind: "rules", error });
    }
    if (st.stopped) return;
  }
  // a chess lesson: the widget shows the lesson's own game (pieces, targets, status)
  else st.host.useGame((fen) => gameAt(st, fen));
  if (st.data.rules === "auto_queen" && !st.el.autoQueen) {
    st.queened = true;
    st.el.autoQueen = true; // no piece picker: the pawn becomes a queen
  }
  st.el.dataset.lessonId = st.data.id;
  st.el.dataset.lessonGoal = goalFacts(st).name;
  if (st.data.student === "black" && !st.el.hasAttribute("orientation")) {
    st.flipped = true;
    st.el.setAttribute("orientation", "black");
  }
  quizSetup(st);
  updateVerdict(st);
  setPhase(st, "intro");
  st.startFen = st.lesson.fen();
  st.startStars = st.lesson.progress().stars_left?.length ?? null;
  show(st, st.lesson.fen());
  st.host.emit("lesson-ready", { id: st.data.id, url: url.href, title: st.data.title });
  read(st, "card", true); // the intro, as soon as its card shows
  preloadNext(st);
}

/** While the child reads the intro: the next lesson's text, the package it plays with and its
 *  endgame data files, fetched ahead, so that it opens at once. Errors wait for that lesson. */
export async function preloadNext(st) {
  const next = st.el.getAttribute("next");
  if (!next) return;
  const url = new URL(next, document.baseURI);
  if (prefetched.has(url.href)) return;
  const ahead = fetchLessonText(url);
  prefetched.set(url.href, ahead);
  try {
    const { ok, text } = await ahead;
    if (!ok || st.stopped) return;
    const need = lessonsPackage().lessonPackage(text);
    if (need) return void (await loadPackage(need));
    const lesson = new (lessonsPackage().Lesson)(text);
    try {
      if (!needsSolver(lessonsPackage(), lesson)) return;
      for (const file of lesson.endgameFiles()) loadEndgameFile(file).catch(() => {});
    } finally {
      lesson.free();
    }
    await loadPackage(FULL);
  } catch {
    /* the next lesson says what went wrong when it opens */
  }
}

/** The endgame solver's data files the lesson needs (none for most lessons). */
/** Reads the lesson with pkg-lessons-full (st.pkg from then on); false when it could not
 *  (the error or the broken lesson's card is shown) or the lesson was closed meanwhile. */
export async function readWithFull(st, file, text, setText) {
  try {
    st.pkg = await loadPackage(FULL);
  } catch (error) {
    showError(st, { kind: "rules", error });
    return false;
  }
  if (st.stopped) return false;
  try {
    st.lesson = new st.pkg.Lesson(text, setText);
    return true;
  } catch {
    showBroken(st, file, text, setText);
    return false;
  }
}

export async function loadEndgame(st) {
  const lesson = st.lesson;
  if (typeof lesson.endgameFiles !== "function" || !lesson.endgameFiles().length) return;
  lesson.useEndgame(sharedEndgame(st.pkg));
  for (const file of lesson.endgameFiles()) {
    const bytes = await loadEndgameFile(file);
    if (st.stopped) return;
    lesson.loadEndgame(bytes);
  }
}

/** A lesson the checker finds broken: its findings, one a line, in the lesson's language (the
 *  teacher reads them): "file:16:42: /goal/squares/0: 'z9' is not a square…". pkg-lessons
 *  only refuses a broken lesson: the checker with the places is pkg-lessons-full's, loaded now. */
export async function showBroken(st, file, text, setText) {
  let checker = st.pkg;
  if (!checker.checkLesson) {
    try {
      checker = await loadPackage(FULL);
    } catch (error) {
      return showError(st, { kind: "rules", error });
    }
    if (st.stopped) return;
  }
  const words = await loadWords(st.host.lang, "messages-check", "messages-lesson", "messages-core").catch(() => wordsOf(st));
  const lines = checker.checkLesson(text, setText)
    .filter((d) => d.severity === "error")
    .map((d) => `${file}:${d.line}:${d.col}: ${d.pointer || "/"}: ${sayError(words, d.message)}`);
  showError(st, { kind: "broken", file, lines });
}

export function showError(st, error) {
  if (st.stopped) return;
  st.error = error;
  setPhase(st, "error");
  show(st, EMPTY);
  st.host.emit("lesson-error", { url: new URL(st.url, document.baseURI).href, ...error });
}
