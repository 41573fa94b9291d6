// The lesson studio (#/studio, www/studio/studio.js) in real Chromium, on the app's page served with the
// strict CSP: a mate-in-1 lesson built from an empty board by clicking (pieces, goal, the answer
// played on the board, texts), the par proposed by the doctor (pkg-studio in a Web Worker), tried
// and solved as a child in the real player, downloaded and passed by `chess-tutor lesson check`;
// a broken JSON text gives findings with line:col; a reload restores the draft; a share link
// round-trips and a damaged one shows the checker's findings; a course as a .zip; and the plain
// widget and the course page load none of it. At 360 px and on a desktop, with screenshots
// (test-results/screenshots/studio-*.png).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { unzipSync, strFromU8, strToU8, zipSync } from "fflate";
import { ROOT, openPage, screenshot, useServerAndBrowser } from "./helpers.mjs";
import { SIZES, checked, findings, json, lessonNow, markSquare, openStudio, setupSquare, tryTutor, waitStudio } from "./studio-helpers.mjs";

const env = useServerAndBrowser();
const open = (hash, options) => openStudio(env, hash, options);

/** Builds the mate in 1 by clicking: pieces on an empty board, the goal, the hint move played. */
async function buildMate(page) {
  const pieces = [
    ["K", "g1"],
    ["R", "a1"],
    ["k", "g8"],
    ["p", "f7"],
    ["p", "g7"],
    ["p", "h7"],
  ];
  for (const [p, sq] of pieces) {
    await page.locator(`chess-setup .tool[data-piece="${p}"]`).click();
    await setupSquare(page, sq).click();
  }
  assert.deepEqual((await lessonNow(page)).position, ["......k.", ".....ppp", "........", "........", "........", "........", "........", "R.....K.", "w - - 0 1"]);
  await page.locator('.studio-stages [data-stage="goal"]').click();
  await page.locator('[data-pointer="/goal/type"]').selectOption("mate");
  // the answer, played on the board: the hint's move
  await page.locator('input[data-tool="hint"]').check();
  await markSquare(page, "a1").click();
  await markSquare(page, "a8").click();
  const lesson = await lessonNow(page);
  assert.deepEqual(lesson.goal, { type: "mate", in: 1 });
  assert.deepEqual(lesson.opponent, { type: "defender" });
  assert.deepEqual(lesson.hints, { piece: "a1", move: "Ra8#" });
}

async function writeTexts(page) {
  await page.locator('[data-pointer="/id"]').fill("mate-corner");
  await page.locator('[data-pointer="/title/ru"]').fill("Мат в углу");
  await page.locator('[data-pointer="/title/en"]').fill("Mate in the corner");
  await page.locator('[data-pointer="/intro/ru"]').fill("Чёрного короля заперли его пешки. Поставь мат в один ход!");
  await page.locator('[data-pointer="/intro/en"]').fill("The black king is locked in by its own pawns. Give mate in one move!");
}

