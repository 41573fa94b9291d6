// @ts-check
// The lesson player's controller (www/lesson/): the widget's hooks (play, click, draw, stop,
// readAloud, silence) and what they set going: the child's moves and answers judged by the lesson
// package, replies, hints, the idea lesson's steps, retries, the refutation shown, stars and the
// tries a class server records.
import { sayError } from "../widget/errors.js";
import { record } from "../widget/progress.js";
import * as speech from "../widget/speech.js";
import { aboutSquares, choiceOfSquare } from "./ask.js";
import { attemptNow, clearTransient, goalFacts, isShowing, newState, own, played, sanOf, setPhase, show, stepNow, textFor, updateVerdict, wordsOf } from "./state.js";
import { askNow, choiceFactsNow, goalText, missedAim } from "./goal.js";
import { announce, onScreen, read, repliedWords, sayAloud } from "./reading.js";
import { hideHand, offerHand, reducedMotion, writtenMove } from "./hand.js";
import { aidTexts } from "./aids.js";
import { build, render } from "./view.js";
import { load } from "./load.js";

export const REPLY_DELAY = 550;
export const REFUTE_DELAY = 900;
// the idea a losing move broke (its id without "idea-") and the drawing that shows it
export const IDEA_AIDS = { "left-square": "square", "gave-opposition": "opposition", "king-in-front": "keys", "pushed-too-early": "keys" };

/** Starts the player for the widget's host: the lesson's state, the view, the loading; returns
 *  the widget's hooks (chess-tutor.js, README.md "Plug-ins"). */
export function create(host) {
  const st = newState(host);
  // what the view's buttons do
  st.act = { answer, begin, nextLesson, retryLesson, seen: takeBackShown, showHint, stepOn, takeBackMove, toggleAid, watchRefutation };
  st.leave = () => gaveUp(st);
  st.leaveTry = () => sendTry(st, "left");
  // reading aloud (speech.js): the voices come after the page (a speaker shows then)
  st.offVoices = speech.onVoices(() => render(st));
  build(st);
  setPhase(st, "loading");
  load(st);
  return {
    stop: () => stop(st),
    draw: () => draw(st),
    play: (from, to, promotion, dropped) => play(st, from, to, promotion, dropped),
    click: (square, target, selected) => click(st, square, target, selected),
    readAloud: (on) => readAloud(st, on),
    silence: () => silence(st),
  };
}

export function stop(st) {
  try {
    sendTry(st, "left");
    gaveUp(st);
  } catch {} // a trapped instance (chess-tutor.js "Start over"): nothing more to ask it
  removeEventListener("pagehide", st.leave);
  removeEventListener("pagehide", st.leaveTry);
  hideHand(st);
  st.offVoices();
  speech.cancel(); // leaving the lesson: nothing more is said
  st.stopped = true;
  clearTimeout(st.timer);
  st.host.feedback?.(null);
  try {
    st.lesson?.free();
  } catch {}
  st.lesson = null;
  if (st.flipped) st.el.removeAttribute("orientation");
  if (st.queened) st.el.removeAttribute("auto-queen");
  for (const k of ["lesson", "lessonGoal", "lessonId", "wrongMove"]) delete st.el.dataset[k];
}

/** After every board render (and a new language): the panel, the card and the shapes. */
export function draw(st) {
  render(st);
}

/** A move chosen on the board (a click on a target, a drop, or element.play()). */
export function play(st, from, to, promotion, dropped) {
  if (st.phase !== "playing" || !st.lesson) return null;
  hideHand(st);
  speech.cancel(); // a move: what was being read is over
  st.before = st.lesson.fen();
  st.moved = [from, to];
  const missed = missedAim(st, from, to);
  const out = judge(st, () => st.lesson.play(from, to, promotion ?? null));
  // a refused move (an idea lesson's other square): a tap on the piece picks it (again)
  if (out && !out.accepted) st.host.refused?.();
  if (out) outcome(st, missed && out.accepted && out.progress.state === "playing" ? { ...out, missed } : out, dropped);
  return out;
}

/** A click or key on a square; true when the lesson took it. */
export function click(st, square, target, selected) {
  // a wrong move shown (#outcome): a tap on the board says "seen": it goes back at once, and no
  // move starts (the lesson is over until Try again; a piece picked in the wrong position would
  // move from where it no longer stands)
  if (st.phase !== "playing") return takeBackShown(st) || true;
  hideHand(st);
  if (goalFacts(st).quiz) quiz(st, square);
  else if (askNow(st)) tapAnswer(st, square);
  else if (selected && (!target || target.kind === "refused") && !own(st, square, selected.piece.color)) {
    // a square the picked piece can't go to: the lesson says why (a check, a blocked path, too
    // little force for a capture…)
    st.moved = [selected.square, square];
    st.before = st.lesson.fen();
    const out = judge(st, () => st.lesson.play(selected.square, square, null));
    // a wrong move leaves no stale selection: a tap on the piece picks it (again)
    st.host.refused?.();
    if (out) outcome(st, out);
  } else return false;
  return true;
}

