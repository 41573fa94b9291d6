// @ts-check
// English words of the card <chess-tutor> shows when its rules module broke (a WebAssembly trap,
// chess-tutor.js): a fresh one is built on "Start over". Loaded only then, with trap-card.js.
export default {
  title: "Oops! Something went wrong inside the tutor.",
  text: "It was not your fault. Your stars are safe. Press “Start over” to play this again.",
  restart: "Start over",
};
