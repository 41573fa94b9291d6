// The course's data by content-hashed names (issue 36; scripts/data-files.mjs, www/widget/data-files.js):
// the build's copies under data/, their table in index.html, the preloads pointed at them, a
// package that drops them, and the page's reading of the table (with a fake document).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { dataPath, writeDataFiles } from "../../scripts/data-files.mjs";
import { PRECACHE_SKIP, appWithCourse } from "../../www/school/package/core.js";

const dirs = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const hash = (text) => createHash("sha256").update(text).digest("hex").slice(0, 8).toUpperCase();

const PAGE = `<!doctype html>
<html><head>
    <link rel="preload" href="api/v1/health" as="fetch" crossorigin="anonymous">
    <link rel="preload" href="lessons/courses.json" as="fetch" crossorigin="anonymous">
    <link rel="preload" href="course-index.json" as="fetch" crossorigin="anonymous">
    <link rel="preload" href="lessons/course.json" as="fetch" crossorigin="anonymous">
    <link rel="modulepreload" href="chunk-0A1B2C3D.js">
    <script type="module" src="app-0A1B2C3D.js"></script>
</head><body></body></html>
`;

/** A built site: a page, a course of two lessons with a picture, a schema, the course index. */
function site() {
  const dir = mkdtempSync(join(tmpdir(), "ct-data-files-"));
  dirs.push(dir);
  mkdirSync(join(dir, "lessons", "pictures"), { recursive: true });
  mkdirSync(join(dir, "images"), { recursive: true });
  writeFileSync(join(dir, "index.html"), PAGE);
  writeFileSync(join(dir, "lessons", "courses.json"), JSON.stringify({ courses: [{ file: "course.json", picture: "../images/pieces.svg#wN" }, { file: "course-numbers.json", picture: "pictures/numbers.svg" }] }));
  writeFileSync(join(dir, "lessons", "course.json"), JSON.stringify({ title: { en: "C" }, sections: [{ id: "s", lessons: ["one.json", "two.json"] }] }));
  writeFileSync(join(dir, "lessons", "course-numbers.json"), JSON.stringify({ title: { en: "N" }, sections: [] }));
  writeFileSync(join(dir, "lessons", "one.json"), '{"id":"one"}\n');
  writeFileSync(join(dir, "lessons", "two.json"), '{"id":"two"}\n');
  writeFileSync(join(dir, "lessons", "course.schema.json"), "{}");
  writeFileSync(join(dir, "lessons", "pictures", "numbers.svg"), "<svg/>");
  writeFileSync(join(dir, "images", "pieces-0A1B2C3D.svg"), "<svg/>");
  writeFileSync(join(dir, "course-index.json"), '{"version":1}\n');
  return dir;
}