for (const size of ["desktop", "phone"]) {
  describe(`the studio at ${size} width`, () => {
    test("a mate in 1 from an empty board: built by clicking, par proposed, tried and solved, downloaded and checked, restored after a reload", async () => {
      const { page, close } = await open("#/studio", { size });
      await waitStudio(page);
      // a new draft starts on an empty board
      assert.deepEqual((await lessonNow(page)).position.slice(0, 8), Array(8).fill("........"));
      await buildMate(page);
      await writeTexts(page);
      // while a language is missing, the form says so
      await page.locator('[data-pointer="/title/ru"]').fill("");
      assert.match(await page.locator(".studio-text-note").first().textContent(), /Russian text is missing/);
      await page.locator('[data-pointer="/title/ru"]').fill("Мат в углу");
      await checked(page);
      // the doctor proposes the par: the fewest moves
      const take = page.locator('[data-studio-par="1"]');
      await take.waitFor({ timeout: 30_000 });
      await screenshot(page, `studio-${size}-built`);
      await take.click();
      await checked(page);
      const lesson = await lessonNow(page);
      assert.equal(lesson.par, 1);
      assert.equal(lesson.id, "mate-corner");
      assert.equal(await findings(page).count(), 0, `no findings: ${await findings(page).allTextContents()}`);
      assert.match(await page.locator(".studio-check-note").textContent(), /No problems/);

      // try it: the real player, solved as a child
      await page.locator('[data-studio="try"]').click();
      await page.waitForSelector(`${tryTutor}[data-lesson="intro"]`, { timeout: 15_000 });
      assert.equal(await page.locator(`${tryTutor}`).getAttribute("lang"), "en");
      await page.locator(`${tryTutor} .l-start`).click();
      await page.waitForSelector(`${tryTutor}[data-lesson="playing"]`);
      await page.locator(`${tryTutor} [data-square="a1"]`).click();
      await page.locator(`${tryTutor} [data-square="a8"]`).click();
      await page.waitForSelector(`${tryTutor}[data-lesson="done"]`, { timeout: 15_000 });
      await page.waitForTimeout(400);
      await screenshot(page, `studio-${size}-try-done`);
      // the try keeps no stars in the child's progress
      assert.equal(await page.evaluate(() => localStorage.getItem("chess-tutor:progress:v1")), null);
      // in Russian, at the other width
      await page.locator('.studio-try-bar [data-lang="ru"]').click();
      await page.locator(`.studio-try-bar [data-width="${size === "phone" ? "desktop" : "phone"}"]`).click();
      assert.equal(await page.locator(tryTutor).getAttribute("lang"), "ru");
      await page.locator("[data-studio-back]").click();
      assert.equal(await page.locator(tryTutor).count(), 0);
      assert.equal(await page.locator(".studio-edit").isVisible(), true);

      // download: <id>.json, which the command-line checker passes
      const [download] = await Promise.all([page.waitForEvent("download"), page.locator('[data-studio="download"]').click()]);
      assert.equal(download.suggestedFilename(), "mate-corner.json");
      const file = join(mkdtempSync(join(tmpdir(), "studio-")), "mate-corner.json");
      await download.saveAs(file);
      assert.deepEqual(JSON.parse(readFileSync(file, "utf8")), lesson);
      const cli = spawnSync("cargo", ["run", "--profile", process.env.CT_CARGO_PROFILE ?? "release", "-q", "--bin", "chess-tutor", "--", "lesson", "check", file], { cwd: ROOT, encoding: "utf8", timeout: 600_000 });
      assert.equal(cli.status, 0, `chess-tutor lesson check: ${cli.stdout}${cli.stderr}`);

      // a reload restores the draft
      const text = await json(page).inputValue();
      await page.reload();
      await waitStudio(page);
      assert.equal(await json(page).inputValue(), text);
      assert.match(await page.locator(".studio-status").textContent(), /restored/);
      // a change not yet downloaded: leaving asks first
      await page.locator('[data-pointer="/title/en"]').fill("Mate in the corner!");
      const dialogs = [];
      page.on("dialog", (d) => {
        dialogs.push(d.type());
        d.dismiss();
      });
      await page.locator("body").click({ position: { x: 1, y: 1 } }); // a user gesture: the page may ask
      await page.close({ runBeforeUnload: true });
      await new Promise((r) => setTimeout(r, 500));
      assert.deepEqual(dialogs, ["beforeunload"]);
      await close();
    });
  });
}

test("best-move answers are played on the board, several allowed; stars by clicks; arrows by dragging", async () => {
  const { page, close } = await open("#/studio");
  await waitStudio(page);
  await buildMate(page);
  await page.locator('[data-pointer="/goal/type"]').selectOption("best_move");
  await page.locator('input[data-tool="answer"]').check();
  for (const [from, to] of [
    ["a1", "a8"],
    ["g1", "f1"],
  ]) {
    await markSquare(page, from).click();
    await markSquare(page, to).click();
  }
  assert.deepEqual((await lessonNow(page)).goal, { type: "best_move", answers: ["Ra8#", "Kf1"] });
  // played again: taken out
  await markSquare(page, "g1").click();
  await markSquare(page, "f1").click();
  assert.deepEqual((await lessonNow(page)).goal.answers, ["Ra8#"]);
  // shapes: a drag draws an arrow, a click a circle
  await page.locator('input[data-tool="shape"]').check();
  const a = await markSquare(page, "a1").boundingBox();
  const b = await markSquare(page, "a7").boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
  await markSquare(page, "g8").click();
  assert.deepEqual((await lessonNow(page)).shapes, [
    { type: "arrow", from: "a1", to: "a7" },
    { type: "circle", square: "g8" },
  ]);
  // stars: clicks on empty squares
  await page.locator('[data-pointer="/goal/type"]').selectOption("stars");
  await page.locator('input[data-tool="star"]').check();
  await markSquare(page, "d4").click();
  await markSquare(page, "e5").click();
  assert.deepEqual((await lessonNow(page)).goal, { type: "stars", squares: ["d4", "e5"] });
  await checked(page);
  await screenshot(page, "studio-desktop-marks");
  await close();
});

