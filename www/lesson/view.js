// @ts-check
// The lesson player's view (www/lesson/): builds the panel and the card in the widget's slots
// once (build), then draws them from the state (render): the task or the question and its
// choices, the score, the messages, the board's shapes, the cards (intro, done, error). No markup
// strings: every text goes in textContent. Buttons call the controller through st.act.
import { parseSquare, starPath } from "../widget/board.js";
import { h, iconButton, s } from "../widget/dom.js";
import { sayError } from "../widget/errors.js";
import { goalPicture } from "../widget/goals.js";
import { aboutSquares, drawPicture } from "./ask.js";
import { placeBoxSoon } from "./bubble.js";
import { rootUrl } from "./loader.js";
import { goalFacts, hintable, isShowing, readable, sanOf, stepNow, textFor, wordsOf } from "./state.js";
import { askNow, choiceFactsNow, goalText, pict } from "./goal.js";
import { read, speaker } from "./reading.js";
import { markHint } from "./hand.js";
import { aidShapes, renderEndgame } from "./aids.js";

export const SAID_SEEN = 2500; // ms the box over the board stays after its words were said

export function build(st) {
  const section = h("section", { class: "lesson", part: "lesson", "aria-live": "off" }, st.host.slot("panel-top"));
  const title = h("h2", { class: "l-title", part: "lesson-title" }, h("div", { class: "l-head" }, section));
  // each text a child is given has a speaker beside it (reading aloud: speech.js)
  const goalRow = h("div", { class: "l-read" }, section);
  const goal = h("p", { class: "l-goal", part: "lesson-goal" }, goalRow);
  const speakers = [speaker(st, goalRow, "task")];
  // the task's picture (decorative: the words beside it say the task)
  const pict = () => h("img", { class: "l-pict", alt: "", draggable: "false" });
  const goalPict = pict();
  // an idea lesson's step: which one, its words, what to do, and Next
  const step = h("div", { class: "l-step", part: "lesson-step", hidden: "" }, section);
  const stepCount = h("p", { class: "l-step-count" }, step);
  const stepRow = h("div", { class: "l-read" }, step);
  const stepWords = h("div", {}, stepRow);
  const stepText = h("p", { class: "l-step-text" }, stepWords);
  const stepDo = h("p", { class: "l-step-do" }, stepWords);
  speakers.push(speaker(st, stepRow, "step"));
  const stepNext = h("button", { type: "button", class: "l-step-next big", part: "button lesson-step-next" }, step);
  stepNext.onclick = () => st.act.stepOn(st);
  const question = h("div", { class: "l-question" }, section);
  const questionRow = h("div", { class: "l-read" }, question);
  const questionText = h("p", { class: "l-q" }, questionRow);
  speakers.push(speaker(st, questionRow, "question"));
  const questionPict = pict();
  // a question about a square: the square is tapped on the board
  const questionTap = h("p", { class: "l-tap", hidden: "" }, question);
  const choices = h("div", { class: "l-choices", role: "group" }, question);
  // the messages: in the widget's feedback box over the board when it has one, else here
  const says = h("div", { class: "l-says", part: "lesson-messages" }, typeof st.host.feedback === "function" ? null : section);
  // king-and-pawn lessons: the verdict, before and after the last move, and the ideas to draw
  const eg = h("div", { class: "l-eg", part: "lesson-endgame" }, section);
  const verdict = h("p", { class: "l-verdict" }, eg);
  const change = h("p", { class: "l-change" }, eg);
  const aidBox = h("div", { class: "l-aids", role: "group" }, eg);
  const aids = {};
  for (const [aid, icon] of [["square", "□"], ["opposition", "⇅"], ["keys", "◆"]])
    aids[aid] = iconButton(aidBox, { class: "l-aid", "data-aid": aid, "aria-pressed": "false" }, icon, () => st.act.toggleAid(st, aid));
  const notes = h("ul", { class: "l-notes" }, eg);
  const score = h("div", { class: "l-score", part: "lesson-score" }, section);
  const count = h("span", { class: "l-count" }, score);
  const par = h("span", { class: "l-par" }, score);
  const history = h("ol", { class: "l-history", part: "lesson-moves" }, section);
  // after a failure: which button to press, next to the buttons
  const nextStep = h("p", { class: "l-next-step", hidden: "" }, section);
  const buttons = h("div", { class: "l-buttons actions" }, section);
  const intro = h("p", { class: "l-intro" }, section);
  // on a phone two lines of it show: a tap shows it whole (its key fact never cut)
  intro.onclick = () => intro.toggleAttribute("data-open");
  const button = (cls, icon, onclick) => iconButton(buttons, { class: cls }, icon, onclick);
  const hint = button("l-hint", "?", () => st.act.showHint(st));
  const takeBack = button("l-takeback", "↶", () => st.act.takeBackMove(st));
  const watch = button("l-watch", "▶", () => st.act.watchRefutation(st));
  const retry = button("l-retry", "↻", () => st.act.retryLesson(st));
  const next = button("l-next", "→", () => st.act.nextLesson(st));
  // the card over the board
  const card = h("div", { class: "card l-card", part: "lesson-card", role: "group", "aria-labelledby": "l-card-title" }, st.host.slot("overlay"));
  const box = h("div", { class: "l-box" }, card);
  speakers.push(speaker(st, box, "card"));
  const face = h("img", { class: "l-face", alt: "", src: rootUrl("images/pieces.svg#wN").href }, box);
  const cardStars = h("div", { class: "l-stars", role: "img" }, box);
  const starEls = [0, 1, 2].map(() => s("svg", { viewBox: "0 0 100 100", class: "l-star", "aria-hidden": "true" }, cardStars));
  for (const svg of starEls) s("path", { d: starPath(50, 53, 46, 0.47) }, svg);
  const cardTitle = h("h2", { class: "l-card-title", id: "l-card-title" }, box);
  const cardText = h("div", { class: "l-card-text" }, box);
  const cardPict = pict();
  const cardButtons = h("div", { class: "l-card-buttons" }, box);
  const big = (cls, onclick) => Object.assign(h("button", { type: "button", class: `${cls} big`, part: "button" }, cardButtons), { onclick });
  const start = big("l-start", () => st.act.begin(st));
  const cardRetry = big("l-card-retry", () => (st.phase === "error" ? reload(st) : st.act.retryLesson(st)));
  const cardNext = big("l-card-next", () => st.act.nextLesson(st));
  // the page's own offer on the done card (data-more: its words; practice: "Next puzzle", the
  // lesson's skill to practise), answered by the page on `lesson-more`
  const cardMore = big("l-card-more", () => st.host.emit("lesson-more", { id: st.data?.id ?? null }));
  st.ui = { speakers, goalRow, goalPict, questionPict, cardPict, step, stepCount, stepText, stepDo, stepNext, nextStep, eg, verdict, change, aidBox, aids, notes, takeBack, watch, section, title, goal, intro, question, questionText, questionTap, choices, score, count, par, history, says, hint, retry, next, card, face, cardStars, starEls, cardTitle, cardText, start, cardRetry, cardNext, cardMore };
}

