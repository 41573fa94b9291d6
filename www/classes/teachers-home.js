// @ts-check
// "For teachers" (#/teachers): the first page a teacher sees is a choice of two, each a big card
// with a picture and words: make a lesson (the lesson studio, #/studio) or my classes (the class
// server's pages, #/teacher). Without a class server the second card says what it needs, and is
// not a link. Words: www/i18n/<lang>/teachers.js; the look: teachers-home.css.
import { h, s } from "../widget/dom.js";
import { loadWords } from "../i18n/i18n.js";

/** @type {HTMLLinkElement | null} */
let sheet = null;
const style = () => (sheet ??= h("link", { rel: "stylesheet", href: new URL("teachers-home.css", import.meta.url).href }, document.head));

/** A small board with a star on it and a pencil: a lesson being made. Decorative. */
export function lessonPicture(parent) {
  const svg = s("svg", { viewBox: "0 0 120 96", class: "th-pict", "aria-hidden": "true", focusable: "false" }, parent);
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) s("rect", { x: 8 + 18 * j, y: 14 + 18 * i, width: 18, height: 18, fill: (i + j) % 2 ? "#b58863" : "#f0d9b5" }, svg);
  s("rect", { x: 8, y: 14, width: 72, height: 72, fill: "none", stroke: "#6b4f3a", "stroke-width": 2 }, svg);
  s("path", { d: "M53 27l2.9 6 6.6.9-4.8 4.6 1.2 6.5-5.9-3.1-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9z", fill: "#f2b01e", stroke: "#8a5a00", "stroke-width": 1.2 }, svg);
  // the pencil
  const pencil = s("g", { transform: "rotate(40 96 52)" }, svg);
  s("rect", { x: 90, y: 18, width: 12, height: 54, rx: 2, fill: "#f5a623", stroke: "#7a4b00", "stroke-width": 1.5 }, pencil);
  s("rect", { x: 90, y: 14, width: 12, height: 8, rx: 2, fill: "#e86a8a", stroke: "#7a4b00", "stroke-width": 1.5 }, pencil);
  s("path", { d: "M90 72h12l-6 12z", fill: "#f3e0c0", stroke: "#7a4b00", "stroke-width": 1.5 }, pencil);
  return svg;
}

/** Three children and a little table of ticks: a class and its results. Decorative. */
export function classPicture(parent) {
  const svg = s("svg", { viewBox: "0 0 120 96", class: "th-pict", "aria-hidden": "true", focusable: "false" }, parent);
  const child = (x, y, r, colour) => {
    s("circle", { cx: x, cy: y, r, fill: "#f6d2b8", stroke: "#6b4f3a", "stroke-width": 1.5 }, svg);
    s("path", { d: `M${x - r * 1.5} ${y + r * 3.2}q0-${r * 2.1} ${r * 1.5}-${r * 2.1}t${r * 1.5} ${r * 2.1}z`, fill: colour, stroke: "#6b4f3a", "stroke-width": 1.5 }, svg);
  };
  child(22, 24, 8, "#4f8fd6");
  child(50, 20, 9, "#e07b39");
  child(78, 24, 8, "#5aa469");
  // the results: a row of ticks and one cross, each in its own box (not colour alone)
  const marks = ["✓", "✓", "✗", "✓"];
  marks.forEach((m, k) => {
    s("rect", { x: 14 + 24 * k, y: 66, width: 20, height: 20, rx: 3, fill: "#fff", stroke: "#6b4f3a", "stroke-width": 1.5 }, svg);
    s("text", { x: 24 + 24 * k, y: 81, "text-anchor": "middle", "font-size": 15, "font-weight": 700, fill: m === "✓" ? "#1f7a3a" : "#b3261e" }, svg, m);
  });
  return svg;
}

/** Shows the choice in slot; `classes`: whether a class server answers here. */
export async function showTeachersHome(slot, { lang, classes }) {
  style();
  const t = await loadWords(lang, "teachers");
  slot.replaceChildren();
  const root = h("div", { class: "teachers-home", "data-teachers": "home" }, slot);
  h("h2", {}, root, t.title);
  h("p", { class: "th-lead" }, root, t.lead);
  const list = h("ul", { class: "th-choices" }, root);
  const card = (key, picture, href) => {
    const li = h("li", {}, list);
    const box = href ? h("a", { class: "th-card", href, "data-teachers-choice": key }, li) : h("div", { class: "th-card", "data-teachers-choice": key, "aria-disabled": "true" }, li);
    picture(box);
    const words = h("span", { class: "th-words" }, box);
    h("strong", { class: "th-name" }, words, t[key].name);
    h("span", { class: "th-what" }, words, href ? t[key].what : t[key].needsServer);
    return box;
  };
  card("lesson", lessonPicture, "#/studio");
  card("classes", classPicture, classes ? "#/teacher" : null);
  return root;
}
