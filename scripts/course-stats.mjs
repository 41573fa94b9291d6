// Lessons per course, section and goal type: the figures of the course (issue 29).
//
//   node scripts/course-stats.mjs                 the lessons/ folder of this checkout
//   node scripts/course-stats.mjs --ref main      the lessons/ of a git commit or branch (before)
//   node scripts/course-stats.mjs --json          the same as JSON
//
// The courses are those lessons/courses.json lists, or course.json alone (as the checker and the
// course page read them); each lesson's goal type is read from its file.
import { fileURLToPath } from "node:url";
import { lessonsAt } from "./lessons-at.mjs";

const args = process.argv.slice(2);
const ref = args.includes("--ref") ? args[args.indexOf("--ref") + 1] : null;
if (args.includes("--ref") && !ref) {
  console.error("usage: node scripts/course-stats.mjs [--ref COMMIT] [--json]");
  process.exit(2);
}

const { json } = lessonsAt(ref);

export function stats() {
  const files = json("courses.json")?.courses?.map((c) => c.file) ?? ["course.json"];
  const courses = files.map((file) => {
    const course = json(file);
    const sections = course.sections.map((s) => {
      const goals = {};
      for (const lesson of s.lessons) {
        const goal = json(lesson)?.goal?.type ?? "?";
        goals[goal] = (goals[goal] ?? 0) + 1;
      }
      return { id: s.id, title: s.title.en, lessons: s.lessons.length, goals };
    });
    const goals = {};
    for (const s of sections) for (const [g, n] of Object.entries(s.goals)) goals[g] = (goals[g] ?? 0) + n;
    return { file, title: course.title.en, lessons: sections.reduce((n, s) => n + s.lessons, 0), sections, goals };
  });
  const goals = {};
  for (const c of courses) for (const [g, n] of Object.entries(c.goals)) goals[g] = (goals[g] ?? 0) + n;
  return { ref: ref ?? "checkout", lessons: courses.reduce((n, c) => n + c.lessons, 0), courses, goals };
}

const goalText = (goals) =>
  Object.entries(goals)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([g, n]) => `${g} ${n}`)
    .join(", ");

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const s = stats();
  if (args.includes("--json")) console.log(JSON.stringify(s, null, 2));
  else {
    console.log(`lessons/ at ${s.ref}: ${s.lessons} lessons in ${s.courses.length} course(s); goals: ${goalText(s.goals)}`);
    for (const c of s.courses) {
      console.log(`\n${c.file} "${c.title}": ${c.lessons} lessons; goals: ${goalText(c.goals)}`);
      for (const sec of c.sections) console.log(`  ${sec.id.padEnd(16)} ${String(sec.lessons).padStart(3)}  ${goalText(sec.goals)}`);
    }
  }
}