test("a question: each choice's explanation beside it, its result for king-and-pawn rules; scripted replies played on the board; a piece set is said", async () => {
  const { page, close } = await open("#/studio");
  await waitStudio(page);
  await buildMate(page);
  await page.locator('[data-pointer="/goal/type"]').selectOption("question");
  await page.locator('[data-pointer="/goal/question/en"]').fill("Can White mate at once?");
  await page.locator('[data-pointer="/goal/choices/0/en"]').fill("Yes");
  await page.locator('[data-pointer="/goal/choices/1/en"]').fill("No");
  // an explanation typed for one choice makes one for every choice (the checker's rule)
  await page.locator('[data-pointer="/goal/explain/0/en"]').fill("Ra8 is mate: the pawns lock the king in.");
  assert.deepEqual((await lessonNow(page)).goal.explain, [{ ru: "", en: "Ra8 is mate: the pawns lock the king in." }, { ru: "", en: "" }]);
  await page.locator('[data-pointer="/goal/explain/1/ru"]').fill("Есть мат: Ла8.");
  assert.equal((await lessonNow(page)).goal.explain[1].ru, "Есть мат: Ла8.");
  // a third choice gets its explanation too; all emptied: no explanations at all
  await page.getByRole("button", { name: "+ Add a choice" }).click();
  assert.equal((await lessonNow(page)).goal.explain.length, 3);
  for (const f of ["/goal/explain/0/en", "/goal/explain/1/ru"]) await page.locator(`[data-pointer="${f}"]`).fill("");
  assert.equal((await lessonNow(page)).goal.explain, undefined);
  // the result selects come with the king-and-pawn rules only
  assert.equal(await page.locator('[data-pointer="/goal/results/0"]').count(), 0);
  await page.locator('[data-pointer="/rules"]').selectOption("auto_queen");
  await page.locator('[data-pointer="/goal/results/0"]').selectOption("win");
  assert.deepEqual((await lessonNow(page)).goal.results, ["win", "", ""]);
  await page.locator('[data-pointer="/goal/results/2"]').selectOption("loss");
  await page.locator('[data-pointer="/goal/results/1"]').selectOption("draw");
  assert.deepEqual((await lessonNow(page)).goal.results, ["win", "draw", "loss"]);
  // a choice removed takes its result (and explanation) with it
  await page.locator(".studio-choice").nth(2).getByRole("button", { name: "Remove" }).click();
  assert.deepEqual((await lessonNow(page)).goal.results, ["win", "draw"]);
  await page.locator('[data-pointer="/rules"]').selectOption("standard");

  // scripted replies: the teacher plays the line, the child's moves and the replies in turn
  await page.locator('[data-pointer="/goal/type"]').selectOption("reach");
  await page.locator('[data-pointer="/opponent"]').selectOption("scripted");
  await page.locator('.studio-stages [data-stage="goal"]').click();
  await page.locator('input[data-tool="reply"]').check();
  for (const [from, to] of [["a1", "a7"], ["g8", "h8"], ["a7", "a8"]]) {
    await markSquare(page, from).click();
    await markSquare(page, to).click();
  }
  assert.deepEqual((await lessonNow(page)).opponent, { type: "scripted", replies: ["Kh8"] });
  // the board shows the end of the line, not the lesson's position
  assert.match(await markSquare(page, "a8").getAttribute("aria-label"), /rook/);
  assert.match(await page.locator("[data-studio-line]").textContent(), /Ra7, Kh8 \(reply\), Ra8#/);
  await screenshot(page, "studio-desktop-replies");
  await page.getByRole("button", { name: "Take back the last move" }).click();
  await page.getByRole("button", { name: "Take back the last move" }).click();
  assert.deepEqual((await lessonNow(page)).opponent.replies, []);
  // with the keyboard: Enter on the piece, then on its square
  await markSquare(page, "g8").focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Enter");
  assert.deepEqual((await lessonNow(page)).opponent.replies, ["Kf8"]);
  assert.equal(await page.locator('[data-pointer="/opponent/replies"]').inputValue(), "Kf8");
  // another tool: the board is the lesson's position again
  await page.locator('input[data-tool="hint"]').check();
  assert.match(await markSquare(page, "a1").getAttribute("aria-label"), /rook/);

  // a piece set: chosen from the list, and the form says the boards here are chess boards
  await page.locator('[data-pointer="/pieces"]').selectOption("chess-t1");
  assert.equal((await lessonNow(page)).pieces, "chess-t1");
  assert.match(await page.locator(".studio-warn-note").textContent(), /pieces of chess only/);
  await page.locator('[data-pointer="/pieces"]').selectOption("");
  assert.equal((await lessonNow(page)).pieces, undefined);
  await close();
});

test("a king-and-pawn question opened as a copy: its results are in the form, and a wrong one is found by the doctor", async () => {
  const { page, close } = await open("#/studio", { lang: "ru" });
  await waitStudio(page);
  await page.waitForSelector('.studio-course-pick option[value="kp-square-question.json"]', { state: "attached" });
  await page.locator(".studio-course-pick").selectOption("kp-square-question.json");
  await page.waitForFunction(() => document.querySelector('[data-studio="json"]').value.includes("kp-square-question-copy"));
  await checked(page);
  assert.deepEqual(await findings(page).allTextContents(), []);
  const original = JSON.parse(readFileSync(join(ROOT, "lessons", "kp-square-question.json"), "utf8")).goal;
  assert.equal(await page.locator('[data-pointer="/goal/results/0"]').inputValue(), original.results[0]);
  assert.equal(await page.locator('[data-pointer="/goal/explain/1/ru"]').inputValue(), original.explain[1].ru);
  // the right choice made to stand for the other result: the doctor says it is not the true one
  const other = original.results[original.answer] === "win" ? "loss" : "win";
  await page.locator(`[data-pointer="/goal/results/${original.answer}"]`).selectOption(other);
  await checked(page);
  assert.ok((await findings(page).count()) > 0, "the doctor finds the wrong result");
  await screenshot(page, "studio-desktop-kp-question");
  await close();
});

test("a broken JSON text: findings with line:col, each going to its place; the form keeps the last good lesson", async () => {
  const { page, close } = await open("#/studio");
  await waitStudio(page);
  const broken = '{\n  "id": "oops",\n  "title": { "ru": "Мат", "en": "Mate" },\n  "intro": ,\n}\n';
  await json(page).fill(broken);
  await checked(page);
  const items = await findings(page).allTextContents();
  assert.ok(items.length >= 1, "a finding is listed");
  // line:col under the JSON view only: beside the form a finding speaks the form's words
  assert.match((await page.locator(".studio-json-findings li").allTextContents())[0], /^✖.*4:12/);
  assert.doesNotMatch(items[0], /\d+:\d+/, `no line:col beside the form: ${items[0]}`);
  assert.equal(await page.locator(".studio-broken-note").count(), 1);
  // the finding under the JSON view selects its place in the text
  await page.locator(".studio-json-findings li button").first().click();
  const at = await json(page).evaluate((t) => [t.selectionStart, document.activeElement === t]);
  const offset = broken.split("\n").slice(0, 3).join("\n").length + 1 + 11;
  assert.deepEqual(at, [offset, true]);
  await screenshot(page, "studio-desktop-broken-json");
  // a field's finding goes to the field
  await json(page).fill('{\n  "id": "Bad Id",\n  "title": { "ru": "", "en": "Mate" },\n  "intro": { "ru": "а", "en": "b" },\n  "position": "8/8/8/8/8/8/8/R7 w - - 0 1",\n  "goal": { "type": "stars", "squares": ["z9"] },\n  "par": 1\n}\n');
  await checked(page);
  const list = await page.locator(".studio-json-findings li").allTextContents();
  assert.ok(list.some((f) => /2:3/.test(f)), `the id's finding: ${list}`);
  await page.locator('[data-studio="findings"] li[data-at-pointer="/id"] button').click();
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.pointer), "/id");
  // a title in English only is no error: one note says Russian readers see the English
  assert.equal(await page.locator('[data-studio="findings"] li.note[data-note-lang="ru"]').count(), 1);
  assert.equal(await page.locator('[data-studio="findings"] li[data-at-pointer="/title/ru"]').count(), 0);
  await close();
});

