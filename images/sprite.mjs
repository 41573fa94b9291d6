#!/usr/bin/env node
// Builds www/images/pieces.svg, the one file the widget loads for all twelve pieces, from the
// designer's images/*.svg (the source). Each piece is shown through a <view>, so the widget asks
// for "images/pieces.svg#wN": one request, and gzip shares the geometry of white and black.
//
//   node images/sprite.mjs          # write www/images/pieces.svg
//   node images/sprite.mjs --check  # exit 1 if it is out of date (tests/js runs this check)
import { readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
export const SPRITE = join(HERE, "..", "www", "images", "pieces.svg");
export const PIECES = ["wP", "wN", "wB", "wR", "wQ", "wK", "bP", "bN", "bB", "bR", "bQ", "bK"];
const PITCH = 110; // a 10-unit gap between pieces, so no stroke shows in a neighbour's view

/** A five-pointed star's path, centre (cx, cy), outer radius r. */
export function star(cx, cy, r, inner = 0.47) {
  const pts = [];
  for (let k = 0; k < 10; k++) {
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    const d = k % 2 ? r * inner : r;
    pts.push(`${(cx + d * Math.cos(a)).toFixed(1)} ${(cy + d * Math.sin(a)).toFixed(1)}`);
  }
  return `M${pts.join("L")}Z`;
}

/** A sprite of 100×100 drawings (name → the drawing's inner SVG), `perRow` in a row, each shown
 *  through a <view id=name>: the layout pieces.svg and goals.svg (images/goals.mjs) share. */
export function spriteOf(entries, perRow) {
  const parts = entries.map(([name, body], k) => {
    const x = (k % perRow) * PITCH;
    const y = Math.floor(k / perRow) * PITCH;
    return `<view id="${name}" viewBox="${x} ${y} 100 100"/><g transform="translate(${x} ${y})">${body}</g>`;
  });
  const rows = Math.ceil(parts.length / perRow);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${perRow * PITCH - 10} ${rows * PITCH - 10}">\n${parts.join("\n")}\n</svg>\n`;
}

/** The command line of a sprite's script: write `file`, or with --check exit 1 if it is out of date. */
export function writeOrCheck(file, sprite, script) {
  if (process.argv.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(file, "utf8");
    } catch {}
    if (current !== sprite) {
      console.error(`www/images/${basename(file)} is out of date: run node images/${script}`);
      process.exit(1);
    }
  } else {
    writeFileSync(file, sprite);
    console.log(`wrote ${file} (${sprite.length} bytes)`);
  }
}

export function buildSprite() {
  const parts = PIECES.map((name) => {
    const svg = readFileSync(join(HERE, `${name}.svg`), "utf8").trim();
    const match = /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 100 100">([\s\S]*)<\/svg>$/.exec(svg);
    if (!match) throw new Error(`images/${name}.svg: expected <svg xmlns=… viewBox="0 0 100 100">…</svg>`);
    return [name, match[1]];
  });
  return spriteOf(parts, 6);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeOrCheck(SPRITE, buildSprite(), "sprite.mjs");
