//! The `special` family: the special moves, as the rules allow them.
//!
//! - `kind: "castle"`: which way may White castle now: kingside, queenside, both or neither?
//!   Four choices; the king and rooks stand at home and have not moved, and what stops a
//!   castling is on the board (a check, a piece between, an attacked square on the king's way).
//!   The rules' legal moves give the answer; each choice's words say why, side by side.
//! - `kind: "en-passant"`: a black pawn has just stepped two squares beside a white pawn (the
//!   arrow): mark every square the white pawn may go to (a `targets` quiz, so the rules judge
//!   every square), en passant among them; now and then another black pawn stands beside it that
//!   did not just step, and cannot be taken so.

use super::{lesson, square_name, text, white_to_move, Cx, Draft};
use crate::board::{Color, Position, Square};
use crate::message::Text;
use crate::rules::{in_check, is_attacked, legal_moves, MoveKind, MoveList, Rules};
use serde_json::json;

/// One exercise of a `special` skill.
pub fn make(cx: &mut Cx) -> Option<Draft> {
    match cx.param_str("kind")? {
        "castle" => castle(cx),
        "en-passant" => en_passant(cx),
        _ => None,
    }
}

/// Which castlings the rules allow White: (kingside, queenside).
pub(crate) fn castlings(pos: &Position) -> (bool, bool) {
    let mut list = MoveList::new();
    legal_moves(pos, Rules::STANDARD, &mut list);
    let c = |j: u8| list.iter().any(|m| m.kind == MoveKind::Castle && m.to.j() == j);
    (c(6), c(2))
}

/// Why White may not castle on one side (`None`: it may), in Russian and English.
fn why_not(pos: &Position, king_side: bool) -> Option<(String, String)> {
    let rook = Square::from_ij(0, if king_side { 7 } else { 0 })?;
    if pos
        .piece_at(rook)
        .is_none_or(|p| p.kind != crate::board::PieceKind::Rook || p.color != Color::White)
    {
        return Some((format!("На {rook} нет ладьи."), format!("No rook stands on {rook}.")));
    }
    if in_check(pos) {
        return Some(("Королю шах.".into(), "The king is in check.".into()));
    }
    let between: Vec<i32> = if king_side { vec![5, 6] } else { vec![3, 2, 1] };
    for &j in &between {
        let s = Square::from_ij(0, j)?;
        if pos.piece_at(s).is_some() {
            return Some((
                format!("Мешает фигура на {s}."),
                format!("A piece on {s} is in the way."),
            ));
        }
    }
    let way: Vec<i32> = if king_side { vec![5, 6] } else { vec![3, 2] };
    for &j in &way {
        let s = Square::from_ij(0, j)?;
        if is_attacked(pos, s, Color::Black, pos.occupied()) {
            return Some((
                format!("Чёрные нападают на {s}, а король идёт через неё."),
                format!("Black attacks {s}, on the king's way."),
            ));
        }
    }
    None
}

/// Which way may White castle?
fn castle(cx: &mut Cx) -> Option<Draft> {
    // 0 kingside only, 1 queenside only, 2 both, 3 neither
    let want = cx.rng.below(4) as usize;
    for _ in 0..300 {
        let kingside_rook = cx.rng.below(6) != 0;
        let queenside_rook = cx.rng.below(6) != 0;
        if !kingside_rook && !queenside_rook {
            continue;
        }
        let mut pieces: Vec<((i32, i32), char)> = vec![((0, 4), 'K')];
        if kingside_rook {
            pieces.push(((0, 7), 'R'));
        }
        if queenside_rook {
            pieces.push(((0, 0), 'R'));
        }
        for j in 0..8 {
            if cx.rng.chance(1, 2) {
                pieces.push(((1, j), 'P'));
            }
        }
        // a piece of White's between king and rook, now and then
        if cx.rng.chance(1, 3) {
            let j = *cx.rng.pick(&[1, 2, 3, 5, 6])?;
            pieces.push(((0, j), *cx.rng.pick(&['N', 'B'])?));
        }
        let attackers = 1 + cx.rng.below(2);
        let free =
            |pieces: &Vec<((i32, i32), char)>, s: (i32, i32)| !pieces.iter().any(|(q, _)| *q == s);
        let mut placed = 0;
        for _ in 0..20 {
            if placed == attackers {
                break;
            }
            let s = (cx.rng.range(2, 6), cx.rng.range(0, 7));
            if free(&pieces, s) {
                pieces.push((s, *cx.rng.pick(&['r', 'b', 'b', 'n', 'q'])?));
                placed += 1;
            }
        }
        let bk = (cx.rng.range(6, 7), cx.rng.range(0, 7));
        if !free(&pieces, bk) {
            continue;
        }
        pieces.push((bk, 'k'));
        let rights = match (kingside_rook, queenside_rook) {
            (true, true) => "KQ",
            (true, false) => "K",
            _ => "Q",
        };
        let Some((rows, pos)) = white_to_move(&pieces, &format!("w {rights} - 0 1"), false) else {
            continue;
        };
        // a check by two pieces at once could not have happened here
        if let Some(k) = pos.king(Color::White) {
            if crate::rules::attackers(&pos, k, Color::Black, pos.occupied()).count_ones() > 1 {
                continue;
            }
        }
        let (k, q) = castlings(&pos);
        let truth = match (k, q) {
            (true, false) => 0,
            (false, true) => 1,
            (true, true) => 2,
            (false, false) => 3,
        };
        if truth != want {
            continue;
        }
        // the words agree with the rules
        let (wk, wq) = (why_not(&pos, true), why_not(&pos, false));
        if wk.is_some() == k || wq.is_some() == q {
            continue;
        }
        return castle_lesson(&rows, truth, wk, wq, placed, &pos);
    }
    None
}

