//! AFL++ target: the text_board reader (see src/readers.rs).
fn main() {
    afl::fuzz!(|data: &[u8]| chess_tutor_fuzz::readers::read("text_board", data));
}
