//! The `reading` family: reading the board and the moves.
//!
//! - `kind: "setup"`: where does a piece stand at the start? The starting position with the
//!   piece (and one or two others) taken off; four squares to choose from, one the piece's home.
//! - `kind: "notation"`: the arrow shows a move; how is it written? Four moves to choose from:
//!   the move's SAN (the side panel's words) and three that differ in one thing (the letter, the
//!   capture sign, the square).

use super::status::ru_letters;
use super::{board, lesson, piece_words, square_name, text, white_to_move, Cx, Draft};
use crate::board::Position;
use crate::message::Text;
use crate::notation::to_san;
use crate::rules::{legal_moves, MoveKind, MoveList, Rules};
use serde_json::json;

/// One exercise of a `reading` skill.
pub fn make(cx: &mut Cx) -> Option<Draft> {
    match cx.param_str("kind")? {
        "setup" => setup(cx),
        "notation" => notation(cx),
        _ => None,
    }
}

/// The starting position's first row, a to h.
const HOME: [char; 8] = ['R', 'N', 'B', 'Q', 'K', 'B', 'N', 'R'];

/// The piece on square `(i, j)` at the start.
pub(crate) fn start_piece((i, j): (i32, i32)) -> Option<char> {
    match i {
        0 => Some(HOME[j as usize]),
        1 => Some('P'),
        6 => Some('p'),
        7 => Some(HOME[j as usize].to_ascii_lowercase()),
        _ => None,
    }
}

/// A piece's name with its colour: (Russian, English).
fn named(c: char) -> (String, String) {
    let white = c.is_ascii_uppercase();
    let (ru, en, feminine) = match c.to_ascii_uppercase() {
        'K' => ("король", "king", false),
        'Q' => ("ферзь", "queen", false),
        'R' => ("ладья", "rook", true),
        'B' => ("слон", "bishop", false),
        'N' => ("конь", "knight", false),
        _ => ("пешка", "pawn", true),
    };
    let adj = match (white, feminine) {
        (true, false) => "белый",
        (true, true) => "белая",
        (false, false) => "чёрный",
        (false, true) => "чёрная",
    };
    (format!("{adj} {ru}"), format!("the {} {en}", if white { "white" } else { "black" }))
}

/// Where does the piece stand at the start?
fn setup(cx: &mut Cx) -> Option<Draft> {
    // the piece asked for: a queen, rook, bishop or knight of either side
    let j = *cx.rng.pick(&[0, 1, 2, 3, 5, 6, 7])?;
    let white = cx.rng.chance(1, 2);
    let home = (if white { 0 } else { 7 }, j);
    let piece = start_piece(home)?;
    // one or two more pieces off the board (never a king)
    let mut off = vec![home];
    for _ in 0..(1 + cx.rng.below(2)) {
        let s = (*cx.rng.pick(&[0, 1, 6, 7])?, cx.rng.range(0, 7));
        if (s.1 != 4 || s.0 == 1 || s.0 == 6) && !off.contains(&s) {
            off.push(s);
        }
    }
    let mut pieces = Vec::new();
    for i in [0, 1, 6, 7] {
        for jj in 0..8 {
            if !off.contains(&(i, jj)) {
                pieces.push(((i, jj), start_piece((i, jj))?));
            }
        }
    }
    // wrong squares: the other side's square, neighbours, the other gaps; never a home of
    // the same piece
    let is_home = |s: (i32, i32)| start_piece(s) == Some(piece);
    let mut near = vec![
        (7 - home.0, j),
        (home.0, j - 1),
        (home.0, j + 1),
        (if white { 1 } else { 6 }, j),
        (home.0, 7 - j),
        (home.0, 3),
        (home.0, 4),
    ];
    near.extend(off.iter().copied());
    cx.rng.shuffle(&mut near);
    let mut choices = vec![home];
    for s in near {
        if (0..8).contains(&s.0) && (0..8).contains(&s.1) && !is_home(s) && !choices.contains(&s) {
            choices.push(s);
        }
        if choices.len() == 4 {
            break;
        }
    }
    if choices.len() < 4 {
        return None;
    }
    cx.rng.shuffle(&mut choices);
    let answer = choices.iter().position(|&c| c == home)?;
    let (p_ru, p_en) = named(piece);
    let home_name = square_name(home);
    let explain: Vec<Text> = choices
        .iter()
        .map(|&s| {
            let n = square_name(s);
            if s == home {
                text(
                    format!("Верно! В начале {p_ru} стоит на {n}."),
                    format!("Right! At the start, {p_en} stands on {n}."),
                )
            } else {
                let there = match start_piece(s) {
                    Some(c) => {
                        let (r, e) = named(c);
                        (
                            format!("На {n} в начале стоит {r}."),
                            format!("At the start, {e} stands on {n}."),
                        )
                    }
                    None => (
                        format!("В начале клетка {n} пустая."),
                        format!("At the start, {n} is empty."),
                    ),
                };
                text(
                    format!("Нет. {} А {p_ru} стоит на {home_name}.", there.0),
                    format!("No. {} And {p_en} stands on {home_name}.", there.1),
                )
            }
        })
        .collect();
    let rows = board(&pieces, Some("w - - 0 1"));
    let rating =
        560 + match piece.to_ascii_uppercase() {
            'Q' => 0,
            'R' => 20,
            'N' => 80,
            _ => 120,
        } + 60 * i32::from(!white)
            + 50 * (off.len() as i32 - 1);
    let q = text(
        format!("Где {p_ru} стоит в начале партии?"),
        format!("Where does {p_en} stand at the start?"),
    );
    let lesson = lesson(json!({
        "title": text("Фигуры в начале", "The pieces at the start"),
        "intro": text(
            "В начале партии у каждой фигуры своя клетка. Кого-то здесь не хватает.",
            "At the start, every piece has its own square. Some are missing here."
        ),
        "position": rows,
        "goal": {
            "type": "question",
            "question": q,
            "choices": choices.iter().map(|&c| text(square_name(c), square_name(c))).collect::<Vec<_>>(),
            "answer": answer,
            "explain": explain,
        },
        "learned": text(
            "Ладьи в углах, рядом кони, потом слоны. Ферзь стоит на клетке своего цвета.",
            "Rooks in the corners, then knights, then bishops. The queen stands on its own colour."
        ),
    }))?;
    Some(Draft { lesson, rating })
}

