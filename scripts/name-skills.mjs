// Writes the "skill" of every lesson that lessons/skills.json lists but that names none (the first
// skill that lists it), so that its done card offers that practice and `chess-tutor lesson check`
// has no "skills.json lists this lesson under …" warning left. The line goes before the lesson's
// "id", in the file's own indentation; nothing else in the file changes.
//
//   node scripts/name-skills.mjs          write the missing ones, print what was written
//   node scripts/name-skills.mjs --check  print them only; exit 1 when some are missing
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const LESSONS = join(dirname(fileURLToPath(import.meta.url)), "..", "lessons");
const check = process.argv.includes("--check");
const skills = JSON.parse(readFileSync(join(LESSONS, "skills.json"), "utf8")).skills;
const first = new Map();
for (const s of skills) for (const id of s.lessons ?? []) if (!first.has(id)) first.set(id, s.id);

let missing = 0;
for (const [id, skill] of first) {
  const file = join(LESSONS, `${id}.json`);
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    continue; // the practice tests name a skill's missing lesson
  }
  if (JSON.parse(text).skill !== undefined) continue;
  const line = new RegExp(`^([ \\t]*)"id": "${id}",\\r?\\n`, "m").exec(text);
  if (!line) {
    console.error(`lessons/${id}.json: no "id" line of its own; write "skill": "${skill}" by hand`);
    missing += 1;
    continue;
  }
  missing += 1;
  console.log(`lessons/${id}.json: "skill": "${skill}"`);
  if (!check) writeFileSync(file, `${text.slice(0, line.index)}${line[1]}"skill": "${skill}",\n${text.slice(line.index)}`);
}
if (check && missing) process.exit(1);
