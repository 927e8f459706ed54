//! The shared table under concurrent writers and readers, and its replacement rule.

use super::super::bit_walk::BitWalk;
use super::super::rules::Flanking;
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

/// The walk of an 8×8 board written as 64 cells (`X` to move, `O`, `-` empty).
fn walk_of(cells: &str) -> BitWalk<Flanking> {
    let bits = |c: char| cells.chars().enumerate().filter(|&(_, x)| x == c).fold(0u64, |b, (i, _)| b | 1 << i);
    BitWalk::new(bits('X'), bits('O'), bits('-'), 0)
}

#[test]
fn a_narrow_root_is_split_deeper() {
    // The bench's 18-empty position: 8 positions two plies down, 121 four plies down.
    let narrow = walk_of("X-------X------XX-----XXXOOOOXXXXXXXXXXXXXXXOXOXXXXXXXXXXXXXXXXX");
    let mut two = Vec::new();
    split(&mut narrow.clone(), 2, false, &mut Vec::new(), &mut two);
    assert!(two.len() < 2 * TASKS_PER_THREAD, "{} tasks two plies down", two.len());
    assert!(tasks(&narrow, 2).len() >= 2 * TASKS_PER_THREAD);
    assert!(tasks(&narrow, 1).len() >= TASKS_PER_THREAD);
}

#[test]
fn the_tasks_add_up_to_the_root() {
    // 10 empty cells; up to 6 plies of split for 8 threads, down to ends and passes.
    let walk = walk_of("O--OOOOX-OOOOOOXOOXXOOOXOOXOOXOXOXOXOXOXO--OXOXXO-OXXXOX-OXXX---");
    let whole = Counter::<_, u64>::new(0, false).count(&mut walk.clone());
    for &threads in [1, 2, 8, 1000].iter() {
        let mut sum = Outcomes::<u64>::default();
        let mut replayed = walk.clone();
        for (path, opponent) in tasks(&walk, threads) {
            let o = count_task(&mut Counter::<_, u64>::new(0, false), &mut replayed, &path, None);
            assert_eq!((replayed.key(), replayed.empties()), (walk.key(), walk.empties()), "a task leaves the walk as it was");
            if opponent {
                sum.add_opponent(&o);
            } else {
                sum.add(&o);
            }
        }
        assert_eq!(sum, whole, "{} threads", threads);
    }
    assert_eq!((whole.wins, whole.losses, whole.draws), (128_853, 31_233, 5_719));
}

#[test]
fn a_locked_table_answers_every_thread_with_what_any_thread_stored() {
    // Four threads store and read long keys; every hit is the value stored for its key,
    // and keys stored by one thread are found by the others.
    let t: LockedTable<Vec<u64>> = LockedTable::new(1 << 16);
    let long = |i: u64| vec![i, !i, i.wrapping_mul(3), 7];
    std::thread::scope(|s| {
        for thread in 0..4u64 {
            let t = &t;
            s.spawn(move || {
                for i in (thread..4_000).step_by(4) {
                    t.shard(&long(i)).put(long(i), value(i), 5);
                }
                for i in 0..4_000u64 {
                    if let Some(v) = t.shard(&long(i)).get(&long(i)) {
                        assert_eq!(*v, value(i), "key {}", i);
                    }
                }
            });
        }
    });
    // A shard grows only once half full, so a few of its two-slot buckets are asked for
    // a third entry and replace one (about 10 here); all the others are kept.
    let found = (0..4_000u64).filter(|&i| t.shard(&long(i)).get(&long(i)) == Some(&value(i))).count();
    assert!(found >= 3_960, "{} of 4,000 entries kept", found);
}

#[test]
fn the_general_board_counts_on_threads_when_its_positions_fit_the_shared_table() {
    use super::super::board::{Board, Color};
    use super::super::board_walk::BoardWalk;
    // The tasks-test position on the general board: 10 empty cells, a locked table.
    let cells = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOXOXOXOXOXOXO--OXOXXO-OXXXOX-OXXX---";
    let mut board = Board::new(8, 8);
    for (i, c) in cells.chars().enumerate() {
        board.set(i, match c {
            'X' => Some(Color::Black),
            'O' => Some(Color::White),
            _ => None,
        });
    }
    let walk = BoardWalk::<Flanking>::new(&board, Color::Black);
    let (o, [nodes, hits, _]) = count::<_, u64>(&walk, 2, 1 << 12, false, 1 << 20).expect("threads for 10 empty cells");
    assert_eq!((o.wins, o.losses, o.draws), (128_853, 31_233, 5_719));
    assert!(nodes > 0 && hits > 0, "{} nodes, {} hits", nodes, hits);
    // With more empty cells than the shared table keeps, one thread is better.
    let mut start = Board::start(8);
    start.set(0, None);
    assert!(count::<_, u64>(&BoardWalk::<Flanking>::new(&start, Color::Black), 2, 1 << 12, false, 1 << 20).is_none());
}

#[test]
fn a_locked_table_of_longer_keys_takes_the_memory_of_two_word_slots() {
    // Two-word keys and values of three `u32`s take 32 bytes a slot; the general board's
    // keys (a `Vec`) 64, so a locked table for them holds half as many slots.
    assert_eq!(Table::<(u64, u64), [u32; 3]>::slot_bytes(), 32);
    assert_eq!(Table::<Vec<u64>, [u32; 3]>::slot_bytes(), 64);
    let t: LockedTable<Vec<u64>> = LockedTable::new(1 << 12);
    let long = |i: u64| vec![i, !i, i.wrapping_mul(3), 7];
    for i in 0..8_000u64 {
        t.shard(&long(i)).put(long(i), value(i), 5);
    }
    let found = (0..8_000u64).filter(|&i| t.shard(&long(i)).get(&long(i)) == Some(&value(i))).count();
    assert!(found <= 1 << 11 && found > 1_500, "{} of 8,000 entries kept", found);
}
