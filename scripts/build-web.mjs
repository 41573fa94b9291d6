#!/usr/bin/env node
// Builds dist/, the folder that `npm start` serves and the browser tests load: www/ as shipped.
//
//   node scripts/build-web.mjs [--force] [--sourcemap] [--in=DIR] [--out=DIR]
//
// (--in, --out: another source and output folder than www/ and dist/, e.g. a copy of www/ with a
// third language, as tests/browser/language.test.mjs builds.)
// - JS: every .js under www/ (outside pkg*/) is an entry point, so the pages' module scripts, the
//   engine worker and every module loaded with import() (lesson.js, play.js, setup.js, the word
//   files) keep their names and places. esbuild bundles and minifies them with code splitting:
//   code two entries share goes to a chunk beside them (dist/chunk-HASH.js), and a lazily
//   imported module stays a file of its own. Chunks sit in dist/ itself, so that
//   `new URL("images/pieces.svg", import.meta.url)` means the same in a chunk as in its source.
//   Template-literal imports such as import(`./i18n/${lang}/${part}.js`) become a table of lazy
//   imports of the matching files.
// - The wasm-bindgen packages (www/pkg*/) stay separate modules at their own paths (one instance
//   of each, whoever imports it): their glue is minified, the .wasm (already through wasm-opt
//   -Oz) copied.
// - CSS: every .css minified in place (the widgets fetch their sheets by name).
// - Everything else (HTML, serve.json, images/, endgame/, …) is copied; the lessons symbolic
//   link stays a link (a copy where links cannot be made), so an edited lesson shows on reload.
//
// Skips the build when dist/ is newer than every file in www/, this script and package-lock.json.
import { cpSync, lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync } from "node:fs";
import { statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const WWW = join(ROOT, "www");
export const DIST = join(ROOT, "dist");
const PKG_DIR = /^pkg(-[\w-]+)?$/;

/** Every path under www (relative, with "/"), with its lstat; links are not followed. */
function walk(www, dir = www, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    out.push({ path, rel: relative(www, path).split("\\").join("/"), stat });
    if (stat.isDirectory()) walk(www, path, out);
  }
  return out;
}

/** Whether dist is older than anything it is built from. */
export function stale(www = WWW, dist = DIST) {
  let built;
  try {
    built = statSync(join(dist, ".built")).mtimeMs;
  } catch {
    return true;
  }
  const inputs = [fileURLToPath(import.meta.url), join(ROOT, "package-lock.json"), www];
  return inputs.some((p) => statSync(p).mtimeMs > built) || walk(www).some((f) => f.stat.mtimeMs > built);
}

// The packages are imported as "./pkg/chess_tutor.js" from the top of www/, where every entry
// and chunk sits, so the path as written stays right.
const packagesApart = {
  name: "wasm-packages-apart",
  setup(build) {
    build.onResolve({ filter: /^\.\/pkg(-[\w-]+)?\// }, (args) => ({ path: args.path, external: true }));
  },
};

/** Builds www into DIR. */
async function buildInto(dir, www, sourcemap) {
  const files = walk(www);
  const inPkg = (f) => PKG_DIR.test(f.rel.split("/")[0]) && f.rel.includes("/");
  const of = (test) => files.filter((f) => f.stat.isFile() && test(f)).map((f) => f.path);
  const common = { outdir: dir, outbase: www, minify: true, charset: "utf8", legalComments: "none", sourcemap };
  await esbuild.build({
    ...common,
    entryPoints: of((f) => f.rel.endsWith(".js") && !inPkg(f)),
    entryNames: "[dir]/[name]",
    bundle: true,
    splitting: true,
    format: "esm",
    plugins: [packagesApart],
  });
  await esbuild.build({ ...common, entryPoints: of((f) => inPkg(f) && f.rel.endsWith(".js")), format: "esm" });
  await esbuild.build({ ...common, entryPoints: of((f) => f.rel.endsWith(".css")) });
  if (!files.some((f) => f.rel === "pkg/chess_tutor_bg.wasm")) {
    console.warn("build-web: www/pkg is not built yet (npm run build builds it); dist/ has no rules");
  }
  for (const f of files) {
    const to = join(dir, f.rel);
    if (f.stat.isSymbolicLink()) {
      const target = resolve(dirname(f.path), readlinkSync(f.path));
      try {
        symlinkSync(relative(dirname(to), target), to);
      } catch {
        cpSync(target, to, { recursive: true });
      }
    } else if (f.stat.isFile() && !/\.(js|css)$/.test(f.rel) && (!inPkg(f) || f.rel.endsWith(".wasm"))) {
      mkdirSync(dirname(to), { recursive: true });
      cpSync(f.path, to);
    }
  }
}

/**
 * Brings dist/ up to date (or rebuilds it with force). It is built beside dist/ and then put in
 * its place, so that test runs starting together never see half a folder. Returns whether it built.
 */
export async function buildWeb({ force = false, sourcemap = false, www = WWW, dist = DIST } = {}) {
  if (!force && !stale(www, dist)) return false;
  const started = Date.now();
  const next = `${dist}.new-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  await buildInto(next, www, sourcemap);
  writeFileSync(join(next, ".built"), "");
  utimesSync(join(next, ".built"), started / 1000, started / 1000);
  const old = `${dist}.old-${process.pid}`;
  try {
    renameSync(dist, old);
  } catch {
    // no dist/ yet, or another build moved it
  }
  try {
    renameSync(next, dist);
  } catch {
    // another build put its (equal) dist/ in place first
  }
  rmSync(next, { recursive: true, force: true });
  rmSync(old, { recursive: true, force: true });
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const folder = (name, fallback) => resolve(args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
  const unknown = args.filter((a) => !["--force", "--sourcemap"].includes(a) && !/^--(in|out)=./.test(a));
  if (unknown.length) {
    console.error(`Usage: node scripts/build-web.mjs [--force] [--sourcemap] [--in=DIR] [--out=DIR] (not ${unknown.join(" ")})`);
    process.exit(2);
  }
  const [www, dist] = [folder("in", WWW), folder("out", DIST)];
  const [from, to] = [www, dist].map((d) => relative(process.cwd(), d) || ".");
  const started = Date.now();
  const built = await buildWeb({ force: args.includes("--force"), sourcemap: args.includes("--sourcemap"), www, dist });
  console.log(
    built
      ? `✓ built ${to}/ from ${from}/ (esbuild: bundled, split, minified) in ${Date.now() - started} ms`
      : `✓ ${to}/ is up to date (newer than every file in ${from}/); skipping the web build`,
  );
}
