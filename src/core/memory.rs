//! The memory budget: how many bytes the tables of one count, search or perft may take.
//!
//! By default the lower of 1 GiB and half of what the process may map (its address-space
//! or data limit: `ulimit -v`, `ulimit -d`, a judge's memory limit), so that the stacks,
//! buffers and the allocator's own room fit beside the tables. The environment variable
//! [`VARIABLE`] sets it instead (bytes, or a number with `K`, `M` or `G` after it), though
//! never above that half either. Tables grow within it and allocate fallibly: a count that
//! would need more runs with what it has, more slowly, never beyond it. Threads take the
//! other half ([`threads`]); input is read within the budget ([`read`]).

use std::fs;
use std::io::{self, Read};

use super::error::InputError;
use super::scan::escape;

/// The budget where no limit and no variable lower it.
pub const DEFAULT: usize = 1 << 30;

/// The environment variable that sets the budget.
pub const VARIABLE: &str = "OTHELLO_MEMORY";

/// The budget in bytes (see the module header), or an error naming [`VARIABLE`] if it is
/// set to something that is not a size. The binaries refuse such a value before they
/// start; the library's defaults take [`DEFAULT`] then.
pub fn budget() -> Result<usize, InputError> {
    let wanted = match std::env::var_os(VARIABLE) {
        None => DEFAULT,
        Some(v) => v.to_str().and_then(parse_size).ok_or_else(|| {
            let shown = escape(&v.to_string_lossy());
            InputError::new(format!(
                "{} must be a number of bytes, or of K, M or G (such as 512M), not '{}'",
                VARIABLE, shown
            ))
        })?,
    };
    Ok(wanted.min(process_limit().map_or(usize::MAX, |limit| limit / 2)))
}

/// Each thread's stack (counts, solves, perft): several times their deepest recursion.
pub const STACK: usize = 1 << 20;

/// `wanted` threads (the calling one among them), or as many as fit in half the process's
/// limit where one is known, at least one: each other one takes its [`STACK`] and the
/// allocator's room for it (glibc reserves 64 MiB of address space per thread).
pub fn threads(wanted: usize) -> usize {
    process_limit().map_or(wanted, |limit| wanted.min(1 + limit / 2 / (STACK + (64 << 20)))).max(1)
}

/// All of `input`, in memory allocated fallibly: an input beyond the budget, or that the
/// memory cannot hold, is an error that says how much was read, not an abort.
pub fn read<R: Read + ?Sized>(input: &mut R) -> Result<Vec<u8>, InputError> {
    let (budget, mut bytes, mut chunk) = (budget()?, Vec::new(), vec![0u8; 1 << 16]);
    loop {
        let n = match input.read(&mut chunk) {
            Ok(0) => return Ok(bytes),
            Ok(n) => n,
            Err(ref e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(InputError::new(format!("cannot read the input: {}", e))),
        };
        if bytes.len() + n > budget || bytes.try_reserve(n).is_err() {
            return Err(InputError::new(format!("the input does not fit in memory ({} bytes read)", bytes.len())));
        }
        bytes.extend_from_slice(&chunk[..n]);
    }
}

/// A size written as a whole number of bytes, or of kibibytes, mebibytes or gibibytes
/// with `K`, `M` or `G` after it (upper or lower case); at least one byte.
///
/// ```
/// use othello::core::memory::parse_size;
/// assert_eq!(parse_size("512M"), Some(512 << 20));
/// assert_eq!(parse_size("2g"), Some(2 << 30));
/// assert_eq!(parse_size("100000"), Some(100_000));
/// assert_eq!(parse_size("0"), None);
/// assert_eq!(parse_size("lots"), None);
/// ```
pub fn parse_size(text: &str) -> Option<usize> {
    let text = text.trim();
    // `| 0x20` lowers an ASCII letter and leaves a digit as it is.
    let shift = match text.bytes().last()? | 0x20 {
        b'k' => 10,
        b'm' => 20,
        b'g' => 30,
        _ => 0,
    };
    let digits = &text[..text.len() - (shift > 0) as usize];
    digits.parse::<usize>().ok().filter(|&n| n > 0)?.checked_mul(1 << shift)
}

/// The lower of the process's soft address-space and data limits, in bytes, where the
/// system tells them (Linux: `/proc/self/limits`); `None` if unlimited or unknown.
fn process_limit() -> Option<usize> {
    let limits = fs::read_to_string("/proc/self/limits").ok()?;
    limits
        .lines()
        .filter(|l| l.starts_with("Max address space") || l.starts_with("Max data size"))
        .filter_map(|l| l.split_whitespace().nth(3).and_then(|soft| soft.parse().ok()))
        .min()
}
