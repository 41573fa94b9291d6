//! Mates: mate in one with the queen, with the rook on the last row, with two rooks (the
//! ladder), with a knight, a bishop or a pawn, and the box mate's steps with king and rook
//! against king (mate in 1 to 4).
//!
//! Each position is built around the black king on an edge, then proved: it could have arisen,
//! a mate in one has exactly one mating move (made by the skill's piece, on the skill's line),
//! a longer mate is exactly as long as it says (no shorter one). Wrong moves that look right
//! get words: a move that takes every square but gives no check is a draw (stalemate), a check
//! the king escapes from says where it escapes.

use super::common::*;
use crate::board::{Color, PieceKind, Position, Square};
use crate::lesson::goal::mate::Mate;
use crate::lesson::search::mate_in;
use crate::lesson::{EndResult, Goal, Opponent};
use crate::rules::{in_check, play_unchecked, Move};

/// The edge squares.
const EDGE: u64 = 0xff81_8181_8181_81ff;

/// Words for a check that does not mate: who escapes how.
fn check_words(pos: &Position, m: Move) -> Option<crate::lesson::Text> {
    let after = play_unchecked(pos, m);
    if !in_check(&after) {
        return None;
    }
    let kind = pos.piece_at(m.from)?.kind;
    let replies = legal(&after);
    let king = after.king(after.side)?;
    if replies.iter().any(|r| r.from == king && r.to == m.to) {
        return Some(text(
            format!(
                "Шах, но {} никто не защищает — король {} возьмёт.",
                ru_piece(kind, Case::Acc),
                if matches!(kind, PieceKind::Rook | PieceKind::Pawn) { "её" } else { "его" }
            ),
            format!("Check, but nobody protects the {} — the king captures it.", en_piece(kind)),
        ));
    }
    if let Some(r) = replies.iter().find(|r| r.from == king) {
        return Some(text(
            format!("Шах, но король убежит на {}.", r.to),
            format!("Check, but the king runs away to {}.", r.to),
        ));
    }
    if replies.iter().any(|r| r.to == m.to) {
        return Some(text(
            format!("Шах, но {} возьмут.", ru_piece(kind, Case::Acc)),
            format!("Check, but the {} gets captured.", en_piece(kind)),
        ));
    }
    Some(text("Шах, но чёрные закроются от него.", "Check, but Black can block it."))
}

/// The feedback of a mate in one: every move that stalemates (a draw), then checks that do not
/// mate by the mating piece (at most three).
fn mate_feedback(pos: &Position, mate: Move) -> (Vec<crate::lesson::Feedback>, u32) {
    let mut out = Vec::new();
    for m in stalemating_moves(pos) {
        out.push(feedback(
            &san(pos, m),
            text(
                "Ой! Королю некуда ходить, но шаха нет. Это не мат, а ничья!",
                "Oops! The king can't move, but it isn't in check. That's not mate, it's a draw!",
            ),
            Some(EndResult::Draw),
        ));
    }
    let stalemates = out.len() as u32;
    let mut checks = 0;
    for m in legal(pos) {
        if m == mate || m.from != mate.from || checks >= 3 {
            continue;
        }
        if let Some(t) = check_words(pos, m) {
            out.push(feedback(&san(pos, m), t, None));
            checks += 1;
        }
    }
    (out, stalemates + checks)
}

/// A mate in one: exactly one mating move, made by a piece of `kind`, landing on `row` if given.
fn unique_mate(pos: &Position, kind: PieceKind, row: Option<u8>) -> Option<Move> {
    if !arisen(pos) || in_check(pos) {
        return None;
    }
    let mates = mating_moves(pos);
    let [m] = mates[..] else { return None };
    let piece = pos.piece_at(m.from)?;
    (piece.kind == kind && row.is_none_or(|r| m.to.i() == r)).then_some(m)
}

