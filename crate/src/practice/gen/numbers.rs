//! The `numbers` family ("Chess and numbers"): a square as (i, j) (`kind: "square"`), where a
//! piece lands for given ΔI, ΔJ and n (`land`), which formula takes it to a marked square
//! (`formula`), how far it goes (`steps`: find n) and the knight's jump by its formula
//! (`knight`). Each is a question with four choices; every wrong choice is one a child makes
//! (a sign, n counted one short, i and j swapped, counting from one), and its explanation is
//! computed by the same formula: what that choice would mean.
//!
//! The answers are the rules' own: the piece stands alone on the board and the square the
//! formula gives is one of its legal targets (the family's tests check each against the move
//! generator).

use super::moves::row_words;
use super::{board, lesson, piece_words, square_name, text, Cx, Draft};
use crate::message::Text;
use serde_json::json;

/// One exercise of a `numbers` skill.
pub fn make(cx: &mut Cx) -> Option<Draft> {
    match cx.param_str("kind")? {
        "square" => square(cx),
        "land" => land(cx, false),
        "knight" => land(cx, true),
        "formula" => formula(cx),
        "steps" => steps(cx),
        _ => None,
    }
}

/// A number with its sign, as the course writes it: `+1`, `0`, `−1` (a true minus).
pub(crate) fn signed(x: i32) -> String {
    match x {
        0 => "0".into(),
        x if x > 0 => format!("+{x}"),
        x => format!("−{}", -x),
    }
}

fn on_board((i, j): (i32, i32)) -> bool {
    (0..8).contains(&i) && (0..8).contains(&j)
}

fn pair((i, j): (i32, i32)) -> String {
    format!("({i}, {j})")
}

/// The piece's names (Russian nominative, English) and the directions (ΔI, ΔJ) of its formula.
fn piece(letter: char) -> (&'static str, &'static str, Vec<(i32, i32)>, i32) {
    let straight = vec![(1, 0), (-1, 0), (0, 1), (0, -1)];
    let diagonal = vec![(1, 1), (1, -1), (-1, 1), (-1, -1)];
    match letter {
        'R' => ("ладья", "rook", straight, 7),
        'B' => ("слон", "bishop", diagonal, 7),
        'K' => ("король", "king", [straight, diagonal].concat(), 1),
        _ => ("ферзь", "queen", [straight, diagonal].concat(), 7),
    }
}

/// Four choices: the answer and three others from `others` (on the board, all different),
/// shuffled; the answer's place.
fn four<T: Copy + PartialEq>(
    cx: &mut Cx,
    answer: T,
    others: Vec<T>,
    ok: impl Fn(T) -> bool,
) -> Option<(Vec<T>, usize)> {
    let mut others = others;
    cx.rng.shuffle(&mut others);
    let mut choices = vec![answer];
    for o in others {
        if ok(o) && !choices.contains(&o) {
            choices.push(o);
        }
        if choices.len() == 4 {
            break;
        }
    }
    if choices.len() < 4 {
        return None;
    }
    cx.rng.shuffle(&mut choices);
    let at = choices.iter().position(|&c| c == answer)?;
    Some((choices, at))
}

/// A question lesson on one piece of the board.
#[allow(clippy::too_many_arguments)]
fn question(
    title: Text,
    intro: Text,
    at: (i32, i32),
    letter: char,
    question: Text,
    choices: Vec<Text>,
    answer: usize,
    explain: Vec<Text>,
    shapes: serde_json::Value,
    learned: Text,
) -> Option<crate::lesson::Lesson> {
    lesson(json!({
        "title": title,
        "intro": intro,
        "position": board(&[(at, letter)], Some("w - - 0 1")),
        "goal": { "type": "question", "question": question, "choices": choices, "answer": answer, "explain": explain },
        "shapes": shapes,
        "learned": learned,
    }))
}

