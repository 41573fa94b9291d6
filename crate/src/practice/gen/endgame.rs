//! King and pawn: the rule of the square, taking the opposition (near and distant), reaching a
//! key square. Every verdict is the exact king-and-pawn solver's ([`crate::endgame`]), under
//! auto-queen rules, as the course's own king-and-pawn lessons are proved.
//!
//! - The rule of the square is a question ("Can the black king catch the pawn?") whose answer is
//!   the solver's verdict and agrees with the square drawn on the board (the white king far
//!   away, so the square alone decides).
//! - The opposition, the distant opposition and the key square are `best_move` goals with exactly
//!   one move that keeps the best result (the solver's), and that move is the skill's: a king
//!   move after which the kings stand face to face with one square between (three or five for
//!   the distant opposition), or a king move onto a key square of the pawn.

use super::common::*;
use super::{Cx, Draft};
use crate::board::{Color, PieceKind, Position, Square};
use crate::endgame::{Endgame, Wdl};
use crate::lesson::goal::best_move::BestMove;
use crate::lesson::goal::question::Question;
use crate::lesson::{EndResult, Goal, RulesName, ShapeColor};
use crate::rules::{distance, legal_moves, play_unchecked, Move, MoveList};

/// One exercise of a skill of this family: `kind` `square`, `opposition`, `distant-opposition`
/// or `key-square`.
pub fn make(cx: &mut Cx) -> Option<Draft> {
    let eg = solver()?;
    let kind = cx.param_str("kind").unwrap_or("square").to_string();
    let base = cx.skill.bar - 150;
    let (seed, attempt) = (cx.seed, cx.attempt);
    let rng = &mut cx.rng;
    let pick: Pick = &mut |n| rng.below(n);
    let made = match kind.as_str() {
        "square" => draw(400, pick, |p| square(eg, p))?,
        "opposition" => opposition(eg, &from_pool(Kind::Near, seed, attempt)?, false)?,
        "distant-opposition" => opposition(eg, &from_pool(Kind::Far, seed, attempt)?, true)?,
        "key-square" => key_square(eg, &from_pool(Kind::Key, seed, attempt)?)?,
        _ => return None,
    };
    Some(Draft { rating: rate(base, &made.features), lesson: made.lesson })
}

/// The solver: the doctor's (natively the shipped tables; in the browser the one the practice
/// package gave it, with the data files loaded).
pub fn solver() -> Option<&'static Endgame> {
    crate::lesson::doctor::solver()
}

/// Each legal move with its result for the mover, by the solver.
fn results(eg: &Endgame, pos: &Position) -> Option<Vec<(Move, Wdl)>> {
    let mut list = MoveList::new();
    legal_moves(pos, crate::endgame::RULES, &mut list);
    list.iter()
        .map(|&m| eg.probe(&play_unchecked(pos, m)).ok().map(|v| (m, v.result.flip())))
        .collect()
}

fn san_kp(pos: &Position, m: Move) -> String {
    crate::notation::to_san(pos, m, crate::endgame::RULES)
}

/// The result word of the child's side.
fn end(w: Wdl) -> EndResult {
    EndResult::from(w)
}

/// A king-and-pawn position: the pawn's side's king and pawn, the other king; the pawn's side
/// is `pawn_side`, White to move. `None` when it could not have arisen.
fn kp(wk: Square, bk: Square, pawn: Square, pawn_side: Color) -> Option<Position> {
    let mut pos = Position::empty();
    if wk == bk || wk == pawn || bk == pawn {
        return None;
    }
    put(&mut pos, wk, Color::White, PieceKind::King);
    put(&mut pos, bk, Color::Black, PieceKind::King);
    put(&mut pos, pawn, pawn_side, PieceKind::Pawn);
    arisen(&pos).then_some(pos)
}

/// The square `s` seen from the other side (rank 1 ↔ rank 8), when `mirror`.
fn mir(s: Square, mirror: bool) -> Square {
    if mirror {
        at(7 - s.i() as i32, s.j() as i32)
    } else {
        s
    }
}

