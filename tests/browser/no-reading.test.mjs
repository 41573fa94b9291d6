// A child who cannot read (issue 39), at 360×640 in Russian and English, with a speech stand-in
// (tests/browser/speech-stand-in.mjs) and reading aloud on: a question about a square is answered
// by tapping that square on the board (a wrong one is crossed there and on its button, and its
// reason is said); another square is said to be none of the answers; a question about a side or a
// piece has a picture on each button; the whole button lights while its choice is said; the
// choices stay for a child who reads. Screenshots: test-results/screenshots/no-reading-*.png.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { join } from "node:path";
import { SCREENSHOTS, openPage, screenshot, settledScreenshot, useServerAndBrowser } from "./helpers.mjs";
import { VOICES, standIn } from "./speech-stand-in.mjs";

const env = useServerAndBrowser();
const T = "#lesson-tutor";

async function open(id, lang, { wordMs } = {}) {
  const context = await env.browser.newContext({ viewport: { width: 360, height: 640 } });
  await context.addInitScript(standIn, { voices: VOICES, wordMs });
  await context.addInitScript(() => localStorage.setItem("chess-tutor:settings:v1", JSON.stringify({ version: 1, read: true, readAsked: true })));
  const { page, problems } = await openPage(context);
  await page.goto(`${env.server.url}?lang=${lang}#/lesson/${id}`);
  await page.waitForSelector(`${T}[data-lesson="intro"]`, { timeout: 15_000 });
  await page.locator(`${T} .l-start`).click();
  await page.waitForSelector(`${T}[data-lesson="playing"]`, { timeout: 15_000 });
  return { page, problems, context };
}

