// Issue 25 (point 2, and the layout items of point 4): a task told by a picture, the hand that
// shows the first move, and what a child saw cut, covered or out of view on a phone (360×640)
// and a laptop (1280×720), each measured. Screenshots: test-results/screenshots/layout-*.png.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { ROOT, openPage, screenshot as plainScreenshot, settledScreenshot as screenshot, unhashed, useServerAndBrowser } from "./helpers.mjs";

const env = useServerAndBrowser();
const tutor = "#lesson-tutor";
const PHONE = { width: 360, height: 640 };
const LAPTOP = { width: 1280, height: 720 };
const SIZES = [PHONE, LAPTOP];
const waitState = (page, value, el = tutor) => page.waitForSelector(`${el}[data-lesson="${value}"]`, { timeout: 15_000 });

/** The app's lesson `id` at its intro card (from the course page, as a child opens it). */
async function openLesson(context, id, lang = "en") {
  const { page, problems } = await openPage(context);
  await page.goto(`${env.server.url}?lang=${lang}&coordinates=algebraic#/lesson/${id}`);
  await waitState(page, "intro");
  return { page, problems };
}

/** Why the element (in the widget `host`'s shadow root, or the page) is not wholly seen: "" when
 *  it is inside the window and every box that scrolls around it, and nothing lies over it. */
function unseen(page, host, selector) {
  return page.evaluate(
    ([host, selector]) => {
      const root = host ? document.querySelector(host).shadowRoot : document;
      const node = root.querySelector(selector);
      if (!node) return `${selector}: not found`;
      const r = node.getBoundingClientRect();
      if (!r.width || !r.height) return `${selector}: not shown`;
      const box = (x) => `${Math.round(x.left)},${Math.round(x.top)}–${Math.round(x.right)},${Math.round(x.bottom)}`;
      const inside = (o) => r.left >= o.left - 1 && r.top >= o.top - 1 && r.right <= o.right + 1 && r.bottom <= o.bottom + 1;
      if (!inside({ left: 0, top: 0, right: innerWidth, bottom: innerHeight })) return `${selector} at ${box(r)}: outside the window ${innerWidth}×${innerHeight}`;
      for (let p = node.parentElement ?? node.getRootNode().host; p; p = p.parentElement ?? p.getRootNode().host) {
        if (/auto|scroll|hidden/.test(getComputedStyle(p).overflowY) && !inside(p.getBoundingClientRect())) return `${selector} at ${box(r)}: scrolled out of ${p.className || p.tagName} at ${box(p.getBoundingClientRect())}`;
      }
      // a box that lets taps through to the board (the feedback box) is still seen: hit-test it as if it took them
      const passing = node.style.pointerEvents;
      node.style.pointerEvents = "auto";
      try {
        for (const [x, y] of [[r.left + r.width / 2, r.top + Math.min(r.height / 2, 8)], [r.left + r.width / 2, r.bottom - Math.min(r.height / 2, 6)]]) {
          const top = root.elementFromPoint(x, y);
          if (top && !node.contains(top)) return `${selector}: covered by ${top.className?.baseVal ?? top.className ?? top.tagName}`;
        }
      } finally {
        node.style.pointerEvents = passing;
      }
      return "";
    },
    [host, selector],
  );
}

async function assertSeen(page, host, selectors, what) {
  const problems = [];
  for (const s of selectors) {
    const why = await unseen(page, host, s);
    if (why) problems.push(why);
  }
  assert.deepEqual(problems, [], what);
}

const size = ({ width, height }) => `${width}×${height}`;

// ---- point 2: the task told by a picture

/** One lesson of the course for each goal type (the first in file order); reach has none, so a
 *  small lesson of its own, played from its text. */
function lessonsByGoal() {
  const byGoal = {};
  const course = JSON.parse(readFileSync(join(ROOT, "lessons", "course.json"), "utf8"));
  const inCourse = new Set(course.sections.flatMap((s) => s.lessons));
  for (const file of readdirSync(join(ROOT, "lessons")).filter((f) => inCourse.has(f)).sort()) {
    const type = JSON.parse(readFileSync(join(ROOT, "lessons", file), "utf8")).goal?.type;
    if (type && !byGoal[type]) byGoal[type] = file.replace(/\.json$/, "");
  }
  return byGoal;
}
const REACH = JSON.stringify({
  id: "reach-picture",
  title: { ru: "Дойди до клетки", en: "Get to the square" },
  intro: { ru: "Приведи ладью на a8.", en: "Bring the rook to a8." },
  position: "8/8/8/8/8/8/8/R7 w - - 0 1",
  goal: { type: "reach", square: "a8" },
  par: 1,
});
const ESCAPE = readFileSync(join(ROOT, "tests", "browser", "fixtures", "escape-knight.json"), "utf8");

