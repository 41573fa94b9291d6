// @ts-check
// The embed builder (#/embed, for a school's webmaster): what to embed (a lesson, the course, a
// game, a free board), the language and the width; a live preview (embed.html in a frame); the
// code to copy, an iframe of embed.html or a script tag with <chess-tutor>; a note on the
// Content-Security-Policy the school's site needs. Words: www/i18n/<lang>/embed.js.
// A teacher's own lessons: a lesson file or a course (its .zip, or course.json with its lesson
// files) made in the studio is opened here (read in this page, never uploaded) and its lessons join
// the list; the code for one of them carries the lesson itself, as the studio's share link does
// (embed.html#shared=DATA: in the fragment, so no server sees or limits it). An iframe only: a
// script tag would need the lesson as a file on a server.
import { h } from "../widget/dom.js";
import { LANGS, loadWords } from "../i18n/i18n.js";
import { parseOrigin, scriptTagCsp } from "./embed-message.js";

const KINDS = ["lesson", "course", "computer", "two-players", "free"];
const KIND_WORD = { lesson: "kindLesson", course: "kindCourse", computer: "kindComputer", "two-players": "kindTwo", free: "kindFree" };
const WIDTHS = ["fill", "360", "480", "640"];
const HEIGHT = { fill: 760, 360: 640, 480: 760, 640: 900 }; // the frame's first height, before it tells its own
const SELF = new URL("./", document.baseURI); // where the tutor lives (this site)
const BASE = new URL("./", import.meta.url);

/** A teacher's own lesson in the lesson list: its value is "own:N". */
const isOwn = (lesson) => /^own:\d+$/.test(lesson ?? "");

/** The query of embed.html for a choice (a teacher's own lesson: in the fragment, embedFragment).
 * @param {{ kind: string, lesson?: string | null, lang: string, read?: boolean }} choice @param {string | null} origin */
export function embedQuery({ kind, lesson, lang, read }, origin) {
  const q = new URLSearchParams();
  if (kind === "lesson" && lesson && !isOwn(lesson)) q.set("lesson", lesson);
  if (kind === "course") q.set("course", "lessons/course.json");
  if (kind === "computer" || kind === "two-players") q.set("mode", kind);
  q.set("lang", lang);
  if (read) q.set("read", "1"); // every text read aloud (README.md, "For children")
  if (origin) q.set("origin", origin);
  return q.toString();
}

/** embed.html's fragment for a choice: "#shared=DATA" for a teacher's own lesson, else "". */
export function embedFragment(choice) {
  return choice.kind === "lesson" && isOwn(choice.lesson) && choice.shared ? `#shared=${choice.shared}` : "";
}

/** Whether the choice can be a script tag (not the course, not a teacher's own lesson). */
const scriptable = (choice) => choice.kind !== "course" && !(choice.kind === "lesson" && isOwn(choice.lesson));

/** The code for the school's page. */
export function snippet(choice, words) {
  const base = SELF.href;
  const self = SELF.origin;
  const width = choice.width === "fill" ? "100%" : choice.width;
  if (choice.format === "script" && scriptable(choice)) {
    const attrs = [`lang="${choice.lang}"`];
    if (choice.kind === "lesson" && choice.lesson) attrs.unshift(`lesson="${base}lessons/${choice.lesson}.json"`);
    if (choice.kind === "computer" || choice.kind === "two-players") attrs.unshift(`mode="${choice.kind}"`, 'move-list="san"');
    if (choice.kind === "free") attrs.push('move-list="long"', "controls");
    if (choice.read) attrs.push("read-aloud");
    const box = choice.width === "fill" ? "" : `<!-- the board fills its box: put it in a column ${choice.width} px wide -->\n`;
    return `<script type="module" src="${base}chess-tutor.js"></script>\n${box}<chess-tutor ${attrs.join(" ")}></chess-tutor>`;
  }
  const origin = parseOrigin(choice.origin);
  const src = `${base}embed.html?${embedQuery(choice, origin)}${embedFragment(choice)}`.replace(/&/g, "&amp;");
  const frame = `<iframe src="${src}" title="${words.frameTitle}" width="${width}" height="${HEIGHT[choice.width]}" allow="fullscreen"></iframe>`;
  if (!origin) return frame;
  return `${frame}
<script>
  // the tutor tells its height and its results (README, "For schools")
  addEventListener("message", (e) => {
    const frame = [...document.querySelectorAll("iframe")].find((f) => f.contentWindow === e.source);
    if (e.origin !== "${self}" || !frame || e.data?.type !== "chess-tutor") return;
    if (e.data.event === "resize") frame.height = e.data.detail.height;
    if (e.data.event === "lesson-done") console.log("lesson", e.data.detail.id, "stars", e.data.detail.stars);
  });
</script>`;
}