/** The read-aloud attribute changed (chess-tutor.js): on, what is shown now is read; off, the
 *  voice stops. */
export function readAloud(st, on) {
  if (!on) return speech.cancel();
  read(st, onScreen(st), true);
}

/** The element left the page (chess-tutor.js): the voice stops, the lesson stays; the try
 *  ends as left (the app took the board away: the child went to another page). */
export function silence(st) {
  speech.cancel();
  sendTry(st, "left");
}

/** The lesson's answer to a move, click or choice; null (and said) if the judge failed. */
export function judge(st, ask) {
  try {
    return ask();
  } catch (error) {
    st.says = [{ kind: "info", text: sayError(wordsOf(st), error) }];
    render(st);
    return null;
  }
}

/** A tap on the board during a question: a choice's square answers it; another square is
 *  said to be none of the answers (a question about a square) or sends to the buttons. */
export function tapAnswer(st, square) {
  const facts = choiceFactsNow(st);
  const k = choiceOfSquare(facts, square);
  if (k >= 0 && !st.wrongChoices.has(k)) return answer(st, k);
  st.says = [{ kind: "info", text: aboutSquares(facts) ? wordsOf(st).notAChoice(square) : wordsOf(st).chooseBelow }];
  render(st);
  announce(st);
}

/** A new step is shown: its words in the live region; a step that waits for Next has its
 *  button focused (the arrow's step: the board, for a keyboard user who was on Next). */
export function stepShown(st, focus) {
  const step = stepNow(st);
  if (!step || st.phase !== "playing") return;
  const words = textFor(st, step.text);
  announce(st, step.arrow ? `${words} ${wordsOf(st).show.doMove}` : words);
  if (step.arrow) offerHand(st, step.arrow);
  read(st, "step", true);
  // after the pointer's own focus on the square it went down on (the move is played then)
  if (!step.arrow) setTimeout(() => !st.stopped && !st.ui.stepNext.hidden && st.ui.stepNext.focus({ preventScroll: true }));
  else if (focus) st.host.focusBoard();
}

/** Next: the step is read. */
export function stepOn(st) {
  if (st.phase !== "playing" || !isShowing(st)) return;
  const wasFocused = st.ui.stepNext.matches(":focus");
  const out = judge(st, () => st.lesson.next());
  if (!out?.accepted) return;
  clearTransient(st);
  st.says = [];
  if (out.progress.state === "done") {
    done(st, out.progress.stars ?? 3);
    return render(st);
  }
  render(st);
  stepShown(st, wasFocused);
}

export function begin(st) {
  if (st.phase !== "intro") return;
  const keyboard = st.ui.start.matches(":focus-visible");
  st.try = { answers: [], clicks: [], hintsAt: [], since: performance.now() };
  setPhase(st, "playing");
  if (st.el.lessonText == null) addEventListener("pagehide", st.leave);
  addEventListener("pagehide", st.leaveTry);
  render(st);
  if (isShowing(st)) return stepShown(st, keyboard);
  announce(st, goalText(st));
  offerHand(st, writtenMove(st));
  read(st, onScreen(st), true);
  // a keyboard user goes on from the board (a question: from its first choice)
  if (!keyboard) return;
  const choice = st.ui.choices.querySelector("button");
  if (choice) choice.focus({ preventScroll: true });
  else st.host.focusBoard();
}

/** After a losing move: take it back and try again from the position before it. */
export function takeBackMove(st) {
  if (!st.lesson || st.phase !== "failed" || !st.judgement?.mistake) return;
  stopWatching(st);
  if (!st.lesson.takeBack()) return;
  st.history.pop();
  again(st, [{ kind: "info", text: wordsOf(st).eg.tryOther }]);
  announce(st);
  st.host.focusBoard();
}

