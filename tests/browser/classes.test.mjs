// The class pages (issue 26, docs/teachers.md "Classes") against the real class server: the binary of
// server/ (built by scripts/test.sh before the browser tests: cargo build --release -p chess-tutor-server),
// started on a free port with a throwaway SQLite file and --dist dist. The whole loop: a teacher
// signs up, makes a class of three, prints the cards, gives two lessons; each pupil signs in from
// her card's QR link in a fresh browser and solves a lesson (one of them offline first: the
// attempt waits in the browser and arrives once); the teacher's grid shows it, the replay plays
// it, the CSV holds it. And: the static app (plain serve) shows no class part; axe-core finds
// nothing on the teacher's pages and the pupil's sign-in. Screenshots: classes-*.png.
// CLASS_SERVER_URL=http://…/ uses a server already running instead (its dist must be this one).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { mkdirSync } from "node:fs";
import { useClassServerAndBrowser } from "./class-server.mjs";
import { ROOT, SCREENSHOTS, openPage, screenshot, startServer, unhashed } from "./helpers.mjs";

const AXE = readFileSync(join(ROOT, "node_modules", "axe-core", "axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
// rook-stars-1: the rook collects a5, e5, e8 (three moves, no replies); bishop-stars-1 is the second lesson
const LESSONS = ["rook-stars-1", "bishop-stars-1"];
const SOLUTION = [["a1", "a5"], ["a5", "e5"], ["e5", "e8"]];

/** The viewport only (the course below the homework is long). */
async function viewShot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** axe-core's violations (WCAG 2.1 A and AA) on the page, in words ("" when none). */
async function axe(page, name) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(AXE);
  const found = await page.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((v) => `${v.id}: ${v.help}\n    ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary.replace(/\s+/g, " ").slice(0, 240)}`).join("\n    ")}`);
  }, TAGS);
  return found.length ? `${name}: ${found.join("\n  ")}` : "";
}

const env = useClassServerAndBrowser();
const state = { cards: [], code: null, classId: null, login: `brown-${Date.now()}`, password: "correct horse battery" };

/** Plays the rook lesson to the end (the widget's play(), as a tap would). */
async function solveRook(page, { hint = false } = {}) {
  await page.waitForSelector('#lesson-tutor[data-lesson="intro"]', { timeout: 20_000 });
  await page.locator("#lesson-tutor .l-start").click();
  await page.waitForSelector('#lesson-tutor[data-lesson="playing"]');
  if (hint) await page.locator("#lesson-tutor .l-hint").click();
  for (const [from, to] of SOLUTION) {
    await page.locator(`#lesson-tutor [data-square="${from}"]`).click();
    await page.locator(`#lesson-tutor [data-square="${to}"]`).click();
  }
  await page.waitForSelector('#lesson-tutor[data-lesson="done"]', { timeout: 10_000 });
}

