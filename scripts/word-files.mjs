// @ts-check
// Each word file of the built site (dist/i18n/<lang>/<part>.js) made whole: the chunks that only
// word files share (esbuild's code splitting puts the board's words, which the core messages
// reuse, in a chunk of their own, and that chunk's own shared words in another) are folded into
// each word file that imports them. A word file asked for is then one request, not a chain of
// two or three one after another (issue 36: on a slow network the first lesson's core messages
// waited for three chunks in a row, about 150 ms each). A chunk that other code imports too
// (i18n.js's own, with the table of word files) stays shared: a module must stay one instance.
// A chunk no file imports any more is removed. Called by scripts/build-web.mjs before the files
// are named by their bytes.
import * as esbuild from "esbuild";
import { lstatSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { REBUNDLE } from "./web-assets.mjs";

/** A static import of a file beside or above (`from"./x.js"`, `import"../../x.js"`) in built code. */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"(\.{1,2}\/[\w./-]+\.js)"/g;
/** A word file (www/i18n/<lang>/<part>.js, as built). */
export const WORD_FILE = /^i18n\/[a-z]{2}(-[a-z]+)?\/[\w-]+\.js$/;
/** One of esbuild's shared chunks (or a merged one of build-web.mjs). */
const CHUNK = /(^|\/)chunk-[\w-]+\.js$/;

/** Every .js file under DIR (relative, "/"), not following links. */
function scripts(dir, sub = "", out = []) {
  for (const name of readdirSync(join(dir, sub))) {
    const rel = sub ? `${sub}/${name}` : name;
    const stat = lstatSync(join(dir, rel));
    if (stat.isDirectory()) scripts(dir, rel, out);
    else if (stat.isFile() && name.endsWith(".js")) out.push(rel);
  }
  return out;
}

/** The files REL of DIR imports statically (relative to DIR). */
function importsOf(dir, rel, text) {
  return [...text.matchAll(STATIC_IMPORT)].map((m) => relative(dir, resolve(dir, dirname(rel), m[1])).split("\\").join("/")).filter((r) => !r.startsWith(".."));
}

/**
 * Folds into each word file of DIR the chunks only word files import (see above). Returns the
 * word files rewritten.
 * @param {string} dir
 */
export async function flattenWordFiles(dir) {
  const files = scripts(dir);
  const text = new Map(files.map((f) => [f, readFileSync(join(dir, f), "utf8")]));
  const deps = new Map(files.map((f) => [f, importsOf(dir, f, text.get(f) ?? "")]));
  const words = files.filter((f) => WORD_FILE.test(f));
  // the chunks the rest of the site reaches: they stay shared
  const shared = new Set();
  const reach = (f) => {
    for (const d of deps.get(f) ?? []) if (CHUNK.test(d) && !shared.has(d)) (shared.add(d), reach(d));
  };
  for (const f of files) if (!WORD_FILE.test(f) && !CHUNK.test(f)) reach(f);
  const foldable = (rel) => CHUNK.test(rel) && text.has(rel) && !shared.has(rel);
  const changed = [];
  for (const word of words) {
    if (!(deps.get(word) ?? []).some(foldable)) continue;
    const at = join(dir, dirname(word));
    const result = await esbuild.build({
      entryPoints: [join(dir, word)],
      ...REBUNDLE,
      plugins: [
        {
          name: "fold-word-chunks",
          setup(build) {
            // the foldable chunks come in; anything else stays an import, named from the word
            // file's own folder (a chunk imports its neighbours as "./chunk-….js")
            build.onResolve({ filter: /.*/ }, (args) => {
              if (args.kind === "entry-point") return { path: resolve(args.path) };
              const path = resolve(args.resolveDir, args.path);
              const rel = relative(dir, path).split("\\").join("/");
              if (foldable(rel)) return { path };
              let from = relative(at, path).split("\\").join("/");
              if (!from.startsWith(".")) from = `./${from}`;
              return { path: from, external: true };
            });
          },
        },
      ],
    });
    writeFileSync(join(dir, word), result.outputFiles[0].text);
    changed.push(word);
  }
  if (!changed.length) return changed;
  // the chunks nothing imports any more (a chunk left only by another such chunk too)
  for (let removed = true; removed; ) {
    removed = false;
    const now = scripts(dir);
    const used = new Set(now.flatMap((f) => importsOf(dir, f, readFileSync(join(dir, f), "utf8"))));
    for (const f of now) if (CHUNK.test(f) && !shared.has(f) && !used.has(f)) (rmSync(join(dir, f)), (removed = true));
  }
  return changed;
}
