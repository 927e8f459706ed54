//! `otello` as Othello players use it: positions on the command line whatever their first
//! cell, `solve`'s table with its principal variations, `analyse`, progress on stderr,
//! `play`'s hint, undo, start position and echo, the examples of the docs as written,
//! and a game in a real pseudo-terminal (tmux).

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use othello::engine::endgame::{Solver, LOOK_EVERY};
use othello::engine::game::Game;
use othello::engine::position::{parse, Move};

use super::{binary, moves_of, output, run};

/// FFO #40: black to move wins by 38 (A2), 20 empty squares.
const FFO40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------";

/// FFO #40 after the first `plies` moves of a line of best play, with its side to move.
fn ffo40_after(plies: usize) -> (String, &'static str) {
    let mut pos = parse(FFO40, "X").unwrap();
    let mut solver = Solver::new(1 << 16);
    let s = solver.solve(&pos);
    let line = solver.principal_variation(&pos, &s);
    let mut black = true;
    for &m in line.iter().take(plies) {
        pos = pos.play(m);
        black = !black;
    }
    let (b, w) = if black { (pos.player, pos.opponent) } else { (pos.opponent, pos.player) };
    let cells = (0..64)
        .map(|sq| {
            if b >> sq & 1 == 1 {
                'X'
            } else if w >> sq & 1 == 1 {
                'O'
            } else {
                '-'
            }
        })
        .collect();
    (cells, if black { "X" } else { "O" })
}

/// The cells of a table row (`| a | b |` or `a | b`), trimmed.
fn columns(line: &str) -> Vec<String> {
    line.split('|').map(|c| c.trim().to_string()).collect()
}

#[test]
fn positions_parse_whatever_their_first_cell() {
    let (board, side) = ffo40_after(8);
    assert!(board.starts_with('-') || board.starts_with('O'), "{}", board);
    let quoted = format!("{} {}", board, side);
    let one = output(&["solve", "--format", "plain", &quoted]);
    let two = output(&["solve", "--format", "plain", &board, side]);
    let ended = output(&["solve", "--format", "plain", "--", &board, side]);
    let strip = |s: &str| s.split(" nodes").next().unwrap().to_string();
    assert!(one.starts_with("1 "), "the id is the line number, not '--': {}", one);
    assert_eq!(strip(&one), strip(&two));
    assert_eq!(strip(&one), strip(&ended));
    // FFO #41, whose board starts with an empty cell, quoted with its side.
    let ffo = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("data/ffo40-59.txt")).unwrap();
    let fields: Vec<&str> = ffo.lines().find(|l| l.starts_with("41 ")).unwrap().split_whitespace().collect();
    assert!(fields[1].starts_with('-'));
    let out = output(&["solve", "--format", "plain", &format!("{} {}", fields[1], fields[2])]);
    assert!(out.starts_with(&format!("1 {} ", fields[3])), "{}", out);
}

#[test]
fn solve_prints_a_header_rows_with_principal_variations_and_totals() {
    let (a, side_a) = ffo40_after(6);
    let (b, side_b) = ffo40_after(9);
    let input = format!("# two positions\nfirst {} {}\n{} {}\n", a, side_a, b, side_b);
    let (result, out) = run(&["solve"], &input);
    assert!(result.is_ok(), "{:?}", result.err());
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{}", out);
    assert_eq!(
        columns(lines[0]),
        ["id", "empties", "score", "move", "seconds", "nodes", "nodes/s", "principal variation"]
    );
    assert!(lines[1].starts_with("-------+"), "{}", lines[1]);
    let mut total = 0u64;
    for (row, (board, side, id)) in lines[2..4].iter().zip([(&a, side_a, "first"), (&b, side_b, "3")].iter()) {
        let c = columns(row);
        let pos = parse(board, side).unwrap();
        let s = Solver::new(1 << 16).solve(&pos);
        assert_eq!(c[0], *id);
        assert_eq!(c[1], pos.empty().count_ones().to_string());
        assert_eq!(c[2], format!("{:+}", s.score));
        // The line is legal, starts with a best move and ends the game at the score.
        let line: Vec<Move> = c[7].split(' ').map(|m| Move::parse(m).expect("a move")).collect();
        assert_eq!(line[0].to_string(), c[3], "the line starts with the best move");
        let mut end = pos;
        for (k, &m) in line.iter().enumerate() {
            assert!(moves_of(&end).contains(&m), "{} is no legal move in {}", m, row);
            end = end.play(m);
            if k == 0 {
                assert_eq!(-Solver::new(1 << 16).solve(&end).score, s.score, "{} is a best move", m);
            }
        }
        assert!(end.is_over(), "{}", row);
        let sign = if line.len() % 2 == 0 { 1 } else { -1 };
        assert_eq!(sign * end.final_score(), s.score, "{}", row);
        total += c[5].parse::<u64>().unwrap();
    }
    assert!(lines[4].starts_with(&format!("2 positions, {} nodes in ", total)), "{}", lines[4]);
}

