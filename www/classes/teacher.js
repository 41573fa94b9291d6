// @ts-check
// The teacher's part of a class (README.md "Classes"), in "For teachers" (#/teacher…), loaded
// only when a class server answered: sign up / sign in; her classes; a class's page (its code
// big, the results grid, homework, the pupils, the login cards to print, removing); a pupil's
// attempts replayed on the board move by move; "Send to my class" in the studio. Everything
// through classes.js (the API client). No markup strings: every text goes in textContent; the
// words: www/i18n/<lang>/classes.js; the look: teacher.css (its print sheet: the cards).
import { PICTURES, api, me, pictureUrl, signOut } from "./classes.js";
import { h } from "../widget/dom.js";
import { limitsNotice } from "./class-limits.js";
import { sayError } from "../widget/errors.js";
import { loadWords } from "../i18n/i18n.js";
import { results } from "./teacher-grid.js";
export { applyUci, readPosition } from "./teacher-replay.js";
import { textOf } from "../widget/text-of.js";

const words = (lang) => loadWords(lang, "classes");
const text = (value, lang) => (value && typeof value === "object" ? textOf(value, lang) : "");
/** @type {HTMLLinkElement | null} */
let sheet = null;
const style = () => (sheet ??= h("link", { rel: "stylesheet", href: new URL("teacher.css", import.meta.url).href }, document.head));
let view = 0; // the newest showTeacher call: an older one that finishes late draws nothing

/** The teacher's pages in `slot` for the address's parts after #/teacher: [] (her classes),
 *  ["class", id], ["class", id, "cards"]. `getCourse` gives the course (titles, for homework). */
export async function showTeacher(slot, { lang, parts = [], getCourse }) {
  style();
  const mine = ++view;
  const [t, who] = await Promise.all([words(lang), me().catch(() => null)]);
  if (mine !== view) return;
  slot.replaceChildren();
  const root = h("div", { class: "teacher", "data-teacher": "ready" }, slot);
  const ctx = { t, lang, root, getCourse, slot, parts };
  if (who?.role !== "teacher") return signInPage(ctx);
  const bar = h("div", { class: "teacher-bar" }, root);
  h("span", { class: "teacher-who" }, bar, t.signedInAs(who.name));
  h("a", { href: "#/teacher/account", "data-teacher": "account" }, bar, t.accountLink);
  const out = h("button", { type: "button", "data-teacher": "sign-out" }, bar, t.signOut);
  out.onclick = async () => {
    await signOut();
    showTeacher(slot, { lang, parts: [], getCourse });
  };
  if (parts[0] === "account") return accountPage(ctx);
  if (parts[0] === "class" && parts[1]) {
    if (parts[2] === "cards") return cardsPage(ctx, parts[1]);
    if (parts[2] === "skills") return skillsPage(ctx, parts[1]);
    return classPage(ctx, parts[1]);
  }
  return classesPage(ctx);
}

const field = (form, id, label, attrs = {}) => {
  const row = h("p", { class: "field" }, form);
  h("label", { for: id }, row, label);
  return h("input", { id, name: id, ...attrs }, row);
};
const say = (node, words, kind = "error") => {
  node.dataset.kind = kind;
  node.textContent = words;
};
/** An ApiError in the teacher's words. */
const problem = (t, error) => t.errors[error.code] ?? t.errors[error.status] ?? (error.status ? t.errors.other(error.status, error.message) : t.errors.offline);

