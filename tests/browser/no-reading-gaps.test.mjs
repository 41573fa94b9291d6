// A child who cannot read (issue 39): the small gaps an audit found, at 360×640 in Russian and
// English with a speech stand-in (tests/browser/speech-stand-in.mjs) and reading aloud on. A tap
// that does nothing in a game (a square the picked piece cannot go to, an empty square, the
// other side's piece) is said with why. Screenshots: test-results/screenshots/no-reading-gaps-*.png.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { openPage, screenshot, settledScreenshot, useServerAndBrowser } from "./helpers.mjs";
import { VOICES, standIn } from "./speech-stand-in.mjs";

const env = useServerAndBrowser();

const said = (page) => page.evaluate(() => window.speechLog.said.map((u) => u.text));
/** Waits until an utterance after the first `from` fits; the whole list. */
async function waitSaid(page, fits, from = 0) {
  await page.waitForFunction(
    ({ from, source }) => window.speechLog.said.slice(from).some((u) => new RegExp(source, "u").test(u.text)),
    { from, source: fits.source },
    { timeout: 15_000 },
  );
  return said(page);
}

/** The app at 360×640 in `lang`, reading aloud on (the child's setting), at `hash` (null: no page
 *  opened yet). */
async function app(lang, hash, { wordMs } = {}) {
  const context = await env.browser.newContext({ viewport: { width: 360, height: 640 } });
  await context.addInitScript(standIn, { voices: VOICES, wordMs });
  await context.addInitScript(() => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem("chess-tutor:settings:v1", JSON.stringify({ version: 1, read: true, readAsked: true }));
      sessionStorage.setItem("seeded", "1");
    }
  });
  const { page, problems } = await openPage(context);
  if (hash != null) await page.goto(`${env.server.url}?lang=${lang}${hash}`);
  return { page, problems, context };
}