#[test]
fn solve_refuses_more_than_36_empty_squares_unless_forced() {
    // Four discs, nobody can move: 60 empty squares, over at once.
    let board = format!("{}XX{}XX{}", "-".repeat(27), "-".repeat(6), "-".repeat(27));
    let (result, out) = run(&["solve", &board, "O"], "");
    let message = result.expect_err("refused").to_string();
    assert!(message.contains("60 empty squares") && message.contains("--force"), "{}", message);
    assert!(out.is_empty(), "{}", out);
    let out = output(&["solve", "--force", "--format", "plain", &board, "O"]);
    assert!(out.starts_with("1 -64 - "), "{}", out);
}

#[test]
fn analyse_gives_every_move_its_exact_value_best_first() {
    let (board, side) = ffo40_after(8);
    let out = output(&["analyse", &board, side]);
    let pos = parse(&board, side).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].contains("exact final disc differences"), "{}", out);
    let legal = moves_of(&pos);
    assert_eq!(lines.len(), 1 + legal.len(), "{}", out);
    let mut last = i32::MAX;
    for l in &lines[1..] {
        let fields: Vec<&str> = l.split_whitespace().collect();
        let m = Move::parse(fields[0]).unwrap();
        let value: i32 = fields[1].parse().unwrap();
        assert_eq!(value, -Solver::new(1 << 16).solve(&pos.play(m)).score, "{}", l);
        assert!(value <= last, "best first: {}", out);
        last = value;
        assert_eq!(fields[2], fields[0], "the line starts with the move: {}", l);
    }
    // By a heuristic: every legal move once, from the start.
    let start = "---------------------------OX------XO--------------------------- X";
    let out = output(&["analyse", start, "--depth", "3", "--heuristic", "mobility"]);
    let mut listed: Vec<&str> = out.lines().skip(1).map(|l| l.split_whitespace().next().unwrap()).collect();
    listed.sort_unstable();
    assert_eq!(listed, ["C4", "D3", "E6", "F5"], "{}", out);
}

#[test]
fn play_gives_hints_takes_back_and_starts_from_a_position() {
    let (result, out) = run(&["play", "--depth", "2"], "hint\nd3\nundo\nundo\nquit\n");
    assert!(result.is_ok(), "{:?}", result.err());
    let hint = out.split("Hint: ").nth(1).expect("a hint").lines().next().unwrap();
    assert!(["D3", "C4", "F5", "E6"].contains(&&hint[..2]), "{}", hint);
    assert!(hint.contains(" at depth 2, ") && hint.contains(" nodes, "), "{}", hint);
    let engine = out.lines().find(|l| l.starts_with("The engine plays ")).expect("a reply");
    assert!(engine.contains(" discs at depth 2, ") && engine.ends_with(" s."), "{}", engine);
    assert_eq!(out.matches("Taken back.").count(), 1, "{}", out);
    assert!(out.contains("Nothing to take back."), "{}", out);
    // After the undo the board is the start again.
    let after = out.split("Taken back.").nth(1).unwrap();
    assert!(after.contains("4 . . . O X . . .\n5 . . . X O . . ."), "{}", after);

    // From a position, the person to move there.
    let (board, side) = ffo40_after(9);
    let human = if side == "O" { "white" } else { "black" };
    let (result, out) = run(&["play", "--human", human, "--depth", "1", "--position", &board, side], "moves\nquit\n");
    assert!(result.is_ok(), "{:?}", result.err());
    let pos = parse(&board, side).unwrap();
    let legal: Vec<String> = moves_of(&pos).iter().map(|m| m.to_string()).collect();
    assert!(out.contains(&format!("Your legal moves: {}.", legal.join(" "))), "{}", out);
    assert!(!out.contains("The engine plays"), "the person moves first here: {}", out);
}

#[test]
fn piped_play_echoes_each_move_and_progress_goes_to_stderr() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_otello"))
        .args(["play", "--depth", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(b"d3\nmoves\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Your move: d3\n") && text.contains("Your move: moves\n"), "{}", text);
    assert!(out.stderr.is_empty());

    let (code, out, err) = binary(&["perft", "5"], Stdio::null());
    assert_eq!(code, Some(0));
    assert!(out.starts_with("perft(5) = 1396 ("), "{}", out);
    let depths: Vec<&str> = err.lines().map(|l| l.split(" (").next().unwrap()).collect();
    assert_eq!(depths, ["perft(1) = 4", "perft(2) = 12", "perft(3) = 56", "perft(4) = 244"], "{}", err);

    let (board, side) = ffo40_after(4);
    let (code, out, err) = binary(&["solve", "--verbose", "--format", "plain", &board, side], Stdio::null());
    assert_eq!(code, Some(0), "{}", err);
    let score = out.split_whitespace().nth(1).unwrap();
    let steps: Vec<&str> = err.lines().collect();
    assert!(!steps.is_empty() && steps.iter().all(|l| l.starts_with("1: tried ")), "{}", err);
    assert!(steps.last().unwrap().contains(&format!(": exactly {} (", score)), "{}", err);
}

