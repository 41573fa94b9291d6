// Every try reaches the teacher, in her language (issue 37, docs/teachers.md "Classes"), against the real
// class server (class-server.mjs). A Russian teacher's class: two pupils named Саша are refused
// until an initial tells them apart; Саша К. types the class code on a Russian keyboard at 360 px
// («вк7…», shown as the card writes it), fails the back-rank mate twice ("Again" each time),
// takes a hint and begins again, then mates, and "Next" takes her to the next homework lesson;
// Саша М. (from her card, in English, 1280 px) fails twice and leaves; Петя leaves the rook
// lesson as the page closes (the try kept offline, sent at the next start); Маша never starts.
// The teacher's grid (ru, then en; 1280 and 360 px): the summary on top, each kind of try
// counted, "needs help" in a picture and words; every try with its moves in the children's
// notation (Лa7 ✗ with the words the child heard); the replay; the CSV read by Python's csv
// module with the dialect sniffed (`;` after `sep=;` in Russian, `,` in English). Screenshots:
// tries-*.png.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { useClassServerAndBrowser } from "./class-server.mjs";
import { screenshot } from "./helpers.mjs";

const MATE = "mate-1-back-rank"; // Ra1-a8#; Ra7 is the lesson's named wrong move
const ROOK = "rook-stars-1";
const env = useClassServerAndBrowser();
const state = { login: `olga-${Date.now()}`, password: "correct horse battery", classId: null, code: null, links: {} };

/** A Latin code as a child types it on a Russian keyboard: each letter with a Cyrillic
 *  look-alike typed as that one, in small letters (the others in Latin, the layout switched). */
const onRussianKeyboard = (code) => [...code].map((c) => ({ A: "а", B: "в", E: "е", K: "к", M: "м", H: "н", P: "р", C: "с", T: "т", X: "х", Y: "у" })[c] ?? c.toLowerCase()).join("");

async function play(page, from, to) {
  await page.locator(`#lesson-tutor [data-square="${from}"]`).click();
  await page.locator(`#lesson-tutor [data-square="${to}"]`).click();
}

async function start(page) {
  await page.waitForSelector('#lesson-tutor[data-lesson="intro"]', { timeout: 20_000 });
  await page.locator("#lesson-tutor .l-start").click();
  await page.waitForSelector('#lesson-tutor[data-lesson="playing"]');
}

/** A wrong move (Ra7), the lesson's "not mate", then "Again". */
async function failAndAgain(page) {
  await play(page, "a1", "a7");
  await page.waitForSelector('#lesson-tutor[data-lesson="failed"]', { timeout: 10_000 });
  await page.locator("#lesson-tutor .l-retry").click();
  await page.waitForSelector('#lesson-tutor[data-lesson="playing"]');
}

/** The tries a page posted that the server holds (201 stored, 200 stored before), as they come. */
function track(page) {
  const posted = { n: 0 };
  page.on("response", (r) => r.url().endsWith("/api/v1/attempts") && r.request().method() === "POST" && [200, 201].includes(r.status()) && (posted.n += 1)); // 200: a resend of a try that arrived as the page closed
  return posted;
}

/** `n` tries reached the server and nothing waits in the browser. */
async function sent(page, posted, n) {
  for (let k = 0; k < 300 && posted.n < n; k++) await page.waitForTimeout(50);
  assert.equal(posted.n, n, "the tries the server stored");
  await page.waitForFunction(() => document.documentElement.dataset.attemptsWaiting === "0" && (localStorage.getItem("chess-tutor:class-attempts:v1") ?? "[]") === "[]");
}

async function teacherPage(lang, viewport = { width: 1280, height: 720 }) {
  const context = await env.browser.newContext({ viewport, acceptDownloads: true, locale: lang === "ru" ? "ru-RU" : "en-GB", timezoneId: "Europe/Moscow" });
  const page = await context.newPage();
  await page.goto(`${env.server.url}?lang=${lang}#/teacher/class/${state.classId}`);
  await page.waitForSelector('[data-teacher="sign-in"], [data-teacher="results"]');
  if (await page.locator('[data-teacher="sign-in"]').count()) {
    await page.fill("#t-in-login", state.login);
    await page.fill("#t-in-password", state.password);
    await page.click('[data-teacher="sign-in"] button[type="submit"]');
  }
  await page.waitForSelector('[data-teacher="results"]');
  return { context, page };
}

