//! Tactics: the fork, the pin, the skewer and the discovered attack.
//!
//! Each position is built around its idea (the fork's square and its two targets; the king, the
//! pinned piece and the pin's square on one line; the king and the piece behind it; the piece
//! that blocks its own side's line to a target), then proved: it could have arisen, nothing
//! hangs before the move, the doctor's best group wins material and its moves are the answers
//! (for the fork, the pin and the skewer exactly one move; for the discovered attack every
//! winning move is a move of the front piece), no other move wins anything, and the skill's
//! property holds after the answer:
//! - fork: the piece attacks two black pieces (the king, or pieces worth more than it or not
//!   protected), and after every reply White still wins something by an exchange;
//! - pin: the pinned piece stands between the pinner and its king, and none of its legal moves
//!   leaves the line;
//! - skewer: the king is in check along a line with a piece behind it, and after every reply
//!   White wins something;
//! - discovered attack: the moved piece opened its side's line to the target.

use super::common::*;
use super::{Cx, Draft};
use crate::board::{squares, Bitboard, Color, PieceKind, Position, Square};
use crate::exchange::{first_loss, gain, value};
use crate::lesson::doctor::MoveGroup;
use crate::lesson::goal::best_move::BestMove;
use crate::lesson::Goal;
use crate::movement::{tables, DIRECTIONS};
use crate::rules::{in_check, play_unchecked, Move};

use super::mate::capital;

/// One exercise of a skill of this family: `kind` `fork`, `pin`, `skewer` or `discovered`.
pub fn make(cx: &mut Cx) -> Option<Draft> {
    let kind = cx.param_str("kind").unwrap_or("fork").to_string();
    let base = cx.skill.bar - 150;
    let rng = &mut cx.rng;
    let pick: Pick = &mut |n| rng.below(n);
    let made = match kind.as_str() {
        "fork" => draw(600, pick, fork)?,
        "pin" => draw(600, pick, pin)?,
        "skewer" => draw(600, pick, skewer)?,
        "discovered" => draw(600, pick, discovered)?,
        _ => return None,
    };
    Some(Draft { rating: rate(base, &made.features), lesson: made.lesson })
}

/// Whether White wins something by an exchange now (a black piece it can take with gain).
fn white_wins(pos: &Position) -> bool {
    let black = pos.color_bb(Color::Black) & !pos.kind_bb(PieceKind::King);
    squares(black).any(|s| gain(pos, s, Color::White) > 0)
}

/// Whether every black reply to `m` leaves White something to win (or is mated).
fn cannot_save_all(pos: &Position, m: Move) -> bool {
    let after = play_unchecked(pos, m);
    let replies = legal(&after);
    !replies.is_empty() && replies.iter().all(|&r| white_wins(&play_unchecked(&after, r)))
}

/// The moves after which Black cannot save everything (by exchanges, statically): a cheap first
/// guess at the moves the engine will find winning, so that the engine runs on few positions.
fn static_winners(pos: &Position) -> Vec<Move> {
    legal(pos).into_iter().filter(|&m| cannot_save_all(pos, m)).collect()
}

/// The squares from which a white piece of `kind` moves to `to` (a pawn: one or two steps behind).
fn origins(pos: &Position, kind: PieceKind, to: Square) -> Bitboard {
    let occ = pos.occupied();
    if kind == PieceKind::Pawn {
        let mut o = 0;
        if let Some(one) = to.offset(-1, 0).filter(|s| occ & s.bit() == 0 && s.i() >= 1) {
            o |= one.bit();
            if to.i() == 3 {
                o |= to.offset(-2, 0).filter(|s| occ & s.bit() == 0).map_or(0, |s| s.bit());
            }
        }
        return o;
    }
    tables().attacks(kind, Color::White, to, occ) & !occ
}

/// The directions a slider of `kind` moves along (indexes into [`DIRECTIONS`]).
fn directions(kind: PieceKind) -> Vec<usize> {
    (0..8)
        .filter(|&d| {
            let (di, dj) = DIRECTIONS[d];
            match kind {
                PieceKind::Rook => di == 0 || dj == 0,
                PieceKind::Bishop => di != 0 && dj != 0,
                _ => true,
            }
        })
        .collect()
}

