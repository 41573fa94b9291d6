// @ts-check
// The goal's fields in the form (functions of the studio's state): the goal type, the fields each type has, a
// question's choices and their explanations, and the par the doctor proposes.
import { h } from "../widget/dom.js";
import { LANGS } from "../i18n/i18n.js";
import { toolOf } from "./goal-types.js";
import { isObject, isPawnEnding, newText } from "./model.js";
import { button, report } from "./ui.js";
import { fieldLabel, goalName, goalType } from "./goal-words.js";
import { choiceField, input, labelled, textPair } from "./fields.js";

/** A question's fields edited with its choices (choicesField: the list of texts). */
const CHOICE_PARTS = ["answer", "explain", "results"];

/** The explanation of choice k, in Russian and English: `goal.explain` is made (an empty text
 *  for every choice) when the first one is typed, and taken away when all are empty again. */
export function explainPair(s, parent, goal, k) {
  const pointer = `/goal/explain/${k}`;
  const before = () => {
    if (!Array.isArray(goal.explain)) goal.explain = (goal.choices ?? []).map(() => newText());
  };
  textPair(s, parent, s.t.explain(k + 1), pointer, { long: true, before, after: () => {
    if (Array.isArray(goal.explain) && goal.explain.every((e) => LANGS.every((l) => !String(e?.[l] ?? "").trim()))) delete goal.explain;
  } });
}

export function setGoal(s, type) {
  const l = s.lesson;
  const known = goalType(s, type);
  l.goal = { type, ...(known?.fresh() ?? {}) };
  // who answers, and by which rules, as the goal says (the schema's x-studio: the defender
  // resists a mate, the solver plays the king-and-pawn games); else neither of those two
  const { opponent, rules } = known?.setting ?? {};
  if (opponent) l.opponent = structuredClone(opponent);
  else if (["defender", "solver"].includes(l.opponent?.type)) delete l.opponent;
  if (rules) l.rules = rules;
  delete l.par;
  s.tool = null;
  report(s, s.t.goalSet(goalName(s, type)));
  s.act.changed();
}

/** The goal's fields, each edited by its kind (goal-types.js): a list of squares or moves filled
 *  on the board, a square, a number, a choice among the schema's values, a question's texts and
 *  choices. A field the form has no words for is left to the JSON view. */
export function goalFields(s, box, goal) {
  const t = s.t;
  const chips = (pointer, items, label) => {
    h("div", { class: "studio-text-label" }, box, label);
    const ul = h("ul", { class: "studio-chips", "data-pointer": pointer, tabindex: "-1" }, box);
    if (!items.length) h("li", { class: "studio-empty" }, ul, t.noneYet);
    items.forEach((item, k) => {
      const li = h("li", { "data-pointer": `${pointer}/${k}`, tabindex: "-1" }, ul, `${item} `);
      button(li, "×", () => {
        items.splice(k, 1);
        s.act.changed();
      }, { "aria-label": `${t.remove}: ${item}`, class: "studio-small" });
    });
  };
  for (const f of goalType(s, goal.type)?.fields ?? []) {
    const pointer = `/goal/${f.key}`;
    const label = fieldLabel(s, goal.type, f.key);
    if (CHOICE_PARTS.includes(f.key)) continue;
    else if (f.texts) choicesField(s, box, goal, f.key); // a question's choices, with its answer, explanations and results
    else if (f.text) textPair(s, box, label, pointer, { long: true });
    else if (f.kind === "array" && toolOf(f)) chips(pointer, Array.isArray(goal[f.key]) ? goal[f.key] : [], label);
    // a group the answers are, all of it ("every move that wins the queen"): the doctor proves
    // the answers are exactly the group's, and the child is told the group
    else if (f.values && isObject(t[f.key])) choiceField(s, box, label, pointer, f.values, t[f.key], t.field[`${f.key}Hint`]);
    else if (f.kind === "string" && toolOf(f)) input(s, box, label, pointer, { hint: t.clickBoard, maxlength: 2, class: "studio-square" });
    else if (f.kind === "integer") input(s, box, label, pointer, { type: "number", min: f.min || 1, max: f.max, number: true });
  }
}

