// The studio's goal types (www/studio/goal-types.js) as it reads them from the committed lesson
// schema (lessons/lesson.schema.json, made from the crate's `goals!`): every goal of
// www/widget/goal-names.js is there, each field a kind the form edits, the board's tools come from the
// fields, and what a new goal holds and who answers it come from the schema's x-studio, so that
// the studio never branches on a goal's type.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const www = (f) => import(pathToFileURL(join(ROOT, "www", f)).href);
const { GOAL_NAMES } = await www("widget/goal-names.js");
const { fieldOfTool, goalTypes, toolsOf } = await www("studio/goal-types.js");
const SCHEMA = readFileSync(join(ROOT, "lessons", "lesson.schema.json"), "utf8");

/** goalTypes() with the page's fetch answered by `body` (a status 404 when null). */
async function read(body) {
  const saved = [globalThis.fetch, globalThis.document];
  globalThis.document = { baseURI: "https://school.example/app/" };
  globalThis.fetch = async (url) => {
    assert.equal(String(url), "https://school.example/app/lessons/lesson.schema.json");
    if (body == null) throw new TypeError("offline");
    return { ok: true, json: async () => JSON.parse(body) };
  };
  try {
    return await goalTypes();
  } finally {
    [globalThis.fetch, globalThis.document] = saved;
  }
}

const goals = await read(SCHEMA);
const of = (type) => goals.find((g) => g.type === type);

test("every goal of goal-names.js is read from the schema, in the same order, each with its words' description", () => {
  assert.deepEqual(goals.map((g) => g.type), [...GOAL_NAMES]);
  for (const g of goals) assert.ok(g.description.length > 10, `${g.type}: its description`);
});

test("the board's tools come from the goal's fields, in the form's order", () => {
  const tools = Object.fromEntries(goals.map((g) => [g.type, toolsOf(g)]));
  assert.deepEqual(tools.stars, ["star"]);
  assert.deepEqual(tools.reach, ["target", "piece"]);
  assert.deepEqual(tools.targets, ["target"]);
  assert.deepEqual(tools.stronger, ["target"]);
  assert.deepEqual(tools.escape, ["target"]);
  assert.deepEqual(tools.best_move, ["answer"]);
  assert.deepEqual(tools.can_capture, ["piece", "target"]);
  for (const type of ["capture_all", "promote", "mate", "question", "win", "draw", "show", "check", "keep_pieces"]) assert.deepEqual(tools[type], [], type);
  // the field a tool fills: the square to reach, the capturing piece's square …
  assert.equal(fieldOfTool(of("reach"), "target").key, "square");
  assert.equal(fieldOfTool(of("reach"), "piece").required, false, "reach's piece may be left out (a second click takes it away)");
  assert.equal(fieldOfTool(of("can_capture"), "piece").key, "from");
  assert.equal(fieldOfTool(of("can_capture"), "target").key, "to");
  assert.equal(fieldOfTool(of("mate"), "target"), undefined);
});

test("a new goal holds its required fields, empty, and what the schema says a new one has", () => {
  const fresh = Object.fromEntries(goals.map((g) => [g.type, g.fresh()]));
  assert.deepEqual(fresh.stars, { squares: [] });
  assert.deepEqual(fresh.reach, { square: "" });
  assert.deepEqual(fresh.mate, { in: 1 });
  assert.deepEqual(fresh.best_move, { answers: [] });
  assert.deepEqual(fresh.can_capture, { from: "", to: "" });
  assert.deepEqual(fresh.question, { question: { en: "", ru: "" }, choices: [{ en: "", ru: "" }, { en: "", ru: "" }], answer: 0 });
  assert.notEqual(fresh.question.choices[0], fresh.question.choices[1], "each choice its own text");
  assert.notEqual(of("question").fresh().choices, fresh.question.choices, "each new goal its own lists");
  assert.deepEqual(fresh.win, {});
});

test("who answers a goal and by which rules come from the schema: the defender for a mate, the solver for a win or a draw", () => {
  assert.deepEqual(of("mate").setting, { opponent: { type: "defender" } });
  for (const type of ["win", "draw"]) assert.deepEqual(of(type).setting, { opponent: { type: "solver" }, rules: "auto_queen" }, type);
  for (const type of ["stars", "question", "best_move", "reach"]) assert.deepEqual(of(type).setting, {}, type);
});

test("each field is one the form edits by its kind: a text, texts, a list, values, a square or a number", () => {
  const mateIn = of("mate").fields.find((f) => f.key === "in");
  assert.deepEqual([mateIn.kind, mateIn.min, mateIn.max], ["integer", 1, 5], "mate in 1 to 5, as the checker says");
  assert.deepEqual(of("best_move").fields.find((f) => f.key === "accept").values, ["mate", "wins_queen", "wins_rook", "wins_bishop", "wins_knight", "wins_pawn"]);
  assert.deepEqual(of("escape").fields.find((f) => f.key === "by").values, ["capture", "run", "protect"]);
  const question = of("question").fields;
  assert.deepEqual(question.map((f) => f.key), ["question", "choices", "answer", "explain", "results"], "the question before its choices");
  assert.ok(question[0].text && question[1].texts, "the question a text, the choices texts");
  for (const g of goals) {
    for (const f of g.fields) assert.ok(f.text || f.texts || f.values || ["string", "integer", "array"].includes(f.kind), `${g.type}/${f.key}: a kind the form knows (${f.kind})`);
  }
});

test("without the schema (offline, not cached): every goal by its name, nothing else guessed", async () => {
  const bare = await read(null);
  assert.deepEqual(bare.map((g) => g.type), [...GOAL_NAMES]);
  for (const g of bare) assert.deepEqual([g.fields, g.setting, g.fresh()], [[], {}, {}]);
  const broken = await read('{"$defs": {"Goal": {"oneOf": [{"properties": {}}]}}}');
  assert.deepEqual(broken.map((g) => g.type), [...GOAL_NAMES], "a schema without goal names: the bare names");
});