/// The `otello` examples of a document that pipe moves into `play`.
fn play_examples(doc: &str) -> Vec<String> {
    let text = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(doc)).unwrap();
    let mut found = Vec::new();
    for line in text.lines() {
        for part in line.split('`') {
            let part = part.replace("\\|", "|");
            if part.contains("| otello play") || part.contains("| ./target/release/otello play") {
                found.push(part.trim().to_string());
            }
        }
    }
    found
}

#[test]
fn the_docs_play_examples_run_as_written() {
    let dir = Path::new(env!("CARGO_BIN_EXE_otello")).parent().unwrap().to_path_buf();
    let mut examples = play_examples("README.md");
    examples.extend(play_examples("docs/otello.md"));
    assert!(!examples.is_empty(), "the docs show a piped game");
    for example in examples {
        let command = example.replace("./target/release/otello", "otello");
        let path = format!("{}:{}", dir.display(), std::env::var("PATH").unwrap_or_default());
        let out = Command::new("sh").args(["-c", &command]).env("PATH", path).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "`{}`: {}", example, String::from_utf8_lossy(&out.stderr));
        for complaint in ["flips no disc", "is taken", "is not a square", "cannot pass"].iter() {
            assert!(!text.contains(complaint), "`{}` hits '{}':\n{}", example, complaint, text);
        }
        assert!(text.contains("The engine plays "), "`{}`:\n{}", example, text);
    }
}

/// A tmux server of its own running one command in a 100×60 pseudo-terminal; killed
/// when dropped.
struct Tmux {
    name: String,
}

impl Tmux {
    /// Whether tmux is here; a loud skip where it is not, a failure where
    /// `OTHELLO_REQUIRE_TOOLS` is set (CI).
    fn present(what: &str) -> bool {
        let present = Command::new("tmux").arg("-V").output().map_or(false, |o| o.status.success());
        if !present {
            assert!(std::env::var_os("OTHELLO_REQUIRE_TOOLS").is_none(), "tmux is required here");
            eprintln!("\n*** SKIPPED {}: no tmux here. ***\n", what);
        }
        present
    }

    /// Starts `command` (a shell command line) in a new server named after `tag`. The
    /// pane stays open after the command, which prints `exit CODE`, until the server is
    /// dropped.
    fn start(tag: &str, command: &str) -> Tmux {
        let t = Tmux { name: format!("otello-{}-{}", tag, std::process::id()) };
        let command = format!("{}; echo exit $?; sleep 3600", command);
        t.run(&["new-session", "-d", "-s", &t.name.clone(), "-x", "100", "-y", "60", &command]);
        t
    }

    /// Runs `tmux` on this server with `args`; its stdout.
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux").args(["-L", &self.name]).args(args).output().expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Types `keys` as they are (`f5` is not the F5 key), then Enter.
    fn send(&self, keys: &str) {
        let target = format!("{}:0", self.name);
        self.run(&["send-keys", "-t", &target, "-l", keys]);
        self.run(&["send-keys", "-t", &target, "Enter"]);
    }