/** After a losing move: play the opponent's best line on the board, move by move. */
export function watchRefutation(st) {
  const j = st.judgement;
  if (!j?.mistake || !j.refutation.length || st.phase !== "failed") return;
  stopWatching(st);
  st.watching = true;
  clearTransient(st);
  st.says = [{ kind: "info", text: wordsOf(st).eg.watching }];
  announce(st);
  // the line played by the lesson's own game, on a copy: each move with the FEN after it
  const line = st.lesson.line(j.refutation);
  const step = () => {
    if (st.stopped || !st.watching) return;
    const { move: info, fen: after } = line.shift() ?? {};
    if (!info) {
      st.watching = false;
      st.says = [{ kind: "info", text: wordsOf(st).eg.watched }];
      render(st);
      return announce(st);
    }
    played(st, info, after);
    announce(st, sanOf(st, info.san));
    st.timer = setTimeout(step, reducedMotion.matches ? 300 : REFUTE_DELAY);
  };
  render(st);
  st.timer = setTimeout(step, reducedMotion.matches ? 100 : REFUTE_DELAY / 2);
}

export function stopWatching(st) {
  if (!st.watching) return;
  clearTimeout(st.timer);
  st.watching = false;
}

export function toggleAid(st, aid) {
  if (!st.aids.delete(aid)) st.aids.add(aid);
  render(st);
  if (st.aids.has(aid)) announce(st, aidTexts(st).find((x) => x.aid === aid)?.text);
}

export function retryLesson(st) {
  if (!st.lesson) return;
  sendTry(st, "again");
  clearTimeout(st.timer);
  st.watching = false;
  st.lesson.retry();
  st.try = { answers: [], clicks: [], hintsAt: [], since: performance.now() };
  st.wrongSquares.clear();
  st.wrongChoices.clear();
  st.history = [];
  st.result = null;
  st.right = st.why = st.chosen = null;
  again(st, []);
  if (isShowing(st)) stepShown(st, false);
  else {
    announce(st, goalText(st));
    read(st, onScreen(st), true);
  }
}

/**
 * A wrong move shown on the board (#outcome) goes back: the lesson's position again. When the
 * child has seen it: its words said and seen (the box over the board goes then: view.js
 * showSays), or, without a voice, the box closed (×), a tap on the board or Try again. Not on a
 * timer without a voice: a child who reads slowly (or looks at the board a long time) keeps what
 * the words talk about in sight; the big Try again is there meanwhile. True when one went back.
 */
export function takeBackShown(st) {
  if (!st.wrongShown) return false;
  st.wrongShown = false;
  st.el.dataset.wrongMove = "taken-back";
  if (!st.stopped && st.lesson) show(st, st.lesson.fen());
  return true;
}

/** Playing again from the lesson's position (after a retry or a takeback). */
export function again(st, says) {
  takeBackShown(st);
  st.judgement = null;
  st.idea = null;
  st.aidCache = null;
  st.starsLeft = null;
  updateVerdict(st);
  clearTransient(st);
  st.says = says;
  setPhase(st, "playing");
  show(st, st.lesson.fen());
}

export function nextLesson(st) {
  const next = st.el.getAttribute("next");
  const go = st.host.emit("lesson-next", { id: st.data?.id ?? null, next: next ? new URL(next, document.baseURI).href : null }, true);
  if (go && next) st.el.setAttribute("lesson", next);
}

export function showHint(st) {
  if (st.phase !== "playing") return;
  const hint = st.lesson.hint();
  if (!hint) st.says = [{ kind: "info", text: wordsOf(st).noHint }];
  else {
    // the hint is for the position now: the piece where it stands, then the move from there;
    // the lesson's own words while its hint still applies, else words made from the move
    st.hintShown = { square: hint.square, arrow: hint.arrow ?? null };
    st.try.hintsAt.push(st.history.length + st.try.clicks.length); // asked after so many moves
    const words = hint.text ? { text: hint.text } : hint.message ? { message: hint.message } : { text: hint.arrow ? wordsOf(st).hintMove : wordsOf(st).hintPiece };
    st.says = [{ kind: "hint", ...words }];
  }
  render(st);
  announce(st);
}

