//! What the generators of this folder share: placing pieces, the proofs every exercise passes
//! (the position could have arisen; the doctor's groups of every legal move; mates counted
//! exactly), and the words for pieces and squares in both languages.

use crate::board::{squares, Bitboard, Color, Piece, PieceKind, Position, Square};
use crate::lesson::doctor::{
    sort_moves_unless, sort_winning_unless, MoveGroup, SortedMove, ANSWER_MARGIN,
};
use crate::lesson::Text;
use crate::movement::tables;
use crate::notation::to_san;
use crate::rules::{
    count_legal_moves, in_check, is_attacked, legal_moves, play_unchecked, Move, MoveList, Rules,
};

pub(crate) const RULES: Rules = Rules::STANDARD;

/// The square `(i, j)`; both within the board.
pub(crate) fn at(i: i32, j: i32) -> Square {
    Square::from_ij(i, j).expect("a square on the board")
}

/// A square of `mask` drawn by `pick(n)` (a number below `n`), or `None` when the mask is empty.
pub(crate) fn pick_square(mask: Bitboard, pick: &mut impl FnMut(u32) -> u32) -> Option<Square> {
    let n = mask.count_ones();
    if n == 0 {
        return None;
    }
    squares(mask).nth(pick(n) as usize)
}

/// Put a piece of `color` and `kind` on `sq`.
pub(crate) fn put(pos: &mut Position, sq: Square, color: Color, kind: PieceKind) {
    pos.put(sq, Piece::new(color, kind));
}

/// The squares the piece on `sq` attacks (a pawn: the two it captures on), `0` on an empty square.
pub(crate) fn attacks_from(pos: &Position, sq: Square) -> Bitboard {
    match pos.piece_at(sq) {
        Some(p) => tables().attacks(p.kind, p.color, sq, pos.occupied()),
        None => 0,
    }
}

/// The legal moves of the side to move.
pub(crate) fn legal(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    legal_moves(pos, RULES, &mut list);
    list
}

/// The move in SAN.
pub(crate) fn san(pos: &Position, m: Move) -> String {
    to_san(pos, m, RULES)
}

/// Whether the side not to move has a plausible last move: one of its pieces could have come
/// to its square from an empty square (a pawn one step back, or two from its first row), and
/// before that move the side to move was not in check. Captures are not taken back (a position
/// that needs one is refused: the generators never need it).
pub(crate) fn has_last_move(pos: &Position) -> bool {
    let them = pos.side.opposite();
    let us = pos.side;
    let Some(our_king) = pos.king(us) else { return false };
    let occ = pos.occupied();
    for to in squares(pos.color_bb(them)) {
        let kind = pos.piece_at(to).expect("a piece").kind;
        let froms: Bitboard = if kind == PieceKind::Pawn {
            let back = -them.forward();
            let mut f = 0;
            if let Some(one) = to.offset(back, 0).filter(|s| occ & s.bit() == 0) {
                if one.i() != them.home_row() {
                    f |= one.bit();
                }
                if to.i() as i32 == them.pawn_row() as i32 + 2 * them.forward() {
                    if let Some(two) = to.offset(2 * back, 0).filter(|s| occ & s.bit() == 0) {
                        f |= two.bit();
                    }
                }
            }
            f
        } else {
            tables().attacks(kind, them, to, occ) & !occ
        };
        for from in squares(froms) {
            let mut before = *pos;
            before.remove(to);
            put(&mut before, from, them, kind);
            before.side = them;
            if !is_attacked(&before, our_king, them, before.occupied()) {
                return true;
            }
        }
    }
    false
}

/// The position could have arisen in a game: legal (pawns off the edge rows, the side not to
/// move not in check, so the kings apart), both kings on the board, and a plausible last move.
pub(crate) fn arisen(pos: &Position) -> bool {
    pos.validate().is_ok()
        && pos.king(Color::White).is_some()
        && pos.king(Color::Black).is_some()
        && !crate::rules::insufficient_material(pos)
        && count_legal_moves(pos, RULES) > 0
        && has_last_move(pos)
}

/// Whether the side to move is mated.
pub(crate) fn is_mate(pos: &Position) -> bool {
    in_check(pos) && count_legal_moves(pos, RULES) == 0
}

/// Whether the side to move is stalemated.
pub(crate) fn is_stalemate(pos: &Position) -> bool {
    !in_check(pos) && count_legal_moves(pos, RULES) == 0
}

/// The moves that mate at once.
pub(crate) fn mating_moves(pos: &Position) -> Vec<Move> {
    legal(pos).into_iter().filter(|&m| is_mate(&play_unchecked(pos, m))).collect()
}