describe("a game: a tap that does nothing is said, with why", () => {
  const G = "#game";
  const WORDS = {
    ru: { notThere: /^На е пять пойти нельзя — выбери клетку с меткой\.$/, empty: /^Эта клетка пустая — выбери свою фигуру\.$/, enemy: /^Это фигура чёрных — сейчас ход белых\.$/ },
    en: { notThere: /^It cannot go to E five — pick a square with a marker\.$/, empty: /^This square is empty — pick one of your pieces\.$/, enemy: /^That is Black.s piece — it is White.s turn\.$/ },
  };
  for (const lang of ["ru", "en"]) {
    test(`${lang}: a square the pawn cannot go to, an empty square and the other side's piece, each said`, async () => {
      const w = WORDS[lang];
      const { page, problems, context } = await app(lang, "#/game");
      await page.waitForSelector(`${G}[data-game="new"]`, { timeout: 20_000 });
      await page.locator(`${G} .g-start`).click();
      await page.waitForSelector(`${G}[data-game="playing"]`);
      const square = (sq) => page.locator(`${G} [data-square="${sq}"]`);
      let n = (await said(page)).length;
      await square("e2").click();
      await square("e5").click(); // two squares at most, on its first move
      await waitSaid(page, w.notThere, n);
      await screenshot(page, `no-reading-gaps-game-illegal-${lang}-360`);
      n = (await said(page)).length;
      await square("e4").click();
      await waitSaid(page, w.empty, n);
      n = (await said(page)).length;
      await square("e7").click();
      await waitSaid(page, w.enemy, n);
      assert.equal(await page.locator(G).getAttribute("data-game"), "playing", "no move was played");
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe("a Start pressed while things load is never lost", () => {
  const T = "#lesson-tutor";
  for (const lang of ["ru", "en"]) {
    test(`${lang}: a lesson shows Start only once it works; practice's Start, pressed while its puzzles' maker loads, starts when ready`, async () => {
      // (held back before the first page: the course page would fetch it ahead)
      const { page, problems, context } = await app(lang, null);
      // the lesson player's package held back: no Start to press in vain
      let release;
      const gate = new Promise((r) => (release = r));
      await context.route((u) => u.pathname.includes("/pkg-lessons/"), async (route) => {
        await gate;
        await route.continue();
      });
      let go;
      const held = new Promise((r) => (go = r));
      await context.route((u) => u.pathname.includes("/pkg-practice/"), async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${env.server.url}?lang=${lang}#/lesson/rook-stars-1`);
      await page.waitForSelector(T, { state: "attached" });
      await page.waitForFunction(() => document.body.dataset.view === "lesson");
      assert.equal(await page.locator(`${T} .l-start`).filter({ visible: true }).count(), 0, "no Start while the lesson cannot start");
      release();
      await page.waitForSelector(`${T}[data-lesson="intro"]`, { timeout: 20_000 });
      await page.locator(`${T} .l-start`).click();
      await page.waitForSelector(`${T}[data-lesson="playing"]`);

      // practice: "Start" pressed while the exercises' package is still on its way
      await page.goto(`${env.server.url}?lang=${lang}#/practice`);
      await page.locator('[data-practice="start"]').click();
      await page.waitForFunction(() => location.hash === "#/practice/go" && document.body.dataset.view === "practice");
      assert.equal(await page.locator('#practice-tutor[data-lesson="intro"]').count(), 0, "not yet: the package is held back");
      go();
      await page.waitForSelector('#practice-tutor[data-lesson="intro"]', { timeout: 60_000 });
      await screenshot(page, `no-reading-gaps-practice-started-${lang}-360`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe("practice on a phone: the easier exercise's offer covers no choice", () => {
  const P = "#practice-tutor";
  for (const lang of ["ru", "en"]) {
    test(`${lang}, 360×640: after two misses the offer shows and every choice stays whole and tappable`, async () => {
      const { page, problems, context } = await app(lang, "#/practice/skill/castle");
      await page.waitForSelector(`${P}[data-lesson="intro"]`, { timeout: 60_000 });
      await page.locator(`${P} .l-start`).click();
      await page.waitForSelector(`${P}[data-lesson="playing"]`, { timeout: 15_000 });
      const choices = page.locator(`${P} .l-choice`);
      const right = await page.evaluate((sel) => JSON.parse(document.querySelector(sel).lessonText).goal.answer, P);
      const [a, b] = [0, 1, 2, 3].filter((k) => k !== right);
      await choices.nth(a).click();
      await page.waitForSelector(`${P} .l-choice[data-choice="${a}"][data-state="wrong"]`);
      await choices.nth(b).click();
      await page.waitForSelector(`${P} .l-choice[data-choice="${b}"][data-state="wrong"]`);
      const offer = page.locator(".p-offer");
      await offer.waitFor({ state: "visible" });
      await page.locator('[data-practice="easier"]').scrollIntoViewIfNeeded();
      const geometry = () =>
        page.evaluate((P) => {
          const o = document.querySelector(".p-offer").getBoundingClientRect();
          const list = [...document.querySelector(P).shadowRoot.querySelectorAll(".l-choice")].map((c) => c.getBoundingClientRect());
          const meets = (r) => Math.min(r.right, o.right) > Math.max(r.left, o.left) && Math.min(r.bottom, o.bottom) > Math.max(r.top, o.top);
          return { offer: o.toJSON(), covered: list.filter(meets).map((r) => r.toJSON()), inView: o.top >= -1 && o.bottom <= innerHeight + 1 && o.left >= -1 && o.right <= innerWidth + 1 };
        }, P);
      await screenshot(page, `no-reading-gaps-easier-${lang}-360`);
      let g = await geometry();
      assert.deepEqual(g.covered, [], `the offer ${JSON.stringify(g.offer)} covers no choice`);
      assert.ok(g.inView, `the offer in view: ${JSON.stringify(g.offer)}`);
      // every choice can still be tapped where it is (nothing over its middle), after a scroll to it
      for (let k = 0; k < 4; k++) {
        await choices.nth(k).scrollIntoViewIfNeeded();
        const top = await choices.nth(k).evaluate((c) => {
          const r = c.getBoundingClientRect();
          const hit = c.getRootNode().elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return hit === c || c.contains(hit);
        });
        assert.ok(top, `choice ${k} not covered`);
      }
      g = await geometry();
      assert.deepEqual(g.covered, []);
      // the right choice still solves it
      await choices.nth(right).click();
      await page.waitForSelector(`${P}[data-lesson="done"]`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe("free play at 180 px (a phone at 200 % zoom)", () => {
  for (const lang of ["ru", "en"]) {
    test(`${lang}, 180×320: the header, every tab's word and the board's buttons inside the screen, no word cut`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 180, height: 320 } });
      await context.addInitScript(() => localStorage.setItem("chess-tutor:settings:v1", JSON.stringify({ version: 1, readAsked: true })));
      const { page, problems } = await openPage(context);
      await page.goto(`${env.server.url}?lang=${lang}#/play`);
      await page.waitForSelector("#tutor[data-ready]", { timeout: 20_000 });
      await page.locator(".tab-word").first().waitFor();
      await settledScreenshot(page, `no-reading-gaps-play-${lang}-180`);
      assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 180, "the page no wider than the screen");
      // every shown thing of the header, the tabs and the board's panel: inside the screen, and
      // none whose words run past its own box (a hidden label of 1 px is no shown thing)
      const out = await page.evaluate(() => {
        const bad = [];
        const look = (e) => {
          const b = e.getBoundingClientRect();
          if (b.width <= 1 || !e.checkVisibility()) return;
          const words = (e.textContent || "").trim().slice(0, 30);
          if (b.left < -1 || b.right > innerWidth + 1) bad.push(`${e.className?.baseVal ?? e.className} ${Math.round(b.left)}–${Math.round(b.right)}: ${words}`);
          else if (e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 1) bad.push(`${e.className?.baseVal ?? e.className} words ${e.scrollWidth} > ${e.clientWidth}: ${words}`);
        };
        for (const e of document.querySelectorAll(".top *, .tabs, .tabs *")) look(e);
        for (const e of document.querySelector("#tutor").shadowRoot.querySelectorAll(".panel, .panel *")) look(e);
        return bad;
      });
      assert.deepEqual(out, []);
      // every word of the title and the tabs whole: each on one line (none broken in two)
      const broken = await page.locator("h1, .tab-word").evaluateAll((ws) =>
        ws.flatMap((w) => {
          const text = w.firstChild;
          return [...text.textContent.matchAll(/\S+/g)]
            .filter((m) => {
              const range = document.createRange();
              range.setStart(text, m.index);
              range.setEnd(text, m.index + m[0].length);
              return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
            })
            .map((m) => m[0]);
        }),
      );
      assert.deepEqual(broken, []);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