/// The lesson of a mate in one.
fn mate_in_one(
    pos: &Position,
    m: Move,
    title: crate::lesson::Text,
    intro: crate::lesson::Text,
    learned: crate::lesson::Text,
) -> Made {
    let kind = pos.piece_at(m.from).expect("the mating piece").kind;
    let s = san(pos, m);
    let mut l = lesson(pos, title, intro, Goal::Mate(Mate { moves: 1 }));
    l.opponent = Opponent::Defender;
    l.hints = Some(hints(
        m.from,
        &s,
        text(
            format!("Мат поставит {}.", ru_piece(kind, Case::Nom)),
            format!("The {} gives mate.", en_piece(kind)),
        ),
        text(
            format!(
                "{} идёт на {}: шах, и королю некуда уйти.",
                capital(ru_piece(kind, Case::Nom)),
                m.to
            ),
            format!(
                "The {} goes to {}: check, and the king has nowhere to go.",
                en_piece(kind),
                m.to
            ),
        ),
    ));
    let (fb, decoys) = mate_feedback(pos, m);
    l.feedback = fb;
    l.learned = Some(learned);
    Made { features: features(pos, &[m], decoys), lesson: l }
}

/// The word with a capital first letter.
pub(crate) fn capital(word: &str) -> String {
    let mut c = word.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
}

/// A pawnless position turned `k` quarter rounds.
fn turn(pos: &Position, k: u32) -> Position {
    (0..k).fold(*pos, |p, _| rotated(&p))
}

/// Mate in one with the queen: the black king on an edge, the white king near it (or a black
/// pawn in its way).
pub fn queen(pick: Pick) -> Option<Made> {
    let mut pos = Position::empty();
    let bk = pick_square(EDGE, &mut |n| pick(n))?;
    put(&mut pos, bk, Color::Black, PieceKind::King);
    let wk_mask = if pick(4) < 3 { ring(bk, 2) } else { !ring(bk, 1) & !bk.bit() };
    let wk = empty_square(&pos, wk_mask, pick)?;
    put(&mut pos, wk, Color::White, PieceKind::King);
    let q = empty_square(&pos, !0, pick)?;
    put(&mut pos, q, Color::White, PieceKind::Queen);
    let mut pos = turn(&if pick(2) == 0 { pos } else { flipped(&pos) }, pick(4));
    blocked_pairs(&mut pos, 1 + pick(3), pick)?;
    let m = unique_mate(&pos, PieceKind::Queen, None)?;
    Some(mate_in_one(
        &pos,
        m,
        text("Мат ферзём", "Mate with the queen"),
        text("Поставь мат ферзём в один ход!", "Give mate with the queen in one move!"),
        text(
            "Ферзь ставит мат вплотную к королю, когда его защищают.",
            "The queen mates right next to the king when it is protected.",
        ),
    ))
}

/// Mate with the rook on the last row: the black king on the eighth row behind its pawns, or
/// held there by the white king.
pub fn back_rank(pick: Pick) -> Option<Made> {
    let mut pos = Position::empty();
    let j = pick(8) as i32;
    let bk = at(7, j);
    put(&mut pos, bk, Color::Black, PieceKind::King);
    let shelter = pick(3) > 0;
    if shelter {
        for dj in -1..=1 {
            if let Some(s) = bk.offset(-1, dj) {
                match pick(8) {
                    0 => {}
                    1 => put(
                        &mut pos,
                        s.offset(-1, 0).expect("row 5"),
                        Color::Black,
                        PieceKind::Pawn,
                    ),
                    _ => put(&mut pos, s, Color::Black, PieceKind::Pawn),
                }
            }
        }
        let wk = empty_square(&pos, 0xffff, pick)?;
        put(&mut pos, wk, Color::White, PieceKind::King);
    } else {
        put(&mut pos, at(5, j), Color::White, PieceKind::King);
    }
    let r = empty_square(&pos, !(0xffu64 << 56), pick)?;
    put(&mut pos, r, Color::White, PieceKind::Rook);
    if pick(3) == 0 {
        let kind = [PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook][pick(3) as usize];
        let s = empty_square(&pos, 0xffff_ffff_0000_0000, pick)?;
        put(&mut pos, s, Color::Black, kind);
    }
    for _ in 0..pick(3) {
        let s = empty_square(&pos, 0xff00, pick)?;
        put(&mut pos, s, Color::White, PieceKind::Pawn);
    }
    let m = unique_mate(&pos, PieceKind::Rook, Some(7))?;
    Some(mate_in_one(
        &pos,
        m,
        text("Мат на последнем ряду", "Mate on the last row"),
        text(
            "Чёрному королю некуда уйти с последнего ряда. Поставь мат ладьёй в один ход!",
            "The black king can't leave the last row. Give mate with the rook in one move!",
        ),
        text(
            "Ладья ставит мат на последнем ряду, когда королю некуда уйти.",
            "The rook mates on the last row when the king has nowhere to go.",
        ),
    ))
}

