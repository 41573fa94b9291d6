// @ts-check
// A text to the clipboard (the Clipboard API, else a hidden text area and the copy command).
import { h } from "../widget/dom.js";

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = h("textarea", { class: "studio-offscreen", readonly: "" }, document.body);
    area.value = text;
    area.select();
    let ok;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}