const said = (page) => page.evaluate(() => window.speechLog.said.map((u) => u.text));
async function waitSaid(page, fits, from = 0) {
  const until = Date.now() + 10_000;
  for (;;) {
    const list = await said(page);
    if (list.slice(from).some(fits)) return list;
    if (Date.now() > until) throw new Error(`not said; said: ${JSON.stringify(list)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const square = (page, sq) => page.locator(`${T} [data-square="${sq}"]`);

const WORDS = {
  ru: { tap: "Нажми клетку на доске — или кнопку.", other: "Это е три", wrong: "е пять — клетка над конём", pictures: ["white", "black", "race"] },
  en: { tap: "Tap the square on the board — or a button.", other: "That is E three", wrong: "E five is the square above the knight", pictures: ["white", "black", "race"] },
};

describe("a question is answered without reading", () => {
  for (const lang of ["ru", "en"]) {
    test(`${lang}: a question about a square is answered by tapping the square; another square is said to be none`, async () => {
      const { page, problems, context } = await open("board-names-question", lang);
      const w = WORDS[lang];
      assert.equal(await page.locator(`${T} .l-tap`).textContent(), w.tap, "said with the question (shown on a wider screen)");
      assert.deepEqual(await page.locator(`${T} .l-choice`).evaluateAll((bs) => bs.map((b) => b.dataset.answerSquare ?? null)), ["e4", "d4", null, "e5"]);
      // a square that is no answer: said, no mistake counted
      let n = (await said(page)).length;
      await square(page, "e3").click();
      await waitSaid(page, (x) => x.startsWith(w.other), n);
      assert.equal(await page.locator(`${T} .l-choice[data-state="wrong"]`).count(), 0);
      // a wrong square: its button crossed, a cross on the board, the reason said
      n = (await said(page)).length;
      await square(page, "e5").click();
      await waitSaid(page, (x) => x.includes(w.wrong), n);
      assert.equal(await page.locator(`${T} .l-choice[data-answer-square="e5"]`).getAttribute("data-state"), "wrong");
      assert.equal(await page.locator(`${T} .shape[data-shape="cross"], ${T} .l-cross`).count() > 0, true, "a cross on e5");
      await screenshot(page, `no-reading-square-wrong-${lang}-360`);
      // the right square: done
      await square(page, "e4").click();
      await page.waitForSelector(`${T}[data-lesson="done"]`);
      await screenshot(page, `no-reading-square-done-${lang}-360`);
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`${lang}: a question about a side has a picture on each button, and the whole button lights while it is said`, async () => {
      const { page, problems, context } = await open("turns-white-first", lang, { wordMs: 250 });
      assert.deepEqual(await page.locator(`${T} .l-choice .l-choice-pict`).evaluateAll((ps) => ps.map((p) => p.dataset.picture)), WORDS[lang].pictures);
      assert.equal(await page.locator(`${T} .l-tap`).isVisible(), false, "not a question about a square");
      // each choice lights in turn as it is said: seen by an observer in the page, the question
      // read again by its speaker
      await page.locator(T).evaluate((el) => {
        window.lit = [];
        new MutationObserver((list) => {
          for (const m of list) if (m.target.classList?.contains("l-choice") && m.target.dataset.speaking !== undefined) window.lit.push(m.target.dataset.choice);
        }).observe(el.shadowRoot, { subtree: true, attributes: true, attributeFilter: ["data-speaking"] });
      });
      await page.locator(`${T} .speak[data-read="question"]`).click();
      await page.locator(`${T} .l-choice[data-speaking]`).first().waitFor();
      await screenshot(page, `no-reading-side-lit-${lang}-360`);
      await page.waitForFunction(() => new Set(window.lit).size === 3, null, { timeout: 15_000 });
      const lit = new Set(await page.evaluate(() => window.lit));
      assert.deepEqual([...lit].sort(), ["0", "1", "2"]);
      const outline = await page.locator(`${T} .l-choice`).first().evaluate((b) => {
        b.dataset.speaking = "";
        const s = getComputedStyle(b).outlineStyle;
        delete b.dataset.speaking;
        return s;
      });
      assert.equal(outline, "solid");
      // a tap on the board: sent to the buttons, said
      const n = (await said(page)).length;
      await square(page, "e4").click();
      await waitSaid(page, (x) => x.length > 5, n);
      await page.locator(`${T} .l-choice[data-choice="1"]`).click();
      await page.waitForSelector(`${T} .l-choice[data-choice="1"][data-state="wrong"]`);
      await page.locator(`${T} .l-choice[data-choice="0"]`).click();
      await page.waitForSelector(`${T}[data-lesson="done"]`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test("pictures: a piece, yes and no, and the rules' own question about force", async () => {
    const { page, problems, context } = await open("value-question", "en");
    assert.deepEqual(await page.locator(`${T} .l-choice .l-choice-pict`).evaluateAll((ps) => ps.map((p) => p.dataset.picture)), ["rook", "knight", "queen", "equal"]);
    await screenshot(page, "no-reading-pieces-en-360");
    await context.close();
    const q = await open("check-question", "ru");
    assert.deepEqual(await q.page.locator(`${T} .l-choice .l-choice-pict`).evaluateAll((ps) => ps.map((p) => p.dataset.picture)), ["yes", "knight", "yes", "rook", "no"]);
    await screenshot(q.page, "no-reading-yes-no-ru-360");
    assert.deepEqual([...problems, ...q.problems], []);
    await q.context.close();
  });
});

describe("a voice where the child acts", () => {
  const WORDS = {
    ru: { empty: "Эта клетка пустая — выбери свою фигуру.", star: "Есть звезда! Осталась 1 звезда.", reply: /^Ход чёрных: (король|пешка) (берёт )?на [а-яё]+ [а-яё]+\.$/ },
    en: { empty: "This square is empty — pick one of your pieces.", star: "A star! One more to go.", reply: /^Black.s (king|pawn) (went to|took on) [A-H] [a-z]+\.$/ },
  };
  for (const lang of ["ru", "en"]) {
    test(`${lang}: a tap on an empty square is said, a star collected is said, the opponent's move is said as a move`, async () => {
      const w = WORDS[lang];
      const { page, problems, context } = await open("board-names", lang);
      let n = (await said(page)).length;
      await square(page, "e5").click();
      await waitSaid(page, (x) => x === w.empty, n);
      n = (await said(page)).length;
      await square(page, "a1").click();
      await square(page, "a5").click();
      await waitSaid(page, (x) => x === w.star, n);
      await screenshot(page, `no-reading-star-${lang}-360`);
      await context.close();

      const g = await open("check-two-knight", lang);
      n = (await said(g.page)).length;
      await square(g.page, "d5").click();
      await square(g.page, "e7").click();
      const list = await waitSaid(g.page, (x) => w.reply.test(x), n);
      assert.ok(list.slice(n).some((x) => w.reply.test(x)));
      assert.deepEqual([...problems, ...g.problems], []);
      await g.context.close();
    });
  }
});