/// The square `n` steps along direction `d` from `s`.
fn step(s: Square, d: usize, n: i32) -> Option<Square> {
    let (di, dj) = DIRECTIONS[d];
    s.offset(di as i32 * n, dj as i32 * n)
}

/// Kings, a few pawns, and the tests every tactic's position passes before the doctor: it could
/// have arisen, White is not in check, and nothing of either side hangs.
fn quiet_start(pos: &Position) -> bool {
    arisen(pos) && !in_check(pos) && first_loss(pos, Color::White).is_none() && !white_wins(pos)
}

/// The doctor's verdict, kept when its best group wins material, the answers pass `each`, and
/// no other move wins anything; with `one`, exactly one answer. The moves of `first` (the
/// expected answers) are searched first, and the position is thrown away at the first move that
/// mates, or wins something and fails `each`, or (with `one`) an expected answer that wins
/// nothing: the verdict would refuse it anyway, so the other moves need no search.
///
/// `worth` says which piece won is enough: a move that wins another is refused at once (it is
/// either an answer, so the exercise would win that piece, or another move that wins).
fn winning(
    pos: &Position,
    one: bool,
    first: &[Move],
    each: impl Fn(&Move) -> bool,
    worth: impl Fn(PieceKind) -> bool,
) -> Option<(Verdict, PieceKind)> {
    // two moves that win different pieces (one of them is not an answer, and wins), or a
    // fourth move that wins the same (more answers than an exercise lists) end it too
    let mut won: Option<(MoveGroup, usize)> = None;
    let v = Verdict::winning_unless(pos, first, |s| {
        if matches!(s.group, MoveGroup::Mates(_))
            || (Verdict::wins(s) && !each(&s.mv))
            || matches!(s.group, MoveGroup::Wins { piece, .. } if !worth(piece))
            || (one && first.contains(&s.mv) && !Verdict::wins(s))
        {
            return true;
        }
        if !Verdict::wins(s) {
            return false;
        }
        match &mut won {
            None => won = Some((s.group, 1)),
            Some((g, _)) if !same_group(*g, s.group) => return true,
            Some((_, n)) => *n += 1,
        }
        won.is_some_and(|(_, n)| n > 3)
    })?;
    let MoveGroup::Wins { piece, .. } = v.best() else { return None };
    if !worth(piece)
        || v.other_wins()
        || (one && v.right != 1)
        || v.right > 3
        || !v.answers().iter().all(|s| each(&s.mv))
    {
        return None;
    }
    Some((v, piece))
}

/// The lesson of a tactic: the answers, a hint, words for the answer, and what was learned.
#[allow(clippy::too_many_arguments)]
fn tactic(
    pos: &Position,
    v: &Verdict,
    won: PieceKind,
    title: crate::lesson::Text,
    intro: crate::lesson::Text,
    hint: (crate::lesson::Text, crate::lesson::Text),
    praise: crate::lesson::Text,
    learned: crate::lesson::Text,
) -> Made {
    let answers: Vec<Move> = v.answers().iter().map(|s| s.mv).collect();
    let mut l = lesson(
        pos,
        title,
        intro,
        Goal::BestMove(BestMove {
            answers: v.answers().iter().map(|s| s.san.clone()).collect(),
            accept: super::check::accept_for(won),
        }),
    );
    let first = answers[0];
    l.hints = Some(hints(first.from, &v.answers()[0].san, hint.0, hint.1));
    l.feedback = vec![feedback(&v.answers()[0].san, praise, None)];
    l.learned = Some(learned);
    // the moves that look like it: captures and checks that win nothing
    let decoys =
        v.others().iter().filter(|s| s.mv.capture || in_check(&play_unchecked(pos, s.mv))).count()
            as u32;
    Made { features: features(pos, &answers, decoys), lesson: l }
}

/// Kinds a fork is made with, the knight most often.
const FORKERS: [PieceKind; 7] = [
    PieceKind::Knight,
    PieceKind::Knight,
    PieceKind::Knight,
    PieceKind::Queen,
    PieceKind::Pawn,
    PieceKind::Bishop,
    PieceKind::Rook,
];

