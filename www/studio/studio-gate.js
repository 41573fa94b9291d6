// @ts-check
// The studio's gate before anything goes out (README.md "For teachers": nothing wrong goes out):
// while the check shows an error, Share, Download, Copy, "Download the course" and every package
// button ask first, in this one dialog, listing the errors. "Go back and fix" comes first (and is
// what Escape does), "Send it anyway" second. Warnings never stop an export. Loaded by studio.js
// only; it knows nothing of the studio but the words and the errors it is given.
import { h } from "../widget/dom.js";

/**
 * Asks whether to send a lesson (or a course) that has errors. errors: [{ where, text }] (where: a
 * lesson's name or a place on the form, text: the error in words). → Promise<boolean> (true: send
 * it anyway). The focus starts on "Go back and fix" and goes back where it was when the dialog
 * closes; Tab stays in the dialog (a modal <dialog>).
 */
export function askBeforeExport({ words, errors, what, parent = document.body }) {
  const before = /** @type {HTMLElement | null} */ (document.activeElement);
  const dialog = h("dialog", { class: "studio-gate", "data-studio-gate": "", "aria-labelledby": "studio-gate-title", "aria-describedby": "studio-gate-lead" }, parent);
  h("h2", { id: "studio-gate-title" }, dialog, words.gateTitle(errors.length));
  h("p", { id: "studio-gate-lead" }, dialog, words.gateLead(what));
  const list = h("ul", { class: "studio-gate-list" }, dialog);
  for (const e of errors.slice(0, 12)) {
    const li = h("li", { "data-gate-error": "" }, list);
    h("span", { class: "f-mark", "aria-hidden": "true" }, li, "✖");
    if (e.where) h("strong", {}, li, `${e.where} `);
    li.append(e.text);
  }
  if (errors.length > 12) h("li", { class: "studio-gate-more" }, list, words.gateMore(errors.length - 12));
  const row = h("div", { class: "studio-gate-buttons" }, dialog);
  const back = h("button", { type: "button", class: "studio-main", "data-gate": "back" }, row, words.gateBack);
  const send = h("button", { type: "button", class: "studio-gate-send", "data-gate": "send" }, row, words.gateSend);
  return new Promise((resolve) => {
    let answered = false;
    const end = (go) => {
      if (answered) return;
      answered = true;
      if (dialog.open) dialog.close();
      dialog.remove();
      before?.focus?.({ preventScroll: true });
      resolve(go);
    };
    back.addEventListener("click", () => end(false));
    send.addEventListener("click", () => end(true));
    dialog.addEventListener("cancel", (e) => {
      e.preventDefault();
      end(false);
    });
    dialog.showModal();
    back.focus();
  });
}