/// Which numbers (i, j) name the square the piece stands on?
fn square(cx: &mut Cx) -> Option<Draft> {
    let at = (cx.rng.range(0, 7), cx.rng.range(0, 7));
    let letter = *cx.rng.pick(&['N', 'R', 'B', 'Q'])?;
    let (i, j) = at;
    let (choices, answer) = four(
        cx,
        at,
        vec![(j, i), (i + 1, j + 1), (i + 1, j), (i, j + 1), (i - 1, j), (i, j - 1)],
        on_board,
    )?;
    let file = (b'a' + j as u8) as char;
    let (row_ru, row_en) = row_words(i + 1);
    let explain = choices
        .iter()
        .map(|&c| {
            if c == at {
                text(
                    format!(
                        "Верно! {} ряд — это i = {i}, столбец {file} — это j = {j}.",
                        capital(row_ru)
                    ),
                    format!("Right! The {row_en} row is i = {i}, column {file} is j = {j}."),
                )
            } else {
                text(
                    format!(
                        "{} — это клетка {}. Сначала ряд i, потом столбец j, считая с нуля.",
                        pair(c),
                        square_name(c)
                    ),
                    format!(
                        "{} is square {}. First the row i, then the column j, counted from zero.",
                        pair(c),
                        square_name(c)
                    ),
                )
            }
        })
        .collect();
    let edge = i.min(7 - i) + j.min(7 - j);
    let rating = 680 + 25 * edge + 60 * i32::from(i != j && choices.contains(&(j, i)));
    let (ru, en) = piece_words(letter);
    let lesson = question(
        text("Клетка в числах", "A square in numbers"),
        text("У каждой клетки есть числа (i, j): i — ряд, j — столбец, оба считаются с нуля. Клетка a1 — это (0, 0).", "Every square has numbers (i, j): i is the row, j the column, both counted from zero. Square a1 is (0, 0)."),
        at,
        letter,
        text(format!("На какой клетке стоит {ru}? Назови её числами (i, j)."), format!("Which square is the {en} on? Name it with the numbers (i, j).")),
        choices.iter().map(|&c| text(pair(c), pair(c))).collect(),
        answer,
        explain,
        json!([{ "type": "circle", "square": "a1", "color": "blue" }]),
        text("У каждой клетки есть числа (i, j): ряд и столбец, считая с нуля.", "Every square has numbers (i, j): its row and its column, counted from zero."),
    )?;
    Some(Draft { lesson, rating })
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
}

/// A move by formula: the start, (ΔI, ΔJ) of the formula, n, and where it lands.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Step {
    from: (i32, i32),
    d: (i32, i32),
    n: i32,
}

impl Step {
    fn to(self) -> (i32, i32) {
        (self.from.0 + self.n * self.d.0, self.from.1 + self.n * self.d.1)
    }
}

/// A piece and one of its moves on the empty board: a slider with n from 1 to its longest
/// way, the king with n = 1, the knight (`knight`) by (2·ΔI, ΔJ) or (ΔI, 2·ΔJ).
fn draw_step(cx: &mut Cx, letter: char, long: bool) -> Option<Step> {
    for _ in 0..30 {
        let from = (cx.rng.range(0, 7), cx.rng.range(0, 7));
        let (_, _, dirs, most) = piece(letter);
        let d = *cx.rng.pick(&dirs)?;
        let room = (1..=most)
            .take_while(|&n| on_board((from.0 + n * d.0, from.1 + n * d.1)))
            .count() as i32;
        if room == 0 || (long && room < 2) {
            continue;
        }
        let n = if long { cx.rng.range(2, room) } else { cx.rng.range(1, room) };
        return Some(Step { from, d, n });
    }
    None
}

/// The formula's words for a step: `i1 = 3 + 2·(+1) = 5, j1 = 4 + 2·(−1) = 2`.
fn sums(s: Step) -> String {
    let (i1, j1) = s.to();
    format!(
        "i1 = {} + {}·({}) = {i1}, j1 = {} + {}·({}) = {j1}",
        s.from.0,
        s.n,
        signed(s.d.0),
        s.from.1,
        s.n,
        signed(s.d.1)
    )
}

