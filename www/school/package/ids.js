// @ts-check
// The lesson ids of a course (course.json), in order: the packages (core.js) and the SCORM
// run-time in the app page (www/school/scorm.js) read a course the same way. Nothing else here, so that
// the app page loads no more of the packaging than this.
/** The ids of lessons/course.json, in order (entries that are not `name.json` left out). */
export function courseIds(course) {
  const files = (course?.sections ?? []).flatMap((s) => (Array.isArray(s?.lessons) ? s.lessons : []));
  return files
    .map((f) => (typeof f === "string" ? /^([a-z0-9][a-z0-9-]{0,79})\.json$/.exec(f.split("/").pop() ?? "")?.[1] : null))
    .filter(Boolean);
}
