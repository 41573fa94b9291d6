//! King-and-pawn endgames: an exact judge under auto-queen rules, the computer's perfect play,
//! and the geometry a child learns them by (the square of the pawn, the opposition, key squares).
//!
//! # What is covered
//!
//! Every legal position with the two kings and at most one more man a side, that man a pawn or a
//! queen: the classes KPK, KKP, KPKP, KQK, KQKP, KPKQ and KQKQ (and KK); and KRK, a rook against
//! the bare king (the whole rook mate, taught from the middle of the board). Queens arise from pawns
//! by promotion, and under the tutor's **auto-queen** rules a pawn always becomes a queen
//! ([`RULES`]). Otherwise the results are those of chess: mate wins, stalemate and dead positions
//! (KK) draw, and there is no 50-move rule. Positions with other material get an error naming
//! what is wrong, e.g. `position: a white knight is outside the king-and-pawn classes (KPK, KKP,
//! KPKP, KQK, KQKP, KPKQ, KQKQ, KRK)`. In KRK, as in KQK, the only conversion that wins is mate,
//! so its distance is the distance to mate (the longest: 16 moves, 31 plies).
//!
//! # The verdict and the distance
//!
//! [`Endgame::probe`] gives win, draw or loss for the side to move and a distance: the
//! **distance to conversion (DTC)** in plies, i.e. how many half-moves until the winning side
//! *converts* — promotes, captures, or mates — when the winner hurries and the loser delays
//! (0 for a draw, 0 for a side that is mated). It is the natural goal of a king-and-pawn lesson
//! ("the pawn queens in 7 plies"), and it guarantees progress: the computer's winning moves
//! always lower the DTC by one, and the defender's moves lower it too, until a conversion, which
//! leaves the class for a smaller one (a capture takes a man off; a promotion turns a pawn into
//! a queen) and cannot be undone. So a won game ends in mate. (Full distance-to-mate for the
//! queen classes would not fit the browser's data budget; DTC needs only the result of each
//! conversion, not its distance, which is what lets every class slice be solved on its own.)
//!
//! [`Endgame::best_moves`] lists every move that keeps the result with the best distance;
//! [`Endgame::best_move`] is the computer's choice among them (mate at once where possible, the
//! longest resistance when lost, the king near the pawns when drawn); [`Endgame::judge`] grades
//! a child's move (before/after verdict, mistake, best moves, the "Show why" line and the
//! [`Idea`] it broke). The line's rule is in module [`line`]: the side the mistake helped plays
//! its best, the child's side the move a child would try (the pawn run, else the king step).
//!
//! # How the tables are made
//!
//! Retrograde analysis (module `retro`): for each class slice, one pass generates every position's
//! moves — quiet moves stay in the slice and are counted, captures and promotions leave it and
//! are looked up — then the results spread backwards by un-moves, level by level of distance. A
//! one-ply search over every position's successors confirms the tables
//! (`endgame-tables --verify`), and the move generator is checked against the rules core's.
//! Symmetry keeps the tables small: Black's material is brought to White by exchanging colours
//! (KKP is KPK, KQKP is KPKQ, KQKQ keeps White to move), pawn classes are mirrored so White's
//! pawn is on files a–d, and pawnless ones turned so White's king is in the triangle a1–d1–d4.
//! A KPKP slice is one pair of pawn files.
//!
//! **En passant.** A position right after a double step, where the pawn can be taken en passant,
//! is a position of its own: the KPKP tables hold these as extra entries (reached only by the
//! double step), and a probe of such a position is answered from its successors.
//!
//! # The data the browser loads
//!
//! Eight files, `www/endgame/*.bin` (279,844 bytes together, already entropy-coded, so gzip -9
//! gives 279,948):
//!
//! | file | holds | bytes |
//! | --- | --- | ---: |
//! | `kqk.bin` | KQK (and KKQ) | 10,849 |
//! | `krk.bin` | KRK (and KKR) | 14,359 |
//! | `kpk.bin` | KPK (and KKP) | 13,526 |
//! | `kqkq.bin` | KQKQ | 22,364 |
//! | `kpkq-a.bin` … `kpkq-d.bin` | KPKQ and KQKP, one file per pawn file (a/h, b/g, c/f, d/e) | 30,862 / 62,152 / 62,711 / 63,021 |
//!
//! A lesson loads only [`Endgame::files_for`] its start position: at most five files, 172 KB
//! (e.g. the Réti study: `kpkq-c`, `kpkq-a`, `kqkq`, `kpk`, `kqk`, 140 KB; a KPK lesson 24 KB).
//! KPKP itself is not shipped: [`Endgame::prepare`] solves the lesson's file pair at run time
//! from the loaded files (50–140 ms natively, about 60–100 ms in wasm under Node), and every
//! later probe is a look-up. The files store the queen's side to move only (KPKQ) and leave out
//! entries a probe finds by itself — invalid indices and positions won at once by a conversion —
//! which a one-ply look supplies; the other side to move is derived by a one-ply search. The
//! coder (module `coder`) is an adaptive binary range coder whose contexts are the neighbouring
//! entries; the file format is described in module `pack`.
//!
//! Measured (release, this 2-core machine): solving every class natively takes about 9 s (KQK
//! 0.04 s, KQKQ 1.2 s, KPK 0.04 s, KPKQ 5.5 s, KPKP 2 s); loading a lesson's files 4–40 ms natively
//! and 8–75 ms in wasm; the first verdict of a KPKP lesson 100–250 ms natively and 110–170 ms in
//! wasm; a later probe about 0.1 µs natively and 10–45 µs in wasm including its best moves.
//! `endgame-tables --bench` prints these figures.
//!
//! Rebuild the files with `cargo run --release --bin endgame-tables` (add `--check` to compare
//! with the files there instead, `--verify` to check every table by search). The test
//! `data_files_are_reproducible` regenerates the two smallest files and compares the bytes.
//! Natively, [`Endgame::native`] loads the files (or, without them, solves everything in memory
//! in about ten seconds); that is what `chess-tutor solve` uses.
//!
//! # Underpromotion
//!
//! Under standard rules (every promotion allowed) exactly **50 canonical positions** of these
//! classes — **188 board positions** counting mirror images and colour swaps — have another
//! result: 3 in KPK (=Q stalemates, =R wins, e.g. `8/1P6/k7/8/K7/8/8/8 w`: White Ka4, Pb7 v Ka6),
//! 16 in KPKQ where =R wins and =Q stalemates (e.g. `1q6/P7/8/8/8/8/8/5K1k w`, 1.axb8=R), 25 in
//! KPKQ where =N+ forks king and queen and draws instead of losing (e.g. `8/1P1q4/K1k5/8/8/8/8/8
//! w`), and 6 in KPKP (e.g. `8/8/8/k7/P7/K7/1p6/8 b`: 1...b1=Q is stalemate, 1...b1=R wins). The
//! full list is `docs/endgame-underpromotion.md` (`endgame-tables --underpromotions` rebuilds it).
//!
//! # Teaching geometry
//!
//! [`geometry`] draws what the child learns by: the square of the pawn (the rule of the square,
//! with the side to move and the double step), the opposition (direct, distant, diagonal, and
//! who holds it: the side not to move) and the key squares (the rule is stated on
//! [`geometry::key_squares`]). [`teach`] names the idea a losing move broke: `left-square`,
//! `gave-opposition`, `king-in-front` or `pushed-too-early`, with what to draw for it in the
//! message's arguments; the words are in the message catalogue.

