// The cmi5 course package (a zip with cmi5.xml at its root, the app beside it): a teacher's course,
// or the built-in one, as one assignable unit (AU) per lesson, so that the learning platform gets
// each lesson's result. Pure (no Node, no DOM): scripts/package-cmi5.mjs calls it from the command
// line and the studio can call it in the browser. The run-time that an AU's launch starts is
// www/cmi5.js. README.md, "For schools: cmi5".
//
// build({ title, course, lessons, appFiles, pass, media }) -> { name, files }
//   title     the package's title ({ en, ru } or text; else the course's)
//   course    a course object ({ title, sections: [{ id, title, lessons: ["id.json", …] }] })
//   lessons   { fileName: lesson } for the files the course names
//   appFiles  { path: Uint8Array } the built app (dist/); its lessons/ and course-index.json are
//             replaced by the course given here
//   pass      refused: cmi5 has no pass mark for a course (the platform counts the course done when
//             each AU's moveOn is met)
//   media     { "audio/<lesson>/…": Uint8Array } the teacher's recordings (optional)
// files is { path: Uint8Array | string } for fflate's zipSync.
//
// cmi5.xml: a <block> per section, an <au> per lesson: id an IRI made from the course and the lesson
// id, moveOn "Passed" (a lesson is passed once it is solved: at least one star), no masteryScore (a
// platform may still set one: www/cmi5.js then passes only at that share of the three stars),
// launchMethod "AnyWindow" (a frame or a window), url "index.html?lesson=ID" (relative: the platform
// appends its launch parameters to the query string).

import { courseLessons, lessonFiles, replacedByCourse } from "./course.js";

const LESSON_TYPE = "http://adlnet.gov/expapi/activities/lesson";

export const xml = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

/** { en, ru } or text -> [[lang, text], …] (English first), FALLBACK when empty. */
function texts(value, fallback) {
  let pairs = [];
  if (typeof value === "string" && value.trim()) pairs = [["en", value.trim()]];
  else if (isObject(value)) pairs = Object.entries(value).filter(([, t]) => typeof t === "string" && t.trim()).map(([l, t]) => [l, t.trim()]);
  pairs.sort(([a], [b]) => (b === "en") - (a === "en"));
  return pairs.length ? pairs : [["en", String(fallback)]];
}

/** <NAME> with a <langstring> per language. */
function langstrings(name, value, fallback, indent) {
  const inner = texts(value, fallback).map(([lang, t]) => `${indent}  <langstring lang="${xml(lang)}">${xml(t)}</langstring>`);
  return `${indent}<${name}>\n${inner.join("\n")}\n${indent}</${name}>`;
}

/** A short stable hash (FNV-1a, 32 bits, hex) of TEXT: the course's part of the AU ids. */
export function shortHash(text) {
  let h = 0x811c9dc5;
  for (const ch of String(text)) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** The AU's id for lesson ID in the course whose id is COURSE_ID. */
export const auId = (courseId, id) => `${courseId}/au/${encodeURIComponent(id)}`;

/** cmi5.xml for COURSE's lessons (courseLessons's list) with the course id COURSE_ID. */
export function cmi5Xml({ title, course, entries, courseId }) {
  const blocks = [];
  for (const e of entries) {
    const last = blocks.at(-1);
    if (last && last.index === e.sectionIndex) last.entries.push(e);
    else blocks.push({ index: e.sectionIndex, section: e.section, entries: [e] });
  }
  const au = (e, indent) => {
    const description = e.lesson.intro ?? e.lesson.title;
    return [
      `${indent}<au id="${xml(auId(courseId, e.id))}" moveOn="Passed" launchMethod="AnyWindow" activityType="${LESSON_TYPE}">`,
      langstrings("title", e.lesson.title, e.id, `${indent}  `),
      langstrings("description", description, e.id, `${indent}  `),
      `${indent}  <url>${xml(`index.html?lesson=${e.id}`)}</url>`,
      `${indent}</au>`,
    ].join("\n");
  };
  // one section: its lessons straight in the course (a block of one would only add a level)
  const body =
    blocks.length === 1
      ? blocks[0].entries.map((e) => au(e, "  "))
      : blocks.map((b) =>
          [
            `  <block id="${xml(`${courseId}/block/${encodeURIComponent(typeof b.section.id === "string" && b.section.id ? b.section.id : String(b.index + 1))}`)}">`,
            langstrings("title", b.section.title, b.section.id ?? `${b.index + 1}`, "    "),
            langstrings("description", b.section.title, b.section.id ?? `${b.index + 1}`, "    "),
            ...b.entries.map((e) => au(e, "    ")),
            "  </block>",
          ].join("\n"),
        );
  return `<?xml version="1.0" encoding="utf-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="${xml(courseId)}">
${langstrings("title", title ?? course.title, "Chess tutor", "    ")}
${langstrings("description", title ?? course.title, "Chess tutor", "    ")}
  </course>
${body.join("\n")}
</courseStructure>
`;
}

/** "Chess for beginners" -> "chess-for-beginners" (Latin letters and digits; else ""). */
const slug = (text) =>
  String(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");

export function build({ title = null, course, lessons, appFiles, pass = null, media = {} }) {
  if (pass != null) throw new Error("--pass: a cmi5 course has no pass mark of its own; the platform counts it done once each lesson (an AU, moveOn \"Passed\") is passed");
  const entries = courseLessons(course, lessons);
  if (!entries.length) throw new Error("course.json: the course holds no lesson");
  const encode = (text) => new TextEncoder().encode(text);
  const files = {};
  for (const [path, bytes] of Object.entries(appFiles ?? {})) if (!replacedByCourse(path)) files[path] = bytes;
  Object.assign(files, lessonFiles(course, entries, media));
  const heading = title ?? (entries.length === 1 ? entries[0].lesson.title : course.title);
  // the course id: from its title and lesson ids (an edited lesson keeps it)
  const courseId = `urn:chess-tutor:cmi5:${shortHash(JSON.stringify([course.title ?? null, entries.map((e) => e.id)]))}`;
  files["cmi5.xml"] = encode(cmi5Xml({ title: heading, course, entries, courseId }));
  const tail = entries.length === 1 ? entries[0].id : slug(texts(heading, "")[0][1]);
  return { name: `chess-tutor-cmi5${tail ? `-${tail}` : ""}.zip`, files };
}

export default { id: "cmi5", label: { en: "cmi5 (xAPI course)", ru: "cmi5 (курс xAPI)" }, build };
