// A course as the packages carry it (www/package/cmi5.js; scripts/package.mjs's SCORM package of a
// teacher's course): its lessons in order, checked, and the lessons/ files the app reads
// (lessons/course.json naming lessons/ID.json, the recordings under lessons/audio/, the course
// index that scripts/build-web.mjs also writes for the built-in course). Pure.

/** A lesson id the app can open (#/lesson/ID, lessons/ID.json). */
export const LESSON_ID = /^[a-z0-9][a-z0-9-]{0,79}$/;
const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

/**
 * COURSE's lessons in order: [{ section, sectionIndex, file, id, lesson }], the lesson of each
 * file name from LESSONS ({ fileName: lesson }). Throws an Error naming the place (the section,
 * the file) when a lesson is missing, not an object, has an id the app cannot open, or shares its
 * id with another.
 */
export function courseLessons(course, lessons) {
  if (!isObject(course) || !Array.isArray(course.sections)) throw new Error('course.json: no "sections" list');
  const out = [];
  const seen = new Map();
  course.sections.forEach((section, s) => {
    const where = `course.json, section ${s + 1}${typeof section?.id === "string" ? ` (${section.id})` : ""}`;
    if (!isObject(section) || !Array.isArray(section.lessons)) throw new Error(`${where}: no "lessons" list`);
    section.lessons.forEach((file, k) => {
      if (typeof file !== "string") throw new Error(`${where}, lesson ${k + 1}: not a file name`);
      const lesson = lessons?.[file] ?? lessons?.[file.split("/").at(-1)];
      if (lesson === undefined) throw new Error(`${where}: ${file} is not there`);
      if (!isObject(lesson)) throw new Error(`${file}: not a lesson (a JSON object)`);
      const id = typeof lesson.id === "string" ? lesson.id : file.split("/").at(-1).replace(/\.json$/i, "");
      if (!LESSON_ID.test(id)) throw new Error(`${file}: the lesson id "${id}" is not one the app can open (small letters, digits and "-")`);
      if (seen.has(id)) throw new Error(`${file}: the lesson id "${id}" is also ${seen.get(id)}'s`);
      seen.set(id, file);
      out.push({ section, sectionIndex: s, file, id, lesson });
    });
  });
  return out;
}

/** The course's files of the package: { "lessons/course.json", "lessons/ID.json", "lessons/audio/…",
 *  "course-index.json" }
 *  (Uint8Array), from COURSE, its ENTRIES (courseLessons) and MEDIA ({ "audio/<id>/name": bytes }). */
export function lessonFiles(course, entries, media = {}) {
  const encode = (text) => new TextEncoder().encode(text);
  const files = {};
  const packed = {
    ...course,
    sections: course.sections.map((s, k) => ({ ...s, lessons: entries.filter((e) => e.sectionIndex === k).map((e) => `${e.id}.json`) })),
  };
  files["lessons/course.json"] = encode(`${JSON.stringify(packed, null, 2)}\n`);
  for (const e of entries) files[`lessons/${e.id}.json`] = encode(`${JSON.stringify({ ...e.lesson, id: e.id }, null, 2)}\n`);
  const byFile = new Map(entries.map((e) => [`${e.id}.json`, { ...e.lesson, id: e.id }]));
  files[COURSE_INDEX] = encode(`${JSON.stringify(courseIndex(packed, (f) => byFile.get(f) ?? null))}\n`);
  for (const [path, bytes] of Object.entries(media ?? {})) if (/^audio\/[a-z0-9][a-z0-9-]*\/[^/]+$/.test(path)) files[`lessons/${path}`] = bytes;
  return files;
}

export const COURSE_INDEX = "course-index.json";
export const COURSE_INDEX_VERSION = 1;

/**
 * The course index (www/course.js reads it: the course page makes two requests instead of one per
 * lesson): { version, course: "lessons/course.json", lessons: { "<file>": { title, goal } } } with
 * each lesson's title ({ru, en}) and goal type, null for a lesson LESSON_OF(file) cannot give
 * (the course lists it by its file name). scripts/build-web.mjs writes the built-in course's.
 */
export function courseIndex(course, lessonOf) {
  const lessons = {};
  for (const section of Array.isArray(course?.sections) ? course.sections : []) {
    for (const file of Array.isArray(section?.lessons) ? section.lessons : []) {
      if (typeof file !== "string" || !/^[a-z0-9][a-z0-9-]*\.json$/.test(file)) continue;
      const data = lessonOf(file);
      const title = isObject(data?.title) ? data.title : null;
      lessons[file] = { title, goal: typeof data?.goal?.type === "string" ? data.goal.type : null };
    }
  }
  return { version: COURSE_INDEX_VERSION, course: "lessons/course.json", lessons };
}

/** Whether PATH of the built app is replaced by the course a package carries (its lessons/ and the
 *  built-in course's index). */
export const replacedByCourse = (path) => /^lessons\//.test(path) || path === "course-index.json";
