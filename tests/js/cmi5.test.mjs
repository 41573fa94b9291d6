// The cmi5 package's structure (www/school/package/cmi5.js: cmi5.xml's courseStructure, one AU per
// lesson with its id, url, moveOn and launchMethod; the course's lessons/ files) for a teacher's
// course of four lessons and for one lesson, a teacher's course read in the page (www/school/package/
// course.js, the embed builder's: the studio's .zip, its limits, what is wrong said),
// and the run-time's pure parts (www/school/cmi5.js: the launch; www/school/cmi5-au.js: LMS.LaunchData, the
// statements).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, test } from "node:test";
import { strFromU8, strToU8, zipSync } from "fflate";
import cmi5, { auEntries, cmi5Xml } from "../../www/school/package/cmi5.js";
import { courseFromTexts, unzipCourse } from "../../www/school/package/course.js";
import { launchParams } from "../../www/school/cmi5.js";
import { CATEGORY, EXTENSION, cmi5Statement, launchProblem, passes, readLaunchData, score } from "../../www/school/cmi5-au.js";
import * as xapi from "../../www/school/xapi.js";
import { readCourse } from "../../scripts/package.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const TEACHER = join(ROOT, "tests", "browser", "fixtures", "teacher-course");
const IDS = ["my-rook", "my-bishop", "my-queen", "my-knight"];

const appFiles = { "index.html": strToU8("<!doctype html>"), "app.js": strToU8(""), "lessons/course.json": strToU8("{}"), "lessons/idea-board.json": strToU8("{}"), "course-index.json": strToU8("{}"), "sw.js": strToU8('var c={"version":"0123","files":["app.js"]};') };

/** The elements of cmi5.xml as a tree: { name, attrs, children, text } (enough for this XML). */
function parseXml(text) {
  const root = { name: "#root", attrs: {}, children: [], text: "" };
  const stack = [root];
  const body = text.replace(/^<\?xml[^>]*\?>\s*/, "");
  for (const m of body.matchAll(/<(\/?)([\w:]+)((?:\s+[\w:]+="[^"]*")*)\s*(\/?)>|([^<]+)/g)) {
    const [, close, name, attrText, selfClose, txt] = m;
    const top = stack.at(-1);
    if (txt != null) {
      top.text += txt.trim();
      continue;
    }
    if (close) {
      assert.equal(top.name, name, `</${name}> closes <${top.name}>`);
      stack.pop();
      continue;
    }
    const attrs = Object.fromEntries([...attrText.matchAll(/([\w:]+)="([^"]*)"/g)].map(([, k, v]) => [k, v.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&")]));
    const el = { name, attrs, children: [], text: "" };
    top.children.push(el);
    if (!selfClose) stack.push(el);
  }
  assert.equal(stack.length, 1, "every element closed");
  return root.children[0];
}
/** A package file's text (text, bytes, or [bytes, options] as core.js's entries are). */
const str = (v) => (typeof v === "string" ? v : strFromU8(Array.isArray(v) ? v[0] : v));
const kids = (el, name) => el.children.filter((c) => c.name === name);
const walkAus = (el) => el.children.flatMap((c) => (c.name === "au" ? [c] : c.name === "block" ? walkAus(c) : []));

