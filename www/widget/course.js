// @ts-check
// The course page of the app: the courses of lessons/courses.json (the main course, "Chess and
// numbers", chess-t1), each offered by its picture with the stars earned in it, and the chosen
// course in sections, each lesson with the stars the child has earned and the next lesson to do
// marked; export and import of the progress. Stars are kept by lesson id (progress.js), so a
// lesson moved to another course keeps them. Every text goes in textContent; the words:
// www/i18n/<lang>/app.js.
import { fetchData } from "./data-files.js";
import { download, h } from "./dom.js";
import { GOAL_PICTURES, goalCardPicture } from "./goals.js";
import { exportText, importInto, load } from "./progress.js";
import { textOf } from "./text-of.js";

const ID = /^[a-z0-9][a-z0-9-]*$/;
/** A course file's name (crate/src/lesson/file.rs, is_course_name). */
const COURSE_FILE = /^course(-[a-z0-9-]+)?\.json$/;
/** A card's three stars: a span each, drawn by style.css (.star: the star's outline and its
 *  fill, two clip paths), not an SVG of its own (a course draws a hundred cards and more: three
 *  elements a card instead of seven, issue 36). */
function stars(parent, n, label) {
  const box = h("span", { class: "stars", role: "img", "aria-label": label, "data-stars": n }, parent);
  for (let k = 0; k < 3; k++) h("span", { class: k < n ? "star on" : "star off" }, box);
  return box;
}

/** "rook-stars-1.json" -> "rook-stars-1"; null when the name is not a plain lesson file. */
export const lessonId = (file) => {
  const id = String(file).replace(/\.json$/, "");
  return ID.test(id) ? id : null;
};

/** The largest progress file read (a real one is a few KiB): a bigger file is refused unread. */
export const MAX_IMPORT_BYTES = 1024 * 1024;
/** The course index's format (scripts/build-web.mjs writeCourseIndex). */
const INDEX_VERSION = 1;

/** "course.json" -> "main", "course-numbers.json" -> "numbers": the id of a course in the address
 *  (#/course/<id>). */
export const courseId = (file) => (file === "course.json" ? "main" : String(file).replace(/^course-/, "").replace(/\.json$/, ""));

/** The course index's JSON at `url` (null when there is none): asked for once for all courses. */
async function fetchIndex(url) {
  if (!url) return null;
  try {
    const r = await fetchData(url);
    return r.ok ? await r.json() : null;
  } catch {
    return null;
  }
}

/** The course index at `url` for the course at `courseUrl`: { "<file>": { title, goal } }, or
 *  null (none, another folder's, another version: the lessons are then read one by one). */
async function loadIndex(url, courseUrl, fetched = fetchIndex(url)) {
  if (!url) return null;
  try {
    const index = await fetched;
    const lessons = index?.lessons;
    const courses = [index?.course, ...(Array.isArray(index?.courses) ? index.courses : [])].filter((c) => typeof c === "string");
    if (index?.version !== INDEX_VERSION || !courses.some((c) => new URL(c, url).href === courseUrl.href)) return null;
    return lessons && typeof lessons === "object" ? lessons : null;
  } catch {
    return null;
  }
}

/**
 * Loads lessons/course.json and every lesson's title and goal: from the course index (`index`, a
 * URL: the build's course-index.json, fetched beside course.json) for the lessons it lists, and
 * from each lesson file for the others (a teacher's course without an index, a lesson added since
 * the build). Plain JSON: a broken lesson is still listed, by its file name, and opens to the
 * widget's error panel. `indexJson`: the course index already asked for (a promise of its JSON, or
 * of null), so that several courses share one request.
 * @param {string | URL} base
 * @param {{ index?: string | URL | null, file?: string, indexJson?: Promise<any> }} [options]
 */
