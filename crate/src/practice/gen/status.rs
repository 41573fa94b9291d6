//! The `status` family: reading how a game stands, as questions the rules answer.
//!
//! - `kind: "check-mate-stalemate"`: White plays the move of the arrow; is it check, mate or
//!   stalemate? Three choices; the rules' legal moves and `in_check` give the answer.
//! - `kind: "draws"`: who can still give mate: White, Black or nobody (a draw)? Three choices;
//!   [`cannot_mate`] (FIDE's "no series of legal moves can mate") gives the answer, and only
//!   material where a child's reading and the rule agree is drawn (a lone king, a lone knight or
//!   bishop against a lone king, bishops on one colour; a queen, rook or pawn against a bare king).

use super::{board, lesson, piece_words, square_name, text, white_to_move, Cx, Draft};
use crate::board::{Color, Position};
use crate::message::Text;
use crate::notation::{parse_position, to_san};
use crate::rules::{cannot_mate, in_check, legal_moves, play_unchecked, Move, MoveList, Rules};
use serde_json::json;

/// One exercise of a `status` skill.
pub fn make(cx: &mut Cx) -> Option<Draft> {
    match cx.param_str("kind")? {
        "check-mate-stalemate" => check_mate_stalemate(cx),
        "draws" => draws(cx),
        _ => None,
    }
}

/// How Black stands after White's move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Status {
    Check,
    Mate,
    Stalemate,
}

/// Black's status in `pos` (Black to move): check, mate, stalemate or none of them.
pub(crate) fn status(pos: &Position) -> Option<Status> {
    let mut list = MoveList::new();
    legal_moves(pos, Rules::STANDARD, &mut list);
    match (in_check(pos), list.is_empty()) {
        (true, false) => Some(Status::Check),
        (true, true) => Some(Status::Mate),
        (false, true) => Some(Status::Stalemate),
        (false, false) => None,
    }
}

fn legal(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    legal_moves(pos, Rules::STANDARD, &mut list);
    list.iter().copied().collect()
}

/// White's pieces besides the king: one of these sets.
const SETS: [&[char]; 5] = [&['Q'], &['R'], &['R', 'R'], &['Q', 'R'], &['R', 'B']];

/// Check, mate or stalemate after the arrow's move.
fn check_mate_stalemate(cx: &mut Cx) -> Option<Draft> {
    let want = [Status::Check, Status::Mate, Status::Stalemate][cx.rng.below(3) as usize];
    for _ in 0..400 {
        let set = *cx.rng.pick(&SETS)?;
        // the black king on the edge most of the time: where mates and stalemates are
        let bk = if cx.rng.chance(3, 4) {
            let k = cx.rng.range(0, 7);
            match cx.rng.below(4) {
                0 => (7, k),
                1 => (0, k),
                2 => (k, 0),
                _ => (k, 7),
            }
        } else {
            (cx.rng.range(1, 6), cx.rng.range(1, 6))
        };
        let wk = (bk.0 + cx.rng.range(-3, 3), bk.1 + cx.rng.range(-3, 3));
        let mut pieces = vec![(wk, 'K'), (bk, 'k')];
        for &c in set {
            pieces.push(((cx.rng.range(0, 7), cx.rng.range(0, 7)), c));
        }
        // a black pawn now and then: a king with a pawn that can move is not stalemated
        if cx.rng.chance(1, 4) {
            pieces.push(((cx.rng.range(1, 6), cx.rng.range(0, 7)), 'p'));
        }
        let mut seen = Vec::new();
        if pieces.iter().any(|(s, _)| {
            let off = !(0..8).contains(&s.0) || !(0..8).contains(&s.1);
            let twice = seen.contains(s);
            seen.push(*s);
            off || twice
        }) {
            continue;
        }
        // legal: the kings apart, Black not in check before White's move
        if (wk.0 - bk.0).abs() <= 1 && (wk.1 - bk.1).abs() <= 1 {
            continue;
        }
        let Some((_rows, pos)) = white_to_move(&pieces, "w - - 0 1", false) else { continue };
        let moves = legal(&pos);
        let mut fits: Vec<(Move, Position)> = moves
            .iter()
            .filter(|m| !m.capture && m.promotion.is_none())
            .map(|&m| (m, play_unchecked(&pos, m)))
            .filter(|(_, after)| status(after) == Some(want))
            .collect();
        // a move the eye can follow: not the king's (its check would be discovered)
        fits.retain(|(m, _)| {
            pos.piece_at(m.from).is_some_and(|p| p.kind != crate::board::PieceKind::King)
        });
        let Some(&(m, after)) = cx.rng.pick(&fits) else { continue };
        return build(&pos, m, &after, want, set.len());
    }
    None
}

