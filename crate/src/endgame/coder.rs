//! The compact form of the shipped tables: an adaptive binary range coder with a context model
//! over neighbouring table entries. Encoder and decoder share one modelling routine, so they
//! cannot drift apart; entries marked "don't care" (invalid indices, positions the probe derives
//! by a one-ply search) are coded as whatever the model expects, which costs next to nothing.

/// Probabilities are 12-bit: the chance that the next bit is 0.
const BITS: u32 = 12;
const ONE: u16 = 1 << BITS;
const SHIFT: u32 = 4;
const TOP: u32 = 1 << 24;

#[cfg(not(target_arch = "wasm32"))]
pub(crate) struct Encoder {
    low: u64,
    range: u32,
    cache: u8,
    pending: u64,
    out: Vec<u8>,
}

#[cfg(not(target_arch = "wasm32"))]
impl Encoder {
    pub fn new() -> Encoder {
        Encoder { low: 0, range: u32::MAX, cache: 0, pending: 1, out: Vec::new() }
    }

    fn shift_low(&mut self) {
        if (self.low as u32) < 0xFF00_0000 || (self.low >> 32) != 0 {
            let carry = (self.low >> 32) as u8;
            let mut byte = self.cache;
            while self.pending > 0 {
                self.out.push(byte.wrapping_add(carry));
                byte = 0xFF;
                self.pending -= 1;
            }
            self.cache = (self.low >> 24) as u8;
        }
        self.pending += 1;
        self.low = (self.low & 0x00FF_FFFF) << 8;
    }

    pub fn finish(mut self) -> Vec<u8> {
        for _ in 0..5 {
            self.shift_low();
        }
        self.out
    }
}

pub(crate) struct Decoder<'a> {
    code: u32,
    range: u32,
    data: &'a [u8],
    at: usize,
}

impl<'a> Decoder<'a> {
    pub fn new(data: &'a [u8]) -> Decoder<'a> {
        let mut d = Decoder { code: 0, range: u32::MAX, data, at: 0 };
        for _ in 0..5 {
            d.code = (d.code << 8) | d.byte() as u32;
        }
        d
    }
    #[inline]
    fn byte(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }
}

/// One binary decision: the encoder codes `want` (or, when it does not care, the likelier bit);
/// the decoder reads the bit. Both adapt the probability the same way.
pub(crate) trait BitCoder {
    fn bit(&mut self, p: &mut u16, want: Option<bool>) -> bool;
}

#[cfg(not(target_arch = "wasm32"))]
impl BitCoder for Encoder {
    #[inline]
    fn bit(&mut self, p: &mut u16, want: Option<bool>) -> bool {
        let b = want.unwrap_or(*p < ONE / 2);
        let bound = (self.range >> BITS) * *p as u32;
        if !b {
            self.range = bound;
            *p += (ONE - *p) >> SHIFT;
        } else {
            self.low += bound as u64;
            self.range -= bound;
            *p -= *p >> SHIFT;
        }
        while self.range < TOP {
            self.range <<= 8;
            self.shift_low();
        }
        b
    }
}

impl BitCoder for Decoder<'_> {
    #[inline]
    fn bit(&mut self, p: &mut u16, _want: Option<bool>) -> bool {
        let bound = (self.range >> BITS) * *p as u32;
        let b = if self.code < bound {
            self.range = bound;
            *p += (ONE - *p) >> SHIFT;
            false
        } else {
            self.code -= bound;
            self.range -= bound;
            *p -= *p >> SHIFT;
            true
        };
        while self.range < TOP {
            self.range <<= 8;
            self.code = (self.code << 8) | self.byte() as u32;
        }
        b
    }
}

/// The class of a value byte for the model: 0 draw, 1 win, 2 loss.
#[inline]
fn class(v: u8) -> usize {
    match v {
        0 => 0,
        1..=127 => 1,
        _ => 2,
    }
}

