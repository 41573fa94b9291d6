//! The doctor's searches, used by the doctor, the goals' hints and the studio's par: the
//! fewest moves of a drill (breadth first, chess and piece sets), forced mates and checks with a
//! budget, and the fewest moves to force a win against the stubborn defender (the endgame
//! solver's distances as a bound). Imports nothing of the lesson layer.

use crate::board::{Color, PieceKind, Position, Square};
use crate::endgame::{Endgame, EndgameError, Wdl};
use crate::rules::{legal_moves, play_unchecked, MoveKind, MoveList, Rules};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::VecDeque;

/// The most positions a drill search looks at before it gives up.
pub const SEARCH_LIMIT: usize = 100_000;
/// The most moves a drill search looks ahead.
pub const DEPTH_LIMIT: u32 = 24;

/// What a drill counts towards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Drill {
    Stars(Vec<Square>),
    CaptureAll,
    Reach {
        target: Square,
        from: Option<Square>,
    },
    Promote,
    /// Attack the enemy king, which stands on this square and never moves.
    Check(Square),
}

/// A search for a forced check with a budget of positions: the side to move gives check within
/// `n` of its moves whatever the other side replies.
pub struct CheckSearch {
    rules: Rules,
    left: u64,
}

impl CheckSearch {
    pub fn new(rules: Rules) -> CheckSearch {
        CheckSearch { rules, left: MATE_BUDGET }
    }

    /// Whether the budget ran out (then a `false` answer proves nothing).
    pub fn exhausted(&self) -> bool {
        self.left == 0
    }

    /// Whether the side to move can force a check within `n` of its moves.
    pub fn check_in(&mut self, pos: &Position, n: u32) -> bool {
        if n == 0 || self.left == 0 {
            return false;
        }
        self.left -= 1;
        let mut list = MoveList::new();
        legal_moves(pos, self.rules, &mut list);
        let after: Vec<Position> = list.iter().map(|&m| play_unchecked(pos, m)).collect();
        if after.iter().any(crate::rules::in_check) {
            return true;
        }
        n > 1 && after.iter().any(|p| self.checked_within(p, n - 1))
    }

    /// Whether, whatever the side to move replies, the other side then gives check within `n`
    /// moves. A side with no move (stalemate) ends the game without a check.
    pub fn checked_within(&mut self, pos: &Position, n: u32) -> bool {
        let mut list = MoveList::new();
        legal_moves(pos, self.rules, &mut list);
        !list.is_empty() && list.iter().all(|&r| self.check_in(&play_unchecked(pos, r), n))
    }
}

/// The fewest moves from `start` to a state where `done` holds, `next` giving the moves and the
/// states one move away, or `None` when the search gives up ([`DEPTH_LIMIT`], [`SEARCH_LIMIT`]):
/// a breadth-first search that visits each state (by its `key`) once, remembering the first move
/// of the shortest way found (`None` when `start` is already done). With `only`, the way must
/// begin with that move (is it on a shortest way? compare the two counts). The drills of chess
/// and of lessons with a piece set, and the hints in them, are searched by it.
///
/// A state is tested when it is first reached, not when its turn in the queue comes: the first
/// state found done is the one the queue would have handed out first (every state before it in
/// the queue was tested already), so the answer is the same, without expanding the rest of the
/// level before it.
pub fn first_step<S, K: std::hash::Hash + Eq, M: Copy + PartialEq>(
    start: S,
    key: impl Fn(&S) -> K,
    done: impl Fn(&S) -> bool,
    next: impl Fn(&S) -> Vec<(M, S)>,
    only: Option<M>,
) -> Option<(u32, Option<M>)> {
    let mut seen: FxHashSet<K> = FxHashSet::default();
    let mut queue = VecDeque::new();
    seen.insert(key(&start));
    queue.push_back((start, 0u32, None::<M>));
    while let Some((state, depth, first)) = queue.pop_front() {
        if done(&state) {
            return Some((depth, first));
        }
        if depth >= DEPTH_LIMIT || seen.len() > SEARCH_LIMIT {
            continue;
        }
        for (m, n) in next(&state) {
            if depth == 0 && only.is_some_and(|o| o != m) {
                continue;
            }
            if seen.insert(key(&n)) {
                if done(&n) {
                    return Some((depth + 1, first.or(Some(m))));
                }
                queue.push_back((n, depth + 1, first.or(Some(m))));
            }
        }
    }
    None
}