async function signInPage({ t, lang, root, getCourse, slot, parts }) {
  const signup = (await api("GET", "health").catch(() => null))?.signup ?? "open";
  h("h2", {}, root, t.teacherTitle);
  h("p", { class: "teacher-lead" }, root, t.teacherLead);
  const both = h("div", { class: "teacher-auth" }, root);
  const again = () => showTeacher(slot, { lang, parts, getCourse });
  // sign in
  const inForm = h("form", { class: "teacher-form", "aria-labelledby": "t-in-title", "data-teacher": "sign-in" }, both);
  h("h3", { id: "t-in-title" }, inForm, t.signInTitle);
  const login = field(inForm, "t-in-login", t.login, { autocomplete: "username", required: "" });
  const password = field(inForm, "t-in-password", t.password, { type: "password", autocomplete: "current-password", required: "" });
  h("button", { type: "submit", class: "main" }, inForm, t.signIn);
  const inMessage = h("p", { class: "form-message", role: "alert" }, inForm);
  inForm.onsubmit = async (e) => {
    e.preventDefault();
    try {
      await api("POST", "sessions/teacher", { login: login.value.trim(), password: password.value });
      again();
    } catch (error) {
      say(inMessage, error.status === 401 ? t.errors.wrongLogin : error.status === 429 ? t.errors.tooMany(error.retryAfter) : problem(t, error));
    }
  };
  // sign up (the server's --signup: open, invite or closed)
  if (signup === "closed") {
    h("p", { class: "teacher-form t-note", "data-teacher": "sign-up-closed" }, both, t.signUpClosed);
    return;
  }
  const upForm = h("form", { class: "teacher-form", "aria-labelledby": "t-up-title", "data-teacher": "sign-up" }, both);
  h("h3", { id: "t-up-title" }, upForm, t.signUpTitle);
  const invitation = signup === "invite" ? field(upForm, "t-up-invitation", t.invitation, { autocomplete: "off", required: "", spellcheck: "false" }) : null;
  const name = field(upForm, "t-up-name", t.yourName, { autocomplete: "name", required: "" });
  const newLogin = field(upForm, "t-up-login", t.login, { autocomplete: "username", required: "" });
  const newPassword = field(upForm, "t-up-password", t.newPassword, { type: "password", autocomplete: "new-password", minlength: "8", required: "", "aria-describedby": "t-up-note" });
  h("p", { class: "field-note", id: "t-up-note" }, upForm, t.passwordNote);
  h("button", { type: "submit", class: "main" }, upForm, t.signUp);
  const upMessage = h("p", { class: "form-message", role: "alert" }, upForm);
  upForm.onsubmit = async (e) => {
    e.preventDefault();
    try {
      const body = { name: name.value.trim(), login: newLogin.value.trim(), password: newPassword.value };
      if (invitation) body.invitation = invitation.value.trim();
      await api("POST", "teachers", body);
      again();
    } catch (error) {
      say(upMessage, error.status === 409 ? t.errors.loginTaken : error.status === 422 ? t.errors.shortPassword : problem(t, error));
    }
  };
}

/** Her account: a new password (her password now asked again), and deleting the account with
 *  everything in it (her password, then a confirmation in words). */
function accountPage({ t, lang, root, getCourse, slot }) {
  h("h2", {}, root, t.accountTitle);
  const pwForm = h("form", { class: "teacher-form", "aria-labelledby": "t-pw-title", "data-teacher": "change-password" }, root);
  h("h3", { id: "t-pw-title" }, pwForm, t.changePasswordTitle);
  const now = field(pwForm, "t-pw-now", t.currentPassword, { type: "password", autocomplete: "current-password", required: "" });
  const next = field(pwForm, "t-pw-new", t.newPassword, { type: "password", autocomplete: "new-password", minlength: "8", required: "" });
  h("button", { type: "submit", class: "main" }, pwForm, t.changePassword);
  const pwMessage = h("p", { class: "form-message", role: "alert" }, pwForm);
  pwForm.onsubmit = async (e) => {
    e.preventDefault();
    try {
      await api("POST", "me/password", { password: now.value, newPassword: next.value });
      now.value = next.value = "";
      say(pwMessage, t.passwordChanged, "done");
    } catch (error) {
      say(pwMessage, error.status === 429 ? t.errors.tooMany(error.retryAfter) : error.code === "invalid" ? t.errors.shortPassword : problem(t, error));
    }
  };
  const part = h("section", { class: "t-section danger", "aria-labelledby": "t-del-title", "data-teacher": "delete-account" }, root);
  h("h3", { id: "t-del-title" }, part, t.deleteAccountTitle);
  h("p", { class: "t-note" }, part, t.deleteAccountNote);
  const delForm = h("form", { class: "teacher-form" }, part);
  const password = field(delForm, "t-del-password", t.currentPassword, { type: "password", autocomplete: "current-password", required: "" });
  h("button", { type: "submit", class: "danger" }, delForm, t.deleteAccount);
  const delMessage = h("p", { class: "form-message", role: "alert" }, delForm);
  delForm.onsubmit = (e) => {
    e.preventDefault();
    confirmIn(part, t, t.deleteAccountSure, t.deleteForGood, async () => {
      try {
        await api("DELETE", "me", { password: password.value });
        await showTeacher(slot, { lang, parts: [], getCourse });
        const note = h("p", { class: "form-message", role: "status", "data-kind": "done", "data-teacher": "account-deleted" }, null, t.accountDeleted);
        slot.querySelector(".teacher")?.prepend(note);
      } catch (error) {
        say(delMessage, error.status === 429 ? t.errors.tooMany(error.retryAfter) : problem(t, error));
      }
    });
  };
}

