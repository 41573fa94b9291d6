// The input guard of the JS readers (issue 17): a lesson in a shared link (www/studio-share.js:
// bounded inflating, nesting counted before JSON.parse), a course's .zip in the studio
// (www/studio/studio.js unzipBounded: entries, sizes, no zip bomb), and the WASM checker of the studio
// (www/pkg-studio) refusing 100,000 nested brackets with its place instead of trapping.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { deflateSync, strToU8, zipSync } from "fflate";
import { COURSE_PREFIX, MAX_DEPTH, MAX_LESSON_BYTES, courseLink, decodeCourse, decodeLesson, encodeLesson, guardJson, inflateBounded } from "../../www/studio/studio-share.js";
import { courseFileName, courseHtml } from "../../www/studio/studio.js";
import { COURSE_ZIP_LIMITS, unzipCourse } from "../../www/school/package/course.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const LESSON = readFileSync(join(ROOT, "lessons", "bishop-stars-1.json"), "utf8");
const deep = (n) => "[".repeat(n) + "]".repeat(n);

test("guardJson skips a byte-order mark and counts nesting outside strings, without recursion", () => {
  assert.deepEqual(guardJson(`\uFEFF{"a": 1}`), { text: `{"a": 1}` });
  assert.deepEqual(guardJson(deep(100_000)), { refused: "too-deep", limit: MAX_DEPTH, line: 1, col: 65 });
  assert.deepEqual(guardJson(`{\n  "a": ${deep(70)}}`), { refused: "too-deep", limit: MAX_DEPTH, line: 2, col: 8 + 63 });
  assert.ok(guardJson(deep(MAX_DEPTH)).text);
  assert.ok(guardJson(`{"a": "${"[".repeat(500)}\\"${"{".repeat(500)}"}`).text);
  assert.equal(guardJson("x".repeat(MAX_LESSON_BYTES + 1)).refused, "too-long");
});

test("a deflate bomb stops inflating at the limit", () => {
  const bomb = deflateSync(new Uint8Array(64 << 20));
  assert.equal(inflateBounded(bomb, MAX_LESSON_BYTES), null);
  assert.equal(new TextDecoder().decode(inflateBounded(deflateSync(strToU8(LESSON)), MAX_LESSON_BYTES)), LESSON);
});

test("a shared link: a BOM lesson opens; a bomb, 100,000 levels or a huge fragment are damaged, never thrown", () => {
  assert.equal(decodeLesson(encodeLesson(`\uFEFF${LESSON}`)).text, LESSON);
  assert.deepEqual(decodeLesson(encodeLesson(deep(100_000))), { text: "", damaged: true });
  const bomb = Buffer.from(deflateSync(new Uint8Array(16 << 20), { level: 9 })).toString("base64url");
  assert.deepEqual(decodeLesson(bomb), { text: "", damaged: true });
  assert.deepEqual(decodeLesson("A".repeat(1 << 20)), { text: "", damaged: true });
});

test("a course's .zip is unpacked within its limits: json files only, no bomb, not too many entries", () => {
  const course = { "lessons/course.json": strToU8('{"sections": []}'), "lessons/a.json": strToU8(LESSON), "lessons/picture.png": new Uint8Array(10) };
  const { texts, media } = unzipCourse(zipSync(course), "course.zip");
  assert.deepEqual(Object.keys(texts).sort(), ["lessons/a.json", "lessons/course.json"]);
  assert.deepEqual(media, {});
  const refused = (bytes) => assert.throws(() => unzipCourse(bytes, "course.zip"), (e) => e.limit === true && /^course\.zip: /.test(e.message));
  // one file that inflates past a lesson's limit: 2 MB of zeros, a few KB zipped
  refused(zipSync({ "course.json": new Uint8Array(2 << 20) }, { level: 9 }));
  const many = Object.fromEntries(Array.from({ length: COURSE_ZIP_LIMITS.entries + 1 }, (_, k) => [`l${k}.json`, strToU8("{}")]));
  refused(zipSync(many));
  // not a zip at all: said, not a limit
  assert.throws(() => unzipCourse(strToU8("not a zip"), "course.zip"), (e) => !e.limit && /course\.zip: not a \.zip/.test(e.message));
});

test("the studio's WASM checker refuses 100,000 nested brackets at their place and reads a BOM lesson", async () => {
  const PKG = join(ROOT, "www", "pkg-studio");
  const pkg = await import(join(PKG, "chess_tutor.js"));
  pkg.initSync({ module: readFileSync(join(PKG, "chess_tutor_bg.wasm")) });
  const { diagnostics } = pkg.studioCheck(deep(100_000));
  assert.equal(diagnostics.length, 1);
  assert.deepEqual({ ...diagnostics[0], message: diagnostics[0].message.id }, { line: 1, col: 65, pointer: "", message: "input-too-deep", severity: "error" });
  assert.deepEqual(diagnostics[0].message.args, { what: "lesson", limit: 64, at_line: 1 });
  assert.deepEqual(pkg.studioCheck(`\uFEFF${LESSON}`).diagnostics, []);
  // and the module still works after it
  assert.deepEqual(pkg.studioCheck(LESSON).diagnostics, []);
});