/** The picture in `selector` (lesson's shadow root): its view, alt, size and whether it loaded
 *  (once it has loaded or failed). */
const picture = (page, selector, el = tutor) =>
  page.locator(`${el} ${selector} img.l-pict`).evaluate(async (img) => {
    if (!img.complete) await new Promise((done) => ["load", "error"].forEach((e) => img.addEventListener(e, done, { once: true })));
    return {
      view: new URL(img.src).hash.slice(1),
      file: new URL(img.src).pathname.split("/").pop(),
      alt: img.getAttribute("alt"),
      role: img.getAttribute("role"),
      label: img.getAttribute("aria-label"),
      loaded: img.complete && img.naturalWidth > 0,
      width: img.getBoundingClientRect().width,
      hidden: img.hidden,
    };
  });

describe("a task told by a picture (issue 25, point 2)", () => {
  test("every goal type: its pictogram on the intro card and on the task line, decorative (alt=\"\"), the words kept", async () => {
    const context = await env.browser.newContext({ viewport: LAPTOP });
    const byGoal = lessonsByGoal();
    const seen = [];
    const { page, problems } = await openPage(context);
    for (const [type, id] of Object.entries(byGoal)) {
      await page.goto(`${env.server.url}?lang=en#/lesson/${id}`);
      await waitState(page, "intro");
      const card = await picture(page, ".l-card-goal");
      assert.deepEqual([unhashed(card.file), card.view, card.alt, card.role, card.label, card.loaded, card.hidden], ["goals.svg", type, "", null, null, true, false], `${id}: the card's picture`);
      assert.ok(card.width >= 48, `${id}: the card's picture is big (${card.width} px)`);
      assert.match(await page.locator(`${tutor} .l-card-goal`).textContent(), /^Your task: \S/, `${id}: the task's words stay`);
      await page.locator(`${tutor} .l-start`).click();
      await waitState(page, "playing");
      if (type === "show") {
        // an idea lesson's steps say what to do; the card had its picture
        seen.push(type);
        continue;
      }
      const line = type === "question" || type === "can_capture" || type === "stronger" ? ".l-q" : ".l-goal";
      const task = await picture(page, line);
      assert.deepEqual([task.view, task.alt, task.loaded], [type, "", true], `${id}: the task line's picture`);
      assert.ok(task.width >= 24, `${id}: ${task.width} px`);
      // the picture adds no words: the task line reads as before
      const words = await page.locator(`${tutor} ${line}`).textContent();
      assert.ok(words.length > 5 && !/goals\.svg/.test(words), words);
      seen.push(type);
    }
    // reach and escape, which the course does not use yet
    for (const [type, text] of [["reach", REACH], ["escape", ESCAPE]]) {
      await page.goto(`${env.server.url}embed-example.html`);
      await page.evaluate((text) => {
        document.body.replaceChildren();
        const el = document.createElement("chess-tutor");
        el.id = "own";
        el.setAttribute("lang", "en");
        el.lessonText = text;
        el.setAttribute("lesson", "own.json");
        document.body.append(el);
      }, text);
      await waitState(page, "intro", "#own");
      assert.equal((await picture(page, ".l-card-goal", "#own")).view, type);
      await page.locator("#own .l-start").click();
      await waitState(page, "playing", "#own");
      const task = await picture(page, ".l-goal", "#own");
      assert.deepEqual([task.view, task.alt, task.loaded], [type, "", true], type);
      seen.push(type);
    }
    assert.ok(seen.length >= 15, `goal types seen: ${seen}`);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the course page: each lesson card shows its goal's pictogram, as its intro card does", async () => {
    const context = await env.browser.newContext({ viewport: PHONE });
    const { page, problems } = await openPage(context);
    await page.goto(`${env.server.url}?lang=ru#/course`);
    await page.waitForSelector('body[data-course="ready"]', { timeout: 15_000 });
    // each goal's picture is a file of its own (images/goals/<goal>-0A1B2C3D.svg: scripts/goal-pictures.mjs),
    // each loaded or failed in its turn (on a loaded machine the page may be ready before its pictures);
    // those below the first screen come lazily (loading="lazy"): asked for here all at once
    const lazy = await page.locator(".lesson-card .card-icon img.card-pict").evaluateAll((imgs) => imgs.filter((img) => img.loading === "lazy").length);
    assert.ok(lazy > 100, `${lazy} pictures load lazily`);
    await page.locator(".lesson-card .card-icon img.card-pict").evaluateAll((imgs) =>
      Promise.all(imgs.map((img) => (img.loading = "eager", img.complete) || new Promise((done) => ["load", "error"].forEach((e) => img.addEventListener(e, done, { once: true }))))),
    );
    const cards = await page.locator(".lesson-card .card-icon").evaluateAll((icons) =>
      icons.map((i) => {
        const img = i.querySelector("img.card-pict");
        const file = img && new URL(img.src).pathname.split("/").slice(-2).join("/").replace(/-[0-9A-Z]{8}\.svg$/, ".svg");
        const view = img && (new URL(img.src).hash.slice(1) || /^goals\/([a-z0-9_]+)\.svg$/.exec(file)?.[1]);
        return { goal: i.dataset.goal, view, alt: img?.getAttribute("alt"), hidden: i.getAttribute("aria-hidden"), loaded: Boolean(img?.complete && img.naturalWidth), text: i.textContent };
      }),
    );
    assert.ok(cards.length > 100, `${cards.length} lessons`);
    for (const c of cards) assert.deepEqual(c, { goal: c.goal, view: c.goal, alt: "", hidden: "true", loaded: true, text: "" }, c.goal);
    await screenshot(page, "layout-course-360");
    assert.deepEqual(problems, []);
    await context.close();
  });

  for (const viewport of SIZES) {
    test(`${size(viewport)}: the intro card and the task line with their pictures (screenshots)`, async () => {
      const context = await env.browser.newContext({ viewport });
      for (const [id, lang] of [["rook-stars-1", "ru"], ["mate-1-back-rank", "en"], ["board-names-question", "en"]]) {
        const { page, problems } = await openLesson(context, id, lang);
        await screenshot(page, `layout-pict-${viewport.width}-${id}-intro`);
        await assertSeen(page, tutor, [".l-card-goal .l-pict", ".l-start"], `${id}: the picture and Start on the card`);
        await page.locator(`${tutor} .l-start`).click();
        await waitState(page, "playing");
        await assertSeen(page, tutor, [id === "board-names-question" ? ".l-q .l-pict" : ".l-goal .l-pict"], `${id}: the task line's picture`);
        await screenshot(page, `layout-pict-${viewport.width}-${id}-playing`);
        assert.deepEqual(problems, []);
        await page.close();
      }
      await context.close();
    });
  }
});

