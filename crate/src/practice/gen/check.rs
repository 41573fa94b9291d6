//! Check: give check, and get out of check in each of the three ways (move the king, capture
//! the piece that gives check, block the check).
//!
//! "Give check" is a `check` goal in one move: the rules accept every check, nothing to list.
//! The ways out are `best_move` goals whose answers are every move of the doctor's best group
//! ([`Verdict`]), and the exercise is kept only when every answer is its way (king moves for
//! "move the king", captures of the checking piece for "capture", moves between the king and the
//! checking piece for "block") and some legal move is wrong.

use super::common::*;
use super::{Cx, Draft};
use crate::board::{Color, PieceKind, Position, Square};
use crate::lesson::doctor::{MoveGroup, SortedMove, ANSWER_MARGIN};
use crate::lesson::goal::best_move::BestMove;
use crate::lesson::goal::check::Check;
use crate::lesson::{Goal, ShapeColor};
use crate::movement::tables;
use crate::rules::{attackers, in_check, play_unchecked, Move};

/// One exercise of a skill of this family: `kind` `give`, or `escape` with `way` `run`,
/// `block` or `capture`.
pub fn make(cx: &mut Cx) -> Option<Draft> {
    let kind = cx.param_str("kind").unwrap_or("give").to_string();
    let way = cx.param_str("way").unwrap_or("run").to_string();
    let base = cx.skill.bar - 150;
    let rng = &mut cx.rng;
    let pick: Pick = &mut |n| rng.below(n);
    let made = match kind.as_str() {
        "give" => draw(400, pick, give)?,
        "escape" => {
            let way = match way.as_str() {
                "block" => Way::Block,
                "capture" => Way::Capture,
                _ => Way::Run,
            };
            draw(400, pick, |p| escape(way, p))?
        }
        _ => return None,
    };
    Some(Draft { rating: rate(base, &made.features), lesson: made.lesson })
}

/// Moves that give check.
fn checks(pos: &Position) -> Vec<Move> {
    legal(pos).into_iter().filter(|&m| in_check(&play_unchecked(pos, m))).collect()
}

/// Give check: a few white pieces, one to three moves that check.
pub fn give(pick: Pick) -> Option<Made> {
    let mut pos = Position::empty();
    let wk = empty_square(&pos, !0, pick)?;
    put(&mut pos, wk, Color::White, PieceKind::King);
    let bk = empty_square(&pos, !(ring(wk, 1) | ring(wk, 2)), pick)?;
    put(&mut pos, bk, Color::Black, PieceKind::King);
    let n = 1 + pick(2);
    scatter(
        &mut pos,
        Color::White,
        n,
        &[
            PieceKind::Queen,
            PieceKind::Rook,
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Knight,
            PieceKind::Knight,
            PieceKind::Pawn,
        ],
        !0,
        pick,
    )?;
    let n = pick(3);
    scatter(
        &mut pos,
        Color::Black,
        n,
        &[PieceKind::Pawn, PieceKind::Pawn, PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook],
        !0,
        pick,
    )?;
    if !arisen(&pos) || in_check(&pos) {
        return None;
    }
    let found = checks(&pos);
    if found.is_empty() || found.len() > 3 {
        return None;
    }
    let m = found[0];
    let kind = pos.piece_at(m.from)?.kind;
    let mut l = lesson(
        &pos,
        text("Дай шах!", "Give check!"),
        text(
            "Дать шах — значит напасть на чужого короля. Найди ход, который даёт шах!",
            "To give check means to attack the enemy king. Find a move that gives check!",
        ),
        Goal::Check(Check { moves: 1 }),
    );
    l.hints = Some(hints(
        m.from,
        &san(&pos, m),
        text(
            format!("Шах даст {}.", ru_piece(kind, Case::Nom)),
            format!("The {} can give check.", en_piece(kind)),
        ),
        text(
            format!(
                "{} идёт на {} и нападает на короля.",
                super::mate::capital(ru_piece(kind, Case::Nom)),
                m.to
            ),
            format!("The {} goes to {} and attacks the king.", en_piece(kind), m.to),
        ),
    ));
    l.learned = Some(text("Шах — это нападение на короля.", "Check is an attack on the king."));
    let pieces = (pos.color_bb(Color::White) & !pos.kind_bb(PieceKind::King)).count_ones();
    let checkers: u32 =
        found.iter().map(|m| m.from).collect::<std::collections::BTreeSet<Square>>().len() as u32;
    let f = Features { decoys: pieces.saturating_sub(checkers), ..features(&pos, &found, 0) };
    Some(Made { lesson: l, features: Features { quiet: false, ..f } })
}