/// The moves that stalemate at once.
pub(crate) fn stalemating_moves(pos: &Position) -> Vec<Move> {
    legal(pos).into_iter().filter(|&m| is_stalemate(&play_unchecked(pos, m))).collect()
}

/// The doctor's verdict on every legal move ([`crate::lesson::doctor::sort_moves`]) and the
/// right answers: every move of the best move's group (for moves that only keep the balance,
/// those within [`ANSWER_MARGIN`] of the best), exactly as the doctor will accept them.
pub(crate) struct Verdict {
    pub sorted: Vec<SortedMove>,
    /// How many of `sorted` (its first ones) are right.
    pub right: usize,
}

impl Verdict {
    /// The verdict, or `None` as soon as one move's verdict makes `stop` true (the generator
    /// throws such a position away: no need to search its other moves). The moves of `first`
    /// are searched first. When made, the verdict of the doctor's whole sort.
    pub fn unless(
        pos: &Position,
        first: &[Move],
        stop: impl FnMut(&SortedMove) -> bool,
    ) -> Option<Verdict> {
        Verdict::of(sort_moves_unless(pos, RULES, first, stop)?)
    }
    /// [`Verdict::unless`] for a position of use only when some move mates or wins material
    /// (`None` also when none does): every other move is proved to win nothing, without its
    /// exact score ([`sort_winning_unless`]); the caller reads no other move's score or group
    /// beyond that.
    pub fn winning_unless(
        pos: &Position,
        first: &[Move],
        stop: impl FnMut(&SortedMove) -> bool,
    ) -> Option<Verdict> {
        Verdict::of(sort_winning_unless(pos, RULES, first, stop)?)
    }
    fn of(sorted: Vec<SortedMove>) -> Option<Verdict> {
        let best = sorted.first()?.clone();
        let right = sorted
            .iter()
            .take_while(|s| {
                same_group(s.group, best.group)
                    && (best.group != MoveGroup::Balance || s.score >= best.score - ANSWER_MARGIN)
            })
            .count();
        Some(Verdict { sorted, right })
    }
    pub fn best(&self) -> MoveGroup {
        self.sorted[0].group
    }
    pub fn answers(&self) -> &[SortedMove] {
        &self.sorted[..self.right]
    }
    pub fn others(&self) -> &[SortedMove] {
        &self.sorted[self.right..]
    }
    /// Whether a move mates or wins material.
    pub fn wins(s: &SortedMove) -> bool {
        matches!(s.group, MoveGroup::Mates(_) | MoveGroup::Wins { .. })
    }
    /// Whether a move other than the answers wins material or mates.
    pub fn other_wins(&self) -> bool {
        self.others()
            .iter()
            .any(|s| matches!(s.group, MoveGroup::Mates(_) | MoveGroup::Wins { .. }))
    }
}

/// Whether two moves are in exactly the same group: the same mate, or a win of the same kind of
/// piece (a knight and a bishop are the same worth, but `accept` names the piece).
pub(crate) fn same_group(a: MoveGroup, b: MoveGroup) -> bool {
    match (a, b) {
        (MoveGroup::Wins { piece: p, .. }, MoveGroup::Wins { piece: q, .. }) => p == q,
        _ => a.same(b),
    }
}

/// The squares of `side`'s pieces (the king excepted) the other side wins by an exchange now.
pub(crate) fn hanging(pos: &Position, side: Color) -> Bitboard {
    let mine = pos.color_bb(side) & !pos.kind_bb(PieceKind::King);
    squares(mine)
        .filter(|&s| crate::exchange::gain(pos, s, side.opposite()) > 0)
        .fold(0, |b, s| b | s.bit())
}

/// Whether the piece on `sq` is defended by its own side (with the board as it is).
pub(crate) fn defended(pos: &Position, sq: Square) -> bool {
    let Some(p) = pos.piece_at(sq) else { return false };
    let mut without = *pos;
    without.remove(sq);
    crate::rules::attackers(&without, sq, p.color, pos.occupied()) & pos.color_bb(p.color) != 0
}

/// The position with colours swapped and the board turned upside down (rank 1 ↔ rank 8): the
/// same exercise for the other side.
pub(crate) fn mirrored(pos: &Position) -> Position {
    let mut out = Position::empty();
    for (s, p) in pos.all_pieces() {
        put(&mut out, at(7 - s.i() as i32, s.j() as i32), p.color.opposite(), p.kind);
    }
    out.side = pos.side.opposite();
    out
}

