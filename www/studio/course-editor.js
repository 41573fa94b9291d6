// @ts-check
// The course editor (functions of the studio's state): lessons in sections, moved by buttons and keys, the course in
// a link, as a .zip (fflate) with its recordings, or as a package for a school's platform
// (package/: SCORM, xAPI, cmi5, H5P); a .zip opened back.
import { download, h } from "../widget/dom.js";
import { LANGS } from "../i18n/i18n.js";
import { fetchAppFiles } from "../school/package/browser.js";
import { oneLesson } from "../school/package/core.js";
import { COURSE_ZIP_LIMITS, unzipCourse } from "../school/package/course.js";
import { FORMATS, makePackage } from "../school/package/index.js";
import { appBase } from "./app-base.js";
import { copyText } from "./clipboard.js";
import { AUDIO_ENTRY, clone, courseFileName, courseHtml, fileText, isObject, lessonFileName, newText } from "./model.js";
import { courseLink, guardJson, MAX_DATA, MAX_LESSON_BYTES, MAX_LINK } from "./studio-share.js";
import { strToU8, zipSync } from "fflate";
import { button, report, syncSetup } from "./ui.js";
import { audioFiles } from "./recorder.js";
import { beforeExport } from "./worker-client.js";
import * as state from "./state.js";

// ------------------------------------------------------------ the course