mod coder;
#[cfg(not(target_arch = "wasm32"))]
pub mod generate;
pub mod geometry;
pub mod line;
mod pack;
mod pos;
mod retro;
mod store;
#[cfg(not(target_arch = "wasm32"))]
mod tables;
pub mod teach;

use crate::board::{Color, PieceKind, Position};
use crate::message::Message;
use crate::rules::{legal_moves, play_unchecked, Move, MoveList, Rules};
use pos::{Pos, NONE};
use retro::{dist, wdl, DRAW};
use serde::{Serialize, Serializer};
use std::fmt;
use store::{Missing, Store};
pub use teach::{Idea, IdeaKind};

/// The classes the solver covers, as error messages name them.
pub const CLASSES: &str = "KPK, KKP, KPKP, KQK, KQKP, KPKQ, KQKQ, KRK";

/// Win, draw or loss for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "EndgameResult"))]
pub enum Wdl {
    Loss,
    Draw,
    Win,
}

impl Wdl {
    pub fn word(self) -> &'static str {
        match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        }
    }
    pub fn flip(self) -> Wdl {
        match self {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => Wdl::Win,
        }
    }
}

/// The verdict on a position for one side: win, draw or loss, and the distance to conversion in
/// plies (0 for a draw): how many half-moves until the winning side promotes, captures or mates,
/// with the winner hurrying and the loser delaying.
///
/// `queened`: the winning side has a queen (under auto-queen its pawn has queened) and the other
/// side none, so the win is sure and what remains is the mate (the distance is then the distance
/// to mate): a lesson says "the pawn is a queen now" rather than "mate in 9". Always false in a
/// draw. [`Endgame::probe`] and [`Endgame::judge`] set it from the board. It does not change
/// with [`Verdict::flip`] (it is about the winner, whichever side looks).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "EndgameVerdict"))]
pub struct Verdict {
    pub result: Wdl,
    pub distance: u32,
    pub queened: bool,
}

