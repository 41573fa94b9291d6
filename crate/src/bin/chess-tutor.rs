//! `chess-tutor`: the rules core on the command line.
//!
//! Each command takes a FEN (quoted or not), or `-` to read FEN lines from standard input, and
//! prints one answer per input line. Errors go to standard error, naming the bad field, and the
//! exit code is 2.
//!
//! Native only (clap is not a wasm32 dependency): on wasm32, where `wasm-pack test` builds
//! every target, this binary is empty.
#![cfg_attr(target_arch = "wasm32", no_main)]
#![cfg(not(target_arch = "wasm32"))]

use chess_tutor::board::Square;
use chess_tutor::endgame::Endgame;
use chess_tutor::engine;
use chess_tutor::movement::explain;
use chess_tutor::movement::PieceSet;
use chess_tutor::msg;
use chess_tutor::notation::{parse_fen, parse_move};
use chess_tutor::rules::{perft, Game, Rules};
use chess_tutor::variant::VariantPosition;
use clap::{Parser, Subcommand};
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::Arc;

#[path = "cli/practice.rs"]
mod practice;

#[derive(Parser)]
#[command(
    name = "chess-tutor",
    version,
    about = "Chess rules for the chess tutor: moves, perft, status, explanations"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree: `perft FEN DEPTH`.
    Perft {
        /// The FEN, then the depth (or `- DEPTH` for FEN lines on stdin).
        #[arg(required = true, num_args = 2.., allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Print the legal moves in UCI, sorted, space-separated: `moves FEN`.
    Moves {
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        fen: Vec<String>,
    },
    /// Solve a king-and-pawn ending under auto-queen rules: `solve FEN` prints `win|draw|loss` for
    /// the side to move, the distance to conversion in plies, then every best move in UCI, sorted.
    Solve {
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        fen: Vec<String>,
    },
    /// The computer's move in UCI: `bestmove FEN --level N` (levels 1 to 8), or `bestmove -
    /// --level N` for FEN lines on stdin; a FEN may be followed by `moves M1 M2 ...` (so that
    /// repetitions count). Uses the endgame tables of www/endgame (or --tables DIR) when present.
    Bestmove {
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        fen: Vec<String>,
        /// The level, 1 (beginner) to 8 (strongest).
        #[arg(long)]
        level: Option<String>,
        /// Chance for the lower levels: the same seed gives the same move.
        #[arg(long)]
        seed: Option<String>,
        /// The folder of the endgame data files (default: the repository's www/endgame).
        #[arg(long)]
        tables: Option<std::path::PathBuf>,
        /// Also print the score, depth, nodes, milliseconds and the expected line.
        #[arg(long)]
        info: bool,
    },
    /// The strength ladder: each level against the next (for `npm run bench`).
    #[command(hide = true)]
    Ladder {
        /// Games per pair (half with each colour).
        #[arg(long, default_value_t = 40)]
        games: usize,
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Plies after the opening before a game is adjudicated.
        #[arg(long, default_value_t = 160)]
        plies: usize,
        /// The lower levels of the pairs, e.g. `1,2,3` (default: 1 to 7).
        #[arg(long, value_delimiter = ',')]
        lows: Vec<u32>,
        #[arg(long)]
        tables: Option<std::path::PathBuf>,
    },
    /// Check a PGN file (`-` for stdin): for each game, the final position's FEN, then the result
    /// and how the game ended (`1-0 checkmate`, `1/2-1/2 agreement`, `* ongoing`). An error names
    /// the place, `FILE:line:col: ...`, and the exit code is 2.
    Pgn {
        #[arg(allow_hyphen_values = true)]
        file: String,
    },
    /// Print the state: `status FEN [moves M1 M2 ...]`.
    Status {
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Explain each target of the piece on a square by its formula: `explain FEN SQUARE`.
    Explain {
        #[arg(required = true, num_args = 2.., allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Print every message id with sample arguments and its English words, as JSON
    /// `[{ "id", "args", "en" }]` (for the message catalogue's tests).
    #[command(hide = true)]
    Messages,
    /// Lessons: check files and folders, or print the schema.
    Lesson {
        #[command(subcommand)]
        command: LessonCommand,
    },
    /// The target squares of the piece on a square, sorted, space-separated: `targets [--pieces
    /// FILE] FEN SQUARE` (or `- ` for `FEN SQUARE` lines on stdin). Without --pieces: the legal
    /// targets in chess (castling included); with a piece set (a file, or `chess-t1`, `fide`): the
    /// allowed targets by its rules, for the side to move. Bad input: exit code 1.
    Targets {
        /// A piece set file (lessons/pieces/*.json) or a built-in set's id.
        #[arg(long)]
        pieces: Option<String>,
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// The force on a square, `white X black Y` in units (`1.5`): `force [--pieces FILE] FEN
    /// SQUARE` (or `-`). Without --pieces the FIDE set: every piece has strength 1, so force
    /// counts the pieces that attack or defend the square. Bad input: exit code 1.
    Force {
        #[arg(long)]
        pieces: Option<String>,
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Piece sets: print the schema (lessons/pieces/piece-set.schema.json) or the FIDE set as
    /// the Rust rows make it (lessons/pieces/fide.json). Sets are checked by `lesson check`.
    Pieces {
        #[command(subcommand)]
        command: PiecesCommand,
    },
    /// Practice: skills, their exercises, the learner model (`practice skills|make|next|record|report`).
    Practice {
        #[command(subcommand)]
        command: practice::PracticeCommand,
    },
}

#[derive(Subcommand)]
enum PiecesCommand {
    /// Print the JSON schema of piece set files.
    Schema,
    /// Print the FIDE piece set, generated from the formula rows.
    Fide,
}

#[derive(Subcommand)]
enum LessonCommand {
    /// Check lesson files and folders (and a course.json beside them); exit 1 if any is wrong.
    Check {
        #[arg(required = true)]
        paths: Vec<std::path::PathBuf>,
        /// The language of the findings' words (`ru`, `en`): the same catalogue the pages say them
        /// from, `www/i18n/<lang>/messages-*.js`, read by Node.js for a language other than English.
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// Print the JSON schema of lesson files (lessons/lesson.schema.json), or of the course with --course.
    Schema {
        #[arg(long)]
        course: bool,
    },
    /// Print www/widget/goal-names.js: the name of every goal, for the pages (never written by hand in JS).
    Goals,
}

/// Run `answer` on the FEN given as arguments, or on each line of stdin when it is `-`.
/// Returns the exit code: 0, or 2 when any input was wrong.
fn each_input(words: &[String], answer: impl FnMut(&str) -> Result<String, String>) -> ExitCode {
    each_input_or(words, 2, answer)
}

/// [`each_input`] with the exit code `failure` when any input was wrong.
fn each_input_or(
    words: &[String],
    failure: u8,
    mut answer: impl FnMut(&str) -> Result<String, String>,
) -> ExitCode {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut failed = false;
    if words.len() == 1 && words[0] == "-" {
        for (n, line) in std::io::stdin().lock().lines().enumerate() {
            let Ok(line) = line else {
                eprintln!("error: line {}: not readable text", n + 1);
                return ExitCode::from(failure);
            };
            if line.trim().is_empty() {
                continue;
            }
            match answer(&line) {
                Ok(a) => {
                    let _ = writeln!(out, "{a}");
                }
                Err(e) => {
                    failed = true;
                    let _ = writeln!(out, "error");
                    eprintln!("error: line {}: {e}", n + 1);
                }
            }
        }
    } else {
        match answer(&words.join(" ")) {
            Ok(a) => {
                let _ = writeln!(out, "{a}");
            }
            Err(e) => {
                failed = true;
                eprintln!("error: {e}");
            }
        }
    }
    if failed {
        ExitCode::from(failure)
    } else {
        ExitCode::SUCCESS
    }
}

/// Split off the last word (a depth or a square) from the FEN words.
fn split_last(args: &[String]) -> (&[String], &str) {
    let (last, rest) = args.split_last().unwrap();
    (rest, last.as_str())
}

fn status_line(text: &str) -> Result<String, String> {
    let s = game_line(text)?.status();
    let mut words = vec![s.state.word()];
    if s.claim_threefold {
        words.push("claim-threefold");
    }
    if s.claim_fifty {
        words.push("claim-fifty");
    }
    Ok(words.join(" "))
}

/// A game from `FEN [moves M1 M2 ...]` (moves in UCI or SAN).
fn game_line(text: &str) -> Result<Game, String> {
    let (fen, moves) = match text.find(" moves ") {
        Some(k) => (&text[..k], text[k + 7..].split_whitespace().collect::<Vec<_>>()),
        None => (text.trim_end_matches(" moves"), Vec::new()),
    };
    let pos = parse_fen(fen).map_err(|e| e.to_string())?;
    let mut game = Game::new(pos, Rules::STANDARD).map_err(|e| e.to_string())?;
    for (k, m) in moves.iter().enumerate() {
        let mv = parse_move(game.position(), m, Rules::STANDARD)
            .map_err(|e| format!("moves, move {}: {e}", k + 1))?;
        game.play(mv).map_err(|e| format!("moves, move {}: {e}", k + 1))?;
    }
    Ok(game)
}

/// The endgame tables for the engine: `--tables DIR` (which must load), else
/// `$CHESS_TUTOR_ENDGAME_DIR` or the repository's www/endgame when they load, else none.
fn engine_tables(dir: Option<&std::path::Path>) -> Result<Option<std::sync::Arc<Endgame>>, String> {
    if let Some(d) = dir {
        return Endgame::load_dir(d)
            .map(|e| Some(std::sync::Arc::new(e)))
            .map_err(|e| e.to_string());
    }
    let d = std::env::var_os("CHESS_TUTOR_ENDGAME_DIR")
        .map_or_else(Endgame::default_dir, std::path::PathBuf::from);
    Ok(Endgame::load_dir(&d).ok().map(std::sync::Arc::new))
}

/// The options of `bestmove` as given, before or after the FEN (a FEN's words may follow
/// the command, so clap hands options after it over as words): level, seed, tables, info.
struct BestmoveArgs {
    fen: Vec<String>,
    level: Option<String>,
    seed: Option<String>,
    tables: Option<std::path::PathBuf>,
    info: bool,
}

impl BestmoveArgs {
    fn take_options(mut self) -> Result<BestmoveArgs, String> {
        let words = std::mem::take(&mut self.fen);
        let mut it = words.into_iter();
        while let Some(w) = it.next() {
            let (name, inline) = match w.split_once('=') {
                Some((n, v)) if n.starts_with("--") => (n.to_string(), Some(v.to_string())),
                _ => (w.clone(), None),
            };
            let mut value = |field: &str| {
                inline
                    .clone()
                    .or_else(|| it.next())
                    .ok_or_else(|| format!("{field}: {name} needs a value"))
            };
            match name.as_str() {
                "--level" => self.level = Some(value("level")?),
                "--seed" => self.seed = Some(value("seed")?),
                "--tables" => self.tables = Some(value("tables")?.into()),
                "--info" => self.info = true,
                _ => self.fen.push(w),
            }
        }
        if self.fen.is_empty() {
            return Err("fen: give a FEN, or - to read FEN lines from standard input".into());
        }
        Ok(self)
    }
}

fn bestmove(args: BestmoveArgs) -> ExitCode {
    let parsed = args.take_options().and_then(|a| {
        let text = a.level.clone().ok_or("level: give --level 1 to 8")?;
        let level = text
            .trim()
            .parse::<u32>()
            .map_err(|_| format!("level: '{text}' is not a whole number from 1 to 8"))?;
        engine::level(level).map_err(|e| e.to_string())?;
        let seed = match &a.seed {
            None => 0,
            Some(t) => t
                .trim()
                .parse::<u64>()
                .map_err(|_| format!("seed: '{t}' is not a whole number from 0 to 2^64 - 1"))?,
        };
        Ok((a, level, seed))
    });
    let (args, level, seed) = match parsed {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let (fen, info) = (&args.fen, args.info);
    let endgame = match engine_tables(args.tables.as_deref()) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut eng = engine::Engine::new();
    eng.set_endgame(endgame);
    each_input(fen, |line| {
        let game = game_line(line)?;
        // Each line on its own: the same line gives the same move wherever it stands.
        eng.clear();
        let clock = engine::SystemClock::new();
        let r = eng.play(&game, level, seed, Some(&clock)).map_err(|e| e.to_string())?;
        if !info {
            return Ok(r.mv.uci());
        }
        let pv: Vec<String> = r.pv.iter().map(|m| m.uci()).collect();
        Ok(format!(
            "{} score {} depth {} nodes {} ms {:.0}{} pv {}",
            r.mv.uci(),
            r.score,
            r.depth,
            r.nodes,
            r.ms,
            if r.from_tables { " tables" } else { "" },
            pv.join(" ")
        ))
    })
}

fn ladder(
    games: usize,
    threads: usize,
    plies: usize,
    lows: Vec<u32>,
    tables: Option<&std::path::Path>,
) -> ExitCode {
    let lows = if lows.is_empty() { (1..8).collect() } else { lows };
    if let Some(bad) = lows.iter().find(|&&l| !(1..=7).contains(&l)) {
        eprintln!("error: lows: {bad} is not a lower level of a pair; use 1 to 7");
        return ExitCode::from(2);
    }
    let endgame = match engine_tables(tables) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let opts = engine::ladder::Options { games, max_plies: plies, threads, lows };
    let total = opts.games * opts.lows.len();
    let report = engine::ladder::run(&opts, endgame, &|_, done| {
        if done % 10 == 0 || done == total {
            eprintln!("ladder: {done}/{total} games");
        }
    });
    print!("{}", report.render(&opts));
    ExitCode::SUCCESS
}

fn explain_lines(fen: &str, square: &str) -> Result<String, String> {
    let pos = parse_fen(fen).map_err(|e| e.to_string())?;
    let from = Square::parse(square)
        .ok_or_else(|| format!("square: {}", msg!("bad-square", found = square)))?;
    let piece = pos
        .piece_at(from)
        .ok_or_else(|| format!("square: {}", msg!("rule-no-piece", square = from)))?;
    let game = Game::new(pos, Rules::STANDARD).map_err(|e| e.to_string())?;
    let name = piece.kind.name();
    let mut lines = vec![format!(
        "{}{} on {from} (i = {}, j = {})",
        name[..1].to_uppercase(),
        &name[1..],
        from.i(),
        from.j()
    )];
    let mut moves: Vec<_> = game.legal_moves().into_iter().filter(|m| m.from == from).collect();
    moves.sort_by_key(|m| (m.to, m.promotion));
    moves.dedup_by_key(|m| m.to);
    if piece.color != pos.side {
        lines.push(format!(
            "it is {}'s move; this piece belongs to {}",
            pos.side.name(),
            piece.color.name()
        ));
    }
    for m in moves {
        let e = explain(piece.kind, piece.color, from, m.to)
            .ok_or_else(|| format!("no formula reaches {}", m.to))?;
        let kind = serde_plain(m.kind);
        lines.push(format!(
            "{} (i1 = {}, j1 = {}) {kind}: {}; n = {}, ΔI = {:+}, ΔJ = {:+}",
            m.to,
            m.to.i(),
            m.to.j(),
            e.text(),
            e.n,
            e.di,
            e.dj
        ));
    }
    Ok(lines.join("\n"))
}

fn serde_plain(kind: chess_tutor::rules::MoveKind) -> &'static str {
    use chess_tutor::rules::MoveKind::*;
    match kind {
        Move => "move",
        Capture => "capture",
        Castle => "castle",
        EnPassant => "en-passant",
        Promotion => "promotion",
    }
}

/// A reader that stops reading (`chess-tutor messages | head`) ends the program quietly, as other
/// command-line tools do, instead of a panic about printing to stdout.
fn quiet_on_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if text.starts_with("failed printing to stdout") && text.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_broken_pipe();
    let cli = Cli::parse();
    match cli.command {
        Command::Perft { args } => {
            let (fen, depth) = split_last(&args);
            let Ok(depth) = depth.parse::<u32>() else {
                eprintln!("error: depth: '{depth}' is not a whole number");
                return ExitCode::from(2);
            };
            each_input(fen, |f| {
                parse_fen(f).map(|p| perft(&p, depth).to_string()).map_err(|e| e.to_string())
            })
        }
        Command::Moves { fen } => each_input(&fen, |f| {
            let pos = parse_fen(f).map_err(|e| e.to_string())?;
            let game = Game::new(pos, Rules::STANDARD).map_err(|e| e.to_string())?;
            let mut moves: Vec<String> = game.legal_moves().iter().map(|m| m.uci()).collect();
            moves.sort();
            Ok(moves.join(" "))
        }),
        Command::Status { args } => each_input(&args, status_line),
        Command::Pgn { file } => pgn_check(&file),
        Command::Bestmove { fen, level, seed, tables, info } => {
            bestmove(BestmoveArgs { fen, level, seed, tables, info })
        }
        Command::Ladder { games, threads, plies, lows, tables } => {
            ladder(games, threads, plies, lows, tables.as_deref())
        }
        Command::Solve { fen } => {
            let endgame = chess_tutor::endgame::Endgame::native();
            each_input(&fen, |f| {
                let pos = parse_fen(f).map_err(|e| e.to_string())?;
                endgame.solve_line(&pos).map_err(|e| e.to_string())
            })
        }
        Command::Messages => {
            let all: Vec<serde_json::Value> = chess_tutor::message::samples()
                .iter()
                .map(|m| {
                    let mut v = serde_json::to_value(m).expect("a message serializes");
                    v["en"] = m.text().into();
                    v
                })
                .collect();
            println!("{}", serde_json::to_string_pretty(&all).expect("messages serialize"));
            ExitCode::SUCCESS
        }
        Command::Lesson { command: LessonCommand::Schema { course } } => {
            print!(
                "{}",
                if course {
                    chess_tutor::lesson::course_schema()
                } else {
                    chess_tutor::lesson::lesson_schema()
                }
            );
            ExitCode::SUCCESS
        }
        Command::Lesson { command: LessonCommand::Goals } => {
            print!("{}", chess_tutor::lesson::goal_names_js());
            ExitCode::SUCCESS
        }
        Command::Lesson { command: LessonCommand::Check { paths, lang } } => {
            lesson_check(&paths, &lang)
        }
        Command::Targets { pieces, args } => square_command(pieces, args, targets_line),
        Command::Force { pieces, args } => square_command(pieces, args, force_line),
        Command::Pieces { command: PiecesCommand::Schema } => {
            print!("{}", chess_tutor::movement::piece_set_schema());
            ExitCode::SUCCESS
        }
        Command::Pieces { command: PiecesCommand::Fide } => {
            print!("{}", PieceSet::fide().to_json());
            ExitCode::SUCCESS
        }
        Command::Practice { command } => practice::run(command),
        Command::Explain { args } => {
            let (fen, square) = split_last(&args);
            let square = square.to_string();
            each_input(fen, |f| explain_lines(f, &square))
        }
    }
}

/// A piece set: a file, or a built-in set's id when there is no such file.
fn load_pieces(name: &str) -> Result<Arc<PieceSet>, String> {
    let path = std::path::Path::new(name);
    if !path.exists() {
        if let Some(set) = PieceSet::builtin(name) {
            return Ok(Arc::new(set));
        }
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("pieces: {name}: {e}"))?;
    PieceSet::parse(&text)
        .map(Arc::new)
        .map_err(|found| found.iter().map(|d| d.render(name)).collect::<Vec<_>>().join("\n"))
}

/// `targets` and `force`: `[--pieces FILE] FEN SQUARE`, or `-` for such lines on stdin; exit code 1
/// on bad input.
/// An answer about a square of a position: `targets` or `force`.
type SquareAnswer = fn(Option<&Arc<PieceSet>>, &str, Square) -> Result<String, String>;

fn square_command(pieces: Option<String>, args: Vec<String>, answer: SquareAnswer) -> ExitCode {
    let mut pieces = pieces;
    let mut words = Vec::new();
    let mut it = args.into_iter();
    while let Some(w) = it.next() {
        match w.strip_prefix("--pieces") {
            Some("") => pieces = it.next().or(pieces),
            Some(v) if v.starts_with('=') => pieces = Some(v[1..].to_string()),
            _ => words.push(w),
        }
    }
    let set = match pieces.as_deref().map(load_pieces).transpose() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    let one = |line: &str| -> Result<String, String> {
        let (fen, square) = line
            .trim()
            .rsplit_once(char::is_whitespace)
            .ok_or_else(|| "square: give a FEN, then a square such as e4".to_string())?;
        let sq = Square::parse(square)
            .ok_or_else(|| format!("square: {}", msg!("bad-square", found = square)))?;
        answer(set.as_ref(), fen.trim(), sq)
    };
    if words.len() == 1 && words[0] == "-" {
        each_input_or(&words, 1, one)
    } else if words.len() < 2 {
        eprintln!("error: square: give a FEN, then a square such as e4");
        ExitCode::from(1)
    } else {
        each_input_or(&[words.join(" ")], 1, one)
    }
}

/// A variant position of the set, or for chess (no set) the FIDE set on a position read as FEN.
fn variant_position(set: Option<&Arc<PieceSet>>, fen: &str) -> Result<VariantPosition, String> {
    match set {
        Some(set) => VariantPosition::parse(set.clone(), fen).map_err(|e| e.to_string()),
        None => Ok(VariantPosition::from_position(&parse_fen(fen).map_err(|e| e.to_string())?)),
    }
}

fn targets_line(set: Option<&Arc<PieceSet>>, fen: &str, sq: Square) -> Result<String, String> {
    let mut names: Vec<String> = match set {
        Some(_) => {
            let pos = variant_position(set, fen)?;
            match pos.cell(sq) {
                Some((c, _)) if c == pos.turn() => pos
                    .targets(sq)
                    .into_iter()
                    .filter(|t| t.allowed)
                    .map(|t| t.square.to_string())
                    .collect(),
                _ => Vec::new(),
            }
        }
        None => {
            let pos = parse_fen(fen).map_err(|e| e.to_string())?;
            let game = Game::new(pos, Rules::STANDARD).map_err(|e| e.to_string())?;
            game.targets(sq).into_iter().map(|t| t.square.to_string()).collect()
        }
    };
    names.sort();
    Ok(names.join(" "))
}

/// Halves of a unit as a decimal: `3` → `1.5`.
fn units(halves: u16) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        format!("{}.5", halves / 2)
    }
}

fn force_line(set: Option<&Arc<PieceSet>>, fen: &str, sq: Square) -> Result<String, String> {
    let f = variant_position(set, fen)?.force(sq);
    Ok(format!("white {} black {}", units(f.white), units(f.black)))
}

fn pgn_check(file: &str) -> ExitCode {
    use std::io::Read;
    let (name, bytes) = if file == "-" {
        let mut bytes = Vec::new();
        ("stdin", std::io::stdin().read_to_end(&mut bytes).map(|_| bytes))
    } else {
        (file, std::fs::read(file))
    };
    let text = match bytes {
        // PGN files are not always UTF-8 (Latin-1 names): the moves are ASCII either way.
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            eprintln!("error: {name}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::stdout().lock();
    let mut games = 0;
    for game in chess_tutor::notation::PgnGames::new(&text, Rules::STANDARD) {
        match game {
            Ok(p) => {
                games += 1;
                let ending = match p.game.outcome() {
                    Some(o) => {
                        let reason = serde_json::to_value(o.reason).ok();
                        format!(
                            "{} {}",
                            o.result(),
                            reason.as_ref().and_then(|r| r.as_str()).unwrap_or("?")
                        )
                    }
                    None => "* ongoing".to_string(),
                };
                let _ =
                    writeln!(out, "{}\n{ending}", chess_tutor::notation::to_fen(p.game.position()));
            }
            Err(e) => {
                eprintln!("error: {name}:{}", e.to_string().trim_start_matches("PGN "));
                return ExitCode::from(2);
            }
        }
    }
    if games == 0 {
        eprintln!("error: {name}:1:1: there is no game in this text");
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}

/// The files a path stands for: itself, or the `.json` files in a folder and its subfolders
/// (schemas excepted), sorted.
fn json_files(path: &std::path::Path, out: &mut Vec<std::path::PathBuf>) -> std::io::Result<()> {
    if path.is_dir() {
        let mut entries: Vec<_> =
            std::fs::read_dir(path)?.filter_map(Result::ok).map(|e| e.path()).collect();
        entries.sort();
        for e in entries {
            if e.is_dir()
                || (e.extension().is_some_and(|x| x == "json")
                    && !e.to_string_lossy().ends_with(".schema.json"))
            {
                json_files(&e, out)?;
            }
        }
    } else {
        out.push(path.to_path_buf());
    }
    Ok(())
}

/// The course files of a lessons folder: those `courses.json` lists (its valid names), else
/// `course.json` when it is there.
fn course_files(dir: &std::path::Path) -> Vec<String> {
    match std::fs::read_to_string(dir.join("courses.json"))
        .ok()
        .and_then(|t| serde_json::from_str::<chess_tutor::lesson::Courses>(&t).ok())
    {
        Some(c) => c
            .courses
            .into_iter()
            .map(|e| e.file)
            .filter(|f| chess_tutor::lesson::is_course_name(f))
            .collect(),
        None if dir.join("course.json").is_file() => vec!["course.json".to_string()],
        None => Vec::new(),
    }
}

/// A piece set file: a `.json` file in a folder named `pieces` (lessons/pieces/).
fn is_piece_set(path: &std::path::Path) -> bool {
    path.parent().and_then(|p| p.file_name()).is_some_and(|n| n == "pieces")
}

/// The findings as lines `file:line:col: /pointer: words`: in English from Rust's copy of the
/// catalogue, in another language from that language's word files (`www/i18n/<lang>/`, the ones
/// the pages use: one source of truth), which Node.js reads (`errors.js`'s `sayError`: the place,
/// then the words). The folder `www/` is the one beside this crate, or `$CHESS_TUTOR_WWW`.
fn in_words(
    lang: &str,
    found: &[(String, chess_tutor::lesson::Diagnostic)],
) -> Result<Vec<String>, String> {
    if lang == chess_tutor::message::FALLBACK || found.is_empty() {
        return Ok(found.iter().map(|(file, d)| d.render(file)).collect());
    }
    let www = std::env::var_os("CHESS_TUTOR_WWW")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("www"));
    if !www.join("i18n").join(lang).is_dir() {
        return Err(format!(
            "the word files are not in {} (set CHESS_TUTOR_WWW to the folder www/)",
            www.join("i18n").join(lang).display()
        ));
    }
    const SAY: &str = r#"
import { pathToFileURL } from "node:url";
import { join } from "node:path";
const [www, lang] = process.argv.slice(-2);
const url = (...p) => pathToFileURL(join(www, ...p)).href;
const parts = ["messages-core", "messages-check", "messages-lesson", "messages-variant"];
const words = Object.assign({}, ...(await Promise.all(parts.map((p) => import(url("i18n", lang, `${p}.js`)).then((m) => m.default)))));
const { sayError } = await import(url("widget", "errors.js"));
let text = "";
for await (const chunk of process.stdin) text += chunk;
for (const d of JSON.parse(text)) {
  const warn = d.severity === "warning" ? "warning: " : "";
  console.log(`${d.file}:${d.line}:${d.col}: ${d.pointer || "/"}: ${warn}${sayError(words, d.message).replace(/\n/g, " ")}`);
}
"#;
    #[derive(serde::Serialize)]
    struct Said<'a> {
        file: &'a str,
        #[serde(flatten)]
        d: &'a chess_tutor::lesson::Diagnostic,
    }
    let input =
        serde_json::to_string(&found.iter().map(|(file, d)| Said { file, d }).collect::<Vec<_>>())
            .map_err(|e| e.to_string())?;
    let mut node = std::process::Command::new("node")
        .args(["--input-type=module", "-e", SAY, "--"])
        .arg(&www)
        .arg(lang)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit())
        .spawn()
        .map_err(|e| {
            format!("the words of '{lang}' are said by Node.js (node), which did not start: {e}")
        })?;
    node.stdin.take().expect("piped").write_all(input.as_bytes()).map_err(|e| e.to_string())?;
    let out = node.wait_with_output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!("node could not say the findings ({})", out.status));
    }
    Ok(String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect())
}

