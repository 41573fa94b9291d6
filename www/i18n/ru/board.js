// @ts-check
// Russian words for <chess-tutor> (piece names: formulas()). Loaded only when used.
import language from "./language.js";
const plural = new Intl.PluralRules("ru");
// genitive: "пешка белых", "ход белых" (no grammatical gender needed)
const SIDE = { white: "белых", black: "чёрных" };
// 1 ход, 2 хода, 5 ходов, 21 ход
const countMoves = (n) => `${n} ${{ one: "ход", few: "хода" }[plural.select(n)] ?? "ходов"}`;

// the piece names (ids of Rust's catalogue): the board's square labels need them before any
// message does; messages-core.js takes them from here
export const PIECES = { "piece-pawn": "пешка", "piece-knight": "конь", "piece-bishop": "слон", "piece-rook": "ладья", "piece-queen": "ферзь", "piece-king": "король" };

export default {
  ...PIECES,
  // the piece letters of the language's notation (the move list): language.js
  ...language,
  board: "Шахматная доска",
  cell: (square, piece, color) => (piece ? `${square}, ${piece.toLowerCase()} ${color}` : `${square}, пусто`),
  targetSuffix: {
    move: "можно пойти сюда",
    capture: "можно взять",
    castle: "рокировка сюда",
    "en-passant": "взятие на проходе",
    promotion: "здесь пешка превращается",
  },
  color: SIDE,
  turn: (side) => `Ход ${SIDE[side]}`,
  check: "Шах!",
  selected: (piece, square, n) => `${piece} на ${square}: ${countMoves(n)}`,
  countMoves,
  noMoves: (piece, square) => `${piece} на ${square}: сейчас ходов нет — попробуй другую фигуру.`,
  emptySquare: "Эта клетка пустая — выбери свою фигуру.",
  enemyPiece: (owner, turn) => `Это фигура ${SIDE[owner]} — сейчас ход ${SIDE[turn]}.`,
  notThere: (square) => `На ${square} пойти нельзя — выбери клетку с меткой.`,
  // партия окончена: свои кнопки виджета (undo: ход можно вернуть) или никаких
  gameIsOver: (undo) => (undo ? "Партия окончена. Нажми «Новая игра» или «Назад»." : "Партия окончена. Нажми «Новая игра»."),
  overDone: "Партия окончена.",
  moved: (side, piece, from, to, capture) => `Ход ${SIDE[side]}: ${piece.toLowerCase()} ${from}${capture ? " берёт " : "–"}${to}`,
  castles: "рокировка",
  becomes: (piece) => `теперь это ${piece.toLowerCase()}`,
  undone: (text) => `Ход отменён: ${text}`,
  pickHint: "Нажми на фигуру — увидишь, как она ходит.",
  pickHintTouch: "Коснись фигуры — увидишь, как она ходит.",
  overHint: (undo) => (undo ? "Партия окончена. Можно начать новую или вернуть ход." : "Партия окончена. Можно начать новую."),
  close: "Закрыть",
  choose: "Выбери новую фигуру",
  cancel: "Отмена",
  undo: "Назад",
  redo: "Вперёд",
  reset: "Новая игра",
  flip: "Перевернуть доску",
  moves: "Ходы",
  rulesFailed: "Не удалось загрузить правила шахмат.",
  badPosition: (message) => `Не получилось прочитать позицию: ${message}`,
  over: {
    checkmate: (w) => `Мат! Победа ${SIDE[w]}.`,
    stalemate: () => "Пат: ходить некуда, но и шаха нет. Ничья.",
    "insufficient-material": () => "Ничья: поставить мат уже никто не сможет.",
    fivefold: () => "Ничья: одна и та же позиция повторилась пять раз.",
    "seventy-five-moves": () => "Ничья: 75 ходов подряд без взятий и ходов пешками.",
    threefold: () => "Ничья: позиция повторилась три раза, и ничью потребовали.",
    "fifty-moves": () => "Ничья: 50 ходов без взятий и ходов пешками, и ничью потребовали.",
    resignation: (w) => `Победа ${SIDE[w]}: соперник сдался.`,
    agreement: () => "Ничья по согласию.",
    timeout: (w) => `Победа ${SIDE[w]}: у соперника кончилось время.`,
    "timeout-insufficient-material": () => "Ничья: время вышло, но поставить мат было нечем.",
  },
};
