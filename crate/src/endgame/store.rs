//! The runtime store: the shipped parts once loaded, the KPKP slices solved on demand, and the
//! value of any position of the covered classes — looked up where it is stored, derived by a
//! one-ply search where it is not.

use super::pack::Part;
use super::pos::{canon, geo, index, Geo, Mat, Pos, NONE, PAWN, PROMO_QUEEN, QUEEN, ROOK};
use super::retro::{dist, solve_slice, wdl, DRAW, INVALID, LOSS};
use std::sync::OnceLock;

pub(crate) const KQK: Mat = Mat::new(QUEEN, NONE);
pub(crate) const KPK: Mat = Mat::new(PAWN, NONE);
pub(crate) const KQKQ: Mat = Mat::new(QUEEN, QUEEN);
pub(crate) const KPKQ: Mat = Mat::new(PAWN, QUEEN);
pub(crate) const KPKP: Mat = Mat::new(PAWN, PAWN);
pub(crate) const KRK: Mat = Mat::new(ROOK, NONE);

/// The parts that are shipped as files: KQK, KPK, KQKQ, the four files of KPKQ, and KRK (the
/// whole rook mate, taught from the middle of the board; it leads to no other class).
pub(crate) fn shipped_parts() -> [Part; 8] {
    [
        Part { mat: KQK, slice: 0, stm: 2 },
        Part { mat: KPK, slice: 0, stm: 2 },
        Part { mat: KQKQ, slice: 0, stm: 2 },
        Part { mat: KPKQ, slice: 0, stm: 1 },
        Part { mat: KPKQ, slice: 1, stm: 1 },
        Part { mat: KPKQ, slice: 2, stm: 1 },
        Part { mat: KPKQ, slice: 3, stm: 1 },
        Part { mat: KRK, slice: 0, stm: 2 },
    ]
}

fn part_id(part: &Part) -> Option<usize> {
    shipped_parts().iter().position(|p| p == part)
}

/// A table the probe needs and does not have: the names of the files to load.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Missing(pub Vec<String>);

pub(crate) struct Store {
    parts: Vec<OnceLock<Vec<u8>>>,
    kpkp: Vec<OnceLock<Vec<u8>>>,
}

impl Default for Store {
    fn default() -> Self {
        Store::new()
    }
}

/// The file of a pawn brought to the a–d half by mirroring.
fn half(f: u8) -> usize {
    f.min(7 - f) as usize
}

impl Store {
    pub fn new() -> Store {
        Store {
            parts: shipped_parts().iter().map(|_| OnceLock::new()).collect(),
            kpkp: (0..32).map(|_| OnceLock::new()).collect(),
        }
    }

    /// Keep a decoded part (a second copy of the same part is ignored).
    pub fn insert(&self, part: &Part, entries: Vec<u8>) -> Result<(), String> {
        let id = part_id(part).ok_or_else(|| format!("{} is not a shipped part", part.name()))?;
        if entries.len() != part.range().len() {
            return Err(format!(
                "{}: {} entries, expected {}",
                part.name(),
                entries.len(),
                part.range().len()
            ));
        }
        let _ = self.parts[id].set(entries);
        Ok(())
    }

    pub fn has(&self, part: &Part) -> bool {
        part_id(part).is_some_and(|id| self.parts[id].get().is_some())
    }

    /// The shipped parts the positions of a class can reach (through captures and promotions).
    pub fn parts_for(mat: Mat, p: &Pos) -> Vec<Part> {
        let sp = shipped_parts();
        let mut out = Vec::new();
        match (mat.w, mat.b) {
            (NONE, NONE) => {}
            (QUEEN, NONE) => out.push(sp[0]),
            (ROOK, NONE) => out.push(sp[7]),
            (PAWN, NONE) => out.extend([sp[1], sp[0]]),
            (QUEEN, QUEEN) => out.extend([sp[2], sp[0]]),
            (PAWN, QUEEN) => out.extend([sp[3 + half(p.sq[0] & 7)], sp[2], sp[1], sp[0]]),
            _ => {
                let a = sp[3 + half(p.sq[0] & 7)];
                let b = sp[3 + half(p.sq[1] & 7)];
                out.push(a);
                if b != a {
                    out.push(b);
                }
                out.extend([sp[2], sp[1], sp[0]]);
            }
        }
        out
    }