    /// The pane's text (its history too) once it holds `want`; after 10 minutes, what it
    /// holds then (a program that hangs fails the test instead of holding it forever).
    fn capture(&self, want: &str) -> String {
        let (start, target) = (Instant::now(), format!("{}:0", self.name));
        loop {
            let screen = self.run(&["capture-pane", "-p", "-t", &target, "-S", "-300"]);
            if screen.contains(want) || start.elapsed() > Duration::from_secs(600) {
                return screen;
            }
            thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

#[test]
fn a_game_in_a_real_terminal() {
    if !Tmux::present("a_game_in_a_real_terminal") {
        return;
    }
    let t = Tmux::start("play", &format!("{} play --depth 2", env!("CARGO_BIN_EXE_otello")));
    let first = t.capture("Your move:");
    t.send("f5");
    let second = t.capture("The engine plays ");
    t.send("hint");
    let third = t.capture("Hint: ");
    t.send("undo");
    let fourth = t.capture("Taken back.");
    t.send("quit");
    let last = t.capture("exit ");
    assert!(first.contains("4 . . . O X . . .") && first.contains("Your move:"), "{}", first);
    // A person's typing shows once: the terminal echoes it, otello does not.
    assert_eq!(second.matches("f5").count(), 1, "{}", second);
    assert!(second.contains("The engine plays ") && second.contains(" at depth 2, "), "{}", second);
    assert!(third.contains("Hint: "), "{}", third);
    assert!(fourth.contains("Taken back."), "{}", fourth);
    assert!(last.contains("The game stops here.\nexit 0"), "{}", last);
}

/// On a terminal, a solve shows on stderr that it goes on, and a tournament counts its
/// games: with `--beat 0`, after every 2^20 positions and every game, whatever the
/// machine's speed.
#[test]
fn progress_shows_on_a_terminal() {
    if !Tmux::present("progress_shows_on_a_terminal") {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ffo = fs::read_to_string(root.join("data/ffo40-59.txt")).unwrap();
    let fields: Vec<&str> = ffo.lines().find(|l| l.starts_with("46 ")).unwrap().split_whitespace().collect();
    let exe = env!("CARGO_BIN_EXE_otello");
    let command = format!(
        "{} solve --beat 0 {} {} && {} tournament --depth 2 --games 4 --beat 0",
        exe, fields[1], fields[2], exe
    );
    let t = Tmux::start("progress", &command);
    let screen = t.capture("exit ");
    let row = screen.lines().find(|l| l.contains(&format!("{} | B3   |", fields[3]))).expect("the solve's row");
    // At least once per LOOK_EVERY positions of the solve (its sixth column).
    let nodes: u64 = row.split('|').nth(5).and_then(|n| n.trim().parse().ok()).expect("nodes");
    assert!(nodes > 10 * LOOK_EVERY, "{}", row);
    let beats = screen.lines().filter(|l| l.starts_with("1: searching, ") && l.ends_with(" s")).count();
    assert!(beats as u64 >= nodes / LOOK_EVERY - 1, "{} beats for {} nodes: {}", beats, nodes, screen);
    for game in 1..=24 {
        assert_eq!(screen.matches(&format!("\n{} of 24 games played\n", game)).count(), 1, "{}", screen);
    }
    assert!(screen.contains("exit 0"), "{}", screen);
}

/// The rows of the cross table in `text` (lines starting with `| ` after trimming), each
/// without its last column (positions per second, which depend on the machine).
fn cross_table(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|l| l.trim())
        .filter(|l| l.starts_with("| ") && !l.starts_with("| row vs"))
        .map(|l| {
            let mut c = columns(l);
            c.truncate(c.len().saturating_sub(2));
            c
        })
        .collect()
}

/// Runs `command` (an `otello` command line as the docs write it) with the binary's
/// directory first on the PATH; its stdout, once it has exited 0.
fn run_doc_command(command: &str) -> String {
    let dir = Path::new(env!("CARGO_BIN_EXE_otello")).parent().unwrap().to_path_buf();
    let path = format!("{}:{}", dir.display(), std::env::var("PATH").unwrap_or_default());
    let out = Command::new("sh").args(["-c", command]).env("PATH", path).output().unwrap();
    assert!(out.status.success(), "`{}`: {}", command, String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The exercise's explanation is plain ASCII; every command it shows runs (`cargo build`
/// is the build this test runs on); the tournament tables of it and of docs/otello.md are
/// what the commands above them print, but for the machine's speed.
#[test]
fn the_explanation_is_ascii_and_its_commands_and_results_hold() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(root.join("docs/explanation.txt")).unwrap();
    let bad = text.bytes().position(|b| !(b == b'\n' || (b' '..=b'~').contains(&b)));
    assert_eq!(bad, None, "docs/explanation.txt is printable ASCII");
    let mut tournaments = std::collections::HashMap::new();
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let command = match line.strip_prefix("  $ ") {
            Some(c) => c,
            None => continue,
        };
        if command.starts_with("cargo build") {
            continue;
        }
        let out = run_doc_command(command);
        if command.contains("tournament") {
            let shown: String =
                lines[i + 1..].iter().take_while(|l| !l.starts_with("  $ ")).map(|l| format!("{}\n", l)).collect();
            assert_eq!(cross_table(&out).len(), 4, "a row per heuristic: {}", out);
            assert_eq!(cross_table(&shown), cross_table(&out), "`{}` in docs/explanation.txt", command);
            tournaments.insert(command.to_string(), out);
        }
    }
    assert_eq!(tournaments.len(), 2, "the tournaments at two depths");
    // docs/otello.md shows the same runs.
    let doc = fs::read_to_string(root.join("docs/otello.md")).unwrap();
    for (command, out) in tournaments.iter() {
        let at = doc.find(&format!("\n{}\n", command)).unwrap_or_else(|| panic!("docs/otello.md runs `{}`", command));
        let shown = doc[at..].split("```").nth(2).expect("the table after the command");
        assert_eq!(cross_table(shown), cross_table(out), "`{}` in docs/otello.md", command);
    }
}
