// A studio a teacher can trust (issue 28, docs/teachers.md), in real Chromium on the app's
// page with the strict CSP: nothing wrong goes out (Share, Download, Copy, the course's download
// and the package buttons ask first while the check shows an error, "Go back and fix" first; what goes out is the text the
// check saw); the form speaks the teacher's words (choices from 1, the form's labels, goal names);
// a file opened keeps its own text; a typed par; a wrong move's words never in a success colour;
// Try it draws the board as the shared link's page does; the course download named after the
// course; a section's header follows its title; a whole course in a link; the player's bubbles
// never cover the squares they talk about at 360×640. Screenshots: test-results/screenshots/trust-*.png.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { inflateSync, strFromU8, unzipSync } from "fflate";
import { ROOT, SCREENSHOTS, screenshot, settledScreenshot, useServerAndBrowser } from "./helpers.mjs";
import { checked, findings, json, lessonNow, mateInOne, openStudio, tryTutor, waitStudio } from "./studio-helpers.mjs";

const env = useServerAndBrowser();
const open = (hash, options) => openStudio(env, hash, options);

/** A mate in 1 the checker passes, and the same with an error (its id). */
const GOOD = mateInOne("trust-mate");
const BAD = { ...GOOD, id: "Trust Mate" };
const text = (lesson) => `${JSON.stringify(lesson, null, 2)}\n`;
const gate = (page) => page.locator("[data-studio-gate]");

/** The lesson text a #/shared/ link carries. */
const linkText = (link) => strFromU8(inflateSync(Buffer.from(link.slice(link.indexOf("#/shared/") + 9).replace(/-/g, "+").replace(/_/g, "/"), "base64")));

async function fill(page, lesson) {
  await json(page).fill(typeof lesson === "string" ? lesson : text(lesson));
  await checked(page);
}

test("nothing wrong goes out: Share, Download, Copy and the course's download ask while the check shows an error", async () => {
  const { page, context, close } = await open("#/studio");
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await waitStudio(page);
  await fill(page, GOOD);
  assert.deepEqual(await findings(page).allTextContents(), [], "the good lesson passes");
  // a lesson without errors goes out at once, no question asked
  await page.locator('[data-studio="share"]').click();
  const good = await page.locator('[data-studio-share="link"]').inputValue();
  assert.equal(await gate(page).count(), 0);
  assert.deepEqual(JSON.parse(linkText(good)), GOOD);

  // an error: Share asks, and "Go back and fix" (first, focused) sends nothing
  await fill(page, BAD);
  assert.ok((await findings(page).count()) > 0);
  await page.locator('[data-studio="share"]').click();
  await gate(page).waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.gate), "back", "the focus starts on Go back and fix");
  const buttons = await gate(page).locator("button").evaluateAll((bs) => bs.map((b) => b.dataset.gate));
  assert.deepEqual(buttons, ["back", "send"]);
  assert.match(await gate(page).textContent(), /File name \(id\):/, "the error listed at its place on the form");
  await screenshot(page, "trust-desktop-gate");
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.gate), "send");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Enter");
  await gate(page).waitFor({ state: "detached" });
  assert.equal(await page.locator('[data-studio-share="link"]').isVisible(), false, "no link made");
  // Escape is "go back" too
  await page.locator('[data-studio="share"]').click();
  await gate(page).waitFor();
  await page.keyboard.press("Escape");
  await gate(page).waitFor({ state: "detached" });
  assert.equal(await page.locator('[data-studio-share="link"]').isVisible(), false);
  // confirmed: the link carries exactly the text checked
  await page.locator('[data-studio="share"]').click();
  await page.locator('[data-gate="send"]').click();
  const bad = await page.locator('[data-studio-share="link"]').inputValue();
  assert.deepEqual(JSON.parse(linkText(bad)), BAD);

  // typed and shared at once (before the live check): the gate checks that very text first
  await json(page).fill(text({ ...BAD, id: "Another Bad" }));
  await page.locator('[data-studio="share"]').click();
  await gate(page).waitFor();
  await page.locator('[data-gate="send"]').click();
  assert.equal(JSON.parse(linkText(await page.locator('[data-studio-share="link"]').inputValue())).id, "Another Bad");

  // Download: asked, refused (no file), then confirmed (the checked text)
  let downloads = 0;
  page.on("download", () => downloads++);
  await page.locator('[data-studio="download"]').click();
  await gate(page).waitFor();
  await page.locator('[data-gate="back"]').click();
  await page.waitForTimeout(300);
  assert.equal(downloads, 0, "nothing downloaded");
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator('[data-studio="download"]').click().then(() => page.locator('[data-gate="send"]').click())]);
  assert.equal(JSON.parse(readFileSync(await download.path(), "utf8")).id, "Another Bad");

  // Copy: the same
  await page.locator('[data-studio="copy"]').click();
  await gate(page).waitFor();
  await page.locator('[data-gate="back"]').click();
  assert.doesNotMatch(await page.locator(".studio-status").textContent(), /copied/);
  await page.locator('[data-studio="copy"]').click();
  await page.locator('[data-gate="send"]').click();
  await page.waitForFunction(() => /copied|Copying did not work/.test(document.querySelector(".studio-status").textContent));

  // the course's download: a lesson with an error in it asks too; named after the course
  await page.locator('[data-course="add"]').click();
  await page.locator("#studio-course-en").fill("My first course");
  await page.locator('[data-course="zip"]').click();
  await gate(page).waitFor();
  assert.match(await gate(page).textContent(), /another-bad|Another Bad/i);
  await page.locator('[data-gate="back"]').click();
  await gate(page).waitFor({ state: "detached" });
  const [zip] = await Promise.all([page.waitForEvent("download"), page.locator('[data-course="zip"]').click().then(() => page.locator('[data-gate="send"]').click())]);
  assert.equal(zip.suggestedFilename(), "my-first-course.zip");
  assert.ok(Object.keys(unzipSync(readFileSync(await zip.path()))).includes("course.json"));
  // the package buttons go through the same gate: refused, nothing made
  for (const button of ['[data-studio-package="h5p"]', '[data-course-package="h5p"]', '[data-course-package="scorm"]']) {
    await page.locator(button).click();
    await gate(page).waitFor();
    await page.locator('[data-gate="back"]').click();
    await gate(page).waitFor({ state: "detached" });
  }
  await page.waitForTimeout(300);
  assert.equal(downloads, 2, "no package made after Go back and fix (only the lesson and the course confirmed)");
  await close();
});

