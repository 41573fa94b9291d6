// The lesson packages (issue 18): www/pkg-lessons, what a child downloads before the first lesson,
// plays chess lessons without the king-and-pawn solver and without pieces as data; it names
// www/pkg-lessons-full (lessonPackage) for a lesson with a piece set, and a lesson with the solver
// shows itself by its endgameFiles() in a package without class Endgame. www/lesson.js follows both.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = join(fileURLToPath(import.meta.url), "..", "..", "..");
const load = async (dir) => {
  const pkg = await import(join(ROOT, "www", dir, "chess_tutor.js"));
  pkg.initSync({ module: readFileSync(join(ROOT, "www", dir, "chess_tutor_bg.wasm")) });
  return pkg;
};
const lean = await load("pkg-lessons");
const full = await load("pkg-lessons-full");
const text = (id) => readFileSync(join(ROOT, "lessons", `${id}.json`), "utf8");

test("pkg-lessons has neither the solver nor pieces as data; pkg-lessons-full has both", () => {
  for (const name of ["Endgame", "VariantGame", "pawnSquares", "opposition", "keySquares", "lessonPiecesFile"]) {
    assert.equal(lean[name], undefined, name);
    assert.equal(typeof full[name], "function", name);
  }
});

test("a chess lesson plays in pkg-lessons; a lesson with a piece set names pkg-lessons-full", () => {
  assert.equal(lean.lessonPackage(text("rook-stars-1")), undefined);
  const lesson = new lean.Lesson(text("rook-stars-1"));
  assert.deepEqual(lesson.endgameFiles(), []);
  assert.equal(lesson.progress().state, "playing");
  lesson.free();
  assert.equal(lean.lessonPackage(text("idea-chess-t1")), "pkg-lessons-full");
  assert.equal(full.lessonPackage(text("idea-chess-t1")), undefined);
  assert.throws(() => new lean.Lesson(text("idea-chess-t1")), (e) => e.id === "lesson-needs-package" && e.args.package === "pkg-lessons-full");
  new full.Lesson(text("idea-chess-t1")).free();
  assert.equal(lean.lessonPackage("not json"), undefined);
});

test("a lesson against the solver is read by pkg-lessons, which names its data files, and played by pkg-lessons-full", () => {
  const lesson = new lean.Lesson(text("kp-catch-pawn"));
  const files = lesson.endgameFiles();
  assert.ok(files.length > 0);
  assert.equal(lesson.useEndgame, undefined, "no solver to lend");
  lesson.free();
  const other = new full.Lesson(text("kp-catch-pawn"));
  assert.deepEqual(other.endgameFiles(), files);
  assert.equal(typeof other.useEndgame, "function");
  other.free();
});

// pkg-lessons reads a lesson with one deserializer, straight from the text (no JSON value, no
// path tracker: issue 18's weight); a broken lesson's finding still names its place, by line and
// column (the studio and the CLI add the JSON pointer). Every lesson of the course reads alike.
test("pkg-lessons names a broken lesson's place by line and column, and reads every chess lesson", () => {
  const good = JSON.parse(text("rook-stars-1"));
  const lines = (o) => JSON.stringify(o, null, 2);
  const findings = (t) => lean.checkLesson(t).filter((d) => d.severity === "error");
  const typo = findings(lines({ ...good, titel: good.title }));
  assert.equal(typo.length, 1);
  assert.equal(typo[0].message.id, "json-unknown-field");
  assert.equal(typo[0].message.args.suggestion, "title");
  assert.ok(typo[0].line > 1 && typo[0].col > 1, JSON.stringify(typo[0]));
  const { id, ...noId } = good;
  const missing = findings(lines(noId));
  assert.equal(missing[0].message.id, "json-missing-field");
  assert.equal(missing[0].message.args.field, "id");
  const type = findings(lines({ ...good, par: "three" }));
  assert.equal(type[0].message.id, "json-wrong-type");
  assert.deepEqual([type[0].message.args.got, type[0].message.args.want], ["string", "whole-number"]);
  assert.equal(findings("{\n  \"id\": \"x\",\n}")[0].message.id, "json-trailing-comma");
  assert.throws(() => new lean.Lesson(lines({ ...good, par: "three" })), (e) => e.id === "json-wrong-type");
  // a byte-order mark is skipped
  assert.equal(lean.lessonPackage("\uFEFF" + text("idea-chess-t1")), "pkg-lessons-full");
  const course = JSON.parse(readFileSync(join(ROOT, "lessons", "course.json"), "utf8"));
  for (const file of course.sections.flatMap((s) => s.lessons)) {
    const t = readFileSync(join(ROOT, "lessons", file), "utf8");
    if (lean.lessonPackage(t)) continue;
    assert.deepEqual(findings(t), [], file);
    const lesson = new lean.Lesson(t);
    assert.deepEqual(lesson.data(), new full.Lesson(t).data(), file);
    lesson.free();
  }
});