/// The rule of the square. Built with a white pawn and White to move, then, for half the seeds,
/// seen from the other side (a black pawn, Black to move, the child plays Black).
pub fn square(eg: &Endgame, pick: Pick) -> Option<Made> {
    let i = 2 + pick(4) as i32;
    let j = pick(8) as i32;
    let pawn = at(i, j);
    let size = 7 - i;
    // the black king near the square's edge: on the side with room
    let left = j - size >= 0;
    let right = j + size <= 7;
    let toward = match (left, right) {
        (true, true) => {
            if pick(2) == 0 {
                -1
            } else {
                1
            }
        }
        (true, false) => -1,
        (false, true) => 1,
        _ => {
            if j < 4 {
                1
            } else {
                -1
            }
        }
    };
    let edge = j + toward * size;
    let bj = (edge + toward * (pick(4) as i32 - 2)).clamp(0, 7);
    let bi = (i - 1 + pick((9 - i) as u32) as i32).clamp(0, 7);
    let bk = at(bi, bj);
    // the white king away from the pawn and its way (the solver's verdict must still be the
    // square's, so it never helps or blocks)
    let wk = at(pick(8) as i32, pick(8) as i32);
    if distance(wk, pawn) < 3 || (i..8).any(|r| distance(wk, at(r, j)) < 2) || distance(wk, bk) < 2
    {
        return None;
    }
    let pos = kp(wk, bk, pawn, Color::White)?;
    let v = eg.probe(&pos).ok()?;
    let queen = at(7, j);
    let steps = 7 - i;
    // the square: the king within `steps` king steps of the queening square catches the pawn
    let inside = distance(bk, queen) as i32 <= steps
        && (bk.j() as i32 - j).abs() <= size
        && bk.i() as i32 >= i;
    let catches = v.result == Wdl::Draw;
    if catches != inside || v.result == Wdl::Loss {
        return None;
    }
    let mirror = pick(2) == 1;
    let pos = if mirror { mirrored(&pos) } else { pos };
    if mirror && eg.probe(&pos).ok()?.result != v.result {
        return None;
    }
    let (c1, c2) = (mir(at(i, edge.clamp(0, 7)), mirror), mir(at(7, edge.clamp(0, 7)), mirror));
    let (pawn, queen, bk) = (mir(pawn, mirror), mir(queen, mirror), mir(bk, mirror));
    let corners = format!("{pawn}–{c1}–{c2}–{queen}");
    let (king_ru, king_en, move_ru, move_en) = if mirror {
        ("белый", "white", "Ход чёрных.", "Black to move.")
    } else {
        ("чёрный", "black", "Ход белых.", "White to move.")
    };
    let answer = if catches { 0 } else { 1 };
    let explain = if catches {
        vec![
            text(
                format!("Верно! Король {bk} внутри квадрата {corners}: он догонит пешку."),
                format!(
                    "Right! The king on {bk} is inside the square {corners}: it catches the pawn."
                ),
            ),
            text(
                format!("Догонит: король {bk} внутри квадрата {corners}."),
                format!("It does: the king on {bk} is inside the square {corners}."),
            ),
        ]
    } else {
        vec![
            text(format!("Не догонит: король {bk} снаружи квадрата {corners}, а ходит пешка."), format!("It can't: the king on {bk} is outside the square {corners}, and the pawn moves first.")),
            text(format!("Верно! Король {bk} снаружи квадрата {corners}. Пешка успеет."), format!("Right! The king on {bk} is outside the square {corners}. The pawn gets there first.")),
        ]
    };
    let mut l = lesson(
        &pos,
        text("Правило квадрата", "The rule of the square"),
        text(
            format!("Представь квадрат пешки: от пешки до последнего ряда и столько же клеток в сторону. Король внутри квадрата догонит пешку. {move_ru}"),
            format!("Imagine the square of the pawn: from the pawn to the last row, and as many squares to the side. A king inside it catches the pawn. {move_en}"),
        ),
        Goal::Question(Question {
            question: text(format!("Догонит ли {king_ru} король пешку?"), format!("Can the {king_en} king catch the pawn?")),
            choices: vec![text("Да, догонит", "Yes, it catches it"), text("Нет, пешка станет ферзём", "No, the pawn becomes a queen")],
            answer,
            results: Some(vec![EndResult::Draw, EndResult::Win]),
            explain: Some(explain),
        }),
    );
    l.rules = RulesName::AutoQueen;
    l.shapes = vec![
        arrow(pawn, queen, ShapeColor::Green),
        highlight(pawn, ShapeColor::Yellow),
        highlight(c1, ShapeColor::Yellow),
        highlight(c2, ShapeColor::Yellow),
        highlight(queen, ShapeColor::Yellow),
    ];
    l.learned = Some(text(
        "Король снаружи квадрата пешки её не догонит.",
        "A king outside the square of the pawn can't catch it.",
    ));
    // harder when the king stands on the square's edge, one step in or out
    let margin = (distance(bk, queen) as i32 - steps).unsigned_abs();
    let f = Features {
        pieces: 3,
        legal: 2,
        right: 1,
        depth: 1,
        quiet: true,
        decoys: if margin == 0 {
            3
        } else if margin == 1 {
            2
        } else {
            0
        },
    };
    Some(Made { lesson: l, features: f })
}

