// @ts-check
// The studio's check (Studio methods): every change goes to the checker and the doctor in
// studio-worker.js (a Web Worker: typing never waits), one text at a time, a stuck one stopped when
// a newer waits; the findings and the proposed par come back. Before a lesson or course goes out,
// its own check is awaited and the gate (studio-gate.js) asks about errors.
import { sayError } from "../widget/errors.js";
import { appBase } from "./app-base.js";
import { fileText, isObject } from "./model.js";
import { askBeforeExport } from "./studio-gate.js";
import { scriptURL } from "../widget/trusted.js";
import { report } from "./ui.js";

const CHECK_DELAY = 250; // ms after the last change
const STUCK = 4000; // a check running longer than this is stopped when a newer one waits

export const checking = {
  // ------------------------------------------------------------ the check (studio-worker.js)

  check() {
    clearTimeout(this.timer);
    // the findings on screen are for an older text until the new check is back: said at once
    this.ui.root?.setAttribute("data-checking", "true");
    this.debouncing = true;
    this.timer = setTimeout(() => {
      this.debouncing = false;
      this.send(this.text());
    }, CHECK_DELAY);
  },

  send(text) {
    if (text === this.checked && !this.running) return this.ui.root?.removeAttribute("data-checking");
    if (this.running) {
      this.waiting = text;
      // a search that takes too long (a deep mate) is stopped for the newer text
      if (performance.now() - this.running.since > STUCK) this.restartWorker();
      else return;
    }
    this.worker ??= this.makeWorker();
    const id = ++this.asked;
    this.running = { id, since: performance.now(), text };
    this.waiting = null;
    this.ui.root?.setAttribute("data-checking", "true");
    this.worker.postMessage({ id, text });
    clearTimeout(this.stuckTimer);
    this.stuckTimer = setTimeout(() => this.waiting != null && this.send(this.waiting), STUCK + 50);
  },

  makeWorker() {
    const worker = new Worker(scriptURL(new URL("studio-worker.js", appBase())), { type: "module" });
    worker.onmessage = ({ data }) => this.received(data);
    worker.onerror = (e) => {
      e.preventDefault?.();
      this.received({ id: this.running?.id, error: { id: "internal", args: { detail: e.message ?? "worker" } } });
    };
    return worker;
  },

  restartWorker() {
    this.worker?.terminate();
    this.worker = null;
    this.running = null;
  },

  received(data) {
    if (!this.running || data.id !== this.running.id) return;
    const { text } = this.running;
    this.running = null;
    clearTimeout(this.stuckTimer);
    if (this.waiting != null && this.waiting !== text) return this.send(this.waiting);
    this.waiting = null;
    if (!this.debouncing) this.ui.root?.removeAttribute("data-checking");
    this.checked = text;
    this.checkError = data.error ?? null;
    this.findings = data.diagnostics ?? [];
    this.proposed = data.par ?? null;
    this.showFindings();
    this.renderPar();
    this.ui.root?.setAttribute("data-checked", String(this.asked));
    // an export waiting for this very text (verify)
    for (const w of this.verifying.filter((w) => w.text === text)) w.done();
    this.verifying = this.verifying.filter((w) => w.text !== text);
  },

  /** The check of exactly `text`, now: at once when it is the one last checked, else a check of
   *  it (no debounce) awaited. → { findings, error } */
  verify(text) {
    const result = () => ({ findings: this.findings, error: this.checkError });
    clearTimeout(this.timer);
    this.debouncing = false;
    if (text === this.checked && !this.running) {
      this.ui.root?.removeAttribute("data-checking");
      return Promise.resolve(result());
    }
    return new Promise((resolve) => {
      this.verifying.push({ text, done: () => resolve(result()) });
      if (this.running?.text === text) return; // on its way
      if (this.running) this.waiting = text;
      else this.send(text);
    });
  },

  /** The findings of a course lesson's text, by a worker of its own (the live check goes on), kept
   *  by text: a course downloaded again is not checked again. */
  checkOther(text) {
    this.otherChecks ??= new Map();
    const known = this.otherChecks.get(text);
    if (known) return known;
    if (!this.otherWorker) {
      this.otherWorker = new Worker(scriptURL(new URL("studio-worker.js", appBase())), { type: "module" });
      this.otherWaiting = new Map();
      this.otherAsked = 0;
      this.otherWorker.onmessage = ({ data }) => {
        this.otherWaiting.get(data.id)?.(data);
        this.otherWaiting.delete(data.id);
      };
      // the worker lost: every check waiting ends with its error (said in the gate), none kept
      this.otherWorker.onerror = (e) => {
        e.preventDefault?.();
        for (const done of this.otherWaiting.values()) done({ error: { id: "internal", args: { detail: e.message ?? "worker" } } });
        this.otherWaiting.clear();
        this.otherChecks.clear();
        this.otherWorker.terminate();
        this.otherWorker = null;
      };
    }
    const id = ++this.otherAsked;
    const promise = new Promise((resolve) => {
      this.otherWaiting.set(id, (data) => resolve({ findings: data.diagnostics ?? [], error: data.error ?? null }));
      this.otherWorker.postMessage({ id, text });
    });
    this.otherChecks.set(text, promise);
    return promise;
  },

  /**
   * THE gate of every export (Share, Download, Copy, "Download the course", "Share the course" and
   * the package buttons: downloadPackage): what goes out is exactly the text the check saw (checked again
   * first when the lesson changed since), and while that check has an error the teacher is asked
   * first (studio-gate.js: the errors listed, "Go back and fix" first). Warnings never stop it.
   * kind "lesson" → { text, lesson } (lesson: the text read, or null when it is not JSON);
   * kind "course" → { lessons: [{ lesson, text }] }; null when the teacher went back to fix it.
   */
  async beforeExport(kind = "lesson") {
    if (isObject(kind)) kind = /** @type {any} */ (kind).what ?? "lesson"; // the packages' first call shape: { kind: format, what }
    const t = this.t;
    if (kind === "course") {
      const lessons = this.course.sections.flatMap((s) => s.lessons).map((lesson) => ({ lesson, text: fileText(lesson) }));
      report(this, t.gateChecking, "course");
      const results = await Promise.all(lessons.map((l) => this.checkOther(l.text)));
      report(this, "", "course");
      const errors = results.flatMap((r, k) => this.errorsOf(r, String(lessons[k].lesson.id ?? k + 1)));
      if (errors.length && !(await askBeforeExport({ words: t, errors, what: "course", parent: this.ui.root }))) return this.gateRefused("course");
      return { lessons };
    }
    const text = this.text();
    report(this, t.gateChecking);
    const result = await this.verify(text);
    report(this, "");
    const errors = this.errorsOf(result);
    if (errors.length && !(await askBeforeExport({ words: t, errors, what: "lesson", parent: this.ui.root }))) return this.gateRefused("lesson");
    let lesson;
    try {
      lesson = JSON.parse(text);
    } catch {
      lesson = null;
    }
    return { text, lesson: isObject(lesson) ? lesson : null };
  },

  /** A check's errors (not its warnings) in words, for the gate: [{ where, text }]. */
  errorsOf({ findings, error }, lessonName = "") {
    if (error) return [{ where: lessonName, text: this.t.checkFailed(sayError(this.m, error)) }];
    return findings
      .filter((d) => d.severity === "error")
      .map((d) => ({ where: lessonName ? `${lessonName}:` : d.pointer ? this.placeOf(d.pointer) : `${d.line}:${d.col}`, text: this.findingText(d) }));
  },

  gateRefused(what) {
    report(this, this.t.gateWentBack, what === "course" ? "course" : undefined);
    if (what !== "course") this.ui.findings?.querySelector("li.error button")?.focus({ preventScroll: false });
    return null;
  },
};
