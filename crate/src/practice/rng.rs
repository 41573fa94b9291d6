//! The generators' source of chance: SplitMix64, written here so that a skill and a seed give the
//! same exercise, byte for byte, on every machine and in wasm32 (only integer arithmetic: no
//! floating point, no platform, no dependency). The class server regenerates an exercise from its
//! id and judges the child's moves against it.

/// A seeded random number generator (SplitMix64: one 64-bit state, a fixed mixing function).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The generator for (`skill`, `seed`), the `attempt`-th internal try (an exercise whose proof
    /// fails is thrown away and the next attempt drawn).
    pub fn for_exercise(skill: &str, seed: u64, attempt: u32) -> Rng {
        // FNV-1a of the skill's id, then the seed and the attempt folded in through the mixer
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in skill.bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        let mut r = Rng(h ^ mix(seed.wrapping_add(0x9e37_79b9_7f4a_7c15)));
        r.0 ^= mix(attempt as u64 ^ 0x5851_f42d_4c95_7f2d);
        r
    }

    /// A generator from a plain seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        mix(self.0)
    }

    /// A number in `0..n` (`n` ≥ 1; 0 when `n` is 0). Lemire's multiply-shift: the bias is below
    /// 2^-32, nothing a child could notice.
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * n as u64) >> 32) as u32
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: i32, hi: i32) -> i32 {
        if hi <= lo {
            return lo;
        }
        lo + self.below((hi - lo + 1) as u32) as i32
    }

    /// True `num` times in `den`.
    pub fn chance(&mut self, num: u32, den: u32) -> bool {
        self.below(den) < num
    }

    /// One element of a slice (`None` when it is empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            return None;
        }
        items.get(self.below(items.len() as u32) as usize)
    }

    /// The slice in a random order (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for k in (1..items.len()).rev() {
            let j = self.below(k as u32 + 1) as usize;
            items.swap(k, j);
        }
    }
}

/// SplitMix64's finaliser.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn practice_rng_is_fixed() {
        // the published first outputs of SplitMix64 from seed 0
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        let a: Vec<u32> = (0..20)
            .map({
                let mut r = Rng::for_exercise("rook-stars", 7, 0);
                move |_| r.below(64)
            })
            .collect();
        let b: Vec<u32> = (0..20)
            .map({
                let mut r = Rng::for_exercise("rook-stars", 7, 0);
                move |_| r.below(64)
            })
            .collect();
        assert_eq!(a, b);
        let c: Vec<u32> = (0..20)
            .map({
                let mut r = Rng::for_exercise("rook-stars", 8, 0);
                move |_| r.below(64)
            })
            .collect();
        assert_ne!(a, c);
        assert!(a.iter().all(|&x| x < 64));
    }

    #[test]
    fn practice_rng_ranges() {
        let mut r = Rng::new(3);
        for _ in 0..1000 {
            let x = r.range(-2, 5);
            assert!((-2..=5).contains(&x));
        }
        assert_eq!(r.range(4, 4), 4);
        assert_eq!(r.below(0), 0);
        let mut v: Vec<u32> = (0..10).collect();
        r.shuffle(&mut v);
        v.sort();
        assert_eq!(v, (0..10).collect::<Vec<_>>());
    }
}
