// Russian words for <chess-setup> (setup.js). Loaded only when used (i18n.js loadWords).
import { plural } from "../../i18n.js";

// 1 пешка, 2 пешки, 5 пешек, 21 пешка
const count = plural("ru");
const cap = (s) => s[0].toUpperCase() + s.slice(1);
// genitive: "ход белых"; nominative: "белые"
const OF = { white: "белых", black: "чёрных" };
const WHO = { white: "Белые", black: "Чёрные" };
// adjective agrees with the piece: "белая ладья", "чёрный конь"
const PIECE = { k: ["король", 0], q: ["ферзь", 0], r: ["ладья", 1], b: ["слон", 0], n: ["конь", 0], p: ["пешка", 1] };
const ADJ = { white: ["белый", "белая"], black: ["чёрный", "чёрная"] };
// "сделать короткую рокировку"; "Белые: короткая рокировка"
const WING = { king: "короткую рокировку (O-O)", queen: "длинную рокировку (O-O-O)" };
const WING_NAME = { king: "короткая рокировка (O-O)", queen: "длинная рокировка (O-O-O)" };
// поля FEN по номеру (1: фигуры)
const FIELD = [null, "фигуры", "очередь хода", "рокировка", "взятие на проходе", "счётчик полуходов", "номер хода"];
const SQUARES = { one: "клетка", few: "клетки", many: "клеток" };
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
  legal: "Позиция правильная.",
  illegal: "Так не бывает:",
  status: "Проверка позиции",
  reason: {
    "pawn-edge": (square) => `Пешка не может стоять на ${square}: на 1-й и 8-й горизонтали пешек не бывает.`,
    kings: (color, n) => `У ${OF[color]} ${count(n, { one: "король", few: "короля", many: "королей" })}, а король бывает только один.`,
    pawns: (color, n) => `У ${OF[color]} ${count(n, { one: "пешка", few: "пешки", many: "пешек" })}, а больше 8 не бывает.`,
    pieces: (color, n) => `У ${OF[color]} ${count(n, { one: "фигура", few: "фигуры", many: "фигур" })}, а больше 16 не бывает.`,
    "castle-king": (color, wing, square) => `${WHO[color]} не могут сделать ${WING[wing]}: короля нет на ${square}.`,
    "castle-rook": (color, wing, square) => `${WHO[color]} не могут сделать ${WING[wing]}: нет ладьи на ${square}.`,
    "en-passant": (square, color) => `Взятие на проходе на ${square} невозможно: ни одна пешка ${OF[color]} не перепрыгивала через эту клетку.`,
    check: (color, square, turn) =>
      `${cap(ADJ[color][0])} король на ${square} под шахом, а ход ${OF[turn]} — короля можно было бы съесть! Поменяй очередь хода или переставь фигуры.`,
    empty: () => "Тут пока ничего не написано.",
    ranks: (n) => `В FEN 8 горизонталей через «/», а здесь ${n}.`,
    "rank-short": (rank, n) => `На ${rank}-й горизонтали ${count(+n, SQUARES)}, а должно быть 8.`,
    "rank-long": (rank) => `На ${rank}-й горизонтали больше 8 клеток.`,
    "bad-digit": (rank, ch) => `${rank}-я горизонталь: «${ch}» — не число пустых клеток (1–8).`,
    "bad-letter": (rank, ch) => `${rank}-я горизонталь: «${ch}» — не буква фигуры (K Q R B N P, k q r b n p) и не число.`,
    "bad-char": (ch) => `«${ch}» — не буква фигуры (K Q R B N P, k q r b n p) и не точка.`,
    "side-letter": (ch) => `Чей ход — пишется «w» или «b», а не «${ch}».`,
    "castle-letter": (ch) => `«${ch}» — не право рокировки: пиши K, Q, k, q или «-».`,
    "castle-twice": (ch) => `«${ch}» написано дважды.`,
    "ep-square": (text) => `«${text}» — не клетка: напиши клетку, например e3, или «-».`,
    halfmove: (text) => `«${text}» — не число полуходов.`,
    fullmove: (text) => `«${text}» — не номер хода (1 или больше).`,
    fields: (n) => `В FEN не больше 6 частей, а здесь ${n}.`,
    lines: (n) => `На доске текстом 8 строк по 8 клеток, а здесь строк: ${n}.`,
    "line-length": (rank, n) => `На ${rank}-й горизонтали ${count(+n, SQUARES)}: напиши 8 знаков.`,
    "extra-lines": () => "На доске текстом 8 строк и ещё не больше одной строки с остальным из FEN.",
  },
  where: { line: (n, col) => `Строка ${n}${col ? `, столбец ${col}` : ""}`, field: (n) => `FEN, ${FIELD[n] ?? n}` },
  note: {
    noKing: (color) => `У ${OF[color]} нет короля. Для упражнения можно, но для настоящей партии нужны оба короля.`,
    noKings: "Королей нет. Для упражнения можно, но для настоящей партии нужны оба короля.",
    check: (color) => `${WHO[color]} под шахом.`,
    checkmate: (color) => `${WHO[color]} получили мат: партия была бы окончена.`,
    stalemate: (color) => `Пат: у ${OF[color]} нет ходов, партия была бы ничьей.`,
  },
};