describe("classes", { concurrency: false }, () => {

  test("a teacher signs up, makes a class of three, prints the cards and gives two lessons", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const { page, problems } = await openPage(context);
    await page.goto(`${env.server.url}?lang=en#/studio`);
    await page.waitForSelector('body[data-classes="on"]');
    await page.waitForSelector('[data-teacher-nav="teacher"]');
    await page.click('[data-teacher-nav="teacher"]');
    await page.waitForSelector('[data-teacher="sign-up"]');
    assert.equal(await axe(page, "teacher sign-in"), "");
    await screenshot(page, "classes-teacher-sign-in");
    await page.fill("#t-up-name", "Ms Brown");
    await page.fill("#t-up-login", state.login);
    await page.fill("#t-up-password", state.password);
    await page.click('[data-teacher="sign-up"] button[type="submit"]');
    await page.waitForSelector('[data-teacher="new-class"]');
    await page.fill("#t-class-name", "2B chess club");
    await page.click('[data-teacher="new-class"] button[type="submit"]');
    await page.waitForSelector('[data-teacher="code"]');
    state.code = (await page.textContent('[data-teacher="code"]')).trim();
    state.classId = /#\/teacher\/class\/([^/]+)/.exec(page.url())[1];
    assert.match(state.code, /^[A-Z0-9]{4,12}$/);
    await page.fill("#t-names", "Anna\nBoris\n=Chloe");
    await page.click('[data-teacher="add-pupils"] button[type="submit"]');
    await page.waitForFunction(() => document.querySelectorAll(".pupil-list li[data-pupil]").length === 3);
    // two lessons of the course
    for (const id of LESSONS) await page.check(`[data-teacher="assign"] input[value="${id}"]`);
    await page.click('[data-teacher="assign"] button[type="submit"]');
    await page.waitForSelector(".assignment-list li[data-assignment]");
    await page.waitForSelector('[data-teacher="results"]');
    assert.equal(await page.locator('[data-teacher="results"] .grid-cell[data-state="none"]').count(), 6, "3 pupils × 2 lessons, none started");
    assert.equal(await axe(page, "teacher class page"), "");
    await screenshot(page, "classes-teacher-class-1280");
    // the cards: each with the name, the code, three pictures and a QR link
    await page.click('[data-teacher="cards"]');
    await page.waitForSelector('[data-teacher="card-sheet"] .card .qr');
    state.cards = await page.$$eval(".card", (cards) => cards.map((c) => ({ name: c.querySelector(".card-name").textContent, link: c.dataset.link, pictures: [...c.querySelectorAll(".card-pictures img")].length })));
    assert.equal(state.cards.length, 3);
    for (const c of state.cards) {
      assert.equal(c.pictures, 3);
      assert.match(c.link, new RegExp(`#/class/${state.code}/[^/]+/[a-z]+-[a-z]+-[a-z]+$`));
    }
    assert.equal(await axe(page, "login cards"), "");
    await page.emulateMedia({ media: "print" });
    assert.equal(await page.locator(".tabs").isVisible(), false, "the print view shows only the cards");
    await screenshot(page, "classes-cards-print");
    await page.emulateMedia({ media: "screen" });
    assert.deepEqual(problems.filter((p) => !/\b401\b/.test(p)), []);
    await context.close();
  });

  test("each pupil signs in from her card's QR link in a fresh browser and solves a lesson; one offline first", async () => {
    for (const [k, card] of state.cards.entries()) {
      const viewport = k === 0 ? { width: 360, height: 640 } : { width: 1280, height: 720 };
      const context = await env.browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(card.link.replace(/^https?:\/\/[^/]+\//, env.server.url));
      await page.waitForSelector("#class-box .hw-head", { timeout: 15_000 });
      assert.match(await page.textContent("#class-box h2"), new RegExp(card.name.replace(/[=]/g, "\\$&")));
      await page.waitForSelector(".hw-lesson");
      assert.equal(await page.locator(".hw-lesson").count(), 2, "her homework first: the two lessons");
      assert.ok(await page.evaluate(() => document.querySelector("#class-box").compareDocumentPosition(document.querySelector(".course-section")) & Node.DOCUMENT_POSITION_FOLLOWING), "then the course");
      if (k < 2) await viewShot(page, `classes-pupil-homework-${viewport.width}`);
      await page.click(`.hw-lesson[data-lesson="${LESSONS[0]}"]`);
      if (k === 2) {
        // offline while solving: the attempt waits in the browser, then arrives once
        await page.waitForSelector('#lesson-tutor[data-lesson="intro"]', { timeout: 20_000 });
        await context.setOffline(true);
        await solveRook(page);
        await page.waitForFunction(() => document.documentElement.dataset.attemptsWaiting === "1");
        const waiting = await page.evaluate(() => JSON.parse(localStorage.getItem("chess-tutor:class-attempts:v1")));
        assert.equal(waiting.length, 1);
        assert.equal(waiting[0].lesson, LESSONS[0]);
        assert.deepEqual(waiting[0].moves, ["a1a5", "a5e5", "e5e8"]);
        await context.setOffline(false);
        await page.evaluate(() => window.dispatchEvent(new Event("online")));
        await page.waitForFunction(() => document.documentElement.dataset.attemptsWaiting === "0", null, { timeout: 15_000 });
        assert.equal(await page.evaluate(() => localStorage.getItem("chess-tutor:class-attempts:v1")), "[]");
      } else {
        await solveRook(page, { hint: k === 1 }); // Boris asks for a hint first
        await page.waitForFunction(() => document.documentElement.dataset.attemptsWaiting === "0", null, { timeout: 15_000 });
      }
      await context.close();
    }
  });

  test("the teacher's grid shows the attempts, the replay plays one, the CSV holds them", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 }, acceptDownloads: true });
    const page = await context.newPage();
    // a fresh browser: she signs in again
    await page.goto(`${env.server.url}?lang=en#/teacher/class/${state.classId}`);
    await page.waitForSelector('[data-teacher="sign-in"]');
    await page.fill("#t-in-login", state.login);
    await page.fill("#t-in-password", state.password);
    await page.click('[data-teacher="sign-in"] button[type="submit"]');
    await page.waitForSelector('[data-teacher="results"]');
    // every pupil solved the rook lesson once (the offline one too: once), none the bishop's
    const cells = await page.$$eval(`[data-teacher="results"] tr[data-pupil]`, (rows) => rows.map((r) => ({ name: r.querySelector("th").textContent, cell: r.querySelector(`td[data-lesson="rook-stars-1"] .grid-cell`) })).map(({ name, cell: c }) => ({ name, state: c.dataset.state, text: c.textContent, label: c.querySelector(".t-stars")?.getAttribute("aria-label") })));
    assert.equal(cells.length, 3);
    for (const c of cells) {
      assert.equal(c.state, "solved", c.text);
      assert.match(c.text, /solved · 1 try\b/);
      // the server's judgement, the stars each child saw: Boris asked for a hint (it costs no star)
      assert.match(c.label, /3 of 3 stars/, c.name);
    }
    assert.equal(await page.locator(`[data-teacher="results"] td[data-lesson="${LESSONS[1]}"] .grid-cell[data-state="none"]`).count(), 3, "not started: dashed, in words");
    assert.match(await page.textContent(`[data-teacher="results"] tr:has(th:text-is("Boris")) td[data-lesson="${LESSONS[0]}"]`), /1 hint\b/);
    // a cell opens the pupil's attempts; Replay plays one on the board, move by move
    await page.click(`[data-teacher="results"] tr:nth-child(3) td[data-lesson="${LESSONS[0]}"] .grid-cell`);
    await page.waitForSelector('[data-teacher="attempts"] [data-replay-attempt]');
    await page.click('[data-teacher="attempts"] [data-replay-attempt]');
    await page.waitForSelector('[data-teacher="replay"][data-at="0"]');
    const squares = [];
    for (let k = 0; k < 3; k++) {
      await page.click('[data-replay="next"]');
      await page.waitForSelector(`[data-teacher="replay"][data-at="${k + 1}"]`);
      squares.push(await page.evaluate(() => [...document.querySelector(".replay-board").shadowRoot.querySelectorAll("[data-square]")].filter((c) => /rook/i.test(c.getAttribute("aria-label") ?? "")).map((c) => c.dataset.square)));
    }
    assert.deepEqual(squares, [["a5"], ["e5"], ["e8"]], "the rook goes a5, e5, e8");
    assert.match(await page.textContent(".replay-said"), /Move 3 of 3: Re8/); // the children's notation
    assert.equal(await page.locator('[data-replay="next"]').isDisabled(), true);
    assert.equal(await axe(page, "results and replay"), "");
    await screenshot(page, "classes-replay-1280");
    // the CSV: a download with every pupil's row for the rook lesson; the name "=Chloe" not a formula
    const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-teacher="csv"]')]);
    const csv = readFileSync(await download.path(), "utf8");
    for (const name of ["Anna", "Boris"]) assert.match(csv, new RegExp(`${name},The rook collects stars`)); // titles, never ids
    assert.match(csv, /'=Chloe/);
    // Boris does a quiz (the bishop's targets): a wrong square first, then a hint, then every
    // target. The judge's verdicts mark the wrong square, in words and with a ✗; the hint is shown
    // where he asked it
    const assigned = await page.evaluate(async (cls) => (await fetch(`api/v1/classes/${cls}/assignments`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ lessons: ["bishop-targets"] }) })).status, state.classId);
    assert.equal(assigned, 201);
    const boris = await env.browser.newContext();
    const borisPage = await boris.newPage();
    await borisPage.goto(state.cards.find((c) => c.name === "Boris").link.replace(/^https?:\/\/[^/]+\//, env.server.url));
    await borisPage.waitForSelector("#class-box .hw-head", { timeout: 15_000 });
    // the bishop on d5 (a white pawn on b3, a black one on f7): what the widget reports, as sent
    const targets = ["c6", "b7", "a8", "e6", "f7", "c4", "e4", "f3", "g2", "h1"];
    const judged = await borisPage.evaluate(async (moves) => {
      const r = await fetch("api/v1/attempts", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: crypto.randomUUID(), lesson: "bishop-targets", moves, answers: [], hints: 1, hintsAt: [1], ms: 8000 }) });
      return r.json();
    }, ["a1", ...targets]);
    assert.equal(judged.solved, true, JSON.stringify(judged));
    await boris.close();
    await page.reload();
    await page.waitForSelector('[data-teacher="results"]');
    await page.click(`[data-teacher="results"] tr:has(th:text-is("Boris")) td[data-lesson="bishop-targets"] .grid-cell`);
    await page.waitForSelector('[data-teacher="attempts"] [data-replay-attempt]');
    await page.click('[data-teacher="attempts"] [data-replay-attempt]');
    await page.waitForSelector('[data-teacher="replay"][data-at="0"]');
    const marks = await page.$$eval(".replay-moves li", (items) => items.map((li) => ({ wrong: li.dataset.wrong ?? null, hint: li.dataset.hint ?? null, text: li.textContent })));
    assert.equal(marks.length, 1 + targets.length);
    assert.equal(marks[0].wrong, "mistake");
    assert.match(marks[0].text, /✗ \S/); // the words the child heard (or what the judge made of it)
    assert.equal(marks.filter((m) => m.wrong).length, 1, "only the wrong square is marked");
    assert.equal(marks[1].hint, "true");
    assert.match(marks[1].text, /\? a hint here/);
    assert.equal(marks.filter((m) => m.hint).length, 1);
    await page.click('[data-replay="next"]');
    await page.waitForSelector('[data-teacher="replay"][data-at="1"]');
    assert.match(await page.textContent(".replay-said"), /Move 1 of 11: a1 \(the pupil\)\. ✗ .+ A hint before the next move\./);
    assert.equal(await axe(page, "replay with a mistake and a hint"), "");
    await screenshot(page, "classes-replay-mistake-1280");
    await page.setViewportSize({ width: 360, height: 640 });
    await screenshot(page, "classes-teacher-class-360");
    // the studio's "Send to my class": a lesson the server's checker refuses is listed, place by place;
    // a course lesson's copy is sent and given as homework
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${env.server.url}?lang=en#/studio`);
    await page.waitForSelector('[data-studio="send-to-class"]');
    const send = async (lesson) => {
      await page.evaluate(() => document.querySelector(".studio-action")?.replaceChildren());
      await page.fill('[data-studio="json"]', JSON.stringify(lesson, null, 2));
      await page.click('[data-studio="send-to-class"]');
      await page.waitForSelector('[data-teacher="send"]');
      await page.click('[data-teacher="send"] button[type="submit"]');
      await page.waitForSelector(".studio-action .form-message[data-kind]");
      return page.getAttribute(".studio-action .form-message", "data-kind");
    };
    assert.equal(await send({ id: "no-rook", title: { en: "No rook", ru: "Без ладьи" }, position: "8/8/8/8/8/8/8/8 w - - 0 1", goal: { type: "stars", squares: ["a5"] } }), "error");
    assert.ok((await page.locator('[data-teacher="problems"] li').count()) > 0, await page.textContent(".studio-action .form-message"));
    await screenshot(page, "classes-send-refused");
    const own = { ...JSON.parse(readFileSync(join(ROOT, "lessons", "rook-stars-1.json"), "utf8")), id: "my-rook-stars" };
    assert.equal(await send(own), "ok", await page.textContent(".studio-action .form-message"));
    await screenshot(page, "classes-send-to-class");
    // the same refused lesson on the Russian page: each problem in Russian, from the word catalogue
    // the studio uses for its checker (the server's English sentence is not shown)
    const english = await page.evaluate(async () => (await (await fetch("api/v1/lessons", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: "no-rook", title: { en: "No rook", ru: "Без ладьи" }, position: "8/8/8/8/8/8/8/8 w - - 0 1", goal: { type: "stars", squares: ["a5"] } }) })).json()).problems);
    assert.ok(english.length > 0 && english.every((p) => p.id && p.args), JSON.stringify(english));
    await page.goto(`${env.server.url}?lang=ru#/studio`);
    await page.waitForSelector('[data-studio="send-to-class"]');
    assert.equal(await send({ id: "no-rook", title: { en: "No rook", ru: "Без ладьи" }, position: "8/8/8/8/8/8/8/8 w - - 0 1", goal: { type: "stars", squares: ["a5"] } }), "error");
    const said = await page.$$eval('[data-teacher="problems"] li', (items) => items.map((li) => ({ id: li.dataset.message, text: li.textContent })));
    assert.equal(said.length, english.length);
    for (const [k, p] of said.entries()) {
      assert.equal(p.id, english[k].id);
      assert.match(p.text, /[а-яё]/i, p.text);
      assert.ok(!p.text.includes(english[k].message), `${p.text} is not the English sentence`);
    }
    await screenshot(page, "classes-send-refused-ru");
    await context.close();
  });
});

