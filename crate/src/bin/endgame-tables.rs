//! `endgame-tables`: build the king-and-pawn endgame data files (`www/endgame/*.bin`), check
//! them, and list the positions where only an underpromotion changes the result.
//!
//! ```text
//! endgame-tables [--out DIR]        solve and write every data file (default www/endgame)
//! endgame-tables --check [--out DIR] solve and compare with the files there (exit 1 if different)
//! endgame-tables --verify           also check every table against a one-ply search
//! endgame-tables --underpromotions  also solve standard rules and list the differences
//! endgame-tables --bench [FEN ...]  time a lesson's start: loading its files, the first verdict,
//!                                   and later probes (JSON lines; default: four lesson positions)
//! ```
//!
//! Native only; on wasm32 this binary is empty.
#![cfg_attr(target_arch = "wasm32", no_main)]
#![cfg(not(target_arch = "wasm32"))]

use chess_tutor::endgame::generate::{data_files, solve_auto, underpromotions, verify};
use chess_tutor::endgame::Endgame;
use chess_tutor::notation::parse_fen;
use chess_tutor::rules::{legal_moves, play_unchecked, MoveList};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "--bench") {
        return bench(&args[1..]);
    }
    let mut out = Endgame::default_dir();
    let (mut check, mut verify_all, mut under) = (false, false, false);
    let mut k = 0;
    while k < args.len() {
        match args[k].as_str() {
            "--out" if k + 1 < args.len() => {
                k += 1;
                out = PathBuf::from(&args[k]);
            }
            "--check" => check = true,
            "--verify" => verify_all = true,
            "--underpromotions" => under = true,
            other => {
                eprintln!("error: '{other}' is not an option; use --out DIR, --check, --verify, --underpromotions");
                return ExitCode::from(2);
            }
        }
        k += 1;
    }
    let t0 = Instant::now();
    let tables = solve_auto(|name, d| eprintln!("solved {name} in {:.2?}", d));
    eprintln!("all auto-queen classes solved in {:.2?}", t0.elapsed());
    if verify_all {
        let t1 = Instant::now();
        if let Err(e) = verify(&tables) {
            eprintln!("error: verification failed: {e}");
            return ExitCode::from(1);
        }
        eprintln!(
            "every table agrees with a one-ply search over its successors ({:.2?})",
            t1.elapsed()
        );
    }
    let files = data_files(&tables);
    let mut differ = false;
    let mut total = 0;
    for (name, bytes) in &files {
        let path = out.join(name);
        total += bytes.len();
        if check {
            let same = std::fs::read(&path).is_ok_and(|old| old == *bytes);
            println!(
                "{name:12} {:>8} bytes  {}",
                bytes.len(),
                if same { "same" } else { "DIFFERENT" }
            );
            differ |= !same;
        } else {
            if let Err(e) = std::fs::create_dir_all(&out).and_then(|_| std::fs::write(&path, bytes))
            {
                eprintln!("error: {}: {e}", path.display());
                return ExitCode::from(2);
            }
            println!("{name:12} {:>8} bytes  written to {}", bytes.len(), path.display());
        }
    }
    println!("total {total} bytes in {} files", files.len());
    if under {
        let list = underpromotions(&tables, |name, d| eprintln!("solved {name} in {:.2?}", d));
        for u in &list {
            println!(
                "{} {} auto-queen {} standard {} via {}",
                u.class,
                u.fen,
                u.auto_queen,
                u.standard,
                u.best_standard.join(" ")
            );
        }
        println!("{} canonical positions differ", list.len());
    }
    if differ {
        eprintln!("error: the data files differ from what the generator makes; run endgame-tables to rebuild them");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

/// Lesson start positions for `--bench`: Réti, a trébuchet, the opposition, a pawn race.
const LESSONS: [&str; 4] = [
    "7K/8/k1P5/7p/8/8/8/8 w - - 0 1",
    "8/8/2Kp4/3Pk3/8/8/8/8 w - - 0 1",
    "8/4k3/8/4K3/4P3/8/8/8 b - - 0 1",
    "8/8/8/5k2/P7/8/8/7K b - - 0 1",
];

/// One JSON line per position: the files it loads (bytes), the time to load them, to prepare
/// (solve the KPKP slice), to the first verdict, and the mean time of later probes and of
/// best-move searches over the position's successors.
fn bench(fens: &[String]) -> ExitCode {
    let fens: Vec<String> = if fens.is_empty() {
        LESSONS.iter().map(|s| s.to_string()).collect()
    } else {
        fens.to_vec()
    };
    let dir = Endgame::default_dir();
    for fen in &fens {
        let pos = match parse_fen(fen) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        let t0 = Instant::now();
        let e = Endgame::new();
        let files = match Endgame::files_for(&pos) {
            Ok(f) => f,
            Err(err) => {
                eprintln!("error: {err}");
                return ExitCode::from(2);
            }
        };
        let mut bytes = 0;
        for name in &files {
            let data = std::fs::read(dir.join(name)).unwrap_or_default();
            bytes += data.len();
            if let Err(err) = e.load(&data) {
                eprintln!("error: {name}: {err}");
                return ExitCode::from(2);
            }
        }
        let load_ms = t0.elapsed().as_secs_f64() * 1e3;
        let t1 = Instant::now();
        e.prepare(&pos).unwrap();
        let prepare_ms = t1.elapsed().as_secs_f64() * 1e3;
        let t2 = Instant::now();
        let verdict = e.probe(&pos).unwrap();
        let first_ms = t2.elapsed().as_secs_f64() * 1e3 + load_ms + prepare_ms;
        // Later probes: the position and every successor, many times over.
        let mut list = MoveList::new();
        legal_moves(&pos, chess_tutor::endgame::RULES, &mut list);
        let mut targets = vec![pos];
        targets.extend(list.iter().map(|m| play_unchecked(&pos, *m)));
        let rounds = 200;
        let t3 = Instant::now();
        for _ in 0..rounds {
            for p in &targets {
                std::hint::black_box(e.probe(p).ok());
            }
        }
        let probe_us = t3.elapsed().as_secs_f64() * 1e6 / (rounds * targets.len()) as f64;
        let t4 = Instant::now();
        for _ in 0..rounds {
            for p in &targets {
                std::hint::black_box(e.best_move(p).ok());
            }
        }
        let best_us = t4.elapsed().as_secs_f64() * 1e6 / (rounds * targets.len()) as f64;
        println!(
            "{{\"fen\":\"{fen}\",\"verdict\":\"{verdict}\",\"files\":[{}],\"bytes\":{bytes},\"load_ms\":{load_ms:.2},\"prepare_ms\":{prepare_ms:.2},\"first_verdict_ms\":{first_ms:.2},\"probe_us\":{probe_us:.2},\"best_move_us\":{best_us:.2}}}",
            files.iter().map(|f| format!("\"{f}\"")).collect::<Vec<_>>().join(",")
        );
    }
    ExitCode::SUCCESS
}
