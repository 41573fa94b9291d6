//! Notation: FEN, seed 002's 8-line text board, SAN, UCI, seed 002's long form and PGN.

use crate::board::{Castling, Color, IllegalPosition, Piece, PieceKind, Position, Square, Wing};
use crate::message::Message;
use crate::rules::{
    in_check, legal_moves, play_unchecked, EndReason, Game, Move, MoveKind, MoveList, Outcome,
    Rules,
};
use std::fmt;

/// A notation error: a [`Message`] whose arguments also name the place (the FEN field, the line
/// and column of a text board or a PGN text, the move that could not be read; see
/// [`crate::message`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError(pub Message);

impl NotationError {
    /// The message, with its place in the arguments.
    pub fn message(&self) -> &Message {
        &self.0
    }

    /// The error with one more place argument.
    fn at(self, name: &'static str, value: impl Into<crate::message::Arg>) -> NotationError {
        NotationError(self.0.with(name, value))
    }
}

impl From<Message> for NotationError {
    fn from(m: Message) -> NotationError {
        NotationError(m)
    }
}

/// English: `FEN field 2 (side to move): expected 'w' or 'b', found 'x'`.
impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for NotationError {}

impl From<NotationError> for crate::message::Message {
    fn from(e: NotationError) -> Self {
        e.0
    }
}

/// An error in FEN field `n` (from 1).
fn fen_error(n: u8, m: Message) -> NotationError {
    NotationError(crate::fen::field_error(n, m))
}

fn illegal(e: IllegalPosition) -> NotationError {
    fen_error(e.part().fen_field(), e.message())
}

/// Castling rights that the placement allows: a king and rook on their home squares.
fn inferred_castling(pos: &Position) -> Castling {
    let mut c = Castling(0);
    for color in Color::BOTH {
        let row = color.home_row() as i32;
        if pos.piece_at(Square::from_ij(row, 4).unwrap())
            != Some(Piece::new(color, PieceKind::King))
        {
            continue;
        }
        for (j, king_side) in [(7, true), (0, false)] {
            if pos.piece_at(Square::from_ij(row, j).unwrap())
                == Some(Piece::new(color, PieceKind::Rook))
            {
                c.0 |= Castling::flag(color, king_side);
            }
        }
    }
    c
}