describe("the pupil's sign-in, by hand", () => {
  test("class code, her name, three pictures: big buttons with names; wrong pictures said in words", async () => {
    const context = await env.browser.newContext({ viewport: { width: 360, height: 640 } });
    const page = await context.newPage();
    await page.goto(`${env.server.url}?lang=en`);
    await page.waitForSelector('[data-class="join"]');
    await page.click('[data-class="join"]');
    await page.waitForSelector("#class-code");
    assert.equal(await axe(page, "pupil sign-in: the code"), "");
    await page.fill("#class-code", "nosuch");
    await page.click(".signin-code button[type=submit]");
    await page.waitForFunction(() => /no class/.test(document.querySelector(".signin-message").textContent));
    await screenshot(page, "classes-pupil-code-360");
    await page.goto(`${env.server.url}?lang=ru#/class/${state.code}`);
    await page.waitForSelector(".signin-names button");
    assert.equal(await page.locator(".signin-names button").count(), 3);
    assert.equal(await axe(page, "pupil sign-in: the names"), "");
    await page.click(".signin-names li:first-child button");
    await page.waitForSelector(".signin-pictures button.picture");
    assert.equal(await page.locator(".signin-pictures button.picture").count(), 12);
    // the sprite's twelve (images/pictures.mjs), the server's names, in its order
    const { PICTURES } = await import("../../images/pictures.mjs");
    assert.deepEqual(await page.$$eval(".signin-pictures button.picture", (bs) => bs.map((b) => b.dataset.picture)), PICTURES);
    assert.equal(await page.getAttribute('.signin-pictures [data-picture="cat"]', "aria-label"), "кошка");
    assert.equal(await axe(page, "pupil sign-in: the pictures"), "");
    await screenshot(page, "classes-pupil-pictures-360");
    // three pictures that are not hers (her card's are known)
    const hers = state.cards[0].link.split("/").at(-1).split("-");
    const wrong = ["cat", "dog", "fish", "bird", "sun", "moon"].filter((x) => !hers.includes(x)).slice(0, 3);
    for (const x of wrong) await page.click(`.signin-pictures [data-picture="${x}"]`);
    await page.waitForFunction(() => document.querySelector(".signin-message").textContent.length > 0);
    assert.match(await page.textContent(".signin-message"), /не твои картинки/);
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, "classes-pupil-pictures-1280");
    for (const x of hers) await page.click(`.signin-pictures [data-picture="${x}"]`);
    await page.waitForSelector(".hw-lesson");
    // the teacher's own lesson, sent from the studio, is homework too: played from the server
    await page.click('.hw-lesson[data-lesson="my-rook-stars"]');
    assert.match(page.url(), /#\/homework\/my-rook-stars$/);
    await solveRook(page);
    await page.waitForFunction(() => document.documentElement.dataset.attemptsWaiting === "0", null, { timeout: 15_000 });
    await context.close();
  });
});

