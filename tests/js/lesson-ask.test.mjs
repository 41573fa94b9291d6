// www/lesson/ask.js: what each choice of a question stands for, from the lesson's data (issue 39):
// a square to tap on the board, a picture on the button; and www/lesson/bubble.js's measure.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const A = await import(pathToFileURL(join(ROOT, "www", "lesson", "ask.js")).href);
const B = await import(pathToFileURL(join(ROOT, "www", "lesson", "bubble.js")).href);
const words = async (lang) => (await import(pathToFileURL(join(ROOT, "www", "i18n", lang, "lesson.js")).href)).default;
const goal = (id) => JSON.parse(readFileSync(join(ROOT, "lessons", `${id}.json`), "utf8")).goal;

test("a question about a square: each choice's square, tapped on the board (a name written wrongly has none)", async () => {
  const ru = await words("ru");
  assert.deepEqual(A.choiceFacts(goal("setup-king"), { ru }).map((f) => f.square), ["e1", "c1", "e2"]);
  const facts = A.choiceFacts(goal("board-names-question"), { ru });
  assert.deepEqual(facts.map((f) => f.square ?? null), ["e4", "d4", null, "e5"]);
  assert.equal(A.choiceOfSquare(facts, "d4"), 1);
  assert.equal(A.choiceOfSquare(facts, "h8"), -1);
  assert.equal(A.aboutSquares(facts), true);
  // choices naming two squares, or one square each but the same: not a question about a square
  assert.equal(A.aboutSquares(A.choiceFacts({ choices: ["Да", "Нет: мешают пешки f2, g2 и h2", "Нет: слон c4 нападает на f1"] }, { ru })), false);
  assert.equal(A.aboutSquares(A.choiceFacts({ choices: ["Конь на f3", "Конь с f3"] }, {})), false);
});

test("pictures: sides, pieces, yes and no with the piece they name, results; in both languages", async () => {
  const [ru, en] = [await words("ru"), await words("en")];
  for (const w of [{ ru }, { en }]) {
    assert.deepEqual(A.choiceFacts(goal("turns-white-first"), w).map((f) => f.picture), ["white", "black", "race"]);
    assert.deepEqual(A.choiceFacts(goal("turns-whose-move"), w).map((f) => f.picture), ["white", "black", "both"]);
    assert.deepEqual(A.choiceFacts(goal("value-question"), w).map((f) => f.picture), ["rook knight", "queen", "equal"]);
    assert.deepEqual(A.choiceFacts(goal("check-question"), w).map((f) => f.picture), ["yes knight", "yes rook", "no"]);
    // check, mate or stalemate (a child who cannot read tells the three apart by their pictures)
    for (const id of ["what-is-it-1", "what-is-it-2", "what-is-it-3"]) assert.deepEqual(A.choiceFacts(goal(id), w).map((f) => f.picture), ["check", "mate", "stalemate"], id);
  }
  assert.deepEqual(A.choiceFacts(goal("kp-square-question"), { en }).map((f) => f.picture), ["draw", "win", "loss"]);
  // the rules' own questions give their pictures
  assert.deepEqual(A.choiceFacts({ choices: ["Yes, it can", "No, it can't"], pictures: ["yes", "no"] }, { en }).map((f) => f.picture), ["yes", "no"]);
  // castling (the practice exercise "castle" and the lesson castle-rook-moved): the king and where it goes,
  // never the two sides' pawns of "both" for "Both ways"
  const castle = { choices: [{ ru: "Короткая", en: "Kingside" }, { ru: "Длинная", en: "Queenside" }, { ru: "Обе", en: "Both ways" }, { ru: "Никак", en: "Neither way" }] };
  for (const w of [{ ru }, { en }]) {
    assert.deepEqual(A.choiceFacts(castle, w).map((f) => f.picture), ["kingside", "queenside", "both-ways", "neither-way"]);
    assert.deepEqual(A.choiceFacts(goal("castle-rook-moved"), w).map((f) => f.picture), ["kingside", "queenside", "neither-way"]);
  }
  // words of no picture: none (never a wrong one)
  assert.deepEqual(A.choiceFacts({ choices: ["Start the game again", "They play on"] }, { en }), [{}, {}]);
  assert.deepEqual(A.choiceFacts({ choices: ["Nobody", "Nothing"] }, { en }), [{}, {}], "“no” only as a word of its own");
});

test("the box covers a square by more than a sliver", () => {
  const cell = { left: 0, right: 40, top: 0, bottom: 40, width: 40, height: 40 };
  assert.equal(B.covers({ left: 0, right: 300, top: 20, bottom: 100 }, cell), true);
  assert.equal(B.covers({ left: 0, right: 300, top: 35, bottom: 100 }, cell), false);
  assert.equal(B.covers({ left: 45, right: 300, top: 0, bottom: 100 }, cell), false);
});