/// Read a FEN. Missing trailing fields take defaults: White to move, castling where kings and
/// rooks stand at home, no en passant, clocks 0 and 1. The position must be able to exist.
pub fn parse_fen(fen: &str) -> Result<Position, NotationError> {
    let fields = crate::fen::fields(fen)?;
    let mut pos = Position::empty();
    crate::fen::placement(
        fields[0],
        Piece::from_char,
        |rank, ch| msg!("fen-bad-letter", rank = rank, char = ch),
        |sq, piece| pos.put(sq, piece),
    )?;
    if let Some(side) = crate::fen::side(&fields)? {
        pos.side = side;
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
                    _ => return Err(fen_error(3, msg!("fen-bad-castling", letter = ch))),
                };
                if c.0 & flag != 0 {
                    return Err(fen_error(3, msg!("fen-castling-twice", letter = ch)));
                }
                c.0 |= flag;
            }
            c
        }
    };
    if let Some(&ep) = fields.get(3) {
        if ep != "-" {
            let sq = Square::parse(ep)
                .ok_or_else(|| fen_error(4, msg!("fen-bad-en-passant", found = ep)))?;
            pos.en_passant = Some(sq);
        }
    }
    let (halfmove, fullmove) = crate::fen::clocks(&fields)?;
    pos.halfmove_clock = halfmove.unwrap_or(pos.halfmove_clock);
    pos.fullmove = fullmove.unwrap_or(pos.fullmove);
    pos.validate().map_err(illegal)?;
    // An en-passant square no pawn can use is dropped, as FEN writers do.
    if let Some(ep) = pos.en_passant {
        let t = crate::movement::tables();
        if t.pawn_capture[pos.side.opposite().index()][ep.index()]
            & pos.pieces(pos.side, PieceKind::Pawn)
            == 0
        {
            pos.en_passant = None;
        }
    }
    Ok(pos)
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
    for (flag, ch) in [
        (Castling::WHITE_KING, 'K'),
        (Castling::WHITE_QUEEN, 'Q'),
        (Castling::BLACK_KING, 'k'),
        (Castling::BLACK_QUEEN, 'q'),
    ] {
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
    let text = crate::guard::text(text, crate::guard::TEXT_BOARD)
        .map_err(|r| NotationError(r.message().with("source", "text-board")))?;
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(n, l)| (n + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    if lines.len() < 8 {
        return Err(NotationError(msg!(
            "board-line-count",
            count = lines.len(),
            source = "text-board"
        )));
    }
    let mut placement = String::new();
    for (r, &(line_no, line)) in lines.iter().take(8).enumerate() {
        let chars: Vec<char> = line.chars().collect();
        if chars.len() != 8 {
            return Err(NotationError(msg!(
                "board-line-length",
                rank = 8 - r,
                count = chars.len(),
                source = "text-board",
                line = line_no
            )));
        }
        let mut empty = 0;
        for (col, &ch) in chars.iter().enumerate() {
            if ch == '.' {
                empty += 1;
                continue;
            }
            if Piece::from_char(ch).is_none() {
                return Err(NotationError(msg!(
                    "board-bad-letter",
                    char = ch,
                    source = "text-board",
                    line = line_no,
                    column = col + 1
                )));
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
        return Err(NotationError(msg!("board-extra-lines", source = "text-board", line = n)));
    }
    let tail = lines.get(8).map(|&(_, l)| l).unwrap_or("");
    parse_fen(&format!("{placement} {tail}")).map_err(|e| {
        // A placement error belongs to the board as a whole; a later field's to the ninth line.
        let placement = e.0.arg("field") == Some(&crate::message::Arg::Num(1));
        let mut m = e.0.with("source", "text-board");
        match lines.get(8) {
            Some(&(n, _)) if !placement => m = m.with("line", n),
            _ => m.args.retain(|(k, _)| *k != "field"),
        }
        NotationError(m)
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

/// What a move does to the other side: check, and no move left (mate or, with a king, stalemate).
#[derive(Clone, Copy)]
struct After {
    check: bool,
    no_moves: bool,
    king: bool,
}

impl After {
    fn of(pos: &Position, mv: Move, rules: Rules) -> After {
        let after = play_unchecked(pos, mv);
        After {
            check: in_check(&after),
            no_moves: legal(&after, rules).is_empty(),
            king: after.king(after.side).is_some(),
        }
    }

    /// The mark after a move: check, mate, and (long form only) stalemate.
    fn mark(self, long: bool) -> &'static str {
        match (self.check, self.no_moves, long) {
            (true, true, false) => "#",
            (true, true, true) => "++",
            (true, false, _) => "+",
            (false, true, true) if self.king => "=",
            _ => "",
        }
    }
}

/// Write a legal move in SAN: `e4`, `Nbd2`, `exd5`, `e8=Q+`, `O-O`, `Qh5#`.
pub fn to_san(pos: &Position, mv: Move, rules: Rules) -> String {
    san_with(pos, mv, rules, After::of(pos, mv, rules))
}

fn san_with(pos: &Position, mv: Move, rules: Rules, after: After) -> String {
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
    s.push_str(after.mark(false));
    s
}

/// Write a legal move in seed 002's long form: `e2–e4`, `Nb1–c3`, `Bf1xb5+`, `Qf7xf7++`,
/// `e7–e8Q`, with `=` after a move that stalemates.
pub fn to_long(pos: &Position, mv: Move, rules: Rules) -> String {
    long_with(pos, mv, After::of(pos, mv, rules))
}

fn long_with(pos: &Position, mv: Move, after: After) -> String {
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
    s.push_str(after.mark(true));
    s
}

/// A move as the widget and the lesson player report it: its notations (SAN and long form in
/// English letters, UCI), the squares involved and the piece that moved. (A page shows SAN in the
/// reader's language with the letters of its word file, `www/i18n/<lang>/language.js`.)
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MoveInfo {
    pub uci: String,
    pub san: String,
    pub long: String,
    /// The square of the piece taken (behind the target for en passant).
    pub captured: Option<Square>,
    /// For castling, the rook's from and to squares.
    pub rook: Option<(Square, Square)>,
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
    pub capture: bool,
    pub promotion: Option<PieceKind>,
    pub piece: PieceKind,
    pub color: Color,
    /// How the piece's formula reaches `to` (as data: the page writes it with the numbers).
    pub explanation: Option<crate::movement::Explanation>,
}

impl MoveInfo {
    /// A legal move `mv` in the position `pos` (before it is played).
    pub fn new(pos: &Position, mv: Move, rules: Rules) -> MoveInfo {
        let piece = pos.piece_at(mv.from).unwrap_or(Piece::new(pos.side, PieceKind::Pawn));
        // The position after the move is looked at once, for both notations.
        let after = After::of(pos, mv, rules);
        let san = san_with(pos, mv, rules, after);
        let long = long_with(pos, mv, after);
        MoveInfo {
            uci: mv.uci(),
            san,
            long,
            captured: mv.captured_square(piece.color),
            rook: mv.castling_rook(),
            from: mv.from,
            to: mv.to,
            kind: mv.kind,
            capture: mv.capture,
            promotion: mv.promotion,
            piece: piece.kind,
            color: piece.color,
            explanation: crate::movement::explain(piece.kind, piece.color, mv.from, mv.to),
        }
    }
}

/// Read a move in SAN (also accepts long form, `0-0`, and missing or extra `x`, `=`, `+`, `#`).
pub fn parse_san(pos: &Position, text: &str, rules: Rules) -> Result<Move, NotationError> {
    let err = |m: Message| NotationError(m.with("move", text));
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
            .ok_or_else(|| {
                err(msg!(
                    "san-cannot-castle",
                    side = pos.side,
                    wing = if j == 6 { Wing::King } else { Wing::Queen }.name()
                ))
            });
    }
    let mut chars: Vec<char> =
        s.chars().filter(|c| !matches!(c, 'x' | ':' | '-' | '–' | '=')).collect();
    if chars.is_empty() {
        return Err(err(msg!("san-empty")));
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
        if let Some(k) = PieceKind::from_letter(last).filter(|k| PieceKind::PROMOTIONS.contains(k))
        {
            if chars[chars.len() - 2].is_ascii_digit() {
                promotion = Some(k);
                chars.pop();
            }
        }
    }
    if chars.len() < 2 {
        return Err(err(msg!("san-no-target")));
    }
    let to_text: String = chars[chars.len() - 2..].iter().collect();
    let to =
        Square::parse(&to_text).ok_or_else(|| err(msg!("san-bad-square", found = &to_text)))?;
    let hint: Vec<char> = chars[..chars.len() - 2].to_vec();
    let mut file = None;
    let mut rank = None;
    for c in &hint {
        match c {
            'a'..='h' if file.is_none() => file = Some(*c as u8 - b'a'),
            '1'..='8' if rank.is_none() => rank = Some(*c as u8 - b'1'),
            _ => return Err(err(msg!("san-not-understood", char = *c))),
        }
    }
    let matching: Vec<Move> = moves
        .iter()
        .filter(|m| {
            m.to == to
                && pos.kind_at(m.from) == Some(kind)
                && file.is_none_or(|f| m.from.j() == f)
                && rank.is_none_or(|r| m.from.i() == r)
                && (m.promotion.is_none()
                    || m.promotion == promotion.or(rules.auto_queen.then_some(PieceKind::Queen)))
        })
        .copied()
        .collect();
    match matching.as_slice() {
        [] => {
            let from: String = hint.iter().collect();
            Err(err(match (from.is_empty(), in_check(pos)) {
                (false, _) => {
                    msg!("san-no-move-from", piece = kind, from = from, to = to, side = pos.side)
                }
                (true, false) => msg!("san-no-move", piece = kind, to = to, side = pos.side),
                (true, true) => {
                    msg!("san-no-move-in-check", piece = kind, to = to, side = pos.side)
                }
            }))
        }
        [m] => {
            if promotion.is_some() && m.promotion.is_none() {
                return Err(err(msg!("san-not-promotion")));
            }
            Ok(*m)
        }
        [m, ..] if m.promotion.is_some() => Err(err(msg!("san-promotion-piece"))),
        many => {
            let names: Vec<String> = many.iter().map(|m| to_san(pos, *m, rules)).collect();
            Err(err(msg!("san-ambiguous", candidates = names.join(", "))))
        }
    }
}

/// Read a move in UCI (`e2e4`, `e7e8q`).
pub fn parse_uci(pos: &Position, text: &str, rules: Rules) -> Result<Move, NotationError> {
    let err = |m: Message| NotationError(m.with("move", text));
    let t = text.trim();
    let (from, to) =
        match (t.get(0..2).and_then(Square::parse), t.get(2..4).and_then(Square::parse)) {
            (Some(f), Some(to)) => (f, to),
            _ => return Err(err(msg!("uci-bad"))),
        };
    let promotion = match t.get(4..) {
        None | Some("") => None,
        Some(p) if p.len() == 1 => Some(
            PieceKind::from_letter(p.chars().next().unwrap())
                .filter(|k| PieceKind::PROMOTIONS.contains(k))
                .ok_or_else(|| err(msg!("uci-bad-promotion", found = p)))?,
        ),
        Some(_) => return Err(err(msg!("uci-bad"))),
    };
    let wanted = promotion.or(rules.auto_queen.then_some(PieceKind::Queen));
    legal(pos, rules)
        .iter()
        .find(|m| {
            m.from == from
                && m.to == to
                && (m.promotion.is_none() && promotion.is_none()
                    || m.promotion.is_some() && m.promotion == wanted)
        })
        .copied()
        .ok_or_else(|| err(msg!("uci-illegal", side = pos.side)))
}

/// Read a move in UCI or SAN, whichever it is.
pub fn parse_move(pos: &Position, text: &str, rules: Rules) -> Result<Move, NotationError> {
    let t = text.trim();
    let looks_uci = t.len() >= 4
        && t.len() <= 5
        && t.get(0..2).and_then(Square::parse).is_some()
        && t.get(2..4).and_then(Square::parse).is_some();
    if looks_uci {
        parse_uci(pos, t, rules)
    } else {
        parse_san(pos, t, rules)
    }
}

/// PGN tags for export: the seven-tag roster's names and any others, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnTags {
    pub event: Option<String>,
    pub site: Option<String>,
    pub date: Option<String>,
    pub round: Option<String>,
    pub white: Option<String>,
    pub black: Option<String>,
    /// Other tags, written after the roster (and SetUp/FEN) in this order.
    pub extra: Vec<(String, String)>,
}

impl PgnTags {
    /// Set a tag by name: a roster name goes to its field, the tags `to_pgn` takes from the game
    /// (Result, SetUp, FEN, Termination) are ignored, others replace or join `extra`. A name that
    /// is not a PGN symbol (letters, digits, `_`) is ignored, as it could not be read back.
    pub fn set(&mut self, name: &str, value: &str) {
        let v = Some(value.to_string());
        match name {
            "Event" => self.event = v,
            "Site" => self.site = v,
            "Date" => self.date = v,
            "Round" => self.round = v,
            "White" => self.white = v,
            "Black" => self.black = v,
            "Result" | "SetUp" | "FEN" | "Termination" => {}
            _ if name.is_empty()
                || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {}
            _ => match self.extra.iter_mut().find(|(n, _)| n == name) {
                Some(slot) => slot.1 = value.to_string(),
                None => self.extra.push((name.to_string(), value.to_string())),
            },
        }
    }
}

fn pgn_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ")
}

/// The moves from ply `from` on, with their numbers: `1. e4 e5 2. Nf3`, or `12... Kd7` first.
fn numbered_moves(game: &Game, from: usize) -> Vec<String> {
    let mut tokens = Vec::new();
    for (k, (pos, mv)) in game.history().enumerate().skip(from) {
        if pos.side == Color::White {
            tokens.push(format!("{}.", pos.fullmove));
        } else if k == from {
            tokens.push(format!("{}...", pos.fullmove));
        }
        tokens.push(to_san(pos, *mv, game.rules()));
    }
    tokens
}

/// Export a game as PGN, with the start position's FEN when it is not the initial one, and a
/// `Termination` tag naming how the game ended ([`parse_pgn`] reads it back).
pub fn to_pgn(game: &Game, tags: &PgnTags) -> String {
    let outcome = game.outcome();
    let result = outcome.map_or("*", |o| o.result());
    let tag = |name: &str, value: &Option<String>, default: &str| {
        format!("[{name} \"{}\"]\n", pgn_escape(value.as_deref().unwrap_or(default)))
    };
    let mut out = String::new();
    out += &tag("Event", &tags.event, "?");
    out += &tag("Site", &tags.site, "?");
    out += &tag("Date", &tags.date, "????.??.??");
    out += &tag("Round", &tags.round, "-");
    out += &tag("White", &tags.white, "?");
    out += &tag("Black", &tags.black, "?");
    out += &format!("[Result \"{result}\"]\n");
    if *game.start() != Position::initial() {
        out += "[SetUp \"1\"]\n";
        out += &format!("[FEN \"{}\"]\n", to_fen(game.start()));
    }
    for (name, value) in &tags.extra {
        out += &format!("[{name} \"{}\"]\n", pgn_escape(value));
    }
    if let Some(o) = outcome {
        out += &format!("[Termination \"{}\"]\n", o.reason.text());
    }
    out.push('\n');
    let mut tokens = numbered_moves(game, 0);
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

/// A game read from PGN by [`parse_pgn`].
#[derive(Clone, Debug)]
pub struct ParsedPgn {
    /// Every tag, in the order written.
    pub tags: Vec<(String, String)>,
    /// The start position: the FEN tag's, or the initial one.
    pub start: Position,
    /// The moves of the main line played from the start, the game ended as the PGN says.
    pub game: Game,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`: the movetext's result, else the Result tag's.
    pub result: String,
}

impl ParsedPgn {
    /// The value of the first tag of that name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The tags to write the game back with [`to_pgn`] (the last of a repeated name wins).
    pub fn pgn_tags(&self) -> PgnTags {
        let mut t = PgnTags::default();
        for (name, value) in &self.tags {
            t.set(name, value);
        }
        t
    }
}

/// Read the first game of a PGN text under the standard rules; see [`parse_pgn_with`].
pub fn parse_pgn(text: &str) -> Result<ParsedPgn, NotationError> {
    parse_pgn_with(text, Rules::STANDARD)
}

/// Read the first game of a PGN text: tags, the start position (SetUp/FEN), the main line's
/// moves in SAN (move numbers, check marks, `!?` and `$1`, `{comments}`, `;` and `%` lines and
/// `(variations)` are passed over; `0-0`, the long form and Russian piece letters are read too),
/// and the result. A decisive or drawn result that the board does not bring by itself ends the
/// game as the `Termination` tag (or the comment after the last move) says — resignation,
/// time, agreement, a repetition or 50-move claim — by default resignation for a win and a claim
/// or agreement for a draw; a result or ending the position contradicts is an error.
///
/// Errors name the place as `PGN line:column`, the moves before the bad one and why:
/// `PGN 2:13: 1. e4 e5 2. Ke3: no king move to e3 for White`.
pub fn parse_pgn_with(text: &str, rules: Rules) -> Result<ParsedPgn, NotationError> {
    PgnGames::new(text, rules)
        .next()
        .unwrap_or_else(|| Err(NotationError(msg!("pgn-no-game", pgn_line = 1, pgn_column = 1))))
}

/// Read every game of a PGN text under the standard rules.
pub fn parse_pgn_games(text: &str) -> Result<Vec<ParsedPgn>, NotationError> {
    PgnGames::new(text, Rules::STANDARD).collect()
}

/// The games of a PGN text one by one, as [`parse_pgn_with`] reads them; nothing after an error.
pub struct PgnGames<'a> {
    lex: Lexer<'a>,
    rules: Rules,
    done: bool,
    /// The guard's refusal of a text too long, given as the first game.
    refused: Option<NotationError>,
}

impl<'a> PgnGames<'a> {
    pub fn new(text: &'a str, rules: Rules) -> PgnGames<'a> {
        // Places are counted after a byte-order mark, as editors show them.
        let (text, refused) = match crate::guard::text(text, crate::guard::PGN) {
            Ok(text) => (text, None),
            Err(r) => {
                ("", Some(NotationError(r.message().with("pgn_line", 1).with("pgn_column", 1))))
            }
        };
        PgnGames { lex: Lexer { text, at: 0 }, rules, done: false, refused }
    }
}

impl Iterator for PgnGames<'_> {
    type Item = Result<ParsedPgn, NotationError>;
    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        if let Some(e) = self.refused.take() {
            self.done = true;
            return Some(Err(e));
        }
        let next = self.lex.game(self.rules).transpose();
        self.done = !matches!(next, Some(Ok(_)));
        next
    }
}

/// A PGN token. Move numbers' periods, `$1`, `!` and `?` are `Skip`.
#[derive(Clone, Copy, Debug)]
enum Tok<'a> {
    End,
    Symbol(&'a str),
    Comment(&'a str),
    Open,
    Close,
    Tag,
    Star,
    Skip,
    Other(char),
}

fn symbol_char(c: char) -> bool {
    !c.is_whitespace() && !"{}()[]<>.*$!?;\"%\u{feff}…‼⁇⁉⁈".contains(c)
}

struct Lexer<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Lexer<'a> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        Some(c)
    }

    fn eat_while(&mut self, f: impl Fn(char) -> bool) {
        while self.peek().is_some_and(&f) {
            self.bump();
        }
    }

    /// An error at byte `at`, named by line and column (in characters; CRLF is one line break).
    fn error(&self, at: usize, message: impl Into<NotationError>) -> NotationError {
        let (mut line, mut col) = (1, 1);
        let b = self.text.as_bytes();
        for (k, &c) in b[..at.min(b.len())].iter().enumerate() {
            match c {
                b'\n' => (line, col) = (line + 1, 1),
                b'\r' if b.get(k + 1) != Some(&b'\n') => (line, col) = (line + 1, 1),
                b'\r' | 0x80..=0xbf => {}
                _ => col += 1,
            }
        }
        message.into().at("pgn_line", line).at("pgn_column", col)
    }

    /// Pass over white space, `;` comments and `%` escape lines.
    fn skip_space(&mut self) {
        loop {
            let line_start =
                self.at == 0 || matches!(self.text.as_bytes()[self.at - 1], b'\n' | b'\r');
            match self.peek() {
                Some(c) if c.is_whitespace() || c == '\u{feff}' => {
                    self.bump();
                }
                Some(';') => self.eat_while(|c| c != '\n' && c != '\r'),
                Some('%') if line_start => self.eat_while(|c| c != '\n' && c != '\r'),
                _ => return,
            }
        }
    }

    fn next(&mut self) -> Result<(usize, Tok<'a>), NotationError> {
        self.skip_space();
        let start = self.at;
        let Some(c) = self.bump() else { return Ok((start, Tok::End)) };
        let tok = match c {
            '{' => {
                let Some(len) = self.text[self.at..].find('}') else {
                    return Err(self.error(start, msg!("pgn-comment-open")));
                };
                let body = &self.text[self.at..self.at + len];
                self.at += len + 1;
                Tok::Comment(body)
            }
            '(' => Tok::Open,
            ')' => Tok::Close,
            '[' => Tok::Tag,
            '*' => Tok::Star,
            '$' => {
                self.eat_while(|c| c.is_ascii_digit());
                Tok::Skip
            }
            '.' | '!' | '?' | '…' | '‼' | '⁇' | '⁉' | '⁈' => Tok::Skip,
            c if symbol_char(c) => {
                self.eat_while(symbol_char);
                Tok::Symbol(&self.text[start..self.at])
            }
            c => Tok::Other(c),
        };
        Ok((start, tok))
    }

    /// A tag after its `[`: `Name "value"]`, with `\"` and `\\` in the value.
    fn tag(&mut self, open: usize) -> Result<(String, String), NotationError> {
        self.skip_space();
        let name_at = self.at;
        self.eat_while(|c| c.is_ascii_alphanumeric() || c == '_');
        let name = self.text[name_at..self.at].to_string();
        self.skip_space();
        if name.is_empty() || self.peek() != Some('"') {
            return Err(self.error(open, msg!("pgn-tag-syntax")));
        }
        let quote = self.at;
        self.bump();
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('"') => break,
                Some('\\') if matches!(self.peek(), Some('"' | '\\')) => value.extend(self.bump()),
                Some('\n' | '\r') | None => {
                    return Err(self.error(quote, msg!("pgn-tag-value-open", tag_name = &name)))
                }
                Some(c) => value.push(c),
            }
        }
        self.skip_space();
        let close = self.at;
        if self.bump() != Some(']') {
            return Err(self.error(close, msg!("pgn-tag-not-closed", tag_name = &name)));
        }
        Ok((name, value))
    }

    /// Pass over a variation after its `(`, with the variations inside it.
    fn skip_variation(&mut self, open: usize) -> Result<(), NotationError> {
        let mut depth = 1usize;
        while depth > 0 {
            match self.next()?.1 {
                Tok::Open => depth += 1,
                Tok::Close => depth -= 1,
                Tok::End | Tok::Tag => return Err(self.error(open, msg!("pgn-variation-open"))),
                _ => {}
            }
        }
        Ok(())
    }

    /// The next game: `None` when only white space and comments are left.
    fn game(&mut self, rules: Rules) -> Result<Option<ParsedPgn>, NotationError> {
        let mut tags: Vec<(String, String, usize)> = Vec::new();
        loop {
            let save = self.at;
            match self.next()? {
                (_, Tok::End) if tags.is_empty() => return Ok(None),
                (at, Tok::Tag) => {
                    let (name, value) = self.tag(at)?;
                    tags.push((name, value, at));
                }
                // A comment before the tags belongs to no game.
                (_, Tok::Comment(_)) if tags.is_empty() => {}
                _ => {
                    self.at = save;
                    break;
                }
            }
        }
        let find = |name: &str| {
            tags.iter().find(|(n, _, _)| n == name).map(|(_, v, at)| (v.as_str(), *at))
        };
        if let Some((v, at)) = find("Variant") {
            if !matches!(
                v.to_ascii_lowercase().as_str(),
                "" | "standard" | "chess" | "normal" | "from position"
            ) {
                return Err(self.error(at, msg!("pgn-variant", variant = v)));
            }
        }
        let start = match (find("FEN"), find("SetUp")) {
            (Some((fen, at)), _) => {
                parse_fen(fen).map_err(|e| self.error(at, e.at("tag", "FEN")))?
            }
            (None, Some(("1", at))) => return Err(self.error(at, msg!("pgn-setup-no-fen"))),
            _ => Position::initial(),
        };
        let mut game = Game::new(start, rules).map_err(|e| self.error(0, e.message()))?;
        let mut result = None;
        let mut last_comment = None;
        loop {
            let save = self.at;
            let (at, tok) = self.next()?;
            match tok {
                Tok::End => break,
                // The next game's tags.
                Tok::Tag => {
                    self.at = save;
                    break;
                }
                Tok::Star => {
                    result = Some(("*", at));
                    break;
                }
                Tok::Symbol(s) => {
                    if let Some(r) = result_token(s) {
                        result = Some((r, at));
                        break;
                    }
                    // A move number without its period, or an evaluation written out.
                    if s.bytes().all(|b| b.is_ascii_digit())
                        || matches!(
                            s,
                            "+-" | "-+"
                                | "+/-"
                                | "-/+"
                                | "+="
                                | "=+"
                                | "="
                                | "∞"
                                | "±"
                                | "∓"
                                | "⩲"
                                | "⩱"
                        )
                    {
                        continue;
                    }
                    // `e.p.` after an en-passant capture.
                    if s == "e" && self.text[self.at..].starts_with(".p.") {
                        self.at += 3;
                        continue;
                    }
                    let mv = self.read_move(&game, s, at)?;
                    game.play(mv).map_err(|e| {
                        self.error(at, NotationError(e.message()).at("moves", context(&game, s)))
                    })?;
                    last_comment = None;
                }
                Tok::Comment(c) => last_comment = Some(c),
                Tok::Open => self.skip_variation(at)?,
                Tok::Close => return Err(self.error(at, msg!("pgn-close-paren"))),
                Tok::Skip => {}
                Tok::Other(c) => return Err(self.error(at, msg!("pgn-unexpected", char = c))),
            }
        }
        let tag_result = find("Result")
            .and_then(|(v, at)| result_token(v).filter(|r| *r != "*").map(|r| (r, at)));
        let (result, result_at) = match (result, tag_result) {
            (Some((r, at)), Some((t, _))) if r != "*" && r != t => {
                return Err(self.error(at, msg!("pgn-result-mismatch", result = r, tag_result = t)))
            }
            (Some(r), _) => r,
            (None, Some(t)) => t,
            (None, None) => ("*", self.at),
        };
        let winner = match result {
            "1-0" => Some(Some(Color::White)),
            "0-1" => Some(Some(Color::Black)),
            "1/2-1/2" => Some(None),
            _ => None,
        };
        if let Some(winner) = winner {
            let said = find("Termination").map(|(v, _)| v).or(last_comment);
            let status = game.status();
            let reason = match (status.outcome, said.and_then(stated_reason)) {
                (Some(o), _) => o.reason,
                (None, Some(EndReason::Timeout)) if winner.is_none() => {
                    EndReason::TimeoutInsufficientMaterial
                }
                (None, Some(r)) => r,
                (None, None) if winner.is_some() => EndReason::Resignation,
                (None, None) if status.claim_threefold => EndReason::Threefold,
                (None, None) if status.claim_fifty => EndReason::FiftyMoves,
                (None, None) => EndReason::Agreement,
            };
            game.end_as(Outcome { winner, reason }).map_err(|e| {
                let e = NotationError(e.message()).at("pgn_result", result);
                self.error(
                    result_at,
                    match said {
                        Some(s) => e.at("said", s.trim()),
                        None => e,
                    },
                )
            })?;
        }
        Ok(Some(ParsedPgn {
            tags: tags.into_iter().map(|(n, v, _)| (n, v)).collect(),
            start,
            game,
            result: result.to_string(),
        }))
    }

    /// The move `text` (SAN, long form or UCI, with English or Russian piece letters).
    fn read_move(&self, game: &Game, text: &str, at: usize) -> Result<Move, NotationError> {
        let fail =
            |why: Message| self.error(at, NotationError(why).at("moves", context(game, text)));
        if let Some(o) = game.outcome() {
            return Err(fail(msg!(
                "rule-game-over-reason",
                result = o.result(),
                reason = o.reason.name()
            )));
        }
        let san = if text.is_ascii() { text.to_string() } else { in_any_language(text) };
        if matches!(san.as_str(), "--" | "Z0" | "@@@@") {
            return Err(fail(msg!("pgn-null-move")));
        }
        parse_san(game.position(), &san, game.rules()).map_err(|e| {
            let mut m = e.0;
            m.args.retain(|(k, _)| *k != "move");
            fail(m)
        })
    }
}

fn result_token(s: &str) -> Option<&'static str> {
    match s {
        "1-0" => Some("1-0"),
        "0-1" => Some("0-1"),
        "1/2-1/2" | "½-½" => Some("1/2-1/2"),
        "*" => Some("*"),
        _ => None,
    }
}