/// The fork.
pub fn fork(pick: Pick) -> Option<Made> {
    let mut pos = Position::empty();
    let fk = FORKERS[pick(FORKERS.len() as u32) as usize];
    let s = empty_square(
        &pos,
        if fk == PieceKind::Pawn { 0x00ff_ffff_ff00_0000 } else { 0x00ff_ffff_ffff_ff00 },
        pick,
    )?;
    let reach = tables().attacks(fk, Color::White, s, pos.occupied());
    let with_king = pick(3) > 0;
    let t1 = empty_square(&pos, reach, pick)?;
    if with_king {
        put(&mut pos, t1, Color::Black, PieceKind::King);
    } else {
        put(
            &mut pos,
            t1,
            Color::Black,
            [PieceKind::Rook, PieceKind::Queen, PieceKind::Bishop, PieceKind::Knight]
                [pick(4) as usize],
        );
    }
    let reach = tables().attacks(fk, Color::White, s, pos.occupied()) & !t1.bit();
    let t2 = empty_square(&pos, reach, pick)?;
    let k2 =
        [PieceKind::Rook, PieceKind::Queen, PieceKind::Rook, PieceKind::Bishop, PieceKind::Knight]
            [pick(5) as usize];
    if k2 == fk || value(k2) < value(fk) && fk != PieceKind::Pawn && !with_king {
        return None;
    }
    put(&mut pos, t2, Color::Black, k2);
    if !with_king {
        let bk = empty_square(&pos, 0xffff_0000_0000_0000, pick)?;
        put(&mut pos, bk, Color::Black, PieceKind::King);
    }
    let o = empty_square(&pos, origins(&pos, fk, s), pick)?;
    put(&mut pos, o, Color::White, fk);
    let wk = empty_square(&pos, 0xffff, pick)?;
    put(&mut pos, wk, Color::White, PieceKind::King);
    let n = pick(4);
    scatter(&mut pos, Color::White, n, &[PieceKind::Pawn], 0x00ff_ff00, pick)?;
    let n = pick(4);
    scatter(
        &mut pos,
        Color::Black,
        n,
        &[PieceKind::Pawn, PieceKind::Pawn, PieceKind::Pawn, PieceKind::Knight],
        0x00ff_ff00_0000_0000,
        pick,
    )?;
    if !quiet_start(&pos) {
        return None;
    }
    let m = legal(&pos).into_iter().find(|m| m.from == o && m.to == s)?;
    let after = play_unchecked(&pos, m);
    if gain(&after, s, Color::Black) > 0 {
        return None;
    }
    // the property: two targets, each the king, worth more, or unprotected; none saves both
    let hit = attacks_from(&after, s) & after.color_bb(Color::Black);
    let targets: Vec<Square> = squares(hit)
        .filter(|&t| {
            after.piece_at(t).is_some_and(|p| {
                p.kind == PieceKind::King || value(p.kind) > value(fk) || !defended(&after, t)
            })
        })
        .collect();
    if targets.len() < 2 || static_winners(&pos) != [m] {
        return None;
    }
    let (v, won) = winning(&pos, true, &[m], |a| *a == m, |_| true)?;
    let (a, b) = (targets[0], targets[1]);
    Some(tactic(
        &pos,
        &v,
        won,
        text("Вилка", "The fork"),
        text(
            "Найди вилку: один ход — и твоя фигура нападает сразу на две!",
            "Find a fork: one move, and your piece attacks two at once!",
        ),
        (
            text(
                format!("Вилку сделает {}.", ru_piece(fk, Case::Nom)),
                format!("The {} makes the fork.", en_piece(fk)),
            ),
            text(
                format!("С {s} {} нападает и на {a}, и на {b}.", ru_piece(fk, Case::Nom)),
                format!("From {s} the {} attacks both {a} and {b}.", en_piece(fk)),
            ),
        ),
        text("Вилка! Обе фигуры спасти нельзя.", "A fork! Both pieces can't be saved."),
        text(
            "Вилка — одна фигура нападает сразу на две, и обе спасти нельзя.",
            "A fork is one piece attacking two at once, and both can't be saved.",
        ),
    ))
}

