// @ts-check
// Files, copy and share (Studio methods): a new lesson, a course lesson opened as a copy, a lesson
// file opened, downloaded or copied, a link with the lesson in its fragment (studio-share.js).
import { download, h } from "../widget/dom.js";
import { copyText } from "./clipboard.js";
import { fileText, lessonFileName, newLesson } from "./model.js";
import { MAX_LINK, shareLink } from "./studio-share.js";
import { strToU8, zipSync } from "fflate";
import { button, report } from "./ui.js";
import { audioFiles } from "./recorder.js";

export const files = {
  // ------------------------------------------------------------ files, copy, share

  startNew() {
    if (this.dirty && !confirm(this.t.replaceAsk)) return;
    this.lesson = newLesson();
    this.broken = null;
    this.proposed = null;
    this.changed();
    this.syncSetup();
    this.dirty = false;
    this.untouched = true;
    this.saveDraft();
    this.showFindings();
    report(this, this.t.started);
  },

  async fillCourseLessons(select) {
    try {
      // every course of lessons/courses.json, as the course page reads them (its index: no lesson fetched)
      const { loadCourses } = await import("../widget/course.js");
      const { courses } = await loadCourses(new URL("lessons/", document.baseURI), { index: /** @type {any} */ (new URL("course-index.json", document.baseURI)) });
      const name = (title, fallback) => title?.[this.lang] ?? title?.en ?? fallback;
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
  },

  async openCopy(file) {
    const t = this.t;
    if (this.dirty && !confirm(t.replaceAsk)) return;
    try {
      const response = await fetch(new URL(`lessons/${file}`, document.baseURI));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const lesson = await response.json();
      lesson.id = `${String(lesson.id ?? file.replace(/\.json$/, ""))}-copy`;
      this.lesson = lesson;
      this.broken = null;
      this.changed();
      this.syncSetup();
      report(this, t.opened(file, lesson.id));
    } catch (error) {
      report(this, t.openFailed(file, String(error.message ?? error)));
    }
  },

  async openFile(file) {
    const t = this.t;
    if (this.dirty && !confirm(t.replaceAsk)) return;
    let text;
    try {
      text = await file.text();
    } catch {
      return report(this, t.readFailed(file.name));
    }
    // her own text, as written: the JSON view shows it and the findings' line:col point into it
    // (the form's next change writes the file anew)
    this.readText(text, { fromJson: true });
    if (this.ui.json) this.ui.json.value = this.text();
    this.syncSetup();
    report(this, t.fileOpened(file.name));
  },

  async download() {
    const out = await this.beforeExport("lesson");
    if (!out) return;
    // with the teacher's recordings: the lesson and its audio/ files in one .zip, to unpack into lessons/
    const audio = out.lesson ? await audioFiles(this, out.lesson) : {};
    const name = lessonFileName(out.lesson ?? this.lesson);
    if (Object.keys(audio).length) {
      const zipName = name.replace(/\.json$/, ".zip");
      download(zipName, zipSync({ [name]: strToU8(out.text), ...audio }, { level: 0 }), "application/zip");
      return this.kept(this.t.downloaded(zipName), out.text);
    }
    download(name, out.text, "application/json");
    this.kept(this.t.downloaded(name), out.text);
  },

  async copy() {
    const out = await this.beforeExport("lesson");
    if (!out) return;
    const ok = await copyText(out.text);
    if (ok) this.kept(this.t.copied, out.text);
    else report(this, this.t.copyFailed);
  },

  /** Gone out: not dirty any more, unless the lesson changed while the export was asked. @this {any} */
  kept(said, text = this.text()) {
    if (text === this.text()) this.dirty = false;
    this.saveDraft();
    report(this, said);
  },

  async share() {
    const t = this.t;
    const box = this.ui.shareBox;
    // a link made before is for the text of before: gone while this one is asked
    box.replaceChildren();
    box.hidden = true;
    const out = await this.beforeExport("lesson");
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
      button(box, `⤓ ${t.download}`, () => this.download());
      return;
    }
    h("label", { for: "studio-link" }, box, t.shareLabel);
    const input = h("input", { id: "studio-link", type: "text", readonly: "", "data-studio-share": "link" }, box);
    input.value = link;
    button(box, t.copyLink, async () => report(this, (await copyText(link)) ? t.linkCopied : t.copyFailed));
    h("a", { href: link, target: "_blank", rel: "noopener" }, box, t.openLink);
    h("p", { class: "studio-note" }, box, t.shareNote(link.length));
    if (audio) h("p", { class: "studio-note", "data-studio-share": "no-audio" }, box, t.rec.shareNoAudio);
    input.select();
    this.kept(t.shared, out.text);
  },
};
