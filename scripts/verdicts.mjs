#!/usr/bin/env node
// The verdict table (issue 29): for every best_move, mate, escape and king-and-pawn lesson of the courses,
// the lesson's answer beside the verdict of our own tools — the engine at full strength
// (`chess-tutor bestmove --level 8`), the rules (`moves`, `status`) or the exact king-and-pawn
// solver (`solve`) — as a Markdown table, then a summary.
//
//   node scripts/verdicts.mjs [--bin target/release/chess-tutor] [--lessons lessons] > verdicts.md
//   node scripts/verdicts.mjs --goal escape           only the lessons of one goal type
//
// Needs the release binary (cargo build --release) and www/pkg (build_wasm): the package turns a
// text board into FEN, names moves in SAN and plays them for the solver's successors.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const BIN = arg("--bin", join(ROOT, "target", "release", "chess-tutor"));
const DIR = arg("--lessons", join(ROOT, "lessons"));
const ONLY = arg("--goal", null);

const pkg = await import(join(ROOT, "www", "pkg", "chess_tutor.js"));
pkg.initSync({ module: readFileSync(join(ROOT, "www", "pkg", "chess_tutor_bg.wasm")) });

const run = (...args) => execFileSync(BIN, args, { cwd: ROOT, encoding: "utf8" }).trim();

/** The lessons in course order: every course file (course*.json or any file with sections),
 * course.json first, then the lessons no course lists. */
function lessonsInOrder() {
  const files = readdirSync(DIR).filter((f) => f.endsWith(".json"));
  const read = (f) => JSON.parse(readFileSync(join(DIR, f), "utf8"));
  const courses = files.filter((f) => Array.isArray(read(f).sections)).sort((a, b) => (a === "course.json" ? -1 : b === "course.json" ? 1 : a.localeCompare(b)));
  const order = [];
  for (const c of courses) for (const s of read(c).sections) for (const f of s.lessons) if (!order.includes(f)) order.push(f);
  for (const f of files.sort()) if (!order.includes(f) && !courses.includes(f) && read(f).goal) order.push(f);
  return order.map((f) => read(f));
}

const positionText = (p) => (Array.isArray(p) ? p.join("\n") : p);
const game = (text, autoQueen) => new pkg.Game(text, autoQueen);

/** Every legal move of a FEN: its UCI, SAN and the FEN after it. */
function successors(fen, autoQueen) {
  const list = run("moves", fen);
  return (list ? list.split(/\s+/) : []).map((uci) => {
    const g = game(fen, autoQueen);
    const info = g.play(uci.slice(0, 2), uci.slice(2, 4), uci[4] ?? null);
    const out = { uci, san: info.san, fen: g.fen() };
    g.free();
    return out;
  });
}

