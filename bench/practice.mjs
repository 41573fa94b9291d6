// The practice section of the bench (`node bench/index.mjs --only practice`): issue 35's figures.
//
//   - per skill, N exercises (seeds 1..N; N = 1000, --quick 50, BENCH_PRACTICE_N overrides):
//     native time per exercise, each made and proved alone in one process (p50, p95, max:
//     crate/examples/practice_times.rs), the distinct positions (goal >= 95 %) and the
//     rating's spread, from the same exercises;
//   - per skill, M exercises made in Chromium by www/pkg-practice (M = 100, --quick 10,
//     BENCH_PRACTICE_WASM_N overrides): p50, p95 (goal <= 50 ms) and the slowest;
//   - the simulated learners of the model's tests (crate/src/practice/model_tests.rs, run with
//     --nocapture: success on exercises 31-200, the always-right learner, reviews after three
//     weeks, ratings against hidden abilities);
//   - the practice package's size (gzip -9, brotli 11);
//   - Start -> first exercise on the throttled profile of the load section, cold and warm,
//     through the class server.
// BENCH_PRACTICE_SKIP=native,wasm,model,start leaves those parts out.
// No peer: no other tutor makes proved exercises on demand; each figure stands beside its goal.

import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

/** The section; `h` holds index.mjs's helpers. */
export async function practiceSection(ctx, h) {
  const { heading, printTable, fmtMs, fmtKiB, gzipSize, brSize, percentile, ROOT, run } = h;
  const quick = ctx.opts.quick;
  const n = Number(process.env.BENCH_PRACTICE_N) || (quick ? 50 : 1000);
  const m = Number(process.env.BENCH_PRACTICE_WASM_N) || (quick ? 10 : 100);
  const pkgDir = path.join(ROOT, 'www', 'pkg-practice');
  const skills = JSON.parse(fs.readFileSync(path.join(ROOT, 'lessons', 'skills.json'), 'utf8')).skills;
  const skip = new Set((process.env.BENCH_PRACTICE_SKIP ?? '').split(',').map((x) => x.trim()));

  heading('Practice: the practice package (gzip level 9 via zlib, brotli 11)');
  const sizeRows = [];
  for (const f of ['chess_tutor_bg.wasm', 'chess_tutor.js']) {
    const file = path.join(pkgDir, f);
    if (!fs.existsSync(file)) { sizeRows.push([`www/pkg-practice/${f}`, 'n/a: not built', '', '']); continue; }
    const buf = fs.readFileSync(file);
    const gz = gzipSize(buf);
    sizeRows.push([`www/pkg-practice/${f}`, fmtKiB(buf.length), fmtKiB(gz), fmtKiB(brSize(buf))]);
    ctx.record('practice-size', { file: f, raw: buf.length, gzip: gz });
  }
  printTable(['file', 'raw', 'gzip -9', 'brotli 11'], sizeRows, ['l', 'r', 'r', 'r']);

  const byId = new Map();
  if (!skip.has('native')) {
    heading(`Practice: ${n} exercises per skill, native (each made and proved on its own: cargo run --release --example practice_times)`);
    // one process (the endgame tables read once), each exercise timed alone: p50 and p95 as the
    // browser's figures, beside the distinct positions and the rating's spread of the same seeds
    const r = run('cargo', ['run', '--release', '--quiet', '-p', 'chess-tutor', '--example', 'practice_times', '--', String(n)], { cwd: ROOT, maxBuffer: 1 << 28 });
    const lines = r.ok ? r.stdout.trim().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)) : [];
    if (!lines.length) console.log(`  n/a: ${(r.stderr ?? '').trim().split('\n').slice(-1)[0] ?? 'the example did not run'}`);
    const rows = [];
    for (const x of lines) {
      const share = x.distinct / x.n;
      byId.set(x.skill, { native: x.mean, p95: x.p95 });
      rows.push([x.skill, fmtMs(x.p50), fmtMs(x.p95), fmtMs(x.max), `${(share * 100).toFixed(1)} %${share >= 0.95 ? '' : ' (BELOW 95 %)'}`,
        `${x.min_rating}-${x.max_rating}`, Math.round(x.mean_rating), Math.round(x.sd_rating), x.failed ? `${x.failed} FAILED` : '']);
      ctx.record('practice-native', { skill: x.skill, n: x.n, msPerExercise: x.mean, p50: x.p50, p95: x.p95, max: x.max, distinct: x.distinct, minRating: x.min_rating, maxRating: x.max_rating, mean: x.mean_rating, sd: x.sd_rating, failed: x.failed });
    }
    if (rows.length) {
      printTable(['skill', 'p50 ms', 'p95 ms', 'max ms', 'distinct positions', 'rating min-max', 'mean', 'sd', ''], rows, ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l']);
      console.log('  (the doctor and `lesson check` find nothing in any of them: cargo test --release -p chess-tutor --lib practice proves seeds 1-1000 of every skill)');
    }
  }

  if (!skip.has('wasm')) {
    heading(`Practice: ${m} exercises per skill made by WebAssembly in Chromium (www/pkg-practice; goal p95 <= 50 ms)`);
    await inChromium(ctx, h, pkgDir, skills, m, byId);
  }
  if (!skip.has('model')) await model(ctx, h);
  if (!skip.has('start')) {
    heading('Practice: Start -> first exercise on a throttled network (class server; cold and warm)');
    await startToFirst(ctx, h, percentile);
  }
}

