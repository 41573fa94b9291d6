// Loads the chess rules (Rust compiled to WebAssembly) and says so on the page.
// A placeholder until the widget issue replaces this page with <chess-tutor>.
import init, { version } from "./pkg/chess_tutor.js";

const status = document.getElementById("status");

try {
  await init();
  status.textContent = `Module loaded: chess-tutor v${version()}`;
  document.body.dataset.ready = "true";
} catch (error) {
  status.textContent = `The chess rules could not be loaded: ${error.message}`;
  document.body.dataset.ready = "error";
  throw error;
}
