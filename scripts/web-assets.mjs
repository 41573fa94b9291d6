// What the build does to dist/ so that a browser gets it fast (issue 36), called by
// scripts/build-web.mjs after esbuild:
// - hashWasm: every WASM package's module (dist/pkg*/NAME.wasm, whatever packages there are) gets
//   a content hash in its name (NAME-0A1B2C3D.wasm, the 8 capitals or digits the chunks carry too),
//   and every built script, page and list that names it (the package's glue, `new URL(
//   "pkg-lessons/chess_tutor_bg.wasm", …)` in the app) is pointed at the new name. A file named by
//   its content never changes under that name: servers send it `immutable` (server/src/web.rs).
// - rehashChunks: every chunk (dist/chunk-*.js) named again by a hash of its final bytes, after
//   the build rewrote names inside it (the merged widget chunk's, the modules' hashed names): a
//   chunk kept a year must never change under its name, and one that names a module names the
//   module's version. Renaming a chunk rewrites its importers, so this runs until nothing changes.
// - compressFiles: NAME.br (brotli, quality 11) and NAME.gz (gzip, level 9) beside every
//   compressible file (scripts, styles, pages, JSON, SVG, WASM, the endgame tables), kept only
//   when smaller; servers send the one a browser accepts (ServeDir's precompressed files in the
//   class server, gzip_static / brotli_static in nginx, README).
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
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
