//! No lesson is passed by luck (issue 38): for every lesson of every course, the chance that a
//! child who taps at random succeeds is at most one in three. The chance is computed from the
//! lesson itself, by the player that children use:
//!
//! - a question: one over its choices (`can_capture` two, `stronger` three);
//! - `targets`: the squares to find over the 63 other squares;
//! - a one-move goal (`best_move`, `escape`, `check` or `mate` in one): every legal move is
//!   played, and the moves that finish the lesson with three stars are counted;
//! - a goal of several moves, by its first move, the fair measure there: `mate` in n, the moves
//!   after which mate still follows in n − 1; `check` in n, the moves after which a check still
//!   comes in time; against the solver, the moves that keep the result;
//! - drills (`stars`, `capture_all`, `reach`, `promote` alone) need several right moves in a row
//!   and never end by a lucky tap; `show` is followed, never failed; `keep_pieces` is a whole
//!   game: none of them is counted.
//!
//! Questions also have three or four choices, and the right choice's words do not stand in the
//! lesson's title, intro or section name (the answer is not given away).
#![cfg(not(target_arch = "wasm32"))]

use chess_tutor::board::Square;
use chess_tutor::lesson::attempt::Progress;
use chess_tutor::lesson::search::mated_within;
use chess_tutor::lesson::{Goal, Lesson, Opponent};
use chess_tutor::notation::parse_position;
use chess_tutor::rules::{legal_moves, play_unchecked, MoveList};

mod common;
use common::player;

/// Every lesson of every course, with the title of its section (both languages).
fn lessons() -> Vec<(Lesson, Vec<String>)> {
    common::course_lessons()
}

/// The chance (right, of all) that a random tap succeeds, or `None` for a lesson not counted.
fn luck(lesson: &Lesson) -> Option<(usize, usize)> {
    match &lesson.goal {
        Goal::Question(q) => return Some((1, q.choices.len())),
        Goal::CanCapture(_) => return Some((1, 2)),
        Goal::Stronger(_) => return Some((1, 3)),
        Goal::Targets(_) => return Some((player(lesson).quiz_total(), 63)),
        Goal::Show(_)
        | Goal::KeepPieces(_)
        | Goal::Stars(_)
        | Goal::CaptureAll(_)
        | Goal::Reach(_) => return None,
        Goal::Promote(_) if matches!(lesson.opponent, Opponent::None) => return None,
        _ => {}
    }
    let mut budget = PLAYS;
    let mut p = chance(lesson, &[], &mut budget);
    if budget == 0 {
        // too many lines to follow them all: random games, the same every run
        p = sampled(lesson, GAMES);
    }
    // said over the first move's legal moves, for the report
    let start = parse_position(&lesson.position.text()).unwrap();
    let mut list = MoveList::new();
    legal_moves(&start, lesson.rules.rules(), &mut list);
    let all = list.len();
    let right = if p > 0.0 { ((p * all as f64) - 1e-9).ceil().max(1.0) as usize } else { 0 };
    Some((right, all))
}

/// How many moves the chance of a lesson may play (each from the start again); when they run
/// out, a line still going counts as a success (the chance is then an upper bound).
const PLAYS: usize = 1500;

/// How many random games [`sampled`] plays.
const GAMES: usize = 100;

/// The chance of [`chance`] measured by `games` random games (a fixed seed: the same games every
/// run): the share that ends with three stars.
fn sampled(lesson: &Lesson, games: usize) -> f64 {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = |n: usize| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((seed >> 33) as usize) % n
    };
    let rules = lesson.rules.rules();
    let mut won = 0;
    for _ in 0..games {
        let mut p = player(lesson);
        for done in 0..80u32 {
            let pos = parse_position(&p.fen()).unwrap();
            let mut list = MoveList::new();
            legal_moves(&pos, rules, &mut list);
            if list.is_empty() {
                break;
            }
            let m = list[next(list.len())];
            if let Goal::Mate(g) = &lesson.goal {
                let left = g.moves.saturating_sub(done + 1);
                let after = play_unchecked(&pos, m);
                if !mated_within(&after, left, rules) {
                    break;
                }
            }
            let out = p.play(m.from, m.to, m.promotion);
            match out.progress {
                Progress::Done { stars } => {
                    won += usize::from(stars == 3);
                    break;
                }
                Progress::Failed => break,
                Progress::Playing if out.failure.is_some() => break,
                Progress::Playing => {}
            }
        }
    }
    won as f64 / games as f64
}

