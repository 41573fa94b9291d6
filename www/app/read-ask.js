// @ts-check
// The app's question at the first lesson (app.js askRead): "Shall I read to you?", with a picture
// (a smiling face and a speaker) and two big buttons, the question itself said aloud, for a child
// who cannot read yet. Asked once, where the device has a voice for the language; the answer is
// the settings' "Read to me" (app.js setRead).
import { h, s } from "../widget/dom.js";
import { loadWords } from "../i18n/i18n.js";

/**
 * What the question needs of the app page: its settings, speech.js (loaded on demand), its words
 * and language now, and the switch it turns.
 * @typedef {{ settings: any, speech: () => Promise<any>, t: () => any, lang: () => string, setRead: (on: boolean) => void }} Page
 */

/** Asked once, at the first lesson (where the device has a voice for the language): "Shall I read
 *  to you?" with a picture and two big buttons, the question itself said aloud.
 *  @param {Page} page */
export async function askRead(page) {
  const { settings } = page;
  if (settings.readAsked || document.getElementById("read-ask")) return;
  const speech = await page.speech();
  await speech.voicesReady();
  const [t, lang] = [page.t(), page.lang()];
  if (settings.readAsked || !t || document.body.dataset.view !== "lesson" || !speech.hasVoice(lang)) return;
  const words = await loadWords(lang, "speech");
  const dialog = h("dialog", { id: "read-ask", class: "read-ask", "aria-labelledby": "read-ask-title" }, document.body);
  const picture = s("svg", { viewBox: "0 0 120 80", class: "read-ask-picture", "aria-hidden": "true" }, dialog);
  // a smiling face with a speaker beside it, its sound waves going out
  s("circle", { cx: "34", cy: "40", r: "28", fill: "#ffd6a0", stroke: "#7a4a14", "stroke-width": "3" }, picture);
  for (const cx of [25, 43]) s("circle", { cx: String(cx), cy: "34", r: "3.5", fill: "#3b2410" }, picture);
  s("path", { d: "M22 48 q12 12 24 0", fill: "none", stroke: "#3b2410", "stroke-width": "3", "stroke-linecap": "round" }, picture);
  s("path", { d: "M70 32v16h9l13 10V22L79 32z", fill: "#5a3200" }, picture);
  s("path", { d: "M98 30a14 14 0 0 1 0 20M104 23a24 24 0 0 1 0 34", fill: "none", stroke: "#5a3200", "stroke-width": "4", "stroke-linecap": "round" }, picture);
  const title = h("h2", { id: "read-ask-title" }, dialog, t.readAsk);
  const row = h("div", { class: "read-ask-buttons" }, dialog);
  const choice = (cls, muted, label, on) => {
    const b = h("button", { type: "button", class: `read-ask-${cls}` }, row);
    speech.speakerIcon(b, muted);
    h("span", {}, b, label);
    b.onclick = () => {
      dialog.close();
      dialog.remove();
      speech.cancel();
      page.setRead(on); // yes: the lesson's intro is read at once (chess-tutor's read-aloud)
    };
    return b;
  };
  const yes = choice("yes", false, t.readYes, true);
  choice("no", true, t.readNo, false);
  dialog.addEventListener("cancel", () => {
    dialog.remove();
    speech.cancel();
  });
  dialog.showModal();
  yes.focus();
  // a child who cannot read yet hears the question
  speech.speak([{ text: t.readAsk, node: title }], { lang, words });
}
