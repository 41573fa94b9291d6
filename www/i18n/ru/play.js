// @ts-check
// Русские слова для игры (play.js). Загружается, только когда показан режим игры.
import { plural } from "../i18n.js";

const count = plural("ru");
const SIDE = { white: "Белые", black: "Чёрные" };
const LEVELS = { 1: "Пешечка", 2: "Пешка", 3: "Конь", 4: "Слон", 5: "Ладья", 6: "Ферзь", 7: "Король", 8: "Чемпион" };
const minutes = (n) => count(n, ["минута", "минуты", "минут"]);
const whose = { white: "белых", black: "чёрных" };

export default {
  listen: "Послушать",
  newTitle: "Новая партия",
  modeLegend: "Кто играет?",
  mode: { computer: "Я против компьютера", "two-players": "Двое на одном устройстве" },
  colorLegend: "Мои фигуры",
  color: { white: "Белые ♔", black: "Чёрные ♚", random: "Наугад" },
  levelLegend: "Насколько силён компьютер?",
  levels: LEVELS,
  clockLegend: "Часы",
  noClock: "Без часов",
  preset: (v) => {
    const [m, s] = v.split("+");
    return s === "0" ? minutes(m) : `${minutes(m)} + ${s} с за ход`;
  },
  allowTakeback: "Можно брать ходы назад",
  fromSetup: "Начать с позиции, которую я расставил",
  start: "Играть!",
  cancel: "Вернуться к партии",
  versus: (human, level) => `Ты играешь ${human === "white" ? "белыми" : "чёрными"} против компьютера (уровень ${level}, ${LEVELS[level]})`,
  twoPlayers: "Двое игроков: белые и чёрные ходят по очереди на этом устройстве",
  you: "Ты",
  computerName: (level) => `Компьютер · ${level}`,
  side: SIDE,
  clockLabel: (side) => `Часы ${whose[side]}`,
  thinking: "Компьютер думает…",
  waitTurn: "Подожди: сейчас ход компьютера.",
  started: (mode, human, level) =>
    mode === "computer"
      ? `Новая партия. Ты играешь ${human === "white" ? "белыми" : "чёрными"}, у компьютера уровень ${level}.`
      : "Новая партия для двоих. Начинают белые.",
  takeBack: "Вернуть ход",
  takenBack: "Ход вернули. Твой ход!",
  offerDraw: "Предложить ничью",
  offered: (side) => `${SIDE[side]} предлагают ничью. ${SIDE[side === "white" ? "black" : "white"]}, вы согласны?`,
  accept: "Да, ничья",
  decline: "Нет, играем дальше",
  declined: "От ничьей отказались. Играем дальше!",
  computerDeclines: "Компьютер хочет играть дальше: он не считает, что силы равны.",
  claimThreefold: "Потребовать ничью: позиция повторилась три раза",
  claimFifty: "Потребовать ничью: 50 ходов без взятий и ходов пешкой",
  resign: "Сдаться",
  resignSide: (side) => `${SIDE[side]} сдаются`,
  reallyResign: (side, computer) => (computer ? "Ты правда хочешь сдаться?" : `${SIDE[side]}, вы правда хотите сдаться?`),
  yesResign: "Да, сдаюсь",
  noPlayOn: "Нет, играем дальше",
  newGame: "Новая партия",
  lookAtBoard: "Посмотреть на доску",
  lowTime: (side) => `У ${whose[side]} осталось меньше 10 секунд!`,
  youWin: "Ты победил! 🏆",
  computerWins: "В этот раз победил компьютер",
  wins: (side) => `${SIDE[side]} победили!`,
  drawTitle: "Ничья",
  // почему партия кончилась (через say(): { loser } — проигравшая сторона)
  reason: {
    checkmate: ({ loser }) => `Мат: ${loser === "black" ? "чёрному" : "белому"} королю некуда деться.`,
    stalemate: "Пат: ходить некуда, но шаха нет. Это ничья.",
    "insufficient-material": "Ни у кого не осталось фигур, чтобы поставить мат.",
    fivefold: "Одна и та же позиция повторилась пять раз.",
    "seventy-five-moves": "75 ходов подряд без взятий и ходов пешкой.",
    threefold: "Позиция повторилась три раза, и ничью потребовали.",
    "fifty-moves": "50 ходов без взятий и ходов пешкой, и ничью потребовали.",
    resignation: ({ loser }) => `${SIDE[loser]} сдались.`,
    agreement: "Игроки согласились на ничью.",
    timeout: ({ loser }) => `У ${whose[loser]} кончилось время.`,
    "timeout-insufficient-material": "Время кончилось, но у соперника не хватало фигур, чтобы поставить мат.",
  },
  engineFailed: (message) => `Компьютер сейчас не может играть (${message}). Начни новую партию или сыграй с другом.`,
  notKept: {
    quota: "В браузере не осталось места, чтобы сохранить эту партию, и она пропадёт, когда страница закроется. Взрослый может освободить место в настройках браузера.",
    other: "Браузер не смог сохранить эту партию, и она пропадёт, когда страница закроется.",
  },
  savedBroken: (why) => `Сохранённую партию не удалось прочитать${why ? ` (${why})` : ""}. Мы отложили её в сторону; вот новая партия.`,
  saveLoad: "Сохранить и загрузить",
  exportPgn: "PGN",
  exportFen: "FEN",
  exportBoard: "Доска текстом",
  download: "Скачать файл PGN",
  copied: (kind) => `${kind === "board" ? "Доска текстом" : kind.toUpperCase()} — скопировано и показано ниже.`,
  shown: (kind) => `${kind === "board" ? "Доска текстом" : kind.toUpperCase()} — показано ниже: выдели и скопируй.`,
  textLabel: "Партия (PGN), позиция (FEN) или доска текстом из 8 строк:",
  textPlaceholder: "Вставь сюда PGN, FEN или 8 строк вроде rnbqkbnr",
  load: "Загрузить",
  pasteFirst: "Сначала вставь в поле PGN, FEN или доску текстом.",
  loaded: "Загружено. Играем дальше!",
  badSetup: (message) => `С этой позиции нельзя играть: ${message}`,
  needKings: "для партии нужны белый и чёрный король",
  setup: "Расставить позицию…",
};
