// @ts-check
// The studio's check (functions of the studio's state): every change goes to the checker and the doctor in
// studio-worker.js (a Web Worker: typing never waits), one text at a time, a stuck one stopped when
// a newer waits; the findings and the proposed par come back. Before a lesson or course goes out,
// its own check is awaited and the gate (studio-gate.js) asks about errors.
import { sayError } from "../widget/errors.js";
import { appBase } from "./app-base.js";
import { fileText, isObject } from "./model.js";
import { askBeforeExport } from "./studio-gate.js";
import { scriptURL } from "../widget/trusted.js";
import { report } from "./ui.js";
import { findingText, placeOf, showFindings } from "./findings-list.js";
import { renderPar } from "./goal-form.js";
import * as state from "./state.js";

const CHECK_DELAY = 250; // ms after the last change
const STUCK = 4000; // a check running longer than this is stopped when a newer one waits

// ------------------------------------------------------------ the check (studio-worker.js)

export function check(s) {
  clearTimeout(s.timer);
  // the findings on screen are for an older text until the new check is back: said at once
  s.ui.root?.setAttribute("data-checking", "true");
  s.debouncing = true;
  s.timer = setTimeout(() => {
    s.debouncing = false;
    send(s, state.text(s));
  }, CHECK_DELAY);
}

export function send(s, text) {
  if (text === s.checked && !s.running) return s.ui.root?.removeAttribute("data-checking");
  if (s.running) {
    s.waiting = text;
    // a search that takes too long (a deep mate) is stopped for the newer text
    if (performance.now() - s.running.since > STUCK) restartWorker(s);
    else return;
  }
  s.worker ??= makeWorker(s);
  const id = ++s.asked;
  s.running = { id, since: performance.now(), text };
  s.waiting = null;
  s.ui.root?.setAttribute("data-checking", "true");
  s.worker.postMessage({ id, text });
  clearTimeout(s.stuckTimer);
  s.stuckTimer = setTimeout(() => s.waiting != null && send(s, s.waiting), STUCK + 50);
}

export function makeWorker(s) {
  const worker = new Worker(scriptURL(new URL("studio-worker.js", appBase())), { type: "module" });
  worker.onmessage = ({ data }) => received(s, data);
  worker.onerror = (e) => {
    e.preventDefault?.();
    received(s, { id: s.running?.id, error: { id: "internal", args: { detail: e.message ?? "worker" } } });
  };
  return worker;
}

export function restartWorker(s) {
  s.worker?.terminate();
  s.worker = null;
  s.running = null;
}

export function received(s, data) {
  if (!s.running || data.id !== s.running.id) return;
  const { text } = s.running;
  s.running = null;
  clearTimeout(s.stuckTimer);
  if (s.waiting != null && s.waiting !== text) return send(s, s.waiting);
  s.waiting = null;
  if (!s.debouncing) s.ui.root?.removeAttribute("data-checking");
  s.checked = text;
  s.checkError = data.error ?? null;
  s.findings = data.diagnostics ?? [];
  s.proposed = data.par ?? null;
  showFindings(s);
  renderPar(s);
  s.ui.root?.setAttribute("data-checked", String(s.asked));
  // an export waiting for this very text (verify)
  for (const w of s.verifying.filter((w) => w.text === text)) w.done();
  s.verifying = s.verifying.filter((w) => w.text !== text);
}

/** The check of exactly `text`, now: at once when it is the one last checked, else a check of
 *  it (no debounce) awaited. → { findings, error } */
export function verify(s, text) {
  const result = () => ({ findings: s.findings, error: s.checkError });
  clearTimeout(s.timer);
  s.debouncing = false;
  if (text === s.checked && !s.running) {
    s.ui.root?.removeAttribute("data-checking");
    return Promise.resolve(result());
  }
  return new Promise((resolve) => {
    s.verifying.push({ text, done: () => resolve(result()) });
    if (s.running?.text === text) return; // on its way
    if (s.running) s.waiting = text;
    else send(s, text);
  });
}

