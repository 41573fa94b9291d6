// @ts-check
// The teacher's notice of what held her class back (classLimits): pupils whose pictures someone
// is guessing (with "Unlock everyone"), attempts that came too fast, the class's space full. In
// the teacher's words; nothing shows when all is well.
import { api } from "./classes.js";
import { h } from "../widget/dom.js";

const DAY_MS = 86_400_000;
const mb = (chars) => (chars / 1048576).toFixed(chars < 10 * 1048576 ? 1 : 0);

/** The notice of `klass` at the top of `part` (pupils()); `redraw` after an unlock. */
export async function limitsNotice({ t, klass, redraw }, part, lang) {
  let l;
  try {
    l = await api("GET", `classes/${klass.id}/limits`);
  } catch {
    return; // an older server, or offline: the page works without it
  }
  const lines = [];
  for (const g of l.guessed ?? []) lines.push(t.guessed(g.name, g.wrongTries));
  if (l.slowedAt && Date.now() - Date.parse(l.slowedAt) < DAY_MS) {
    lines.push(t.slowedAt(new Date(l.slowedAt).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" })));
  }
  if (l.full) lines.push(t.spaceFull(mb(l.used), mb(l.quota)));
  if (!lines.length) return;
  const box = h("div", { class: "class-limits", role: "status", "data-teacher": "limits" }, part);
  for (const line of lines) h("p", {}, box, line);
  if ((l.guessed ?? []).length) {
    const b = h("button", { type: "button", "data-action": "unlock-all" }, box, t.unlockAll);
    b.onclick = async () => {
      b.disabled = true;
      try {
        await api("POST", `classes/${klass.id}/unlock`);
      } catch {}
      await redraw();
    };
  }
}
