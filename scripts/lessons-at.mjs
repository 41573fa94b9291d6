// The lessons folder's files in the checkout, or as they were at a commit (`git show REF:…`): one
// reader for the course's figure scripts (course-stats.mjs, sentence-lengths.mjs).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/** `{ read, json }` for lessons/NAME in the checkout, or at `ref` when given: the text, or its JSON
 *  (a byte-order mark dropped); null when there is none. */
export function lessonsAt(ref) {
  const read = (name) => {
    try {
      if (ref) return execFileSync("git", ["show", `${ref}:lessons/${name}`], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
      return readFileSync(join(ROOT, "lessons", name), "utf8");
    } catch {
      return null;
    }
  };
  const json = (name) => {
    const text = read(name);
    return text == null ? null : JSON.parse(text.replace(/^\uFEFF/, ""));
  };
  return { read, json };
}
