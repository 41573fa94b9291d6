#!/usr/bin/env node
// Builds www/images/pieces-t1.svg, the sprite of the chess-t1 pieces, from images/{w,b}T1*.svg
// (the source), with the <view> approach of sprite.mjs: the widget asks for
// "images/pieces-t1.svg#wT1Prince". A file of its own, loaded only when a piece set uses these
// pieces, so the plain FIDE widget (pieces.svg) does not grow.
//
//   node images/sprite-t1.mjs          # write www/images/pieces-t1.svg
//   node images/sprite-t1.mjs --check  # exit 1 if it is out of date
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
export const SPRITE_T1 = join(HERE, "..", "www", "images", "pieces-t1.svg");
const NAMES = ["Prince", "Ritter", "WerKnecht", "Knecht"];
/** The view ids (= the file names without .svg): White's row, then Black's. */
export const PIECES_T1 = ["w", "b"].flatMap((side) => NAMES.map((name) => `${side}T1${name}`));
const STEP = 110; // 100 for a piece and a 10-unit gap, so no stroke shows in a neighbour's view

/** The inner markup of images/<id>.svg, which must be a bare 100×100 <svg>. */
function inner(id) {
  const file = `images/${id}.svg`;
  const text = readFileSync(join(HERE, `${id}.svg`), "utf8").trim();
  const head = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">';
  if (!text.startsWith(head) || !text.endsWith("</svg>")) throw new Error(`${file}: expected ${head}…</svg>`);
  return text.slice(head.length, -"</svg>".length);
}

export function buildSpriteT1() {
  const cells = PIECES_T1.map((id, k) => {
    const [x, y] = [(k % NAMES.length) * STEP, Math.floor(k / NAMES.length) * STEP];
    return `<view id="${id}" viewBox="${x} ${y} 100 100"/><g transform="translate(${x} ${y})">${inner(id)}</g>`;
  });
  const [width, height] = [NAMES.length * STEP - 10, 2 * STEP - 10];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">\n${cells.join("\n")}\n</svg>\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sprite = buildSpriteT1();
  const check = process.argv.includes("--check");
  let current = null;
  try {
    current = readFileSync(SPRITE_T1, "utf8");
  } catch {
    // missing: out of date
  }
  if (check && current !== sprite) {
    console.error("www/images/pieces-t1.svg is out of date: run node images/sprite-t1.mjs");
    process.exit(1);
  } else if (!check) {
    writeFileSync(SPRITE_T1, sprite);
    console.log(`wrote ${SPRITE_T1} (${sprite.length} bytes)`);
  }
}
