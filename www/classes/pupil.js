// @ts-check
// The pupil's part of a class (README.md "Classes"), loaded only when a class server answered:
// on the course page "I am in a class" (or her homework first, once signed in); the sign-in
// (#/class: the class code, her name among the class's names, her three pictures out of twelve;
// #/class/<code>/<pupil>/<p1>-<p2>-<p3>, a login card's QR code, signs in at once). Big buttons,
// pictures with their names for screen readers, words a five-year-old can be read. Every text
// goes in textContent; the words: www/i18n/<lang>/classes.js.
import { normalCode } from "./class-code.js";
import { PICTURES, api, me, pictureUrl, pupil, pupilSignIn, signOut } from "./classes.js";
import { h } from "../widget/dom.js";
import { startRun } from "./homework-run.js";
import { loadWords } from "../i18n/i18n.js";
import { speak, speakerButton } from "../widget/speech.js";
import { textOf } from "../widget/text-of.js";

const words = (lang) => loadWords(lang, "classes");
const text = (value, lang) => (value && typeof value === "object" ? textOf(value, lang) : "");
const CODE = /^[A-Za-z0-9]{4,12}$/;
/** The keys of the code's keypad: the characters of class codes (server/src/util.rs
 *  CODE_ALPHABET), digits first. */
export const CODE_KEYS = [..."34679ABCDEFHJKMNPRTUWXY"];
// the code a wrong one is told to look like (made of CODE_KEYS)
const EXAMPLE_CODE = "K7MPT4";
/** @type {HTMLElement | null} */
let sheet = null;
const style = () => (sheet ??= h("link", { rel: "stylesheet", href: new URL("pupil.css", import.meta.url).href }, document.head));

function picture(parent, name, t, cls = "pict") {
  return h("img", { class: cls, src: pictureUrl(name), alt: "", draggable: "false", "data-picture": name }, parent);
}

function starsText(n, t) {
  const box = h("span", { class: "hw-stars", role: "img", "aria-label": n == null ? t.notStarted : t.starsOf(n), "data-stars": n ?? "none" });
  for (let k = 0; k < 3; k++) h("span", { class: k < (n ?? 0) ? "hw-star on" : "hw-star off", "aria-hidden": "true" }, box, k < (n ?? 0) ? "★" : "☆");
  return box;
}

/**
 * The class box at the top of the course page (`container`, before the course): the signed-in
 * pupil's homework (each lesson with its best stars and the due date), or "I am in a class".
 * @param {HTMLElement} container @param {{ lang: string, course?: any }} options
 */
