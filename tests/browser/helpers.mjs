// Shared helpers for the browser tests: start `serve` on dist/ (www/ as shipped, built first when
// stale) and launch the system Chromium with playwright-core (no browser download, ever).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before } from "node:test";
import { chromium } from "playwright-core";
import { DIST, buildWeb } from "../../scripts/build-web.mjs";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const WWW = join(ROOT, "www");
export { DIST };
export const SCREENSHOTS = join(ROOT, "test-results", "screenshots");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

/** A built file's name without the build's content hash (scripts/web-assets.mjs):
 *  "/pkg-lessons/chess_tutor_bg-0A1B2C3D.wasm" → "/pkg-lessons/chess_tutor_bg.wasm". */
export const unhashed = (path) => path.replace(/-[0-9A-Z]{8}(\.[a-z0-9]+)$/, "$1");

/** The name in DIR (dist/) of a WASM package's module, which the build gives a content hash:
 *  distWasm("pkg") → "pkg/chess_tutor_bg-0A1B2C3D.wasm". */
export const distWasm = (pkg, dir = DIST) => `${pkg}/${readdirSync(join(dir, pkg)).find((f) => /^chess_tutor_bg(-[0-9A-Z]{8})?\.wasm$/.test(f))}`;

/** The version in crate/Cargo.toml, which the page shows once the module has loaded. */
export function crateVersion() {
  const toml = readFileSync(join(ROOT, "crate", "Cargo.toml"), "utf8");
  const match = /^\[package\][^[]*?^version\s*=\s*"([^"]+)"/ms.exec(toml);
  if (!match) throw new Error("no package version in crate/Cargo.toml");
  return match[1];
}

/** The www/serve.json configuration, as `serve` reads it. */
export function serveConfig() {
  return JSON.parse(readFileSync(join(WWW, "serve.json"), "utf8"));
}

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether a path names a file by the build's content hash, the class server's rule
 *  (server/src/web.rs `hashed`): `-` and 8 capitals or digits before the extension, outside lessons/. */
export const hashedName = (path) => !path.replace(/^\//, "").startsWith("lessons/") && /-[0-9A-Z]{8}\.[a-z0-9]+$/.test(path);

/**
 * Starts `serve` on DIRECTORY (default dist/, which scripts/build-web.mjs first brings up to date
 * with www/; its serve.json applies) on a free port on 127.0.0.1. Returns { url, stop }. The
 * address is read from serve's own output, so it is right even if serve had to pick another port.
 */
export async function startServer(directory = DIST) {
  if (directory === DIST) await buildWeb();
  const port = await freePort();
  const serveBin = join(ROOT, "node_modules", "serve", "build", "main.js");
  const child = spawn(
    process.execPath,
    [serveBin, directory, "--listen", `tcp://127.0.0.1:${port}`, "--no-clipboard", "--no-request-logging"],
    { cwd: ROOT, env: { ...process.env, NO_UPDATE_CHECK: "1" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start in 15 s:\n${output}`)), 15_000);
    const onData = (chunk) => {
      output += chunk;
      const match = /Accepting connections at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace(/\/?$/, "/"));
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with code ${code}:\n${output}`));
    });
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { url, stop };
}

/**
 * Starts the server and the browser before a test file's tests and stops them after: returns
 * `{ server, browser }`, filled in once the tests run.
 */
export function useServerAndBrowser() {
  return useTempServerAndBrowser();
}

/**
 * A server and a browser for a suite, as useServerAndBrowser, but with TEMP (a folder name's
 * prefix) on a temporary folder (`env.dir`) that PREPARE(env) fills first, removed after the
 * suite. ENV: the suite's own object, given the fields server, browser and dir.
 */
export function useTempServerAndBrowser({ temp = null, prepare = null, env = {} } = {}) {
  Object.assign(env, { server: null, browser: null, dir: null });
  before(async () => {
    if (temp) env.dir = mkdtempSync(join(tmpdir(), temp));
    await prepare?.(env);
    env.server = await startServer(env.dir ?? DIST);
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
    if (env.dir) rmSync(env.dir, { recursive: true, force: true });
  });
  return env;
}

/** Launches the system Chromium headless. */
export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Opens a page that records console errors, page errors and failed requests, so a test can
 * assert that none happened.
 */
export async function openPage(browser) {
  const page = await browser.newPage();
  const problems = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  // A request the page itself cancelled is no failure: a picture whose element left the page (the
  // course cards' pictures, still loading, when a tap opens a lesson; the tab's icon) or a request of a document
  // the page has since left (page.goto). A missing or broken file shows as its status above.
  // Chromium may cancel the old document's requests before it reports the new document: such a
  // cancellation is written down and taken back when the navigation shows.
  // (per frame: the app in a platform's frame leaves its document too, cmi5's returnURL)
  const documents = new Map(); // frame → its documents so far
  const askedIn = new WeakMap(); // request → [its frame, that frame's document then, the page's]
  /** @type {[unknown, string][]} */
  let cancelled = [];
  page.on("framenavigated", (frame) => {
    documents.set(frame, (documents.get(frame) ?? 0) + 1);
    // (the page's own document: every frame's requests went with it)
    const gone = (/** @type {unknown} */ f) => frame === page.mainFrame() || f === frame;
    for (const [, problem] of cancelled.filter(([f]) => gone(f))) {
      const k = problems.indexOf(problem);
      if (k >= 0) problems.splice(k, 1);
    }
    cancelled = cancelled.filter(([f]) => !gone(f));
  });
  /** @param {import("playwright-core").Request} request */
  const frameOf = (request) => {
    try {
      return request.frame();
    } catch {
      return null; // a service worker's request
    }
  };
  page.on("request", (request) => {
    const frame = frameOf(request);
    askedIn.set(request, [frame, documents.get(frame) ?? 0, documents.get(page.mainFrame()) ?? 0]);
  });
  page.on("requestfailed", (request) => {
    const error = request.failure()?.errorText ?? "";
    const picture = request.resourceType() === "image" || /\/favicon[^/]*$/.test(new URL(request.url()).pathname);
    const [frame, n, main] = askedIn.get(request) ?? [null, 0, 0];
    const left = main !== (documents.get(page.mainFrame()) ?? 0) || (frame && n !== (documents.get(frame) ?? 0));
    if (error === "net::ERR_ABORTED" && (picture || left)) return;
    const problem = `request failed: ${request.url()} ${error}`;
    problems.push(problem);
    if (error === "net::ERR_ABORTED") cancelled.push([frame, problem]);
  });
  return { page, problems };
}

/** Saves a full-page screenshot to test-results/screenshots/NAME.png and returns its path. */
export async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** A screenshot once the widgets' slides and pops are over: each is brought to its end at once
 *  (Animation.finish(): the state it would reach, without waiting seconds for the done card's
 *  stars), and its `finished` awaited, as the page's own code may await it (the hand of a hint);
 *  endless animations, like a hint's pulse, are left running. */
export async function settledScreenshot(page, name) {
  await page.evaluate(() =>
    Promise.all(
      [...document.querySelectorAll("chess-tutor")]
        .flatMap((e) => e.shadowRoot.getAnimations())
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => {
          try {
            a.finish();
          } catch {
            // (an animation that cannot be finished is waited for)
          }
          return a.finished.catch(() => {});
        }),
    ).then(() => new Promise((frame) => requestAnimationFrame(() => frame()))),
  );
  return screenshot(page, name);
}
