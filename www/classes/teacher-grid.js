// @ts-check
// The results of a class for its teacher (README.md "Classes"): a summary on top (who has not
// started, who needs help and where), the grid (a row per pupil, a column per lesson given: the
// best stars, solved or not with the number of tries, the failed and given-up ones, a "needs
// help" mark in a picture and words), and a cell opened: every try of the pupil at the lesson,
// each with how it ended and its moves in the children's notation (wrong ones ✗ with the words
// the child heard), one replayed on a board. Never colour alone; titles, never ids.
import { api, url } from "./classes.js";
import { h } from "../widget/dom.js";
import { lessonData, readTry, replay, wrongText } from "./teacher-replay.js";

/** The signs of how a try ended (with words, never alone). */
export const KIND_SIGN = { solved: "✔", failed: "✗", restarted: "↻", left: "⇥" };
const HELP_SIGN = "⚑";

const problem = (t, error) => t.errors[error.code] ?? t.errors[error.status] ?? (error.status ? t.errors.other(error.status, error.message) : t.errors.offline);
const titleOf = (ctx, id) => ctx.titles.get(id) ?? id;
const minutes = (ms, t) => (ms == null ? "" : t.time(Math.round(ms / 1000)));
const when = (iso, lang) => (iso ? new Intl.DateTimeFormat(lang, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(new Date(iso)) : "");
const text = (value, lang) => (typeof value === "string" ? value : value && typeof value === "object" ? value[lang] || value.en || value.ru || "" : "");
const list = (items, lang) => new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(items);

/** The stars as pictures and words (never colour alone): ★★☆ "2 of 3 stars". */
export function starRow(parent, n, t) {
  const box = h("span", { class: "t-stars", role: "img", "aria-label": t.starsOf(n), "data-stars": n }, parent);
  for (let k = 0; k < 3; k++) h("span", { class: k < n ? "on" : "off", "aria-hidden": "true" }, box, k < n ? "★" : "☆");
  return box;
}

/** The "needs help" mark: a flag and the words. */
function helpMark(parent, t) {
  const mark = h("span", { class: "help-mark", "data-help": "true" }, parent);
  h("span", { "aria-hidden": "true" }, mark, `${HELP_SIGN} `);
  h("span", {}, mark, t.needsHelp);
  return mark;
}

/** The words of a cell tried: "not solved · 3 tries", then "2 failed · gave up", hints, time. */
export function cellWords(r, t) {
  const head = `${r.solved ? `✔ ${t.solved}` : `✗ ${t.notSolved}`} · ${t.triesN(r.attempts)}`;
  const kinds = [r.failed ? t.failedN(r.failed) : null, r.restarted ? t.restartedN(r.restarted) : null, !r.solved && r.lastKind === "left" ? t.gaveUp : null].filter(Boolean);
  const facts = [r.hints ? t.hintsN(r.hints) : null, r.ms != null ? minutes(r.ms, t) : null].filter(Boolean);
  return { head, kinds: kinds.join(" · "), facts: facts.join(" · ") };
}

/** The results part of a class's page: the summary, the grid, the CSV. */
export async function results(ctx, part) {
  const { t, lang, klass } = ctx;
  part.replaceChildren();
  const head = h("div", { class: "t-section-head" }, part);
  h("h3", { id: "t-results" }, head, t.results);
  // the CSV in the page's language, its dates in the teacher's time zone
  const csvUrl = `${url(`classes/${klass.id}/results.csv`)}?lang=${encodeURIComponent(lang)}&tz=${new Date().getTimezoneOffset()}`;
  const csv = h("a", { class: "button-like", href: csvUrl, download: `${klass.code}-${t.csvName}.csv`, "data-teacher": "csv" }, head, `⤓ ${t.exportCsv}`);
  csv.setAttribute("type", "text/csv");
  let data;
  try {
    data = await api("GET", `classes/${klass.id}/results`);
  } catch (error) {
    return h("p", { class: "form-message", "data-kind": "error", role: "alert" }, part, problem(t, error));
  }
  for (const [id, title] of Object.entries(data.titles ?? {})) if (text(title, lang)) ctx.titles.set(id, text(title, lang));
  const lessons = data.lessons ?? [];
  if (!lessons.length || !data.pupils?.length) {
    h("p", { class: "empty" }, part, !data.pupils?.length ? t.noPupilsYet : t.noHomeworkYet);
    return;
  }
  summary(ctx, part, data, lessons);
  h("p", { class: "t-note" }, part, t.resultsNote);
  const wrap = h("div", { class: "grid-wrap", tabindex: "0", role: "region", "aria-label": t.results }, part);
  const table = h("table", { class: "results", "data-teacher": "results" }, wrap);
  const tr = h("tr", {}, h("thead", {}, table));
  h("th", { scope: "col" }, tr, t.pupil);
  for (const id of lessons) h("th", { scope: "col", "data-lesson": id }, tr, titleOf(ctx, id));
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
      if (r.help) {
        b.dataset.help = "true";
        helpMark(b, t);
      }
      starRow(b, r.stars ?? 0, t);
      const w = cellWords(r, t);
      h("span", { class: "cell-text" }, b, w.head);
      if (w.kinds) h("span", { class: "cell-kinds" }, b, w.kinds);
      if (w.facts) h("span", { class: "cell-facts" }, b, w.facts);
      if (r.last) h("span", { class: "cell-last" }, b, when(r.last, lang));
      if (ctx.pass && r.stars >= ctx.pass) b.dataset.passed = "true";
      // a space between the lines: the cell's name, read aloud or copied, keeps its words apart
      for (const line of [...b.children].slice(0, -1)) line.after(" ");
      b.onclick = () => attempts(ctx, part, p, id);
    }
  }
}

