//! Native peer for the bench: `cozy-perft FEN DEPTH` prints the node count.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 2 {
        eprintln!("usage: cozy-perft FEN DEPTH");
        return ExitCode::from(2);
    }
    let depth: u32 = match args[1].parse() {
        Ok(d) => d,
        Err(_) => {
            eprintln!("bad depth: {}", args[1]);
            return ExitCode::from(2);
        }
    };
    match cozy_wasm::perft_fen(&args[0], depth) {
        Some(n) => {
            println!("{n}");
            ExitCode::SUCCESS
        }
        None => {
            eprintln!("bad FEN: {}", args[0]);
            ExitCode::from(2)
        }
    }
}
