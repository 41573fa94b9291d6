//! Capturing: capture a free piece (one that nothing protects, beside one that is protected),
//! save a piece from an attack, and protect an attacked piece that cannot run.
//!
//! "Capture a free piece" is a `best_move` goal whose answers are every move of the doctor's best
//! group ([`Verdict`]): it must win the free piece, every answer must take it, and no other move
//! may win anything. "Save a piece" is an `escape` goal: the rules judge every move by a static
//! exchange, so every right move is accepted without a list; the position has one piece of the
//! child's in danger and nothing of the opponent's to win instead.

use super::common::*;
use super::{Cx, Draft};
use crate::board::{Color, PieceKind, Position, Square};
use crate::exchange::{first_loss, gain, value};
use crate::lesson::doctor::MoveGroup;
use crate::lesson::goal::best_move::BestMove;
use crate::lesson::goal::escape::{Escape, EscapeWay};
use crate::lesson::{Goal, ShapeColor};
use crate::movement::tables;
use crate::rules::{attackers, in_check, play_unchecked, Move};

/// One exercise of a skill of this family: `kind` `free-piece`, `escape` or `protect`.
pub fn make(cx: &mut Cx) -> Option<Draft> {
    let kind = cx.param_str("kind").unwrap_or("free-piece").to_string();
    let base = cx.skill.bar - 150;
    let rng = &mut cx.rng;
    let pick: Pick = &mut |n| rng.below(n);
    let made = match kind.as_str() {
        "free-piece" => draw(400, pick, free_piece)?,
        "escape" => draw(400, pick, save)?,
        "protect" => draw(3000, pick, protect)?,
        _ => return None,
    };
    Some(Draft { rating: rate(base, &made.features), lesson: made.lesson })
}

/// "your" in Russian, for a piece in the accusative.
pub(crate) fn ru_your(kind: PieceKind) -> &'static str {
    if matches!(kind, PieceKind::Pawn | PieceKind::Rook) {
        "твою"
    } else {
        "твоего"
    }
}

const ATTACKERS: [PieceKind; 6] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
    PieceKind::Knight,
];
const TARGETS: [PieceKind; 5] =
    [PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook, PieceKind::Pawn, PieceKind::Knight];