test("share: the link opens the lesson in the player and it can be solved; a damaged link shows the checker's findings", async () => {
  const context = await env.browser.newContext({ viewport: SIZES.desktop });
  const { page, close } = await open("#/studio", { context });
  await waitStudio(page);
  // a course lesson opened as a copy
  await page.waitForSelector('.studio-course-pick option[value="mate-1-back-rank.json"]', { state: "attached" });
  await page.locator(".studio-course-pick").selectOption("mate-1-back-rank.json");
  await page.waitForFunction(() => document.querySelector('[data-studio="json"]').value.includes("mate-1-back-rank-copy"));
  const lesson = await lessonNow(page);
  assert.equal(lesson.hints.move, "Ra8#");
  await checked(page);
  await page.locator('[data-studio="share"]').click();
  const link = await page.locator('[data-studio-share="link"]').inputValue();
  assert.match(link, /#\/shared\/[A-Za-z0-9_-]+$/);
  assert.ok(link.length < 8000);
  await screenshot(page, "studio-desktop-share");
  await close();

  const shared = await open(link.slice(link.indexOf("#")), { size: "phone" });
  const el = "#lesson-tutor";
  await shared.page.waitForSelector(`${el}[data-lesson="intro"]`, { timeout: 15_000 });
  assert.equal(await shared.page.locator("#view-title").textContent(), "Mate on the last row");
  await shared.page.locator(`${el} .l-start`).click();
  await shared.page.locator(`${el} [data-square="a1"]`).click();
  await shared.page.locator(`${el} [data-square="a8"]`).click();
  await shared.page.waitForSelector(`${el}[data-lesson="done"]`, { timeout: 15_000 });
  await screenshot(shared.page, "studio-phone-shared-done");
  await shared.close();

  // damaged: cut short, or not base64 at all
  for (const hash of [link.slice(link.indexOf("#"), link.indexOf("#") + 40), "#/shared/%%%not-a-lesson"]) {
    const bad = await open(hash, { size: "phone" });
    await bad.page.waitForSelector(`${el}[data-lesson="error"]`, { timeout: 15_000 });
    assert.equal(await bad.page.locator("#shared-note").isVisible(), true);
    const lines = await bad.page.locator(`${el} .l-findings li`).allTextContents();
    assert.ok(lines.length >= 1 && lines.every((l) => /:\d+:\d+: /.test(l)), `findings with line:col: ${lines}`);
    await screenshot(bad.page, "studio-phone-shared-damaged");
    bad.problems.length = 0; // the player's error card logs nothing else
    await bad.close();
  }
});

test("a too long link says so and offers the file", async () => {
  const { page, close } = await open("#/studio");
  await waitStudio(page);
  // random words do not compress: a long intro makes a long link
  const noise = Array.from({ length: 3000 }, (_, k) => ((k * 2654435761) % 4294967296).toString(36)).join(" ");
  await page.locator('[data-pointer="/intro/en"]').fill(noise);
  await page.locator('[data-studio="share"]').click();
  // a new lesson has errors (no position yet): the gate asks first (studio-trust.test.mjs), sent anyway
  await page.locator('[data-gate="send"]').click();
  assert.match(await page.locator('[data-studio-share="too-long"]').textContent(), /8000/);
  assert.equal(await page.locator('[data-studio-share="link"]').count(), 0);
  await page.locator('[data-pointer="/intro/en"]').fill("Short.");
  await close();
});

test("a course: lessons in sections, reordered by keyboard, downloaded as one .zip with course.json", async () => {
  const { page, close } = await open("#/studio", { lang: "ru" });
  await waitStudio(page);
  await buildMate(page);
  await writeTexts(page);
  await page.locator('[data-course="add"]').click();
  await page.locator('[data-pointer="/id"]').fill("mate-corner-2");
  // a text is never markup: shown as written, here and in the player
  await page.locator('[data-pointer="/title/ru"]').fill('<img src=x onerror="document.title=1">Мат');
  await page.locator('[data-course="add"]').click();
  const names = () => page.locator(".studio-course-list li .name").allTextContents();
  assert.deepEqual((await names()).map((n) => n.split(" ")[0]), ["mate-corner", "mate-corner-2"]);
  assert.match((await names())[1], /<img src=x onerror="document.title=1">Мат/);
  assert.equal(await page.locator(".studio-course-list img, .studio-form img").count(), 0);
  await page.locator(".studio-course-list li").first().focus();
  await page.keyboard.press("Alt+ArrowDown");
  assert.deepEqual((await names()).map((n) => n.split(" ")[0]), ["mate-corner-2", "mate-corner"]);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.lesson), "1", "the moved lesson keeps the focus");
  // and by dragging: the second onto the first, and back
  const order = async () => (await names()).map((n) => n.split(" ")[0]).join();
  // a drag as a hand makes it: press, move in steps, let go
  const drag = async (from, to) => {
    const grip = (k) => page.locator(`.studio-course-list li[data-lesson="${k}"] .grip`);
    await grip(from).scrollIntoViewIfNeeded();
    const [a, b] = [await grip(from).boundingBox(), await grip(to).boundingBox()];
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
    await page.mouse.up();
  };
  await checked(page); // the findings beside the form are final: the page does not move under the hand
  await drag(1, 0);
  await page.waitForFunction(() => document.querySelector(".studio-course-list li .name").textContent.startsWith("mate-corner "));
  await drag(1, 0);
  await page.waitForFunction(() => document.querySelector(".studio-course-list li .name").textContent.startsWith("mate-corner-2 "));
  assert.equal(await order(), "mate-corner-2,mate-corner");
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator('[data-course="zip"]').click()]);
  assert.equal(download.suggestedFilename(), "course.zip", "a course without a title: course.zip");
  const file = join(mkdtempSync(join(tmpdir(), "studio-")), "lessons.zip");
  await download.saveAs(file);
  const files = unzipSync(readFileSync(file));
  assert.deepEqual(Object.keys(files).sort(), ["course.json", "mate-corner-2.json", "mate-corner.json"]);
  const course = JSON.parse(strFromU8(files["course.json"]));
  assert.deepEqual(course.sections[0].lessons, ["mate-corner-2.json", "mate-corner.json"]);
  assert.equal(JSON.parse(strFromU8(files["mate-corner.json"])).id, "mate-corner");
  await checked(page);
  await screenshot(page, "studio-desktop-course-ru");
  await close();
});

