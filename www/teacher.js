// The teacher's part of a class (README.md "Classes"), in "For teachers" (#/teacher…), loaded
// only when a class server answered: sign up / sign in; her classes; a class's page (its code
// big, the results grid, homework, the pupils, the login cards to print, removing); a pupil's
// attempts replayed on the board move by move; "Send to my class" in the studio. Everything
// through classes.js (the API client). No markup strings: every text goes in textContent; the
// words: www/i18n/<lang>/classes.js; the look: teacher.css (its print sheet: the cards).
import { Board, pieceImage } from "./board.js";
import { limitsNotice } from "./class-limits.js";
import { PICTURES, api, me, pictureUrl, signOut, url } from "./classes.js";
import { adopt, h } from "./dom.js";
import { sayError } from "./errors.js";
import { loadWords } from "./i18n.js";

const words = (lang) => loadWords(lang, "classes");
const text = (value, lang) => (value && typeof value === "object" ? value[lang] ?? value.en ?? "" : "");
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
  const out = h("button", { type: "button", "data-teacher": "sign-out" }, bar, t.signOut);
  out.onclick = async () => {
    await signOut();
    showTeacher(slot, { lang, parts: [], getCourse });
  };
  if (parts[0] === "class" && parts[1]) {
    if (parts[2] === "cards") return cardsPage(ctx, parts[1]);
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

function signInPage({ t, lang, root, getCourse, slot, parts }) {
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
  // sign up
  const upForm = h("form", { class: "teacher-form", "aria-labelledby": "t-up-title", "data-teacher": "sign-up" }, both);
  h("h3", { id: "t-up-title" }, upForm, t.signUpTitle);
  const name = field(upForm, "t-up-name", t.yourName, { autocomplete: "name", required: "" });
  const newLogin = field(upForm, "t-up-login", t.login, { autocomplete: "username", required: "" });
  const newPassword = field(upForm, "t-up-password", t.newPassword, { type: "password", autocomplete: "new-password", minlength: "8", required: "", "aria-describedby": "t-up-note" });
  h("p", { class: "field-note", id: "t-up-note" }, upForm, t.passwordNote);
  h("button", { type: "submit", class: "main" }, upForm, t.signUp);
  const upMessage = h("p", { class: "form-message", role: "alert" }, upForm);
  upForm.onsubmit = async (e) => {
    e.preventDefault();
    try {
      await api("POST", "teachers", { name: name.value.trim(), login: newLogin.value.trim(), password: newPassword.value });
      again();
    } catch (error) {
      say(upMessage, error.status === 409 ? t.errors.loginTaken : error.status === 422 ? t.errors.shortPassword : problem(t, error));
    }
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
    let classes = [];
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
    homework: h("section", { class: "t-section", "aria-labelledby": "t-homework" }, root),
    pupils: h("section", { class: "t-section", "aria-labelledby": "t-pupils" }, root),
    danger: h("section", { class: "t-section danger", "aria-labelledby": "t-danger" }, root),
  };
  ctx.redraw = () => Promise.all([results(ctx, parts.results), homework(ctx, parts.homework), pupils(ctx, parts.pupils)]);
  removeClassPart(ctx, parts.danger);
  await ctx.redraw();
}

const title = (ctx, id) => ctx.titles.get(id) ?? id;
const minutes = (ms, t) => (ms == null ? "" : t.time(Math.round(ms / 1000)));
const when = (iso, lang) => (iso ? new Date(iso).toLocaleString(lang, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }) : "");

/** The stars as pictures and words (never colour alone): ★★☆ "2 of 3 stars". */
function starRow(parent, n, t) {
  const box = h("span", { class: "t-stars", role: "img", "aria-label": t.starsOf(n), "data-stars": n }, parent);
  for (let k = 0; k < 3; k++) h("span", { class: k < n ? "on" : "off", "aria-hidden": "true" }, box, k < n ? "★" : "☆");
  return box;
}