/// The parts of a SAN move: letter (`N`, empty for a pawn), what stands between (`b`,
/// `e` of `exd5`), capture, destination, suffix (`+`, `#`).
struct Parts {
    letter: String,
    middle: String,
    capture: bool,
    to: String,
    suffix: String,
}

fn parts(san: &str) -> Option<Parts> {
    let suffix: String = san.chars().rev().take_while(|c| *c == '+' || *c == '#').collect();
    let body = &san[..san.len() - suffix.len()];
    if body.len() < 2 {
        return None;
    }
    let to = body[body.len() - 2..].to_string();
    let head = &body[..body.len() - 2];
    let letter: String = head.chars().take_while(|c| c.is_ascii_uppercase()).collect();
    let rest = &head[letter.len()..];
    let capture = rest.ends_with('x');
    let middle = rest.trim_end_matches('x').to_string();
    Some(Parts { letter, middle, capture, to, suffix })
}

fn join(p: &Parts) -> String {
    format!("{}{}{}{}{}", p.letter, p.middle, if p.capture { "x" } else { "" }, p.to, p.suffix)
}

/// The piece a SAN letter stands for ("" for a pawn): (Russian, English).
fn letter_name(letter: &str) -> (&'static str, &'static str) {
    piece_words(letter.chars().next().unwrap_or('P'))
}

/// How is the arrow's move written?
fn notation(cx: &mut Cx) -> Option<Draft> {
    let capture_wanted = cx.rng.chance(1, 2);
    for _ in 0..200 {
        let mut pieces: Vec<((i32, i32), char)> = Vec::new();
        let put = |cx: &mut Cx, c: char, pieces: &mut Vec<((i32, i32), char)>| {
            let lo = if c.eq_ignore_ascii_case(&'p') { 1 } else { 0 };
            let hi = if c.eq_ignore_ascii_case(&'p') { 6 } else { 7 };
            let s = (cx.rng.range(lo, hi), cx.rng.range(0, 7));
            if !pieces.iter().any(|(q, _)| *q == s) {
                pieces.push((s, c));
            }
        };
        put(cx, 'K', &mut pieces);
        put(cx, 'k', &mut pieces);
        if pieces.len() < 2 {
            continue;
        }
        for _ in 0..(2 + cx.rng.below(2)) {
            let c = *cx.rng.pick(&['N', 'B', 'R', 'Q', 'P'])?;
            put(cx, c, &mut pieces);
        }
        for _ in 0..(1 + cx.rng.below(3)) {
            let c = *cx.rng.pick(&['n', 'b', 'r', 'p', 'p'])?;
            put(cx, c, &mut pieces);
        }
        let (wk, bk) = (pieces[0].0, pieces[1].0);
        if (wk.0 - bk.0).abs() <= 1 && (wk.1 - bk.1).abs() <= 1 {
            continue;
        }
        let Some((rows, pos)) = white_to_move(&pieces, "w - - 0 1", true) else { continue };
        let mut list = MoveList::new();
        legal_moves(&pos, Rules::STANDARD, &mut list);
        let moves: Vec<_> = list
            .iter()
            .copied()
            .filter(|m| {
                m.kind != MoveKind::Castle
                    && m.promotion.is_none()
                    && m.capture == capture_wanted
                    && pos.piece_at(m.from).is_some_and(|p| p.kind != crate::board::PieceKind::King)
            })
            .collect();
        let Some(&m) = cx.rng.pick(&moves) else { continue };
        let san = to_san(&pos, m, Rules::STANDARD);
        return notation_lesson(cx, &pos, &rows, m, &san);
    }
    None
}

