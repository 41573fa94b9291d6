// @ts-check
// The app page's pages for teachers and webmasters (app.js routes #/studio, #/teachers, #/embed):
// the lesson studio (studio.js), "For teachers" (teachers-home.js: make a lesson or my classes)
// and the embed builder (embed-builder.js), each loaded only when first opened and kept; the
// studio and the builder follow the page's language. A part of app.js, bundled into it
// (scripts/rooms.mjs BUNDLED).
import { h } from "../widget/dom.js";
import { classApp, classServer } from "./class-link.js";

/**
 * What these pages need of the app page (app.js's `app`).
 * @typedef {{ show: (view: string) => void, lang: () => string, getCourse: () => Promise<any>, [part: string]: any }} App
 */

/** @type {any} */
let studio = null; // the lesson studio (studio.js), made when first opened
/** @type {Promise<any> | null} */
let studioLoading = null;
/** @type {any} */
let builder = null; // the embed builder (embed-builder.js), made when first opened
/** @type {Promise<any> | null} */
let builderLoading = null;

/** The studio, once made (null before). */
export const studioNow = () => studio;

/** The page's language changed: the studio and the builder follow. @param {string} lang */
export function setLang(lang) {
  studio?.setLang(lang);
  builder?.setLang(lang);
}

/** The lesson studio (studio.js and its words, loaded only now). */
/** @param {App} app @param {() => any} words the app's words now */
export async function showStudio(app, words) {
  app.show("studio");
  studioLoading ??= import("../studio/studio.js").then((m) => m.mountStudio(/** @type {HTMLElement} */ (document.getElementById("studio-slot")), { lang: app.lang() }));
  try {
    studio = await studioLoading;
    studio.setLang(app.lang());
    document.body.dataset.studio = "ready";
    if (await classServer) classApp().then((m) => m.teacherParts(app, app.lang()));
  } catch (error) {
    studioLoading = null;
    /** @type {HTMLElement} */ (document.getElementById("studio-slot")).replaceChildren(h("p", { class: "course-error" }, null, words().studioFailed));
    document.body.dataset.studio = "error";
    throw error;
  }
}

/** "For teachers": a choice of two, make a lesson or my classes (teachers-home.js, loaded only now). */
/** @param {App} app */
export async function showTeachers(app) {
  app.show("teachers");
  const [m, classes] = await Promise.all([import("../classes/teachers-home.js"), classServer]);
  if (document.body.dataset.view !== "teachers") return;
  await m.showTeachersHome(document.getElementById("teachers-slot"), { lang: app.lang(), classes });
  document.body.dataset.teachers = "ready";
}

/** The embed builder for a school's webmaster (embed-builder.js and its words, loaded only now). */
/** @param {App} app */
export async function showEmbed(app) {
  app.show("embed");
  builderLoading ??= import("../school/embed-builder.js").then((m) => m.mountBuilder(document.getElementById("embed-slot"), { lang: app.lang(), getCourse: app.getCourse }));
  try {
    builder = await builderLoading;
    document.body.dataset.embed = "ready";
  } catch (error) {
    builderLoading = null;
    document.body.dataset.embed = "error";
    throw error;
  }
}