impl Verdict {
    fn of(v: u8) -> Verdict {
        let result = match wdl(v) {
            1 => Wdl::Win,
            0 => Wdl::Draw,
            _ => Wdl::Loss,
        };
        Verdict { result, distance: dist(v) as u32, queened: false }
    }
    /// The verdict for the side to move in `pos`, with [`Verdict::queened`] set from the board.
    fn on(self, pos: &Position) -> Verdict {
        let winner = match self.result {
            Wdl::Win => pos.side,
            Wdl::Loss => pos.side.opposite(),
            Wdl::Draw => return Verdict { queened: false, ..self },
        };
        let queened = pos.pieces(winner, PieceKind::Queen) != 0
            && pos.pieces(winner.opposite(), PieceKind::Queen) == 0;
        Verdict { queened, ..self }
    }
    /// The same verdict seen from the other side.
    pub fn flip(self) -> Verdict {
        Verdict { result: self.result.flip(), ..self }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.result.word(), self.distance)
    }
}

/// Why the endgame solver cannot answer. Each message names its field, as the rest of the crate does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndgameError {
    /// The position is illegal or outside the classes.
    Position(Message),
    /// The move is not legal.
    Move(Message),
    /// Tables that must be loaded first (file names such as `kpkq-c.bin`).
    Missing(Vec<String>),
    /// A data file could not be read: the file and why (the system's or the loader's words).
    Data { file: String, detail: String },
}

impl EndgameError {
    /// The message for a person.
    pub fn message(&self) -> Message {
        match self {
            EndgameError::Position(m) | EndgameError::Move(m) => m.clone(),
            EndgameError::Missing(files) => msg!("endgame-missing", files = files.join(", ")),
            EndgameError::Data { file, detail } => {
                msg!("endgame-data", file = file, detail = detail)
            }
        }
    }
}

/// English: `position: …`, `move: …`, `tables: …`.
impl fmt::Display for EndgameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndgameError::Position(m) => write!(f, "position: {m}"),
            EndgameError::Move(m) => write!(f, "move: {m}"),
            _ => self.message().fmt(f),
        }
    }
}

impl std::error::Error for EndgameError {}

impl From<EndgameError> for crate::message::Message {
    fn from(e: EndgameError) -> Self {
        e.message()
    }
}

impl From<Missing> for EndgameError {
    fn from(m: Missing) -> Self {
        EndgameError::Missing(m.0.iter().map(|n| format!("{n}.bin")).collect())
    }
}

fn uci_list<S: Serializer>(moves: &[Move], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(moves.iter().map(|m| m.uci()))
}

