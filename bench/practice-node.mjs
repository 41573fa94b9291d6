// Practice exercises made by www/pkg-practice (WebAssembly) in Node, timed one by one: a quick
// look at a generator's speed without a browser (bench/practice.mjs measures in Chromium).
//
//   node bench/practice-node.mjs [N] [SKILL,...] [PKG_DIR]
//
// For each skill (all, or those named), seeds 1..N (100 by default): p50, p95 and max of the
// wall time and of the process's CPU time per exercise, with the load average beside (the
// machine may be shared: CPU time moves less with the load than wall time).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const n = Number(process.argv[2]) || 100;
const only = process.argv[3] ? process.argv[3].split(',') : null;
const PKG = resolve(process.argv[4] ?? join(ROOT, 'www', 'pkg-practice'));
const pkg = await import(join(PKG, 'chess_tutor.js'));
pkg.initSync({ module: readFileSync(join(PKG, 'chess_tutor_bg.wasm')) });
for (const f of pkg.practiceEndgameFiles()) pkg.practiceLoadEndgame(new Uint8Array(readFileSync(join(ROOT, 'www', 'endgame', f))));
pkg.practiceMake('fork', 1); // the first search's allocations are no exercise's time

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length, Math.max(1, Math.ceil((p / 100) * s.length))) - 1];
};
const f = (x) => x.toFixed(1);
for (const s of pkg.practiceSkills()) {
  if (only && !only.includes(s.id)) continue;
  const wall = [];
  const cpu = [];
  const load = loadavg()[0];
  for (let seed = 1; seed <= n; seed++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    pkg.practiceMake(s.id, seed);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  console.log(JSON.stringify({ skill: s.id, n, wall: { p50: f(pct(wall, 50)), p95: f(pct(wall, 95)), max: f(Math.max(...wall)) },
    cpu: { p50: f(pct(cpu, 50)), p95: f(pct(cpu, 95)), max: f(Math.max(...cpu)) }, load: [load, loadavg()[0]].map((x) => x.toFixed(2)) }));
}
