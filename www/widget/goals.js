// @ts-check
// A lesson's task told by a picture: one view of images/goals.svg (drawn by images/goals.mjs) for
// each goal type, shown on the course page's lesson cards and by the lesson player (the task line,
// the question, the intro card). Decorative: the words beside it say the task (alt="").
import { GOAL_NAMES } from "./goal-names.js";

const BASE = new URL("./", import.meta.url);

/** The goal types that have a picture: every goal (www/goal-names.js, made from the crate's
 *  `goals!`; images/goals.mjs refuses to draw the sprite without a picture for each). */
export const GOAL_PICTURES = new Set(GOAL_NAMES);

/** The URL of a view of the sprite: a goal type's picture, or "hand" (the hand that shows a move). */
export const goalPicture = (name) => new URL(`images/goals.svg#${name}`, BASE).href;

// Each view of the sprite as a file of its own (images/goals/<name>.svg, by a hashed name), which the
// build (scripts/goal-pictures.mjs) writes with this table in place of the marker: a course card
// shows one small picture, where a view of the sprite made the browser lay out and paint all of
// it for each card (about 14 ms a card at 4x CPU, 43 cards on a laptop's first screen: issue 36).
const FILES = JSON.parse('{"__GOAL_FILES__":0}');

/** The URL of a goal type's picture for a lesson card: its own file when the build wrote one, else
 *  the sprite's view (goalPicture). */
export const goalCardPicture = (name) => (Object.hasOwn(FILES, name) && typeof FILES[name] === "string" ? new URL(FILES[name], BASE).href : goalPicture(name));
