//! The lanes' masks against their definitions.

use super::{doubled, groups};

/// `groups` and `doubled`, group by group and bit by bit.
#[test]
fn lane_masks_match_their_definitions() {
    for m in (0u32..1 << 24).step_by(7).chain(0..1 << 12) {
        for &size in [2u32, 3].iter() {
            let mut expected = 0;
            for g in (0..24).step_by(size as usize) {
                let group = ((1u32 << size) - 1) << g;
                if m & group != 0 {
                    expected |= group;
                }
            }
            assert_eq!(groups(m, size), expected, "groups({:#x}, {})", m, size);
        }
        let twice = (0..12).filter(|j| m >> j & 1 == 1).fold(0, |t, j| t | 0b11 << (2 * j));
        assert_eq!(doubled(m), twice, "doubled({:#x})", m);
    }
}