/// The pin: a white slider comes to the line between a black piece and its king.
pub fn pin(pick: Pick) -> Option<Made> {
    let mut pos = Position::empty();
    let pk =
        [PieceKind::Bishop, PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen][pick(4) as usize];
    let bk = empty_square(&pos, !0, pick)?;
    put(&mut pos, bk, Color::Black, PieceKind::King);
    let dirs = directions(pk);
    let d = dirs[pick(dirs.len() as u32) as usize];
    let a = 1 + pick(2) as i32;
    let x = step(bk, d, a)?;
    let b = a + 1 + pick(4) as i32;
    let s = step(bk, d, b)?;
    let xk = [
        PieceKind::Knight,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::Bishop,
        PieceKind::Knight,
    ][pick(5) as usize];
    put(&mut pos, x, Color::Black, xk);
    let o = empty_square(&pos, origins(&pos, pk, s), pick)?;
    // the pinner comes from off the line
    if tables().line_through[bk.index()][s.index()] & o.bit() != 0 {
        return None;
    }
    put(&mut pos, o, Color::White, pk);
    let wk = empty_square(&pos, !(ring(bk, 1) | ring(bk, 2)), pick)?;
    put(&mut pos, wk, Color::White, PieceKind::King);
    let n = pick(4);
    scatter(
        &mut pos,
        Color::White,
        n,
        &[PieceKind::Pawn, PieceKind::Pawn, PieceKind::Knight],
        !0,
        pick,
    )?;
    let n = pick(4);
    scatter(&mut pos, Color::Black, n, &[PieceKind::Pawn], PAWN_ROWS, pick)?;
    if !quiet_start(&pos) {
        return None;
    }
    let m = legal(&pos).into_iter().find(|m| m.from == o && m.to == s)?;
    let after = play_unchecked(&pos, m);
    // the property: the pinned piece cannot leave the line
    let line = tables().line_through[bk.index()][s.index()];
    if legal(&after).iter().any(|r| r.from == x && line & r.to.bit() == 0)
        || static_winners(&pos) != [m]
    {
        return None;
    }
    // the pin wins the pinned piece, or more
    let (v, won) = winning(&pos, true, &[m], |a| *a == m, |won| value(won) >= value(xk))?;
    Some(tactic(
        &pos,
        &v,
        won,
        text("Связка", "The pin"),
        text(
            "Свяжи чёрную фигуру: нападай на неё так, чтобы за ней стоял король!",
            "Pin a black piece: attack it so that its king stands behind it!",
        ),
        (
            text(
                format!("Связку сделает {}.", ru_piece(pk, Case::Nom)),
                format!("The {} makes the pin.", en_piece(pk)),
            ),
            text(
                format!(
                    "С {s} {} нападает на {} {x}, а за ней стоит король.",
                    ru_piece(pk, Case::Nom),
                    ru_piece(xk, Case::Acc)
                ),
                format!(
                    "From {s} the {} attacks the {} on {x}, and the king stands behind it.",
                    en_piece(pk),
                    en_piece(xk)
                ),
            ),
        ),
        text(
            format!("Связка! {} не может уйти: за ней король.", capital(ru_piece(xk, Case::Nom))),
            format!("A pin! The {} can't move away: the king is behind it.", en_piece(xk)),
        ),
        text(
            "Связка: фигура не может уйти, потому что за ней стоит король.",
            "A pin: a piece can't move away because its king stands behind it.",
        ),
    ))
}