/// The ending a `Termination` tag or a closing comment names, in this crate's words or in those
/// of other programs ("Time forfeit", "Black won by resignation", "Game drawn by repetition").
fn stated_reason(text: &str) -> Option<EndReason> {
    use EndReason::*;
    let t = text.to_ascii_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| t.contains(w));
    // Checked in this order: "time forfeit, opponent cannot mate" is about time, "stalemate"
    // is not mate.
    let found = [
        (&["time", "flag"][..], Timeout),
        (&["resign"], Resignation),
        (&["agree", "mutual"], Agreement),
        (&["fivefold", "five-fold", "5-fold"], Fivefold),
        (&["repetition", "threefold", "three-fold", "3-fold"], Threefold),
        (&["75", "seventy"], SeventyFiveMoves),
        (&["50", "fifty"], FiftyMoves),
        (&["stalemate"], Stalemate),
        (&["insufficient", "dead"], InsufficientMaterial),
        (&["mate"], Checkmate),
    ];
    found.iter().find(|(words, _)| has(words)).map(|(_, r)| *r)
}

/// The moves before a bad one (the last few, with their numbers) and the bad one as written:
/// `1. e4 e5 2. Ke3`.
fn context(game: &Game, bad: &str) -> String {
    let n = game.moves().len();
    let mut from = n.saturating_sub(4);
    // Start on a White move, so that the first move shown has its number as usual.
    if from > 0 && game.history().nth(from).is_some_and(|(p, _)| p.side == Color::Black) {
        from += 1;
    }
    let mut parts = numbered_moves(game, from);
    if from > 0 {
        parts.insert(0, "…".into());
    }
    let pos = game.position();
    if pos.side == Color::White {
        parts.push(format!("{}.", pos.fullmove));
    } else if from == n {
        parts.push(format!("{}...", pos.fullmove));
    }
    parts.push(bad.to_string());
    parts.join(" ")
}

