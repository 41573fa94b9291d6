// A look inside the load section's numbers (not part of `npm run bench`): one cold and one warm visit
// of the course and the first lesson through the class server on the bench's throttled profile
// (150 ms, 1.6 Mbit/s, CPU 4x slower, service worker blocked). Prints each step's time; writes, per
// visit, the requests (start, end, bytes, priority) and the page's own marks (resource timing, long
// tasks, when the cards, the board and the intro showed) in the page's clock; for the warm visit a
// Chromium trace (the main thread's work by event, the long tasks) and CPU profiles of the course
// and of the lesson (self time by script and by function).
//   node bench/profile-load.mjs [dist-dir]   (files in $TMPDIR/ct-profile-load/: cold-marks.txt,
//   warm-marks.txt, *-reqs.txt, warm-trace.json, warm-course.cpuprofile, warm-lesson.cpuprofile;
//   PROF_WHOLE=1: warm-whole.cpuprofile, one profile of the whole warm visit). Then the main
//   thread's busy time by kind (script, style, layout, paint) between the warm visit's marks.
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { chromium } from "playwright-core";
import os from "node:os";
// PROF_WHOLE=1: one CPU profile of the whole warm visit (the Profiler is not stopped when the cards
// show: stopping it there is itself a pause of the main thread before the child's tap)
const WHOLE = process.env.PROF_WHOLE === "1";
/**
 * The main thread's busy time of the warm visit by kind (script, style, layout, paint, other: the
 * trace's complete events, each by its own time, put under its nearest kind-named ancestor), in the
 * windows between the page's marks: to the cards, from the cards to the tap on the first card, to
 * the lesson's intro, to the tap on Start.
 */