/// The skewer: check along a line with a piece behind the king.
pub fn skewer(pick: Pick) -> Option<Made> {
    let mut pos = Position::empty();
    let pk =
        [PieceKind::Rook, PieceKind::Bishop, PieceKind::Queen, PieceKind::Rook][pick(4) as usize];
    let bk = empty_square(&pos, !0, pick)?;
    put(&mut pos, bk, Color::Black, PieceKind::King);
    let dirs = directions(pk);
    let d = dirs[pick(dirs.len() as u32) as usize];
    let s = step(bk, d, 2 + pick(4) as i32)?;
    let y = step(bk, (d + 4) % 8, 1 + pick(3) as i32)?;
    let yk =
        [PieceKind::Queen, PieceKind::Rook, PieceKind::Queen, PieceKind::Bishop][pick(4) as usize];
    put(&mut pos, y, Color::Black, yk);
    let o = empty_square(&pos, origins(&pos, pk, s), pick)?;
    if tables().line_through[bk.index()][s.index()] & o.bit() != 0 {
        return None;
    }
    put(&mut pos, o, Color::White, pk);
    let wk = empty_square(&pos, !(ring(bk, 1) | ring(bk, 2)), pick)?;
    put(&mut pos, wk, Color::White, PieceKind::King);
    let n = pick(3);
    scatter(&mut pos, Color::White, n, &[PieceKind::Pawn], PAWN_ROWS, pick)?;
    let n = pick(3);
    scatter(&mut pos, Color::Black, n, &[PieceKind::Pawn], PAWN_ROWS, pick)?;
    if !quiet_start(&pos) {
        return None;
    }
    let m = legal(&pos).into_iter().find(|m| m.from == o && m.to == s)?;
    let after = play_unchecked(&pos, m);
    // the property: check along the line, the piece right behind the king on it
    let between = tables().between[bk.index()][y.index()];
    if !in_check(&after) || after.occupied() & between != 0 || static_winners(&pos) != [m] {
        return None;
    }
    let (v, won) = winning(&pos, true, &[m], |a| *a == m, |won| won == yk)?;
    Some(tactic(
        &pos,
        &v,
        won,
        text("Сквозной удар", "The skewer"),
        text(
            "Дай шах так, чтобы за королём на той же линии стояла фигура. Король уйдёт — и её можно будет взять!",
            "Give check so that a piece stands behind the king on the same line. The king steps away, and you capture it!",
        ),
        (
            text(format!("Сквозной удар сделает {}.", ru_piece(pk, Case::Nom)), format!("The {} makes the skewer.", en_piece(pk))),
            text(
                format!("С {s} {} даёт шах, а за королём стоит {} {y}.", ru_piece(pk, Case::Nom), ru_piece(yk, Case::Nom)),
                format!("From {s} the {} gives check, and the {} on {y} stands behind the king.", en_piece(pk), en_piece(yk)),
            ),
        ),
        text(format!("Сквозной удар! Король уйдёт, и {} будет взят{}.", ru_piece(yk, Case::Nom), if matches!(yk, PieceKind::Rook) { "а" } else { "" }), format!("A skewer! The king steps away, and the {} is captured.", en_piece(yk))),
        text("Сквозной удар: нападаешь на короля, он уходит, и берёшь фигуру за ним.", "A skewer: attack the king, it steps away, and you capture the piece behind it."),
    ))
}