/// Every move with its result.
type MoveResults = Vec<(Move, Wdl)>;

/// The moves that keep the best result (one or two), with every move's result; `None` unless
/// the best result is `best_wanted` and some move throws it away.
fn right_moves(eg: &Endgame, pos: &Position, best_wanted: Wdl) -> Option<(Vec<Move>, MoveResults)> {
    let r = results(eg, pos)?;
    let best = r.iter().map(|(_, w)| *w).max()?;
    if best != best_wanted {
        return None;
    }
    let keep: Vec<Move> = r.iter().filter(|(_, w)| *w == best).map(|(m, _)| *m).collect();
    if keep.is_empty() || keep.len() > 2 || keep.len() == r.len() {
        return None;
    }
    Some((keep, r))
}

/// Words for wrong moves that throw the result away: a pawn move and a king move, at most two.
fn throw_words(
    pos: &Position,
    r: &[(Move, Wdl)],
    best: Wdl,
    right: &[Move],
) -> Vec<crate::lesson::Feedback> {
    let mut out = Vec::new();
    let mut pawn_said = false;
    let mut king_said = false;
    for &(m, w) in r {
        if right.contains(&m) || w >= best {
            continue;
        }
        let pawn = pos.piece_at(m.from).is_some_and(|p| p.kind == PieceKind::Pawn);
        let words = match (pawn, best) {
            (true, Wdl::Win) if !pawn_said => text(
                "Пешка пошла вперёд без короля — так будет ничья.",
                "The pawn went ahead without its king: that's a draw.",
            ),
            (false, Wdl::Win) if !king_said => text(
                "Так король не пропустит твою пешку: ничья.",
                "This way the other king stops your pawn: a draw.",
            ),
            (false, Wdl::Draw) if !king_said => text(
                "Так чужой король пройдёт вперёд, и пешка станет ферзём.",
                "This way the other king gets through, and the pawn becomes a queen.",
            ),
            _ => continue,
        };
        if pawn {
            pawn_said = true;
        } else {
            king_said = true;
        }
        out.push(feedback(&san_kp(pos, m), words, Some(end(w))));
    }
    out
}

/// Taking the opposition (near: one square between the kings; `distant`: three or five) in
/// `pos`: the child wins with its pawn or holds the draw against the other's.
pub fn opposition(eg: &Endgame, pos: &Position, distant: bool) -> Option<Made> {
    let pos = *pos;
    let attack = pos.pieces(pos.side, PieceKind::Pawn) != 0;
    let best = if attack { Wdl::Win } else { Wdl::Draw };
    let (right, r) = right_moves(eg, &pos, best)?;
    // every right move is a king move that takes the opposition
    let takes = |m: Move| {
        let after = play_unchecked(&pos, m);
        let (Some(a), Some(b)) = (after.king(pos.side), after.king(pos.side.opposite())) else {
            return false;
        };
        let (di, dj) = ((a.i() as i32 - b.i() as i32).abs(), (a.j() as i32 - b.j() as i32).abs());
        let gap = if di == 0 {
            dj
        } else if dj == 0 {
            di
        } else {
            0
        };
        pos.piece_at(m.from).is_some_and(|p| p.kind == PieceKind::King)
            && if distant { gap == 4 || gap == 6 } else { gap == 2 }
    };
    if !right.iter().all(|&m| takes(m)) {
        return None;
    }
    let m = right[0];
    let b = pos.king(pos.side.opposite())?;
    let s = san_kp(&pos, m);
    let answers: Vec<String> = right.iter().map(|&x| san_kp(&pos, x)).collect();
    let (win_ru, win_en) = if attack {
        ("выигрывает", "wins")
    } else {
        ("спасает", "saves the game")
    };
    let (title, intro, learned) = if distant {
        (
            text("Дальняя оппозиция", "The distant opposition"),
            text(
                format!("Займи дальнюю оппозицию: встань напротив чужого короля через нечётное число клеток. Найди ход, который {win_ru}!"),
                format!("Take the distant opposition: stand opposite the other king with an odd number of squares between. Find the move that {win_en}!"),
            ),
            text("Дальняя оппозиция: короли напротив через три или пять клеток, и ходить — чужому королю.", "The distant opposition: the kings face each other three or five squares apart, and the other king must move."),
        )
    } else {
        (
            text("Оппозиция", "The opposition"),
            text(
                format!("Займи оппозицию: встань напротив чужого короля через одну клетку. Найди ход, который {win_ru}!"),
                format!("Take the opposition: stand face to face with the other king, one square between. Find the move that {win_en}!"),
            ),
            text("Занять оппозицию — встать напротив короля через одну клетку, чтобы уступать пришлось ему.", "Taking the opposition means standing face to face, one square apart, so the other king has to give way."),
        )
    };
    let mut l = lesson(&pos, title, intro, Goal::BestMove(BestMove { answers, accept: None }));
    l.rules = RulesName::AutoQueen;
    l.hints = Some(hints(
        m.from,
        &s,
        text("Ходит король.", "The king moves."),
        text(
            format!("Встань напротив чужого короля: {} против {}.", m.to, b),
            format!("Stand opposite the other king: {} against {}.", m.to, b),
        ),
    ));
    l.feedback = throw_words(&pos, &r, best, &right);
    l.learned = Some(learned);
    let decoys = r
        .iter()
        .filter(|(x, w)| {
            !right.contains(x)
                && *w < best
                && pos.piece_at(x.from).is_some_and(|p| p.kind == PieceKind::King)
        })
        .count() as u32;
    let mut f = features(&pos, &right, decoys);
    f.quiet = true;
    Some(Made { lesson: l, features: f })
}

