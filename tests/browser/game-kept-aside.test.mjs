// A saved game that cannot be opened, met by a child on a phone (issue 39): the app's game page
// at 360×640, reading aloud on (the speech stand-in), in Russian and English. The saved game is
// broken in storage (not JSON in one language; a move that cannot be played in the other), the
// game page opened: the words are on the new game's card, with a picture, in the viewport and on
// top (elementFromPoint), said aloud, said again by their speaker; the broken save is kept aside,
// never lost. Screenshots: test-results/screenshots/game-kept-aside-*.png.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { openPage, settledScreenshot, useServerAndBrowser } from "./helpers.mjs";
import { VOICES, standIn } from "./speech-stand-in.mjs";

const env = useServerAndBrowser();
const T = "#game";
const KEY = "chess-tutor:game:v1:game"; // the app's game board has the id "game"
const BROKEN = {
  en: "{not a game",
  // read as a game, but its second move cannot be played
  ru: JSON.stringify({ v: 1, mode: "computer", level: 1, human: "white", start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", moves: ["e2e4", "e7e2"], takeback: true, clock: null, end: null }),
};

/** The words the child is told, from the word catalogue. */
const words = async (lang) => (await import(`../../www/i18n/${lang}/play.js`)).default.savedBroken;

describe("a saved game that cannot be opened, on a phone, with reading aloud on (issue 39)", () => {
  for (const lang of ["ru", "en"]) {
    test(`${lang}, 360×640: the words are on the new game's card, seen and said; the game is kept aside`, async () => {
      const text = await words(lang);
      const context = await env.browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true });
      await context.addInitScript(standIn, { voices: VOICES, wordMs: 8 });
      const { page, problems } = await openPage(context);
      // the settings (reading aloud on, already asked) and the broken game, before the app starts
      await page.goto(`${env.server.url}/embed-example.html`);
      await page.evaluate(
        ([key, broken]) => {
          localStorage.clear();
          localStorage.setItem("chess-tutor:settings:v1", JSON.stringify({ version: 1, read: true, readAsked: true }));
          localStorage.setItem(key, broken);
        },
        [KEY, BROKEN[lang]],
      );
      await page.goto(`${env.server.url}?lang=${lang}#/game`);
      const note = page.locator(`${T} .g-new-note`);
      await page.waitForSelector(`${T}[data-game="new"] .g-new-note[data-kind="error"]:not([hidden])`, { timeout: 30_000 });
      assert.equal(await note.locator(".g-new-note-text").textContent(), text);
      assert.equal(await note.locator("svg.g-note-pict").count(), 1, "a picture");
      // a new board under the card: no half of the broken game, no way back into it
      assert.equal(await page.locator(T).evaluate((g) => g.history().length), 0);
      assert.equal(await page.locator(`${T} .g-cancel`).isHidden(), true);
      // seen: the whole box inside the phone's screen, and nothing over it
      const seen = await page.locator(T).evaluate((el) => {
        const box = el.shadowRoot.querySelector(".g-new-note");
        const r = box.getBoundingClientRect();
        const points = [
          [r.left + r.width / 2, r.top + r.height / 2],
          [r.left + 4, r.top + 4],
          [r.right - 4, r.bottom - 4],
        ];
        const onTop = points.map(([x, y]) => box.contains(el.shadowRoot.elementFromPoint(x, y)));
        return { inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height > 0, onTop };
      });
      assert.deepEqual(seen, { inside: true, onTop: [true, true, true] }, "seen whole, not covered");
      // said aloud, as the page opened (reading aloud is on)
      await page.waitForFunction((t) => window.speechLog.said.some((u) => u.text === t), text, { timeout: 30_000 });
      // its speaker says it again (a child who missed it), lighting the words
      await page.waitForFunction(() => !speechSynthesis.speaking, null, { timeout: 30_000 });
      const before = await page.evaluate((t) => window.speechLog.said.filter((u) => u.text === t).length, text);
      await note.locator(".g-note-speak").click();
      await page.waitForFunction(([t, n]) => window.speechLog.said.filter((u) => u.text === t).length > n, [text, before], { timeout: 30_000 });
      await settledScreenshot(page, `game-kept-aside-${lang}-360`);
      // kept aside, never lost: the broken save is where a grown-up can find it
      const kept = await page.evaluate((key) => [localStorage.getItem(`${key}:unreadable`), localStorage.getItem(key)], KEY);
      assert.ok(kept[0], "kept aside");
      if (lang === "en") assert.equal(kept[0], BROKEN.en, "byte for byte");
      else assert.deepEqual(JSON.parse(kept[0]).moves, ["e2e4", "e7e2"], "the game's moves kept");
      assert.equal(kept[1], null);
      // a new game begun: the words go with the card
      await page.locator(`${T} .g-start`).click();
      await page.waitForSelector(`${T}[data-game="playing"]`);
      assert.equal(await note.isHidden(), true);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
