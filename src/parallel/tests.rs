//! The shared table under concurrent writers and readers, and its replacement rule.

use super::*;

/// Distinct keys whose hashes collide in nothing but their bucket.
fn key(i: u64) -> (u64, u64) {
    (i, i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// The value a test stores for key `i`, so that any hit can be checked.
fn value(i: u64) -> [u32; 3] {
    [i as u32, (i >> 32) as u32 ^ 0x5555_5555, (i as u32).wrapping_mul(2_654_435_761)]
}

#[test]
fn a_shared_table_returns_only_whole_entries_of_the_key_asked_for() {
    // Four threads write and read eight keys in a table of one bucket, so that they
    // meet on its two slots all the time: every hit must still be the value written for
    // its key, never a key read before a writer came and values read after.
    let t = SharedTable::new(2);
    let hits = AtomicU64::new(0);
    std::thread::scope(|s| {
        for thread in 0..4u64 {
            let (t, hits) = (&t, &hits);
            s.spawn(move || {
                for round in 0..3_000_000u64 {
                    let i = (round * 7 + thread * 13) % 8;
                    if round % 3 == 0 {
                        t.put(key(i), value(i), (i % 20) as u32 + 1);
                    } else if let Some(v) = t.get(key(i)) {
                        assert_eq!(v, value(i), "key {}", i);
                        hits.fetch_add(1, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    assert!(hits.load(Ordering::Relaxed) > 10_000);
}

#[test]
fn a_shared_table_keeps_the_heavier_entry() {
    let t = SharedTable::new(1 << 12);
    for i in 0..20_000 {
        t.put(key(i), value(i), 1);
    }
    for i in 20_000..40_000 {
        t.put(key(i), value(i), 9);
    }
    for i in 40_000..60_000 {
        t.put(key(i), value(i), 1);
    }
    // As in `a_new_entry_takes_the_place_of_the_lighter_one`: one heavy and the last
    // light entry per bucket.
    let found = |range: std::ops::Range<u64>| range.filter(|&i| t.get(key(i)) == Some(value(i))).count();
    assert_eq!(found(20_000..40_000), 1 << 11);
    assert_eq!(found(40_000..60_000), 1 << 11);
    assert_eq!(found(0..20_000), 0);
    // Storing a key again replaces its entry in place.
    t.put(key(45_000), [1, 2, 3], 1);
    assert!(t.get(key(45_000)).map_or(true, |v| v == [1, 2, 3]));
}