/// The fewest moves the child needs, moving again and again (no opponent), or `None`.
pub fn drill(start: &Position, student: Color, rules: Rules, goal: &Drill) -> Option<u32> {
    drill_step(start, student, rules, goal, None).map(|(d, _)| d)
}

/// The fewest moves the child needs and the first move of such a way (`None` when the goal is
/// reached already), or `None`; with `only`, the way must begin with that move.
pub fn drill_step(
    start: &Position,
    student: Color,
    rules: Rules,
    goal: &Drill,
    only: Option<crate::rules::Move>,
) -> Option<(u32, Option<crate::rules::Move>)> {
    // the same drill searched again (a practice drill's par found by its generator, then proved
    // by the checker) takes the last searches' answer: the search is a pure function of these.
    // Not in the browser's packages: there its bytes cost more than the second search (a few
    // milliseconds since states are tested when first reached)
    if cfg!(target_arch = "wasm32") {
        return drill_step_now(start, student, rules, goal, only);
    }
    let key = (*start, student, rules, goal.clone(), only);
    if let Some(hit) = DRILLS.with(|c| c.borrow().iter().find(|(k, _)| *k == key).map(|(_, v)| *v))
    {
        return hit;
    }
    let out = drill_step_now(start, student, rules, goal, only);
    DRILLS.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= DRILLS_KEPT {
            c.remove(0);
        }
        c.push((key, out));
    });
    out
}

/// How many of the last drill searches [`drill_step`] keeps.
const DRILLS_KEPT: usize = 8;

/// A drill search's arguments and its answer.
type DrillEntry = (
    (Position, Color, Rules, Drill, Option<crate::rules::Move>),
    Option<(u32, Option<crate::rules::Move>)>,
);