/// The discovered attack: a white piece moves off its own side's line and opens it to a target.
pub fn discovered(pick: Pick) -> Option<Made> {
    let mut pos = Position::empty();
    let bk_kind =
        [PieceKind::Rook, PieceKind::Bishop, PieceKind::Queen, PieceKind::Rook][pick(4) as usize];
    let back = empty_square(&pos, !0, pick)?;
    let dirs = directions(bk_kind);
    let d = dirs[pick(dirs.len() as u32) as usize];
    let a = 1 + pick(2) as i32;
    let f = step(back, d, a)?;
    let t = step(back, d, a + 1 + pick(4) as i32)?;
    put(&mut pos, back, Color::White, bk_kind);
    let fk = [PieceKind::Knight, PieceKind::Bishop, PieceKind::Knight, PieceKind::Rook]
        [pick(4) as usize];
    put(&mut pos, f, Color::White, fk);
    let tk = [PieceKind::Queen, PieceKind::Rook, PieceKind::Queen][pick(3) as usize];
    if value(tk) <= value(bk_kind) && tk != PieceKind::Queen {
        return None;
    }
    put(&mut pos, t, Color::Black, tk);
    let bk = empty_square(&pos, !0, pick)?;
    put(&mut pos, bk, Color::Black, PieceKind::King);
    let wk = empty_square(&pos, !(ring(bk, 1) | ring(bk, 2)), pick)?;
    put(&mut pos, wk, Color::White, PieceKind::King);
    let n = pick(4);
    scatter(&mut pos, Color::White, n, &[PieceKind::Pawn], PAWN_ROWS, pick)?;
    let n = pick(4);
    scatter(
        &mut pos,
        Color::Black,
        n,
        &[PieceKind::Pawn, PieceKind::Pawn, PieceKind::Knight],
        PAWN_ROWS,
        pick,
    )?;
    // the line from the back piece to the target is blocked only by the front piece
    if pos.occupied() & tables().between[back.index()][t.index()] != f.bit() || !quiet_start(&pos) {
        return None;
    }
    // the front piece must give check or win something when it leaves: some move of it must
    let line = tables().line_through[back.index()][t.index()];
    let winners = static_winners(&pos);
    if winners.is_empty()
        || winners.len() > 3
        || !winners.iter().all(|m| m.from == f && line & m.to.bit() == 0)
    {
        return None;
    }
    let (v, won) = winning(
        &pos,
        false,
        &winners,
        |a| a.from == f && tables().line_through[back.index()][t.index()] & a.to.bit() == 0,
        |won| value(won) >= 5,
    )?;
    Some(tactic(
        &pos,
        &v,
        won,
        text("Вскрытое нападение", "The discovered attack"),
        text(
            format!("{} {f} закрывает дорогу твоей фигуре {back}. Уведи {} — и открой нападение на {}!", capital(ru_piece(fk, Case::Nom)), if matches!(fk, PieceKind::Rook) { "её" } else { "его" }, ru_piece(tk, Case::Acc)),
            format!("The {} on {f} blocks the way of your piece on {back}. Move it away and open an attack on the {}!", en_piece(fk), en_piece(tk)),
        ),
        (
            text(format!("Ходит {} {f}.", ru_piece(fk, Case::Nom)), format!("The {} on {f} moves.", en_piece(fk))),
            text(format!("Уйди с дороги так, чтобы чёрным было не до {}.", "защиты"), "Move away with a threat, so Black has no time to save it.".to_string()),
        ),
        text("Вскрытое нападение! Открылась дорога, и нападают сразу две фигуры.", "A discovered attack! The way is open, and two pieces attack at once."),
        text("Когда фигура уходит с дороги, фигура за ней может напасть.", "When a piece moves out of the way, the piece behind it can attack."),
    ))
}

#[cfg(test)]
mod tests {
    use super::super::common::testing::{answers, position};
    use super::*;
    use crate::practice::tests::prove_skill;
    use crate::practice::Exercise;

    /// The one answer of a tactic whose position could have arisen with nothing hanging.
    fn the_answer(ex: &Exercise) -> Result<(Position, Move), String> {
        let pos = position(ex);
        if !quiet_start(&pos) {
            return Err("could not have arisen, or something hangs".into());
        }
        let moves = answers(ex)?;
        let [m] = moves[..] else { return Err(format!("{} answers", moves.len())) };
        Ok((pos, m))
    }

    /// The tactics' proof that reads no other move's exact score ([`Verdict::winning_unless`])
    /// accepts only what the exhaustive proof accepts: each exercise, checked again with every
    /// legal move searched exactly (the generator's sort forgotten), has no finding, and the
    /// answers of the exhaustive sort are its list, move for move.
    #[test]
    fn practice_tactics_bounded_proof_is_the_exhaustive_one() {
        use crate::lesson::doctor::{forget_sorts, Quick};
        use crate::practice::{findings, make, tests::seeds};
        // PRACTICE_TACTICS=pin,skewer: those skills only
        let only = std::env::var("PRACTICE_TACTICS").unwrap_or_default();
        for id in ["fork", "pin", "skewer", "discovered"] {
            if !only.is_empty() && !only.split(',').any(|o| o == id) {
                continue;
            }
            for seed in 1..=seeds() {
                let ex = make(id, seed, None).unwrap_or_else(|e| panic!("{id} seed {seed}: {e}"));
                forget_sorts();
                let found = findings(&ex);
                assert!(found.is_empty(), "{id} seed {seed}: {found:?}\n{}", ex.json());
                let pos = position(&ex);
                let _quick = Quick::when(true);
                let v = Verdict::unless(&pos, &[], |_| false).expect("a sort");
                let mut exact: Vec<String> = v.answers().iter().map(|s| s.mv.uci()).collect();
                let mut listed: Vec<String> =
                    answers(&ex).unwrap().into_iter().map(|m| m.uci()).collect();
                exact.sort();
                listed.sort();
                assert_eq!(listed, exact, "{id} seed {seed}: the exhaustive sort's answers");
                // and the generator's own refusals: no other move wins anything
                assert!(!v.other_wins(), "{id} seed {seed}: another move wins\n{}", ex.json());
                forget_sorts();
            }
        }
    }

