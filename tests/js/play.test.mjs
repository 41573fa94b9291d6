// The game modes' pure parts (play.js): the clock's text and presets, the check of a saved game
// (nothing in localStorage is trusted), and the words in both languages with Russian plurals.
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const WWW = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "www");
const load = async (name) => import(pathToFileURL(join(WWW, name)).href);
const { formatClock, parseClock, readSaved } = await load("widget/play.js");
const { say } = await load("i18n/i18n.js");
const en = (await load("i18n/en/play.js")).default;
const ru = (await load("i18n/ru/play.js")).default;

const shape = (o) =>
  Object.fromEntries(Object.entries(o).sort().map(([k, v]) => [k, v && typeof v === "object" ? shape(v) : typeof v]));

test("clock presets are minutes + seconds a move", () => {
  assert.deepEqual(parseClock("5+3"), { base: 300000, inc: 3000 });
  assert.deepEqual(parseClock("0.05+0"), { base: 3000, inc: 0 });
  for (const bad of ["none", "", null, "5", "+3", "0+5", "-1+0", "5+x"]) assert.equal(parseClock(bad), null, String(bad));
});

test("the clock shows minutes and seconds, and tenths in the last ten seconds", () => {
  assert.equal(formatClock(300000), "5:00");
  assert.equal(formatClock(83500), "1:24");
  assert.equal(formatClock(10000), "0:10");
  assert.equal(formatClock(9400), "0:09.4");
  assert.equal(formatClock(-5), "0:00.0");
  assert.equal(formatClock(3723000), "1:02:03");
});

const good = { v: 1, mode: "computer", level: 3, human: "black", start: "startpos", moves: ["e2e4", "e7e8q"], clock: { base: 1, inc: 0, white: 1, black: 1 } };

test("a saved game is read field by field, and a bad one names the field", () => {
  const { game } = readSaved(JSON.stringify(good));
  assert.equal(game.level, 3);
  assert.deepEqual(game.moves, ["e2e4", "e7e8q"]);
  assert.equal(game.takeback, true);
  const bad = (patch) => readSaved(JSON.stringify({ ...good, ...patch })).error;
  assert.match(readSaved("{oops").error, /not JSON/);
  assert.match(readSaved("null").error, /not an object/);
  assert.match(bad({ v: 2 }), /^v:/);
  assert.match(bad({ mode: "chess960" }), /^mode:/);
  assert.match(bad({ level: 9 }), /^level:/);
  assert.match(bad({ human: "red" }), /^human:/);
  assert.match(bad({ start: 5 }), /^start:/);
  assert.match(bad({ moves: "e2e4" }), /^moves:/);
  assert.match(bad({ moves: ["e2e4", "<img>"] }), /^moves\[1\]:/);
  assert.match(bad({ clock: { base: "x" } }), /^clock:/);
  assert.match(bad({ end: { how: "boredom" } }), /^end\.how:/);
});

test("the game words have the same keys in both languages, with Russian plurals", () => {
  assert.deepEqual(shape(ru), shape(en));
  assert.equal(ru.preset("1+0"), "1 минута");
  assert.equal(ru.preset("3+2"), "3 минуты + 2 с за ход");
  assert.equal(ru.preset("5+0"), "5 минут");
  assert.equal(en.preset("1+0"), "1 minute");
  assert.equal(en.preset("15+10"), "15 minutes + 10 s a move");
  assert.equal(say(en.reason, { id: "checkmate", args: { loser: "black" } }), "Checkmate: the black king has nowhere to go.");
  assert.equal(say(ru.reason, { id: "timeout", args: { loser: "white" } }), "У белых кончилось время.");
  for (const reason of ["checkmate", "stalemate", "insufficient-material", "fivefold", "seventy-five-moves", "threefold", "fifty-moves", "resignation", "agreement", "timeout", "timeout-insufficient-material"]) {
    for (const words of [en, ru]) assert.ok(say(words.reason, { id: reason, args: { loser: "white" } }).length > 10, reason);
  }
  for (let level = 1; level <= 8; level++) assert.ok(en.levels[level] && ru.levels[level]);
});
