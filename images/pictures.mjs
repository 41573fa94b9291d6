#!/usr/bin/env node
// Builds www/images/pictures.svg: the twelve pictures of a pupil's picture password (the class
// server's names: cat, dog, fish, bird, sun, moon, star, tree, flower, apple, car, ball), drawn
// for chess-tutor from scratch: simple, round, friendly, each in its own colours and shape so that
// a child who cannot read tells them apart. Each is shown through a <view>
// ("images/pictures.svg#cat"), 100 × 100 units; no text, no script, no style (strict CSP). The
// page gives each picture its name in words (a button's label), never the picture alone.
//
//   node images/pictures.mjs          # write www/images/pictures.svg
//   node images/pictures.mjs --check  # exit 1 if it is out of date (tests/js runs this check)
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { spriteOf, star, writeOrCheck } from "./sprite.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
export const PICTURE_SPRITE = join(HERE, "..", "www", "images", "pictures.svg");
/** The names, in the server's order (API contract: the twelve picture names). */
export const PICTURES = ["cat", "dog", "fish", "bird", "sun", "moon", "star", "tree", "flower", "apple", "car", "ball"];
const PER_ROW = 6;

const INK = "#2b2b2b";
const w = 3.5;
const shape = (d, fill) => `<path d="${d}" fill="${fill}" stroke="${INK}" stroke-width="${w}" stroke-linejoin="round"/>`;
const line = (d, colour = INK, width = w) => `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
const circle = (cx, cy, r, fill, stroke = INK) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${stroke ? ` stroke="${stroke}" stroke-width="${w}"` : ""}/>`;
const eyes = (x1, x2, y, r = 3.6) => circle(x1, y, r, INK, null) + circle(x2, y, r, INK, null);
const smile = (cx, cy, half = 7) => line(`M${cx - half} ${cy}q${half} ${half * 0.9} ${half * 2} 0`);

