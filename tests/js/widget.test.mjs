// Static checks on the <chess-tutor> widget: no inline styles or scripts in the pages, the piece sprite in sync with images/, and the text helpers.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WWW = join(ROOT, "www");
const read = (name) => readFileSync(join(WWW, name), "utf8");
const pages = readdirSync(WWW).filter((f) => f.endsWith(".html"));

test("the widget's modules are there", () => {
  for (const f of ["widget/chess-tutor.js", "widget/board.js", "widget/dom.js", "i18n/i18n.js", "widget/explain.js", "i18n/en/board.js", "i18n/ru/board.js", "i18n/en/explain.js", "i18n/ru/explain.js", "widget/chess-tutor.css", "widget/board.css", "images/pieces.svg"]) {
    assert.ok(read(f).length > 0, f);
  }
});

// No HTML from strings, no code from strings and no inline style in www/*.js: lint rules
// (eslint.config.js, held by tests/js/lint-rules.test.mjs), and proved running under Trusted
// Types by tests/browser/csp.test.mjs.

test("every page has no inline scripts, styles or event handlers (a strict CSP may apply)", () => {
  assert.ok(pages.includes("index.html") && pages.includes("csp.html") && pages.includes("embed-example.html"));
  for (const page of pages) {
    const html = read(page);
    for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      assert.match(attributes, /\bsrc=/, `${page}: every script has a src`);
      assert.equal(body.trim(), "", `${page}: no inline script body`);
    }
    assert.doesNotMatch(html, /<style\b/, page);
    assert.doesNotMatch(html, /\sstyle=/, page);
    assert.doesNotMatch(html, /\son[a-z]+=/, page);
  }
});

test("the embedding pages load the widget with one module script tag", () => {
  for (const page of ["embed-example.html", "csp.html"]) {
    const html = read(page);
    assert.match(html, /<script type="module" src="chess-tutor.js"><\/script>/, page);
    assert.match(html, /<chess-tutor\b/, page);
  }
});

// The widget finds its files beside its own script: tests/browser/script-tag.test.mjs (a folder of a school's site).

test("www/images/pieces.svg is built from the 12 pieces in images/ (node images/sprite.mjs), pieces-t1.svg from the chess-t1 ones", async () => {
  const { buildSprite, PIECES, SPRITE } = await import(pathToFileURL(join(ROOT, "images", "sprite.mjs")).href);
  const { buildSpriteT1, PIECES_T1, SPRITE_T1 } = await import(pathToFileURL(join(ROOT, "images", "sprite-t1.mjs")).href);
  const names = readdirSync(join(ROOT, "images")).filter((f) => f.endsWith(".svg")).sort();
  assert.deepEqual(names, [...PIECES, ...PIECES_T1].map((p) => `${p}.svg`).sort());
  for (const name of names) {
    const svg = readFileSync(join(ROOT, "images", name), "utf8");
    assert.doesNotMatch(svg, /<script|<style|\sstyle=|href=|xlink:/, `${name} is self-contained`);
  }
  assert.equal(readFileSync(SPRITE, "utf8"), buildSprite(), "www/images/pieces.svg is out of date: run node images/sprite.mjs");
  assert.equal(readFileSync(SPRITE_T1, "utf8"), buildSpriteT1(), "www/images/pieces-t1.svg is out of date: run node images/sprite-t1.mjs");
  for (const p of PIECES) assert.match(readFileSync(SPRITE, "utf8"), new RegExp(`<view id="${p}" viewBox="[0-9]+ [0-9]+ 100 100"/>`));
  for (const p of PIECES_T1) assert.match(readFileSync(SPRITE_T1, "utf8"), new RegExp(`<view id="${p}" viewBox="[0-9]+ [0-9]+ 100 100"/>`));
  assert.deepEqual(readdirSync(join(WWW, "images")).sort(), ["goals.svg", "pictures.svg", "pieces-t1.svg", "pieces.svg"], "only the sprites ship");
});

test("www/images/pictures.svg (node images/pictures.mjs) has the twelve pictures of a pupil's picture password, the server's names", async () => {
  const { buildPictureSprite, PICTURE_SPRITE, PICTURES } = await import(pathToFileURL(join(ROOT, "images", "pictures.mjs")).href);
  const sprite = readFileSync(PICTURE_SPRITE, "utf8");
  assert.equal(sprite, buildPictureSprite(), "www/images/pictures.svg is out of date: run node images/pictures.mjs");
  assert.doesNotMatch(sprite, /<script|<style|\sstyle=|href=|xlink:|<text/, "self-contained, no text");
  assert.deepEqual(PICTURES, ["cat", "dog", "fish", "bird", "sun", "moon", "star", "tree", "flower", "apple", "car", "ball"]);
  for (const name of PICTURES) assert.match(sprite, new RegExp(`<view id="${name}" viewBox="[0-9]+ [0-9]+ 100 100"/>`), name);
  // each in words in every language (that the pupil's sign-in shows these twelve, in this order:
  // tests/browser/classes.test.mjs)
  for (const lang of ["en", "ru"]) {
    const words = (await import(pathToFileURL(join(WWW, "i18n", lang, "classes.js")).href)).default;
    assert.deepEqual(Object.keys(words.picture), PICTURES, lang);
  }
});