test("the form's words: choices from 1, the form's labels, goals by name; the king-and-pawn results whenever the position is one", async () => {
  const { page, close } = await open("#/studio");
  await waitStudio(page);
  // every goal by a name, never its bare id
  const options = await page.locator('[data-pointer="/goal/type"] option').evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
  for (const [value, name] of options) assert.notEqual(name, value, `the goal ${value} has a name`);
  assert.ok(options.some(([v]) => v === "show") && options.some(([v]) => v === "check"));
  const lesson = JSON.parse(readFileSync(join(ROOT, "lessons", "kp-square-question.json"), "utf8"));
  // the Rules standard: the results' fields are there all the same, and say why they need the rule
  const { rules, ...standard } = lesson;
  await fill(page, standard);
  assert.equal(rules, "auto_queen");
  assert.equal(await page.locator('[data-pointer="/goal/results/0"]').count(), 1, "the result fields shown");
  assert.match(await page.locator('[data-studio-note="results"]').textContent(), /endgame solver/);
  const formText = (await findings(page).allTextContents()).join("\n");
  const jsonText = (await page.locator(".studio-json-findings li").allTextContents()).join("\n");
  assert.match(formText, /set Rules to “Pawns become queens by themselves”/, formText);
  assert.doesNotMatch(formText, /"rules"/, "no JSON field in the form's words");
  assert.match(jsonText, /"rules": "auto_queen"/, "the JSON view keeps the checker's words");
  // a result chosen sets the rule the solver needs
  await page.locator('[data-pointer="/goal/results/0"]').selectOption("draw");
  assert.equal((await lessonNow(page)).rules, "auto_queen");
  // the wrong choice marked right: counted from 1, as the form counts them
  await page.locator("#studio-answer-0").check();
  await checked(page);
  const wrong = (await findings(page).allTextContents()).join("\n");
  // the chess reason first, in plain words, then which choice is marked (counted from 1)
  assert.match(wrong, /The right choice:.*The black king is outside the square of the pawn on a4 and cannot catch it: white wins\. Choice 1 \(“a draw”\) is marked as the right one/, wrong);
  assert.doesNotMatch(wrong, /choice 0/);
  await screenshot(page, "trust-desktop-choices");
  await close();
});

