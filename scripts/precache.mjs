// The service worker's precache list (www/sw.js, built into DIR/sw.js): every file of the built
// folder that the app may fetch, and a version hashed from their names and contents. Called by
// scripts/build-web.mjs at the end of each build; the placeholder "__PRECACHE__" in the built
// sw.js becomes { version, files }. It also writes DIR/app-files.json, the files of a package
// (appFiles below): what scripts/package.mjs zips and the studio's package buttons fetch.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PRECACHE_SKIP } from "../www/school/package/core.js";

/** Files never precached (www/school/package/core.js, which a package's precache list follows too). */
const SKIP = PRECACHE_SKIP;

/** The list of a package's files the build writes beside the app (the studio fetches it). */
export const APP_FILES = "app-files.json";

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

/** The files of a package of the app in dir: the precache list (links followed), the service
 *  worker and this list itself (app-files.json, which the worker precaches), with api/v1/health
 *  (a static host's "no class server here", www/app/app.js) when there is one; no zips or .h5p (an
 *  earlier package). */
export function appFiles(dir) {
  const health = existsSync(join(dir, "api", "v1", "health")) ? ["api/v1/health"] : [];
  const list = new Set([...precacheFiles(dir), ...(existsSync(join(dir, "sw.js")) ? ["sw.js", APP_FILES] : []), ...health]);
  return [...list].filter((f) => !/\.(zip|h5p)$/.test(f)).sort();
}

/** Writes DIR/app-files.json: { version (package.json's), files (appFiles) }. Written before the
 *  precache list, which then holds it: the studio makes packages offline too. */
export function writeAppFiles(dir) {
  const files = appFiles(dir);
  const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  writeFileSync(join(dir, APP_FILES), `${JSON.stringify({ version, files })}\n`);
  return files;
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
