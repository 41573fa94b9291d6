// The script-tag embedding of docs/schools.md, as written (issue 27): a school's page on one site
// (127.0.0.1) loads the widget with one module script from the tutor on another (localhost, the
// tutor's dist/ served by `serve` with www/serve.json). The page is served with exactly the
// page's CSP for the script tag and exactly its snippet (https://tutor.example replaced by the
// tutor's address); the lesson must become ready with no CSP violation, no CORS failure, no
// console error. And embed-example.html's list of files: each exists in dist/, and the plain
// board loads nothing outside it.
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, sep } from "node:path";
import { after, before, describe, test } from "node:test";
import { scriptTagCsp } from "../../www/school/embed-message.js";
import { DIST, ROOT, distWasm, launchBrowser, openPage, serveConfig, startServer, unhashed } from "./helpers.mjs";

const env = { tutor: null, school: null, browser: null, pages: new Map() };
const SCHOOLS = readFileSync(join(ROOT, "docs", "schools.md"), "utf8");

/** The fenced block right after the HTML comment that holds MARKER. */
function blockAfter(marker) {
  const at = SCHOOLS.indexOf(marker);
  assert.ok(at >= 0, `docs/schools.md has no "${marker}"`);
  const m = /```[a-z]*\n([\s\S]*?)\n```/.exec(SCHOOLS.slice(at));
  assert.ok(m, `no code block after "${marker}"`);
  return m[1];
}

const SNIPPET = blockAfter("script-tag snippet:");
const CSP_LINE = blockAfter("script-tag CSP:");

/** The school's own copy of dist/ under /school/chess/ (a folder of its site, not the root). */
const TYPES = { ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".json": "application/json", ".svg": "image/svg+xml", ".bin": "application/octet-stream", ".png": "image/png" };
function sendDist(res, name) {
  const file = join(DIST, name);
  if (!file.startsWith(DIST + sep) || !existsSync(file) || !statSync(file).isFile()) return res.writeHead(404).end();
  res.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" }).end(readFileSync(file));
}

// the tutor on another site than the school's page: localhost instead of 127.0.0.1
const tutorOrigin = () => env.tutor.url.replace("//127.0.0.1:", "//localhost:").replace(/\/$/, "");
const forTutor = (text) => text.replaceAll("https://tutor.example", tutorOrigin());

before(async () => {
  env.tutor = await startServer();
  env.school = await new Promise((resolve) => {
    const server = createServer((req, res) => {
      const path = new URL(req.url, "http://x").pathname;
      if (path.startsWith("/school/chess/")) return sendDist(res, decodeURIComponent(path.slice("/school/chess/".length)));
      const page = env.pages.get(path);
      if (!page) return res.writeHead(404).end();
      res.writeHead(200, { "Content-Type": page.type ?? "text/html; charset=utf-8", ...(page.headers ?? {}) }).end(page.body);
    });
    server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((r) => server.close(() => r())) }));
  });
  env.browser = await launchBrowser();
});
after(async () => {
  await env.browser?.close();
  await Promise.all([env.tutor?.stop(), env.school?.stop()]);
});