export async function classBox(container, { lang, course = null }) {
  style();
  const t = await words(lang);
  container.querySelector("#class-box")?.remove();
  const box = h("section", { id: "class-box", class: "class-box", "aria-labelledby": "class-box-title" });
  container.prepend(box);
  const who = pupil();
  if (!who) {
    h("h2", { id: "class-box-title", class: "visually-hidden" }, box, t.classTitle);
    const a = h("a", { class: "class-join", href: "#/class", "data-class": "join" }, box);
    h("img", { class: "class-join-pict", src: pictureUrl("star"), alt: "" }, a);
    h("span", {}, a, t.inClass);
    return box;
  }
  const head = h("div", { class: "hw-head" }, box);
  h("h2", { id: "class-box-title" }, head, t.hello(who.name));
  const out = h("button", { type: "button", class: "hw-out", "data-class": "sign-out" }, head, t.notMe);
  out.onclick = async () => {
    await signOut();
    classBox(container, { lang, course });
  };
  const list = h("div", { class: "hw-list", "aria-live": "polite" }, box);
  h("p", { class: "hw-loading" }, list, t.loadingHomework);
  let homework;
  try {
    homework = await api("GET", "homework");
  } catch (error) {
    list.replaceChildren(h("p", { class: "hw-none" }, null, error.status === 401 ? t.signInAgain : t.offlineHomework));
    if (error.status === 401) {
      const again = h("a", { class: "class-join", href: "#/class" }, list, t.signInButton);
      again.dataset.class = "join";
    }
    return box;
  }
  list.replaceChildren();
  const assignments = homework?.assignments ?? [];
  if (!assignments.length) h("p", { class: "hw-none" }, list, t.noHomework);
  // a homework lesson opened: its "Next" goes to the next homework lesson (homework-run.js)
  list.addEventListener("click", (e) => /** @type {any} */ (e.target).closest?.(".hw-lesson") && startRun(assignments.flatMap((a) => a.lessons ?? [])));
  // skills to practise until learned (practice/entry.js): first of all the homework
  if (assignments.some((a) => a.practice?.length)) {
    const part = h("div", { class: "hw-assignment", "data-assignment": "practice" }, list);
    import("../practice/entry.js").then((m) => m.homeworkSkills(part, assignments, lang));
  }
  for (const a of assignments) {
    if (!a.lessons?.length) continue;
    const part = h("div", { class: "hw-assignment", "data-assignment": a.id }, list);
    h("h3", {}, part, a.due ? t.homeworkDue(new Date(`${a.due}T12:00:00`).toLocaleDateString(lang, { weekday: "long", day: "numeric", month: "long" })) : t.homework);
    const ol = h("ol", { class: "hw-lessons" }, part);
    for (const l of a.lessons ?? []) {
      const li = h("li", {}, ol);
      const href = l.own ? `#/homework/${l.id}` : `#/lesson/${l.id}`;
      const card = h("a", { class: "hw-lesson", href, "data-lesson": l.id, "data-solved": String(Boolean(l.solved)) }, li);
      h("span", { class: "hw-mark", "aria-hidden": "true" }, card, l.solved ? "✔" : "▶");
      const known = course?.lessons?.find((x) => x.id === l.id);
      h("span", { class: "hw-title" }, card, text(l.title, lang) || text(known?.title, lang) || l.id);
      card.append(starsText(l.best, t));
      if (a.pass) h("span", { class: "hw-pass" }, card, t.passMark(a.pass));
    }
  }
  return box;
}

/**
 * The sign-in (#/class, #/class/<code>): in `slot`. Step by step, each a screen of big buttons:
 * the class code (typed, or from the address), her name, her three pictures in order.
 */
