//! The learner model's tests, and the simulated learner of issue 35's figures: a hidden ability
//! per skill, success = 1 / (1 + 10^((rating − ability)/400)), the exercises served at the
//! ratings the model asks for.

use super::*;
use crate::practice::rng::Rng;

const T0: i64 = 1_795_000_000; // 2026-11-18

fn attempt(skill: &str, seed: u64, rating: i32, right: bool, at: i64) -> Read {
    let a = Attempt {
        at: format_time(at),
        id: format!("practice/{skill}/{seed}"),
        rating,
        right,
        hints: 0,
        ms: Some(5000),
    };
    read_log(&a.line()).unwrap().remove(0)
}

#[test]
fn practice_times_read_and_written() {
    assert_eq!(parse_time("1970-01-01T00:00:00Z").unwrap(), 0);
    assert_eq!(parse_time("2026-11-28T09:00:00Z").unwrap(), 1_795_856_400);
    assert_eq!(parse_time("2026-11-28T12:00:00+03:00").unwrap(), 1_795_856_400);
    assert_eq!(parse_time("2026-11-28T09:00:00.250Z").unwrap(), 1_795_856_400);
    assert_eq!(parse_time("2026-11-28").unwrap(), 1_795_824_000);
    assert_eq!(format_time(1_795_856_400), "2026-11-28T09:00:00Z");
    assert_eq!(format_time(951_782_400), "2000-02-29T00:00:00Z");
    for bad in [
        "",
        "yesterday",
        "2026-13-01T00:00:00Z",
        "2026-02-30",
        "2026-11-28T25:00:00Z",
        "2026-11-28T09:00:00",
        "2026-11-28T09:00:00+0300",
        "２０２６-11-28",
    ] {
        assert!(parse_time(bad).is_err(), "{bad}");
    }
    for s in [0i64, 1_000_000_000, 1_795_856_400, 4_102_444_800] {
        assert_eq!(parse_time(&format_time(s)).unwrap(), s);
    }
}

#[test]
fn practice_log_refuses_what_is_not_ours() {
    assert!(read_log("").unwrap().is_empty());
    assert!(read_log("\n\n").unwrap().is_empty());
    for bad in [
        "hello",
        "{}",
        r#"{"at":"2026-11-28T09:00:00Z","id":"practice/nope/1","rating":800,"right":true}"#,
        r#"{"at":"2026-11-28T09:00:00Z","id":"rook-stars-1","rating":800,"right":true}"#,
        r#"{"at":"soon","id":"practice/rook-stars/1","rating":800,"right":true}"#,
        r#"{"at":"2026-11-28T09:00:00Z","id":"practice/rook-stars/1","rating":800,"right":true,"extra":1}"#,
        r#"{"at":"2026-11-28T09:00:00Z","id":"practice/rook-stars/1","rating":99999,"right":true}"#,
    ] {
        let text = format!("{}\n{bad}\n", attempt("rook-stars", 1, 800, true, T0).attempt.line());
        match read_log(&text) {
            Err(PracticeError::BadLog { line: 2, .. }) => {}
            other => panic!("{bad}: {other:?}"),
        }
    }
}

#[test]
fn practice_fsrs_defaults_behave() {
    let mut m = Memory::first(3, 0);
    assert!((m.stability - 3.173).abs() < 1e-9);
    let first = m.due();
    m.review(3, m.due());
    assert!(m.due() - m.at > first, "a good review lengthens the interval");
    let before = m.stability;
    m.review(1, m.due());
    assert!(m.stability < before, "a lapse shortens it");
    assert!((retrievability(10.0, 10.0) - 0.9).abs() < 1e-9);
}

#[test]
fn practice_a_skill_starts_from_the_childs_rating() {
    let mut l = Learner::default();
    for k in 0..30 {
        l.add(&attempt("rook-stars", k + 1, 1300, true, T0 + k as i64 * 60));
    }
    let strong = l.child().r;
    assert!(strong > 1300.0, "{strong}");
    l.add(&attempt("knight-stars", 1, 1300, true, T0 + 3600));
    let knight = &l.skills["knight-stars"];
    assert!(knight.rating.r > 1250.0, "{}", knight.rating.r);
}

#[test]
fn practice_next_for_a_new_learner() {
    let l = Learner::default();
    let n = next(&l, T0, &[], false).unwrap();
    assert!(n.skill.requires.is_empty());
    assert!(!n.review);
    let learned = vec!["tactic-fork".to_string()];
    let n = next(&l, T0, &learned, false).unwrap();
    assert_eq!(n.skill.id, "fork", "a lesson just learned is practised first");
    let gentle = next(&l, T0, &[], true).unwrap();
    assert!(gentle.rating < next(&l, T0, &[], false).unwrap().rating);
}

/// One simulated learner: hidden abilities per skill, `n` exercises served by the model at the
/// ratings it asks for (the rating scan lands within ±60: drawn here), a day of practice every
/// `per_day` exercises. Returns each exercise's (skill, rating, right) and the learner.
fn simulate(
    abilities: &dyn Fn(&str) -> f64,
    n: usize,
    per_day: usize,
    start: i64,
    mut l: Learner,
    rng: &mut Rng,
) -> (Vec<(String, f64, bool)>, Learner, i64) {
    let mut out = Vec::new();
    let mut now = start;
    for k in 0..n {
        if k > 0 && k % per_day == 0 {
            now += DAY;
        }
        now += 40;
        let nx = next(&l, now, &[], false).unwrap();
        // the exercise served: near the rating asked for, and a rating an exercise can have
        // (a log holds 0..4000; a learner who failed much may be asked for less)
        let rating = (nx.rating + rng.range(-60, 60) as f64).round().clamp(0.0, 4000.0);
        let p = 1.0 / (1.0 + 10f64.powf((rating - abilities(&nx.skill.id)) / 400.0));
        let right = (rng.below(1_000_000) as f64) < p * 1_000_000.0;
        l.add(&attempt(&nx.skill.id, nx.seed, rating as i32, right, now));
        out.push((nx.skill.id.clone(), rating, right));
    }
    (out, l, now)
}

