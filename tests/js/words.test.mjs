// Issue 25, "words that agree with the screen": a knight's arrow drawn as the L its words
// describe, a square's numbers said as row and column, the end of a game said without a button
// the screen lacks, the move list's letters from the language's catalogue, and a wrong move's
// explanation in both languages.
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const WWW = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "www");
const load = async (path) => (await import(pathToFileURL(join(WWW, path)).href)).default;
const board = await import(pathToFileURL(join(WWW, "widget", "board.js")).href);
const i18n = await import(pathToFileURL(join(WWW, "i18n", "i18n.js")).href);

/** The corners of a closed path "Mx yLx y…Z". */
const points = (d) => [...d.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);

test("a knight's arrow is an L: two squares straight, then one to the side", () => {
  // g1 (650, 750) to f3 (550, 550) on a white board: up two squares, then one to the left
  const d = board.movePath(650, 750, 550, 550);
  assert.match(d, /^M[\d. L-]+Z$/);
  const pts = points(d);
  assert.equal(pts.length, 9, "shaft, corner, head, corner, shaft");
  // the long leg runs straight up from g1: its points keep g1's x (± half the shaft)
  assert.ok(pts.some(([x, y]) => Math.abs(x - 658) < 0.2 && Math.abs(y - 542) < 0.2), "the outer corner at g3");
  assert.ok(pts.some(([x, y]) => Math.abs(x - 642) < 0.2 && Math.abs(y - 558) < 0.2), "the inner corner at g3");
  assert.ok(pts.every(([x]) => x >= 558 - 0.2 || x === 558), "nothing left of the tip");
  // the tip ends on the second leg, short of f3's centre
  assert.ok(pts.some(([x, y]) => Math.abs(x - 558) < 0.2 && Math.abs(y - 550) < 0.2), "the tip points left, into f3");
  // nothing cuts the corner: no point lies on the straight diagonal's midpoint
  assert.ok(!pts.some(([x, y]) => Math.abs(x - 600) < 5 && Math.abs(y - 650) < 5));
  // a knight's jump the other way round: two squares across, then one up
  const across = points(board.movePath(150, 750, 350, 650));
  assert.ok(across.some(([x, y]) => Math.abs(x - 350) < 9 && Math.abs(y - 658) < 0.2), "the head comes up into c2");
  // any other arrow stays straight
  assert.equal(board.movePath(50, 750, 50, 350), board.arrowPath(50, 750, 50, 350));
  assert.equal(board.movePath(50, 750, 450, 350), board.arrowPath(50, 750, 450, 350));
});

test("a square's numbers say which is the row and which the column, in the order of the pair", async () => {
  // (the panel's explanation words, explain.js)
  const en = await load("i18n/en/explain.js");
  const ru = await load("i18n/ru/explain.js");
  assert.equal(en.position("g1", 0, 6), "g1, that is (0, 6): row 0, column 6");
  assert.equal(ru.position("g1", 0, 6), "g1, то есть (0, 6): ряд 0, столбец 6");
});

test("the end of a game names only buttons the screen has", async () => {
  for (const lang of ["en", "ru"]) {
    const t = await load(`i18n/${lang}/board.js`);
    assert.notEqual(t.overHint(true), t.overHint(false), lang);
    assert.doesNotMatch(t.overHint(false), /take a move back|вернуть ход/, lang);
    assert.doesNotMatch(t.gameIsOver(false), /Undo|Назад/, lang);
    assert.doesNotMatch(t.overDone, /new game|новую|Undo|Назад/i, lang);
  }
});

test("the move list's letters come from the language's catalogue (language.js, in the board's words)", async () => {
  const ru = await load("i18n/ru/board.js");
  const en = await load("i18n/en/board.js");
  assert.equal(i18n.sanIn(i18n.lettersIn(ru, "ru"), "Qh4#"), "Фh4#");
  assert.equal(i18n.sanIn(i18n.lettersIn(ru, "ru"), "Nf3"), "Кf3");
  assert.equal(i18n.sanIn(i18n.lettersIn(ru, "ru"), "O-O"), "O-O");
  assert.equal(i18n.sanIn(i18n.lettersIn(en, "en"), "Qh4#"), "Qh4#");
});

test("a wrong move's explanation, in both languages, with the explanation's words for the way", async () => {
  const en = await load("i18n/en/messages-lesson.js");
  const ru = await load("i18n/ru/messages-lesson.js");
  const went = { id: "lesson-went", args: { piece: "rook", to: "a6", aim: "star", square: "a4" } };
  assert.equal(i18n.say(en, went), "The rook went to a6. The star is on a4: 2 steps down from there.");
  assert.equal(i18n.say(ru, went), "Ход: ладья на a6. Звезда на a4: оттуда 2 шага вниз.");
  const knight = { id: "lesson-went", args: { piece: "knight", to: "e5", aim: "capture", square: "f7" } };
  assert.equal(i18n.say(en, knight), "The knight went to e5. A piece to take is on f7: 2 steps up and 1 to the right from there.");
  const reach = { id: "lesson-went", args: { piece: "king", to: "a2", aim: "reach", square: "b2" } };
  assert.equal(i18n.say(ru, reach), "Ход: король на a2. Цель — клетка b2: оттуда 1 шаг вправо.");
  const arrow = { id: "lesson-arrow-not", args: { to: "a6", square: "a4" } };
  assert.equal(i18n.say(en, arrow), "Not a6: the arrow goes to a4, 2 steps down from there.");
  assert.equal(i18n.say(ru, arrow), "Не на a6: стрелка ведёт на a4, оттуда 2 шага вниз.");
  // the board turned for Black: a4 is up from a6 on the screen
  assert.equal(i18n.say(en, { ...arrow, args: { ...arrow.args, flip: true } }), "Not a6: the arrow goes to a4, 2 steps up from there.");
});
