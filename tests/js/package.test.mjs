// The packaging core (www/school/package/) and the .h5p it makes, checked against H5P's specification
// (h5p.json's fields, mainLibrary among preloadedDependencies, library.json's machineName and
// versions, preloadedJs and preloadedCss present, semantics.json, every file an extension H5P
// takes), for one built-in lesson, the built-in course and a teacher's course of four lessons
// (tests/browser/fixtures/teacher-course, as course.json and as the studio's .zip).
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { packageH5p, packageScorm, parseOptions, readCourse } from "../../scripts/package.mjs";
import { PackageError, courseLessons, oneLesson } from "../../www/school/package/core.js";
import { ALLOWED, paramsLesson, lessonParams, patchVersion, renamedScript } from "../../www/school/package/h5p.js";
import { FORMATS, format } from "../../www/school/package/index.js";

const ROOT = join(import.meta.dirname, "..", "..");
const FIXTURE = join(ROOT, "tests", "browser", "fixtures", "teacher-course");
const tmp = mkdtempSync(join(tmpdir(), "ct-package-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

/** H5P's rules for a package, as h5p-php-library's H5PValidator checks them; returns the parsed parts. */
function checkH5p(file) {
  const files = unzipSync(readFileSync(file));
  const json = (name) => JSON.parse(strFromU8(files[name]));
  const h5p = json("h5p.json");
  for (const key of ["title", "language", "mainLibrary", "embedTypes", "preloadedDependencies"]) assert.ok(h5p[key] != null, `h5p.json has ${key}`);
  assert.ok(h5p.title.length <= 255);
  assert.match(h5p.language, /^[-a-zA-Z]{1,10}$/);
  assert.ok(h5p.embedTypes.every((t) => t === "iframe" || t === "div"));
  const main = h5p.preloadedDependencies.find((d) => d.machineName === h5p.mainLibrary);
  assert.ok(main, "mainLibrary is among preloadedDependencies");
  const dir = `${main.machineName}-${main.majorVersion}.${main.minorVersion}`;
  const library = json(`${dir}/library.json`);
  assert.equal(library.machineName, main.machineName);
  assert.equal(library.majorVersion, main.majorVersion);
  assert.equal(library.minorVersion, main.minorVersion);
  assert.ok(Number.isInteger(library.patchVersion) && library.patchVersion >= 0);
  assert.equal(library.runnable, 1);
  assert.match(library.machineName, /^[\w-]{1,255}\.[\w-]{1,255}$/);
  for (const { path } of [...library.preloadedJs, ...library.preloadedCss]) assert.ok(files[`${dir}/${path}`], `${path} is in the library`);
  assert.ok(Array.isArray(json(`${dir}/semantics.json`)));
  const content = json("content/content.json");
  const names = Object.keys(files).filter((n) => !n.endsWith("/"));
  for (const name of names) {
    assert.ok(ALLOWED.has(name.split(".").pop().toLowerCase()), `${name}: an extension H5P takes`);
    assert.ok(name === "h5p.json" || name.startsWith("content/") || name.startsWith(`${dir}/`), `${name}: in content/ or the library`);
  }
  return { files, h5p, library, content, dir };
}

test("H5P: one built-in lesson, its main fields in content.json, the app inside, every name H5P takes", async () => {
  const { files, h5p, library, content, dir } = checkH5p(await packageH5p({ lesson: "rook-stars-1" }));
  assert.equal(h5p.mainLibrary, "H5P.ChessTutor");
  assert.deepEqual(library.preloadedJs, [{ path: "h5p-chess-tutor.js" }]);
  assert.equal(content.lessons.length, 1);
  const lesson = JSON.parse(readFileSync(join(ROOT, "lessons", "rook-stars-1.json"), "utf8"));
  const { $schema, ...plain } = lesson;
  assert.deepEqual(paramsLesson(content.lessons[0]), plain, "content.json gives the lesson back");
  assert.equal(content.lessons[0].title.en, lesson.title.en);
  // the semantics name the fields content.json holds
  const semantics = JSON.parse(strFromU8(files[`${dir}/semantics.json`]));
  const fields = semantics[0].field.fields.map((f) => f.name);
  assert.deepEqual(Object.keys(content.lessons[0]).sort(), fields.filter((f) => content.lessons[0][f] !== undefined).sort());
  // the widget and its rules, .wasm held as .wasm.txt and named so by the scripts
  assert.ok(files[`${dir}/app/chess-tutor.js`]);
  assert.ok(Object.keys(files).some((f) => /^[^/]+\/app\/pkg-lessons\/chess_tutor_bg-[0-9A-Z]{8}\.wasm\.txt$/.test(f)), "the module, with its content hash");
  for (const [name, bytes] of Object.entries(files)) if (name.endsWith(".js")) assert.doesNotMatch(strFromU8(bytes), /_bg\.wasm(?!\.txt)|`endgame\/\$\{[\w$.]+\}`/, name);
});

test("H5P and SCORM: a teacher's course of four lessons, from course.json and from the studio's .zip", async () => {
  const fromJson = checkH5p(await packageH5p({ course: join(FIXTURE, "course.json") }));
  assert.deepEqual(fromJson.content.lessons.map((l) => l.id), ["my-rook", "my-bishop", "my-queen", "my-knight"]);
  assert.equal(fromJson.h5p.title, "A teacher's course: the pieces / Курс учительницы: фигуры");
  // the studio's course .zip (course.json and the lesson files at its top)
  const zip = {};
  for (const name of ["course.json", "my-rook.json", "my-bishop.json", "my-queen.json", "my-knight.json"]) zip[name] = readFileSync(join(FIXTURE, name));
  writeFileSync(join(tmp, "lessons.zip"), zipSync(zip));
  const fromZip = checkH5p(await packageH5p({ course: join(tmp, "lessons.zip"), pass: 3 }));
  assert.deepEqual(fromZip.content.lessons, fromJson.content.lessons);
  assert.equal(fromZip.content.pass, 3);
  const scorm = unzipSync(readFileSync(await packageScorm({ course: join(tmp, "lessons.zip") })));
  assert.deepEqual(JSON.parse(strFromU8(scorm["scorm.json"])), { lessons: ["my-rook", "my-bishop", "my-queen", "my-knight"], pass: 4 });
  assert.ok(scorm["lessons/my-knight.json"] && !scorm["lessons/rook-stars-1.json"], "the teacher's lessons only");
  // the course index is the teacher's course's (the app's would name other lessons; none, and the course page asks for it in vain)
  const index = JSON.parse(strFromU8(scorm["course-index.json"]));
  assert.deepEqual(Object.keys(index.lessons), ["my-rook.json", "my-bishop.json", "my-queen.json", "my-knight.json"]);
  assert.deepEqual(index.lessons["my-rook.json"], { title: { ru: "Ладья идёт к звезде", en: "The rook goes to the star" }, goal: "stars" });
  assert.doesNotMatch(strFromU8(scorm["imsmanifest.xml"]), /masteryscore/);
  // the service worker precaches exactly what the package holds (one missing file, and it would not install)
  const precache = (files) => JSON.parse(/\{"version":"[^"]*","files":\[[^\]]*\]\}/.exec(strFromU8(files["sw.js"]))[0]);
  const list = precache(scorm);
  for (const f of list.files) assert.ok(scorm[f], `${f}, precached, is in the package`);
  assert.ok(list.files.includes("lessons/my-rook.json") && list.files.includes("scorm.json") && list.files.includes("index.html"));
  assert.ok(!list.files.includes("imsmanifest.xml") && !list.files.includes("sw.js"));
  const builtIn = unzipSync(readFileSync(await packageScorm({ lesson: "idea-board" })));
  const other = precache(builtIn);
  assert.notEqual(other.version, list.version, "another course, another version");
  for (const f of other.files) assert.ok(builtIn[f], `${f}, precached, is in the one-lesson package`);
});

test("bad input: clear errors naming the place", async () => {
  assert.deepEqual(parseOptions(["--course", "x.zip", "--lesson=a"]), { course: "x.zip", lesson: "a" });
  assert.throws(() => readCourse(join(tmp, "none.json")), /--course .*none\.json: no such file/);
  writeFileSync(join(tmp, "course.json"), JSON.stringify({ sections: [{ lessons: ["gone.json"] }] }));
  assert.throws(() => readCourse(join(tmp, "course.json")), (e) => e instanceof PackageError && /names gone\.json, which is not beside it/.test(e.message));
  assert.throws(() => courseLessons({ sections: [] }, {}), /no lessons/);
  assert.throws(() => courseLessons({ sections: [{ lessons: ["a.json"] }] }, { "a.json": "{oops" }), /a\.json: not a lesson/);
  assert.throws(() => oneLesson({ course: { sections: [{ lessons: ["a.json"] }] }, lessons: {} }, "b"), /--lesson b: the course has no lesson "b"/);
  await assert.rejects(packageH5p({ lesson: "rook-stars-1", pass: 2 }), /--pass 2: a package of one lesson/);
  assert.throws(() => format("pdf"), /not a kind of package: pdf \(scorm, h5p, cmi5\)/);
});

test("the formats' contract; H5P's names and versions", () => {
  for (const f of FORMATS) {
    assert.match(f.id, /^[a-z0-9]+$/);
    assert.ok(f.label.en && f.label.ru, `${f.id}: a label in both languages`);
    assert.equal(typeof f.build, "function");
  }
  assert.equal(patchVersion("0.1.0"), 100);
  assert.equal(patchVersion("1.2.3"), 10203);
  assert.equal(renamedScript('new URL("chess_tutor_bg.wasm",u);fetch(new URL(`endgame/${p}`,z))'), 'new URL("chess_tutor_bg.wasm.txt",u);fetch(new URL(`endgame/${p}.txt`,z))');
  assert.equal(renamedScript('new URL("pkg/chess_tutor_bg-0A1B2C3D.wasm",u)'), 'new URL("pkg/chess_tutor_bg-0A1B2C3D.wasm.txt",u)', "a hashed name too");
  const lesson = { id: "a", title: { en: "A" }, intro: { en: "I", ru: "И" }, position: ["8"], goal: { type: "mate" } };
  assert.deepEqual(paramsLesson(lessonParams(lesson)), lesson);
  // content.json edited by hand (H5P's editor, a platform): a "learned" that is no group of texts is left out, not a throw
  for (const learned of ["Learned", 7, true]) assert.deepEqual(paramsLesson({ ...lessonParams(lesson), learned }), lesson, `learned: ${learned}`);
  // a studio course in memory: strings and bytes alike
  assert.equal(courseLessons({ sections: [{ lessons: ["a.json"] }] }, { "a.json": strToU8(JSON.stringify(lesson)) })[0].data.title.en, "A");
});