thread_local! {
    static DRILLS: std::cell::RefCell<Vec<DrillEntry>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// [`drill_step`], searched.
fn drill_step_now(
    start: &Position,
    student: Color,
    rules: Rules,
    goal: &Drill,
    only: Option<crate::rules::Move>,
) -> Option<(u32, Option<crate::rules::Move>)> {
    let normal = |p: &Position| Position {
        side: student,
        en_passant: None,
        halfmove_clock: 0,
        fullmove: 1,
        ..*p
    };
    // The state: the position and a progress word (stars collected, or the tracked piece's square).
    let first_word = match goal {
        Drill::Reach { from: Some(f), .. } => f.index() as u64,
        _ => 0,
    };
    let done = |&(p, word): &(Position, u64)| match goal {
        Drill::Stars(stars) => word.count_ones() as usize == stars.len(),
        Drill::CaptureAll => p.color_bb(student.opposite()) & !p.kind_bb(PieceKind::King) == 0,
        Drill::Reach { target, from } => match from {
            Some(_) => word == target.index() as u64,
            None => p.color_bb(student) & target.bit() != 0,
        },
        Drill::Promote => word == 1,
        Drill::Check(king) => crate::rules::attackers(&p, *king, student, p.occupied()) != 0,
    };
    let next = |&(pos, word): &(Position, u64)| {
        let mut list = MoveList::new();
        legal_moves(&pos, rules, &mut list);
        list.iter()
            .map(|&m| {
                let next_word = match goal {
                    Drill::Stars(stars) => {
                        word | stars
                            .iter()
                            .enumerate()
                            .filter(|(_, &s)| s == m.to)
                            .fold(0, |w, (k, _)| w | 1 << k)
                    }
                    // A tracked piece that is taken can no longer reach anything.
                    Drill::Reach { from: Some(_), .. } if word == m.from.index() as u64 => {
                        m.to.index() as u64
                    }
                    Drill::Promote if m.kind == MoveKind::Promotion => 1,
                    _ => word,
                };
                (m, (normal(&play_unchecked(&pos, m)), next_word))
            })
            .collect()
    };
    first_step((normal(start), first_word), |s| *s, done, next, only)
}

/// How many positions a mate proof may look at before the doctor gives up on it.
const MATE_BUDGET: u64 = 3_000_000;

/// A mate search with a budget of positions.
pub struct MateSearch {
    rules: Rules,
    left: u64,
}

impl MateSearch {
    pub fn new(rules: Rules) -> MateSearch {
        MateSearch { rules, left: MATE_BUDGET }
    }

    /// Whether the budget ran out (then a `false` answer proves nothing).
    pub fn exhausted(&self) -> bool {
        self.left == 0
    }

    /// Whether the side to move can force mate in at most `n` of its moves.
    pub fn mate_in(&mut self, pos: &Position, n: u32) -> bool {
        if n == 0 || self.left == 0 {
            return false;
        }
        self.left -= 1;
        let mut list = MoveList::new();
        legal_moves(pos, self.rules, &mut list);
        // Checks first: most mates are.
        let mut ordered: Vec<(bool, Position)> = list
            .iter()
            .map(|&m| play_unchecked(pos, m))
            .map(|p| (!crate::rules::in_check(&p), p))
            .collect();
        ordered.sort_by_key(|(quiet, _)| *quiet);
        // In the last move only a check can mate.
        ordered
            .into_iter()
            .filter(|(quiet, _)| n > 1 || !quiet)
            .any(|(_, p)| self.mated_within(&p, n - 1))
    }

    /// Whether the side to move is mated now or, whatever it plays, within `n` more moves of the other side.
    pub fn mated_within(&mut self, pos: &Position, n: u32) -> bool {
        let mut list = MoveList::new();
        legal_moves(pos, self.rules, &mut list);
        if list.is_empty() {
            return crate::rules::in_check(pos);
        }
        n > 0 && list.iter().all(|&r| self.mate_in(&play_unchecked(pos, r), n))
    }
}

/// Whether the side to move can force mate in at most `n` of its moves (within the budget).
pub fn mate_in(pos: &Position, n: u32, rules: Rules) -> bool {
    MateSearch::new(rules).mate_in(pos, n)
}

/// Whether the side to move is mated now or within `n` more moves of the other side (within the budget).
pub fn mated_within(pos: &Position, n: u32, rules: Rules) -> bool {
    MateSearch::new(rules).mated_within(pos, n)
}

/// What a solver lesson's search counts towards.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Aim {
    /// Promote a pawn (a mate counts too).
    Promote,
    /// Give mate.
    Mate,
}

/// The most positions the search against the stubborn defender looks at before it gives up.
const SOLVER_SEARCH_LIMIT: usize = 400_000;

/// The fewest moves the side to move (winning) needs to reach `aim` whatever the defender
/// replies: the defender may play any legal move, so it is the one that delays longest among its
/// losing replies, not only the solver's own pick ([`Endgame::best_move`]); the child plays only
/// moves that keep the win. `None` if the search ran out of its budget (or the side to move does
/// not win). Iterative deepening over the number of moves `k`, with a table of what was proved:
/// the solver's distance to conversion (its next promotion, capture or mate) never overestimates
/// the moves still needed, so a position whose distance needs more than `k` moves is cut at once.
pub fn fewest_moves_to_force(
    eg: &Endgame,
    start: &Position,
    aim: Aim,
) -> Result<Option<u32>, EndgameError> {
    let first = eg.probe(start)?;
    if first.result != Wdl::Win {
        return Ok(None);
    }
    let mut search = Forcing { eg, aim, known: FxHashMap::default(), visited: 0 };
    let start = Forcing::norm(start);
    for k in first.distance.div_ceil(2).max(1)..=DEPTH_LIMIT {
        match search.wins_within(&start, k)? {
            Some(true) => return Ok(Some(k)),
            Some(false) => {}
            None => return Ok(None),
        }
    }
    Ok(None)
}

