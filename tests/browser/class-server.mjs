// The class server for the browser tests (classes, tries, practice, caching, account): the binary
// of server/ (built by scripts/test.sh before the browser tests: cargo build --release -p
// chess-tutor-server), started on a free port with a throwaway SQLite file (--db) and --dist dist;
// `args` adds to its command line (`--signup invite`), and `invite()` runs its `invite` command on
// the same database.
// CLASS_SERVER_URL=http://…/ uses a server already running instead (its dist must be this one).
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before } from "node:test";
import { DIST, ROOT, freePort, launchBrowser } from "./helpers.mjs";
import { buildWeb } from "../../scripts/build-web.mjs";

// the profile scripts/test.sh builds (CT_CARGO_PROFILE: quick); `release` when run by hand
const BINARY = join(process.env.CARGO_TARGET_DIR ?? join(ROOT, "target"), process.env.CT_CARGO_PROFILE ?? "release", "chess-tutor-server");

/**
 * A class server and a Chromium for the whole test file (started before its tests, stopped
 * after): `env.server`, `env.browser`; the caller's own fields of `env` are kept.
 */
export function useClassServerAndBrowser(env = {}) {
  before(async () => {
    env.server = await startClassServer();
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

/** The class server binary on a free port, a fresh SQLite file, dist/ as its app. */
export async function startClassServer({ args = [] } = {}) {
  if (process.env.CLASS_SERVER_URL && !args.length) return { url: process.env.CLASS_SERVER_URL.replace(/\/?$/, "/"), stop: async () => {} };
  assert.ok(existsSync(BINARY), `${BINARY} is missing: cargo build --release -p chess-tutor-server, or scripts/test.sh with CT_CARGO_PROFILE`);
  await buildWeb();
  const dir = mkdtempSync(join(tmpdir(), "ct-classes-"));
  const db = join(dir, "classes.sqlite");
  let child, output, url;
  // another test file running at the same time (node --test --test-concurrency) may take the free
  // port between freePort() and the server's bind: then the server exits and another port is tried
  for (let tries = 1; ; tries++) {
    const port = await freePort();
    child = spawn(BINARY, ["--port", String(port), "--dist", DIST, "--db", db, ...args], {
      cwd: ROOT,
      env: { ...process.env, RUST_LOG: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    url = `http://127.0.0.1:${port}/`;
    if (await answers(child, url, () => output)) break;
    if (tries === 3 || !/in use|os error 98/i.test(output)) throw new Error(`the class server exited (${child.exitCode}):\n${output}`);
  }
  const stop = () =>
    new Promise((resolve) => {
      const done = () => {
        rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once("exit", done);
      child.kill("SIGTERM");
    });
  const invite = () => execFileSync(BINARY, ["invite", "--db", db], { cwd: dir, encoding: "utf8" }).trim().split(" ").pop();
  return { url, stop, invite, output: () => output };
}

/** Whether CHILD, the class server, answers its health request at URL (false: it exited first). */
async function answers(child, url, output) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) return false;
    try {
      const r = await fetch(`${url}api/v1/health`);
      // (and it is still running: not another server that took the port)
      if (r.ok && (await r.json()).ok === true && child.exitCode === null) return true;
    } catch {}
    if (Date.now() > deadline) throw new Error(`the class server did not answer in 30 s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