test("www/images/goals.svg (node images/goals.mjs) has a picture for every goal type of the schema, and the hand", async () => {
  const { buildGoalSprite, GOAL_SPRITE, ICONS } = await import(pathToFileURL(join(ROOT, "images", "goals.mjs")).href);
  const sprite = readFileSync(GOAL_SPRITE, "utf8");
  assert.equal(sprite, buildGoalSprite(), "www/images/goals.svg is out of date: run node images/goals.mjs");
  assert.doesNotMatch(sprite, /<script|<style|\sstyle=|href=|xlink:|<text/, "self-contained, no text");
  const schema = JSON.parse(readFileSync(join(ROOT, "lessons", "lesson.schema.json"), "utf8"));
  const defs = schema.$defs ?? schema.definitions;
  const types = (defs.Goal.oneOf ?? defs.Goal.anyOf).map((v) => v.properties.type.const ?? v.properties.type.enum[0]);
  assert.ok(types.length >= 15, `the schema's goal types: ${types}`);
  for (const type of [...types, "hand"]) assert.match(sprite, new RegExp(`<view id="${type}" viewBox="[0-9]+ [0-9]+ 100 100"/>`), type);
  assert.deepEqual(Object.keys(ICONS).sort(), [...types, "hand"].sort(), "a picture for each goal type, no other");
  // the one list of goals in JS (www/widget/goal-names.js, made from the crate) is the schema's, in order
  const { GOAL_NAMES } = await import(pathToFileURL(join(WWW, "widget", "goal-names.js")).href);
  assert.deepEqual([...GOAL_NAMES], types);
  // the course page and the player show each (goals.js), and the studio offers each when the
  // schema cannot be read
  const { GOAL_PICTURES } = await import(pathToFileURL(join(WWW, "widget", "goals.js")).href);
  assert.deepEqual([...GOAL_PICTURES].sort(), [...types].sort());
});

test("the board's stylesheet defines the theme's custom properties", () => {
  const css = read("widget/board.css");
  for (const name of ["--ct-light", "--ct-dark", "--ct-marker", "--ct-last-move", "--ct-check", "--ct-focus", "--ct-selected"]) {
    assert.match(css, new RegExp(`${name}:`), name);
  }
  assert.match(css, /touch-action:\s*none/);
  assert.match(css, /prefers-reduced-motion/);
});

const en = (await import(pathToFileURL(join(WWW, "i18n/en/board.js")).href)).default;
const ru = (await import(pathToFileURL(join(WWW, "i18n/ru/board.js")).href)).default;
// the modules import in Node too (no custom element there): their pure helpers are tested here
await import(pathToFileURL(join(WWW, "widget", "chess-tutor.js")).href);
const explain = await import(pathToFileURL(join(WWW, "widget", "explain.js")).href);
const board = await import(pathToFileURL(join(WWW, "widget", "board.js")).href);
const i18n = await import(pathToFileURL(join(WWW, "i18n", "i18n.js")).href);

test("move counts use the right plural forms", () => {
  assert.deepEqual([0, 1, 2, 4, 5, 11, 21, 22, 25].map(ru.countMoves), [
    "0 ходов", "1 ход", "2 хода", "4 хода", "5 ходов", "11 ходов", "21 ход", "22 хода", "25 ходов",
  ]);
  assert.deepEqual([0, 1, 2].map(en.countMoves), ["0 moves", "1 move", "2 moves"]);
  assert.equal(ru.selected("Конь", "g1", 2), "Конь на g1: 2 хода");
  assert.equal(en.selected("Knight", "g1", 2), "Knight on g1: 2 moves");
});

test("both languages have the same messages, and every game ending is worded", () => {
  const keys = (o) => Object.keys(o).sort();
  assert.deepEqual(keys(ru), keys(en));
  assert.deepEqual(keys(ru.over), keys(en.over));
  assert.deepEqual(keys(ru.targetSuffix), ["capture", "castle", "en-passant", "move", "promotion"]);
  assert.deepEqual(keys(en.targetSuffix), keys(ru.targetSuffix));
  for (const reason of ["checkmate", "stalemate", "insufficient-material", "fivefold", "seventy-five-moves", "threefold", "fifty-moves", "resignation", "agreement", "timeout", "timeout-insufficient-material"]) {
    for (const words of [en, ru]) assert.equal(typeof words.over[reason]("white"), "string", reason);
  }
});