    #[test]
    fn practice_gen_fork() {
        prove_skill("fork", |ex| {
            let (pos, m) = the_answer(ex)?;
            let after = play_unchecked(&pos, m);
            let kind = after.piece_at(m.to).ok_or("a piece")?.kind;
            // two targets: the king, worth more than the forker, or unprotected
            let hit = attacks_from(&after, m.to) & after.color_bb(Color::Black);
            let targets = squares(hit)
                .filter(|&t| {
                    after.piece_at(t).is_some_and(|p| {
                        p.kind == PieceKind::King
                            || value(p.kind) > value(kind)
                            || !defended(&after, t)
                    })
                })
                .count();
            if targets < 2 {
                return Err(format!("{targets} targets"));
            }
            if !cannot_save_all(&pos, m) {
                return Err("Black saves both".into());
            }
            Ok(())
        });
    }

    #[test]
    fn practice_gen_pin() {
        prove_skill("pin", |ex| {
            let (pos, m) = the_answer(ex)?;
            let after = play_unchecked(&pos, m);
            let k = after.king(Color::Black).ok_or("a king")?;
            // one black piece between the pinner and the king, and it cannot leave the line
            let between = tables().between[m.to.index()][k.index()];
            let line = tables().line_through[m.to.index()][k.index()];
            if line == 0 || attacks_from(&after, m.to) & after.color_bb(Color::Black) & between == 0
            {
                return Err("no piece attacked in front of the king".into());
            }
            let men = after.occupied() & between;
            if men.count_ones() != 1 || men & after.color_bb(Color::Black) == 0 {
                return Err("not one black piece between".into());
            }
            let x = Square::from_index(men.trailing_zeros() as u8);
            if legal(&after).iter().any(|r| r.from == x && line & r.to.bit() == 0) {
                return Err("the pinned piece can leave the line".into());
            }
            Ok(())
        });
    }

    #[test]
    fn practice_gen_skewer() {
        prove_skill("skewer", |ex| {
            let (pos, m) = the_answer(ex)?;
            let after = play_unchecked(&pos, m);
            let k = after.king(Color::Black).ok_or("a king")?;
            if !in_check(&after)
                || crate::rules::attackers(&after, k, Color::White, after.occupied()) != m.to.bit()
            {
                return Err("the moved piece gives no check".into());
            }
            // right behind the king, on the same line, a black piece worth more than a pawn
            let d =
                (0..8).find(|&d| (1..8).any(|n| step(m.to, d, n) == Some(k))).ok_or("no line")?;
            let behind = (1..8)
                .map_while(|n| step(k, d, n))
                .find(|s| after.occupied() & s.bit() != 0)
                .ok_or("nothing behind")?;
            if after
                .piece_at(behind)
                .is_none_or(|p| p.color != Color::Black || p.kind == PieceKind::Pawn)
            {
                return Err("no black piece behind the king".into());
            }
            if !cannot_save_all(&pos, m) {
                return Err("Black saves it".into());
            }
            Ok(())
        });
    }

    #[test]
    fn practice_gen_discovered() {
        prove_skill("discovered", |ex| {
            let pos = position(ex);
            if !quiet_start(&pos) {
                return Err("could not have arisen, or something hangs".into());
            }
            for m in answers(ex)? {
                // the move opens a line: a white piece behind attacks a black piece through `from`
                let after = play_unchecked(&pos, m);
                let opened = squares(pos.color_bb(Color::White) & !m.from.bit()).any(|b| {
                    let newly = attacks_from(&after, b)
                        & !attacks_from(&pos, b)
                        & after.color_bb(Color::Black);
                    squares(newly)
                        .any(|t| tables().between[b.index()][t.index()] & m.from.bit() != 0)
                });
                if !opened {
                    return Err(format!("{} opens no line", m.uci()));
                }
            }
            Ok(())
        });
    }
}