export function reload(st) {
  const url = st.el.lesson;
  st.el.removeAttribute("lesson");
  st.el.setAttribute("lesson", url);
}

export function render(st) {
  const t = wordsOf(st);
  if (!t || st.stopped) return;
  const ui = st.ui;
  const phase = st.phase;
  const data = st.data;
  const progress = st.lesson && data ? st.lesson.progress() : null;
  ui.section.hidden = phase === "loading" || phase === "error";
  if (data) renderTask(st, progress);
  // messages: feedback, the failure and a hint
  const mistake = phase === "failed" && st.judgement?.mistake;
  const says = ["playing", "busy", "failed"].includes(phase) ? [...st.says] : [];
  // which button to press: beside the buttons, so that the box over the board stays short
  const pressNext = phase === "failed" && !st.watching && !says.some((x) => x.kind === "info");
  ui.nextStep.hidden = !pressNext;
  ui.nextStep.textContent = pressNext ? (mistake ? t.eg.pressTakeBack : t.pressRetry) : "";
  // one box where the child looks (the widget's, over the board's edge), replaced by the next
  const box = h("div", { class: "l-says", part: "lesson-messages" });
  if (says.length && readable(st)) {
    const b = speaker(st, box, "says");
    b.setAttribute("aria-label", t.readAloud);
    b.title = t.readAloud;
  }
  for (const x of says) {
    const wrong = x.kind === "feedback" && x.tone === "wrong";
    const p = h("p", { class: `say say-${x.kind}${wrong ? " say-wrong" : ""}`, "data-kind": x.kind, ...(x.tone ? { "data-tone": x.tone } : {}), ...(x.id ? { "data-failure": x.id } : {}) }, box);
    h("span", { class: "say-icon", "aria-hidden": "true" }, p, wrong ? "✗" : { failure: "!", hint: "?", feedback: "“", info: "i" }[x.kind]);
    const words = h("span", { class: "say-text" }, p);
    if (x.kind === "failure") h("strong", {}, words, `${t.oops} `);
    words.append(textFor(st, x));
  }
  showSays(st, box, says);
  // buttons
  const retryLabel = mistake ? t.eg.startOver : t.retry;
  for (const [b, label] of [[ui.hint, t.hint], [ui.takeBack, t.eg.takeBack], [ui.watch, st.watching ? t.eg.watchingButton : t.eg.watch], [ui.retry, retryLabel], [ui.next, t.next]]) b.lastChild.textContent = label;
  ui.takeBack.hidden = !mistake;
  ui.takeBack.dataset.big = String(Boolean(mistake));
  ui.watch.hidden = !mistake || !st.judgement.refutation.length;
  ui.watch.disabled = st.watching;
  ui.hint.hidden = !hintable(st) || !["playing", "busy"].includes(phase);
  ui.hint.disabled = phase !== "playing";
  // an idea lesson on its first step has nothing to start again
  ui.retry.hidden = !["playing", "busy", "failed", "done"].includes(phase) || (phase === "playing" && isShowing(st) && stepNow(st)?.step === 0);
  ui.retry.dataset.big = String(phase === "failed" && !mistake);
  ui.next.hidden = phase !== "done" || !st.el.hasAttribute("next");
  renderEndgame(st);
  renderCard(st);
  // the speakers: named in words, shown where a voice can read the lesson's language
  const canRead = readable(st);
  for (const b of ui.speakers) {
    b.hidden = !canRead;
    b.setAttribute("aria-label", t.readAloud);
    b.title = t.readAloud;
  }
  st.host.setShapes(shapes(st, progress));
  markHint(st);
}