function breakdown(events, marks) {
  const fp = events.find((e) => e.name === "firstPaint");
  const fpMark = marks.find(([k]) => k === "first-paint");
  if (!fp || !fpMark) return;
  const origin = fp.ts / 1000 - fpMark[1]; // the trace's clock, in the page's
  const main = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain" && e.pid === fp.pid);
  const mine = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const stack = [];
  for (const e of mine) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    if (stack.length) stack.at(-1).own -= e.dur;
    e.own = e.dur; e.up = stack.at(-1); stack.push(e);
  }
  const kindOf = (n) => /UpdateLayoutTree|LayoutTree|recalcStyle|Style/i.test(n) ? "style" : /Layout|layout/.test(n) ? "layout"
    : /Paint|Layerize|Composit|Commit|Raster|SVGImage|Image/.test(n) ? "paint"
    : /Parse|Evaluate|FunctionCall|v8|V8|Microtask|ompile|TimerFire|EventDispatch|AnimationFrame|AsyncTask|GC/.test(n) ? "script" : null;
  const kind = (e) => { for (let p = e; p; p = p.up) { const k = kindOf(p.name); if (k) return k; } return "other"; };
  const at = (prefix) => marks.find(([k]) => k.startsWith(prefix))?.[1];
  const cuts = [["to the cards", 0, at("course-ready")], ["cards → tap", at("course-ready"), at("pointerdown card at") ], ["tap → intro", at("pointerdown card at"), at("intro")],
    ["intro → Start", at("intro"), marks.filter(([k]) => k.startsWith("pointerdown")).at(1)?.[1]]];
  console.log("main thread busy ms by kind (trace):");
  for (const [label, a, b] of cuts) {
    if (a == null || b == null) continue;
    const sum = { script: 0, style: 0, layout: 0, paint: 0, other: 0 };
    for (const e of mine) { const t = e.ts / 1000 - origin; if (t >= a && t < b) sum[kind(e)] += e.own / 1000; }
    const total = Object.values(sum).reduce((x, y) => x + y, 0);
    console.log(`  ${label.padEnd(14)} ${String(Math.round(b - a)).padStart(5)} ms, busy ${String(Math.round(total)).padStart(5)}: ${Object.entries(sum).map(([k, v]) => `${k} ${Math.round(v)}`).join(", ")}`);
  }
}
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const OUT = path.join(os.tmpdir(), "ct-profile-load");
fs.mkdirSync(OUT, { recursive: true });
const dist = path.resolve(process.argv[2] ?? path.join(ROOT, "dist"));
const port = 18000 + Math.floor(Math.random() * 1000);
const tmp = fs.mkdtempSync(path.join(OUT, "db-"));
const child = spawn(path.join(ROOT, "target/release/chess-tutor-server"), ["--dist", dist, "--quiet", "--port", String(port)], { env: { ...process.env, DATABASE_URL: `sqlite://${tmp}/b.sqlite` }, stdio: "ignore" });
for (;;) { try { if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 50)); }
const url = `http://127.0.0.1:${port}/`;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, serviceWorkers: "block" });
async function visit(label, profile) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const reqs = new Map();
  cdp.on("Network.requestWillBeSent", (e) => reqs.set(e.requestId, { url: e.request.url.replace(url, ""), start: e.timestamp, prio: e.request.initialPriority }));
  cdp.on("Network.responseReceived", (e) => { const r = reqs.get(e.requestId); if (r) { r.cached = e.response.fromDiskCache; r.status = e.response.status; } });
  cdp.on("Network.loadingFinished", (e) => { const r = reqs.get(e.requestId); if (r) { r.end = e.timestamp; r.bytes = e.encodedDataLength; } });
  const events = [];
  if (profile) {
    cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
    await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink", transferMode: "ReportEvents" });
  }
  if (profile) { await cdp.send("Profiler.enable"); await cdp.send("Profiler.setSamplingInterval", { interval: 200 }); await cdp.send("Profiler.start"); }
  await page.addInitScript(() => {
    window.__marks = [];
    const seen = new Set();
    new MutationObserver(() => {
      for (const [k, sel] of [["course-ready", 'body[data-course="ready"]'], ["cards", ".lesson-card"], ["intro", '#lesson-tutor[data-lesson="intro"]'], ["lesson-tutor", "#lesson-tutor"]]) {
        if (!seen.has(k) && document.querySelector(sel)) { seen.add(k); const r = document.querySelector(".lesson-card")?.getBoundingClientRect(); window.__marks.push([`${k} card at ${r?.top}`, performance.now()]); }
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__marks.push([`longtask ${Math.round(e.duration)}`, e.startTime]); }).observe({ type: "longtask", buffered: true });
    document.addEventListener("pointerdown", () => window.__marks.push([`pointerdown card at ${document.querySelector(".lesson-card")?.getBoundingClientRect().top}`, performance.now()]), true);
    new ResizeObserver(() => window.__marks.push([`course resized ${document.getElementById("course")?.getBoundingClientRect().height}`, performance.now()])).observe(document.documentElement);
    document.addEventListener("DOMContentLoaded", () => window.__marks.push(["DOMContentLoaded", performance.now()]));
  });
  const t0 = Date.now();
  await page.goto(`${url}?lang=en#/course`, { waitUntil: "commit" });
  await page.waitForSelector('body[data-course="ready"]');
  const t1 = Date.now();
  const summarize = async (phase) => {
    const { profile: p } = await cdp.send("Profiler.stop");
    fs.writeFileSync(`${OUT}/${label}-${phase}.cpuprofile`, JSON.stringify(p));
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    const self = new Map();
    const dt = p.timeDeltas; let k = 0;
    for (const s of p.samples) { const n = byId.get(s); const f = n.callFrame; const key = `${f.functionName || "(anon)"} ${f.url.replace(url, "")}:${f.lineNumber}`; self.set(key, (self.get(key) ?? 0) + (dt[k++] ?? 0) / 1000); }
    const byUrl = new Map();
    for (const [key, ms] of self) { const u = key.split(" ")[1]?.split(":")[0] || key; byUrl.set(u, (byUrl.get(u) ?? 0) + ms); }
    console.log(`${label} ${phase}: self ms by script:`); for (const [u, ms] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${ms.toFixed(0).padStart(6)} ${u}`);
    console.log("self ms by function:"); for (const [u, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${ms.toFixed(0).padStart(6)} ${u}`);
  };
  if (profile && !WHOLE) { await summarize("course"); await cdp.send("Profiler.start"); }
  await page.locator("a.lesson-card").first().click();
  await page.waitForSelector('#lesson-tutor[data-lesson="intro"]');
  const t2 = Date.now();
  await page.locator("#lesson-tutor .l-start").click();
  await page.waitForSelector('#lesson-tutor[data-lesson="playing"]');
  const t3 = Date.now();
  const marks = await page.evaluate(() => [...window.__marks, ...performance.getEntriesByType("resource").map((r) => [`res ${r.name.replace(location.origin + "/", "")} ${Math.round(r.startTime)}-${Math.round(r.responseEnd)} ${r.transferSize}`, r.responseEnd]), ...performance.getEntriesByType("paint").map((p) => [p.name, p.startTime])].sort((a, b) => a[1] - b[1]));
  fs.writeFileSync(`${OUT}/${label}-marks.txt`, marks.map(([k, t]) => `${t.toFixed(0).padStart(6)} ${k}`).join("\n") + "\n");
  console.log(`${label}: course ${t1 - t0} ms, intro ${t2 - t1} ms, playing ${t3 - t2} ms, nodes ${await page.evaluate(() => document.querySelectorAll("*").length)}`);
  if (profile) {
    const done = new Promise((r) => cdp.once("Tracing.tracingComplete", r));
    await cdp.send("Tracing.end");
    await done;
    fs.writeFileSync(`${OUT}/${label}-trace.json`, JSON.stringify(events));
    // the renderer's main thread: complete events by name (self time: minus the children's)
    const main = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain" && events.some((x) => x.pid === e.pid && x.name === "ParseHTML"));
    const mine = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const stack = []; const selfBy = new Map();
    for (const e of mine) {
      while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
      if (stack.length) stack.at(-1).self -= e.dur;
      e.self = e.dur; stack.push(e);
    }
    for (const e of mine) selfBy.set(e.name, (selfBy.get(e.name) ?? 0) + e.self / 1000);
    console.log("trace self ms by event:"); for (const [n, ms] of [...selfBy].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${ms.toFixed(0).padStart(6)} ${n}`);
    const big = mine.filter((e) => e.dur > 30000 && ["Layout", "UpdateLayoutTree", "Paint", "EvaluateScript", "v8.compile", "FunctionCall", "ParseHTML", "v8.evaluateModule", "PrePaint", "Layerize", "RunTask"].includes(e.name));
    const tz = mine[0]?.ts ?? 0;
    console.log("long events:"); for (const e of big.slice(0, 40)) console.log(`  ${((e.ts - tz) / 1000).toFixed(0).padStart(6)} ${(e.dur / 1000).toFixed(0).padStart(5)} ${e.name} ${e.args?.data?.url ?? e.args?.data?.functionName ?? ""}`);
    breakdown(events, marks);
    await summarize(WHOLE ? "whole" : "lesson");
  }
  const list = [...reqs.values()].filter((r) => !r.url.startsWith("data:"));
  const s0 = Math.min(...list.map((r) => r.start));
  fs.writeFileSync(`${OUT}/${label}-reqs.txt`, list.map((r) => `${((r.start - s0) * 1000).toFixed(0).padStart(6)} ${(((r.end ?? r.start) - s0) * 1000).toFixed(0).padStart(6)} ${String(r.bytes ?? "").padStart(7)} ${r.prio} ${r.cached ? "cache" : r.status} ${r.url}`).join("\n") + "\n");
  await page.close();
}
try {
  await visit("cold", process.env.PROF_COLD === "1");
  await visit("warm", true);
} finally { await browser.close(); child.kill(); fs.rmSync(tmp, { recursive: true, force: true }); }
