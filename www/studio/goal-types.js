// @ts-check
// The goal types, as lessons/lesson.schema.json describes them (generated from the Rust types, so
// a new goal type is listed, and edited, as soon as the schema has it), else their bare names
// (www/goal-names.js, made from the crate). The studio never branches on a goal's type: what a
// goal needs of the form (its fields, what a new one holds, the opponent and rules it is played
// with: the schema's "x-studio", written beside the goal in crate/src/lesson/goal/mod.rs) comes
// from here, and each field is edited by its kind.
import { GOAL_NAMES } from "../widget/goal-names.js";
import { newText } from "./model.js";

export const GOALS = GOAL_NAMES; // when the schema cannot be read (www/goal-names.js, made from the crate)

/**
 * A goal's field: its key, its JSON kind ("string", "integer", "array" …), whether it is a text in
 * every language (or a list of them), the values it may take (an enum), its bounds, whether it is
 * required.
 * @typedef {{ key: string, kind?: string, text: boolean, texts: boolean, values?: string[], min?: number, max?: number, required: boolean }} GoalField
 * @typedef {{ type: string, description: string, fields: GoalField[], setting: { opponent?: object, rules?: string }, fresh: () => Record<string, unknown> }} GoalType
 */

/** The order of a goal's fields in the form and of its tools on the board (the schema lists a
 *  goal's fields by name): the question before its choices, a square before a piece. */
const FIELD_ORDER = ["question", "choices", "answer", "explain", "results", "squares", "square", "piece", "from", "to", "answers", "accept", "in", "moves", "by", "steps"];
/** The board's tool that fills a field: the stars, the right answers, a piece's square; any other
 *  square is the goal's target. */
const TOOL_OF = { squares: "star", answers: "answer", piece: "piece", from: "piece" };

/** The board's tool that fills field f ("star", "answer", "piece", "target"), or null. */
export const toolOf = (/** @type {GoalField} */ f) => TOOL_OF[f.key] ?? (f.kind === "string" ? "target" : null);

/** The tools a goal type's fields are filled with on the board, in the form's order. */
export const toolsOf = (/** @type {GoalType | undefined} */ goal) => [...new Set((goal?.fields ?? []).map(toolOf).filter((t) => t != null))];

/** The field of goal type that tool fills (the first, in the form's order), or undefined. */
export const fieldOfTool = (/** @type {GoalType | undefined} */ goal, /** @type {string} */ tool) => goal?.fields.find((f) => toolOf(f) === tool);

/** A goal type as the schema describes it (one of Goal's variants). */
function goalType(/** @type {any} */ v, /** @type {Record<string, any>} */ defs) {
  const props = v.properties ?? {};
  const type = props.type?.const ?? props.type?.enum?.[0];
  const studio = v["x-studio"] ?? {};
  const isText = (/** @type {any} */ p) => String(p?.$ref ?? p?.allOf?.[0]?.$ref ?? "").endsWith("/Text");
  // an enum of strings (directly, or through $defs, or one const per way)
  const values = (/** @type {any} */ p) => {
    const ref = p.$ref ?? p.anyOf?.find((/** @type {any} */ a) => a.$ref)?.$ref ?? "";
    const def = ref ? defs[ref.split("/").pop()] ?? {} : p;
    const list = def.enum ?? def.oneOf?.map((/** @type {any} */ o) => o.const);
    return Array.isArray(list) && list.every((x) => typeof x === "string") ? list : undefined;
  };
  /** @type {GoalField[]} */
  const fields = Object.entries(props)
    .filter(([k]) => k !== "type")
    .map(([key, p]) => ({ key, kind: Array.isArray(p.type) ? p.type[0] : p.type, text: isText(p), texts: isText(p.items), values: values(p), min: p.minimum, max: p.maximum, required: (v.required ?? []).includes(key) }))
    .sort((a, b) => (FIELD_ORDER.indexOf(a.key) + 1 || 99) - (FIELD_ORDER.indexOf(b.key) + 1 || 99));
  const empty = (/** @type {GoalField} */ f) => (f.text ? newText() : { string: "", array: [], integer: 1, number: 1, boolean: false, object: {} }[f.kind ?? ""]);
  // what a new goal holds: its required fields, empty, and what the schema says a new one has
  // (`{}` for a text: a text in every language)
  const fresh = () => {
    const out = Object.fromEntries(fields.filter((f) => f.required).map((f) => [f.key, empty(f)]).filter(([, x]) => x !== undefined));
    for (const [key, value] of Object.entries(studio.new ?? {})) {
      const f = fields.find((g) => g.key === key);
      out[key] = f?.texts && Array.isArray(value) ? value.map(() => newText()) : f?.text ? newText() : structuredClone(value);
    }
    return out;
  };
  return { type, description: v.description ?? "", fields, setting: studio.setting ?? {}, fresh };
}

/**
 * The goal types of lessons/lesson.schema.json: [GoalType]. The bare names when the schema cannot
 * be read (no fields: a goal is then edited in the JSON view).
 * @returns {Promise<GoalType[]>}
 */
export async function goalTypes() {
  try {
    const response = await fetch(new URL("lessons/lesson.schema.json", document.baseURI));
    const schema = await response.json();
    const defs = schema.$defs ?? schema.definitions ?? {};
    const list = (defs.Goal?.oneOf ?? defs.Goal?.anyOf ?? []).map((/** @type {any} */ v) => goalType(v, defs));
    if (list.length && list.every((/** @type {GoalType} */ g) => typeof g.type === "string")) return list;
  } catch {
    /* the bare names */
  }
  return GOALS.map((type) => ({ type, description: "", fields: [], setting: {}, fresh: () => ({}) }));
}