async function results(ctx, part) {
  const { t, lang, klass } = ctx;
  part.replaceChildren();
  const head = h("div", { class: "t-section-head" }, part);
  h("h3", { id: "t-results" }, head, t.results);
  const csv = h("a", { class: "button-like", href: url(`classes/${klass.id}/results.csv`), download: `${klass.code}-results.csv`, "data-teacher": "csv" }, head, `⤓ ${t.exportCsv}`);
  csv.setAttribute("type", "text/csv");
  let data;
  try {
    data = await api("GET", `classes/${klass.id}/results`);
  } catch (error) {
    return h("p", { class: "form-message", "data-kind": "error", role: "alert" }, part, problem(t, error));
  }
  const lessons = data.lessons ?? [];
  if (!lessons.length || !data.pupils?.length) {
    h("p", { class: "empty" }, part, !data.pupils?.length ? t.noPupilsYet : t.noHomeworkYet);
    return;
  }
  h("p", { class: "t-note" }, part, t.resultsNote);
  const wrap = h("div", { class: "grid-wrap", tabindex: "0", role: "region", "aria-label": t.results }, part);
  const table = h("table", { class: "results", "data-teacher": "results" }, wrap);
  const tr = h("tr", {}, h("thead", {}, table));
  h("th", { scope: "col" }, tr, t.pupil);
  for (const id of lessons) h("th", { scope: "col", "data-lesson": id }, tr, title(ctx, id));
  const body = h("tbody", {}, table);
  for (const p of data.pupils) {
    const row = h("tr", { "data-pupil": p.id }, body);
    h("th", { scope: "row" }, row, p.name);
    for (const id of lessons) {
      const r = p.lessons?.[id];
      const td = h("td", { "data-lesson": id }, row);
      const b = h("button", { type: "button", class: "grid-cell", "data-state": !r?.attempts ? "none" : r.solved ? "solved" : "tried" }, td);
      if (!r?.attempts) {
        h("span", { class: "cell-none", "aria-hidden": "true" }, b, "—");
        h("span", { class: "cell-text" }, b, t.notStarted);
        b.disabled = true;
        continue;
      }
      starRow(b, r.stars ?? 0, t);
      const facts = [t.attemptsN(r.attempts), r.hints ? t.hintsN(r.hints) : null, r.ms != null ? minutes(r.ms, t) : null].filter(Boolean);
      h("span", { class: "cell-text" }, b, `${r.solved ? `✔ ${t.solved}` : `✗ ${t.notSolved}`} · ${facts.join(" · ")}`);
      if (r.last) h("span", { class: "cell-last" }, b, when(r.last, lang));
      if (ctx.pass && r.stars >= ctx.pass) b.dataset.passed = "true";
      b.onclick = () => attempts(ctx, part, p, id);
    }
  }
}

/** A pupil's attempts at a lesson, each with a Replay button; the replay below. */
async function attempts(ctx, part, p, lesson) {
  const { t, lang, klass } = ctx;
  part.querySelector(".attempts")?.remove();
  const box = h("div", { class: "attempts", "data-teacher": "attempts", role: "region", "aria-labelledby": "t-attempts" }, part);
  const head = h("div", { class: "t-section-head" }, box);
  h("h4", { id: "t-attempts", tabindex: "-1" }, head, t.attemptsOf(p.name, title(ctx, lesson)));
  const close = h("button", { type: "button" }, head, t.close);
  close.onclick = () => box.remove();
  let list;
  try {
    list = (await api("GET", `classes/${klass.id}/attempts?pupil=${encodeURIComponent(p.id)}&lesson=${encodeURIComponent(lesson)}`)).attempts ?? [];
  } catch (error) {
    return h("p", { class: "form-message", "data-kind": "error", role: "alert" }, box, problem(t, error));
  }
  const ol = h("ol", { class: "attempt-list" }, box);
  const replayBox = h("div", { class: "replay-box" }, box);
  for (const a of list) {
    const li = h("li", {}, ol);
    starRow(li, a.stars ?? 0, t);
    h("span", {}, li, ` ${a.solved ? t.solved : t.notSolved} · ${[t.hintsN(a.hints ?? 0), minutes(a.ms, t), when(a.at, lang)].filter(Boolean).join(" · ")} `);
    const b = h("button", { type: "button", "data-attempt": a.id }, li, `▶ ${t.replay}`);
    b.onclick = () => replay(ctx, replayBox, a.id, lesson);
  }
  box.querySelector("h4").focus();
}

