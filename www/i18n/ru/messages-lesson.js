// @ts-check
// Rust's messages of the lesson player, the endgame judge and its ideas, the endgame solver:
// Russian. Keyed by the ids of crate/src/message/en.rs (tests/js/messages.test.mjs checks every id
// has words). Short, warm and gender-neutral: "оппозиция отдана", not "ты отдал".
import { PIECE } from "./messages-core.js";
import language from "./language.js";
import { lettersIn, sanIn } from "../i18n.js";
import explain from "./explain.js";

const plural = new Intl.PluralRules("ru");
const moves = (n) => `${n} ${{ one: "ход", few: "хода" }[plural.select(n)] ?? "ходов"}`;
const cap = (s) => s[0].toUpperCase() + s.slice(1);
const piece = (kind) => PIECE[kind]?.[0] ?? kind;
const OF = { white: "белых", black: "чёрных" };
// a move in Russian letters (Лxa8): the letters of language.js
const LETTERS = lettersIn(language, "ru");
const san = (move) => sanIn(LETTERS, move);
const WHO = { white: "белые", black: "чёрные" };
// где клетка, как ребёнок видит доску, словами доски («2 шага вниз»)
// from the squares' names (a file a–h, a rank 1–8); a.flip: the board is turned (Black below)
const way = (a) => {
  const turn = a.flip ? -1 : 1;
  const [to, at] = [a.to, a.square].map((sq) => [sq.charCodeAt(1), sq.charCodeAt(0)]);
  return explain.way((at[0] - to[0]) * turn, (at[1] - to[1]) * turn);
};
const AIM = {
  star: (a) => `Звезда на ${a.square}: оттуда ${way(a)}`,
  reach: (a) => `Цель — клетка ${a.square}: оттуда ${way(a)}`,
  capture: (a) => `Фигуру можно взять на ${a.square}: оттуда ${way(a)}`,
};