/// The search of [`fewest_moves_to_force`].
struct Forcing<'a> {
    eg: &'a Endgame,
    aim: Aim,
    /// Per position (the winner to move): the fewest moves proved enough, and the most proved
    /// not enough.
    known: FxHashMap<Position, (u32, u32)>,
    visited: usize,
}

impl Forcing<'_> {
    fn norm(p: &Position) -> Position {
        Position { halfmove_clock: 0, fullmove: 1, ..*p }
    }

    /// Whether the winner to move reaches the aim within `k` moves against every reply; `None`
    /// when the budget ran out.
    fn wins_within(&mut self, pos: &Position, k: u32) -> Result<Option<bool>, EndgameError> {
        let (enough, short) = self.known.get(pos).copied().unwrap_or((u32::MAX, 0));
        if k >= enough {
            return Ok(Some(true));
        }
        if k <= short || k == 0 {
            return Ok(Some(false));
        }
        let v = self.eg.probe(pos)?;
        if v.result != Wdl::Win || v.distance.div_ceil(2) > k {
            return Ok(Some(false));
        }
        self.visited += 1;
        if self.visited > SOLVER_SEARCH_LIMIT {
            return Ok(None);
        }
        let mut list = MoveList::new();
        legal_moves(pos, crate::endgame::RULES, &mut list);
        let mut won = false;
        'moves: for &m in &list {
            let after = play_unchecked(pos, m);
            let v = self.eg.probe(&after)?;
            if v.result != Wdl::Loss {
                continue; // the move does not keep the win
            }
            if v.distance == 0 || (self.aim == Aim::Promote && m.kind == MoveKind::Promotion) {
                won = true;
                break;
            }
            if k == 1 {
                continue;
            }
            let mut replies = MoveList::new();
            legal_moves(&after, crate::endgame::RULES, &mut replies);
            for &r in &replies {
                match self.wins_within(&Self::norm(&play_unchecked(&after, r)), k - 1)? {
                    Some(true) => {}
                    Some(false) => continue 'moves,
                    None => return Ok(None),
                }
            }
            won = true;
            break;
        }
        let entry = self.known.entry(*pos).or_insert((u32::MAX, 0));
        if won {
            entry.0 = entry.0.min(k);
        } else {
            entry.1 = entry.1.max(k);
        }
        Ok(Some(won))
    }
}

/// The squares of `side`'s pieces on a board with a piece set.
#[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
pub fn pieces_of(pos: &crate::variant::VariantPosition, side: Color) -> Vec<Square> {
    pos.pieces().into_iter().filter(|(_, c, _)| *c == side).map(|(s, _, _)| s).collect()
}

