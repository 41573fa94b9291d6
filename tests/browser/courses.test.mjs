// The courses (issue 29; More endgames, issue 38): the course page offers every course of lessons/courses.json by
// its picture, title and stars; the chosen course is shown and remembered; stars are kept by
// lesson id, so a lesson that moved to another course keeps them and counts in that course; a
// lesson opens in its own course (its place, its next lesson). Screenshots at 360 and 1280 px.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { ROOT, SCREENSHOTS, openPage, screenshot, useServerAndBrowser } from "./helpers.mjs";

const env = useServerAndBrowser();
const KEY = "chess-tutor:progress:v1";
const read = (file) => JSON.parse(readFileSync(join(ROOT, "lessons", file), "utf8"));
const courses = () => read("courses.json").courses.map((c) => ({ ...c, course: read(c.file) }));
const ids = (course) => course.sections.flatMap((s) => s.lessons).map((f) => f.replace(/\.json$/, ""));
const courseId = (file) => (file === "course.json" ? "main" : file.replace(/^course-/, "").replace(/\.json$/, ""));

test("the course page offers the four courses by picture, title and stars; progress per course, stars of moved lessons kept", async () => {
  const list = courses();
  assert.deepEqual(list.map((c) => c.file), ["course.json", "course-more-endgames.json", "course-numbers.json", "course-t1.json"]);
  const [main, more, numbers, t1] = list.map((c) => c.course);
  // a child's stars from before the split: queen-stars-1 (now in "Chess and numbers"), idea-board (main)
  assert.ok(ids(numbers).includes("queen-stars-1") && ids(main).includes("idea-board") && ids(t1).includes("t1-prince-stars"));
  for (const size of [{ width: 360, height: 640 }, { width: 1280, height: 720 }]) {
    const { page, problems } = await openPage(env.browser);
    await page.setViewportSize(size);
    await page.goto(`${env.server.url}?lang=en#/course`);
    await page.evaluate((k) => {
      localStorage.setItem(k, JSON.stringify({ version: 1, lessons: { "queen-stars-1": { stars: 3 }, "idea-board": { stars: 2 }, "t1-prince-stars": { stars: 1 } } }));
      localStorage.removeItem("chess-tutor:course");
    }, KEY);
    await page.reload();
    await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
    const cards = page.locator(".course-choice .course-card");
    assert.equal(await cards.count(), 4);
    assert.deepEqual(await cards.evaluateAll((a) => a.map((e) => e.dataset.course)), ["main", "more-endgames", "numbers", "t1"]);
    // each with its picture (a child who cannot read picks it), loaded
    for (const img of await page.locator(".course-card img").all()) assert.ok(await img.evaluate((e) => e.complete && e.naturalWidth > 0), await img.getAttribute("src"));
    assert.equal(await cards.nth(0).getAttribute("aria-current"), "page", "the main course first");
    assert.equal(await cards.nth(0).locator(".course-name").textContent(), main.title.en);
    assert.equal(await cards.nth(0).locator(".course-stars").textContent(), `★2 of ${ids(main).length * 3}`);
    assert.equal(await cards.nth(1).locator(".course-stars").textContent(), `★0 of ${ids(more).length * 3}`);
    assert.equal(await cards.nth(2).locator(".course-stars").textContent(), `★3 of ${ids(numbers).length * 3}`);
    assert.equal(await cards.nth(3).locator(".course-stars").textContent(), `★1 of ${ids(t1).length * 3}`);
    assert.equal(await page.getByRole("link", { name: `${numbers.title.en} 3 of ${ids(numbers).length * 3}` }).count(), 1, "a screen reader hears the name and the stars");
    assert.equal(await page.locator(".lesson-card").count(), ids(main).length);
    assert.equal(await page.locator('.lesson-card[data-lesson="queen-stars-1"]').count(), 0, "a formula lesson is not in the main course");
    // after its last section the main course links the one that follows it: More endgames
    const link = page.locator(".course-next");
    assert.equal(await link.getAttribute("href"), "#/course/more-endgames");
    assert.equal(await link.textContent(), `Next course: ${more.title.en} ▶`);
    await link.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, `courses-main-${size.width}-next-course.png`) });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `courses-main-${size.width}`);
    await page.screenshot({ path: join(SCREENSHOTS, `courses-main-${size.width}-top.png`) }); // what the child sees first
    // "Chess and numbers": its lessons, the moved lesson with its stars
    await cards.nth(2).click();
    await page.waitForFunction(() => document.getElementById("course")?.dataset.course === "numbers");
    assert.equal(await page.locator(".lesson-card").count(), ids(numbers).length);
    assert.equal(await page.locator('.lesson-card[data-lesson="queen-stars-1"]').getAttribute("data-stars"), "3");
    assert.equal(await page.locator(".course-card[aria-current]").getAttribute("data-course"), "numbers");
    assert.equal(await page.locator(".course-title").textContent(), numbers.title.en);
    await screenshot(page, `courses-numbers-${size.width}`);
    // remembered: the course page opens on it again
    await page.goto(`${env.server.url}?lang=ru#/course`);
    await page.reload();
    await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
    assert.equal(await page.locator(".course-card[aria-current]").getAttribute("data-course"), "numbers");
    assert.equal(await page.locator(".course-title").textContent(), numbers.title.ru);
    assert.match(await page.locator('.course-card[data-course="t1"] .course-stars').textContent(), new RegExp(`1 из ${ids(t1).length * 3}$`));
    assert.deepEqual(problems.filter((p) => !/ERR_ABORTED/.test(p)), []); // a reload cuts the page's fetches ahead
    await page.close();
  }
});

test("a lesson opens in its own course: its place, its next lesson, and that course shown after it", async () => {
  const t1 = courses()[3];
  const order = ids(t1.course);
  const { page, problems } = await openPage(env.browser);
  await page.goto(`${env.server.url}?lang=en#/course/main`);
  await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
  await page.goto(`${env.server.url}?lang=en#/lesson/${order[1]}`);
  await page.waitForSelector(`#lesson-tutor[data-lesson="intro"][data-lesson-id="${order[1]}"]`, { timeout: 15_000 });
  assert.equal(await page.locator("#lesson-position").textContent(), `Lesson 2 of ${order.length}`);
  assert.equal(await page.locator("#lesson-tutor").getAttribute("next"), `lessons/${order[2]}.json`);
  await page.goto(`${env.server.url}?lang=en#/course`);
  await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
  assert.equal(await page.locator(".course-card[aria-current]").getAttribute("data-course"), courseId(t1.file));
  assert.deepEqual(problems, []);
  await page.close();
});
