//! Notation: FEN, seed 002's 8-line text board, SAN, UCI, seed 002's long form and PGN.

use crate::board::{Castling, Color, IllegalPosition, Piece, PieceKind, Position, Square};
use crate::rules::{in_check, legal_moves, play_unchecked, Game, Move, MoveKind, MoveList, Rules};
use std::fmt;

/// A notation error that names the place: the field of a FEN, the line and column of a text
/// board, or the move that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// Where the error is, e.g. `FEN field 3 (castling)` or `text board line 2, column 5`.
    pub field: String,
    pub message: String,
}

impl NotationError {
    fn new(field: impl Into<String>, message: impl Into<String>) -> NotationError {
        NotationError { field: field.into(), message: message.into() }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for NotationError {}

const FEN_FIELDS: [&str; 6] = ["placement", "side to move", "castling", "en passant", "halfmove clock", "fullmove number"];

fn fen_field(n: usize) -> String {
    format!("FEN field {} ({})", n + 1, FEN_FIELDS[n])
}

fn illegal(e: IllegalPosition, prefix: &str) -> NotationError {
    let n = match e.field {
        "castling" => 2,
        "en passant" => 3,
        _ => 0,
    };
    let field = if prefix == "FEN" { fen_field(n) } else { format!("{prefix} ({})", e.field) };
    NotationError::new(field, e.reason)
}

/// Castling rights that the placement allows: a king and rook on their home squares.
fn inferred_castling(pos: &Position) -> Castling {
    let mut c = Castling(0);
    for color in Color::BOTH {
        let row = color.home_row() as i32;
        if pos.piece_at(Square::from_ij(row, 4).unwrap()) != Some(Piece::new(color, PieceKind::King)) {
            continue;
        }
        for (j, king_side) in [(7, true), (0, false)] {
            if pos.piece_at(Square::from_ij(row, j).unwrap()) == Some(Piece::new(color, PieceKind::Rook)) {
                c.0 |= Castling::flag(color, king_side);
            }
        }
    }
    c
}

/// Read a FEN. Missing trailing fields take defaults: White to move, castling where kings and
/// rooks stand at home, no en passant, clocks 0 and 1. The position must be able to exist.
pub fn parse_fen(fen: &str) -> Result<Position, NotationError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err(NotationError::new(fen_field(0), "the FEN is empty"));
    }
    if fields.len() > 6 {
        return Err(NotationError::new("FEN", format!("a FEN has at most 6 fields, this one has {}", fields.len())));
    }
    let mut pos = Position::empty();
    parse_placement(fields[0], &mut pos)?;
    if let Some(&side) = fields.get(1) {
        pos.side = match side {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            other => return Err(NotationError::new(fen_field(1), format!("expected 'w' or 'b', found '{other}'"))),
        };
    }
    pos.castling = match fields.get(2) {
        None => inferred_castling(&pos),
        Some(&"-") => Castling(0),
        Some(text) => {
            let mut c = Castling(0);
            for ch in text.chars() {
                let flag = match ch {
                    'K' => Castling::WHITE_KING,
                    'Q' => Castling::WHITE_QUEEN,
                    'k' => Castling::BLACK_KING,
                    'q' => Castling::BLACK_QUEEN,
                    _ => {
                        return Err(NotationError::new(
                            fen_field(2),
                            format!("'{ch}' is not a castling right; use K, Q, k, q or '-'"),
                        ))
                    }
                };
                if c.0 & flag != 0 {
                    return Err(NotationError::new(fen_field(2), format!("'{ch}' is written twice")));
                }
                c.0 |= flag;
            }
            c
        }
    };
    if let Some(&ep) = fields.get(3) {
        if ep != "-" {
            let sq = Square::parse(ep)
                .ok_or_else(|| NotationError::new(fen_field(3), format!("'{ep}' is not a square; use a square such as e3, or '-'")))?;
            pos.en_passant = Some(sq);
        }
    }
    if let Some(&hm) = fields.get(4) {
        pos.halfmove_clock = hm
            .parse::<u32>()
            .ok()
            .filter(|&n| n <= 10_000)
            .ok_or_else(|| NotationError::new(fen_field(4), format!("'{hm}' is not a number of half-moves")))?;
    }
    if let Some(&fm) = fields.get(5) {
        pos.fullmove = fm
            .parse::<u32>()
            .ok()
            .filter(|&n| (1..=100_000).contains(&n))
            .ok_or_else(|| NotationError::new(fen_field(5), format!("'{fm}' is not a move number (1 or more)")))?;
    }
    pos.validate().map_err(|e| illegal(e, "FEN"))?;
    // An en-passant square no pawn can use is dropped, as FEN writers do.
    if let Some(ep) = pos.en_passant {
        let t = crate::movement::tables();
        if t.pawn_capture[pos.side.opposite().index()][ep.index()] & pos.pieces(pos.side, PieceKind::Pawn) == 0 {
            pos.en_passant = None;
        }
    }
    Ok(pos)
}

