// Practice, the child's side and the teacher's (issue 35, docs/children.md "Practice"): a child at
// 360 px in Russian, with "Read to me" on (a speech-synthesis stand-in records what is said),
// starts Practice from the course page and does a 10-exercise session: right answers, a wrong
// move (the lesson's words, the same exercise once more), two wrong moves (an easier one of the
// same skill is offered), a reload in the middle (the same exercise again, the count kept), and
// the rest offline. The skill map shows stars; a lesson's done card offers three exercises of
// its skill; the practice diary is saved and loaded from the settings. With the class server, a
// pupil's practice reaches the teacher's Skills view. Screenshots practice-*.png (360×640 and
// 1280×720).
//
// The exercises come from www/pkg-practice when it is built; else (or with PRACTICE_STANDIN=1)
// from tests/browser/fixtures/practice-standin.js, which serves course lessons as exercises
// (routed in place of pkg-practice/chess_tutor.js; service workers are blocked then, since a
// worker's requests are not routed). Each exercise is solved by its own hints in Node
// (lesson-rules.mjs: the same rules as the page), and a wrong move is one the lesson fails.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { ROOT, SCREENSHOTS, WWW, openPage, screenshot, settledScreenshot, useServerAndBrowser } from "./helpers.mjs";
import { startClassServer } from "./class-server.mjs";
import { movesByHints, pkg } from "./lesson-rules.mjs";

const REAL = existsSync(join(WWW, "pkg-practice", "chess_tutor_bg.wasm")) && !process.env.PRACTICE_STANDIN;
const STANDIN = readFileSync(join(ROOT, "tests", "browser", "fixtures", "practice-standin.js"), "utf8");
const SKILLS_STANDIN = readFileSync(join(ROOT, "tests", "browser", "fixtures", "practice-skills.json"), "utf8");
const T = "#practice-tutor";
const env = useServerAndBrowser();

