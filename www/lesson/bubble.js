// @ts-check
// The feedback box over the board keeps off what matters (issue 39): once its words are in, it
// is measured and moved to the band of the board's height that covers the least — never a square
// its words name, the hint's, the arrows' or the move's (they must stay in sight), then as few of
// the stars still to collect and of the pieces as it can: over empty rows where there are some.
// Where no band of the board is clear of the squares that must stay in sight, it goes below the
// board (data-edge="below", lesson.css). Reads the board's cells by their data-square only to
// measure them.

const MARGIN = 0.25; // a square counts as covered by more than a quarter of its width and height
const MUST = 1000; // the weight of a square that must stay in sight

/** Whether rectangle `b` covers more than a sliver of rectangle `c`. */
export function covers(b, c) {
  const w = Math.min(b.right, c.right) - Math.max(b.left, c.left);
  const h = Math.min(b.bottom, c.bottom) - Math.max(b.top, c.top);
  return w > c.width * MARGIN && h > c.height * MARGIN;
}

/** Whether rectangles `b` and `c` overlap by more than 2 pixels each way (a border's width). */
function overlaps(b, c) {
  return Math.min(b.right, c.right) - Math.max(b.left, c.left) > 2 && Math.min(b.bottom, c.bottom) - Math.max(b.top, c.top) > 2;
}

/**
 * Places `box` (absolutely positioned over the board `svg`) where it covers the least weight:
 * `weighed` is [[square, weight]], `must` the weight of a square that must stay in sight. The box
 * keeps its edge where that is best already. Returns "top", "bottom", "band" or "below".
 */
export function placeBox(box, svg, weighed, must = 4) {
  box.style.removeProperty("top");
  box.style.removeProperty("bottom");
  const parent = box.offsetParent;
  if (!svg || !parent || box.hidden) return box.dataset.edge;
  const cells = [];
  for (const [sq, w] of weighed) {
    const cell = sq && svg.querySelector(`[data-square="${sq}"]`);
    if (cell) cells.push([cell.getBoundingClientRect(), w >= must ? MUST : w]);
  }
  const all = svg.querySelectorAll("[data-square]");
  if (!all.length) return box.dataset.edge;
  const board = { top: Infinity, bottom: -Infinity };
  for (const c of all) {
    const r = c.getBoundingClientRect();
    board.top = Math.min(board.top, r.top);
    board.bottom = Math.max(board.bottom, r.bottom);
  }
  const b = box.getBoundingClientRect();
  const p = parent.getBoundingClientRect();
  // a square that must stay in sight may not lose even a strip of itself; the others count by more than a sliver
  const hits = (a, r, w) => (w >= MUST ? overlaps(a, r) : covers(a, r));
  const cost = (top) => cells.reduce((sum, [r, w]) => sum + (hits({ left: b.left, right: b.right, top, bottom: top + b.height }, r, w) ? w : 0), 0);
  // where it stands now (its edge) first: it moves only for less
  let best = { top: b.top, cost: cost(b.top) };
  if (best.cost === 0) return box.dataset.edge;
  const gap = 4;
  for (let top = board.top + gap; top + b.height <= board.bottom - gap; top += 4) {
    const c = cost(top);
    if (c < best.cost) best = { top, cost: c };
  }
  if (best.cost >= MUST) {
    box.dataset.edge = "below";
    return "below";
  }
  if (best.top !== b.top) {
    box.dataset.edge = "band";
    box.style.top = `${Math.round(best.top - p.top - parent.clientTop)}px`;
    box.style.bottom = "auto";
  }
  return box.dataset.edge;
}

/** Calls placeBox once the box's words are in (they come a frame after it is shown). */
export function placeBoxSoon(box, svg, weighed, must) {
  const go = () => (box.querySelector(".say") ? placeBox(box, svg, weighed, must) : null);
  requestAnimationFrame(() => requestAnimationFrame(go));
}
