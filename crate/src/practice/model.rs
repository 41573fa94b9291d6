//! The learner model: a pure function of the child's attempt log (JSON lines, one attempt each),
//! so that the browser and the class server compute the same thing from the same log.
//!
//! - **Ratings** (Glicko-1, Elo's scale with an uncertainty): one for the child and one per skill.
//!   Each attempt is a game between the child and the exercise (its rating the generator's; an
//!   exercise's own uncertainty [`EXERCISE_RD`]). A skill starts from the child's rating at its
//!   first attempt, so a strong child does not start each skill at the bottom. An uncertainty
//!   grows again with the days without practice ([`RD_PER_DAY`]).
//! - **Reviews** (FSRS-5 with its published default parameters [`FSRS_W`], desired retention
//!   0.9): a skill's first attempt on a day is a review, graded Again (wrong), Hard (right with
//!   hints) or Good (right); the next review is due when the predicted recall falls to 0.9.
//!   A review is a new exercise of the skill: the pattern is reviewed, not the position.
//! - **The next exercise** ([`next`]): a due review first, interleaved with the skill being
//!   learned (never two reviews in a row while a skill is being learned), at the difficulty where
//!   the predicted success is 80 % ([`TARGET`]; gentle: 90 %).
//! - **Mastery** ([`mastery`]): 0 to 3 stars; 3 when the skill's rating is above its bar with a
//!   low uncertainty.

use super::{parse_id, skills, PracticeError, Skill};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A new learner's rating and uncertainty.
pub const START_RATING: f64 = 1000.0;
pub const START_RD: f64 = 350.0;
/// A skill's uncertainty at its first attempt (its rating is the child's).
pub const SKILL_RD: f64 = 200.0;
/// The least uncertainty: a rating keeps following a child who improves.
pub const MIN_RD: f64 = 60.0;
/// An exercise's rating is the generator's estimate: this uncertain.
pub const EXERCISE_RD: f64 = 80.0;
/// How much an uncertainty grows a day without practice (Glicko's c).
pub const RD_PER_DAY: f64 = 15.0;
/// The predicted success the next exercise aims at, and in the gentle setting.
pub const TARGET: f64 = 0.80;
pub const GENTLE_TARGET: f64 = 0.90;
/// A skill is mastered (3 stars) with its rating at its bar and an uncertainty at most this.
pub const MASTERED_RD: f64 = 100.0;

/// FSRS-5's published default parameters (w0…w18).
pub const FSRS_W: [f64; 19] = [
    0.40255, 1.18385, 3.173, 15.69105, 7.1949, 0.5345, 1.4604, 0.0046, 1.54575, 0.1192, 1.01925,
    1.9395, 0.11, 0.29605, 2.2698, 0.2315, 2.9898, 0.51655, 0.6621,
];
const DECAY: f64 = -0.5;
const FACTOR: f64 = 19.0 / 81.0;
use crate::calendar::DAY;

/// One line of the log: an attempt at an exercise.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attempt {
    /// When, ISO-8601 in UTC (`2026-11-28T09:00:00Z`).
    pub at: String,
    /// The exercise, `practice/<skill>/<seed>`.
    pub id: String,
    /// Its difficulty (the exercise's `rating`).
    pub rating: i32,
    /// Solved (without a wrong move).
    pub right: bool,
    /// Hints taken.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hints: u32,
    /// Milliseconds spent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ms: Option<u64>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Attempt {
    /// The attempt as its log line (no newline).
    pub fn line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// An attempt read and checked: its skill, seed and time.
#[derive(Clone, Debug)]
pub struct Read {
    pub attempt: Attempt,
    pub skill: &'static Skill,
    pub seed: u64,
    pub at: i64,
}

/// Read a log: one attempt a line (blank lines skipped). A line that is not an attempt of a
/// known skill is an error naming it: the log is not ours, and nothing is written to it.
pub fn read_log(text: &str) -> Result<Vec<Read>, PracticeError> {
    let mut out = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let bad = |why: String| PracticeError::BadLog { line: k + 1, why };
        if line.len() > 4096 {
            return Err(bad("the line is too long".into()));
        }
        let attempt: Attempt = serde_json::from_str(line).map_err(|e| bad(e.to_string()))?;
        let (skill, seed) = parse_id(&attempt.id).map_err(|e| bad(e.to_string()))?;
        let at = parse_time(&attempt.at).map_err(|e| bad(e.to_string()))?;
        if !(0..=4000).contains(&attempt.rating) {
            return Err(bad(format!("rating {} is out of 0..4000", attempt.rating)));
        }
        out.push(Read { attempt, skill, seed, at });
    }
    Ok(out)
}