/** The messages in one box, shown again only when they changed (a box the child closed stays
 *  closed): the widget's feedback box over the board (host.feedback), else the panel's. */
export function showSays(st, box, says) {
  const key = `${st.host.lang}|${readable(st)}|${says.map((x) => `${x.kind}:${x.tone ?? ""}:${x.id ?? ""}:${textFor(st, x)}`).join("|")}`;
  if (key === st.saysKey) return;
  const words = key.slice(key.indexOf("|", st.host.lang.length + 1));
  const changed = words !== st.saysKey?.slice(st.saysKey.indexOf("|", st.host.lang.length + 1));
  st.saysKey = key;
  const ui = st.ui;
  if (typeof st.host.feedback === "function") {
    ui.says.hidden = true;
    // closed by the child (×): seen, a wrong move shown goes back (controller.js takeBackShown)
    const shown = st.host.feedback(says.length ? box : null, () => st.act.seen?.(st));
    if (shown) placeFeedback(st, shown);
    st.saysBox = box;
  } else {
    ui.says.replaceChildren(...box.childNodes);
    st.saysBox = ui.says;
  }
  // new words (a move's feedback, a failure, a hint): read by themselves when reading is on
  const shownBox = st.saysBox;
  // the box over the board goes a moment after its words were said (it was seen and heard), and
  // a wrong move shown with it goes back (controller.js takeBackShown)
  const gone = () =>
    setTimeout(() => {
      if (st.saysBox !== shownBox || st.saysKey !== key || st.stopped) return;
      if (typeof st.host.feedback === "function") st.host.feedback(null);
      st.act.seen?.(st);
    }, SAID_SEEN);
  if (says.length && changed) queueMicrotask(() => st.saysBox === shownBox && read(st, "says", true, gone));
}

