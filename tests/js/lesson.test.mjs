// The lesson player's pure parts: its words in both languages (with Russian plurals), the
// arrow and star geometry (board.js), lessons/ being reachable from www/, and the plug-ins'
// imports (never chess-tutor.js).
import assert from "node:assert/strict";
import { readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WWW = join(ROOT, "www");
const load = async (name) => (await import(pathToFileURL(join(WWW, name)).href)).default;
const en = await load("i18n/en/lesson.js");
const ru = await load("i18n/ru/lesson.js");

const shape = (o) =>
  Object.fromEntries(Object.entries(o).sort().map(([k, v]) => [k, v && typeof v === "object" ? shape(v) : typeof v]));

test("the lesson words have the same keys in both languages", () => {
  assert.deepEqual(shape(ru), shape(en));
  for (const goal of ["stars", "capture_all", "reach", "promote", "mate", "best_move", "targets", "win", "draw"]) {
    assert.equal(typeof en.goal[goal], "function", goal);
  }
  assert.deepEqual(Object.keys(en.done).sort(), ["1", "2", "3"]);
});

test("Russian counts use Intl.PluralRules: 1 ход, 3 хода, 5 ходов", () => {
  assert.deepEqual([1, 2, 3, 5, 11, 21, 22, 25].map(ru.countMoves), ["1 ход", "2 хода", "3 хода", "5 ходов", "11 ходов", "21 ход", "22 хода", "25 ходов"]);
  assert.deepEqual([1, 2, 5, 21].map(ru.countStars), ["1 звезда", "2 звезды", "5 звёзд", "21 звезда"]);
  assert.equal(ru.parMoves(3), "★★★ за 3 хода");
  assert.equal(ru.parMoves(5), "★★★ за 5 ходов");
  assert.equal(ru.goal.mate(1), "Поставь мат в 1 ход!");
  assert.equal(ru.goal.mate(2), "Поставь мат в 2 хода!");
  assert.equal(ru.starsLeft(1), "Осталась 1 звезда");
  assert.equal(ru.starsLeft(3), "Осталось 3 звезды");
  assert.equal(ru.starsLeft(5), "Осталось 5 звёзд");
  assert.equal(ru.usedMoves(1), "Понадобился 1 ход.");
  assert.equal(ru.usedMoves(4), "Понадобилось 4 хода.");
  assert.equal(ru.starsWon(3), "У тебя 3 звезды");
  assert.equal(en.parMoves(1), "★★★ in 1 move");
  assert.equal(en.starsWon(1), "You got 1 star");
  assert.equal(en.goal.targets("Rook", "d4"), "Where can the rook on d4 go? Click every such square!");
  assert.equal(ru.goal.targets("Ладья", "d4"), "Куда может пойти ладья с d4? Нажми на все такие клетки!");
});

test("lesson ids come from file names; nothing else opens", async () => {
  const { lessonId } = await import(pathToFileURL(join(WWW, "widget", "course.js")).href);
  assert.equal(lessonId("rook-stars-1.json"), "rook-stars-1");
  for (const bad of ["../secret.json", "a/b.json", "Rook.json", "", "-x.json"]) assert.equal(lessonId(bad), null, bad);
});

test("arrows and stars are plain SVG paths", async () => {
  const { arrowPath, starPath } = await import(pathToFileURL(join(WWW, "widget", "board.js")).href);
  const star = starPath(50, 50, 40);
  assert.match(star, /^M[\d. L-]+Z$/);
  assert.equal(star.split("L").length, 10, "ten points: five tips, five dents");
  const up = arrowPath(50, 750, 50, 350);
  assert.match(up, /^M[\d. L-]+Z$/);
  const ys = [...up.matchAll(/[\d.]+ ([\d.]+)/g)].map((m) => Number(m[1]));
  assert.equal(Math.min(...ys), 358, "the tip stops just short of the target's centre");
  assert.equal(Math.max(...ys), 728, "the tail leaves the piece on the start square visible");
});

test("www/lessons is the repository's lessons/ folder (a symlink), so serve www/ serves them", () => {
  assert.equal(realpathSync(join(WWW, "lessons")), realpathSync(join(ROOT, "lessons")));
  assert.ok(statSync(join(WWW, "lessons", "course.json")).isFile());
  const course = JSON.parse(readFileSync(join(WWW, "lessons", "course.json"), "utf8"));
  for (const file of course.sections.flatMap((s) => s.lessons)) assert.ok(statSync(join(WWW, "lessons", file)).isFile(), file);
});

// What the widget and the plug-ins import: tests/js/module-graph.test.mjs (the module graph).