async function classesPage({ t, root }) {
  h("h2", {}, root, t.myClasses);
  const list = h("ul", { class: "class-list" }, root);
  const form = h("form", { class: "teacher-form inline", "data-teacher": "new-class" }, root);
  const name = field(form, "t-class-name", t.className, { required: "", maxlength: "80", placeholder: t.classNameExample });
  h("button", { type: "submit", class: "main" }, form, t.createClass);
  const message = h("p", { class: "form-message", role: "alert" }, form);
  const draw = async () => {
    let classes;
    try {
      classes = (await api("GET", "classes")).classes ?? [];
    } catch (error) {
      return say(message, problem(t, error));
    }
    list.replaceChildren();
    if (!classes.length) h("li", { class: "empty" }, list, t.noClasses);
    for (const c of classes) {
      const a = h("a", { class: "class-card", href: `#/teacher/class/${c.id}`, "data-class-id": c.id }, h("li", {}, list));
      h("span", { class: "class-card-name" }, a, c.name);
      h("span", { class: "class-card-code" }, a, t.codeIs(c.code));
      h("span", { class: "class-card-pupils" }, a, t.pupilsN(c.pupils ?? 0));
    }
  };
  form.onsubmit = async (e) => {
    e.preventDefault();
    try {
      const made = await api("POST", "classes", { name: name.value.trim() });
      location.hash = `#/teacher/class/${made.id}`;
    } catch (error) {
      say(message, problem(t, error));
    }
  };
  await draw();
}

/** The class (from listClasses: its name and code), or null. */
async function findClass(id) {
  const { classes = [] } = await api("GET", "classes");
  return classes.find((c) => String(c.id) === String(id)) ?? null;
}

async function classPage(ctx, id) {
  const { t, root } = ctx;
  let klass;
  try {
    klass = await findClass(id);
  } catch (error) {
    return h("p", { class: "form-message", "data-kind": "error", role: "alert" }, root, problem(t, error));
  }
  if (!klass) return h("p", { class: "form-message", "data-kind": "error", role: "alert" }, root, t.errors[404]);
  ctx.klass = klass;
  h("a", { class: "teacher-back", href: "#/teacher" }, root, `← ${t.myClasses}`);
  const head = h("div", { class: "class-head" }, root);
  h("h2", {}, head, klass.name);
  const code = h("p", { class: "class-code" }, head);
  h("span", { class: "class-code-label" }, code, t.classCode);
  h("span", { class: "class-code-value", "data-teacher": "code" }, code, klass.code);
  const course = await ctx.getCourse().catch(() => null);
  ctx.titles = new Map((course?.lessons ?? []).map((l) => [l.id, text(l.title, ctx.lang) || l.id]));
  ctx.course = course;
  const parts = {
    results: h("section", { class: "t-section", "aria-labelledby": "t-results" }, root),
    skills: h("section", { class: "t-section", "aria-labelledby": "t-skills" }, root),
    homework: h("section", { class: "t-section", "aria-labelledby": "t-homework" }, root),
    pupils: h("section", { class: "t-section", "aria-labelledby": "t-pupils" }, root),
    danger: h("section", { class: "t-section danger", "aria-labelledby": "t-danger" }, root),
  };
  practice().then((m) => m.skillsLink(parts.skills, { classId: klass.id, lang: ctx.lang })); // practice's Skills view, a page of its own
  // the results first: they bring the titles of the teacher's own lessons (the homework says them)
  ctx.redraw = () => results(ctx, parts.results).then(() => Promise.all([homework(ctx, parts.homework), pupils(ctx, parts.pupils)]));
  removeClassPart(ctx, parts.danger);
  await ctx.redraw();
}

