// Words for <chess-tutor>, in English and Russian. Piece names and formulas are NOT here: they
// come from the rules' formulas() table, so new pieces need no change in this file.

const PLURAL = {};
const plural = (lang, n) => (PLURAL[lang] ??= new Intl.PluralRules(lang)).select(n);

/** "2 moves" / "2 хода" / "5 ходов" / "1 ход" — Intl.PluralRules picks the form. */
const countMoves = {
  en: (n) => `${n} ${plural("en", n) === "one" ? "move" : "moves"}`,
  ru: (n) => `${n} ${{ one: "ход", few: "хода" }[plural("ru", n)] ?? "ходов"}`,
};

const SIDE = {
  en: { white: "White", black: "Black" },
  // "белых" / "чёрных" (genitive): "пешка белых", "ход белых" — no grammatical gender needed.
  ru: { white: "белых", black: "чёрных" },
};

export const STRINGS = {
  en: {
    board: "Chessboard",
    loading: "Loading the chess rules…",
    empty: "empty",
    cell: (square, piece, color) => (piece ? `${square}, ${color} ${piece}` : `${square}, empty`),
    targetSuffix: {
      move: "can move here",
      capture: "can capture here",
      castle: "castling here",
      "en-passant": "en passant capture here",
      promotion: "pawn promotes here",
    },
    color: { white: "white", black: "black" },
    turn: (side) => `${SIDE.en[side]} to move`,
    check: "Check!",
    selected: (piece, square, n) => `${piece} on ${square}: ${countMoves.en(n)}`,
    countMoves: countMoves.en,
    noMoves: (piece, square) => `${piece} on ${square} has no moves right now — try another piece.`,
    emptySquare: "This square is empty — pick one of your pieces.",
    enemyPiece: (owner, turn) => `That is ${SIDE.en[owner]}’s piece — it is ${SIDE.en[turn]}’s turn.`,
    notThere: (square) => `It cannot go to ${square} — pick a square with a marker.`,
    gameIsOver: "The game is over. Press “New game” or “Undo”.",
    moved: (side, piece, from, to, capture) => `${SIDE.en[side]}: ${piece.toLowerCase()} ${from}${capture ? " takes " : "–"}${to}`,
    castles: "castling",
    becomes: (piece) => `now a ${piece.toLowerCase()}`,
    undone: (text) => `Move taken back: ${text}`,
    redone: (text) => `Move played again: ${text}`,
    newGame: "New game. White to move.",
    pickHint: "Click a piece to see how it moves.",
    pickHintTouch: "Tap a piece to see how it moves.",
    targetHint: "Point at a marker to see n, ΔI and ΔJ.",
    target: (square) => `Target ${square}`,
    played: (square) => `Move to ${square}`,
    castling: "Castling: the king goes two squares, the rook jumps over it.",
    enPassant: (square) => `En passant: the pawn on ${square} is taken.`,
    promotes: "The pawn reaches the last row and becomes a new piece.",
    nRange: (max, fromStart) =>
      fromStart ? `n = 1, or up to ${fromStart} from the start row` : max > 1 ? `n = 1…${max}` : "n = 1",
    mode: { "capture-only": "only to capture", "move-only": "only to an empty square" },
    jumps: "jumps over pieces",
    position: (i, j) => `i = ${i}, j = ${j}`,
    choose: "Choose a new piece",
    cancel: "Cancel",
    undo: "Undo",
    redo: "Redo",
    reset: "New game",
    flip: "Flip board",
    moves: "Moves",
    badPosition: (message) => `This position could not be read: ${message}`,
    over: {
      checkmate: (w) => `Checkmate! ${SIDE.en[w]} wins.`,
      stalemate: () => "Stalemate: no legal move, but no check either. It is a draw.",
      "insufficient-material": () => "Draw: nobody can checkmate any more (a dead position).",
      fivefold: () => "Draw: the same position came five times.",
      "seventy-five-moves": () => "Draw: 75 moves each without a capture or a pawn move.",
      threefold: () => "Draw: the same position came three times.",
      "fifty-moves": () => "Draw: 50 moves each without a capture or a pawn move.",
      resignation: (w) => `${SIDE.en[w]} wins: the other side resigned.`,
      agreement: () => "Draw by agreement.",
      timeout: (w) => `${SIDE.en[w]} wins on time.`,
      "timeout-insufficient-material": () => "Draw: time ran out, but nobody could checkmate.",
    },
    drawn: "It is a draw.",
  },
  ru: {
    board: "Шахматная доска",
    loading: "Загружаем правила шахмат…",
    empty: "пусто",
    cell: (square, piece, color) => (piece ? `${square}, ${piece.toLowerCase()} ${color}` : `${square}, пусто`),
    targetSuffix: {
      move: "можно пойти сюда",
      capture: "можно взять",
      castle: "рокировка сюда",
      "en-passant": "взятие на проходе",
      promotion: "здесь пешка превращается",
    },
    color: SIDE.ru,
    turn: (side) => `Ход ${SIDE.ru[side]}`,
    check: "Шах!",
    selected: (piece, square, n) => `${piece} на ${square}: ${countMoves.ru(n)}`,
    countMoves: countMoves.ru,
    noMoves: (piece, square) => `${piece} на ${square}: сейчас ходов нет — попробуй другую фигуру.`,
    emptySquare: "Эта клетка пустая — выбери свою фигуру.",
    enemyPiece: (owner, turn) => `Это фигура ${SIDE.ru[owner]} — сейчас ход ${SIDE.ru[turn]}.`,
    notThere: (square) => `На ${square} пойти нельзя — выбери клетку с меткой.`,
    gameIsOver: "Партия окончена. Нажми «Новая игра» или «Назад».",
    moved: (side, piece, from, to, capture) => `Ход ${SIDE.ru[side]}: ${piece.toLowerCase()} ${from}${capture ? " берёт " : "–"}${to}`,
    castles: "рокировка",
    becomes: (piece) => `теперь это ${piece.toLowerCase()}`,
    undone: (text) => `Ход отменён: ${text}`,
    redone: (text) => `Ход повторён: ${text}`,
    newGame: "Новая игра. Ход белых.",
    pickHint: "Нажми на фигуру — увидишь, как она ходит.",
    pickHintTouch: "Коснись фигуры — увидишь, как она ходит.",
    targetHint: "Наведи на метку — увидишь n, ΔI и ΔJ.",
    target: (square) => `Клетка ${square}`,
    played: (square) => `Ход на ${square}`,
    castling: "Рокировка: король идёт на две клетки, ладья перепрыгивает через него.",
    enPassant: (square) => `Взятие на проходе: бьём пешку на ${square}.`,
    promotes: "Пешка дошла до последнего ряда и превращается в другую фигуру.",
    nRange: (max, fromStart) =>
      fromStart ? `n = 1, с начального ряда — до ${fromStart}` : max > 1 ? `n = 1…${max}` : "n = 1",
    mode: { "capture-only": "только со взятием", "move-only": "только на пустую клетку" },
    jumps: "перепрыгивает через фигуры",
    position: (i, j) => `i = ${i}, j = ${j}`,
    choose: "Выбери новую фигуру",
    cancel: "Отмена",
    undo: "Назад",
    redo: "Вперёд",
    reset: "Новая игра",
    flip: "Перевернуть доску",
    moves: "Ходы",
    badPosition: (message) => `Не получилось прочитать позицию: ${message}`,
    over: {
      checkmate: (w) => `Мат! Победа ${SIDE.ru[w]}.`,
      stalemate: () => "Пат: ходить некуда, но и шаха нет. Ничья.",
      "insufficient-material": () => "Ничья: поставить мат уже никто не сможет.",
      fivefold: () => "Ничья: одна и та же позиция повторилась пять раз.",
      "seventy-five-moves": () => "Ничья: 75 ходов подряд без взятий и ходов пешками.",
      threefold: () => "Ничья: одна и та же позиция повторилась три раза.",
      "fifty-moves": () => "Ничья: 50 ходов подряд без взятий и ходов пешками.",
      resignation: (w) => `Победа ${SIDE.ru[w]}: соперник сдался.`,
      agreement: () => "Ничья по согласию.",
      timeout: (w) => `Победа ${SIDE.ru[w]}: у соперника кончилось время.`,
      "timeout-insufficient-material": () => "Ничья: время вышло, но поставить мат было нечем.",
    },
    drawn: "Ничья.",
  },
};

