// The course cards' goal pictures (scripts/goal-pictures.mjs, www/widget/goals.js goalCardPicture):
// each view of images/goals.svg as a file of its own, the same drawing in the view's frame, and the
// built goals module's table filled; without the build, the sprite's view.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { splitSprite, writeGoalPictures } from "../../scripts/goal-pictures.mjs";
import { GOAL_NAMES } from "../../www/widget/goal-names.js";
import { goalCardPicture, goalPicture } from "../../www/widget/goals.js";

const SPRITE = readFileSync(new URL("../../www/images/goals.svg", import.meta.url), "utf8");
const dirs = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

test("every view of the sprite becomes a picture of its own, framed as the view was", () => {
  const pictures = splitSprite(SPRITE);
  const views = [...SPRITE.matchAll(/<view id="([a-z0-9_]+)" viewBox="([^"]+)"\/>/g)];
  assert.deepEqual(Object.keys(pictures), views.map((v) => v[1]));
  for (const name of GOAL_NAMES) assert.ok(pictures[name], `${name}: a picture`);
  for (const [, name, box] of views) {
    const svg = pictures[name];
    assert.match(svg, new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" viewBox="${box}">`), name);
    assert.doesNotMatch(svg, /<view/, `${name}: no views left`);
    assert.equal(svg.match(/<svg/g).length, 1);
    assert.ok(svg.trimEnd().endsWith("</svg>"));
    // its drawing is the sprite's, byte for byte
    const body = svg.slice(svg.indexOf(">") + 1, svg.lastIndexOf("</svg>"));
    assert.ok(SPRITE.includes(body), `${name}: the sprite's drawing`);
    assert.ok(body.length < SPRITE.length / 5, `${name}: a small part of the sprite`);
  }
  assert.deepEqual(splitSprite("not an svg"), {});
});

test("the build writes the files and fills the table of the goals module", () => {
  const dir = mkdtempSync(join(tmpdir(), "ct-goals-"));
  dirs.push(dir);
  mkdirSync(join(dir, "images"));
  writeFileSync(join(dir, "images", "goals.svg"), SPRITE);
  writeFileSync(join(dir, "chunk-0A1B2C3D.js"), `var F=JSON.parse('{"__GOAL_FILES__":0}');export{F};\n`);
  writeFileSync(join(dir, "other.js"), "export const x = 1;\n");
  const names = writeGoalPictures(dir);
  assert.ok(names.includes("stars") && names.includes("hand"));
  assert.equal(readFileSync(join(dir, "images", "goals", "stars.svg"), "utf8"), splitSprite(SPRITE).stars);
  const code = readFileSync(join(dir, "chunk-0A1B2C3D.js"), "utf8");
  const table = JSON.parse(/var F=(\{[^}]*\});/.exec(code)[1]);
  assert.equal(table.stars, "images/goals/stars.svg");
  assert.deepEqual(Object.keys(table), names);
  assert.equal(readFileSync(join(dir, "other.js"), "utf8"), "export const x = 1;\n");
  assert.deepEqual(writeGoalPictures(mkdtempSync(join(tmpdir(), "ct-goals-none-"))), [], "no sprite: nothing");
});

test("without the build's table a card shows the sprite's view", () => {
  for (const name of GOAL_NAMES) assert.equal(goalCardPicture(name), goalPicture(name));
});
