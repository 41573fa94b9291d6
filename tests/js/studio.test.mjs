// The lesson studio's package (www/pkg-studio: studioCheck, the checker with the doctor, as the
// studio's Web Worker runs it) in Node: it agrees with `chess-tutor lesson check` on the course
// (no finding on any lesson), proposes each lesson's own par where the doctor can search it
// (drills, with chess pieces or a piece set, mates, king-and-pawn games against the solver once
// its data files are loaded), finds
// a par that is off, and never throws on text that is no lesson. www/pkg-lessons, which plays
// lessons, has none of it.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PKG = join(ROOT, "www", "pkg-studio");
const LESSONS = join(ROOT, "lessons");
const pkg = await import(join(PKG, "chess_tutor.js"));
pkg.initSync({ module: readFileSync(join(PKG, "chess_tutor_bg.wasm")) });

/** studioCheck as the worker runs it: the endgame files the lesson needs loaded first. */
function check(text) {
  for (const file of pkg.studioEndgameFiles(text)) pkg.studioLoadEndgame(readFileSync(join(ROOT, "www", "endgame", file)));
  return pkg.studioCheck(text);
}
const course = JSON.parse(readFileSync(join(LESSONS, "course.json"), "utf8")).sections.flatMap((s) => s.lessons);
const read = (file) => readFileSync(join(LESSONS, file), "utf8");

test("every lesson of the course passes the studio's check, and the proposed par is the lesson's own", () => {
  let proposed = 0;
  for (const file of course) {
    const text = read(file);
    const lesson = JSON.parse(text);
    const { diagnostics, par } = check(text);
    assert.deepEqual(diagnostics, [], file);
    if (par != null) {
      proposed++;
      assert.equal(par, lesson.par ?? (lesson.goal.type === "mate" ? lesson.goal.in : undefined), `${file}: proposed ${par}`);
    } else {
      assert.ok(!["stars", "capture_all", "reach", "mate"].includes(lesson.goal.type), `${file}: a par is proposed for a ${lesson.goal.type} drill`);
    }
  }
  assert.ok(proposed >= 20, `pars proposed: ${proposed}`);
});

test("a drill with a piece set: the par the doctor searched is proposed, and taken it passes", () => {
  const lesson = JSON.parse(read("t1-prince-stars.json"));
  assert.equal(lesson.pieces, "chess-t1");
  assert.equal(check(JSON.stringify(lesson)).par, lesson.par);
  const { par: _, ...noPar } = lesson;
  const none = check(JSON.stringify(noPar));
  assert.equal(none.par, lesson.par, JSON.stringify(none.diagnostics));
  const off = check(JSON.stringify({ ...lesson, par: lesson.par + 2 }));
  assert.equal(off.par, lesson.par);
  assert.ok(off.diagnostics.some((d) => d.pointer === "/par" && d.message.id === "doctor-par-too-big"));
  assert.deepEqual(check(JSON.stringify({ ...noPar, par: none.par })).diagnostics, []);
  // a question with a piece set: nothing to propose
  assert.equal(check(read("t1-capture-yes.json")).par, null);
});

test("a par that is off is found, with the fewest moves; a missing one is proposed", () => {
  const lesson = JSON.parse(read("rook-stars-2.json"));
  const small = check(JSON.stringify({ ...lesson, par: 2 }));
  assert.equal(small.par, 4);
  assert.ok(small.diagnostics.some((d) => d.pointer === "/par" && d.severity === "error" && d.message.args.min === 4));
  const { par: _, ...noPar } = lesson;
  const none = check(JSON.stringify(noPar));
  assert.equal(none.par, 4);
  assert.deepEqual(none.diagnostics.map((d) => d.message.id), ["check-needs-par"]);
});

test("a king-and-pawn lesson is proved with the solver once its files are loaded", () => {
  const text = read("kp-square-run.json");
  const { diagnostics, par } = check(text);
  assert.deepEqual(diagnostics, []);
  assert.equal(par, JSON.parse(text).par);
  assert.deepEqual(pkg.studioEndgameFiles(text), [], "the files stay loaded");
  // a draw lesson in a won position is said
  const won = check(JSON.stringify({ ...JSON.parse(text), goal: { type: "draw" }, par: undefined }));
  assert.ok(won.diagnostics.some((d) => d.message.id === "doctor-draw-wins"), JSON.stringify(won.diagnostics));
});

test("text that is no lesson gives findings with line:col, never an exception", () => {
  for (const text of ["", "{", "[1, 2]", '{"id": 3}', "\u0000", "{".repeat(10_000)]) {
    const { diagnostics, par } = pkg.studioCheck(text);
    assert.equal(par, null);
    assert.ok(diagnostics.length >= 1 && diagnostics.every((d) => d.line >= 1 && d.col >= 1), JSON.stringify(text.slice(0, 20)));
  }
  assert.deepEqual(pkg.studioEndgameFiles("not json"), []);
});

test("www/pkg-lessons has none of the studio's bindings", async () => {
  const lessons = await import(join(ROOT, "www", "pkg-lessons", "chess_tutor.js"));
  for (const name of ["studioCheck", "studioEndgameFiles", "studioLoadEndgame"]) assert.equal(lessons[name], undefined, name);
});

test("an escape goal (issue 24): the studio's check proves a saving move and refuses a piece already safe, in the catalogue's words", () => {
  const lesson = (position) =>
    JSON.stringify({
      id: "x",
      title: { ru: "Спаси коня", en: "Save the knight" },
      intro: { ru: "Ладья нападает на коня.", en: "The rook attacks the knight." },
      position,
      goal: { type: "escape", square: "d4" },
    });
  const hanging = check(lesson("3r2k1/8/8/8/3N4/8/2P5/6K1 w - - 0 1"));
  assert.deepEqual(hanging.diagnostics, []);
  assert.equal(hanging.par, null, "one try: mistakes count, no par to propose");
  const safe = check(lesson("3r2k1/8/8/8/3N4/2P5/8/6K1 w - - 0 1"));
  assert.deepEqual(safe.diagnostics.map((d) => [d.pointer, d.message.id, d.message.args.square]), [["/goal/square", "check-escape-safe", "d4"]]);
});
