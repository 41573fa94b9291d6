// @ts-check
// The messages between embed.html and the page around it, as pure functions (embed.js, the embed
// builder and the tests share them). README.md, "For schools".
export const TYPE = "chess-tutor";
/** The widget's public events, passed on to the embedding page. */
export const EVENTS = ["ready", "lesson-ready", "lesson-done", "move", "game-over", "lesson-error", "xapi-memory-only"];
export const MODES = ["computer", "two-players"];
export const XAPI = ["xapi-endpoint", "xapi-auth", "xapi-actor", "xapi-activity"];
const ID = /^[a-z0-9][a-z0-9-]*$/;

/** "https://school.example" as written (an origin, nothing more), else null: then nothing is sent. */
export function parseOrigin(value) {
  if (!value) return null;
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value.replace(/\/$/, "") ? url.origin : null;
  } catch {
    return null;
  }
}

/** A lesson: an id (a file of the course, or lessons/<id>.json here) or a URL of a lesson file. */
export function lessonUrl(value, course, base) {
  if (!value) return null;
  if (ID.test(value)) {
    const found = course?.lessons.find((l) => l.id === value);
    if (found) return new URL(found.file, course.base).href;
    return new URL(`lessons/${value}.json`, base).href;
  }
  try {
    return new URL(value, base).href;
  } catch {
    return null;
  }
}


/**
 * The Content-Security-Policy a school's page needs for the script tag, the tutor at ORIGIN
 * (another site): 'self' keeps the school's own scripts, styles and images; 'wasm-unsafe-eval'
 * lets the widget compile its WebAssembly. The embed builder shows it; README.md ("CSP for
 * schools") has it for https://tutor.example, and tests/browser/script-tag.test.mjs serves it.
 */
export function scriptTagCsp(origin) {
  return `default-src 'self'; script-src 'self' ${origin} 'wasm-unsafe-eval'; style-src 'self' ${origin}; img-src 'self' ${origin}; connect-src 'self' ${origin}`;
}