/// A rating with its uncertainty (Glicko-1), and when it last changed (seconds).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub r: f64,
    pub rd: f64,
    pub at: i64,
}

const Q: f64 = std::f64::consts::LN_10 / 400.0;

fn g(rd: f64) -> f64 {
    1.0 / (1.0 + 3.0 * Q * Q * rd * rd / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// The chance that a learner rated `r` (uncertainty `rd`) solves an exercise rated `x`.
pub fn expected(r: f64, rd: f64, x: f64) -> f64 {
    let g = g((rd * rd + EXERCISE_RD * EXERCISE_RD).sqrt());
    1.0 / (1.0 + 10f64.powf(-g * (r - x) / 400.0))
}

/// The exercise rating at which a learner rated `r` (uncertainty `rd`) succeeds with chance `p`.
pub fn rating_for(r: f64, rd: f64, p: f64) -> f64 {
    let g = g((rd * rd + EXERCISE_RD * EXERCISE_RD).sqrt());
    r - 400.0 * (p / (1.0 - p)).log10() / g
}

impl Rating {
    fn new(r: f64, rd: f64, at: i64) -> Rating {
        Rating { r, rd, at }
    }
    /// The uncertainty at time `now`, grown with the days since the last change.
    pub fn rd_at(&self, now: i64) -> f64 {
        let days = ((now - self.at).max(0) as f64) / DAY as f64;
        (self.rd * self.rd + RD_PER_DAY * RD_PER_DAY * days).sqrt().min(START_RD)
    }
    /// One game against an exercise rated `x`: `score` 1 solved, 0 not (between: with hints).
    fn update(&mut self, x: f64, score: f64, now: i64) {
        let rd = self.rd_at(now);
        let gj = g(EXERCISE_RD);
        let e = 1.0 / (1.0 + 10f64.powf(-gj * (self.r - x) / 400.0));
        let d2 = 1.0 / (Q * Q * gj * gj * e * (1.0 - e)).max(1e-12);
        let var = 1.0 / (1.0 / (rd * rd) + 1.0 / d2);
        self.r += Q * var * gj * (score - e);
        self.rd = var.sqrt().max(MIN_RD);
        self.at = now;
    }
}

/// FSRS's memory of a skill: stability (days) and difficulty (1..10).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Memory {
    pub stability: f64,
    pub difficulty: f64,
    /// The last review (seconds).
    pub at: i64,
}

fn init_difficulty(grade: u8) -> f64 {
    (FSRS_W[4] - (FSRS_W[5] * (grade as f64 - 1.0)).exp() + 1.0).clamp(1.0, 10.0)
}

/// Recall after `days` with stability `s`.
pub fn retrievability(days: f64, s: f64) -> f64 {
    (1.0 + FACTOR * days / s).powf(DECAY)
}

impl Memory {
    fn first(grade: u8, at: i64) -> Memory {
        Memory {
            stability: FSRS_W[grade as usize - 1].max(0.1),
            difficulty: init_difficulty(grade),
            at,
        }
    }
    /// A review with `grade` (1 Again, 2 Hard, 3 Good, 4 Easy) at `now`.
    fn review(&mut self, grade: u8, now: i64) {
        let w = &FSRS_W;
        let days = ((now - self.at).max(0) as f64) / DAY as f64;
        let (s, d) = (self.stability, self.difficulty);
        let r = retrievability(days, s);
        self.stability = if grade == 1 {
            (w[11] * d.powf(-w[12]) * ((s + 1.0).powf(w[13]) - 1.0) * (w[14] * (1.0 - r)).exp())
                .min(s)
        } else {
            let hard = if grade == 2 { w[15] } else { 1.0 };
            let easy = if grade == 4 { w[16] } else { 1.0 };
            s * (1.0
                + w[8].exp()
                    * (11.0 - d)
                    * s.powf(-w[9])
                    * ((w[10] * (1.0 - r)).exp() - 1.0)
                    * hard
                    * easy)
        }
        .clamp(0.1, 36500.0);
        let delta = -w[6] * (grade as f64 - 3.0);
        let damped = d + delta * (10.0 - d) / 9.0;
        self.difficulty = (w[7] * init_difficulty(4) + (1.0 - w[7]) * damped).clamp(1.0, 10.0);
        self.at = now;
    }
    /// When the next review is due: recall down to 0.9, which FSRS's curve puts at `stability`
    /// days; at least a day.
    pub fn due(&self) -> i64 {
        self.at + ((self.stability * DAY as f64).round() as i64).max(DAY)
    }
}

/// What the model knows of one skill.
#[derive(Clone, Debug, PartialEq)]
pub struct SkillState {
    pub rating: Rating,
    pub attempts: u32,
    pub right: u32,
    pub memory: Option<Memory>,
    /// The largest seed used, so the next exercise is a new one.
    pub last_seed: u64,
    /// The last attempt's time, and whether it was right.
    pub last_at: i64,
    pub last_right: bool,
    /// The first attempt's time.
    pub first_at: i64,
    /// The UTC day of the last attempt and the attempts on that day.
    pub day: i64,
    pub today: u32,
}

impl SkillState {
    pub fn due(&self) -> Option<i64> {
        self.memory.map(|m| m.due())
    }
}

/// The learner: the child's rating and each practised skill's state, from the log.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Learner {
    pub rating: Option<Rating>,
    pub skills: BTreeMap<String, SkillState>,
    /// The skills in the order of the attempts (the last one last).
    pub order: Vec<String>,
    /// Distinct UTC days with an attempt.
    pub days: Vec<i64>,
}

