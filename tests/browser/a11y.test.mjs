// Accessibility (issue 25, point 5): axe-core's WCAG 2.1 A and AA rules find nothing on each view
// a child or a teacher sees, in Russian and in English (the widget's open shadow roots included:
// axe walks them); a star, a target or any lesson mark on a square is in that square's
// accessible name; on a lesson's intro card Start comes before the board in the tab order.
// The violations found per view go to test-results/a11y.json (the figures of the note).
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { ROOT, SCREENSHOTS, openPage, settledScreenshot as screenshot, useServerAndBrowser } from "./helpers.mjs";

const env = useServerAndBrowser();
const AXE = readFileSync(join(ROOT, "node_modules", "axe-core", "axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const LANGS = ["en", "ru"];
const found = {}; // view -> lang -> number of violations (nodes)

after(() => {
  const dir = join(ROOT, "test-results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "a11y.json"), `${JSON.stringify(found, null, 2)}\n`);
});

/** axe-core's violations on the page as it is now (WCAG 2.1 A and AA), each with its nodes. */
async function audit(page) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(AXE);
  // let the widgets' slides and fades end: a colour half-way through a fade is no colour of the theme
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations({ subtree: true })
        .concat([...document.querySelectorAll("chess-tutor")].flatMap((e) => e.shadowRoot?.getAnimations() ?? []))
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => {})),
    ),
  );
  return page.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary.replace(/\s+/g, " ").slice(0, 300)}`),
    }));
  }, TAGS);
}

/** Audits the page as view `name` in `lang`: the count is kept, and what was found is said
 *  ("" when nothing). A test audits each of its views, then asserts that none found anything. */
async function measure(page, name, lang) {
  const violations = await audit(page);
  found[name] ??= {};
  found[name][lang] = violations.reduce((n, v) => n + v.nodes.length, 0);
  if (!violations.length) return "";
  const said = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.join("\n    ")}`).join("\n  ");
  return `${name} (${lang}): axe-core finds\n  ${said}\n`;
}
const expectNone = async (...args) => assert.equal(await measure(...args), "");

async function openApp(lang, hash, viewport = { width: 1280, height: 720 }) {
  const context = await env.browser.newContext({ viewport });
  const { page, problems } = await openPage(context);
  await page.goto(`${env.server.url}?lang=${lang}&coordinates=algebraic${hash}`);
  return { page, problems, context };
}

const tutor = "#lesson-tutor";
const waitLesson = (page, value) => page.waitForSelector(`${tutor}[data-lesson="${value}"]`, { timeout: 15_000 });