/** The box over the board goes to the edge that hides least: what its words talk about weighs
 *  most (the hint's squares, the failure's arrows, the squares its words name, and the move
 *  they answer), then the stars still to collect, then the pieces (in the three rows at each
 *  edge). */
export function placeFeedback(st, box) {
  box.style.removeProperty("top");
  box.style.removeProperty("bottom");
  const geo = st.host.board?.geometry;
  if (!geo?.visual) return;
  const hint = st.hintShown;
  const says = st.says ?? [];
  const named = says.flatMap((x) => String(textFor(st, x) ?? "").match(/\b[a-h][1-8]\b/g) ?? []);
  const moved = says.some((x) => x.kind === "feedback" || x.kind === "failure") ? st.moved : [];
  const weighed = [
    ...[hint?.square, hint?.arrow?.from, hint?.arrow?.to, ...st.arrows.flatMap((a) => [a.from, a.to]), ...named, ...moved].map((sq) => [sq, 4]),
    ...(st.lesson?.progress().stars_left ?? []).map((sq) => [sq, 3]),
    ...[...(st.host.board?.state?.pieces?.keys() ?? [])].map((sq) => [sq, 1]),
  ];
  let top = 0;
  // a question is answered by reading the board: its letters a–h, under the bottom row, stay in sight
  let bottom = goalFacts(st).ask === "written" ? 4 : 0;
  for (const [sq, w] of weighed) {
    if (!sq) continue;
    const row = geo.visual(...parseSquare(sq))[0];
    if (row <= 2) top += w;
    if (row >= 5) bottom += w;
  }
  if (top !== bottom) box.dataset.edge = top < bottom ? "top" : "bottom";
  // then, measured: never over a square its words name or the move's, over empty rows where
  // there are some (www/lesson/bubble.js)
  placeBoxSoon(box, st.host.board?.svg, weighed, 4);
}

