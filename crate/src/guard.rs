//! The input guard: what every reader of a person's text passes first (a lesson, a course, a
//! glossary, a piece set, a FEN, a text board, a PGN). It skips a UTF-8 byte-order mark (Windows
//! editors write one), refuses a text longer than the reader's limit, and for JSON refuses
//! brackets nested deeper than the limit, by one pass over the bytes with a counter, no
//! recursion: a file of 100,000 `[` is refused here, before serde or the [`Locator`] walk it.
//!
//! A refusal is a typed [`Refusal`] with its place; [`Refusal::message`] says it in the words of
//! the catalogue (`input-too-long`, `input-too-deep`).
//!
//! [`Locator`]: crate::message::located

use crate::message::Message;

/// What a reader accepts: its name in messages, the most bytes, and (for JSON) the deepest
/// nesting of `{` and `[`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The reader's name as messages give it: `lesson`, `course`, `glossary`, `piece-set`,
    /// `fen`, `text-board`, `pgn`.
    pub what: &'static str,
    pub bytes: usize,
    pub depth: usize,
}

/// A lesson file: the largest of lessons/ is under 6 KB; the deepest about 6 levels.
pub const LESSON: Limits = Limits { what: "lesson", bytes: 1 << 20, depth: 64 };
pub const COURSE: Limits = Limits { what: "course", bytes: 1 << 20, depth: 64 };
pub const GLOSSARY: Limits = Limits { what: "glossary", bytes: 1 << 20, depth: 64 };
pub const PIECE_SET: Limits = Limits { what: "piece-set", bytes: 1 << 20, depth: 64 };
/// A FEN is at most about 90 characters; room for spaces a person adds.
pub const FEN: Limits = Limits { what: "fen", bytes: 256, depth: 0 };
/// 8 lines of 8 squares and a line of FEN fields, with room for spaces and blank lines.
pub const TEXT_BOARD: Limits = Limits { what: "text-board", bytes: 1024, depth: 0 };
/// A PGN file of many games.
pub const PGN: Limits = Limits { what: "pgn", bytes: 8 << 20, depth: 0 };

/// Why a text is refused before it is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The text has `size` bytes, more than `limit`.
    TooLong { what: &'static str, size: usize, limit: usize },
    /// A `{` or `[` at `line`:`col` (from 1, in characters, after a byte-order mark) opens level
    /// `limit + 1`.
    TooDeep { what: &'static str, limit: usize, line: usize, col: usize },
}

impl Refusal {
    /// The place, line and column from 1 (1:1 for a text too long).
    pub fn place(&self) -> (usize, usize) {
        match *self {
            Refusal::TooLong { .. } => (1, 1),
            Refusal::TooDeep { line, col, .. } => (line, col),
        }
    }

    /// The refusal in the catalogue's words.
    pub fn message(&self) -> Message {
        match *self {
            Refusal::TooLong { what, size, limit } => {
                msg!("input-too-long", what = what, size = size, limit = limit)
            }
            Refusal::TooDeep { what, limit, line, .. } => {
                msg!("input-too-deep", what = what, limit = limit, at_line = line)
            }
        }
    }
}

/// A refusal as a checker's finding at its place (of the whole text: no JSON pointer).
pub(crate) fn refused(r: &Refusal) -> crate::message::located::Diagnostic {
    crate::message::located::refused(r.place(), r.message())
}

/// The text without a byte-order mark at its start.
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// A plain text (FEN, text board, PGN): the byte-order mark skipped, the length bounded.
pub fn text(text: &str, limits: Limits) -> Result<&str, Refusal> {
    let text = strip_bom(text);
    if text.len() > limits.bytes {
        return Err(Refusal::TooLong { what: limits.what, size: text.len(), limit: limits.bytes });
    }
    Ok(text)
}

/// A JSON text: the byte-order mark skipped, the length bounded, and the nesting of `{` and `[`
/// outside strings counted in one pass (no recursion). The text need not be valid JSON: serde
/// says what else is wrong, once this has passed.
pub fn json(text: &str, limits: Limits) -> Result<&str, Refusal> {
    let text = self::text(text, limits)?;
    let b = text.as_bytes();
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (at, &c) in b.iter().enumerate() {
        if in_string {
            if escaped {
                escaped = false;
            } else if c == b'\\' {
                escaped = true;
            } else if c == b'"' {
                in_string = false;
            }
            continue;
        }
        match c {
            b'"' => in_string = true,
            b'{' | b'[' => {
                depth += 1;
                if depth > limits.depth {
                    let (line, col) = line_col(text, at);
                    return Err(Refusal::TooDeep {
                        what: limits.what,
                        limit: limits.depth,
                        line,
                        col,
                    });
                }
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(text)
}

/// Line and column (from 1; the column in characters) of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text.as_bytes()[..offset];
    let line = before.iter().filter(|&&c| c == b'\n').count() + 1;
    let start = before.iter().rposition(|&c| c == b'\n').map_or(0, |k| k + 1);
    // count characters: every byte that does not continue a UTF-8 sequence
    let col = before[start..].iter().filter(|&&c| c & 0xC0 != 0x80).count() + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_nesting_is_refused_at_its_bracket_without_recursion() {
        let deep = "[".repeat(100_000) + &"]".repeat(100_000);
        assert_eq!(
            json(&deep, LESSON),
            Err(Refusal::TooDeep { what: "lesson", limit: 64, line: 1, col: 65 })
        );
        let obj = format!("{{\n  \"a\": {}{}\n}}", "[".repeat(70), "]".repeat(70));
        assert_eq!(json(&obj, LESSON).unwrap_err().place(), (2, 8 + 63));
        let ok = "[".repeat(64) + &"]".repeat(64);
        assert!(json(&ok, LESSON).is_ok());
    }

    #[test]
    fn brackets_in_strings_do_not_count() {
        let s = format!("{{\"a\": \"{}\\\"{}\"}}", "[".repeat(500), "{".repeat(500));
        assert!(json(&s, LESSON).is_ok());
    }

    #[test]
    fn bom_is_skipped_and_length_bounded() {
        assert_eq!(json("\u{feff}{}", LESSON), Ok("{}"));
        assert_eq!(text("\u{feff}8/8/8/8/8/8/8/8", FEN), Ok("8/8/8/8/8/8/8/8"));
        let long = "x".repeat(257);
        assert_eq!(text(&long, FEN), Err(Refusal::TooLong { what: "fen", size: 257, limit: 256 }));
        assert_eq!(
            Refusal::TooLong { what: "fen", size: 257, limit: 256 }.message().id,
            "input-too-long"
        );
    }

    #[test]
    fn columns_count_characters() {
        let s = format!("{{\"ключ\": {}", "[".repeat(65));
        assert_eq!(json(&s, LESSON).unwrap_err().place(), (1, 9 + 64));
    }
}
