// A lesson in one language (issue 37): a text is said in the reader's language, else English,
// else the language written (www/widget/text-of.js, as Rust's Text::say); the studio's findings come in
// reading order, the chess first, and a language not written is one note (www/studio-findings.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { arrange, isChess, writtenLangs } from "../../www/studio/studio-findings.js";
import { textOf } from "../../www/widget/text-of.js";

test("a text: the reader's language, else English, else the one written; empty words are not written", () => {
  assert.equal(textOf({ ru: "Урок", en: "Lesson" }, "ru"), "Урок");
  assert.equal(textOf({ ru: "Урок", en: "Lesson" }, "de"), "Lesson");
  assert.equal(textOf({ ru: "Урок" }, "en"), "Урок");
  assert.equal(textOf({ ru: "Урок", en: "  " }, "en"), "Урок");
  assert.equal(textOf({ en: "Lesson", ru: "" }, "ru"), "Lesson");
  assert.equal(textOf("plain", "ru"), "plain");
  assert.equal(textOf(null, "ru"), "");
  assert.equal(textOf({ ru: 5 }, "ru"), "");
});

const d = (id, severity = "error", args = {}) => ({ message: { id, args }, severity, pointer: "/x", line: 1, col: 1 });

test("the findings in reading order: the chess's errors, its warnings, then the form's; the language notes apart", () => {
  const found = [d("json-unknown-field"), d("check-missing-language", "warning", { lang: "en", shown: "ru" }), d("wording-intro-long", "warning"), d("doctor-answer-why"), d("doctor-par-too-big", "warning"), d("check-no-stars"), d("check-missing-language", "warning", { lang: "en", shown: "ru" })];
  const { list, notes } = arrange(found, ["ru"]);
  assert.deepEqual(list.map((x) => x.message.id), ["doctor-answer-why", "check-no-stars", "doctor-par-too-big", "json-unknown-field", "wording-intro-long"]);
  assert.deepEqual(notes, [{ lang: "en", shown: "ru", everywhere: true }]);
  // a lesson written in both, one text without English: a note that is not "everywhere"
  assert.deepEqual(arrange([d("check-missing-language", "warning", { lang: "en", shown: "ru" })], ["ru", "en"]).notes, [{ lang: "en", shown: "ru", everywhere: false }]);
  assert.equal(isChess(d("doctor-answer-why")), true);
  assert.equal(isChess(d("check-empty-text")), false);
  assert.deepEqual(arrange(undefined, []).list, []);
});

test("the languages a lesson is written in: every text, not the recordings", () => {
  const lesson = { title: { ru: "Урок", en: "" }, goal: { choices: [{ ru: "Да" }, { ru: "Нет" }] }, audio: { "/title": { en: "audio/x/title.en.webm" } } };
  assert.deepEqual(writtenLangs(lesson), ["ru"]);
  assert.deepEqual(writtenLangs({ title: { ru: "", en: "Lesson" } }), ["en"]);
});