// ---- point 2: the hand that shows the first move

async function toArrowStep(page) {
  for (let k = 0; k < 6 && !(await page.locator(`${tutor} .l-step[data-waits="false"]`).count()); k++) await page.locator(`${tutor} .l-step-next`).click();
  return page.locator(tutor).evaluate((el) => {
    const arrow = el.shadowRoot.querySelector(".shape.l-show-arrow");
    return arrow && { from: arrow.dataset.from, to: arrow.dataset.to };
  });
}

describe("the first lesson of a section: a hand taps the piece, then the square, once (issue 25, point 2)", () => {
  for (const viewport of SIZES) {
    test(`${size(viewport)}: shown once per section, on the step's arrow; taps go through it; Skip puts it away`, async () => {
      const context = await env.browser.newContext({ viewport });
      const { page, problems } = await openLesson(context, "idea-rook-bishop");
      assert.equal(await page.locator(tutor).getAttribute("data-hand"), "rook-bishop", "the app names the section");
      await page.locator(`${tutor} .l-start`).click();
      await waitState(page, "playing");
      const arrow = await toArrowStep(page);
      assert.ok(arrow?.from && arrow?.to, "a step with a move");
      const box = page.locator(`${tutor} .l-hand-box`);
      await box.waitFor({ timeout: 5_000 });
      assert.deepEqual({ from: await box.getAttribute("data-from"), to: await box.getAttribute("data-to") }, arrow, "the hand shows the arrow's move");
      const facts = await page.locator(tutor).evaluate((el) => {
        const root = el.shadowRoot;
        const box = root.querySelector(".l-hand-box");
        const hand = box.querySelector(".l-hand");
        return {
          events: getComputedStyle(box).pointerEvents,
          alt: hand.getAttribute("alt"),
          running: hand.getAnimations().filter((a) => a.playState === "running").length,
          skip: box.querySelector(".l-hand-skip").textContent,
          skipEvents: getComputedStyle(box.querySelector(".l-hand-skip")).pointerEvents,
        };
      });
      assert.deepEqual(facts, { events: "none", alt: "", running: 1, skip: "Skip", skipEvents: "auto" });
      await page.waitForTimeout(900); // the finger on the piece (not settled: the hand would be gone)
      await plainScreenshot(page, `layout-hand-${viewport.width}`);
      await assertSeen(page, tutor, [".l-hand-skip"], "Skip in view");
      // Skip covers neither square of the move
      const skipCovers = await page.locator(tutor).evaluate((el, { from, to }) => {
        const root = el.shadowRoot;
        const k = root.querySelector(".l-hand-skip").getBoundingClientRect();
        return [from, to].filter((sq) => {
          const r = root.querySelector(`[data-square="${sq}"]`).getBoundingClientRect();
          return r.left < k.right && r.right > k.left && r.top < k.bottom && r.bottom > k.top;
        });
      }, arrow);
      assert.deepEqual(skipCovers, [], "Skip leaves the move's squares free");
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("chess-tutor:hand:v1")));
      assert.deepEqual(stored, ["rook-bishop"], "remembered for the section");
      // a tap on the piece under the hand reaches the board and puts the hand away
      const square = page.locator(`${tutor} [data-square="${arrow.from}"]`);
      const r = await square.boundingBox();
      await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
      assert.equal(await box.count(), 0, "the child's tap puts the hand away");
      assert.equal(await page.locator(tutor).evaluate((el, sq) => el.shadowRoot.querySelector(`[data-square="${sq}"]`).getAttribute("aria-selected") ?? el.shadowRoot.querySelector(`[data-square="${sq}"] .selected, [data-square="${sq}"].selected`) !== null, arrow.from), "true", "the piece is picked");
      // a second visit: no hand
      await page.reload();
      await waitState(page, "intro");
      await page.locator(`${tutor} .l-start`).click();
      await waitState(page, "playing");
      await toArrowStep(page);
      await page.waitForTimeout(400);
      assert.equal(await box.count(), 0, "once per section");
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test("Skip (by keyboard) puts it away and gives the board the focus; never under reduced motion; never in a lesson that is not a section's first", async () => {
    const context = await env.browser.newContext({ viewport: LAPTOP });
    const { page, problems } = await openLesson(context, "idea-pieces");
    await page.locator(`${tutor} .l-start`).click();
    await waitState(page, "playing");
    await toArrowStep(page);
    const box = page.locator(`${tutor} .l-hand-box`);
    await box.waitFor({ timeout: 5_000 });
    await page.locator(`${tutor} .l-hand-skip`).focus();
    await page.keyboard.press("Enter");
    assert.equal(await box.count(), 0, "Skip puts it away");
    assert.equal(await page.locator(tutor).evaluate((el) => Boolean(el.shadowRoot.activeElement?.closest("svg.board"))), true, "the board has the focus");
    // not a section's first lesson: no data-hand, no hand
    await page.goto(`${env.server.url}?lang=en#/lesson/rook-stars-1`);
    await waitState(page, "intro");
    assert.equal(await page.locator(tutor).getAttribute("data-hand"), null);
    assert.deepEqual(problems, []);
    await context.close();
    // reduced motion: none
    const still = await env.browser.newContext({ viewport: LAPTOP, reducedMotion: "reduce" });
    const second = await openLesson(still, "idea-capture");
    await second.page.locator(`${tutor} .l-start`).click();
    await waitState(second.page, "playing");
    assert.ok(await toArrowStep(second.page), "a step with a move");
    await second.page.waitForTimeout(500);
    assert.equal(await second.page.locator(`${tutor} .l-hand-box`).count(), 0, "no hand under reduced motion");
    assert.deepEqual(second.problems, []);
    await still.close();
  });
});

// ---- point 4: the layout items, each measured

describe("the first hour, without a stumble: what was cut, covered or out of view (issue 25, point 4)", () => {
  for (const viewport of SIZES) {
    for (const lang of ["ru", "en"]) {
      test(`${size(viewport)}, ${lang}: "Name the square": four choices in view; the feedback covers neither the letters nor the knight, nor gives the answer`, async () => {
        const context = await env.browser.newContext({ viewport });
        const { page, problems } = await openLesson(context, "board-names-question", lang);
        await page.locator(`${tutor} .l-start`).click();
        await waitState(page, "playing");
        const choices = [1, 2, 3, 4].map((k) => `.l-choice:nth-child(${k})`);
        await assertSeen(page, tutor, choices, "the four choices");
        for (const wrong of [1, 2, 3]) {
          await page.locator(`${tutor} .l-choice[data-choice="${wrong}"]`).click();
          const box = page.locator(`${tutor} [part~="feedback"]`);
          await box.waitFor();
          await page.waitForTimeout(250);
          const said = await box.textContent();
          assert.doesNotMatch(said, /e4|[«"]?e[»"]?\s*$|буква e\b|letter .*\bis e\b|цифра 4\b|number .*\bis 4\b/, `choice ${wrong}: the answer is not given away (${said})`);
          const overlap = await page.locator(tutor).evaluate((el) => {
            const root = el.shadowRoot;
            const fb = root.querySelector('[part~="feedback"]').getBoundingClientRect();
            const hit = (r) => r.left < fb.right && r.right > fb.left && r.top < fb.bottom && r.bottom > fb.top;
            const letters = [...root.querySelectorAll(".coords .coord")].filter((t) => /^[a-h]$/.test(t.textContent));
            return {
              letters: letters.length,
              covered: letters.filter((t) => hit(t.getBoundingClientRect())).map((t) => t.textContent),
              knight: hit(root.querySelector('[data-square="e4"]').getBoundingClientRect()),
              rank4: [...root.querySelectorAll(".coords .coord")].filter((t) => t.textContent === "4" && hit(t.getBoundingClientRect())).length,
            };
          });
          assert.deepEqual(overlap, { letters: 8, covered: [], knight: false, rank4: 0 }, `choice ${wrong}: the letters, the knight and its number in sight`);
          await assertSeen(page, tutor, choices.filter((_, k) => k !== wrong), `choice ${wrong}: the other choices still in view`);
          if (wrong === 1) await screenshot(page, `layout-name-${viewport.width}-${lang}-wrong`);
        }
        assert.deepEqual(problems, []);
        await context.close();
      });
    }
  }

  test("360×640: two players with a clock: both clocks on the screen once the game starts, and after moves", async () => {
    const context = await env.browser.newContext({ viewport: PHONE });
    const { page, problems } = await openPage(context);
    await page.goto(`${env.server.url}?lang=ru#/game`);
    // the new-game card ready (data-game="new": its words and play.css in; the button is built before)
    await page.waitForSelector('#game[data-game="new"] .g-start', { timeout: 15_000 });
    await page.locator('#game input[name="mode"][value="two-players"]').check();
    await page.locator('#game input[name="clock"][value="5+0"]').check();
    await page.locator("#game .g-start").click();
    await page.waitForSelector('#game[data-game="playing"]', { timeout: 15_000 });
    await assertSeen(page, "#game", ['.g-clock[data-side="white"]', '.g-clock[data-side="black"]'], "the clocks after Start");
    await screenshot(page, "layout-clock-360-started");
    for (const [from, to] of [["e2", "e4"], ["e7", "e5"], ["g1", "f3"]]) {
      await page.locator(`#game [data-square="${from}"]`).click();
      await page.locator(`#game [data-square="${to}"]`).click();
    }
    await assertSeen(page, "#game", ['.g-clock[data-side="white"]', '.g-clock[data-side="black"]'], "the clocks after three moves");
    await screenshot(page, "layout-clock-360-moves");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("1280×720: free play shows White's back row; \"Play a game\" shows its Play button", async () => {
    const context = await env.browser.newContext({ viewport: LAPTOP });
    const { page, problems } = await openPage(context);
    await page.goto(`${env.server.url}?lang=en#/play`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
    await assertSeen(page, "#tutor", ["a1", "h1", "a8", "h8"].map((sq) => `[data-square="${sq}"]`), "the whole board in the window");
    await screenshot(page, "layout-play-1280");
    await page.goto(`${env.server.url}?lang=ru#/game`);
    // the new-game card ready (data-game="new": its words and play.css in; the button is built before)
    await page.waitForSelector('#game[data-game="new"] .g-start', { timeout: 15_000 });
    await assertSeen(page, "#game", [".g-start"], "Play in view");
    await screenshot(page, "layout-game-1280");
    await page.locator("#game .g-start").click();
    await page.waitForSelector('#game[data-game="playing"]', { timeout: 15_000 });
    assert.deepEqual(problems, []);
    await context.close();
  });

  for (const lang of ["ru", "en"]) {
    test(`360×640, ${lang}: a lesson's panel shows whole lines, and the feedback keeps its icon`, async () => {
      const context = await env.browser.newContext({ viewport: PHONE });
      const { page, problems } = await openLesson(context, "rook-stars-1", lang);
      await page.locator(`${tutor} .l-start`).click();
      await waitState(page, "playing");
      const overflow = () => page.locator(tutor).evaluate((el) => {
        const p = el.shadowRoot.querySelector(".panel");
        return p.scrollHeight - p.clientHeight;
      });
      assert.ok((await overflow()) <= 1, `nothing cut at the panel's bottom at the start (${await overflow()} px)`);
      await page.locator(`${tutor} [data-square="a1"]`).click();
      await page.locator(`${tutor} [data-square="a8"]`).click();
      const icon = page.locator(`${tutor} [part~="feedback"] .say-icon`).first();
      await icon.waitFor();
      const r = await icon.boundingBox();
      assert.ok(r && r.width >= 16 && r.height >= 16, `the feedback's icon is shown (${r?.width}×${r?.height})`);
      await assertSeen(page, tutor, ['[part~="feedback"] .say-icon']);
      await screenshot(page, `layout-panel-360-${lang}-wrong`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test("360×640, ru: each section's idea lesson, at its first step: the panel's lines whole, Next in view and uncovered", async () => {
    const context = await env.browser.newContext({ viewport: PHONE });
    const course = JSON.parse(readFileSync(join(ROOT, "lessons", "course.json"), "utf8"));
    const ids = course.sections.map((s) => s.lessons[0].replace(/\.json$/, ""));
    const { page, problems } = await openPage(context);
    const cut = [];
    for (const id of ids) {
      await page.goto(`${env.server.url}?lang=ru#/lesson/${id}`);
      await waitState(page, "intro");
      await page.locator(`${tutor} .l-start`).click();
      await waitState(page, "playing");
      const over = await page.locator(tutor).evaluate((el) => {
        const p = el.shadowRoot.querySelector(".panel");
        return p.scrollHeight - p.clientHeight;
      });
      if (over > 1) cut.push(`${id}: ${over} px cut`);
      if (await page.locator(`${tutor} .l-step-next:visible`).count()) {
        const why = await unseen(page, tutor, ".l-step-next");
        if (why) cut.push(`${id}: ${why}`);
      }
      if (id === "idea-check-mate") await screenshot(page, "layout-idea-360-step1");
    }
    assert.deepEqual(cut, [], "every first step whole");
    assert.deepEqual(problems, []);
    await context.close();
  });

  for (const viewport of SIZES) {
    test(`${size(viewport)}: lesson 1, step 1 marks no squares`, async () => {
      const context = await env.browser.newContext({ viewport });
      const { page, problems } = await openLesson(context, "idea-board");
      await page.locator(`${tutor} .l-start`).click();
      await waitState(page, "playing");
      assert.equal(await page.locator(`${tutor} .l-step`).getAttribute("data-step"), "0");
      assert.equal(await page.locator(`${tutor} .shape.l-shape`).count(), 0, "no squares highlighted in step 1");
      await screenshot(page, `layout-lesson1-${viewport.width}-step1`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
