// What the app page asks for at once beside its scripts (scripts/page-preloads.mjs): every course
// file courses.json lists and the app's words in each language, each once, only files that exist;
// after hashAssets the word links name the hashed files; a package of one course
// (www/package/core.js appWithCourse) drops the links to the app's course files it leaves out.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { pageDataLinks, preloadPageData } from "../../scripts/page-preloads.mjs";
import { hashAssets, wordTable } from "../../scripts/web-assets.mjs";
import { appWithCourse, text } from "../../www/school/package/core.js";

const dirs = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const PAGE = `<!doctype html>
<html>
  <head>
    <link rel="preload" href="lessons/course.json" as="fetch" crossorigin="anonymous">
    <script type="module" src="app.js"></script>
  </head>
  <body></body>
</html>
`;

function folder(files) {
  const dir = mkdtempSync(join(tmpdir(), "ct-preloads-"));
  dirs.push(dir);
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), body);
  }
  return dir;
}

const site = () =>
  folder({
    "index.html": PAGE,
    "app.js": 'import("./i18n/en/app.js");\n',
    "lessons/course.json": "{}",
    "lessons/course-numbers.json": "{}",
    "i18n/en/app.js": 'export default { title: "Chess tutor" };\n',
    "i18n/ru/app.js": 'export default { title: "Шахматы" };\n',
  });

test("each course file that exists and each language's words, once, before the first script", () => {
  const dir = site();
  const added = preloadPageData(dir, ["course.json", "course-numbers.json", "course-gone.json"]);
  assert.deepEqual(added, [
    '<link rel="preload" href="lessons/course-numbers.json" as="fetch" crossorigin="anonymous">',
    '<link rel="modulepreload" href="i18n/ru/app.js">',
    '<link rel="modulepreload" href="i18n/en/app.js">',
  ]);
  const html = readFileSync(join(dir, "index.html"), "utf8");
  assert.equal(html.match(/href="lessons\/course.json"/g).length, 1, "the page's own preload stays the only one");
  assert.ok(!html.includes("course-gone"), "a course file that is not there is not asked for");
  assert.ok(html.indexOf("i18n/en/app.js") < html.indexOf("<script"), "the links come before the scripts");
  assert.match(html, /\n {4}<link rel="modulepreload" href="i18n\/en\/app.js">\n {4}<script/, "indented as the head is");
  // a second run adds nothing
  assert.deepEqual(pageDataLinks(dir, ["course.json", "course-numbers.json"]), []);
  assert.deepEqual(preloadPageData(dir, ["course.json", "course-numbers.json"]), []);
});

test("a page without module scripts, or no page, is left alone", () => {
  const dir = folder({ "index.html": "<!doctype html><p>no scripts</p>\n", "lessons/course.json": "{}" });
  assert.deepEqual(preloadPageData(dir, ["course.json"]), []);
  assert.equal(readFileSync(join(dir, "index.html"), "utf8"), "<!doctype html><p>no scripts</p>\n");
  assert.deepEqual(preloadPageData(dir, ["course.json"], "missing.html"), []);
});

test("after hashAssets the word links name the hashed word files, which exist", () => {
  const dir = site();
  preloadPageData(dir, ["course.json", "course-numbers.json"]);
  wordTable(dir);
  hashAssets(dir);
  const html = readFileSync(join(dir, "index.html"), "utf8");
  for (const lang of ["en", "ru"]) {
    const href = new RegExp(`<link rel="modulepreload" href="(i18n/${lang}/app-[0-9A-Z]{8}\\.js)">`).exec(html)?.[1];
    assert.ok(href, `${lang}: ${html}`);
    readFileSync(join(dir, href)); // there
  }
  assert.match(html, /href="lessons\/course-numbers.json"/, "lessons keep their names");
});

test("a package of one course drops the links to the app's other course files", () => {
  const dir = site();
  preloadPageData(dir, ["course.json", "course-numbers.json"]);
  const appFiles = {
    "index.html": new TextEncoder().encode(readFileSync(join(dir, "index.html"), "utf8")),
    "lessons/course.json": "{}",
    "lessons/course-numbers.json": "{}",
    "lessons/courses.json": '{"courses":[{"file":"course.json"},{"file":"course-numbers.json"}]}',
  };
  const files = appWithCourse(appFiles, { title: { en: "Mine" }, sections: [] }, {});
  const html = text(files["index.html"]);
  assert.ok(!html.includes("course-numbers.json"), html);
  assert.match(html, /<link rel="preload" href="lessons\/course.json"/, "the package's own course stays asked for");
  assert.match(html, /<link rel="modulepreload" href="i18n\/en\/app.js">/, "other links stay");
  assert.equal(files["lessons/course-numbers.json"], undefined);
});