/// The judgement of a move: the verdict before and after it (both from the mover's side), whether
/// it threw away a result, the best moves, a line of best play that shows why, and the idea it broke.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "EndgameJudgement"))]
pub struct Judgement {
    #[serde(serialize_with = "uci_move")]
    #[cfg_attr(test, ts(type = "string"))]
    pub played: Move,
    pub before: Verdict,
    /// After the move, from the mover's side; the distance is what remains after the move.
    pub after: Verdict,
    /// A win turned into a draw or loss, or a draw into a loss.
    pub mistake: bool,
    /// The move is one of the best moves (same result, optimal distance).
    pub best: bool,
    /// Every best move, sorted by UCI.
    #[serde(serialize_with = "uci_list")]
    #[cfg_attr(test, ts(type = "string[]"))]
    pub best_moves: Vec<Move>,
    /// After a mistake: the "Show why" line from the position after it (up to 10 plies, the
    /// opponent's reply first; the rule is in module [`line`]), else empty.
    #[serde(serialize_with = "uci_list")]
    #[cfg_attr(test, ts(type = "string[]"))]
    pub refutation: Vec<Move>,
    /// The idea the mistake broke, where one applies.
    #[cfg_attr(test, ts(type = "EndgameIdea | null"))]
    pub idea: Option<Idea>,
}

fn uci_move<S: Serializer>(m: &Move, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&m.uci())
}

/// The classes' rules: every promotion is to a queen.
pub const RULES: Rules = Rules::AUTO_QUEEN;

/// The solver's position for a rules-core position, or why it is outside the classes.
fn to_pos(pos: &Position) -> Result<Pos, EndgameError> {
    pos.validate().map_err(|e| EndgameError::Position(e.message()))?;
    let mut p = Pos {
        k: [0, 0],
        kind: [NONE, NONE],
        sq: [0, 0],
        stm: (pos.side == Color::Black) as u8,
        ep: false,
    };
    for (c, color) in Color::BOTH.into_iter().enumerate() {
        p.k[c] = pos
            .king(color)
            .ok_or_else(|| EndgameError::Position(msg!("endgame-no-king", side = color)))?
            .index() as u8;
        let men: Vec<_> = pos
            .all_pieces()
            .into_iter()
            .filter(|(_, pc)| pc.color == color && pc.kind != PieceKind::King)
            .collect();
        // A rook only against a bare king (KRK); the other classes hold pawns and queens.
        let alone = |c: Color| pos.color_bb(c) & !pos.kind_bb(PieceKind::King) == 0;
        for (_, pc) in &men {
            let rook_alone =
                pc.kind == PieceKind::Rook && men.len() == 1 && alone(color.opposite());
            if !(matches!(pc.kind, PieceKind::Pawn | PieceKind::Queen) || rook_alone) {
                return Err(EndgameError::Position(msg!(
                    "endgame-outside",
                    side = color,
                    piece = pc.kind,
                    classes = CLASSES
                )));
            }
        }
        if men.len() > 1 {
            return Err(EndgameError::Position(msg!(
                "endgame-too-many",
                side = color,
                count = men.len(),
                classes = CLASSES
            )));
        }
        if let Some((s, pc)) = men.first() {
            p.kind[c] = pos::kind_code(pc.kind);
            p.sq[c] = s.index() as u8;
        }
    }
    // The tables know no castling (it matters only with a rook: KRK).
    if let Some(side) =
        Color::BOTH.into_iter().find(|&c| pos.castling.has(c, true) || pos.castling.has(c, false))
    {
        return Err(EndgameError::Position(msg!("endgame-castling", side = side)));
    }
    if pos.en_passant.is_some() {
        let mut list = MoveList::new();
        legal_moves(pos, RULES, &mut list);
        p.ep = list.iter().any(|m| m.kind == crate::rules::MoveKind::EnPassant);
    }
    Ok(p)
}

/// What a move is worth to the mover: result, distance (after it, counting the move) and, for
/// ordering equals, whether it mates and the distance left after a conversion.
#[derive(Clone, Copy, Debug)]
struct Score {
    result: Wdl,
    /// The mover's distance through this move.
    distance: u32,
    /// The distance left in the position after the move.
    left: u32,
    conversion: bool,
}

/// The judge, with its tables. Load the files [`Endgame::files_for`] names (or, natively, use
/// [`Endgame::native`]) and ask.
pub struct Endgame {
    pub(crate) store: Store,
}

impl Default for Endgame {
    fn default() -> Self {
        Endgame::new()
    }
}

