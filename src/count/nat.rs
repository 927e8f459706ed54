//! Natural numbers of any size, for counts that outgrow `u128`.
//!
//! Counting needs only addition and decimal printing, so a [`Nat`] is stored as decimal
//! limbs: base 10^18, least significant first, never with a zero limb on top (zero is the
//! empty vector). Printing is the top limb followed by every other limb padded to 18
//! digits; no division is ever needed.

use std::fmt;

use super::super::core::table::Footprint;

/// One limb holds a number below this: 10^18 (fits a `u64` with room for a carry).
const BASE: u64 = 1_000_000_000_000_000_000;

/// A natural number of any size.
///
/// ```
/// use othello::count::nat::Nat;
/// let mut n = Nat::from(u64::MAX);
/// n.add(&Nat::from(u64::MAX));
/// assert_eq!(n.to_string(), "36893488147419103230");
/// assert_eq!(Nat::default().to_string(), "0");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Nat {
    limbs: Vec<u64>,
}

/// Its limbs, on the heap.
impl Footprint for Nat {
    fn heap_bytes(&self) -> usize {
        self.limbs.capacity() * 8
    }
}

impl Nat {
    /// Adds `other` to `self`.
    pub fn add(&mut self, other: &Nat) {
        if self.limbs.len() < other.limbs.len() {
            self.limbs.resize(other.limbs.len(), 0);
        }
        let mut carry = 0;
        for (i, limb) in self.limbs.iter_mut().enumerate() {
            let sum = *limb + other.limbs.get(i).cloned().unwrap_or(0) + carry;
            carry = (sum >= BASE) as u64;
            *limb = sum - carry * BASE;
            if carry == 0 && i >= other.limbs.len() {
                break;
            }
        }
        if carry > 0 {
            self.limbs.push(carry);
        }
    }

    /// Whether the number is 0.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The same number as a `u64`, if it is below 2^64.
    pub fn to_u64(&self) -> Option<u64> {
        match self.limbs[..] {
            [] => Some(0),
            [low] => Some(low),
            [low, high] => high.checked_mul(BASE).and_then(|high| high.checked_add(low)),
            _ => None,
        }
    }
}

impl From<u64> for Nat {
    fn from(n: u64) -> Nat {
        Nat::from(n as u128)
    }
}

impl From<u128> for Nat {
    fn from(mut n: u128) -> Nat {
        let mut limbs = Vec::new();
        while n > 0 {
            limbs.push((n % BASE as u128) as u64);
            n /= BASE as u128;
        }
        Nat { limbs }
    }
}

impl fmt::Display for Nat {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let mut limbs = self.limbs.iter().rev();
        let mut text = limbs.next().map_or("0".to_string(), |top| top.to_string());
        for limb in limbs {
            text.push_str(&format!("{:018}", limb));
        }
        f.pad(&text)
    }
}

#[cfg(test)]
mod tests;
