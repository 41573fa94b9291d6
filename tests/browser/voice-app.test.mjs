// A voice and pictures from the first screen (issue 39), at 360×640 in Russian and English, with
// the speech stand-in (tests/browser/speech-stand-in.mjs): the tabs have pictures and a speaker
// that says each tab while it lights; the course page's speaker greets, says the courses and then
// the next lesson, lighting its card (the child taps what lights: it opens the lesson); a
// section's speaker says its lessons with their stars. Screenshots:
// test-results/screenshots/voice-app-*.png.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { SCREENSHOTS, openPage, useServerAndBrowser } from "./helpers.mjs";
import { VOICES, standIn } from "./speech-stand-in.mjs";

const env = useServerAndBrowser();

/** What a phone's screen shows (not the whole page): test-results/screenshots/NAME.png. */
export async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

export async function openVoiced(hash, lang, { read = true, wordMs = 40 } = {}) {
  const context = await env.browser.newContext({ viewport: { width: 360, height: 640 } });
  await context.addInitScript(standIn, { voices: VOICES, wordMs });
  await context.addInitScript((read) => localStorage.setItem("chess-tutor:settings:v1", JSON.stringify({ version: 1, read, readAsked: true })), read);
  const { page, problems } = await openPage(context);
  await page.goto(`${env.server.url}?lang=${lang}${hash}`);
  return { page, problems, context };
}