/** The title, the task (or the question and its choices), the score and the moves so far. */
export function renderTask(st, progress) {
  const t = wordsOf(st);
  const ui = st.ui;
  const g = goalFacts(st);
  const data = st.data;
  const intro = st.phase === "intro";
  ui.title.textContent = textFor(st, data.title);
  ui.goal.textContent = goalText(st);
  ui.goal.dataset.goal = g.name;
  pict(st, ui.goalPict, g.name, ui.goal);
  const ask = askNow(st);
  const showing = isShowing(st);
  ui.goal.hidden = Boolean(ask) || showing;
  ui.goalRow.hidden = ui.goal.hidden;
  ui.intro.textContent = textFor(st, data.intro);
  ui.intro.hidden = intro;
  // an idea lesson: the step now, and Next when it has no move
  const step = ["playing", "busy"].includes(st.phase) ? stepNow(st) : null;
  ui.step.hidden = !step;
  if (step) {
    ui.stepCount.textContent = t.show.step(step.step + 1, step.steps);
    ui.stepText.textContent = textFor(st, step.text);
    ui.stepDo.textContent = step.arrow ? t.show.doMove : "";
    ui.stepDo.hidden = !step.arrow;
    ui.stepNext.hidden = Boolean(step.arrow);
    ui.stepNext.disabled = st.phase !== "playing";
    ui.stepNext.textContent = `${t.show.next} →`;
    ui.step.dataset.step = String(step.step);
    ui.step.dataset.waits = String(!step.arrow);
  }
  // the question and its choices, as big buttons
  ui.question.hidden = !ask || intro;
  if (ask) {
    ui.questionText.textContent = ask.text;
    pict(st, ui.questionPict, g.name, ui.questionText);
    const choices = ask.choices;
    const facts = choiceFactsNow(st, ask);
    ui.questionTap.hidden = !aboutSquares(facts);
    ui.questionTap.textContent = ui.questionTap.hidden ? "" : t.tapToAnswer;
    // short answers (squares, yes or no, castling's ways: with their pictures too) two in a row,
    // so that four fit a phone's panel
    ui.choices.dataset.short = String(choices.every((c) => String(c).length <= 14));
    while (ui.choices.children.length > choices.length) ui.choices.lastChild.remove();
    choices.forEach((choice, k) => {
      const b = ui.choices.children[k] ?? h("button", { type: "button", class: "l-choice", part: "button lesson-choice", "data-choice": k }, ui.choices);
      b.onclick = () => st.act.answer(st, k);
      b.textContent = choice;
      // its picture (a side, a piece, yes or no, a result), and the square that answers it
      if (facts[k]?.picture) drawPicture(b, facts[k].picture);
      if (facts[k]?.square) b.dataset.answerSquare = facts[k].square;
      else delete b.dataset.answerSquare;
      const right = st.phase === "done" && k === ask.right;
      const wrong = st.wrongChoices.has(k);
      b.dataset.state = right ? "right" : wrong ? "wrong" : "";
      b.disabled = st.phase !== "playing" || wrong;
      if (right || wrong) h("span", { class: "l-mark", "aria-hidden": "true" }, b, right ? "✓" : "✗");
    });
  }
  // the score: moves (or mistakes) so far, and the par for three stars
  const answered = g.counts === "mistakes";
  const par = g.par;
  const parts = [];
  if (g.aim === "star" && progress) parts.push(t.starsLeft(progress.stars_left.length));
  if (g.quiz && progress) parts.push(t.found(progress.found.length, st.quizTotal));
  parts.push(answered ? t.mistakes((progress?.mistakes ?? 0) + (progress?.hints_shown ?? 0)) : t.moves(progress?.moves ?? 0));
  ui.count.replaceChildren();
  for (const part of parts) h("span", { class: "chip" }, ui.count, part);
  ui.par.textContent = par == null ? "" : answered ? t.parMistakes(par) : t.parMoves(par);
  ui.score.hidden = intro || showing;
  // the moves so far
  ui.history.replaceChildren(...st.history.map((m) => h("li", {}, null, sanOf(st, m.san))));
  ui.history.hidden = !st.history.length || answered || showing;
  ui.history.setAttribute("aria-label", t.yourMoves);
}