export default {
  "lesson-no-piece": "Здесь нет фигуры — выбери свою фигуру.",
  "lesson-king-attacked": "Туда нельзя: там короля атакуют.",
  "lesson-in-check": "Твоему королю шах! Сначала защити короля.",
  "lesson-uncovers-king": "Этот ход открывает твоего короля — ему будет шах.",
  "lesson-cannot-move-so": (a) => `${cap(piece(a.piece))} так не ходит. Посмотри на подсвеченные клетки.`,
  "lesson-no-tables": "Подожди немного: компьютер ещё готовится.",
  "lesson-not-best": "Это не лучший ход. Попробуй ещё!",
  "lesson-escape-not-safe": "Фигуру на {square} всё ещё можно выиграть! Посмотри на стрелку.",
  "lesson-escape-by-capture": "Фигура спасена. Но здесь возьми того, кто нападает!",
  "lesson-escape-by-run": "Фигура спасена. Но здесь уведи её!",
  "lesson-escape-by-protect": "Фигура спасена. Но здесь защити её!",
  "lesson-piece-unprotected": (a) => `${cap(piece(a.piece))} — эту фигуру взяли, её никто не защищал.`,
  "lesson-stalemate": "Это пат: королю некуда ходить, но шаха нет. Ничья!",
  "lesson-not-mate": (a) => `Это не мат — король может спастись. Нужен мат за ${moves(a.n)}.`,
  "lesson-piece-taken": "Твою фигуру взяли.",
  "lesson-game-over": "Игра окончена. Попробуй ещё раз!",
  "lesson-wrong-square": (a) => `${cap(piece(a.piece))} не может пойти на ${a.square}. Вспомни формулу!`,
  "lesson-wrong-answer": "Не совсем. Подумай ещё!",
  "lesson-hint-piece": (a) => `Посмотри: ${piece(a.piece)} на ${a.square}.`,
  "lesson-hint-move": (a) => `Сделай ход: ${piece(a.piece)} с ${a.from} на ${a.to}.`,
  "lesson-hint-piece-at": "Посмотри на фигуру на поле {square}.",
  "lesson-hint-move-at": "Сделай ход фигурой с {from} на {to}.",
  "lesson-hint-promote": (a) => `Сделай ход: пешка с ${a.from} на ${a.to}, и выбери ${PIECE[a.becomes]?.[1] ?? a.becomes}.`,
  "lesson-hint-quiz": (a) => `Нажми на ${a.square}: туда может пойти ${piece(a.piece)}.`,
  "lesson-hint-quiz-at": "Нажми на {square}: туда может пойти фигура.",
  "lesson-not-mate-no-check": (a) => `Это ещё не мат: королю даже нет шаха. Нужен мат за ${moves(a.n)}.`,
  "lesson-win-to-draw": "Победа ускользнула: теперь, если соперник будет играть лучше всех, получится ничья.",
  "lesson-win-to-loss": "Ой! Теперь, если соперник будет играть лучше всех, партия будет проиграна.",
  "lesson-draw-to-loss": "Ничья ускользнула: теперь, если соперник будет играть лучше всех, партия будет проиграна.",
  "lesson-student-not-to-move": (a) => `Ученик играет за ${OF[a.side]}, а ход ${OF[a.turn]}.`,
  "lesson-needs-tables": "Сначала загрузи {files}.",
  "lesson-needs-package": "Этот урок играют с пакетом {package}: загрузи его.",
  "lesson-unreadable": "Этот урок не читается: строка {line}, столбец {col}.",
  "lesson-capture-weaker": "Взять нельзя: на {square} у тебя сила {ours}, а у соперника {theirs}. Нужно больше силы!",
  "lesson-region": "Этой фигуре нельзя вставать на {square}.",
  "lesson-piece-cannot-move-so": "Эта фигура так не ходит. Посмотри на подсвеченные клетки.",
  "lesson-piece-wrong-square": "Эта фигура не может пойти на {square}. Вспомни её линии!",
  "lesson-why-capture": "Да! На {square} у тебя сила {ours}, а у соперника {theirs}: у тебя больше, значит, взять можно.",
  "lesson-why-no-capture": "Нет: на {square} у тебя сила {ours}, а у соперника {theirs}. Это не больше, значит, взять нельзя.",
  "lesson-why-white": "На {square} у белых сила {white}, у чёрных {black}: белые сильнее.",
  "lesson-why-black": "На {square} у белых сила {white}, у чёрных {black}: чёрные сильнее.",
  "lesson-why-equal": "На {square} у белых сила {white}, у чёрных {black}: силы равны.",
  "idea-left-square": "Король ушёл слишком далеко от пути пешки. Теперь ему её не догнать!",
  "idea-gave-opposition": "Теперь чужой король встанет напротив твоего, и твоему придётся уступить дорогу.",
  "idea-king-in-front": "Король должен идти впереди своей пешки и расчищать ей дорогу, а не сзади или сбоку.",
  "endgame-no-king": (a) => `У ${OF[a.side]} нет короля, а решателю эндшпиля нужны оба короля.`,
  "endgame-outside": (a) => `${cap(piece(a.piece))} ${OF[a.side]} — такого решатель не знает: только ${a.classes}.`,
  "endgame-castling": (a) => `${cap(WHO[a.side])} ещё могут рокироваться, а решатель рокировки не знает: поставь «-» вместо прав на рокировку.`,
  "endgame-too-many": (a) => `${cap(WHO[a.side])}: кроме короля ещё ${a.count}, а решатель знает только одну пешку или ферзя у каждой стороны (${a.classes}).`,
  "endgame-illegal-move": "Ход {uci} здесь невозможен.",
  "endgame-missing": "Таблицы: сначала загрузи {files}.",
  "endgame-data": "Таблицы: {file}: {detail}",
  "idea-pushed-too-early": "Пешка поспешила на {square}. Сначала идёт король и расчищает дорогу, а пешка — за ним.",
  // issue 14: why a quiz square, a move or an endgame move is wrong
  "lesson-quiz-stays": (a) => `${cap(piece(a.piece))} уже стоит на ${a.square}: ход — это шаг на другую клетку.`,
  "lesson-quiz-own": (a) => `На ${a.square} уже стоит своя фигура — ${piece(a.other)}. На свою фигуру ходить нельзя.`,
  "lesson-quiz-blocked": (a) => `${cap(piece(a.piece))} не может перепрыгнуть: на ${a.square} стоит ${piece(a.other)}.`,
  "lesson-quiz-pawn-ahead": (a) => `Пешка не бьёт прямо: на ${a.square} стоит ${piece(a.other)}, и путь закрыт.`,
  "lesson-quiz-pawn-diagonal": "Наискосок пешка ходит, только когда бьёт, а поле {square} пустое.",
  "lesson-quiz-king": (a) => `${cap(piece(a.piece))} не может пойти на ${a.square}: тогда королю будет шах.`,
  "lesson-quiz-no-line-knight": "Конь с {from} не попадёт на {to}: он ходит буквой Г — две клетки в одну сторону и одну вбок.",
  "lesson-quiz-no-line-bishop": "Слон с {from} не попадёт на {to}: он ходит только по диагонали.",
  "lesson-quiz-no-line-rook": "Ладья с {from} не попадёт на {to}: она ходит только прямо — по ряду или по столбцу.",
  "lesson-quiz-no-line-queen": "Ферзь с {from} не попадёт на {to}: он ходит прямо или по диагонали, но не буквой Г.",
  "lesson-quiz-no-line-king": "Король с {from} не попадёт на {to}: он шагает только на одну клетку.",
  "lesson-quiz-no-line-pawn": "Пешка с {from} не попадёт на {to}: она идёт прямо вперёд на одну клетку (с первого хода — на две).",
  "lesson-not-best-reply": (a) => `Это не лучший ход: после него у ${OF[a.side]} есть ответ ${san(a.reply)} (смотри стрелку). Попробуй ещё!`,
  "lesson-not-best-mate": (a) => `Это не лучший ход: после него ${WHO[a.side]} ставят мат: ${san(a.reply)} (смотри стрелку). Попробуй ещё!`,
  "lesson-win-to-draw-reply": (a) => `Теперь у ${OF[a.side]} есть ход: ${piece(a.piece)} на ${a.to} (смотри стрелку) — и выигрыша уже нет, только ничья.`,
  "lesson-win-to-loss-reply": (a) => `Теперь у ${OF[a.side]} есть ход: ${piece(a.piece)} на ${a.to} (смотри стрелку) — и партия проиграна.`,
  "lesson-draw-to-loss-reply": (a) => `Теперь у ${OF[a.side]} есть ход: ${piece(a.piece)} на ${a.to} (смотри стрелку) — и ничьей уже не спасти.`,
  "lesson-quiz-own-piece": "На {square} уже стоит своя фигура. На свою фигуру ходить нельзя.",
  "lesson-follow-arrow": (a) => `Ходи по стрелке: ${piece(a.piece)} с ${a.from} на ${a.to}.`,
  "lesson-follow-arrow-at": "Ходи по стрелке: фигурой с {from} на {to}.",
  "lesson-show-next": "Посмотри, послушай и нажми «Дальше».",
  "lesson-no-check": (a) => `За ${moves(a.n)} шаха так и не было: короля на ${a.square} никто не атаковал. Попробуй ещё!`,
  // issue 25: неверный ход объяснён (куда пошла фигура, куда нужно было)
  "lesson-went": (a) => `Ход: ${piece(a.piece)} на ${a.to}. ${AIM[a.aim]?.(a) ?? ""}.`,
  "aim-star": AIM.star,
  "aim-reach": AIM.reach,
  "aim-capture": AIM.capture,
  "lesson-arrow-not": (a) => `Не на ${a.to}: стрелка ведёт на ${a.square}, оттуда ${way(a)}.`,
  // issue 28: a right answer of a best_move lesson that accepts a group
  "lesson-right-mate": (a) => `Верно! ${san(a.played)} — мат.`,
  "lesson-right-wins": (a) => `Верно! ${san(a.played)} выигрывает ${PIECE[a.piece]?.[1] ?? a.piece}.`,
  // issue 29: the keep_pieces goal
  "lesson-keep-pieces-lost": (a) => `Соперник взял ${PIECE[a.piece]?.[1] ?? a.piece} на ${a.square}, а взять в ответ столько же было нечем. Попробуй ещё раз!`,
};
