// English words for the end of a game on <chess-tutor> (chess-tutor.js asks for them at the first
// click on the board, or when a lesson or game mode starts: the first paint does without them).
import { SIDE } from "./board.js";

export default {
  over: {
    checkmate: (w) => `Checkmate! ${SIDE[w]} wins.`,
    stalemate: () => "Stalemate: no legal move, but no check either. It is a draw.",
    "insufficient-material": () => "Draw: nobody can checkmate any more (a dead position).",
    fivefold: () => "Draw: the same position came five times.",
    "seventy-five-moves": () => "Draw: 75 moves each without a capture or a pawn move.",
    threefold: () => "Draw: the same position came three times.",
    "fifty-moves": () => "Draw: 50 moves each without a capture or a pawn move.",
    resignation: (w) => `${SIDE[w]} wins: the other side resigned.`,
    agreement: () => "Draw by agreement.",
    timeout: (w) => `${SIDE[w]} wins on time.`,
    "timeout-insufficient-material": () => "Draw: time ran out, but nobody could checkmate.",
  },
};