/// Capture a free piece: one black piece nobody protects, attacked; another attacked but
/// protected (a decoy) most of the time.
pub fn free_piece(pick: Pick) -> Option<Made> {
    let mut pos = Position::empty();
    let wk = empty_square(&pos, 0xffff_ffff, pick)?;
    put(&mut pos, wk, Color::White, PieceKind::King);
    let bk = empty_square(&pos, !(ring(wk, 1) | ring(wk, 2) | 0xffff), pick)?;
    put(&mut pos, bk, Color::Black, PieceKind::King);
    let ak = ATTACKERS[pick(ATTACKERS.len() as u32) as usize];
    let a = empty_square(&pos, !0, pick)?;
    put(&mut pos, a, Color::White, ak);
    let reach = tables().attacks(ak, Color::White, a, pos.occupied());
    let tk = TARGETS[pick(TARGETS.len() as u32) as usize];
    let t = empty_square(&pos, reach & if tk == PieceKind::Pawn { PAWN_ROWS } else { !0 }, pick)?;
    put(&mut pos, t, Color::Black, tk);
    let decoy = pick(3) > 0;
    if decoy {
        // a protected piece worth less than the attacker, also in reach (of the attacker or a second piece)
        let second = pick(2) == 0;
        let reach = if second {
            let k2 = ATTACKERS[pick(ATTACKERS.len() as u32) as usize];
            let s2 = empty_square(&pos, !0, pick)?;
            put(&mut pos, s2, Color::White, k2);
            tables().attacks(k2, Color::White, s2, pos.occupied())
        } else {
            tables().attacks(ak, Color::White, a, pos.occupied())
        };
        let dk = [PieceKind::Knight, PieceKind::Bishop, PieceKind::Pawn, PieceKind::Rook]
            [pick(4) as usize];
        let d =
            empty_square(&pos, reach & if dk == PieceKind::Pawn { PAWN_ROWS } else { !0 }, pick)?;
        put(&mut pos, d, Color::Black, dk);
        let n = 1 + pick(2);
        scatter(
            &mut pos,
            Color::Black,
            n,
            &[PieceKind::Pawn, PieceKind::Pawn, PieceKind::Knight, PieceKind::Bishop],
            !0,
            pick,
        )?;
    }
    let n = pick(3);
    scatter(&mut pos, Color::White, n, &[PieceKind::Pawn], 0x00ff_ff00, pick)?;
    let n = pick(2);
    scatter(&mut pos, Color::Black, n, &[PieceKind::Pawn], 0x00ff_0000_0000_0000, pick)?;
    if !arisen(&pos)
        || in_check(&pos)
        || defended(&pos, t)
        || gain(&pos, t, Color::White) != value(tk)
    {
        return None;
    }
    // the other black pieces in reach are protected well enough, and nothing of White's hangs
    let black = pos.color_bb(Color::Black) & !pos.kind_bb(PieceKind::King) & !t.bit();
    if crate::board::squares(black).any(|s| gain(&pos, s, Color::White) > 0)
        || first_loss(&pos, Color::White).is_some()
    {
        return None;
    }
    // given up at the first move that mates, or wins something other than the target: the
    // verdict below would refuse the position
    let to_t: Vec<Move> = legal(&pos).into_iter().filter(|m| m.to == t).collect();
    let v = Verdict::unless(&pos, &to_t, |s| match s.group {
        MoveGroup::Mates(_) => true,
        MoveGroup::Wins { piece, .. } => piece != tk || s.mv.to != t,
        _ => false,
    })?;
    let MoveGroup::Wins { piece, .. } = v.best() else { return None };
    if piece != tk || v.other_wins() || !v.answers().iter().all(|s| s.mv.to == t) {
        return None;
    }
    let answers: Vec<Move> = v.answers().iter().map(|s| s.mv).collect();
    let weakest = v.answers().iter().map(|s| s.score).min()?;
    let mut l = lesson(
        &pos,
        text("Бери то, что не защищено", "Capture what is not protected"),
        text(
            "Одна чёрная фигура не защищена. Найди её и возьми!",
            "One black piece is not protected. Find it and capture it!",
        ),
        Goal::BestMove(BestMove {
            answers: answers.iter().map(|&m| san(&pos, m)).collect(),
            accept: super::check::accept_for(tk),
        }),
    );
    let first = answers[0];
    let mover = pos.piece_at(first.from)?.kind;
    l.hints = Some(hints(
        first.from,
        &san(&pos, first),
        text(
            format!("Брать будет {}. Но кого?", ru_piece(mover, Case::Nom)),
            format!("The {} will capture. But which piece?", en_piece(mover)),
        ),
        text(
            format!(
                "{} на {} никто не защищает.",
                super::mate::capital(ru_piece(tk, Case::Acc)),
                t
            ),
            format!("Nobody protects the {} on {}.", en_piece(tk), t),
        ),
    ));
    // a capture of a protected piece: the protector captures back
    let mut decoys = 0;
    for s in v.others() {
        if !s.mv.capture || s.score >= weakest || decoys >= 3 {
            continue;
        }
        let taker = pos.piece_at(s.mv.from)?.kind;
        let taken = pos.piece_at(s.mv.to)?.kind;
        let after = play_unchecked(&pos, s.mv);
        if !legal(&after).iter().any(|r| r.to == s.mv.to) {
            continue;
        }
        l.feedback.push(feedback(
            &s.san,
            text(
                format!(
                    "Ой! {} на {} защищают. Теперь возьмут {} {}.",
                    super::mate::capital(ru_piece(taken, Case::Acc)),
                    s.mv.to,
                    ru_your(taker),
                    ru_piece(taker, Case::Acc)
                ),
                format!(
                    "Oops! The {} on {} is protected. Now Black captures your {}.",
                    en_piece(taken),
                    s.mv.to,
                    en_piece(taker)
                ),
            ),
            None,
        ));
        decoys += 1;
    }
    l.learned = Some(text(
        "Бери фигуру, которую никто не защищает: тогда твою не возьмут в ответ.",
        "Capture the piece nobody protects: then yours is not captured back.",
    ));
    Some(Made { features: features(&pos, &answers, decoys), lesson: l })
}

