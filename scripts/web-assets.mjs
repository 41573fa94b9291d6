// What the build does to dist/ so that a browser gets it fast (issue 36), called by
// scripts/build-web.mjs after esbuild:
// - hashWasm: every WASM package's module (dist/pkg*/NAME.wasm, whatever packages there are) gets
//   a content hash in its name (NAME-0A1B2C3D.wasm, the 8 capitals or digits the chunks carry too),
//   and every built script, page and list that names it (the package's glue, `new URL(
//   "pkg-lessons/chess_tutor_bg.wasm", …)` in the app) is pointed at the new name. A file named by
//   its content never changes under that name: servers send it `immutable` (server/src/web.rs).
// - wordTable, hashAssets: every script, style and picture a visit loads gets a content hash in its
//   name too (NAME-0A1B2C3D.js beside NAME.js), every reference pointed at it, and the word files'
//   table of www/i18n/i18n.js filled, so that a second visit asks again only for the page (and the
//   lessons, the lists): see hashable for what keeps a fixed name, and hashAssets for the old
//   names kept for webmasters and packages (chess-tutor.js, embed.js, …).
// - rehashChunks (before hashAssets existed; kept for its callers): every chunk (dist/chunk-*.js) named again by a hash of its final bytes, after
//   the build rewrote names inside it (the merged widget chunk's, the modules' hashed names): a
//   chunk kept a year must never change under its name, and one that names a module names the
//   module's version. Renaming a chunk rewrites its importers, so this runs until nothing changes.
// - compressFiles: NAME.br (brotli, quality 11) and NAME.gz (gzip, level 9) beside every
//   compressible file (scripts, styles, pages, JSON, SVG, WASM, the endgame tables), kept only
//   when smaller; servers send the one a browser accepts (ServeDir's precompressed files in the
//   class server, gzip_static / brotli_static in nginx, README).
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, posix } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const PKG_DIR = /^pkg(-[\w-]+)?$/;