/** The CSV read by Python's csv module: the dialect sniffed (after a `sep=` line, which Excel
 *  reads as the separator and drops), the rows. */
function readCsv(text) {
  const script = `
import csv, json, sys
text = sys.stdin.read()
assert text.startswith("\\ufeff"), "a byte-order mark"
text = text[1:]
first, rest = text.split("\\r\\n", 1)
sep = None
if first.startswith("sep="):
    sep, text = first[4:], rest
dialect = csv.Sniffer().sniff(text.split("\\r\\n", 3)[0] + "\\r\\n" + text.split("\\r\\n", 3)[1])
rows = list(csv.reader(text.splitlines(), dialect))
print(json.dumps({"sep": sep, "delimiter": dialect.delimiter, "rows": rows}, ensure_ascii=False))
`;
  return JSON.parse(execFileSync("python3", ["-c", script], { input: text, encoding: "utf8" }));
}

describe("every try, in the teacher's language", { concurrency: false }, () => {
  test("a Russian teacher: two Сашаs told apart by an initial, homework for Saturday", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.goto(`${env.server.url}?lang=ru#/teacher`);
    await page.waitForSelector('[data-teacher="sign-up"]');
    await page.fill("#t-up-name", "Ольга Петровна");
    await page.fill("#t-up-login", state.login);
    await page.fill("#t-up-password", state.password);
    await page.click('[data-teacher="sign-up"] button[type="submit"]');
    await page.waitForSelector('[data-teacher="new-class"]');
    await page.fill("#t-class-name", "Шахматный кружок");
    await page.click('[data-teacher="new-class"] button[type="submit"]');
    await page.waitForSelector('[data-teacher="code"]');
    state.code = (await page.textContent('[data-teacher="code"]')).trim();
    state.classId = /#\/teacher\/class\/([^/]+)/.exec(page.url())[1];
    assert.match(state.code, /^[ABCDEFHJKMNPRTUWXY34679]{6}$/, "no look-alike pairs");
    // two children called Саша: refused, with an initial suggested
    await page.fill("#t-names", "Саша\nПетя\nсаша");
    await page.click('[data-teacher="add-pupils"] button[type="submit"]');
    await page.waitForFunction(() => /двоих/.test(document.querySelector('[data-teacher="add-pupils"] .form-message').textContent));
    assert.match(await page.textContent('[data-teacher="add-pupils"] .form-message'), /«саша» — так звали бы двоих в классе.*первую букву фамилии.*«Саша К\.»/);
    assert.equal(await page.locator(".pupil-list li[data-pupil]").count(), 0, "nothing added");
    await screenshot(page, "tries-names-twice-ru-1280");
    await page.fill("#t-names", "Саша К.\nСаша М.\nПетя\nМаша");
    await page.click('[data-teacher="add-pupils"] button[type="submit"]');
    await page.waitForFunction(() => document.querySelectorAll(".pupil-list li[data-pupil]").length === 4);
    // the server refuses a name of the class too (a second tab, an old page)
    const refused = await page.evaluate(async (id) => (await fetch(`api/v1/classes/${id}/pupils`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ names: ["саша к."] }) })).json(), state.classId);
    assert.equal(refused.error, "duplicate-name");
    // homework: the mate, then the rook; due on a Saturday
    for (const id of [MATE, ROOK]) await page.check(`[data-teacher="assign"] input[value="${id}"]`);
    await page.fill("#t-due", "2030-01-05");
    await page.click('[data-teacher="assign"] button[type="submit"]');
    await page.waitForSelector(".assignment-list li[data-assignment]");
    assert.match(await page.textContent(".assignment-list"), /Ладья собирает звёзды, Мат на последнем ряду — до сб, 5 января/, "titles, never ids; the due day");
    const pupils = await page.evaluate(async (id) => (await (await fetch(`api/v1/classes/${id}/pupils`)).json()).pupils, state.classId);
    for (const p of pupils) state.links[p.name] = `${env.server.url}#/class/${state.code}/${p.id}/${p.pictures.join("-")}`;
    state.pictures = Object.fromEntries(pupils.map((p) => [p.name, p.pictures]));
    await context.close();
  });

  test("Саша К. types the code on a Russian keyboard at 360 px, fails twice, restarts, mates; Next goes to the next homework", async () => {
    const context = await env.browser.newContext({ viewport: { width: 360, height: 640 }, locale: "ru-RU" });
    const page = await context.newPage();
    const posted = track(page);
    let taps = 0;
    const tap = async (selector) => {
      taps += 1;
      await page.click(selector);
    };
    await page.goto(`${env.server.url}?lang=ru`);
    await page.waitForSelector('[data-class="join"]');
    await tap('[data-class="join"]');
    await page.waitForSelector("#class-code");
    const typed = onRussianKeyboard(state.code);
    await page.locator("#class-code").pressSequentially(typed);
    assert.equal(await page.inputValue("#class-code"), state.code, `«${typed}» shown as the card writes it`);
    await screenshot(page, "tries-code-russian-keyboard-360");
    await tap(".signin-code button[type=submit]");
    await page.waitForSelector(".signin-names button");
    assert.deepEqual(await page.$$eval(".signin-names button", (b) => b.map((x) => x.textContent)), ["Саша К.", "Саша М.", "Петя", "Маша"]);
    await tap('.signin-names button:text-is("Саша К.")');
    // a wrong picture first: the message is in view above the pictures, at 360×640
    const hers = state.pictures["Саша К."];
    const wrong = ["cat", "dog", "fish", "bird", "sun", "moon"].filter((x) => !hers.includes(x)).slice(0, 3);
    for (const x of wrong) await page.click(`.signin-pictures [data-picture="${x}"]`);
    await page.waitForFunction(() => document.querySelector(".signin-message").textContent.length > 0);
    const box = await page.locator(".signin-message").boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= 640, `the message in view: ${JSON.stringify(box)}`);
    await screenshot(page, "tries-wrong-pictures-360");
    await page.waitForSelector(".signin-pictures:not([inert])");
    for (const x of hers) await tap(`.signin-pictures [data-picture="${x}"]`);
    await page.waitForSelector(".hw-lesson");
    assert.match(await page.textContent(".hw-assignment h3"), /^Задание на субботу, 5 января$/);
    await tap(`.hw-lesson[data-lesson="${MATE}"]`);
    await page.waitForSelector('#lesson-tutor[data-lesson="intro"]', { timeout: 20_000 });
    await tap("#lesson-tutor .l-start");
    await page.waitForSelector('#lesson-tutor[data-lesson="playing"]');
    // taps from the code to the first move: the join button, Next, her name, three pictures, the
    // lesson, Start, then the piece and its square (the wrong try above is not counted)
    state.taps = taps + 2;
    await failAndAgain(page);
    await failAndAgain(page);
    await page.locator("#lesson-tutor .l-hint").click();
    await page.locator("#lesson-tutor .l-retry").click(); // "Again" in the middle: a restarted try
    await page.waitForSelector('#lesson-tutor[data-lesson="playing"]');
    await play(page, "a1", "a8");
    await page.waitForSelector('#lesson-tutor[data-lesson="done"]', { timeout: 10_000 });
    await sent(page, posted, 4); // failed, failed, restarted, solved
    // Next: the next homework lesson (the rook), not the course's next mate
    await page.locator("#lesson-tutor .l-card-next").click();
    await page.waitForFunction((id) => location.hash === `#/lesson/${id}`, ROOK);
    await context.close();
    assert.equal(state.taps, 10, "taps from the card to the first move");
  });

  test("Саша М. (English, 1280 px) fails twice and leaves; Петя's page closes in the middle (the try kept, sent at the next start)", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    const posted = track(page);
    await page.goto(state.links["Саша М."].replace("#", "?lang=en#"));
    await page.waitForSelector(".hw-lesson", { timeout: 15_000 });
    await page.click(`.hw-lesson[data-lesson="${MATE}"]`);
    await start(page);
    await failAndAgain(page);
    await play(page, "a1", "a7");
    await page.waitForSelector('#lesson-tutor[data-lesson="failed"]', { timeout: 10_000 });
    await page.evaluate(() => (location.hash = "#/course")); // she leaves
    await page.waitForSelector(".hw-lesson");
    await sent(page, posted, 2); // failed, left after a failure
    await context.close();

    const petya = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const p = await petya.newPage();
    const petyaPosted = track(p);
    await p.goto(state.links["Петя"].replace("#", "?lang=ru#"));
    await p.waitForSelector(".hw-lesson", { timeout: 15_000 });
    await p.click(`.hw-lesson[data-lesson="${ROOK}"]`);
    await start(p);
    await play(p, "a1", "a5");
    await petya.setOffline(true);
    await p.goto("about:blank"); // the page closes: the try is kept in the browser
    await petya.setOffline(false);
    await p.goto(`${env.server.url}?lang=ru`);
    // the app has started (its class server asked): the kept try goes at once (app.js: a pupil
    // signed in here flushes her queue whatever the health answer; waiting for the class box
    // instead raced the health request made right after the network came back)
    await p.waitForSelector("body[data-classes]", { timeout: 15_000 });
    await sent(p, petyaPosted, 1); // left as the page closed, sent at the next start
    await petya.close();
  });

  test("the teacher's grid, summary, tries and replay in Russian; the CSV read by Python", async () => {
    const { context, page } = await teacherPage("ru");
    const cell = (name, lesson) => `[data-teacher="results"] tr:has(th:text-is("${name}")) td[data-lesson="${lesson}"] .grid-cell`;
    const k = await page.textContent(cell("Саша К.", MATE));
    assert.match(k, /решено · попыток: 4/);
    assert.match(k, /неудачных: 2 · заново: 1/);
    assert.equal(await page.getAttribute(cell("Саша К.", MATE), "data-help"), null);
    const m = await page.textContent(cell("Саша М.", MATE));
    assert.match(m, /⚑ нужна помощь/);
    assert.match(m, /не решено · попыток: 2/);
    assert.match(m, /неудачных: 2 · брошено/);
    assert.equal(await page.getAttribute(cell("Саша М.", MATE), "data-help"), "true");
    assert.match(await page.textContent(cell("Петя", ROOK)), /не решено · попыток: 1.*брошено/s);
    assert.equal(await page.getAttribute(cell("Маша", MATE), "data-state"), "none");
    assert.match(await page.textContent(`[data-teacher="results"] th[data-lesson="${MATE}"]`), /Мат на последнем ряду/);
    // the summary on top
    const summary = await page.textContent('[data-teacher="summary"]');
    assert.match(summary, /Всё решили: 0 из 4/);
    assert.match(summary, /Ещё не начали: Маша\./);
    assert.match(summary, /Саша М\. — Мат на последнем ряду/);
    assert.match(summary, /Петя — Ладья собирает звёзды/);
    await screenshot(page, "tries-grid-ru-1280");
    // Саша М.'s tries: both failed (the last one left), each Лa7 ✗ with the lesson's words
    await page.click(cell("Саша М.", MATE));
    await page.waitForSelector('[data-teacher="attempts"] [data-replay-attempt]');
    const tries = await page.$$eval(".attempt-list > li", (items) => items.map((li) => ({ kind: li.dataset.kind, text: li.textContent })));
    assert.deepEqual(tries.map((x) => x.kind), ["failed", "left"]);
    for (const x of tries) assert.match(x.text, /Лa7 ✗ Ладья напала на пешку, но это не шах\./);
    assert.match(tries[0].text, /Попытка 1 из 2 · ✗ не получилось/);
    assert.match(tries[1].text, /Попытка 2 из 2 · ⇥ брошено · после ошибки/);
    // the replay (the last try, shown at once): the wrong move with the words heard
    await page.waitForSelector('[data-teacher="replay"][data-at="0"]');
    await page.click('[data-replay="next"]');
    assert.match(await page.textContent(".replay-said"), /Ход 1 из 2: Лa7 \(ученик\)\. ✗ Ладья напала на пешку, но это не шах\./);
    await screenshot(page, "tries-attempts-ru-1280");
    // Саша К.'s: failed, failed, restarted (a hint), solved with Лa8#
    await page.click(cell("Саша К.", MATE));
    await page.waitForFunction(() => document.querySelectorAll(".attempt-list > li").length === 4);
    const kinds = await page.$$eval(".attempt-list > li", (items) => items.map((li) => li.dataset.kind));
    assert.deepEqual(kinds, ["failed", "failed", "restarted", "solved"]);
    assert.match(await page.textContent('.attempt-list > li[data-kind="solved"]'), /Лa8#/);
    assert.match(await page.textContent('.attempt-list > li[data-kind="restarted"]'), /↻ начато заново · 1 подсказка/);
    assert.doesNotMatch(await page.textContent("#teacher-slot"), /попросил|[a-h][1-8][a-h][1-8]/, "gender-neutral words; moves in the children's notation");
    await page.setViewportSize({ width: 360, height: 640 });
    await screenshot(page, "tries-attempts-ru-360");
    await page.setViewportSize({ width: 1280, height: 720 });
    // the CSV in Russian: `sep=;`, then `;`, the titles, да/нет, h:mm:ss, local dates
    const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-teacher="csv"]')]);
    const csv = readCsv(readFileSync(await download.path(), "utf8"));
    assert.equal(csv.sep, ";");
    assert.equal(csv.delimiter, ";", "Python's sniffer finds `;`");
    assert.deepEqual(csv.rows[0].slice(0, 5), ["Ученик", "Урок", "Лучшие звёзды", "Попыток", "Решено"]);
    const row = (name, title) => csv.rows.find((r) => r[0] === name && r[1] === title);
    assert.deepEqual(row("Саша М.", "Мат на последнем ряду").slice(2, 9), ["0", "2", "нет", "2", "0", "1", "да"]);
    assert.deepEqual(row("Саша К.", "Мат на последнем ряду").slice(2, 9), ["3", "4", "да", "2", "1", "0", "нет"]);
    assert.match(row("Саша К.", "Мат на последнем ряду")[10], /^\d+:\d\d:\d\d$/);
    assert.match(row("Саша К.", "Мат на последнем ряду")[11], /^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    assert.equal(row("Маша", "Мат на последнем ряду")[3], "0");
    await context.close();
  });

  test("the same in English at 1280 and 360 px; the CSV with `,`", async () => {
    const { context, page } = await teacherPage("en");
    const cell = (name, lesson) => `[data-teacher="results"] tr:has(th:text-is("${name}")) td[data-lesson="${lesson}"] .grid-cell`;
    assert.match(await page.textContent(cell("Саша М.", MATE)), /⚑ needs help.*not solved · 2 tries.*2 failed · gave up/s);
    assert.match(await page.textContent(cell("Саша К.", MATE)), /✔ solved · 4 tries.*2 failed · 1 restarted/s);
    assert.match(await page.textContent('[data-teacher="summary"]'), /Not started yet: Маша\./);
    await page.click(cell("Саша М.", MATE));
    await page.waitForSelector('[data-teacher="attempts"] [data-replay-attempt]');
    assert.match(await page.textContent(".attempt-list > li"), /Try 1 of 2 · ✗ failed.*Ra7 ✗ The rook attacks a pawn, but that's not check\./s);
    await screenshot(page, "tries-attempts-en-1280");
    await page.setViewportSize({ width: 360, height: 640 });
    await screenshot(page, "tries-grid-en-360");
    await page.setViewportSize({ width: 1280, height: 720 });
    const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-teacher="csv"]')]);
    const csv = readCsv(readFileSync(await download.path(), "utf8"));
    assert.equal(csv.sep, null);
    assert.equal(csv.delimiter, ",");
    assert.deepEqual(csv.rows[0].slice(0, 4), ["Pupil", "Lesson", "Best stars", "Tries"]);
    assert.ok(csv.rows.some((r) => r[0] === "Саша М." && r[1] === "Mate on the last row" && r[8] === "yes"), JSON.stringify(csv.rows));
    await context.close();
  });
});