test("the language is one of LANGS (ru for ru-*), else en", () => {
  assert.deepEqual([...i18n.LANGS].sort(), readdirSync(join(WWW, "i18n"), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort(), "one folder per language");
  assert.equal(i18n.pickLang("ru"), "ru");
  assert.equal(i18n.pickLang("ru-RU"), "ru");
  assert.equal(i18n.pickLang("en-GB"), "en");
  assert.equal(i18n.pickLang("de"), "en");
});

test("a formula line is filled in with the numbers of a move, from the explanation's data (no text read back)", () => {
  // (the panel's explanation, explain.js, loaded when the child first reaches for the board)
  const { substitute, signed } = explain;
  assert.equal(signed(1), "+1");
  assert.equal(signed(-2), "−2");
  assert.equal(signed(0), "0");
  // pawn e2-e4: i = 1, j = 4, n = 2, ΔI = +1
  // (the rules' explanations: si, sj the factors the line writes before ΔI and ΔJ, 0 for a coordinate that stays)
  const text = (e, at) => substitute(e, at).join(", ");
  assert.equal(text({ si: 1, sj: 0, n_shown: true, n: 2, di: 1, dj: 0 }, { i: 1, j: 4, i1: 3, j1: 4 }), "i1 = 1 + 2·(+1) = 3, j1 = 4");
  // knight g1-f3
  assert.equal(text({ si: 2, sj: 1, n_shown: false, n: 1, di: 1, dj: -1 }, { i: 0, j: 6, i1: 2, j1: 5 }), "i1 = 0 + 2·(+1) = 2, j1 = 6 + (−1) = 5");
  // rook along a row
  assert.equal(text({ si: 0, sj: 1, n_shown: true, n: 3, di: 0, dj: 1 }, { i: 0, j: 0, i1: 0, j1: 3 }), "i1 = 0, j1 = 0 + 3·(+1) = 3");
  // a queen along a file: ΔJ = 0 is written as 0
  assert.equal(text({ si: 1, sj: 1, n_shown: true, n: 3, di: 1, dj: 0 }, { i: 0, j: 3, i1: 3, j1: 3 }), "i1 = 0 + 3·(+1) = 3, j1 = 3 + 3·0 = 3");
});

test("squares and geometry follow the (i, j) scheme and the orientation", () => {
  assert.equal(board.squareName(0, 0), "a1");
  assert.equal(board.squareName(7, 4), "e8");
  assert.deepEqual(board.parseSquare("g1"), [0, 6]);
  const white = board.geometry("white", "algebraic");
  const black = board.geometry("black", "none");
  assert.equal(white.size, 48 + 800 + 14);
  assert.equal(black.size, 14 + 800 + 14);
  assert.deepEqual(white.visual(0, 0), [7, 0], "a1 bottom left");
  assert.deepEqual(black.visual(0, 0), [0, 7], "a1 top right when flipped");
  for (const g of [white, black]) for (const [r, c] of [[0, 0], [3, 5], [7, 7]]) assert.deepEqual(g.visual(...g.fromVisual(r, c)), [r, c]);
});

test("say() fills a message in, and never throws on an unknown one", () => {
  const words = { hi: "Hi, {name}!", count: ({ n }) => `${n} moves` };
  assert.equal(i18n.say(words, { id: "hi", args: { name: "Ann" } }), "Hi, Ann!");
  assert.equal(i18n.say(words, { id: "count", args: { n: 3 } }), "3 moves");
  assert.equal(i18n.say(words, { id: "no-such-id" }), "no-such-id");
  assert.equal(i18n.say(null, null), "");
  assert.equal(i18n.plural("ru")(21, ["ход", "хода", "ходов"]), "21 ход");
  assert.equal(i18n.plural("en")(2, ["move", "moves"]), "2 moves");
});

test("every word file has the same ids in every language", async () => {
  const deepKeys = (o, prefix = "") =>
    Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? deepKeys(v, `${prefix}${k}.`) : [`${prefix}${k}`])).sort();
  const parts = new Set(i18n.LANGS.flatMap((lang) => readdirSync(join(WWW, "i18n", lang))));
  for (const part of parts) {
    const [first, ...others] = await Promise.all(
      i18n.LANGS.map(async (lang) => deepKeys((await import(pathToFileURL(join(WWW, "i18n", lang, part)).href)).default)),
    );
    for (const [k, keys] of others.entries()) assert.deepEqual(keys, first, `${i18n.LANGS[k + 1]}/${part} and ${i18n.LANGS[0]}/${part}`);
  }
});

test("the app and course page's words (www/i18n/<lang>/app.js) count stars in both languages", async () => {
  const [en, ru] = await Promise.all(["en", "ru"].map(async (lang) => (await import(pathToFileURL(join(WWW, "i18n", lang, "app.js")).href)).default));
  assert.equal(ru.total(12, 120), "У тебя 12 из 120 звёзд");
  assert.equal(ru.total(0, 171), "У тебя 0 из 171 звезды");
  assert.equal(ru.total(5, 121), "У тебя 5 из 121 звезды");
  assert.equal(ru.starsOf(2), "2 звезды из 3");
  assert.equal(en.total(10, 120), "You have 10 of 120 stars");
  assert.equal(en.imported(1), "Loaded! 1 lesson got more stars.");
});