test("a course opened from a .zip and from course.json with its lessons; sections reordered by keyboard and by drag, and removed", async () => {
  const { page, close } = await open("#/studio");
  await waitStudio(page);
  const lessonFile = (name) => readFileSync(join(ROOT, "lessons", name));
  const courseJson = {
    $schema: "course.schema.json",
    title: { ru: "Мой курс", en: "My course" },
    sections: [
      { id: "rook", title: { ru: "Ладья", en: "The rook" }, lessons: ["rook-stars-2.json", "lost.json"] },
      { id: "knight", title: { ru: "Конь", en: "The knight" }, lessons: ["knight-stars-1.json"], "x-note": "a section's own field" },
    ],
    // fields the studio does not edit: kept when the course is saved, with the retired lesson's file
    retired: ["check-two-2.json"],
    "x-school": { room: 12 },
  };
  // a .zip with the course in a folder, as a school site may give it back; one file is missing
  const zip = zipSync({
    "my-course/course.json": strToU8(JSON.stringify(courseJson)),
    "my-course/check-two-2.json": lessonFile("check-two-2.json"),
    "my-course/rook-stars-2.json": lessonFile("rook-stars-2.json"),
    "my-course/knight-stars-1.json": lessonFile("knight-stars-1.json"),
  });
  await page.locator('[data-course="file"]').setInputFiles({ name: "my-course.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
  await page.waitForSelector('.studio-course-section[data-section="1"]');
  const sections = () => page.locator(".studio-course-section").evaluateAll((els) => els.map((el) => [...el.querySelectorAll(".studio-course-list li .name")].map((n) => n.textContent.split(" ")[0]).join()));
  assert.deepEqual(await sections(), ["rook-stars-2", "knight-stars-1"]);
  assert.match(await page.locator('[data-course="said"]').textContent(), /2 lessons in 2 sections.*lost\.json/);
  assert.equal(await page.locator("#studio-course-en").inputValue(), "My course");
  // the keyboard: Alt+↓ on the section's handle, which keeps the focus
  await page.locator('[data-section="0"] [data-section-grip]').focus();
  await page.keyboard.press("Alt+ArrowDown");
  assert.deepEqual(await sections(), ["knight-stars-1", "rook-stars-2"]);
  assert.equal(await page.evaluate(() => document.activeElement?.closest("[data-section]")?.dataset.section), "1");
  assert.match(await page.locator('[data-course="said"]').textContent(), /“The rook” is now section 2/);
  // the buttons
  await page.locator('[data-section="1"] [data-section-move="up"]').click();
  assert.deepEqual(await sections(), ["rook-stars-2", "knight-stars-1"]);
  // a drag as a hand makes it: the second section's handle onto the first section
  await checked(page);
  const grip = page.locator('[data-section="1"] [data-section-grip]');
  await grip.scrollIntoViewIfNeeded();
  const a = await grip.boundingBox();
  const b = await page.locator('[data-section="0"] .studio-course-list').boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
  await page.waitForFunction(() => document.querySelector(".studio-course-list li .name")?.textContent.startsWith("knight-stars-1 "));
  assert.deepEqual(await sections(), ["knight-stars-1", "rook-stars-2"]);
  await screenshot(page, "studio-desktop-course-sections");
  // removing a section with lessons asks first
  page.once("dialog", (d) => d.accept());
  await page.locator('[data-section="0"] [data-section-remove]').click();
  assert.deepEqual(await sections(), ["rook-stars-2"]);
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator('[data-course="zip"]').click()]);
  const file = join(mkdtempSync(join(tmpdir(), "studio-")), "lessons.zip");
  await download.saveAs(file);
  const saved = unzipSync(readFileSync(file));
  const course = JSON.parse(strFromU8(saved["course.json"]));
  assert.deepEqual(course.sections.map((s) => [s.id, s.lessons]), [["rook", ["rook-stars-2.json"]]]);
  // nothing the teacher did not touch is lost: the retired list and its file, other fields
  assert.deepEqual(course.retired, ["check-two-2.json"]);
  assert.deepEqual(course["x-school"], { room: 12 });
  assert.equal(strFromU8(saved["check-two-2.json"]), lessonFile("check-two-2.json").toString("utf8"));
  // course.json and its lesson files chosen together in the picker (replacing the course: asked)
  page.once("dialog", (d) => d.accept());
  await page.locator('[data-course="file"]').setInputFiles([
    { name: "course.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(courseJson)) },
    { name: "rook-stars-2.json", mimeType: "application/json", buffer: lessonFile("rook-stars-2.json") },
    { name: "knight-stars-1.json", mimeType: "application/json", buffer: lessonFile("knight-stars-1.json") },
    { name: "lost.json", mimeType: "application/json", buffer: Buffer.from("{ not json") },
  ]);
  await page.waitForSelector('.studio-course-section[data-section="1"]');
  assert.deepEqual(await sections(), ["rook-stars-2", "knight-stars-1"]);
  assert.match(await page.locator('[data-course="said"]').textContent(), /left out: lost\.json/);
  // a file that is no course
  await page.locator('[data-course="file"]').setInputFiles({ name: "x.zip", mimeType: "application/zip", buffer: Buffer.from("PK nonsense") });
  await page.waitForFunction(() => /cannot be read|No course\.json/.test(document.querySelector('[data-course="said"]').textContent));
  assert.deepEqual(await sections(), ["rook-stars-2", "knight-stars-1"], "the course on the page stays");
  await close();
});

test("the goal list is the schema's; a lesson file opened by the picker and by a drop; the keyboard draws on the marks board; a full storage is said", async () => {
  const context = await env.browser.newContext({ viewport: SIZES.desktop });
  // a browser whose storage is full: the draft cannot be kept, and the studio says so
  await context.addInitScript(() => {
    Storage.prototype.setItem = function () {
      throw new DOMException("full", "QuotaExceededError");
    };
  });
  const { page, close } = await open("#/studio", { context });
  await waitStudio(page);
  const schema = JSON.parse(readFileSync(join(ROOT, "lessons", "lesson.schema.json"), "utf8"));
  const types = schema.$defs.Goal.oneOf.map((v) => v.properties.type.const);
  assert.deepEqual(await page.locator('[data-pointer="/goal/type"] option').evaluateAll((o) => o.map((x) => x.value)), types);
  // the file picker
  const text = readFileSync(join(ROOT, "lessons", "rook-stars-2.json"), "utf8");
  await page.locator(".studio-file").setInputFiles({ name: "rook-stars-2.json", mimeType: "application/json", buffer: Buffer.from(text) });
  await page.waitForFunction(() => document.querySelector('[data-studio="json"]').value.includes('"rook-stars-2"'));
  assert.deepEqual(await lessonNow(page), JSON.parse(text));
  assert.match(await page.locator(".studio-storage").textContent(), /no room left/);
  await checked(page);
  assert.equal(await findings(page).count(), 0, `${await findings(page).allTextContents()}`);
  assert.match(await page.locator(".studio-par-now").textContent(), /4 moves/);
  // a drop on the page (confirmed: the lesson on screen has changes)
  page.once("dialog", (d) => d.accept());
  const other = readFileSync(join(ROOT, "lessons", "knight-stars-1.json"), "utf8");
  await page.evaluate((body) => {
    const data = new DataTransfer();
    data.items.add(new File([body], "knight-stars-1.json", { type: "application/json" }));
    const root = document.querySelector(".studio");
    root.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
    root.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  }, other);
  await page.waitForFunction(() => document.querySelector('[data-studio="json"]').value.includes('"knight-stars-1"'));
  // the keyboard on the marks board: Enter on two squares draws an arrow, twice on one a circle
  await page.locator('.studio-stages [data-stage="goal"]').click();
  await page.locator('input[data-tool="shape"]').check();
  await markSquare(page, "a1").focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  assert.deepEqual((await lessonNow(page)).shapes.slice(-2), [
    { type: "arrow", from: "a1", to: "a3" },
    { type: "circle", square: "b3" },
  ]);
  await close();
});

test("a king-and-pawn lesson opened as a copy is proved in the browser: the worker loads the solver's files", async () => {
  const { page, close } = await open("#/studio", { size: "phone" });
  await waitStudio(page);
  await page.waitForSelector('.studio-course-pick option[value="kp-square-run.json"]', { state: "attached" });
  await page.locator(".studio-course-pick").selectOption("kp-square-run.json");
  await page.waitForFunction(() => document.querySelector('[data-studio="json"]').value.includes("kp-square-run-copy"));
  await checked(page);
  assert.deepEqual(await findings(page).allTextContents(), []);
  assert.match(await page.locator(".studio-par-now").textContent(), /4 moves/);
  assert.match(await page.locator(".studio-par").textContent(), /fewest moves the child needs/);
  // a par too small: an error naming the minimum, and the proposal to take
  await json(page).fill((await json(page).inputValue()).replace('"par": 4', '"par": 2'));
  await checked(page);
  assert.match((await findings(page).allTextContents()).join("\n"), /Par \(moves for three stars\): the par is 2, but .* at least 4 moves/);
  await page.locator('[data-studio-par="4"]').click();
  await checked(page);
  assert.equal((await lessonNow(page)).par, 4);
  assert.equal(await findings(page).count(), 0);
  await close();
});

test("a piece-set lesson opened as a copy: the doctor proposes its par too", async () => {
  const { page, close } = await open("#/studio");
  await waitStudio(page);
  await page.waitForSelector('.studio-course-pick option[value="t1-prince-stars.json"]', { state: "attached" });
  await page.locator(".studio-course-pick").selectOption("t1-prince-stars.json");
  await page.waitForFunction(() => document.querySelector('[data-studio="json"]').value.includes("t1-prince-stars-copy"));
  await checked(page);
  assert.deepEqual(await findings(page).allTextContents(), []);
  assert.equal(await page.locator('[data-pointer="/pieces"]').inputValue(), "chess-t1");
  assert.match(await page.locator(".studio-warn-note").textContent(), /pieces of chess only/);
  // the par taken away: the doctor's search over the piece set proposes it again
  await page.getByRole("button", { name: "Remove the par" }).click();
  await checked(page);
  await page.locator('[data-studio-par="3"]').click();
  await checked(page);
  assert.equal((await lessonNow(page)).par, 3);
  assert.deepEqual(await findings(page).allTextContents(), []);
  await close();
});

test("the plain widget and the course page load nothing of the studio", async () => {
  for (const path of ["csp.html", "?lang=en#/course"]) {
    const { page, problems } = await openPage(env.browser);
    const urls = [];
    page.on("request", (r) => urls.push(new URL(r.url()).pathname));
    await page.goto(`${env.server.url}${path}`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
    await page.waitForTimeout(500);
    assert.deepEqual(urls.filter((u) => /studio|fflate|pkg-studio/.test(u)), [], path);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test("one theme: a lesson's arrow has the same colours in the lesson player and on the studio's board", async () => {
  // check-one-way: its own red arrow e1–g1; its colours come from board.css only
  const lesson = JSON.parse(readFileSync(join(ROOT, "lessons", "check-one-way.json"), "utf8"));
  const arrow = lesson.shapes.find((s) => s.type === "arrow");
  const paint = (locator) => locator.evaluate((path) => ({ fill: getComputedStyle(path).fill, stroke: getComputedStyle(path).stroke, opacity: getComputedStyle(path).opacity }));
  // the child's view
  const { page: child, problems } = await openPage(env.browser);
  await child.goto(`${env.server.url}?lang=en#/lesson/check-one-way`);
  await child.waitForSelector('#lesson-tutor[data-lesson="intro"]', { timeout: 15_000 });
  await child.locator("#lesson-tutor .l-start").click();
  await child.waitForSelector('#lesson-tutor[data-lesson="playing"]', { timeout: 15_000 });
  const inLesson = await paint(child.locator(`#lesson-tutor .s-arrow.l-shape[data-from="${arrow.from}"][data-to="${arrow.to}"] path`));
  const red = await child.locator("#lesson-tutor").evaluate((e) => getComputedStyle(e.shadowRoot.querySelector("svg.board")).getPropertyValue("--ct-red").trim());
  assert.deepEqual(problems, []);
  await child.close();
  // the teacher's view
  const { page, close } = await open("#/studio");
  await waitStudio(page);
  await page.waitForSelector('.studio-course-pick option[value="check-one-way.json"]', { state: "attached" });
  await page.locator(".studio-course-pick").selectOption("check-one-way.json");
  await page.waitForFunction(() => document.querySelector('[data-studio="json"]').value.includes("check-one-way-copy"));
  await page.locator('.studio-stages [data-stage="goal"]').click();
  const inStudio = await paint(page.locator(`.studio-mark-board .s-arrow[data-from="${arrow.from}"][data-to="${arrow.to}"] path`));
  assert.deepEqual(inStudio, inLesson, `the ${arrow.color} arrow ${arrow.from}–${arrow.to}: the same colours for the teacher as for the child`);
  const hex = (rgb) => `#${rgb.match(/\d+/g).slice(0, 3).map((n) => Number(n).toString(16).padStart(2, "0")).join("")}`;
  assert.equal(hex(inLesson.fill), red, "the red of board.css's --ct-red");
  await close();
});