fn castle_lesson(
    rows: &[String],
    truth: usize,
    wk: Option<(String, String)>,
    wq: Option<(String, String)>,
    attackers: u32,
    pos: &Position,
) -> Option<Draft> {
    let side = |why: &Option<(String, String)>, ru: &str, en: &str| -> (String, String) {
        match why {
            None => (format!("{ru} можно."), format!("{en} castling works.")),
            Some((r, e)) => (
                format!("{ru} нельзя: {}", lower_first(r)),
                format!("{en} castling fails: {}", lower_first(e)),
            ),
        }
    };
    let (k_ru, k_en) = side(&wk, "Короткую", "Kingside");
    let (q_ru, q_en) = side(&wq, "Длинную", "Queenside");
    let explain: Vec<Text> = (0..4)
        .map(|c| {
            if c == truth {
                text(format!("Верно! {k_ru} {q_ru}"), format!("Right! {k_en} {q_en}"))
            } else {
                text(format!("Нет. {k_ru} {q_ru}"), format!("No. {k_en} {q_en}"))
            }
        })
        .collect();
    // an attacked b1 stops nothing: the king never passes it
    let b1_trap = is_attacked(pos, Square::from_ij(0, 1)?, Color::Black, pos.occupied());
    let rating = 760
        + 60 * attackers as i32
        + 90 * i32::from(
            wk.as_ref().is_some_and(|w| w.1.contains("attacks"))
                || wq.as_ref().is_some_and(|w| w.1.contains("attacks")),
        )
        + 80 * i32::from(b1_trap && wq.is_none())
        + 40 * i32::from(truth == 2);
    let lesson = lesson(json!({
        "title": text("Можно ли рокироваться?", "Can White castle?"),
        "intro": text(
            "Король и ладьи ещё не ходили. Рокировки нет при шахе. Между королём и ладьёй не должно быть фигур. Король не идёт через клетку под боем.",
            "The king and rooks have not moved yet. You can't castle out of check. No piece may stand between. The king never crosses an attacked square."
        ),
        "position": rows,
        "goal": {
            "type": "question",
            "question": text("Как белые могут рокироваться сейчас?", "Which way can White castle now?"),
            "choices": [
                // short words (14 letters at most): the four choices stand two by two on a phone
                text("Короткая", "Kingside"),
                text("Длинная", "Queenside"),
                text("Обе", "Both ways"),
                text("Никак", "Neither way"),
            ],
            "answer": truth,
            "explain": explain,
        },
        "learned": text(
            "Рокировки нет при шахе, через фигуру и через клетку под боем.",
            "No castling out of check, past a piece, or across an attacked square."
        ),
    }))?;
    Some(Draft { lesson, rating })
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Mark every square the pawn may go to, en passant among them.
fn en_passant(cx: &mut Cx) -> Option<Draft> {
    for _ in 0..200 {
        let j = cx.rng.range(0, 7);
        let dj = if j == 0 || (j < 7 && cx.rng.chance(1, 2)) { 1 } else { -1 };
        let them = j + dj;
        let mut pieces: Vec<((i32, i32), char)> = vec![((4, j), 'P'), ((4, them), 'p')];
        let other = j - dj;
        let mut features = 0;
        // a black pawn on the other side that did not just step: no en passant there
        if (0..8).contains(&other) && cx.rng.chance(1, 2) {
            pieces.push(((4, other), 'p'));
            features += 1;
        }
        // in front: a blocker now and then
        if cx.rng.chance(1, 4) {
            pieces.push(((5, j), *cx.rng.pick(&['n', 'b', 'p'])?));
            features += 1;
        } else if (0..8).contains(&other) && cx.rng.chance(1, 3) {
            // something to capture on the other diagonal
            pieces.push(((5, other), *cx.rng.pick(&['n', 'b'])?));
            features += 1;
        }
        let free = |pieces: &Vec<((i32, i32), char)>, s: (i32, i32)| {
            !pieces.iter().any(|(q, _)| *q == s) && s != (5, them) && s != (6, them)
        };
        let wk = (cx.rng.range(0, 2), cx.rng.range(0, 7));
        let bk = (cx.rng.range(6, 7), cx.rng.range(0, 7));
        if !free(&pieces, wk) || !free(&pieces, bk) {
            continue;
        }
        pieces.push((wk, 'K'));
        pieces.push((bk, 'k'));
        let ep = square_name((5, them));
        let Some((rows, pos)) = white_to_move(&pieces, &format!("w - {ep} 0 2"), true) else {
            continue;
        };
        let from = Square::from_ij(4, j)?;
        let mut list = MoveList::new();
        legal_moves(&pos, Rules::STANDARD, &mut list);
        let targets: Vec<_> = list.iter().filter(|m| m.from == from).collect();
        if !targets.iter().any(|m| m.kind == MoveKind::EnPassant) {
            continue;
        }
        let pawn = square_name((4, j));
        let came = square_name((6, them));
        let at = square_name((4, them));
        let rating = 760 + 90 * features + 30 * targets.len() as i32;
        let lesson = lesson(json!({
            "title": text("Взятие на проходе", "En passant"),
            "intro": text(
                format!("Чёрная пешка только что шагнула с {came} на {at}. Отметь все клетки, куда может пойти пешка {pawn}."),
                format!("The black pawn just stepped from {came} to {at}. Mark every square the {pawn} pawn can go to.")
            ),
            "position": rows,
            "goal": { "type": "targets", "square": pawn },
            "shapes": [{ "type": "arrow", "from": came, "to": at, "color": "blue" }],
            "learned": text(
                "Пешку, шагнувшую на две клетки, можно взять на проходе. Только сразу же.",
                "A pawn that stepped two squares can be captured en passant. Only right away."
            ),
        }))?;
        return Some(Draft { lesson, rating });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_position;
    use crate::practice::tests::{arrow_of, prove_skill};

    #[test]
    fn practice_gen_castle() {
        let mut seen = [0usize; 4];
        prove_skill("castle", |ex| {
            let crate::lesson::Goal::Question(q) = &ex.lesson.goal else {
                return Err("not a question".into());
            };
            if q.choices.len() != 4 {
                return Err("not four choices".into());
            }
            let pos = parse_position(&ex.lesson.position.text()).map_err(|e| format!("{e:?}"))?;
            let truth = match castlings(&pos) {
                (true, false) => 0,
                (false, true) => 1,
                (true, true) => 2,
                (false, false) => 3,
            };
            let explain = q.explain.as_ref().ok_or("no explanations")?;
            if !explain[q.answer].en().starts_with("Right!") {
                return Err("the answer's words do not say right".into());
            }
            (truth == q.answer)
                .then_some(())
                .ok_or(format!("answer {}, the rules say {truth}", q.answer))
        });
        for seed in 1..=80 {
            let ex = crate::practice::make("castle", seed, None).unwrap();
            let crate::lesson::Goal::Question(q) = &ex.lesson.goal else { unreachable!() };
            seen[q.answer] += 1;
        }
        assert!(seen.iter().all(|&n| n >= 8), "{seen:?}");
    }

    #[test]
    fn practice_gen_en_passant() {
        prove_skill("en-passant", |ex| {
            let crate::lesson::Goal::Targets(t) = &ex.lesson.goal else {
                return Err("not a targets quiz".into());
            };
            let pos = parse_position(&ex.lesson.position.text()).map_err(|e| format!("{e:?}"))?;
            let from = Square::parse(&t.square).ok_or("no square")?;
            let mut list = MoveList::new();
            legal_moves(&pos, Rules::STANDARD, &mut list);
            let ep = list
                .iter()
                .find(|m| m.from == from && m.kind == MoveKind::EnPassant)
                .ok_or("no en passant")?;
            // the arrow is the black pawn's double step, ending beside the pawn
            let arrow = arrow_of(ex)?;
            let (a, b) = (Square::parse(&arrow.0).unwrap(), Square::parse(&arrow.1).unwrap());
            if a.j() != ep.to.j()
                || b.j() != ep.to.j()
                || a.i() != 6
                || b.i() != 4
                || Some(ep.to) != pos.en_passant
            {
                return Err("the arrow is not the double step en passant takes".into());
            }
            Ok(())
        });
    }
}