/// Mate with two rooks: one holds the row next to the edge, the other mates on the edge.
pub fn two_rooks(pick: Pick) -> Option<Made> {
    let mut pos = Position::empty();
    let j = pick(8) as i32;
    let bk = at(7, j);
    put(&mut pos, bk, Color::Black, PieceKind::King);
    let far: Vec<i32> = (0..8).filter(|a| (a - j).abs() >= 2).collect();
    let a = far[pick(far.len() as u32) as usize];
    put(&mut pos, at(6, a), Color::White, PieceKind::Rook);
    let r = empty_square(&pos, !(0xffu64 << 56), pick)?;
    put(&mut pos, r, Color::White, PieceKind::Rook);
    let wk = empty_square(&pos, !(ring(bk, 1) | ring(bk, 2) | bk.bit()), pick)?;
    put(&mut pos, wk, Color::White, PieceKind::King);
    let pos = turn(&pos, pick(4));
    let m = unique_mate(&pos, PieceKind::Rook, None)?;
    // the mate lands on the black king's edge, and the other rook holds the line next to it
    let k = pos.king(Color::Black)?;
    let edge = |s: Square| if k.i() == 0 || k.i() == 7 { s.i() == k.i() } else { s.j() == k.j() };
    if !edge(m.to) {
        return None;
    }
    Some(mate_in_one(
        &pos,
        m,
        text("Мат двумя ладьями", "Mate with two rooks"),
        text(
            "Одна ладья сторожит ряд, другая ставит мат на краю. Поставь мат в один ход!",
            "One rook guards a row, the other mates on the edge. Give mate in one move!",
        ),
        text(
            "Две ладьи ставят мат по очереди: одна сторожит, другая даёт шах на краю.",
            "Two rooks mate in turns: one guards, the other gives check on the edge.",
        ),
    ))
}

