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
