//! Retrograde analysis: the value of every position of a class slice, given the values of the
//! positions the slice's captures and promotions lead to.
//!
//! A value is one byte: [`DRAW`], a win in `d` plies (`1..=127`), a loss in `d` plies
//! (`LOSS + d`), or [`INVALID`] for an index that holds no position. The distance is the
//! distance to conversion (DTC): the number of plies until the winning side captures, promotes
//! or mates, with the winner hurrying and the loser delaying. Conversions leave the class, so a
//! slice only needs its exits' win/draw/loss, never their distances.

use super::pos::{canon, decode, geo, index, valid_at, Mat, Pos, PAWN};

pub(crate) const DRAW: u8 = 0;
pub(crate) const LOSS: u8 = 128;
pub(crate) const INVALID: u8 = 255;

/// Win (1), draw (0) or loss (−1) of a value byte.
#[inline]
pub(crate) fn wdl(v: u8) -> i8 {
    match v {
        DRAW => 0,
        1..=127 => 1,
        INVALID => panic!("the value of an invalid position"),
        _ => -1,
    }
}

/// The distance of a value byte in plies (0 for a draw).
#[inline]
pub(crate) fn dist(v: u8) -> u8 {
    match v {
        1..=127 => v,
        128..=254 => v - LOSS,
        _ => 0,
    }
}

/// Small set of table indices without heap allocation. Pawn classes have no symmetry inside a
/// slice, so their moves never meet twice and need no check (`dedupe` false).
struct Set {
    n: usize,
    dedupe: bool,
    items: [u32; 80],
}

impl Set {
    fn new(dedupe: bool) -> Set {
        Set { n: 0, dedupe, items: [0; 80] }
    }
    #[inline]
    fn insert(&mut self, x: u32) {
        if !self.dedupe || !self.items[..self.n].contains(&x) {
            self.items[self.n] = x;
            self.n += 1;
        }
    }
    fn as_slice(&self) -> &[u32] {
        &self.items[..self.n]
    }
}

/// The index, inside slice `base..`, of a position of the same class. A pawn class's quiet
/// moves keep every file, so its positions stay canonical and need no symmetry search.
#[inline]
fn local(mat: Mat, base: usize, p: &Pos) -> u32 {
    let idx = if mat.w == PAWN {
        debug_assert_eq!(canon(p), (mat, *p));
        index(mat, p)
    } else {
        let (m, c) = canon(p);
        debug_assert_eq!(m, mat);
        index(m, &c)
    };
    debug_assert!(
        idx >= base && idx < base + mat.slice_len(),
        "{} {p:?} leaves its slice",
        mat.name()
    );
    (idx - base) as u32
}

/// Solve slice `slice` of class `mat`. `exit(p)` is the value (1, 0, −1 for the side to move) of
/// a position of another class; `promos` the pieces a pawn may become.
pub(crate) fn solve_slice(
    mat: Mat,
    slice: usize,
    promos: &[u8],
    exit: &dyn Fn(&Pos) -> i8,
) -> Vec<u8> {
    let g = geo();
    let len = mat.slice_len();
    let base = slice * len;
    let mut val = vec![INVALID; len];
    // Children still unknown (bits 0–6) and whether a move leaves the class for a draw (bit 7).
    let mut cnt = vec![0u8; len];
    let mut cur: Vec<u32> = Vec::new();
    let mut next: Vec<u32> = Vec::new();
    for i in 0..len {
        let Some(p) = valid_at(g, mat, base + i) else { continue };
        let mut kids = Set::new(mat.w != PAWN);
        let (mut win, mut draw_exit, mut any) = (false, false, false);
        p.for_each_child(g, promos, |_, c| {
            any = true;
            if c.kind == p.kind {
                kids.insert(local(mat, base, &c));
            } else if !win {
                match exit(&c) {
                    -1 => win = true,
                    0 => draw_exit = true,
                    _ => {}
                }
            }
        });
        if !any {
            if p.in_check(g) {
                val[i] = LOSS;
                cur.push(i as u32);
            } else {
                val[i] = DRAW;
            }
        } else if win {
            val[i] = 1;
            next.push(i as u32);
        } else {
            val[i] = DRAW;
            cnt[i] = kids.n as u8 | if draw_exit { 128 } else { 0 };
            if cnt[i] == 0 {
                val[i] = LOSS + 1;
                next.push(i as u32);
            }
        }
    }
    let mut level = 0u8;
    while !cur.is_empty() || !next.is_empty() {
        for &x in &cur {
            let xv = val[x as usize];
            let lost = xv >= LOSS;
            let mut parents = Set::new(mat.w != PAWN);
            decode(mat, base + x as usize)
                .for_each_parent(g, |pp| parents.insert(local(mat, base, &pp)));
            for &pi in parents.as_slice() {
                let pi = pi as usize;
                if val[pi] != DRAW {
                    continue;
                }
                if lost {
                    assert!(level < 126, "distance overflow in {}", mat.name());
                    val[pi] = level + 1;
                    next.push(pi as u32);
                } else {
                    cnt[pi] -= 1;
                    if cnt[pi] == 0 {
                        assert!(level < 125, "distance overflow in {}", mat.name());
                        val[pi] = LOSS + level + 1;
                        next.push(pi as u32);
                    }
                }
            }
        }
        cur = std::mem::take(&mut next);
        level += 1;
    }
    val
}

#[cfg(not(target_arch = "wasm32"))]
/// Check a solved slice against a one-ply search over its own successors: each value must
/// follow from its children's values. Returns the first index that does not.
pub(crate) fn verify_slice(
    mat: Mat,
    slice: usize,
    promos: &[u8],
    val: &[u8],
    exit: &dyn Fn(&Pos) -> i8,
    indices: impl Iterator<Item = usize>,
) -> Result<(), String> {
    let g = geo();
    let base = slice * mat.slice_len();
    for i in indices {
        let v = val[i];
        let Some(p) = valid_at(g, mat, base + i) else {
            if v != INVALID {
                return Err(format!("{} index {i}: value {v} for an invalid position", mat.name()));
            }
            continue;
        };
        let expect = expected_value(g, &p, promos, |c| {
            if c.kind == p.kind {
                val[local(mat, base, c) as usize]
            } else {
                match exit(c) {
                    1 => 1,
                    0 => DRAW,
                    _ => LOSS,
                }
            }
        });
        if expect != v {
            return Err(format!("{} index {i} {p:?}: table {v}, search {expect}", mat.name()));
        }
    }
    Ok(())
}

/// The value that follows from the children's values (a conversion counts as distance 0).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn expected_value(
    g: &super::pos::Geo,
    p: &Pos,
    promos: &[u8],
    mut child: impl FnMut(&Pos) -> u8,
) -> u8 {
    let mut best_win: Option<u8> = None;
    let mut any_draw = false;
    let mut worst_loss = 0u8;
    let mut any = false;
    p.for_each_child(g, promos, |_, c| {
        any = true;
        let conv = c.kind != p.kind;
        let cv = child(&c);
        let d = if conv { 0 } else { dist(cv) };
        match wdl(cv) {
            -1 => best_win = Some(best_win.map_or(d + 1, |b| b.min(d + 1))),
            0 => any_draw = true,
            _ => worst_loss = worst_loss.max(d + 1),
        }
    });
    if !any {
        return if p.in_check(g) { LOSS } else { DRAW };
    }
    match best_win {
        Some(d) => d,
        None if any_draw => DRAW,
        None => LOSS + worst_loss,
    }
}
