//! The practice catalogue, and the proof of every generator on 1,000 seeds: each exercise is
//! made, proved by the checker and its doctor (no error, no warning), made again byte for byte,
//! and has its skill's own property; 95 % of the positions differ.
//!
//! A family's tests call [`prove_skill`] with the property of its skill.

use super::*;
use crate::board::Square;
use std::collections::HashSet;

/// What [`prove_skill`] measured.
#[derive(Debug)]
pub(crate) struct Stats {
    pub made: usize,
    pub distinct: usize,
    pub min_rating: i32,
    pub max_rating: i32,
    pub mean_rating: f64,
}

/// The number of seeds each skill is proved on (`PRACTICE_SEEDS` overrides it).
pub(crate) fn seeds() -> u64 {
    std::env::var("PRACTICE_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(1000)
}

/// Make `skill`'s exercises of seeds 1..=n: each proved (no finding of the checker or doctor),
/// the same when made twice, with `property`; at least 95 % distinct positions.
pub(crate) fn prove_skill(id: &str, property: impl Fn(&Exercise) -> Result<(), String>) -> Stats {
    let n = seeds();
    let mut positions = HashSet::new();
    let mut ratings = Vec::new();
    let mut digest = Digest::new();
    for seed in 1..=n {
        let ex = make(id, seed, None).unwrap_or_else(|e| panic!("{id} seed {seed}: {e}"));
        if seed <= DIGEST_SEEDS {
            digest.line(&ex.json());
            if seed == DIGEST_SEEDS {
                digest.holds(id);
            }
        }
        assert_eq!(ex.lesson.id, format!("practice/{id}/{seed}"));
        assert_eq!(ex.lesson.skill.as_deref(), Some(id));
        assert_eq!(ex.lesson.rating, Some(ex.rating));
        let found = findings(&ex);
        assert!(found.is_empty(), "{id} seed {seed}: {found:?}\n{}", ex.json());
        let again = make(id, seed, None).unwrap();
        assert_eq!(again.json(), ex.json(), "{id} seed {seed} is not deterministic");
        if let Err(why) = property(&ex) {
            panic!("{id} seed {seed}: {why}\n{}", ex.json());
        }
        positions.insert(serde_json::to_string(&(&ex.lesson.position, &ex.lesson.goal)).unwrap());
        ratings.push(ex.rating);
    }
    let stats = Stats {
        made: n as usize,
        distinct: positions.len(),
        min_rating: *ratings.iter().min().unwrap(),
        max_rating: *ratings.iter().max().unwrap(),
        mean_rating: ratings.iter().sum::<i32>() as f64 / ratings.len() as f64,
    };
    eprintln!("{id}: {stats:?}");
    // the rating's spread: the generator's features make some exercises harder than others
    assert!(
        stats.min_rating < stats.max_rating
            && (stats.min_rating as f64..=stats.max_rating as f64).contains(&stats.mean_rating),
        "{id}: {stats:?}"
    );
    assert!(
        stats.distinct * 100 >= stats.made * 95,
        "{id}: only {} distinct of {}",
        stats.distinct,
        stats.made
    );
    stats
}

/// The seeds whose exercises `digests.txt` holds, per skill (1 to this).
pub(crate) const DIGEST_SEEDS: u64 = 200;

/// The digests of `digests.txt`: skill id, FNV-1a of its exercises of seeds 1 to
/// [`DIGEST_SEEDS`] (each JSON line and a newline, as `chess-tutor practice make --count 200`
/// prints them). A generator made faster keeps its exercises byte for byte: the class server
/// regenerates the exercises children were shown from their ids. A skill not in the file yet (a
/// new one) is not compared; a change of a skill's exercises is made on purpose, with its line.
fn stored_digest(id: &str) -> Option<u64> {
    include_str!("digests.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| l.split_once(' ').filter(|(k, _)| *k == id))
        .and_then(|(_, h)| u64::from_str_radix(h.trim(), 16).ok())
}

/// FNV-1a, 64 bits: small, stable everywhere, enough to tell changed bytes.
pub(crate) struct Digest(u64);

impl Digest {
    pub fn new() -> Digest {
        Digest(0xcbf2_9ce4_8422_2325)
    }
    pub fn line(&mut self, text: &str) {
        for &b in text.as_bytes().iter().chain(b"\n") {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    /// Panics when the skill's stored digest differs.
    pub fn holds(&self, id: &str) {
        eprintln!("{id} {:016x} (digests.txt: seeds 1-{DIGEST_SEEDS})", self.0);
        if let Some(want) = stored_digest(id) {
            assert_eq!(
                format!("{:016x}", self.0),
                format!("{want:016x}"),
                "{id}: seeds 1-{DIGEST_SEEDS} no longer make the exercises they made (digests.txt)"
            );
        }
    }
}

#[test]
fn practice_digests_file_reads() {
    // every line names a skill and holds a digest; the digest of a known text is FNV-1a's
    for l in include_str!("digests.txt").lines().filter(|l| !l.starts_with('#')) {
        let (id, _) = l.split_once(' ').expect("a skill and its digest");
        assert!(skill(id).is_some(), "digests.txt: unknown skill {id}");
        assert!(stored_digest(id).is_some(), "digests.txt: {l}");
    }
    let mut d = Digest::new();
    d.line("a");
    assert_eq!(d.0, 0x089b_dc07_b544_e7b2);
    assert!(stored_digest("nope").is_none());
}

#[test]
fn practice_skills_file_reads() {
    let all = skills();
    assert!(all.len() >= 30, "{} skills", all.len());
    let mut ids = HashSet::new();
    for s in all {
        assert!(ids.insert(&s.id), "{} twice", s.id);
        assert!(
            s.id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
            "{}",
            s.id
        );
        assert!(gen::find(&s.generator).is_some(), "{}: no generator {}", s.id, s.generator);
        assert!(s.title.get("ru").is_some() && s.title.get("en").is_some(), "{}", s.id);
        for r in &s.requires {
            assert!(skill(r).is_some(), "{} requires unknown {r}", s.id);
        }
        for l in &s.lessons {
            let path = format!("{}/../lessons/{l}.json", env!("CARGO_MANIFEST_DIR"));
            assert!(std::path::Path::new(&path).exists(), "{}: no lesson {l}", s.id);
        }
        let picture = format!("{}/../lessons/{}", env!("CARGO_MANIFEST_DIR"), s.picture);
        assert!(std::path::Path::new(&picture).exists(), "{}: no picture {}", s.id, s.picture);
    }
    // at least four of "Chess and numbers", two of chess-t1, and every main-course section but
    // the whole game (its one lesson, a game, practises saving pieces)
    assert!(all.iter().filter(|s| s.course == "course-numbers.json").count() >= 4);
    assert!(all.iter().filter(|s| s.course == "course-t1.json").count() >= 2);
    let course: serde_json::Value =
        serde_json::from_str(include_str!("../../../lessons/course.json")).unwrap();
    for section in course["sections"].as_array().unwrap() {
        let id = section["id"].as_str().unwrap();
        if id == "whole-game" {
            continue;
        }
        assert!(
            all.iter().any(|s| s.course == "course.json" && s.section == id),
            "section {id} has no skill"
        );
    }
}

/// Every lesson of every course (`lessons/courses.json`) names the skill it teaches (its done
/// card offers that skill's practice), a skill of the file, and that skill lists the lesson.
#[test]
fn practice_every_course_lesson_names_a_skill() {
    let dir = format!("{}/../lessons", env!("CARGO_MANIFEST_DIR"));
    let read = |f: &str| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(format!("{dir}/{f}")).unwrap()).unwrap()
    };
    let courses = read("courses.json");
    let mut missing = Vec::new();
    let mut count = 0;
    for c in courses["courses"].as_array().unwrap() {
        let file = c["file"].as_str().unwrap();
        for section in read(file)["sections"].as_array().unwrap() {
            for l in section["lessons"].as_array().unwrap() {
                let name = l.as_str().unwrap();
                let id = name.trim_end_matches(".json");
                let lesson = read(&format!("{id}.json"));
                count += 1;
                match lesson["skill"].as_str().map(skill) {
                    None => missing.push(format!("{file}: {id} names no skill")),
                    Some(None) => missing.push(format!("{file}: {id} names an unknown skill")),
                    Some(Some(s)) if !s.lessons.iter().any(|x| x == id) => {
                        missing.push(format!("{file}: {id}: skill {} does not list it", s.id))
                    }
                    Some(Some(_)) => {}
                }
            }
        }
    }
    assert!(count > 150, "{count} lessons");
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn practice_ids() {
    assert!(is_exercise_id("practice/rook-stars/12"));
    assert!(!is_exercise_id("practice/rook-stars/x"));
    assert!(!is_exercise_id("practice/Rook/1"));
    assert!(!is_exercise_id("practice/rook-stars/1/2"));
    assert!(!is_exercise_id("rook-stars-1"));
    assert!(matches!(parse_id("practice/nope/1"), Err(PracticeError::UnknownSkill(_))));
    assert!(matches!(parse_id("practice/rook-stars/-1"), Err(PracticeError::BadId(_))));
    assert!(matches!(
        parse_id("practice/rook-stars/99999999999999999999999"),
        Err(PracticeError::BadId(_))
    ));
    assert!(matches!(make("nope", 1, None), Err(PracticeError::UnknownSkill(_))));
    assert_eq!(regenerate("practice/rook-stars/5").unwrap(), make("rook-stars", 5, None).unwrap());
}

#[test]
fn practice_make_near_a_rating() {
    for target in [700.0, 1000.0, 1300.0] {
        let ex = make("rook-stars", 1, Some(target)).unwrap();
        assert!((ex.rating as f64 - target).abs() <= 200.0, "{target}: {}", ex.rating);
        // its id names its seed: the id regenerates it
        assert_eq!(regenerate(&ex.lesson.id).unwrap().json(), ex.json());
    }
}

/// The white pieces of an exercise's position (chess), by square.
fn white_pieces(ex: &Exercise) -> Vec<(Square, char)> {
    let pos = crate::notation::parse_position(&ex.lesson.position.text()).unwrap();
    pos.all_pieces()
        .into_iter()
        .filter(|(_, p)| p.color == crate::board::Color::White)
        .map(|(s, p)| (s, p.kind.letter()))
        .collect()
}

fn stars_property(piece: char) -> impl Fn(&Exercise) -> Result<(), String> {
    move |ex| {
        let crate::lesson::Goal::Stars(g) = &ex.lesson.goal else {
            return Err("not a star drill".into());
        };
        if g.squares.len() < 2 {
            return Err("fewer than two stars".into());
        }
        let main = white_pieces(ex).into_iter().filter(|(_, c)| *c == piece).count();
        if main < 1 {
            return Err(format!("no {piece}"));
        }
        if piece != 'P' && main != 1 {
            return Err(format!("{main} pieces {piece}"));
        }
        // no pawn of its own that could promote: the drill is the piece's, and a hint never
        // asks for a promotion
        if white_pieces(ex).iter().any(|(s, c)| *c == 'P' && s.i() == 6) {
            return Err("a white pawn on the seventh row".into());
        }
        // the par is the doctor's minimum (the proof warns on a larger one, errs on a smaller)
        let pos = crate::notation::parse_position(&ex.lesson.position.text()).unwrap();
        let stars: Vec<Square> = g.squares.iter().map(|s| Square::parse(s).unwrap()).collect();
        let min = crate::lesson::search::drill(
            &pos,
            crate::board::Color::White,
            crate::rules::Rules::STANDARD,
            &crate::lesson::search::Drill::Stars(stars),
        );
        if min != ex.lesson.par {
            return Err(format!("par {:?}, minimum {min:?}", ex.lesson.par));
        }
        hints_finish(ex)
    }
}

/// The lesson player's hints, followed as a child follows them (the piece, then its move, never
/// asked for a promotion piece), reach the goal.
fn hints_finish(ex: &Exercise) -> Result<(), String> {
    use crate::lesson::{attempt::Progress, player::Player};
    let mut p = Player::new(ex.lesson.clone()).map_err(|e| format!("{e:?}"))?;
    for _ in 0..40 {
        if p.progress() != Progress::Playing {
            break;
        }
        p.hint();
        let Some(arrow) = p.hint().and_then(|h| h.arrow) else {
            return Err("a hint with no move".into());
        };
        if !p.play(arrow.from, arrow.to, None).accepted {
            return Err(format!("the hint {}{} is refused", arrow.from, arrow.to));
        }
    }
    match p.progress() {
        Progress::Done { .. } => Ok(()),
        other => Err(format!("the hints end at {other:?}")),
    }
}

#[test]
fn practice_gen_rook_stars() {
    prove_skill("rook-stars", stars_property('R'));
}
#[test]
fn practice_gen_bishop_stars() {
    prove_skill("bishop-stars", stars_property('B'));
}
#[test]
fn practice_gen_queen_stars() {
    prove_skill("queen-stars", stars_property('Q'));
}
#[test]
fn practice_gen_king_stars() {
    prove_skill("king-stars", stars_property('K'));
}
#[test]
fn practice_gen_knight_stars() {
    prove_skill("knight-stars", stars_property('N'));
}
#[test]
fn practice_gen_pawn_stars() {
    prove_skill("pawn-stars", stars_property('P'));
}

#[test]
fn practice_gen_promote_pawn() {
    prove_skill("promote-pawn", |ex| {
        if !matches!(ex.lesson.goal, crate::lesson::Goal::Promote(_)) {
            return Err("not a promotion".into());
        }
        let pos = crate::notation::parse_position(&ex.lesson.position.text()).unwrap();
        let min = crate::lesson::search::drill(
            &pos,
            crate::board::Color::White,
            crate::rules::Rules::STANDARD,
            &crate::lesson::search::Drill::Promote,
        );
        if min != ex.lesson.par {
            return Err(format!("par {:?}, minimum {min:?}", ex.lesson.par));
        }
        Ok(())
    });
}

/// The question of an exercise: its four choices in English and the answer's place.
fn question(ex: &Exercise) -> Result<(Vec<String>, usize), String> {
    choices_of(ex, 4)
}

/// A question's `n` choices in English (each different, each explained as right or wrong in
/// both languages, as it is) and the answer's place.
pub(crate) fn choices_of(ex: &Exercise, n: usize) -> Result<(Vec<String>, usize), String> {
    let crate::lesson::Goal::Question(q) = &ex.lesson.goal else {
        return Err("not a question".into());
    };
    if q.choices.len() != n {
        return Err(format!("{} choices", q.choices.len()));
    }
    let choices: Vec<String> = q.choices.iter().map(|c| c.en().to_string()).collect();
    let distinct: HashSet<&String> = choices.iter().collect();
    if distinct.len() != n {
        return Err("two choices are the same".into());
    }
    let explain = q.explain.as_ref().ok_or("no explanations")?;
    for (k, e) in explain.iter().enumerate() {
        if (k == q.answer) != e.en().starts_with("Right!")
            || (k == q.answer) != e.get("ru").unwrap_or("").starts_with("Верно!")
        {
            return Err(format!("explanation {k} does not say right or wrong as it is"));
        }
    }
    Ok((choices, q.answer))
}

/// The exercise's arrow: its two squares' names.
pub(crate) fn arrow_of(ex: &Exercise) -> Result<(String, String), String> {
    ex.lesson
        .shapes
        .iter()
        .find_map(|s| match s {
            crate::lesson::Shape::Arrow { from, to, .. } => Some((from.clone(), to.clone())),
            _ => None,
        })
        .ok_or_else(|| "no arrow".to_string())
}

/// The only piece on the board and its square.
fn only_piece(ex: &Exercise) -> (Square, char) {
    let w = white_pieces(ex);
    assert_eq!(w.len(), 1);
    w[0]
}

#[test]
fn practice_gen_board_square_name() {
    prove_skill("board-square-name", |ex| {
        let (choices, answer) = question(ex)?;
        let (sq, _) = only_piece(ex);
        (choices[answer] == sq.to_string())
            .then_some(())
            .ok_or(format!("answer {} but the piece is on {sq}", choices[answer]))
    });
}

#[test]
fn practice_gen_numbers_square() {
    prove_skill("numbers-square", |ex| {
        let (choices, answer) = question(ex)?;
        let (sq, _) = only_piece(ex);
        let want = format!("({}, {})", sq.i(), sq.j());
        (choices[answer] == want)
            .then_some(())
            .ok_or(format!("answer {} but the piece is on {want}", choices[answer]))
    });
}

/// The legal targets of the only piece, by the rules.
fn targets(ex: &Exercise) -> Vec<Square> {
    let pos = crate::notation::parse_position(&ex.lesson.position.text()).unwrap();
    let mut list = crate::rules::MoveList::new();
    crate::rules::legal_moves(&pos, crate::rules::Rules::STANDARD, &mut list);
    list.iter().map(|m| m.to).collect()
}

/// `(i, j) — that is e4` → (i, j) and the square.
fn land_choice(c: &str) -> Result<(i32, i32, Square), String> {
    let (pair, name) = c.split_once(" — that is ").ok_or(format!("choice {c}"))?;
    let nums: Vec<i32> = pair
        .trim_matches(|c| c == '(' || c == ')')
        .split(", ")
        .map(|n| n.parse().unwrap())
        .collect();
    let sq = Square::parse(name).ok_or(format!("square {name}"))?;
    if (sq.i() as i32, sq.j() as i32) != (nums[0], nums[1]) {
        return Err(format!("{c}: the numbers are not the square"));
    }
    Ok((nums[0], nums[1], sq))
}

fn land_property(ex: &Exercise) -> Result<(), String> {
    let (choices, answer) = question(ex)?;
    for c in &choices {
        land_choice(c)?;
    }
    let (_, _, sq) = land_choice(&choices[answer])?;
    // the square the formula gives is where the piece may go by the rules
    if !targets(ex).contains(&sq) {
        return Err(format!("{sq} is no move of the piece"));
    }
    // the formula in the question gives it
    let crate::lesson::Goal::Question(q) = &ex.lesson.goal else { unreachable!() };
    let words = q.question.en();
    let num = |key: &str| -> i32 {
        let at = words.find(key).unwrap() + key.len();
        let t: String = words[at..]
            .chars()
            .take_while(|c| *c == '+' || *c == '−' || c.is_ascii_digit())
            .collect();
        t.replace('−', "-").replace('+', "").parse().unwrap()
    };
    let (from, _) = only_piece(ex);
    let (di, dj) = (num("ΔI = "), num("ΔJ = "));
    let (i1, j1) = if words.contains("n = ") {
        let n = num("n = ");
        (from.i() as i32 + n * di, from.j() as i32 + n * dj)
    } else if words.contains("i1 = i + 2·ΔI") {
        (from.i() as i32 + 2 * di, from.j() as i32 + dj)
    } else {
        (from.i() as i32 + di, from.j() as i32 + 2 * dj)
    };
    if (i1, j1) != (sq.i() as i32, sq.j() as i32) {
        return Err(format!("the formula gives ({i1}, {j1}), the answer is {sq}"));
    }
    Ok(())
}

#[test]
fn practice_gen_numbers_land() {
    prove_skill("numbers-land", land_property);
}
#[test]
fn practice_gen_numbers_knight() {
    prove_skill("numbers-knight", |ex| {
        if only_piece(ex).1 != 'N' {
            return Err("not a knight".into());
        }
        land_property(ex)
    });
}

/// The circle's square (the target of `formula` and `steps`).
fn circle(ex: &Exercise) -> Square {
    ex.lesson
        .shapes
        .iter()
        .find_map(|s| match s {
            crate::lesson::Shape::Circle { square, .. } => Square::parse(square),
            _ => None,
        })
        .unwrap()
}

fn lands(from: Square, di: i32, dj: i32, n: i32) -> Option<Square> {
    Square::from_ij(from.i() as i32 + n * di, from.j() as i32 + n * dj)
}

#[test]
fn practice_gen_numbers_formula() {
    prove_skill("numbers-formula", |ex| {
        let (choices, answer) = question(ex)?;
        let (from, _) = only_piece(ex);
        let target = circle(ex);
        if !targets(ex).contains(&target) {
            return Err("the circle is no move of the piece".into());
        }
        for (k, c) in choices.iter().enumerate() {
            // "ΔI = +1, ΔJ = 0, n = 3"
            let v: Vec<i32> = c
                .split(", ")
                .map(|p| {
                    p.split(" = ")
                        .nth(1)
                        .unwrap()
                        .replace('−', "-")
                        .replace('+', "")
                        .parse()
                        .unwrap()
                })
                .collect();
            let at = lands(from, v[0], v[1], v[2]);
            if (at == Some(target)) != (k == answer) {
                return Err(format!("choice {c} lands on {at:?}"));
            }
        }
        Ok(())
    });
}

#[test]
fn practice_gen_numbers_steps() {
    prove_skill("numbers-steps", |ex| {
        let (choices, answer) = question(ex)?;
        let (from, _) = only_piece(ex);
        let target = circle(ex);
        if !targets(ex).contains(&target) {
            return Err("the circle is no move of the piece".into());
        }
        let crate::lesson::Goal::Question(_) = &ex.lesson.goal else { unreachable!() };
        let intro = ex.lesson.intro.en();
        let num = |key: &str| -> i32 {
            let at = intro.find(key).unwrap() + key.len();
            let t: String = intro[at..]
                .chars()
                .take_while(|c| *c == '+' || *c == '−' || c.is_ascii_digit())
                .collect();
            t.replace('−', "-").replace('+', "").parse().unwrap()
        };
        let (di, dj) = (num("ΔI = "), num("ΔJ = "));
        for (k, c) in choices.iter().enumerate() {
            let n: i32 = c.trim_start_matches("n = ").parse().unwrap();
            if (lands(from, di, dj, n) == Some(target)) != (k == answer) {
                return Err(format!("n = {n}"));
            }
        }
        Ok(())
    });
}

fn t1_stars(piece: char) -> impl Fn(&Exercise) -> Result<(), String> {
    move |ex| {
        let set = std::sync::Arc::new(crate::movement::PieceSet::builtin("chess-t1").unwrap());
        let pos = crate::variant::VariantPosition::parse(set, &ex.lesson.position.text())
            .map_err(|e| format!("{e:?}"))?;
        let mine: Vec<_> = pos
            .pieces()
            .into_iter()
            .filter(|(_, c, p)| *c == crate::board::Color::White && p.letter == piece)
            .collect();
        if mine.is_empty() {
            return Err(format!("no {piece}"));
        }
        let crate::lesson::Goal::Stars(g) = &ex.lesson.goal else {
            return Err("not a star drill".into());
        };
        let stars: Vec<Square> = g.squares.iter().map(|s| Square::parse(s).unwrap()).collect();
        let min = crate::lesson::search::drill_step_pieces(
            &pos,
            crate::board::Color::White,
            &crate::lesson::search::Drill::Stars(stars),
            None,
        )
        .map(|(n, _)| n);
        (min == ex.lesson.par)
            .then_some(())
            .ok_or(format!("par {:?}, minimum {min:?}", ex.lesson.par))
    }
}

#[test]
fn practice_gen_t1_prince_stars() {
    prove_skill("t1-prince-stars", t1_stars('P'));
}
#[test]
fn practice_gen_t1_ritter_stars() {
    prove_skill("t1-ritter-stars", t1_stars('R'));
}

#[test]
fn practice_gen_t1_capture() {
    let yes = std::cell::Cell::new(0);
    let stats = prove_skill("t1-capture", |ex| {
        let crate::lesson::Goal::CanCapture(g) = &ex.lesson.goal else {
            return Err("not can_capture".into());
        };
        let set = std::sync::Arc::new(crate::movement::PieceSet::builtin("chess-t1").unwrap());
        let pos = crate::variant::VariantPosition::parse(set, &ex.lesson.position.text())
            .map_err(|e| format!("{e:?}"))?;
        let (from, to) = (Square::parse(&g.from).unwrap(), Square::parse(&g.to).unwrap());
        let t = pos
            .targets(from)
            .into_iter()
            .find(|t| t.square == to && t.capture)
            .ok_or("to is not on a capture line")?;
        let f = pos.force(to);
        // capture only with more force: the rules' verdict is the force's
        if t.allowed != (f.white > f.black) {
            return Err(format!(
                "allowed {} with force {} against {}",
                t.allowed, f.white, f.black
            ));
        }
        yes.set(yes.get() + usize::from(t.allowed));
        Ok(())
    });
    let share = yes.get() * 100 / stats.made;
    assert!((35..=65).contains(&share), "yes in {share} %");
}
