// @ts-check
// The studio's form (functions of the studio's state): its sections (position, goal, who answers,
// hints, feedback, shapes, what is learned), built of fields.js's fields bound to JSON pointers.
import { h } from "../widget/dom.js";
import { button } from "./ui.js";
import { choiceField, input, labelled, section, textPair } from "./fields.js";
import { goalFields, renderPar, setGoal } from "./goal-form.js";
import { goalName } from "./goal-words.js";
import { fieldFindings } from "./findings-list.js";

const OPPONENTS = ["none", "defender", "scripted", "solver", "engine"];
/** A feedback's results (lessons/lesson.schema.json, EndResult), as the form offers them. */
const RESULTS = ["win", "draw", "loss"];

// ------------------------------------------------------------ the form

export function renderForm(s) {
  const form = s.ui.form;
  if (!form) return;
  const t = s.t;
  const l = s.lesson;
  // the field that has the focus keeps it (a form rebuilt under the teacher's typing)
  const active = /** @type {HTMLElement | null} */ (document.activeElement)?.dataset?.pointer;
  form.replaceChildren();
  if (s.broken != null) h("p", { class: "studio-broken-note", role: "note" }, form, t.brokenJson);

  const main = section(s, form, t.section.lesson);
  input(s, main, t.field.id, "/id", { hint: t.field.idHint, pattern: "[a-z0-9][a-z0-9\\-]*" });
  textPair(s, main, t.field.title, "/title");
  textPair(s, main, t.field.intro, "/intro", { long: true });
  // the pieces: chess, or a built-in piece set (crate/src/movement/set.rs: PieceSet::builtin)
  const setSel = labelled(s, main, t.field.pieces, "/pieces", "select");
  const sets = ["", "chess-t1", "fide"];
  const inline = l.pieces != null && typeof l.pieces !== "string";
  for (const id of sets) h("option", { value: id }, setSel, id ? t.pieceSet(id) : t.chessPieces);
  if (inline) h("option", { value: "inline" }, setSel, t.inlineSet);
  else if (l.pieces != null && !sets.includes(l.pieces)) h("option", { value: l.pieces }, setSel, String(l.pieces));
  setSel.value = inline ? "inline" : l.pieces ?? "";
  setSel.addEventListener("change", () => {
    if (setSel.value === "inline") return;
    if (setSel.value) l.pieces = setSel.value;
    else delete l.pieces;
    s.act.changed();
  });
  // the boards of the studio are chess boards: with a set, the position is written as text
  if (l.pieces != null) h("p", { class: "studio-note studio-warn-note", role: "note" }, main, t.piecesNote);

  // the goal
  const goalBox = section(s, form, t.section.goal);
  const type = l.goal?.type;
  const select = labelled(s, goalBox, t.field.goalType, "/goal/type", "select");
  const goals = s.goals ?? [];
  // every goal by a name in the teacher's language; a type the words do not know yet (new in the
  // schema) by its description's first sentence, never its bare id
  for (const g of goals) h("option", { value: g.type }, select, goalName(s, g.type));
  const known = goals.find((g) => g.type === type);
  if (!known) h("option", { value: type ?? "" }, select, String(type ?? "—"));
  select.value = type ?? "";
  select.addEventListener("change", () => setGoal(s, select.value));
  h("p", { class: "studio-note" }, goalBox, t.goalHelp[type] ?? known?.description ?? "");
  goalFields(s, goalBox, l.goal ?? {});

  // who answers, rules, side
  const play = section(s, form, t.section.play);
  const opp = labelled(s, play, t.field.opponent, "/opponent", "select");
  for (const o of OPPONENTS) h("option", { value: o }, opp, t.opponent[o]);
  opp.value = l.opponent?.type ?? "none";
  opp.addEventListener("change", () => {
    const v = opp.value;
    if (v === "none") delete l.opponent;
    else l.opponent = v === "engine" ? { type: v, level: 3 } : v === "scripted" ? { type: v, replies: [] } : { type: v };
    if (v === "solver") l.rules = "auto_queen";
    s.act.changed();
  });
  if (l.opponent?.type === "engine") input(s, play, t.field.level, "/opponent/level", { type: "number", min: 1, max: 8, number: true });
  if (l.opponent?.type === "scripted") {
    input(s, play, t.field.replies, "/opponent/replies", { list: true, hint: t.field.repliesHint });
  }
  const rulesSel = labelled(s, play, t.field.rules, "/rules", "select");
  for (const r of ["standard", "auto_queen"]) h("option", { value: r }, rulesSel, t.rules[r]);
  rulesSel.value = l.rules ?? "standard";
  rulesSel.addEventListener("change", () => {
    if (rulesSel.value === "standard") delete l.rules;
    else l.rules = rulesSel.value;
    s.act.changed();
  });
  h("p", { class: "studio-note" }, play, t.student(l.student ?? "white"));

  // hints
  const hints = section(s, form, t.section.hints);
  if (l.hints?.move) {
    const row = h("p", { class: "studio-chosen" }, hints);
    h("span", { "data-pointer": "/hints/move", tabindex: "-1" }, row, t.hintIs(l.hints.piece ?? "?", l.hints.move));
    button(row, t.remove, () => {
      delete l.hints;
      s.act.changed();
    }, { class: "studio-small" });
    textPair(s, hints, t.field.pieceText, "/hints/piece_text", { optional: true, long: true });
    textPair(s, hints, t.field.moveText, "/hints/move_text", { optional: true, long: true });
  } else h("p", { class: "studio-note", "data-pointer": "/hints", tabindex: "-1" }, hints, t.noHint);

  // feedback
  const fb = section(s, form, t.section.feedback);
  const list = Array.isArray(l.feedback) ? l.feedback : [];
  if (!list.length) h("p", { class: "studio-note", "data-pointer": "/feedback", tabindex: "-1" }, fb, t.noFeedback);
  list.forEach((f, k) => {
    const row = h("div", { class: "studio-feedback" }, fb);
    const head = h("p", { class: "studio-chosen" }, row);
    h("strong", { "data-pointer": `/feedback/${k}/move`, tabindex: "-1" }, head, t.onMove(f?.move ?? "?"));
    button(head, t.remove, () => {
      list.splice(k, 1);
      if (!list.length) delete l.feedback;
      s.act.changed();
    }, { class: "studio-small" });
    textPair(s, row, t.field.feedbackText, `/feedback/${k}/text`, { long: true });
    // what the words teach this move leads to, from the child's side: the doctor proves it
    choiceField(s, row, t.field.moveResult, `/feedback/${k}/result`, RESULTS, t.moveResult, t.field.moveResultHint);
  });

  // shapes
  const sh = section(s, form, t.section.shapes);
  const shapes = Array.isArray(l.shapes) ? l.shapes : [];
  if (!shapes.length) h("p", { class: "studio-note", "data-pointer": "/shapes", tabindex: "-1" }, sh, t.noShapes);
  const ul = h("ul", { class: "studio-chips" }, sh);
  shapes.forEach((s, k) => {
    const li = h("li", { "data-pointer": `/shapes/${k}`, tabindex: "-1" }, ul, `${t.shapeName(s)} `);
    button(li, "×", () => {
      shapes.splice(k, 1);
      if (!shapes.length) delete l.shapes;
      s.act.changed();
    }, { "aria-label": `${t.remove}: ${t.shapeName(s)}`, class: "studio-small" });
  });

  // par
  const parBox = section(s, form, t.section.par);
  // typed by the teacher (the doctor still says when it is below the true minimum), or proposed
  input(s, parBox, t.field.par, "/par", { type: "number", min: 1, max: 99, step: 1, number: true, hint: t.field.parHint, "data-studio": "par" });
  s.ui.par = h("div", { class: "studio-par", tabindex: "-1" }, parBox);
  renderPar(s);

  // learned (optional)
  const learned = section(s, form, t.section.learned);
  textPair(s, learned, t.field.learned, "/learned", { optional: true, long: true });

  fieldFindings(s);
  if (active) form.querySelector(`[data-pointer="${CSS.escape(active)}"]`)?.focus({ preventScroll: true });
}