/// The box mate with king and rook against king: the rook holds the black king in a box, and the
/// mate takes exactly `n` moves (1 to 4, drawn from the seed): the last steps of the method.
pub fn box_mate(pick: Pick) -> Option<Made> {
    let n = [1, 2, 2, 3, 3, 3, 3, 4][pick(8) as usize];
    let mut pos = Position::empty();
    let bk = empty_square(&pos, 0xffff_ffff_0000_0000, pick)?;
    put(&mut pos, bk, Color::Black, PieceKind::King);
    let wk_mask = [ring(bk, 2), ring(bk, 2), ring(bk, 3), ring(bk, 4)][pick(4) as usize];
    let wk = empty_square(&pos, wk_mask, pick)?;
    put(&mut pos, wk, Color::White, PieceKind::King);
    let r = empty_square(&pos, !0, pick)?;
    put(&mut pos, r, Color::White, PieceKind::Rook);
    let pos = turn(&if pick(2) == 0 { pos } else { flipped(&pos) }, pick(4));
    // for half the seeds the child plays Black
    let pos = if pick(2) == 0 { pos } else { mirrored(&pos) };
    if !arisen(&pos) || in_check(&pos) {
        return None;
    }
    // the box: the other king off the rook's row and column
    let (r, bk) = (squares_of(&pos, pos.side, PieceKind::Rook)?, pos.king(pos.side.opposite())?);
    if r.i() == bk.i() || r.j() == bk.j() {
        return None;
    }
    if n == 1 {
        let m = unique_mate(&pos, PieceKind::Rook, None)?;
        return Some(mate_in_one(
            &pos,
            m,
            text("Мат ладьёй: последний шаг", "Mate with the rook: the last step"),
            text(
                "Король встал напротив чужого короля. Поставь мат ладьёй в один ход!",
                "Your king stands opposite the other king. Give mate with the rook in one move!",
            ),
            text(
                "Ладья ставит мат на краю, когда её король стоит напротив чужого.",
                "The rook mates on the edge when its king stands opposite the other king.",
            ),
        ));
    }
    if mate_in(&pos, n - 1, RULES) || !mate_in(&pos, n, RULES) {
        return None;
    }
    let first: Vec<Move> = legal(&pos)
        .into_iter()
        .filter(|&m| crate::lesson::search::mated_within(&play_unchecked(&pos, m), n - 1, RULES))
        .collect();
    let m = *first.first()?;
    let kind = pos.piece_at(m.from)?.kind;
    let mut l = lesson(
        &pos,
        text("Мат ладьёй: загони короля", "Mate with the rook: drive the king"),
        text(
            format!("Ладья держит чужого короля в коробке. Поставь мат за {n} хода!"),
            format!("The rook keeps the other king in a box. Give mate in {n} moves!"),
        ),
        Goal::Mate(Mate { moves: n }),
    );
    l.opponent = Opponent::Defender;
    let (piece_ru, piece_en) = if kind == PieceKind::King {
        ("Первый ход — королём.", "The first move is the king's.")
    } else {
        ("Первый ход — ладьёй.", "The first move is the rook's.")
    };
    l.hints = Some(hints(
        m.from,
        &san(&pos, m),
        text(piece_ru, piece_en),
        text(
            format!("{} идёт на {}.", capital(ru_piece(kind, Case::Nom)), m.to),
            format!("The {} goes to {}.", en_piece(kind), m.to),
        ),
    ));
    l.learned = Some(text(
        "Ладья держит короля в коробке, твой король подходит напротив, и ладья ставит мат.",
        "The rook keeps the king in a box, your king comes opposite, and the rook gives mate.",
    ));
    let mut f = features(&pos, &first, stalemating_moves(&pos).len() as u32);
    f.depth = n;
    f.quiet = false;
    Some(Made { lesson: l, features: f })
}

/// `n` pairs of pawns that block each other (a white pawn right below a black one), off the
/// black king's squares: they only take squares, and make each seed's board its own.
fn blocked_pairs(pos: &mut Position, n: u32, pick: Pick) -> Option<()> {
    for _ in 0..n {
        let w = empty_square(pos, 0x0000_00ff_ffff_ff00 & !ring(pos.king(Color::Black)?, 1), pick)?;
        let b = w.offset(1, 0)?;
        if pos.occupied() & b.bit() != 0 {
            return None;
        }
        put(pos, w, Color::White, PieceKind::Pawn);
        put(pos, b, Color::Black, PieceKind::Pawn);
    }
    Some(())
}

/// The square of `color`'s only piece of `kind`.
fn squares_of(pos: &Position, color: Color, kind: PieceKind) -> Option<Square> {
    let bb = pos.pieces(color, kind);
    (bb.count_ones() == 1).then(|| Square::from_index(bb.trailing_zeros() as u8))
}

