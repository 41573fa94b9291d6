// scripts/build-web.mjs's lock (holdingLock): test files run at once (node --test
// --test-concurrency=2 tests/browser/) must never build dist/ together. One holder at a time, the
// others wait; a lock left by a process that died is taken over; a failing build frees it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { holdingLock } from "../../scripts/build-web.mjs";

const dir = mkdtempSync(join(tmpdir(), "ct-build-lock-"));
after(() => rmSync(dir, { recursive: true, force: true }));

test("two builds asked for at once run one after the other, each holding the lock alone", async () => {
  const lock = join(dir, "dist.lock");
  const events = [];
  let inside = 0;
  const build = (name) => async () => {
    inside += 1;
    assert.equal(inside, 1, `${name} builds alone`);
    assert.equal(readFileSync(join(lock, "pid"), "utf8"), String(process.pid));
    events.push(`${name} starts`);
    await new Promise((resolve) => setImmediate(resolve));
    events.push(`${name} ends`);
    inside -= 1;
    return name;
  };
  assert.deepEqual(await Promise.all([holdingLock(lock, build("a")), holdingLock(lock, build("b"))]), ["a", "b"]);
  assert.deepEqual(events, ["a starts", "a ends", "b starts", "b ends"]);
  assert.equal(existsSync(lock), false, "the lock is gone after the builds");
});

test("a lock left by a process that has ended is taken over", async () => {
  const lock = join(dir, "dead.lock");
  const gone = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
  mkdirSync(lock);
  writeFileSync(join(lock, "pid"), gone.stdout.trim());
  assert.equal(await holdingLock(lock, async () => "built"), "built");
  assert.equal(existsSync(lock), false);
});

test("a lock without a pid is taken over only once it is a minute old (its maker may be writing the pid)", async () => {
  const lock = join(dir, "no-pid.lock");
  mkdirSync(lock);
  const old = (Date.now() - 120_000) / 1000;
  utimesSync(lock, old, old);
  assert.equal(await holdingLock(lock, async () => "built"), "built");
  // a fresh one is waited for: it is freed here after a while, and then the build runs
  mkdirSync(lock);
  let freed = false;
  setTimeout(() => {
    freed = true;
    rmSync(lock, { recursive: true, force: true });
  }, 300);
  assert.equal(await holdingLock(lock, async () => freed), true, "the build ran after the lock was freed");
});

test("a build that throws frees the lock, and the error reaches the caller", async () => {
  const lock = join(dir, "throws.lock");
  await assert.rejects(holdingLock(lock, async () => {
    throw new Error("esbuild failed");
  }), /esbuild failed/);
  assert.equal(existsSync(lock), false);
  assert.equal(await holdingLock(lock, async () => "next"), "next");
});