/// The chance that a child who taps a random legal move each time finishes the lesson with three
/// stars, after the child's moves `played` (the replies are the lesson's opponent's).
fn chance(lesson: &Lesson, played: &[chess_tutor::rules::Move], budget: &mut usize) -> f64 {
    let replay = |extra: Option<chess_tutor::rules::Move>| {
        let mut p = player(lesson);
        let mut last = None;
        for m in played.iter().chain(extra.iter()) {
            last = Some(p.play(m.from, m.to, m.promotion));
        }
        (p, last)
    };
    let (p, _) = replay(None);
    let pos = parse_position(&p.fen()).unwrap();
    let rules = lesson.rules.rules();
    let mut list = MoveList::new();
    legal_moves(&pos, rules, &mut list);
    if list.is_empty() {
        return 0.0;
    }
    let mut sum = 0.0;
    for &m in list.iter() {
        if *budget == 0 {
            sum += 1.0;
            continue;
        }
        *budget -= 1;
        let (_, out) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| replay(Some(m))))
            .unwrap_or_else(|_| {
                panic!(
                    "{}: the player panicked after {:?}",
                    lesson.id,
                    [played, &[m]].concat().iter().map(|m| m.uci()).collect::<Vec<_>>()
                )
            });
        let out = out.expect("a move was played");
        sum += match out.progress {
            Progress::Done { stars } => f64::from(u8::from(stars == 3)),
            Progress::Failed => 0.0,
            Progress::Playing if out.failure.is_some() => 0.0,
            Progress::Playing => {
                // a mate that no longer follows in time: no random line finds it
                let left = match &lesson.goal {
                    Goal::Mate(g) => Some(g.moves.saturating_sub(played.len() as u32 + 1)),
                    _ => None,
                };
                match left {
                    Some(0) => 0.0,
                    Some(k) if !mated_within(&play_unchecked(&pos, m), k, rules) => 0.0,
                    _ => chance(lesson, &[played, &[m]].concat(), budget),
                }
            }
        };
    }
    sum / list.len() as f64
}

#[test]
fn a_random_tap_succeeds_at_most_one_time_in_three() {
    let mut over = Vec::new();
    let mut worst = (0.0, String::new());
    for (lesson, _) in lessons() {
        let found = std::panic::catch_unwind(|| luck(&lesson));
        let Ok(found) = found else {
            over.push(format!("{}: the player panicked", lesson.id));
            continue;
        };
        let Some((right, all)) = found else { continue };
        eprintln!("luck {} {right}/{all}", lesson.id);
        let p = right as f64 / all as f64;
        if p > worst.0 {
            worst = (p, lesson.id.clone());
        }
        if 3 * right > all {
            over.push(format!("{} {right}/{all}", lesson.id));
        }
    }
    eprintln!("the highest chance of a random tap: {:.3} ({})", worst.0, worst.1);
    assert!(over.is_empty(), "a random tap succeeds more than one time in three: {over:?}");
}

/// A choice's words, for the search: lower case, the end's punctuation left out.
fn plain(t: &str) -> String {
    t.trim().trim_end_matches(['.', '!', '?']).to_lowercase()
}

#[test]
fn questions_have_three_or_four_choices_and_no_title_gives_the_answer() {
    let mut few = Vec::new();
    let mut told = Vec::new();
    for (lesson, section) in lessons() {
        let Goal::Question(q) = &lesson.goal else { continue };
        if !(3..=4).contains(&q.choices.len()) {
            few.push(format!("{} ({} choices)", lesson.id, q.choices.len()));
        }
        let right = &q.choices[q.answer];
        for (lang, choice) in right.iter() {
            let mut around: Vec<String> = vec![
                lesson.title.get(lang).unwrap_or_default().to_string(),
                lesson.intro.get(lang).unwrap_or_default().to_string(),
            ];
            around.extend(section.iter().cloned());
            let around = around.join(" ").to_lowercase();
            // the words name the right choice and no other: they give the answer away
            let named = |t: &str| around.contains(&plain(t));
            let others = q
                .choices
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != q.answer)
                .any(|(_, c)| c.get(lang).is_some_and(named));
            if named(choice) && !others {
                told.push(format!("{} ({lang}: {:?})", lesson.id, plain(choice)));
            }
        }
    }
    assert!(few.is_empty(), "questions with fewer than 3 or more than 4 choices: {few:?}");
    assert!(told.is_empty(), "the title, intro or section name says the answer: {told:?}");
}

#[test]
fn a_square_is_parsed() {
    // the helpers above read squares through the rules; a smoke test of the test's own parts
    assert!(Square::parse("e4").is_some());
}