impl Learner {
    /// Replay a log.
    pub fn from_log(log: &[Read]) -> Learner {
        let mut l = Learner::default();
        for a in log {
            l.add(a);
        }
        l
    }

    /// The child's rating now.
    pub fn child(&self) -> Rating {
        self.rating.unwrap_or(Rating::new(START_RATING, START_RD, 0))
    }

    /// One attempt more.
    pub fn add(&mut self, a: &Read) {
        let score = if a.attempt.right { 1.0 - 0.25 * a.attempt.hints.min(2) as f64 } else { 0.0 };
        let x = a.attempt.rating as f64;
        let mut child = self.rating.unwrap_or(Rating::new(START_RATING, START_RD, a.at));
        let start = Rating::new(child.r, child.rd_at(a.at).max(SKILL_RD), a.at);
        let st = self.skills.entry(a.skill.id.clone()).or_insert(SkillState {
            rating: start,
            attempts: 0,
            right: 0,
            memory: None,
            last_seed: 0,
            last_at: a.at,
            last_right: false,
            first_at: a.at,
            day: a.at.div_euclid(DAY),
            today: 0,
        });
        // the first attempt of the day is the skill's review
        let day = a.at.div_euclid(DAY);
        let grade = if !a.attempt.right {
            1
        } else if a.attempt.hints > 0 {
            2
        } else {
            3
        };
        match &mut st.memory {
            None => st.memory = Some(Memory::first(grade, a.at)),
            Some(m) if m.at.div_euclid(DAY) < day => m.review(grade, a.at),
            Some(_) => {}
        }
        st.rating.update(x, score, a.at);
        st.attempts += 1;
        st.right += u32::from(a.attempt.right);
        st.last_seed = st.last_seed.max(a.seed);
        st.last_at = a.at;
        st.last_right = a.attempt.right;
        st.today = if st.day == day { st.today + 1 } else { 1 };
        st.day = day;
        child.update(x, score, a.at);
        self.rating = Some(child);
        self.order.retain(|s| *s != a.skill.id);
        self.order.push(a.skill.id.clone());
        if self.days.last() != Some(&day) && !self.days.contains(&day) {
            self.days.push(day);
        }
    }

    /// The skill of the last attempt.
    pub fn last_skill(&self) -> Option<&str> {
        self.order.last().map(String::as_str)
    }
}

/// A skill's stars, 0 to 3 (3: mastered): fewer than three attempts 0; the rating at the bar
/// with an uncertainty at most [`MASTERED_RD`] (at `now`) 3; near the bar (100 points) with five
/// right 2; else 1.
pub fn mastery(skill: &Skill, st: &SkillState, now: i64) -> u8 {
    let rd = st.rating.rd_at(now);
    let bar = skill.bar as f64;
    if st.attempts < 3 {
        0
    } else if st.rating.r >= bar && rd <= MASTERED_RD {
        3
    } else if st.rating.r >= bar - 100.0 && st.right >= 5 {
        2
    } else {
        1
    }
}

/// The next exercise to make: a skill, the rating to aim at, the seed to start from, and whether
/// it is a review.
#[derive(Clone, Debug, PartialEq)]
pub struct Next {
    pub skill: &'static Skill,
    pub rating: f64,
    pub seed: u64,
    pub review: bool,
}

