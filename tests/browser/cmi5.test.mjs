// The cmi5 packages (npm run package -- cmi5, of the built-in course and of a teacher's course of
// four lessons, tests/browser/fixtures/teacher-course/) launched by a cmi5 platform that the test
// writes (cmi5-platform.mjs: the launch, the fetch URL, the state API and an LRS that refuses what
// cmi5 forbids). A lesson AU is launched, solved by clicks and left; the platform must have taken
// initialized, completed, passed (its score: the stars) and terminated, in that order, and refused
// nothing. A second session of the same registration says no passed again; a mastery score above
// the stars earned ends as failed when the child leaves; a lesson left through the app goes to
// the platform's returnURL; a reload ends the session; Browse mode records no result.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { strFromU8, unzipSync } from "fflate";
import { readFileSync } from "node:fs";
import { packageKind } from "../../scripts/package.mjs";
import { startPlatform } from "./cmi5-platform.mjs";
import { ROOT, launchBrowser, openPage, screenshot } from "./helpers.mjs";
import { SITTING, wrongThenRight } from "./sitting.mjs";

const tutor = "#lesson-tutor";
const TEACHER = join(ROOT, "tests", "browser", "fixtures", "teacher-course", "course.json");
const env = { platform: null, browser: null, aus: {} };

/** The AUs of a package's cmi5.xml: [{ id, url }]. */
const ausOf = (xml) => [...xml.matchAll(/<au id="([^"]+)"[^>]*>[\s\S]*?<url>([^<]+)<\/url>/g)].map(([, id, url]) => ({ id, url: url.replace(/&amp;/g, "&") }));

before(async () => {
  env.platform = await startPlatform();
  for (const [name, options] of [["builtin", {}], ["teacher", { course: TEACHER }]]) {
    const files = unzipSync(readFileSync(await packageKind("cmi5", options)));
    env.platform.serve(name, files);
    env.aus[name] = ausOf(strFromU8(files["cmi5.xml"]));
  }
  env.browser = await launchBrowser();
});
after(async () => {
  await env.browser?.close();
  await env.platform?.stop();
});

/** Launches the AU of lesson ID in package NAME (options: the platform's launch); opens it in a
 *  fresh context's page, in a frame of the platform's page when FRAMED. */
async function launch(name, id, options = {}, { framed = false } = {}) {
  const au = env.aus[name].find((a) => a.url === `index.html?lesson=${id}`);
  assert.ok(au, `${name} has an AU for ${id}`);
  const { url, session } = env.platform.launch(name, `${au.url}&lang=en&coordinates=algebraic`, { auId: au.id, ...options });
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const { page, problems } = await openPage(context);
  let frame = page;
  if (framed) {
    await page.goto(`${env.platform.url}lms.html`);
    await page.evaluate((src) => {
      const f = document.createElement("iframe");
      f.style.cssText = "width: 1000px; height: 640px";
      f.src = src;
      document.body.append(f);
    }, url);
    frame = await (await page.waitForSelector("iframe")).contentFrame();
  } else await page.goto(url);
  await frame.waitForSelector(`${tutor}[data-lesson="intro"]`, { timeout: 20_000 });
  const verbs = () => env.platform.verbs(session);
  // a state document the AU has not written yet is a 404 (as an LRS answers, and the browser's
  // console says); a statement in flight when the page goes is cut off (the keepalive request
  // that leaves with the page carries it: the platform must have it)
  const real = () =>
    problems.filter(
      (p) => !/HTTP 404: .*\/lrs\/activities\/state|request failed: .*\/lrs\/statements net::ERR_ABORTED/.test(p) && p !== "console: Failed to load resource: the server responded with a status of 404 (Not Found)",
    );
  return { page, frame, session, context, verbs, problems: real };
}

