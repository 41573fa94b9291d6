// A practice session's pure parts (www/practice/session.js) in Node: the exercise as the lesson
// player reads it, the exercise ids a session accepts, a new session when none is kept.
import assert from "node:assert/strict";
import { test } from "node:test";
import { SIZE, parseId, playerText, sessionFor } from "../../www/practice/session.js";

test("the player gets the lesson's own fields, its id in a lesson id's letters", () => {
  const exercise = { id: "practice/rook-stars/12", skill: "rook-stars", rating: 1040, review: true, title: { en: "Stars", ru: "Звёзды" }, goal: { type: "stars" } };
  assert.deepEqual(JSON.parse(playerText(exercise)), { id: "practice-rook-stars-12", title: { en: "Stars", ru: "Звёзды" }, goal: { type: "stars" } });
});

test("an exercise id is practice/<skill>/<seed>, nothing else", () => {
  assert.deepEqual(parseId("practice/rook-stars/12"), { skill: "rook-stars", seed: 12 });
  for (const bad of ["practice/Rook/1", "practice/rook/-1", "practice/rook/1.5", "practice/rook/", "lessons/rook/1", "practice/rook/1/2", "practice/../1", "practice/rook/12345678901", null, 7])
    assert.equal(parseId(bad), null, String(bad));
});

test("with nothing kept on the device a session is new: ten exercises, none done", () => {
  const s = sessionFor({ kind: "daily" }, 1000);
  assert.equal(s.size, SIZE);
  assert.equal(s.done, 0);
  assert.equal(s.started, 1000);
  assert.equal(s.current, null);
  assert.deepEqual([sessionFor({ kind: "skill", skill: "fork", size: 3 }).skill, sessionFor({ kind: "skill", skill: "fork", size: 3 }).size], ["fork", 3]);
});
