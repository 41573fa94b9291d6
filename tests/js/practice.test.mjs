// Practice's package (www/pkg-practice) in Node: the skills, exercises made in the browser are
// byte for byte those of `chess-tutor practice make` (the class server judges them by their id),
// the learner model over a log (next, record, report), and errors thrown as catalogue messages.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PKG = join(ROOT, "www", "pkg-practice");
const pkg = await import(join(PKG, "chess_tutor.js"));
pkg.initSync({ module: readFileSync(join(PKG, "chess_tutor_bg.wasm")) });
const CLI = join(process.env.CARGO_TARGET_DIR ?? join(ROOT, "target"), process.env.CT_CARGO_PROFILE ?? "release", "chess-tutor");

test("the skills of lessons/skills.json", () => {
  const skills = pkg.practiceSkills();
  assert.ok(skills.length >= 30);
  const file = JSON.parse(readFileSync(join(ROOT, "lessons", "skills.json"), "utf8")).skills;
  assert.deepEqual(skills.map((s) => s.id), file.map((s) => s.id));
  assert.equal(skills[1].title.en, "The rook's moves");
});

test("an exercise made in the browser is the command line's, byte for byte", { skip: !existsSync(CLI) && "no release binary" }, () => {
  for (const [skill, seed] of [["rook-stars", 3], ["knight-stars", 11], ["numbers-formula", 5], ["t1-capture", 8], ["t1-prince-stars", 2]]) {
    const ex = pkg.practiceMake(skill, seed);
    assert.equal(ex.id, `practice/${skill}/${seed}`);
    const cli = execFileSync(CLI, ["practice", "make", "--skill", skill, "--seed", String(seed)], { encoding: "utf8" }).trim();
    assert.equal(ex.text, cli, skill);
    assert.equal(JSON.parse(ex.text).rating, ex.rating);
  }
});

// The class server regenerates an exercise from its id and judges the moves against it: a skill
// whose browser exercise differed from the native one would refuse a pupil's real try. The native
// searches read the endgame tables where the browser's may not (doctor.rs engine_tables), so every
// skill is held, the tactics too, on three seeds each.
test("every skill's exercises are the same in the browser and natively (seeds 1–3)", { skip: !existsSync(CLI) && "no release binary" }, () => {
  for (const f of pkg.practiceEndgameFiles()) pkg.practiceLoadEndgame(new Uint8Array(readFileSync(join(ROOT, "www", "endgame", f))));
  const differ = [];
  for (const { id } of pkg.practiceSkills()) {
    const cli = execFileSync(CLI, ["practice", "make", "--skill", id, "--seed", "1", "--count", "3"], { encoding: "utf8" }).trim().split("\n");
    for (let seed = 1; seed <= 3; seed++) {
      if (pkg.practiceMake(id, seed).text !== cli[seed - 1]) differ.push(`${id}/${seed}`);
    }
  }
  assert.deepEqual(differ, []);
});

test("next, record and report over a log", () => {
  let log = "";
  const now = "2026-11-28T09:00:00Z";
  const first = pkg.practiceNext(log, now, [], false);
  assert.match(first.id, /^practice\/[a-z0-9-]+\/\d+$/);
  assert.equal(first.review, false);
  for (let k = 0; k < 5; k++) {
    const ex = pkg.practiceNext(log, now, [], false);
    const r = pkg.practiceRecord(log, ex.id, k !== 2, 0, 4000, now);
    assert.equal(r.skill, ex.skill);
    log += `${r.line}\n`;
  }
  const report = pkg.practiceReport(log, now);
  assert.equal(report.days, 1);
  assert.equal(report.skills.reduce((n, s) => n + s.attempts, 0), 5);
  assert.ok(report.skills.every((s) => s.mastery >= 0 && s.mastery <= 3));
  // gentle: easier
  assert.ok(pkg.practiceNext("", now, [], true).rating <= pkg.practiceNext("", now, [], false).rating);
});

test("bad input is a message of the catalogue, never a trap", () => {
  const thrown = (f) => {
    try {
      f();
    } catch (e) {
      return e.id;
    }
    return null;
  };
  assert.equal(thrown(() => pkg.practiceMake("nope", 1)), "practice-unknown-skill");
  assert.equal(thrown(() => pkg.practiceMake("rook-stars", -1)), "practice-bad-id");
  assert.equal(thrown(() => pkg.practiceReport("not a log", "2026-11-28T09:00:00Z")), "practice-bad-log");
  assert.equal(thrown(() => pkg.practiceReport("", "yesterday")), "practice-bad-time");
  assert.equal(thrown(() => pkg.practiceRecord("", "practice/rook-stars/x", true, 0, 1, "2026-11-28T09:00:00Z")), "practice-bad-id");
});

test("an answer is recorded with the generator's rating, whether this package made the exercise or not", () => {
  const now = "2026-11-28T09:00:00Z";
  // made here first (remembered), then one never made here (regenerated from its id), and the
  // same seed written with leading zeros (the id the log keeps is the exercise's own)
  const made = pkg.practiceMake("bishop-stars", 17);
  const fresh = JSON.parse(pkg.practiceRecord("", "practice/knight-stars/23", true, 0, 1000, now).line);
  const again = JSON.parse(pkg.practiceRecord("", made.id, false, 1, 1000, now).line);
  const zeros = JSON.parse(pkg.practiceRecord("", "practice/knight-stars/0023", true, 0, 1000, now).line);
  assert.equal(again.id, made.id);
  assert.equal(again.rating, made.rating);
  assert.equal(fresh.id, "practice/knight-stars/23");
  assert.equal(fresh.rating, pkg.practiceMake("knight-stars", 23).rating);
  assert.equal(zeros.id, "practice/knight-stars/23");
  assert.equal(zeros.rating, fresh.rating);
  // many exercises later the first is no longer remembered: regenerated, the same rating
  for (let seed = 1; seed <= 20; seed++) pkg.practiceMake("numbers-land", seed);
  assert.equal(JSON.parse(pkg.practiceRecord("", made.id, true, 0, 1000, now).line).rating, made.rating);
});