fn build(pos: &Position, m: Move, after: &Position, truth: Status, pieces: usize) -> Option<Draft> {
    let san = to_san(pos, m, Rules::STANDARD);
    let ru_san = ru_letters(&san);
    let replies = legal(after);
    let reply = replies.first().map(|r| (to_san(after, *r, Rules::STANDARD), r.to));
    let (reply_ru, reply_en) = match &reply {
        Some((s, _)) => (ru_letters(s), s.clone()),
        None => (String::new(), String::new()),
    };
    let choices = [text("Шах", "Check"), text("Мат", "Mate"), text("Пат", "Stalemate")];
    let explain: Vec<Text> = match truth {
        Status::Check => vec![
            text(
                format!("Верно! Это шах. Но у чёрных есть ход: {reply_ru}."),
                format!("Right! It is check. But Black has a move: {reply_en}."),
            ),
            text(
                format!("Не мат: у чёрных есть ход {reply_ru}."),
                format!("Not mate: Black can still play {reply_en}."),
            ),
            text(
                "Не пат: на короля нападают. Это шах.",
                "Not stalemate: the king is attacked. That is check.",
            ),
        ],
        Status::Mate => vec![
            text("Шах, и спасения нет. Это мат!", "Check, and no way out at all. That is mate!"),
            text(
                "Верно! На короля нападают, и хода нет. Мат!",
                "Right! The king is attacked and has no move. Mate!",
            ),
            text(
                "Не пат: на короля нападают. Это мат.",
                "Not stalemate: the king is attacked. That is mate.",
            ),
        ],
        Status::Stalemate => vec![
            text("Шаха нет: никто не нападает на короля.", "No check: nothing attacks the king."),
            text("Мата нет: мат бывает только после шаха.", "No mate: a mate needs a check."),
            text(
                "Верно! Шаха нет, но ходить нечем. Пат — ничья.",
                "Right! No check, but Black has no move. Stalemate is a draw.",
            ),
        ],
    };
    let answer = match truth {
        Status::Check => 0,
        Status::Mate => 1,
        Status::Stalemate => 2,
    };
    let others = pos.all_pieces().len() as i32;
    let rating = 650
        + 80 * answer
        + 40 * (pieces as i32 - 1)
        + 25 * others
        + 60 * i32::from(truth == Status::Check && replies.len() == 1);
    let lesson = lesson(json!({
        "title": text("Шах, мат или пат?", "Check, mate or stalemate?"),
        "intro": text(
            "Шах: на короля нападают. Мат: шах, и спасения нет. Пат: шаха нет, но ходить нечем.",
            "Check: the king is attacked. Mate: check with no way out. Stalemate: no check, but no move."
        ),
        "position": crate::notation::to_fen(pos),
        "goal": {
            "type": "question",
            "question": text(
                format!("Белые играют {ru_san}. Шах, мат или пат?"),
                format!("White plays {san}. Check, mate or stalemate?")
            ),
            "choices": choices,
            "answer": answer,
            "explain": explain,
        },
        "shapes": [{ "type": "arrow", "from": square_name((m.from.i() as i32, m.from.j() as i32)), "to": square_name((m.to.i() as i32, m.to.j() as i32)), "color": "blue" }],
        "learned": text(
            "Шах — нападение на короля. Мат — шах без спасения. Пат — ничья.",
            "Check attacks the king. Mate is check with no way out. Stalemate is a draw."
        ),
    }));
    Some(Draft { lesson: lesson?, rating })
}