/// One exercise of a skill of this family: `kind` `queen`, `back-rank`, `two-rooks`, `box`,
/// `not-stalemate` (a mate in one with the queen beside a move that only stalemates) or `minor`
/// (a mate in one with a knight, a bishop or a pawn).
pub fn make(cx: &mut super::Cx) -> Option<super::Draft> {
    let kind = cx.param_str("kind").unwrap_or("queen").to_string();
    let base = cx.skill.bar - 150;
    let rng = &mut cx.rng;
    let pick: Pick = &mut |n| rng.below(n);
    let made = match kind.as_str() {
        "queen" => draw(400, pick, queen)?,
        "back-rank" => draw(400, pick, back_rank)?,
        "two-rooks" => draw(400, pick, two_rooks)?,
        "box" => draw(400, pick, box_mate)?,
        "not-stalemate" => draw(1500, pick, not_stalemate)?,
        "minor" => draw(1500, pick, minor)?,
        _ => return None,
    };
    Some(super::Draft { rating: rate(base, &made.features), lesson: made.lesson })
}

/// Mate, not stalemate: a mate in one with the queen (or the rook) where another move takes every
/// square from the king without check.
pub fn not_stalemate(pick: Pick) -> Option<Made> {
    let mut pos = Position::empty();
    let bk = pick_square(EDGE, &mut |n| pick(n))?;
    put(&mut pos, bk, Color::Black, PieceKind::King);
    let wk = empty_square(&pos, ring(bk, 2), pick)?;
    put(&mut pos, wk, Color::White, PieceKind::King);
    let kind = if pick(3) == 0 { PieceKind::Rook } else { PieceKind::Queen };
    let q = empty_square(&pos, ring(bk, 2) | ring(bk, 3) | ring(bk, 4), pick)?;
    put(&mut pos, q, Color::White, kind);
    let mut pos = turn(&if pick(2) == 0 { pos } else { flipped(&pos) }, pick(4));
    blocked_pairs(&mut pos, 1 + pick(3), pick)?;
    let m = unique_mate(&pos, kind, None)?;
    if stalemating_moves(&pos).is_empty() {
        return None;
    }
    let mut made = mate_in_one(
        &pos,
        m,
        text("Мат, а не пат", "Mate, not stalemate"),
        text("Поставь мат в один ход. Осторожно: если королю некуда ходить, а шаха нет, — это пат, ничья!", "Give mate in one move. Careful: if the king can't move and isn't in check, it's stalemate, a draw!"),
        text("Мат — это шах, от которого не уйти. Без шаха это пат, ничья.", "Mate is a check with no way out. Without check it's stalemate, a draw."),
    );
    made.features.decoys += 2;
    Some(made)
}