test("the guard's and the checker's teacher messages read well in Russian and English", async () => {
  const words = async (lang) => {
    const load = async (f) => (await import(`../../www/i18n/${lang}/messages-${f}.js`)).default;
    return { ...(await load("core")), ...(await load("check")) };
  };
  const say = (w, id, a) => (typeof w[id] === "function" ? w[id](a) : w[id].replace(/\{(\w+)\}/g, (m, k) => a[k] ?? m));
  const [ru, en] = [await words("ru"), await words("en")];
  const cases = [
    ["json-not-object", { what: "lesson", got: "list", value: "" }, "Урок — это один объект JSON «{ … }», а в этом файле список «[ … ]».", "a lesson is one JSON object '{ … }'; this file holds a list '[ … ]'"],
    ["json-missing-field", { what: "lesson", field: "title", at_line: 1 }, 'В уроке нет поля «title»: добавь "title": … внутри «{» в строке 1.', `this lesson has no 'title': add "title": … inside the '{' on line 1`],
    ["json-missing-field", { what: "object", field: "type", at_line: 6 }, 'В объекте нет поля «type»: добавь "type": … внутри «{» в строке 6.', `this object has no 'type': add "type": … inside the '{' on line 6`],
    ["json-wrong-type", { got: "string", value: "three", want: "whole-number" }, 'Не тот тип: строка "three", а нужно целое число.', 'this should be a whole number, not the text "three"'],
    ["json-unknown-field", { field: "titel", suggestion: "title" }, "Неизвестное поле «titel»; может быть, «title»?", "unknown field 'titel'; did you mean 'title'?"],
    ["input-too-deep", { what: "lesson", limit: 64, at_line: 1 }, "Скобки вложены глубже 64 уровней (строка 1): для урока столько не нужно. Поищи скобки «[» или «{», которые не закрыты.", "brackets are nested more than 64 deep on line 1: a lesson never needs that many; look for brackets '[' or '{' that are never closed"],
    ["input-too-long", { what: "fen", size: 300, limit: 256 }, "Это слишком длинно для FEN: 300 байт, а можно не больше 256. Тот ли это файл?", "this FEN is 300 bytes long; the tutor reads at most 256 bytes: is it the right file?"],
  ];
  for (const [id, args, r, e] of cases) {
    assert.equal(say(ru, id, args), r, id);
    assert.equal(say(en, id, args), e, id);
  }
});

test("a course in a link: its title, sections and whole lessons come back; a damaged one is said, never thrown", () => {
  const lesson = (id, en) => ({ id, title: { ru: "Урок", en }, intro: { ru: "а", en: "b" }, position: "8/8/8/8/8/8/8/R5K1 w - - 0 1", goal: { type: "stars", squares: ["a8"] } });
  const course = { title: { ru: "Курс", en: "Mates" }, sections: [{ id: "one", title: { ru: "Раз", en: "One" }, lessons: [lesson("a", "First"), lesson("b", "Second")] }, { id: "two", title: {}, lessons: [lesson("c", "Third")] }] };
  const link = courseLink("https://school.example/chess/?lang=ru#/studio", course);
  assert.ok(link.startsWith(`https://school.example/chess/?lang=ru${COURSE_PREFIX}`));
  const back = decodeCourse(link.slice(link.indexOf(COURSE_PREFIX) + COURSE_PREFIX.length));
  assert.equal(back.damaged, undefined);
  assert.deepEqual(back.course.title, course.title);
  assert.deepEqual(back.course.sections.map((s) => [s.id, s.lessons.map((l) => l.title.en)]), [["one", ["First", "Second"]], ["two", ["Third"]]]);
  assert.deepEqual(JSON.parse(back.course.sections[1].lessons[0].text), lesson("c", "Third"));
  // cut short, not a course, a lesson's link: damaged
  const data = link.slice(link.indexOf(COURSE_PREFIX) + COURSE_PREFIX.length);
  for (const bad of [data.slice(0, 20), "%%%", encodeLesson(JSON.stringify(lesson("x", "X")))]) assert.deepEqual(decodeCourse(bad), { damaged: true });
});

test("a course's files are named after it; the course's one .html file carries the link and no markup of the teacher's", () => {
  assert.equal(courseFileName({ title: { ru: "Мой первый курс!", en: "My first course" } }, "ru"), "мой-первый-курс");
  assert.equal(courseFileName({ title: { ru: "", en: "My first course" } }, "ru"), "my-first-course");
  assert.equal(courseFileName({ title: { ru: "", en: "  " } }, "en"), "course");
  const html = courseHtml("https://school.example/#/shared-course/abc_-", '<script>alert("x")</script>');
  assert.match(html, /<meta http-equiv="refresh" content="0; url=https:\/\/school\.example\/#\/shared-course\/abc_-">/);
  assert.doesNotMatch(html, /<script>/);
});
