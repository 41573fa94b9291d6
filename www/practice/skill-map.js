// @ts-check
// The skill map: every skill of lessons/skills.json as a card with its picture, its title and its
// stars (0–3: the learner model's mastery, said in words too, never colour alone); a tap practises
// that skill. Grouped by the course section that teaches it. No level, no rating: stars only.
import { h, s } from "../widget/dom.js";

const STAR = "M50 5L61.8 36.5H95.2L68.3 56.8L78.2 89.5L50 70.2L21.8 89.5L31.7 56.8L4.8 36.5H38.2Z";
const LESSONS = new URL("lessons/", document.baseURI);
export const text = (value, lang) => (value && typeof value === "object" ? (value[lang] ?? value.en ?? "") : "");

/** A skill's picture: its `picture`, relative to lessons/ (as in skills.json); a piece's own
 *  file in the repository's images/ (`../images/wR.svg`) is its view of the app's sprite
 *  (images/pieces.svg#wR, chess-t1's pieces-t1.svg#wT1Prince). */
export function skillPicture(skill) {
  const piece = /^\.\.\/images\/([wb](?:[KQRBNP]|T1[A-Za-z]+))\.svg$/.exec(String(skill?.picture ?? ""));
  // each sprite named whole, so that the build points it at its hashed name
  if (piece) return new URL(`${piece[1].includes("T1") ? "images/pieces-t1.svg" : "images/pieces.svg"}#${piece[1]}`, document.baseURI).href;
  try {
    return skill?.picture ? new URL(skill.picture, LESSONS).href : null;
  } catch {
    return null;
  }
}

/** Three stars, `n` of them filled, with their words for a screen reader. */
export function starRow(parent, n, label) {
  const box = h("span", { class: "p-stars", role: "img", "aria-label": label, "data-stars": String(n) }, parent);
  for (let k = 0; k < 3; k++) s("path", { d: STAR }, s("svg", { viewBox: "0 0 100 100", class: k < n ? "p-star on" : "p-star off", "aria-hidden": "true" }, box));
  return box;
}

/** The map in `parent`: skills [{ id, title, picture, section }], `mine` the report's skills by
 *  id ({ mastery }), each card a link to #/practice/skill/<id>. */
export function drawMap(parent, skills, mine, { lang, t, first = [] }) {
  const nav = h("nav", { class: "p-map", "aria-labelledby": "p-map-title", "data-practice": "map" }, parent);
  h("h2", { id: "p-map-title", class: "p-map-title" }, nav, t.mapTitle);
  h("p", { class: "p-map-lead" }, nav, t.mapLead);
  const ordered = [...skills.filter((x) => first.includes(x.id)), ...skills.filter((x) => !first.includes(x.id))];
  const list = h("ul", { class: "p-map-list" }, nav);
  for (const skill of ordered) {
    const n = Math.max(0, Math.min(3, Math.round(mine.get(skill.id)?.mastery ?? 0)));
    const a = h("a", { class: "p-skill", href: `#/practice/skill/${skill.id}`, "data-skill": skill.id, "data-stars": String(n) }, h("li", {}, list));
    if (first.includes(skill.id)) a.dataset.homework = "true";
    const pict = h("span", { class: "p-skill-pict", "aria-hidden": "true" }, a);
    const src = skillPicture(skill);
    if (src) h("img", { alt: "", src, draggable: "false" }, pict);
    h("span", { class: "p-skill-title" }, a, text(skill.title, lang) || skill.id);
    starRow(a, n, t.skillStars(n));
    if (n >= 3) h("span", { class: "p-skill-done" }, a, t.mastered);
  }
  return nav;
}