/** The simulated learners of the model's tests, their figures as the tests print them. */
async function model(ctx, h) {
  const { heading, ROOT, run } = h;
  heading('Practice: the simulated learners (crate/src/practice/model_tests.rs, cargo test --release --nocapture)');
  const t = run('cargo', ['test', '--release', '--quiet', '-p', 'chess-tutor', '--lib', '--', '--nocapture', '--test-threads=1',
    'practice_simulated_learner', 'practice_always_right', 'practice_reviews_return'], { cwd: ROOT, maxBuffer: 1 << 28 });
  const said = `${t.stdout}\n${t.stderr}`.split('\n').filter((l) => /^(simulated learners|skills with|always right|after three weeks|the 20 exercises)/.test(l));
  if (!said.length) console.log(`  n/a: ${(t.stderr.split('\n').find((l) => /error/.test(l)) ?? 'the tests said nothing').trim()}`);
  for (const l of said) console.log(`  ${l}`);
  console.log(`  (goals: success on exercises 31-200 within 80 ± 5 %; the always-right learner served harder within 60; reviews back after a three-week pause; tests ${t.ok ? 'passed' : 'FAILED'})`);
  ctx.record('practice-model', { lines: said, ok: t.ok });
}

/** Each skill's exercises made in Chromium, the package served from www/ by route (no server). */
async function inChromium(ctx, h, pkgDir, skills, m, byId) {
  const { printTable, fmtMs, percentile, ROOT } = h;
  if (!fs.existsSync(path.join(pkgDir, 'chess_tutor_bg.wasm'))) { console.log('  n/a: www/pkg-practice is not built'); return; }
  const helpers = await import(pathToFileURL(path.join(ROOT, 'tests', 'browser', 'helpers.mjs')).href);
  const browser = await helpers.launchBrowser();
  try {
    const page = await browser.newPage();
    const origin = 'https://bench.invalid';
    await page.route(`${origin}/**`, (route) => {
      const p = new URL(route.request().url()).pathname;
      if (p === '/') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><meta charset="utf-8"><title>practice bench</title>' });
      const file = p.startsWith('/pkg/') ? path.join(pkgDir, p.slice(5)) : path.join(ROOT, 'www', p.slice(1));
      if (!fs.existsSync(file)) return route.fulfill({ status: 404, body: '' });
      const type = file.endsWith('.wasm') ? 'application/wasm' : file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream';
      return route.fulfill({ contentType: type, body: fs.readFileSync(file) });
    });
    await page.goto(`${origin}/`);
    const warm = await page.evaluate(async () => {
      const pkg = await import('/pkg/chess_tutor.js');
      const t0 = performance.now();
      await pkg.default({ module_or_path: '/pkg/chess_tutor_bg.wasm' });
      for (const f of pkg.practiceEndgameFiles()) pkg.practiceLoadEndgame(new Uint8Array(await (await fetch(`/endgame/${f}`)).arrayBuffer()));
      window.pkg = pkg;
      return performance.now() - t0;
    });
    console.log(`  Chromium ${browser.version()}; the package compiled and the endgame files loaded in ${fmtMs(warm)} ms (not counted below)`);
    const rows = [];
    for (const s of skills) {
      const times = await page.evaluate(({ id, m }) => {
        const out = [];
        for (let seed = 1; seed <= m; seed++) {
          const t0 = performance.now();
          window.pkg.practiceMake(id, seed);
          out.push(performance.now() - t0);
        }
        return out;
      }, { id: s.id, m });
      const p95 = percentile(times, 95);
      const native = byId.get(s.id)?.native;
      rows.push([s.id, fmtMs(percentile(times, 50)), fmtMs(p95), fmtMs(Math.max(...times)), native == null ? '' : fmtMs(native), p95 <= 50 ? 'MEETS' : 'ABOVE']);
      ctx.record('practice-wasm', { skill: s.id, n: times.length, p50: percentile(times, 50), p95, max: Math.max(...times) });
    }
    printTable(['skill', 'p50 ms', 'p95 ms', 'max ms', 'native mean ms', 'p95 <= 50 ms'], rows, ['l', 'r', 'r', 'r', 'r', 'l']);
  } finally {
    await browser.close();
  }
}