/// The key squares of a pawn of `color` (not on a rook's file): on its second to fourth rank the
/// three squares two rows in front of it, on its fifth or sixth the six squares one and two rows
/// in front.
fn key_squares(pawn: Square, color: Color) -> u64 {
    let mut bb = 0;
    // on the fifth or sixth rank (of its side) also the row right in front: six squares
    let rank = if color == Color::White { pawn.i() } else { 7 - pawn.i() };
    let rows: &[i32] = if rank >= 4 { &[1, 2] } else { &[2] };
    for &di in rows {
        for dj in -1..=1 {
            if let Some(s) = pawn.offset(di * color.forward(), dj) {
                bb |= s.bit();
            }
        }
    }
    bb
}

/// Reaching a key square in `pos`: the winning moves put the king on a key square of its pawn.
pub fn key_square(eg: &Endgame, pos: &Position) -> Option<Made> {
    let pos = *pos;
    let pawn = crate::board::squares(pos.pieces(pos.side, PieceKind::Pawn)).next()?;
    let wk = pos.king(pos.side)?;
    let keys = key_squares(pawn, pos.side);
    let (right, r) = right_moves(eg, &pos, Wdl::Win)?;
    if !right.iter().all(|m| m.from == wk && keys & m.to.bit() != 0) {
        return None;
    }
    let m = right[0];
    let s = san_kp(&pos, m);
    let answers: Vec<String> = right.iter().map(|&x| san_kp(&pos, x)).collect();
    let names: Vec<String> = crate::board::squares(keys).map(|k| k.to_string()).collect();
    let mut l = lesson(
        &pos,
        text("Ключевое поле", "Key squares"),
        text(
            format!("Если твой король встанет на ключевое поле пешки, пешка станет ферзём! У пешки {pawn} это {} (подсвечены). Найди такой ход!", names.join(", ")),
            format!("If your king reaches a key square of its pawn, the pawn becomes a queen! For the {pawn} pawn they are {} (highlighted). Which move puts your king there?", names.join(", ")),
        ),
        Goal::BestMove(BestMove { answers, accept: None }),
    );
    l.rules = RulesName::AutoQueen;
    l.hints = Some(hints(
        m.from,
        &s,
        text("Ходит король, а не пешка.", "The king moves, not the pawn."),
        text(
            format!("Ключевое поле {} свободно для короля.", m.to),
            format!("The key square {} is free for your king.", m.to),
        ),
    ));
    l.feedback = throw_words(&pos, &r, Wdl::Win, &right);
    l.shapes = crate::board::squares(keys).map(|k| highlight(k, ShapeColor::Yellow)).collect();
    l.learned = Some(text(
        "Король на ключевом поле своей пешки проводит её в ферзи.",
        "A king on a key square of its pawn leads the pawn all the way to a queen.",
    ));
    let decoys =
        r.iter().filter(|(x, w)| !right.contains(x) && *w < Wdl::Win && x.from == wk).count()
            as u32;
    let mut f = features(&pos, &right, decoys);
    f.quiet = true;
    Some(Made { lesson: l, features: f })
}

