// Русские слова для проигрывателя уроков (lesson.js). Загружается, только когда показан урок.
const plural = new Intl.PluralRules("ru");
/** forms: [one, few, many] — "1 ход", "2 хода", "5 ходов" (Intl.PluralRules picks). */
const count = (n, [one, few, many]) => `${n} ${{ one, few }[plural.select(n)] ?? many}`;
const moves = (n) => count(n, ["ход", "хода", "ходов"]);
const stars = (n) => count(n, ["звезда", "звезды", "звёзд"]);
const mistakes = (n) => count(n, ["ошибка", "ошибки", "ошибок"]);

export default {
  loading: "Загружаем урок…",
  start: "Начать!",
  goalLabel: "Задание",
  goal: {
    stars: () => "Собери все звёзды!",
    capture_all: () => "Возьми все чужие фигуры!",
    reach: (square) => `Приведи фигуру на ${square}!`,
    promote: () => "Доведи пешку до последнего ряда!",
    mate: (n) => `Поставь мат в ${moves(n)}!`,
    best_move: () => "Найди лучший ход!",
    targets: (piece, square) => `Куда может пойти ${piece.toLowerCase()} с ${square}? Нажми на все такие клетки!`,
    win: () => "Выиграй партию!",
    draw: (n) => (n ? `Продержись ${moves(n)}!` : "Не проиграй: сделай ничью!"),
  },
  starsLeft: (n) => `${plural.select(n) === "one" ? "Осталась" : "Осталось"} ${stars(n)}`,
  found: (k, n) => `Найдено: ${k} из ${n}`,
  moves: (n) => `Ходов: ${n}`,
  mistakes: (n) => `Ошибок: ${n}`,
  parMoves: (n) => `★★★ за ${moves(n)}`,
  parMistakes: (n) => (n ? `★★★, если ошибок не больше ${n}` : "★★★ без ошибок"),
  yourMoves: "Ходы",
  hint: "Подсказка",
  retry: "Ещё раз",
  next: "Дальше",
  noHint: "Подсказок больше нет — у тебя получится!",
  hintPiece: "Посмотри на эту фигуру.",
  hintMove: "Попробуй ход по стрелке.",
  chooseBelow: "Выбери ответ большой кнопкой.",
  replying: (side) => `${side === "white" ? "Белые" : "Чёрные"} думают…`,
  right: (square) => `${square}: да!`,
  oops: "Ой!",
  pressRetry: "Нажми «Ещё раз» и попробуй снова.",
  done: { 3: "Отлично!", 2: "Молодец!", 1: "Получилось!" },
  starsWon: (n) => `У тебя ${stars(n)}`,
  usedMoves: (n) => `${plural.select(n) === "one" ? "Понадобился" : "Понадобилось"} ${moves(n)}.`,
  usedMistakes: (n) => (n ? `${mistakes(n)}.` : "Без ошибок!"),
  better: (par) => `Попробуй за ${moves(par)} — будет ★★★!`,
  betterMistakes: "Попробуй без ошибок — будет ★★★!",
  best: (n) => `Твой рекорд: ${stars(n)}`,
  newBest: "Новый рекорд!",
  starLabel: (on) => (on ? "звезда получена" : "звезда ещё не получена"),
  error: {
    title: "Ой! Этот урок не открывается.",
    missing: (file, status) => `Файл урока ${file} не найден (HTTP ${status}).`,
    network: (file) => `Не получилось загрузить урок ${file}. Проверь интернет и попробуй ещё раз.`,
    broken: (file) => `В файле урока ${file} есть ошибки:`,
    rules: (message) => `Не получилось загрузить шахматные правила: ${message}`,
    grownup: "Попроси взрослого посмотреть файл.",
    reload: "Попробовать ещё раз",
  },
  countMoves: moves,
  countStars: stars,
};