    fn missing(&self, parts: &[Part]) -> Result<(), Missing> {
        let names: Vec<String> = parts.iter().filter(|p| !self.has(p)).map(|p| p.name()).collect();
        if names.is_empty() {
            Ok(())
        } else {
            Err(Missing(names))
        }
    }

    /// Whether a KPKP slice is solved already (probing it is then a look-up).
    pub fn kpkp_ready(&self, slice: usize) -> bool {
        self.kpkp.get(slice).is_some_and(|t| t.get().is_some())
    }

    /// The solved KPKP slice of a file pair (White's file a–d, Black's any), solving it if needed.
    pub fn kpkp_slice(&self, slice: usize) -> Result<&[u8], Missing> {
        if let Some(t) = self.kpkp[slice].get() {
            return Ok(t);
        }
        let probe = Pos {
            k: [0, 0],
            kind: [PAWN, PAWN],
            sq: [8 + (slice / 8) as u8, 48 + (slice % 8) as u8],
            stm: 0,
            ep: false,
        };
        self.missing(&Self::parts_for(KPKP, &probe))?;
        let exit = |p: &Pos| wdl(self.value(p).expect("the parts of a KPKP slice are loaded"));
        let t = self.kpkp[slice].get_or_init(|| solve_slice(KPKP, slice, PROMO_QUEEN, &exit));
        Ok(t)
    }

    /// Whether the side to move wins at once by a capture or promotion (the entries the shipped
    /// parts leave out, as a one-ply look finds them).
    pub fn conversion_wins(&self, g: &Geo, p: &Pos) -> Result<bool, Missing> {
        let mut result = Ok(false);
        p.for_each_conversion(g, PROMO_QUEEN, |_, c| {
            if matches!(result, Ok(false)) {
                match self.value(&c) {
                    Ok(v) if wdl(v) == -1 => result = Ok(true),
                    Ok(_) => {}
                    Err(e) => result = Err(e),
                }
            }
        });
        result
    }

    /// The value byte of a position (see [`super::retro`]): win, draw or loss for the side to
    /// move and the distance to conversion.
    pub fn value(&self, p: &Pos) -> Result<u8, Missing> {
        let (mat, c) = canon(p);
        let g = geo();
        if mat == Mat::new(NONE, NONE) {
            return Ok(DRAW);
        }
        if mat == KPKP {
            if c.ep {
                return self.derive(g, &c);
            }
            let idx = index(mat, &c);
            let len = mat.slice_len();
            let t = self.kpkp_slice(idx / len)?;
            let v = t[idx % len];
            debug_assert_ne!(v, INVALID, "{c:?}");
            return Ok(v);
        }
        match Part::of(mat, &c) {
            Some((part, at)) => {
                let id = part_id(&part).expect("a shipped part");
                let Some(t) = self.parts[id].get() else {
                    return Err(Missing(vec![part.name()]));
                };
                if self.conversion_wins(g, &c)? {
                    return Ok(1);
                }
                Ok(t[at])
            }
            None => self.derive(g, &c),
        }
    }

    /// The value of a position from its children's values.
    pub fn derive(&self, g: &Geo, p: &Pos) -> Result<u8, Missing> {
        let mut best_win: Option<u8> = None;
        let mut any_draw = false;
        let mut worst_loss = 0u8;
        let mut any = false;
        let mut err = None;
        p.for_each_child(g, PROMO_QUEEN, |_, c| {
            if err.is_some() {
                return;
            }
            any = true;
            let cv = match self.value(&c) {
                Ok(v) => v,
                Err(e) => {
                    err = Some(e);
                    return;
                }
            };
            let d = if c.kind != p.kind { 0 } else { dist(cv) };
            match wdl(cv) {
                -1 => best_win = Some(best_win.map_or(d + 1, |b| b.min(d + 1))),
                0 => any_draw = true,
                _ => worst_loss = worst_loss.max(d + 1),
            }
        });
        if let Some(e) = err {
            return Err(e);
        }
        if !any {
            return Ok(if p.in_check(g) { LOSS } else { DRAW });
        }
        Ok(match best_win {
            Some(d) => d,
            None if any_draw => DRAW,
            None => LOSS + worst_loss,
        })
    }
}

/// The file name of a part: `kpkq-c.bin`.
pub(crate) fn file_name(part: &Part) -> String {
    format!("{}.bin", part.name())
}
