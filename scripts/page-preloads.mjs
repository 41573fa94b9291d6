// What the app page (index.html) asks for at once, beside its scripts, so that nothing the course
// page shows waits for a request that another answer starts (issue 36, a slow school network:
// each such chain costs a round trip of 150 ms or more):
// - every course file that lessons/courses.json lists (www/course.js loadCourses asks for them
//   only once courses.json has come, and app.js only once its scripts have run);
// - the app's word file in each language (www/i18n/i18n.js loadWords imports it only once app.js has
//   run; a page does not know its language before then: each is about 1.5 KiB).
// Run by scripts/build-web.mjs on the built folder before hashAssets, which then points the word
// files' links at their hashed names.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LANGS } from "../www/i18n/i18n.js";

/** The links to add to DIR/PAGE's head (those it has not yet), in order. */
export function pageDataLinks(dir, courses, page = "index.html") {
  const html = readFileSync(join(dir, page), "utf8");
  const has = (href) => html.includes(`href="${href}"`);
  const links = [];
  for (const file of courses) {
    const href = `lessons/${file}`;
    if (!has(href) && existsSync(join(dir, href))) links.push(`<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous">`);
  }
  for (const lang of LANGS) {
    const href = `i18n/${lang}/app.js`;
    if (!has(href) && existsSync(join(dir, href))) links.push(`<link rel="modulepreload" href="${href}">`);
  }
  return links;
}

/**
 * Puts pageDataLinks into DIR/PAGE's head, before its first module script (after the page's own
 * preloads). `courses`: the course files, in order (scripts/build-web.mjs courseFiles). Returns
 * the links added.
 */
export function preloadPageData(dir, courses, page = "index.html") {
  const file = join(dir, page);
  if (!existsSync(file)) return [];
  const links = pageDataLinks(dir, courses, page);
  if (!links.length) return [];
  const html = readFileSync(file, "utf8");
  const first = html.indexOf("<link rel=\"modulepreload\"") >= 0 ? html.indexOf("<link rel=\"modulepreload\"") : html.indexOf('<script type="module"');
  if (first < 0) return [];
  const indent = /[ \t]*$/.exec(html.slice(0, first))[0];
  writeFileSync(file, html.slice(0, first) + links.map((l) => `${l}\n${indent}`).join("") + html.slice(first));
  return links;
}