/** Every file under dir (links not followed: dist/lessons is the teacher's folder), relative. */
function files(dir, sub = "") {
  const out = [];
  for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...files(dir, rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

/** 8 capital hex digits of a SHA-256 of the bytes: the build's content hash. */
/** esbuild's options for a module the build bundles again in memory (merged chunks, word files):
 *  one minified ES module, UTF-8 as written, no licence comments. */
export const REBUNDLE = { bundle: true, format: "esm", minify: true, charset: "utf8", legalComments: "none", write: false };

export const contentHash = (bytes) => createHash("sha256").update(bytes).digest("hex").slice(0, 8).toUpperCase();

/** Files whose text may name a package's module. */
const NAMING = /\.(js|html|json|webmanifest)$/;

/**
 * Renames every dist/pkg*\/*.wasm to NAME-HASH.wasm and rewrites the names in dir's scripts,
 * pages and lists. Returns { "pkg-lessons/chess_tutor_bg.wasm": "pkg-lessons/chess_tutor_bg-….wasm" }.
 */
export function hashWasm(dir) {
  const renamed = {};
  for (const pkg of readdirSync(dir).filter((n) => PKG_DIR.test(n) && statSync(join(dir, n)).isDirectory())) {
    for (const name of readdirSync(join(dir, pkg)).filter((n) => n.endsWith(".wasm"))) {
      const to = `${name.slice(0, -5)}-${contentHash(readFileSync(join(dir, pkg, name)))}.wasm`;
      renameSync(join(dir, pkg, name), join(dir, pkg, to));
      renamed[`${pkg}/${name}`] = `${pkg}/${to}`;
    }
  }
  if (!Object.keys(renamed).length) return renamed;
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
  // "pkg-lessons/chess_tutor_bg.wasm" anywhere; in a package's own glue, its bare name too
  const named = new RegExp(`(?<![\\w-])(${Object.keys(renamed).map(escape).join("|")})(?![\\w.-])`, "g");
  for (const rel of files(dir).filter((f) => NAMING.test(f))) {
    const before = readFileSync(join(dir, rel), "utf8");
    let after = before.replace(named, (m) => renamed[m]);
    const pkg = rel.split("/")[0];
    if (PKG_DIR.test(pkg) && rel.split("/").length === 2) {
      for (const [from, to] of Object.entries(renamed)) {
        if (!from.startsWith(`${pkg}/`)) continue;
        const bare = new RegExp(`(["'\`])${escape(from.slice(pkg.length + 1))}\\1`, "g");
        after = after.replace(bare, (_, q) => `${q}${to.slice(pkg.length + 1)}${q}`);
      }
    }
    if (after !== before) writeFileSync(join(dir, rel), after);
  }
  return renamed;
}

/** A chunk's name: esbuild's, the merged widget chunk's, or ours (8 capitals or digits). */
const CHUNK = /^chunk-[0-9A-Z]{8}\.js$/;

/**
 * Names every chunk of dir (chunk-*.js at its top) by the content hash of its final bytes, each
 * importer (script, page, list) pointed at the new name. Returns the number of renames.
 */
export function rehashChunks(dir) {
  const all = files(dir).filter((f) => NAMING.test(f));
  const text = new Map(all.map((f) => [f, readFileSync(join(dir, f), "utf8")]));
  const original = all.filter((f) => CHUNK.test(f));
  let renames = 0;
  for (;;) {
    if (renames > 10_000) throw new Error("web-assets: chunk names do not settle (an import circle?)");
    const stale = [...text.keys()].find((f) => CHUNK.test(f) && f !== `chunk-${contentHash(text.get(f))}.js`);
    if (!stale) break;
    const to = `chunk-${contentHash(text.get(stale))}.js`;
    text.set(to, text.get(stale));
    text.delete(stale);
    renames += 1;
    for (const [f, t] of text) if (t.includes(stale)) text.set(f, t.replaceAll(stale, to));
  }
  for (const f of original) if (!text.has(f)) rmSync(join(dir, f));
  for (const [f, t] of text) {
    const path = join(dir, f);
    if (!existsSync(path) || readFileSync(path, "utf8") !== t) writeFileSync(path, t);
  }
  return renames;
}

/**
 * Whether a built file gets a content hash in its name (hashAssets): the scripts, styles and
 * pictures a visit loads. Not: the pages, the service worker, the manifests and JSON lists (fixed
 * names, `no-cache`), the teacher's lessons/, api/, the packages' own runtime (package/, zipped by
 * name), the endgame tables (asked for by computed names), the workers (served with their own CSP
 * header by name, www/serve.json), the WASM modules (hashWasm names them).
 */
export function hashable(rel) {
  if (!/\.(js|css|svg)$/.test(rel)) return false;
  if (/^(lessons|api|package|endgame)\//.test(rel) || rel === "sw.js" || /-worker\.js$/.test(rel)) return false;
  return true;
}

/** A file's name without a content hash it has (chunk-0A1B2C3D.js → chunk.js). */
const unhashedName = (name) => name.replace(/-[0-9A-Z]{8}(\.\w+)$/, "$1");

/** A reference to a file in built text: a quoted path (a script's import or URL, a page's src or
 *  href, a manifest's or list's entry) ending at its quote, `#` or `?`; or a style's url(). */
const QUOTED = /(["'`])((?:\.\.?\/)*[\w][\w./-]*?\.(?:js|css|svg))(?=\1|[#?])/g;
const CSS_URL = /url\(\s*((?:\.\.?\/)*[\w][\w./-]*?\.(?:svg|css))(?=[#?)\s])/g;

/** The word-file list of www/i18n/i18n.js, filled by the build (wordTable). */
const WORD_TABLE = /JSON\.parse\((["'`])\["__WORD_FILES__"\]\1\)/g;

/**
 * Writes the list of word files (i18n/LANG/PART.js) into the built i18n module (www/i18n/i18n.js
 * loadWords: `JSON.parse('["__WORD_FILES__"]')` becomes ["i18n/en/app.js", …]), so
 * that hashAssets points each at its hashed name: the words a page asks for at run time come by
 * their hashed names too. Returns the number of tables written.
 */
export function wordTable(dir) {
  const words = files(dir).filter((f) => /^i18n\/[\w-]+\/[\w-]+\.js$/.test(f));
  const table = JSON.stringify(words);
  let written = 0;
  for (const rel of files(dir).filter((f) => f.endsWith(".js"))) {
    const before = readFileSync(join(dir, rel), "utf8");
    if (!before.includes("__WORD_FILES__")) continue;
    const after = before.replace(WORD_TABLE, () => table);
    if (after !== before) writeFileSync(join(dir, rel), after), written++;
  }
  return written;
}

/**
 * Gives every hashable file of dir (see hashable) a content hash in its name, NAME-0A1B2C3D.EXT in
 * its own folder, and points every reference to it (in scripts, styles, pages, manifests, lists)
 * at the new name; a file is named after its references are, so a name always stands for the
 * files it loads too (files that name each other, a circle, share one hash of all of them).
 * What keeps its old name, for whoever asks by it (a school's `<script src=".../chess-tutor.js">`,
 * a package's pages, an address made at run time): a script's old name (a WASM package's glue's
 * too) becomes a one-line module that re-exports the hashed one (one instance of the module
 * whichever name is used; a fresh instance, `?instance=N`, is asked for by the hashed name:
 * www/lesson/, www/widget/chess-tutor.js); a style and a picture stay as they were (a copy). Chunks
 * (only ever named by the build) keep no old name. Returns { old name: new name }.
 */
export function hashAssets(dir) {
  const all = files(dir).filter((f) => !f.startsWith("lessons/"));
  const textual = all.filter((f) => /\.(js|css|svg|html|json|webmanifest)$/.test(f));
  const text = new Map(textual.map((f) => [f, readFileSync(join(dir, f), "utf8")]));
  const targets = new Set(all.filter(hashable));
  const where = (from, path) => {
    const own = posix.dirname(from);
    if (/^\.\.?\//.test(path)) return posix.normalize(posix.join(own, path));
    // a script's bare path is the app's top (new URL("images/x.svg", import.meta.url) in a chunk
    // there, document.baseURI); a page's, a style's, a manifest's is beside it
    return from.endsWith(".js") && targets.has(path) ? path : posix.normalize(posix.join(own, path));
  };
  /** Every reference of FROM's text to a target: { at, length, path, target }. */
  const refs = (from, body) => {
    const out = [];
    for (const m of body.matchAll(QUOTED)) out.push({ at: m.index + 1, path: m[2] });
    if (from.endsWith(".css")) for (const m of body.matchAll(CSS_URL)) out.push({ at: m.index + m[0].length - m[1].length, path: m[1] });
    return out.map((r) => ({ ...r, target: where(from, r.path) })).filter((r) => targets.has(r.target));
  };
  const named = new Map(); // target → its hashed path
  const rewrite = (from, body, known) =>
    refs(from, body)
      .filter((r) => known.has(r.target))
      .sort((a, b) => b.at - a.at)
      .reduce((t, r) => {
        const to = known.get(r.target);
        const path = r.path.slice(0, r.path.length - posix.basename(r.path).length) + posix.basename(to);
        return t.slice(0, r.at) + path + t.slice(r.at + r.path.length);
      }, body);
  const hashedPath = (rel, hash) => posix.join(posix.dirname(rel), unhashedName(posix.basename(rel)).replace(/(\.\w+)$/, `-${hash}$1`));

  // Tarjan's strongly connected components over the targets: each comes after all it references.
  const deps = new Map([...targets].map((t) => [t, [...new Set(refs(t, text.get(t) ?? "").map((r) => r.target))]]));
  const order = [];
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  let counter = 0;
  const connect = (v) => {
    // iterative, so that a long import chain cannot overflow the stack
    const work = [[v, 0]];
    index.set(v, counter), low.set(v, counter), counter++, stack.push(v), onStack.add(v);
    while (work.length) {
      const top = work[work.length - 1];
      const [node, k] = top;
      const next = deps.get(node)[k];
      if (next !== undefined) {
        top[1]++;
        if (!index.has(next)) {
          index.set(next, counter), low.set(next, counter), counter++, stack.push(next), onStack.add(next);
          work.push([next, 0]);
        } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
        continue;
      }
      work.pop();
      if (work.length) low.set(work[work.length - 1][0], Math.min(low.get(work[work.length - 1][0]), low.get(node)));
      if (low.get(node) === index.get(node)) {
        const component = [];
        let w;
        do (w = stack.pop()), onStack.delete(w), component.push(w);
        while (w !== node);
        order.push(component.sort());
      }
    }
  };
  for (const t of [...targets].sort()) if (!index.has(t)) connect(t);

  for (const component of order) {
    const outside = component.map((f) => [f, rewrite(f, text.get(f), named)]);
    const together = outside.length === 1 ? null : contentHash(outside.map(([f, t]) => `${f}\0${t}`).join("\0"));
    for (const [f, t] of outside) named.set(f, hashedPath(f, together ? contentHash(`${together}\0${f}`) : contentHash(t)));
    for (const [f, t] of outside) text.set(f, rewrite(f, t, named));
  }
  for (const f of textual.filter((f) => !targets.has(f))) text.set(f, rewrite(f, text.get(f), named));

  for (const f of textual) {
    const to = named.get(f) ?? f;
    if (to !== f || readFileSync(join(dir, f), "utf8") !== text.get(f)) writeFileSync(join(dir, to), text.get(f));
  }
  for (const [from, to] of named) {
    if (CHUNK.test(posix.basename(from))) rmSync(join(dir, from));
    else if (from.endsWith(".js") && onlyImports(text.get(from))) {
      // a module of imports and re-exports alone (an entry such as chess-tutor.js, whose code is
      // in chunks): its old name holds the same lines, which name the hashed modules, instead of
      // a line that imports it: a school's page asks for one file less, one round trip before
      // the widget's chunk, and every binding is still the one of its module
      writeFileSync(join(dir, from), text.get(from));
    } else if (from.endsWith(".js")) {
      const hashedName = `./${posix.basename(to)}`;
      const exportsDefault = /\bexport\s*(default\b|\{[^}]*\bdefault\b[^}]*\})/.test(text.get(from));
      writeFileSync(join(dir, from), `export*from"${hashedName}";${exportsDefault ? `export{default}from"${hashedName}";` : `import"${hashedName}";`}\n`);
    }
    // a style, a picture: the file under its old name stays as it was built
  }
  return Object.fromEntries(named);
}

// One statement of a module that only imports and re-exports: `import"./x.js"`,
// `import{a as b}from"./x.js"`, `export*from"./x.js"`, `export{b as C}`, an empty statement.
const IMPORT_ONLY = /\s*(?:;|import\s*(?:\{[^}"]*\}\s*from\s*)?"[^"]*"|import\s*\*\s*as\s*[\w$]+\s*from\s*"[^"]*"|export\s*(?:\*(?:\s*as\s*[\w$]+)?|\{[^}"]*\})\s*(?:from\s*"[^"]*")?)/y;

/** Whether a module's text is imports and re-exports alone (no code of its own). */
export function onlyImports(body) {
  if (body.length > 4096) return false;
  IMPORT_ONLY.lastIndex = 0;
  let at = 0;
  while (at < body.length && IMPORT_ONLY.test(body)) at = IMPORT_ONLY.lastIndex;
  return body.slice(at).trim() === "" && /\b(import|export)\b/.test(body);
}

// A static import of a chunk in built code, where a statement may begin: `import{a as b}from"./chunk-X.js";`
// or `import"./chunk-X.js";`.
const CHUNK_IMPORT_STATEMENT = /(?<=^|[;}\n])import\s*(?:\{([^}"]*)\}\s*from\s*)?"((?:\.\.?\/)+chunk-[\w-]+\.js)";?/g;

/**
 * CODE (a chunk the build bundled again: build-web.mjs mergeChunks) with one import statement per
 * chunk it imports, where the first stood: each merged module kept its own imports of a chunk left
 * apart (the widget's chunk had 14 of two chunks), and every name still comes from its chunk.
 * Module records evaluate their imports in the order they first appear, which stays.
 */
export function oneImportEach(code) {
  const names = new Map(); // chunk -> the names imported from it
  for (const m of code.matchAll(CHUNK_IMPORT_STATEMENT)) {
    const list = names.get(m[2]) ?? [];
    for (const n of (m[1] ?? "").split(",").map((e) => e.trim()).filter(Boolean)) if (!list.includes(n)) list.push(n);
    names.set(m[2], list);
  }
  const written = new Set();
  return code.replace(CHUNK_IMPORT_STATEMENT, (all, list, chunk) => {
    if (written.has(chunk)) return "";
    written.add(chunk);
    const n = names.get(chunk);
    return `import${n.length ? `{${n.join(",")}}from` : ""}"${chunk}";`;
  });
}

/** Files worth compressing: text and WASM, the endgame tables. Pictures (PNG) are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|json|webmanifest|svg|wasm|bin|txt|xml|csv|map)$/;

/**
 * Writes NAME.br and NAME.gz beside every compressible file of dir (not under lessons/, a link to
 * the teacher's folder, edited in place), each only when smaller than the file. Returns the count.
 */
export function compressFiles(dir) {
  let written = 0;
  for (const rel of files(dir).filter((f) => COMPRESSIBLE.test(f) && !f.startsWith("lessons/"))) {
    const bytes = readFileSync(join(dir, rel));
    if (bytes.length < 256) continue; // a few bytes: the headers cost more than they save
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: rel.endsWith(".wasm") || rel.endsWith(".bin") ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(bytes, { level: 9 });
    if (br.length < bytes.length) writeFileSync(join(dir, `${rel}.br`), br), written++;
    if (gz.length < bytes.length) writeFileSync(join(dir, `${rel}.gz`), gz), written++;
  }
  return written;
}
