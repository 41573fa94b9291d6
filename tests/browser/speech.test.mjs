// Reading aloud (issue 25, point 1): a speech-synthesis stand-in installed in the page
// (page.addInitScript) records every utterance (its text, language, rate, voice), every cancel,
// and fires start, boundary (one per word) and end events as a browser does; variants with no
// voice for the language and with no speechSynthesis at all. It drives the lesson player's
// speakers and its reading by itself (the intro card, the task, a move's feedback, an idea
// lesson's steps, a question and its choices, the done card), the word-by-word highlight, one
// voice at a time (a new text, a move and leaving cancel), squares said as words, the settings
// switch and the first lesson's question, embed.html's read=1, the free board and a game.
// Screenshots of the speakers and the question at 360×640 and 1280×720.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { strFromU8, unzipSync } from "fflate";
import { chromium } from "playwright-core";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CHROMIUM, CHROMIUM_ARGS, ROOT, SCREENSHOTS, openPage, screenshot, useServerAndBrowser } from "./helpers.mjs";
import { standIn } from "./speech-stand-in.mjs";

const env = useServerAndBrowser();

const VOICES = [
  { name: "Stand-in English (US)", lang: "en-US", localService: true, default: true, voiceURI: "en-us" },
  { name: "Stand-in English (GB, network)", lang: "en-GB", localService: false, default: false, voiceURI: "en-gb" },
  { name: "Stand-in Russian", lang: "ru-RU", localService: true, default: false, voiceURI: "ru" },
];

async function open(url, { voices = VOICES, missing = false, viewport = { width: 1280, height: 720 }, settings = null, wordMs, browser = env.browser } = {}) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  await context.addInitScript(standIn, { voices, missing, wordMs });
  if (settings) await context.addInitScript((s) => localStorage.setItem("chess-tutor:settings:v1", JSON.stringify({ version: 1, ...s })), settings);
  const { page, problems } = await openPage(context);
  if (url != null) await page.goto(`${env.server.url}${url}`);
  return { page, problems, context };
}

const T = "#lesson-tutor";
const said = (page) => page.evaluate(() => window.speechLog.said);
const texts = async (page) => (await said(page)).map((u) => u.text);
/** Waits until an utterance (after the first `from`) fits `pred` (a JS expression of `u`, tested
 *  here: a page's CSP may forbid eval); on a timeout the error lists what was said. */