/// A move written with the piece letters of a language of the tutor (`Крe2`, `e8=Ф`) in SAN's
/// English letters (`Ke2`, `e8=Q`). The letters come from the language's word file
/// (`www/i18n/<lang>/language.js`, its `letter-<kind>`), the longest first (the king's Кр before
/// the knight's К); the letters it names as look-alikes of Latin ones (`look-alikes`: the "с"
/// a Russian keyboard types for "c") are read as those. Other characters stay as they are.
pub fn to_english(text: &str, lang: &str) -> String {
    let words = crate::message::language_words(lang);
    let letters: Vec<(&str, char)> = words
        .iter()
        .filter(|(_, l)| !l.is_empty())
        .filter_map(|(id, l)| {
            Some((
                *l,
                PieceKind::ALL
                    .into_iter()
                    .find(|k| Some(k.name()) == id.strip_prefix("letter-"))?
                    .letter(),
            ))
        })
        .collect();
    let alike = words.iter().find(|(id, _)| *id == "look-alikes").map_or("", |(_, v)| *v);
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some((l, latin)) =
            letters.iter().filter(|(l, _)| rest.starts_with(l)).max_by_key(|(l, _)| l.len())
        {
            out.push(*latin);
            rest = &rest[l.len()..];
            continue;
        }
        let mut pairs = alike.split_whitespace().filter_map(|p| {
            let mut cs = p.chars();
            Some((cs.next()?, cs.next()?))
        });
        out.push(pairs.find(|(a, _)| *a == c).map_or(c, |(_, b)| b));
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// A move written in the letters of some language of the tutor, in English letters: the first
/// language (of `message::LANGS`) whose letters make it plain ASCII; the text itself otherwise.
pub fn in_any_language(text: &str) -> String {
    crate::message::LANGS
        .iter()
        .map(|lang| to_english(text, lang))
        .find(|s| s.is_ascii())
        .unwrap_or_else(|| text.to_string())
}
