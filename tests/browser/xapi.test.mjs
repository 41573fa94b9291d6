// xAPI in real Chromium: <chess-tutor> with xapi-* attributes, on a page with a strict CSP, sends
// one statement per finished lesson to a small learning record store (a Node HTTP server of this
// test, on another port: another origin, so CORS is real). A lesson finished while the LRS answers
// 503, and then while it is down, arrives later exactly once (the next load, the online event).
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { after, before, describe, test } from "node:test";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS, openPage, startServer, unhashed } from "./helpers.mjs";

const ACTOR = { account: { homePage: "https://school.example", name: "pupil-17" } };
const AUTH = "Basic dGVhY2hlcjpzZWNyZXQ=";
const PREFIX = "https://school.example/chess/";
const KEY = "chess-tutor:xapi-queue:v1";
// a one-move lesson (served as xapi-rook.json: the id is the file name): the rook takes the pawn
const LESSON = {
  id: "xapi-rook",
  title: { ru: "Ладья берёт пешку", en: "The rook takes the pawn" },
  intro: { ru: "Возьми пешку ладьёй!", en: "Take the pawn with the rook!" },
  position: ["........", "p.......", "........", "........", "........", "........", "........", "R......."],
  goal: { type: "capture_all" },
  par: 1,
};

// a mate in one, failed by a wrong move and then left: given up
const MATE = {
  id: "xapi-mate",
  title: { ru: "Мат ладьёй", en: "Mate with the rook" },
  intro: { ru: "Поставь мат в один ход!", en: "Give mate in one move!" },
  position: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
  goal: { type: "mate", in: 1 },
  opponent: { type: "defender" },
};

/** The LRS: records every POST to /statements; mode "ok" (200 with the ids) or "503". */
function lrs() {
  const state = { mode: "ok", posts: [], stored: new Map(), server: null, port: 0 };
  const cors = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "POST, OPTIONS",
    "Access-Control-Allow-Headers": "Authorization, Content-Type, X-Experience-API-Version",
  };
  const handler = (req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (req.method === "OPTIONS") return res.writeHead(204, cors).end();
      if (req.method !== "POST" || req.url !== "/xapi/statements") return res.writeHead(404, cors).end();
      const post = { headers: req.headers, body: JSON.parse(body), status: state.mode === "ok" ? 200 : 503 };
      state.posts.push(post);
      if (post.status !== 200) return res.writeHead(post.status, cors).end("down for maintenance");
      const id = post.body.id;
      // xAPI: the same id again with the same statement is fine; another statement is a conflict
      if (state.stored.has(id) && JSON.stringify(state.stored.get(id)) !== JSON.stringify(post.body)) return res.writeHead(409, cors).end();
      state.stored.set(id, post.body);
      res.writeHead(200, { ...cors, "Content-Type": "application/json", "X-Experience-API-Version": "1.0.3" }).end(JSON.stringify([id]));
    });
  };
  state.start = () =>
    new Promise((resolve) => {
      state.server = createServer(handler);
      state.server.listen(state.port, "127.0.0.1", () => {
        state.port = state.server.address().port;
        resolve();
      });
    });
  state.stop = () =>
    new Promise((resolve) => {
      if (!state.server) return resolve();
      state.server.close(() => resolve());
      state.server.closeAllConnections();
      state.server = null;
    });
  state.accepted = () => state.posts.filter((p) => p.status === 200);
  return state;
}

const env = { server: null, browser: null, lrs: lrs() };
before(async () => {
  env.server = await startServer();
  // the school's page is given by page.route (no address of its own), which Chromium's Local
  // Network Access counts as public: its requests to the loopback LRS would need a permission
  // prompt. A real school's page and LRS are both public (or both on the school's network).
  env.browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, "--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessSendPreflights"] });
  await env.lrs.start();
});
after(async () => {
  await env.browser?.close();
  await env.server?.stop();
  await env.lrs.stop();
});