/** The practice page from the class server, throttled as the load section: its Start pressed,
 *  until the first exercise is playable (its board's lesson ready); cold (empty cache) and warm
 *  (the same profile again). */
async function startToFirst(ctx, h, percentile) {
  const { printTable, fmtMs, fmtKiB, ROOT, startClassServer } = h;
  const helpers = await import(pathToFileURL(path.join(ROOT, 'tests', 'browser', 'helpers.mjs')).href);
  const runs = ctx.opts.quick ? 1 : Math.max(1, ctx.opts.runs);
  let server;
  try {
    await helpers.startServer().then((s) => s.stop()); // dist/ rebuilt from www/ when stale
    server = await startClassServer(path.join(ROOT, 'dist'));
  } catch (err) {
    console.log(`  n/a: ${err.message}`);
    return;
  }
  const browser = await helpers.launchBrowser();
  const steps = [];
  try {
    for (let r = 0; r < runs; r++) {
      const context = await browser.newContext({ viewport: { width: 360, height: 640 }, serviceWorkers: 'block' });
      const row = [];
      for (const label of ['cold', 'warm']) {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        let bytes = 0;
        cdp.on('Network.loadingFinished', (e) => { bytes += e.encodedDataLength; });
        const t0 = performance.now();
        await page.goto(`${server.url}?lang=en#/practice`, { waitUntil: 'commit' });
        await page.locator('[data-practice="home"][data-state="ready"]').waitFor({ timeout: 120_000 });
        const home = performance.now() - t0;
        const homeBytes = bytes;
        const t1 = performance.now();
        await page.locator('[data-practice="start"]').click();
        await page.locator('[data-practice="session"][data-state="playing"]').waitFor({ timeout: 120_000 });
        row.push({ step: `${label}: the practice page (skill map shown)`, ms: home, bytes: homeBytes });
        row.push({ step: `${label}: Start -> first exercise playable`, ms: performance.now() - t1, bytes: bytes - homeBytes });
        await page.close();
      }
      steps.push(row);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const rows = steps[0].map((s, k) => {
    const ms = steps.map((r) => r[k].ms);
    const med = percentile(ms, 50);
    ctx.record('practice-start', { step: s.step, ms: med, bytes: percentile(steps.map((r) => r[k].bytes), 50) });
    return [s.step, fmtKiB(percentile(steps.map((r) => r[k].bytes), 50)), fmtMs(med), `${fmtMs(Math.min(...ms))}-${fmtMs(Math.max(...ms))}`];
  });
  console.log(`  Chromium, 360x640, 150 ms latency, 1.6 Mbit/s down, CPU 4x slower, service worker blocked; median of ${runs}:`);
  printTable(['step', 'on the wire', 'ms', 'min-max'], rows, ['l', 'r', 'r', 'r']);
}
