//! PGN: a game written and read (tags, the start position, moves, the result and how it ended).

use super::*;
use crate::board::{Color, Position};
use crate::message::Message;
use crate::rules::{EndReason, Game, Move, Outcome, Rules};

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