// ---- the replay: the lesson's start position, then the moves one by one

const ROWS = /^[.pnbrqkPNBRQK]{8}$/;
/** A lesson's position (FEN, or 8 rows rank 8 first + optional FEN fields) → { pieces, turn }. */
export function readPosition(position) {
  let rows;
  let turn = "w";
  if (Array.isArray(position)) {
    rows = position.slice(0, 8);
    turn = String(position[8] ?? "w").trim()[0] === "b" ? "b" : "w";
  } else {
    const [board = "", side = "w"] = String(position ?? "").trim().split(/\s+/);
    rows = board.split("/").map((r) => r.replace(/\d/g, (n) => ".".repeat(Number(n))));
    turn = side === "b" ? "b" : "w";
  }
  const pieces = new Map();
  rows.forEach((row, k) => {
    if (!ROWS.test(row)) return;
    [...row].forEach((c, j) => {
      if (c !== ".") pieces.set(`${"abcdefgh"[j]}${8 - k}`, { color: c === c.toUpperCase() ? "white" : "black", char: c.toUpperCase() });
    });
  });
  return { pieces, turn };
}

/** The position after a UCI move (no rules: the server judged it; castling and en passant moved
 *  as the board shows them). */
export function applyUci(pieces, uci) {
  const next = new Map(pieces);
  const from = uci.slice(0, 2);
  const to = uci.slice(2, 4);
  const piece = next.get(from);
  if (!piece) return next;
  next.delete(from);
  if (piece.char === "K" && Math.abs(from.charCodeAt(0) - to.charCodeAt(0)) === 2) {
    const [rf, rt] = to[0] === "g" ? [`h${to[1]}`, `f${to[1]}`] : [`a${to[1]}`, `d${to[1]}`];
    const rook = next.get(rf);
    if (rook) next.delete(rf), next.set(rt, rook);
  }
  if (piece.char === "P" && from[0] !== to[0] && !next.has(to)) next.delete(`${to[0]}${from[1]}`);
  const promo = uci[4];
  next.set(to, promo ? { ...piece, char: promo.toUpperCase() } : piece);
  return next;
}

async function lessonData(id) {
  try {
    const r = await fetch(new URL(`lessons/${id}.json`, document.baseURI));
    if (r.ok) return await r.json();
  } catch {}
  return api("GET", `lessons/${encodeURIComponent(id)}`); // the teacher's own lesson
}

