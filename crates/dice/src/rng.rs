//! The random source dice are rolled with, and the crate's own seeded generator.

use serde::{Deserialize, Serialize};

/// A source of random numbers for rolling dice.
///
/// Callers inject it, so the rules stay deterministic under test and replayable from a seed.
/// Only [`DiceRng::next_u64`] is required.
pub trait DiceRng {
    /// The next 64 uniformly random bits.
    fn next_u64(&mut self) -> u64;

    /// A uniformly random face in `1..=sides` (a `sides` of 0 is treated as 1).
    ///
    /// Rejection sampling removes modulo bias: draws from the top, incomplete block of
    /// `u64` values are redrawn. With a real generator a redraw happens with probability
    /// below `sides / 2^64`; to guarantee termination even with a broken generator that
    /// always lands there, after 64 redraws the last draw is reduced modulo `sides`.
    fn roll_die(&mut self, sides: u32) -> u32 {
        let n = u64::from(sides.max(1));
        let mut x = self.next_u64();
        // The incomplete block has fewer than `n` values, so any draw below the top `n - 1`
        // is accepted whatever its exact size: the division that finds the size is only
        // needed, and only done, for a draw up there.
        if x > u64::MAX - (n - 1) {
            // 2^64 mod n: the size of the incomplete block at the top of the u64 range.
            let rem = (u64::MAX % n + 1) % n;
            let accept_max = u64::MAX - rem;
            for _ in 0..64 {
                if x <= accept_max {
                    break;
                }
                x = self.next_u64();
            }
        }
        // `x % n < n <= u32::MAX`, so the conversion cannot fail.
        u32::try_from(x % n).map_or(1, |face| face + 1)
    }
}

impl<R: DiceRng + ?Sized> DiceRng for &mut R {
    fn next_u64(&mut self) -> u64 {
        (**self).next_u64()
    }

    fn roll_die(&mut self, sides: u32) -> u32 {
        (**self).roll_die(sides)
    }
}

/// A seeded generator: SplitMix64 (Steele, Lea and Flood 2014; Vigna's reference constants).
///
/// The algorithm is written here, not taken from a dependency, so the same seed gives the
/// same rolls on every platform and in every future version:
///
/// ```text
/// state += 0x9E3779B97F4A7C15
/// z = state
/// z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
/// z = (z ^ (z >> 27)) * 0x94D049BB133111EB
/// return z ^ (z >> 31)          (all arithmetic wrapping, mod 2^64)
/// ```
///
/// It is serializable so a game can store the generator and resume the same sequence.
///
/// ```
/// use grimoire_dice::{DiceRng, SeededRng};
/// let mut a = SeededRng::new(7);
/// let mut b = SeededRng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeededRng {
    state: u64,
}

impl SeededRng {
    /// A generator whose sequence is fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The internal state; [`SeededRng::new`] with it continues the same sequence.
    pub fn state(&self) -> u64 {
        self.state
    }
}

impl DiceRng for SeededRng {
    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A generator that always returns the same value, to drive the edge paths.
    struct Constant(u64);
    impl DiceRng for Constant {
        fn next_u64(&mut self) -> u64 {
            self.0
        }
    }

    #[test]
    fn splitmix64_matches_reference_sequence() {
        // Reference outputs of SplitMix64 for seed 0 (as published with xoshiro's seeding code).
        let mut rng = SeededRng::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(rng.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn state_resumes_sequence() {
        let mut a = SeededRng::new(99);
        a.next_u64();
        let mut b = SeededRng::new(a.state());
        assert_eq!(a.next_u64(), b.next_u64());
    }

    #[test]
    fn roll_die_stays_in_range_and_hits_every_face() {
        let mut rng = SeededRng::new(1);
        let mut seen = [0u32; 7];
        for _ in 0..6000 {
            let f = rng.roll_die(6);
            assert!((1..=6).contains(&f));
            seen[f as usize] += 1;
        }
        // Each face expects 1000; 800 is far outside any plausible fluctuation.
        assert!(seen[1..].iter().all(|&c| c > 800), "{seen:?}");
    }

    /// The rejection sampling as first written: the exact cut-off computed for every draw.
    fn reference_roll_die(rng: &mut impl DiceRng, sides: u32) -> u32 {
        let n = u64::from(sides.max(1));
        let rem = (u64::MAX % n + 1) % n;
        let accept_max = u64::MAX - rem;
        let mut x = rng.next_u64();
        for _ in 0..64 {
            if x <= accept_max {
                break;
            }
            x = rng.next_u64();
        }
        u32::try_from(x % n).map_or(1, |face| face + 1)
    }

    /// Replays a fixed list of draws, then repeats the last one.
    struct Draws(Vec<u64>, usize);
    impl DiceRng for Draws {
        fn next_u64(&mut self) -> u64 {
            let v = self.0.get(self.1).or(self.0.last()).copied().unwrap_or(0);
            self.1 += 1;
            v
        }
    }

    #[test]
    fn roll_die_gives_exactly_the_faces_of_the_reference_sampler() {
        let mut seeds = SeededRng::new(7);
        for sides in [
            0,
            1,
            2,
            3,
            6,
            7,
            20,
            100,
            10_000,
            1 << 31,
            u32::MAX - 1,
            u32::MAX,
        ] {
            let top = |k: u64| u64::MAX - k;
            let mut draws: Vec<u64> = (0..40).map(|_| seeds.next_u64()).collect();
            // Draws at and around the cut-off, where the shortcut and the exact test meet.
            let n = u64::from(sides.max(1));
            let rem = (u64::MAX % n + 1) % n;
            for k in [
                0,
                1,
                2,
                rem.saturating_sub(1),
                rem,
                rem + 1,
                n - 1,
                n,
                n + 1,
            ] {
                draws.push(top(k));
            }
            for start in 0..draws.len() {
                let mut ours = Draws(draws[start..].to_vec(), 0);
                let mut theirs = Draws(draws[start..].to_vec(), 0);
                for _ in 0..3 {
                    assert_eq!(
                        ours.roll_die(sides),
                        reference_roll_die(&mut theirs, sides),
                        "sides {sides}, draws from {start}"
                    );
                }
                assert_eq!(ours.1, theirs.1, "same number of draws, sides {sides}");
            }
        }
    }

    #[test]
    fn roll_die_terminates_on_a_generator_stuck_in_the_rejection_zone() {
        // For 6 sides the top 4 values of u64 are rejected; u64::MAX is one of them.
        let face = Constant(u64::MAX).roll_die(6);
        assert!((1..=6).contains(&face));
        assert_eq!(Constant(5).roll_die(0), 1);
        assert_eq!(
            Constant(u64::MAX).roll_die(u32::MAX),
            (u64::MAX % u64::from(u32::MAX)) as u32 + 1
        );
    }
}