test("a file opened keeps its own text, and a finding points at its own line; a par typed", async () => {
  const { page, close } = await open("#/studio");
  await waitStudio(page);
  const own = `{ "$schema": "lesson.schema.json",\n\n    "id":    "Her Lesson",\n  "title": {"ru": "Мат", "en": "Mate"},  "intro": {"ru": "Мат в один ход.", "en": "Mate in one."},\n  "position": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",\n  "goal": {"type": "mate", "in": 1}, "opponent": {"type": "defender"}\n}\n`;
  await page.locator(".studio-file").setInputFiles({ name: "her-lesson.json", mimeType: "application/json", buffer: Buffer.from(own) });
  await page.waitForFunction((t) => document.querySelector('[data-studio="json"]').value === t, own);
  await checked(page);
  assert.equal(await json(page).inputValue(), own, "not reformatted");
  const id = page.locator('[data-studio="findings"] li[data-at-pointer="/id"]');
  assert.equal(await id.getAttribute("data-line"), "3", "the id's finding at line 3 of her file");
  // beside the form the form's words only; the line:col under the JSON view
  assert.match(await id.textContent(), /File name \(id\):/);
  assert.doesNotMatch(await id.textContent(), /\d+:\d+/);
  assert.match(await page.locator('.studio-json-findings li[data-at-pointer="/id"]').textContent(), /3:\d+/);
  // the par typed (the doctor still says when it is too small)
  await page.locator('[data-pointer="/id"]').fill("her-lesson");
  const par = page.locator('input[data-pointer="/par"]');
  assert.equal(await par.getAttribute("type"), "number");
  await par.fill("1");
  await checked(page);
  assert.equal((await lessonNow(page)).par, 1);
  assert.deepEqual(await findings(page).allTextContents(), []);
  await par.fill("");
  await checked(page);
  assert.equal((await lessonNow(page)).par, undefined, "empty: no par");
  await close();
});

test("Try it draws the labels the shared link's page draws; a wrong move's words are not in a success colour", async () => {
  const { page, close } = await open("#/studio", { size: "phone" });
  await waitStudio(page);
  await page.waitForSelector('.studio-course-pick option[value="capture-free-piece.json"]', { state: "attached" });
  await page.locator(".studio-course-pick").selectOption("capture-free-piece.json");
  await page.waitForFunction(() => document.querySelector('[data-studio="json"]').value.includes("capture-free-piece-copy"));
  await checked(page);
  await page.locator('[data-studio="share"]').click();
  const link = await page.locator('[data-studio-share="link"]').inputValue();
  await page.locator('[data-studio="try"]').click();
  await page.waitForSelector(`${tryTutor}[data-lesson="intro"]`, { timeout: 15_000 });
  const labels = (p, el) => p.locator(`${el} .coords text`).allTextContents();
  const tried = await labels(page, tryTutor);
  const shared = await open(link.slice(link.indexOf("#")), { size: "phone" });
  await shared.page.waitForSelector("#lesson-tutor[data-lesson=intro]", { timeout: 15_000 });
  assert.deepEqual(tried, await labels(shared.page, "#lesson-tutor"), "the same labels");
  assert.ok(tried.includes("a") && tried.includes("1") && !tried.includes("i"), `letters and numbers, the app's labels (the (i, j) only in "Chess and numbers"): ${tried}`);
  await shared.close();
  // the wrong move: the teacher's words for it with a cross, in the mistake's colours
  await page.locator(`${tryTutor} .l-start`).click();
  await page.locator(`${tryTutor} [data-square="a1"]`).click();
  await page.locator(`${tryTutor} [data-square="a6"]`).click();
  const say = page.locator(`${tryTutor} .say[data-kind="feedback"]`);
  await say.first().waitFor({ timeout: 15_000 });
  assert.equal(await say.first().getAttribute("data-tone"), "wrong");
  const [icon, ink] = await say.first().evaluate((p) => [p.querySelector(".say-icon").textContent, getComputedStyle(p.querySelector(".say-icon")).backgroundColor]);
  assert.equal(icon, "✗");
  const [r, g] = ink.match(/\d+/g).map(Number);
  assert.ok(r > g, `not green: ${ink}`);
  await screenshot(page, "trust-phone-try-wrong");
  await close();
});