/// [`drill_step`] on a board with a piece set (no check, no promotion: stars, capture all,
/// reach): the fewest moves and the first move (from, to) of such a way; with `only`, the way
/// must begin with that move.
#[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
pub fn drill_step_pieces(
    start: &crate::variant::VariantPosition,
    student: Color,
    goal: &Drill,
    only: Option<(Square, Square)>,
) -> Option<(u32, Option<(Square, Square)>)> {
    use crate::variant::VariantPosition;
    let first = match goal {
        Drill::Reach { from: Some(f), .. } => f.index() as u64,
        _ => 0,
    };
    let done = |(p, word): &(VariantPosition, u64)| match goal {
        Drill::Stars(stars) => word.count_ones() as usize == stars.len(),
        Drill::CaptureAll => pieces_of(p, student.opposite()).is_empty(),
        Drill::Reach { target, from: Some(_) } => *word == target.index() as u64,
        Drill::Reach { target, from: None } => {
            p.piece_at(*target).is_some_and(|(c, _)| c == student)
        }
        Drill::Promote | Drill::Check(_) => false,
    };
    let next = |(p, word): &(VariantPosition, u64)| {
        let mut out = Vec::new();
        for from in pieces_of(p, student) {
            for t in p.targets(from).into_iter().filter(|t| t.allowed) {
                let mut after = p.clone();
                if after.play(from, t.square).is_err() {
                    continue;
                }
                let w = match goal {
                    Drill::Stars(stars) => stars
                        .iter()
                        .enumerate()
                        .filter(|(_, &s)| s == t.square)
                        .fold(*word, |w, (k, _)| w | 1 << k),
                    Drill::Reach { from: Some(_), .. } if *word == from.index() as u64 => {
                        t.square.index() as u64
                    }
                    _ => *word,
                };
                out.push(((from, t.square), (after.with_turn(student), w)));
            }
        }
        out
    };
    first_step(
        (start.clone().with_turn(student), first),
        |(p, w)| (p.clone(), *w),
        done,
        next,
        only,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_position;

    /// The breadth-first search as it was before states were tested when first reached: each
    /// state tested when the queue hands it out.
    fn first_step_by_queue(
        start: &Position,
        student: Color,
        stars: &[Square],
    ) -> Option<(u32, Option<crate::rules::Move>)> {
        let mut seen: FxHashSet<(Position, u64)> = FxHashSet::default();
        let mut queue = VecDeque::new();
        let norm = |p: &Position| Position {
            side: student,
            en_passant: None,
            halfmove_clock: 0,
            fullmove: 1,
            ..*p
        };
        seen.insert((norm(start), 0));
        queue.push_back(((norm(start), 0u64), 0u32, None));
        while let Some(((pos, word), depth, first)) = queue.pop_front() {
            if word.count_ones() as usize == stars.len() {
                return Some((depth, first));
            }
            if depth >= DEPTH_LIMIT || seen.len() > SEARCH_LIMIT {
                continue;
            }
            let mut list = MoveList::new();
            legal_moves(&pos, Rules::STANDARD, &mut list);
            for &m in list.iter() {
                let w = stars
                    .iter()
                    .enumerate()
                    .filter(|(_, &s)| s == m.to)
                    .fold(word, |w, (k, _)| w | 1 << k);
                let n = (norm(&play_unchecked(&pos, m)), w);
                if seen.insert(n) {
                    queue.push_back((n, depth + 1, first.or(Some(m))));
                }
            }
        }
        None
    }

    #[test]
    fn a_drill_answers_as_the_search_that_tests_states_in_queue_order() {
        // the fewest moves and the first move of the way, for star drills of every piece with
        // pawns in the way, to be taken, and stars out of reach; asked twice (the second answer
        // is the remembered one)
        let boards = [
            "8/8/8/3p4/8/1P6/8/R7 w - - 0 1",
            "8/2p5/8/8/3Q4/8/5P2/8 w - - 0 1",
            "8/8/2p5/8/4B3/8/8/8 w - - 0 1",
            "8/8/8/8/3K4/8/2P5/8 w - - 0 1",
            "8/8/8/4p3/8/2N5/8/8 w - - 0 1",
            "8/8/8/8/8/8/3P4/8 w - - 0 1",
        ];
        let mut state = 12345u64;
        let mut next = |n: u64| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) % n
        };
        for b in boards {
            let pos = parse_position(b).unwrap();
            for _ in 0..12 {
                let count = 1 + next(4) as usize;
                let mut stars = Vec::new();
                while stars.len() < count {
                    let s = Square::from_index(next(64) as u8);
                    if pos.piece_at(s).is_none() && !stars.contains(&s) {
                        stars.push(s);
                    }
                }
                let want = first_step_by_queue(&pos, Color::White, &stars);
                for _ in 0..2 {
                    let got = drill_step(
                        &pos,
                        Color::White,
                        Rules::STANDARD,
                        &Drill::Stars(stars.clone()),
                        None,
                    );
                    assert_eq!(got, want, "{b} {stars:?}");
                }
            }
        }
    }
}
