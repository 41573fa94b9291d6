//! Zobrist hashing and the transposition table.
//!
//! The hash lives here, not in the rules' [`Position`]: the rules stay as fast as perft needs,
//! and the engine updates its hash move by move ([`hash_after`]) alongside `play_unchecked`.

use crate::board::{squares, Color, PieceKind, Position};
use crate::rules::Move;

/// SplitMix64: a fixed sequence, so that the keys (and so every search) are the same on every run.
const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

/// A 64-bit mix of one value (used for seeded noise and choices too).
pub(crate) const fn mix(x: u64) -> u64 {
    splitmix(x).1
}

pub(crate) struct Keys {
    /// `piece[color][kind][square]`
    piece: [[[u64; 64]; 6]; 2],
    /// Black to move.
    pub(crate) side: u64,
    castling: [u64; 16],
    pub(crate) en_passant: [u64; 8],
}

const fn build_keys() -> Keys {
    let mut k = Keys { piece: [[[0; 64]; 6]; 2], side: 0, castling: [0; 16], en_passant: [0; 8] };
    let mut state = 0x6368_6573_7374_7574u64; // "chesstut"
    let mut c = 0;
    while c < 2 {
        let mut p = 0;
        while p < 6 {
            let mut s = 0;
            while s < 64 {
                let (next, v) = splitmix(state);
                state = next;
                k.piece[c][p][s] = v;
                s += 1;
            }
            p += 1;
        }
        c += 1;
    }
    let (next, v) = splitmix(state);
    state = next;
    k.side = v;
    let mut i = 0;
    while i < 16 {
        let (next, v) = splitmix(state);
        state = next;
        // No rights hashes to nothing, so that a position without castling needs no key.
        k.castling[i] = if i == 0 { 0 } else { v };
        i += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (next, v) = splitmix(state);
        state = next;
        k.en_passant[f] = v;
        f += 1;
    }
    k
}

pub(crate) static KEYS: Keys = build_keys();

/// The hash of a position, computed from scratch.
pub fn hash(pos: &Position) -> u64 {
    let mut h = 0;
    for color in Color::BOTH {
        for kind in PieceKind::ALL {
            for s in squares(pos.pieces(color, kind)) {
                h ^= KEYS.piece[color.index()][kind.index()][s.index()];
            }
        }
    }
    h ^ rest(pos)
}

/// The part of the hash that is not piece placement: side, castling rights, en passant.
fn rest(pos: &Position) -> u64 {
    let mut h = KEYS.castling[pos.castling.0 as usize & 15];
    if pos.side == Color::Black {
        h ^= KEYS.side;
    }
    if let Some(ep) = pos.en_passant {
        h ^= KEYS.en_passant[ep.j() as usize];
    }
    h
}

/// The hash after `mv`, from the hash `h` of `pos` and the position `after` it leads to.
pub(crate) fn hash_after(pos: &Position, h: u64, mv: Move, after: &Position) -> u64 {
    let us = pos.side.index();
    let them = pos.side.opposite().index();
    let Some(moving) = pos.kind_at(mv.from) else { return hash(after) };
    let mut h = h ^ rest(pos) ^ rest(after);
    h ^= KEYS.piece[us][moving.index()][mv.from.index()];
    h ^= KEYS.piece[us][mv.promotion.unwrap_or(moving).index()][mv.to.index()];
    if let Some(victim_sq) = mv.captured_square(pos.side) {
        if let Some(victim) = pos.kind_at(victim_sq) {
            h ^= KEYS.piece[them][victim.index()][victim_sq.index()];
        }
    }
    if let Some((rf, rt)) = mv.castling_rook() {
        let r = PieceKind::Rook.index();
        h ^= KEYS.piece[us][r][rf.index()] ^ KEYS.piece[us][r][rt.index()];
    }
    h
}

/// What a table entry says about its score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    Exact,
    /// The score is at least this (a cut-off).
    Lower,
    /// The score is at most this (every move failed low).
    Upper,
}

/// A move in 16 bits: from, to and the promotion piece (the table stores no more).
pub(crate) fn pack(mv: Move) -> u16 {
    let promo = mv.promotion.map_or(0, |k| k.index() as u16);
    mv.from.index() as u16 | (mv.to.index() as u16) << 6 | promo << 12
}

pub(crate) fn same(mv: Move, packed: u16) -> bool {
    packed != 0 && pack(mv) == packed
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i16,
    depth: i8,
    bound: u8,
    best: u16,
    age: u8,
    /// The table's `epoch` when this entry was written: an entry of an earlier epoch counts as
    /// empty, so `clear` costs one counter, not a pass over every entry.
    epoch: u8,
}