/// Whether the child may start `s`: its course lessons learned, or the skills it requires
/// practised (each mastered, or [`STARTED`] attempts), or nothing required.
fn open(s: &Skill, l: &Learner, learned: &[String], now: i64) -> bool {
    l.skills.contains_key(&s.id)
        || s.lessons.iter().any(|x| learned.contains(x))
        || s.requires.iter().all(|r| match (l.skills.get(r), super::skill(r)) {
            (Some(st), Some(sk)) => st.attempts >= STARTED || mastery(sk, st, now) == 3,
            _ => false,
        })
}

/// The attempts of a skill that open the skills requiring it.
pub const STARTED: u32 = 8;
/// The most attempts of one skill in a day while it is being learned: then another skill is
/// learned (a child who cannot master a skill yet is not held on it).
pub const DAILY_BLOCK: u32 = 10;

/// The next exercise for the learner at `now`, with the course lessons `learned` (ids) and the
/// `gentle` setting: a due review first, interleaved with the skill being learned, at the
/// difficulty of the target success.
pub fn next(l: &Learner, now: i64, learned: &[String], gentle: bool) -> Option<Next> {
    next_skipping(l, now, learned, gentle, &[])
}

/// The next exercise made: [`next`], then [`super::make`] near its rating (a skill whose
/// generator makes nothing is passed over).
pub fn next_exercise(
    l: &Learner,
    now: i64,
    learned: &[String],
    gentle: bool,
) -> Result<super::Exercise, PracticeError> {
    let mut skip: Vec<String> = Vec::new();
    while let Some(n) = next_skipping(l, now, learned, gentle, &skip) {
        match super::make(&n.skill.id, n.seed, Some(n.rating)) {
            Ok(ex) => return Ok(ex),
            Err(_) => skip.push(n.skill.id.clone()),
        }
    }
    Err(PracticeError::NoExercise { skill: skip.first().cloned().unwrap_or_default(), seed: 0 })
}

/// [`next`] without the skills of `skip`.
fn next_skipping(
    l: &Learner,
    now: i64,
    learned: &[String],
    gentle: bool,
    skip: &[String],
) -> Option<Next> {
    let all: Vec<&'static Skill> = skills().iter().filter(|s| !skip.contains(&s.id)).collect();
    let last = l.last_skill();
    let mastered = |s: &Skill| l.skills.get(&s.id).is_some_and(|st| mastery(s, st, now) == 3);
    // the skill being learned: a practised one not mastered, else the first open one (a skill of
    // a lesson just learned first, then the courses' order)
    let today = now.div_euclid(DAY);
    let tired = |s: &Skill| {
        l.skills.get(&s.id).is_some_and(|st| st.day == today && st.today >= DAILY_BLOCK)
    };
    // (the one started last: a review of an older skill does not take its place)
    let current = l
        .skills
        .iter()
        .filter_map(|(id, st)| Some((st.first_at, super::skill(id)?)))
        .filter(|(_, s)| !skip.contains(&s.id) && !mastered(s) && !tired(s))
        .max_by_key(|(first, s)| (*first, s.id.clone()))
        .map(|(_, s)| s)
        .or_else(|| {
            let fresh = |s: &&&Skill| !l.skills.contains_key(&s.id) && open(s, l, learned, now);
            all.iter()
                .filter(fresh)
                .find(|s| s.lessons.iter().any(|x| learned.contains(x)))
                .or_else(|| all.iter().find(fresh))
                .copied()
        });
    // due reviews, the most overdue first; never the skill just practised
    let mut due: Vec<(&Skill, i64)> = all
        .iter()
        .copied()
        .filter(|s| {
            Some(s.id.as_str()) != last && Some(s.id.as_str()) != current.map(|c| c.id.as_str())
        })
        .filter_map(|s| Some((s, l.skills.get(&s.id)?.due()?)))
        .filter(|(_, d)| *d <= now)
        .collect();
    due.sort_by_key(|(s, d)| (*d, s.id.clone()));
    let last_was_current = match (last, current) {
        (Some(a), Some(c)) => a == c.id,
        (None, _) => true,
        _ => false,
    };
    let (skill, review) = match (due.first(), current) {
        (Some((s, _)), Some(_)) if last_was_current => (*s, true),
        (Some((s, _)), None) => (*s, true),
        (_, Some(c)) => (c, false),
        // everything open is mastered and nothing is due: the practised skill reviewed longest ago
        (None, None) => {
            let oldest = l
                .skills
                .iter()
                .filter(|(id, _)| !skip.contains(id))
                .filter_map(|(id, st)| Some((super::skill(id)?, st.memory.map_or(0, |m| m.at))))
                .min_by_key(|(s, at)| (*at, s.id.clone()));
            match oldest {
                Some((s, _)) => (s, true),
                None => (*all.first()?, false),
            }
        }
    };
    let p = if gentle { GENTLE_TARGET } else { TARGET };
    let (r, rd, seed) = match l.skills.get(&skill.id) {
        Some(st) => {
            // after a wrong answer a little easier still
            let easier = if st.last_right { 0.0 } else { 50.0 };
            (st.rating.r - easier, st.rating.rd_at(now), st.last_seed + 1)
        }
        None => {
            let c = l.child();
            (c.r, c.rd_at(now).max(SKILL_RD), 1)
        }
    };
    Some(Next { skill, rating: rating_for(r, rd, p), seed, review })
}

