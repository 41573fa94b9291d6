//! AFL++ target: the piece_set reader (see src/readers.rs).
fn main() {
    afl::fuzz!(|data: &[u8]| chess_tutor_fuzz::readers::read("piece_set", data));
}