impl Endgame {
    /// A judge with no tables loaded yet.
    pub fn new() -> Endgame {
        Endgame { store: Store::new() }
    }

    /// Load one data file (`kqkq.bin`, `kpkq-c.bin`, ...). Returns its name without extension.
    pub fn load(&self, bytes: &[u8]) -> Result<String, EndgameError> {
        let data = |detail| EndgameError::Data { file: "data".into(), detail };
        let (part, entries) = pack::read_part(bytes).map_err(data)?;
        self.store.insert(&part, entries).map_err(data)?;
        Ok(part.name())
    }

    /// The names of every data file.
    pub fn all_files() -> Vec<String> {
        store::shipped_parts().iter().map(store::file_name).collect()
    }

    /// The data files a position needs, and the positions it can lead to (as they can
    /// promote and capture). A king-and-pawn lesson loads these before its first verdict.
    pub fn files_for(pos: &Position) -> Result<Vec<String>, EndgameError> {
        let p = to_pos(pos)?;
        let (mat, c) = pos::canon(&p);
        Ok(Store::parts_for(mat, &c).iter().map(store::file_name).collect())
    }

    /// The files of [`Endgame::files_for`] not loaded yet.
    pub fn missing_files(&self, pos: &Position) -> Result<Vec<String>, EndgameError> {
        let p = to_pos(pos)?;
        let (mat, c) = pos::canon(&p);
        Ok(Store::parts_for(mat, &c)
            .iter()
            .filter(|part| !self.store.has(part))
            .map(store::file_name)
            .collect())
    }

    /// Solve what the position's later probes need (the KPKP slice of its pawns' files), so that
    /// every later probe is a look-up. Probing does this by itself when needed.
    pub fn prepare(&self, pos: &Position) -> Result<(), EndgameError> {
        let p = to_pos(pos)?;
        let (mat, c) = pos::canon(&p);
        let missing = self.missing_files(pos)?;
        if !missing.is_empty() {
            return Err(EndgameError::Missing(missing));
        }
        if mat == store::KPKP {
            self.store.kpkp_slice(pos::index(mat, &c) / mat.slice_len())?;
        }
        Ok(())
    }

    fn value(&self, p: &Pos) -> Result<u8, EndgameError> {
        if p.ep {
            return Ok(self.store.derive(pos::geo(), p)?);
        }
        Ok(self.store.value(p)?)
    }

    /// The verdict for the side to move.
    pub fn probe(&self, pos: &Position) -> Result<Verdict, EndgameError> {
        let p = to_pos(pos)?;
        Ok(Verdict::of(self.value(&p)?).on(pos))
    }

    /// The verdict when it is a quick look-up, for the computer's search: `None` outside the
    /// classes, when a file is not loaded, or for a pawn-against-pawn position whose slice is not
    /// solved yet (solving takes 50–250 ms, too long to do inside a search; [`Endgame::prepare`]
    /// or a probe does it).
    pub fn probe_quick(&self, pos: &Position) -> Option<Verdict> {
        let p = to_pos(pos).ok()?;
        let (mat, c) = pos::canon(&p);
        // An en-passant position is answered from its successors, which may need other slices.
        if mat == store::KPKP
            && (c.ep || !self.store.kpkp_ready(pos::index(mat, &c) / mat.slice_len()))
        {
            return None;
        }
        self.value(&p).ok().map(Verdict::of)
    }

    fn score(&self, pos: &Position, mv: Move) -> Result<Score, EndgameError> {
        let after = play_unchecked(pos, mv);
        let v = self.value(&to_pos(&after)?)?;
        let conversion = mv.capture || mv.promotion.is_some();
        let left = dist(v) as u32;
        let result = Verdict::of(v).result.flip();
        let distance = if result == Wdl::Draw {
            0
        } else if conversion {
            1
        } else {
            left + 1
        };
        Ok(Score { result, distance, left, conversion })
    }

    fn scored_moves(&self, pos: &Position) -> Result<Vec<(Move, Score)>, EndgameError> {
        to_pos(pos)?;
        let mut list = MoveList::new();
        legal_moves(pos, RULES, &mut list);
        let mut out = Vec::with_capacity(list.len());
        for &mv in &list {
            out.push((mv, self.score(pos, mv)?));
        }
        out.sort_by_key(|(m, _)| m.uci());
        Ok(out)
    }