const until = async (fn, what, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) assert.fail(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** Plays the moves [from, to] in the lesson (Start pressed first). */
async function play(frame, moves, steps = 0) {
  await frame.locator(`${tutor} .l-start`).click();
  await frame.waitForSelector(`${tutor}[data-lesson="playing"]`);
  for (let k = 0; k < steps; k++) await frame.locator(`${tutor} .l-step-next`).click();
  for (const [from, to] of moves) {
    await frame.locator(`${tutor} [data-square="${from}"]`).click();
    await frame.locator(`${tutor} [data-square="${to}"]`).click();
  }
}

describe("cmi5", () => {
  test("a wrong move, Try again, the right move: passed with the sitting's stars (2 of 3), never 3, and no \"No mistakes!\"", async () => {
    const { page, frame, session, context, verbs, problems } = await launch("builtin", SITTING.lesson);
    await until(() => verbs().length === 1, "initialized");
    const card = await wrongThenRight(frame, tutor);
    assert.doesNotMatch(card, /No mistakes/);
    await until(() => verbs().includes("passed"), "passed");
    const passed = env.platform.statements.find((s) => s.context.extensions[Object.keys(s.context.extensions)[0]] === session.id && s.verb.id.endsWith("/passed"));
    assert.deepEqual(passed.result.score, { raw: SITTING.stars, min: 0, max: 3, scaled: Math.round((SITTING.stars / 3) * 10000) / 10000 });
    await page.goto("about:blank");
    assert.deepEqual(env.platform.refused, []);
    assert.deepEqual(problems(), []);
    await context.close();
  });

  test("the built-in course's AU idea-board: solved by clicks and left, the platform has initialized, completed, passed (3 of 3 stars), terminated", async () => {
    const { page, frame, session, context, verbs, problems } = await launch("builtin", "idea-board");
    await until(() => verbs().length === 1, "initialized");
    assert.deepEqual(verbs(), ["initialized"]);
    await play(frame, [["a1", "a4"], ["a4", "e4"]], 2);
    await frame.waitForSelector(`${tutor}[data-lesson="done"]`, { timeout: 15_000 });
    await until(() => verbs().length === 3, "completed and passed");
    await screenshot(page, "cmi5-au-done-1280");
    await page.goto("about:blank"); // the child leaves: pagehide
    await until(() => verbs().length === 4, "terminated");
    assert.deepEqual(verbs(), ["initialized", "completed", "passed", "terminated"]);
    const passed = env.platform.statements.find((s) => s.context.extensions[Object.keys(s.context.extensions)[0]] === session.id && s.verb.id.endsWith("/passed"));
    assert.deepEqual(passed.result.score, { raw: 3, min: 0, max: 3, scaled: 1 });
    assert.equal(passed.result.success, true);
    assert.match(passed.result.duration, /^PT/);
    assert.equal(passed.context.registration, session.registration);
    assert.equal(passed.object.id, session.activityId);
    assert.deepEqual(env.platform.refused, []);
    assert.deepEqual(problems(), []);
    await context.close();

    // a second session of the same registration: nothing is passed or completed again
    const again = await launch("builtin", "idea-board", { registration: session.registration });
    await until(() => again.verbs().length === 1, "initialized");
    await again.frame.evaluate(() => new Promise((r) => setTimeout(r, 300))); // the state is read
    await play(again.frame, [["a1", "a4"], ["a4", "e4"]], 2);
    await again.frame.waitForSelector(`${tutor}[data-lesson="done"]`, { timeout: 15_000 });
    await again.page.goto("about:blank");
    await until(() => again.verbs().length === 2, "terminated");
    assert.deepEqual(again.verbs(), ["initialized", "terminated"]);
    assert.deepEqual(env.platform.refused, []);
    assert.deepEqual(again.problems(), []);
    await again.context.close();
  });

  test("the teacher's course: four AUs (one per lesson); an AU in the platform's frame, solved, left by the app's back link: terminated, then the returnURL", async () => {
    assert.deepEqual(env.aus.teacher.map((a) => a.url), ["my-rook", "my-bishop", "my-queen", "my-knight"].map((id) => `index.html?lesson=${id}`));
    const returnURL = `${env.platform.url}returned.html`;
    const { page, frame, context, verbs, problems } = await launch("teacher", "my-rook", { returnURL }, { framed: true });
    await until(() => verbs().length === 1, "initialized");
    await play(frame, [["a1", "a5"]]);
    await frame.waitForSelector(`${tutor}[data-lesson="done"]`, { timeout: 15_000 });
    await until(() => verbs().length === 3, "completed and passed");
    await screenshot(page, "cmi5-teacher-au-framed-1280");
    await frame.locator("#back").click(); // "All lessons": the child leaves the AU
    await until(() => verbs().length === 4, "terminated");
    await page.waitForFunction(() => document.querySelector("iframe").contentWindow.location.pathname === "/returned.html");
    assert.deepEqual(verbs(), ["initialized", "completed", "passed", "terminated"]);
    assert.deepEqual(env.platform.refused, []);
    assert.deepEqual(problems(), []);
    await context.close();
  });

  test("a mastery score above the stars earned: completed, and failed (with the score and the mastery score) when the child leaves; never passed", async () => {
    const { page, frame, session, context, verbs, problems } = await launch("teacher", "my-rook", { masteryScore: 1 });
    await until(() => verbs().length === 1, "initialized");
    // two moves where one would do: fewer than three stars
    await play(frame, [["a1", "a2"], ["a2", "a5"]]);
    await frame.waitForSelector(`${tutor}[data-lesson="done"]`, { timeout: 15_000 });
    await until(() => verbs().length === 2, "completed");
    await page.goto("about:blank");
    await until(() => verbs().length === 4, "failed and terminated");
    assert.deepEqual(verbs(), ["initialized", "completed", "failed", "terminated"]);
    const failed = env.platform.statements.find((s) => s.context.registration === session.registration && s.verb.id.endsWith("/failed"));
    assert.ok(failed.result.score.scaled < 1);
    assert.equal(failed.context.extensions["https://w3id.org/xapi/cmi5/context/extensions/masteryscore"], 1);
    assert.deepEqual(env.platform.refused, []);
    assert.deepEqual(problems(), []);
    await context.close();
  });

  test("a reload ends the session (the page went away: terminated), and the page after it sends nothing and says so; Browse mode records no result", async () => {
    const { page, context, verbs, problems } = await launch("teacher", "my-bishop");
    await until(() => verbs().length === 1, "initialized");
    await page.reload();
    await page.waitForSelector(`${tutor}[data-lesson="intro"]`, { timeout: 20_000 });
    await until(() => verbs().length === 2, "terminated");
    await play(page, [["c1", "f4"]]);
    await page.waitForSelector(`${tutor}[data-lesson="done"]`, { timeout: 15_000 });
    await page.waitForTimeout(500);
    assert.deepEqual(verbs(), ["initialized", "terminated"], "nothing after terminated, and the fetch URL not asked again");
    assert.deepEqual(problems(), ["console: chess-tutor cmi5: this launch was terminated already; launch the lesson again from the platform "]);
    await context.close();

    const browse = await launch("teacher", "my-bishop", { launchMode: "Browse" });
    await until(() => browse.verbs().length === 1, "initialized");
    await play(browse.frame, [["c1", "f4"]]);
    await browse.frame.waitForSelector(`${tutor}[data-lesson="done"]`, { timeout: 15_000 });
    await browse.page.goto("about:blank");
    await until(() => browse.verbs().length === 2, "terminated");
    assert.deepEqual(browse.verbs(), ["initialized", "terminated"]);
    assert.deepEqual(env.platform.refused, []);
    assert.deepEqual(browse.problems(), []);
    await browse.context.close();
  });

  test("the platform refuses what cmi5 forbids: before initialized, passed twice, below the mastery score, no context template, the wrong registration, after terminated", async () => {
    const p = env.platform;
    const au = env.aus.teacher[0];
    const { url, session } = p.launch("teacher", au.url, { auId: au.id, masteryScore: 0.5 });
    const q = new URL(url).searchParams;
    const token = (await (await fetch(q.get("fetch"), { method: "POST" })).json())["auth-token"];
    assert.ok(token);
    assert.ok((await (await fetch(q.get("fetch"), { method: "POST" })).json())["error-code"], "the fetch URL answers once");
    const { cmi5Statement } = await import("../../www/school/cmi5-au.js");
    const xapi = await import("../../www/school/xapi.js");
    const launchData = { contextTemplate: session.launchData.contextTemplate, masteryScore: 0.5 };
    const launchParams = { actor: q.get("actor"), registration: session.registration, activityId: session.activityId };
    const make = (verb, result, over = {}) => ({ ...cmi5Statement({ verb, launch: { ...launchParams, ...over.launch }, launchData: { ...launchData, ...over.launchData }, result, timestamp: new Date().toISOString(), xapi }) });
    const send = async (s) => (await fetch(`${p.url}lrs/statements`, { method: "POST", headers: { Authorization: `Basic ${token}`, "Content-Type": "application/json" }, body: JSON.stringify(s) })).status;
    const before = p.refused.length;
    const win = { score: { raw: 3, min: 0, max: 3, scaled: 1 }, success: true, duration: "PT5S" };
    assert.equal(await send(make("passed", win)), 400, "passed before initialized");
    assert.equal(await send(make("initialized")), 200);
    assert.equal(await send(make("passed", { ...win, score: { raw: 1, min: 0, max: 3, scaled: 0.3333 } })), 400, "below the mastery score");
    assert.equal(await send(make("completed", { completion: true, duration: "PT5S" }, { launchData: { contextTemplate: {} } })), 400, "no context template");
    assert.equal(await send(make("completed", { completion: true, duration: "PT5S" }, { launch: { registration: "00000000-0000-4000-8000-000000000000" } })), 400, "the wrong registration");
    assert.equal(await send(make("passed", win)), 200);
    assert.equal(await send(make("passed", win)), 400, "passed twice");
    assert.equal(await send(make("terminated", { duration: "PT9S" })), 200);
    assert.equal(await send(make("completed", { completion: true, duration: "PT5S" })), 400, "after terminated");
    assert.deepEqual(
      p.refused.slice(before).map((r) => r.rule),
      [
        "passed before initialized",
        "passed at 0.3333, below the mastery score 0.5",
        "the context lacks values of the context template",
        `context.registration 00000000-0000-4000-8000-000000000000 is not the launch's ${session.registration}`,
        "passed twice in a registration",
        "completed after terminated",
      ],
    );
    p.refused.splice(before); // refused on purpose
  });
});