/** The findings of a course lesson's text, by a worker of its own (the live check goes on), kept
 *  by text: a course downloaded again is not checked again. */
export function checkOther(s, text) {
  s.otherChecks ??= new Map();
  const known = s.otherChecks.get(text);
  if (known) return known;
  if (!s.otherWorker) {
    s.otherWorker = new Worker(scriptURL(new URL("studio-worker.js", appBase())), { type: "module" });
    s.otherWaiting = new Map();
    s.otherAsked = 0;
    s.otherWorker.onmessage = ({ data }) => {
      s.otherWaiting.get(data.id)?.(data);
      s.otherWaiting.delete(data.id);
    };
    // the worker lost: every check waiting ends with its error (said in the gate), none kept
    s.otherWorker.onerror = (e) => {
      e.preventDefault?.();
      for (const done of s.otherWaiting.values()) done({ error: { id: "internal", args: { detail: e.message ?? "worker" } } });
      s.otherWaiting.clear();
      s.otherChecks.clear();
      s.otherWorker.terminate();
      s.otherWorker = null;
    };
  }
  const id = ++s.otherAsked;
  const promise = new Promise((resolve) => {
    s.otherWaiting.set(id, (data) => resolve({ findings: data.diagnostics ?? [], error: data.error ?? null }));
    s.otherWorker.postMessage({ id, text });
  });
  s.otherChecks.set(text, promise);
  return promise;
}

/**
 * THE gate of every export (Share, Download, Copy, "Download the course", "Share the course" and
 * the package buttons: downloadPackage): what goes out is exactly the text the check saw (checked again
 * first when the lesson changed since), and while that check has an error the teacher is asked
 * first (studio-gate.js: the errors listed, "Go back and fix" first). Warnings never stop it.
 * kind "lesson" → { text, lesson } (lesson: the text read, or null when it is not JSON);
 * kind "course" → { lessons: [{ lesson, text }] }; null when the teacher went back to fix it.
 */
export async function beforeExport(s, kind = "lesson") {
  if (isObject(kind)) kind = /** @type {any} */ (kind).what ?? "lesson"; // the packages' first call shape: { kind: format, what }
  const t = s.t;
  if (kind === "course") {
    const lessons = s.course.sections.flatMap((sec) => sec.lessons).map((lesson) => ({ lesson, text: fileText(lesson) }));
    report(s, t.gateChecking, "course");
    const results = await Promise.all(lessons.map((l) => checkOther(s, l.text)));
    report(s, "", "course");
    const errors = results.flatMap((r, k) => errorsOf(s, r, String(lessons[k].lesson.id ?? k + 1)));
    if (errors.length && !(await askBeforeExport({ words: t, errors, what: "course", parent: s.ui.root }))) return gateRefused(s, "course");
    return { lessons };
  }
  const text = state.text(s);
  report(s, t.gateChecking);
  const result = await verify(s, text);
  report(s, "");
  const errors = errorsOf(s, result);
  if (errors.length && !(await askBeforeExport({ words: t, errors, what: "lesson", parent: s.ui.root }))) return gateRefused(s, "lesson");
  let lesson;
  try {
    lesson = JSON.parse(text);
  } catch {
    lesson = null;
  }
  return { text, lesson: isObject(lesson) ? lesson : null };
}

/** A check's errors (not its warnings) in words, for the gate: [{ where, text }]. */
export function errorsOf(s, { findings, error }, lessonName = "") {
  if (error) return [{ where: lessonName, text: s.t.checkFailed(sayError(s.m, error)) }];
  return findings
    .filter((d) => d.severity === "error")
    .map((d) => ({ where: lessonName ? `${lessonName}:` : d.pointer ? placeOf(s, d.pointer) : `${d.line}:${d.col}`, text: findingText(s, d) }));
}

export function gateRefused(s, what) {
  report(s, s.t.gateWentBack, what === "course" ? "course" : undefined);
  if (what !== "course") s.ui.findings?.querySelector("li.error button")?.focus({ preventScroll: false });
  return null;
}