describe("the screen at 360 px", () => {
  for (const lang of ["ru", "en"]) {
    test(`${lang}: the course cards in one column, none over another; the square to reach is marked; letters and numbers only`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 360, height: 640 } });
      await context.addInitScript(() => localStorage.setItem("chess-tutor:settings:v1", JSON.stringify({ version: 1, readAsked: true })));
      const { page, problems } = await openPage(context);
      await page.goto(`${env.server.url}?lang=${lang}#/course`);
      await page.waitForSelector(".course-card");
      await page.waitForTimeout(300);
      const boxes = await page.locator(".course-card").evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().toJSON()));
      assert.ok(boxes.length >= 3, "the three courses");
      for (let k = 1; k < boxes.length; k++) {
        assert.ok(boxes[k].top >= boxes[k - 1].bottom - 1, `card ${k} below card ${k - 1}: ${JSON.stringify([boxes[k - 1], boxes[k]])}`);
        assert.ok(Math.abs(boxes[k].left - boxes[0].left) < 2, "one column");
      }
      // every card's words whole: nothing cut at its right edge
      const cut = await page.locator(".course-card").evaluateAll((cards) => cards.filter((c) => c.scrollWidth > c.clientWidth + 1).length);
      assert.equal(cut, 0);
      await page.screenshot({ path: join(SCREENSHOTS, `no-reading-courses-${lang}-360.png`) });
      // setup-rook-home: a ring on h1; the labels letters and numbers only
      await page.goto(`${env.server.url}?lang=${lang}#/lesson/setup-rook-home`);
      await page.waitForSelector(`${T}[data-lesson="intro"]`);
      await page.locator(`${T} .l-start`).click();
      await page.waitForSelector(`${T}[data-lesson="playing"]`);
      assert.equal(await page.locator(`${T} .l-goal-target`).count(), 1, "the square to reach is marked");
      assert.equal(await page.locator(T).getAttribute("coordinates"), "algebraic");
      await screenshot(page, `no-reading-reach-${lang}-360`);
      // "Chess and numbers": the (i, j) labels too
      await page.goto(`${env.server.url}?lang=${lang}#/lesson/idea-numbers`);
      await page.waitForSelector(`${T}[data-lesson="intro"]`);
      assert.equal(await page.locator(T).getAttribute("coordinates"), "both");
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe("a section finished", () => {
  for (const lang of ["ru", "en"]) {
    test(`${lang}: the last lesson of a section done: a picture and a sentence, said with the card`, async () => {
      const { page, problems, context } = await open("turns-whose-move", lang);
      const n = (await said(page)).length;
      await page.locator(`${T} .l-choice[data-choice="0"]`).click();
      await page.waitForSelector(`${T}[data-lesson="done"]`);
      const end = page.locator(`${T} .l-section-done`);
      await end.waitFor({ state: "visible" });
      assert.equal(await end.locator("img").count(), 1, "a picture");
      const words = (await end.textContent()).trim();
      assert.match(words, lang === "ru" ? /^Ура! Весь раздел «Доска» пройден!$/ : /^Hooray! You have finished the whole section “The board”!$/);
      await waitSaid(page, (x) => x.startsWith(lang === "ru" ? "Ура! Весь раздел" : "Hooray! You have finished"), n);
      await page.waitForTimeout(1500); // the card comes after a look at the final position
      await screenshot(page, `no-reading-section-done-${lang}-360`);
      // not on a lesson in the middle of a section
      const mid = await open("board-rows", lang);
      await mid.page.waitForTimeout(100);
      assert.equal(await mid.page.locator(`${T} .l-section-done`).count(), 0);
      assert.deepEqual([...problems, ...mid.problems], []);
      await mid.context.close();
      await context.close();
    });
  }
});

test("the done card: the speaker covers no star (360×640)", async () => {
  const { page, context } = await open("turns-whose-move", "en");
  await page.locator(`${T} .l-choice[data-choice="0"]`).click();
  await page.waitForSelector(`${T}[data-lesson="done"]`);
  await page.waitForTimeout(4000); // the stars pop in and twinkle twice
  const overlap = await page.locator(T).evaluate((el) => {
    const r = el.shadowRoot;
    const sp = r.querySelector(".l-box > .speak").getBoundingClientRect();
    return [...r.querySelectorAll(".l-star")].filter((s) => {
      const b = s.getBoundingClientRect();
      return Math.min(b.right, sp.right) > Math.max(b.left, sp.left) && Math.min(b.bottom, sp.bottom) > Math.max(b.top, sp.top);
    }).length;
  });
  await screenshot(page, "no-reading-done-card-en-360");
  assert.equal(overlap, 0);
  await context.close();
});