/// Mate in one with a knight, a bishop or a pawn (the piece drawn from the seed): the black king
/// on the last row, shut in by its own men (pawns in front of it, a piece beside it), a white
/// helper (the king, a rook or another minor piece) taking a square or two; the only mate is the
/// drawn piece's, and a pawn's is no promotion (that would be a queen's mate).
pub fn minor(pick: Pick) -> Option<Made> {
    use PieceKind::*;
    let kind = [Knight, Knight, Bishop, Bishop, Pawn][pick(5) as usize];
    let mut pos = Position::empty();
    let j = pick(8) as i32;
    let bk = at(7, j);
    put(&mut pos, bk, Color::Black, King);
    // the king's own men: pawns in front of it, now and then a piece beside it
    for dj in -1..=1 {
        if let Some(s) = bk.offset(-1, dj) {
            if pick(4) > 0 {
                put(&mut pos, s, Color::Black, Pawn);
            }
        }
        if let Some(s) = bk.offset(0, dj).filter(|_| dj != 0 && pick(3) == 0) {
            put(&mut pos, s, Color::Black, [Rook, Bishop, Knight][pick(3) as usize]);
        }
    }
    let near = ring(bk, 2) | ring(bk, 3);
    match kind {
        Knight => {
            let n = empty_square(&pos, near | ring(bk, 4), pick)?;
            put(&mut pos, n, Color::White, Knight);
        }
        Bishop => {
            let b = empty_square(&pos, !0, pick)?;
            put(&mut pos, b, Color::White, Bishop);
        }
        _ => {
            // a pawn on the sixth row, two files from the king at most: its step or its capture
            // lands on the seventh row, next to the king
            let row6: u64 = (0..8).filter(|f| (f - j).abs() <= 2).map(|f| at(5, f).bit()).sum();
            let p = empty_square(&pos, row6, pick)?;
            put(&mut pos, p, Color::White, Pawn);
        }
    }
    // the helper: the white king near, or a rook or minor piece anywhere
    match pick(3) {
        0 => {
            let wk = empty_square(&pos, ring(bk, 2), pick)?;
            put(&mut pos, wk, Color::White, King);
        }
        _ => {
            let wk = empty_square(&pos, !(near | ring(bk, 1)), pick)?;
            put(&mut pos, wk, Color::White, King);
            let h = empty_square(&pos, !0, pick)?;
            put(&mut pos, h, Color::White, [Rook, Rook, Bishop, Knight][pick(4) as usize]);
        }
    }
    // a black piece or pawn elsewhere, now and then: more to look at
    if pick(2) == 0 {
        let s = empty_square(&pos, 0x00ff_ffff_ff00_0000, pick)?;
        put(&mut pos, s, Color::Black, [Pawn, Pawn, Knight, Bishop][pick(4) as usize]);
    }
    let pos = if pick(2) == 0 { pos } else { flipped(&pos) };
    let m = unique_mate(&pos, kind, None)?;
    if m.promotion.is_some() {
        return None;
    }
    let (title, intro, learned) = match kind {
        Knight => (
            text("Мат конём", "Mate with the knight"),
            text("Поставь мат конём в один ход!", "Give mate with the knight in one move!"),
            text(
                "Конь прыгает через фигуры: он ставит мат, когда короля заперли его же фигуры.",
                "The knight jumps over pieces: it mates when the king is shut in by its own men.",
            ),
        ),
        Bishop => (
            text("Мат слоном", "Mate with the bishop"),
            text("Поставь мат слоном в один ход!", "Give mate with the bishop in one move!"),
            text(
                "Слон ставит мат по диагонали, когда все клетки короля заняты или под ударом.",
                "The bishop mates on a diagonal when the king's squares are all taken or attacked.",
            ),
        ),
        _ => (
            text("Мат пешкой", "Mate with a pawn"),
            text("Поставь мат пешкой в один ход!", "Give mate with a pawn in one move!"),
            text(
                "Даже пешка ставит мат, когда королю некуда уйти.",
                "Even a pawn gives mate when the king has nowhere to go.",
            ),
        ),
    };
    Some(mate_in_one(&pos, m, title, intro, learned))
}

#[cfg(test)]
mod tests {
    use super::super::common::testing::position;
    use super::*;
    use crate::practice::tests::prove_skill;
    use crate::practice::Exercise;

    /// A mate in one with exactly one mating move, made by `kind`; `edge`: it lands on the black
    /// king's edge row or column.
    fn one_mate(ex: &Exercise, kind: PieceKind, edge: bool) -> Result<Move, String> {
        let pos = position(ex);
        if !matches!(ex.lesson.goal, Goal::Mate(Mate { moves: 1 })) {
            return Err("not a mate in one".into());
        }
        if !arisen(&pos) || in_check(&pos) {
            return Err("could not have arisen".into());
        }
        let mates = mating_moves(&pos);
        let [m] = mates[..] else { return Err(format!("{} mating moves", mates.len())) };
        if pos.piece_at(m.from).map(|p| p.kind) != Some(kind) {
            return Err("another piece mates".into());
        }
        let k = pos.king(pos.side.opposite()).ok_or("a king")?;
        let on_edge = (k.i() == 0 || k.i() == 7) && m.to.i() == k.i()
            || (k.j() == 0 || k.j() == 7) && m.to.j() == k.j();
        if edge && !on_edge {
            return Err("the mate is not on the edge".into());
        }
        Ok(m)
    }

    #[test]
    fn practice_gen_mate_queen() {
        prove_skill("mate-queen", |ex| one_mate(ex, PieceKind::Queen, false).map(|_| ()));
    }

