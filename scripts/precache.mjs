// The service worker's precache list (www/sw.js, built into DIR/sw.js): every file of the built
// folder that the app may fetch, and a version hashed from their names and contents. Called by
// scripts/build-web.mjs at the end of each build; the placeholder "__PRECACHE__" in the built
// sw.js becomes { version, files }.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Files never precached: the worker itself, the server's settings, dot files, source maps,
 *  notes for people (.md), the lesson schemas. */
const SKIP = /(^|\/)\.|^api\/|^sw\.js$|^serve\.json$|\.map$|\.md$|\.schema\.json$/;

/** Every file under dir (links followed, e.g. dist/lessons), relative with "/", sorted. */
export function precacheFiles(dir, sub = "") {
  const out = [];
  for (const name of readdirSync(join(dir, sub)).sort()) {
    const rel = sub ? `${sub}/${name}` : name;
    const stat = statSync(join(dir, rel));
    if (stat.isDirectory()) out.push(...precacheFiles(dir, rel));
    else if (stat.isFile() && !SKIP.test(rel)) out.push(rel);
  }
  return out;
}

/** { version, files } for dir: the version is the first 16 hex digits of a SHA-256 of the
 *  worker's code and every file's name and bytes. */
export function precacheList(dir, worker = "") {
  const files = precacheFiles(dir);
  const hash = createHash("sha256").update(worker).update("\0"); // the worker's own code too
  for (const f of files) hash.update(`${f}\0`).update(readFileSync(join(dir, f))).update("\0");
  return { version: hash.digest("hex").slice(0, 16), files };
}

// the list as the built sw.js holds it (JSON.stringify of { version, files })
const BUILT_LIST = /\{"version":"[0-9a-f]+","files":\[[^\]]*\]\}/;

/**
 * A package's sw.js (scripts/package.mjs, package-cmi5.mjs): the built worker SW (text) with its
 * list made again for the package's FILES ({ path: bytes }, the paths as in the zip), which may hold
 * another course than dist/ (a teacher's): the worker then precaches what is there, and its
 * version is a hash of those files (as precacheList's).
 */
export function packagePrecache(sw, files) {
  if (!BUILT_LIST.test(sw)) throw new Error("precache: no list in the built sw.js");
  const worker = sw.replace(BUILT_LIST, '"__PRECACHE__"');
  const names = Object.keys(files).filter((f) => !SKIP.test(f)).sort();
  const hash = createHash("sha256").update(worker).update("\0");
  for (const f of names) hash.update(`${f}\0`).update(files[f]).update("\0");
  return worker.replaceAll('"__PRECACHE__"', JSON.stringify({ version: hash.digest("hex").slice(0, 16), files: names }));
}

/** Writes the list into DIR/sw.js (when there is one); returns the list. */
export function writePrecache(dir) {
  const sw = join(dir, "sw.js");
  let text;
  try {
    text = readFileSync(sw, "utf8");
  } catch {
    return null;
  }
  const list = precacheList(dir, text);
  if (!text.includes('"__PRECACHE__"')) throw new Error("precache: no \"__PRECACHE__\" in the built sw.js");
  writeFileSync(sw, text.replaceAll('"__PRECACHE__"', JSON.stringify(list)));
  return list;
}