/// A move in SAN with the Russian piece letters (`Kf3` → `Кf3`, `Kxe5` → `Крxe5`).
pub(crate) fn ru_letters(san: &str) -> String {
    let mut out = String::new();
    for c in san.chars() {
        match c {
            'K' => out.push_str("Кр"),
            'Q' => out.push('Ф'),
            'R' => out.push('Л'),
            'B' => out.push('С'),
            'N' => out.push('К'),
            c => out.push(c),
        }
    }
    out
}

/// White may keep one piece against the bare king: which one can still give mate? A queen,
/// rook or pawn (it becomes a queen) can; a lone knight or bishop cannot, so keeping it is a
/// draw. Three choices, one of each.
fn draws(cx: &mut Cx) -> Option<Draft> {
    let strong = *cx.rng.pick(&['Q', 'R', 'P', 'R', 'P'])?;
    for _ in 0..200 {
        let mut pieces: Vec<((i32, i32), char)> = Vec::new();
        for c in ['K', 'k', strong, 'N', 'B'] {
            let (lo, hi) = if c == 'P' { (1, 5) } else { (0, 7) };
            let s = (cx.rng.range(lo, hi), cx.rng.range(0, 7));
            if pieces.iter().any(|(q, _)| *q == s) {
                break;
            }
            pieces.push((s, c));
        }
        if pieces.len() < 5 {
            continue;
        }
        let (wk, bk) = (pieces[0].0, pieces[1].0);
        if (wk.0 - bk.0).abs() <= 1 && (wk.1 - bk.1).abs() <= 1 {
            continue;
        }
        let Some((rows, _pos)) = white_to_move(&pieces, "w - - 0 1", false) else { continue };
        // the rule agrees, piece by piece: kept alone, only the strong one can mate
        let mut kept = Vec::new();
        for &(s, c) in &pieces[2..] {
            let alone = board(&[(wk, 'K'), (bk, 'k'), (s, c)], Some("w - - 0 1"));
            let p = parse_position(&alone.join("\n")).ok()?;
            if cannot_mate(&p, Color::White) == (c == strong) {
                return None;
            }
            kept.push((s, c));
        }
        cx.rng.shuffle(&mut kept);
        return draws_lesson(&rows, &kept, strong);
    }
    None
}

