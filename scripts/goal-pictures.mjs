// Each goal picture of the sprite (images/goals.svg, drawn by images/goals.mjs: a <view> and the
// group it frames, for each goal type and the hand) as a file of its own, images/goals/<name>.svg,
// and their table written into the built goals module (www/widget/goals.js goalCardPicture:
// `JSON.parse('{"__GOAL_FILES__":0}')` becomes {"stars":"images/goals/stars.svg",…}). The course
// page's cards show these: a view of the sprite made the browser lay out and paint the whole
// sprite for each card (issue 36). Run by scripts/build-web.mjs before hashAssets, which gives the
// files hashed names and points the table at them.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const SPRITE = "images/goals.svg";
const VIEW = /<view id="([a-z0-9_]+)" viewBox="([-\d. ]+)"\/>/g;
const TABLE = /JSON\.parse\((["'`])\{"__GOAL_FILES__":0\}\1\)/g;

/** The sprite's views as standalone SVG texts: { name: svg }. A view's picture is what lies
 *  between it and the next view (or the end). */
export function splitSprite(svg) {
  const open = /^<svg\b[^>]*>/.exec(svg.trimStart());
  if (!open) return {};
  const ns = /xmlns="([^"]+)"/.exec(open[0])?.[1] ?? "http://www.w3.org/2000/svg";
  const views = [...svg.matchAll(VIEW)];
  const out = {};
  views.forEach((v, k) => {
    const end = k + 1 < views.length ? views[k + 1].index : svg.lastIndexOf("</svg>");
    const body = svg.slice(v.index + v[0].length, end).trim();
    if (body) out[v[1]] = `<svg xmlns="${ns}" viewBox="${v[2]}">${body}</svg>\n`;
  });
  return out;
}

/** Every .js file under dir (not the lessons folder, a link). */
function scripts(dir, sub = "") {
  const out = [];
  for (const name of readdirSync(join(dir, sub))) {
    const rel = sub ? `${sub}/${name}` : name;
    if (rel === "lessons") continue;
    const stat = statSync(join(dir, rel));
    if (stat.isDirectory()) out.push(...scripts(dir, rel));
    else if (name.endsWith(".js")) out.push(rel);
  }
  return out;
}

/** Writes DIR/images/goals/<name>.svg for each view of DIR's sprite and fills the table of the
 *  scripts that hold its marker. Returns the names written. */
export function writeGoalPictures(dir) {
  if (!existsSync(join(dir, SPRITE))) return [];
  const pictures = splitSprite(readFileSync(join(dir, SPRITE), "utf8"));
  const names = Object.keys(pictures);
  if (!names.length) return [];
  mkdirSync(join(dir, "images", "goals"), { recursive: true });
  for (const [name, svg] of Object.entries(pictures)) writeFileSync(join(dir, "images", "goals", `${name}.svg`), svg);
  const table = JSON.stringify(Object.fromEntries(names.map((n) => [n, `images/goals/${n}.svg`])));
  for (const rel of scripts(dir)) {
    const before = readFileSync(join(dir, rel), "utf8");
    if (!before.includes("__GOAL_FILES__")) continue;
    const after = before.replace(TABLE, () => table);
    if (after !== before) writeFileSync(join(dir, rel), after);
  }
  return names;
}
