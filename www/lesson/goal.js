// @ts-check
// What the player shows of the lesson's goal (www/lesson/): its task's words, its question and
// choices, a drill's missed aim, a quiz's piece, the task's picture. Reads the goal's facts the
// lesson package gives (state.js goalFacts): no goal's name decides anything here.
import { parseSquare } from "../widget/board.js";
import { GOAL_PICTURES, goalPicture } from "../widget/goals.js";
import { choiceFacts } from "./ask.js";
import { goalData, goalFacts, pieceName, pieceOn, textFor, wordsOf } from "./state.js";

/** A drill's move (no opponent, chess) that missed what the piece could reach in one move by
 *  its formula (the rules' targets of the piece, before the move): a star, a piece to take, the
 *  square to reach. The words of where the piece went and where it should have gone
 *  (`lesson-went`, said as the child sees the board), or null. */
export function missedAim(st, from, to) {
  const { aim, square: aimed } = goalFacts(st); // a drill's, with no opponent (the package says)
  if (!aim || st.set || goalData(st).piece) return null;
  const left = st.lesson.progress().stars_left ?? [];
  const wanted = (sq) => (aim === "star" ? left.includes(sq) : aim === "capture" ? pieceOn(st, sq) != null : sq === aimed);
  const piece = pieceOn(st, from);
  if (!piece || wanted(to)) return null;
  const [i, j] = parseSquare(from);
  const square = st.lesson.targets(i, j).find((t) => wanted(t.square))?.square;
  return square ? { id: "lesson-went", args: { piece, to, aim, square } } : null;
}

export function quizSetup(st) {
  if (!goalFacts(st).quiz) return;
  st.quizTotal = st.lesson.quizTotal();
  st.quizPiece = pieceOn(st, goalFacts(st).square);
}

/** A question answered with the big buttons: the lesson's own, or one the rules answer (can
 *  the piece capture? who is stronger?). { text, choices, right } or null; `right` is known
 *  for the rules' questions once answered. */
export function askNow(st) {
  const goal = goalData(st);
  const t = wordsOf(st);
  const asks = {
    written: () => ({ text: textFor(st, goal.question), choices: (goal.choices ?? []).map((c) => textFor(st, c)), right: goal.answer, written: goal.choices ?? [], results: goal.results }),
    capture: () => ({ text: t.ask.canCapture(pieceName(st, pieceOn(st, goal.from)), goal.from, goal.to), choices: t.ask.yesNo, right: st.right, pictures: ["yes", "no"] }),
    force: () => ({ text: t.ask.stronger(goalFacts(st).square), choices: t.ask.sides, right: st.right, pictures: ["white", "black", "equal"] }),
  };
  return asks[goalFacts(st).ask]?.() ?? null;
}

/** What each choice of the question stands for (www/lesson/ask.js): its square on the board,
 *  its picture. */
export function choiceFactsNow(st, ask = askNow(st)) {
  if (!ask) return [];
  return choiceFacts({ choices: ask.written ?? ask.choices, pictures: ask.pictures, results: ask.results }, { [st.host.lang]: wordsOf(st) });
}

/** The task's picture `img` for the goal `type`, first in `parent` (none for a goal without one). */
export function pict(st, img, type, parent) {
  img.hidden = !GOAL_PICTURES.has(type);
  if (img.hidden) return;
  if (img.dataset.goal !== type) {
    img.src = goalPicture(type);
    img.dataset.goal = type;
  }
  parent.prepend(img);
}

export function goalText(st) {
  const t = wordsOf(st);
  const goal = goalFacts(st);
  const ask = askNow(st);
  if (ask) return ask.text;
  // the task's words take what the package says the task names: a quiz its piece and square,
  // else the moves (mate in 2) or the square (reach d4)
  const args = goal.quiz ? [pieceName(st, st.quizPiece), goal.square, Boolean(st.set)] : [goal.moves ?? goal.square ?? undefined];
  return t.goal[goal.name]?.(...args) ?? goal.name;
}