/// Where does the piece land? (`knight`: the knight by (2·ΔI, ΔJ) or (ΔI, 2·ΔJ).)
fn land(cx: &mut Cx, knight: bool) -> Option<Draft> {
    let lvl = super::level(cx);
    let (letter, step, formula_ru, formula_en);
    if knight {
        letter = 'N';
        let long_i = cx.rng.chance(1, 2);
        let (di, dj) = (*cx.rng.pick(&[1, -1])?, *cx.rng.pick(&[1, -1])?);
        let d = if long_i { (2 * di, dj) } else { (di, 2 * dj) };
        let from = (cx.rng.range(0, 7), cx.rng.range(0, 7));
        step = Step { from, d, n: 1 };
        if !on_board(step.to()) {
            return None;
        }
        let f =
            if long_i { "i1 = i + 2·ΔI, j1 = j + ΔJ" } else { "i1 = i + ΔI, j1 = j + 2·ΔJ" };
        formula_ru =
            format!("Конь прыгает по формуле {f}, где ΔI = {}, ΔJ = {}.", signed(di), signed(dj));
        formula_en =
            format!("The knight jumps by {f}, with ΔI = {}, ΔJ = {}.", signed(di), signed(dj));
    } else {
        letter = *cx.rng.pick(if lvl < 2 { &['R', 'K'][..] } else { &['R', 'B', 'Q', 'K'][..] })?;
        step = draw_step(cx, letter, false)?;
        formula_ru =
            format!("Ход: ΔI = {}, ΔJ = {}, n = {}.", signed(step.d.0), signed(step.d.1), step.n);
        formula_en = format!(
            "The move: ΔI = {}, ΔJ = {}, n = {}.",
            signed(step.d.0),
            signed(step.d.1),
            step.n
        );
    }
    let to = step.to();
    let (ru, en) = piece_words(letter);
    let (fi, fj) = step.from;
    // the mistakes: a sign turned, n one short (or one more), i and j swapped, counted from one
    let flip_i = Step { d: (-step.d.0, step.d.1), ..step }.to();
    let flip_j = Step { d: (step.d.0, -step.d.1), ..step }.to();
    let short = Step { n: if step.n > 1 { step.n - 1 } else { 2 }, ..step }.to();
    let (choices, answer) =
        four(cx, to, vec![flip_i, flip_j, short, (to.1, to.0), (to.0 + 1, to.1 + 1)], on_board)?;
    let explain = choices
        .iter()
        .map(|&c| {
            if c == to {
                text(
                    format!("Верно! {}. {} — это {}.", sums(step), pair(to), square_name(to)),
                    format!("Right! {}. {} is {}.", sums(step), pair(to), square_name(to)),
                )
            } else {
                text(
                    format!(
                        "{} — это клетка {}. Посчитай: {}.",
                        pair(c),
                        square_name(c),
                        sums(step)
                    ),
                    format!("{} is square {}. Count: {}.", pair(c), square_name(c), sums(step)),
                )
            }
        })
        .collect();
    let negatives = i32::from(step.d.0 < 0) + i32::from(step.d.1 < 0);
    let rating = if knight { 880 } else { 720 }
        + 50 * (step.n - 1)
        + 60 * i32::from(step.d.0 != 0 && step.d.1 != 0)
        + 50 * negatives;
    let lesson = question(
        if knight {
            text("Прыжок коня в числах", "The knight's jump in numbers")
        } else {
            text("Куда придёт фигура?", "Where does the piece land?")
        },
        text(
            format!(
                "Фигура ходит по формуле i1 = i + n·ΔI, j1 = j + n·ΔJ. {} стоит на {}.",
                capital(ru),
                pair((fi, fj))
            ),
            format!(
                "A piece moves by the formula i1 = i + n·ΔI, j1 = j + n·ΔJ. The {en} is on {}.",
                pair((fi, fj))
            ),
        ),
        step.from,
        letter,
        text(
            format!("{formula_ru} На какую клетку придёт {ru}?"),
            format!("{formula_en} Which square does the {en} reach?"),
        ),
        choices
            .iter()
            .map(|&c| {
                text(
                    format!("{} — это {}", pair(c), square_name(c)),
                    format!("{} — that is {}", pair(c), square_name(c)),
                )
            })
            .collect(),
        answer,
        explain,
        json!([]),
        text(
            "Формула говорит, куда придёт фигура: i1 = i + n·ΔI, j1 = j + n·ΔJ.",
            "The formula tells where a piece lands: i1 = i + n·ΔI, j1 = j + n·ΔJ.",
        ),
    )?;
    Some(Draft { lesson, rating })
}

/// The words of a formula choice: `ΔI = +1, ΔJ = 0, n = 3`.
fn formula_words(s: Step) -> String {
    format!("ΔI = {}, ΔJ = {}, n = {}", signed(s.d.0), signed(s.d.1), s.n)
}

