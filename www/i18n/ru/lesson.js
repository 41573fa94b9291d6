// @ts-check
// Русские слова для проигрывателя уроков (lesson.js). Загружается, только когда показан урок.
import { plural } from "../../i18n.js";

/** forms: [one, few, many] — "1 ход", "2 хода", "5 ходов" (Intl.PluralRules picks). */
const count = plural("ru");
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
    // proper: имя фигуры из набора (Принц) — как написано
    targets: (piece, square, proper) => `Куда может пойти ${proper ? piece : piece.toLowerCase()} с ${square}? Нажми на все такие клетки!`,
    win: () => "Выиграй партию!",
    draw: (n) => (n ? `Продержись ${moves(n)}!` : "Не проиграй: сделай ничью!"),
    check: (n) => `Объяви шах за ${moves(n)}!`,
    show: () => "Читай, смотри и ходи по стрелкам!",
    escape: (square) => `На фигуру на ${square} напали: спаси её!`,
    keep_pieces: (n) => `Сыграй ${moves(n)} и не потеряй ни одной фигуры!`,
  },
  starsLeft: (n) => `${count.select(n) === "one" ? "Осталась" : "Осталось"} ${stars(n)}`,
  found: (k, n) => `Найдено: ${k} из ${n}`,
  moves: (n) => `Ходов: ${n}`,
  mistakes: (n) => `Ошибок: ${n}`,
  parMoves: (n) => `★★★ за ${moves(n)}`,
  parMistakes: (n) => (n ? `★★★, если ошибок не больше ${n}` : "★★★ без ошибок"),
  yourMoves: "Ходы",
  hint: "Подсказка",
  retry: "Ещё раз",
  next: "Дальше",
  show: {
    step: (k, n) => `Шаг ${k} из ${n}`,
    doMove: "Сделай ход по стрелке.",
    next: "Дальше",
  },
  noHint: "Подсказок больше нет — у тебя получится!",
  hintPiece: "Посмотри на эту фигуру.",
  hintMove: "Попробуй ход по стрелке.",
  ask: {
    canCapture: (piece, from, to) => `Может ли ${piece} с ${from} взять фигуру на ${to}?`,
    yesNo: ["Да, может", "Нет, не может"],
    stronger: (square) => `У кого больше силы на ${square}?`,
    sides: ["У белых", "У чёрных", "Поровну"],
  },
  chooseBelow: "Выбери ответ большой кнопкой.",
  // рука, которая показывает первый ход (первый урок раздела): убрать её
  handSkip: "Пропустить",
  replying: (side) => `${side === "white" ? "Белые" : "Чёрные"} думают…`,
  right: (square) => `${square}: да!`,
  oops: "Ой!",
  pressRetry: "Нажми «Ещё раз» и попробуй снова.",
  done: { 3: "Отлично!", 2: "Молодец!", 1: "Получилось!" },
  starsWon: (n) => `У тебя ${stars(n)}`,
  usedMoves: (n) => `${count.select(n) === "one" ? "Понадобился" : "Понадобилось"} ${moves(n)}.`,
  tookBack: (n, cost) => `Ходов взято назад: ${n}` + (cost ? ` — за это ${cost === 1 ? "минус звезда" : `минус ${stars(cost)}`}.` : "."),
  usedMistakes: (n, hints = 0) => (n ? `${mistakes(n)}.` : hints ? "" : "Без ошибок!"),
  hintsShown: (n) => `Подсказка показала ход${n === 1 ? "" : ` ${count(n, ["раз", "раза", "раз"])}`}.`,
  better: (par) => `Попробуй за ${moves(par)} — будет ★★★!`,
  betterMistakes: "Попробуй без ошибок — будет ★★★!",
  betterNoHint: "Попробуй без подсказки — будет ★★★!",
  best: (n) => `Твой рекорд: ${stars(n)}`,
  learnedLabel: "Чему мы научились",
  newBest: "Новый рекорд!",
  starLabel: (on) => (on ? "звезда получена" : "звезда ещё не получена"),
  // what a mark on the board means, in its square's name for a screen reader («а5, пусто, звезда»)
  mark: {
    star: "звезда",
    found: "найдено",
    wrong: "не та клетка",
    quizPiece: "фигура из вопроса",
    hintPiece: "подсказка: эта фигура",
    hintTo: "подсказка: иди сюда",
    moveTo: "стрелка: иди сюда",
    attacked: "под ударом",
    arrow: "сюда указывает стрелка",
    marked: "отмечено",
    key: "ключевое поле",
    between: "между королями",
  },
  // the stars could not be kept (progress.js: a full storage, or one that does not keep what is written)
  notKept: {
    quota: "В браузере не осталось места для твоих звёзд, и они пропадут, когда страница закроется. Взрослый может освободить место в настройках браузера.",
    other: "Браузер не смог сохранить твои звёзды, и они пропадут, когда страница закроется.",
  },
  error: {
    title: "Ой! Этот урок не открывается.",
    missing: (file, status) => `Файл урока ${file} не найден (HTTP ${status}).`,
    network: (file) => `Не получилось загрузить урок ${file}. Проверь интернет и попробуй ещё раз.`,
    broken: (file) => `В файле урока ${file} есть ошибки:`,
    rules: (message) => `Не получилось загрузить шахматные правила: ${message}`,
    grownup: "Попроси взрослого посмотреть файл.",
    reload: "Попробовать ещё раз",
  },
  eg: {
    short: { win: "победа", draw: "ничья", loss: "поражение" },
    verdict: {
      win: "Ты выиграешь, если будешь играть хорошо",
      draw: "Ничья, если обе стороны играют хорошо",
      loss: "Ты проиграешь, если соперник будет играть хорошо",
    },
    queened: {
      win: "Пешка стала ферзём: победа!",
      draw: "Ничья, если обе стороны играют хорошо",
      loss: "Пешка стала ферзём: проигрыш, если соперник играет хорошо",
    },
    inMoves: (n) => `ферзь или мат через ${moves(n)}`,
    before: "До твоего хода",
    after: "После него",
    changed: "Этот ход упустил результат.",
    best: "Один из лучших ходов!",
    kept: "Результат тот же, но был путь быстрее.",
    aidsLabel: "Нарисовать на доске",
    aids: { square: "Квадрат пешки", opposition: "Оппозиция", keys: "Ключевые поля" },
    noPawn: "На доске нет пешек.",
    square: (p) => {
      const pawn = `${p.color === "white" ? "белой" : "чёрной"} пешки ${p.pawn}`;
      const king = p.color === "white" ? "чёрный король" : "белый король";
      const blocked = p.path_free ? "" : " (на пути пешки кто-то стоит)";
      if (!p.defender) return `Квадрат ${pawn}.`;
      if (p.inside) return `Квадрат ${pawn}: ${king} внутри — он догонит пешку${blocked}.`;
      if (p.catches) return `Квадрат ${pawn}: ${king} в одном шаге, и сейчас его ход — он войдёт в квадрат и догонит пешку.`;
      return `Квадрат ${pawn}: ${king} снаружи — пешка убегает в ферзи${blocked}.`;
    },
    opposition: (o) => {
      const kind = { direct: "Прямая", distant: "Дальняя", diagonal: "Диагональная" }[o.kind];
      const holder = o.holder === "white" ? "белые" : "чёрные";
      const other = o.holder === "white" ? "Чёрные" : "Белые";
      return `${kind} оппозиция: её держат ${holder}. ${other} должны ходить и уступить дорогу.`;
    },
    noOpposition: "Сейчас короли не стоят в оппозиции.",
    keys: (square, color, keys) =>
      `Ключевые поля ${color === "white" ? "белой" : "чёрной"} пешки ${square}: ${keys.join(", ")}. Если ${color === "white" ? "белый" : "чёрный"} король встанет на одно из них, пешка пройдёт в ферзи.`,
    takeBack: "Вернуть ход",
    watch: "Показать почему",
    watchingButton: "Смотрим…",
    watching: "Смотри, как ответит соперник…",
    watched: "Вот почему. Верни ход и попробуй другой!",
    tryOther: "Ход вернули. Попробуй другой!",
    pressTakeBack: "Верни ход и попробуй другой — или нажми «Показать почему».",
    startOver: "Начать заново",
  },
  countMoves: moves,
  countStars: stars,
};
