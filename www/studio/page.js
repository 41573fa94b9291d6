// @ts-check
// The studio's page (functions of the studio's state): its frame (bar, stages, the setup board, the marks board's
// place, the form, the JSON view), what is said aloud, the stage shown, the setup board kept in
// step with the lesson.
import { adopt, h } from "../widget/dom.js";
import { FORMATS } from "../school/package/index.js";
import { boardOf, EMPTY, fenOf, LESSON_PACKAGES } from "./model.js";
import { button } from "./ui.js";
import { tryIt } from "./try-it.js";
import { showFindings } from "./findings-list.js";
import { renderForm } from "./form.js";
import { renderPar } from "./goal-form.js";
import { copyLesson, downloadLesson, fillCourseLessons, openCopy, openFile, shareLesson, startNew } from "./files.js";
import { buildMarkBoard, renderMarks, setStage } from "./mark-board.js";
import * as state from "./state.js";
import { downloadPackage, renderCourse } from "./course-editor.js";

// ------------------------------------------------------------ building the page

export function build(s) {
  const t = s.t;
  s.slot.replaceChildren();
  const root = h("div", { class: "studio", "data-stage": s.stage }, s.slot);
  s.ui = { root };
  root.addEventListener("dragover", (e) => {
    if ([...(e.dataTransfer?.types ?? [])].includes("Files")) {
      e.preventDefault();
      root.classList.add("dropping");
    }
  });
  root.addEventListener("dragleave", (e) => e.target === root && root.classList.remove("dropping"));
  root.addEventListener("drop", (e) => {
    const file = e.dataTransfer?.files?.[0];
    root.classList.remove("dropping");
    if (!file) return;
    e.preventDefault();
    openFile(s, file);
  });

  // the bar: new, open, try, download, copy, share
  const top = h("div", { class: "studio-top" }, root);
  h("h2", { class: "studio-title" }, top, t.title);
  h("p", { class: "studio-lead" }, top, t.lead);
  const bar = h("div", { class: "studio-bar", role: "toolbar", "aria-label": t.actions }, root);
  button(bar, t.newLesson, () => startNew(s));
  const copyBox = h("span", { class: "studio-open-copy" }, bar);
  const pick = h("select", { "aria-label": t.openCopyLabel, class: "studio-course-pick" }, copyBox);
  h("option", { value: "" }, pick, t.openCopy);
  fillCourseLessons(s, pick);
  pick.addEventListener("change", () => pick.value && openCopy(s, pick.value).finally(() => (pick.value = "")));
  const file = h("input", { type: "file", accept: ".json,application/json", class: "studio-file", "aria-label": t.openFile }, bar);
  file.addEventListener("change", () => file.files?.[0] && openFile(s, file.files[0]).finally(() => (file.value = "")));
  button(bar, t.openFile, () => file.click());
  h("span", { class: "studio-gap" }, bar);
  button(bar, `▶ ${t.tryIt}`, () => tryIt(s), { "data-studio": "try", class: "studio-main" });
  button(bar, `⤓ ${t.download}`, () => downloadLesson(s), { "data-studio": "download" });
  // the lesson as a package for a school's platform (README.md, "For schools")
  for (const f of FORMATS.filter((f) => LESSON_PACKAGES.includes(f.id))) button(bar, `⤓ ${t.packages?.[f.id] ?? f.label[s.lang] ?? f.label.en}`, () => downloadPackage(s, f.id, "lesson"), { "data-studio-package": f.id });
  button(bar, t.copy, () => copyLesson(s), { "data-studio": "copy" });
  button(bar, t.share, () => shareLesson(s), { "data-studio": "share" });
  const actionBox = h("div", { class: "studio-share studio-action", hidden: "" });
  for (const a of s.actions) button(bar, a.label(), () => a.run(actionBox), { "data-studio": a.key });
  s.ui.status = h("p", { class: "studio-status", role: "status", "aria-live": "polite" }, root);
  s.ui.storage = h("p", { class: "studio-storage", role: "alert", hidden: "" }, root);
  state.showStorage(s);
  s.ui.shareBox = h("div", { class: "studio-share", hidden: "" }, root);
  root.append(actionBox);

  // the editor: the board (position or goal) and the form
  const edit = (s.ui.edit = h("div", { class: "studio-edit" }, root));
  const left = h("div", { class: "studio-board-side" }, edit);
  const stages = h("div", { class: "studio-stages", role: "group", "aria-label": t.boardFor }, left);
  s.ui.stageButtons = ["position", "goal"].map((name) => button(stages, t.stage[name], () => setStage(s, name), { "data-stage": name, "aria-pressed": String(s.stage === name) }));
  // position: the setup board
  const setupBox = (s.ui.setupBox = h("div", { class: "studio-setup" }, left));
  const setup = (s.ui.setup = document.createElement("chess-setup"));
  setup.setAttribute("lang", s.lang);
  setup.setAttribute("fen", state.fen(s) || fenOf(EMPTY));
  setup.addEventListener("setup-change", (e) => positionChanged(s, /** @type {CustomEvent} */ (e).detail.fen));
  setupBox.append(setup);
  // goal: the marks board and its tools
  const marks = (s.ui.marksBox = h("div", { class: "studio-marks" }, left));
  s.ui.tools = h("div", { class: "studio-tools", role: "radiogroup", "aria-label": t.clicksSet }, marks);
  s.ui.toolHint = h("p", { class: "studio-tool-hint" }, marks);
  s.ui.line = h("div", { class: "studio-line", hidden: "" }, marks);
  s.ui.boardSay = h("p", { class: "studio-board-say", role: "status", "aria-live": "polite" }, marks);
  const host = h("div", { class: "studio-mark-board" }, marks);
  const shadow = host.attachShadow({ mode: "open" });
  const wrap = h("div", { class: "wrap" }, shadow);
  adopt(shadow, "board.css")
    .then(() => adopt(shadow, "brushes.css"))
    .then(() => adopt(shadow, "studio-board.css"));
  buildMarkBoard(s, wrap);

  const right = h("div", { class: "studio-form-side" }, edit);
  const check = h("section", { class: "studio-check", "aria-labelledby": "studio-check-title" }, right);
  h("h3", { id: "studio-check-title" }, check, t.findingsTitle);
  s.ui.checkNote = h("p", { class: "studio-check-note" }, check);
  s.ui.findings = h("ul", { class: "studio-findings", "data-studio": "findings" }, check);
  s.ui.form = h("div", { class: "studio-form" }, right);

  // the JSON view
  const jsonBox = h("section", { class: "studio-json", "aria-labelledby": "studio-json-title" }, root);
  h("h3", { id: "studio-json-title" }, jsonBox, t.jsonTitle);
  h("p", { class: "studio-json-lead" }, jsonBox, t.jsonLead);
  const json = (s.ui.json = h("textarea", { "data-studio": "json", spellcheck: "false", "aria-label": t.jsonTitle, rows: "18", autocomplete: "off", autocapitalize: "off" }, jsonBox));
  json.value = state.text(s);
  json.addEventListener("input", () => s.act.readText(json.value, { fromJson: true }));
  s.ui.jsonFindings = h("ul", { class: "studio-findings studio-json-findings" }, jsonBox);

  // the course
  s.ui.courseBox = h("section", { class: "studio-course", "aria-labelledby": "studio-course-title" }, root);

  // try it
  s.ui.tryBox = h("section", { class: "studio-try", hidden: "", "aria-label": t.tryIt }, root);
}

export function renderAll(s) {
  setStage(s, s.stage);
  renderForm(s);
  renderMarks(s);
  renderCourse(s);
  showFindings(s);
  renderPar(s);
}

export function positionChanged(s, fen) {
  const board = boardOf(fen);
  if (JSON.stringify(board) === JSON.stringify(s.lesson.position)) return;
  s.lesson.position = board;
  if (fen.split(" ")[1] === "b") s.lesson.student = "black";
  else delete s.lesson.student;
  s.broken = null;
  s.act.changed({ fromSetup: true });
}
