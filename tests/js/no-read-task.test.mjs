// No task tells a child to read (issue 39, point 5): many children who play cannot read yet. Every
// text of every lesson of every course (lessons/courses.json), every practice skill's exercises
// (www/pkg-practice, two seeds each) and the words the lesson player adds (www/i18n/<lang>/lesson.js,
// messages-lesson.js), in Russian and English: no "read …" / «прочитай», «читай», «прочти»
// instruction. Talking about reading (“a square's name is read letter first”, «читают») is fine.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { texts } from "./lesson-texts.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

// an instruction: "Read" opening a sentence or a clause ("read, look and follow", "then read");
// in Russian the imperative (not «посчитай», «считай»: the letter before is checked)
const ORDER = {
  en: /(?:^|[.!?:;,—–(«“"]\s*|\b(?:then|and|first|please|now)\s+)(?:re-?)?read\b/iu,
  ru: /(?<!\p{L})(?:про|по)?чита(?:й|йте)(?!\p{L})|(?<!\p{L})прочти(?:те)?(?!\p{L})/iu,
};
const orders = (text, lang) => ORDER[lang].test(text);

test("the instruction finder finds an order to read and lets talk about reading pass", () => {
  assert.ok(orders("Read, look and follow the arrows.", "en"));
  assert.ok(orders("Look at the board, then read the task.", "en"));
  assert.ok(orders("Прочитай и нажми «Дальше».", "ru"));
  assert.ok(orders("Читай внимательно!", "ru"));
  assert.ok(orders("Прочти задание.", "ru"));
  assert.ok(!orders("A square's name is read letter first, then number, like e4.", "en"));
  assert.ok(!orders("Посчитай силу белых и чёрных на d5.", "ru"));
  assert.ok(!orders("Считай с нуля!", "ru"));
  assert.ok(!orders("Имя клетки читают так: буква, потом цифра.", "ru"));
});

function found(name, list) {
  const out = [];
  for (const t of list) for (const lang of ["ru", "en"]) if (t[lang] && orders(t[lang], lang)) out.push(`${name} (${lang}): ${t[lang]}`);
  return out;
}

test("no lesson of any course tells the child to read", () => {
  const out = [];
  let count = 0;
  for (const { file: course } of JSON.parse(readFileSync(join(ROOT, "lessons", "courses.json"), "utf8")).courses)
    for (const section of JSON.parse(readFileSync(join(ROOT, "lessons", course), "utf8")).sections)
      for (const f of section.lessons) {
        const list = texts(JSON.parse(readFileSync(join(ROOT, "lessons", f), "utf8")));
        count += list.length;
        out.push(...found(f, list));
      }
  assert.ok(count > 500, `the courses' texts were read (${count})`);
  assert.deepEqual(out, []);
});

test("no practice exercise tells the child to read (every skill, two seeds)", () => {
  const PKG = join(ROOT, "www", "pkg-practice");
  return import(pathToFileURL(join(PKG, "chess_tutor.js")).href).then((pkg) => {
    pkg.initSync({ module: readFileSync(join(PKG, "chess_tutor_bg.wasm")) });
    for (const f of pkg.practiceEndgameFiles()) pkg.practiceLoadEndgame(new Uint8Array(readFileSync(join(ROOT, "www", "endgame", f))));
    const out = [];
    const skills = pkg.practiceSkills();
    for (const skill of skills)
      for (const seed of [1, 2]) {
        const ex = pkg.practiceMake(skill.id, seed);
        out.push(...found(ex.id, texts(JSON.parse(ex.text))));
      }
    assert.ok(skills.length >= 40, `every skill (${skills.length})`);
    assert.deepEqual(out, []);
  });
});

test("the lesson player's own words tell no one to read (a tap on the board during a shown step)", async () => {
  const out = [];
  for (const lang of ["ru", "en"])
    for (const part of ["lesson", "messages-lesson"]) {
      const words = (await import(pathToFileURL(join(ROOT, "www", "i18n", lang, `${part}.js`)).href)).default;
      const walk = (x, path) => {
        if (typeof x === "string") {
          // an error about a lesson file ("cannot be read at line …") is not said to a child
          if (orders(x, lang)) out.push(`${lang}/${part} ${path}: ${x}`);
        } else if (typeof x === "function") {
          let s;
          try {
            s = String(x(..."abcd".split("")));
          } catch {
            s = String(x); // a word that wants other arguments: its source's words
          }
          if (orders(s, lang)) out.push(`${lang}/${part} ${path}: ${s}`);
        } else if (x && typeof x === "object") for (const [k, v] of Object.entries(x)) walk(v, `${path}.${k}`);
      };
      walk(words, "");
    }
  assert.deepEqual(out, []);
});