/// A skill's line of the report.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "PracticeSkillReport"))]
pub struct SkillReport {
    pub id: String,
    pub rating: i32,
    pub mastery: u8,
    pub attempts: u32,
    pub right: u32,
    /// The next review, ISO-8601 (none before the first attempt).
    pub due: Option<String>,
}

/// Each practised skill's line, in the order of the skills file.
pub fn report(l: &Learner, now: i64) -> Vec<SkillReport> {
    skills()
        .iter()
        .filter_map(|s| {
            let st = l.skills.get(&s.id)?;
            Some(SkillReport {
                id: s.id.clone(),
                rating: st.rating.r.round() as i32,
                mastery: mastery(s, st, now),
                attempts: st.attempts,
                right: st.right,
                due: st.due().map(format_time),
            })
        })
        .collect()
}

/// Seconds since 1970 of an ISO-8601 time: `2026-11-28T09:00:00Z`, with fractions of a second
/// and an offset (`+03:00`) allowed, or a date alone (`2026-11-28`, midnight UTC).
pub fn parse_time(text: &str) -> Result<i64, PracticeError> {
    let bad = || PracticeError::BadTime(text.chars().take(40).collect());
    let t = text.trim();
    let num = |s: &str| -> Result<i64, PracticeError> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse::<i64>().map_err(|_| bad())
    };
    if t.len() < 10 || !t.is_char_boundary(10) {
        return Err(bad());
    }
    let (date, rest) = t.split_at(10);
    let parts: Vec<&str> = date.split('-').collect();
    if parts.len() != 3 || parts[0].len() != 4 || parts[1].len() != 2 || parts[2].len() != 2 {
        return Err(bad());
    }
    let (y, m, d) = (num(parts[0])?, num(parts[1])?, num(parts[2])?);
    if !(1..=12).contains(&m) || d < 1 || d > days_in_month(y, m) {
        return Err(bad());
    }
    let mut secs = days_from_civil(y, m, d) * DAY;
    if rest.is_empty() {
        return Ok(secs);
    }
    let rest = rest
        .strip_prefix('T')
        .or_else(|| rest.strip_prefix('t'))
        .or_else(|| rest.strip_prefix(' '))
        .ok_or_else(bad)?;
    if rest.len() < 8 || !rest.is_char_boundary(8) {
        return Err(bad());
    }
    let (clock, mut zone) = rest.split_at(8);
    let hms: Vec<&str> = clock.split(':').collect();
    if hms.len() != 3 || hms.iter().any(|p| p.len() != 2) {
        return Err(bad());
    }
    let (h, mi, s) = (num(hms[0])?, num(hms[1])?, num(hms[2])?);
    if h > 23 || mi > 59 || s > 60 {
        return Err(bad());
    }
    secs += h * 3600 + mi * 60 + s;
    if let Some(frac) = zone.strip_prefix('.') {
        let digits = frac.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return Err(bad());
        }
        zone = &frac[digits..];
    }
    match zone {
        "Z" | "z" => Ok(secs),
        z if z.len() == 6 && (z.starts_with('+') || z.starts_with('-')) && &z[3..4] == ":" => {
            let off = num(&z[1..3])? * 3600 + num(&z[4..6])? * 60;
            Ok(if z.starts_with('+') { secs - off } else { secs + off })
        }
        _ => Err(bad()),
    }
}

pub use crate::calendar::format_time;
use crate::calendar::{days_from_civil, days_in_month};

#[cfg(test)]
#[path = "model_tests.rs"]
mod tests;
