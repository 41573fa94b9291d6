// Spoken words a child hears as words (issue 39, point 4): every text of every lesson of every
// course (lessons/courses.json), in Russian and English, said through the speech words
// (www/widget/speech.js `spoken` with www/i18n/<lang>/speech.js): no Latin letter in Russian speech, no
// symbol read ("★★★", "=", "✓"), no digit-letter pair left unsaid ("4e"), no word said twice in a
// row. The words the player adds (the par's stars) are said in words too; so are practice's
// exercises (www/pkg-practice, made in Node: every skill, two seeds).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { texts } from "./lesson-texts.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const S = await import(pathToFileURL(join(ROOT, "www", "widget", "speech.js")).href);
const file = async (lang, part) => (await import(pathToFileURL(join(ROOT, "www", "i18n", lang, `${part}.js`)).href)).default;
const words = { ru: { ...(await file("ru", "language")), ...(await file("ru", "speech")) }, en: { ...(await file("en", "language")), ...(await file("en", "speech")) } };
const said = (text, lang) => S.spoken(text, words[lang]).text;

// what a voice would read wrongly or as a sign
const LATIN = /[A-Za-z]/;
const SYMBOL = /[^\p{L}\p{N}\s.,!?:;—–\-«»"'’()…]/u;
const PAIR = /(?<![\p{L}\p{N}])(?:[1-8][a-h]|[a-h][1-8])(?![\p{L}\p{N}])/u;
const REPEAT = /(?<!\p{L})(\p{L}{3,})\s+\1(?!\p{L})/iu;

function lessons() {
  const out = [];
  for (const { file: course } of JSON.parse(readFileSync(join(ROOT, "lessons", "courses.json"), "utf8")).courses)
    for (const section of JSON.parse(readFileSync(join(ROOT, "lessons", course), "utf8")).sections)
      for (const f of section.lessons) out.push([f, JSON.parse(readFileSync(join(ROOT, "lessons", f), "utf8"))]);
  return out;
}

test("every lesson's every text, said: no Latin letter in Russian, no symbol, no letter-digit pair unsaid, no word twice", () => {
  const found = { latin: [], symbol: [], pair: [], repeat: [] };
  let count = 0;
  for (const [f, lesson] of lessons())
    for (const t of texts(lesson))
      for (const lang of ["ru", "en"]) {
        if (!t[lang]) continue;
        count += 1;
        const s = said(t[lang], lang);
        if (lang === "ru" && LATIN.test(s)) found.latin.push(`${f}: ${s}`);
        if (SYMBOL.test(s)) found.symbol.push(`${f} (${lang}): ${s}`);
        if (PAIR.test(s)) found.pair.push(`${f} (${lang}): ${s}`);
        if (REPEAT.test(s)) found.repeat.push(`${f} (${lang}): ${s}`);
      }
  assert.ok(count > 1000, `the courses' texts were read (${count})`);
  assert.deepEqual(found, { latin: [], symbol: [], pair: [], repeat: [] });
});

test("practice: every skill's exercises (two seeds each, the endgame skills too), said: no Latin letter in Russian, no symbol, no pair unsaid, no word twice", async () => {
  const PKG = join(ROOT, "www", "pkg-practice");
  const pkg = await import(pathToFileURL(join(PKG, "chess_tutor.js")).href);
  pkg.initSync({ module: readFileSync(join(PKG, "chess_tutor_bg.wasm")) });
  for (const f of pkg.practiceEndgameFiles()) pkg.practiceLoadEndgame(new Uint8Array(readFileSync(join(ROOT, "www", "endgame", f))));
  const found = { latin: [], symbol: [], pair: [], repeat: [] };
  const skills = pkg.practiceSkills();
  let count = 0;
  for (const skill of skills)
    for (const seed of [1, 2]) {
      const ex = pkg.practiceMake(skill.id, seed);
      for (const t of texts(JSON.parse(ex.text)))
        for (const lang of ["ru", "en"]) {
          if (!t[lang]) continue;
          count += 1;
          const s = said(t[lang], lang);
          if (lang === "ru" && LATIN.test(s)) found.latin.push(`${ex.id}: ${s}`);
          if (SYMBOL.test(s)) found.symbol.push(`${ex.id} (${lang}): ${s}`);
          if (PAIR.test(s)) found.pair.push(`${ex.id} (${lang}): ${s}`);
          if (REPEAT.test(s)) found.repeat.push(`${ex.id} (${lang}): ${s}`);
        }
    }
  assert.ok(skills.length >= 40 && count > 1000, `the exercises' texts were read (${skills.length} skills, ${count} texts)`);
  assert.deepEqual(found, { latin: [], symbol: [], pair: [], repeat: [] });
});

test("letters, pairs, stars, formulas and names in the language's own words", () => {
  assert.equal(said("Внизу буквы от a до h. Буква e внизу.", "ru"), "Внизу буквы от а до аш. Буква е внизу.");
  assert.equal(said("4e", "ru"), "четыре е");
  assert.equal(said("4e", "en"), "four E");
  assert.equal(said("★★★ за 3 хода", "ru"), "три звезды за 3 хода");
  assert.equal(said("★ одна", "ru"), "одна звезда одна");
  assert.equal(said("Try again for ★★★!", "en"), "Try again for three stars!");
  assert.equal(said("i1 = i + n·ΔI", "ru"), "и один равно и плюс эн умножить на дельта и");
  assert.equal(said("i1 = i + n·ΔI", "en"), "i one equals i plus n times delta I");
  assert.equal(said("Знак x значит взятие, # — мат.", "ru"), "Знак икс значит взятие, решётка — мат.");
  assert.equal(said("Фигуры chess-t1.", "ru"), "Фигуры чесс тэ один.");
  assert.equal(said("✓ Верно → дальше", "ru").trim(), "Верно  дальше");
  // a check or a mate after a move keeps its pause; an English article stays a word
  assert.equal(said("Фh4#", "ru"), "ферзь аш четыре. Мат!");
  assert.equal(said("Put a rook on a1.", "en"), "Put a rook on A one.");
});

test("the highlight still finds the shown word after stars and letters said in words", () => {
  const shown = "★★★ за ход e4";
  const { text, map } = S.spoken(shown, words.ru);
  const [start, length] = map(text.indexOf("звезды"), 6);
  assert.equal(shown.slice(start, start + length), "★★★");
  const [s2, l2] = map(text.indexOf("ход"), 3);
  assert.equal(shown.slice(s2, s2 + l2), "ход");
});

test("the player's own words with stars are said in words", async () => {
  for (const lang of ["ru", "en"]) {
    const t = await file(lang, "lesson");
    for (const x of [t.parMoves(3), t.parMistakes(0), t.parMistakes(2), t.better(4), t.betterMistakes, t.betterNoHint]) {
      const s = said(x, lang);
      assert.ok(!SYMBOL.test(s), `${lang}: ${s}`);
      if (lang === "ru") assert.ok(!LATIN.test(s), s);
    }
  }
});
