// Words a six-year-old follows (issue 38): in EVERY course of lessons/ (sections and retired
// lessons alike), no sentence a child reads or hears is over the limit of its language (12 words
// in English, 10 in Russian), the median is at most 8 and the longest at most 18. The counter is
// scripts/sentence-lengths.mjs's, the one the closing note's figures come from.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LIMITS, sentences, texts, words } from "../../scripts/sentence-lengths.mjs";
import { lessonsAt } from "../../scripts/lessons-at.mjs";

const { json } = lessonsAt(null);
const courses = json("courses.json").courses.map((c) => c.file);

/** Every sentence of a course's lessons, per language, with the lesson and the place. */
function sentencesOf(file) {
  const course = json(file);
  const names = [...course.sections.flatMap((s) => s.lessons), ...(course.retired ?? [])];
  const out = { en: [], ru: [] };
  for (const name of names) {
    const lesson = json(name);
    assert.ok(lesson, `${file} lists ${name}, which is in lessons/`);
    for (const [pointer, text] of texts(lesson)) {
      for (const lang of ["en", "ru"]) {
        for (const s of sentences(text[lang] ?? "")) out[lang].push({ ...s, at: `${lesson.id}${pointer}/${lang}` });
      }
    }
  }
  return out;
}

const median = (n) => (n.length % 2 ? n[(n.length - 1) / 2] : (n[n.length / 2 - 1] + n[n.length / 2]) / 2);

test("the counter: a word is a run of letters or digits, a sentence ends at . ! ? …", () => {
  assert.equal(words("Play e4 — and the knight's step: (2·ΔI, ΔJ)."), 9);
  assert.deepEqual(
    sentences("Every square has numbers (i, j). A piece's move: i1 = i + 1! Yes… «Мат!» Go").map((s) => s.words),
    [6, 6, 1, 1, 1],
  );
  assert.deepEqual(sentences("Взять можно: поровну — нельзя; n = 2"), [{ text: "Взять можно: поровну — нельзя; n = 2", words: 6 }]);
});

test("the walk reads every course and its retired lessons", () => {
  assert.ok(courses.length >= 4, `courses: ${courses}`);
  for (const file of courses) {
    const s = sentencesOf(file);
    assert.ok(s.en.length > 50 && s.ru.length > 50, `${file}: ${s.en.length} English and ${s.ru.length} Russian sentences`);
  }
});

for (const file of courses) {
  for (const lang of ["en", "ru"]) {
    test(`${file}, ${lang}: every sentence within ${LIMITS[lang].sentence} words, median ≤ ${LIMITS[lang].median}, longest ≤ ${LIMITS[lang].longest}`, () => {
      const list = sentencesOf(file)[lang];
      const over = list.filter((s) => s.words > LIMITS[lang].sentence).map((s) => `${s.words}  ${s.at}: ${s.text}`);
      assert.deepEqual(over, [], `sentences over ${LIMITS[lang].sentence} words:\n${over.join("\n")}`);
      const n = list.map((s) => s.words).sort((a, b) => a - b);
      assert.ok(median(n) <= LIMITS[lang].median, `median ${median(n)}`);
      assert.ok(n.at(-1) <= LIMITS[lang].longest, `longest ${n.at(-1)}`);
    });
  }
}
