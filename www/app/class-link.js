// @ts-check
// The app page's link to a class server (README.md "Classes"; app.js): the health request, asked
// once as the page starts (index.html's head preloads it), body[data-classes] and the class box's
// kept room, and the queue of a pupil's tries (classes.js, loaded only when a server answers or a
// pupil is signed in on this device). A part of app.js, bundled into it (scripts/rooms.mjs BUNDLED).
import { local, read as readStored, write as writeStored } from "../widget/storage.js";

/** @type {any} */
let classesLoaded = null; // classes.js once loaded: a try that ends as the page hides is kept at once
export const classes = () => import("../classes/classes.js").then((m) => (classesLoaded = m));
// A class server (README.md "Classes"): asked once (again when the network comes back after no
// answer: the class box then shows without a reload, whenClassServerBack); its pages (pupil.js,
// teacher.js, classes.js) load only when it answers. A static host answers the file api/v1/health
// with { ok: false }.
let healthAnswered = false;
const askClassServer = () =>
  fetch("api/v1/health", { cache: "no-store", signal: AbortSignal.timeout?.(3000) })
    .then((r) => ((healthAnswered = true), r.ok ? r.json() : null))
    .then((j) => j?.ok === true, () => false);
/** The class server's answer: true when one answers (a live binding: asked again on `online`). */
export let classServer = askClassServer();
/** @type {(() => void)[]} */
const onBack = [];
/** Calls `fn` when the class server answers after the network came back (it had not answered). @param {() => void} fn */
export const whenClassServerBack = (fn) => onBack.push(fn);
addEventListener("online", () => {
  if (healthAnswered) return;
  classServer = askClassServer();
  classServer.then((on) => {
    if (!on) return;
    classesKnown(on);
    for (const fn of onBack) fn();
  });
});
// The course page keeps room for the class box (style.css .course-top) by body[data-class-room]:
// this page's last answer (kept here) at once, this one's when it comes, so that cards drawn before
// the server answers do not move down when it does
const CLASS_ROOM_KEY = "chess-tutor:class-room";
const roomBefore = readStored(local(), CLASS_ROOM_KEY);
if (roomBefore.ok && (roomBefore.text === "on" || roomBefore.text === "off")) document.body.dataset.classRoom = roomBefore.text;
/** @param {boolean} on */
function classesKnown(on) {
  document.body.dataset.classes = on ? "on" : "off";
  document.body.dataset.classRoom = on ? "on" : "off";
  if (!(roomBefore.ok && roomBefore.text === document.body.dataset.classRoom)) writeStored(local(), CLASS_ROOM_KEY, document.body.dataset.classRoom);
  if (on) classes(); // the queue's module, at hand when a lesson ends offline
}
classServer.then(classesKnown);
// a pupil signed in on this device (classes.js PUPIL_KEY): her attempts are queued even when
// the server does not answer now, and sent when it does
const pupilHere = (() => {
  try {
    return localStorage.getItem("chess-tutor:class-pupil:v1") != null;
  } catch {
    return false;
  }
})();
if (pupilHere) classes().then((m) => m.flush());
// the class pages' routes (class-app.js), with what they need of the app page
export const classApp = () => import("../classes/class-app.js");
/** A lesson's board hands each finished attempt to the class's queue (classes.js). @param {any} detail */
export const recordAttempt = (detail) => {
  if (!pupilHere && document.body.dataset.classes !== "on") return;
  if (classesLoaded) classesLoaded.recordAttempt(detail);
  else classes().then((m) => m.recordAttempt(detail));
};
// every try (lesson.js's lesson-try: solved, "Again", left), not only the finished lessons
/** @param {HTMLElement} el */
export const recordAttempts = (el) => el.addEventListener("lesson-try", (e) => recordAttempt(/** @type {CustomEvent} */ (e).detail));