test("every data file is copied under data/ by the hash of its bytes, and the page names the copies", () => {
  const dir = site();
  const files = writeDataFiles(dir, { "images/pieces.svg": "images/pieces-0A1B2C3D.svg" });
  assert.equal(files["lessons/one.json"], hash('{"id":"one"}\n'));
  assert.equal(files["course-index.json"], hash('{"version":1}\n'));
  assert.ok(!("lessons/course.schema.json" in files), "not the schemas");
  for (const [rel, h] of Object.entries(files)) {
    const copy = join(dir, dataPath(rel, h));
    assert.ok(existsSync(copy), copy);
    assert.equal(hash(readFileSync(copy)), h, `${rel}: named by its bytes`);
  }
  // the list's pictures point at hashed files, relative to the copy
  const list = JSON.parse(readFileSync(join(dir, dataPath("lessons/courses.json", files["lessons/courses.json"])), "utf8"));
  assert.equal(list.courses[0].picture, "../../images/pieces-0A1B2C3D.svg#wN");
  assert.equal(list.courses[1].picture, `pictures/numbers-${files["lessons/pictures/numbers.svg"]}.svg`);
  assert.ok(existsSync(join(dir, "data", "lessons", list.courses[1].picture)));
  // the teacher's files stay as they were
  assert.equal(JSON.parse(readFileSync(join(dir, "lessons", "courses.json"), "utf8")).courses[0].picture, "../images/pieces.svg#wN");

  const html = readFileSync(join(dir, "index.html"), "utf8");
  const table = JSON.parse(/<script type="application\/json" id="data-files">([^<]*)<\/script>/.exec(html)[1]);
  assert.deepEqual(table, { base: "data/", files });
  assert.ok(html.indexOf('id="data-files"') < html.indexOf("<link rel=\"preload\""), "the table before the preloads");
  assert.match(html, new RegExp(`<link rel="preload" href="data/lessons/course-${files["lessons/course.json"]}\\.json"`));
  assert.match(html, new RegExp(`<link rel="preload" href="data/course-index-${files["course-index.json"]}\\.json"`));
  assert.match(html, /<link rel="preload" href="api\/v1\/health"/, "the API as it was");
  assert.doesNotMatch(html, /href="lessons\//, "no preload of a fixed name left");
  // a new child's first lesson, at a low priority, after the page's modules
  const first = `<link rel="preload" href="data/lessons/one-${files["lessons/one.json"]}.json" as="fetch" crossorigin="anonymous" fetchpriority="low">`;
  assert.ok(html.includes(first), html);
  assert.ok(html.indexOf(first) > html.indexOf("modulepreload") && html.indexOf(first) < html.indexOf("<script type=\"module\""));
});

test("a site without a lessons folder is left alone", () => {
  const dir = mkdtempSync(join(tmpdir(), "ct-data-files-"));
  dirs.push(dir);
  writeFileSync(join(dir, "index.html"), PAGE);
  assert.equal(writeDataFiles(dir), null);
  assert.equal(readFileSync(join(dir, "index.html"), "utf8"), PAGE);
});

test("a package leaves the copies out and drops their table and preloads from its page", () => {
  const dir = site();
  writeDataFiles(dir, {});
  assert.ok(PRECACHE_SKIP.test("data/lessons/one-0A1B2C3D.json"), "never precached or packed: the service worker maps them");
  const html = readFileSync(join(dir, "index.html"), "utf8");
  const out = appWithCourse({ "index.html": html, "lessons/one.json": '{"id":"one"}\n' }, { sections: [{ id: "s", lessons: ["one.json"] }] }, { "one.json": '{"id":"one"}\n' });
  const page = typeof out["index.html"] === "string" ? out["index.html"] : new TextDecoder().decode(out["index.html"][0]);
  assert.doesNotMatch(page, /data-files|href="data\//);
  assert.match(page, /<script type="module" src="app-0A1B2C3D\.js"><\/script>/);
});

test("the page reads the table: a file it names by its copy, any other by its own name", async () => {
  const files = { "lessons/one.json": "0A1B2C3D" };
  const saved = { document: globalThis.document, fetch: globalThis.fetch };
  const asked = [];
  globalThis.document = { baseURI: "https://school.example/app/index.html?lang=en", getElementById: (id) => (id === "data-files" ? { textContent: JSON.stringify({ base: "data/", files }) } : null) };
  try {
    const { dataUrl, fetchData } = await import(`../../www/widget/data-files.js?${Date.now()}`);
    assert.equal(dataUrl("https://school.example/app/lessons/one.json")?.href, "https://school.example/app/data/lessons/one-0A1B2C3D.json");
    assert.equal(dataUrl(new URL("lessons/one.json", "https://school.example/app/")).href, "https://school.example/app/data/lessons/one-0A1B2C3D.json");
    assert.equal(dataUrl("https://school.example/app/lessons/two.json"), null, "not in the table");
    assert.equal(dataUrl("https://school.example/app/lessons/one.json?v=2"), null, "a query: asked as it is");
    assert.equal(dataUrl("https://elsewhere.example/app/lessons/one.json"), null, "another site");
    // the copy first; the file itself when the copy is missing or the network fails
    globalThis.fetch = async (url) => (asked.push(String(url)), String(url).includes("/data/") ? new Response("", { status: 404 }) : new Response("{}"));
    assert.equal((await fetchData("https://school.example/app/lessons/one.json")).status, 200);
    assert.deepEqual(asked, ["https://school.example/app/data/lessons/one-0A1B2C3D.json", "https://school.example/app/lessons/one.json"]);
    asked.length = 0;
    globalThis.fetch = async (url) => {
      asked.push(String(url));
      if (String(url).includes("/data/")) throw new TypeError("offline");
      return new Response("{}");
    };
    assert.equal((await fetchData("https://school.example/app/lessons/one.json")).status, 200);
    assert.equal(asked.length, 2);
  } finally {
    globalThis.document = saved.document;
    globalThis.fetch = saved.fetch;
  }
});

test("a broken or missing table: every file by its own name", async () => {
  const saved = globalThis.document;
  for (const textContent of ["{not json", '{"base":1}', null]) {
    globalThis.document = { baseURI: "https://school.example/", getElementById: () => (textContent == null ? null : { textContent }) };
    try {
      const { dataUrl } = await import(`../../www/widget/data-files.js?${Math.random()}`);
      assert.equal(dataUrl("https://school.example/lessons/one.json"), null);
    } finally {
      globalThis.document = saved;
    }
  }
});
