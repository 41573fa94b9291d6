//! The shipped data: which parts of which tables are stored, and their file format.
//!
//! A part is one contiguous range of a class table: the whole of KQK, KPK and KQKQ; one file of
//! the white pawn for KPKQ (only the queen's side to move); one file pair for KPKP (only White to
//! move). Entries the probe derives anyway are "don't care" for the coder: invalid indices,
//! positions with an en-passant chance, and positions won at once by a capture or promotion.
//!
//! File format (all integers little-endian):
//! `CTEG` · version u8 (1) · White's man u8 · Black's man u8 · slice u8 · stm u8 (0, 1, or 2 for
//! both) · first index u32 · entry count u32 · coded length u32 · coded bytes.

use super::pos::{Mat, Pos, NONE, PAWN, QUEEN, ROOK};

pub(crate) const MAGIC: &[u8; 4] = b"CTEG";
pub(crate) const VERSION: u8 = 1;

/// One stored range of a class table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Part {
    pub mat: Mat,
    pub slice: usize,
    /// 0 or 1: the side to move stored; 2: both.
    pub stm: u8,
}

pub(crate) const FILES: [char; 8] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

impl Part {
    /// The file name without extension: `kqk`, `kpk`, `kqkq`, `kpkq-c`, `kpkp-c-h`.
    pub fn name(&self) -> String {
        match (self.mat.w, self.mat.b) {
            (PAWN, PAWN) => format!("kpkp-{}-{}", FILES[self.slice / 8], FILES[self.slice % 8]),
            (PAWN, NONE) => "kpk".into(),
            (PAWN, _) => format!("kpkq-{}", FILES[self.slice]),
            _ => self.mat.name().to_ascii_lowercase(),
        }
    }

    /// The range of class-table indices the part covers.
    pub fn range(&self) -> std::ops::Range<usize> {
        let len = self.mat.slice_len();
        let start = self.slice * len;
        match (self.mat.w, self.mat.b, self.stm) {
            (PAWN, NONE, _) => 0..self.mat.size(),
            (_, _, 2) => start..start + len,
            (_, _, s) => start + s as usize * len / 2..start + (s as usize + 1) * len / 2,
        }
    }

    /// The part holding a canonical position, if the position is a stored one.
    pub fn of(mat: Mat, p: &Pos) -> Option<(Part, usize)> {
        let idx = super::pos::index(mat, p);
        let part = match (mat.w, mat.b) {
            (PAWN, PAWN) if p.stm == 0 && !p.ep => {
                Part { mat, slice: idx / mat.slice_len(), stm: 0 }
            }
            (PAWN, PAWN) => return None,
            (PAWN, NONE) => Part { mat, slice: 0, stm: 2 },
            (PAWN, _) if p.stm == 1 => Part { mat, slice: idx / mat.slice_len(), stm: 1 },
            (PAWN, _) => return None,
            (NONE, NONE) => return None,
            _ => Part { mat, slice: 0, stm: 2 },
        };
        let r = part.range();
        debug_assert!(r.contains(&idx));
        Some((part, idx - r.start))
    }
}

/// Every part of the auto-queen data, in the order the generator writes them.
pub(crate) fn all_parts() -> Vec<Part> {
    let mut out = vec![
        Part { mat: Mat::new(QUEEN, NONE), slice: 0, stm: 2 },
        Part { mat: Mat::new(PAWN, NONE), slice: 0, stm: 2 },
        Part { mat: Mat::new(QUEEN, QUEEN), slice: 0, stm: 2 },
    ];
    for f in 0..4 {
        out.push(Part { mat: Mat::new(PAWN, QUEEN), slice: f, stm: 1 });
    }
    for s in 0..32 {
        out.push(Part { mat: Mat::new(PAWN, PAWN), slice: s, stm: 0 });
    }
    out.push(Part { mat: Mat::new(ROOK, NONE), slice: 0, stm: 2 });
    out
}

fn kind_of(b: u8) -> Option<u8> {
    (b <= PAWN).then_some(b)
}

/// Write a part: header and coded entries (`None` where any value will do).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn write_part(part: &Part, entries: &[Option<u8>]) -> Vec<u8> {
    let coded = super::coder::encode(entries);
    let mut out = Vec::with_capacity(coded.len() + 21);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[VERSION, part.mat.w, part.mat.b, part.slice as u8, part.stm]);
    out.extend_from_slice(&(part.range().start as u32).to_le_bytes());
    out.extend_from_slice(&(entries.len() as u32).to_le_bytes());
    out.extend_from_slice(&(coded.len() as u32).to_le_bytes());
    out.extend_from_slice(&coded);
    out
}

/// Read a part written by [`write_part`]: the part and its decoded entries.
pub(crate) fn read_part(bytes: &[u8]) -> Result<(Part, Vec<u8>), String> {
    if bytes.len() < 21 || &bytes[..4] != MAGIC {
        return Err("not an endgame table file (no CTEG header)".into());
    }
    if bytes[4] != VERSION {
        return Err(format!(
            "endgame table version {} is not supported (expected {VERSION})",
            bytes[4]
        ));
    }
    let (w, b) = match (kind_of(bytes[5]), kind_of(bytes[6])) {
        (Some(w), Some(b)) => (w, b),
        _ => return Err("endgame table header: unknown material".into()),
    };
    let part = Part { mat: Mat::new(w, b), slice: bytes[7] as usize, stm: bytes[8] };
    if !all_parts().contains(&part) {
        return Err(format!("endgame table header: no such part ({:?})", part));
    }
    let u32_at = |k: usize| u32::from_le_bytes(bytes[k..k + 4].try_into().unwrap()) as usize;
    let (start, n, len) = (u32_at(9), u32_at(13), u32_at(17));
    let r = part.range();
    if start != r.start || n != r.len() {
        return Err(format!("endgame table {}: header range does not match the part", part.name()));
    }
    if bytes.len() != 21 + len {
        return Err(format!(
            "endgame table {}: {} bytes, the header says {}",
            part.name(),
            bytes.len(),
            21 + len
        ));
    }
    Ok((part, super::coder::decode(&bytes[21..], n)))
}
