//! AFL++ target: the pgn reader (see src/readers.rs).
fn main() {
    afl::fuzz!(|data: &[u8]| chess_tutor_fuzz::readers::read("pgn", data));
}
