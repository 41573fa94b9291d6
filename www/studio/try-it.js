// @ts-check
// Try it (functions of the studio's state): the lesson in the real lesson player (<chess-tutor>), as a child gets it.
import { h } from "../widget/dom.js";
import { LANGS } from "../i18n/i18n.js";
import { CHOICES, load as loadSettings } from "../widget/settings.js";
import { button, report } from "./ui.js";
import { lessonFileName } from "./model.js";
import { audioUrls } from "./recorder.js";
import * as state from "./state.js";

// ------------------------------------------------------------ try it

export function tryIt(s) {
  const t = s.t;
  const box = s.ui.tryBox;
  box.replaceChildren();
  s.ui.edit.hidden = true;
  for (const el of s.ui.root.querySelectorAll(".studio-json, .studio-course, .studio-bar, .studio-share")) el.hidden = true;
  box.hidden = false;
  report(s, "");
  const bar = h("div", { class: "studio-try-bar" }, box);
  const back = button(bar, `← ${t.backToEdit}`, () => endTry(s), { class: "studio-main", "data-studio-back": "" });
  const langs = h("span", { role: "group", "aria-label": t.tryLang }, bar);
  const widths = h("span", { role: "group", "aria-label": t.tryWidth }, bar);
  const frame = h("div", { class: "studio-try-frame phone" }, box);
  let tutor;
  const make = (lang) => {
    tutor?.remove();
    tutor = document.createElement("chess-tutor");
    tutor.lessonText = state.text(s); // lesson.js plays this text (no fetch, no stars recorded)
    tutor.lessonAudio = audioUrls(s); // the recordings made here, not yet saved
    tutor.setAttribute("lang", lang);
    // the board exactly as the child's player draws it: the app's board settings (its labels,
    // its formula), as the shared link's page applies them (app.js applySettings)
    const settings = loadSettings(LANGS);
    const asked = new URLSearchParams(location.search).get("coordinates");
    tutor.setAttribute("coordinates", CHOICES.coordinates.includes(/** @type {string} */ (asked)) ? asked : settings.coordinates);
    tutor.setAttribute("formula", settings.formula);
    tutor.setAttribute("lesson", lessonFileName(s.lesson));
    tutor.dataset.studioTry = "";
    frame.append(tutor);
  };
  let lang = s.lang;
  for (const g of LANGS) {
    button(langs, t.langName[g], () => {
      lang = g;
      for (const b of langs.children) b.setAttribute("aria-pressed", String(/** @type {HTMLElement} */ (b).dataset.lang === g));
      tutor.setAttribute("lang", g);
    }, { "data-lang": g, "aria-pressed": String(g === lang) });
  }
  for (const w of ["phone", "desktop"]) {
    button(widths, t.width[w], () => {
      frame.className = `studio-try-frame ${w}`;
      for (const b of widths.children) b.setAttribute("aria-pressed", String(/** @type {HTMLElement} */ (b).dataset.width === w));
    }, { "data-width": w, "aria-pressed": String(w === "phone") });
  }
  make(lang);
  back.focus();
  s.trying = true;
}

export function endTry(s) {
  s.ui.tryBox.replaceChildren();
  s.ui.tryBox.hidden = true;
  s.ui.edit.hidden = false;
  for (const el of s.ui.root.querySelectorAll(".studio-json, .studio-course, .studio-bar")) el.hidden = false;
  s.trying = false;
  s.ui.root.querySelector('[data-studio="try"]')?.focus();
}
