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