/// The context model. Each value is first compared with its neighbours 1, 64 and 4096 entries
/// back (for the tables' layouts: the neighbours along the innermost, second and third square):
/// "the same as the left one?", "the same as the one above?", with contexts saying which
/// neighbours agree. Otherwise its class (draw, win, loss) and then its distance are coded, the
/// distance with the left neighbour's distance as context.
struct Model {
    same: Vec<u16>,
    cls: Vec<[u16; 2]>,
    dist: Vec<u16>,
}

const NODES: usize = 128;

impl Model {
    fn new() -> Model {
        Model {
            same: vec![ONE / 2; 2 * 3 * 32],
            cls: vec![[ONE / 2; 2]; 81],
            dist: vec![ONE / 2; 2 * 129 * 2 * NODES],
        }
    }

    /// Code one value (`None`: any value will do) given what came before; returns the value coded.
    fn code(&mut self, c: &mut impl BitCoder, done: &[u8], want: Option<u8>) -> u8 {
        let n = done.len();
        let at = |k: usize| if n >= k { done[n - k] } else { 0 };
        let (l, u, ul, pl, l2) = (at(1), at(64), at(65), at(4096), at(2));
        let agree = (u == l) as usize
            | ((pl == l) as usize) << 1
            | ((ul == l) as usize) << 2
            | ((l2 == l) as usize) << 3;
        let sctx = class(l) * 32 + agree * 2;
        if c.bit(&mut self.same[sctx], want.map(|w| w != l)) {
            // Not the left value.
            if u != l && !c.bit(&mut self.same[sctx + 1], want.map(|w| w != u)) {
                return u;
            }
        } else {
            return l;
        }
        let ctx = class(l) * 27 + class(u) * 9 + class(pl) * 3 + class(ul);
        let wc = want.map(class);
        let p = &mut self.cls[ctx];
        let decisive = c.bit(&mut p[0], wc.map(|k| k != 0));
        if !decisive {
            return 0;
        }
        let loss = c.bit(&mut p[1], wc.map(|k| k == 2));
        let k = if loss { 2 } else { 1 };
        let d_of = |v: u8| if class(v) == k { (v & 127) as usize } else { 128 };
        let near = d_of(l);
        let base = (((k - 1) * 129 + near) * 2 + (u == l) as usize) * NODES;
        let wd = want.map(|v| v & 127);
        let mut node = 1usize;
        for bit in (0..7).rev() {
            let b = c.bit(&mut self.dist[base + node], wd.map(|d| (d >> bit) & 1 == 1));
            node = node * 2 + b as usize;
        }
        let d = (node - NODES) as u8;
        if loss {
            128 + d
        } else {
            d
        }
    }
}

/// Code a sequence of values (`None` where any value will do).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn encode(values: &[Option<u8>]) -> Vec<u8> {
    let mut e = Encoder::new();
    let mut m = Model::new();
    let mut done = Vec::with_capacity(values.len());
    for &v in values {
        let x = m.code(&mut e, &done, v);
        done.push(x);
    }
    e.finish()
}

/// Decode `n` values.
pub(crate) fn decode(data: &[u8], n: usize) -> Vec<u8> {
    let mut d = Decoder::new(data);
    let mut m = Model::new();
    let mut done = Vec::with_capacity(n);
    for _ in 0..n {
        let x = m.code(&mut d, &done, None);
        done.push(x);
    }
    done
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    #[test]
    fn round_trip() {
        let vals: Vec<Option<u8>> = (0..20000u32)
            .map(|i| match i % 7 {
                0 => None,
                1 | 2 => Some(0),
                3 => Some((i % 50) as u8 + 1),
                _ => Some(128 + (i % 30) as u8),
            })
            .collect();
        let bytes = super::encode(&vals);
        let back = super::decode(&bytes, vals.len());
        for (a, b) in vals.iter().zip(&back) {
            if let Some(a) = a {
                assert_eq!(a, b);
            }
        }
    }
}
