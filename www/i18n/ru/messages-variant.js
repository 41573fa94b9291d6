// @ts-check
// Rust's messages about piece sets (their checker) and the variant rules (chess-t1): Russian.
// Keyed by the ids of crate/src/message/en.rs (tests/js/messages.test.mjs checks every id).
import check from "./messages-check.js";

const OF = { white: "белых", black: "чёрных" };
const REGION = { castle: "замок" };
const region = (a) => REGION[a.region] ?? a.region;
const got = (a) => {
  const w = check[`got-${a.got}`];
  return typeof w === "string" ? w.replace("{value}", a.value) : a.got;
};
const want = (a) => ({ step: "-1, 0 или 1", letter: "одна буква" })[a.want] ?? check[`want-${a.want}`] ?? a.want;

export default {
  "json-bad-value": (a) => `Не то значение: ${got(a)}, а нужно ${want(a)}.`,
  "want-step": "-1, 0 или 1",
  "want-letter": "одна буква",
  "pieces-bad-id": "«{id}» не подходит как id: пиши строчные латинские буквы, цифры и «-».",
  "pieces-id-twice": "id «{id}» встречается дважды (первый раз в {first}).",
  "pieces-none": "В наборе нужна хотя бы одна фигура.",
  "pieces-bad-letter": "«{found}» — не буква: буква фигуры — одна из A-Z.",
  "pieces-letter-twice": "Буква {letter} уже занята фигурой «{other}».",
  "pieces-bad-image": "«{found}» не подходит как имя картинки: пиши латинские буквы, цифры, «-» и «_».",
  "pieces-unknown-region": "Области «{region}» нет: опиши её в \"regions\".",
  "pieces-unknown-region-near": "Области «{region}» нет; может быть, «{suggestion}»?",
  "pieces-no-lines": "У фигуры должна быть хотя бы одна линия.",
  "pieces-empty-deltas": "В {field} нужно хотя бы одно значение: -1, 0 или 1.",
  "pieces-no-step": "ΔI и ΔJ оба равны 0: эта линия никуда не ведёт.",
  "pieces-bad-scale": "Масштаб — это [a, b], где a и b от 1 до 7, а здесь [{i}, {j}].",
  "pieces-bad-n": "n — это [min, max], где 1 ≤ min ≤ max ≤ 7, а здесь [{min}, {max}].",
  "pieces-bad-start": "n_max_from_start = {found}, а нужно от {max} (наибольшее n линии) до 7.",
  "pieces-unknown-set": "Встроенного набора «{id}» нет: есть «chess-t1» и «fide».",
  "variant-bad-letter": "Ряд {rank}: «{char}» — не буква фигуры этого набора ({letters}; у чёрных строчные) и не цифра.",
  "variant-board-bad-letter": "«{char}» — не буква фигуры этого набора ({letters}; у чёрных строчные) и не «.».",
  "variant-no-castling": "«{found}»: в этом наборе нет рокировки, пиши «-».",
  "variant-no-en-passant": "«{found}»: в этом наборе нет взятия на проходе, пиши «-».",
  "variant-cannot-reach": "Фигура с {from} не может пойти на {to}.",
  "variant-not-stronger": (a) => `Взять на ${a.to} нельзя: сила белых там ${a.white}, сила чёрных ${a.black}. Для взятия у ${OF[a.side] ?? a.side} должно быть больше силы.`,
  "variant-region": (a) => `На ${a.square} нельзя: это ${region(a)}, туда этой фигуре входить нельзя.`,
  "variant-nothing-to-undo": "Нечего отменять.",
  "variant-nothing-to-redo": "Нечего повторять.",
  "variant-target-move": "{to}: линия {line}, n = {n}, ΔI = {di}, ΔJ = {dj}.",
  "variant-target-capture": "{to}: взятие по линии {line}, n = {n}. Сила белых {white}, сила чёрных {black}.",
  "variant-target-not-stronger": (a) => `${a.to}: взять нельзя. Сила белых ${a.white}, сила чёрных ${a.black} — у ${OF[a.side] ?? a.side} нет перевеса.`,
  "variant-target-region": (a) => `${a.to}: это ${region(a)}, туда этой фигуре нельзя.`,
  "region-castle": "замок",
};
