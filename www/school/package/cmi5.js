// @ts-check
// The cmi5 course package (a zip with cmi5.xml at its root, the app beside it): a teacher's course,
// or the built-in one, as one assignable unit (AU) per lesson, so that the learning platform gets
// each lesson's result. Pure (no Node, no DOM): `npm run package -- cmi5` (scripts/package.mjs)
// makes it, and the studio can in the browser (www/school/package/index.js lists the formats). The run-time that an AU's launch starts is
// www/school/cmi5.js. README.md, "For schools: cmi5".
//
// The format contract is core.js's: build({ title, course, lessons, appFiles, pass, slug }) ->
// { name, files }; the app's files get the package's course in lessons/ (core.js appWithCourse)
// and a precache list of what the package holds (core.js withPrecache). `pass` is refused: cmi5
// has no pass mark for a course (the platform counts the course done when each AU's moveOn is met).
//
// cmi5.xml: a <block> per section, an <au> per lesson: id an IRI made from the course and the lesson
// id, moveOn "Passed" (a lesson is passed once it is solved: at least one star), no masteryScore (a
// platform may still set one: www/school/cmi5.js then passes only at that share of the three stars),
// launchMethod "AnyWindow" (a frame or a window), url "index.html?lesson=ID" (relative: the platform
// appends its launch parameters to the query string).

import { PackageError, appWithCourse, courseIds, courseLessons, titleText, withPrecache, xml } from "./core.js";

const LESSON_TYPE = "http://adlnet.gov/expapi/activities/lesson";
const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

/** { en, ru } or text -> [[lang, text], …] (English first), FALLBACK when empty. */
function texts(value, fallback) {
  let pairs = [];
  if (typeof value === "string" && value.trim()) pairs = [["en", value.trim()]];
  else if (isObject(value)) pairs = Object.entries(value).filter(([, t]) => typeof t === "string" && t.trim()).map(([l, t]) => [l, t.trim()]);
  pairs.sort(([a], [b]) => Number(b === "en") - Number(a === "en"));
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
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** The AU's id for lesson ID in the course whose id is COURSE_ID. */
export const auId = (courseId, id) => `${courseId}/au/${encodeURIComponent(id)}`;

/** cmi5.xml for COURSE's lessons (auEntries's list) with the course id COURSE_ID. */
export function cmi5Xml({ title, course, entries, courseId }) {
  const blocks = [];
  for (const e of entries) {
    const last = blocks.at(-1);
    if (last && last.index === e.sectionIndex) last.entries.push(e);
    else blocks.push({ index: e.sectionIndex, section: e.section, entries: [e] });
  }
  const au = (e, indent) => {
    const description = e.data.intro ?? e.data.title;
    return [
      `${indent}<au id="${xml(auId(courseId, e.id))}" moveOn="Passed" launchMethod="AnyWindow" activityType="${LESSON_TYPE}">`,
      langstrings("title", e.data.title, e.id, `${indent}  `),
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
const slugOf = (text) =>
  String(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");

/** The course's lessons (core.js courseLessons: { id, file, data }) with their sections:
 *  [{ id, file, data, section, sectionIndex }], in course order. */
export function auEntries(course, lessons) {
  const list = courseLessons(course, lessons);
  const sectionOf = new Map();
  course.sections.forEach((section, k) => courseIds({ sections: [section] }).forEach((id) => sectionOf.has(id) || sectionOf.set(id, { section, sectionIndex: k })));
  return list.map((l) => ({ ...l, ...sectionOf.get(l.id) }));
}

export function build({ title = null, course, lessons, appFiles, pass = null, slug = null }) {
  if (pass != null) throw new PackageError("--pass: a cmi5 course has no pass mark of its own; the platform counts it done once each lesson (an AU, moveOn \"Passed\") is passed");
  if (!appFiles["index.html"]) throw new PackageError("the built app has no index.html (npm run build)");
  const entries = auEntries(course, lessons);
  const files = appWithCourse(appFiles, course, lessons);
  const one = entries.length === 1 ? entries[0] : null;
  const heading = title ?? (one ? one.data.title : course.title);
  // the course id: from its title and lesson ids (an edited lesson keeps it)
  const courseId = `urn:chess-tutor:cmi5:${shortHash(JSON.stringify([course.title ?? null, entries.map((e) => e.id)]))}`;
  files["cmi5.xml"] = cmi5Xml({ title: heading, course, entries, courseId });
  withPrecache(files); // the service worker precaches what the package holds
  const tag = slug ?? (one ? one.id : slugOf(titleText(heading, "")));
  return { name: `chess-tutor-cmi5${tag ? `-${tag}` : ""}.zip`, files };
}

export default { id: "cmi5", label: { en: "cmi5 package (xAPI)", ru: "Пакет cmi5 (xAPI)" }, build };
