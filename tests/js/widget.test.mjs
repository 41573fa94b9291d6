// Static checks on the <chess-tutor> widget: no HTML injection sinks, no inline styles or
// scripts in the pages, shipped piece images in sync with images/, and the i18n helpers.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WWW = join(ROOT, "www");
const read = (name) => readFileSync(join(WWW, name), "utf8");
const ownScripts = readdirSync(WWW).filter((f) => f.endsWith(".js"));
const pages = readdirSync(WWW).filter((f) => f.endsWith(".html"));

test("the widget's modules are there", () => {
  for (const f of ["chess-tutor.js", "board.js", "i18n.js", "chess-tutor.css"]) assert.ok(read(f).length > 0, f);
});

test("no www/*.js writes HTML from strings (innerHTML, outerHTML, insertAdjacentHTML, document.write)", () => {
  const sinks = /\b(innerHTML|outerHTML|insertAdjacentHTML|document\.write(ln)?|createContextualFragment|DOMParser)\b/;
  for (const f of ownScripts) {
    const lines = read(f).split("\n");
    lines.forEach((line, k) => assert.doesNotMatch(line, sinks, `${f}:${k + 1}: ${line.trim()}`));
  }
});

test("no www/*.js sets inline styles through attributes or evaluates code", () => {
  for (const f of ownScripts) {
    const src = read(f);
    assert.doesNotMatch(src, /setAttribute\(\s*["']style["']/, `${f} sets a style attribute`);
    assert.doesNotMatch(src, /\beval\(|new Function\(/, `${f} evaluates code`);
    assert.doesNotMatch(src, /\bstyle\s*=\s*["'`]/, `${f} writes a style= attribute`);
  }
});

test("every page has no inline scripts, styles or event handlers (a strict CSP may apply)", () => {
  assert.ok(pages.includes("index.html") && pages.includes("csp.html") && pages.includes("embed-example.html"));
  for (const page of pages) {
    const html = read(page);
    for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      assert.match(attributes, /\bsrc=/, `${page}: every script has a src`);
      assert.equal(body.trim(), "", `${page}: no inline script body`);
    }
    assert.doesNotMatch(html, /<style\b/, page);
    assert.doesNotMatch(html, /\sstyle=/, page);
    assert.doesNotMatch(html, /\son[a-z]+=/, page);
  }
});

test("the embedding pages load the widget with one module script tag", () => {
  for (const page of ["embed-example.html", "csp.html"]) {
    const html = read(page);
    assert.match(html, /<script type="module" src="chess-tutor.js"><\/script>/, page);
    assert.match(html, /<chess-tutor\b/, page);
  }
});

test("the widget finds its files relative to its own URL", () => {
  const src = read("chess-tutor.js");
  assert.match(src, /new URL\("\.\/", import\.meta\.url\)/);
  assert.match(src, /"pkg\/chess_tutor_bg\.wasm"/);
  assert.match(src, /"chess-tutor\.css"/);
  assert.match(src, /new URL\("images\/", BASE\)/);
});

test("www/images holds the same 12 pieces as images/ (copy them with cp images/*.svg www/images/)", () => {
  const names = readdirSync(join(ROOT, "images")).filter((f) => f.endsWith(".svg")).sort();
  assert.equal(names.length, 12);
  assert.deepEqual(readdirSync(join(WWW, "images")).filter((f) => f.endsWith(".svg")).sort(), names);
  for (const name of names) {
    const svg = readFileSync(join(ROOT, "images", name), "utf8");
    assert.equal(readFileSync(join(WWW, "images", name), "utf8"), svg, `www/images/${name} differs from images/${name}`);
    assert.doesNotMatch(svg, /<script|<style|\sstyle=|href=|xlink:/, `${name} is self-contained`);
  }
});

test("the widget's stylesheet defines the theme's custom properties", () => {
  const css = read("chess-tutor.css");
  for (const name of ["--ct-light", "--ct-dark", "--ct-marker", "--ct-last-move", "--ct-check", "--ct-focus", "--ct-selected"]) {
    assert.match(css, new RegExp(`${name}:`), name);
  }
  assert.match(css, /touch-action:\s*none/);
  assert.match(css, /prefers-reduced-motion/);
});

const i18n = await import(pathToFileURL(join(WWW, "i18n.js")).href);

test("move counts use the right plural forms", () => {
  const ru = i18n.STRINGS.ru.countMoves;
  assert.deepEqual([0, 1, 2, 4, 5, 11, 21, 22, 25].map(ru), [
    "0 ходов", "1 ход", "2 хода", "4 хода", "5 ходов", "11 ходов", "21 ход", "22 хода", "25 ходов",
  ]);
  const en = i18n.STRINGS.en.countMoves;
  assert.deepEqual([0, 1, 2].map(en), ["0 moves", "1 move", "2 moves"]);
  assert.equal(i18n.STRINGS.ru.selected("Конь", "g1", 2), "Конь на g1: 2 хода");
  assert.equal(i18n.STRINGS.en.selected("Knight", "g1", 2), "Knight on g1: 2 moves");
});

test("both languages have the same messages, and every game ending is worded", () => {
  const keys = (o) => Object.keys(o).sort();
  assert.deepEqual(keys(i18n.STRINGS.ru), keys(i18n.STRINGS.en));
  assert.deepEqual(keys(i18n.STRINGS.ru.over), keys(i18n.STRINGS.en.over));
  for (const reason of ["checkmate", "stalemate", "insufficient-material", "fivefold", "seventy-five-moves", "threefold", "fifty-moves", "resignation", "agreement", "timeout"]) {
    for (const lang of ["en", "ru"]) assert.equal(typeof i18n.STRINGS[lang].over[reason]("white"), "string", `${lang} ${reason}`);
  }
});

test("the language is ru for ru-* and en otherwise", () => {
  assert.equal(i18n.pickLang("ru"), "ru");
  assert.equal(i18n.pickLang("ru-RU"), "ru");
  assert.equal(i18n.pickLang("en-GB"), "en");
  assert.equal(i18n.pickLang("de"), "en");
});

test("a formula line is filled in with the numbers of a move", () => {
  const { substitute, signed } = i18n;
  assert.equal(signed(1), "+1");
  assert.equal(signed(-2), "−2");
  assert.equal(signed(0), "0");
  // pawn e2-e4: i = 1, j = 4, n = 2, ΔI = +1
  assert.equal(substitute("i1 = i + n·ΔI, j1 = j", { i: 1, j: 4, n: 2, di: 1, dj: 0, i1: 3, j1: 4 }), "i1 = 1 + 2·(+1) = 3, j1 = 4");
  // knight g1-f3
  assert.equal(substitute("i1 = i + 2·ΔI, j1 = j + ΔJ", { i: 0, j: 6, n: 1, di: 1, dj: -1, i1: 2, j1: 5 }), "i1 = 0 + 2·(+1) = 2, j1 = 6 + (−1) = 5");
  // rook along a row
  assert.equal(substitute("i1 = i, j1 = j + n·ΔJ", { i: 0, j: 0, n: 3, di: 0, dj: 1, i1: 0, j1: 3 }), "i1 = 0, j1 = 0 + 3·(+1) = 3");
});
