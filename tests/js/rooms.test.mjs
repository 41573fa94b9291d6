// The rooms of www/ (issue 34; the table is scripts/rooms.mjs): every module is in a room, every
// import edge goes down the rooms' order (or is one of the few import() edges up that LAZY names),
// and no module imports itself through others. The edges are esbuild's own resolution of www/, as
// the build makes dist/ (as crate/tests/modules.rs does for the Rust modules).
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { EXCEPTIONS, LAZY, MOVING, ROOMS, TOP } from "../../scripts/rooms.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WWW = join(ROOT, "www");
const path = (p) => p.split("\\").join("/");

/** Every JavaScript module of www/ (not the WASM packages' glue, not the teacher's lessons). */
function modules(dir = WWW) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const rel = path(relative(WWW, join(dir, e.name)));
    if (e.isDirectory()) return /^(pkg[^/]*|lessons)$/.test(rel) ? [] : modules(join(dir, e.name));
    return e.isFile() && rel.endsWith(".js") ? [rel] : [];
  });
}

/** The import edges among www/'s modules: [{ from, to, kind }] (kind: esbuild's, e.g. "dynamic-import"). */
async function edges(entries) {
  const { metafile } = await build({
    entryPoints: entries.map((e) => join(WWW, e)),
    absWorkingDir: ROOT,
    bundle: true,
    splitting: true,
    format: "esm",
    outdir: join(ROOT, "target", "rooms-graph"),
    write: false,
    metafile: true,
    packages: "external",
    logLevel: "silent",
    // the WASM packages' glue is no room's: it stays a module of its own (scripts/build-web.mjs)
    plugins: [{ name: "packages-apart", setup: (b) => b.onResolve({ filter: /(^|\/)pkg(-[\w-]+)?\// }, (a) => ({ path: a.path, external: true })) }],
  });
  const name = (p) => path(relative(WWW, join(ROOT, p)));
  return Object.entries(metafile.inputs).flatMap(([file, input]) =>
    input.imports.filter((i) => !i.external).map((i) => ({ from: name(file), to: name(i.path), kind: i.kind })),
  );
}

const ORDER = ROOMS.map((r) => r.room);
const MAY = new Map(ROOMS.map((r) => [r.room, new Set(r.imports)]));

/** The room of www/REL, or null when it is in none. */
export function roomOf(rel) {
  const [first, ...rest] = rel.split("/");
  if (!rest.length) return MOVING[rel] ?? null;
  return ORDER.includes(first) ? first : null;
}

/**
 * The edges that break the rooms' order: a static import of a room it may not import, an import()
 * up the order that LAZY does not name; EXCEPTIONS left out. Also: the LAZY and EXCEPTIONS lines
 * no edge needs any more.
 */
export function breaches(list) {
  const used = new Set();
  const bad = [];
  for (const { from, to, kind } of list) {
    const [a, b] = [roomOf(from), roomOf(to)];
    if (!a || !b || a === b || MAY.get(a).has(b)) continue;
    const lazy = LAZY.findIndex(([f, r]) => f === from && r === b);
    if (kind === "dynamic-import" && lazy >= 0) {
      used.add(`lazy ${lazy}`);
      continue;
    }
    const known = EXCEPTIONS.findIndex(([f, r]) => f === from && r === b);
    if (known >= 0) {
      used.add(`exception ${known}`);
      continue;
    }
    bad.push(`${from} (${a}) → ${to} (${b})${kind === "dynamic-import" ? " by import()" : ""}`);
  }
  const unused = [
    ...LAZY.filter((_, k) => !used.has(`lazy ${k}`)).map(([f, r]) => `LAZY ${f} → ${r}`),
    ...EXCEPTIONS.filter((_, k) => !used.has(`exception ${k}`)).map(([f, r]) => `EXCEPTIONS ${f} → ${r}`),
  ];
  return { bad, unused };
}

/** Every import circle of the edges (each once, as the modules along it). */
export function circles(list) {
  const next = new Map();
  for (const { from, to } of list) next.set(from, [...(next.get(from) ?? []), to]);
  const found = [];
  const state = new Map(); // 1: on the path, 2: done
  const stack = [];
  const visit = (m) => {
    state.set(m, 1);
    stack.push(m);
    for (const n of next.get(m) ?? []) {
      if (state.get(n) === 1) found.push([...stack.slice(stack.indexOf(n)), n].join(" → "));
      else if (!state.has(n)) visit(n);
    }
    stack.pop();
    state.set(m, 2);
  };
  for (const m of [...next.keys()].sort()) if (!state.has(m)) visit(m);
  return found;
}

const ALL = modules();
const EDGES = await edges(ALL);

test("the graph is read (a check of the reading itself)", () => {
  assert.ok(ALL.length > 60, `${ALL.length} modules`);
  const has = (from, to, kind) => EDGES.some((e) => e.from === from && e.to === to && e.kind === kind);
  assert.ok(has("widget/chess-tutor.js", "widget/board.js", "import-statement"), "the widget imports its board");
  assert.ok(has("app/class-link.js", "classes/classes.js", "dynamic-import"), "the app loads the class client by import()");
  assert.ok(has("i18n/en/app.js", "i18n/i18n.js", "import-statement"), "a word file imports i18n.js");
});

test("the rooms are layers: each imports only rooms before it, so rooms never import in a circle", () => {
  ROOMS.forEach(({ room, imports }, k) => {
    for (const other of imports) assert.ok(ORDER.indexOf(other) >= 0 && ORDER.indexOf(other) < k, `${room} imports ${other}, which is not below it`);
    assert.ok(existsSync(join(WWW, room)) || Object.values(MOVING).includes(room), `www/${room}/ is there`);
  });
  for (const [from, room] of [...LAZY, ...EXCEPTIONS]) {
    assert.ok(ORDER.indexOf(room) > ORDER.indexOf(roomOf(from)), `${from} → ${room} goes up the order (else it needs no line)`);
  }
});

test("every module is in a room; only the fixed-name entry points stay at the top of www/", () => {
  const homeless = ALL.filter((m) => !roomOf(m) && !(m in TOP));
  assert.deepEqual(homeless, [], "modules outside every room: move each into its room's folder (scripts/rooms.mjs)");
  for (const top of Object.keys(TOP)) assert.ok(ALL.includes(top), `www/${top} (TOP) is there`);
  for (const [file, room] of Object.entries(MOVING)) {
    assert.ok(ALL.includes(file), `www/${file} has moved into www/${room}/: delete its line in scripts/rooms.mjs MOVING`);
  }
  const folders = readdirSync(WWW, { withFileTypes: true }).filter((e) => e.isDirectory() && !/^(pkg|lessons$)/.test(e.name));
  const plain = ["api", "endgame", "images", "types"]; // data, and the boundary's types (.d.ts), not modules
  for (const f of folders) assert.ok(ORDER.includes(f.name) || plain.includes(f.name), `www/${f.name}/ is a room of scripts/rooms.mjs (or data)`);
});

test("every import edge of www/ goes down the rooms' order (or is named in LAZY)", () => {
  const { bad, unused } = breaches(EDGES);
  assert.deepEqual(bad, [], "imports up the rooms' order (scripts/rooms.mjs says who may import whom)");
  assert.deepEqual(unused, [], "lines of scripts/rooms.mjs that no import needs any more: delete them");
});

test("no import circles in www/ (static or import())", () => {
  assert.deepEqual(circles(EDGES), []);
});

test("a planted import up the order, and a planted circle, are found", () => {
  const planted = [...EDGES, { from: "widget/board.js", to: "app/app.js", kind: "import-statement" }];
  assert.deepEqual(breaches(planted).bad, ["widget/board.js (widget) → app/app.js (app)"]);
  const lazyButStatic = [...EDGES.filter((e) => !(e.from === "classes/teacher.js" && e.to === "practice/teacher-skills.js")), { from: "classes/teacher.js", to: "practice/teacher-skills.js", kind: "import-statement" }];
  assert.deepEqual(breaches(lazyButStatic).bad, ["classes/teacher.js (classes) → practice/teacher-skills.js (practice)"], "LAZY allows import() only");
  const circle = [...EDGES, { from: "widget/board-shapes.js", to: "widget/board.js", kind: "import-statement" }];
  // one circle of the two modules, whichever of them the walk starts from
  const found = circles(circle);
  assert.equal(found.length, 1, found.join("; "));
  assert.deepEqual(new Set(found[0].split(" → ")), new Set(["widget/board.js", "widget/board-shapes.js"]));
});

test("each room's README.md says what the room owns and the rooms it may import, as the table does", () => {
  for (const { room, imports } of ROOMS) {
    const file = join(WWW, room, "README.md");
    if (!existsSync(file)) {
      // the rooms other engineers are making this session (MOVING) get theirs with their modules
      assert.ok(Object.values(MOVING).includes(room), `www/${room}/README.md is there`);
      continue;
    }
    const said = /^May import: (.*)\.$/m.exec(readFileSync(file, "utf8"))?.[1];
    assert.ok(said, `www/${room}/README.md has a line "May import: …."`);
    const listed = said === "nothing (the lowest room)" ? [] : said.split(", ");
    assert.deepEqual(listed, imports, `www/${room}/README.md's "May import" is scripts/rooms.mjs's`);
  }
});