export function renderCourse(s) {
  const box = s.ui.courseBox;
  if (!box) return;
  const t = s.t;
  const c = s.course;
  box.replaceChildren();
  h("h3", { id: "studio-course-title" }, box, t.courseTitle);
  h("p", { class: "studio-json-lead" }, box, t.courseLead);
  const titles = h("div", { class: "studio-course-names" }, box);
  for (const g of LANGS) {
    const id = `studio-course-${g}`;
    const col = h("div", { class: "studio-lang" }, titles);
    h("label", { for: id }, col, `${t.courseName} (${t.langName[g]})`);
    const el = h("input", { id, type: "text", lang: g }, col);
    el.value = c.title?.[g] ?? "";
    el.addEventListener("input", () => {
      c.title = { ...newText(), ...c.title, [g]: el.value };
      state.saveDraft(s);
    });
  }
  const bar = h("div", { class: "studio-bar" }, box);
  button(bar, `+ ${t.addToCourse}`, () => addToCourse(s), { "data-course": "add" });
  button(bar, `+ ${t.addSection}`, () => {
    c.sections.push({ id: `section-${c.sections.length + 1}`, title: newText(), lessons: [] });
    courseChanged(s);
  });
  button(bar, `⤓ ${t.downloadZip}`, () => downloadZip(s), { "data-course": "zip" });
  button(bar, t.shareCourse, () => shareCourse(s), { "data-course": "share" });
  // the course as a package for a school's platform, one button per format (www/school/package/index.js)
  for (const f of FORMATS) button(bar, `⤓ ${t.packages?.[f.id] ?? f.label[s.lang] ?? f.label.en}`, () => downloadPackage(s, f.id, "course"), { "data-course-package": f.id });
  // a course made before: its .zip, or course.json with its lesson files (several chosen at once)
  const file = h("input", { type: "file", multiple: "", accept: ".zip,.json,application/zip,application/json", class: "studio-course-file", "aria-label": t.openCourse, "data-course": "file" }, bar);
  file.addEventListener("change", () => file.files?.length && openCourse(s, [...file.files]).finally(() => (file.value = "")));
  button(bar, t.openCourse, () => file.click(), { "data-course": "open" });
  s.ui.courseShare ??= h("div", { class: "studio-course-share", hidden: "", "data-course": "share-box" });
  box.append(s.ui.courseShare);
  // kept from one drawing of the course to the next (a live region that stays put)
  s.ui.courseSay ??= h("p", { class: "studio-course-say", role: "status", "aria-live": "polite", "data-course": "said" });
  box.append(s.ui.courseSay);
  c.sections.forEach((section, si) => {
    const sec = h("div", { class: "studio-course-section", "data-section": String(si) }, box);
    const name = () => section.title?.[s.lang] || section.id || String(si + 1);
    // the section's own tools: a handle to drag it (or Alt+↑/↓ on it), up, down, remove
    const secTools = h("div", { class: "studio-chosen studio-section-tools" }, sec);
    const grip = h("button", { type: "button", class: "studio-small grip", draggable: "true", "data-section-grip": String(si), "aria-label": t.sectionGrip(name()), "aria-describedby": "studio-course-keys" }, secTools, "⠿");
    grip.addEventListener("dragstart", (e) => {
      s.dragSection = si;
      const data = /** @type {DataTransfer} */ (e.dataTransfer); // a drag has one
      data.effectAllowed = "move";
      data.setData("text/plain", section.id ?? "");
    });
    grip.addEventListener("dragend", () => (s.dragSection = null));
    grip.addEventListener("keydown", (e) => {
      if (!e.altKey || !["ArrowUp", "ArrowDown"].includes(e.key)) return;
      e.preventDefault();
      moveSection(s, si, si + (e.key === "ArrowUp" ? -1 : 1), "grip");
    });
    // the section's header: its title as typed (in the studio's language, else another), else "Section 2"
    const header = h("strong", { "data-section-header": "" }, secTools);
    const showHeader = () => {
      const title = section.title?.[s.lang] || LANGS.map((g) => section.title?.[g]).find(Boolean);
      header.textContent = title ? `${si + 1}. ${title}` : t.sectionN(si + 1);
    };
    showHeader();
    const up = button(secTools, "↑", () => moveSection(s, si, si - 1, "up"), { "aria-label": t.sectionUp(name()), class: "studio-small", "data-section-move": "up" });
    const down = button(secTools, "↓", () => moveSection(s, si, si + 1, "down"), { "aria-label": t.sectionDown(name()), class: "studio-small", "data-section-move": "down" });
    up.disabled = si === 0;
    down.disabled = si === c.sections.length - 1;
    button(secTools, t.removeSection, () => {
      if (section.lessons.length && !confirm(t.removeSectionAsk(name(), section.lessons.length))) return;
      c.sections.splice(si, 1);
      courseChanged(s);
      report(s, t.sectionRemoved(name()), "course");
      s.ui.courseBox.querySelector(`[data-section="${Math.min(si, c.sections.length - 1)}"] [data-section-grip]`)?.focus();
    }, { class: "studio-small", "data-section-remove": "" });
    sec.addEventListener("dragover", (e) => s.dragSection != null && e.preventDefault());
    sec.addEventListener("drop", (e) => {
      if (s.dragSection == null) return;
      e.preventDefault();
      const from = s.dragSection;
      s.dragSection = null;
      setTimeout(() => moveSection(s, from, si));
    });
    const head = h("div", { class: "studio-course-names" }, sec);
    const idCol = h("div", { class: "studio-lang" }, head);
    h("label", { for: `studio-sec-${si}` }, idCol, t.sectionId);
    const idEl = h("input", { id: `studio-sec-${si}`, type: "text", "aria-describedby": `studio-sec-${si}-hint` }, idCol);
    h("small", { class: "studio-hint", id: `studio-sec-${si}-hint` }, idCol, t.sectionIdHint);
    idEl.value = section.id ?? "";
    idEl.addEventListener("input", () => {
      section.id = idEl.value;
      state.saveDraft(s);
    });
    for (const g of LANGS) {
      const col = h("div", { class: "studio-lang" }, head);
      h("label", { for: `studio-sec-${si}-${g}` }, col, `${t.sectionName} (${t.langName[g]})`);
      const el = h("input", { id: `studio-sec-${si}-${g}`, type: "text", lang: g }, col);
      el.value = section.title?.[g] ?? "";
      el.addEventListener("input", () => {
        section.title = { ...newText(), ...section.title, [g]: el.value };
        showHeader();
        state.saveDraft(s);
      });
    }
    const ol = h("ol", { class: "studio-course-list", "aria-label": section.title?.[s.lang] || section.id }, sec);
    ol.addEventListener("dragover", (e) => s.drag && e.preventDefault());
    ol.addEventListener("drop", (e) => {
      if (!s.drag) return;
      e.preventDefault();
      const li = /** @type {HTMLElement | null | undefined} */ (/** @type {Element} */ (e.target).closest?.("li[data-lesson]"));
      const from = s.drag;
      s.drag = null;
      // after the drag has ended: the list is drawn anew, without the element being dragged
      setTimeout(() => moveLesson(s, from, { si, li: li ? Number(li.dataset.lesson) : section.lessons.length }));
    });
    if (!section.lessons.length) h("li", { class: "studio-empty" }, ol, t.emptySection);
    section.lessons.forEach((lesson, li) => {
      const item = h("li", { draggable: "true", tabindex: "0", "data-lesson": String(li), "aria-describedby": "studio-course-keys" }, ol);
      h("span", { class: "grip", "aria-hidden": "true" }, item, "⠿");
      h("span", { class: "name" }, item, `${lesson.id} — ${lesson.title?.[s.lang] || lesson.title?.en || ""}`);
      const tools = h("span", { class: "tools" }, item);
      button(tools, "↑", () => moveBy(s, si, li, -1), { "aria-label": t.moveUp(lesson.id), class: "studio-small" });
      button(tools, "↓", () => moveBy(s, si, li, 1), { "aria-label": t.moveDown(lesson.id), class: "studio-small" });
      button(tools, t.edit, () => editFromCourse(s, si, li), { class: "studio-small" });
      button(tools, "×", () => {
        section.lessons.splice(li, 1);
        courseChanged(s);
      }, { "aria-label": `${t.remove}: ${lesson.id}`, class: "studio-small" });
      item.addEventListener("dragend", () => (s.drag = null));
      item.addEventListener("dragstart", (e) => {
        s.drag = { si, li };
        const data = /** @type {DataTransfer} */ (e.dataTransfer); // a drag has one
        data.effectAllowed = "move";
        data.setData("text/plain", lesson.id);
      });
      item.addEventListener("keydown", (e) => {
        if (e.target !== item || !e.altKey || !["ArrowUp", "ArrowDown"].includes(e.key)) return;
        e.preventDefault();
        moveBy(s, si, li, e.key === "ArrowUp" ? -1 : 1, true);
      });
    });
  });
  h("p", { id: "studio-course-keys", class: "studio-note" }, box, t.courseKeys);
}