#[cfg(test)]
mod tests {
    use super::super::common::testing::{answers, position};
    use super::*;
    use crate::practice::tests::prove_skill;
    use crate::practice::Exercise;

    /// The answers are exactly the moves that keep the solver's best result, which is `best`.
    fn solver_answers(ex: &Exercise, best: &[Wdl]) -> Result<(Position, Vec<Move>), String> {
        let pos = position(ex);
        if !arisen(&pos) || ex.lesson.rules != RulesName::AutoQueen {
            return Err("could not have arisen, or not auto-queen".into());
        }
        let eg = solver().ok_or("no solver")?;
        let r = results(eg, &pos).ok_or("outside the solver")?;
        let top = r.iter().map(|(_, w)| *w).max().ok_or("no moves")?;
        if !best.contains(&top) {
            return Err(format!("the best result is {}", top.word()));
        }
        let mut keep: Vec<Move> = r.iter().filter(|(_, w)| *w == top).map(|(m, _)| *m).collect();
        let mut given = answers(ex)?;
        keep.sort_by_key(|m| m.uci());
        given.sort_by_key(|m| m.uci());
        if keep != given {
            return Err("the answers are not the solver's".into());
        }
        Ok((pos, given))
    }

    fn opposition_property(distant: bool) -> impl Fn(&Exercise) -> Result<(), String> {
        move |ex| {
            let (pos, moves) = solver_answers(ex, &[Wdl::Win, Wdl::Draw])?;
            for m in moves {
                let after = play_unchecked(&pos, m);
                let (a, b) = (
                    after.king(pos.side).ok_or("a king")?,
                    after.king(pos.side.opposite()).ok_or("a king")?,
                );
                let (di, dj) = (a.i().abs_diff(b.i()), a.j().abs_diff(b.j()));
                let gap = if di == 0 {
                    dj
                } else if dj == 0 {
                    di
                } else {
                    0
                };
                let ok = if distant { gap == 4 || gap == 6 } else { gap == 2 };
                if pos.piece_at(m.from).map(|p| p.kind) != Some(PieceKind::King) || !ok {
                    return Err(format!("{} takes no opposition", m.uci()));
                }
            }
            Ok(())
        }
    }

    #[test]
    fn practice_gen_kp_opposition() {
        prove_skill("kp-opposition", opposition_property(false));
    }

    #[test]
    fn practice_gen_kp_opposition_distant() {
        prove_skill("kp-opposition-distant", opposition_property(true));
    }

    #[test]
    fn practice_gen_kp_key_square() {
        prove_skill("kp-key-square", |ex| {
            let (pos, moves) = solver_answers(ex, &[Wdl::Win])?;
            let pawn = pos.pieces(pos.side, PieceKind::Pawn);
            let pawn = Square::from_index(pawn.trailing_zeros() as u8);
            for m in moves {
                if key_squares(pawn, pos.side) & m.to.bit() == 0
                    || pos.king(pos.side) != Some(m.from)
                {
                    return Err(format!("{} goes to no key square", m.uci()));
                }
            }
            Ok(())
        });
    }

    #[test]
    fn practice_gen_kp_square() {
        prove_skill("kp-square", |ex| {
            let pos = position(ex);
            let Goal::Question(q) = &ex.lesson.goal else { return Err("not a question".into()) };
            let v = solver().ok_or("no solver")?.probe(&pos).map_err(|e| e.to_string())?;
            let said = q.results.as_ref().and_then(|r| r.get(q.answer)).ok_or("no result")?;
            if *said != EndResult::from(v.result) {
                return Err("the answer is not the solver's".into());
            }
            // the square decides: the other king within the pawn's steps of its queening square
            let pawn = pos.pieces(pos.side, PieceKind::Pawn);
            let pawn = Square::from_index(pawn.trailing_zeros() as u8);
            let queen = at(pos.side.last_row() as i32, pawn.j() as i32);
            let steps = pawn.i().abs_diff(queen.i());
            let k = pos.king(pos.side.opposite()).ok_or("a king")?;
            let inside = distance(k, queen) <= steps as u32
                && k.j().abs_diff(pawn.j()) <= steps
                && (k.i() as i32 - pawn.i() as i32) * pos.side.forward() >= 0;
            if inside != (v.result == Wdl::Draw) {
                return Err("the square and the solver disagree".into());
            }
            Ok(())
        });
    }
}

