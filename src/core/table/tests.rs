//! The table: exact hits only, growth, replacement by weight, clearing, the size of a
//! bucket, and its budget.

use super::*;

/// Distinct keys whose hashes collide in nothing but their bucket.
fn key(i: u64) -> (u64, u64) {
    (i, i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

#[test]
fn what_is_stored_is_found_across_growth() {
    // 2^18 slots of 64-byte buckets: 8 MB at full size, reached by doubling from 1,024.
    let mut t: Table<(u64, u64), u64> = Table::new(1 << 18, usize::MAX);
    for i in 0..100_000 {
        t.put(&key(i), i * 3, 1);
    }
    assert_eq!(t.capacity(), 1 << 18);
    // A hit is always the key asked for, with its value.
    for i in 0..100_000 {
        if let Some(&v) = t.get(&key(i)) {
            assert_eq!(v, i * 3);
        }
    }
    // Entries are lost only where three keys met in a bucket of two, at this size or a
    // smaller one on the way (about 18% here).
    let kept = (0..100_000).filter(|&i| t.get(&key(i)).is_some()).count();
    assert!(kept > 75_000, "{} of 100000 kept", kept);
    assert!((100_000..200_000).all(|i| t.get(&key(i)).is_none()));
}

#[test]
fn a_new_entry_takes_the_place_of_the_lighter_one() {
    let mut t: Table<(u64, u64), u64> = Table::new(1 << 12, usize::MAX);
    // Ten times more keys than slots: light ones, then heavy ones, then light again.
    for i in 0..20_000 {
        t.put(&key(i), i, 1);
    }
    for i in 20_000..40_000 {
        t.put(&key(i), i, 9);
    }
    for i in 40_000..60_000 {
        t.put(&key(i), i, 1);
    }
    assert_eq!(t.capacity(), 1 << 12);
    let found = |range: std::ops::Range<u64>| range.filter(|&i| t.get(&key(i)).is_some()).count();
    // Every bucket ends with one heavy entry (the light ones that came after it evicted
    // the lighter slot, that is the other heavy one) and the last light one.
    assert_eq!(found(20_000..40_000), 1 << 11);
    assert_eq!(found(40_000..60_000), 1 << 11);
    assert_eq!(found(0..20_000), 0);
    for i in 0..60_000 {
        if let Some(&v) = t.get(&key(i)) {
            assert_eq!(v, i);
        }
    }
}

#[test]
fn a_cleared_table_forgets_everything_and_keeps_its_size() {
    let mut t: Table<(u64, u64), u64> = Table::new(1 << 14, usize::MAX);
    for i in 0..20_000 {
        t.put(&key(i), i, 1);
    }
    assert_eq!(t.capacity(), 1 << 14);
    t.clear();
    assert_eq!(t.capacity(), 1 << 14);
    assert!((0..20_000).all(|i| t.get(&key(i)).is_none()));
    // It fills again as a new one would, without growing.
    for i in 0..1000 {
        t.put(&key(i), i + 1, 1);
    }
    assert_eq!(t.capacity(), 1 << 14);
    // (Only where three of the keys meet in a bucket of two is one lost.)
    assert!((0..1000).all(|i| t.get(&key(i)).map_or(true, |&v| v == i + 1)));
    assert!((0..1000).filter(|&i| t.get(&key(i)).is_some()).count() >= 990);
}

#[test]
fn a_bucket_of_compact_slots_is_one_cache_line() {
    // A 16-byte key with 12 bytes of value: the weight's zero niche marks an empty slot,
    // so two slots fill 64 bytes exactly.
    assert_eq!(std::mem::size_of::<Option<Slot<(u64, u64), [u32; 3]>>>(), 32);
    assert_eq!(std::mem::size_of::<Bucket<(u64, u64), [u32; 3]>>(), 64);
    // The endgame solver's bounds are smaller still.
    assert_eq!(std::mem::size_of::<Bucket<(u64, u64), [i8; 3]>>(), 64);
}

#[test]
fn growing_loses_no_entry() {
    let mut t: Table<(u64, u64), u64> = Table::new(1 << 16, usize::MAX);
    let mut growths = 0;
    for i in 0..40_000 {
        let before = t.capacity();
        let present: Vec<u64> =
            if t.used * 2 > before { (0..i).filter(|&k| t.get(&key(k)).is_some()).collect() } else { Vec::new() };
        t.put(&key(i), i, 1);
        if t.capacity() > before {
            // The table doubled in place before storing key i, which may then have taken
            // the slot of at most one entry of its bucket.
            growths += 1;
            let lost = present.iter().filter(|&&k| t.get(&key(k)) != Some(&k)).count();
            assert!(lost <= 1, "{} entries lost growing from {} slots", lost, before);
            assert_eq!(t.get(&key(i)), Some(&i));
        }
    }
    // 2 (one bucket, before the first store) to 1,024, then to 65,536 slots.
    assert_eq!(growths, 7);
}

#[test]
fn the_budget_caps_the_slots() {
    // 64 KiB of 64-byte buckets: 1,024 buckets, 2,048 slots, whatever the entries asked.
    let mut t: Table<(u64, u64), u64> = Table::new(1 << 20, 1 << 16);
    for i in 0..100_000 {
        t.put(&key(i), i, 1);
    }
    assert_eq!(t.capacity(), 2048);
    assert!(t.bytes() <= 1 << 16);
    assert!((0..100_000).filter(|&i| t.get(&key(i)) == Some(&i)).count() >= 1024);
}

#[test]
fn what_keys_own_counts_against_the_budget() {
    // Keys of 16 words own 128 bytes each: a 1 MiB budget holds a few thousand of them,
    // though the slots could take far more.
    let budget = 1 << 20;
    let mut t: Table<Vec<u64>, u64> = Table::new(1 << 16, budget);
    let long = |i: u64| -> Vec<u64> { (0..16).map(|w| i ^ w << 40).collect() };
    for i in 0..50_000 {
        t.put(&long(i), i, 1 + (i % 7) as u32);
        assert!(t.bytes() <= budget, "{} bytes after {} entries", t.bytes(), i);
    }
    let kept = (0..50_000).filter(|&i| t.get(&long(i)) == Some(&i)).count();
    assert!(kept > 1000 && kept < 8192, "{} kept", kept);
    // Clearing gives the bytes back.
    t.clear();
    assert_eq!(t.bytes(), t.capacity() / 2 * std::mem::size_of::<Bucket<Vec<u64>, u64>>());
    t.put(&long(1), 1, 1);
    assert_eq!(t.get(&long(1)), Some(&1));
}