/// A white piece attacked and lost to an exchange, its attacker, and nothing else to win on
/// either side: (the position, the piece's square, the attacker's square, the piece's kind).
fn attacked_piece(pick: Pick) -> Option<(Position, Square, Square, PieceKind)> {
    let mut pos = Position::empty();
    let wk = empty_square(&pos, 0xffff_ffff, pick)?;
    put(&mut pos, wk, Color::White, PieceKind::King);
    let bk = empty_square(&pos, !(ring(wk, 1) | ring(wk, 2) | 0xffff), pick)?;
    put(&mut pos, bk, Color::Black, PieceKind::King);
    let xk =
        [PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen, PieceKind::Rook]
            [pick(5) as usize];
    let x = empty_square(&pos, !0, pick)?;
    put(&mut pos, x, Color::White, xk);
    let yk =
        [PieceKind::Pawn, PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook][pick(4) as usize];
    // the attacker stands where a piece of its kind attacks x
    let from = tables().attacks(yk, Color::White, x, pos.occupied())
        & if yk == PieceKind::Pawn { PAWN_ROWS } else { !0 };
    let y = empty_square(&pos, from, pick)?;
    put(&mut pos, y, Color::Black, yk);
    let n = 1 + pick(3);
    scatter(
        &mut pos,
        Color::White,
        n,
        &[PieceKind::Pawn, PieceKind::Pawn, PieceKind::Knight, PieceKind::Bishop],
        !0,
        pick,
    )?;
    let n = pick(3);
    scatter(
        &mut pos,
        Color::Black,
        n,
        &[PieceKind::Pawn, PieceKind::Pawn, PieceKind::Knight],
        !0,
        pick,
    )?;
    if !arisen(&pos) || in_check(&pos) {
        return None;
    }
    if attackers(&pos, x, Color::Black, pos.occupied()) & y.bit() == 0
        || hanging(&pos, Color::White) != x.bit()
        || hanging(&pos, Color::Black) & !y.bit() != 0
    {
        return None;
    }
    Some((pos, x, y, xk))
}

/// The moves of `moves` after which White loses nothing to an exchange.
fn saving_moves(pos: &Position, moves: &[Move]) -> Vec<Move> {
    moves
        .iter()
        .copied()
        .filter(|&m| first_loss(&play_unchecked(pos, m), Color::White).is_none())
        .collect()
}

/// Save a piece: one white piece attacked and lost to an exchange; moving it, protecting it or
/// taking the attacker saves it.
pub fn save(pick: Pick) -> Option<Made> {
    let (pos, x, y, xk) = attacked_piece(pick)?;
    let moves = legal(&pos);
    let saving = saving_moves(&pos, &moves);
    if saving.is_empty() || saving.len() * 2 > moves.len() {
        return None;
    }
    let mut l = lesson(
        &pos,
        text(format!("Спаси {}", ru_piece(xk, Case::Acc)), format!("Save the {}", en_piece(xk))),
        text(
            format!("Чёрная {} нападает на {} {}. Спаси её: уведи, защити или возьми того, кто нападает!", "фигура", ru_your(xk), ru_piece(xk, Case::Acc)),
            format!("A black piece attacks your {}. Save it: move it away, protect it, or capture the attacker!", en_piece(xk)),
        ),
        Goal::Escape(Escape { square: x.to_string(), by: None }),
    );
    l.shapes = vec![arrow(y, x, ShapeColor::Red)];
    l.learned = Some(text(
        "Когда на фигуру нападают, уведи её, защити или возьми нападающего.",
        "When a piece is attacked, move it, protect it, or capture the attacker.",
    ));
    let decoys = (moves.len() - saving.len()).min(6) as u32;
    let mut f = features(&pos, &saving, decoys);
    f.right = f.right.min(6);
    Some(Made { features: f, lesson: l })
}

/// Protect an attacked piece: one white piece attacked and lost to an exchange, which no move of
/// its own saves and whose attacker nothing takes safely; only protecting it (or standing in the
/// attack's way) saves it. An `escape` goal `by` `protect`: the rules accept every such move.
pub fn protect(pick: Pick) -> Option<Made> {
    let (pos, x, y, xk) = attacked_piece(pick)?;
    let moves = legal(&pos);
    let saving = saving_moves(&pos, &moves);
    // no promotion beside it: a new queen is not the lesson
    if saving.is_empty()
        || saving.len() * 2 > moves.len()
        || moves.iter().any(|m| m.promotion.is_some())
        || saving.iter().any(|&m| EscapeWay::of(&pos, m, x) != EscapeWay::Protect)
    {
        return None;
    }
    let first = saving[0];
    let mover = pos.piece_at(first.from)?.kind;
    let mut l = lesson(
        &pos,
        text(format!("Защити {}", ru_piece(xk, Case::Acc)), format!("Protect the {}", en_piece(xk))),
        text(
            format!(
                "Чёрная фигура нападает на {} {}, и убежать не выйдет. Защити {} другой фигурой!",
                ru_your(xk),
                ru_piece(xk, Case::Acc),
                if matches!(xk, PieceKind::Pawn | PieceKind::Rook) { "её" } else { "его" }
            ),
            format!(
                "A black piece attacks your {}, and running away won't help. Protect it with another piece!",
                en_piece(xk)
            ),
        ),
        Goal::Escape(Escape { square: x.to_string(), by: Some(EscapeWay::Protect) }),
    );
    l.shapes = vec![arrow(y, x, ShapeColor::Red)];
    l.hints = Some(hints(
        first.from,
        &san(&pos, first),
        text("Какая фигура может встать на защиту?", "Which piece can stand guard?"),
        text(
            format!("{} идёт на {}.", super::mate::capital(ru_piece(mover, Case::Nom)), first.to),
            format!("The {} goes to {}.", en_piece(mover), first.to),
        ),
    ));
    l.learned = Some(text(
        "Если фигуре некуда уйти, защити её: кто её возьмёт, того возьмут в ответ.",
        "If a piece can't get away, protect it: whoever takes it gets taken back.",
    ));
    let decoys = (moves.len() - saving.len()).min(6) as u32;
    let mut f = features(&pos, &saving, decoys);
    f.right = f.right.min(6);
    Some(Made { features: f, lesson: l })
}

