// @ts-check
// Files, copy and share (functions of the studio's state): a new lesson, a course lesson opened as a copy, a lesson
// file opened, downloaded or copied, a link with the lesson in its fragment (studio-share.js).
import { download as saveFile, h } from "../widget/dom.js";
import { copyText } from "./clipboard.js";
import { fileText, lessonFileName, newLesson } from "./model.js";
import { MAX_LINK, shareLink } from "./studio-share.js";
import { strToU8, zipSync } from "fflate";
import { button, report, syncSetup } from "./ui.js";
import { audioFiles } from "./recorder.js";
import { showFindings } from "./findings-list.js";
import { beforeExport } from "./worker-client.js";
import * as state from "./state.js";

// ------------------------------------------------------------ files, copy, share

export function startNew(s) {
  if (s.dirty && !confirm(s.t.replaceAsk)) return;
  s.lesson = newLesson();
  s.broken = null;
  s.proposed = null;
  s.act.changed();
  syncSetup(s);
  s.dirty = false;
  s.untouched = true;
  state.saveDraft(s);
  showFindings(s);
  report(s, s.t.started);
}

export async function fillCourseLessons(s, select) {
  try {
    // every course of lessons/courses.json, as the course page reads them (its index: no lesson fetched)
    const { loadCourses } = await import("../widget/course.js");
    const { courses } = await loadCourses(new URL("lessons/", document.baseURI), { index: /** @type {any} */ (new URL("course-index.json", document.baseURI)) });
    const name = (title, fallback) => title?.[s.lang] ?? title?.en ?? fallback;
    for (const course of courses) {
      for (const section of course.sections) {
        const label = name(section.title, section.id);
        const group = h("optgroup", { label: courses.length > 1 ? `${name(course.title, course.id)}: ${label}` : label }, select);
        for (const lesson of section.lessons) h("option", { value: lesson.file }, group, lesson.id);
      }
    }
  } catch {
    select.disabled = true;
  }
}

export async function openCopy(s, file) {
  const t = s.t;
  if (s.dirty && !confirm(t.replaceAsk)) return;
  try {
    const response = await fetch(new URL(`lessons/${file}`, document.baseURI));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const lesson = await response.json();
    lesson.id = `${String(lesson.id ?? file.replace(/\.json$/, ""))}-copy`;
    s.lesson = lesson;
    s.broken = null;
    s.act.changed();
    syncSetup(s);
    report(s, t.opened(file, lesson.id));
  } catch (error) {
    report(s, t.openFailed(file, String(error.message ?? error)));
  }
}

export async function openFile(s, file) {
  const t = s.t;
  if (s.dirty && !confirm(t.replaceAsk)) return;
  let text;
  try {
    text = await file.text();
  } catch {
    return report(s, t.readFailed(file.name));
  }
  // her own text, as written: the JSON view shows it and the findings' line:col point into it
  // (the form's next change writes the file anew)
  s.act.readText(text, { fromJson: true });
  if (s.ui.json) s.ui.json.value = state.text(s);
  syncSetup(s);
  report(s, t.fileOpened(file.name));
}

export async function downloadLesson(s) {
  const out = /** @type {any} */ (await beforeExport(s, "lesson")); // a lesson's: { text, lesson }
  if (!out) return;
  // with the teacher's recordings: the lesson and its audio/ files in one .zip, to unpack into lessons/
  const audio = out.lesson ? await audioFiles(s, out.lesson) : {};
  const name = lessonFileName(out.lesson ?? s.lesson);
  if (Object.keys(audio).length) {
    const zipName = name.replace(/\.json$/, ".zip");
    saveFile(zipName, zipSync({ [name]: strToU8(out.text), ...audio }, { level: 0 }), "application/zip");
    return kept(s, s.t.downloaded(zipName), out.text);
  }
  saveFile(name, out.text, "application/json");
  kept(s, s.t.downloaded(name), out.text);
}

export async function copyLesson(s) {
  const out = /** @type {any} */ (await beforeExport(s, "lesson")); // a lesson's: { text, lesson }
  if (!out) return;
  const ok = await copyText(out.text);
  if (ok) kept(s, s.t.copied, out.text);
  else report(s, s.t.copyFailed);
}

/** Gone out: not dirty any more, unless the lesson changed while the export was asked. */
export function kept(s, said, text = state.text(s)) {
  if (text === state.text(s)) s.dirty = false;
  state.saveDraft(s);
  report(s, said);
}

export async function shareLesson(s) {
  const t = s.t;
  const box = s.ui.shareBox;
  // a link made before is for the text of before: gone while this one is asked
  box.replaceChildren();
  box.hidden = true;
  const out = /** @type {any} */ (await beforeExport(s, "lesson")); // a lesson's: { text, lesson }
  if (!out) return;
  box.hidden = false;
  // a link cannot carry audio: the lesson goes without its recordings, and that is said
  const audio = out.lesson?.audio;
  let sent = out.text;
  if (audio) {
    const { audio: _, ...lesson } = out.lesson;
    sent = fileText(lesson);
  }
  const link = shareLink(location.href, sent);
  if (link.length > MAX_LINK) {
    h("p", { class: "studio-too-long", "data-studio-share": "too-long" }, box, t.tooLongLink(link.length, MAX_LINK));
    button(box, `⤓ ${t.download}`, () => downloadLesson(s));
    return;
  }
  h("label", { for: "studio-link" }, box, t.shareLabel);
  const input = h("input", { id: "studio-link", type: "text", readonly: "", "data-studio-share": "link" }, box);
  input.value = link;
  button(box, t.copyLink, async () => report(s, (await copyText(link)) ? t.linkCopied : t.copyFailed));
  h("a", { href: link, target: "_blank", rel: "noopener" }, box, t.openLink);
  h("p", { class: "studio-note" }, box, t.shareNote(link.length));
  if (audio) h("p", { class: "studio-note", "data-studio-share": "no-audio" }, box, t.rec.shareNoAudio);
  input.select();
  kept(s, t.shared, out.text);
}