export function fail(st, failure, judgement) {
  if (!failure) return;
  st.failedOnce = true;
  st.host.sound?.("wrong");
  st.host.emit("lesson-failed", { id: st.data?.id ?? null, failure: failure.id ?? null }); // practice: once more, then an easier one
  // a losing move in a king-and-pawn lesson: draw the idea it broke
  if (judgement?.mistake) {
    st.judgement = judgement;
    const aid = IDEA_AIDS[judgement.idea?.id?.replace(/^idea-/, "")];
    if (aid) {
      st.aids.add(aid);
      // drawn where it shows: the position now, else after the opponent's answer (the
      // opposition it takes), else before the move (the opposition that was given away)
      const at = st.lesson.fen();
      const reply = judgement.refutation?.[0];
      const afterReply = reply ? st.lesson.line([reply])[0]?.fen : undefined;
      // the judge says what to draw (idea.args): the opposition the other king takes…
      const a = judgement.idea?.args ?? {};
      const taken = a.white_king && a.black_king ? { white_king: a.white_king, black_king: a.black_king, holder: a.holder, kind: a.kind ?? "direct", between: a.between ? String(a.between).split(" ") : [] } : null;
      st.idea = { aid, at, opposition: taken, fens: [afterReply, st.before].filter(Boolean) };
      st.aidCache = null;
    }
  }
  st.says.push({ ...failure, kind: "failure" });
  st.arrows = failure.arrows ?? [];
  // an endgame mistake: the failure names the idea it broke; the arrow shows the answer
  const reply = judgement?.refutation?.[0];
  if (!st.arrows.length && reply) st.arrows = [{ from: reply.slice(0, 2), to: reply.slice(2, 4) }];
}

export function outcome(st, out, dropped) {
  clearTransient(st);
  st.says = [];
  // the teacher's words for the move, also for one the rules refuse (a capture without
  // enough force)
  // in the colour and with the icon of what the move was: a wrong move's words never look "right"
  if (out.feedback) st.says.push({ kind: "feedback", text: out.feedback, tone: !out.accepted || out.failure ? "wrong" : "right" });
  // a right answer of the group a best_move lesson accepts: the group said ("Right! exd5 wins the queen.")
  if (out.accepted && out.why && !out.failure) st.says.push({ kind: "feedback", tone: "right", message: (st.why = out.why) });
  if (!out.accepted && isShowing(st)) {
    // an idea lesson is never failed: the arrow's words, kindly
    if (out.failure) st.says.push({ kind: "info", message: out.failure.message });
    render(st);
    return announce(st);
  }
  if (!out.accepted) {
    fail(st, out.failure);
    render(st);
    return announce(st);
  }
  // a wrong move the lesson judged without playing it (a best move missed, a stalemate given,
  // a piece left to be taken: the lesson's position is still the one before it) stays on the
  // board, with what it allows, while its words say so ("That's stalemate!", "the knight on c5
  // is taken"): a child believes the board, and words about a position no longer shown make no
  // sense. It is taken back once seen (takeBackShown)
  const unplayed = Boolean(out.failure) && Boolean(out.played) && !out.reply && out.fen === st.before;
  // the child's move, then (after a moment to see it) the reply
  played(st, out.played, out.reply || unplayed ? null : st.lesson.fen(), { dropped });
  if (unplayed) {
    st.wrongShown = true;
    st.el.dataset.wrongMove = "shown";
  }
  st.history.push(out.played);
  if (out.reply) {
    setPhase(st, "busy");
    st.says.push({ kind: "info", text: wordsOf(st).replying(out.reply.color) });
    render(st);
    st.timer = setTimeout(() => reply(st, out), reducedMotion.matches ? 50 : REPLY_DELAY);
    return;
  }
  finish(st, out);
}

/** A drill's missed star, piece or square (#missed): said without ending the attempt; the
 *  teacher's words for the move come instead. */
export function note(st, out) {
  if (out.missed && !out.feedback) st.says.push({ kind: "info", message: out.missed });
}

export function reply(st, out) {
  if (st.stopped) return;
  st.says = st.says.filter((x) => x.kind !== "info");
  played(st, out.reply, st.lesson.fen());
  st.history.push(out.reply);
  setPhase(st, "playing");
  finish(st, out);
}

export function finish(st, out) {
  updateVerdict(st);
  if (out.judgement) st.judgement = out.judgement;
  note(st, out);
  fail(st, out.failure, out.judgement);
  const state = out.progress.state;
  // a star collected: a gentle "right"
  const left = st.lesson.progress().stars_left.length;
  // (before the first move: the stars of the lesson's start, the move's own included)
  const starTaken = state === "playing" && !out.failure && left < (st.starsLeft ?? st.startStars ?? left);
  if (starTaken) st.host.sound?.("right");
  st.starsLeft = left;
  if (state === "done") done(st, out.progress.stars ?? 1);
  else setPhase(st, state === "failed" ? "failed" : "playing");
  render(st);
  // heard by a child who cannot read: the opponent's move as a move, a star collected (the
  // messages, when there are some, are read instead)
  if (state !== "done" && !st.says.length) sayAloud(st, [out.reply && repliedWords(st, out.reply), starTaken && wordsOf(st).starTaken(left)].filter(Boolean).join(" "));
  if (state !== "done" && isShowing(st)) stepShown(st, false);
  else if (state !== "done") announce(st, st.says.map((x) => textFor(st, x)).join(" "));
}

