// @ts-check
// Rust's messages the plain board widget can show: position, FEN, text board and move errors, the
// rules' refusals, piece names, formula notes, the computer opponent's refusals: Russian. Keyed by
// the ids of crate/src/message/en.rs (tests/js/messages.test.mjs checks every id has words).
import { PIECES } from "./board.js";

// a piece: nominative (board.js), accusative (for "превратиться в ферзя")
const ACCUSATIVE = { pawn: "пешку", knight: "коня", bishop: "слона", rook: "ладью", queen: "ферзя", king: "короля" };
export const PIECE = Object.fromEntries(Object.entries(ACCUSATIVE).map(([kind, acc]) => [kind, [PIECES[`piece-${kind}`], acc]]));
const plural = new Intl.PluralRules("ru");
// 1 пешка, 2 пешки, 5 пешек, 21 пешка
const count = (n, one, few, many) => `${n} ${{ one, few }[plural.select(n)] ?? many}`;
const cap = (s) => s[0].toUpperCase() + s.slice(1);
// genitive: "у белых", "ход чёрных"; nominative: "белые"
const OF = { white: "белых", black: "чёрных" };
const WHO = { white: "белые", black: "чёрные" };
// "короткую рокировку (O-O)"
const WING = { king: "короткую рокировку (O-O)", queen: "длинную рокировку (O-O-O)" };
// the FEN fields by number (1: the pieces)
const FIELD = [null, "фигуры", "очередь хода", "рокировка", "взятие на проходе", "счётчик полуходов", "номер хода"];
// how a game ended, in a few words
const REASON = {
  checkmate: "мат",
  stalemate: "пат",
  "insufficient-material": "мат поставить нечем",
  fivefold: "позиция повторилась пять раз",
  "seventy-five-moves": "правило 75 ходов",
  threefold: "позиция повторилась три раза",
  "fifty-moves": "правило 50 ходов",
  resignation: "сдача",
  agreement: "ничья по согласию",
  timeout: "время вышло",
  "timeout-insufficient-material": "время вышло, но мат поставить нечем",
};
const reason = (r) => REASON[r] ?? r;
// what a text is for, in the genitive: "для урока"
const WHAT_OF = { lesson: "урока", course: "курса", glossary: "словаря", "piece-set": "набора фигур", object: "объекта", fen: "FEN", "text-board": "текстовой доски", pgn: "PGN" };

