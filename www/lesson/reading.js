// @ts-check
// Reading aloud in the lesson player (www/lesson/): what is on screen, a teacher's recording or
// the speech voice (www/widget/speech.js), the speaker buttons.
import * as speech from "../widget/speech.js";
import { pieceName, textFor, wordsOf } from "./state.js";
import { askNow } from "./goal.js";

/** The teacher's recording of a text shown (a failure's "Oops!" before it is the player's). */
export function recording(st, text) {
  const mine = st.recorded.get(st.host.lang);
  if (!mine?.size) return null;
  const oops = `${wordsOf(st).oops} `;
  return mine.get(text.trim()) ?? (text.startsWith(oops) ? mine.get(text.slice(oops.length).trim()) : null) ?? null;
}

/** Which text is shown now, the one to read first: the card, an idea lesson's step, the
 *  question, or the task. */
export function onScreen(st) {
  if (!st.ui.card.hidden) return "card";
  if (st.phase === "loading" || st.phase === "error") return null;
  if (!st.ui.step.hidden) return "step";
  if (!st.ui.question.hidden) return "question";
  return "task";
}

/** The parts to say for a text on screen: [{ text, node }] in reading order. */
export function readParts(st, what) {
  const ui = st.ui;
  const nodes = (list) => list.filter((n) => n && !n.hidden && n.textContent.trim()).map((node) => ({ text: node.textContent, node, audio: recording(st, node.textContent) }));
  if (what === "card") return nodes([ui.cardTitle, ...ui.cardText.children]);
  if (what === "task") return nodes([ui.goal]);
  if (what === "step") return nodes([ui.stepText, ui.stepDo]);
  if (what === "question") {
    const ask = askNow(st);
    return [...nodes([ui.questionText, ui.questionTap]), ...[...ui.choices.children].map((node, k) => ({ text: ask?.choices[k] ?? "", node, audio: recording(st, ask?.choices[k] ?? "") }))];
  }
  if (what === "says") return nodes([...(st.saysBox?.querySelectorAll(".say-text") ?? [])]);
  return [];
}

/** Reads a text on screen aloud (a new text cancels the last). `auto`: only when reading aloud
 *  is on (<chess-tutor read-aloud>); the voices may still be on their way. */
export function read(st, what, auto, onEnd) {
  if (!what || (auto && !st.el.hasAttribute("read-aloud"))) return;
  const go = () => {
    if (st.stopped || (auto && !st.el.hasAttribute("read-aloud"))) return;
    const parts = readParts(st, what);
    if (parts.length) speech.speak(parts, { lang: st.host.lang, words: wordsOf(st), onEnd });
  };
  if (speech.voices().length || !auto || st.recorded.get(st.host.lang)?.size) go();
  else speech.voicesReady().then(go);
}

/** Says `text` aloud when reading aloud is on (a new text cancels the last). */
export function sayAloud(st, text) {
  if (text && st.el.hasAttribute("read-aloud")) speech.speak([{ text }], { lang: st.host.lang, words: wordsOf(st) });
}

/** The opponent's move in words, as a move: "Black's knight went to a1." */
export function repliedWords(st, move) {
  return wordsOf(st).replied?.(move.color, pieceName(st, move.piece), move.to, move.capture) ?? "";
}

/** A speaker button beside a text (hidden where no voice can read it). */
export function speaker(st, parent, what) {
  return speech.speakerButton(parent, "", () => read(st, what, false), { "data-read": what });
}

/** Says the first message (or `text`) in the widget's live region. */
export function announce(st, text = textFor(st, st.says[0])) {
  if (text) st.host.announce(text);
}
