// One theme (docs/embedding.md, "Theming"): every colour of the board, its markers and the brushes of its
// shapes is a --ct-* custom property defined once, in www/widget/board.css; the other style sheets only
// use them, and no other sheet colours the board's shapes (no script draws their paths: lint
// rules). Markers and brushes keep 3:1 against both square colours. This test reads the sheets
// only; that the lesson and the studio draw a lesson's shapes with the same brushes, in the same
// colours, is seen in a page: tests/browser/brushes.test.mjs.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { distPath } from "../../scripts/rooms.mjs";

const WWW = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "www");
const read = (name) => readFileSync(join(WWW, name), "utf8");
// the files built to the top of dist/ (scripts/rooms.mjs): www/'s own and those of the flat rooms
const top = (dir = WWW, sub = "") =>
  readdirSync(join(dir, sub), { withFileTypes: true }).flatMap((e) => {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (e.isDirectory()) return /^(pkg|lessons$)/.test(rel) ? [] : top(dir, rel);
    return e.isFile() && !distPath(rel).includes("/") ? [rel] : [];
  });
const SHEETS = top().filter((f) => f.endsWith(".css"));

/** The rules of a sheet, flattened: [{ selector, decls: [[property, value]], at }] (at: the
 *  enclosing @-rules; the frames of @keyframes are left out). */