describe("a game's question", () => {
  for (const lang of ["ru", "en"]) {
    test(`${lang}: "give up?" is said and the clock waits while it is asked; "play on" starts it again`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 360, height: 640 } });
      await context.addInitScript(standIn, { voices: VOICES });
      const { page, problems } = await openPage(context);
      await page.goto(`${env.server.url}/embed-example.html`);
      await page.evaluate((lang) => {
        localStorage.clear();
        document.body.replaceChildren();
        const g = document.createElement("chess-tutor");
        g.id = "g";
        for (const [k, v] of Object.entries({ mode: "two-players", clock: "1+0", lang, save: "off", "read-aloud": "" })) g.setAttribute(k, v);
        document.body.append(g);
      }, lang);
      await page.waitForSelector('#g[data-game="new"]', { timeout: 15_000 });
      await page.locator("#g .g-start").click();
      await page.waitForSelector('#g[data-game="playing"]');
      const white = page.locator('#g .g-clock[data-side="white"]');
      assert.equal(await white.getAttribute("data-running"), "true");
      const n = (await said(page)).length;
      await page.locator("#g .g-resign").click();
      await waitSaid(page, (x) => (lang === "ru" ? /сдаться/ : /give up/).test(x), n);
      assert.notEqual(await white.getAttribute("data-running"), "true", "the clock waits");
      const before = await white.locator(".g-clock-time").textContent();
      await page.waitForTimeout(1200);
      assert.equal(await white.locator(".g-clock-time").textContent(), before, "no time runs out while the question is asked");
      await screenshot(page, `no-reading-resign-${lang}-360`);
      await page.locator("#g .g-resign-no").click();
      await page.waitForFunction(() => document.querySelector("#g").shadowRoot.querySelector('.g-clock[data-side="white"]').dataset.running === "true");
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe("the panel and the card whole", () => {
  for (const lang of ["ru", "en"])
  test(`${lang}: a task's intro at 360×640: a tap on its two lines shows it whole (the rule of the square's "White to move.")`, async () => {
    for (const id of ["kp-square-question", "setup-rook-home", "rook-stars-2"]) {
      const { page, context } = await open(id, lang);
      const intro = page.locator(`${T} .l-intro`);
      await intro.click(); // two lines on a phone: a tap shows it whole
      const [scroll, client, text] = await intro.evaluate((p) => [p.scrollHeight, p.clientHeight, p.textContent]);
      assert.ok(scroll <= client + 1, `${id}: the whole intro is shown (${scroll} > ${client}): ${text}`);
      await context.close();
    }
  });

  for (const [w, h, lang] of [[640, 360, "ru"], [360, 640, "ru"], [180, 320, "ru"], [640, 360, "en"], [360, 640, "en"], [180, 320, "en"]]) {
    test(`${lang}: the done card at ${w}×${h} (200 % zoom of 1280×720, a phone, a phone at 200 %): its three stars and its buttons can be reached`, async () => {
      const context = await env.browser.newContext({ viewport: { width: w, height: h } });
      await context.addInitScript(() => localStorage.setItem("chess-tutor:settings:v1", JSON.stringify({ version: 1, readAsked: true })));
      const { page, problems } = await openPage(context);
      await page.goto(`${env.server.url}?lang=${lang}#/lesson/turns-white-first`);
      await page.waitForSelector(`${T}[data-lesson="intro"]`);
      await page.locator(`${T} .l-start`).click();
      await page.locator(`${T} .l-choice[data-choice="0"]`).click();
      await page.waitForSelector(`${T}[data-lesson="done"]`);
      await page.locator(`${T} .l-card-next`).waitFor({ state: "visible" });
      await settledScreenshot(page, `no-reading-done-card-${lang}-${w}x${h}`);
      assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= w, "the page no wider than the screen");
      for (const sel of [".l-star:nth-child(3)", ".l-card-next", ".l-card-retry"]) {
        const target = page.locator(`${T} ${sel}`);
        const whole = await target.evaluate((node, sel) => {
          node.scrollIntoView({ block: "center", inline: "nearest" });
          const r = node.getBoundingClientRect();
          // not clipped by a box around it
          for (let p = node.parentElement ?? node.getRootNode().host; p; p = p.parentElement ?? p.getRootNode?.().host) {
            const s = getComputedStyle(p);
            if (s.overflow === "visible" && s.overflowY === "visible") continue;
            const b = p.getBoundingClientRect();
            if (r.top < b.top - 1 || r.bottom > b.bottom + 1 || r.left < b.left - 1 || r.right > b.right + 1) return `${sel} clipped by ${p.className || p.tagName}`;
          }
          return r.width > 0 && r.top >= -1 && r.bottom <= innerHeight + 1 ? true : `${sel} outside the view`;
        }, sel);
        assert.equal(whole, true);
      }
      // the panel's buttons under the card keep each word whole (no «Дальш / е» at 180 px)
      const split = await page.locator(`${T} .l-buttons button`).evaluateAll((buttons) => {
        const out = [];
        for (const b of buttons.filter((x) => x.getClientRects().length > 0)) {
          const walker = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            for (const m of n.data.matchAll(/[\p{L}\p{N}]+/gu)) {
              const range = document.createRange();
              range.setStart(n, m.index);
              range.setEnd(n, m.index + m[0].length);
              const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
              if (tops.size > 1) out.push(m[0]);
            }
          }
        }
        return out;
      });
      assert.deepEqual(split, [], "no word of the panel's buttons cut across lines");
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe("the castle exercise at 360 px", () => {
  const P = "#practice-tutor";
  const EASIER = { ru: "Попробуем задачу полегче.", en: "Let’s try an easier one." };
  for (const lang of ["ru", "en"]) {
    test(`${lang}: its four ways two by two, each with its picture, all above the fold`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 360, height: 640 } });
      await context.addInitScript(standIn, { voices: VOICES, wordMs: 300 });
      await context.addInitScript(() => localStorage.setItem("chess-tutor:settings:v1", JSON.stringify({ version: 1, read: true, readAsked: true })));
      const { page, problems } = await openPage(context);
      await page.goto(`${env.server.url}?lang=${lang}#/practice/skill/castle`);
      await page.waitForSelector(`${P}[data-lesson="intro"]`, { timeout: 30_000 });
      await page.locator(`${P} .l-start`).click();
      await page.waitForSelector(`${P}[data-lesson="playing"]`, { timeout: 15_000 });
      const choices = page.locator(`${P} .l-choice`);
      assert.deepEqual(await choices.evaluateAll((bs) => bs.map((b) => b.querySelector(".l-choice-pict")?.dataset.picture)), ["kingside", "queenside", "both-ways", "neither-way"]);
      const boxes = await choices.evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().toJSON()));
      // two rows of two, side by side, inside the screen
      assert.ok(Math.abs(boxes[0].top - boxes[1].top) < 2 && Math.abs(boxes[2].top - boxes[3].top) < 2, JSON.stringify(boxes));
      assert.ok(boxes[2].top >= boxes[0].bottom, "the second row below the first");
      for (const b of boxes) assert.ok(b.left >= 0 && b.right <= 360 && b.bottom <= 640, `whole in view: ${JSON.stringify(b)}`);
      // no word cut inside: each button's words on as few lines as its words need (no letters carried over)
      const broken = await choices.evaluateAll((bs) =>
        bs.filter((b) => {
          const text = [...b.childNodes].find((n) => n.nodeType === 3);
          const range = document.createRange();
          range.selectNodeContents(text);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          return lines > text.textContent.trim().split(/\s+/).length;
        }).map((b) => b.textContent),
      );
      assert.deepEqual(broken, []);
      await screenshot(page, `no-reading-castle-${lang}-360`);
      // two wrong ways, the second while the first one's words are still being said (a slow
      // voice): they are said whole, then the offer of an easier one (nothing cut: no utterance
      // cancelled, every word said)
      const right = await page.evaluate((sel) => JSON.parse(document.querySelector(sel).lessonText).goal.answer, P);
      const [a, b] = [0, 1, 2, 3].filter((k) => k !== right);
      const n = (await said(page)).length;
      await choices.nth(a).click();
      await page.waitForSelector(`${P} .l-choice[data-choice="${a}"][data-state="wrong"]`);
      await waitSaid(page, () => true, n);
      const cancels = await page.evaluate(() => window.speechLog.cancels);
      assert.equal(await page.evaluate(() => speechSynthesis.speaking), true, "the first miss's words are being said");
      await choices.nth(b).click();
      await page.waitForSelector(`${P} .l-choice[data-choice="${b}"][data-state="wrong"]`);
      const offer = EASIER[lang];
      await page.waitForFunction((offer) => window.speechLog.said.some((u) => u.text === offer), offer, { timeout: 60_000 });
      await page.waitForFunction(() => !speechSynthesis.speaking, null, { timeout: 60_000 });
      const log = await page.evaluate(() => window.speechLog);
      const after = log.said.slice(n);
      assert.equal(after.at(-1).text, offer, `the offer last: ${JSON.stringify(after.map((u) => u.text))}`);
      assert.equal(log.cancels, cancels, `nothing cut: ${JSON.stringify(after.map((u) => u.text))}`);
      const spoken = log.words.filter((w) => w.t >= after[0].t).length;
      const count = after.reduce((sum, u) => sum + [...u.text.matchAll(/[\p{L}\p{N}]+/gu)].length, 0);
      assert.equal(spoken, count, `every word of ${JSON.stringify(after.map((u) => u.text))} said`);
      await page.locator('[data-practice="easier"]').waitFor();
      await screenshot(page, `no-reading-castle-easier-${lang}-360`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe("a mode that changes what a tap does says so (chess-t1's force view)", () => {
  const WORDS = {
    ru: { on: "Сила на клетке: выбери клетку — увидишь, у кого перевес. Чтобы снова ходить фигурами, нажми «Снова ходить» на доске.", off: "Показ силы выключен." },
    en: { on: "Force view on: choose a square to see who is stronger there. To move pieces again, press “Back to moves” on the board.", off: "Force view off." },
  };
  for (const lang of ["ru", "en"]) {
    test(`${lang}, 360×640: turned on, it is said with the way back, shown right under the board, and turned off from there`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 360, height: 640 } });
      await context.addInitScript(standIn, { voices: VOICES });
      const { page, problems } = await openPage(context);
      await page.goto(`${env.server.url}embed-example.html`);
      await page.waitForFunction(() => document.querySelector("chess-tutor")?.dataset.ready === "true");
      await page.evaluate(async (lang) => {
        const el = document.createElement("chess-tutor");
        for (const [k, v] of Object.entries({ lang, coordinates: "algebraic", pieces: "lessons/pieces/chess-t1.json", fen: "8/8/8/3wP3/8/6N1/8/8 w - - 0 1", "read-aloud": "" })) el.setAttribute(k, v);
        document.querySelector(".demo").replaceChildren(el);
        await el.ready;
      }, lang);
      const toggle = page.locator(".demo chess-tutor .fv-toggle");
      await toggle.waitFor();
      let n = (await said(page)).length;
      await toggle.click();
      const bare = (x) => x.replace(/[«»“”"]/g, ""); // quotation marks are not read
      await waitSaid(page, (x) => bare(x) === bare(WORDS[lang].on), n);
      const banner = page.locator(".demo chess-tutor .fv-banner");
      assert.equal(await banner.isVisible(), true);
      // under the board (covering no square), inside the screen, its way back a big button
      const [b, board, leave] = await Promise.all([banner.boundingBox(), page.locator(".demo chess-tutor svg.board").boundingBox(), page.locator(".demo chess-tutor .fv-leave").boundingBox()]);
      assert.ok(b.y >= board.y + board.height - 12, `below the board's squares: ${JSON.stringify([b, board])}`);
      assert.ok(b.x >= 0 && b.x + b.width <= 360, "across the screen");
      assert.ok(leave.height >= 40, `the way back big enough for a finger: ${leave.height}`);
      await banner.scrollIntoViewIfNeeded();
      await screenshot(page, `no-reading-force-view-${lang}-360`);
      n = (await said(page)).length;
      await page.locator(".demo chess-tutor .fv-leave").click();
      await waitSaid(page, (x) => x === WORDS[lang].off, n);
      assert.equal(await banner.isHidden(), true);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