export const DRAWINGS = {
  // an orange cat's face: pointed ears, whiskers
  cat: shape("M22 38L20 12L40 26Q50 23 60 26L80 12L78 38Q84 50 80 64Q72 86 50 86Q28 86 20 64Q16 50 22 38Z", "#f4a340") + eyes(39, 61, 52) + shape("M46 62h8l-4 5z", "#e46a8a") + line("M50 67v4M50 71q-5 4-9 1M50 71q5 4 9 1") + line("M30 62h-16M30 67l-14 4M70 62h16M70 67l14 4", INK, 2.5),
  // a brown dog's face with floppy ears
  dog: shape("M28 30Q50 16 72 30Q82 48 76 66Q68 86 50 86Q32 86 24 66Q18 48 28 30Z", "#c98b52") + shape("M28 30Q12 30 12 52Q14 66 24 62Q22 44 30 34Z", "#7a4a2a") + shape("M72 30Q88 30 88 52Q86 66 76 62Q78 44 70 34Z", "#7a4a2a") + eyes(39, 61, 48) + circle(50, 62, 6, INK, null) + line("M50 68v4M43 73q7 6 14 0") + shape("M46 74h8v7q-4 4-8 0z", "#e46a8a"),
  // a blue fish, its tail, an eye and bubbles
  fish: shape("M14 50Q34 24 62 32Q76 38 80 50Q76 62 62 68Q34 76 14 50Z", "#3b8fd9") + shape("M78 50L94 34V66Z", "#2a6cb0") + circle(32, 46, 5, "#fff") + circle(33, 46, 2.2, INK, null) + line("M50 38q6 12 0 24", INK, 3) + circle(20, 24, 4, "#cfe8ff") + circle(30, 14, 3, "#cfe8ff"),
  // a red bird with a yellow beak and a wing
  bird: shape("M20 60Q18 30 46 28Q70 28 74 50Q78 76 50 80Q26 80 20 60Z", "#e0483e") + shape("M72 40L90 46L72 52Z", "#ffc21a") + circle(60, 40, 3.6, INK, null) + shape("M30 58Q44 46 58 58Q46 70 30 58Z", "#a52a22") + line("M40 80l-4 10M54 80l4 10"),
  // a yellow sun with rays and a smile
  sun: [0, 1, 2, 3, 4, 5, 6, 7].map((k) => {
    const a = (k * Math.PI) / 4;
    const c = Math.cos(a), s = Math.sin(a);
    return line(`M${(50 + 30 * c).toFixed(1)} ${(50 + 30 * s).toFixed(1)}L${(50 + 44 * c).toFixed(1)} ${(50 + 44 * s).toFixed(1)}`, "#e8793a", 5);
  }).join("") + circle(50, 50, 24, "#ffd23a") + eyes(42, 58, 46, 3) + smile(50, 56, 7),
  // a crescent moon, pale blue, with a sleepy eye
  moon: shape("M62 12Q30 16 26 50Q30 84 62 88Q38 76 38 50Q38 24 62 12Z", "#9fb7ff") + line("M30 46q4 3 8 0", INK, 3) + circle(78, 26, 3, "#ffd23a", null) + circle(84, 62, 2.5, "#ffd23a", null),
  // a gold star with a smile
  star: shape(star(50, 54, 42, 0.48), "#ffc21a") + eyes(43, 57, 52, 3) + smile(50, 62, 6),
  // a green tree on a brown trunk
  tree: shape("M43 62h14v28h-14z", "#8a5a2b") + shape("M50 8Q74 10 78 34Q90 44 80 60Q70 72 50 68Q30 72 20 60Q10 44 22 34Q26 10 50 8Z", "#3aa655") + circle(38, 36, 4, "#e0483e", null) + circle(62, 48, 4, "#e0483e", null),
  // a pink flower with a yellow middle, on a stem with a leaf
  flower: line("M50 56V92", "#2f8a46", 5) + shape("M50 80Q62 66 74 72Q64 84 50 80Z", "#3aa655") + [0, 1, 2, 3, 4].map((k) => {
    const a = -Math.PI / 2 + (k * 2 * Math.PI) / 5;
    return circle((50 + 18 * Math.cos(a)).toFixed(1), (36 + 18 * Math.sin(a)).toFixed(1), 12, "#f27bb0");
  }).join("") + circle(50, 36, 10, "#ffd23a"),
  // a red apple with a leaf
  apple: shape("M50 30Q64 20 76 30Q90 46 80 70Q70 92 50 84Q30 92 20 70Q10 46 24 30Q36 20 50 30Z", "#d9342b") + line("M50 30Q50 20 56 12", "#6b3d1a", 4) + shape("M56 18Q68 8 78 14Q68 26 56 18Z", "#3aa655") + line("M32 44q-4 8-2 16", "#fff", 4),
  // a small blue car with two wheels and a window
  car: shape("M10 64V52Q12 46 20 46L30 30Q34 26 40 26H62Q68 26 72 30L82 46Q90 46 90 54V64Z", "#2f6fd6") + shape("M36 32H50V46H28Z", "#cfe8ff") + shape("M56 32H66L74 46H56Z", "#cfe8ff") + circle(28, 66, 10, "#444") + circle(72, 66, 10, "#444") + circle(28, 66, 3.5, "#ddd", null) + circle(72, 66, 3.5, "#ddd", null),
  // a beach ball in four colours
  ball: circle(50, 50, 38, "#fff") + shape("M50 12Q30 50 50 88Q20 80 12 50Q20 20 50 12Z", "#e0483e") + shape("M50 12Q70 50 50 88Q80 80 88 50Q80 20 50 12Z", "#2f6fd6") + shape("M50 12Q42 50 50 88Q58 50 50 12Z", "#ffd23a") + circle(50, 50, 38, "none"),
};

export function buildPictureSprite() {
  return spriteOf(PICTURES.map((name) => [name, DRAWINGS[name]]), PER_ROW);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeOrCheck(PICTURE_SPRITE, buildPictureSprite(), "pictures.mjs");
