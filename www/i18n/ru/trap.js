// @ts-check
// Russian words of the card <chess-tutor> shows when its rules module broke (a WebAssembly trap,
// chess-tutor.js): a fresh one is built on "Start over". Loaded only then, with trap-card.js.
export default {
  title: "Ой! Внутри тренера что-то сломалось.",
  text: "Это не твоя ошибка, и звёзды на месте. Нажми «Начать заново», чтобы сыграть ещё раз.",
  restart: "Начать заново",
};