#[cfg(test)]
mod tests {
    use super::super::common::testing::{answers, position};
    use super::*;
    use crate::practice::tests::prove_skill;

    #[test]
    fn practice_gen_capture_free() {
        prove_skill("capture-free", |ex| {
            let pos = position(ex);
            if !arisen(&pos) {
                return Err("could not have arisen".into());
            }
            let moves = answers(ex)?;
            // every answer takes a piece nothing protects, and they all take the same one
            let to = moves.first().ok_or("no answer")?.to;
            for m in &moves {
                if m.to != to || !m.capture || defended(&pos, m.to) {
                    return Err(format!("{} does not take the free piece", m.uci()));
                }
            }
            Ok(())
        });
    }

    #[test]
    fn practice_gen_escape_attack() {
        prove_skill("escape-attack", |ex| {
            let pos = position(ex);
            let Goal::Escape(g) = &ex.lesson.goal else { return Err("not an escape".into()) };
            let sq = crate::board::Square::parse(&g.square).ok_or("a square")?;
            if !arisen(&pos) || pos.piece_at(sq).map(|p| p.color) != Some(Color::White) {
                return Err("no white piece to save".into());
            }
            // that piece, and only it, can be won; some moves save it and some do not
            if hanging(&pos, Color::White) != sq.bit()
                || hanging(&pos, Color::Black) & !attackers(&pos, sq, Color::Black, pos.occupied())
                    != 0
            {
                return Err("another piece hangs".into());
            }
            let moves = legal(&pos);
            let saving = moves
                .iter()
                .filter(|&&m| first_loss(&play_unchecked(&pos, m), Color::White).is_none())
                .count();
            if saving == 0 || saving == moves.len() {
                return Err(format!("{saving} of {} moves save it", moves.len()));
            }
            Ok(())
        });
    }

    #[test]
    fn practice_gen_protect() {
        prove_skill("protect", |ex| {
            let pos = position(ex);
            let Goal::Escape(g) = &ex.lesson.goal else { return Err("not an escape".into()) };
            if g.by != Some(EscapeWay::Protect) {
                return Err("not by protecting".into());
            }
            let sq = crate::board::Square::parse(&g.square).ok_or("a square")?;
            if !arisen(&pos) || hanging(&pos, Color::White) != sq.bit() {
                return Err("not one white piece in danger".into());
            }
            // some moves save it, and every one of them protects it (or blocks the attack):
            // running away and taking the attacker do not save it
            let moves = legal(&pos);
            let saving: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| first_loss(&play_unchecked(&pos, m), Color::White).is_none())
                .collect();
            if saving.is_empty() || saving.len() == moves.len() {
                return Err(format!("{} of {} moves save it", saving.len(), moves.len()));
            }
            if let Some(m) =
                saving.iter().find(|&&m| EscapeWay::of(&pos, m, sq) != EscapeWay::Protect)
            {
                return Err(format!("{} saves it another way", m.uci()));
            }
            if moves.iter().any(|m| m.promotion.is_some()) {
                return Err("a pawn can promote".into());
            }
            // the hint's move is one of them
            let hint = ex.lesson.hints.as_ref().ok_or("no hints")?;
            let m =
                crate::notation::parse_move(&pos, &hint.mv, RULES).map_err(|e| e.to_string())?;
            if !saving.contains(&m) {
                return Err("the hint's move does not save it".into());
            }
            Ok(())
        });
    }
}