fn ability_table(rng: &mut Rng) -> BTreeMap<String, f64> {
    skills().iter().map(|s| (s.id.clone(), s.bar as f64 + rng.range(-250, 150) as f64)).collect()
}

#[test]
fn practice_simulated_learner_succeeds_80_percent() {
    let (mut right, mut total) = (0usize, 0usize);
    let mut errors = Vec::new();
    for learner in 0..20u64 {
        let mut rng = Rng::new(1000 + learner);
        let table = ability_table(&mut rng);
        let (served, l, now) = simulate(&|s| table[s], 200, 20, T0, Learner::default(), &mut rng);
        for (_, _, ok) in &served[30..200] {
            right += usize::from(*ok);
            total += 1;
        }
        for (id, st) in &l.skills {
            if st.attempts >= 25 {
                errors.push((st.rating.r - table[id]).abs());
                let _ = now;
            }
        }
    }
    let rate = right as f64 / total as f64;
    eprintln!("simulated learners: success on exercises 31-200 = {:.1} %", rate * 100.0);
    assert!((0.75..=0.85).contains(&rate), "success {rate}");
    errors.sort_by(f64::total_cmp);
    let median = errors[errors.len() / 2];
    eprintln!(
        "skills with 25+ attempts: {}, median |rating - ability| = {median:.0}",
        errors.len()
    );
    assert!(median < 120.0, "ratings follow the hidden abilities: median error {median}");
}

#[test]
fn practice_always_right_is_served_harder() {
    let mut l = Learner::default();
    let mut ratings = Vec::new();
    let mut now = T0;
    for k in 0..60u64 {
        now += 60;
        let nx = next(&l, now, &[], false).unwrap();
        ratings.push(nx.rating);
        l.add(&attempt(&nx.skill.id, nx.seed, nx.rating.round() as i32, true, now));
        let _ = k;
    }
    let first = ratings[0];
    let late: f64 = ratings[50..60].iter().sum::<f64>() / 10.0;
    eprintln!("always right: first exercise {first:.0}, exercises 51-60 {late:.0}");
    assert!(late > first + 300.0, "first {first}, late {late}");
    assert!(l.skills.len() >= 3, "mastered skills give way to new ones: {:?}", l.order);
}

#[test]
fn practice_reviews_return_after_three_weeks() {
    let mut rng = Rng::new(7);
    let table = ability_table(&mut rng);
    // five days of practice, 30 exercises a day
    let (_, l, now) = simulate(&|s| table[s], 150, 30, T0, Learner::default(), &mut rng);
    let practised: Vec<String> =
        l.skills.iter().filter(|(_, st)| st.attempts >= 5).map(|(id, _)| id.clone()).collect();
    assert!(practised.len() >= 3, "{practised:?}");
    // three weeks later
    let back = now + 21 * DAY;
    let (served, _, _) = simulate(&|s| table[s], 20, 100, back, l.clone(), &mut rng);
    let reviewed: std::collections::BTreeSet<&String> =
        served.iter().map(|(s, _, _)| s).filter(|s| practised.contains(s)).collect();
    eprintln!(
        "after three weeks: {} of {} practised skills reviewed in 20 exercises: {reviewed:?}",
        reviewed.len(),
        practised.len()
    );
    assert!(reviewed.len() >= 3, "{reviewed:?}");
    // interleaved: never the same review skill twice in a row while a skill is being learned
    let due_now = l.skills.iter().filter(|(_, st)| st.due().is_some_and(|d| d <= back)).count();
    assert!(due_now >= 3, "{due_now} skills due");
    let order: Vec<&str> = served.iter().map(|(s, _, _)| s.as_str()).collect();
    eprintln!("the 20 exercises: {order:?}");
    let changes = served.windows(2).filter(|w| w[0].0 != w[1].0).count();
    assert!(
        changes >= 2 * (reviewed.len() - 1),
        "skills mixed: {changes} changes in 20: {order:?}"
    );
    // the reviews come first: all within the first ten exercises
    let firsts: std::collections::BTreeSet<&str> = order[..10].iter().copied().collect();
    assert!(firsts.len() >= reviewed.len(), "{order:?}");
}

#[test]
fn practice_model_is_a_function_of_the_log() {
    // a learner's log written line by line, read back: the same report
    let mut rng = Rng::new(3);
    let table = ability_table(&mut rng);
    let mut l = Learner::default();
    let mut text = String::new();
    let mut now = T0;
    for k in 0..80 {
        now += if k % 25 == 24 { DAY } else { 40 };
        let nx = next(&l, now, &[], false).unwrap();
        let rating = nx.rating.round() as i32;
        let p = 1.0 / (1.0 + 10f64.powf((rating as f64 - table[&nx.skill.id]) / 400.0));
        let a = attempt(&nx.skill.id, nx.seed, rating, (rng.below(1000) as f64) < p * 1000.0, now);
        text.push_str(&a.attempt.line());
        text.push('\n');
        l.add(&a);
    }
    let replayed = Learner::from_log(&read_log(&text).unwrap());
    assert_eq!(replayed, l);
    assert_eq!(report(&replayed, now), report(&l, now));
    assert_eq!(next(&replayed, now, &[], false), next(&l, now, &[], false));
}