export default {
  "position-pawn-on-edge": "Пешка не может стоять на {square}: на 1-й и 8-й горизонтали пешек не бывает.",
  "position-kings": (a) => `У ${OF[a.side]} ${count(a.count, "король", "короля", "королей")}, а король бывает только один.`,
  "position-pawns": (a) => `У ${OF[a.side]} ${count(a.count, "пешка", "пешки", "пешек")}, а больше 8 не бывает.`,
  "position-pieces": (a) => `У ${OF[a.side]} ${count(a.count, "фигура", "фигуры", "фигур")}, а больше 16 не бывает.`,
  "position-castling-king": (a) => `${cap(WHO[a.side])} не могут сделать ${WING[a.wing]}: короля нет на ${a.square}.`,
  "position-castling-rook": (a) => `${cap(WHO[a.side])} не могут сделать ${WING[a.wing]}: нет ладьи на ${a.square}.`,
  "position-en-passant": (a) => `Взятие на проходе на ${a.square} невозможно: ни одна пешка ${OF[a.side]} не перепрыгивала через эту клетку.`,
  "position-in-check": (a) => `Король ${OF[a.side]} на ${a.square} под шахом, а ход ${OF[a.turn]} — короля можно было бы съесть! Поменяй очередь хода или переставь фигуры.`,
  "fen-empty": "Тут пока ничего не написано.",
  "input-too-long": (a) => `Это слишком длинно для ${WHAT_OF[a.what] ?? a.what}: ${a.size} байт, а можно не больше ${a.limit}. Тот ли это файл?`,
  "input-too-deep": (a) => `Скобки вложены глубже ${a.limit} уровней (строка ${a.at_line}): для ${WHAT_OF[a.what] ?? a.what} столько не нужно. Поищи скобки «[» или «{», которые не закрыты.`,
  "what-lesson": "урок",
  "what-course": "курс",
  "what-courses": "список курсов",
  "what-glossary": "словарь",
  "what-piece-set": "набор фигур",
  "what-object": "объект",
  "what-fen": "FEN",
  "what-text-board": "текстовая доска",
  "what-pgn": "PGN",
  "fen-too-many-fields": "В FEN не больше 6 частей, а здесь {count}.",
  "fen-bad-side": "Чей ход — пишется «w» или «b», а не «{found}».",
  "fen-bad-castling": "«{letter}» — не право рокировки: пиши K, Q, k, q или «-».",
  "fen-castling-twice": "«{letter}» написано дважды.",
  "fen-bad-en-passant": "«{found}» — не клетка: напиши клетку, например e3, или «-».",
  "fen-bad-halfmove": "«{found}» — не число полуходов.",
  "fen-bad-fullmove": "«{found}» — не номер хода (1 или больше).",
  "fen-rank-count": "В FEN 8 горизонталей через «/», а здесь {count}.",
  "fen-bad-digit": "{rank}-я горизонталь: «{char}» — не число пустых клеток (1–8).",
  "fen-bad-letter": "{rank}-я горизонталь: «{char}» — не буква фигуры (K Q R B N P, k q r b n p) и не число.",
  "fen-rank-too-long": "На {rank}-й горизонтали больше 8 клеток.",
  "fen-bad-rank-length": (a) => `На ${a.rank}-й горизонтали ${count(a.count, "клетка", "клетки", "клеток")}, а должно быть 8.`,
  "board-line-count": "На доске текстом 8 строк по 8 клеток, а здесь строк: {count}.",
  "board-line-length": (a) => `На ${a.rank}-й горизонтали ${count(a.count, "клетка", "клетки", "клеток")}: напиши 8 знаков.`,
  "board-bad-letter": "«{char}» — не буква фигуры (K Q R B N P, k q r b n p) и не точка.",
  "board-extra-lines": "На доске текстом 8 строк и ещё не больше одной строки с остальным из FEN.",
  "san-cannot-castle": (a) => `${cap(WHO[a.side])} сейчас не могут сделать ${WING[a.wing]}.`,
  "san-empty": "Ход не написан.",
  "san-no-target": "Нужна клетка, куда идти, например e4.",
  "san-bad-square": "«{found}» — не клетка.",
  "san-not-understood": "«{char}» — непонятно. Ходы пишутся так: Nf3, exd5, e8=Q, O-O.",
  "san-no-move": (a) => `У ${OF[a.side]} нет хода: ${PIECE[a.piece][0]} на ${a.to}.`,
  "san-no-move-from": (a) => `У ${OF[a.side]} нет хода: ${PIECE[a.piece][0]} с ${a.from} на ${a.to}.`,
  "san-no-move-in-check": (a) => `У ${OF[a.side]} нет хода: ${PIECE[a.piece][0]} на ${a.to} (шах королю).`,
  "san-not-promotion": "Превращается только пешка, дошедшая до последней горизонтали.",
  "san-promotion-piece": "Напиши, в кого превращается пешка: =Q, =R, =B или =N.",
  "san-ambiguous": "Непонятно, какой ход: может быть {candidates}.",
  "uci-bad": "Нужен ход в записи UCI, например e2e4 или e7e8q.",
  "uci-bad-promotion": "«{found}» — не фигура для превращения (q, r, b, n).",
  "uci-illegal": (a) => `Такого хода у ${OF[a.side]} нет.`,
  "pgn-comment-open": "Комментарий «{» не закрыт «}».",
  "pgn-tag-syntax": "Тег пишется так: [Name \"value\"].",
  "pgn-tag-value-open": "Значение тега {tag_name} не закрыто кавычкой «\"».",
  "pgn-tag-not-closed": "Тег {tag_name} не закрыт скобкой «]».",
  "pgn-variation-open": "Вариант «(» не закрыт «)».",
  "pgn-variant": "Вариант шахмат «{variant}» не поддерживается: только обычные шахматы.",
  "pgn-setup-no-fen": "SetUp равен \"1\", но тега FEN нет.",
  "pgn-close-paren": "«)» ничего не закрывает.",
  "pgn-unexpected": "«{char}» здесь не к месту.",
  "pgn-result-mismatch": "Ходы кончаются результатом {result}, а тег Result говорит {tag_result}.",
  "pgn-null-move": "Пустой ход — не шахматный ход.",
  "pgn-no-game": "В этом тексте нет партии.",
  "rule-game-over": "Партия окончена ({result}).",
  "rule-game-over-reason": (a) => `Партия уже окончена (${a.result}, ${reason(a.reason)}).`,
  "rule-no-piece": "На {square} нет фигуры.",
  "rule-not-your-piece": (a) => `Фигура на ${a.square} — не ${OF[a.side]}.`,
  "rule-not-legal": "Ход {from}–{to} невозможен.",
  "rule-needs-promotion": "Ход {from}–{to} — превращение: выбери q, r, b или n.",
  "rule-bad-promotion": (a) => `Здесь пешка не может превратиться в ${PIECE[a.piece]?.[1] ?? a.piece}.`,
  "rule-illegal-move": "Ход {uci} невозможен.",
  "rule-no-claim": "Ничью потребовать нельзя: позиция не повторилась три раза и 50 ходов ещё не прошло.",
  "rule-already-ended": (a) => `Партия уже окончена: ${a.result}, ${reason(a.reason)}.`,
  "rule-flag-cannot-mate": (a) => `${cap(WHO[a.side])} не могут поставить мат, поэтому конец времени — ничья.`,
  "rule-flag-both-can-mate": "Мат ещё могут поставить обе стороны, поэтому конец времени — проигрыш.",
  "rule-not-threefold": "Последняя позиция не повторилась три раза.",
  "rule-not-fifty": "Ещё не прошло 50 ходов без взятий и ходов пешками.",
  "rule-not-allowed": (a) => `Последняя позиция не допускает такого конца: ${reason(a.reason)} (${a.result}).`,
  "bad-square": "«{found}» — не клетка, клетка пишется так: e2.",
  "bad-square-ij": "({i}, {j}) — за пределами доски.",
  "bad-side": "«{found}» — не сторона: пиши «white» или «black».",
  "bad-promotion": "«{found}» — не q, r, b или n.",
  "bad-seed": "{found} — не целое число от 0.",
  "bad-reason": "«{found}» — не причина конца партии, например «resignation».",
  "no-pawn-on": "На {square} нет пешки.",
  ...PIECES,
  "engine-level": "Уровня {level} нет: уровни от 1 до 8.",
  "engine-game-over": (a) => `Партия окончена (${reason(a.reason)}, ${a.result}).`,
  "engine-no-moves": (a) => `У ${OF[a.side]} нет ходов.`,
  "reason-checkmate": REASON.checkmate,
  "reason-stalemate": REASON.stalemate,
  "reason-insufficient-material": REASON["insufficient-material"],
  "reason-fivefold": REASON.fivefold,
  "reason-seventy-five-moves": REASON["seventy-five-moves"],
  "reason-threefold": REASON.threefold,
  "reason-fifty-moves": REASON["fifty-moves"],
  "reason-resignation": REASON.resignation,
  "reason-agreement": REASON.agreement,
  "reason-timeout": REASON.timeout,
  "reason-timeout-insufficient-material": REASON["timeout-insufficient-material"],
  "internal": "Внутренняя ошибка: {detail}",
  "practice-unknown-skill": "нет навыка «{skill}»",
  "practice-bad-id": "«{id}» — не номер упражнения: он пишется practice/<навык>/<число>",
  "practice-no-exercise": "навык «{skill}» не составил упражнения для числа {seed}",
  "practice-bad-log": "строка {line} журнала — не попытка упражнения: {why}",
  "practice-bad-time": "«{time}» — не время вида 2026-11-28T09:00:00Z",
  "formula-move-only": "только на пустую клетку",
  "formula-capture-only": "только со взятием",
  "formula-jumps": "перепрыгивает через фигуры",
  "formula-n-range": "n = 1…{max}",
  "formula-n-range-start": "n = 1, с начального ряда — до {start}",
  // the place a message's args name (errors.js puts it before the words), "" when none
  place: (a) => {
    const at = [];
    if (a.param != null) at.push(a.index != null ? `${a.param}[${a.index}]` : a.param);
    if (a.pgn_line != null) at.push(`PGN, строка ${a.pgn_line}, столбец ${a.pgn_column}`);
    if (a.tag != null) at.push(`тег ${a.tag}`);
    if (a.pgn_result != null) at.push(`результат ${a.pgn_result}${a.said ? ` (${a.said})` : ""}`);
    if (a.moves != null) at.push(a.moves);
    if (a.line != null) at.push(`текстовая доска, строка ${a.line}${a.column != null ? `, столбец ${a.column}` : ""}`);
    else if (a.source === "text-board") at.push("текстовая доска");
    if (FIELD[a.field]) at.push(`FEN, ${FIELD[a.field]}`);
    else if (a.source === "fen") at.push("FEN");
    if (a.move != null) at.push(`ход ${a.move}`);
    return at.join(": ");
  },
};