fn parse_placement(text: &str, pos: &mut Position) -> Result<(), NotationError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 8 {
        return Err(NotationError::new(fen_field(0), format!("expected 8 ranks separated by '/', found {}", rows.len())));
    }
    for (r, row) in rows.iter().enumerate() {
        let i = 7 - r as i32;
        let mut j = 0i32;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(NotationError::new(fen_field(0), format!("rank {}: '{ch}' is not a count of empty squares (1-8)", i + 1)));
                }
                j += d as i32;
            } else if let Some(piece) = Piece::from_char(ch) {
                if let Some(sq) = Square::from_ij(i, j) {
                    pos.put(sq, piece);
                }
                j += 1;
            } else {
                return Err(NotationError::new(fen_field(0), format!("rank {}: '{ch}' is not a piece letter (PNBRQK, pnbrqk) or a digit", i + 1)));
            }
            if j > 8 {
                return Err(NotationError::new(fen_field(0), format!("rank {} has more than 8 squares", i + 1)));
            }
        }
        if j < 8 {
            return Err(NotationError::new(fen_field(0), format!("rank {} has {j} squares; a rank has 8", i + 1)));
        }
    }
    Ok(())
}

/// Write a position as FEN.
pub fn to_fen(pos: &Position) -> String {
    let mut s = String::new();
    for i in (0..8).rev() {
        let mut empty = 0;
        for j in 0..8 {
            match pos.piece_at(Square::from_ij(i, j).unwrap()) {
                Some(p) => {
                    if empty > 0 {
                        s.push(char::from_digit(empty, 10).unwrap());
                        empty = 0;
                    }
                    s.push(p.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push(char::from_digit(empty, 10).unwrap());
        }
        if i > 0 {
            s.push('/');
        }
    }
    s.push(' ');
    s.push(if pos.side == Color::White { 'w' } else { 'b' });
    s.push(' ');
    let c = pos.castling;
    if c.0 == 0 {
        s.push('-');
    }
    for (flag, ch) in [(Castling::WHITE_KING, 'K'), (Castling::WHITE_QUEEN, 'Q'), (Castling::BLACK_KING, 'k'), (Castling::BLACK_QUEEN, 'q')] {
        if c.0 & flag != 0 {
            s.push(ch);
        }
    }
    match pos.en_passant {
        Some(ep) => s.push_str(&format!(" {ep}")),
        None => s.push_str(" -"),
    }
    s.push_str(&format!(" {} {}", pos.halfmove_clock, pos.fullmove));
    s
}

/// Read seed 002's text board: 8 lines of 8 characters, rank 8 first, upper case for White,
/// lower case for Black, `.` for an empty square. An optional ninth line holds the remaining FEN
/// fields (e.g. `b KQkq - 0 1`); without it White moves and castling follows the placement.
pub fn parse_text_board(text: &str) -> Result<Position, NotationError> {
    let lines: Vec<(usize, &str)> =
        text.lines().enumerate().map(|(n, l)| (n + 1, l.trim())).filter(|(_, l)| !l.is_empty()).collect();
    if lines.len() < 8 {
        return Err(NotationError::new("text board", format!("expected 8 lines of 8 squares, found {}", lines.len())));
    }
    let mut placement = String::new();
    for (r, &(line_no, line)) in lines.iter().take(8).enumerate() {
        let chars: Vec<char> = line.chars().collect();
        if chars.len() != 8 {
            return Err(NotationError::new(
                format!("text board line {line_no}"),
                format!("rank {} has {} squares; write 8 characters", 8 - r, chars.len()),
            ));
        }
        let mut empty = 0;
        for (col, &ch) in chars.iter().enumerate() {
            if ch == '.' {
                empty += 1;
                continue;
            }
            if Piece::from_char(ch).is_none() {
                return Err(NotationError::new(
                    format!("text board line {line_no}, column {}", col + 1),
                    format!("'{ch}' is not a piece letter (PNBRQK, pnbrqk) or '.'"),
                ));
            }
            if empty > 0 {
                placement.push(char::from_digit(empty, 10).unwrap());
                empty = 0;
            }
            placement.push(ch);
        }
        if empty > 0 {
            placement.push(char::from_digit(empty, 10).unwrap());
        }
        if r < 7 {
            placement.push('/');
        }
    }
    if lines.len() > 9 {
        let (n, _) = lines[9];
        return Err(NotationError::new(format!("text board line {n}"), "a text board has 8 lines and at most one line of FEN fields"));
    }
    let tail = lines.get(8).map(|&(_, l)| l).unwrap_or("");
    parse_fen(&format!("{placement} {tail}")).map_err(|e| {
        let field = match lines.get(8) {
            Some(&(n, _)) if !e.field.contains("placement") => format!("text board line {n}: {}", e.field),
            _ => "text board".to_string(),
        };
        NotationError::new(field, e.message)
    })
}

/// Write seed 002's text board (8 lines, no side or castling line).
pub fn to_text_board(pos: &Position) -> String {
    let mut s = String::new();
    for i in (0..8).rev() {
        for j in 0..8 {
            s.push(pos.piece_at(Square::from_ij(i, j).unwrap()).map_or('.', |p| p.char()));
        }
        s.push('\n');
    }
    s
}

/// Read a position written as FEN or as a text board.
pub fn parse_position(text: &str) -> Result<Position, NotationError> {
    if text.trim().lines().filter(|l| !l.trim().is_empty()).count() >= 8 {
        parse_text_board(text)
    } else {
        parse_fen(text.trim())
    }
}

fn legal(pos: &Position, rules: Rules) -> MoveList {
    let mut list = MoveList::new();
    legal_moves(pos, rules, &mut list);
    list
}

/// The mark after a move: check, mate, and (long form only) stalemate.
fn suffix(pos: &Position, mv: Move, rules: Rules, long: bool) -> &'static str {
    let after = play_unchecked(pos, mv);
    let check = in_check(&after);
    let no_moves = legal(&after, rules).is_empty();
    match (check, no_moves, long) {
        (true, true, false) => "#",
        (true, true, true) => "++",
        (true, false, _) => "+",
        (false, true, true) if after.king(after.side).is_some() => "=",
        _ => "",
    }
}

/// Write a legal move in SAN: `e4`, `Nbd2`, `exd5`, `e8=Q+`, `O-O`, `Qh5#`.
pub fn to_san(pos: &Position, mv: Move, rules: Rules) -> String {
    let mut s = String::new();
    let kind = pos.kind_at(mv.from).unwrap_or(PieceKind::Pawn);
    if mv.kind == MoveKind::Castle {
        s.push_str(if mv.to.j() == 6 { "O-O" } else { "O-O-O" });
    } else if kind == PieceKind::Pawn {
        if mv.capture {
            s.push(mv.from.file_char());
            s.push('x');
        }
        s.push_str(&mv.to.to_string());
        if let Some(p) = mv.promotion {
            s.push('=');
            s.push(p.letter());
        }
    } else {
        s.push(kind.letter());
        let rivals: Vec<Move> = legal(pos, rules)
            .into_iter()
            .filter(|m| m.to == mv.to && m.from != mv.from && pos.kind_at(m.from) == Some(kind))
            .collect();
        if !rivals.is_empty() {
            if rivals.iter().all(|m| m.from.j() != mv.from.j()) {
                s.push(mv.from.file_char());
            } else if rivals.iter().all(|m| m.from.i() != mv.from.i()) {
                s.push(mv.from.rank_char());
            } else {
                s.push_str(&mv.from.to_string());
            }
        }
        if mv.capture {
            s.push('x');
        }
        s.push_str(&mv.to.to_string());
    }
    s.push_str(suffix(pos, mv, rules, false));
    s
}

/// Write a legal move in seed 002's long form: `e2–e4`, `Nb1–c3`, `Bf1xb5+`, `Qf7xf7++`,
/// `e7–e8Q`, with `=` after a move that stalemates.
pub fn to_long(pos: &Position, mv: Move, rules: Rules) -> String {
    let kind = pos.kind_at(mv.from).unwrap_or(PieceKind::Pawn);
    let mut s = String::new();
    if mv.kind == MoveKind::Castle {
        s.push_str(if mv.to.j() == 6 { "O-O" } else { "O-O-O" });
    } else {
        if kind != PieceKind::Pawn {
            s.push(kind.letter());
        }
        s.push_str(&mv.from.to_string());
        s.push(if mv.capture { 'x' } else { '–' });
        s.push_str(&mv.to.to_string());
        if let Some(p) = mv.promotion {
            s.push(p.letter());
        }
    }
    s.push_str(suffix(pos, mv, rules, true));
    s
}

/// A move written in SAN or long form, with the piece letters of Russian notation
/// (Кр Ф Л С К) from the formula table. Castling `O-O` stays as it is.
pub fn to_russian(text: &str) -> String {
    text.chars()
        .map(|c| match PieceKind::from_letter(c).filter(|_| c.is_ascii_uppercase()) {
            Some(k) if k != PieceKind::Pawn => crate::movement::formula(k).letter_ru.to_string(),
            _ => c.to_string(),
        })
        .collect()
}

/// Read a move in SAN (also accepts long form, `0-0`, and missing or extra `x`, `=`, `+`, `#`).
pub fn parse_san(pos: &Position, text: &str, rules: Rules) -> Result<Move, NotationError> {
    let field = format!("move '{text}'");
    let err = |m: String| NotationError::new(field.clone(), m);
    let mut s: String = text.trim().to_string();
    while s.ends_with(['+', '#', '!', '?']) {
        s.pop();
    }
    // A trailing '=' is the long form's stalemate mark.
    if s.ends_with('=') {
        s.pop();
    }
    let moves = legal(pos, rules);
    let castle = s.replace('0', "O");
    if castle == "O-O" || castle == "O-O-O" {
        let j = if castle == "O-O" { 6 } else { 2 };
        return moves
            .iter()
            .find(|m| m.kind == MoveKind::Castle && m.to.j() == j)
            .copied()
            .ok_or_else(|| err(format!("{} cannot castle {} now", pos.side.name(), if j == 6 { "king's side" } else { "queen's side" })));
    }
    let mut chars: Vec<char> = s.chars().filter(|c| !matches!(c, 'x' | ':' | '-' | '–' | '=')).collect();
    if chars.is_empty() {
        return Err(err("the move is empty".into()));
    }
    let kind = match chars[0] {
        'N' | 'B' | 'R' | 'Q' | 'K' => PieceKind::from_letter(chars.remove(0)).unwrap(),
        'P' => {
            chars.remove(0);
            PieceKind::Pawn
        }
        _ => PieceKind::Pawn,
    };
    let mut promotion = None;
    if chars.len() >= 3 {
        let last = *chars.last().unwrap();
        if let Some(k) = PieceKind::from_letter(last).filter(|k| PieceKind::PROMOTIONS.contains(k)) {
            if chars[chars.len() - 2].is_ascii_digit() {
                promotion = Some(k);
                chars.pop();
            }
        }
    }
    if chars.len() < 2 {
        return Err(err("expected a target square such as e4".into()));
    }
    let to_text: String = chars[chars.len() - 2..].iter().collect();
    let to = Square::parse(&to_text).ok_or_else(|| err(format!("'{to_text}' is not a square")))?;
    let hint: Vec<char> = chars[..chars.len() - 2].to_vec();
    let mut file = None;
    let mut rank = None;
    for c in &hint {
        match c {
            'a'..='h' if file.is_none() => file = Some(*c as u8 - b'a'),
            '1'..='8' if rank.is_none() => rank = Some(*c as u8 - b'1'),
            _ => return Err(err(format!("'{c}' is not understood; write moves like Nf3, exd5, e8=Q or O-O"))),
        }
    }
    let matching: Vec<Move> = moves
        .iter()
        .filter(|m| {
            m.to == to
                && pos.kind_at(m.from) == Some(kind)
                && file.is_none_or(|f| m.from.j() == f)
                && rank.is_none_or(|r| m.from.i() == r)
                && (m.promotion.is_none() || m.promotion == promotion.or(rules.auto_queen.then_some(PieceKind::Queen)))
        })
        .copied()
        .collect();
    match matching.as_slice() {
        [] => Err(err(format!("no legal move of {} matches", pos.side.name()))),
        [m] => {
            if promotion.is_some() && m.promotion.is_none() {
                return Err(err("only a pawn reaching the last rank promotes".into()));
            }
            Ok(*m)
        }
        [m, ..] if m.promotion.is_some() => Err(err("a promotion needs its piece: =Q, =R, =B or =N".into())),
        many => {
            let names: Vec<String> = many.iter().map(|m| to_san(pos, *m, rules)).collect();
            Err(err(format!("ambiguous: it could be {}", names.join(" or "))))
        }
    }
}

/// Read a move in UCI (`e2e4`, `e7e8q`).
pub fn parse_uci(pos: &Position, text: &str, rules: Rules) -> Result<Move, NotationError> {
    let field = format!("move '{text}'");
    let t = text.trim();
    let (from, to) = match (t.get(0..2).and_then(Square::parse), t.get(2..4).and_then(Square::parse)) {
        (Some(f), Some(to)) => (f, to),
        _ => return Err(NotationError::new(field, "expected a UCI move such as e2e4 or e7e8q")),
    };
    let promotion = match t.get(4..) {
        None | Some("") => None,
        Some(p) if p.len() == 1 => Some(
            PieceKind::from_letter(p.chars().next().unwrap())
                .filter(|k| PieceKind::PROMOTIONS.contains(k))
                .ok_or_else(|| NotationError::new(field.clone(), format!("'{p}' is not a promotion piece (q, r, b, n)")))?,
        ),
        Some(_) => return Err(NotationError::new(field, "expected a UCI move such as e2e4 or e7e8q")),
    };
    let wanted = promotion.or(rules.auto_queen.then_some(PieceKind::Queen));
    legal(pos, rules)
        .iter()
        .find(|m| m.from == from && m.to == to && (m.promotion.is_none() && promotion.is_none() || m.promotion.is_some() && m.promotion == wanted))
        .copied()
        .ok_or_else(|| NotationError::new(field, format!("not a legal move for {}", pos.side.name())))
}

/// Read a move in UCI or SAN, whichever it is.
pub fn parse_move(pos: &Position, text: &str, rules: Rules) -> Result<Move, NotationError> {
    let t = text.trim();
    let looks_uci = t.len() >= 4 && t.len() <= 5 && t.get(0..2).and_then(Square::parse).is_some() && t.get(2..4).and_then(Square::parse).is_some();
    if looks_uci {
        parse_uci(pos, t, rules)
    } else {
        parse_san(pos, t, rules)
    }
}

/// PGN tags for export.
#[derive(Clone, Debug, Default)]
pub struct PgnTags {
    pub event: Option<String>,
    pub site: Option<String>,
    pub date: Option<String>,
    pub white: Option<String>,
    pub black: Option<String>,
}

fn pgn_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ")
}

/// Export a game as PGN, with the start position's FEN when it is not the initial one.
pub fn to_pgn(game: &Game, tags: &PgnTags) -> String {
    let result = game.outcome().map_or("*", |o| o.result());
    let tag = |name: &str, value: &Option<String>, default: &str| {
        format!("[{name} \"{}\"]\n", pgn_escape(value.as_deref().unwrap_or(default)))
    };
    let mut out = String::new();
    out += &tag("Event", &tags.event, "?");
    out += &tag("Site", &tags.site, "?");
    out += &tag("Date", &tags.date, "????.??.??");
    out += &tag("Round", &None, "-");
    out += &tag("White", &tags.white, "?");
    out += &tag("Black", &tags.black, "?");
    out += &format!("[Result \"{result}\"]\n");
    if *game.start() != Position::initial() {
        out += "[SetUp \"1\"]\n";
        out += &format!("[FEN \"{}\"]\n", to_fen(game.start()));
    }
    if let Some(o) = game.outcome() {
        let reason = termination_text(o.reason);
        out += &format!("[Termination \"{reason}\"]\n");
    }
    out.push('\n');
    let mut tokens: Vec<String> = Vec::new();
    for (k, (pos, mv)) in game.history().enumerate() {
        if pos.side == Color::White {
            tokens.push(format!("{}.", pos.fullmove));
        } else if k == 0 {
            tokens.push(format!("{}...", pos.fullmove));
        }
        tokens.push(to_san(pos, *mv, game.rules()));
    }
    tokens.push(result.to_string());
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            out += &line;
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += &t;
    }
    out += &line;
    out.push('\n');
    out
}

fn termination_text(reason: crate::rules::EndReason) -> &'static str {
    use crate::rules::EndReason::*;
    match reason {
        Checkmate => "checkmate",
        Stalemate => "stalemate",
        InsufficientMaterial => "insufficient material",
        Fivefold => "fivefold repetition",
        SeventyFiveMoves => "75-move rule",
        Threefold => "threefold repetition",
        FiftyMoves => "50-move rule",
        Resignation => "resignation",
        Agreement => "draw by agreement",
        Timeout => "time forfeit",
        TimeoutInsufficientMaterial => "time forfeit, opponent cannot mate",
    }
}