fn notation_lesson(
    cx: &mut Cx,
    pos: &Position,
    rows: &[String],
    m: crate::rules::Move,
    san: &str,
) -> Option<Draft> {
    let p = parts(san)?;
    let pawn = p.letter.is_empty();
    let mut wrong: Vec<String> = Vec::new();
    // another letter (a pawn's move gets one: a piece's letter)
    for l in ["N", "B", "R", "Q", "K"] {
        if l != p.letter {
            wrong.push(join(&Parts {
                letter: l.into(),
                middle: if pawn { String::new() } else { p.middle.clone() },
                capture: p.capture,
                to: p.to.clone(),
                suffix: p.suffix.clone(),
            }));
        }
    }
    // the capture sign the other way (a pawn's capture keeps its column)
    if !pawn {
        wrong.push(join(&Parts {
            letter: p.letter.clone(),
            middle: p.middle.clone(),
            capture: !p.capture,
            to: p.to.clone(),
            suffix: p.suffix.clone(),
        }));
    }
    // the square it came from, or a square beside the one it goes to
    let from = square_name((m.from.i() as i32, m.from.j() as i32));
    if !pawn {
        wrong.push(join(&Parts {
            letter: p.letter.clone(),
            middle: p.middle.clone(),
            capture: p.capture,
            to: from.clone(),
            suffix: p.suffix.clone(),
        }));
    }
    let (ti, tj) = (m.to.i() as i32, m.to.j() as i32);
    for (di, dj) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let s = (ti + di, tj + dj);
        if (0..8).contains(&s.0)
            && (0..8).contains(&s.1)
            && !(pawn && p.capture && dj != 0)
            && !(pawn && s.0 == 7)
        {
            wrong.push(join(&Parts {
                letter: p.letter.clone(),
                middle: p.middle.clone(),
                capture: p.capture,
                to: square_name(s),
                suffix: p.suffix.clone(),
            }));
        }
    }
    wrong.retain(|w| w != san);
    wrong.sort();
    wrong.dedup();
    cx.rng.shuffle(&mut wrong);
    // one of each kind first: a letter, the sign, a square
    let mut picked: Vec<String> = Vec::new();
    let letter_one = wrong.iter().find(|w| parts(w).is_some_and(|q| q.letter != p.letter)).cloned();
    let sign_one = wrong.iter().find(|w| parts(w).is_some_and(|q| q.capture != p.capture)).cloned();
    for w in [letter_one, sign_one].into_iter().flatten() {
        picked.push(w);
    }
    for w in &wrong {
        if picked.len() == 3 {
            break;
        }
        if !picked.contains(w) {
            picked.push(w.clone());
        }
    }
    if picked.len() < 3 {
        return None;
    }
    let mut choices = vec![san.to_string()];
    choices.extend(picked);
    cx.rng.shuffle(&mut choices);
    let answer = choices.iter().position(|c| c == san)?;
    let (piece_ru, piece_en) = letter_name(&p.letter);
    let to = p.to.clone();
    let san_ru = ru_letters(san);
    let (takes_ru, takes_en) =
        if p.capture { (" и берёт", " and captures") } else { ("", "") };
    let right = text(
        format!(
            "Верно! {} {san_ru}: {piece_ru} идёт на {to}{takes_ru}.",
            if pawn {
                "Пешка без буквы."
            } else {
                "Буква — это фигура."
            }
        ),
        format!(
            "Right! {} {san}: the {piece_en} goes to {to}{takes_en}.",
            if pawn { "A pawn has no letter." } else { "The letter is the piece." }
        ),
    );
    let explain: Vec<Text> = choices
        .iter()
        .map(|c| {
            if c == san {
                return right.clone();
            }
            let q = parts(c);
            let why = match q {
                Some(q) if q.letter != p.letter => {
                    let (r, e) = letter_name(&q.letter);
                    (
                        format!("{} — это {r}.", ru_letters(&q.letter)),
                        format!("{} is the {e}.", q.letter),
                    )
                }
                Some(q) if q.capture != p.capture => {
                    if p.capture {
                        (
                            "Ход берёт фигуру: нужен знак x.".to_string(),
                            "The move captures: it needs the x.".to_string(),
                        )
                    } else {
                        (
                            "Знак x — это взятие. Здесь никого не берут.".to_string(),
                            "The x means a capture. Nothing is captured here.".to_string(),
                        )
                    }
                }
                _ => (format!("Ход идёт на {to}."), format!("The move goes to {to}.")),
            };
            text(format!("Нет. {} Здесь {san_ru}.", why.0), format!("No. {} This is {san}.", why.1))
        })
        .collect();
    let rating = 680
        + 70 * i32::from(p.capture)
        + 60 * i32::from(!p.middle.is_empty())
        + 40 * i32::from(!p.suffix.is_empty())
        + 20 * pos.all_pieces().len() as i32
        - 40 * i32::from(pawn && !p.capture);
    let lesson = lesson(json!({
        "title": text("Как записать ход?", "How is the move written?"),
        "intro": text(
            "Ход пишут так: буква фигуры, потом клетка. Знак x — взятие, знак + — шах.",
            "A move is written as the piece's letter, then the square. The x means a capture, + means check."
        ),
        "position": rows,
        "goal": {
            "type": "question",
            "question": text("Стрелка показывает ход. Как его записать?", "The arrow shows a move. How is it written?"),
            "choices": choices.iter().map(|c| text(ru_letters(c), c.clone())).collect::<Vec<_>>(),
            "answer": answer,
            "explain": explain,
        },
        "shapes": [{ "type": "arrow", "from": from, "to": to, "color": "blue" }],
        "learned": text(
            "Буква — фигура, x — взятие, потом клетка, куда она идёт.",
            "The letter is the piece, x a capture, then the square it goes to."
        ),
    }))?;
    Some(Draft { lesson, rating })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_position;
    use crate::practice::tests::{arrow_of, choices_of, prove_skill};

    #[test]
    fn practice_gen_setup() {
        prove_skill("setup", |ex| {
            let (choices, answer) = choices_of(ex, 4)?;
            let pos = parse_position(&ex.lesson.position.text()).map_err(|e| format!("{e:?}"))?;
            let crate::lesson::Goal::Question(q) = &ex.lesson.goal else { unreachable!() };
            // the piece the question names, and which choices are its home at the start
            let words = q.question.en();
            let white = words.contains("white");
            let kind = ["queen", "rook", "bishop", "knight"]
                .into_iter()
                .find(|k| words.contains(k))
                .ok_or("no piece")?;
            let letter = match kind {
                "queen" => 'Q',
                "rook" => 'R',
                "bishop" => 'B',
                _ => 'N',
            };
            let letter = if white { letter } else { letter.to_ascii_lowercase() };
            for (k, c) in choices.iter().enumerate() {
                let s = crate::board::Square::parse(c).ok_or("a choice is no square")?;
                let home = start_piece((s.i() as i32, s.j() as i32)) == Some(letter);
                if home != (k == answer) {
                    return Err(format!("{c}: home {home}"));
                }
                // the answer's square is empty on the board: the piece is missing there
                if k == answer && pos.piece_at(s).is_some() {
                    return Err("the piece is on the board".into());
                }
            }
            Ok(())
        });
    }

    #[test]
    fn practice_gen_notation() {
        prove_skill("notation", |ex| {
            let (choices, answer) = choices_of(ex, 4)?;
            let pos = parse_position(&ex.lesson.position.text()).map_err(|e| format!("{e:?}"))?;
            let (from, to) = arrow_of(ex)?;
            let mut list = MoveList::new();
            legal_moves(&pos, Rules::STANDARD, &mut list);
            let m = list
                .iter()
                .find(|m| m.from.to_string() == from && m.to.to_string() == to)
                .ok_or("the arrow is no legal move")?;
            let san = to_san(&pos, *m, Rules::STANDARD);
            if choices[answer] != san {
                return Err(format!("answer {}, the move is {san}", choices[answer]));
            }
            // no other choice is a legal move's way of writing the arrow's move
            let crate::lesson::Goal::Question(q) = &ex.lesson.goal else { unreachable!() };
            if ru_letters(&san) != q.choices[answer].get("ru").unwrap_or("") {
                return Err("the Russian choice is another move".into());
            }
            Ok(())
        });
    }
}
