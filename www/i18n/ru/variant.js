// @ts-check
// Russian words for pieces as data in <chess-tutor> (variant.js): the force view, refused
// captures, the errors of a piece set. Loaded only when a piece set is used.
// genitive: "перевес у белых", "Принц чёрных" (no grammatical gender needed)
const SIDE = { white: "белых", black: "чёрных" };
const cap = (text) => text[0].toLocaleUpperCase("ru") + text.slice(1);

export default {
  refusedNote: "Сюда нельзя: выбери клетку — узнаешь почему.",
  refusedSuffix: "взять нельзя: нет перевеса",
  piecesFailed: (why) => `Ошибка в наборе фигур: ${why}`,
  "pieces-fetch": ({ url, status }) => `набор фигур ${url} не загрузился${status ? ` (HTTP ${status})` : ""}`,
  nRange: (max, fromStart, min = 1) =>
    fromStart ? `n = 1, с начального ряда — до ${fromStart}` : min === max ? `n = ${max}` : `n = ${min}…${max}`,
  forceView: "Сила на клетке",
  forceHint: "Выбери клетку — увидишь, какая на ней сила.",
  forceOnSay: "Сила на клетке: выбери клетку — увидишь, у кого перевес.",
  forceOnBoard: "Показ силы: нажми клетку — увидишь силу на ней.",
  forceLeave: "Снова ходить",
  forceLeaveSay: "Чтобы снова ходить фигурами, нажми «Снова ходить» на доске.",
  forceOff: "Показ силы выключен.",
  forceAt: (square) => `Сила на ${square}`,
  side: { white: "Белые", black: "Чёрные" },
  strength: (name, n) => `${name}: сила ${n}`,
  noStrength: (name) => `${name}: сила особая`,
  coloured: (name, color) => `${name} ${SIDE[color]}`,
  gives: (name, role, n) =>
    ({
      attack: `${name} атакует с силой ${n}`,
      defence: `${name} защищает с силой ${n}`,
      "self-defence": `${name} защищает себя с силой ${n}`,
      aim: `${name} бьёт сюда с силой ${n}`,
    })[role],
  sentence: (parts, verdict) => `${cap(parts.join(", "))}: ${verdict}.`,
  verdict: (v, owner) =>
    v === "equal" ? "поровну, взять нельзя" : v === owner ? `перевес у ${SIDE[v]}, взять нельзя` : `перевес у ${SIDE[v]}: можно взять`,
  verdictEmpty: (v) => (v === "equal" ? "поровну" : `перевес у ${SIDE[v]}`),
  noForce: (square) => `На ${square} не бьёт ни одна фигура.`,
  refusedForce: (name, square, white, black) =>
    `${name} не может взять на ${square}: у белых ${white}, у чёрных ${black} — для взятия нужен перевес в силе.`,
  refusedRegion: (name, square, region) => `${name} не может пойти на ${square}: это ${region}, туда этой фигуре нельзя.`,
};
