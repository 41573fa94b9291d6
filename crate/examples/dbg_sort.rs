fn main() {
    let fen = std::env::args().nth(1).unwrap();
    let pos = chess_tutor::notation::parse_position(&fen).unwrap();
    for s in chess_tutor::lesson::doctor::sort_moves(&pos, chess_tutor::rules::Rules::default()) {
        println!("{:8} {:6} {:?}", s.san, s.score, s.group);
    }
}