export async function loadCourse(base, { index = null, file = "course.json", indexJson = undefined } = {}) {
  const courseUrl = new URL(file, base);
  const indexed = indexJson === undefined ? loadIndex(index, courseUrl) : loadIndex(index, courseUrl, indexJson);
  const response = await fetchData(courseUrl);
  if (!response.ok) throw Object.assign(new Error(`${file}: HTTP ${response.status}`), { status: response.status });
  const course = await response.json();
  const sections = (course.sections ?? []).map((section) => ({
    id: section.id,
    title: section.title,
    lessons: (section.lessons ?? []).map((file) => ({ file, id: lessonId(file) })).filter((l) => l.id),
  }));
  const all = sections.flatMap((s) => s.lessons.map((lesson) => Object.assign(lesson, { section: s })));
  const known = await indexed;
  await Promise.all(
    all.map(async (lesson) => {
      const entry = known && Object.hasOwn(known, lesson.file) ? known[lesson.file] : null;
      if (entry && typeof entry === "object") {
        lesson.title = entry.title && typeof entry.title === "object" ? entry.title : null;
        lesson.goal = typeof entry.goal === "string" ? entry.goal : null;
        lesson.skill = typeof entry.skill === "string" ? entry.skill : null;
        return;
      }
      try {
        const r = await fetchData(new URL(lesson.file, base));
        const data = r.ok ? await r.json() : null;
        lesson.title = data?.title;
        lesson.goal = typeof data?.goal?.type === "string" ? data.goal.type : null;
        lesson.skill = typeof data?.skill === "string" ? data.skill : null;
      } catch {
        lesson.title = null;
      }
    }),
  );
  return { title: course.title, sections, lessons: all };
}

/**
 * Loads every course of the lessons folder `base`, in the order of its list, courses.json
 * ({ courses: [{ file, picture }] }, the picture relative to that file); a folder without the
 * list (a teacher's course) has one course, course.json. Returns { courses: [{ id, file, picture,
 * title, sections, lessons }], and title (the first course's), sections and lessons of them all }. A course that cannot be
 * loaded is left out, unless it is the only one (then its error is thrown).
 * @param {string | URL} base @param {{ index?: string | URL | null }} [options]
 */
export async function loadCourses(base, { index = null } = {}) {
  const listUrl = new URL("courses.json", base);
  /** @type {{ file: string, picture?: string }[] | null} */
  let entries = null;
  let listAt = listUrl; // where the list came from (its hashed copy: www/widget/data-files.js)
  try {
    const r = await fetchData(listUrl);
    if (r.url) listAt = new URL(r.url);
    const list = r.ok ? (await r.json())?.courses : null;
    if (Array.isArray(list)) entries = list.filter((e) => typeof e?.file === "string" && COURSE_FILE.test(e.file));
  } catch {
    // no list: one course
  }
  if (!entries?.length) entries = [{ file: "course.json" }];
  const indexJson = fetchIndex(index); // one request, whatever the number of courses
  const loaded = await Promise.allSettled(entries.map((e) => loadCourse(base, { index, file: e.file, indexJson })));
  if (loaded.every((r) => r.status === "rejected")) throw loaded[0].reason;
  const courses = [];
  loaded.forEach((r, k) => {
    if (r.status !== "fulfilled") return;
    const { file, picture } = entries[k];
    const course = Object.assign(r.value, { id: courseId(file), file, picture: typeof picture === "string" ? new URL(picture, listAt).href : null });
    for (const lesson of course.lessons) lesson.course = course;
    courses.push(course);
  });
  // every lesson and section of every course, for the pages that list them all (teacher.js, the
  // embed builder)
  return { courses, title: courses[0].title, sections: courses.flatMap((c) => c.sections), lessons: courses.flatMap((c) => c.lessons) };
}

/** The first lesson, in course order, without stars (null when every lesson has some). */
export function nextLesson(course, progress) {
  return course.lessons.find((l) => !progress.lessons[l.id]) ?? null;
}

const text = (value, lang) => (value && typeof value === "object" ? textOf(value, lang) : "");

/** The stars earned in `course` and the most it gives. */
const starsIn = (course, progress) => [course.lessons.reduce((sum, l) => sum + (progress.lessons[l.id]?.stars ?? 0), 0), course.lessons.length * 3];

/** The courses offered, each by its picture, title and stars (a child who cannot read picks the
 *  picture); the chosen one marked. */
function renderChoice(container, courses, chosen, progress, lang, t) {
  const nav = h("nav", { class: "course-choice", "aria-label": t.courses }, container);
  const list = h("ul", {}, nav);
  for (const course of courses) {
    const [earned, most] = starsIn(course, progress);
    const a = h("a", { class: "course-card", href: `#/course/${course.id}`, "data-course": course.id }, h("li", {}, list));
    if (course === chosen) a.setAttribute("aria-current", "page");
    const pict = h("span", { class: "course-pict", "aria-hidden": "true" }, a);
    if (course.picture) h("img", { alt: "", src: course.picture, draggable: "false" }, pict);
    h("span", { class: "course-name" }, a, text(course.title, lang));
    const got = h("span", { class: "course-stars" }, a);
    h("span", { class: "total-star", "aria-hidden": "true" }, got, "★");
    h("span", {}, got, t.courseStars(earned, most));
  }
}

/** Draws the course into `container`, in the words of www/i18n/<lang>/app.js; with several
 *  `courses`, first the choice of a course. */