async function waitSaid(page, pred, from = 0, timeout = 10_000) {
  const fits = new Function("u", `return ${pred}`);
  const until = Date.now() + timeout;
  for (;;) {
    const list = await page.evaluate(() => window.speechLog.said);
    if (list.slice(from).some((u) => fits(u))) return;
    if (Date.now() > until) throw new Error(`${pred} was not said; said: ${JSON.stringify(list.map((u) => u.text))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const speakers = (page, el = T) => page.locator(`${el} .speak:visible`);

describe("the lesson player reads aloud", () => {
  test("speakers beside the intro, the task and a move's feedback; each reads its text at a child's pace in the lesson's language", async () => {
    const { page, problems, context } = await open("?lang=en&coordinates=algebraic#/lesson/rook-stars-1", { settings: { readAsked: true } });
    await page.waitForSelector(`${T}[data-lesson="intro"]`);
    // the voices come late: the speaker shows once they are there
    const card = page.locator(`${T} .l-card .speak`);
    await card.waitFor({ state: "visible" });
    assert.equal(await card.getAttribute("aria-label"), "Read aloud");
    // reading is off: nothing said by itself
    assert.deepEqual(await texts(page), []);
    await card.click();
    await waitSaid(page, "/Collect the stars/.test(u.text)");
    const first = (await said(page))[0];
    assert.equal(first.text, "The rook collects stars");
    assert.equal(first.lang, "en-US");
    assert.equal(first.voice, "Stand-in English (US)", "the local voice, of the preferred region");
    assert.ok(first.rate > 0.8 && first.rate < 1, `a child's pace: ${first.rate}`);
    await screenshot(page, "speech-intro-1280");
    await page.locator(`${T} .l-start`).click();
    await page.waitForSelector(`${T}[data-lesson="playing"]`);
    const task = page.locator(`${T} .l-read .speak[data-read="task"]`);
    assert.ok(await task.isVisible());
    const n = (await said(page)).length;
    await task.click();
    await waitSaid(page, "u.text === 'Collect all the stars!'", n);
    // a move the lesson has words for: the feedback box has its speaker, which reads them
    await page.locator(`${T}`).evaluate((el) => el.play("a1", "a8"));
    const fb = page.locator(`${T} .feedback .speak`);
    await fb.waitFor({ state: "visible" });
    const m = (await said(page)).length;
    await fb.click();
    await waitSaid(page, "/flew past the star on A five/.test(u.text)", m);
    await screenshot(page, "speech-feedback-1280");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("read-aloud on: the intro as soon as its card shows, the task on Start (the time to the first word), feedback, hints and the done card by themselves", async () => {
    const { page, problems, context } = await open("?lang=en&coordinates=algebraic#/lesson/rook-stars-1", { settings: { read: true, readAsked: true } });
    await page.waitForSelector(`${T}[data-lesson="intro"]`);
    assert.ok(await page.locator(T).evaluate((el) => el.hasAttribute("read-aloud")));
    await waitSaid(page, "u.text === 'The rook collects stars'");
    await waitSaid(page, "/moves in straight lines/.test(u.text)");
    // Start: the task is said at once; the intro still being read is cancelled
    const cancels = await page.evaluate(() => window.speechLog.cancels);
    const n = (await said(page)).length;
    const t0 = await page.evaluate(() => {
      const el = document.querySelector("#lesson-tutor");
      const t = performance.now();
      el.shadowRoot.querySelector(".l-start").click();
      return t;
    });
    await page.waitForFunction((n) => window.speechLog.words.length && window.speechLog.said.length > n, n);
    await waitSaid(page, "u.text === 'Collect all the stars!'", n);
    const { start, word } = await page.evaluate(
      ([n, t0]) => {
        const u = window.speechLog.said.slice(n).find((x) => x.text === "Collect all the stars!");
        const w = window.speechLog.words.find((x) => x.t >= u.t);
        return { start: u.t - t0, word: w.t - t0 };
      },
      [n, t0],
    );
    console.log(`# Start → speak() ${start.toFixed(1)} ms, → first spoken word (stand-in) ${word.toFixed(1)} ms`);
    assert.ok(word < 500, `the task is said at once after Start: ${word} ms`);
    assert.ok((await page.evaluate(() => window.speechLog.cancels)) > cancels, "a new text cancels the last");
    // a hint is read by itself
    await page.locator(`${T} .l-hint`).click();
    await waitSaid(page, "/one piece/.test(u.text) && /A one/.test(u.text)", n);
    // the stars: a5, e5, e8; each move cancels what was being said
    const before = await page.evaluate(() => window.speechLog.cancels);
    for (const [from, to] of [["a1", "a5"], ["a5", "e5"], ["e5", "e8"]]) await page.locator(T).evaluate((el, [f, t]) => el.play(f, t), [from, to]);
    assert.ok((await page.evaluate(() => window.speechLog.cancels)) >= before + 1, "a move cancels");
    await page.waitForSelector(`${T}[data-lesson="done"]`);
    await waitSaid(page, "/straight line, as far as it likes/.test(u.text)");
    await screenshot(page, "speech-done-1280");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the word being said is highlighted in the text shown; a move said as words highlights the move whole", async () => {
    const { page, context } = await open("?lang=en&coordinates=algebraic#/lesson/rook-stars-1", { settings: { readAsked: true }, wordMs: 400 });
    await page.waitForSelector(`${T}[data-lesson="intro"]`);
    await page.locator(`${T} .l-card .speak`).click();
    const seen = await page.waitForFunction(
      () => {
        const hl = CSS.highlights.get("ct-speech");
        const r = hl && [...hl][0];
        return r && r.toString() === "rook" && r.startContainer.parentElement.closest(".l-card-title") ? r.toString() : null;
      },
      null,
      { timeout: 5000 },
    );
    assert.equal(await seen.jsonValue(), "rook");
    assert.ok(await page.locator(`${T} .l-card-title[data-speaking]`).count(), "the text being read is marked");
    // Russian: a square is said «а один», highlighted as "a1"
    await page.evaluate(() => document.querySelector("#lesson-tutor").shadowRoot.querySelector(".l-start").click());
    await page.locator(T).evaluate((el) => el.setAttribute("lang", "ru"));
    await page.waitForFunction(() => document.querySelector("#lesson-tutor").shadowRoot.querySelector(".l-goal").textContent.includes("звёзды"));
    await page.locator(`${T} .l-hint`).click();
    await page.locator(`${T} .feedback .speak`).click();
    await waitSaid(page, "u.text === 'У тебя одна фигура — ладья на а один.' && u.lang === 'ru-RU'");
    const square = await page.waitForFunction(
      () => {
        const r = [...(CSS.highlights.get("ct-speech") ?? [])][0];
        return r && /a1/.test(r.toString()) ? r.toString() : null;
      },
      null,
      { timeout: 8000 },
    );
    assert.equal(await square.jsonValue(), "a1");
    // leaving the lesson while the task is being read: the voice stops and the highlight goes
    await page.evaluate(() => (window.speechLog.wordMs = 5000));
    await page.locator(`${T} .speak[data-read="task"]`).click();
    await page.waitForFunction(() => [...(CSS.highlights.get("ct-speech") ?? [])][0]?.toString() === "Собери", null, { timeout: 5000 }).catch(async () => {
      throw new Error(JSON.stringify(await page.evaluate(() => ({ said: window.speechLog.said.map((u) => u.text), words: window.speechLog.words.slice(-5), hl: [...(CSS.highlights.get("ct-speech") ?? [])].map(String) }))));
    });
    const cancels = await page.evaluate(() => window.speechLog.cancels);
    await page.evaluate(() => (location.hash = "#/course"));
    await page.waitForFunction((c) => window.speechLog.cancels > c && !CSS.highlights.has("ct-speech"), cancels, { timeout: 5000 }).catch(async () => {
      throw new Error(JSON.stringify(await page.evaluate((c) => ({ c, cancels: window.speechLog.cancels, view: document.body.dataset.view, said: window.speechLog.said.map((u) => u.text), hl: [...(CSS.highlights.get("ct-speech") ?? [])].map(String) }), cancels)));
    });
    await context.close();
  });

  test("an idea lesson's steps, a question and its choices: each has a speaker and is read", async () => {
    const { page, problems, context } = await open("?lang=en&coordinates=algebraic#/lesson/idea-board", { settings: { read: true, readAsked: true } });
    await page.waitForSelector(`${T}[data-lesson="intro"]`);
    await page.locator(`${T} .l-start`).click();
    await waitSaid(page, "/It has 64 squares/.test(u.text)");
    assert.ok(await page.locator(`${T} .speak[data-read="step"]`).isVisible());
    await page.locator(`${T} .l-step-next`).click();
    await waitSaid(page, "/name a square: E four/.test(u.text)");
    await context.close();

    const q = await open("?lang=ru&coordinates=algebraic#/lesson/board-names-question", { settings: { readAsked: true } });
    await q.page.waitForSelector(`${T}[data-lesson="intro"]`);
    await q.page.locator(`${T} .l-start`).click();
    const speaker = q.page.locator(`${T} .speak[data-read="question"]`);
    await speaker.waitFor({ state: "visible" });
    assert.equal(await speaker.getAttribute("aria-label"), "Прочитать вслух");
    await q.page.setViewportSize({ width: 360, height: 640 });
    await screenshot(q.page, "speech-question-360");
    await speaker.click();
    await waitSaid(q.page, "u.text === 'е пять'");
    const list = await texts(q.page);
    assert.deepEqual(list.slice(-6), ["Как зовут клетку, где стоит конь?", "Нажми клетку на доске — или кнопку.", "е четыре", "дэ четыре", "четыре е", "е пять"], "the question, then each choice, squares as words");
    assert.deepEqual(problems, []);
    assert.deepEqual(q.problems, []);
    await q.context.close();
  });

  test("a device with no voice for the language: no speaker, and the settings say so in a sentence", async () => {
    const { page, problems, context } = await open("?lang=ru&coordinates=algebraic#/lesson/rook-stars-1", { voices: VOICES.filter((v) => !v.lang.startsWith("ru")), settings: { readAsked: true } });
    await page.waitForSelector(`${T}[data-lesson="intro"]`);
    await page.waitForTimeout(300); // the voices have come
    assert.equal(await speakers(page).count(), 0);
    await page.locator("#settings-button").click();
    await page.waitForSelector('#read-note[data-text="noVoice"]');
    assert.match(await page.locator("#read-note").textContent(), /нет русского голоса/);
    await page.locator(".settings-close").click();
    // English has a voice here: the speakers come back
    await page.locator(T).evaluate((el) => el.setAttribute("lang", "en"));
    await page.locator(`${T} .l-card .speak`).waitFor({ state: "visible" });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("no speech synthesis at all: nothing breaks, no speaker, the lesson plays", async () => {
    const { page, problems, context } = await open("?lang=en&coordinates=algebraic#/lesson/rook-stars-1", { missing: true, settings: { read: true, readAsked: true } });
    await page.waitForSelector(`${T}[data-lesson="intro"]`);
    assert.equal(await page.evaluate(() => window.speechSynthesis), undefined);
    await page.locator(`${T} .l-start`).click();
    for (const [from, to] of [["a1", "a5"], ["a5", "e5"], ["e5", "e8"]]) await page.locator(T).evaluate((el, [f, t]) => el.play(f, t), [from, to]);
    await page.waitForSelector(`${T}[data-lesson="done"]`);
    assert.equal(await speakers(page).count(), 0);
    await page.locator("#settings-button").click();
    await page.waitForSelector('#read-note[data-text="noVoice"]');
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("the switch, the first lesson's question and embed.html", () => {
  for (const [w, h] of [[360, 640], [1280, 720]]) {
    test(`asked once at the first lesson, with a picture; Yes reads the intro at once and is kept in the settings (${w}×${h})`, async () => {
      const { page, problems, context } = await open("?lang=ru&coordinates=algebraic#/lesson/rook-stars-1", { viewport: { width: w, height: h } });
      const dialog = page.locator("#read-ask");
      await dialog.waitFor({ state: "visible" });
      assert.ok(await dialog.locator("svg.read-ask-picture").isVisible(), "a picture, not only words");
      assert.equal(await dialog.locator("h2").textContent(), "Почитать тебе вслух?");
      await waitSaid(page, "u.text === 'Почитать тебе вслух?'");
      await screenshot(page, `speech-ask-${w}`);
      // the intro is still being said when the switch is turned off below (a word every 5 s), however
      // slow the machine is between here and there
      await page.evaluate(() => (window.speechLog.wordMs = 5000));
      await dialog.locator(".read-ask-yes").click();
      await waitSaid(page, "u.text === 'Ладья собирает звёзды'");
      await screenshot(page, `speech-intro-ru-${w}`); // the card's speaker, the word being said highlighted
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("chess-tutor:settings:v1")));
      assert.equal(stored.read, true);
      assert.equal(stored.readAsked, true);
      // the switch in the settings says it is on
      await page.locator("#settings-button").click();
      const sw = page.locator("#read-switch");
      assert.equal(await sw.getAttribute("role"), "switch");
      assert.equal(await sw.getAttribute("aria-checked"), "true");
      assert.match(await sw.textContent(), /Читать вслух/);
      await screenshot(page, `speech-settings-${w}`);
      // off: the voice stops at once, and the next lesson asks nothing
      const cancels = await page.evaluate(() => window.speechLog.cancels);
      await sw.click();
      assert.equal(await sw.getAttribute("aria-checked"), "false");
      assert.ok((await page.evaluate(() => window.speechLog.cancels)) > cancels);
      await page.keyboard.press("Escape");
      await page.evaluate(() => (location.hash = "#/lesson/rook-stars-2"));
      await page.waitForSelector(`${T}[data-lesson="intro"]`);
      await page.waitForTimeout(300);
      assert.equal(await dialog.count(), 0);
      assert.equal(await page.locator(T).evaluate((el) => el.hasAttribute("read-aloud")), false);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test("No: nothing read by itself, never asked again; the switch turns it on later", async () => {
    const { page, context } = await open("?lang=en&coordinates=algebraic#/lesson/rook-stars-1");
    await page.locator("#read-ask .read-ask-no").click();
    await page.reload();
    await page.waitForSelector(`${T}[data-lesson="intro"]`);
    await page.waitForTimeout(400);
    assert.equal(await page.locator("#read-ask").count(), 0);
    assert.deepEqual(await texts(page), []);
    await page.locator("#settings-button").click();
    await page.locator("#read-switch").click();
    await waitSaid(page, "u.text === 'The rook collects stars'");
    await context.close();
  });

  test("embed.html?read=1 and <chess-tutor read-aloud>: a school's page turns reading on", async () => {
    const { page, problems, context } = await open("embed.html?lesson=rook-stars-1&lang=en&read=1");
    await page.waitForSelector('#tutor[data-lesson="intro"]');
    assert.equal(await page.locator("#tutor").evaluate((el) => el.readAloud), true);
    await waitSaid(page, "u.text === 'The rook collects stars'");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the embed builder offers it: read=1 in the frame's address, read-aloud on the element", async () => {
    const { page, problems, context } = await open("?lang=en#/embed", { settings: { readAsked: true } });
    await page.waitForFunction(() => document.body.dataset.embed === "ready");
    await page.locator('input[name="eb-read"]').check();
    assert.match(await page.locator("#eb-snippet").textContent(), /embed\.html\?[^"]*read=1/);
    assert.match(await page.locator("#eb-frame").getAttribute("src"), /read=1/);
    await page.locator('input[name="eb-format"][value="script"]').check();
    assert.match(await page.locator("#eb-snippet").textContent(), /<chess-tutor [^>]*read-aloud/);
    // (each change loads the preview again: the frame's loads before it are aborted)
    assert.deepEqual(problems.filter((p) => !/net::ERR_ABORTED/.test(p)), []);
    await context.close();
  });
});

describe("the free board and a game", () => {
  test("a move's plain words, a check and the mate are said when reading is on; nothing when off", async () => {
    const { page, problems, context } = await open("?lang=en#/play", { settings: { readAsked: true } });
    await page.waitForFunction(() => document.body.dataset.ready === "true");
    const board = page.locator("#tutor");
    await board.evaluate((el) => el.play("e2", "e4"));
    await page.waitForTimeout(200);
    assert.deepEqual(await texts(page), [], "off: silent");
    await board.evaluate((el) => {
      el.reset();
      el.readAloud = true;
    });
    await board.evaluate((el) => el.play("f2", "f3"));
    await waitSaid(page, "u.text === 'The pawn went to F three: 1 step up.'");
    for (const [f, t] of [["e7", "e5"], ["g2", "g4"], ["d8", "h4"]]) await board.evaluate((el, [f, t]) => el.play(f, t), [f, t]);
    await waitSaid(page, "/Checkmate! Black wins/.test(u.text)");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a game: the computer's move and “Your turn!”, in Russian words", async () => {
    const { page, problems, context } = await open("?lang=ru#/game", { settings: { read: true, readAsked: true } });
    await page.waitForSelector('#game[data-game="new"]');
    await page.locator("#game .g-start").click();
    await page.waitForSelector('#game[data-game="playing"]');
    await page.locator("#game").evaluate((el) => el.play("e2", "e4"));
    await waitSaid(page, "/Твой ход!/.test(u.text)");
    const reply = (await texts(page)).find((x) => /Твой ход!/.test(x));
    assert.doesNotMatch(reply, /[KQRBNКФЛС][a-h]?x?[a-h][1-8]/, `squares and pieces as words: ${reply}`);
    // said as a move, with its piece's name (issue 39): «Конь на эф шесть. Твой ход!»
    assert.match(reply, /^(Король|Ферзь|Ладья|Слон|Конь|Пешка) (берёт )?на [а-яё]+ [а-яё]+\. Твой ход!$/u, reply);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

/** A WAV file of `ms` of quiet (a recording the test serves beside a lesson). */
function wav(ms = 300, rate = 8000) {
  const n = Math.round((rate * ms) / 1000);
  const b = Buffer.alloc(44 + n);
  b.write("RIFF", 0);
  b.writeUInt32LE(36 + n, 4);
  b.write("WAVEfmt ", 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write("data", 36);
  b.writeUInt32LE(n, 40);
  b.fill(128, 44);
  return b;
}

describe("the teacher's own voice", () => {
  test("a lesson's recording beside it in lessons/ is played instead of the device's voice", async () => {
    const lesson = JSON.parse(readFileSync(join(ROOT, "lessons", "rook-stars-1.json"), "utf8"));
    lesson.id = "voice-test";
    lesson.audio = { "/intro": { en: "audio/voice-test/intro.en.wav" }, "/hints/piece_text": { en: "audio/voice-test/hints-piece_text.en.wav" } };
    const { page, problems, context } = await open(null, { settings: { readAsked: true } });
    await context.route(/\/lessons\/voice-test\.json$/, (route) => route.fulfill({ contentType: "application/json", body: JSON.stringify(lesson) }));
    await context.route(/\/lessons\/audio\/voice-test\/.*\.wav$/, (route) => route.fulfill({ contentType: "audio/wav", body: wav() }));
    await page.goto(`${env.server.url}embed.html?lesson=lessons/voice-test.json&lang=en&read=1`);
    await page.waitForSelector('#tutor[data-lesson="intro"]');
    await page.waitForFunction(() => window.speechLog.played.length > 0);
    const played = await page.evaluate(() => window.speechLog.played.map((p) => p.src));
    assert.match(played[0], /\/lessons\/audio\/voice-test\/intro\.en\.wav$/);
    // the title before it is the device's voice, the intro is not, the task after it is again
    await waitSaid(page, "u.text === 'Your task: Collect all the stars!'");
    const list = await texts(page);
    assert.ok(list.includes("The rook collects stars"));
    assert.ok(!list.some((x) => /moves in straight lines/.test(x)), "the recorded intro is not said by the device");
    // Russian has no recording: the device's voice reads it
    await page.locator("#tutor").evaluate((el) => el.setAttribute("lang", "ru"));
    await page.locator("#tutor .l-card-title", { hasText: "Ладья собирает звёзды" }).waitFor();
    await page.locator("#tutor .l-card .speak").click();
    await waitSaid(page, "/Ладья ходит по прямой/.test(u.text)");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the studio records with the microphone (a fake one), tries it in the player, downloads it beside the lesson; a share link says it cannot carry it", async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", "--autoplay-policy=no-user-gesture-required"] });
    try {
      const { page, problems, context } = await open("?lang=en#/studio", { browser, settings: { readAsked: true } });
      await page.waitForFunction(() => document.body.dataset.studio === "ready");
      // a lesson to record for: rook-stars-1 as "my-lesson", typed into the JSON view
      const lesson = { ...JSON.parse(readFileSync(join(ROOT, "lessons", "rook-stars-1.json"), "utf8")), id: "my-lesson" };
      await page.locator('[data-studio="json"]').fill(JSON.stringify(lesson, null, 2));
      await page.waitForFunction((v) => document.querySelector("#studio-f-intro-en")?.value === v, lesson.intro.en);
      const record = page.locator('[data-record="/intro/en"]');
      assert.match(await record.textContent(), /Record your voice/);
      // the test sees the sound arrive (the studio's recorder hands it over in quarter seconds)
      await page.evaluate(() => {
        const Recorder = window.MediaRecorder;
        window.soundParts = 0;
        window.MediaRecorder = class extends Recorder {
          constructor(...args) {
            super(...args);
            this.addEventListener("dataavailable", (e) => e.data.size && window.soundParts++);
          }
        };
      });
      await record.click();
      await page.waitForFunction(() => document.querySelector('[data-record="/intro/en"]').hasAttribute("data-recording"));
      await page.waitForFunction(() => window.soundParts >= 2, null, { timeout: 15_000 });
      const introBox = page.locator(".studio-text", { has: page.locator("#studio-f-intro-en") });
      await introBox.screenshot({ path: join(SCREENSHOTS, "speech-studio-recording-1280.png") });
      await record.click();
      await page.locator('[data-listen="/intro/en"]').waitFor({ state: "visible" });
      const json = JSON.parse(await page.locator('[data-studio="json"]').inputValue());
      assert.deepEqual(json.audio, { "/intro": { en: "audio/my-lesson/intro.en.webm" } });
      await introBox.screenshot({ path: join(SCREENSHOTS, "speech-studio-recorded-1280.png") });
      // Try it: the player plays the recording (not yet saved: a blob) for the intro
      await page.locator('[data-studio="try"]').click();
      const tutor = page.locator("chess-tutor[data-studio-try]");
      await tutor.locator(".l-card .speak").click();
      await page.waitForFunction(() => window.speechLog.played.some((p) => p.src.startsWith("blob:")));
      await page.locator("[data-studio-back]").click();
      // Download: the lesson and its recording in one .zip, to unpack into lessons/
      const [download] = await Promise.all([page.waitForEvent("download"), page.locator('[data-studio="download"]').click()]);
      assert.equal(download.suggestedFilename(), "my-lesson.zip");
      const files = unzipSync(readFileSync(await download.path()));
      assert.deepEqual(Object.keys(files).sort(), ["audio/my-lesson/intro.en.webm", "my-lesson.json"]);
      assert.ok(files["audio/my-lesson/intro.en.webm"].length > 500, "a real recording");
      assert.deepEqual(JSON.parse(strFromU8(files["my-lesson.json"])).audio, json.audio);
      // Share: the link goes without the recording, and says so
      await page.locator('[data-studio="share"]').click();
      await page.locator('[data-studio-share="no-audio"]').waitFor({ state: "visible" });
      const { decodeLesson } = await import("../../www/studio/studio-share.js");
      const link = await page.locator('[data-studio-share="link"]').inputValue();
      assert.equal(JSON.parse(decodeLesson(link.split("#/shared/")[1]).text).audio, undefined);
      await page.setViewportSize({ width: 360, height: 640 });
      await introBox.scrollIntoViewIfNeeded();
      await introBox.screenshot({ path: join(SCREENSHOTS, "speech-studio-recorded-360.png") });
      await page.locator(".studio-share:not(.studio-action)").screenshot({ path: join(SCREENSHOTS, "speech-studio-share-360.png") });
      assert.deepEqual(problems, []);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
