//! Every reader of a person's text, by name: what the fuzz targets (src/bin/*.rs) and the corpus
//! replay (crate/tests/fuzz_corpus.rs) feed. A reader may refuse its input; it must never panic,
//! overflow its stack or hang.

use chess_tutor::lesson::{check_course, check_glossary, check_lesson_with};
use chess_tutor::movement::PieceSet;
use chess_tutor::notation::{
    parse_fen, parse_move, parse_pgn_games, parse_position, parse_text_board,
};
use chess_tutor::rules::Rules;

/// The readers, as named in corpus/<name>/ and src/bin/<name>.rs.
pub const READERS: [&str; 8] =
    ["lesson", "course", "glossary", "piece_set", "fen", "text_board", "pgn", "san"];

/// Feed bytes to one reader (text readers get the bytes as UTF-8, lossily, as a file reader would).
pub fn read(reader: &str, data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    match reader {
        // without the doctor: its searches are bounded by time, not by the input
        "lesson" => drop(check_lesson_with(text, Some("fuzz"), false)),
        "course" => drop(check_course(text, &["a.json".to_string(), "glossary.json".to_string()])),
        "glossary" => drop(check_glossary(text, &[("a.json".to_string(), text.to_string())])),
        "piece_set" => drop(PieceSet::parse(text)),
        "fen" => {
            let _ = parse_fen(text);
            let _ = parse_position(text);
        }
        "text_board" => drop(parse_text_board(text)),
        "pgn" => drop(parse_pgn_games(text)),
        "san" => {
            // a position on the first line, then moves, one a line
            let mut lines = text.lines();
            let Some(Ok(pos)) = lines.next().map(parse_position) else { return };
            for mv in lines.take(64) {
                let _ = parse_move(&pos, mv, Rules::STANDARD);
            }
        }
        other => panic!("no reader {other}"),
    }
}