fn draws_lesson(rows: &[String], kept: &[((i32, i32), char)], strong: char) -> Option<Draft> {
    let answer = kept.iter().position(|(_, c)| *c == strong)?;
    let choices: Vec<Text> = kept
        .iter()
        .map(|&(s, c)| {
            let (ru, en) = piece_words(c);
            let n = square_name(s);
            let mut cs = ru.chars();
            let ru: String = cs.next().into_iter().flat_map(char::to_uppercase).chain(cs).collect();
            let ru = format!("{ru} {n}");
            text(ru, format!("The {en} on {n}"))
        })
        .collect();
    let explain: Vec<Text> = kept
        .iter()
        .map(|&(_, c)| match c {
            'Q' => {
                text("Верно! Король с ферзём ставит мат.", "Right! A king and a queen can mate.")
            }
            'R' => text("Верно! Король с ладьёй ставит мат.", "Right! A king and a rook can mate."),
            'P' => text(
                "Верно! Пешка дойдёт до конца и станет ферзём. А ферзь ставит мат.",
                "Right! The pawn can become a queen. A queen can mate.",
            ),
            'B' => text(
                "Нет. Король со слоном мат не поставит. Будет ничья.",
                "No. A king and a bishop cannot mate. It is a draw.",
            ),
            _ => text(
                "Нет. Король с конём мат не поставит. Будет ничья.",
                "No. A king and a knight cannot mate. It is a draw.",
            ),
        })
        .collect();
    let rating =
        720 + match strong {
            'P' => 90,
            'R' => 30,
            _ => 0,
        } + 20 * answer as i32;
    let lesson = lesson(json!({
        "title": text("Чем поставить мат?", "What can still mate?"),
        "intro": text(
            "Одним конём или одним слоном мат не поставить. Это ничья.",
            "A lone knight or a lone bishop cannot give mate. That is a draw."
        ),
        "position": rows,
        "goal": {
            "type": "question",
            "question": text(
                "Белым можно оставить одну фигуру. С какой будет мат?",
                "White may keep one piece. Which one can still mate?"
            ),
            "choices": choices,
            "answer": answer,
            "explain": explain,
        },
        "learned": text(
            "Король с одним конём или слоном мат не поставит. Это ничья.",
            "A king with a lone knight or bishop cannot mate. That is a draw."
        ),
    }));
    Some(Draft { lesson: lesson?, rating })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::practice::tests::{arrow_of, choices_of, prove_skill};

    #[test]
    fn practice_gen_check_mate_stalemate() {
        let mut seen = [0usize; 3];
        let stats = prove_skill("check-mate-stalemate", |ex| {
            let (_, answer) = choices_of(ex, 3)?;
            let pos = parse_position(&ex.lesson.position.text()).map_err(|e| format!("{e:?}"))?;
            let arrow = arrow_of(ex)?;
            let m = legal(&pos)
                .into_iter()
                .find(|m| m.from.to_string() == arrow.0 && m.to.to_string() == arrow.1)
                .ok_or("the arrow is no legal move")?;
            let after = play_unchecked(&pos, m);
            let truth = match status(&after) {
                Some(Status::Check) => 0,
                Some(Status::Mate) => 1,
                Some(Status::Stalemate) => 2,
                None => return Err("neither check, mate nor stalemate".into()),
            };
            // the question names the arrow's move
            let crate::lesson::Goal::Question(q) = &ex.lesson.goal else { unreachable!() };
            if !q.question.en().contains(&to_san(&pos, m, Rules::STANDARD)) {
                return Err("the question names another move".into());
            }
            (truth == answer).then_some(()).ok_or(format!("answer {answer}, the rules say {truth}"))
        });
        for seed in 1..=60 {
            let ex = crate::practice::make("check-mate-stalemate", seed, None).unwrap();
            let crate::lesson::Goal::Question(q) = &ex.lesson.goal else { unreachable!() };
            seen[q.answer] += 1;
        }
        assert!(seen.iter().all(|&n| n >= 8), "{seen:?} {stats:?}");
    }

    #[test]
    fn practice_gen_draws() {
        prove_skill("draws", |ex| {
            let (_, answer) = choices_of(ex, 3)?;
            let pos = parse_position(&ex.lesson.position.text()).map_err(|e| format!("{e:?}"))?;
            let crate::lesson::Goal::Question(q) = &ex.lesson.goal else { unreachable!() };
            let (wk, bk) = (pos.king(Color::White).unwrap(), pos.king(Color::Black).unwrap());
            for (k, c) in q.choices.iter().enumerate() {
                // "The rook on a4": that piece kept alone with the kings
                let sq = crate::board::Square::parse(c.en().rsplit(' ').next().unwrap())
                    .ok_or("no square")?;
                let piece = pos.piece_at(sq).ok_or("no piece on the choice's square")?;
                let mut alone = Position::empty();
                alone.put(
                    wk,
                    crate::board::Piece {
                        color: Color::White,
                        kind: crate::board::PieceKind::King,
                    },
                );
                alone.put(
                    bk,
                    crate::board::Piece {
                        color: Color::Black,
                        kind: crate::board::PieceKind::King,
                    },
                );
                alone.put(sq, piece);
                if cannot_mate(&alone, Color::White) == (k == answer) {
                    return Err(format!("choice {k}: the rule disagrees"));
                }
            }
            Ok(())
        });
    }
}