/** `ru` when the browser's language starts with ru, else `en`. */
export function pickLang(value) {
  const lang = (value || globalThis.navigator?.language || "en").toLowerCase();
  return lang.startsWith("ru") ? "ru" : "en";
}

/** A signed number as in the formulas: +1, −1 (a real minus sign), 0. */
export const signed = (x) => (x > 0 ? `+${x}` : x < 0 ? `−${-x}` : "0");

/**
 * Fills in a formula line with numbers: "i1 = i + n·ΔI, j1 = j" with i = 1, j = 4, n = 2,
 * ΔI = 1, ΔJ = 0 gives "i1 = 1 + 2·(+1) = 3, j1 = 4". Works on whatever the rules' text says.
 */
export function substitute(text, { i, j, n, di, dj, i1, j1 }) {
  const delta = (d) => (d === 0 ? "0" : `(${signed(d)})`);
  return text
    .split(", ")
    .map((part) => {
      const [lhs, rhs] = part.split(" = ");
      if (rhs == null) return part;
      const expr = rhs
        .replace(/ΔI/g, delta(di))
        .replace(/ΔJ/g, delta(dj))
        .replace(/(?<![\wΔ])n(?!\w)/g, String(n))
        .replace(/(?<![\wΔ])i(?!\w)/g, String(i))
        .replace(/(?<![\wΔ])j(?!\w)/g, String(j));
      const value = lhs === "i1" ? i1 : lhs === "j1" ? j1 : null;
      return value == null || expr === String(value) ? `${lhs} = ${expr}` : `${lhs} = ${expr} = ${value}`;
    })
    .join(", ");
}
