// @ts-check
// The name of every goal, in the order of `goals!` in crate/src/lesson/goal/mod.rs. Made by
// `cargo run --release -q --bin chess-tutor -- lesson goals > www/widget/goal-names.js`: never edit it
// by hand (crate/tests/lessons.rs fails when it is stale).
export const GOAL_NAMES = Object.freeze(["stars", "capture_all", "reach", "promote", "mate", "best_move", "targets", "question", "win", "draw", "can_capture", "stronger", "show", "check", "escape", "keep_pieces"]);
