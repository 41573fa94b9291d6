// Issue 28: a best_move lesson that accepts a group ("accept": "wins_queen") plays, and the child
// who plays a move of the group is told which group it was, in Russian and English. Issue 36: it
// plays in pkg-lessons-full (pkg-lessons, a child's first download, names it: its group words stay
// out); a feedback's "result" is read by the lean package too.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(fileURLToPath(import.meta.url), "..", "..", "..");
const load = async (dir) => {
  const pkg = await import(pathToFileURL(join(ROOT, "www", dir, "chess_tutor.js")).href);
  pkg.initSync({ module: readFileSync(join(ROOT, "www", dir, "chess_tutor_bg.wasm")) });
  return pkg;
};
const words = async (lang) => (await import(pathToFileURL(join(ROOT, "www", "i18n", lang, "messages-lesson.js")).href)).default;
const say = (w, { id, args }) => (typeof w[id] === "function" ? w[id](args) : w[id].replace(/\{(\w+)\}/g, (m, k) => args[k] ?? m));

const LESSON = JSON.stringify({
  id: "x",
  title: { ru: "Ферзь", en: "The queen" },
  intro: { ru: "Возьми ферзя!", en: "Win the queen!" },
  position: "6k1/8/2p5/3q4/4P3/2N5/PP3PPP/6K1 w - - 0 1",
  goal: { type: "best_move", answers: ["Nxd5", "exd5"], accept: "wins_queen" },
  feedback: [{ move: "h3", text: { ru: "Ферзь уйдёт.", en: "The queen gets away." }, result: "draw" }],
});

for (const dir of ["pkg-lessons-full"]) {
  test(`${dir}: a move of the accepted group is right, and the child hears the group`, async () => {
    const pkg = await load(dir);
    const [en, ru] = [await words("en"), await words("ru")];
    for (const [from, san, enSaid, ruSaid] of [["c3", "Nxd5", "Right! Nxd5 wins the queen.", "Верно! Кxd5 выигрывает ферзя."], ["e4", "exd5", "Right! exd5 wins the queen.", "Верно! exd5 выигрывает ферзя."]]) {
      const out = new pkg.Lesson(LESSON).play(from, "d5");
      assert.equal(out.correct, true, san);
      assert.deepEqual(out.why, { id: "lesson-right-wins", args: { played: san, piece: "queen" } });
      assert.equal(say(en, out.why), enSaid);
      assert.equal(say(ru, out.why), ruSaid);
    }
    // a move outside the group is wrong, with the teacher's words
    const out = new pkg.Lesson(LESSON).play("h2", "h3");
    assert.equal(out.correct, false);
    assert.equal(out.feedback.en, "The queen gets away.");
  });
}

test("pkg-lessons names pkg-lessons-full for a group, and plays the same lesson without one", async () => {
  const pkg = await load("pkg-lessons");
  assert.equal(pkg.lessonPackage(LESSON), "pkg-lessons-full");
  const plain = JSON.parse(LESSON);
  delete plain.goal.accept;
  const right = new pkg.Lesson(JSON.stringify(plain)).play("c3", "d5");
  assert.equal(right.correct, true);
  assert.equal(right.why, undefined, "no group, no group words");
  const out = new pkg.Lesson(JSON.stringify(plain)).play("h2", "h3");
  assert.equal(out.correct, false);
  assert.equal(out.feedback.en, "The queen gets away.");
});