/** A question's choices: each with its texts, whether it is the right one, why, and (king and
 *  pawn) the result it stands for, which the doctor proves; "+ Add a choice". */
export function choicesField(s, box, goal, key) {
  const t = s.t;
  const kp = s.lesson.rules === "auto_queen" || isPawnEnding(s.lesson);
  const choices = Array.isArray(goal[key]) ? goal[key] : (goal[key] = []);
  choices.forEach((c, k) => {
    const row = h("div", { class: "studio-choice" }, box);
    const head = h("p", { class: "studio-chosen" }, row);
    const radio = h("input", { type: "radio", name: "studio-answer", id: `studio-answer-${k}`, "data-pointer": k === 0 ? "/goal/answer" : `/goal/answer-${k}` }, head);
    radio.checked = goal.answer === k;
    radio.addEventListener("change", () => {
      goal.answer = k;
      s.act.changed();
    });
    h("label", { for: `studio-answer-${k}` }, head, t.rightChoice(k + 1));
    if (choices.length > 2)
      button(head, t.remove, () => {
        choices.splice(k, 1);
        for (const key of ["explain", "results"]) if (Array.isArray(goal[key])) goal[key].splice(k, 1);
        if (goal.answer >= choices.length) goal.answer = 0;
        s.act.changed();
      }, { class: "studio-small" });
    textPair(s, row, t.choice(k + 1), `/goal/${key}/${k}`);
    // why this choice is right or wrong: one per choice, or none at all (the checker's rule)
    explainPair(s, row, goal, k);
    // king-and-pawn questions: the result this choice stands for, which the doctor proves
    // (whenever the position is a king-and-pawn one, whatever the Rules say now)
    if (kp) {
      const sel = labelled(s, row, t.field.result, `/goal/results/${k}`, "select");
      for (const r of ["", "win", "draw", "loss"]) h("option", { value: r }, sel, r ? t.result[r] : t.resultNone);
      sel.value = Array.isArray(goal.results) ? goal.results[k] ?? "" : "";
      sel.addEventListener("change", () => {
        const results = choices.map((_, i) => (Array.isArray(goal.results) ? goal.results[i] ?? "" : ""));
        results[k] = sel.value;
        if (results.every((r) => !r)) delete goal.results;
        else goal.results = results;
        // the solver proves the results with its own rules (the checker's check-results-rules)
        if (goal.results && s.lesson.rules !== "auto_queen") {
          s.lesson.rules = "auto_queen";
          report(s, t.resultsRules);
        }
        s.act.changed();
      });
    }
  });
  button(box, `+ ${t.addChoice}`, () => {
    choices.push(newText());
    if (Array.isArray(goal.explain)) goal.explain.push(newText());
    if (Array.isArray(goal.results)) goal.results.push("");
    s.act.changed();
  });
  if (kp) h("p", { class: "studio-note", "data-studio-note": "results" }, box, s.lesson.rules === "auto_queen" ? t.resultsHelp : `${t.resultsHelp} ${t.resultsRules}`);
}

export function renderPar(s) {
  const box = s.ui.par;
  if (!box) return;
  const t = s.t;
  const l = s.lesson;
  box.replaceChildren();
  const par = l.par;
  h("p", { class: "studio-par-now" }, box, par == null ? t.parNone : t.parIs(par));
  const p = s.proposed;
  if (s.running && p == null) h("p", { class: "studio-note" }, box, t.parWait);
  else if (p == null) h("p", { class: "studio-note" }, box, t.parNoProposal);
  else if (p !== par) {
    const row = h("p", { class: "studio-par-proposal" }, box, `${t.parProposed(p)} `);
    button(row, t.parTake(p), () => {
      l.par = p;
      report(s, t.parTaken(p));
      s.act.changed();
    }, { "data-studio-par": String(p), class: "studio-main" });
  } else h("p", { class: "studio-note" }, box, t.parOk);
  if (par != null)
    button(box, t.parRemove, () => {
      delete l.par;
      s.act.changed();
    }, { class: "studio-small" });
}
