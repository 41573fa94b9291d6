// @ts-check
// A voice and pictures on the app's own screens, for a child who cannot read (issue 39): a
// picture on each tab; a speaker beside the tabs that, on the course page, greets the child and
// says the courses and then the next lesson, and then the tabs, lighting each card and tab as it
// is said (the child taps what lights); a speaker on each section that says its lessons with
// their stars. app.js lends `say` (speech.js's speak in the page's language
// with its speech words: parts { text, node }, each node lit while said, data-speaking) and
// `speakerButton` (speech.js's); this module imports nothing, so it moves with the app's room.

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element `name` with `attrs` in `parent`. */
function svg(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  parent?.append(e);
  return e;
}

// the tabs' pictures, by data-tab: drawn in the tab's own colour (currentColor), 24×24
const TAB_PICTURES = {
  // an open book
  course: ["M3 5c3-1 6-1 9 1v14c-3-2-6-2-9-1z", "M21 5c-3-1-6-1-9 1v14c3-2 6-2 9-1z"],
  // two kings facing each other: a game
  game: ["M5 20h6M6 20l1-8h2l1 8M8 5v4M6.5 7h3M7 12a1.5 1.5 0 0 1 2 0", "M13 20h6M14 20l1-8h2l1 8M16 5v4M14.5 7h3M15 12a1.5 1.5 0 0 1 2 0"],
  // a hand's finger on a board's squares
  play: ["M3 3h8v8H3zM11 11h8v8h-8z", "M3 11h8v8H3zM11 3h8v8h-8z"],
  // a board with a plus: pieces put on it
  setup: ["M3 3h13v13H3z", "M3 9.5h13M9.5 3v13", "M19 15v6M16 18h6"],
  // a grown-up's cap
  studio: ["M2 9l10-5 10 5-10 5z", "M6 11v5c3 3 9 3 12 0v-5", "M22 9v6"],
};

/** A picture on each tab of `nav` (a.tab[data-tab]), before its word; once. */
export function tabPictures(nav) {
  for (const tab of nav.querySelectorAll("a.tab[data-tab]")) {
    const paths = TAB_PICTURES[/** @type {HTMLElement} */ (tab).dataset.tab ?? ""];
    if (!paths || tab.querySelector(".tab-pict")) continue;
    const pict = svg("svg", { viewBox: "0 0 24 24", class: "tab-pict", "aria-hidden": "true", focusable: "false" }, null);
    for (const d of paths) svg("path", { d, fill: "none", stroke: "currentColor", "stroke-width": "1.8", "stroke-linejoin": "round", "stroke-linecap": "round" }, pict);
    // the tab's word in a span of its own (app.js sets the words of [data-text] by textContent)
    const word = document.createElement("span");
    word.className = "tab-word";
    const key = /** @type {HTMLElement} */ (tab).dataset.text;
    if (key) {
      word.dataset.text = key;
      delete (/** @type {HTMLElement} */ (tab).dataset.text);
    }
    word.append(...tab.childNodes);
    tab.append(pict, word);
  }
}

/**
 * The first screen's speaker (after the tabs in `nav`, on a phone at their left): says `intro()`
 * first (on the course page: hello and the next lesson, homeParts), then each tab's word while
 * it lights.
 * @typedef {{ text: string, node: Element }} Part a text said, its node lit meanwhile
 * @typedef {{ say: (parts: Part[]) => unknown, speakerButton: typeof import("../widget/speech.js").speakerButton, t: Record<string, any> }} Tools
 *   the app's say, the speaker button and its words (any: each a text or a function of its own arguments)
 * @param {HTMLElement} nav @param {Tools} tools @param {() => Part[]} [intro]
 */
export function tabsSpeaker(nav, { say, speakerButton, t }, intro = () => []) {
  nav.querySelector(".tabs-speak")?.remove();
  const tabs = () => [...nav.querySelectorAll("a.tab[data-tab]")].filter((a) => /** @type {HTMLElement} */ (a).offsetParent !== null);
  const b = speakerButton(nav, t.listenHome, () => {
    const first = intro();
    const rest = tabs().map((node) => ({ text: node.textContent?.trim() ?? "", node }));
    return say(first.length ? [...first, { text: t.homeTabs, node: nav }, ...rest] : rest);
  });
  b.classList.add("app-speak", "tabs-speak");
  b.dataset.speaker = "tabs";
  return b;
}

/** What the course page says: hello, the courses (each card lit), then the next lesson (lit). */
export function homeParts(box, t) {
  const parts = [{ text: t.homeHello, node: box.querySelector(".course-head") }];
  const cards = [...box.querySelectorAll(".course-card")];
  if (cards.length > 1) {
    parts.push({ text: t.homeCourses, node: box.querySelector(".course-choice") });
    for (const node of cards) parts.push({ text: node.querySelector(".course-name")?.textContent ?? "", node });
  }
  const next = box.querySelector(".lesson-card.next");
  if (next) parts.push({ text: t.homeNext(next.querySelector(".card-title")?.textContent ?? ""), node: next });
  else parts.push({ text: t.homeAllDone, node: box.querySelector(".course-total") });
  return parts;
}

/** What a section's speaker says: its title, then each lesson's title and stars (its card lit). */
export function sectionParts(section, t) {
  const parts = [{ text: section.querySelector("h3")?.textContent ?? "", node: section.querySelector("h3") }];
  for (const node of section.querySelectorAll(".lesson-card")) {
    const stars = Number(/** @type {HTMLElement} */ (node).dataset.stars) || 0;
    parts.push({ text: `${node.querySelector(".card-title")?.textContent ?? ""}. ${t.starsSaid(stars)}`, node });
  }
  return parts;
}

/** The course page's speakers: one on each section of `box` (drawn by course.js). */
export function sectionSpeakers(box, { say, speakerButton, t }) {
  for (const section of box.querySelectorAll(".course-section")) {
    const h3 = section.querySelector("h3");
    if (!h3 || h3.querySelector(".section-speak")) continue;
    const b = speakerButton(null, t.listenSection(h3.textContent ?? ""), () => say(sectionParts(section, t)));
    b.classList.add("app-speak", "section-speak");
    b.dataset.speaker = "section";
    h3.prepend(b);
  }
}