test("the course: a section explained and its header following its title; a whole course in a link, opened in the app", async () => {
  const { page, close } = await open("#/studio");
  await waitStudio(page);
  await fill(page, GOOD);
  await page.locator('[data-course="add"]').click();
  await fill(page, { ...GOOD, id: "trust-mate-2", title: { ru: "Второй мат", en: "Second mate" } });
  await page.locator('[data-course="add"]').click();
  const header = page.locator('[data-section="0"] [data-section-header]');
  assert.equal(await header.textContent(), "Section 1");
  assert.match(await page.locator("#studio-sec-0-hint").textContent(), /never shown to the children/);
  await page.locator("#studio-sec-0-en").fill("First mates");
  assert.equal(await header.textContent(), "1. First mates");
  await page.locator("#studio-course-en").fill("Mates");
  await page.locator('[data-course="share"]').click();
  const link = await page.locator('[data-course-share="link"]').inputValue();
  assert.match(link, /#\/shared-course\/[A-Za-z0-9_-]+$/);
  await screenshot(page, "trust-desktop-course-link");
  // a course too long for a link: one .html file that goes to the app with the course
  const noise = Array.from({ length: 2500 }, (_, k) => ((k * 2654435761) % 4294967296).toString(36)).join(" ");
  await fill(page, { ...GOOD, id: "trust-long", title: { ru: "Длинный", en: "Long" }, intro: { ru: noise, en: noise } });
  await page.locator('[data-course="add"]').click();
  await page.locator('[data-course="share"]').click();
  assert.match(await page.locator('[data-course-share="too-long"]').textContent(), /8000/);
  const [file] = await Promise.all([page.waitForEvent("download"), page.locator('[data-course-share="file"]').click()]);
  assert.equal(file.suggestedFilename(), "mates.html");
  const html = readFileSync(await file.path(), "utf8");
  const far = /<meta http-equiv="refresh" content="0; url=([^"]+)">/.exec(html)[1];
  assert.ok(far.includes("#/shared-course/") && far.length > 8000);
  await close();
  const long = await open(far.slice(far.indexOf("#")), { size: "phone" });
  await long.page.waitForSelector("#shared-course [data-shared-lesson]");
  assert.deepEqual(await long.page.locator("#shared-course [data-shared-lesson]").allTextContents(), ["Mate on the last row", "Second mate", "Long"]);
  await long.close();
  const shared = await open(link.slice(link.indexOf("#")), { size: "phone" });
  await shared.page.waitForSelector("#shared-course [data-shared-lesson]");
  assert.equal(await shared.page.locator("#shared-course h2").textContent(), "Mates");
  assert.deepEqual(await shared.page.locator("#shared-course [data-shared-lesson]").allTextContents(), ["Mate on the last row", "Second mate"]);
  await shared.page.locator('[data-shared-lesson="2"]').click();
  await shared.page.waitForSelector("#lesson-tutor[data-lesson=intro]", { timeout: 15_000 });
  assert.equal(await shared.page.locator("#view-title").textContent(), "Second mate");
  await shared.page.locator("#lesson-tutor .l-start").click();
  await shared.page.locator('#lesson-tutor [data-square="a1"]').click();
  await shared.page.locator('#lesson-tutor [data-square="a8"]').click();
  await shared.page.waitForSelector("#lesson-tutor[data-lesson=done]", { timeout: 15_000 });
  await shared.page.locator('[data-shared-course="back"]').click();
  await shared.page.waitForSelector("#shared-course [data-shared-lesson]");
  await screenshot(shared.page, "trust-phone-shared-course");
  await shared.close();
});