async function replay(ctx, box, attemptId, lessonId) {
  const { t } = ctx;
  box.replaceChildren();
  let attempt, lesson;
  try {
    [attempt, lesson] = await Promise.all([api("GET", `attempts/${encodeURIComponent(attemptId)}`), lessonData(lessonId)]);
  } catch (error) {
    return h("p", { class: "form-message", "data-kind": "error", role: "alert" }, box, problem(t, error));
  }
  const start = readPosition(lesson.position ?? lesson.fen);
  const raw = attempt.moves ?? [];
  // the judge's verdict of each entry (good, mistake, reply, takeback, refused, unplayed), when
  // the server gives them (attempts stored before them have none: then a guess)
  const verdicts = Array.isArray(attempt.verdicts) && attempt.verdicts.length === raw.length ? attempt.verdicts : null;
  // moves (UCI), a quiz's clicks (a square) and a take-back: each a step; `at`: its index in raw
  const steps = raw.map((m, at) => ({ m, at })).filter(({ m }) => m === "takeback" || /^[a-h][1-8]([a-h][1-8][qrbn]?)?$/.test(m));
  const moves = steps.map((s) => s.m);
  const isClick = (m) => m.length === 2;
  const isTakeback = (m) => m === "takeback";
  // positions[k]: after k steps; the child's side moves first; a take-back goes back to before
  // the child's last move
  const positions = [start.pieces];
  const firstMove = moves.find((m) => !isClick(m) && !isTakeback(m));
  const childColor = start.pieces.get(firstMove?.slice(0, 2))?.color ?? (start.turn === "b" ? "black" : "white");
  const guessChild = (m, k) => isClick(m) || isTakeback(m) || positions[k].get(m.slice(0, 2))?.color === childColor;
  const byChild = [];
  let beforeChild = 0;
  moves.forEach((m, k) => {
    const child = verdicts ? verdicts[steps[k].at] !== "reply" : guessChild(m, k);
    byChild.push(child);
    if (isTakeback(m)) return positions.push(positions[beforeChild]);
    if (child && !isClick(m)) beforeChild = k;
    positions.push(isClick(m) ? positions.at(-1) : applyUci(positions.at(-1), m));
  });
  // the wrong steps: the judge's mistakes and the entry it refused; without verdicts, the child's
  // last move of an attempt not solved
  const wrongKind = moves.map((m, k) => (verdicts ? verdicts[steps[k].at] : null)).map((v) => (v === "mistake" || v === "refused" ? v : null));
  if (!verdicts && !attempt.solved) {
    const lastChild = byChild.lastIndexOf(true);
    if (lastChild >= 0) wrongKind[lastChild] = "mistake";
  }
  const wrongWords = (k) => (wrongKind[k] === "refused" ? t.refusedMove : t.wrongMove);
  // where the hints were asked (hintsAt: after so many entries of the moves)
  const hintsAt = Array.isArray(attempt.hintsAt) ? attempt.hintsAt : [];
  const hintBefore = (k) => hintsAt.includes(k < steps.length ? steps[k].at : raw.length);
  const wrap = h("div", { class: "replay", "data-teacher": "replay" }, box);
  h("h5", {}, wrap, t.replayOf(title(ctx, lessonId)));
  const host = h("div", { class: "replay-board" }, wrap);
  const root = host.attachShadow({ mode: "open" });
  await adopt(root, "board.css");
  const side = h("div", { class: "replay-side" }, wrap);
  const said = h("p", { class: "replay-said", role: "status", "aria-live": "polite" }, side);
  const controls = h("div", { class: "replay-controls", role: "group", "aria-label": t.replayControls }, side);
  const list = h("ol", { class: "replay-moves" }, side);
  h("p", { class: "t-note" }, side, [t.hintsN(attempt.hints ?? 0), attempt.answers?.length ? t.answers(attempt.answers.map((x) => x + 1).join(", ")) : null, minutes(attempt.ms, t)].filter(Boolean).join(" · "));
  const cellLabel = (sq, piece, target, marks) => [sq, piece ? `${t[piece.color]} ${t.pieceNames[piece.char] ?? piece.char}` : t.emptySquare, ...marks].join(", ");
  const board = new Board(root, { sprite: (p) => pieceImage(p.color, p.char), label: t.replayBoard, coordinates: "algebraic", orientation: childColor, cellLabel });
  let k = 0;
  const items = moves.map((m, i) => {
    const li = h("li", { "data-move": i, "data-by": byChild[i] ? "pupil" : "reply" }, list, `${i + 1}. ${byChild[i] ? "" : "↩ "}${isTakeback(m) ? `↶ ${t.takeback}` : m}`);
    if (hintBefore(i)) {
      li.dataset.hint = "true";
      li.prepend(h("span", { class: "hint-mark" }, null, `? ${t.hintHere} `));
    }
    if (wrongKind[i]) {
      li.dataset.wrong = wrongKind[i];
      h("span", { class: "wrong-mark" }, li, ` ✗ ${wrongWords(i)}`);
    }
    return li;
  });
  // a hint asked after the last move
  if (moves.length && hintBefore(moves.length)) h("li", { class: "hint-mark", "data-hint": "end" }, list, `? ${t.hintAtEnd}`);
  const show = () => {
    const m = moves[k - 1];
    const at = m && (isClick(m) ? m : m.slice(2, 4));
    const wrong = m && wrongKind[k - 1];
    const shapes = !m || isTakeback(m) ? [] : wrong ? [{ type: "cross", square: at, name: wrongWords(k - 1) }] : isClick(m) ? [{ type: "circle", square: m, name: t.clicked }] : [];
    board.set({ pieces: positions[k], lastMove: m && !isClick(m) && !isTakeback(m) ? { from: m.slice(0, 2), to: at } : null, shapes });
    items.forEach((li, i) => (i === k - 1 ? li.setAttribute("aria-current", "step") : li.removeAttribute("aria-current")));
    const hint = k < moves.length && hintBefore(k) ? ` ${t.hintNext}.` : "";
    said.textContent = (k === 0 ? t.replayStart : t.replayMove(k, moves.length, isTakeback(m) ? t.takeback : m, byChild[k - 1] ? t.byPupil : t.byReply) + (wrong ? ` ✗ ${wrongWords(k - 1)}.` : "")) + hint;
    wrap.dataset.at = String(k);
    for (const [b, off] of buttons) b.disabled = off();
  };
  const buttons = [
    [h("button", { type: "button", "data-replay": "first", "aria-label": t.first }, controls, "◀◀"), () => k === 0, () => (k = 0)],
    [h("button", { type: "button", "data-replay": "back", "aria-label": t.back }, controls, "◀"), () => k === 0, () => (k -= 1)],
    [h("button", { type: "button", "data-replay": "next", "aria-label": t.forward }, controls, "▶"), () => k === moves.length, () => (k += 1)],
    [h("button", { type: "button", "data-replay": "last", "aria-label": t.last }, controls, "▶▶"), () => k === moves.length, () => (k = moves.length)],
  ].map(([b, off, go]) => {
    b.onclick = () => {
      go();
      show();
    };
    return [b, off];
  });
  if (!moves.length) h("p", { class: "t-note" }, side, t.noMoves);
  show();
}

