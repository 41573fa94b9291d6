// Sentence length per language in the courses' lessons: the figures of "words a six-year-old
// follows" (issue 38: at most 12 words a sentence in English, median at most 8; at most 10 in
// Russian; the longest at most 18).
//
//   node scripts/sentence-lengths.mjs                 the lessons/ of this checkout
//   node scripts/sentence-lengths.mjs --ref main      the lessons/ of a git commit or branch (before)
//   node scripts/sentence-lengths.mjs --long 20       also list the 20 longest sentences a language
//   node scripts/sentence-lengths.mjs --json          the figures as JSON
//
// Every text a child reads or hears but the title (a heading, not a sentence): intro, hints,
// feedback, question, choices, explanations, an idea lesson's steps, learned. A sentence ends at
// . ! ? or … (a ':' or a dash does not end one); a word is a run of letters or digits, as the
// studio and the checker count them ("e4" is a word, "—" is none).
import { lessonsAt } from "./lessons-at.mjs";

const args = process.argv.slice(2);
const value = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : null);
const ref = value("--ref");
const long = Number(value("--long") ?? 0);
if ((args.includes("--ref") && !ref) || !Number.isInteger(long) || long < 0) {
  console.error("usage: node scripts/sentence-lengths.mjs [--ref COMMIT] [--long N] [--json]");
  process.exit(2);
}
/** The limits of issue 38, per language: a sentence's words, the median, the longest. */
export const LIMITS = { en: { sentence: 12, median: 8, longest: 18 }, ru: { sentence: 10, median: 8, longest: 18 } };

const { json } = lessonsAt(ref);

/** Every text of a lesson but its title: [pointer, { ru, en }]. */
export function texts(lesson) {
  const out = [["/intro", lesson.intro]];
  const h = lesson.hints ?? {};
  if (h.piece_text) out.push(["/hints/piece_text", h.piece_text]);
  if (h.move_text) out.push(["/hints/move_text", h.move_text]);
  (lesson.feedback ?? []).forEach((f, k) => out.push([`/feedback/${k}/text`, f.text]));
  const g = lesson.goal ?? {};
  if (g.question) out.push(["/goal/question", g.question]);
  (g.choices ?? []).forEach((c, k) => out.push([`/goal/choices/${k}`, c]));
  (g.explain ?? []).forEach((c, k) => out.push([`/goal/explain/${k}`, c]));
  (g.steps ?? []).forEach((s, k) => out.push([`/goal/steps/${k}/text`, s.text]));
  if (lesson.learned) out.push(["/learned", lesson.learned]);
  return out.filter(([, t]) => t && typeof t === "object");
}

export const words = (text) => (String(text).match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;
/** The sentences of a text, each with its word count (empty ones dropped). */
export const sentences = (text) =>
  String(text)
    .split(/(?<=[.!?…])[»"”)]*\s+/u)
    .map((s) => s.trim())
    .filter((s) => words(s) > 0)
    .map((s) => ({ text: s, words: words(s) }));

export function figures() {
  const files = json("courses.json")?.courses?.map((c) => c.file) ?? ["course.json"];
  const all = { ru: [], en: [] };
  for (const file of files) {
    for (const section of json(file)?.sections ?? []) {
      for (const name of section.lessons) {
        const lesson = json(name);
        if (!lesson) continue;
        for (const [pointer, text] of texts(lesson)) {
          for (const lang of ["ru", "en"]) {
            for (const s of sentences(text[lang] ?? "")) all[lang].push({ ...s, lesson: lesson.id, pointer: `${pointer}/${lang}` });
          }
        }
      }
    }
  }
  const out = {};
  for (const [lang, list] of Object.entries(all)) {
    const n = list.map((s) => s.words).sort((a, b) => a - b);
    const median = n.length ? (n.length % 2 ? n[(n.length - 1) / 2] : (n[n.length / 2 - 1] + n[n.length / 2]) / 2) : 0;
    const limit = LIMITS[lang];
    out[lang] = {
      sentences: n.length,
      median,
      mean: n.length ? Math.round((n.reduce((a, b) => a + b, 0) / n.length) * 10) / 10 : 0,
      longest: n.at(-1) ?? 0,
      over: { [limit.sentence]: n.filter((w) => w > limit.sentence).length, 12: n.filter((w) => w > 12).length, 15: n.filter((w) => w > 15).length, [limit.longest]: n.filter((w) => w > limit.longest).length, 20: n.filter((w) => w > 20).length },
      longestSentences: [...list].sort((a, b) => b.words - a.words).slice(0, long),
    };
  }
  return { ref: ref ?? "checkout", ...out };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const f = figures();
  if (args.includes("--json")) {
    console.log(JSON.stringify(f, null, 2));
  } else {
    console.log(`lessons/ at ${f.ref}: sentence length in words (every text but titles)`);
    for (const lang of ["en", "ru"]) {
      const x = f[lang];
      const limit = LIMITS[lang];
      const overs = Object.entries(x.over).map(([k, v]) => `over ${k}: ${v}`).join(", ");
      console.log(`  ${lang}: ${x.sentences} sentences, median ${x.median}, mean ${x.mean}, longest ${x.longest}; ${overs}  (limits: ${limit.sentence} a sentence, median ${limit.median}, longest ${limit.longest})`);
      for (const s of x.longestSentences) console.log(`    ${s.words}  ${s.lesson} ${s.pointer}: ${s.text}`);
    }
  }
}