    fn best_of(scored: &[(Move, Score)]) -> Vec<(Move, Score)> {
        let Some(best) = scored.iter().map(|(_, s)| s.result).max() else { return Vec::new() };
        let keep = |s: &Score| s.result == best;
        let d = match best {
            Wdl::Win => scored.iter().filter(|(_, s)| keep(s)).map(|(_, s)| s.distance).min(),
            Wdl::Loss => scored.iter().filter(|(_, s)| keep(s)).map(|(_, s)| s.distance).max(),
            Wdl::Draw => Some(0),
        }
        .unwrap();
        scored.iter().filter(|(_, s)| keep(s) && s.distance == d).copied().collect()
    }

    /// Every move that keeps the best result with the best distance, sorted by UCI.
    pub fn best_moves(&self, pos: &Position) -> Result<Vec<Move>, EndgameError> {
        Ok(Self::best_of(&self.scored_moves(pos)?).into_iter().map(|(m, _)| m).collect())
    }

    /// The computer's move: in a won position one that brings the conversion nearer (mating at
    /// once where it can, and after a conversion preferring the quickest follow-up), in a lost
    /// one the longest resistance (delaying conversions), in a drawn one a move that keeps the
    /// draw with the king near the pawns. Ties go to the first move in UCI order. `None` when
    /// the side to move has no legal move.
    pub fn best_move(&self, pos: &Position) -> Result<Option<Move>, EndgameError> {
        let best = Self::best_of(&self.scored_moves(pos)?);
        let pick = match best.first().map(|(_, s)| s.result) {
            None => None,
            Some(Wdl::Win) => {
                best.iter().min_by_key(|(_, s)| (s.left != 0 || s.conversion, s.left))
            }
            Some(Wdl::Loss) => best.iter().max_by_key(|(_, s)| (!s.conversion, s.left)),
            Some(Wdl::Draw) => best
                .iter()
                .min_by_key(|(m, _)| Self::king_to_pawns(&play_unchecked(pos, *m), pos.side)),
        };
        Ok(pick.map(|(m, _)| *m))
    }

    /// How far `side`'s king stands from the nearest pawn (0 without pawns): in a drawn position the
    /// computer keeps its king near the pawns rather than wandering off.
    fn king_to_pawns(pos: &Position, side: Color) -> u32 {
        let Some(k) = pos.king(side) else { return 0 };
        crate::board::squares(pos.kind_bb(PieceKind::Pawn))
            .map(|p| crate::rules::distance(k, p))
            .min()
            .unwrap_or(0)
    }

    /// Best play from a position for up to `plies` half-moves (shorter if the game ends).
    pub fn principal_variation(
        &self,
        pos: &Position,
        plies: usize,
    ) -> Result<Vec<Move>, EndgameError> {
        let mut line = Vec::new();
        let mut cur = *pos;
        while line.len() < plies {
            let Some(mv) = self.best_move(&cur)? else { break };
            line.push(mv);
            cur = play_unchecked(&cur, mv);
            if to_pos(&cur).is_err() {
                break;
            }
        }
        Ok(line)
    }