/// The position turned left to right (files a ↔ h): every exercise without pawns' direction
/// or castling stays the same exercise.
pub(crate) fn flipped(pos: &Position) -> Position {
    let mut out = *pos;
    out.by_kind = [0; 6];
    out.by_color = [0; 2];
    for (s, p) in pos.all_pieces() {
        put(&mut out, at(s.i() as i32, 7 - s.j() as i32), p.color, p.kind);
    }
    out
}

/// A text in both languages.
pub(crate) fn text(ru: impl Into<String>, en: impl Into<String>) -> Text {
    Text::new([("ru", ru.into()), ("en", en.into())])
}

/// How a Russian sentence needs a piece's name.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Case {
    /// кто? что? (ферзь)
    Nom,
    /// кого? что? (ферзя)
    Acc,
}

/// A piece's name in Russian, in a case.
pub(crate) fn ru_piece(kind: PieceKind, case: Case) -> &'static str {
    use Case::*;
    use PieceKind::*;
    match (kind, case) {
        (Pawn, Nom) => "пешка",
        (Pawn, Acc) => "пешку",
        (Knight, Nom) => "конь",
        (Knight, Acc) => "коня",
        (Bishop, Nom) => "слон",
        (Bishop, Acc) => "слона",
        (Rook, Nom) => "ладья",
        (Rook, Acc) => "ладью",
        (Queen, Nom) => "ферзь",
        (Queen, Acc) => "ферзя",
        (King, Nom) => "король",
        (King, Acc) => "короля",
    }
}

/// A piece's name in English.
pub(crate) fn en_piece(kind: PieceKind) -> &'static str {
    kind.name()
}

/// The piece a letter stands for (either case; none, or another letter: the pawn, which has no
/// letter in notation), named: (Russian, English).
pub(crate) fn piece_words(letter: char) -> (&'static str, &'static str) {
    let kind = PieceKind::from_letter(letter).unwrap_or(PieceKind::Pawn);
    (ru_piece(kind, Case::Nom), en_piece(kind))
}

/// The features an exercise's first rating is made from (see the rating function).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Features {
    /// Pieces on the board, kings included.
    pub pieces: u32,
    /// The child's legal moves.
    pub legal: u32,
    /// The right moves.
    pub right: u32,
    /// Moves to the goal (1 for a one-move exercise).
    pub depth: u32,
    /// The answer is quiet: no capture, no check.
    pub quiet: bool,
    /// Decoys: wrong moves that look right (another capture, another check, a mate-like move
    /// that stalemates…).
    pub decoys: u32,
}

/// The features of a one-move exercise: the answers and the moves that look like them.
pub(crate) fn features(pos: &Position, answers: &[Move], decoys: u32) -> Features {
    let quiet = answers.iter().all(|&m| !m.capture && !in_check(&play_unchecked(pos, m)));
    Features {
        pieces: pos.occupied().count_ones(),
        legal: legal(pos).len() as u32,
        right: answers.len() as u32,
        depth: 1,
        quiet,
        decoys,
    }
}

/// An exercise as a generator makes it: the lesson (its `id`, `skill` and `rating` are set by
/// the caller) and the features its rating is made from.
pub struct Made {
    pub lesson: crate::lesson::Lesson,
    pub features: Features,
}

/// A lesson with White to move in `pos`, its title, intro and goal; the rest left empty.
pub(crate) fn lesson(
    pos: &Position,
    title: Text,
    intro: Text,
    goal: crate::lesson::Goal,
) -> crate::lesson::Lesson {
    crate::lesson::Lesson {
        schema: None,
        id: String::new(),
        title,
        intro,
        pieces: None,
        position: crate::lesson::PositionText::Fen(crate::notation::to_fen(pos)),
        rules: crate::lesson::RulesName::Standard,
        student: if pos.side == Color::White {
            crate::lesson::Side::White
        } else {
            crate::lesson::Side::Black
        },
        goal,
        opponent: crate::lesson::Opponent::None,
        hints: None,
        feedback: Vec::new(),
        shapes: Vec::new(),
        par: None,
        learned: None,
        audio: Default::default(),
        skill: None,
        rating: None,
    }
}

/// Hints: the piece on `from`, then the move, with their words.
pub(crate) fn hints(
    from: Square,
    mv: &str,
    piece_text: Text,
    move_text: Text,
) -> crate::lesson::Hints {
    crate::lesson::Hints {
        piece: from.to_string(),
        mv: mv.to_string(),
        piece_text: Some(piece_text),
        move_text: Some(move_text),
    }
}

/// A feedback on a move.
pub(crate) fn feedback(
    mv: &str,
    text: Text,
    result: Option<crate::lesson::EndResult>,
) -> crate::lesson::Feedback {
    crate::lesson::Feedback { mv: mv.to_string(), text, result }
}