describe("axe-core (WCAG 2.1 A and AA) finds nothing", () => {
  for (const lang of LANGS) {
    test(`the course page (${lang})`, async () => {
      const { page, problems, context } = await openApp(lang, "#/course");
      await page.waitForSelector("body[data-course=ready]", { timeout: 15_000 });
      await expectNone(page, "course", lang);
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`a lesson's intro and the lesson in progress (${lang})`, async () => {
      const { page, problems, context } = await openApp(lang, "#/lesson/rook-stars-1");
      await waitLesson(page, "intro");
      let said = await measure(page, "lesson intro", lang);
      // axe looks inside the widget's shadow root: Start's contrast was checked there
      const inside = await page.evaluate(async () => {
        const r = await window.axe.run(document, { runOnly: ["color-contrast"], resultTypes: ["passes"] });
        return r.passes.flatMap((v) => v.nodes.map((n) => n.target)).filter((t) => Array.isArray(t[0])).map((t) => t[0].join(" >>> ")); // [[host, inside]]
      });
      assert.ok(inside.some((t) => t.includes(".l-start")), `contrast checked in the shadow DOM: ${inside.slice(0, 5)}`);
      await page.locator(`${tutor} .l-start`).click();
      await waitLesson(page, "playing");
      await page.locator(`${tutor} [data-square="a1"]`).click(); // a piece chosen: its moves shown
      said += await measure(page, "lesson playing", lang);
      assert.equal(said, "");
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`an idea lesson in progress (${lang})`, async () => {
      const { page, problems, context } = await openApp(lang, "#/lesson/idea-board");
      await waitLesson(page, "intro");
      await page.locator(`${tutor} .l-start`).click();
      await waitLesson(page, "playing");
      await expectNone(page, "idea lesson", lang);
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`free play with a move made (${lang})`, async () => {
      const { page, problems, context } = await openApp(lang, "#/play");
      await page.waitForSelector("body[data-ready=true]", { timeout: 15_000 });
      await page.locator(`#tutor [data-square="e2"]`).click();
      await page.locator(`#tutor [data-square="e4"]`).click();
      await page.locator(`#tutor [data-square="g8"]`).click();
      await expectNone(page, "free play", lang);
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`a game against the computer, before and after Start (${lang})`, async () => {
      const { page, problems, context } = await openApp(lang, "#/game");
      await page.waitForSelector(`#game[data-game="new"]`, { timeout: 15_000 });
      let said = await measure(page, "game (new)", lang);
      await page.locator("#game .g-start").click();
      await page.waitForSelector(`#game[data-game="playing"]`);
      await page.locator(`#game [data-square="e2"]`).click();
      await page.locator(`#game [data-square="e4"]`).click();
      await page.waitForFunction(() => document.querySelector("#game").history().length === 2, null, { timeout: 20_000 });
      said += await measure(page, "game (playing)", lang);
      assert.equal(said, "");
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`the studio (${lang})`, async () => {
      const { page, problems, context } = await openApp(lang, "#/studio");
      await page.waitForSelector("body[data-studio=ready]", { timeout: 20_000 });
      await expectNone(page, "studio", lang);
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`embed.html with a lesson (${lang})`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 420, height: 700 } });
      const { page, problems } = await openPage(context);
      await page.goto(`${env.server.url}embed.html?lesson=rook-stars-1&lang=${lang}`);
      await page.waitForSelector(`#tutor[data-lesson="intro"]`, { timeout: 15_000 });
      await expectNone(page, "embed", lang);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe("more of what a child meets: a wrong move's bubble, a quiz, the done card, the settings, a phone", () => {
  for (const lang of LANGS) {
    test(`a wrong move, a quiz's ticks and crosses, the done card, the settings menu at 360×640 (${lang})`, async () => {
      const { page, problems, context } = await openApp(lang, "#/lesson/rook-stars-1", { width: 360, height: 640 });
      await waitLesson(page, "intro");
      let said = await measure(page, "phone: lesson intro", lang);
      await page.locator(`${tutor} .l-start`).click();
      await waitLesson(page, "playing");
      // a1-a8 flies past the star: the lesson's own words in the bubble
      await page.locator(`${tutor} [data-square="a1"]`).click();
      await page.locator(`${tutor} [data-square="a8"]`).click();
      await page.waitForSelector(`${tutor} .feedback:not([hidden])`);
      said += await measure(page, "phone: wrong move", lang);
      await screenshot(page, `a11y-360-${lang}-feedback`);
      // the settings menu, open
      await page.locator("#settings-button").click();
      await page.waitForSelector("#settings:not([hidden])");
      said += await measure(page, "phone: settings", lang);
      await screenshot(page, `a11y-360-${lang}-settings`);
      await page.keyboard.press("Escape");
      assert.equal(said, "");
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`a quiz with a tick and a cross, and its done card (${lang})`, async () => {
      const { page, problems, context } = await openApp(lang, "#/lesson/rook-stars-1");
      await waitLesson(page, "intro");
      await page.locator(`${tutor} .l-start`).click();
      await waitLesson(page, "playing");
      for (const [from, to] of [["a1", "a5"], ["a5", "e5"], ["e5", "e8"]]) {
        await page.locator(`${tutor} [data-square="${from}"]`).click();
        await page.locator(`${tutor} [data-square="${to}"]`).click();
      }
      await waitLesson(page, "done");
      let said = await measure(page, "lesson done", lang);
      await screenshot(page, `a11y-1280-${lang}-done`);
      await page.goto(`${env.server.url}?lang=${lang}&coordinates=algebraic#/lesson/rook-targets`);
      await waitLesson(page, "intro");
      await page.locator(`${tutor} .l-start`).click();
      await waitLesson(page, "playing");
      await page.locator(`${tutor} [data-square="d5"]`).click(); // a rook's square
      await page.locator(`${tutor} [data-square="a1"]`).click(); // not one
      await page.waitForSelector(`${tutor} .shape.l-cross`);
      said += await measure(page, "quiz", lang);
      assert.equal(said, "");
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe("a mark on a square is in its name; Start comes before the board", () => {
  const NAMES = {
    en: { star: /^a5, empty, a star$/, e5: /^e5, empty, a star$/, rook: /^a5, white rook$/, found: /, found$/, wrong: /, not this one$/, hint: /^a1, white rook, the hint: this piece$/ },
    ru: { star: /^a5, пусто, звезда$/, e5: /^e5, пусто, звезда$/, rook: /^a5, ладья белых$/, found: /, найдено$/, wrong: /, не та клетка$/, hint: /^a1, ладья белых, подсказка: эта фигура$/ },
  };
  for (const lang of LANGS) {
    test(`stars, ticks and crosses are said with their squares (${lang})`, async () => {
      const { page, problems, context } = await openApp(lang, "#/lesson/rook-stars-1");
      const label = (sq) => page.locator(`${tutor} [data-square="${sq}"]`).getAttribute("aria-label");
      await waitLesson(page, "intro");
      await page.locator(`${tutor} .l-start`).click();
      await waitLesson(page, "playing");
      const n = NAMES[lang];
      assert.match(await label("a5"), n.star);
      assert.match(await label("e5"), n.e5);
      assert.doesNotMatch(await label("a4"), /star|звезд/, "a square with no mark has none in its name");
      // the hint's ring: the piece to move is said to be the hint
      await page.locator(`${tutor} .l-hint`).click();
      await page.waitForSelector(`${tutor} .shape.l-hint-ring`);
      assert.match(await label("a1"), n.hint);
      // the rook takes the star on a5: the star leaves the name, the rook comes in
      await page.locator(`${tutor} [data-square="a1"]`).click();
      await page.locator(`${tutor} [data-square="a5"]`).click();
      await page.waitForFunction(({ sel, re }) => new RegExp(re).test(document.querySelector(sel).shadowRoot.querySelector('[data-square="a5"]').getAttribute("aria-label")), { sel: tutor, re: n.rook.source });
      assert.match(await label("e5"), n.e5, "the stars still to get keep theirs");
      // a quiz: a square found has a tick, a wrong one a cross, each said
      await page.goto(`${env.server.url}?lang=${lang}&coordinates=algebraic#/lesson/rook-targets`);
      await waitLesson(page, "intro");
      await page.locator(`${tutor} .l-start`).click();
      await waitLesson(page, "playing");
      await page.locator(`${tutor} [data-square="d5"]`).click(); // the rook on d4 goes there
      await page.locator(`${tutor} [data-square="a1"]`).click(); // not there
      await page.waitForSelector(`${tutor} .shape.l-cross`);
      assert.match(await label("d5"), n.found);
      assert.match(await label("a1"), n.wrong);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test("on a lesson's intro card, Tab reaches Start before any square of the board", async () => {
    const { page, problems, context } = await openApp("en", "#/lesson/rook-stars-1");
    await waitLesson(page, "intro");
    // the elements Tab visits, through the shadow roots, until a square of the board
    const order = [];
    for (let k = 0; k < 40; k++) {
      await page.keyboard.press("Tab");
      const at = await page.evaluate(() => {
        let el = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        return el ? (el.dataset.square ? `square ${el.dataset.square}` : el.className?.baseVal ?? el.className) : "";
      });
      order.push(at);
      if (at.startsWith("square")) break;
    }
    const start = order.findIndex((c) => /\bl-start\b/.test(c));
    const square = order.findIndex((c) => c.startsWith("square"));
    assert.ok(start >= 0 && (square < 0 || start < square), `Start (${start}) before the board (${square}): ${order.join(" → ")}`);
    // and Enter on it starts the lesson
    await page.evaluate((sel) => document.querySelector(sel).shadowRoot.querySelector(".l-start").focus(), tutor);
    await page.keyboard.press("Enter");
    await waitLesson(page, "playing");
    assert.deepEqual(problems, []);
    await context.close();
  });
});

/** The screen as a child sees it (the viewport, not the whole page): test-results/screenshots/NAME.png. */
async function screen(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.evaluate(() => Promise.all(document.getAnimations({ subtree: true }).filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => {}))));
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

describe("the colours, looked at", () => {
  test("the accent and the status line at 360×640 and 1280×720 (screenshots a11y-*.png), and the chosen tab under forced colours", async () => {
    for (const [size, viewport] of [["360", { width: 360, height: 640 }], ["1280", { width: 1280, height: 720 }]]) {
      for (const lang of LANGS) {
        const { page, problems, context } = await openApp(lang, "#/course", viewport);
        await page.waitForSelector("body[data-course=ready]", { timeout: 15_000 });
        await screen(page, `a11y-${size}-${lang}-course`);
        await page.goto(`${env.server.url}?lang=${lang}&coordinates=algebraic#/lesson/rook-stars-1`);
        await waitLesson(page, "intro");
        await screen(page, `a11y-${size}-${lang}-intro`);
        await page.goto(`${env.server.url}?lang=${lang}&coordinates=algebraic#/game`);
        await page.waitForSelector(`#game[data-game="new"]`, { timeout: 15_000 });
        await screen(page, `a11y-${size}-${lang}-game`);
        await page.goto(`${env.server.url}?lang=${lang}&coordinates=algebraic#/studio`);
        await page.waitForSelector("body[data-studio=ready]", { timeout: 20_000 });
        await screen(page, `a11y-${size}-${lang}-studio`);
        assert.deepEqual(problems, []);
        await context.close();
      }
    }
    // forced colours: the chosen tab is marked by the system's highlight, unlike the others
    const { page, context } = await openApp("en", "#/course");
    await page.emulateMedia({ forcedColors: "active" });
    await page.waitForSelector("body[data-course=ready]", { timeout: 15_000 });
    const look = (sel) => page.locator(sel).evaluate((e) => getComputedStyle(e).backgroundColor + " " + getComputedStyle(e).color);
    assert.notEqual(await look('.tab[aria-current="page"]'), await look('.tab[data-tab="game"]'));
    await screen(page, "a11y-1280-en-forced-colors");
    await context.close();
  });
});

describe("axe-core on the other views: a question, an idea step, a game over, the setup board, the embed builder", () => {
  for (const lang of LANGS) {
    test(`more views (${lang})`, async () => {
      const { page, problems, context } = await openApp(lang, "#/lesson/board-names-question", { width: 360, height: 640 });
      await waitLesson(page, "intro");
      await page.locator(`${tutor} .l-start`).click();
      await waitLesson(page, "playing");
      let said = await measure(page, "question", lang);
      await page.locator(`${tutor} .l-choices button`).nth(1).click(); // a wrong answer: its words
      await page.waitForSelector(`${tutor} .feedback:not([hidden])`);
      said += await measure(page, "question: wrong answer", lang);
      await screen(page, `a11y-360-${lang}-question`);
      // an idea lesson's step that waits for Next
      await page.goto(`${env.server.url}?lang=${lang}&coordinates=algebraic#/lesson/idea-board`);
      await waitLesson(page, "intro");
      await page.locator(`${tutor} .l-start`).click();
      await waitLesson(page, "playing");
      said += await measure(page, "idea step", lang);
      // a game resigned: its card
      await page.goto(`${env.server.url}?lang=${lang}&coordinates=algebraic#/game`);
      await page.waitForSelector(`#game[data-game="new"]`, { timeout: 15_000 });
      await page.locator("#game .g-start").click();
      await page.waitForSelector(`#game[data-game="playing"]`);
      await page.locator("#game .g-resign").click();
      said += await measure(page, "game: resign asked", lang);
      await page.locator("#game .g-resign-yes").click();
      await page.waitForSelector(`#game[data-game="over"]`);
      said += await measure(page, "game over", lang);
      await screen(page, `a11y-360-${lang}-game-over`);
      // two players with a clock (a bare page with the widget, as a school puts it), the clock running
      await page.goto(`${env.server.url}embed-example.html`);
      await page.evaluate((lang) => {
        localStorage.clear();
        document.body.replaceChildren();
        const g = Object.assign(document.createElement("chess-tutor"), { id: "g" });
        for (const [k, v] of Object.entries({ mode: "two-players", clock: "5+3", lang, coordinates: "algebraic", save: "off" })) g.setAttribute(k, v);
        document.body.append(g);
      }, lang);
      await page.waitForSelector(`#g[data-game="new"]`, { timeout: 15_000 });
      await page.locator("#g .g-start").click();
      await page.waitForSelector(`#g[data-game="playing"]`);
      await page.locator(`#g [data-square="e2"]`).click();
      await page.locator(`#g [data-square="e4"]`).click();
      said += await measure(page, "two players with a clock", lang);
      // the setup board
      await page.goto(`${env.server.url}?lang=${lang}&coordinates=algebraic#/setup`);
      await page.waitForSelector('chess-setup[data-ready="true"]', { timeout: 15_000 });
      said += await measure(page, "setup", lang);
      // the embed builder (its preview frame is embed.html, audited on its own)
      await page.goto(`${env.server.url}?lang=${lang}#/embed`);
      await page.waitForSelector('body[data-embed="ready"]', { timeout: 20_000 });
      said += await measure(page, "embed builder", lang);
      assert.equal(said, "");
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
