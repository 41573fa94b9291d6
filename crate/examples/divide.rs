//! Perft divide: the node count under each legal move, for finding move-generation bugs.
//! `cargo run --release --example divide -- "FEN" DEPTH [MOVES...]`
use chess_tutor::notation::{parse_fen, parse_move};
use chess_tutor::rules::{legal_moves, perft, play_unchecked, MoveList, Rules};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut pos = parse_fen(&args[0]).expect("FEN");
    let depth: u32 = args[1].parse().expect("depth");
    for m in &args[2..] {
        let mv = parse_move(&pos, m, Rules::STANDARD).expect("move");
        pos = play_unchecked(&pos, mv);
    }
    let mut list = MoveList::new();
    legal_moves(&pos, Rules::STANDARD, &mut list);
    let mut total = 0;
    let mut lines: Vec<String> = list
        .iter()
        .map(|&m| {
            let n = if depth > 1 { perft(&play_unchecked(&pos, m), depth - 1) } else { 1 };
            total += n;
            format!("{} {n}", m.uci())
        })
        .collect();
    lines.sort();
    println!("{}\ntotal {total}", lines.join("\n"));
}
