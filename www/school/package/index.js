// @ts-check
// The package formats, in one list: adding a format is one line here (its module follows the
// contract in core.js). makePackage builds a format's files and zips them with fflate, the same
// in Node (scripts/package.mjs) and in the browser (the studio's package buttons).
import { zipSync } from "fflate";
import { PackageError, bytes } from "./core.js";
import cmi5 from "./cmi5.js";
import h5p from "./h5p.js";
import scorm from "./scorm.js";

export const FORMATS = [scorm, h5p, cmi5];

/** The format of that id; PackageError naming the known ones when there is none. */
export function format(id) {
  const found = FORMATS.find((f) => f.id === id);
  if (!found) throw new PackageError(`${id ? `not a kind of package: ${id}` : "which package?"} (${FORMATS.map((f) => f.id).join(", ")})`);
  return found;
}

/** A zip's entries as fflate takes them: text as UTF-8 bytes, [bytes, options] kept. */
export function zipEntries(files) {
  const out = {};
  for (const [path, data] of Object.entries(files)) out[path] = typeof data === "string" ? bytes(data) : data;
  return out;
}

/** { name, files, zip }: the package of format ID made from INPUT (core.js's contract), zipped
 *  with a fixed date, so that the same input gives the same bytes. */
export function makePackage(id, input) {
  const { name, files } = format(id).build(input);
  return { name, files, zip: zipSync(zipEntries(files), { level: 9, mtime: new Date("2024-01-01T00:00:00Z") }) };
}
