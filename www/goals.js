// @ts-check
// A lesson's task told by a picture: one view of images/goals.svg (drawn by images/goals.mjs) for
// each goal type, shown on the course page's lesson cards and by the lesson player (the task line,
// the question, the intro card). Decorative: the words beside it say the task (alt="").
const BASE = new URL("./", import.meta.url);

/** The goal types that have a picture (every goal type of lessons/lesson.schema.json). */
export const GOAL_PICTURES = new Set(["stars", "capture_all", "reach", "promote", "mate", "best_move", "targets", "question", "win", "draw", "can_capture", "stronger", "show", "check", "escape", "keep_pieces"]);

/** The URL of a view of the sprite: a goal type's picture, or "hand" (the hand that shows a move). */
export const goalPicture = (name) => new URL(`images/goals.svg#${name}`, BASE).href;