/** Everything the lesson draws on the board, as the board's shapes (board.js). */
export function shapes(st, progress) {
  if (!st.data || st.phase === "error") return [];
  // each mark named: a screen reader hears it with its square ("a5, empty, a star")
  const mark = wordsOf(st)?.mark ?? {};
  const own = (shape) => ({ ...shape, brush: `l-shape c-${shape.color ?? "green"}`, name: shape.type === "label" ? shape.text : (mark[{ arrow: "arrow", star: "star" }[shape.type]] ?? mark.marked) });
  const list = (st.data.shapes ?? []).filter((shape) => shapeApplies(st, shape)).map(own);
  const goal = goalFacts(st);
  if (goal.quiz) list.push({ type: "highlight", square: goal.square, brush: "l-quiz-piece", name: mark.quizPiece });
  // an idea lesson: the step's drawings, and the arrow of the move to play
  const step = st.phase === "playing" || st.phase === "busy" ? stepNow(st) : null;
  for (const shape of step?.shapes ?? []) list.push(own(shape));
  if (step?.arrow) list.push({ type: "arrow", ...step.arrow, brush: "l-show-arrow", name: mark.moveTo });
  // stars still to collect
  for (const square of progress?.stars_left ?? []) list.push({ type: "star", square, brush: "l-goal-star", name: mark.star });
  // the square to reach: a ring on it, as the stars are drawn (a child who cannot read sees where)
  if (goal.aim === "reach" && goal.square && st.phase !== "done") list.push({ type: "circle", square: goal.square, brush: "l-goal-target", name: mark.goalSquare });
  // the hint: the piece glows, then the move's arrow
  const hint = st.hintShown;
  if (hint) list.push({ type: "circle", square: hint.square, brush: "l-hint-ring", under: true, name: mark.hintPiece });
  if (hint?.arrow) list.push({ type: "arrow", ...hint.arrow, brush: "l-hint-arrow", name: mark.hintTo });
  // king-and-pawn ideas: the pawn's square, the opposition, the key squares
  if (st.aids.size) list.push(...aidShapes(st));
  // the failure's arrows (an attacker to the king…)
  for (const a of st.arrows) list.push({ type: "arrow", from: a.from, to: a.to, brush: "l-fail-arrow", name: mark.attacked });
  // quiz: ticks on the squares found, crosses on the wrong ones
  if (goal.quiz) {
    for (const square of progress?.found ?? []) list.push({ type: "tick", square, brush: "l-tick", name: mark.found });
    for (const square of st.wrongSquares) list.push({ type: "cross", square, brush: "l-cross", name: mark.wrong });
  }
  // a question about a square: a cross on each square answered wrongly, a tick on the right one
  if (!goal.quiz) {
    const facts = choiceFactsNow(st);
    for (const k of st.wrongChoices) if (facts[k]?.square) list.push({ type: "cross", square: facts[k].square, brush: "l-cross", name: mark.wrong });
    const right = st.phase === "done" ? askNow(st)?.right : null;
    if (right != null && facts[right]?.square) list.push({ type: "tick", square: facts[right].square, brush: "l-tick", name: mark.found });
  }
  return list;
}

/** Whether a lesson's drawing still applies: in an endgame lesson only in its starting
 *  position; elsewhere an arrow only while a piece stands where it starts. */
export function shapeApplies(st, shape) {
  const placement = (fen) => fen?.split(" ")[0];
  if (st.verdict != null || st.data.opponent?.type === "solver") return !st.startFen || placement(st.shown) === placement(st.startFen);
  if (shape.type === "arrow" && shape.from) return Boolean(st.host.board?.state?.pieces?.get(shape.from));
  return true;
}