export async function showSignIn(slot, { lang, code = "", read = false }) {
  style();
  const t = await words(lang);
  const speechWords = loadWords(lang, "speech", "language").catch(() => ({}));
  // each step said (a speaker beside its title; at once when reading aloud is on): its title and
  // what it offers (`said`: the step's parts after its title, each lit while said)
  const say = async (parts) => speak(parts, { lang, words: await speechWords });
  /** @type {() => { text: string, node?: Node, say?: string }[]} */
  let said = () => [];
  const sayStep = () => say([{ text: title.textContent, node: title }, ...said()]);
  slot.replaceChildren();
  const box = h("div", { class: "signin", "data-step": "code" }, slot);
  const head = h("div", { class: "signin-head" }, box);
  const listen = speakerButton(head, t.listen, () => sayStep());
  listen.dataset.speaker = "step";
  const title = h("h2", { class: "signin-title", tabindex: "-1" }, head);
  // the message above the step (above the keyboard, above the pictures), brought into view when
  // it speaks: at 360×640 a child sees why the boxes emptied
  const message = h("p", { class: "signin-message", role: "alert" }, box);
  const body = h("div", { class: "signin-body" }, box);
  // `spoken`: the words as said, where they differ from those shown (a code's letters)
  const tell = (words, spoken) => {
    message.textContent = words;
    message.scrollIntoView?.({ block: "nearest" });
    say([{ text: words, ...(spoken ? { say: spoken } : {}), node: message }]); // a child who cannot read hears why
  };
  /** @param {string} name @param {string} words @param {() => { text: string, node?: Node, say?: string }[]} [parts] */
  const step = (name, words, parts = () => []) => {
    box.dataset.step = name;
    title.textContent = words;
    body.replaceChildren();
    message.textContent = "";
    title.focus({ preventScroll: true });
    said = parts;
    if (read) queueMicrotask(sayStep);
  };

  function askCode() {
    step("code", t.codeTitle, () => [{ text: t.codeHow, node: how }]);
    const form = h("form", { class: "signin-code" }, body);
    const how = h("p", { class: "signin-how" }, form, t.codeHow);
    h("label", { for: "class-code" }, form, t.codeLabel);
    // the code is tapped on big keys (no keyboard pops up over the page: inputmode none); a
    // keyboard still types into the box
    const input = h("input", { id: "class-code", name: "code", autocomplete: "off", autocapitalize: "characters", spellcheck: "false", maxlength: "12", inputmode: "none", value: code }, form);
    const keys = h("div", { class: "signin-keys", role: "group", "aria-label": t.keysLabel }, form);
    for (const c of CODE_KEYS) {
      const key = h("button", { type: "button", class: "signin-key", "data-key": c, "aria-label": t.codeChar(c) }, keys, c);
      key.onclick = () => {
        if (input.value.length >= 12) return;
        input.value = normalCode(input.value + c);
        say([{ text: c, say: t.codeChar(c), node: key }]);
      };
    }
    const erase = h("button", { type: "button", class: "signin-key signin-erase", "data-key": "erase", "aria-label": t.erase }, keys, "⌫");
    erase.onclick = () => {
      input.value = input.value.slice(0, -1);
      say([{ text: t.erase, node: erase }]);
    };
    h("button", { type: "submit", class: "big" }, form, `${t.next} ▶`);
    // typed on a Russian keyboard: shown as the card writes it
    input.oninput = () => {
      const value = normalCode(input.value);
      if (value !== input.value) input.value = value;
    };
    form.onsubmit = (e) => {
      e.preventDefault();
      const value = normalCode(input.value);
      if (!CODE.test(value)) {
        // the example shown as a card writes it, said letter by letter as the keys say them
        // (in Russian a Latin letter by its Russian name: no Latin letter is read by a Russian voice)
        tell(t.codeBad(EXAMPLE_CODE), t.codeBad([...EXAMPLE_CODE].map((c) => t.codeChar(c)).join(", ")));
        return input.focus();
      }
      askName(value);
    };
  }

  async function askName(value) {
    let roster;
    try {
      roster = await api("GET", `roster/${encodeURIComponent(value)}`);
    } catch (error) {
      if (error.status === 429) locked(error.retryAfter, t.codesText);
      else tell(error.status === 404 ? t.codeUnknown : t.noServer);
      return;
    }
    const names = [];
    step("name", t.nameTitle(roster.name), () => names.map((node) => ({ text: node.textContent, node })));
    const list = h("ul", { class: "signin-names" }, body);
    for (const p of roster.pupils ?? []) {
      const b = h("button", { type: "button", class: "big name", "data-pupil": p.id }, h("li", {}, list), p.name);
      b.onclick = () => askPictures(value, p);
      names.push(b);
    }
    const back = h("button", { type: "button", class: "signin-back" }, body, `← ${t.otherCode}`);
    back.onclick = askCode;
  }

  function askPictures(value, p) {
    step("pictures", t.picturesTitle(p.name));
    const chosen = [];
    const slots = h("ol", { class: "signin-chosen", "aria-label": t.chosenLabel }, body);
    const cells = [0, 1, 2].map((k) => h("li", { class: "signin-slot", "data-slot": k, "aria-label": t.slotEmpty(k + 1) }, slots, String(k + 1)));
    const grid = h("div", { class: "signin-pictures", role: "group", "aria-label": t.picturesLabel }, body);
    const row = h("div", { class: "signin-row" }, body);
    const undo = h("button", { type: "button", class: "signin-undo" }, row, `↶ ${t.undo}`);
    const back = h("button", { type: "button", class: "signin-back" }, row, `← ${t.notMyName}`);
    back.onclick = () => askName(value);
    const draw = () => {
      cells.forEach((cell, k) => {
        cell.replaceChildren();
        if (chosen[k]) {
          picture(cell, chosen[k], t, "pict small");
          cell.setAttribute("aria-label", t.slotHas(k + 1, t.picture[chosen[k]]));
        } else {
          cell.textContent = String(k + 1);
          cell.setAttribute("aria-label", t.slotEmpty(k + 1));
        }
      });
      undo.disabled = !chosen.length;
    };
    undo.onclick = () => {
      chosen.pop();
      draw();
    };
    for (const name of PICTURES) {
      const b = h("button", { type: "button", class: "big picture", "data-picture": name, "aria-label": t.picture[name] }, grid);
      picture(b, name, t);
      h("span", { class: "pict-name", "aria-hidden": "true" }, b, t.picture[name]);
      b.onclick = async () => {
        if (chosen.length >= 3) return;
        chosen.push(name);
        say([{ text: t.picture[name], node: b }]);
        draw();
        if (chosen.length < 3) return;
        grid.inert = true;
        const ok = await trySignIn(value, p.id, chosen);
        grid.inert = false;
        if (!ok) {
          chosen.length = 0;
          draw();
        }
      };
    }
    draw();
  }

  /** Signs in; on success the course with her homework; else says why (and keeps the step). */
  async function trySignIn(value, id, pictures) {
    try {
      await pupilSignIn(value, id, pictures);
    } catch (error) {
      if (error.status === 423 || error.status === 429) locked(error.retryAfter, error.field === "code" ? t.codesText : t.lockedText);
      else tell(error.status === 401 ? t.wrongPictures : error.status === 404 ? t.codeUnknown : t.noServer);
      return false;
    }
    location.hash = "#/course";
    return true;
  }

  /** A wait (429: wrong pictures from this device, or unknown class codes from here): how long,
   *  in words (`seconds` from the server's Retry-After). */
  function locked(seconds, why) {
    step("locked", t.lockedTitle);
    h("img", { class: "signin-locked", src: pictureUrl("moon"), alt: "" }, body);
    h("p", { class: "signin-locked-text" }, body, why);
    h("p", { class: "signin-locked-wait", "data-seconds": String(seconds ?? "") }, body, t.lockedWait(Number(seconds) || 0));
    const again = h("button", { type: "button", class: "big" }, body, t.tryLater);
    again.onclick = askCode;
  }

  /** @type {any} */ (showSignIn).fromLink = async (value, id, pictures) => {
    // another child signed in on this device: ask before switching ("Are you X?")
    const now = await me().catch(() => null);
    if (now?.role === "pupil" && now.id !== id) {
      let name = null;
      try {
        name = (await api("GET", `roster/${encodeURIComponent(value)}`)).pupils?.find((p) => p.id === id)?.name ?? null;
      } catch {}
      if (name) {
        step("switch", t.areYou(name));
        const row = h("div", { class: "signin-switch" }, body);
        const yes = h("button", { type: "button", class: "big", "data-switch": "yes" }, row, t.yesIAm(name));
        const no = h("button", { type: "button", class: "big", "data-switch": "no" }, row, t.noIAm(now.name));
        no.onclick = () => {
          location.hash = "#/course";
        };
        const chosen = new Promise((resolve) => {
          yes.onclick = () => resolve(true);
        });
        await chosen;
      }
    } else if (now?.role === "pupil" && now.id === id) {
      location.hash = "#/course";
      return;
    }
    step("link", t.signingIn);
    if (await trySignIn(value, id, pictures)) return;
    if (box.dataset.step !== "locked") {
      const again = h("button", { type: "button", class: "big" }, body, t.signInButton);
      again.onclick = () => askName(value);
    }
  };
  if (code && CODE.test(normalCode(code))) askName(normalCode(code));
  else askCode();
}

/** A login card's link (#/class/<code>/<pupil>/<p1>-<p2>-<p3>): signs in at once. */
export async function signInFromLink(slot, { lang, code, pupil: id, pictures }) {
  await showSignIn(slot, { lang, code: "" });
  await /** @type {any} */ (showSignIn).fromLink(normalCode(code), id, pictures);
}