/// Which formula takes the piece to the marked square?
fn formula(cx: &mut Cx) -> Option<Draft> {
    let lvl = super::level(cx);
    let letter = *cx.rng.pick(if lvl < 2 { &['R'][..] } else { &['R', 'B', 'Q'][..] })?;
    let step = draw_step(cx, letter, true)?;
    let to = step.to();
    let others = vec![
        Step { d: (-step.d.0, step.d.1), ..step },
        Step { d: (step.d.0, -step.d.1), ..step },
        Step { d: (-step.d.0, -step.d.1), ..step },
        Step { d: (step.d.1, step.d.0), ..step },
        Step { n: step.n - 1, ..step },
        Step { n: step.n + 1, ..step },
    ];
    // each wrong formula takes the piece elsewhere (or off the board): never to the square
    let (choices, answer) =
        four(cx, step, others, |s: Step| s.to() != to && s.n >= 1 && s.d != (0, 0))?;
    let explain = choices
        .iter()
        .map(|&c| {
            if c == step {
                text(format!("Верно! {}.", sums(step)), format!("Right! {}.", sums(step)))
            } else if on_board(c.to()) {
                text(
                    format!(
                        "С этой формулой {} — это клетка {}, а не {}.",
                        sums(c),
                        square_name(c.to()),
                        square_name(to)
                    ),
                    format!(
                        "With this formula {}: that is {}, not {}.",
                        sums(c),
                        square_name(c.to()),
                        square_name(to)
                    ),
                )
            } else {
                text(
                    format!("С этой формулой {}: такой клетки на доске нет.", sums(c)),
                    format!("With this formula {}: there is no such square on the board.", sums(c)),
                )
            }
        })
        .collect();
    let (ru, en) = piece_words(letter);
    let rating = 820
        + 40 * (step.n - 2).max(0)
        + 80 * i32::from(step.d.0 != 0 && step.d.1 != 0)
        + 40 * (i32::from(step.d.0 < 0) + i32::from(step.d.1 < 0));
    let lesson = question(
        text("Какая формула ведёт туда?", "Which formula takes it there?"),
        text(
            format!("{} стоит на {}, синий кружок — на {}. Фигура ходит по формуле i1 = i + n·ΔI, j1 = j + n·ΔJ.", capital(ru), pair(step.from), pair(to)),
            format!("The {en} is on {}, the blue circle on {}. A piece moves by the formula i1 = i + n·ΔI, j1 = j + n·ΔJ.", pair(step.from), pair(to)),
        ),
        step.from,
        letter,
        text(format!("С какими числами {ru} придёт на синий кружок?"), format!("Which numbers take the {en} to the blue circle?")),
        choices.iter().map(|&c| text(formula_words(c), formula_words(c))).collect(),
        answer,
        explain,
        json!([{ "type": "circle", "square": square_name(to), "color": "blue" }]),
        text("ΔI и ΔJ говорят, куда идёт фигура, а n — на сколько клеток.", "ΔI and ΔJ say which way the piece goes, and n how far."),
    )?;
    Some(Draft { lesson, rating })
}

/// How far does the piece go: find n.
fn steps(cx: &mut Cx) -> Option<Draft> {
    let lvl = super::level(cx);
    let letter = *cx.rng.pick(if lvl < 2 { &['R'][..] } else { &['R', 'B', 'Q'][..] })?;
    let step = draw_step(cx, letter, true)?;
    let to = step.to();
    let (choices, answer) =
        four(cx, step.n, vec![step.n - 1, step.n + 1, step.n + 2, step.n - 2, to.0, to.1], |n| {
            (1..=7).contains(&n)
        })?;
    let explain = choices
        .iter()
        .map(|&n| {
            let s = Step { n, ..step };
            if n == step.n {
                text(format!("Верно! {}.", sums(s)), format!("Right! {}.", sums(s)))
            } else if on_board(s.to()) {
                text(
                    format!(
                        "При n = {n}: {}. Это {}, а не {}.",
                        sums(s),
                        square_name(s.to()),
                        square_name(to)
                    ),
                    format!(
                        "With n = {n}: {}. That is {}, not {}.",
                        sums(s),
                        square_name(s.to()),
                        square_name(to)
                    ),
                )
            } else {
                text(
                    format!("При n = {n}: {}. Такой клетки на доске нет.", sums(s)),
                    format!("With n = {n}: {}. There is no such square on the board.", sums(s)),
                )
            }
        })
        .collect();
    let (ru, en) = piece_words(letter);
    let rating = 780
        + 35 * step.n
        + 70 * i32::from(step.d.0 != 0 && step.d.1 != 0)
        + 30 * (i32::from(step.d.0 < 0) + i32::from(step.d.1 < 0));
    let lesson = question(
        text("Сколько шагов? Найди n", "How far? Find n"),
        text(
            format!(
                "{} стоит на {} и идёт с ΔI = {}, ΔJ = {}. Синий кружок — на {}.",
                capital(ru),
                pair(step.from),
                signed(step.d.0),
                signed(step.d.1),
                pair(to)
            ),
            format!(
                "The {en} is on {} and moves with ΔI = {}, ΔJ = {}. The blue circle is on {}.",
                pair(step.from),
                signed(step.d.0),
                signed(step.d.1),
                pair(to)
            ),
        ),
        step.from,
        letter,
        text(
            format!("При каком n {ru} придёт на синий кружок?"),
            format!("Which n takes the {en} to the blue circle?"),
        ),
        choices.iter().map(|&n| text(format!("n = {n}"), format!("n = {n}"))).collect(),
        answer,
        explain,
        json!([{ "type": "circle", "square": square_name(to), "color": "blue" }]),
        text("n — это на сколько клеток идёт фигура.", "n is how many squares the piece goes."),
    )?;
    Some(Draft { lesson, rating })
}
