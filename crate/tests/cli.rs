//! The `chess-tutor` command line: one answer per input, errors on stderr with exit code 2.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess-tutor"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn perft_with_a_quoted_or_unquoted_fen() {
    let o = run(&["perft", START, "3"], "");
    assert_eq!(out(&o), "8902\n");
    assert!(o.status.success());
    let mut args = vec!["perft"];
    args.extend(START.split(' '));
    args.push("2");
    assert_eq!(out(&run(&args, "")), "400\n");
}

#[test]
fn perft_from_stdin() {
    let o =
        run(&["perft", "-", "2"], &format!("{START}\n8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1\n"));
    assert_eq!(out(&o), "400\n191\n");
}

#[test]
fn moves_sorted_uci() {
    let o = run(&["moves", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"], "");
    assert_eq!(
        out(&o),
        "e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8\n"
    );
}

#[test]
fn status_words() {
    assert_eq!(out(&run(&["status", START], "")), "ongoing\n");
    assert_eq!(out(&run(&["status", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"], "")), "stalemate\n");
    assert_eq!(out(&run(&["status", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"], "")), "checkmate\n");
    assert_eq!(out(&run(&["status", "7k/8/6K1/8/8/8/8/7Q b - - 0 1"], "")), "check\n");
    assert_eq!(
        out(&run(&["status", "8/8/4k3/8/8/4K3/8/8 w - - 0 1"], "")),
        "insufficient-material\n"
    );
    assert_eq!(
        out(&run(&["status", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80"], "")),
        "ongoing claim-fifty\n"
    );
    assert_eq!(
        out(&run(&["status", "4k3/8/8/8/8/8/8/R3K3 w - - 150 80"], "")),
        "seventy-five-moves\n"
    );
}

#[test]
fn status_with_moves_for_repetition() {
    let three = format!("{START} moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    assert_eq!(out(&run(&["status", &three], "")), "ongoing claim-threefold\n");
    let five = format!("{three} g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    let o = run(&["status", "-"], &format!("{three}\n{five}\n"));
    assert_eq!(out(&o), "ongoing claim-threefold\nfivefold\n");
    let san = format!("{START} moves Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    assert_eq!(out(&run(&["status", &san], "")), "ongoing claim-threefold\n");
}

#[test]
fn explain_gives_formula_and_values() {
    let o = run(&["explain", START, "g1"], "");
    let text = out(&o);
    assert!(
        text.contains(
            "f3 (i1 = 2, j1 = 5) move: i1 = i + 2·ΔI, j1 = j + ΔJ; n = 1, ΔI = +1, ΔJ = -1"
        ),
        "{text}"
    );
    assert!(text.contains("h3 (i1 = 2, j1 = 7) move"), "{text}");
    let o = run(&["explain", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1"], "");
    assert!(
        out(&o)
            .contains("a8 (i1 = 7, j1 = 0) move: i1 = i + n·ΔI, j1 = j; n = 7, ΔI = +1, ΔJ = +0"),
        "{}",
        out(&o)
    );
}

#[test]
fn errors_name_the_field_and_exit_2() {
    let o = run(&["moves", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("FEN field 2 (side to move)"), "{}", err(&o));
    let o = run(&["perft", START, "deep"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("depth"), "{}", err(&o));
    let o = run(&["explain", START, "z9"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("square"), "{}", err(&o));
    let o = run(&["status", &format!("{START} moves e2e5")], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("moves, move 1"), "{}", err(&o));
    // A bad line among good ones: the others are still answered.
    let o = run(&["perft", "-", "1"], &format!("{START}\nnot a fen\n{START}\n"));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(out(&o), "20\nerror\n20\n");
    assert!(err(&o).contains("line 2: FEN field 1 (placement)"), "{}", err(&o));
}

#[test]
fn pgn_prints_the_final_position_and_the_ending() {
    let dir = std::env::temp_dir().join(format!("chess-tutor-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.pgn");
    let games = "[Event \"One\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n[Event \"Two\"]\n[Termination \"time forfeit\"]\n\n1. e4 {fast} e5 1-0\n\n1. d4 *\n";
    std::fs::write(&file, games).unwrap();
    let o = run(&["pgn", file.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(
        out(&o),
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n0-1 checkmate\n\
         rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n1-0 timeout\n\
         rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n* ongoing\n"
    );
    // From stdin; an error names the place and the moves, exit code 2.
    let o = run(&["pgn", "-"], "[Event \"x\"]\n1. e4 e5 2. Ke3 Nc6\n");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(err(&o), "error: stdin:2:13: 1. e4 e5 2. Ke3: no king move to e3 for White\n");
    let o = run(&["pgn", "-"], "  \n");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("stdin:1:1: there is no game"), "{}", err(&o));
    let o = run(&["pgn", dir.join("missing.pgn").to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("missing.pgn"), "{}", err(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

const FIG_2_1: &str = "8/8/8/3wP3/8/6N1/8/8 w - - 0 1";

#[test]
fn targets_with_a_piece_set_file_or_id() {
    let o = run(&["targets", "--pieces", "../lessons/pieces/chess-t1.json", FIG_2_1, "e5"], "");
    assert_eq!(out(&o), "b2 b8 c3 c7 d4 d6 e4 e6 f4 f5 f6 g7 h8\n", "{}", err(&o));
    assert!(o.status.success());
    // The FEN's words may come one by one, and --pieces after them; a built-in id for the file.
    let mut args = vec!["targets"];
    args.extend("8/8/8/2nr4/8/8/8/8 b - - 0 1".split(' '));
    args.extend(["d5", "--pieces", "chess-t1"]);
    assert_eq!(out(&run(&args, "")), "b5 d3 d4 d6 d7 e5 f5\n");
    // Not the side to move: no targets, an empty line.
    assert_eq!(
        out(&run(&["targets", "--pieces", "chess-t1", "8/8/8/2nr4/8/8/8/8 w - - 0 1", "d5"], "")),
        "\n"
    );
}

#[test]
fn targets_without_a_set_are_the_legal_ones_castling_included() {
    assert_eq!(
        out(&run(&["targets", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1"], "")),
        "d1 d2 e2 f1 f2 g1\n"
    );
    assert_eq!(out(&run(&["targets", START, "g1"], "")), "f3 h3\n");
}

#[test]
fn force_in_units() {
    assert_eq!(
        out(&run(&["force", "--pieces", "chess-t1", FIG_2_1, "d5"], "")),
        "white 1.5 black 1.5\n"
    );
    assert_eq!(
        out(&run(&["force", "--pieces", "chess-t1", "8/8/8/3wP3/3N4/8/8/8 w - - 0 1", "d5"], "")),
        "white 2.5 black 1.5\n"
    );
    // Chess: every piece counts 1, no self-defence.
    assert_eq!(out(&run(&["force", START, "f3"], "")), "white 3 black 0\n");
    assert_eq!(out(&run(&["force", START, "e4"], "")), "white 0 black 0\n");
}

#[test]
fn targets_and_force_read_lines_from_stdin() {
    let o = run(
        &["targets", "--pieces", "chess-t1", "-"],
        &format!("{FIG_2_1} e5\n\n8/8/8/2nr4/8/8/8/8 b - - 0 1 d5\n"),
    );
    assert_eq!(out(&o), "b2 b8 c3 c7 d4 d6 e4 e6 f4 f5 f6 g7 h8\nb5 d3 d4 d6 d7 e5 f5\n");
    let o = run(&["force", "-"], &format!("{START} f3\n{START} f6\n"));
    assert_eq!(out(&o), "white 3 black 0\nwhite 0 black 3\n");
}

#[test]
fn targets_and_force_name_the_bad_input_and_exit_1() {
    let o = run(&["targets", "--pieces", "chess-t1", FIG_2_1, "z9"], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(err(&o), "error: square: 'z9' is not a square such as e2\n");
    let o = run(&["force", "--pieces", "chess-t1", "8/8/8/3wQ3/8/8/8/8 w - - 0 1", "e5"], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(err(&o), "error: FEN field 1 (placement): rank 5: 'Q' is not a letter of this piece set (PRWN; lower case for Black) or a digit\n");
    let o = run(&["targets", "--pieces", "no-such-set.json", FIG_2_1, "e5"], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).starts_with("error: pieces: no-such-set.json: "), "{}", err(&o));
    let o = run(&["targets", "-"], &format!("{START} e2\n{START} e9\n"));
    assert_eq!((out(&o).as_str(), o.status.code()), ("e3 e4\nerror\n", Some(1)));
    assert_eq!(err(&o), "error: line 2: square: 'e9' is not a square such as e2\n");
}

#[test]
fn a_malformed_piece_set_is_reported_at_its_place() {
    let dir = std::env::temp_dir().join(format!("ct-pieces-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.json");
    std::fs::write(
        &file,
        "{\n  \"id\": \"s\",\n  \"name\": { \"ru\": \"Н\", \"en\": \"S\" },\n  \"pieces\": []\n}\n",
    )
    .unwrap();
    let shown = file.to_string_lossy().into_owned();
    let o = run(&["targets", "--pieces", &shown, FIG_2_1, "e5"], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        err(&o),
        format!("error: {shown}:4:3: /pieces: a piece set needs at least one piece\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}