/// The king-and-pawn skills that pick from a list of every position they teach.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Near,
    Far,
    Key,
}

/// Every position of a skill (the child to move with its pawn, or against the other's, from
/// either side of the board), in a fixed order, built once with the solver: for the
/// opposition the moves that keep the best result all take it (one or two of them), for the key
/// square they all step onto one.
fn pool(eg: &Endgame, kind: Kind) -> &'static [Position] {
    static POOLS: [std::sync::OnceLock<Vec<Position>>; 3] =
        [std::sync::OnceLock::new(), std::sync::OnceLock::new(), std::sync::OnceLock::new()];
    POOLS[kind as usize].get_or_init(|| {
        let mut out = Vec::new();
        for attack in [true, false] {
            if kind == Kind::Key && !attack {
                continue;
            }
            for p in 8..56u8 {
                let pawn = Square::from_index(p);
                for a in 0..64u8 {
                    let own = Square::from_index(a);
                    if distance(own, pawn) > if kind == Kind::Far { 5 } else { 4 } {
                        continue;
                    }
                    for b in 0..64u8 {
                        let other = Square::from_index(b);
                        if distance(own, other) < 2 {
                            continue;
                        }
                        let (wk, bk, side) = if attack {
                            (own, other, Color::White)
                        } else {
                            (other, own, Color::Black)
                        };
                        let Some(pos) = kp(wk, bk, pawn, side) else { continue };
                        let ok = match kind {
                            Kind::Near => opposition_moves(eg, &pos, false).is_some(),
                            Kind::Far => opposition_moves(eg, &pos, true).is_some(),
                            Kind::Key => key_moves(eg, &pos).is_some(),
                        };
                        if ok {
                            out.push(pos);
                        }
                    }
                }
            }
        }
        // the same positions seen from the other side: the child plays Black
        let mirrored: Vec<Position> = out.iter().map(mirrored).collect();
        out.extend(mirrored);
        out
    })
}

/// The position of `seed`: consecutive seeds walk the list with a step prime to its length, so
/// no two of them within its length repeat a position; a later attempt takes the next one.
fn from_pool(kind: Kind, seed: u64, attempt: u32) -> Option<Position> {
    let list = pool(solver()?, kind);
    let n = list.len() as u64;
    if n == 0 {
        return None;
    }
    let step = [7919u64, 7927, 7933, 7937].into_iter().find(|s| gcd(*s, n) == 1).unwrap_or(1);
    let k = (seed % n).wrapping_mul(step % n).wrapping_add(attempt as u64) % n;
    list.get(k as usize).copied()
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The right moves of an opposition position, when they all take the opposition.
fn opposition_moves(eg: &Endgame, pos: &Position, distant: bool) -> Option<Vec<Move>> {
    let attack = pos.pieces(pos.side, PieceKind::Pawn) != 0;
    let (right, _) = right_moves(eg, pos, if attack { Wdl::Win } else { Wdl::Draw })?;
    right.iter().all(|&m| takes_opposition(pos, m, distant)).then_some(right)
}

/// Whether `m` is a king move after which the kings stand face to face with one square between
/// (`distant`: three or five).
fn takes_opposition(pos: &Position, m: Move, distant: bool) -> bool {
    let after = play_unchecked(pos, m);
    let (Some(a), Some(b)) = (after.king(pos.side), after.king(pos.side.opposite())) else {
        return false;
    };
    let (di, dj) = ((a.i() as i32 - b.i() as i32).abs(), (a.j() as i32 - b.j() as i32).abs());
    let gap = if di == 0 {
        dj
    } else if dj == 0 {
        di
    } else {
        0
    };
    pos.piece_at(m.from).is_some_and(|p| p.kind == PieceKind::King)
        && if distant { gap == 4 || gap == 6 } else { gap == 2 }
}

/// The winning moves of a key-square position, when they all put the king on a key square.
fn key_moves(eg: &Endgame, pos: &Position) -> Option<Vec<Move>> {
    let pawn = crate::board::squares(pos.pieces(pos.side, PieceKind::Pawn)).next()?;
    let king = pos.king(pos.side)?;
    let keys = key_squares(pawn, pos.side);
    // the king starts off the key squares and not on a rook's file pawn
    if keys & king.bit() != 0 || pawn.j() == 0 || pawn.j() == 7 {
        return None;
    }
    let (right, _) = right_moves(eg, pos, Wdl::Win)?;
    right.iter().all(|m| m.from == king && keys & m.to.bit() != 0).then_some(right)
}
