// The lesson packages (issue 18): www/pkg-lessons, what a child downloads before the first lesson,
// plays chess lessons without the king-and-pawn solver and without pieces as data; it names
// www/pkg-lessons-full (lessonPackage) for a lesson with a piece set, and a lesson with the solver
// shows itself by its endgameFiles() in a package without class Endgame. www/lesson/ follows both.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
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

// issue 36: what a child downloads before the first lesson stays small; a whole game that keeps
// the pieces and a best move with a group (its words: "wins the queen") play with pkg-lessons-full
test("a keep_pieces game and a best move with a group name pkg-lessons-full", () => {
  for (const id of ["game-keep-10", "game-keep-15"]) {
    assert.equal(lean.lessonPackage(text(id)), "pkg-lessons-full", id);
    assert.throws(() => new lean.Lesson(text(id)), (e) => e.id === "lesson-needs-package" && e.args.package === "pkg-lessons-full", id);
    assert.equal(full.lessonPackage(text(id)), undefined);
    new full.Lesson(text(id)).free();
  }
  const best = { id: "x", title: { en: "Best" }, position: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", goal: { type: "best_move", answers: ["Ra8#"], accept: "mate" } };
  assert.equal(lean.lessonPackage(JSON.stringify(best)), "pkg-lessons-full");
  assert.throws(() => new lean.Lesson(JSON.stringify(best)), (e) => e.id === "lesson-needs-package");
  const { accept, ...plain } = best.goal;
  assert.equal(lean.lessonPackage(JSON.stringify({ ...best, goal: plain })), undefined, "without a group: pkg-lessons");
  assert.equal(lean.lessonPackage(JSON.stringify({ ...best, goal: { type: "keep_pieces" } })), "pkg-lessons-full");
  assert.equal(lean.lessonPackage(JSON.stringify({ ...best, goal: "keep_pieces" })), undefined, "not a goal: pkg-lessons says why");
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

// pkg-lessons reads a lesson with one deserializer, straight from the text, and only says whether
// it is fit to play (issue 18's weight: no places, no name suggestions, no checkLesson); a broken
// lesson's findings with their places come from pkg-lessons-full's checker, which www/lesson/
// loads for the error card. Every lesson reads alike in both; every broken one is refused.
test("pkg-lessons refuses a broken lesson (JSON: by line and column) and pkg-lessons-full names its place", () => {
  assert.equal(lean.checkLesson, undefined, "the checker with places is pkg-lessons-full's");
  const good = JSON.parse(text("rook-stars-1"));
  const lines = (o) => JSON.stringify(o, null, 2);
  const findings = (t) => full.checkLesson(t).filter((d) => d.severity === "error");
  const typo = findings(lines({ ...good, titel: good.title }));
  assert.equal(typo.length, 1);
  assert.equal(typo[0].message.id, "json-unknown-field");
  assert.equal(typo[0].message.args.suggestion, "title");
  assert.ok(typo[0].line > 1 && typo[0].col > 1, JSON.stringify(typo[0]));
  assert.throws(() => new lean.Lesson(lines({ ...good, titel: good.title })), (e) => e.id === "lesson-unreadable" && e.args.line === typo[0].line);
  const { id, ...noId } = good;
  const missing = findings(lines(noId));
  assert.equal(missing[0].message.id, "json-missing-field");
  assert.equal(missing[0].message.args.field, "id");
  const type = findings(lines({ ...good, par: "three" }));
  assert.equal(type[0].message.id, "json-wrong-type");
  assert.deepEqual([type[0].message.args.got, type[0].message.args.want], ["string", "whole-number"]);
  assert.equal(findings("{\n  \"id\": \"x\",\n}")[0].message.id, "json-trailing-comma");
  assert.throws(() => new lean.Lesson(lines({ ...good, par: "three" })), (e) => e.id === "lesson-unreadable" && e.args.line > 1 && e.args.col > 1);
  // a broken square: the checker's own message, thrown with its pointer
  const star = { ...good, goal: { ...good.goal, squares: ["z9"] } };
  assert.throws(() => new lean.Lesson(lines(star)), (e) => e.id === "check-bad-square" && e.args.pointer === "/goal/squares/0");
  // a byte-order mark is skipped
  assert.equal(lean.lessonPackage("\uFEFF" + text("idea-chess-t1")), "pkg-lessons-full");
  new lean.Lesson("\uFEFF" + text("rook-stars-1")).free();
});

// issue 36: pkg-lessons is built without core's f64 formatter (scripts/wasm-stub.mjs): a float
// where a whole number or a name belongs, small, huge or negative, in the goal, the lesson or an
// opponent, is refused by its line and column as before, and the package plays on (no trap)
test("pkg-lessons refuses floats where whole numbers belong, by line and column, and plays on", () => {
  const good = JSON.parse(text("rook-stars-1"));
  const lines = (o) => JSON.stringify(o, null, 2);
  const floats = [{ par: 2.5 }, { par: -0.25 }, { par: 1e300 }, { id: 3.5 }, { goal: { type: "mate", moves: 1.5 } },
    { opponent: { type: "engine", level: 2.75 } }, { goal: { ...good.goal, squares: [1.5e-7] } }];
  for (const change of floats) {
    const t = lines({ ...good, ...change });
    assert.ok(full.checkLesson(t).some((d) => d.severity === "error"), JSON.stringify(change));
    assert.throws(() => new lean.Lesson(t), (e) => e.id === "lesson-unreadable" && e.args.line > 1 && e.args.col > 1, JSON.stringify(change));
  }
  const lesson = new lean.Lesson(text("rook-stars-1"));
  assert.equal(lesson.progress().state, "playing");
  lesson.free();
});

// What a lesson read by a package shows of it (the JS reads the lesson's own text for its data):
// the position, where it stands, the quiz and the idea's steps, the first hint and what the best
// moves are then, and the outcome of the hint's move.
function seen(lesson) {
  const out = [lesson.fen(), lesson.progress(), lesson.quizTotal(), lesson.showStep()];
  const hint = lesson.hint();
  out.push(hint, lesson.hint());
  if (hint?.arrow) out.push(lesson.play(hint.arrow.from, hint.arrow.to, null));
  return out;
}

test("pkg-lessons reads every chess lesson exactly as pkg-lessons-full does", () => {
  const files = readdirSync(join(ROOT, "lessons")).filter((f) => f.endsWith(".json") && f !== "course.json" && !f.endsWith(".schema.json"));
  let read = 0;
  for (const file of files) {
    const t = readFileSync(join(ROOT, "lessons", file), "utf8");
    if (!("goal" in JSON.parse(t))) continue; // the glossary or the skills, not a lesson
    if (lean.lessonPackage(t)) continue;
    assert.deepEqual(full.checkLesson(t).filter((d) => d.severity === "error"), [], file);
    const lesson = new lean.Lesson(t);
    const other = new full.Lesson(t);
    assert.deepEqual(seen(lesson), seen(other), file);
    lesson.free();
    other.free();
    read += 1;
  }
  assert.ok(read > 50, String(read));
});

// every file of crate/tests/lessons-broken that the browser's checker finds broken (the doctor's
// findings, which need its searches, are the CLI's and the studio's) pkg-lessons refuses
test("pkg-lessons refuses every broken lesson that pkg-lessons-full's checker refuses", () => {
  const dir = join(ROOT, "crate", "tests", "lessons-broken");
  let refused = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json") && f !== "course.json")) {
    const t = readFileSync(join(dir, file), "utf8");
    const errors = full.checkLesson(t).filter((d) => d.severity === "error");
    let read = null;
    try {
      read = new lean.Lesson(t);
    } catch (e) {
      assert.equal(typeof e.id, "string", file);
    }
    if (errors.length) {
      assert.equal(read, null, `${file}: pkg-lessons plays a lesson the checker refuses`);
      refused += 1;
    }
    read?.free();
  }
  assert.ok(refused >= 12, String(refused));
});

// pkg-lessons reads goal, opponent, shapes, position and pieces without serde's buffering (a flat
// object per kind: crate/src/lesson/lean.rs); what the full reader refuses, it refuses too
test("pkg-lessons refuses each goal, opponent, shape and position that pkg-lessons-full refuses", () => {
  const good = JSON.parse(text("rook-stars-1"));
  const cases = [
    { goal: { type: "stars", squares: ["c5"], square: "c5" } },
    { goal: { type: "stars" } },
    { goal: { type: "star", squares: ["c5"] } },
    { goal: { squares: ["c5"] } },
    { goal: { type: "mate", in: "two" } },
    { goal: { type: "reach", square: "c5", colour: "red" } },
    { opponent: { type: "engine" } },
    { opponent: { type: "scripted", level: 3, replies: ["e5"] } },
    { opponent: { type: "engine", level: 300 } },
    { opponent: { type: "robot" } },
    { shapes: [{ type: "circle", square: "c5", from: "c4" }] },
    { shapes: [{ type: "arrow", from: "c4" }] },
    { shapes: [{ type: "circle", square: "c5", color: "pink" }] },
    { position: 7 },
    { position: ["8/8/8/8/8/8/8/8", 3] },
    { position: { fen: "8/8" } },
  ];
  for (const change of cases) {
    const t = JSON.stringify({ ...good, ...change }, null, 2);
    assert.ok(full.checkLesson(t).some((d) => d.severity === "error"), JSON.stringify(change));
    assert.throws(() => new lean.Lesson(t), (e) => typeof e.id === "string", JSON.stringify(change));
  }
  // and what it reads, it reads alike: shapes of each kind, an opponent, a text board
  const t = JSON.stringify({ ...good, shapes: [{ type: "arrow", from: "a1", to: "a8", color: "red" }, { type: "circle", square: "c5" }, { type: "highlight", square: "d4", color: "blue" }] });
  assert.deepEqual(seen(new lean.Lesson(t)), seen(new full.Lesson(t)));
  // a kind without fields reads past a field of another kind, as serde's derive does
  const none = JSON.stringify({ ...good, opponent: { type: "none", replies: ["e5"] } });
  assert.deepEqual(seen(new lean.Lesson(none)), seen(new full.Lesson(none)));
  assert.equal(lean.lessonPackage(JSON.stringify({ ...good, pieces: null })), undefined);
});
