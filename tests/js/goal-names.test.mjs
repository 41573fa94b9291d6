// One list of goals (issue 34): the pages read the goal names from www/widget/goal-names.js, which the
// crate makes from `goals!` (`chess-tutor lesson goals`; crate/tests/lessons.rs holds it current).
// Here: the list is the schema's, each page that needs it reads it, and a goal added in Rust
// without its picture stops the sprite's build with the goal's name, as does a picture of no goal.
import assert from "node:assert/strict";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WWW = join(ROOT, "www");
const { GOAL_NAMES } = await import(pathToFileURL(join(WWW, "widget", "goal-names.js")).href);

const schemaGoals = () => {
  const schema = JSON.parse(readFileSync(join(ROOT, "lessons", "lesson.schema.json"), "utf8"));
  const defs = schema.$defs ?? schema.definitions;
  return (defs.Goal.oneOf ?? defs.Goal.anyOf).map((v) => v.properties.type.const ?? v.properties.type.enum[0]);
};

test("www/widget/goal-names.js is the schema's list of goals, in its order, and cannot be changed", () => {
  assert.deepEqual([...GOAL_NAMES], schemaGoals());
  assert.ok(GOAL_NAMES.includes("keep_pieces") && GOAL_NAMES.includes("escape"), "the goals outside pkg-lessons too");
  assert.ok(Object.isFrozen(GOAL_NAMES));
  assert.throws(() => GOAL_NAMES.push("fly"), TypeError);
});

test("the pictures of the course page and the player are every goal's", async () => {
  const { GOAL_PICTURES, goalPicture } = await import(pathToFileURL(join(WWW, "widget", "goals.js")).href);
  assert.deepEqual([...GOAL_PICTURES], [...GOAL_NAMES]);
  for (const name of GOAL_NAMES) assert.match(goalPicture(name), new RegExp(`images/goals\\.svg#${name}$`));
});

// A copy of images/ beside a www/widget/goal-names.js of our own: the real files are never touched.
const scratch = mkdtempSync(join(tmpdir(), "ct-goal-names-"));
after(() => rmSync(scratch, { recursive: true, force: true }));
async function spriteWith(names, tag) {
  const dir = join(scratch, tag);
  mkdirSync(join(dir, "www", "widget"), { recursive: true });
  cpSync(join(ROOT, "images"), join(dir, "images"), { recursive: true });
  writeFileSync(join(dir, "www", "widget", "goal-names.js"), `export const GOAL_NAMES = Object.freeze(${JSON.stringify(names)});\n`);
  const { buildGoalSprite } = await import(pathToFileURL(join(dir, "images", "goals.mjs")).href);
  return buildGoalSprite;
}

test("a goal added in Rust without its picture stops the sprite's build, naming the goal", async () => {
  const build = await spriteWith([...GOAL_NAMES, "guard_square"], "new-goal");
  assert.throws(build, /no picture in ICONS for the goal guard_square/);
});

test("a picture of a goal that is gone stops the sprite's build, naming it", async () => {
  const build = await spriteWith(GOAL_NAMES.filter((n) => n !== "escape"), "gone-goal");
  assert.throws(build, /ICONS has a picture for escape, which is no goal/);
});

test("with the crate's list, the sprite builds and has a view for every goal and the hand", async () => {
  const build = await spriteWith([...GOAL_NAMES], "same");
  const sprite = build();
  for (const name of [...GOAL_NAMES, "hand"]) assert.match(sprite, new RegExp(`<view id="${name}" `), name);
});
