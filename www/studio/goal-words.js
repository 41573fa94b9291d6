// @ts-check
// A goal type and its fields in the teacher's words, over the studio's state (state: its words `t`
// and the goal types `goals`, goal-types.js): the form, the board's tools and the findings name
// them alike.

/** @typedef {import("./state.js").State} State */

/** The goal type `type` as the schema describes it (goalTypes()), or undefined. @param {State} s @param {string} type */
export function goalType(s, type) {
  return s.goals?.find((g) => g.type === type);
}

/** A goal's name in the teacher's language; a type the words do not know yet (new in the schema)
 *  by its description's first sentence, never its bare id. @param {State} s @param {string} type */
export function goalName(s, type) {
  const description = goalType(s, type)?.description?.split(/(?<=[.:])\s/)[0]?.replace(/[.:]$/, "");
  return s.t.goal[type] ?? (description || type);
}

/** A goal's field by its name in the teacher's language: the goal's own word for it, else the
 *  field's, else its key. @param {State} s @param {string} type @param {string} key */
export function fieldLabel(s, type, key) {
  const field = s.t.field;
  return field[`${type}/${key}`] ?? field[key] ?? key;
}
