//! A small seeded random generator (xorshift64): the same numbers for the same seed on
//! every run and machine, for the engine's openings and the unit tests' random positions.

/// A seeded xorshift64 generator.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed` (any value, 0 included).
    ///
    /// ```
    /// use othello::core::rng::Rng;
    /// let (mut a, mut b) = (Rng::new(7), Rng::new(7));
    /// assert_eq!(a.next_u64(), b.next_u64());
    /// assert!(a.below(6) < 6);
    /// ```
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