    #[test]
    fn practice_gen_mate_back_rank() {
        prove_skill("mate-back-rank", |ex| {
            let m = one_mate(ex, PieceKind::Rook, true)?;
            if m.to.i() != 7 {
                return Err("not on the last row".into());
            }
            Ok(())
        });
    }

    #[test]
    fn practice_gen_mate_knight_bishop_pawn() {
        let by_kind = std::cell::Cell::new([0usize; 3]);
        prove_skill("mate-knight-bishop-pawn", |ex| {
            let pos = position(ex);
            let kind =
                pos.piece_at(mating_moves(&pos).first().ok_or("no mate")?.from).ok_or("?")?.kind;
            let m = one_mate(ex, kind, false)?;
            if m.promotion.is_some() {
                return Err("a promotion mates".into());
            }
            let k = match kind {
                PieceKind::Knight => 0,
                PieceKind::Bishop => 1,
                PieceKind::Pawn => 2,
                _ => return Err("not a knight, a bishop or a pawn".into()),
            };
            // the title names the piece that mates
            let title = ex.lesson.title.en();
            if !title.contains(en_piece(kind)) {
                return Err(format!("{title}: not the {}", en_piece(kind)));
            }
            let mut counts = by_kind.get();
            counts[k] += 1;
            by_kind.set(counts);
            Ok(())
        });
        // each piece mates in a good share of the seeds
        let n = crate::practice::tests::seeds() as usize;
        let counts = by_kind.get();
        assert!(counts.iter().all(|&c| c * 10 >= n), "{counts:?}");
    }

    #[test]
    fn practice_gen_mate_two_rooks() {
        prove_skill("mate-two-rooks", |ex| {
            one_mate(ex, PieceKind::Rook, true)?;
            if position(ex).pieces(Color::White, PieceKind::Rook).count_ones() != 2 {
                return Err("not two rooks".into());
            }
            Ok(())
        });
    }

    #[test]
    fn practice_gen_stalemate_avoid() {
        prove_skill("stalemate-avoid", |ex| {
            let pos = position(ex);
            let mates = mating_moves(&pos);
            let [m] = mates[..] else { return Err(format!("{} mating moves", mates.len())) };
            if !matches!(
                pos.piece_at(m.from).map(|p| p.kind),
                Some(PieceKind::Queen | PieceKind::Rook)
            ) {
                return Err("another piece mates".into());
            }
            // every move that only stalemates has its words, which say it is a draw
            let stalemates = stalemating_moves(&pos);
            if stalemates.is_empty() {
                return Err("no stalemate beside the mate".into());
            }
            for s in stalemates {
                let said = ex.lesson.feedback.iter().any(|f| {
                    crate::notation::parse_move(&pos, &f.mv, RULES).ok() == Some(s)
                        && f.result == Some(EndResult::Draw)
                });
                if !said {
                    return Err(format!("{} stalemates unsaid", s.uci()));
                }
            }
            Ok(())
        });
    }

    #[test]
    fn practice_gen_mate_box() {
        prove_skill("mate-box", |ex| {
            let pos = position(ex);
            let Goal::Mate(Mate { moves: n }) = ex.lesson.goal else {
                return Err("not a mate".into());
            };
            // king and rook against king, the black king off the rook's lines (in its box)
            let men = pos.occupied().count_ones();
            let r = squares_of(&pos, pos.side, PieceKind::Rook).ok_or("one rook")?;
            let k = pos.king(pos.side.opposite()).ok_or("a king")?;
            if men != 3 || r.i() == k.i() || r.j() == k.j() {
                return Err("not a box".into());
            }
            if n == 1 {
                return one_mate(ex, PieceKind::Rook, true).map(|_| ());
            }
            if !(2..=4).contains(&n) || mate_in(&pos, n - 1, RULES) || !mate_in(&pos, n, RULES) {
                return Err(format!("not a mate in exactly {n}"));
            }
            Ok(())
        });
    }
}
