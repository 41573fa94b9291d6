//! Native generation: the shipped data files, and the comparison with standard rules (every
//! promotion allowed) that finds the positions where only an underpromotion changes the result.

use super::pack::{write_part, Part};
use super::pos::{decode, geo, Pos, PROMO_ALL, PROMO_QUEEN};
use super::retro::{verify_slice, wdl, INVALID};
use super::store::{file_name, shipped_parts};
use super::tables::{standard_classes, Solved, AUTO_CLASSES};
use std::time::{Duration, Instant};

/// The auto-queen tables, solved natively (about ten seconds on one core).
pub struct AutoTables(pub(crate) Solved);

/// Solve every auto-queen class; `progress` hears each class's name and time.
pub fn solve_auto(progress: impl FnMut(&str, Duration)) -> AutoTables {
    let mut progress = progress;
    AutoTables(Solved::build(PROMO_QUEEN, &AUTO_CLASSES, |m, d| progress(&m.name(), d)))
}

fn conversion_wins(s: &Solved, p: &Pos) -> bool {
    let mut win = false;
    p.for_each_conversion(geo(), s.promos, |_, c| win |= s.wdl(&c) == -1);
    win
}

/// The entries of a part, `None` where the probe does not need them (invalid indices and the
/// positions won at once by a conversion, which the probe finds by a one-ply look).
fn entries(s: &Solved, part: &Part) -> Vec<Option<u8>> {
    let t = s.table(part.mat).expect("the part's class is solved");
    part.range()
        .map(|i| {
            let v = t[i];
            if v == INVALID {
                return None;
            }
            let p = decode(part.mat, i);
            (!(p.ep || conversion_wins(s, &p))).then_some(v)
        })
        .collect()
}

/// The bytes of every data file, by file name.
pub fn data_files(t: &AutoTables) -> Vec<(String, Vec<u8>)> {
    shipped_parts()
        .iter()
        .map(|part| (file_name(part), write_part(part, &entries(&t.0, part))))
        .collect()
}

/// The bytes of the two smallest files, `kqk.bin` and `kpk.bin`, from their classes alone
/// (a fraction of a second): the reproducibility check of the shipped data.
pub fn small_files() -> Vec<(String, Vec<u8>)> {
    let mut s = Solved::build(PROMO_QUEEN, &AUTO_CLASSES[..1], |_, _| {});
    // KPK needs KQK for its promotions.
    let kpk = s.solve_class(AUTO_CLASSES[2]);
    s.tables.push((AUTO_CLASSES[2], kpk));
    shipped_parts()[..2]
        .iter()
        .map(|part| (file_name(part), write_part(part, &entries(&s, part))))
        .collect()
}

/// Check every table against a one-ply search over its own successors (all positions).
pub fn verify(t: &AutoTables) -> Result<(), String> {
    let s = &t.0;
    for (mat, table) in &s.tables {
        let len = mat.slice_len();
        for sl in 0..mat.slices() {
            let exit = |p: &Pos| s.wdl(p);
            verify_slice(*mat, sl, s.promos, &table[sl * len..(sl + 1) * len], &exit, 0..len)?;
        }
    }
    Ok(())
}

/// A position whose result under auto-queen rules differs from standard rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Underpromotion {
    /// The canonical class (`KPK`, `KPKQ`, `KPKP`).
    pub class: String,
    pub fen: String,
    /// Result for the side to move: 1 win, 0 draw, −1 loss.
    pub auto_queen: i8,
    pub standard: i8,
    /// The standard-rules moves that reach the standard result (underpromotions among them).
    pub best_standard: Vec<String>,
}

/// Every canonical position of the covered classes whose result changes when underpromotion is
/// allowed. Each stands for 4 board positions in the asymmetric classes (mirror and colour
/// swap: KPK/KKP, KPKQ/KQKP) and 2 in KPKP (mirror; the colour swap is another KPKP entry).
pub fn underpromotions(
    auto: &AutoTables,
    progress: impl FnMut(&str, Duration),
) -> Vec<Underpromotion> {
    let mut progress = progress;
    let std = Solved::build(PROMO_ALL, &standard_classes(), |m, d| {
        progress(&format!("standard {}", m.name()), d)
    });
    let mut out = Vec::new();
    for (mat, t) in &auto.0.tables {
        let s = std.table(*mat).unwrap();
        for i in 0..t.len() {
            if t[i] == INVALID || wdl(t[i]) == wdl(s[i]) {
                continue;
            }
            let p = decode(*mat, i);
            let target = wdl(s[i]);
            let mut best_standard = Vec::new();
            p.for_each_child(geo(), PROMO_ALL, |mv, c| {
                if -std.wdl(&c) == target {
                    let mut u = format!("{}{}", sq_name(mv.from), sq_name(mv.to));
                    if mv.promo != 0 {
                        u.push(['?', 'n', 'b', 'r', 'q'][mv.promo as usize]);
                    }
                    best_standard.push(u);
                }
            });
            best_standard.sort();
            out.push(Underpromotion {
                class: mat.name(),
                fen: crate::notation::to_fen(&super::pos::to_position(&p)),
                auto_queen: wdl(t[i]),
                standard: target,
                best_standard,
            });
        }
    }
    out
}

fn sq_name(s: u8) -> String {
    format!("{}{}", (b'a' + (s & 7)) as char, (b'1' + (s >> 3)) as char)
}

/// Time a closure.
pub fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let t0 = Instant::now();
    let r = f();
    (r, t0.elapsed())
}

/// Standard-rules tables (every promotion) of the three-man classes and KPK: a fraction of a
/// second, enough to check the KPK positions where only an underpromotion wins.
pub struct SmallStandard(Solved);

impl SmallStandard {
    pub fn build() -> SmallStandard {
        let classes = standard_classes().into_iter().filter(|m| m.b == 0).collect::<Vec<_>>();
        SmallStandard(Solved::build(PROMO_ALL, &classes, |_, _| {}))
    }

    /// Win (1), draw (0) or loss (−1) for the side to move under standard rules, for a position
    /// of KPK, KKP or a class of king and one piece against a king; `None` for other material.
    pub fn wdl(&self, pos: &crate::board::Position) -> Option<i8> {
        let p = super::pos::from_position(pos)?;
        let (mat, _) = super::pos::canon(&p);
        self.0.table(mat)?;
        Some(self.0.wdl(&p))
    }
}
