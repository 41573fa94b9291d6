// @ts-check
// Russian words of the panel's explanation (explain.js): a piece's plain words and its formula's
// notes, a target's way from the piece, the special moves. Loaded when the child first reaches
// for the board, merged under the board's words (a piece set's own words come first).
const plural = new Intl.PluralRules("ru");
// 1 шаг, 3 шага, 5 шагов
const steps = (n) => `${n} ${{ one: "шаг", few: "шага" }[plural.select(n)] ?? "шагов"}`;

export default {
  targetHint: "Наведи на метку или дойди до неё стрелками — увидишь, как далеко.",
  targetHintTouch: "Коснись метки — фигура пойдёт туда.",
  target: (square) => `На ${square}`,
  // rows > 0: вверх на экране, cols > 0: вправо («3 шага вверх и влево»)
  way: (rows, cols) => {
    const [a, b] = [Math.abs(rows), Math.abs(cols)];
    const up = rows > 0 ? "вверх" : "вниз";
    const side = cols > 0 ? "вправо" : "влево";
    if (!b) return `${steps(a)} ${up}`;
    if (!a) return `${steps(b)} ${side}`;
    return a === b ? `${steps(a)} ${up} и ${side}` : `${steps(a)} ${up} и ${b} ${side}`;
  },
  how: {
    king: "Король ходит на одну клетку в любую сторону.",
    queen: "Ферзь ходит по рядам, столбцам и диагоналям.",
    rook: "Ладья ходит по рядам и столбцам.",
    bishop: "Слон ходит по диагоналям.",
    knight: "Конь прыгает буквой «Г»: две клетки прямо и одну вбок.",
    pawn: "Пешка идёт вперёд. Бьёт она на одну клетку вперёд по диагонали.",
  },
  howCounted: "Как это посчитать?",
  // сделанный ход, сказанный как ход (не как совет): «Конь — на a1»
  played: (square, piece) => (piece ? `${piece[0].toUpperCase()}${piece.slice(1)} — на ${square}` : `Сделан ход на ${square}`),
  castling: "Рокировка: король идёт на две клетки, ладья перепрыгивает через него.",
  enPassant: (square) => `Взятие на проходе: бьём пешку на ${square}.`,
  promotes: "Пешка дошла до последнего ряда и превращается в другую фигуру.",
  nRange: (max, fromStart) =>
    fromStart ? `n = 1, с начального ряда — до ${fromStart}` : max > 1 ? `n = 1…${max}` : "n = 1",
  mode: { "capture-only": "только со взятием", "move-only": "только на пустую клетку" },
  jumps: "перепрыгивает через фигуры",
  // пара (i, j) и какое число что значит, в том порядке, как пара читается: ряд, потом столбец
  position: (square, i, j) => `${square}, то есть (${i}, ${j}): ряд ${i}, столбец ${j}`,
};