/// An arrow on the board.
pub(crate) fn arrow(
    from: Square,
    to: Square,
    color: crate::lesson::ShapeColor,
) -> crate::lesson::Shape {
    crate::lesson::Shape::Arrow { from: from.to_string(), to: to.to_string(), color }
}

/// A highlighted square.
pub(crate) fn highlight(square: Square, color: crate::lesson::ShapeColor) -> crate::lesson::Shape {
    crate::lesson::Shape::Highlight { square: square.to_string(), color }
}

/// The position turned a quarter round (a1 → a8 → h8 …): for positions without pawns, the
/// same exercise on another edge.
pub(crate) fn rotated(pos: &Position) -> Position {
    let mut out = *pos;
    out.by_kind = [0; 6];
    out.by_color = [0; 2];
    for (s, p) in pos.all_pieces() {
        put(&mut out, at(s.j() as i32, 7 - s.i() as i32), p.color, p.kind);
    }
    out
}

/// A number below `n`, from the seed's random numbers.
pub(crate) type Pick<'a> = &'a mut dyn FnMut(u32) -> u32;

/// A random empty square of `mask`.
pub(crate) fn empty_square(pos: &Position, mask: Bitboard, pick: Pick) -> Option<Square> {
    pick_square(mask & !pos.occupied(), &mut |n| pick(n))
}

/// The squares at king distance exactly `d` from `s`.
pub(crate) fn ring(s: Square, d: i32) -> Bitboard {
    let mut bb = 0;
    for di in -d..=d {
        for dj in -d..=d {
            if di.abs().max(dj.abs()) == d {
                if let Some(t) = s.offset(di, dj) {
                    bb |= t.bit();
                }
            }
        }
    }
    bb
}

/// The rows a pawn may stand on.
pub(crate) const PAWN_ROWS: Bitboard = 0x00ff_ffff_ffff_ff00;

/// Put `count` pieces of `color`, each of a kind drawn from `kinds`, on empty squares of `mask`
/// (pawns only on rows 2 to 7).
pub(crate) fn scatter(
    pos: &mut Position,
    color: Color,
    count: u32,
    kinds: &[PieceKind],
    mask: Bitboard,
    pick: Pick,
) -> Option<()> {
    for _ in 0..count {
        let kind = kinds[pick(kinds.len() as u32) as usize];
        let m = if kind == PieceKind::Pawn { mask & PAWN_ROWS } else { mask };
        let s = empty_square(pos, m, pick)?;
        put(pos, s, color, kind);
    }
    Some(())
}

/// Draw candidates until `f` makes one (at most `tries` draws): the cheap tests of a generator
/// run many times for each expensive proof.
pub(crate) fn draw<T>(tries: u32, pick: Pick, mut f: impl FnMut(Pick) -> Option<T>) -> Option<T> {
    (0..tries).find_map(|_| f(pick))
}

/// The first rating of an exercise (Elo scale) from its features, around the skill's `base`:
/// more pieces and moves to look at, fewer right moves, a longer or quieter answer and more
/// decoys make it harder.
pub(crate) fn rate(base: i32, f: &Features) -> i32 {
    let pieces = (f.pieces as i32 - 4).clamp(0, 16) * 10;
    let legal = (f.legal as i32 - 12).clamp(-10, 30) * 4;
    let right = -((f.right as i32 - 1).clamp(0, 6) * 35);
    let depth = (f.depth as i32 - 1).clamp(0, 4) * 220;
    let quiet = if f.quiet { 90 } else { 0 };
    let decoys = (f.decoys as i32).clamp(0, 6) * 35;
    base + pieces + legal + right + depth + quiet + decoys
}

/// For the families' tests: an exercise's position and its answers as moves.
#[cfg(test)]
pub(crate) mod testing {
    use crate::board::Position;
    use crate::practice::Exercise;
    use crate::rules::Move;

    pub fn position(ex: &Exercise) -> Position {
        crate::notation::parse_position(&ex.lesson.position.text()).expect("a position")
    }

    /// The answers of a `best_move` exercise, as moves of its position.
    pub fn answers(ex: &Exercise) -> Result<Vec<Move>, String> {
        let crate::lesson::Goal::BestMove(g) = &ex.lesson.goal else {
            return Err("not a best move".into());
        };
        let pos = position(ex);
        let rules = ex.lesson.rules.rules();
        g.answers
            .iter()
            .map(|a| crate::notation::parse_move(&pos, a, rules).map_err(|e| format!("{a}: {e}")))
            .collect()
    }
}
