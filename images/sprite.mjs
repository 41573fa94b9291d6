#!/usr/bin/env node
// Builds www/images/pieces.svg, the one file the widget loads for all twelve pieces, from the
// designer's images/*.svg (the source). Each piece is shown through a <view>, so the widget asks
// for "images/pieces.svg#wN": one request, and gzip shares the geometry of white and black.
//
//   node images/sprite.mjs          # write www/images/pieces.svg
//   node images/sprite.mjs --check  # exit 1 if it is out of date (tests/js runs this check)
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
export const SPRITE = join(HERE, "..", "www", "images", "pieces.svg");
export const PIECES = ["wP", "wN", "wB", "wR", "wQ", "wK", "bP", "bN", "bB", "bR", "bQ", "bK"];
const PITCH = 110; // a 10-unit gap between pieces, so no stroke shows in a neighbour's view

export function buildSprite() {
  const parts = PIECES.map((name, k) => {
    const svg = readFileSync(join(HERE, `${name}.svg`), "utf8").trim();
    const match = /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 100 100">([\s\S]*)<\/svg>$/.exec(svg);
    if (!match) throw new Error(`images/${name}.svg: expected <svg xmlns=… viewBox="0 0 100 100">…</svg>`);
    const x = (k % 6) * PITCH;
    const y = Math.floor(k / 6) * PITCH;
    return `<view id="${name}" viewBox="${x} ${y} 100 100"/><g transform="translate(${x} ${y})">${match[1]}</g>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${6 * PITCH - 10} ${2 * PITCH - 10}">\n${parts.join("\n")}\n</svg>\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sprite = buildSprite();
  if (process.argv.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(SPRITE, "utf8");
    } catch {}
    if (current !== sprite) {
      console.error("www/images/pieces.svg is out of date: run node images/sprite.mjs");
      process.exit(1);
    }
  } else {
    writeFileSync(SPRITE, sprite);
    console.log(`wrote ${SPRITE} (${sprite.length} bytes)`);
  }
}
