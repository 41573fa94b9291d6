// A teacher's own lesson in her one language, and "For teachers" (issue 37), at 360 and 1280 px in
// Russian and English: the tab opens on a choice (make a lesson, my classes) with pictures and
// words; the studio shows no error on a new, empty lesson until she has typed something; a lesson
// in Russian only (or English only) has no errors, only one note that the other language shows
// the words written; the findings beside the form carry no JSON pointer and no line:col, chess
// first, and a king-and-pawn question's finding says the chess reason. Screenshots:
// test-results/screenshots/teachers-*.png and studio-language-*.png.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { ROOT, screenshot, useServerAndBrowser } from "./helpers.mjs";
import { checked, findings, json, openStudio, waitStudio } from "./studio-helpers.mjs";

const env = useServerAndBrowser();
const SIZES = [
  ["en", 1280, 720],
  ["ru", 360, 640],
  ["ru", 1280, 720],
  ["en", 360, 640],
];

const RU_ONLY = {
  $schema: "lesson.schema.json",
  id: "ladya-zvezdy",
  title: { ru: "Ладья и звёзды" },
  intro: { ru: "Собери звёзды ладьёй!" },
  position: "8/8/8/8/8/8/8/R7 w - - 0 1",
  goal: { type: "stars", squares: ["a5", "c5"] },
  par: 2,
  learned: { ru: "Ладья ходит по прямой.", en: "" },
};
const WORDS = {
  en: { one: /This lesson is in Russian only: a child who reads English sees it in Russian/, fresh: /A new lesson/, reason: /the black king is outside the square of the pawn on a4/i },
  ru: { one: /Урок написан только по-русски: ребёнок, который читает по-английски, увидит его по-русски/, fresh: /Новый урок/, reason: /чёрный король стоит вне квадрата пешки a4/i },
};

/** The studio's form findings: each item's words (a note too). */
const texts = (page) => findings(page).allTextContents();

async function typeLesson(page, lesson) {
  await json(page).fill(JSON.stringify(lesson, null, 2));
  await checked(page);
}

describe("For teachers, and a lesson in one language", () => {
  for (const [lang, width, height] of SIZES) {
    test(`${lang} ${width}px: "For teachers" opens on a choice; the new lesson shows no error until she types`, async () => {
      const { page, close } = await openStudio(env, "#/course", { lang, viewport: { width, height } });
      await page.waitForSelector('body[data-course="ready"]', { timeout: 20_000 });
      await page.locator(".tab[data-tab=studio]").click();
      await page.waitForSelector('body[data-teachers="ready"]', { timeout: 20_000 });
      assert.equal(await page.locator(".tab[data-tab=studio]").getAttribute("aria-current"), "page");
      const lesson = page.locator('[data-teachers-choice="lesson"]');
      const classes = page.locator('[data-teachers-choice="classes"]');
      assert.equal(await page.locator(".teachers-home svg.th-pict").count(), 2, "a picture each");
      assert.match(await lesson.textContent(), lang === "en" ? /Make a lesson/ : /Сделать урок/);
      assert.match(await classes.textContent(), lang === "en" ? /My classes.*class server/s : /Мои классы.*классный сервер/s);
      // no class server here: "My classes" says what it needs and is no link
      assert.equal(await classes.evaluate((e) => e.tagName), "DIV");
      // both cards in view, side by side on a desktop, one above the other on a phone
      const [a, b] = [await lesson.boundingBox(), await classes.boundingBox()];
      assert.ok(a.y + a.height <= height && a.x >= 0 && a.x + a.width <= width, "the lesson card is in view");
      assert.ok(width > 800 ? Math.abs(a.y - b.y) < 2 : b.y >= a.y + a.height, "laid out for the screen");
      await screenshot(page, `teachers-home-${lang}-${width}`);
      await lesson.click();
      await waitStudio(page);
      assert.equal(await page.evaluate(() => location.hash), "#/studio");
      // a new lesson: no finding, no error under a field; a word of welcome instead
      assert.deepEqual(await texts(page), []);
      assert.equal(await page.locator(".studio-field-finding").count(), 0);
      assert.match(await page.locator(".studio-check-note").textContent(), WORDS[lang].fresh);
      await screenshot(page, `teachers-studio-new-${lang}-${width}`);
      // she types a title: now the check says what is still missing
      await page.locator(`[data-pointer="/title/${lang}"]`).fill(lang === "en" ? "The rook" : "Ладья");
      await checked(page);
      assert.ok((await texts(page)).length > 0, "findings once she has typed");
      await close();
    });
  }

  for (const [lang, width, height] of SIZES) {
    test(`${lang} ${width}px: a lesson in Russian only: no error, one note for English, no pointer or line:col beside the form`, async () => {
      const { page, close } = await openStudio(env, "#/studio", { lang, viewport: { width, height } });
      await waitStudio(page);
      await typeLesson(page, RU_ONLY);
      const list = await texts(page);
      assert.equal(await page.locator('[data-studio="findings"] li.error').count(), 0, list.join("\n"));
      assert.equal(await page.locator('[data-studio="findings"] li.note').count(), 1, list.join("\n"));
      assert.match(list[0], WORDS[lang].one);
      for (const t of list) assert.doesNotMatch(t, /\d+:\d+|\/(title|intro|learned)\b/, "no line:col and no JSON pointer");
      // the optional "what you learned" stays optional: no error, no note under its fields
      for (const note of await page.locator(".studio-text-note").allTextContents()) assert.equal(note, "");
      assert.equal(await page.locator(".studio-field-finding").count(), 0);
      await screenshot(page, `studio-language-ru-only-${lang}-${width}`);
      await close();
    });
  }

  for (const [lang, width, height] of [SIZES[0], SIZES[1]]) {
    test(`${lang} ${width}px: a king-and-pawn question set wrong: the chess finding comes first, with its reason`, async () => {
      const { page, close } = await openStudio(env, "#/studio", { lang, viewport: { width, height } });
      await waitStudio(page);
      const lesson = JSON.parse(readFileSync(join(ROOT, "lessons", "kp-square-question.json"), "utf8"));
      lesson.goal.answer = 0; // "it catches it": but the pawn runs to a queen
      delete lesson.title.en; // and a text in one language: its note comes after the chess
      await typeLesson(page, lesson);
      const list = await texts(page);
      assert.match(list[0], WORDS[lang].reason, list.join("\n"));
      assert.equal(await findings(page).first().getAttribute("class"), "finding error");
      assert.doesNotMatch(list[0], /make choice|сделай/);
      assert.match(list.at(-1), lang === "en" ? /Some texts have no English words yet/ : /В некоторых текстах пока нет слов по-английски/);
      await screenshot(page, `studio-language-reason-${lang}-${width}`);
      await close();
    });
  }
});