describe("a locked pupil", () => {
  test("after five wrong tries she is told, in words and with a picture, to ask her teacher", async () => {
    const context = await env.browser.newContext({ viewport: { width: 360, height: 640 } });
    const page = await context.newPage();
    await page.goto(`${env.server.url}?lang=en#/class/${state.code}`);
    await page.waitForSelector(".signin-names button");
    await page.click(".signin-names li:nth-child(2) button");
    const hers = state.cards[1].link.split("/").at(-1).split("-");
    const wrong = ["cat", "dog", "fish", "bird", "sun", "moon"].filter((x) => !hers.includes(x)).slice(0, 3);
    for (let k = 0; k < 6; k++) {
      if (await page.locator('.signin[data-step="locked"]').count()) break;
      await page.waitForSelector('.signin[data-step="pictures"] .signin-pictures:not([inert])');
      for (const x of wrong) await page.click(`.signin-pictures [data-picture="${x}"]`);
      await page.waitForFunction(() => document.querySelector(".signin").dataset.step === "locked" || document.querySelector(".signin-message").textContent.length > 0);
    }
    await page.waitForSelector('.signin[data-step="locked"] .signin-locked');
    assert.match(await page.textContent(".signin-locked-text"), /not right a few times on this device/);
    assert.match(await page.textContent(".signin-locked-wait"), /Try again in \d+ minutes, or ask your teacher/);
    assert.equal(await axe(page, "locked"), "");
    await screenshot(page, "classes-pupil-locked-360");
    await context.close();
  });

  test("the teacher sees the lock, unlocks her, removes a pupil and then the class, each after a confirmation in words", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.goto(`${env.server.url}?lang=en#/teacher/class/${state.classId}`);
    await page.waitForSelector('[data-teacher="sign-in"]');
    await page.fill("#t-in-login", state.login);
    await page.fill("#t-in-password", state.password);
    await page.click('[data-teacher="sign-in"] button[type="submit"]');
    await page.waitForSelector('.pupil-list li[data-locked="true"]');
    assert.match(await page.textContent('.pupil-list li[data-locked="true"]'), /Boris.*being guessed/);
    assert.match(await page.textContent('[data-teacher="limits"]'), /Someone is guessing the pictures of Boris: 5 wrong tries in 15 minutes/);
    await page.click('.pupil-list li[data-locked="true"] [data-action="unlock"]');
    await page.waitForFunction(() => !document.querySelector('.pupil-list li[data-locked="true"]'));
    // remove Anna: asked first, in words; "Keep" keeps her
    const anna = '.pupil-list li:has(.pupil-name:text-is("Anna"))';
    await page.click(`${anna} [data-action="remove"]`);
    assert.match(await page.textContent(`${anna} .confirm`), /Remove Anna\? Their attempts are deleted too/);
    await page.click(`${anna} [data-confirm="no"]`);
    assert.equal(await page.locator(anna).count(), 1);
    await page.click(`${anna} [data-action="remove"]`);
    await page.click(`${anna} [data-confirm="yes"]`);
    await page.waitForFunction(() => document.querySelectorAll(".pupil-list li[data-pupil]").length === 2);
    await page.waitForFunction(() => document.querySelectorAll('[data-teacher="results"] tr[data-pupil]').length === 2); // her row is gone from the grid
    // the class
    await page.click('[data-teacher="remove-class"]');
    assert.match(await page.textContent(".danger .confirm"), /Remove the class 2B chess club, its pupils and all their results\?/);
    await page.click('.danger [data-confirm="yes"]');
    await page.waitForSelector('[data-teacher="new-class"]');
    assert.equal(await page.locator(".class-card").count(), 0);
    await context.close();
  });
});

describe("the static app", () => {
  test("on a plain static host no class part is shown or loaded", async () => {
    const server = await startServer();
    const browser = env.browser;
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const { page, problems } = await openPage(context);
    const requests = [];
    page.on("request", (r) => requests.push(new URL(r.url()).pathname));
    try {
      await page.goto(`${server.url}?lang=en`);
      await page.waitForSelector('body[data-course="ready"]');
      await page.waitForSelector("body[data-classes]");
      assert.equal(await page.getAttribute("body", "data-classes"), "off");
      await page.goto(`${server.url}?lang=en#/studio`);
      await page.waitForSelector('body[data-studio="ready"]');
      await page.goto(`${server.url}?lang=en#/class/ABCDEF/1/cat-dog-sun`);
      await page.waitForSelector('body[data-view="course"]');
      assert.equal(await page.locator("#class-box, .teacher-nav, [data-studio='send-to-class']").count(), 0);
      assert.ok(!requests.some((p) => /\/(pupil|teacher|classes|qr)\.js$|\/i18n\/\w+\/classes\.js$/.test(unhashed(p))), requests.join("\n"));
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