// ---- homework

async function homework(ctx, part) {
  const { t, lang, klass, course } = ctx;
  part.replaceChildren();
  h("h3", { id: "t-homework" }, part, t.homework);
  let list = [];
  try {
    list = (await api("GET", `classes/${klass.id}/assignments`)).assignments ?? [];
  } catch (error) {
    h("p", { class: "form-message", "data-kind": "error", role: "alert" }, part, problem(t, error));
  }
  ctx.pass = Math.max(0, ...list.map((a) => a.pass ?? 0)) || null;
  const ul = h("ul", { class: "assignment-list" }, part);
  if (!list.length) h("li", { class: "empty" }, ul, t.noHomeworkYet);
  for (const a of list) {
    const li = h("li", { "data-assignment": a.id }, ul);
    h("span", {}, li, (a.lessons ?? []).map((id) => title(ctx, id)).join(", "));
    const facts = [a.due ? t.dueOn(new Date(`${a.due}T12:00:00`).toLocaleDateString(lang)) : null, a.pass ? t.passMark(a.pass) : null].filter(Boolean);
    if (facts.length) h("span", { class: "t-note" }, li, ` — ${facts.join(", ")}`);
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
    const lessons = [...form.querySelectorAll('input[name="lesson"]:checked')].map((x) => x.value);
    if (!lessons.length) return say(message, t.pickSome);
    try {
      await assign(klass.id, lessons, due.value || null, pass.value ? Number(pass.value) : null);
      await ctx.redraw();
      say(part.querySelector(".form-message"), t.assigned(lessons.length), "ok");
    } catch (error) {
      say(message, problem(t, error));
    }
  };
}

const assign = (classId, lessons, due, pass) => api("POST", `classes/${classId}/assignments`, { lessons, ...(due ? { due } : {}), ...(pass ? { pass } : {}) });

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
    const list = names.value.split(/\r?\n/).map((x) => x.trim()).filter(Boolean);
    if (!list.length) return say(formMessage, t.namesEmpty);
    try {
      await api("POST", `classes/${klass.id}/pupils`, { names: list });
      names.value = "";
      await ctx.redraw();
    } catch (error) {
      say(formMessage, problem(t, error));
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
  print.onclick = () => print.ownerDocument.defaultView.print();
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