/** A school's page (under the served origin) with the widget and a strict CSP that lets it reach the LRS. */
async function schoolPage(context) {
  const base = env.server.url;
  const endpoint = `http://127.0.0.1:${env.lrs.port}/xapi/`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>School</title>
<script type="module" src="chess-tutor.js"></script></head><body>
<chess-tutor lang="en" coordinates="algebraic" lesson="xapi-rook.json" xapi-endpoint="${endpoint}"
  xapi-auth="${AUTH}" xapi-actor='${JSON.stringify(ACTOR)}' xapi-activity="${PREFIX}"></chess-tutor></body></html>`;
  const csp = `default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; connect-src 'self' http://127.0.0.1:${env.lrs.port}`;
  await context.route(`${base}school.html`, (route) => route.fulfill({ contentType: "text/html", headers: { "Content-Security-Policy": csp }, body: html }));
  await context.route(`${base}xapi-rook.json`, (route) => route.fulfill({ contentType: "application/json", body: JSON.stringify(LESSON) }));
  await context.route(`${base}xapi-mate.json`, (route) => route.fulfill({ contentType: "application/json", body: JSON.stringify(MATE) }));
  const { page, problems } = await openPage(context);
  page.on("console", (m) => m.type() === "warning" && problems.push(`console warning: ${m.text()}`));
  await page.goto(`${base}school.html`);
  return { page, problems };
}

const state = (page, value) => page.waitForSelector(`chess-tutor[data-lesson="${value}"]`, { state: "attached", timeout: 15_000 }).catch(async (error) => {
  const now = await page.evaluate(() => document.querySelector("chess-tutor")?.dataset.lesson);
  throw new Error(`${error.message}\n(data-lesson is ${now})`);
});
const queued = (page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]"), KEY);

async function solve(page, { intro = true } = {}) {
  if (intro) {
    await state(page, "intro");
    await page.locator("chess-tutor .l-start").click();
  }
  await state(page, "playing");
  await page.locator('chess-tutor [data-square="a1"]').click();
  await page.locator('chess-tutor [data-square="a7"]').click();
  await state(page, "done");
}

