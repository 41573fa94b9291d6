// Russian words for the end of a game on <chess-tutor> (chess-tutor.js asks for them at the first
// click on the board, or when a lesson or game mode starts: the first paint does without them).
import { SIDE } from "./board.js";

export default {
  over: {
    checkmate: (w) => `Мат! Победа ${SIDE[w]}.`,
    stalemate: () => "Пат: ходить некуда, но и шаха нет. Ничья.",
    "insufficient-material": () => "Ничья: поставить мат уже никто не сможет.",
    fivefold: () => "Ничья: одна и та же позиция повторилась пять раз.",
    "seventy-five-moves": () => "Ничья: 75 ходов подряд без взятий и ходов пешками.",
    threefold: () => "Ничья: одна и та же позиция повторилась три раза.",
    "fifty-moves": () => "Ничья: 50 ходов подряд без взятий и ходов пешками.",
    resignation: (w) => `Победа ${SIDE[w]}: соперник сдался.`,
    agreement: () => "Ничья по согласию.",
    timeout: (w) => `Победа ${SIDE[w]}: у соперника кончилось время.`,
    "timeout-insufficient-material": () => "Ничья: время вышло, но поставить мат было нечем.",
  },
};