test("the player's bubbles never cover the squares they talk about at 360×640", async () => {
  const { page, close } = await open("#/lesson/capture-free-piece", { viewport: { width: 360, height: 640 } });
  const el = "#lesson-tutor";
  await page.waitForSelector(`${el}[data-lesson="intro"]`, { timeout: 20_000 });
  await page.locator(`${el} .l-start`).click();
  const covered = async (squares) => {
    const box = await page.locator(`${el} .feedback:not([hidden])`).boundingBox();
    if (!box) return [];
    const out = [];
    for (const sq of squares) {
      const r = await page.locator(`${el} [data-square="${sq}"]`).boundingBox();
      const inside = r.x < box.x + box.width - 2 && r.x + r.width > box.x + 2 && r.y < box.y + box.height - 2 && r.y + r.height > box.y + 2;
      if (inside) out.push(sq);
    }
    return out;
  };
  // the hint: first the piece (a1), then its move (a1–e1)
  for (let k = 0; k < 2; k++) {
    await page.locator(`${el} .l-hint`).click();
    await page.locator(`${el} .say[data-kind="hint"]`).waitFor();
    await page.waitForTimeout(300);
    assert.deepEqual(await covered(["a1", "e1"]), [], `hint ${k + 1}: the bubble leaves its squares in sight`);
  }
  await screenshot(page, "trust-phone-hint-bubble");
  // a wrong move's words: its squares in sight
  await page.locator(`${el} [data-square="a1"]`).click();
  await page.locator(`${el} [data-square="a6"]`).click();
  await page.locator(`${el} .say[data-kind="feedback"]`).waitFor();
  await page.waitForTimeout(300);
  await screenshot(page, "trust-phone-feedback-bubble");
  assert.deepEqual(await covered(["a6", "b7"]), [], "the feedback leaves a6 and b7 in sight");
  await close();
});

test("screenshots: the studio at 1366×768 with a king-and-pawn question, and Try it at 360 px", async () => {
  const { page, close } = await open("#/studio", { viewport: { width: 1366, height: 768 } });
  await waitStudio(page);
  await page.waitForSelector('.studio-course-pick option[value="kp-square-question.json"]', { state: "attached" });
  await page.locator(".studio-course-pick").selectOption("kp-square-question.json");
  await page.waitForFunction(() => document.querySelector('[data-studio="json"]').value.includes("kp-square-question-copy"));
  await checked(page);
  await page.locator("#studio-answer-0").check();
  await checked(page);
  // what the teacher sees first (from the top), and the whole page
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, "trust-1366-studio-view.png") });
  await screenshot(page, "trust-1366-studio");
  await page.locator('[data-studio="try"]').click();
  await page.waitForSelector(`${tryTutor}[data-lesson="intro"]`, { timeout: 15_000 });
  await page.setViewportSize({ width: 360, height: 640 });
  await page.locator(`${tryTutor} .l-start`).click();
  await page.locator(`${tryTutor} .l-choice`).first().click();
  await page.waitForTimeout(400);
  await screenshot(page, "trust-360-try");
  await close();
});

/** A best_move lesson (issue 28 point 2) on a FEN, its goal's fields and feedback. */
const bestMove = (id, position, goal, more = {}) => ({
  $schema: "lesson.schema.json",
  id,
  title: { ru: "Лучший ход", en: "The best move" },
  intro: { ru: "Найди лучший ход.", en: "Find the best move." },
  position,
  goal: { type: "best_move", ...goal },
  ...more,
});