export function renderCourse(container, course, lang, t, courses = [course]) {
  const { data: progress, notice } = load();
  container.replaceChildren();
  if (courses.length > 1) renderChoice(container, courses, course, progress, lang, t);
  const head = h("div", { class: "course-head" }, container);
  h("h2", { class: "course-title" }, head, text(course.title, lang));
  const [earned, most] = starsIn(course, progress);
  const total = h("p", { class: "course-total" }, head);
  h("span", { class: "total-star", "aria-hidden": "true" }, total, "★");
  h("span", { class: "total-text" }, total, t.total(earned, most));
  if (notice) {
    const words = { backup: () => t.backup(notice.key), migrated: () => t.migrated, dropped: () => t.dropped(notice.ids?.length ?? 0) };
    h("p", { class: "notice", role: "status", "data-notice": notice.kind }, container, words[notice.kind]());
  }
  const next = nextLesson(course, progress);
  let k = 0;
  for (const section of course.sections) {
    const box = h("section", { class: "course-section", "data-section": section.id }, container);
    h("h3", {}, box, text(section.title, lang));
    const list = h("ol", { class: "lesson-list" }, box);
    for (const lesson of section.lessons) {
      k += 1;
      const got = progress.lessons[lesson.id]?.stars ?? 0;
      const li = h("li", {}, list);
      const a = h("a", { class: "lesson-card", href: `#/lesson/${lesson.id}`, "data-lesson": lesson.id, "data-stars": got }, li);
      if (lesson === next) {
        a.classList.add("next");
        a.setAttribute("aria-current", "step");
        h("span", { class: "next-badge" }, a, t.next);
      }
      const top = h("span", { class: "card-top" }, a);
      // the lesson's task told by a picture (goals.js), as on its intro card; those below the
      // first screen asked for when they come near (issue 36: on a slow network a dozen pictures
      // no one sees yet competed with the first lesson's files, six requests at a time)
      const icon = h("span", { class: "card-icon", "aria-hidden": "true", "data-goal": lesson.goal ?? "" }, top, GOAL_PICTURES.has(lesson.goal) ? null : "•");
      if (GOAL_PICTURES.has(lesson.goal)) h("img", { class: "card-pict", alt: "", loading: "lazy", src: goalCardPicture(lesson.goal), draggable: "false" }, icon);
      h("span", { class: "card-number" }, top, t.lessonN(k));
      h("span", { class: "card-title" }, a, text(lesson.title, lang) || lesson.file);
      stars(a, got, t.starsOf(got));
    }
  }
  // the course that follows this one in courses.json (after the main course, More endgames)
  const after = courses[courses.indexOf(course) + 1];
  if (after && course.sections.length) {
    const link = h("a", { class: "course-next", href: `#/course/${after.id}`, "data-course-next": after.id }, h("p", { class: "course-next-box" }, container));
    if (after.picture) h("img", { alt: "", src: after.picture, draggable: "false" }, h("span", { class: "course-pict", "aria-hidden": "true" }, link));
    h("span", {}, link, t.nextCourse(text(after.title, lang)));
  }
  // export and import, for grown-ups
  const tools = h("section", { class: "progress-tools" }, container);
  h("p", {}, tools, t.grownups);
  const buttons = h("div", { class: "tool-buttons" }, tools);
  const exportButton = h("button", { type: "button", class: "export" }, buttons, `⬇ ${t.exportButton}`);
  const label = h("label", { class: "import button-like" }, buttons);
  h("span", {}, label, `⬆ ${t.importButton}`);
  const input = h("input", { type: "file", accept: ".json,application/json", class: "import-file" }, label);
  const message = h("p", { class: "tool-message", role: "status" }, tools);
  exportButton.onclick = () => {
    const name = `chess-tutor-progress-${new Date().toISOString().slice(0, 10)}.json`;
    download(name, exportText(load().data), "application/json");
    message.dataset.kind = "ok";
    message.textContent = t.exported(name);
  };
  input.onchange = async () => {
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      message.dataset.kind = "error";
      message.textContent = t.importError["too-big"];
      return;
    }
    let result;
    try {
      result = importInto(await file.text());
    } catch (error) {
      message.dataset.kind = "error";
      message.textContent = t.importError[error.code] ?? t.importError.read;
      return;
    }
    renderCourse(container, course, lang, t, courses);
    const again = container.querySelector(".tool-message");
    again.dataset.kind = "ok";
    again.textContent = t.imported(result.added.length) + (result.dropped.length ? t.droppedSome(result.dropped.length) : "");
  };
}
