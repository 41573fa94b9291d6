// @ts-check
// The studio's page (Studio methods): its frame (bar, stages, the setup board, the marks board's
// place, the form, the JSON view), what is said aloud, the stage shown, the setup board kept in
// step with the lesson.
import { adopt, h } from "../widget/dom.js";
import { FORMATS } from "../school/package/index.js";
import { boardOf, EMPTY, fenOf, LESSON_PACKAGES } from "./model.js";
import { button } from "./ui.js";
import { tryIt } from "./try-it.js";

export const page = {
  // ------------------------------------------------------------ building the page

  build() {
    const t = this.t;
    this.slot.replaceChildren();
    const root = h("div", { class: "studio", "data-stage": this.stage }, this.slot);
    this.ui = { root };
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
      this.openFile(file);
    });

    // the bar: new, open, try, download, copy, share
    const top = h("div", { class: "studio-top" }, root);
    h("h2", { class: "studio-title" }, top, t.title);
    h("p", { class: "studio-lead" }, top, t.lead);
    const bar = h("div", { class: "studio-bar", role: "toolbar", "aria-label": t.actions }, root);
    button(bar, t.newLesson, () => this.startNew());
    const copyBox = h("span", { class: "studio-open-copy" }, bar);
    const pick = h("select", { "aria-label": t.openCopyLabel, class: "studio-course-pick" }, copyBox);
    h("option", { value: "" }, pick, t.openCopy);
    this.fillCourseLessons(pick);
    pick.addEventListener("change", () => pick.value && this.openCopy(pick.value).finally(() => (pick.value = "")));
    const file = h("input", { type: "file", accept: ".json,application/json", class: "studio-file", "aria-label": t.openFile }, bar);
    file.addEventListener("change", () => file.files?.[0] && this.openFile(file.files[0]).finally(() => (file.value = "")));
    button(bar, t.openFile, () => file.click());
    h("span", { class: "studio-gap" }, bar);
    button(bar, `▶ ${t.tryIt}`, () => tryIt(this), { "data-studio": "try", class: "studio-main" });
    button(bar, `⤓ ${t.download}`, () => this.download(), { "data-studio": "download" });
    // the lesson as a package for a school's platform (README.md, "For schools")
    for (const f of FORMATS.filter((f) => LESSON_PACKAGES.includes(f.id))) button(bar, `⤓ ${t.packages?.[f.id] ?? f.label[this.lang] ?? f.label.en}`, () => this.downloadPackage(f.id, "lesson"), { "data-studio-package": f.id });
    button(bar, t.copy, () => this.copy(), { "data-studio": "copy" });
    button(bar, t.share, () => this.share(), { "data-studio": "share" });
    const actionBox = h("div", { class: "studio-share studio-action", hidden: "" });
    for (const a of this.actions) button(bar, a.label(), () => a.run(actionBox), { "data-studio": a.key });
    this.ui.status = h("p", { class: "studio-status", role: "status", "aria-live": "polite" }, root);
    this.ui.storage = h("p", { class: "studio-storage", role: "alert", hidden: "" }, root);
    this.showStorage();
    this.ui.shareBox = h("div", { class: "studio-share", hidden: "" }, root);
    root.append(actionBox);

    // the editor: the board (position or goal) and the form
    const edit = (this.ui.edit = h("div", { class: "studio-edit" }, root));
    const left = h("div", { class: "studio-board-side" }, edit);
    const stages = h("div", { class: "studio-stages", role: "group", "aria-label": t.boardFor }, left);
    this.ui.stageButtons = ["position", "goal"].map((name) => button(stages, t.stage[name], () => this.setStage(name), { "data-stage": name, "aria-pressed": String(this.stage === name) }));
    // position: the setup board
    const setupBox = (this.ui.setupBox = h("div", { class: "studio-setup" }, left));
    const setup = (this.ui.setup = document.createElement("chess-setup"));
    setup.setAttribute("lang", this.lang);
    setup.setAttribute("fen", this.fen || fenOf(EMPTY));
    setup.addEventListener("setup-change", (e) => this.positionChanged(/** @type {CustomEvent} */ (e).detail.fen));
    setupBox.append(setup);
    // goal: the marks board and its tools
    const marks = (this.ui.marksBox = h("div", { class: "studio-marks" }, left));
    this.ui.tools = h("div", { class: "studio-tools", role: "radiogroup", "aria-label": t.clicksSet }, marks);
    this.ui.toolHint = h("p", { class: "studio-tool-hint" }, marks);
    this.ui.line = h("div", { class: "studio-line", hidden: "" }, marks);
    this.ui.boardSay = h("p", { class: "studio-board-say", role: "status", "aria-live": "polite" }, marks);
    const host = h("div", { class: "studio-mark-board" }, marks);
    const shadow = host.attachShadow({ mode: "open" });
    const wrap = h("div", { class: "wrap" }, shadow);
    adopt(shadow, "board.css")
      .then(() => adopt(shadow, "brushes.css"))
      .then(() => adopt(shadow, "studio-board.css"));
    this.buildMarkBoard(wrap);

    const right = h("div", { class: "studio-form-side" }, edit);
    const check = h("section", { class: "studio-check", "aria-labelledby": "studio-check-title" }, right);
    h("h3", { id: "studio-check-title" }, check, t.findingsTitle);
    this.ui.checkNote = h("p", { class: "studio-check-note" }, check);
    this.ui.findings = h("ul", { class: "studio-findings", "data-studio": "findings" }, check);
    this.ui.form = h("div", { class: "studio-form" }, right);

    // the JSON view
    const jsonBox = h("section", { class: "studio-json", "aria-labelledby": "studio-json-title" }, root);
    h("h3", { id: "studio-json-title" }, jsonBox, t.jsonTitle);
    h("p", { class: "studio-json-lead" }, jsonBox, t.jsonLead);
    const json = (this.ui.json = h("textarea", { "data-studio": "json", spellcheck: "false", "aria-label": t.jsonTitle, rows: "18", autocomplete: "off", autocapitalize: "off" }, jsonBox));
    json.value = this.text();
    json.addEventListener("input", () => this.readText(json.value, { fromJson: true }));
    this.ui.jsonFindings = h("ul", { class: "studio-findings studio-json-findings" }, jsonBox);

    // the course
    this.ui.courseBox = h("section", { class: "studio-course", "aria-labelledby": "studio-course-title" }, root);

    // try it
    this.ui.tryBox = h("section", { class: "studio-try", hidden: "", "aria-label": t.tryIt }, root);
  },

  setStage(name) {
    this.stage = name;
    this.ui.root.dataset.stage = name;
    for (const b of this.ui.stageButtons) b.setAttribute("aria-pressed", String(b.dataset.stage === name));
    this.ui.setupBox.hidden = name !== "position";
    this.ui.marksBox.hidden = name !== "goal";
    if (name === "goal") this.renderMarks();
  },

  renderAll() {
    this.setStage(this.stage);
    this.renderForm();
    this.renderMarks();
    this.renderCourse();
    this.showFindings();
    this.renderPar();
  },

  positionChanged(fen) {
    const board = boardOf(fen);
    if (JSON.stringify(board) === JSON.stringify(this.lesson.position)) return;
    this.lesson.position = board;
    if (fen.split(" ")[1] === "b") this.lesson.student = "black";
    else delete this.lesson.student;
    this.broken = null;
    this.changed({ fromSetup: true });
  },

  /** The setup board shows the lesson's position (after a file, the JSON view, a copy). */
  syncSetup() {
    const setup = this.ui.setup;
    const fen = this.fen;
    if (!fen || !setup) return;
    try {
      if (setup.fen !== fen) setup.fen = fen;
    } catch {
      /* not ready yet: it reads the attribute */
      setup.setAttribute("fen", fen);
    }
  },
};