/// A transposition table: one entry per slot, replaced when the new search is as deep or the old
/// entry comes from an earlier search.
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
    age: u8,
    epoch: u8,
    /// Static evaluations already made, by position hash ([`Table::eval_get`]).
    evals: Vec<(u64, i32)>,
}

/// The evaluations kept: 2^15 (512 KiB).
const EVAL_BITS: u32 = 15;

pub(crate) struct Hit {
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    pub best: u16,
}

impl Table {
    /// A table of 2^bits entries (16 bytes each).
    pub fn new(bits: u32) -> Table {
        let n = 1usize << bits;
        let evals = vec![(0, 0); 1 << EVAL_BITS];
        Table { entries: vec![Entry::default(); n], mask: n - 1, age: 0, epoch: 0, evals }
    }

    /// The static evaluation stored for the position of hash `key`. The evaluation is a function
    /// of what the hash covers (pieces, side to move, castling rights, en passant), so an entry
    /// stays true through [`Table::clear`] and from one search to the next: it saves the time of
    /// evaluating again and changes no score, no node count, no search (a table after `clear`
    /// still answers every search exactly as a new one). A hash of 0 is never stored.
    #[inline]
    pub fn eval_get(&self, key: u64) -> Option<i32> {
        let (k, score) = self.evals[key as usize & ((1 << EVAL_BITS) - 1)];
        (k == key && key != 0).then_some(score)
    }

    #[inline]
    pub fn eval_put(&mut self, key: u64, score: i32) {
        self.evals[key as usize & ((1 << EVAL_BITS) - 1)] = (key, score);
    }

    /// Forget every entry: the table then answers exactly as a new one would. Entries of an
    /// earlier epoch read as empty; only when the epoch counter comes round again is every entry
    /// reset.
    pub fn clear(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.entries.iter_mut().for_each(|e| *e = Entry::default());
        }
        self.age = 0;
    }

    /// A new search starts: older entries give way first.
    pub fn next_age(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    pub fn get(&self, key: u64) -> Option<Hit> {
        let e = &self.entries[key as usize & self.mask];
        if e.epoch != self.epoch || e.key != key || e.bound == 0 {
            return None;
        }
        let bound = match e.bound {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit { score: e.score as i32, depth: e.depth as i32, bound, best: e.best })
    }

    pub fn put(&mut self, key: u64, depth: i32, score: i32, bound: Bound, best: Option<Move>) {
        let (age, epoch) = (self.age, self.epoch);
        let e = &mut self.entries[key as usize & self.mask];
        if e.epoch != epoch {
            // an entry of an earlier epoch is an empty slot, as in a new table
            *e = Entry { epoch, ..Entry::default() };
        }
        if e.key == key || e.age != age || depth >= e.depth as i32 {
            let best = match best {
                Some(m) => pack(m),
                // Keep the old move of the same position when this search found none.
                None if e.key == key => e.best,
                None => 0,
            };
            *e = Entry {
                key,
                score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
                depth: depth.clamp(-1, 127) as i8,
                bound: match bound {
                    Bound::Exact => 1,
                    Bound::Lower => 2,
                    Bound::Upper => 3,
                },
                best,
                age,
                epoch,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cleared_table_answers_as_a_new_one_through_every_epoch() {
        let mut t = Table::new(4);
        // more clears than the epoch counter holds: the wrap resets every entry for real
        for round in 0..600u64 {
            let key = 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(round + 1);
            assert!(t.get(key).is_none(), "round {round}: a key of an earlier epoch was found");
            t.next_age();
            t.put(key, 3, 42, Bound::Exact, None);
            let hit = t.get(key).expect("just stored");
            assert_eq!((hit.score, hit.depth, hit.best), (42, 3, 0));
            t.clear();
            assert!(t.get(key).is_none(), "round {round}: clear left the entry");
            assert_eq!(t.age, 0);
        }
        assert_eq!(std::mem::size_of::<Entry>(), 16, "an entry stays 16 bytes (the table 4 MiB)");
    }

    #[test]
    fn a_stale_entry_leaves_no_move_behind() {
        let mut t = Table::new(4);
        t.next_age();
        t.put(7, 5, 10, Bound::Lower, None);
        let e = &mut t.entries[7];
        e.best = 0x123; // as if a move had been stored
        t.clear();
        t.next_age();
        // same key, no move: a new table would store none
        t.put(7, 1, 3, Bound::Upper, None);
        assert_eq!(t.get(7).unwrap().best, 0);
    }
}
