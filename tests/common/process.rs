//! Running a built binary in the tests: its input on stdin from a thread of its own (a
//! binary that stops reading early is no failure), its stdout and stderr read to their
//! ends, and a time limit after which it is killed, so that a hung binary fails its test
//! instead of hanging it. Included by each test crate that runs binaries with
//! `#[path = "../common/process.rs"] mod process;` (not a test target of its own).
#![allow(dead_code)]

use std::io::{Read, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// What a finished process left.
pub struct Output {
    pub status: ExitStatus,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub elapsed: Duration,
}

/// Runs `exe args < input`, killing it after `limit`.
pub fn run(exe: &str, args: &[&str], input: Vec<u8>, limit: Duration) -> Result<Output, String> {
    let start = Instant::now();
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {}", exe, e))?;
    let mut stdin = child.stdin.take().unwrap();
    // The binary may stop reading early; a failed write is no matter.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let stdout = reader(child.stdout.take().unwrap());
    let stderr = reader(child.stderr.take().unwrap());
    let mut nap = Duration::from_micros(100);
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            let _ = writer.join();
            let _ = stdout.join();
            let _ = stderr.join();
            return Err(format!("still running after {:?} (killed)", limit));
        }
        thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(5));
    };
    let elapsed = start.elapsed();
    let _ = writer.join();
    Ok(Output { status, stdout: stdout.join().unwrap(), stderr: stderr.join().unwrap(), elapsed })
}

/// A thread that reads `r` to its end.
pub fn reader<R: Read + Send + 'static>(mut r: R) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut v = Vec::new();
        let _ = r.read_to_end(&mut v);
        v
    })
}

/// The signal that ended a process, if one did.
#[cfg(unix)]
pub fn signal(status: &ExitStatus) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt;
    status.signal()
}

#[cfg(not(unix))]
pub fn signal(_: &ExitStatus) -> Option<i32> {
    None
}