fn lesson_check(paths: &[std::path::PathBuf], lang: &str) -> ExitCode {
    use chess_tutor::lesson::{check_lesson_file, Severity};
    if !chess_tutor::message::LANGS.contains(&lang) {
        eprintln!(
            "error: --lang {lang}: the languages are {}",
            chess_tutor::message::LANGS.join(", ")
        );
        return ExitCode::from(2);
    }
    // Every finding, said at the end in the words of `lang`.
    let mut said: Vec<(String, chess_tutor::lesson::Diagnostic)> = Vec::new();
    let mut files = Vec::new();
    for p in paths {
        if let Err(e) = json_files(p, &mut files) {
            eprintln!("error: {}: {e}", p.display());
            return ExitCode::from(2);
        }
    }
    let (mut errors, mut warnings, mut lessons, mut sets) = (0, 0, 0, 0);
    for file in &files {
        let shown = file.display().to_string();
        let text = match std::fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => {
                println!("{shown}:1:1: /: cannot read the file: {e}");
                errors += 1;
                continue;
            }
        };
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let found = if is_piece_set(file) {
            sets += 1;
            PieceSet::parse(&text).err().unwrap_or_default()
        } else if name == "courses.json" {
            let dir = file.parent().unwrap_or(std::path::Path::new("."));
            let mut siblings = Vec::new();
            let _ = json_files(dir, &mut siblings);
            let names: Vec<String> = siblings
                .iter()
                .filter_map(|p| p.strip_prefix(dir).ok())
                .map(|p| p.to_string_lossy().replace('\\', "/"))
                .collect();
            chess_tutor::lesson::check_courses(&text, &names).1
        } else if chess_tutor::lesson::is_course_name(&name) {
            let dir = file.parent().unwrap_or(std::path::Path::new("."));
            let courses = course_files(dir);
            let mut siblings = Vec::new();
            let _ = json_files(dir, &mut siblings);
            let names: Vec<String> = siblings
                .iter()
                .filter_map(|p| p.strip_prefix(dir).ok())
                .map(|p| p.to_string_lossy().replace('\\', "/"))
                .filter(|n| {
                    !chess_tutor::lesson::is_course_name(n)
                        && n != "courses.json"
                        && !is_piece_set(std::path::Path::new(n))
                })
                .collect();
            // the lessons of the folder's other course files (the listed ones in their order, then
            // any other): each lesson belongs to one course, the first that lists it
            let read = |c: &String| {
                std::fs::read_to_string(dir.join(c))
                    .ok()
                    .and_then(|t| serde_json::from_str::<chess_tutor::lesson::Course>(&t).ok())
            };
            let mut all = courses.clone();
            all.extend(
                siblings
                    .iter()
                    .filter_map(|p| p.strip_prefix(dir).ok())
                    .map(|p| p.to_string_lossy().into_owned())
                    .filter(|n| chess_tutor::lesson::is_course_name(n) && !courses.contains(n)),
            );
            let here = all.iter().position(|c| *c == name).unwrap_or(all.len());
            let mut elsewhere = std::collections::HashMap::new();
            for (k, other) in all.iter().enumerate().filter(|(_, c)| **c != name) {
                for f in read(other).iter().flat_map(|c| {
                    c.sections.iter().flat_map(|s| s.lessons.clone()).chain(c.retired.clone())
                }) {
                    elsewhere.entry(f).or_insert_with(|| (other.clone(), k < here));
                }
            }
            let (course, found) = chess_tutor::lesson::check_course_in(&text, &names, &elsewhere);
            // The glossary next to the courses, once (with the first course): no term used before
            // the lesson that introduces it, the courses read one after another in their order.
            let glossary = dir.join("glossary.json");
            if let (true, Some(_), Ok(g)) =
                (courses.first() == Some(&name), course, std::fs::read_to_string(&glossary))
            {
                let ordered: Vec<(String, String)> = courses
                    .iter()
                    .filter_map(read)
                    .flat_map(|c| c.sections.into_iter().flat_map(|s| s.lessons))
                    .filter_map(|f| std::fs::read_to_string(dir.join(&f)).ok().map(|t| (f, t)))
                    .collect();
                let (own, per_lesson) = chess_tutor::lesson::check_glossary(&g, &ordered);
                let mut more: Vec<(String, chess_tutor::lesson::Diagnostic)> =
                    own.into_iter().map(|d| (glossary.display().to_string(), d)).collect();
                more.extend(per_lesson.into_iter().flat_map(|(f, ds)| {
                    ds.into_iter().map(move |d| (dir.join(&f).display().to_string(), d))
                }));
                for (shown, d) in more {
                    match d.severity {
                        Severity::Error => errors += 1,
                        Severity::Warning => warnings += 1,
                    }
                    said.push((shown, d));
                }
            }
            // the skill each lesson names, against skills.json beside the courses (once)
            if let (true, Ok(skills)) =
                (courses.first() == Some(&name), std::fs::read_to_string(dir.join("skills.json")))
            {
                let ordered: Vec<(String, String)> = courses
                    .iter()
                    .filter_map(read)
                    .flat_map(|c| c.sections.into_iter().flat_map(|s| s.lessons))
                    .filter_map(|f| std::fs::read_to_string(dir.join(&f)).ok().map(|t| (f, t)))
                    .collect();
                for (f, d) in chess_tutor::lesson::check_skills(&skills, &ordered)
                    .into_iter()
                    .flat_map(|(f, ds)| ds.into_iter().map(move |d| (f.clone(), d)))
                {
                    match d.severity {
                        Severity::Error => errors += 1,
                        Severity::Warning => warnings += 1,
                    }
                    said.push((dir.join(&f).display().to_string(), d));
                }
            }
            found
        } else if name == "glossary.json" || name == "skills.json" {
            Vec::new()
        } else {
            lessons += 1;
            let stem = file.file_stem().map(|s| s.to_string_lossy().into_owned());
            // A piece set the lesson names by id: pieces/<id>.json next to the lesson.
            let dir = file.parent().unwrap_or(std::path::Path::new(".")).to_path_buf();
            let load = move |id: &str| {
                std::fs::read_to_string(dir.join("pieces").join(format!("{id}.json"))).ok()
            };
            check_lesson_file(&text, stem.as_deref(), &load).1
        };
        for d in found {
            match d.severity {
                Severity::Error => errors += 1,
                Severity::Warning => warnings += 1,
            }
            said.push((shown.clone(), d));
        }
    }
    match in_words(lang, &said) {
        Ok(lines) => lines.iter().for_each(|l| println!("{l}")),
        Err(why) => {
            eprintln!("error: --lang {lang}: {why}");
            return ExitCode::from(2);
        }
    }
    let sets = if sets > 0 { format!(" and {sets} piece set(s)") } else { String::new() };
    eprintln!(
        "checked {lessons} lesson(s){sets} in {} file(s): {errors} error(s), {warnings} warning(s)",
        files.len()
    );
    if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
