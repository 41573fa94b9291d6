// @ts-check
// Russian words for <chess-setup> (setup.js). Loaded only when used (i18n.js loadWords).
const cap = (s) => s[0].toUpperCase() + s.slice(1);
// genitive: "ход белых"; nominative: "белые"
const OF = { white: "белых", black: "чёрных" };
const WHO = { white: "Белые", black: "Чёрные" };
// adjective agrees with the piece: "белая ладья", "чёрный конь"
const PIECE = { k: ["король", 0], q: ["ферзь", 0], r: ["ладья", 1], b: ["слон", 0], n: ["конь", 0], p: ["пешка", 1] };
const ADJ = { white: ["белый", "белая"], black: ["чёрный", "чёрная"] };
// "Белые: короткая рокировка"
const WING_NAME = { king: "короткая рокировка (O-O)", queen: "длинная рокировка (O-O-O)" };
// "белая пешка убрана", "белый конь убран"
const gone = (name) => `${name} убран${/[ая]$/.test(name) ? "а" : ""}`;

export default {
  board: "Доска для расстановки позиции",
  piece: (color, kind) => `${ADJ[color][PIECE[kind][1]]} ${PIECE[kind][0]}`,
  cell: (square, piece) => `${square}, ${piece ?? "пусто"}`,
  problemHere: "здесь ошибка",
  palette: "Фигуры, которые можно поставить на доску",
  eraser: "Ластик",
  hintNone: "Выбери фигуру и нажимай на клетки — она встанет туда.",
  hintPiece: (name) => `${cap(name)}: нажми на клетку — фигура встанет туда, нажми ещё раз — уберётся.`,
  hintEraser: "Ластик: нажми на фигуру, чтобы убрать её.",
  hintMore: "Фигуры можно перетаскивать, а утащив за доску — убрать. Правая кнопка мыши тоже убирает фигуру.",
  pickFirst: "Сначала выбери фигуру или ластик под доской.",
  placed: (name, square) => `${cap(name)} на ${square}`,
  replaced: (name, square, old) => `${cap(name)} на ${square}, ${gone(old)}`,
  removed: (name, square) => `${cap(gone(name))} с ${square}`,
  moved: (name, from, to) => `${cap(name)}: ${from} → ${to}`,
  alreadyEmpty: (square) => `${square} уже пустая`,
  start: "Начальная позиция",
  clear: "Пустая доска",
  flip: "Перевернуть доску",
  startDone: "Фигуры стоят как в начале партии",
  clearDone: "Доска пустая",
  flipDone: (side) => `Теперь внизу ${side === "white" ? "белые" : "чёрные"} фигуры`,
  toMove: "Чей ход?",
  side: WHO,
  sideDone: (side) => `Ход ${OF[side]}`,
  castling: "Рокировка",
  castle: { K: "O-O", Q: "O-O-O", k: "O-O", q: "O-O-O" },
  castleLabel: (color, wing) => `${WHO[color]}: ${WING_NAME[wing]}`,
  castleDone: (label, on) => `${label}: ${on ? "можно" : "нельзя"}`,
  castleHint: "Только если король и эта ладья ещё стоят на своих местах.",
  enPassant: "Взятие на проходе",
  noEnPassant: "нет",
  enPassantDone: (square) => (square ? `Взятие на проходе на ${square}` : "Без взятия на проходе"),
  counters: "Счётчики ходов",
  halfmove: "Полуходов без взятий и ходов пешками",
  fullmove: "Номер хода",
  fen: "FEN",
  textBoard: "Доска текстом",
  textHint: "8 строк, сверху 8-я горизонталь: K Q R B N P — белые, k q r b n p — чёрные, точка — пустая клетка. В 9-й строке можно написать, чей ход, и остальное из FEN, например b KQkq - 0 1.",
  copy: "Копировать",
  copied: "Скопировано!",
  copyFailed: "Не получилось скопировать: текст выделен, нажми Ctrl+C.",
  play: "Играть с этой позиции",
  rulesFailed: "Не удалось загрузить правила шахмат.",
  legal: "Позиция правильная.",
  illegal: "Так не бывает:",
  status: "Проверка позиции",
  note: {
    noKing: (color) => `У ${OF[color]} нет короля. Для упражнения можно, но для настоящей партии нужны оба короля.`,
    noKings: "Королей нет. Для упражнения можно, но для настоящей партии нужны оба короля.",
    check: (color) => `${WHO[color]} под шахом.`,
    checkmate: (color) => `${WHO[color]} получили мат: партия была бы окончена.`,
    stalemate: (color) => `Пат: у ${OF[color]} нет ходов, партия была бы ничьей.`,
  },
};
