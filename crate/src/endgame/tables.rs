//! Whole tables: every class of a rule set solved in dependency order (natively, or slice by
//! slice where a lesson needs it).

use super::pos::{canon, index, Mat, Pos, BISHOP, KNIGHT, NONE, PAWN, QUEEN, ROOK};
use super::retro::{solve_slice, wdl, DRAW};

/// The classes of the auto-queen rules, each after the classes its conversions lead to (KRK,
/// whose only conversions are mate and the rook's capture, last: the indices above stay).
pub(crate) const AUTO_CLASSES: [Mat; 6] = [
    Mat::new(QUEEN, NONE),
    Mat::new(QUEEN, QUEEN),
    Mat::new(PAWN, NONE),
    Mat::new(PAWN, QUEEN),
    Mat::new(PAWN, PAWN),
    Mat::new(ROOK, NONE),
];

/// The classes of standard rules (every promotion), in dependency order.
pub(crate) fn standard_classes() -> Vec<Mat> {
    let mut out = Vec::new();
    for w in [KNIGHT, BISHOP, ROOK, QUEEN] {
        out.push(Mat::new(w, NONE));
    }
    for w in [KNIGHT, BISHOP, ROOK, QUEEN] {
        for b in [KNIGHT, BISHOP, ROOK, QUEEN] {
            if b <= w {
                out.push(Mat::new(w, b));
            }
        }
    }
    out.push(Mat::new(PAWN, NONE));
    for b in [KNIGHT, BISHOP, ROOK, QUEEN, PAWN] {
        out.push(Mat::new(PAWN, b));
    }
    out
}

/// Solved tables of one rule set.
pub(crate) struct Solved {
    pub promos: &'static [u8],
    pub tables: Vec<(Mat, Vec<u8>)>,
}

impl Solved {
    pub fn table(&self, mat: Mat) -> Option<&[u8]> {
        self.tables.iter().find(|(m, _)| *m == mat).map(|(_, t)| t.as_slice())
    }

    /// The value byte of any position of a solved class (KK is a draw).
    pub fn value(&self, p: &Pos) -> u8 {
        let (m, c) = canon(p);
        if m == Mat::new(NONE, NONE) {
            return DRAW;
        }
        let t = self.table(m).unwrap_or_else(|| panic!("{} is not solved", m.name()));
        t[index(m, &c)]
    }

    pub fn wdl(&self, p: &Pos) -> i8 {
        wdl(self.value(p))
    }

    /// Solve `classes` in order (each may use those before it), two slices at a time.
    pub fn build(
        promos: &'static [u8],
        classes: &[Mat],
        mut progress: impl FnMut(Mat, std::time::Duration),
    ) -> Solved {
        let mut s = Solved { promos, tables: Vec::new() };
        for &mat in classes {
            let t0 = std::time::Instant::now();
            let table = s.solve_class(mat);
            s.tables.push((mat, table));
            progress(mat, t0.elapsed());
        }
        s
    }

    pub(crate) fn solve_class(&self, mat: Mat) -> Vec<u8> {
        let exit = |p: &Pos| self.wdl(p);
        let n = mat.slices();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(n).max(1);
        if threads == 1 || cfg!(target_arch = "wasm32") {
            return (0..n).flat_map(|sl| solve_slice(mat, sl, self.promos, &exit)).collect();
        }
        let next = std::sync::atomic::AtomicUsize::new(0);
        let mut parts: Vec<(usize, Vec<u8>)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut done = Vec::new();
                        loop {
                            let sl = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                            if sl >= n {
                                break;
                            }
                            done.push((sl, solve_slice(mat, sl, self.promos, &exit)));
                        }
                        done
                    })
                })
                .collect();
            handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
        });
        parts.sort_by_key(|(sl, _)| *sl);
        parts.into_iter().flat_map(|(_, t)| t).collect()
    }
}
