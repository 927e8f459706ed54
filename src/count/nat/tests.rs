use super::Nat;

#[test]
fn adds_with_carries_across_limbs() {
    let mut n = Nat::from(999_999_999_999_999_999u64);
    n.add(&Nat::from(1u64));
    assert_eq!(n.to_string(), "1000000000000000000");
    let mut big = Nat::from(u128::MAX);
    big.add(&Nat::from(u128::MAX));
    assert_eq!(big.to_string(), "680564733841876926926749214863536422910");
    // Adding a longer number to a shorter one.
    let mut small = Nat::from(5u64);
    small.add(&big);
    assert_eq!(small.to_string(), "680564733841876926926749214863536422915");
}

#[test]
fn doubling_matches_powers_of_two() {
    // 2^200, by repeated doubling, against its known decimal expansion.
    let mut n = Nat::from(1u64);
    for _ in 0..200 {
        let copy = n.clone();
        n.add(&copy);
    }
    assert_eq!(n.to_string(), "1606938044258990275541962092341162602522202993782792835301376");
    assert!(!n.is_zero() && Nat::default().is_zero());
}

#[test]
fn converts_to_u64_only_what_fits() {
    assert_eq!(Nat::default().to_u64(), Some(0));
    assert_eq!(Nat::from(479_001_600u64).to_u64(), Some(479_001_600));
    // Two limbs: 10^18 and above.
    assert_eq!(Nat::from(u64::MAX).to_u64(), Some(u64::MAX));
    assert_eq!(Nat::from(u64::MAX as u128 + 1).to_u64(), None);
    assert_eq!(Nat::from(u128::MAX).to_u64(), None);
}