export function renderCard(st) {
  const t = wordsOf(st);
  const ui = st.ui;
  const phase = st.phase;
  ui.card.dataset.kind = phase;
  ui.card.toggleAttribute("data-appear", phase === "done"); // after a look at the final position
  ui.card.hidden = !["loading", "intro", "done", "error"].includes(phase);
  ui.cardStars.hidden = phase !== "done";
  ui.face.hidden = phase !== "error";
  ui.start.hidden = phase !== "intro";
  ui.cardRetry.hidden = phase !== "done" && phase !== "error";
  ui.cardNext.hidden = phase !== "done" || !st.el.hasAttribute("next");
  ui.cardMore.hidden = phase !== "done" || !st.el.dataset.more;
  ui.cardMore.textContent = st.el.dataset.more ?? "";
  ui.start.textContent = `${t.start} ▶`;
  ui.cardRetry.textContent = phase === "error" ? t.error.reload : `↻ ${t.retry}`;
  ui.cardNext.textContent = `${t.next} →`;
  const text = ui.cardText;
  const p = (words, cls) => h("p", cls ? { class: cls } : {}, text, words);
  text.replaceChildren();
  if (phase === "loading") ui.cardTitle.textContent = t.loading;
  else if (phase === "intro") {
    ui.cardTitle.textContent = textFor(st, st.data.title);
    p(textFor(st, st.data.intro), "l-card-intro");
    const goal = p(null, "l-card-goal");
    pict(st, ui.cardPict, goalFacts(st).name, goal);
    const words = h("span", { class: "l-card-goal-text" }, goal);
    h("strong", {}, words, `${t.goalLabel}: `);
    words.append(goalText(st));
  } else if (phase === "done") {
    const r = st.result;
    ui.cardTitle.textContent = t.done[r.stars];
    ui.cardStars.setAttribute("aria-label", t.starsWon(r.stars));
    ui.starEls.forEach((star, k) => star.setAttribute("class", `l-star ${k < r.stars ? "on" : "off"}`));
    p(t.starsWon(r.stars), "l-won");
    // the last lesson of a section (the app names it in data-section-end): a moment of its own,
    // a picture and a sentence, read with the card
    const section = st.el.dataset.sectionEnd;
    if (section) {
      const end = p(null, "l-section-done");
      h("img", { class: "l-section-pict", alt: "", src: goalPicture("stars"), draggable: "false" }, end);
      h("span", {}, end, t.sectionDone(section));
    }
    const goal = goalFacts(st);
    const answered = goal.counts === "mistakes";
    if (st.why) p(textFor(st, { message: st.why }), "l-why");
    // the right choice's own words, unless the lesson's "what you learned" sums it up (the card
    // stays short enough that its buttons are in sight)
    if (st.chosen && !st.data.learned) p(textFor(st, st.chosen), "l-why");
    if (st.data.learned) {
      const learned = p(null, "l-learned");
      h("strong", {}, learned, `${t.learnedLabel}: `);
      learned.append(textFor(st, st.data.learned));
    }
    // the whole sitting counts: "No mistakes!" only when no try had one and no hint showed the
    // move; an idea lesson counts nothing (it was followed)
    if (goal.counts !== "nothing") {
      const used = answered ? t.usedMistakes(r.mistakes, r.hintsShown) : t.usedMoves(r.moves);
      if (used) p(used, "l-used");
      if (!answered && r.earlier) p(t.usedMistakes(r.earlier), "l-mistakes");
      if (r.hintsShown) p(t.hintsShown(r.hintsShown), "l-hints-shown");
    }
    if (r.takenBack) p(t.tookBack(r.takenBack, Math.min(r.starCost, r.takenBack)), "l-took-back");
    // what ★★★ needs: fewer moves, no mistakes, or no hint (a take-back's cost is said above)
    if (r.stars < 3) {
      const slipped = answered ? r.mistakes : r.earlier;
      const movesShort = !answered && r.stars + r.starCost < 3;
      const par = goal.par ?? 0;
      const better = movesShort ? t.better(par) : slipped || (answered && !r.hintsShown) ? t.betterMistakes : r.hintsShown ? t.betterNoHint : null;
      if (better) p(better, "l-better");
    }
    if (r.previous && r.stars > r.previous) p(t.newBest, "l-best");
    else if (r.best > r.stars) p(t.best(r.best), "l-best");
    // storage full (or not keeping): said calmly, never swallowed (storage.js)
    if (r.notKept) p(`ⓘ ${t.notKept[r.notKept] ?? t.notKept.other}`, "l-not-kept");
  } else if (phase === "error") {
    const e = st.error;
    ui.cardTitle.textContent = t.error.title;
    if (e.kind === "missing") p(t.error.missing(e.file, e.status));
    else if (e.kind === "network") p(t.error.network(e.file));
    else if (e.kind === "rules") p(t.error.rules(sayError(t, e.error)));
    else {
      p(t.error.broken(e.file));
      const list = h("ul", { class: "l-findings" }, text);
      for (const line of e.lines) h("li", {}, list, line);
      p(t.error.grownup, "l-grownup");
    }
  }
}