/** On top of the grid: who has not started, who needs help and where, who solved everything. */
function summary(ctx, part, data, lessons) {
  const { t, lang } = ctx;
  const box = h("div", { class: "t-summary", "data-teacher": "summary", role: "group", "aria-label": t.summaryTitle }, part);
  const tried = (p) => lessons.some((l) => p.lessons?.[l]?.attempts);
  const notStarted = data.pupils.filter((p) => !tried(p));
  const allDone = data.pupils.filter((p) => lessons.every((l) => p.lessons?.[l]?.solved));
  const stuck = data.pupils.flatMap((p) => lessons.filter((l) => p.lessons?.[l]?.help).map((l) => ({ p, l, r: p.lessons[l] })));
  const line = (key, sign, words) => {
    const p = h("p", { class: "t-summary-line", "data-summary": key }, box);
    h("span", { class: "t-summary-sign", "aria-hidden": "true" }, p, `${sign} `);
    h("span", {}, p, words);
    return p;
  };
  line("done", "✔", t.summaryDone(allDone.length, data.pupils.length));
  line("not-started", "—", notStarted.length ? t.summaryNotStarted(list(notStarted.map((p) => p.name), lang)) : t.summaryAllStarted);
  if (!stuck.length) line("help", HELP_SIGN, t.summaryNoHelp);
  else {
    const p = line("help", HELP_SIGN, t.summaryHelp);
    const ul = h("ul", { class: "t-summary-stuck" }, p);
    for (const { p: pupil, l, r } of stuck) {
      const li = h("li", { "data-pupil": pupil.id, "data-lesson": l }, ul);
      const b = h("button", { type: "button", class: "link-like" }, li, `${pupil.name} — ${titleOf(ctx, l)}`);
      h("span", { class: "t-note" }, li, ` (${[t.triesN(r.attempts), r.failed ? t.failedN(r.failed) : null, r.lastKind === "left" ? t.gaveUp : null].filter(Boolean).join(", ")})`);
      b.onclick = () => attempts(ctx, part, pupil, l);
    }
  }
}

/** A pupil's tries at a lesson, the oldest first: how each ended, its moves (wrong ones ✗ with
 *  the words the child heard); the newest replayed on the board below, any other on a click. */
export async function attempts(ctx, part, p, lesson) {
  const { t, lang, klass } = ctx;
  part.querySelector(".attempts")?.remove();
  const box = h("div", { class: "attempts", "data-teacher": "attempts", role: "region", "aria-labelledby": "t-attempts" }, part);
  const head = h("div", { class: "t-section-head" }, box);
  h("h4", { id: "t-attempts", tabindex: "-1" }, head, t.attemptsOf(p.name, titleOf(ctx, lesson)));
  const close = h("button", { type: "button" }, head, t.close);
  close.onclick = () => box.remove();
  let tries, data;
  try {
    const listed = (await api("GET", `classes/${klass.id}/attempts?pupil=${encodeURIComponent(p.id)}&lesson=${encodeURIComponent(lesson)}`)).attempts ?? [];
    // the oldest first (the list is the newest first); the last 30 tries in full
    tries = listed.slice(0, 30).reverse();
    [data, ...tries] = await Promise.all([lessonData(lesson), ...tries.map((a) => api("GET", `attempts/${encodeURIComponent(a.id)}`).then((full) => ({ ...a, ...full })))]);
    if (listed.length > 30) h("p", { class: "t-note" }, box, t.olderTries(listed.length - 30));
  } catch (error) {
    return h("p", { class: "form-message", "data-kind": "error", role: "alert" }, box, problem(t, error));
  }
  const ol = h("ol", { class: "attempt-list" }, box);
  const replayBox = h("div", { class: "replay-box" }, box);
  const heading = (a, n) => `${t.tryN(n, tries.length)} · ${KIND_SIGN[a.kind] ?? ""} ${t.kind[a.kind] ?? a.kind}`;
  const buttons = [];
  for (const [k, a] of tries.entries()) {
    const li = h("li", { "data-attempt": a.id, "data-kind": a.kind }, ol);
    const top = h("p", { class: "attempt-head" }, li);
    h("strong", {}, top, heading(a, k + 1));
    h("span", {}, top, ` · ${[a.kind === "solved" ? null : a.failed && a.kind === "left" ? t.afterFailure : null, t.hintsN(a.hints ?? 0), minutes(a.ms, t), when(a.at, lang)].filter(Boolean).join(" · ")} `);
    if (a.kind === "solved") starRow(top, a.stars ?? 0, t);
    const { steps } = await readTry(a, data, ctx);
    if (steps.length) {
      const moves = h("p", { class: "attempt-moves" }, li);
      for (const s of steps) {
        const m = h("span", { class: "attempt-move", "data-by": s.child ? "pupil" : "reply", lang }, moves, `${s.child ? "" : "↩ "}${s.label}`);
        if (s.wrong) {
          m.dataset.wrong = s.wrong;
          h("span", { class: "wrong-mark" }, m, ` ${wrongText(s, t)}`);
        }
        moves.append(" ");
      }
    } else h("p", { class: "t-note" }, li, t.noMoves);
    const b = h("button", { type: "button", "data-replay-attempt": a.id }, li, `▶ ${t.replay}`);
    buttons.push(b);
    b.onclick = () => {
      for (const x of buttons) x.removeAttribute("aria-pressed");
      b.setAttribute("aria-pressed", "true");
      replay(ctx, replayBox, a, data, heading(a, k + 1));
    };
  }
  buttons.at(-1)?.click();
  box.querySelector("h4")?.focus();
}