export function courseChanged(s) {
  state.saveDraft(s);
  renderCourse(s);
}

/** Moves section `from` to place `to` (its lessons with it); `focus` names the button that
 *  keeps the keyboard's focus. */
export function moveSection(s, from, to, focus) {
  const secs = s.course.sections;
  if (to < 0 || to >= secs.length || from === to) return;
  const [section] = secs.splice(from, 1);
  secs.splice(to, 0, section);
  courseChanged(s);
  report(s, s.t.movedSection(section.title?.[s.lang] || section.id, to + 1), "course");
  const at = s.ui.courseBox.querySelector(`[data-section="${to}"]`);
  const button = focus === "grip" ? at?.querySelector("[data-section-grip]") : at?.querySelector(`[data-section-move="${focus}"]:not(:disabled)`) ?? at?.querySelector("[data-section-grip]");
  if (focus) button?.focus();
}

/**
 * Opens a course made before: a .zip with course.json and the lesson files it names (as
 * "Download the course" makes it, or in a folder), or course.json and its lesson files chosen
 * together. A lesson file that is missing or cannot be read is said, and left out.
 */
export async function openCourse(s, files) {
  const t = s.t;
  const texts = new Map(); // path → text
  try {
    for (const f of files) {
      if (/\.zip$/i.test(f.name) || f.type === "application/zip") {
        if (f.size > COURSE_ZIP_LIMITS.file) return report(s, t.courseTooBig(COURSE_ZIP_LIMITS), "course");
        let unpacked;
        try {
          unpacked = unzipCourse(new Uint8Array(await f.arrayBuffer()), f.name);
        } catch (e) {
          return report(s, e.limit ? t.courseTooBig(COURSE_ZIP_LIMITS) : t.courseUnreadable(e.message), "course");
        }
        // the teacher's recordings (audio/<lesson>/<text>.<lang>.<ext>)
        for (const [path, data] of Object.entries(unpacked.media)) if (AUDIO_ENTRY.test(path)) s.recordings.set(path.slice(path.search(/audio\//)), new Blob([data], { type: `audio/${(path.split(".").at(-1) ?? "").replace("m4a", "mp4")}` }));
        for (const [path, text] of Object.entries(unpacked.texts)) texts.set(path, text);
      } else if (f.size > MAX_LESSON_BYTES) {
        return report(s, t.courseTooBig(COURSE_ZIP_LIMITS), "course");
      } else texts.set(f.name, await f.text());
    }
  } catch (e) {
    return report(s, t.courseUnreadable(e?.message ?? String(e)), "course");
  }
  // every text through the guard (byte-order mark, size, nesting) before JSON.parse walks it
  for (const [path, text] of texts) {
    const g = guardJson(text);
    if (g.refused) texts.delete(path);
    else texts.set(path, g.text);
  }
  // course.json: the shortest path of that name (the top folder of the .zip)
  const coursePath = [...texts.keys()].filter((p) => /(^|\/)course\.json$/.test(p)).sort((a, b) => a.length - b.length)[0];
  let course;
  try {
    course = coursePath && JSON.parse(texts.get(coursePath));
  } catch (e) {
    return report(s, t.courseUnreadable(`${coursePath}: ${e.message}`), "course");
  }
  if (!isObject(course) || !Array.isArray(course.sections)) return report(s, t.noCourseFile, "course");
  const dir = coursePath.includes("/") ? coursePath.slice(0, coursePath.lastIndexOf("/") + 1) : "";
  const resolve = (name) => {
    const parts = [];
    for (const p of `${dir}${name}`.split("/")) {
      if (p === "..") parts.pop();
      else if (p && p !== ".") parts.push(p);
    }
    return parts.join("/");
  };
  const missing = [];
  let count = 0;
  // every field the studio does not edit is kept as it came (nothing a teacher made is lost)
  const sections = course.sections.filter(isObject).map((sec, k) => ({
    ...sec,
    id: typeof sec.id === "string" ? sec.id : `section-${k + 1}`,
    title: { ...newText(), ...(isObject(sec.title) ? sec.title : {}) },
    lessons: (Array.isArray(sec.lessons) ? sec.lessons : []).flatMap((name) => {
      const path = resolve(String(name));
      // a file chosen by the picker has no folder: its name alone
      const text = texts.get(path) ?? texts.get(path.split("/").at(-1));
      try {
        const lesson = text != null && JSON.parse(text);
        if (!isObject(lesson)) throw new Error();
        if (typeof lesson.id !== "string") lesson.id = (String(name).split("/").at(-1) ?? "").replace(/\.json$/i, "");
        count++;
        return [lesson];
      } catch {
        missing.push(String(name));
        return [];
      }
    }),
  }));
  const had = s.course.sections.some((sec) => sec.lessons.length);
  if (had && !confirm(t.replaceCourseAsk)) return;
  // the course's other fields (its "retired" lessons …) and the retired lessons' files, kept
  // to be written back: a class's earlier homework names them
  const { $schema: _schema, title: _title, sections: _sections, keptFiles: _files, ...kept } = course;
  const keptFiles = {};
  for (const name of Array.isArray(course.retired) ? course.retired : []) {
    const text = texts.get(resolve(String(name))) ?? texts.get(String(name).split("/").at(-1));
    if (text != null) keptFiles[String(name)] = text;
  }
  s.course = { ...kept, title: { ...newText(), ...(isObject(course.title) ? course.title : {}) }, sections, keptFiles };
  courseChanged(s);
  report(s, t.courseOpened(count, sections.length) + (missing.length ? ` ${t.courseMissing(missing)}` : ""), "course");
}

export function addToCourse(s) {
  const t = s.t;
  if (s.broken != null) return report(s, t.brokenJson);
  const c = s.course;
  if (!c.sections.length) c.sections.push({ id: "section-1", title: newText(), lessons: [] });
  const copy = clone(s.lesson);
  for (const sec of c.sections) {
    const k = sec.lessons.findIndex((l) => l.id === copy.id);
    if (k >= 0) {
      sec.lessons[k] = copy;
      courseChanged(s);
      return report(s, t.replacedInCourse(copy.id), "course");
    }
  }
  c.sections.at(-1).lessons.push(copy);
  courseChanged(s);
  report(s, t.addedToCourse(copy.id), "course");
}

export function editFromCourse(s, si, li) {
  if (s.dirty && !confirm(s.t.replaceAsk)) return;
  s.lesson = clone(s.course.sections[si].lessons[li]);
  s.broken = null;
  s.act.changed();
  syncSetup(s);
  s.ui.form.scrollIntoView({ block: "start" });
}

/** Moves a lesson one place up or down, across the section's edge into the next section. */
export function moveBy(s, si, li, by, keepFocus = false) {
  const secs = s.course.sections;
  let to = { si, li: li + by };
  if (to.li < 0) {
    if (si === 0) return;
    to = { si: si - 1, li: secs[si - 1].lessons.length };
  } else if (to.li >= secs[si].lessons.length) {
    if (si === secs.length - 1) return;
    to = { si: si + 1, li: 0 };
  }
  const placed = moveLesson(s, { si, li }, to);
  if (keepFocus && placed) s.ui.courseBox.querySelector(`[data-section="${placed.si}"] li[data-lesson="${placed.li}"]`)?.focus();
}

export function moveLesson(s, from, to) {
  const secs = s.course.sections;
  const [lesson] = secs[from.si].lessons.splice(from.li, 1);
  if (!lesson) return null;
  let at = to.li;
  if (from.si === to.si && from.li < to.li && to.li > secs[to.si].lessons.length) at = secs[to.si].lessons.length;
  secs[to.si].lessons.splice(Math.min(at, secs[to.si].lessons.length), 0, lesson);
  courseChanged(s);
  report(s, s.t.movedLesson(lesson.id, to.si + 1, at + 1), "course");
  return { si: to.si, li: Math.min(at, secs[to.si].lessons.length - 1) };
}

/**
 * The whole course in a link (studio-share.js courseLink: the course and its lessons, deflated,
 * as a lesson's link), through the gate; when the link is too long for a messenger, one .html
 * file to hand out instead: opened in a browser, it goes to the app with the course (a browser
 * takes a far longer address than a messenger keeps).
 */
export async function shareCourse(s) {
  const t = s.t;
  const box = s.ui.courseShare;
  box.replaceChildren();
  box.hidden = true;
  if (!s.course.sections.some((sec) => sec.lessons.length)) return report(s, t.courseEmpty, "course");
  const out = await beforeExport(s, "course");
  if (!out) return;
  // the lessons as checked, without their recordings (a link carries no audio)
  let k = 0;
  const sections = s.course.sections.map((sec) => ({
    ...sec,
    lessons: sec.lessons.map(() => {
      const { audio, ...lesson } = JSON.parse(out.lessons[k++].text);
      return lesson;
    }),
  }));
  const link = courseLink(location.href, { title: s.course.title, sections });
  box.hidden = false;
  const count = out.lessons.length;
  if (link.length <= MAX_LINK) {
    h("label", { for: "studio-course-link" }, box, t.courseLinkLabel);
    const input = h("input", { id: "studio-course-link", type: "text", readonly: "", "data-course-share": "link" }, box);
    input.value = link;
    button(box, t.copyLink, async () => report(s, (await copyText(link)) ? t.linkCopied : t.copyFailed, "course"));
    h("a", { href: link, target: "_blank", rel: "noopener" }, box, t.openLink);
    h("p", { class: "studio-note" }, box, t.courseLinkNote(link.length, count));
    input.select();
    return report(s, t.courseShared, "course");
  }
  h("p", { class: "studio-too-long", "data-course-share": "too-long" }, box, t.courseTooLongLink(link.length, MAX_LINK));
  // the app reads at most MAX_DATA characters of a fragment: past that, the .zip
  if (link.length - link.indexOf("#") > MAX_DATA) return button(box, `⤓ ${t.downloadZip}`, () => downloadZip(s));
  button(box, `⤓ ${t.courseFile}`, () => {
    const name = `${courseFileName(s.course, s.lang)}.html`;
    download(name, courseHtml(link, s.course.title?.[s.lang] || courseFileName(s.course, s.lang)), "text/html");
    report(s, t.courseFileSaved(name), "course");
  }, { "data-course-share": "file" });
}

/** The course as the files of its folder: course.json, every lesson file (text: its text as
 *  the gate checked it, when given: lessons [{ text }] in the course's order) and the teacher's
 *  recordings beside them (audio/<lesson>/…, bytes).
 * @param {{ text?: string }[] | null} [checked] */
export async function courseFiles(s, checked = null) {
  const c = s.course;
  /** @type {Record<string, string | Uint8Array>} */
  const files = {};
  // the fields the studio does not edit (a course's "retired" list …) go back as they came
  const { $schema: _schema, title: _title, sections: _sections, keptFiles = {}, ...kept } = c;
  const course = {
    $schema: "course.schema.json",
    title: { ...newText(), ...c.title },
    sections: c.sections.map((sec) => ({ ...sec, id: sec.id, title: { ...newText(), ...sec.title }, lessons: sec.lessons.map((l) => `${l.id}.json`) })),
    ...kept,
  };
  files["course.json"] = `${JSON.stringify(course, null, 2)}\n`;
  for (const [name, text] of Object.entries(isObject(keptFiles) ? keptFiles : {})) if (typeof text === "string") files[name.split("/").at(-1) ?? ""] = text;
  let k = 0;
  for (const sec of c.sections) for (const l of sec.lessons) files[`${l.id}.json`] = checked?.[k++]?.text ?? fileText(l);
  for (const sec of c.sections) for (const l of sec.lessons) Object.assign(files, await audioFiles(s, l));
  return { course, files };
}

/** course.json and every lesson file, as one .zip to unpack into lessons/, named after the course. */
export async function downloadZip(s) {
  const t = s.t;
  const out = await beforeExport(s, "course");
  if (!out) return;
  const { files } = await courseFiles(s, out.lessons);
  // the teacher's recordings stored as they are (compressed already)
  const entries = Object.fromEntries(Object.entries(files).map(([name, data]) => [name, typeof data === "string" ? strToU8(data) : /** @type {[Uint8Array, { level: 0 }]} */ ([data, { level: 0 }])]));
  const zip = zipSync(entries, { level: 9 });
  const name = `${courseFileName(s.course, s.lang)}.zip`;
  download(name, zip, "application/zip");
  report(s, t.zipped(name, Object.keys(files).length), "course");
}

/**
 * The lesson (WHAT "lesson") or the course ("course") as a package of format ID (www/school/package/):
 * the app's files fetched (app-files.json), the package made and zipped here, and downloaded.
 * What happens is said where the teacher looks; a failure says why, and nothing is lost.
 */
export async function downloadPackage(s, id, what) {
  const t = s.t;
  const near = what === "course" ? "course" : undefined;
  if (what === "course" && !s.course.sections.some((sec) => sec.lessons.length)) return report(s, t.packageEmpty, near);
  // through the one gate: asked while the check shows an error; the package carries the texts checked
  const out = await beforeExport(s, what);
  if (!out) return;
  report(s, t.packaging, near);
  try {
    let input;
    if (what === "course") {
      const { course, files } = await courseFiles(s, out.lessons);
      const { "course.json": _, ...lessons } = files;
      input = { course, lessons, slug: "course" };
    } else {
      const file = lessonFileName(out.lesson ?? s.lesson);
      input = { ...oneLesson({ course: null, lessons: { [file]: out.text } }, file.replace(/\.json$/, "")), slug: null };
    }
    const app = await fetchAppFiles(appBase());
    const { name, zip } = makePackage(id, { ...input, appFiles: app.files, version: app.version, pass: null, lang: s.lang });
    download(name, zip, "application/zip");
    report(s, t.packaged(name, Math.round(zip.length / 1024)), near);
  } catch (error) {
    report(s, t.packageFailed(String(error?.message ?? error)), near);
  }
}