const said = (page) => page.evaluate(() => window.speechLog.said.map((u) => u.text));
async function waitSaid(page, fits, from = 0) {
  const until = Date.now() + 30_000; // a deadline for a loaded machine, not a measure
  for (;;) {
    const list = await said(page);
    if (list.slice(from).some(fits)) return list.slice(from);
    if (Date.now() > until) throw new Error(`not said; said: ${JSON.stringify(list)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
/** Records, in the page, every element that lights while said (data-speaking set). */
const watchLit = (page) =>
  page.evaluate(() => {
    window.lit = [];
    new MutationObserver((list) => {
      for (const m of list) if (m.target.hasAttribute?.("data-speaking")) window.lit.push(m.target.dataset.tab ?? m.target.dataset.lesson ?? m.target.dataset.course ?? m.target.className);
    }).observe(document.body, { attributes: true, attributeFilter: ["data-speaking"], subtree: true });
  });

const WORDS = {
  ru: { tabs: ["Уроки", "Сыграть партию", "Свободная игра", "Расстановка"], hello: "Привет! Вот твои уроки.", next: "Твой следующий урок: ", stars: "пока без звёзд" },
  en: { tabs: ["Lessons", "Play a game", "Free play", "Set up"], hello: "Hello! Here are your lessons.", next: "Your next lesson: ", stars: "no stars yet" },
};

describe("a voice and pictures from the first screen", () => {
  for (const lang of ["ru", "en"]) {
    test(`${lang}: the tabs have pictures and a speaker; the course page says hello and lights the next lesson`, async () => {
      const { page, problems, context } = await openVoiced("#/course", lang);
      const w = WORDS[lang];
      await page.waitForSelector("body[data-course=ready] .course-section h3 .section-speak");
      assert.equal(await page.locator("nav.tabs a.tab svg.tab-pict").count(), await page.locator("nav.tabs a.tab").count(), "a picture on every tab");
      await screenshot(page, `voice-app-course-${lang}-360`);
      // the first screen's speaker: hello, the next lesson (its card lit), then the tabs, each lit
      await watchLit(page);
      let n = (await said(page)).length;
      await page.locator("nav.tabs .tabs-speak").click();
      const next = await page.locator(".lesson-card.next").getAttribute("data-lesson");
      await page.waitForFunction((id) => window.lit.includes(id), next);
      await page.waitForSelector(".lesson-card.next[data-speaking]");
      await screenshot(page, `voice-app-home-said-${lang}-360`);
      const all = await waitSaid(page, (x) => x === w.tabs[3], n);
      const at = all.indexOf(w.hello);
      assert.ok(at >= 0 && at < all.findIndex((x) => x.startsWith(w.next)), `hello, then the next lesson: ${JSON.stringify(all)}`);
      for (const word of w.tabs) assert.ok(all.indexOf(word) > at, `${word} said after: ${JSON.stringify(all)}`);
      await page.waitForFunction(() => window.lit.includes("setup"));
      const lit = await page.evaluate(() => window.lit);
      assert.deepEqual(lit.slice(lit.indexOf("course"), lit.indexOf("course") + 4), ["course", "game", "play", "setup"]);
      assert.ok(lit.indexOf(next) < lit.indexOf("course"), "the next lesson lit before the tabs");
      // a section's speaker: its lessons with their stars
      n = (await said(page)).length;
      await page.locator(".course-section").first().locator(".section-speak").click();
      const section = await waitSaid(page, (x) => x.endsWith(w.stars), n);
      assert.ok(section.some((x) => x.endsWith(w.stars)), JSON.stringify(section));
      // the lit card, tapped: the lesson opens
      await page.locator(".lesson-card.next").click();
      await page.waitForSelector("#lesson-tutor");
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

const GAME = {
  ru: { who: "Кто играет?", mine: "Мои фигуры" },
  en: { who: "Who plays?", mine: "My pieces" },
};

describe("the game's new-game questions, with pictures and a voice", () => {
  for (const lang of ["ru", "en"]) {
    test(`${lang}: every choice has a picture; a question's speaker says it and its choices, each lit`, async () => {
      const { page, problems, context } = await openVoiced("#/game", lang, { read: false });
      const T = "#game";
      await page.waitForSelector(`${T} .g-new-game:not([hidden]) .g-speak`);
      const fields = page.locator(`${T} .g-new-game .g-field:not([hidden])`);
      for (let k = 0; k < (await fields.count()); k++) {
        const f = fields.nth(k);
        assert.equal(await f.locator(".g-choice .g-pict").count(), await f.locator(".g-choice").count(), `a picture on every choice of ${await f.getAttribute("class")}`);
      }
      await page.locator(T).evaluate((el) => {
        window.lit = [];
        new MutationObserver((list) => {
          for (const m of list) if (m.target.hasAttribute?.("data-speaking")) window.lit.push(m.target.dataset.choice ?? m.target.className);
        }).observe(el.shadowRoot, { attributes: true, attributeFilter: ["data-speaking"], subtree: true });
      });
      // reading aloud is off: a tapped speaker still says the question and its choices
      await page.locator(`${T} .g-speak[data-speak="color"]`).click();
      const list = await waitSaid(page, (x) => x.startsWith(GAME[lang].mine));
      await page.waitForFunction(() => window.lit.includes("random"));
      assert.deepEqual(await page.evaluate(() => window.lit), ["g-question", "white", "black", "random"]);
      await page.waitForFunction(() => window.speechLog.said.length >= 4);
      const all = await said(page);
      assert.equal(all.length, 4, JSON.stringify(all));
      assert.ok(!all.some((x) => /[♔♚·]/.test(x)), `no symbol said: ${JSON.stringify(all)}`);
      assert.ok(list.length >= 1);
      await page.locator(`${T} .g-speak[data-speak="mode"]`).click();
      await waitSaid(page, (x) => x === GAME[lang].who, 4);
      await page.waitForSelector(`${T} .g-choice[data-choice="computer"][data-speaking]`);
      await screenshot(page, `voice-app-game-new-${lang}-360`);
      await page.locator(`${T} .g-level`).screenshot({ path: join(SCREENSHOTS, `voice-app-game-levels-${lang}-360.png`) });
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe("spoken words", () => {
  test("a text asked for again while it is said goes on: never cut and begun again (no word said twice)", async () => {
    const { page, problems, context } = await openVoiced("#/course", "en", { read: false, wordMs: 100 });
    await page.waitForSelector("body[data-course=ready]");
    const log = await page.evaluate(async () => {
      const speech = await import(new URL("speech.js", document.baseURI).href);
      await speech.voicesReady();
      const cancels = window.speechLog.cancels;
      const first = speech.speak([{ text: "Tap the knight on g1." }], { lang: "en" });
      await new Promise((r) => setTimeout(r, 150)); // a word or two said
      const again = speech.speak([{ text: "Tap the knight on g1." }], { lang: "en" });
      const [a, b] = await Promise.all([first, again]);
      // another text still cuts the first
      speech.speak([{ text: "One" }], { lang: "en" });
      await speech.speak([{ text: "Two" }], { lang: "en" });
      return { said: window.speechLog.said.map((u) => u.text), words: window.speechLog.words.map((w) => w.text), cancelled: window.speechLog.cancels - cancels, a, b };
    });
    assert.equal(log.said.filter((x) => x.includes("knight")).length, 1, `said once: ${JSON.stringify(log.said)}`);
    assert.equal(log.words.filter((w) => w === "Tap").length, 1, "its first word once");
    assert.equal(log.a && log.b, true, "both ended as said");
    assert.deepEqual(log.said.slice(-2), ["One", "Two"]);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("every child's board", () => {
  for (const lang of ["ru", "en"]) {
    test(`${lang}: a queen mate's panel has no pawn tools and never says a pawn became a queen; a pawn lesson keeps them`, async () => {
      const { page, problems, context } = await openVoiced("#/lesson/mate-kq-win", lang, { read: false });
      const T = "#lesson-tutor";
      await page.waitForSelector(`${T}[data-lesson="intro"]`, { timeout: 15_000 });
      await page.locator(`${T} .l-start`).click();
      await page.waitForSelector(`${T}[data-lesson="playing"]`);
      await page.waitForSelector(`${T} .l-verdict .l-v-text`);
      assert.equal(await page.locator(`${T} .l-aids`).isHidden(), true, "no pawn tools");
      assert.doesNotMatch(await page.locator(`${T} .l-verdict`).textContent(), /pawn|пешк|queen|ферзь/i);
      assert.match(await page.locator(`${T} .l-verdict`).textContent(), /mate in|мат через/);
      await screenshot(page, `voice-app-queen-mate-panel-${lang}-360`);
      await page.goto(`${page.url().split("#")[0]}#/lesson/kp-key-squares`);
      await page.waitForSelector(`${T}[data-lesson="intro"]`, { timeout: 15_000 });
      await page.locator(`${T} .l-start`).click();
      await page.waitForSelector(`${T}[data-lesson="playing"]`);
      await page.waitForSelector(`${T} .l-aids:not([hidden])`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