const title = (ctx, id) => ctx.titles.get(id) ?? id;
const practice = () => import("../practice/teacher-skills.js");

/** #/teacher/class/<id>/skills: the class's Skills view (practice/teacher-skills.js). */
async function skillsPage(ctx, id) {
  const { t, root } = ctx;
  const klass = await findClass(id).catch(() => null);
  if (!klass) return h("p", { class: "form-message", "data-kind": "error", role: "alert" }, root, t.errors[404]);
  h("a", { class: "teacher-back", href: `#/teacher/class/${encodeURIComponent(klass.id)}` }, root, `← ${klass.name}`);
  const part = h("section", { class: "t-section", "aria-labelledby": "t-skills" }, root);
  return (await practice()).skillsView(part, { classId: klass.id, lang: ctx.lang, className: klass.name });
}

// ---- homework

async function homework(ctx, part) {
  const { t, lang, klass, course } = ctx;
  part.replaceChildren();
  h("h3", { id: "t-homework" }, part, t.homework);
  let list = [];
  try {
    const answer = await api("GET", `classes/${klass.id}/assignments`);
    list = answer.assignments ?? [];
    for (const [id, value] of Object.entries(answer.titles ?? {})) if (text(value, lang)) ctx.titles.set(id, text(value, lang));
  } catch (error) {
    h("p", { class: "form-message", "data-kind": "error", role: "alert" }, part, problem(t, error));
  }
  ctx.pass = Math.max(0, ...list.map((a) => a.pass ?? 0)) || null;
  const ul = h("ul", { class: "assignment-list" }, part);
  if (!list.length) h("li", { class: "empty" }, ul, t.noHomeworkYet);
  for (const a of list) {
    const li = h("li", { "data-assignment": a.id }, ul);
    h("span", {}, li, (a.lessons ?? []).map((id) => title(ctx, id)).join(", "));
    const facts = [a.due ? t.dueOn(new Date(`${a.due}T12:00:00`).toLocaleDateString(lang, { weekday: "short", day: "numeric", month: "long" })) : null, a.pass ? t.passMark(a.pass) : null].filter(Boolean);
    if (facts.length) h("span", { class: "t-note" }, li, ` — ${facts.join(", ")}`);
    if (a.practice?.length) practice().then((m) => m.practiceProgress(li, a, lang)); // skills to practise, each pupil's ✔
  }
  // the form: course lessons in their sections (checkboxes), a due date, a pass mark
  const form = h("form", { class: "teacher-form assign", "data-teacher": "assign" }, part);
  h("h4", {}, form, t.assignTitle);
  const picker = h("fieldset", { class: "lesson-picker" }, form);
  h("legend", {}, picker, t.pickLessons);
  for (const section of course?.sections ?? []) {
    const group = h("fieldset", { class: "lesson-group" }, picker);
    h("legend", {}, group, text(section.title, lang));
    for (const l of section.lessons) {
      const label = h("label", { class: "lesson-pick" }, group);
      h("input", { type: "checkbox", name: "lesson", value: l.id }, label);
      h("span", {}, label, text(l.title, lang) || l.id);
    }
  }
  const skillsSlot = h("div", { class: "practice-pick" }, form);
  practice().then((m) => m.practicePicker(skillsSlot, lang));
  const row = h("div", { class: "assign-row" }, form);
  const due = field(row, "t-due", t.due, { type: "date" });
  const passRow = h("p", { class: "field" }, row);
  h("label", { for: "t-pass" }, passRow, t.pass);
  const pass = h("select", { id: "t-pass" }, passRow);
  h("option", { value: "" }, pass, t.noPass);
  for (const n of [1, 2, 3]) h("option", { value: String(n) }, pass, t.starsOf(n));
  h("button", { type: "submit", class: "main" }, form, t.assign);
  const message = h("p", { class: "form-message", role: "alert" }, form);
  form.onsubmit = async (e) => {
    e.preventDefault();
    const lessons = [.../** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll('input[name="lesson"]:checked'))].map((x) => x.value);
    const skills = [.../** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll('input[name="practice"]:checked'))].map((x) => x.value);
    if (!lessons.length && !skills.length) return say(message, t.pickSome);
    try {
      await assign(klass.id, lessons, due.value || null, pass.value ? Number(pass.value) : null, skills);
      await ctx.redraw();
      say(part.querySelector(".form-message"), lessons.length ? t.assigned(lessons.length) : t.assignedSkills(skills.length), "ok");
    } catch (error) {
      say(message, problem(t, error));
    }
  };
}

const assign = (classId, lessons, due, pass, practice = []) => api("POST", `classes/${classId}/assignments`, { lessons, ...(due ? { due } : {}), ...(pass ? { pass } : {}), ...(practice.length ? { practice } : {}) });

// ---- the pupils

async function pupils(ctx, part) {
  const { t, klass } = ctx;
  part.replaceChildren();
  const head = h("div", { class: "t-section-head" }, part);
  h("h3", { id: "t-pupils" }, head, t.pupils);
  h("a", { class: "button-like", href: `#/teacher/class/${klass.id}/cards`, "data-teacher": "cards" }, head, t.cards);
  await limitsNotice(ctx, part, ctx.lang);
  let list = [];
  try {
    list = (await api("GET", `classes/${klass.id}/pupils`)).pupils ?? [];
  } catch (error) {
    h("p", { class: "form-message", "data-kind": "error", role: "alert" }, part, problem(t, error));
  }
  const pupilsNow = list;
  const message = h("p", { class: "form-message", role: "status" }, part);
  const ul = h("ul", { class: "pupil-list" }, part);
  if (!list.length) h("li", { class: "empty" }, ul, t.noPupilsYet);
  for (const p of list) {
    const li = h("li", { "data-pupil": p.id, "data-locked": String(Boolean(p.locked)) }, ul);
    h("span", { class: "pupil-name" }, li, p.name);
    const pics = h("span", { class: "pupil-pictures", role: "img", "aria-label": t.picturesAre((p.pictures ?? []).map((x) => t.picture[x] ?? x).join(", ")) }, li);
    for (const x of p.pictures ?? []) h("img", { src: pictureUrl(x), alt: "" }, pics);
    if (p.locked) h("span", { class: "locked" }, li, t.locked);
    const act = (label, key, run) => {
      const b = h("button", { type: "button", "data-action": key }, li, label);
      b.onclick = async () => {
        try {
          await run();
          await ctx.redraw();
        } catch (error) {
          say(message, problem(t, error));
        }
      };
      return b;
    };
    if (p.locked) act(t.unlock, "unlock", () => api("POST", `pupils/${p.id}/unlock`));
    act(t.newPictures, "reset", () => api("POST", `pupils/${p.id}/reset-pictures`));
    const remove = h("button", { type: "button", "data-action": "remove" }, li, t.remove);
    remove.onclick = () =>
      confirmIn(li, t, t.removePupilSure(p.name), t.removeForGood, async () => {
        try {
          await api("DELETE", `pupils/${p.id}`);
          await ctx.redraw();
        } catch (error) {
          say(message, problem(t, error));
        }
      });
  }
  const form = h("form", { class: "teacher-form", "data-teacher": "add-pupils" }, part);
  const row = h("p", { class: "field" }, form);
  h("label", { for: "t-names" }, row, t.addPupils);
  const names = h("textarea", { id: "t-names", rows: "5", "aria-describedby": "t-names-note" }, row);
  h("p", { class: "field-note", id: "t-names-note" }, form, t.namesNote);
  h("button", { type: "submit", class: "main" }, form, t.add);
  const formMessage = h("p", { class: "form-message", role: "alert" }, form);
  form.onsubmit = async (e) => {
    e.preventDefault();
    const list = names.value.split(/\r?\n/).map((x) => x.trim().replace(/\s+/g, " ")).filter(Boolean);
    if (!list.length) return say(formMessage, t.namesEmpty);
    // a name twice in the class: refused here at once (the server refuses it too), an initial suggested
    const key = (name) => name.toLowerCase().replaceAll("ё", "е");
    const seen = new Set(pupilsNow.map((p) => key(p.name)));
    const twice = list.find((name) => seen.size === seen.add(key(name)).size);
    if (twice) return say(formMessage, t.nameTwice(twice));
    try {
      await api("POST", `classes/${klass.id}/pupils`, { names: list });
      names.value = "";
      await ctx.redraw();
    } catch (error) {
      say(formMessage, error.code === "duplicate-name" ? t.nameTwice(error.problems[0]?.args?.name ?? "") : problem(t, error));
    }
  };
}

/** A confirmation in words, in place (not a browser dialog): the question, then "do it" and "keep". */
function confirmIn(parent, t, question, yes, run) {
  parent.querySelector(".confirm")?.remove();
  const box = h("div", { class: "confirm", role: "alertdialog", "aria-label": question }, parent);
  h("p", {}, box, question);
  const go = h("button", { type: "button", class: "danger", "data-confirm": "yes" }, box, yes);
  const keep = h("button", { type: "button", "data-confirm": "no" }, box, t.keep);
  go.onclick = () => {
    box.remove();
    run();
  };
  keep.onclick = () => box.remove();
  keep.focus();
}

function removeClassPart(ctx, part) {
  const { t, klass } = ctx;
  h("h3", { id: "t-danger" }, part, t.removeClassTitle);
  h("p", { class: "t-note" }, part, t.removeClassNote);
  const b = h("button", { type: "button", class: "danger", "data-teacher": "remove-class" }, part, t.removeClass(klass.name));
  b.onclick = () =>
    confirmIn(part, t, t.removeClassSure(klass.name), t.removeForGood, async () => {
      try {
        await api("DELETE", `classes/${klass.id}`);
        location.hash = "#/teacher";
      } catch (error) {
        say(part.querySelector(".form-message") ?? h("p", { class: "form-message", role: "alert" }, part), problem(t, error));
      }
    });
}

// ---- the login cards (printed: teacher.css's print sheet)

async function cardsPage(ctx, id) {
  const { t, root } = ctx;
  document.body.dataset.printing = "cards";
  let klass, list;
  try {
    klass = await findClass(id);
    list = klass ? ((await api("GET", `classes/${klass.id}/pupils`)).pupils ?? []) : [];
  } catch (error) {
    return h("p", { class: "form-message", "data-kind": "error", role: "alert" }, root, problem(t, error));
  }
  if (!klass) return h("p", { class: "form-message", "data-kind": "error", role: "alert" }, root, t.errors[404]);
  const { qrSvg } = await import("./qr.js");
  const bar = h("div", { class: "cards-bar no-print" }, root);
  h("a", { class: "teacher-back", href: `#/teacher/class/${klass.id}` }, bar, `← ${klass.name}`);
  const print = h("button", { type: "button", class: "main", "data-teacher": "print" }, bar, t.print);
  print.onclick = () => print.ownerDocument.defaultView?.print();
  h("p", { class: "t-note no-print" }, root, t.cardsNote);
  const sheet = h("div", { class: "cards", "data-teacher": "card-sheet" }, root);
  for (const p of list) {
    const link = `${location.origin}${location.pathname}#/class/${klass.code}/${p.id}/${(p.pictures ?? []).join("-")}`;
    const card = h("article", { class: "card", "data-pupil": p.id, "data-link": link }, sheet);
    h("h3", { class: "card-name" }, card, p.name);
    const code = h("p", { class: "card-code" }, card);
    h("span", {}, code, t.classCode);
    h("strong", {}, code, klass.code);
    const pics = h("ol", { class: "card-pictures", "aria-label": t.picturesInOrder }, card);
    for (const x of p.pictures ?? []) {
      const li = h("li", {}, pics);
      h("img", { src: pictureUrl(x), alt: "" }, li);
      h("span", {}, li, t.picture[x] ?? x);
    }
    card.append(qrSvg(link, { label: t.qrLabel(p.name) }));
    h("p", { class: "card-note" }, card, t.cardNote);
  }
  if (!list.length) h("p", { class: "empty" }, sheet, t.noPupilsYet);
}

/** Leaving the cards: the page prints as usual again. */
export function leftTeacher() {
  delete document.body.dataset.printing;
}

// ---- the studio's "Send to my class"

/**
 * Adds "Send to my class" to the lesson studio (studio.js's addAction): the lesson is uploaded
 * (uploadLesson; a 422 lists the checker's problems, each with its place) and assigned to the
 * class chosen. Shown only to a teacher signed in.
 */
export async function studioActions(studio, lang) {
  const t = await words(lang);
  studio.addAction({
    key: "send-to-class",
    label: () => `⇪ ${t.sendToClass}`,
    run: (box) => sendToClass(studio, box, lang),
  });
}

/** The checker's messages in the teacher's language: the catalogue the studio says them with. */
const checkWords = (lang) => loadWords(lang, "messages-check", "messages-lesson", "messages-core").catch(() => ({}));

async function sendToClass(studio, box, lang) {
  style();
  const t = await words(lang);
  box.replaceChildren();
  box.hidden = false;
  box.classList.add("send-box");
  const who = await me().catch(() => null);
  if (who?.role !== "teacher") {
    h("p", {}, box, t.signInFirst);
    h("a", { href: "#/teacher" }, box, t.toClasses);
    return;
  }
  const { classes = [] } = await api("GET", "classes").catch(() => ({}));
  if (!classes.length) {
    h("p", {}, box, t.noClasses);
    h("a", { href: "#/teacher" }, box, t.toClasses);
    return;
  }
  const form = h("form", { class: "teacher-form inline", "data-teacher": "send" }, box);
  const row = h("p", { class: "field" }, form);
  h("label", { for: "t-send-class" }, row, t.sendWhich);
  const pick = h("select", { id: "t-send-class" }, row);
  for (const c of classes) h("option", { value: String(c.id) }, pick, `${c.name} (${c.code})`);
  h("button", { type: "submit", class: "main" }, form, t.send);
  const message = h("div", { class: "form-message", role: "alert" }, box);
  form.onsubmit = async (e) => {
    e.preventDefault();
    message.replaceChildren();
    let lesson;
    try {
      lesson = JSON.parse(studio.text());
    } catch {
      return say(message, t.lessonNotJson);
    }
    try {
      const { id } = await api("POST", "lessons", lesson);
      await assign(pick.value, [id], null, null);
      say(message, t.sent(pick.selectedOptions[0].textContent), "ok");
    } catch (error) {
      if (error.status === 422 && error.problems.length) {
        say(message, t.lessonRefused);
        const ul = h("ul", { class: "problems", "data-teacher": "problems" }, message);
        // each problem in the teacher's words (the checker's messages, as the studio says them);
        // the server's English sentence when the catalogue lacks the id
        const m = await checkWords(lang);
        for (const p of error.problems) {
          const text = p.id && m[p.id] ? sayError(m, { id: p.id, args: p.args ?? {} }) : p.message;
          h("li", { "data-message": p.id ?? "" }, ul, p.place ? `${p.place}: ${text}` : text);
        }
      } else say(message, problem(t, error));
    }
  };
}

export { PICTURES };