const bare = (san) => san.replace(/[+#!?]+$/, "");
/** The legal moves a lesson's answers name (SAN or UCI). */
const named = (answers, moves) => moves.filter((m) => answers.some((a) => bare(a) === bare(m.san) || a.toLowerCase() === m.uci));

/** Kings and at most one pawn a side: the solver's positions. */
function kingAndPawn(fen) {
  const placement = fen.split(" ")[0];
  const count = (c) => [...placement].filter((x) => x === c).length;
  return count("K") === 1 && count("k") === 1 && count("P") <= 1 && count("p") <= 1 && /^[KkPp1-8/]+$/.test(placement);
}

/** The way a move saves the piece on `square` (as the escape goal says it): a capture of one of
 * its attackers, the piece itself moving away, or another move (protect or block). */
function escapeWay(fen, move, square) {
  const from = move.uci.slice(0, 2);
  const to = move.uci.slice(2, 4);
  if (from === square) return "run";
  const [placement, side, ...rest] = fen.split(" ");
  // the piece on `to` before the move, if any, asked for its targets with the other side to move
  const theirs = [placement, side === "w" ? "b" : "w", "-", "-", ...rest.slice(2)].join(" ");
  let targets;
  try {
    targets = run("targets", theirs, to);
  } catch {
    targets = ""; // an empty square: not a capture
  }
  return targets.split(/\s+/).includes(square) ? "capture" : "protect";
}

const solve = (fen) => {
  const [result, distance, ...best] = run("solve", fen).split(/\s+/);
  return { result, distance: Number(distance), best };
};
const flip = (r) => ({ win: "loss", loss: "win", draw: "draw" })[r];

/** The engine's move and score (centipawns, or a mate in n moves). */
function engine(fen) {
  const line = run("bestmove", fen, "--level", "8", "--info");
  const [uci] = line.split(" ");
  const score = Number(/score (-?\d+)/.exec(line)[1]);
  const depth = Number(/depth (\d+)/.exec(line)?.[1] ?? 0);
  deepest = Math.max(deepest, depth);
  // a mate found by the search scores 32000 − plies, one read from the tables 25000 − plies
  const plies = score > 30000 ? 32000 - score : score > 20000 ? 25000 - score : null;
  return { uci, score, mateIn: plies === null ? null : Math.ceil(plies / 2) };
}

/** The engine's score of a move for the side that plays it (centipawns; a mate is 20000+). */
function scoreOf(fen, uci) {
  const line = run("bestmove", fen, "moves", uci, "--level", "8", "--info");
  const m = /score (-?\d+)/.exec(line);
  return m ? -Number(m[1]) : 30000; // no reply: the move mates or stalemates (a mate is the best)
}
// The doctor's tolerance: an answer within this many centipawns of the engine's best is right.
const TOLERANCE = 60;

// the deepest search the engine reached (plies), said under the table
let deepest = 0;

const cell = (s) => String(s).replaceAll("|", "\\|");
const rows = [];
let agree = 0;
const off = [];

for (const lesson of lessonsInOrder()) {
  if (lesson.pieces || (ONLY && lesson.goal?.type !== ONLY)) continue;
  const goal = lesson.goal;
  const autoQueen = lesson.rules === "auto_queen";
  const g = game(positionText(lesson.position), autoQueen);
  const fen = g.fen();
  g.free();
  const kp = autoQueen && kingAndPawn(fen);
  let answer, verdict, ok, tool;

  if (goal.type === "best_move" && kp) {
    tool = "solve";
    const before = solve(fen).result;
    const moves = successors(fen, true);
    const keep = moves.filter((m) => flip(solve(m.fen).result) === before);
    const listed = named(goal.answers, moves);
    answer = goal.answers.join(", ");
    verdict = `${before}; keeps it: ${keep.map((m) => m.san).join(", ")} (of ${moves.length} moves)`;
    ok = keep.length === listed.length && keep.every((m) => listed.includes(m));
  } else if (goal.type === "best_move") {
    tool = "bestmove 8";
    const moves = successors(fen, autoQueen);
    const e = engine(fen);
    const best = moves.find((m) => m.uci === e.uci);
    answer = goal.answers.join(", ");
    const mates = moves.filter((m) => run("status", fen, "moves", m.uci) === "checkmate");
    const listed = named(goal.answers, moves);
    const scored = listed.map((m) => ({ san: m.san, score: m.uci === e.uci ? e.score : scoreOf(fen, m.uci) }));
    const cp = (x) => (x > 20000 ? "mate" : `${x} cp`);
    verdict = `best ${best?.san ?? e.uci} (${e.mateIn ? `mate in ${e.mateIn}` : cp(e.score)}); answers ${scored.map((x) => `${x.san} ${cp(x.score)}`).join(", ")}; ${moves.length} legal moves` + (mates.length ? `; mates: ${mates.map((m) => m.san).join(", ")}` : "");
    ok = listed.some((m) => m.uci === e.uci) || (!e.mateIn && scored.length > 0 && scored.every((x) => x.score >= e.score - TOLERANCE));
  } else if (goal.type === "mate") {
    tool = "bestmove 8";
    const e = engine(fen);
    const moves = successors(fen, autoQueen);
    const first = moves.find((m) => m.uci === e.uci);
    answer = `mate in ${goal.in}`;
    let extra = "";
    if (goal.in === 1) {
      const mates = moves.filter((m) => run("status", fen, "moves", m.uci) === "checkmate");
      extra = `; mates: ${mates.map((m) => m.san).join(", ")}`;
    }
    verdict = `${first?.san ?? e.uci}, ${e.mateIn ? `mate in ${e.mateIn}` : `no mate seen (${e.score} cp)`}${extra}`;
    ok = e.mateIn === goal.in;
  } else if (kp && ["promote", "win", "draw"].includes(goal.type)) {
    tool = "solve";
    const s = solve(fen);
    const want = goal.type === "draw" ? "draw" : "win";
    answer = `${goal.type}${goal.moves ? ` (${goal.moves} moves)` : ""}${lesson.par ? `, par ${lesson.par}` : ""}`;
    verdict = `${s.result}${s.distance ? ` in ${s.distance} plies` : ""}; best: ${s.best.join(" ")}`;
    ok = s.result === want;
  } else if (kp && goal.type === "question" && goal.results) {
    tool = "solve";
    const s = solve(fen);
    answer = `${goal.choices[goal.answer].en} (${goal.results[goal.answer]})`;
    verdict = s.result;
    ok = goal.results[goal.answer] === s.result && goal.results.filter((r) => r === s.result).length === 1;
  } else if (goal.type === "escape") {
    // the engine's best move and every move of the lesson's way (`by`) scored: the lesson agrees
    // when the best move is of its way, or a move of its way is as good (within the tolerance)
    tool = "bestmove 8";
    const moves = successors(fen, autoQueen);
    const e = engine(fen);
    const way = (m) => escapeWay(fen, m, goal.square);
    const best = moves.find((m) => m.uci === e.uci);
    const mine = goal.by ? moves.filter((m) => way(m) === goal.by) : moves;
    const scored = mine.map((m) => ({ san: m.san, score: m.uci === e.uci ? e.score : scoreOf(fen, m.uci) }));
    const good = scored.filter((x) => x.score >= e.score - TOLERANCE);
    answer = `save ${goal.square}${goal.by ? ` by ${goal.by}` : ""}`;
    verdict = `best ${best?.san ?? e.uci} (${e.score} cp, ${best ? way(best) : "?"}); as good of its way: ${good.map((x) => x.san).join(", ") || "none"} (of ${mine.length})`;
    ok = good.length > 0;
  } else {
    continue;
  }
  if (ok) agree += 1;
  else off.push(lesson.id);
  rows.push(`| ${rows.length + 1} | ${lesson.id} | ${goal.type} | ${cell(answer)} | ${tool} | ${cell(verdict)} | ${ok ? "yes" : "**no**"} |`);
}

console.log("| # | lesson | goal | the lesson's answer | tool | verdict | agrees |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const r of rows) console.log(r);
console.log();
console.log(`The engine: level 8 (full strength, its node budget), deepest search ${deepest} plies; the doctor (\`lesson check\`) proves the same claims by iterative deepening until two successive depths agree.`);
console.log();
console.log(`${rows.length} lessons judged, ${agree} agree, ${rows.length - agree} differ${off.length ? `: ${off.join(", ")}` : ""}.`);
