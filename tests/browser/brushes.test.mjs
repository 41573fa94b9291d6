// One lesson, the same colours for the teacher and the child (issue 34: a test of what is drawn,
// not of the scripts' text): the studio's board and its "Try it" player draw a lesson's coloured
// shapes (one of each colour), its stars and its hint's move with the same brushes of the brush
// table (brushes.css), so each comes out in the same colour; and those colours keep 3:1 against
// both square colours of the board they are drawn on. tests/js/theme.test.mjs holds the table
// itself (its colours from board.css's theme, no other sheet colouring a brush).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { useServerAndBrowser } from "./helpers.mjs";
import { checked, json, openStudio, tryTutor, waitStudio } from "./studio-helpers.mjs";

const env = useServerAndBrowser();

const LESSON = {
  $schema: "lesson.schema.json",
  id: "brushes-in-both",
  title: { ru: "Слон и звёзды", en: "The bishop and the stars" },
  intro: { ru: "Собери звёзды слоном.", en: "Collect the stars with the bishop." },
  position: "8/8/8/3p4/3Pp3/4P3/8/2B5 w - - 0 1",
  goal: { type: "stars", squares: ["f8", "h6"] },
  hints: { piece: "c1", move: "Ba3" },
  shapes: [
    { type: "arrow", from: "c1", to: "e3", color: "red" },
    { type: "arrow", from: "c1", to: "a3", color: "green" },
    { type: "circle", square: "h1", color: "blue" },
    { type: "highlight", square: "d4", color: "yellow" },
  ],
  par: 3,
};

/**
 * The shapes drawn inside the element `selector` (through its shadow roots): each with its type
 * (s-arrow…), its brush (the other classes), the square it marks and the colours its ink is drawn
 * in, and the board's square colours (the light and the dark squares' computed fill).
 */
const drawn = (page, selector) =>
  page.evaluate((selector) => {
    const host = document.querySelector(selector);
    const deep = (node, css) => [...node.querySelectorAll(css), ...[...node.querySelectorAll("*")].filter((e) => e.shadowRoot).flatMap((e) => deep(e.shadowRoot, css))];
    const root = host.shadowRoot ?? host;
    const shapes = deep(root, "g.shape").map((g) => {
      const ink = g.querySelector("path, circle, rect, polygon, polyline, line, text") ?? g;
      const style = getComputedStyle(ink);
      const classes = [...g.classList].filter((c) => c !== "shape");
      return {
        type: classes.find((c) => c.startsWith("s-")),
        brush: classes.filter((c) => !c.startsWith("s-")).sort().join(" "),
        stroke: style.stroke,
        fill: style.fill,
      };
    });
    const square = (sq) => {
      const hl = deep(root, `[data-square="${sq}"] .bg, [data-square="${sq}"] rect`)[0];
      return hl ? getComputedStyle(hl).fill : null;
    };
    return { shapes, light: square("h1"), dark: square("a1") };
  }, selector);

/** rgb(…) → its relative luminance (WCAG). */
const luminance = (rgb) => {
  const [r, g, b] = rgb.match(/[\d.]+/g).slice(0, 3).map((v) => Number(v) / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a, b) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};
const painted = (c) => c && c !== "none" && !/rgba\([^)]*,\s*0\)$/.test(c);

describe("one lesson's brushes in the studio and in its player", () => {
  test("the coloured shapes, the stars and the hint's move: one brush and one colour in both", async () => {
    const { page, close } = await openStudio(env, "#/studio");
    await waitStudio(page);
    await json(page).fill(JSON.stringify(LESSON, null, 2));
    await checked(page);
    const board = ".studio-mark-board";
    await page.waitForSelector(`${board} g.shape.l-goal-star`, { state: "attached" });
    const studio = await drawn(page, board);

    await page.locator('[data-studio="try"]').click();
    await page.waitForSelector(`${tryTutor}[data-lesson="intro"]`, { timeout: 15_000 });
    await page.locator(`${tryTutor} .l-start`).click();
    await page.waitForSelector(`${tryTutor}[data-lesson="playing"]`);
    // the hint: the piece, then (asked again) its move's arrow
    const hint = page.locator(`${tryTutor} .l-hint`);
    for (let k = 0; k < 3 && !(await page.locator(`${tryTutor} g.shape.l-hint-arrow`).count()); k++) {
      await hint.click();
      await page.waitForSelector(`${tryTutor} g.shape.l-hint-ring, ${tryTutor} g.shape.l-hint-arrow`, { state: "attached" });
    }
    await page.waitForSelector(`${tryTutor} g.shape.l-hint-arrow`, { state: "attached" });
    const player = await drawn(page, tryTutor);

    const of = (list, brush, type) => list.shapes.filter((s) => s.brush === brush && (!type || s.type === type));
    for (const color of ["red", "green", "blue", "yellow"]) {
      const brush = `c-${color} l-shape`;
      const [a, b] = [of(studio, brush), of(player, brush)];
      assert.ok(a.length && b.length, `the ${color} shape is drawn in both (studio: ${a.length}, player: ${b.length})`);
      assert.deepEqual(b.map((s) => [s.type, s.stroke, s.fill]).sort(), a.map((s) => [s.type, s.stroke, s.fill]).sort(), `the ${color} shapes look the same`);
    }
    // the four colours differ from each other
    const inks = ["red", "green", "blue", "yellow"].map((c) => of(player, `c-${c} l-shape`, "s-arrow")[0] ?? of(player, `c-${c} l-shape`)[0]);
    assert.equal(new Set(inks.map((s) => (painted(s.fill) ? s.fill : s.stroke))).size, 4, JSON.stringify(inks));
    for (const [brush, type] of [["l-goal-star", "s-star"], ["l-hint-arrow", "s-arrow"]]) {
      const [a, b] = [of(studio, brush, type), of(player, brush, type)];
      assert.ok(a.length && b.length, `${brush} is drawn in both (studio: ${a.length}, player: ${b.length})`);
      assert.deepEqual([b[0].stroke, b[0].fill], [a[0].stroke, a[0].fill], `${brush}: one colour`);
    }
    // each mark a lesson draws (an arrow, a ring, a star: not a square's tint) keeps 3:1 against
    // both square colours, by its ink or its edge
    assert.ok(painted(player.light) && painted(player.dark), `the squares: ${player.light}, ${player.dark}`);
    const marks = player.shapes.filter((s) => /l-shape|l-goal-star|l-hint-arrow/.test(s.brush) && ["s-arrow", "s-circle", "s-star"].includes(s.type));
    assert.ok(marks.length >= 6, `marks checked: ${marks.length}`);
    for (const s of marks) {
      const colours = [s.stroke, s.fill].filter(painted);
      const fine = colours.some((c) => contrast(c, player.light) >= 3 && contrast(c, player.dark) >= 3);
      assert.ok(fine, `${s.brush} ${s.type}: ${colours.join(", ")} against ${player.light} and ${player.dark}`);
    }
    await close();
  });
});
