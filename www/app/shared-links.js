// @ts-check
// What a link carries (app.js routes): a lesson (#/shared/<data>, made by the studio's Share) or
// a whole course (#/shared-course/<data>, the studio's "Share the course"), read by
// studio-share.js and played in the app's lesson view. Loaded only for such a link; the app has
// shown the lesson view already.
import { h } from "../widget/dom.js";

/**
 * What these pages need of the app page: its player of a lesson's text, its words and language
 * (at the time of the link), the lesson view's parts, and a way to take its lesson board away.
 * @typedef {{ playText: (text: string, options?: { damaged?: boolean, where?: string }) => void, t: any, lang: string, lessonSlot: HTMLElement,
 *   viewTitle: HTMLElement, lessonPosition: HTMLElement, dropLesson: () => void }} Page
 */

/** A lesson carried in the link (#/shared/<data>, made by the studio's Share), in the player. A link
 *  that cannot be read still opens the player, which shows the checker's findings.
 *  @param {Page} page @param {string} data */
export async function showShared(page, data) {
  const { playText, t } = page;
  const { decodeLesson } = await import("../studio/studio-share.js");
  if (document.body.dataset.view !== "lesson" || location.hash !== `#/shared/${data}`) return;
  const { text, damaged } = decodeLesson(data);
  playText(text, { damaged, where: t.shared });
}

/** A course carried in the link (#/shared-course/<data>, made by the studio's "Share the course"):
 *  its sections and lessons as a list of links; #/shared-course/<data>/<n> plays lesson n (from 1)
 *  as a shared lesson, with a link back to the list.
 *  @param {Page} page @param {string} rest */
export async function showSharedCourse(page, rest) {
  const { playText, t, lang, lessonSlot, viewTitle, lessonPosition } = page;
  const [data, n] = rest.split("/");
  const { decodeCourse } = await import("../studio/studio-share.js");
  if (document.body.dataset.view !== "lesson" || !location.hash.startsWith(`#/shared-course/${data}`)) return;
  const { course, damaged } = /** @type {{ course: any, damaged: boolean }} */ (decodeCourse(data));
  const name = (text) => text?.[lang] || text?.en || Object.values(text ?? {}).find(Boolean) || "";
  const lessons = course ? course.sections.flatMap((s) => s.lessons) : [];
  const k = Number(n);
  const box = h("nav", { id: "shared-course", class: "shared-course", "aria-label": t.sharedCourse });
  if (n && Number.isInteger(k) && k >= 1 && k <= lessons.length) {
    playText(lessons[k - 1].text, { where: t.lessonOf(k, lessons.length) });
    h("a", { href: `#/shared-course/${data}`, "data-shared-course": "back" }, box, t.backToSharedCourse);
    lessonSlot.before(box);
    return;
  }
  page.dropLesson();
  viewTitle.textContent = course ? name(course.title) : "";
  lessonPosition.textContent = t.sharedCourse;
  if (damaged) {
    h("p", { class: "course-error", role: "alert", "data-shared-course": "damaged" }, box, t.sharedCourseDamaged);
  } else {
    h("h2", {}, box, name(course.title) || t.sharedCourse);
    let at = 0;
    for (const section of course.sections) {
      if (name(section.title)) h("h3", {}, box, name(section.title));
      const ol = h("ol", { start: String(at + 1) }, box);
      for (const lesson of section.lessons) {
        at++;
        const li = h("li", {}, ol);
        h("a", { href: `#/shared-course/${data}/${at}`, "data-shared-lesson": String(at) }, li, name(lesson.title) || t.lessonOf(at, lessons.length));
      }
    }
  }
  lessonSlot.before(box);
  window.scrollTo({ top: 0 });
}