describe("the cmi5 package (www/school/package/cmi5.js)", () => {
  const teacher = readCourse(join(TEACHER, "course.json"));
  const { name, files } = cmi5.build({ ...teacher, appFiles });
  const xml = str(files["cmi5.xml"]);
  const tree = parseXml(xml);

  test("the contract: id, label in both languages, build -> { name, files }; a format of www/school/package/index.js", async () => {
    assert.equal(cmi5.id, "cmi5");
    assert.ok(cmi5.label.en && cmi5.label.ru);
    assert.equal(name, "chess-tutor-cmi5-teacher-course.zip", "named by the slug readCourse gives (the folder)");
    assert.ok(files["index.html"] && files["app.js"]);
    const { FORMATS } = await import("../../www/school/package/index.js");
    assert.ok(FORMATS.includes(cmi5));
  });

  test("cmi5.xml: a courseStructure in the cmi5 namespace, the course with title and description; one section: its AUs straight in the course", () => {
    assert.equal(tree.name, "courseStructure");
    assert.equal(tree.attrs.xmlns, "https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd");
    const [course, ...rest] = tree.children;
    assert.equal(course.name, "course");
    assert.match(course.attrs.id, /^urn:chess-tutor:cmi5:[0-9a-f]{8}$/);
    assert.deepEqual(course.children.map((c) => c.name), ["title", "description"]);
    assert.deepEqual(kids(kids(course, "title")[0], "langstring").map((l) => [l.attrs.lang, l.text]), [["en", "A teacher's course: the pieces"], ["ru", "Курс учительницы: фигуры"]]);
    assert.deepEqual(rest.map((b) => b.name), ["au", "au", "au", "au"]);
  });

  test("one AU per lesson, in course order: its id, url (relative, the lesson), moveOn Passed, launchMethod AnyWindow, no mastery score, title and description", () => {
    const aus = walkAus(tree);
    assert.equal(aus.length, 4);
    const ids = new Set();
    aus.forEach((au, k) => {
      assert.equal(au.attrs.moveOn, "Passed");
      assert.equal(au.attrs.launchMethod, "AnyWindow");
      assert.equal(au.attrs.activityType, "http://adlnet.gov/expapi/activities/lesson");
      assert.equal(au.attrs.masteryScore, undefined, "no mastery score a pupil might not reach");
      assert.match(au.attrs.id, /^urn:chess-tutor:cmi5:[0-9a-f]{8}\/au\//);
      ids.add(au.attrs.id);
      assert.deepEqual(au.children.map((c) => c.name), ["title", "description", "url"]);
      assert.equal(kids(au, "url")[0].text, `index.html?lesson=${IDS[k]}`);
      assert.equal(kids(kids(au, "title")[0], "langstring").length, 2);
    });
    assert.equal(ids.size, 4, "AU ids are unique");
  });

  test("sections become blocks (title, description, their AUs)", () => {
    const two = { ...teacher, course: { ...teacher.course, sections: [{ id: "a", title: { en: "A" }, lessons: IDS.slice(0, 2).map((id) => `${id}.json`) }, { id: "b", title: { en: "B" }, lessons: IDS.slice(2).map((id) => `${id}.json`) }] } };
    const t = parseXml(str(cmi5.build({ ...two, appFiles }).files["cmi5.xml"]));
    const [course, ...blocks] = t.children;
    assert.deepEqual(blocks.map((b) => b.name), ["block", "block"]);
    for (const block of blocks) {
      assert.ok(block.attrs.id.startsWith(`${course.attrs.id}/block/`));
      assert.deepEqual(block.children.map((c) => c.name), ["title", "description", "au", "au"]);
    }
    assert.deepEqual(auEntries(two.course, two.lessons).map((e) => e.sectionIndex), [0, 0, 1, 1]);
  });

  test("the package's lessons are the teacher's (the built-in ones left out), with their course index; the worker precaches them, not cmi5.xml", () => {
    const course = JSON.parse(str(files["lessons/course.json"]));
    assert.deepEqual(course.sections.flatMap((s) => s.lessons), IDS.map((id) => `${id}.json`));
    for (const id of IDS) assert.ok(files[`lessons/${id}.json`], id);
    assert.equal(files["lessons/idea-board.json"], undefined);
    assert.deepEqual(Object.keys(JSON.parse(str(files["course-index.json"])).lessons), IDS.map((id) => `${id}.json`), "the course index is the teacher's course's");
    const sw = str(files["sw.js"]);
    for (const id of IDS) assert.ok(sw.includes(`"lessons/${id}.json"`), `sw.js precaches ${id}`);
    assert.ok(!sw.includes('"cmi5.xml"'));
  });

  test("a lesson of one: named by its id; --pass refused; no lesson: said", () => {
    const out = cmi5.build({ course: { title: "x", sections: [{ lessons: ["my-knight.json"] }] }, lessons: { "my-knight.json": teacher.lessons["my-knight.json"] }, appFiles });
    assert.equal(out.name, "chess-tutor-cmi5-my-knight.zip");
    assert.deepEqual(parseXml(str(out.files["cmi5.xml"])).children.map((c) => c.name), ["course", "au"]);
    assert.throws(() => cmi5.build({ ...teacher, appFiles, pass: 2 }), /--pass: a cmi5 course has no pass mark/);
    assert.throws(() => cmi5.build({ course: { sections: [] }, lessons: {}, appFiles }), /no lessons/);
    assert.throws(() => cmi5.build({ course: { sections: [{ lessons: ["gone.json"] }] }, lessons: {}, appFiles }), /course\.json names gone\.json, which the course does not hold/);
  });

  test("XML special characters in titles are escaped", () => {
    const lessons = { "a.json": { id: "a", title: { en: 'Rook & "bishop" <b>' } } };
    const course = { title: "T", sections: [{ lessons: ["a.json"] }] };
    const text = cmi5Xml({ title: null, course, entries: auEntries(course, lessons), courseId: "urn:x" });
    assert.match(text, /Rook &amp; &quot;bishop&quot; &lt;b&gt;/);
    parseXml(text);
  });
});

describe("a teacher's course read in the page (www/school/package/course.js, the embed builder's)", () => {
  test("the studio's .zip (course.json, the lessons, a recording) reads as the course.json with its lessons", () => {
    const entries = { "course.json": readFileSync(join(TEACHER, "course.json")), "audio/my-rook/intro.en.webm": new Uint8Array([1, 2, 3]) };
    for (const id of IDS) entries[`${id}.json`] = readFileSync(join(TEACHER, `${id}.json`));
    const { texts, media } = unzipCourse(zipSync(entries), "lessons.zip");
    const read = courseFromTexts(texts, media, "lessons.zip");
    assert.deepEqual(read.course, JSON.parse(readFileSync(join(TEACHER, "course.json"), "utf8")));
    assert.deepEqual(Object.keys(read.lessons), IDS.map((id) => `${id}.json`));
    assert.equal(read.lessons["my-rook.json"].id, "my-rook");
    assert.deepEqual([...read.media["audio/my-rook/intro.en.webm"]], [1, 2, 3]);
  });

  test("a missing lesson, a broken file, a .zip without course.json, not a zip: said, naming the file", () => {
    const read = (entries, where) => {
      const { texts, media } = unzipCourse(zipSync(entries), where);
      return courseFromTexts(texts, media, where);
    };
    assert.throws(() => read({ "course.json": strToU8('{"sections":[{"lessons":["x.json"]}]}') }, "a.zip"), /a\.zip: course\.json, section 1, names x\.json, which is not there/);
    assert.throws(() => read({ "course.json": strToU8('{"sections":[{"lessons":["x.json"]}]}'), "x.json": strToU8("{oops") }, "b.zip"), /b\.zip: x\.json: not JSON/);
    assert.throws(() => read({ "x.json": strToU8("{}") }, "c.zip"), /c\.zip: no course\.json in it/);
    assert.throws(() => unzipCourse(strToU8("not a zip"), "d.zip"), /d\.zip: not a \.zip that can be read/);
  });
});

describe("the cmi5 run-time's pure parts (www/school/cmi5.js, www/school/cmi5-au.js)", () => {
  const actor = JSON.stringify({ objectType: "Agent", account: { homePage: "https://school.example", name: "p7" } });
  const launch = { endpoint: "https://lms.example/xapi/", fetch: "https://lms.example/fetch/1", actor, registration: "r-1", activityId: "https://lms.example/au/1", lesson: "idea-board" };

  test("the launch parameters: read from the URL, the lesson id checked; not a launch without endpoint and fetch", () => {
    const q = new URLSearchParams({ lesson: "idea-board", endpoint: launch.endpoint, fetch: launch.fetch, actor, registration: "r-1", activityId: launch.activityId });
    assert.deepEqual(launchParams(`https://lms.example/pkg/index.html?${q}`), launch);
    assert.equal(launchParams("https://school.example/index.html?lesson=idea-board"), null);
    assert.equal(launchParams(`https://x.example/?endpoint=e&fetch=f&lesson=../../x`).lesson, null);
    assert.equal(launchProblem(launch), null);
    assert.equal(launchProblem({ ...launch, registration: "" }), "the launch URL lacks registration");
  });

  test("LMS.LaunchData: the context template is required; launchMode, masteryScore and returnURL read", () => {
    assert.throws(() => readLaunchData({ launchMode: "Normal" }), /no contextTemplate/);
    const d = readLaunchData({ contextTemplate: {}, launchMode: "Review", masteryScore: 0.67, returnURL: "https://lms.example/back" });
    assert.deepEqual(d, { contextTemplate: {}, launchMode: "Review", masteryScore: 0.67, returnURL: "https://lms.example/back", moveOn: null });
    assert.equal(readLaunchData({ contextTemplate: {}, masteryScore: 7 }).masteryScore, null);
    assert.equal(readLaunchData({ contextTemplate: {}, launchMode: "Odd" }).launchMode, "Normal");
  });

  test("stars as the score and the pass: one star passes without a mastery score; with one, its share of three stars", () => {
    assert.deepEqual(score(2), { raw: 2, min: 0, max: 3, scaled: 0.6667 });
    assert.equal(passes(1, null), true);
    assert.equal(passes(0, null), false);
    assert.equal(passes(2, 0.6667), true);
    assert.equal(passes(2, 0.7), false);
  });

  test("a statement: the context template kept whole, the registration, the cmi5 category, moveOn only with success/completion, the mastery score on passed/failed", () => {
    const template = { contextActivities: { grouping: [{ id: "urn:au" }], category: [{ id: "urn:lms-category" }] }, extensions: { "https://w3id.org/xapi/cmi5/context/extensions/sessionid": "s-1" } };
    const launchData = { contextTemplate: template, masteryScore: 0.5 };
    const at = "2026-01-01T00:00:00.000Z";
    const init = cmi5Statement({ verb: "initialized", launch, launchData, timestamp: at, id: "i", xapi });
    assert.equal(init.verb.id, "http://adlnet.gov/expapi/verbs/initialized");
    assert.equal(init.context.registration, "r-1");
    assert.deepEqual(init.context.contextActivities.grouping, [{ id: "urn:au" }]);
    assert.deepEqual(init.context.contextActivities.category.map((c) => c.id), ["urn:lms-category", CATEGORY.cmi5]);
    assert.equal(init.context.extensions["https://w3id.org/xapi/cmi5/context/extensions/sessionid"], "s-1");
    assert.equal(init.context.extensions[EXTENSION.masteryScore], undefined);
    assert.equal(init.result, undefined);
    assert.equal(init.object.id, launch.activityId);
    assert.equal(init.actor.account.name, "p7");
    const passed = cmi5Statement({ verb: "passed", launch, launchData, result: { score: score(3), success: true, duration: "PT1S" }, timestamp: at, xapi });
    assert.deepEqual(passed.context.contextActivities.category.map((c) => c.id), ["urn:lms-category", CATEGORY.cmi5, CATEGORY.moveOn]);
    assert.equal(passed.context.extensions[EXTENSION.masteryScore], 0.5);
    assert.deepEqual(template.contextActivities.category, [{ id: "urn:lms-category" }], "the template itself untouched");
    const ended = cmi5Statement({ verb: "terminated", launch, launchData, result: { duration: "PT9S" }, timestamp: at, xapi });
    assert.ok(!ended.context.contextActivities.category.some((c) => c.id === CATEGORY.moveOn));
  });
});