/// A way out of check.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Way {
    Run,
    Block,
    Capture,
}

/// Whether move `s` would sort beside the best move of the way (`group`, `score`) or before
/// it, so that the verdict would list it among the right answers or above them: a better group,
/// or a balance within the answers' margin of the way's balance. The sort gives up there: a move
/// that is not of the way cannot be an answer.
fn beside_or_better(s: &SortedMove, (group, score): (MoveGroup, i32)) -> bool {
    s.group.rank() < group.rank()
        || (matches!(group, MoveGroup::Balance)
            && matches!(s.group, MoveGroup::Balance)
            && s.score >= score - ANSWER_MARGIN)
}

/// Whether `m` is a move of `way` against the check from `checker` to the king on `king`.
fn is_way(pos: &Position, m: Move, way: Way, king: Square, checker: Square) -> bool {
    match way {
        Way::Run => m.from == king && m.to != checker,
        Way::Capture => m.to == checker,
        Way::Block => {
            m.from != king
                && m.to != checker
                && tables().between[king.index()][checker.index()] & m.to.bit() != 0
                && pos.piece_at(m.from).is_some()
        }
    }
}

/// Get out of check by `way`.
pub fn escape(way: Way, pick: Pick) -> Option<Made> {
    let mut pos = Position::empty();
    // a block needs a king with no square to go to: most often one behind its own pawns
    let sheltered = way == Way::Block && pick(3) > 0;
    let wk = empty_square(&pos, if sheltered { 0xff } else { !0 }, pick)?;
    put(&mut pos, wk, Color::White, PieceKind::King);
    if sheltered {
        for dj in -1..=1 {
            if let Some(s) = wk.offset(1, dj) {
                if pick(6) > 0 {
                    put(&mut pos, s, Color::White, PieceKind::Pawn);
                }
            }
        }
    }
    let kinds: &[PieceKind] = match way {
        Way::Run => &[PieceKind::Knight, PieceKind::Rook, PieceKind::Queen, PieceKind::Bishop],
        Way::Block => &[PieceKind::Rook, PieceKind::Queen, PieceKind::Bishop],
        Way::Capture => &[PieceKind::Knight, PieceKind::Rook, PieceKind::Queen, PieceKind::Bishop],
    };
    let kind = kinds[pick(kinds.len() as u32) as usize];
    let from = tables().attacks(kind, Color::Black, wk, pos.occupied()) & !ring(wk, 1);
    let from = if way == Way::Run && kind != PieceKind::Knight {
        tables().attacks(kind, Color::Black, wk, pos.occupied())
    } else {
        from
    };
    let checker = empty_square(&pos, from, pick)?;
    put(&mut pos, checker, Color::Black, kind);
    let bk = empty_square(&pos, !(ring(wk, 1) | ring(wk, 2)), pick)?;
    put(&mut pos, bk, Color::Black, PieceKind::King);
    let n = if sheltered { 1 + pick(2) } else { 1 + pick(3) };
    let helpers: &[PieceKind] = if sheltered {
        &[PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen]
    } else {
        &[
            PieceKind::Pawn,
            PieceKind::Pawn,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
        ]
    };
    scatter(&mut pos, Color::White, n, helpers, !0, pick)?;
    let n = pick(3);
    scatter(
        &mut pos,
        Color::Black,
        n,
        &[PieceKind::Pawn, PieceKind::Pawn, PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook],
        !0,
        pick,
    )?;
    if !arisen(&pos)
        || !in_check(&pos)
        || attackers(&pos, wk, Color::Black, pos.occupied()).count_ones() != 1
    {
        return None;
    }
    let moves = legal(&pos);
    let king_moves = moves.iter().filter(|m| m.from == wk && m.to != checker).count();
    let captures = moves.iter().filter(|m| m.to == checker).count();
    let blocks = moves.iter().filter(|&&m| is_way(&pos, m, Way::Block, wk, checker)).count();
    // the cheap tests: the way is there, and for a block the only one
    match way {
        Way::Run if king_moves == 0 => return None,
        Way::Capture if captures == 0 || defended(&pos, checker) => return None,
        Way::Block if blocks == 0 || king_moves > 0 || captures > 0 => return None,
        _ => {}
    }
    if hanging(&pos, Color::Black) & !checker.bit() != 0 {
        return None;
    }
    // cheap guesses at the doctor's verdict: for "move the king" every other way loses material,
    // for "block" one block loses the piece and another does not
    let loses = |m: &Move| hanging(&play_unchecked(&pos, *m), Color::White) != 0;
    match way {
        Way::Run
            if moves.iter().any(|&m| !is_way(&pos, m, Way::Run, wk, checker) && !loses(&m))
                || moves.iter().all(loses) =>
        {
            return None
        }
        Way::Block => {
            let lost = moves.iter().filter(|m| loses(m)).count();
            if lost == 0 || lost == moves.len() {
                return None;
            }
        }
        _ => {}
    }
    // given up at the first move that mates, or wins something in another way: the verdict
    // below would refuse the position
    let ways: Vec<Move> =
        moves.iter().copied().filter(|&m| is_way(&pos, m, way, wk, checker)).collect();
    // and, once every move of the way is sorted (they come first), at a way's best move that
    // mates or gives something away, or at another move that would be right beside it or better
    let mut best_way: Option<(MoveGroup, i32)> = None;
    let mut ways_seen = 0;
    let v = Verdict::unless(&pos, &ways, |s| {
        if matches!(s.group, MoveGroup::Mates(_))
            || (Verdict::wins(s) && !is_way(&pos, s.mv, way, wk, checker))
        {
            return true;
        }
        if is_way(&pos, s.mv, way, wk, checker) {
            if best_way.is_none_or(|(g, score)| (s.group.rank(), -s.score) < (g.rank(), -score)) {
                best_way = Some((s.group, s.score));
            }
            ways_seen += 1;
            return ways_seen == ways.len()
                && best_way.is_some_and(|(g, _)| matches!(g, MoveGroup::GivesAway));
        }
        ways_seen == ways.len() && best_way.is_some_and(|bw| beside_or_better(s, bw))
    })?;
    if v.others().is_empty()
        || v.other_wins()
        || !v.answers().iter().all(|s| is_way(&pos, s.mv, way, wk, checker))
    {
        return None;
    }
    if matches!(v.best(), MoveGroup::GivesAway | MoveGroup::Mates(_)) {
        return None;
    }
    let answers: Vec<Move> = v.answers().iter().map(|s| s.mv).collect();
    let weakest = v.answers().iter().map(|s| s.score).min()?;
    let (title, intro, learned) = match way {
        Way::Run => (
            text("Уйди от шаха", "Step out of check"),
            text("Шах твоему королю! Уведи короля на клетку, где его не атакуют.", "Your king is in check! Move the king to a square where it is not attacked."),
            text("От шаха можно уйти королём на клетку, где его не атакуют.", "You can get out of check by moving the king to a safe square."),
        ),
        Way::Block => (
            text("Закройся от шаха", "Block the check"),
            text(
                format!("Шах! Королю некуда уйти, а {} на {} не взять. Закройся от шаха!", ru_piece(kind, Case::Acc), checker),
                format!("Check! The king has nowhere to go, and the {} on {} can't be captured. Block the check!", en_piece(kind), checker),
            ),
            text("От шаха можно закрыться: поставь фигуру между королём и той, что даёт шах.", "You can block a check: put a piece between the king and the piece giving check."),
        ),
        Way::Capture => (
            text("Возьми того, кто даёт шах", "Capture the checking piece"),
            text(
                format!("Шах! {} на {} никто не защищает. Возьми {}!", super::mate::capital(ru_piece(kind, Case::Acc)), checker, if matches!(kind, PieceKind::Rook) { "её" } else { "его" }),
                format!("Check! Nobody protects the {} on {}. Capture it!", en_piece(kind), checker),
            ),
            text("От шаха можно спастись, взяв фигуру, которая его даёт.", "You can get out of check by capturing the piece that gives it."),
        ),
    };
    let mut l = lesson(
        &pos,
        title,
        intro,
        Goal::BestMove(BestMove {
            answers: answers.iter().map(|&m| san(&pos, m)).collect(),
            accept: None,
        }),
    );
    if let MoveGroup::Wins { piece, .. } = v.best() {
        l.goal = Goal::BestMove(BestMove {
            answers: answers.iter().map(|&m| san(&pos, m)).collect(),
            accept: accept_for(piece),
        });
    }
    let first = answers[0];
    let (pru, pen) = match way {
        Way::Run => ("Ходит король.".to_string(), "The king moves.".to_string()),
        Way::Block => (
            "Найди фигуру, которая встанет на пути шаха.".to_string(),
            "Find a piece that can stand in the check's way.".to_string(),
        ),
        Way::Capture => (
            format!("Кто может взять {}?", ru_piece(kind, Case::Acc)),
            format!("Which piece can capture the {}?", en_piece(kind)),
        ),
    };
    let mover = pos.piece_at(first.from)?.kind;
    l.hints = Some(hints(
        first.from,
        &san(&pos, first),
        text(pru, pen),
        text(
            format!("{} идёт на {}.", super::mate::capital(ru_piece(mover, Case::Nom)), first.to),
            format!("The {} goes to {}.", en_piece(mover), first.to),
        ),
    ));
    // words for a few wrong moves: a way that loses, a way that works but is worse
    let mut said = 0;
    for s in v.others() {
        if said >= 4 || s.score >= weakest {
            continue;
        }
        let words = match s.group {
            MoveGroup::GivesAway if s.score <= -crate::engine::MATE_BOUND => text(
                "Шаха больше нет, но теперь чёрные поставят мат.",
                "No more check, but now Black can give mate.",
            ),
            MoveGroup::GivesAway => text(
                "Шаха больше нет, но так чёрные выиграют фигуру.",
                "No more check, but now Black wins a piece.",
            ),
            _ if way == Way::Capture => text(
                format!(
                    "Так можно: шаха больше нет. Но лучше было взять {}!",
                    ru_piece(kind, Case::Acc)
                ),
                format!(
                    "That works: no more check. But capturing the {} was better!",
                    en_piece(kind)
                ),
            ),
            _ => continue,
        };
        l.feedback.push(feedback(&s.san, words, None));
        said += 1;
    }
    l.shapes = vec![arrow(checker, wk, ShapeColor::Red)];
    l.learned = Some(learned);
    let decoys = (moves.len() - answers.len()).min(6) as u32;
    Some(Made { features: features(&pos, &answers, decoys), lesson: l })
}