test("the form's accept and a feedback's result: written to the JSON (absent when empty), the doctor's findings at them; Try it tells the group", async () => {
  const { page, close } = await open("#/studio", { viewport: { width: 1366, height: 768 } });
  await waitStudio(page);
  // the black queen on d5 hangs to Nxd5 and to exd5
  await fill(page, bestMove("trust-two-captures", "6k1/8/2p5/3q4/4P3/2N5/PP3PPP/6K1 w - - 0 1", { answers: ["Nxd5", "exd5"] }));
  assert.deepEqual(await findings(page).allTextContents(), []);
  const accept = page.locator('select[data-pointer="/goal/accept"]');
  assert.equal(await accept.inputValue(), "", "no group: only the moves listed");
  assert.match(await page.locator('label[for="studio-f-goal-accept"]').textContent(), /Accept every move that/);
  assert.ok((await accept.locator("option").allTextContents()).includes("wins the queen"));
  await accept.selectOption("wins_queen");
  await checked(page);
  assert.equal((await lessonNow(page)).goal.accept, "wins_queen");
  assert.deepEqual(await findings(page).allTextContents(), [], "both captures are the group");
  await accept.selectOption("");
  await checked(page);
  assert.ok(!("accept" in (await lessonNow(page)).goal), "empty: no accept in the file");
  assert.doesNotMatch(await json(page).inputValue(), /accept/);
  // a group the answers are not: the doctor's finding at the field, and a click goes there
  await accept.selectOption("mate");
  await checked(page);
  const other = page.locator('[data-studio="findings"] li[data-at-pointer="/goal/answers/0"]');
  assert.match(await other.textContent(), /not one of the moves the lesson accepts/);
  await accept.selectOption("wins_queen");
  await checked(page);
  assert.deepEqual(await findings(page).allTextContents(), []);

  // Try it: the child who plays a move of the group hears which
  await page.locator('[data-studio="try"]').click();
  await page.waitForSelector(`${tryTutor}[data-lesson="intro"]`, { timeout: 15_000 });
  await page.setViewportSize({ width: 360, height: 640 });
  await page.locator(`${tryTutor} .l-start`).click();
  await page.locator(`${tryTutor} [data-square="e4"]`).click();
  await page.locator(`${tryTutor} [data-square="d5"]`).click();
  await page.waitForSelector(`${tryTutor}[data-lesson="done"]`, { timeout: 15_000 });
  await page.locator(`${tryTutor} .l-why`).getByText("Right! exd5 wins the queen.").waitFor({ timeout: 5_000 });
  await page.waitForTimeout(800);
  await settledScreenshot(page, "trust-360-try-accept");
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.locator("[data-studio-back]").click();

  // king and pawn (kp-front-draw after 1…Kd7): only Kd5 wins, Ke5 draws
  await fill(page, bestMove("trust-kp-claim", "8/3k4/8/8/3KP3/8/8/8 w - - 0 1", { answers: ["Kd5"] }, {
    rules: "auto_queen",
    feedback: [{ move: "Ke5", text: { ru: "Король займёт e5 и выиграет.", en: "The king takes e5 and wins." } }],
  }));
  const result = page.locator('select[data-pointer="/feedback/0/result"]');
  assert.equal(await result.inputValue(), "");
  assert.match(await page.locator('label[for="studio-f-feedback-0-result"]').textContent(), /What this move leads to/);
  assert.match(await page.locator("#studio-f-feedback-0-result-hint").textContent(), /doctor proves it/);
  await result.selectOption("win");
  await checked(page);
  assert.equal((await lessonNow(page)).feedback[0].result, "win");
  const claim = page.locator('[data-studio="findings"] li[data-at-pointer="/feedback/0/result"]');
  assert.equal(await claim.count(), 1, (await findings(page).allTextContents()).join("\n"));
  assert.match(await claim.textContent(), /What Ke5 leads to: the words after Ke5 teach a win, but perfect play draws/);
  assert.match(await page.locator(".studio-json-findings li").allTextContents().then((a) => a.join("\n")), /result/, "the JSON view names the field");
  // said under the field too, with its mark; the field marked invalid
  assert.match(await page.locator("#studio-f-feedback-0-result-findings").textContent(), /✖ Error:\s*the words after Ke5 teach a win, but perfect play draws/);
  assert.equal(await result.getAttribute("aria-invalid"), "true");
  await claim.locator("button").click();
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.pointer), "/feedback/0/result", "the click lands on the field");
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "trust-1366-studio-fields");
  await result.selectOption("draw");
  await checked(page);
  assert.equal(await claim.count(), 0, "the true claim passes");
  assert.equal(await page.locator("#studio-f-feedback-0-result-findings").isVisible(), false);
  assert.equal(await result.getAttribute("aria-invalid"), null);
  await result.selectOption("");
  await checked(page);
  assert.ok(!("result" in (await lessonNow(page)).feedback[0]), "empty: no result in the file");
  // a group in a king-and-pawn position: the doctor's error lands on the accept field
  await accept.selectOption("wins_pawn");
  await checked(page);
  const solverOnly = page.locator('[data-studio="findings"] li[data-at-pointer="/goal/accept"]');
  assert.match(await solverOnly.textContent(), /Accept every move that…: /);
  assert.match(await page.locator("#studio-f-goal-accept-findings").textContent(), /endgame solver judges the answers/);
  await solverOnly.locator("button").click();
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.pointer), "/goal/accept");
  await close();
});