/** Opens PATH of the school's site, recording CSP violations (an init script, before any other). */
async function open(path) {
  const context = await env.browser.newContext();
  const { page, problems } = await openPage(context);
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener("securitypolicyviolation", (e) => window.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const requests = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(`${env.school.url}${path}`);
  return { context, page, problems, requests };
}

describe("the widget copied into a folder of the school's own site", () => {
  // Its files are found beside its own script (import.meta.url), never at the site's root or
  // beside the page (this was a regex over chess-tutor.js, board.js, i18n.js and dom.js).
  test("the plain board, a click and its explanation load every file from the folder, none from elsewhere", async () => {
    env.pages.set("/school/classes/board.html", {
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>School</title><link rel="icon" href="data:,">
<script type="module" src="/school/chess/chess-tutor.js"></script></head><body>
<chess-tutor lang="ru" coordinates="ij"></chess-tutor></body></html>`,
    });
    const { context, page, problems, requests } = await open("/school/classes/board.html");
    try {
      await page.waitForSelector('chess-tutor[data-ready="true"]', { timeout: 20_000 });
      await page.locator('chess-tutor [data-square="g1"]').click();
      await page.locator('chess-tutor [data-square="f3"]').click();
      await page.waitForTimeout(500);
      const paths = requests.map((u) => new URL(u)).filter((u) => u.origin === env.school.url).map((u) => u.pathname);
      const own = paths.filter((p) => p.startsWith("/school/chess/")).map((p) => unhashed(p.slice("/school/chess/".length)));
      // (chess-tutor.css begins with board.css's rules: the build puts them in place of its @import)
      for (const want of [/^chess-tutor\.js$/, /^pkg\/.*\.wasm$/, /^chess-tutor\.css$/, /^i18n\/ru\/board\.js$/, /^images\/pieces\.svg$/]) {
        assert.ok(own.some((p) => want.test(p)), `${want} from the folder: ${own.join(" ")}`);
      }
      assert.deepEqual(paths.filter((p) => p !== "/school/classes/board.html" && !p.startsWith("/school/chess/")), [], "nothing outside the folder");
      assert.equal(await page.locator('chess-tutor [data-square="f3"]').getAttribute("aria-label").then((l) => /конь|knight/i.test(l ?? "")), true, "the knight moved");
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});

describe("the script tag from another site", () => {
  test("serve.json sends Access-Control-Allow-Origin with the widget's files, in rules the class server reads too", async () => {
    for (const path of ["chess-tutor.js", "chess-tutor.css", "board.css", distWasm("pkg"), "lessons/rook-stars-1.json", "images/pieces.svg", "i18n/en/board.js"]) {
      const r = await fetch(new URL(path, env.tutor.url), { headers: { Origin: "http://127.0.0.1:1" } });
      assert.equal(r.status, 200, path);
      assert.equal(r.headers.get("access-control-allow-origin"), "*", path);
    }
    assert.equal((await fetch(new URL(distWasm("pkg"), env.tutor.url))).headers.get("content-type"), "application/wasm");
    // the class server matches sources with *, **, ? and classes ([0-9A-Z]) only (server/src/web.rs glob_match)
    for (const { source } of serveConfig().headers) assert.match(source, /^(?:[\w\-./*?]|\[[\w-]+\])+$/, source);
  });

  test("docs/schools.md's snippet under its CSP: the lesson is ready, no CSP violation, no error", async () => {
    const csp = /^Content-Security-Policy:\s*(.+)$/.exec(CSP_LINE)?.[1];
    assert.ok(csp, `not a header line: ${CSP_LINE}`);
    assert.match(csp, /script-src 'self' [^;]*'wasm-unsafe-eval'/);
    // the embed builder shows the same policy (one place: embed-message.js)
    assert.equal(csp, scriptTagCsp("https://tutor.example"));
    // the school's own script and sheet ('self') beside the widget
    env.pages.set("/school.js", { type: "text/javascript", body: "document.documentElement.dataset.school = 'ran';" });
    env.pages.set("/school.css", { type: "text/css", body: "body { margin: 1rem; }" });
    env.pages.set("/favicon.ico", { type: "image/x-icon", body: "" });
    env.pages.set("/csp.html", {
      headers: { "Content-Security-Policy": forTutor(csp) },
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>School</title>
<link rel="stylesheet" href="school.css"><script src="school.js"></script></head><body>
${forTutor(SNIPPET)}
</body></html>`,
    });
    const { context, page, problems } = await open("/csp.html");
    try {
      await page.waitForSelector('chess-tutor[data-ready="true"]', { timeout: 20_000 }).catch(async (error) =>
        assert.fail(`${error.message}\n${problems.join("\n")}\n${(await page.evaluate(() => window.violations)).join("\n")}`),
      );
      await page.waitForSelector('chess-tutor[data-lesson="intro"]', { timeout: 20_000 });
      await page.locator("chess-tutor .l-start").click();
      await page.waitForSelector('chess-tutor[data-lesson="playing"]');
      assert.equal(await page.evaluate(() => document.documentElement.dataset.school), "ran", "the school's own script ('self')");
      assert.deepEqual(await page.evaluate(() => window.violations), []);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});

describe("embed-example.html's list of files", () => {
  const listed = () => {
    const html = readFileSync(join(DIST, "embed-example.html"), "utf8");
    const list = /<ul data-files>([\s\S]*?)<\/ul>/.exec(html)?.[1];
    assert.ok(list, "embed-example.html has a <ul data-files>");
    return [...list.matchAll(/<code>([^<]+)<\/code>/g)].map((m) => m[1]);
  };
  // a listed name as a test of a path of dist/: "pkg/" (a folder), "chunk-*.js", "board.css"
  const covers = (name) => {
    const glob = new RegExp(`^${name.replace(/[.]/g, "\\.").replace(/\*/g, "[^/]*")}${name.endsWith("/") ? ".*" : ""}$`);
    return (path) => glob.test(path);
  };

  test("every file and folder it names is in dist/", () => {
    const names = listed();
    assert.ok(names.length >= 5, names.join(", "));
    const top = readdirSync(DIST);
    for (const name of names) {
      if (name.includes("*")) assert.ok(top.some(covers(name)), `no ${name} in dist/`);
      else if (name.endsWith("/")) assert.ok(existsSync(join(DIST, name)) && statSync(join(DIST, name)).isDirectory(), `no folder ${name} in dist/`);
      else assert.ok(existsSync(join(DIST, name)), `no ${name} in dist/`);
    }
    // docs/embedding.md names the same files for the plain board
    for (const name of ["chess-tutor.js", "chess-tutor.css", "board.css", "images/pieces.svg"]) assert.ok(existsSync(join(DIST, name)), name);
  });

  test("the plain board, from another site, loads only files it lists (also after a touch)", async () => {
    env.pages.set("/plain.html", {
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>School</title><link rel="icon" href="data:,">
<script type="module" src="${tutorOrigin()}/chess-tutor.js"></script></head><body>
<chess-tutor lang="en" coordinates="ij" move-list="long" controls></chess-tutor></body></html>`,
    });
    const { context, page, problems, requests } = await open("/plain.html");
    try {
      await page.waitForSelector('chess-tutor[data-ready="true"]', { timeout: 20_000 });
      await page.locator('chess-tutor [data-square="e2"]').click();
      await page.locator('chess-tutor [data-square="e4"]').click();
      await page.waitForTimeout(500);
      const tests = listed().map(covers);
      const fromTutor = requests.filter((u) => u.startsWith(tutorOrigin())).map((u) => new URL(u).pathname.slice(1));
      assert.ok(fromTutor.includes("chess-tutor.js") && fromTutor.some((p) => p.startsWith("pkg/")), fromTutor.join("\n"));
      const outside = fromTutor.filter((p) => !tests.some((t) => t(p)));
      assert.deepEqual(outside, [], "loaded but not listed");
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
