// The pure parts of www/school/scorm.js: finding the API, the status and score, suspend_data, time.
import assert from "node:assert/strict";
import { test } from "node:test";
import { SUSPEND_LIMIT, courseIds, decodeSuspend, encodeSuspend, findAPI, passMark, report, timespan } from "../../www/school/scorm.js";

const api = { LMSInitialize() {} };

test("findAPI: this window, a parent, the opener's parent; none; a window of another origin is skipped", () => {
  const top = { API: api };
  top.parent = top;
  const mid = { parent: top };
  const leaf = { parent: mid };
  assert.equal(findAPI(leaf), api);
  const alone = {};
  alone.parent = alone;
  assert.equal(findAPI(alone), null);
  const foreign = {};
  Object.defineProperty(foreign, "API", { get: () => { throw new Error("SecurityError"); } });
  foreign.parent = top;
  assert.equal(findAPI(foreign), api);
  const popup = { parent: null, opener: leaf };
  popup.parent = popup;
  assert.equal(findAPI(popup), api);
});

test("report: passed once the pass mark (lessons with a star; default all) is reached; score as a percentage of all stars", () => {
  const ids = ["a", "b", "c"];
  const p = (lessons) => ({ lessons: Object.fromEntries(Object.entries(lessons).map(([id, stars]) => [id, { stars }])) });
  assert.deepEqual(report(ids, p({})), { status: "incomplete", score: 0, earned: 0, total: 9, done: 0, pass: 3 });
  assert.deepEqual(report(ids, p({ a: 3, b: 3, other: 3 })), { status: "incomplete", score: 67, earned: 6, total: 9, done: 2, pass: 3 });
  assert.deepEqual(report(ids, p({ a: 1, b: 1, c: 1 })), { status: "passed", score: 33, earned: 3, total: 9, done: 3, pass: 3 });
  assert.deepEqual(report(ids, p({ a: 3, b: 3, c: 3 })), { status: "passed", score: 100, earned: 9, total: 9, done: 3, pass: 3 });
  // a teacher's pass mark: two lessons of three
  assert.equal(report(ids, p({ a: 1, c: 1 }), 2).status, "passed");
  assert.equal(report(ids, p({ a: 3 }), 2).status, "incomplete");
  // a pass mark out of range is every lesson
  assert.equal(passMark(0, 3), 3);
  assert.equal(passMark(7, 3), 3);
  assert.equal(passMark(2.5, 3), 3);
  assert.equal(passMark(2, 3), 2);
  // one lesson: one star passes, with the score a one-lesson package's mastery score asks for
  assert.deepEqual(report(["a"], p({ a: 1 }), 1), { status: "passed", score: 33, earned: 1, total: 3, done: 1, pass: 1 });
  assert.equal(report([], p({})).status, "incomplete");
});

test("courseIds: the lesson files of course.json, in order", () => {
  assert.deepEqual(courseIds({ sections: [{ lessons: ["x-1.json", "y.json"] }, { lessons: ["z.json", 7, "bad name.json"] }] }), ["x-1", "y", "z"]);
  assert.deepEqual(courseIds(null), []);
});

test("suspend_data: round trip; damaged text is a fresh start; course lessons kept first under the limit", () => {
  const data = { version: 1, lessons: { a: { stars: 2, completedAt: null } } };
  assert.equal(encodeSuspend(data, ["a"]), '{"a":2}');
  assert.equal(decodeSuspend('{"a":2}').lessons.a.stars, 2);
  assert.deepEqual(decodeSuspend("not json").lessons, {});
  assert.deepEqual(decodeSuspend("").lessons, {});
  const many = { lessons: Object.fromEntries(Array.from({ length: 400 }, (_, k) => [`extra-lesson-number-${k}`, { stars: 3 }])) };
  many.lessons.mine = { stars: 1 };
  const text = encodeSuspend(many, ["mine"]);
  assert.ok(text.length <= SUSPEND_LIMIT);
  assert.equal(JSON.parse(text).mine, 1);
});

test("timespan: SCORM 1.2 HHHH:MM:SS.SS", () => {
  assert.equal(timespan(0), "0000:00:00.00");
  assert.equal(timespan(3_723_450), "0001:02:03.45");
});

test("package options and manifest: --lesson, --pass, clear errors; a mastery score only when given", async () => {
  const { ONE_STAR_SCORE, UsageError, parseOptions, scormManifest } = await import("../../scripts/package.mjs");
  assert.deepEqual(parseOptions([]), {});
  assert.deepEqual(parseOptions(["--lesson", "rook-stars-1"]), { lesson: "rook-stars-1" });
  assert.deepEqual(parseOptions(["--pass=4"]), { pass: 4 });
  assert.throws(() => parseOptions(["--pass", "two"]), (e) => e instanceof UsageError && /--pass two: a whole number/.test(e.message));
  assert.throws(() => parseOptions(["--lesson"]), /--lesson needs a value/);
  assert.throws(() => parseOptions(["--mastery", "100"]), /--mastery: not an option/);
  // one star of three is the score a one-lesson package's mastery score asks for
  assert.equal(ONE_STAR_SCORE, report(["a"], { lessons: { a: { stars: 1 } } }).score);
  const course = scormManifest({ title: "C", version: "1", files: ["index.html"] });
  assert.doesNotMatch(course, /masteryscore/);
  const one = scormManifest({ title: "L", version: "1", files: ["index.html"], mastery: ONE_STAR_SCORE, parameters: "#/lesson/x" });
  assert.match(one, /<adlcp:masteryscore>33<\/adlcp:masteryscore>/);
  assert.match(one, /parameters="#\/lesson\/x"/);
});