const AXE = readFileSync(join(ROOT, "node_modules", "axe-core", "axe.min.js"), "utf8");
/** axe-core's WCAG 2.1 A and AA violations on the page, in words ([] when none). */
async function axe(page) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, resultTypes: ["violations"] });
    return r.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => JSON.stringify(n.target)).join(" ")}`);
  });
}

/** The viewport only (the course page is long). */
const viewShot = (page, name) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });

/** A speech-synthesis stand-in with a Russian and an English voice: window.said = [{ text, lang }]. */
function speechStandIn() {
  const said = (window.said = []);
  const voices = [
    { name: "Russian", lang: "ru-RU", localService: true, default: false, voiceURI: "ru" },
    { name: "English", lang: "en-US", localService: true, default: true, voiceURI: "en" },
  ];
  class Utterance extends EventTarget {
    constructor(text) {
      super();
      Object.assign(this, { text, lang: "", rate: 1, pitch: 1, volume: 1, voice: null });
    }
  }
  const fire = (u, type) => {
    const e = new Event(type);
    u[`on${type}`]?.(e);
    u.dispatchEvent(e);
  };
  const synth = new EventTarget();
  Object.assign(synth, {
    getVoices: () => voices,
    speak(u) {
      said.push({ text: u.text, lang: u.lang });
      setTimeout(() => (fire(u, "start"), fire(u, "end")), 0);
    },
    cancel() {},
    pause() {},
    resume() {},
  });
  Object.defineProperty(synth, "speaking", { get: () => false });
  Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
  window.SpeechSynthesisUtterance = Utterance;
}

/** A child's browser: Russian, algebraic labels, "Read to me" on (asked already). */
async function child(viewport = { width: 360, height: 640 }, lang = "ru") {
  const context = await env.browser.newContext({ viewport, acceptDownloads: true, serviceWorkers: REAL ? "allow" : "block" });
  await context.addInitScript(speechStandIn);
  await context.addInitScript((lang) => {
    if (!localStorage.getItem("chess-tutor:settings:v1")) localStorage.setItem("chess-tutor:settings:v1", JSON.stringify({ version: 1, lang, coordinates: "algebraic", read: true, readAsked: true }));
  }, lang);
  if (!REAL) await context.route(/\/pkg-practice\/chess_tutor(-[0-9A-Z]{8})?\.js$/, (route) => route.fulfill({ contentType: "text/javascript", body: STANDIN }));
  if (!REAL) await context.route(/\/pkg-practice\/chess_tutor_bg(-[0-9A-Z]{8})?\.wasm$/, (route) => route.fulfill({ contentType: "application/wasm", body: Buffer.alloc(0) }));
  if (!REAL) await context.route(/\/lessons\/skills(-[0-9A-Z]{8})?\.json$/, (route) => route.fulfill({ contentType: "application/json", body: SKILLS_STANDIN }));
  // the stand-in lives in the page (its lessons come from the page's routes): no worker then
  if (!REAL) await context.route("**/practice/practice-worker.js", (route) => route.fulfill({ status: 404, body: "" }));
  const { page, problems } = await openPage(context);
  return { context, page, problems };
}

/** The exercise on the board now: { id, text } (its lesson text, as the player plays it). */
const exercise = (page) => page.evaluate((sel) => ({ id: document.querySelector(sel).dataset.exercise, text: document.querySelector(sel).lessonText }), T);

async function begin(page) {
  await page.waitForSelector(`${T}[data-lesson="intro"]`, { timeout: 30_000 });
  await page.locator(`${T} .l-start`).click();
  await page.waitForSelector(`${T}[data-lesson="playing"]`, { timeout: 15_000 });
}

/** The number of choices of a question the rules or the teacher answer, else 0. */
function choicesOf(text) {
  const goal = JSON.parse(text).goal ?? {};
  return goal.type === "question" ? goal.choices.length : goal.type === "can_capture" ? 2 : goal.type === "stronger" ? 3 : 0;
}

/** What the child does: a move { from, to }, a choice { choice: k } or a square { square }. */
async function play(page, action) {
  if ("choice" in action) return page.locator(`${T} .l-choices button`).nth(action.choice).click();
  if ("square" in action) return page.locator(`${T} [data-square="${action.square}"]`).click();
  await page.locator(`${T} [data-square="${action.from}"]`).click();
  await page.locator(`${T} [data-square="${action.to}"]`).click();
  // a promotion without auto_queen: the child picks the piece the hint named, else the queen, the
  // picker's first button (the picker is always in the page, hidden; the tap opens it at once
  // when the queen is not automatic)
  const picker = page.locator(`${T} [role="dialog"]`);
  if (action.promotes && (await picker.isVisible())) {
    await (action.promotion ? picker.locator(`[data-piece="${action.promotion}"]`) : picker.getByRole("button").first()).click();
  }
}

/** The squares a quiz (`targets`) asks for, by its hints in Node. */
function squaresByHints(text) {
  const lesson = new pkg.Lesson(text);
  try {
    const out = [];
    for (let k = 0; k < 64 && lesson.progress().state === "playing"; k++) {
      const { square } = lesson.hint();
      out.push({ square });
      lesson.click(square);
    }
    assert.equal(lesson.progress().state, "done", "the quiz's hints lead to its end");
    return out;
  } finally {
    lesson.free();
  }
}

/** The moves of an exercise by its hints, each marked when it promotes (a pawn to the last row). */
function movesOf(text) {
  const lesson = new pkg.Lesson(text);
  const fen = lesson.fen();
  lesson.free();
  const moves = movesByHints(text, "the exercise");
  const game = new pkg.Game(fen);
  try {
    return moves.map((m) => ({ ...m, promotes: game.pieces().some((p) => p.square === m.from && /pawn/i.test(p.kind ?? "")) && /[18]$/.test(m.to) }));
  } finally {
    game.free();
  }
}

/** The right choice of a question (in Node, by the page's rules), and a wrong one. */
function choices(text) {
  const n = choicesOf(text);
  const right = [...Array(n).keys()].find((k) => {
    const l = new pkg.Lesson(text);
    try {
      return l.answer(k).correct === true;
    } finally {
      l.free();
    }
  });
  assert.ok(right != null, "a question has a right choice");
  return { right, wrong: right === 0 ? 1 : 0 };
}

/** Solves the exercise on the board (its hints' moves, or a question's right choice); its done
 *  card is shown. */
async function solve(page) {
  const { text } = await exercise(page);
  const type = JSON.parse(text).goal?.type;
  const actions = choicesOf(text) ? [{ choice: choices(text).right }] : type === "targets" ? squaresByHints(text) : movesOf(text);
  for (const a of actions) {
    await page.waitForSelector(`${T}[data-lesson="playing"]`, { timeout: 15_000 });
    await play(page, a);
  }
  await page.waitForSelector(`${T}[data-lesson="done"]`, { timeout: 15_000 });
}

/** A first move (or choice) the exercise takes as a mistake (null when every move goes on: a
 *  drill). */
function wrongMove(text) {
  if (choicesOf(text)) return { choice: choices(text).wrong };
  if (JSON.parse(text).goal?.type === "targets") return null;
  const lesson = new pkg.Lesson(text);
  const fen = lesson.fen();
  lesson.free();
  const game = new pkg.Game(fen);
  const side = fen.split(" ")[1] === "w" ? "white" : "black";
  const moves = [];
  try {
    for (const p of game.pieces().filter((x) => x.color === side)) for (const t of game.targets(p.i, p.j)) moves.push({ from: p.square, to: t.square });
  } finally {
    game.free();
  }
  for (const m of moves) {
    const l = new pkg.Lesson(text);
    try {
      l.play(m.from, m.to, "q");
      if (l.progress().state === "failed") return m;
    } catch {
    } finally {
      l.free();
    }
  }
  return null;
}

/** Until an exercise has a wrong move (`twice`: two, a move or a question of three choices or
 *  more): the ones that have none are solved (they count too). */
async function toFailable(page, done, twice = false) {
  for (let k = 0; k < 8; k++) {
    await begin(page);
    const { text } = await exercise(page);
    const wrong = wrongMove(text);
    if (wrong && !(twice && "choice" in wrong && choicesOf(text) < 3)) return wrong;
    await solve(page);
    done.count += 1;
    await next(page, done);
  }
  assert.fail("eight exercises in a row without a wrong move to make");
}

/** The done card's "Next puzzle" (or, the last, "Finish"). */
async function next(page) {
  await page.locator(`${T} .l-card-more`).click();
}

/** The practice log in the page's IndexedDB (log-store.js), as text. */
const readLog = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open("chess-tutor-practice");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction("log").objectStore("log").getAll();
          all.onsuccess = () => resolve(all.result.join("\n"));
        };
      }),
  );

/** After a mistake: a move fails the exercise; a question's wrong choice is put aside. */
async function missed(page, action) {
  if ("choice" in action) await page.waitForFunction(([sel, k]) => document.querySelector(sel).shadowRoot.querySelectorAll(".l-choices button")[k]?.dataset.state === "wrong", [T, action.choice]);
  else await page.waitForSelector(`${T}[data-lesson="failed"]`);
}

/** Once more: after a failed move, "Again"; a question goes on by itself. */
async function again(page, action) {
  if ("choice" in action) return;
  await page.locator(`${T} .l-retry`).click();
  await page.waitForSelector(`${T}[data-lesson="playing"]`);
}

const session = (page) => page.evaluate(() => JSON.parse(localStorage.getItem("chess-tutor:practice-session:v1") ?? "null"));

describe("practice", { concurrency: false }, () => {
  test("a child at 360 px in Russian, read aloud: ten exercises from the course page, wrong moves, a reload, offline", async () => {
    const { context, page, problems } = await child();
    await page.goto(`${env.server.url}#/course`);
    // the course page's card: Practice, and the days practised (none yet: never a reproach)
    const go = page.locator('#practice-entry [data-practice="go"]');
    await go.waitFor({ timeout: 20_000 });
    assert.match(await go.innerText(), /Тренировка/);
    assert.equal(await page.locator('#practice-entry [data-practice="days"]').innerText(), "Первый день тренировки!");
    await viewShot(page, "practice-course-360");
    await go.click();
    const done = { count: 0 };

    // 1: right at once
    await begin(page);
    const first = await exercise(page);
    assert.match(first.id, /^practice\/[a-z0-9-]+\/\d+$/);
    assert.equal(await page.locator("#lesson-position").innerText(), "Задача 1 из 10");
    await page.waitForFunction(() => window.said.some((s) => s.lang.startsWith("ru")), null, { timeout: 10_000 });
    await screenshot(page, "practice-exercise-360");
    await solve(page);
    done.count += 1;
    await next(page);

    // a wrong move: the lesson's words say why (read aloud), no cross; the same exercise again
    let wrong = await toFailable(page, done);
    const once = await exercise(page);
    await play(page, wrong);
    await missed(page, wrong);
    const words = await page.evaluate((sel) => [...document.querySelector(sel).shadowRoot.querySelectorAll(".say-failure, .say-wrong")].map((p) => p.textContent).join(" "), T);
    assert.ok(words.trim(), "the lesson's words for the wrong move");
    const icon = await page.evaluate((sel) => getComputedStyle(document.querySelector(sel).shadowRoot.querySelector(".say-failure .say-icon, .say-wrong .say-icon"), "::after").content, T);
    assert.equal(icon, '"?"', "a question mark, not a cross");
    await screenshot(page, "practice-wrong-360");
    assert.ok(await page.locator('[data-practice="easier"]').isHidden(), "one miss: no easier one yet");
    await again(page, wrong);
    assert.equal((await exercise(page)).id, once.id, "the same exercise once more");
    await solve(page);
    done.count += 1;
    await next(page);

    // two wrong moves: an easier exercise of the same skill
    wrong = await toFailable(page, done, true);
    const hard = await exercise(page);
    const hardRating = (await session(page)).current.exercise.rating;
    await play(page, wrong);
    await missed(page, wrong);
    await again(page, wrong);
    if ("choice" in wrong) wrong = { choice: [...Array(choicesOf(hard.text)).keys()].find((k) => k !== wrong.choice && k !== choices(hard.text).right) ?? wrong.choice };
    await play(page, wrong);
    await missed(page, wrong);
    const easier = page.locator('[data-practice="easier"]');
    await easier.waitFor();
    assert.equal(await easier.innerText(), "Задача полегче →");
    await screenshot(page, "practice-easier-360");
    assert.deepEqual(await axe(page), [], "an exercise with the easier one offered");
    await easier.click();
    await begin(page);
    const easy = await session(page);
    assert.notEqual(easy.current.exercise.id, hard.id);
    assert.equal(easy.current.exercise.skill, hard.id.split("/")[1], "the same skill");
    // easier (the package's generators have a floor per skill: at the floor, one as easy as it has)
    if (!REAL) assert.ok(easy.current.exercise.rating < hardRating, `easier: ${easy.current.exercise.rating} < ${hardRating}`);
    else console.log(`# the easier exercise: ${easy.current.exercise.id} rated ${easy.current.exercise.rating}, after ${hard.id} rated ${hardRating}`);
    await solve(page);
    done.count += 1;
    await next(page);

    // a reload in the middle of an exercise: the same exercise, the count kept
    await begin(page);
    const before = await exercise(page);
    await page.reload();
    await page.waitForSelector(`${T}[data-lesson="intro"]`, { timeout: 30_000 });
    assert.equal((await exercise(page)).id, before.id, "the same exercise after the reload");
    assert.equal(await page.locator("#lesson-position").innerText(), `Задача ${done.count + 1} из 10`);
    await begin(page);
    await solve(page);
    done.count += 1;
    await next(page);

    // offline: the exercises are made in the browser, the answers kept in it
    if (REAL) await page.waitForFunction(() => navigator.serviceWorker.controller != null, null, { timeout: 60_000 }).catch(() => {});
    await context.setOffline(true);
    while (done.count < 10) {
      await begin(page);
      await solve(page);
      done.count += 1;
      await next(page);
    }
    const end = page.locator('[data-practice="end"]');
    await end.waitFor({ timeout: 15_000 });
    // the log: eleven answers at least (the easier one's too), kept across the reload
    const log = await readLog(page);
    assert.ok(log.trim().split("\n").length >= 11, log);
    assert.ok(log.includes('"right":false'), "the misses are in the log");
    assert.equal(await end.locator('[data-practice="count"]').innerText(), "Решено задач: 10.");
    assert.equal(await end.locator('[data-practice="days"]').innerText(), "Дней тренировки: 1 ★");
    await page.waitForFunction(() => window.said.some((s) => s.text.includes("Отличная тренировка")), null, { timeout: 10_000 });
    await end.locator(".p-speak").waitFor(); // a speaker reads the card again

    await screenshot(page, "practice-end-360");
    assert.deepEqual(await axe(page), [], "the session's end");
    if (REAL) {
      // offline, the page and the practice package come from the service worker's copy
      await page.goto(`${env.server.url}#/practice`);
      await page.locator('[data-practice="map"]').waitFor({ timeout: 30_000 });
    }
    await context.setOffline(false);
    // the skill map: stars with words
    await page.goto(`${env.server.url}#/practice`);
    const map = page.locator('[data-practice="map"]');
    await map.waitFor({ timeout: 20_000 });
    const starred = await map.locator('.p-skill:not([data-stars="0"])').count();
    assert.ok(starred >= 1, "some skill has a star");
    assert.match(await map.locator(".p-skill .p-stars").first().getAttribute("aria-label"), /из 3|без звёзд/);
    await screenshot(page, "practice-map-360");
    const unexpected = problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|net::ERR_|Failed to fetch|practice: the answer/.test(p));
    assert.deepEqual(unexpected, []);
    await context.close();
  });

  test("a lesson's done card offers three exercises of its skill; the skill map at 1280 px; the diary saved and loaded", async () => {
    const { context, page, problems } = await child({ width: 1280, height: 720 }, "en");
    // a course lesson that teaches a skill
    const list = JSON.parse(REAL ? readFileSync(join(ROOT, "lessons", "skills.json"), "utf8") : SKILLS_STANDIN).skills;
    await page.goto(`${env.server.url}#/course`);
    await page.locator('#practice-entry [data-practice="go"]').waitFor({ timeout: 20_000 });
    const lesson = ["rook-stars-1", "mate-1-queen"].find((id) => list.some((s) => s.lessons?.includes(id)));
    assert.ok(lesson, "skills.json names a course lesson the test knows how to play");
    await page.goto(`${env.server.url}#/lesson/${lesson}`);
    await page.waitForSelector('#lesson-tutor[data-lesson="intro"]', { timeout: 20_000 });
    await page.locator("#lesson-tutor .l-start").click();
    await page.waitForSelector('#lesson-tutor[data-lesson="playing"]');
    const text = readFileSync(join(ROOT, "lessons", `${lesson}.json`), "utf8");
    for (const { from, to } of movesByHints(text)) {
      await page.waitForSelector('#lesson-tutor[data-lesson="playing"]');
      await page.locator(`#lesson-tutor [data-square="${from}"]`).click();
      await page.locator(`#lesson-tutor [data-square="${to}"]`).click();
    }
    await page.waitForSelector('#lesson-tutor[data-lesson="done"]');
    const more = page.locator("#lesson-tutor .l-card-more");
    await more.waitFor();
    assert.equal(await more.innerText(), "Practise: 3 puzzles ▶");
    await settledScreenshot(page, "practice-lesson-done-1280");
    await more.click();
    await page.waitForURL(/#\/practice\/skill\/[a-z0-9-]+\/3$/);
    const skill = page.url().split("/").at(-2);
    // the skill the lesson names ("skill"), when the skills file has it
    const named = JSON.parse(text).skill;
    if (list.some((s) => s.id === named)) assert.equal(skill, named, "the skill the lesson file names");
    for (let k = 0; k < 3; k++) {
      await begin(page);
      assert.equal((await exercise(page)).id.split("/")[1], skill, "an exercise of the lesson's skill");
      if (k === 0) await screenshot(page, "practice-exercise-1280");
      await solve(page);
      await next(page);
    }
    await page.locator('[data-practice="end"]').waitFor();
    await page.locator('[data-practice="end"] [data-practice="skills"]').click();
    await page.locator('[data-practice="map"]').waitFor({ timeout: 20_000 });
    assert.equal(await page.locator(`.p-skill[data-skill="${skill}"]`).count(), 1);
    await screenshot(page, "practice-map-1280");
    assert.deepEqual(await axe(page), [], "the practice page and its skill map");

    // the diary: saved as a file, loaded into a fresh browser
    await page.click("#settings-button");
    const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-diary="save"]')]);
    const saved = readFileSync(await download.path(), "utf8");
    assert.match(saved.split("\n")[0], /"format":"chess-tutor-practice-log"/);
    assert.equal(saved.trim().split("\n").length, 4, "a header and three answers");
    const other = await child({ width: 1280, height: 720 }, "en");
    await other.page.goto(`${env.server.url}#/practice`);
    await other.page.locator('[data-practice="map"]').waitFor({ timeout: 20_000 });
    await other.page.click("#settings-button");
    await other.page.setInputFiles("#diary input[type=file]", { name: "diary.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(saved) });
    await other.page.waitForFunction(() => document.querySelector(".diary-message")?.textContent === "Loaded: 3 answers.");
    // a file that is not a diary is refused, and nothing is lost
    await other.page.setInputFiles("#diary input[type=file]", { name: "x.json", mimeType: "application/json", buffer: Buffer.from('{"lessons":{}}\n') });
    await other.page.waitForFunction(() => document.querySelector(".diary-message")?.textContent === "This file is not a practice diary.");
    const log = await readLog(other.page);
    assert.equal(log.trim().split("\n").length, 3);
    await other.context.close();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the next exercise is made in the package's worker while the child is at the done card", { skip: !REAL && "pkg-practice is not built" }, async () => {
    const { context, page, problems } = await child({ width: 360, height: 640 }, "en");
    await page.goto(`${env.server.url}#/practice/skill/rook-stars/4`);
    const box = page.locator('[data-practice="session"]');
    const seen = [];
    for (let k = 0; k < 4; k++) {
      await begin(page);
      assert.equal(await box.getAttribute("data-maker"), "worker", "made in the worker");
      const { id } = await exercise(page);
      assert.match(id, /^practice\/rook-stars\/\d+$/);
      seen.push(id);
      await solve(page);
      if (k < 3) {
        // made while the done card shows, after the answer went into the log
        await page.waitForFunction(() => document.querySelector('[data-practice="session"]')?.dataset.ahead === "ready", null, { timeout: 30_000 });
        await next(page);
      }
    }
    assert.equal(new Set(seen).size, 4, "four different exercises");
    // the log has the four answers, each of an exercise shown
    const log = (await readLog(page)).trim().split("\n").map((l) => JSON.parse(l));
    assert.deepEqual(log.map((a) => a.id).sort(), [...seen].sort());
    await next(page);
    await page.locator('[data-practice="end"]').waitFor();
    // the package was never loaded into the page itself: its WebAssembly was never fetched by the
    // page (the worker's own import of the package's glue shows in the page's resource timing in
    // Chromium, so the glue alone says nothing)
    const inPage = await page.evaluate(() => performance.getEntriesByType("resource").filter((r) => /pkg-practice\/chess_tutor_bg(-\w+)?\.wasm/.test(r.name)).length);
    assert.equal(inPage, 0, "the page did not load the package itself");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("where the worker cannot start, the page makes the exercises itself and the session goes on", { skip: !REAL && "pkg-practice is not built" }, async () => {
    const { context, page, problems } = await child({ width: 360, height: 640 }, "en");
    await context.route("**/practice/practice-worker.js", (route) => route.abort("blockedbyclient"));
    await page.goto(`${env.server.url}#/practice/skill/rook-stars/3`);
    const seen = [];
    for (let k = 0; k < 3; k++) {
      await begin(page);
      assert.equal(await page.locator('[data-practice="session"]').getAttribute("data-maker"), "page", "made in the page");
      seen.push((await exercise(page)).id);
      await solve(page);
      await next(page);
    }
    await page.locator('[data-practice="end"]').waitFor();
    assert.equal(new Set(seen).size, 3);
    assert.equal((await readLog(page)).trim().split("\n").length, 3, "three answers kept");
    // the refused worker's file shows as a failed request, nothing else
    assert.deepEqual(problems.filter((p) => !/practice-worker|ERR_BLOCKED_BY_CLIENT|ERR_FAILED/.test(p)), []);
    await context.close();
  });

  test("a pupil's practice reaches the teacher's Skills view; homework 'practise until learned' comes first; a forged attempt is refused", async () => {
    const server = await startClassServer();
    try {
      // the teacher, by the API: an account, a class, a pupil
      const teacher = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
      if (!REAL) await teacher.route(/\/lessons\/skills(-[0-9A-Z]{8})?\.json$/, (route) => route.fulfill({ contentType: "application/json", body: SKILLS_STANDIN }));
      const post = async (path, data) => {
        const r = await teacher.request.post(`${server.url}api/v1/${path}`, { data });
        assert.ok(r.ok(), `${path}: ${r.status()} ${await r.text()}`);
        return r.json();
      };
      await post("teachers", { name: "Ms Brown", login: `brown-${Date.now()}`, password: "correct horse battery" });
      const klass = await post("classes", { name: "3B" });
      const [pupil] = (await post(`classes/${klass.id}/pupils`, { names: ["Ada"] })).pupils;
      // the server knows its own skills (lessons/skills.json), whatever the page was served
      const skills = JSON.parse(readFileSync(join(ROOT, "lessons", "skills.json"), "utf8")).skills;
      const served = JSON.parse(REAL ? readFileSync(join(ROOT, "lessons", "skills.json"), "utf8") : SKILLS_STANDIN).skills;
      const skill = served.find((x) => skills.some((y) => y.id === x.id)).id;
      const known = skills.find((x) => x.id === skill);
      // an unknown skill is refused, naming the field
      const bad = await teacher.request.post(`${server.url}api/v1/classes/${klass.id}/assignments`, { data: { practice: ["no-such-skill"] } });
      assert.equal(bad.status(), 422);
      assert.equal((await bad.json()).field, "practice");

      // the teacher gives the homework in her page: the skill chosen by its picture and title
      const page = await teacher.newPage();
      await page.goto(`${server.url}#/teacher/class/${klass.id}`);
      const picker = page.locator('[data-teacher="practice"]');
      await picker.waitFor({ timeout: 20_000 });
      const pick = picker.locator(`label:has(input[value="${skill}"])`);
      assert.equal(await pick.locator("img").count(), 1, "the skill's picture");
      assert.match(await pick.innerText(), new RegExp(known.title.en.replace(/[()]/g, "\\$&")));
      await pick.locator("input").check();
      await pick.scrollIntoViewIfNeeded();
      await screenshot(page, "practice-teacher-give-1280");
      await page.locator('[data-teacher="assign"] button[type="submit"]').click();
      await page.waitForFunction(() => /Given: 1 skill to practise/.test(document.querySelector('[data-teacher="assign"]')?.closest("section")?.textContent ?? ""), null, { timeout: 20_000 });
      const given = page.locator(".assignment-list li[data-assignment]");
      await given.locator('[data-teacher="practice-progress"]').waitFor({ timeout: 20_000 });
      assert.match(await given.innerText(), /Practise: /);
      assert.match(await given.locator("summary").innerText(), /Learned: 0 of 1/);

      // the pupil signs in from her card's link; her homework shows the skill first, with its picture
      const kid = await child({ width: 360, height: 640 }, "ru");
      await kid.page.goto(`${server.url}#/class/${klass.code}/${pupil.id}/${pupil.pictures.join("-")}`);
      await kid.page.waitForURL(/#\/course$/, { timeout: 20_000 });
      const hw = kid.page.locator(`#class-box .hw-practice [data-skill="${skill}"]`);
      await hw.waitFor({ timeout: 20_000 });
      assert.match(await hw.innerText(), /^▶\s*Потренировать: /);
      assert.equal(await hw.locator("img.hw-skill-pict").count(), 1, "the skill's picture");
      assert.equal(await kid.page.locator("#class-box .hw-assignment").first().getAttribute("data-assignment"), "practice", "before every other homework");
      await kid.page.waitForFunction(() => [...document.querySelectorAll("#class-box img")].every((i) => i.complete));
      await viewShot(kid.page, "practice-homework-360");
      // the practice page shows the homework's skill first
      await kid.page.goto(`${server.url}#/practice`);
      await kid.page.locator(`[data-practice="homework"] [data-skill="${skill}"]`).waitFor({ timeout: 20_000 });
      assert.equal(await kid.page.locator(".p-map-list .p-skill").first().getAttribute("data-skill"), skill, "first on the map too");
      await kid.page.goto(`${server.url}#/practice/skill/${skill}/3`);
      for (let k = 0; k < 3; k++) {
        await begin(kid.page);
        await solve(kid.page);
        await next(kid.page);
      }
      await kid.page.waitForFunction(() => document.documentElement.dataset.attemptsWaiting === "0", null, { timeout: 20_000 });
      // tapping the homework card starts practice of that skill
      await kid.page.goto(`${server.url}#/course`);
      await hw.click();
      await kid.page.waitForURL(new RegExp(`#/practice/skill/${skill}$`));
      await begin(kid.page);
      assert.equal((await exercise(kid.page)).id.split("/")[1], skill);

      // a forged attempt, sent from her browser with her session: refused, never counted
      const forged = await kid.page.evaluate(async (id) => {
        const r = await fetch("api/v1/attempts", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: crypto.randomUUID(), lesson: id, moves: ["a1a1"], answers: [], solved: true, hints: 0, ms: 1000 }) });
        return { status: r.status, body: await r.json() };
      }, `practice/${skill}/7`);
      assert.equal(forged.status, 422, JSON.stringify(forged));
      assert.equal(forged.body.field, "moves");

      // the teacher's Skills view: the pupil's stars for the skill, in pictures and words
      const report = await (await teacher.request.get(`${server.url}api/v1/classes/${klass.id}/skills`)).json();
      const mine = report.pupils[0].skills[skill];
      assert.ok(mine.attempts >= 3, JSON.stringify(report));
      await page.goto(`${server.url}#/teacher/class/${klass.id}`);
      await page.click('a[data-teacher="skills"]');
      const cell = page.locator(`[data-teacher="skills-grid"] tr[data-pupil="${pupil.id}"] td[data-skill="${skill}"]`);
      await cell.waitFor({ timeout: 20_000 });
      assert.match(await cell.innerText(), new RegExp(`${mine.right} of ${mine.attempts} right`));
      assert.match(await cell.locator(".p-stars").getAttribute("aria-label"), /of 3|no stars yet/);
      await screenshot(page, "practice-teacher-skills-1280");
      await page.setViewportSize({ width: 360, height: 640 });
      await screenshot(page, "practice-teacher-skills-360");
      // and in the homework list, per pupil: her stars, done or not yet, in words
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(`${server.url}#/teacher/class/${klass.id}`);
      const progress = page.locator('[data-teacher="practice-progress"]');
      await progress.waitFor({ timeout: 20_000 });
      await progress.locator("summary").click();
      const row = progress.locator(`li[data-pupil="${pupil.id}"]`);
      const done = mine.mastery >= 3;
      assert.equal(await row.getAttribute("data-done"), String(done));
      assert.match(await row.innerText(), done ? /✔ learned/ : /not yet/);
      assert.equal(await row.locator(`[data-skill="${skill}"] .p-stars`).getAttribute("data-stars"), String(done ? 3 : mine.mastery));
      await progress.scrollIntoViewIfNeeded();
      await screenshot(page, "practice-teacher-homework-1280");
      await page.setViewportSize({ width: 360, height: 640 });
      await progress.scrollIntoViewIfNeeded();
      await screenshot(page, "practice-teacher-homework-360");
      // the pupil's homework at 1280 px
      await kid.page.setViewportSize({ width: 1280, height: 720 });
      await kid.page.goto(`${server.url}#/course`);
      await hw.waitFor({ timeout: 20_000 });
      await viewShot(kid.page, "practice-homework-1280");
      assert.deepEqual(await axe(kid.page), [], "the pupil's homework");
      await kid.context.close();
      await teacher.close();
    } finally {
      await server.stop();
    }
  });
});