/** This try for a class server (README.md "Classes": every try is recorded), once, when it
 *  ends: `solved`, `again` ("Again" before or after a failure) or `left` (another lesson, the
 *  page closed), as `lesson-try` with the attempt; a try in which nothing was done is not one.
 *  A try left as the page hid that goes on after all (the page shown again) is sent solved too. */
export function sendTry(st, end) {
  const t = st.try;
  if (!st.data || !t.since || (t.sent && !(t.sent === "left" && end === "solved"))) return;
  const attempt = attemptNow(st);
  if (end !== "solved" && !attempt.moves.length && !attempt.answers.length && !attempt.hints) return;
  t.sent = end;
  st.host.emit("lesson-try", { id: st.data.id, title: st.data.title, end, attempt });
}

/** The child leaves a lesson that failed and was never solved: it ends as given up. */
export function gaveUp(st) {
  if (st.phase === "done" || !st.data) return;
  const p = st.lesson?.progress();
  if (!st.failedOnce && !(p?.mistakes > 0)) return;
  st.failedOnce = false;
  removeEventListener("pagehide", st.leave);
  st.host.emit("lesson-done", { id: st.data.id, title: st.data.title, stars: 0, best: null, moves: p?.moves ?? 0, mistakes: p?.mistakes ?? 0, gaveUp: true, attempt: attemptNow(st) });
}

export function done(st, stars) {
  st.failedOnce = false;
  removeEventListener("pagehide", st.leave);
  sendTry(st, "solved");
  const p = st.lesson.progress();
  const saved = st.el.lessonText == null ? record(st.data.id, stars) : { stars, previous: null };
  // moves as the move list counts them (a taken-back move is not one); what take-backs cost
  // the whole sitting's mistakes ("Try again" keeps them) and the hints that showed the move:
  // the stars (the player's) count them, and the card says them
  st.result = { stars, best: saved.stars, previous: saved.previous, moves: p.moves, mistakes: p.mistakes, earlier: p.earlier ?? 0, hintsShown: p.hints_shown ?? 0, takenBack: p.taken_back ?? 0, starCost: p.star_cost ?? 0, notKept: saved.saved?.ok === false ? saved.saved.reason : null };
  st.host.sound?.("done");
  setPhase(st, "done");
  const notKept = st.result.notKept && (wordsOf(st).notKept[st.result.notKept] ?? wordsOf(st).notKept.other);
  announce(st, `${wordsOf(st).done[stars]} ${wordsOf(st).starsWon(stars)}${notKept ? ` ${notKept}` : ""}`);
  st.host.emit("lesson-done", { id: st.data.id, title: st.data.title, stars, best: saved.stars, moves: p.moves, mistakes: p.mistakes, attempt: attemptNow(st) });
  queueMicrotask(() => (st.el.dataset.more && !st.el.hasAttribute("next") ? st.ui.cardMore : st.ui.next.hidden ? st.ui.cardRetry : st.ui.cardNext).focus({ preventScroll: true }));
  queueMicrotask(() => read(st, "card", true)); // the done card and what was learned, once drawn
}

/** A quiz click or a question's answer: right, or a mistake said and marked. */
export function answered(st, out, wrong) {
  if (!out) return;
  clearTransient(st);
  st.says = [];
  if (out.correct === false) {
    wrong();
    fail(st, out.failure);
  } else if (out.correct && out.progress.state !== "done") st.host.sound?.("right");
  // a question the rules answer: why, with the force on both sides
  const tone = out.correct === false ? "wrong" : "right";
  if (out.why) st.says.push({ kind: "feedback", tone, message: (st.why = out.why) });
  // a question's choice explained (goal.explain): said after the answer, right or wrong
  if (out.feedback) st.says.push({ kind: "feedback", tone, text: out.feedback });
  if (out.correct && out.feedback) st.chosen = out.feedback;
  const state = out.progress.state;
  if (state === "done") done(st, out.progress.stars ?? 1);
  else if (state === "failed") setPhase(st, "failed");
  render(st);
  return state !== "done";
}

export function quiz(st, square) {
  const out = judge(st, () => st.lesson.click(square));
  if (out) st.try.clicks.push(square);
  if (answered(st, out, () => st.wrongSquares.add(square))) announce(st, out.correct ? wordsOf(st).right(square) : undefined);
}

export function answer(st, index) {
  if (st.phase !== "playing") return;
  const out = judge(st, () => st.lesson.answer(index));
  if (out) st.try.answers.push(index);
  if (out?.correct) st.right = index;
  if (answered(st, out, () => st.wrongChoices.add(index))) announce(st);
}
