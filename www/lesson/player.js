// @ts-check
// The lesson player of <chess-tutor lesson="…">: a plug-in of the widget (README.md, "Plug-ins"),
// loaded only when a lesson is shown, with pkg-lessons/ (the rules plus the judge of chess lessons;
// a lesson with a piece set or the king-and-pawn solver loads pkg-lessons-full/ instead, on demand),
// lesson.css and www/i18n/<lang>/lesson.js. It talks to the widget only through the host: the
// moves and clicks come to it first (play, click), the Lesson of pkg-lessons judges them, the
// moves it plays are handed to the widget (host.played), and it draws the lesson around the board:
// stars, arrows, ticks, crosses and the king-and-pawn ideas as the board's shapes, the task, the
// score and the messages in a panel slot, cards (intro, done, error) in the overlay slot.
//
// Its modules, each importing only those above it (chessground-style: one state object, functions
// over it):
//   loader.js      the lesson packages, lesson texts fetched ahead, endgame data, recordings
//   state.js       the state of the lesson shown, its words, its phase, the goal's facts
//   goal.js        what the goal shows: its task, its question, a drill's aim (no goal names)
//   reading.js     reading aloud · hand.js the first move's hand · aids.js king-and-pawn ideas
//   ask.js, bubble.js  the question's choices on the board, the messages' box placed off them
//   view.js        the panel and the card, built once and drawn from the state
//   load.js        loading a lesson, its errors
//   controller.js  the widget's hooks and the moves, answers, hints, stars they set going
export { rules, renew } from "./loader.js";
export { HAND_KEY } from "./hand.js";
import { create } from "./controller.js";
import { setRoot } from "./loader.js";

// www/ (dist/ as built): this entry stays a file of its own in lesson/, never in a shared chunk
setRoot(new URL("../", import.meta.url));

/** Starts the player through the widget's host (chess-tutor.js, README.md "Plug-ins"). */
export function start(host) {
  return create(host);
}