/// The `accept` group of a win of `piece`.
pub(crate) fn accept_for(piece: PieceKind) -> Option<crate::lesson::AcceptGroup> {
    use crate::lesson::AcceptGroup::*;
    Some(match piece {
        PieceKind::Queen => WinsQueen,
        PieceKind::Rook => WinsRook,
        PieceKind::Bishop => WinsBishop,
        PieceKind::Knight => WinsKnight,
        PieceKind::Pawn => WinsPawn,
        PieceKind::King => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::super::common::testing::{answers, position};
    use super::*;
    use crate::practice::tests::prove_skill;

    #[test]
    fn practice_gen_check_give() {
        prove_skill("check-give", |ex| {
            let pos = position(ex);
            if !matches!(ex.lesson.goal, Goal::Check(Check { moves: 1 })) {
                return Err("not a check in one".into());
            }
            if !arisen(&pos) || in_check(&pos) {
                return Err("could not have arisen".into());
            }
            let n = checks(&pos).len();
            if !(1..=3).contains(&n) {
                return Err(format!("{n} checks"));
            }
            Ok(())
        });
    }

    /// Every answer gets out of the check by `way`; some legal move is wrong.
    fn by(way: Way) -> impl Fn(&crate::practice::Exercise) -> Result<(), String> {
        move |ex| {
            let pos = position(ex);
            if !arisen(&pos) || !in_check(&pos) {
                return Err("no check, or could not have arisen".into());
            }
            let king = pos.king(Color::White).ok_or("a king")?;
            let checkers = attackers(&pos, king, Color::Black, pos.occupied());
            if checkers.count_ones() != 1 {
                return Err("not one checking piece".into());
            }
            let checker = Square::from_index(checkers.trailing_zeros() as u8);
            let moves = answers(ex)?;
            if moves.is_empty() || moves.len() == legal(&pos).len() {
                return Err("every move is right".into());
            }
            if let Some(m) = moves.iter().find(|&&m| !is_way(&pos, m, way, king, checker)) {
                return Err(format!("{} is another way", m.uci()));
            }
            match way {
                // the intro says: the king has nowhere to go and the checker can't be captured
                Way::Block if legal(&pos).iter().any(|m| m.from == king || m.to == checker) => {
                    Err("the king can move or capture".into())
                }
                // the intro says: nobody protects the checker
                Way::Capture if defended(&pos, checker) => Err("the checker is protected".into()),
                _ => Ok(()),
            }
        }
    }

    #[test]
    fn practice_gen_check_escape_run() {
        prove_skill("check-escape-run", by(Way::Run));
    }
    #[test]
    fn practice_gen_check_escape_block() {
        prove_skill("check-escape-block", by(Way::Block));
    }
    #[test]
    fn practice_gen_check_escape_capture() {
        prove_skill("check-escape-capture", by(Way::Capture));
    }
}