function rules(text) {
  const src = text.replace(/\/\*[\s\S]*?\*\//g, "");
  const out = [];
  const walk = (from, to, at) => {
    let k = from;
    while (k < to) {
      const open = src.indexOf("{", k);
      if (open < 0 || open >= to) return;
      const head = src.slice(k, open).trim();
      let depth = 1;
      let end = open + 1;
      for (; end < to && depth; end++) depth += src[end] === "{" ? 1 : src[end] === "}" ? -1 : 0;
      const body = src.slice(open + 1, end - 1);
      if (head.startsWith("@keyframes")) {
        // nothing: frames are no rules of the theme
      } else if (head.startsWith("@")) walk(open + 1, end - 1, [...at, head]);
      else {
        const decls = body
          .split(";")
          .map((d) => d.trim())
          .filter(Boolean)
          .map((d) => [d.slice(0, d.indexOf(":")).trim(), d.slice(d.indexOf(":") + 1).trim()]);
        out.push({ selector: head, decls, at });
      }
      k = end;
    }
  };
  walk(0, src.length, []);
  return out;
}

const COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|\b(?:white|black|red|green|blue|yellow|orange|purple|gold|navy|teal|maroon)\b/i;
// the board's own sheets: board.css (the theme: every --ct-* colour in its :host) and brushes.css
// (its brush table, adopted by the plug-ins that draw brushes: not in the plain widget's load)
const BOARD_SHEETS = ["widget/board.css", "widget/brushes.css"];
const board = BOARD_SHEETS.flatMap((f) => rules(read(f)));
const host = Object.fromEntries(board.filter((r) => r.selector === ":host").flatMap((r) => r.decls));

/** A --ct-* property's colour as board.css defines it, through its var() aliases. */
function resolve(value, seen = new Set()) {
  const m = /^var\((--ct-[\w-]+)\)$/.exec(value.trim());
  if (!m) return value.trim();
  assert.ok(!seen.has(m[1]) && host[m[1]], `${m[1]} is defined in board.css's :host`);
  return resolve(host[m[1]], new Set([...seen, m[1]]));
}

const luminance = (hex) => {
  const n = hex.replace("#", "");
  const full = n.length === 3 ? [...n].map((c) => c + c).join("") : n.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a, b) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

// the classes the board view puts on its parts (board.js), and the brushes of the brush table
// (brushes.css) that colour whatever carries them: each rule's first class beside the parts (a
// brush qualified by the parts, as .shape.c-green or .s-arrow.feedback, is held by them)
const PARTS = ["board", "frame", "cell", "bg", "hl", "coord", "corner", "check", "pieces", "piece", "markers", "marker", "shapes", "shape", "layer", "cursor"];
const ownClass = (selector) => {
  const first = selector.trim().split(/\s+/)[0];
  const classes = [...first.matchAll(/\.([\w-]+)/g)].map((m) => m[1]);
  return classes.some((c) => PARTS.includes(c) || /^(s|m)-/.test(c)) ? null : classes[0];
};
const BRUSHES = [...new Set(rules(read("widget/brushes.css")).flatMap((r) => r.selector.split(",").map(ownClass)))].filter(Boolean);
const boardClass = (cls) => PARTS.includes(cls) || /^(s|m)-/.test(cls) || BRUSHES.includes(cls);
const classesOf = (selector) => [...selector.matchAll(/\.([\w-]+)/g)].map((m) => m[1]);

test("the theme's --ct-* custom properties are defined in board.css only, each once, and its brushes only name them", () => {
  for (const file of SHEETS.filter((f) => !BOARD_SHEETS.includes(f))) {
    for (const r of rules(read(file))) {
      // (a page may size the widget with --ct-fit-height and --ct-panel-reserve: no colours)
      for (const [p, v] of r.decls) assert.ok(!p.startsWith("--ct-") || !(COLOUR.test(v) || /var\(--ct-/.test(v)), `${file}: "${r.selector}" defines ${p}: the theme's colours are board.css's`);
    }
  }
  assert.ok(!rules(read("widget/brushes.css")).some((r) => r.selector === ":host"), "brushes.css defines no theme colour (board.css's :host does)");
  const defined = board.filter((r) => r.selector === ":host").flatMap((r) => r.decls.map(([p]) => p)).filter((p) => p.startsWith("--ct-"));
  assert.deepEqual(defined, [...new Set(defined)], "each --ct-* property once in board.css's :host");
  for (const name of ["--ct-light", "--ct-dark", "--ct-marker", "--ct-green", "--ct-red", "--ct-blue", "--ct-yellow", "--ct-star", "--ct-hint", "--ct-good", "--ct-bad"]) {
    assert.ok(defined.includes(name), `${name} is in the theme`);
  }
  // elsewhere in board.css (the brush table) a --ct-* property is set only to another one
  for (const r of board.filter((r) => r.selector !== ":host")) {
    for (const [p, v] of r.decls) if (p.startsWith("--ct-")) assert.match(v, /^var\(--ct-[\w-]+\)$/, `board.css: "${r.selector}" sets ${p} to a theme colour, not ${v}`);
  }
});

test("no sheet but board.css colours the board, its markers or a brush", () => {
  assert.ok(["l-fail-arrow", "l-goal-star", "l-hint-arrow", "token-black"].every((b) => BRUSHES.includes(b)), `the brush table: ${BRUSHES}`);
  for (const file of SHEETS.filter((f) => !BOARD_SHEETS.includes(f))) {
    for (const r of rules(read(file))) {
      const named = classesOf(r.selector).filter(boardClass);
      if (!named.length) continue;
      for (const [p, v] of r.decls) {
        assert.ok(!["fill", "stroke", "stop-color"].includes(p), `${file}: "${r.selector}" sets ${p} of the board's .${named[0]}: that is board.css's`);
        assert.doesNotMatch(v, COLOUR, `${file}: "${r.selector}" (.${named[0]} is the board's) has a colour of its own: ${p}: ${v}`);
      }
    }
  }
  // no script but the board view draws a shape's path, takes a layer to draw in, or colours a
  // piece set's tokens: lint rules (eslint.config.js BOARD_DRAWS, BOARD_PATHS; tests/js/lint-rules.test.mjs)
});

// (that the lesson and the studio draw a lesson's shapes, its stars and its hint with the same
// brushes, in the same colours: tests/browser/brushes.test.mjs, drawn in a page)
test("each colour of a lesson's shapes is one brush of board.css, and no lesson or studio sheet colours them", () => {
  // and each colour of a lesson's shapes resolves, in board.css, to one value
  for (const c of ["green", "red", "blue", "yellow"]) {
    const rule = board.find((r) => r.selector === `.shape.c-${c}`);
    assert.ok(rule, `board.css has the brush .shape.c-${c}`);
    const marker = rule.decls.find(([p]) => p === "--ct-marker")[1];
    assert.match(resolve(marker), /^#[0-9a-f]{6}$/i, `c-${c} resolves to a colour`);
  }
  for (const file of ["lesson.css", "studio/studio-board.css", "studio/studio.css"]) {
    for (const r of rules(read(file))) assert.ok(!classesOf(r.selector).some((c) => /^c-/.test(c) && !r.selector.includes("studio-colors")), `${file}: "${r.selector}" colours a lesson shape`);
  }
});

test("markers and brushes keep 3:1 against both square colours (a bright ink by its dark edge); the theme's words keep AA", () => {
  const light = resolve(host["--ct-light"]);
  const dark = resolve(host["--ct-dark"]);
  const enough = (colour) => contrast(colour, light) >= 3 && contrast(colour, dark) >= 3;
  assert.ok(enough(resolve(host["--ct-marker"])), `the target markers' ${host["--ct-marker"]} against ${light} and ${dark}`);
  // every brush of the table that sets the ink: its ink, or the edge it sets with it
  for (const r of board) {
    const ink = r.decls.find(([p]) => p === "--ct-marker")?.[1];
    if (!ink) continue;
    const edge = r.decls.find(([p]) => p === "--ct-marker-edge")?.[1];
    const fine = enough(resolve(ink)) || (edge && enough(resolve(edge)));
    const said = (c) => `${resolve(c)}: ${contrast(resolve(c), light).toFixed(2)} / ${contrast(resolve(c), dark).toFixed(2)}`;
    assert.ok(fine, `board.css "${r.selector}": ink ${said(ink)}${edge ? `, edge ${said(edge)}` : ", no dark edge"} against the squares`);
  }
  // the words the lesson writes in these colours, on white
  for (const name of ["--ct-good", "--ct-bad"]) assert.ok(contrast(resolve(host[name]), "#ffffff") >= 4.5, `${name} as text on white`);
});

// Every text colour of every sheet against what it is written on (issue 25): its own rule's
// background when it sets one, else each surface words sit on — the page, the panels, a white
// button. WCAG AA: 4.5:1 (asked of every text, large or not). axe-core checks the drawn pages
// (tests/browser/a11y.test.mjs); this keeps the sheets' pairs in the theme itself.
const ALL = SHEETS.map((file) => ({ file, rules: rules(read(file)) }));
const props = {};
for (const { rules: list } of ALL) for (const r of list) for (const [p, v] of r.decls) if (p.startsWith("--") && !(p in props)) props[p] = v;
Object.assign(props, host); // the theme's --ct-* as board.css's :host has them
const NAMED = { white: "#ffffff", black: "#000000" };
/** A solid colour (#rrggbb) of a declared value, through var() and its fallback; null otherwise. */
function solid(value) {
  if (!value) return null;
  const v = value.trim();
  const m = /^var\((--[\w-]+)(?:,\s*(.+))?\)$/.exec(v);
  if (m) return solid(props[m[1]] ?? m[2]);
  const c = NAMED[v] ?? v;
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(c) ? c : null;
}
const page = solid(rules(read("app/style.css")).find((r) => r.selector === "body").decls.find(([p]) => p === "background")[1]);
const SURFACES = { page, panel: solid(host["--ct-panel"]), studio: solid(props["--st-panel"]), button: "#ffffff" };
// words with no background of their own that sit on a dark veil or a token (their pair is drawn:
// axe-core checks it), and decoration beside the words that say it (aria-hidden)
const ELSEWHERE = {
  "widget/chess-tutor.css": [".promo-title"], // white on the promotion's dark veil over the board
  "widget/brushes.css": [".token-black"], // a piece set's black token: light words on its dark disc
  "app/style.css": [".total-star"], // the gold star beside the number of stars (aria-hidden)
};

test("every text colour keeps 4.5:1 on its background (WCAG AA), and the page's accent is the theme's", () => {
  assert.ok(page && Object.values(SURFACES).every(Boolean), `surfaces: ${JSON.stringify(SURFACES)}`);
  let checked = 0;
  const low = [];
  for (const { file, rules: list } of ALL) {
    for (const r of list) {
      const d = Object.fromEntries(r.decls);
      const ink = solid(d.color);
      if (!ink || ELSEWHERE[file]?.includes(r.selector)) continue;
      const own = solid(d.background ?? d["background-color"]);
      const on = own ? { own } : SURFACES;
      for (const [where, bg] of Object.entries(on)) {
        checked++;
        const ratio = contrast(ink, bg);
        if (ratio < 4.5) low.push(`${file} "${r.selector}": ${d.color} on ${where} ${bg}: ${ratio.toFixed(2)}:1`);
      }
    }
  }
  assert.deepEqual(low, [], "text below 4.5:1");
  for (const [file, selectors] of Object.entries(ELSEWHERE)) {
    for (const sel of selectors) assert.ok(rules(read(file)).some((r) => r.selector === sel), `${file}: "${sel}" is still there (or leaves the list)`);
  }
  assert.ok(checked > 100, `pairs checked: ${checked}`);
  // the accent: white words on it (Start, the active tab, Next!), and one orange on the page and in the widget
  const accent = resolve(host["--ct-accent"]);
  assert.ok(contrast("#ffffff", accent) >= 4.5, `white on the accent ${accent}: ${contrast("#ffffff", accent).toFixed(2)}:1`);
  assert.equal(solid(props["--app-accent"]), accent, "style.css's --app-accent is board.css's --ct-accent");
  assert.equal(solid(props["--st-accent"]), accent, "the studio's accent is the page's");
  // the board's own words: the coordinates on the frame (the small ones at their opacity)
  const coord = resolve(host["--ct-coord"]);
  const frame = resolve(host["--ct-frame"]);
  const small = Number(board.find((r) => r.selector === ".coord.small").decls.find(([p]) => p === "opacity")?.[1] ?? 1);
  const mix = "#" + [1, 3, 5].map((i) => Math.round(small * parseInt(coord.slice(i, i + 2), 16) + (1 - small) * parseInt(frame.slice(i, i + 2), 16)).toString(16).padStart(2, "0")).join("");
  for (const ink of [coord, mix]) assert.ok(contrast(ink, frame) >= 4.5, `the coordinates ${ink} on the frame ${frame}: ${contrast(ink, frame).toFixed(2)}:1`);
  // no sheet names the old orange any more
  for (const { file } of ALL) assert.doesNotMatch(read(file), /#e8793a/i, `${file}: the orange of 2.9:1`);
});
