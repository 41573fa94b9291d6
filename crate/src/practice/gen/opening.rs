//! The `opening` family: the opening's first idea, bringing pieces toward the middle.
//!
//! - `kind: "develop"`: a knight of White's early position may go to three or four squares;
//!   from which will it have the most moves? The rules count the knight's moves from each
//!   square (its own pieces in the way); the answer is the only square with the most, and it is
//!   nearer the middle than an edge square among the choices.

use super::{lesson, square_name, text, white_to_move, Cx, Draft};
use crate::board::{Color, Position, Square};
use crate::message::Text;
use crate::rules::{legal_moves, play_unchecked, MoveList, Rules};
use serde_json::json;

/// One exercise of an `opening` skill.
pub fn make(cx: &mut Cx) -> Option<Draft> {
    match cx.param_str("kind")? {
        "develop" => develop(cx),
        _ => None,
    }
}

/// How many moves the piece on `sq` has, White to move in `pos`.
pub(crate) fn mobility(pos: &Position, sq: Square) -> usize {
    let mut p = *pos;
    p.side = Color::White;
    p.en_passant = None;
    let mut list = MoveList::new();
    legal_moves(&p, Rules::STANDARD, &mut list);
    list.iter().filter(|m| m.from == sq).count()
}

/// From which square will the knight have the most moves?
fn develop(cx: &mut Cx) -> Option<Draft> {
    for _ in 0..200 {
        // White's early position: king, rooks, bishops, queen at home; pawns on the second row,
        // some already forward; the knight somewhere on the first four rows
        let mut pieces: Vec<((i32, i32), char)> = vec![
            ((0, 4), 'K'),
            ((0, 0), 'R'),
            ((0, 7), 'R'),
            ((0, 3), 'Q'),
            ((0, 2), 'B'),
            ((0, 5), 'B'),
        ];
        for j in 0..8 {
            let i = match cx.rng.below(5) {
                0 => 2,
                1 => 3,
                _ => 1,
            };
            pieces.push(((i, j), 'P'));
        }
        let knight = (cx.rng.range(0, 3), cx.rng.range(0, 7));
        if pieces.iter().any(|(s, _)| *s == knight) {
            continue;
        }
        pieces.push((knight, 'N'));
        pieces.push(((7, 4), 'k'));
        for (j, c) in [(0, 'r'), (3, 'q'), (7, 'r')] {
            pieces.push(((7, j), c));
        }
        for j in 0..8 {
            pieces.push(((6, j), 'p'));
        }
        let Some((rows, pos)) = white_to_move(&pieces, "w - - 0 1", true) else { continue };
        let from = Square::from_ij(knight.0, knight.1)?;
        let mut list = MoveList::new();
        legal_moves(&pos, Rules::STANDARD, &mut list);
        let mut options: Vec<(Square, usize)> = list
            .iter()
            .filter(|m| m.from == from && !m.capture)
            .map(|&m| (m.to, mobility(&play_unchecked(&pos, m), m.to)))
            .collect();
        if options.len() < 3 {
            continue;
        }
        cx.rng.shuffle(&mut options);
        options.truncate(4);
        let best = options.iter().map(|o| o.1).max()?;
        if options.iter().filter(|o| o.1 == best).count() != 1 {
            continue;
        }
        // the answer is nearer the middle than the worst choice
        let centre = |s: Square| {
            let d = |x: u8| (2 * x as i32 - 7).abs();
            d(s.i()) + d(s.j())
        };
        let (answer_sq, _) = *options.iter().find(|o| o.1 == best)?;
        let worst = options.iter().min_by_key(|o| o.1)?;
        if centre(answer_sq) >= centre(worst.0) {
            continue;
        }
        let answer = options.iter().position(|o| o.0 == answer_sq)?;
        let explain: Vec<Text> = options
            .iter()
            .map(|&(s, n)| {
                if s == answer_sq {
                    text(
                        format!("Верно! С {s} у коня {n} {}.", moves_ru(n)),
                        format!("Right! From {s} the knight has {n} moves."),
                    )
                } else {
                    text(
                        format!("С {s} у коня {n} {}. С {answer_sq} больше.", moves_ru(n)),
                        format!("From {s} the knight has {n} moves. From {answer_sq}, more."),
                    )
                }
            })
            .collect();
        let gap = best as i32 - options.iter().filter(|o| o.1 != best).map(|o| o.1).max()? as i32;
        let rating =
            800 + 60 * options.len() as i32 - 40 * gap.min(4) + 30 * i32::from(knight.0 > 0);
        let name = square_name(knight);
        let lesson = lesson(json!({
            "title": text("Конь — ближе к центру", "The knight toward the middle"),
            "intro": text(
                "В начале партии фигуры выводят ближе к центру. Оттуда у них больше ходов.",
                "In the opening, bring pieces toward the middle. There they have more moves."
            ),
            "position": rows,
            "goal": {
                "type": "question",
                "question": text(
                    "Откуда у коня будет больше всего ходов?",
                    "From which square will the knight have the most moves?"
                ),
                "choices": options.iter().map(|o| text(o.0.to_string(), o.0.to_string())).collect::<Vec<_>>(),
                "answer": answer,
                "explain": explain,
            },
            "shapes": [{ "type": "circle", "square": name, "color": "blue" }],
            "learned": text(
                "Конь в центре ходит на много клеток. На краю — на мало.",
                "A knight in the middle has many moves. On the edge, few."
            ),
        }))?;
        return Some(Draft { lesson, rating });
    }
    None
}

/// «ход», «хода», «ходов» after a number.
fn moves_ru(n: usize) -> &'static str {
    match (n % 10, n % 100) {
        (1, k) if k != 11 => "ход",
        (2..=4, k) if !(12..=14).contains(&k) => "хода",
        _ => "ходов",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_position;
    use crate::practice::tests::prove_skill;

    #[test]
    fn practice_gen_opening_develop() {
        prove_skill("opening-develop", |ex| {
            let crate::lesson::Goal::Question(q) = &ex.lesson.goal else {
                return Err("not a question".into());
            };
            if q.choices.len() < 3 {
                return Err("fewer than three choices".into());
            }
            let pos = parse_position(&ex.lesson.position.text()).map_err(|e| format!("{e:?}"))?;
            let knight = pos
                .all_pieces()
                .into_iter()
                .find(|(_, p)| p.color == Color::White && p.kind == crate::board::PieceKind::Knight)
                .ok_or("no knight")?
                .0;
            let mut list = MoveList::new();
            legal_moves(&pos, Rules::STANDARD, &mut list);
            let counts: Vec<usize> = q
                .choices
                .iter()
                .map(|c| {
                    let m = list
                        .iter()
                        .find(|m| m.from == knight && m.to.to_string() == c.en())
                        .ok_or("a choice is no move")?;
                    Ok(mobility(&play_unchecked(&pos, *m), m.to))
                })
                .collect::<Result<_, String>>()?;
            let best = *counts.iter().max().unwrap();
            if counts[q.answer] != best || counts.iter().filter(|&&n| n == best).count() != 1 {
                return Err(format!("counts {counts:?}, answer {}", q.answer));
            }
            Ok(())
        });
    }
}