/** The Content-Security-Policy directives the school's page needs. */
export function cspFor(format) {
  const self = SELF.origin;
  return format === "script"
    ? scriptTagCsp(self)
    : `frame-src ${self}`;
}

/** Puts the builder into SLOT; returns { setLang }. getCourse: the app's course (loaded once). */
export async function mountBuilder(slot, { lang, getCourse }) {
  /** @type {{ kind: string, lesson: string | null, lang: string, width: string, format: string, origin: string, read?: boolean, shared?: any }} */
  const choice = { kind: "lesson", lesson: null, lang, width: "480", format: "iframe", origin: "" };
  let t = await loadWords(lang, "embed");
  /** @type {any} */
  let course = null;
  try {
    course = await getCourse();
    choice.lesson = course.lessons[0]?.id ?? null;
  } catch {
    /* no course: the lesson list stays empty, games and the free board still work */
  }

  if (!document.querySelector("link[data-embed-builder]")) h("link", { rel: "stylesheet", href: new URL("embed-builder.css", BASE).href, "data-embed-builder": "" }, document.head);
  const root = h("section", { class: "eb", "aria-labelledby": "eb-heading" }, null);
  slot.replaceChildren(root);
  const heading = h("h2", { id: "eb-heading", class: "eb-heading" }, root);
  const lead = h("p", { class: "eb-lead" }, root);
  const grid = h("div", { class: "eb-grid" }, root);
  const form = h("form", { class: "eb-form" }, grid);
  form.addEventListener("submit", (e) => e.preventDefault());

  // radios in a fieldset
  const radios = (name, values, legendKey, wordOf) => {
    const set = h("fieldset", { class: `eb-set eb-${name}` }, form);
    const legend = h("legend", {}, set);
    const labels = values.map((v) => {
      const label = h("label", { class: "eb-radio" }, set);
      const input = h("input", { type: "radio", name: `eb-${name}`, value: v }, label);
      input.checked = choice[name] === v;
      input.addEventListener("change", () => {
        choice[name] = v;
        update();
      });
      const span = h("span", {}, label);
      return { v, span, input };
    });
    return { set, words: () => ((legend.textContent = t[legendKey]), labels.forEach((l) => (l.span.textContent = wordOf(l.v)))), labels };
  };
  const selectField = (name, cls) => {
    const label = h("label", { class: `eb-field ${cls}` }, form);
    const text = h("span", { class: "eb-label" }, label);
    const select = h("select", { name: `eb-${name}` }, label);
    select.addEventListener("change", () => {
      choice[name] = select.value;
      update();
    });
    return { label, text, select };
  };

  const kinds = radios("kind", KINDS, "what", (v) => t[KIND_WORD[v]]);
  const lessonField = selectField("lesson", "eb-lesson-field");
  // the teacher's own lessons: a lesson file, a course's .zip, or course.json with its lessons
  const own = []; // { title, text, data } — "own:N" in the list
  const ownGroups = []; // { title, keys }
  const ownBox = h("div", { class: "eb-field eb-own-field" }, form);
  const ownLabel = h("label", { class: "eb-label", for: "eb-own" }, ownBox);
  const ownInput = h("input", { type: "file", id: "eb-own", name: "eb-own", multiple: "", accept: ".json,.zip,application/json,application/zip", "aria-describedby": "eb-own-help eb-own-status" }, ownBox);
  const ownHelp = h("p", { id: "eb-own-help", class: "eb-note" }, ownBox);
  const ownStatus = h("p", { id: "eb-own-status", class: "eb-note eb-own-status", role: "status" }, ownBox);
  ownInput.addEventListener("change", async () => {
    const files = [...(ownInput.files ?? [])];
    ownInput.value = "";
    try {
      const added = await openOwn(files);
      choice.lesson = `own:${added[0]}`;
      choice.kind = "lesson";
      kinds.labels.forEach((l) => (l.input.checked = l.v === "lesson"));
      ownStatus.textContent = t.ownOpened(added.length);
      words();
    } catch (error) {
      ownStatus.textContent = t.ownFailed(error?.message ?? String(error));
    }
  });
  /** Reads FILES into `own` (a new group); returns the new lessons' indexes. */
  async function openOwn(files) {
    const { courseFromTexts, parseGuarded, unzipCourse } = await import("./package/course.js");
    const { courseLessons } = await import("./package/core.js");
    const { encodeLesson } = await import("../studio/studio-share.js");
    const texts = {};
    let media = {};
    for (const f of files) {
      if (/\.zip$/i.test(f.name) || f.type === "application/zip") {
        const z = unzipCourse(new Uint8Array(await f.arrayBuffer()), f.name);
        Object.assign(texts, z.texts);
        media = { ...media, ...z.media };
      } else texts[f.name] = await f.text();
    }
    let source;
    if (Object.keys(texts).some((p) => /(^|\/)course\.json$/.test(p))) source = courseFromTexts(texts, media, files.map((f) => f.name).join(", "));
    else {
      // lesson files: a group of their own, each by its id
      const lessons = {};
      for (const [name, text] of Object.entries(texts)) {
        const lesson = parseGuarded(text, name);
        if (typeof lesson?.id !== "string" || !/^[a-z0-9][a-z0-9-]{0,79}$/.test(lesson.id)) throw new Error(`${name}: its "id" is not a lesson id (small letters, digits, hyphens)`);
        lessons[`${lesson.id}.json`] = lesson;
      }
      source = { course: { title: null, sections: [{ lessons: Object.keys(lessons) }] }, lessons };
    }
    const entries = courseLessons(source.course, source.lessons);
    const keys = entries.map((e) => {
      const text = JSON.stringify({ ...e.data, id: e.id });
      own.push({ id: e.id, title: e.data.title, data: encodeLesson(text) });
      return own.length - 1;
    });
    ownGroups.push({ title: source.course.title ?? null, file: files[0]?.name ?? "", keys });
    return keys;
  }
  const langField = selectField("lang", "eb-lang-field");
  const widthField = selectField("width", "eb-width-field");
  // "Read every text aloud": read=1 (read-aloud on the element)
  const readLabel = h("label", { class: "eb-field eb-read-field" }, form);
  const readBox = h("input", { type: "checkbox", name: "eb-read" }, readLabel);
  const readText = h("span", {}, readLabel);
  readBox.addEventListener("change", () => {
    choice.read = readBox.checked;
    update();
  });
  const formats = radios("format", ["iframe", "script"], "format", (v) => (v === "iframe" ? t.formatIframe : t.formatScript));
  const formatNote = h("p", { class: "eb-note eb-format-note", hidden: "" }, formats.set);
  const courseNote = h("p", { class: "eb-note eb-own-course-note", hidden: "" }, kinds.set);
  const originLabel = h("label", { class: "eb-field eb-origin-field" }, form);
  const originText = h("span", { class: "eb-label" }, originLabel);
  const originInput = h("input", { type: "url", name: "eb-origin", inputmode: "url", autocomplete: "url", placeholder: "https://school.example", "aria-describedby": "eb-origin-help" }, originLabel);
  const originHelp = h("p", { id: "eb-origin-help", class: "eb-note" }, form);
  originInput.addEventListener("input", () => {
    choice.origin = originInput.value.trim();
    update();
  });

  const previewBox = h("div", { class: "eb-preview" }, grid);
  const previewHeading = h("h3", {}, previewBox);
  const frame = h("iframe", { class: "eb-frame", id: "eb-frame" }, previewBox);

  const codeHeading = h("h3", { class: "eb-code-heading" }, root);
  const originWarning = h("p", { class: "eb-warning", role: "status" }, root);
  const pre = h("pre", { class: "eb-code" }, root);
  const code = h("code", { id: "eb-snippet" }, pre);
  const copyRow = h("div", { class: "eb-copy-row" }, root);
  const copyButton = h("button", { type: "button", class: "eb-copy" }, copyRow);
  const copyStatus = h("span", { class: "eb-copy-status", role: "status" }, copyRow);
  const eventsNote = h("p", { class: "eb-note" }, root);
  const cspHeading = h("h3", { class: "eb-csp-heading" }, root);
  const cspText = h("p", { class: "eb-note" }, root);
  const cspCode = h("code", { id: "eb-csp" }, h("pre", { class: "eb-code" }, root));
  const cspMore = h("p", { class: "eb-note" }, root);

  copyButton.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(code.textContent);
      copyStatus.textContent = t.copied;
    } catch {
      getSelection()?.selectAllChildren(code);
      copyStatus.textContent = t.copyFailed;
    }
  });

  // the preview tells its height to this page, like it would to the school's page
  addEventListener("message", (e) => {
    if (e.origin !== SELF.origin || e.source !== frame.contentWindow || e.data?.type !== "chess-tutor") return;
    if (e.data.event === "resize") frame.height = String(Math.max(200, e.data.detail.height));
  });

  let previewSrc = "";
  function update() {
    choice.shared = isOwn(choice.lesson) ? own[Number(/** @type {string} */ (choice.lesson).slice(4))]?.data : null;
    const script = choice.format === "script" && scriptable(choice);
    lessonField.label.hidden = choice.kind !== "lesson";
    originLabel.hidden = originHelp.hidden = script;
    formatNote.hidden = !(choice.format === "script" && !scriptable(choice));
    formatNote.textContent = choice.kind === "course" ? t.scriptNoCourse : t.ownScript;
    ownBox.hidden = choice.kind !== "lesson" && choice.kind !== "course";
    ownStatus.hidden = !ownStatus.textContent;
    courseNote.hidden = !(choice.kind === "course" && own.length);
    const origin = parseOrigin(choice.origin);
    originWarning.hidden = script || Boolean(origin);
    originWarning.textContent = choice.origin && !origin ? t.originBad : t.originMissing;
    originInput.setAttribute("aria-invalid", String(Boolean(choice.origin) && !origin));
    code.textContent = snippet(choice, t);
    cspText.textContent = script ? t.cspScript : t.cspIframe;
    cspCode.textContent = cspFor(script ? "script" : "iframe");
    cspMore.textContent = script ? t.cspScriptNote : "";
    cspMore.hidden = !script;
    copyStatus.textContent = "";
    frame.width = choice.width === "fill" ? "100%" : choice.width;
    frame.dataset.width = choice.width;
    const src = `embed.html?${embedQuery(choice, SELF.origin)}${embedFragment(choice)}`;
    if (src !== previewSrc) {
      previewSrc = src;
      frame.height = String(HEIGHT[choice.width]);
      frame.src = src;
    }
  }

  function words() {
    heading.textContent = t.heading;
    lead.textContent = t.lead;
    kinds.words();
    formats.words();
    lessonField.text.textContent = t.lesson;
    lessonField.select.replaceChildren();
    for (const section of course?.sections ?? []) {
      const group = h("optgroup", { label: section.title?.[choice.lang] ?? section.title?.en ?? section.id }, lessonField.select);
      for (const l of section.lessons) h("option", { value: l.id }, group, l.title?.[choice.lang] ?? l.title?.en ?? l.id);
    }
    const text = (title, fallback) => (typeof title === "string" ? title : title?.[choice.lang] || title?.en || fallback);
    for (const g of ownGroups) {
      const group = h("optgroup", { label: t.ownGroup(text(g.title, g.file)) }, lessonField.select);
      for (const k of g.keys) h("option", { value: `own:${k}` }, group, text(own[k].title, own[k].id));
    }
    lessonField.select.value = choice.lesson ?? "";
    langField.text.textContent = t.lang;
    langField.select.replaceChildren();
    for (const code of LANGS) {
      const name = new Intl.DisplayNames([code], { type: "language" }).of(code) ?? code;
      h("option", { value: code, lang: code }, langField.select, name[0].toLocaleUpperCase(code) + name.slice(1));
    }
    langField.select.value = choice.lang;
    widthField.text.textContent = t.width;
    widthField.select.replaceChildren();
    for (const w of WIDTHS) h("option", { value: w }, widthField.select, w === "fill" ? t.widthFill : t.widthPx(w));
    widthField.select.value = choice.width;
    readText.textContent = t.readAloud;
    ownLabel.textContent = t.own;
    ownHelp.textContent = t.ownHelp;
    courseNote.textContent = t.ownCourse;
    originText.textContent = t.origin;
    originHelp.textContent = t.originHelp;
    previewHeading.textContent = t.preview;
    frame.title = t.previewTitle;
    codeHeading.textContent = t.code;
    copyButton.textContent = t.copy;
    eventsNote.textContent = t.events;
    cspHeading.textContent = t.cspTitle;
    update();
  }
  // the lesson list is in the chosen language of the tutor, the rest in the page's
  langField.select.addEventListener("change", () => words());
  words();

  return {
    async setLang(value) {
      const w = await loadWords(value, "embed");
      t = w;
      words();
    },
  };
}