    /// Judge a move of the side to move.
    pub fn judge(&self, pos: &Position, mv: Move) -> Result<Judgement, EndgameError> {
        let scored = self.scored_moves(pos)?;
        let Some(&(_, score)) = scored.iter().find(|(m, _)| *m == mv) else {
            return Err(EndgameError::Move(msg!("endgame-illegal-move", uci = mv.uci())));
        };
        let best = Self::best_of(&scored);
        let before = best
            .first()
            .map_or_else(
                || Verdict::of(self.value(&to_pos(pos).unwrap()).unwrap_or(DRAW)),
                |(_, s)| Verdict { result: s.result, distance: s.distance, queened: false },
            )
            .on(pos);
        let after_pos = play_unchecked(pos, mv);
        // From the mover's side: the verdict for the side to move after the move, flipped.
        let after = Verdict {
            result: score.result.flip(),
            distance: if score.result == Wdl::Draw { 0 } else { score.left },
            queened: false,
        }
        .on(&after_pos)
        .flip();
        let mistake = score.result < before.result;
        let refutation =
            if mistake { self.refutation_line(&after_pos, line::LINE_PLIES)? } else { Vec::new() };
        let good: Vec<Move> =
            scored.iter().filter(|(_, s)| s.result == before.result).map(|(m, _)| *m).collect();
        let idea = if mistake {
            // The replies that keep the opponent's better result, the line's first one first.
            let mut replies: Vec<Move> = self
                .scored_moves(&after_pos)?
                .into_iter()
                .filter(|(_, s)| s.result == score.result.flip())
                .map(|(m, _)| m)
                .collect();
            if let Some(k) = refutation.first().and_then(|r| replies.iter().position(|m| m == r)) {
                let first = replies.remove(k);
                replies.insert(0, first);
            }
            Self::idea(pos, mv, &good, &replies)
        } else {
            None
        };
        Ok(Judgement {
            played: mv,
            before,
            after,
            mistake,
            best: best.iter().any(|(m, _)| *m == mv),
            best_moves: best.into_iter().map(|(m, _)| m).collect(),
            refutation,
            idea,
        })
    }

    fn idea(pos: &Position, mv: Move, good: &[Move], replies: &[Move]) -> Option<Idea> {
        teach::left_square(pos, mv)
            .or_else(|| teach::king_not_in_front(pos, mv, good))
            .or_else(|| teach::gave_opposition(pos, mv, good, replies))
            .or_else(|| teach::pushed_too_early(pos, mv, good, replies))
    }

    /// The idea a losing move broke (`None` if the move is no mistake or no idea applies).
    pub fn explain_mistake(&self, pos: &Position, mv: Move) -> Result<Option<Idea>, EndgameError> {
        Ok(self.judge(pos, mv)?.idea)
    }

    /// The CLI's answer: `win|draw|loss`, the distance, then every best move in UCI, sorted.
    pub fn solve_line(&self, pos: &Position) -> Result<String, EndgameError> {
        let v = self.probe(pos)?;
        let moves: Vec<String> = self.best_moves(pos)?.iter().map(|m| m.uci()).collect();
        let mut line = v.to_string();
        for m in moves {
            line.push(' ');
            line.push_str(&m);
        }
        Ok(line)
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Endgame {
    /// The data directory of the repository (`www/endgame`), as built.
    pub fn default_dir() -> std::path::PathBuf {
        let crate_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        crate_dir.parent().unwrap_or(crate_dir).join("www/endgame")
    }

    /// Load every data file of a directory.
    pub fn load_dir(dir: &std::path::Path) -> Result<Endgame, EndgameError> {
        let e = Endgame::new();
        for name in Endgame::all_files() {
            let path = dir.join(&name);
            let file = path.display().to_string();
            let bytes = std::fs::read(&path).map_err(|err| EndgameError::Data {
                file: file.clone(),
                detail: err.to_string(),
            })?;
            e.load(&bytes).map_err(|err| match err {
                EndgameError::Data { detail, .. } => EndgameError::Data { file, detail },
                other => other,
            })?;
        }
        Ok(e)
    }

    /// Tables computed here and now (about ten seconds), without data files.
    pub fn generated() -> Endgame {
        let solved = tables::Solved::build(pos::PROMO_QUEEN, &tables::AUTO_CLASSES, |_, _| {});
        let e = Endgame::new();
        for part in store::shipped_parts() {
            let t = solved.table(part.mat).unwrap();
            e.store.insert(&part, t[part.range()].to_vec()).unwrap();
        }
        e
    }

    /// The data files of `$CHESS_TUTOR_ENDGAME_DIR` or [`Endgame::default_dir`] if they are
    /// there, else generated tables.
    pub fn native() -> Endgame {
        let dir = std::env::var_os("CHESS_TUTOR_ENDGAME_DIR")
            .map_or_else(Endgame::default_dir, std::path::PathBuf::from);
        Endgame::load_dir(&dir).unwrap_or_else(|_| Endgame::generated())
    }
}