const until = async (what, fn, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe("xAPI statements to a learning record store", () => {
  test("one valid statement per finished lesson; one finished while the LRS was failing, then down, arrives later exactly once", async () => {
    const context = await env.browser.newContext();
    try {
      const { page, problems } = await schoolPage(context);
      const lrs = env.lrs;

      // 1. a lesson finished: one statement, at once
      await solve(page).catch((error) => assert.fail(`${error.message}\n${problems.join("\n")}`));
      await until("the first statement", () => lrs.accepted().length === 1).catch((error) => assert.fail(`${error.message}\n${problems.join("\n")}`));
      const [first] = lrs.accepted();
      assert.equal(first.headers["x-experience-api-version"], "1.0.3");
      assert.equal(first.headers.authorization, AUTH);
      assert.match(first.headers["content-type"], /^application\/json/);
      const s = first.body;
      assert.match(s.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      assert.deepEqual(s.actor, { objectType: "Agent", ...ACTOR });
      assert.equal(s.verb.id, "http://adlnet.gov/expapi/verbs/passed");
      assert.equal(s.object.id, `${PREFIX}xapi-rook`);
      assert.deepEqual(s.object.definition.name, LESSON.title);
      assert.deepEqual(s.result.score, { raw: 3, min: 0, max: 3, scaled: 1 });
      assert.equal(s.result.success, true);
      assert.equal(s.result.completion, true);
      assert.match(s.result.duration, /^PT(\d+H)?(\d+M)?(\d+(\.\d+)?S)?$/);
      assert.ok(!Number.isNaN(Date.parse(s.timestamp)));
      assert.deepEqual(await queued(page), [], "nothing left in the queue");

      // 2. the LRS answers 503: the lesson played again is kept in localStorage
      lrs.mode = "503";
      await page.locator("chess-tutor .l-card-retry").click();
      await solve(page, { intro: false });
      await until("the 503", () => lrs.posts.length === 2);
      const kept = await queued(page);
      assert.equal(kept.length, 1, "kept while the LRS fails");
      assert.equal(kept[0].statement.object.id, `${PREFIX}xapi-rook`);
      assert.ok(!JSON.stringify(kept).includes(AUTH.slice(6)), "the credentials are not stored");
      const second = kept[0].statement.id;
      assert.notEqual(second, s.id);

      // 3. the LRS is down: the next load tries, and keeps it
      await lrs.stop();
      await page.reload();
      await state(page, "intro");
      await until("the failed attempt on load", async () => (await page.evaluate(() => performance.getEntriesByType("resource").some((e) => e.name.includes("/xapi/statements")))));
      assert.equal((await queued(page)).length, 1, "still kept");

      // 4. the LRS is back and the browser is online again: sent, exactly once
      lrs.mode = "ok";
      await lrs.start();
      await context.setOffline(true);
      await context.setOffline(false); // the online event
      await until("the kept statement", () => lrs.accepted().length === 2);
      assert.equal(lrs.accepted()[1].body.id, second);
      assert.equal(lrs.accepted()[1].headers.authorization, AUTH);
      await until("the queue emptied", async () => (await queued(page)).length === 0);

      // 5. loaded again: nothing is sent twice
      await page.reload();
      await state(page, "intro");
      await page.waitForTimeout(500);
      assert.equal(lrs.accepted().length, 2);
      assert.deepEqual(new Set(lrs.accepted().map((p) => p.body.id)).size, 2, "every id once");
      assert.equal(lrs.stored.size, 2);
      // what a failing LRS causes (the 503, the refused connection) is expected; nothing else
      const unexpected = problems.filter((p) => !/xapi\/statements|chess-tutor xAPI|ERR_CONNECTION_REFUSED|503/.test(p));
      assert.deepEqual(unexpected, []);
    } finally {
      await context.close();
    }
  });

  test("a lesson failed and then left is given up: one 'failed' statement with no stars", async () => {
    const context = await env.browser.newContext();
    try {
      const { page, problems } = await schoolPage(context);
      const lrs = env.lrs;
      const before = lrs.accepted().length;
      await page.evaluate(() => document.querySelector("chess-tutor").setAttribute("lesson", "xapi-mate.json"));
      await state(page, "intro");
      await page.locator("chess-tutor .l-start").click();
      await state(page, "playing");
      await page.locator('chess-tutor [data-square="a1"]').click();
      await page.locator('chess-tutor [data-square="a2"]').click();
      await state(page, "failed");
      await page.waitForTimeout(300);
      assert.equal(lrs.accepted().length, before, "a failure alone sends nothing: the child may try again");
      // the school's page moves on to another lesson: the failed one is given up
      await page.evaluate(() => document.querySelector("chess-tutor").setAttribute("lesson", "xapi-rook.json"));
      await until("the failed statement", () => lrs.accepted().length === before + 1).catch((error) => assert.fail(`${error.message}\n${problems.join("\n")}`));
      const s = lrs.accepted().at(-1).body;
      assert.equal(s.verb.id, "http://adlnet.gov/expapi/verbs/failed");
      assert.equal(s.object.id, `${PREFIX}xapi-mate`);
      assert.deepEqual(s.object.definition.name, MATE.title);
      assert.deepEqual(s.result.score, { raw: 0, min: 0, max: 3, scaled: 0 });
      assert.equal(s.result.success, false);
      await state(page, "intro");
      await page.waitForTimeout(300);
      assert.equal(lrs.accepted().length, before + 1, "given up once");
    } finally {
      await context.close();
    }
  });

  test("a wrong move, Try again, then mate: the statement carries the sitting's two stars, never three, and the card no \"No mistakes!\"", async () => {
    const context = await env.browser.newContext();
    try {
      const { page, problems } = await schoolPage(context);
      const lrs = env.lrs;
      await page.evaluate(() => document.querySelector("chess-tutor").setAttribute("lesson", "xapi-mate.json"));
      await state(page, "intro");
      await page.locator("chess-tutor .l-start").click();
      await state(page, "playing");
      await page.locator('chess-tutor [data-square="a1"]').click();
      await page.locator('chess-tutor [data-square="a2"]').click();
      await state(page, "failed");
      await page.locator("chess-tutor .l-retry").click();
      await state(page, "playing");
      await page.locator('chess-tutor [data-square="a1"]').click();
      await page.locator('chess-tutor [data-square="a8"]').click();
      await state(page, "done");
      assert.doesNotMatch(await page.locator("chess-tutor .l-card-text").textContent(), /No mistakes/);
      const solved = () => lrs.accepted().map((p) => p.body).filter((s) => s.object.id === `${PREFIX}xapi-mate` && s.result?.success);
      await until("the solved statement", () => solved().length === 1).catch((error) => assert.fail(`${error.message}\n${problems.join("\n")}`));
      assert.deepEqual(solved()[0].result.score, { raw: 2, min: 0, max: 3, scaled: 0.6667 });
    } finally {
      await context.close();
    }
  });

  test("without xapi-endpoint the widget does not load xapi.js", async () => {
    const context = await env.browser.newContext();
    try {
      const { page } = await openPage(context);
      const loaded = [];
      page.on("request", (r) => loaded.push(new URL(r.url()).pathname));
      await page.goto(`${env.server.url}embed-example.html`);
      await page.waitForSelector('chess-tutor[data-ready="true"]', { timeout: 15_000 });
      assert.ok(!loaded.some((p) => unhashed(p).endsWith("/xapi.js")), loaded.join("\n"));
    } finally {
      await context.close();
    }
  });
});
