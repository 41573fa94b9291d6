// @ts-check
// The class pages' part of the app page (README.md "Classes"), loaded only when a class server
// answered (app.js asks it once): the routes #/teacher… (teacher.js), #/class… (the pupil's
// sign-in, pupil.js) and #/homework/<id> (a teacher's own lesson given as homework, from the
// server), and "Lesson studio | My classes" over the teacher's views with the studio's "Send to
// my class". `app` is what app.js lends: { show, playText, getCourse, lessonSlot, lang(), studio() }.
import { api } from "./classes.js";
import { h } from "../widget/dom.js";
import { nextHomework } from "./homework-run.js";
import { loadWords } from "../i18n/i18n.js";
import { classPicture, lessonPicture } from "./teachers-home.js";

/** @type {string | null} */
let navLang = null;
/** @type {{ studio: any, lang: string } | null} */
let sentTo = null; // the studio that has "Send to my class", and in which language

/** "Lesson studio | My classes" over both views, and the studio's "Send to my class". */
export async function teacherParts(app, lang) {
  const [{ studioActions }, words] = await Promise.all([import("./teacher.js"), loadWords(lang, "classes")]);
  // the tabs' look (teacher.css) also over the studio, before any class page was opened
  const sheet = new URL("teacher.css", import.meta.url).href;
  if (![...document.querySelectorAll("link[rel=stylesheet]")].map((l) => /** @type {HTMLLinkElement} */ (l)).some((l) => l.href === sheet)) h("link", { rel: "stylesheet", href: sheet }, document.head);
  if (navLang !== lang) {
    navLang = lang;
    for (const view of ["studio", "teacher"]) {
      const section = /** @type {HTMLElement} */ (document.getElementById(`${view}-view`));
      section.querySelector(".teacher-nav")?.remove();
      const nav = h("nav", { class: "teacher-nav", "aria-label": words.teacherTitle });
      section.prepend(nav);
      // two tabs, each with its picture, apart from the page under them (teachers-home.js)
      /** @type {[string, string, string, (parent: Element) => SVGSVGElement][]} */
      const tabs = [["#/studio", "studioLink", "studio", lessonPicture], ["#/teacher", "classesLink", "teacher", classPicture]];
      for (const [href, key, here, picture] of tabs) {
        const a = h("a", { href, "data-teacher-nav": here }, nav);
        picture(a).setAttribute("class", "teacher-nav-pict");
        h("span", {}, a, words[key]);
        if (here === view) a.setAttribute("aria-current", "page");
      }
    }
  }
  const studio = app.studio();
  if (studio && (sentTo?.studio !== studio || sentTo?.lang !== lang)) {
    sentTo = { studio, lang };
    await studioActions(studio, lang);
  }
}

/** #/teacher…, #/class…, #/homework/<id>. */
export async function route(app, hash) {
  const parts = hash.split("/").slice(2).map(decodeURIComponent);
  const lang = app.lang();
  if (hash.startsWith("#/teacher")) {
    app.show("teacher");
    const [m] = await Promise.all([import("./teacher.js"), teacherParts(app, lang)]);
    if (document.body.dataset.view !== "teacher") return;
    await m.showTeacher(document.getElementById("teacher-slot"), { lang, parts, getCourse: app.getCourse });
    document.body.dataset.teacher = "ready";
  } else if (hash.startsWith("#/class")) {
    app.show("class");
    const m = await import("./pupil.js");
    const slot = document.getElementById("class-slot");
    const [code = "", pupil, pictures] = parts;
    if (pupil && pictures) await m.signInFromLink(slot, { lang, code, pupil, pictures: pictures.split("-") });
    else await m.showSignIn(slot, { lang, code, read: Boolean(app.settings?.read) });
  } else if (/^#\/homework\/[a-z0-9][a-z0-9-]*$/.test(hash)) {
    // a teacher's own lesson: its text from the server, in the player (attempts recorded)
    app.show("lesson");
    const id = parts[0];
    try {
      const lesson = await api("GET", `lessons/${encodeURIComponent(id)}`);
      if (location.hash === hash) {
        app.playText(JSON.stringify(lesson), { record: true });
        nextInHomework(app.lessonSlot.querySelector("chess-tutor"), id);
      }
    } catch {
      const t = await loadWords(lang, "classes");
      app.lessonSlot.replaceChildren(h("p", { class: "course-error" }, null, t.homeworkFailed));
    }
  }
}

/** A teacher's own homework lesson: its Next goes to the next homework lesson (homework-run.js). */
function nextInHomework(tutor, id) {
  const next = tutor && nextHomework(id);
  if (!next) return;
  tutor.setAttribute("next", next.hash);
  tutor.addEventListener("lesson-next", (e) => {
    e.preventDefault();
    location.hash = next.hash;
  });
}
