// The cmi5 package's structure (www/package/cmi5.js: cmi5.xml's courseStructure, one AU per
// lesson with its id, url, moveOn and launchMethod; the course's lessons/ files), a teacher's
// course read from disk (scripts/course-file.mjs: the studio's .zip, course.json with its lessons),
// and the run-time's pure parts (www/cmi5.js: the launch; www/cmi5-au.js: LMS.LaunchData, the
// statements).
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, describe, test } from "node:test";
import { strFromU8, strToU8, zipSync } from "fflate";
import cmi5, { cmi5Xml } from "../../www/package/cmi5.js";
import { courseLessons } from "../../www/package/course.js";
import { launchParams } from "../../www/cmi5.js";
import { CATEGORY, EXTENSION, cmi5Statement, launchProblem, passes, readLaunchData, score } from "../../www/cmi5-au.js";
import * as xapi from "../../www/xapi.js";
import { readCourse, readLesson } from "../../scripts/course-file.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const TEACHER = join(ROOT, "tests", "browser", "fixtures", "teacher-course");
const IDS = ["petrova-rook", "petrova-bishop", "petrova-square", "petrova-king"];
const tmp = mkdtempSync(join(tmpdir(), "ct-cmi5-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

const appFiles = { "index.html": strToU8("<!doctype html>"), "app.js": strToU8(""), "lessons/course.json": strToU8("{}"), "lessons/idea-board.json": strToU8("{}"), "course-index.json": strToU8("{}") };

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
const kids = (el, name) => el.children.filter((c) => c.name === name);
const walkAus = (el) => el.children.flatMap((c) => (c.name === "au" ? [c] : c.name === "block" ? walkAus(c) : []));

describe("the cmi5 package (www/package/cmi5.js)", () => {
  const teacher = readCourse(join(TEACHER, "course.json"));
  const { name, files } = cmi5.build({ ...teacher, appFiles });
  const xml = strFromU8(files["cmi5.xml"]);
  const tree = parseXml(xml);

  test("the contract: id, label in both languages, build -> { name, files }", () => {
    assert.equal(cmi5.id, "cmi5");
    assert.ok(cmi5.label.en && cmi5.label.ru);
    assert.equal(name, "chess-tutor-cmi5-mrs-petrova-s-first-steps.zip");
    assert.ok(files["index.html"] && files["app.js"]);
  });

  test("cmi5.xml: a courseStructure in the cmi5 namespace, the course with title and description, then a block per section", () => {
    assert.equal(tree.name, "courseStructure");
    assert.equal(tree.attrs.xmlns, "https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd");
    const [course, ...rest] = tree.children;
    assert.equal(course.name, "course");
    assert.match(course.attrs.id, /^urn:chess-tutor:cmi5:[0-9a-f]{8}$/);
    assert.deepEqual(course.children.map((c) => c.name), ["title", "description"]);
    assert.deepEqual(kids(kids(course, "title")[0], "langstring").map((l) => [l.attrs.lang, l.text]), [["en", "Mrs Petrova's first steps"], ["ru", "Первые шаги с Анной Петровной"]]);
    assert.deepEqual(rest.map((b) => b.name), ["block", "block"]);
    for (const block of rest) {
      assert.ok(block.attrs.id.startsWith(`${course.attrs.id}/block/`));
      assert.deepEqual(block.children.slice(0, 2).map((c) => c.name), ["title", "description"]);
    }
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
      assert.ok(kids(kids(au, "title")[0], "langstring").length === 2);
    });
    assert.equal(ids.size, 4, "AU ids are unique");
  });

  test("the package's lessons are the teacher's: lessons/course.json naming lessons/ID.json, its course index; the built-in ones left out", () => {
    const course = JSON.parse(strFromU8(files["lessons/course.json"]));
    assert.deepEqual(course.sections.flatMap((s) => s.lessons), IDS.map((id) => `${id}.json`));
    for (const id of IDS) assert.equal(JSON.parse(strFromU8(files[`lessons/${id}.json`])).id, id);
    assert.equal(files["lessons/idea-board.json"], undefined);
    const index = JSON.parse(strFromU8(files["course-index.json"]));
    assert.deepEqual(Object.keys(index.lessons), IDS.map((id) => `${id}.json`));
    assert.equal(index.lessons["petrova-square.json"].goal, "question");
  });

  test("a course of one section: its AUs straight in the course; a lesson of one: named by its id", () => {
    const one = readLesson(join(TEACHER, "petrova-king.json"));
    const out = cmi5.build({ ...one, appFiles });
    assert.equal(out.name, "chess-tutor-cmi5-petrova-king.zip");
    const t = parseXml(strFromU8(out.files["cmi5.xml"]));
    assert.deepEqual(t.children.map((c) => c.name), ["course", "au"]);
  });

  test("what cannot be a package is said, naming the place", () => {
    assert.throws(() => cmi5.build({ ...teacher, appFiles, pass: 2 }), /--pass: a cmi5 course has no pass mark/);
    assert.throws(() => courseLessons({ sections: [{ id: "s", lessons: ["gone.json"] }] }, {}), /course\.json, section 1 \(s\): gone\.json is not there/);
    assert.throws(() => courseLessons({ sections: [{ lessons: ["a.json"] }] }, { "a.json": { id: "Bad Id" } }), /a\.json: the lesson id "Bad Id"/);
    assert.throws(() => courseLessons({ sections: [{ lessons: ["a.json", "b.json"] }] }, { "a.json": { id: "x" }, "b.json": { id: "x" } }), /b\.json: the lesson id "x" is also a\.json's/);
    assert.throws(() => cmi5.build({ course: { sections: [] }, lessons: {}, appFiles }), /holds no lesson/);
  });

  test("XML special characters in titles are escaped", () => {
    const lessons = { "a.json": { id: "a", title: { en: 'Rook & "bishop" <b>' } } };
    const text = cmi5Xml({ title: null, course: { title: "T", sections: [{ lessons: ["a.json"] }] }, entries: courseLessons({ sections: [{ lessons: ["a.json"] }] }, lessons), courseId: "urn:x" });
    assert.match(text, /Rook &amp; &quot;bishop&quot; &lt;b&gt;/);
    parseXml(text);
  });
});

describe("a teacher's course from disk (scripts/course-file.mjs)", () => {
  test("the studio's .zip (course.json, the lessons, a recording) reads as course.json with its lessons beside it", () => {
    const entries = { "course.json": readFileSync(join(TEACHER, "course.json")), "audio/petrova-rook/intro.en.webm": new Uint8Array([1, 2, 3]) };
    for (const id of IDS) entries[`${id}.json`] = readFileSync(join(TEACHER, `${id}.json`));
    const zip = join(tmp, "lessons.zip");
    writeFileSync(zip, zipSync(entries));
    const fromZip = readCourse(zip);
    const fromDir = readCourse(join(TEACHER, "course.json"));
    assert.deepEqual(fromZip.course, fromDir.course);
    assert.deepEqual(fromZip.lessons, fromDir.lessons);
    assert.deepEqual([...fromZip.media["audio/petrova-rook/intro.en.webm"]], [1, 2, 3]);
    assert.deepEqual(readCourse(TEACHER).course, fromDir.course, "a folder with course.json");
  });

  test("a missing lesson, a broken file, a .zip without course.json: said, naming the file", () => {
    const zip = (entries, name) => {
      const path = join(tmp, name);
      writeFileSync(path, zipSync(entries));
      return path;
    };
    assert.throws(() => readCourse(zip({ "course.json": strToU8('{"sections":[{"lessons":["x.json"]}]}') }, "a.zip")), /a\.zip: course\.json, section 1, names x\.json, which is not there/);
    assert.throws(() => readCourse(zip({ "course.json": strToU8('{"sections":[{"lessons":["x.json"]}]}'), "x.json": strToU8("{oops") }, "b.zip")), /b\.zip: x\.json: not JSON/);
    assert.throws(() => readCourse(zip({ "x.json": strToU8("{}") }, "c.zip")), /c\.zip: no course\.json in it/);
    assert.throws(() => readCourse(join(tmp, "nowhere.zip")), /--course .*nowhere\.zip: there is no such file/);
    assert.throws(() => readCourse(join(TEACHER, "petrova-king.json")), /no "sections" list/);
  });
});

describe("the cmi5 run-time's pure parts (www/cmi5.js, www/cmi5-au.js)", () => {
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
