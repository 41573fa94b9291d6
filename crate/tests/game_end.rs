//! Every way a game ends (seed 004), each reached by playing real moves through the public API:
//! mate, stalemate, dead positions, repetition (claimed at three, by itself at five), the 50-move
//! claim and the 75-move rule, resignation, agreement and a flag fall (FIDE 6.9: a draw when the
//! opponent could not mate by any series of legal moves).

use chess_tutor::board::{Color, PieceKind, Position};
use chess_tutor::notation::{parse_fen, parse_move};
use chess_tutor::rules::{BoardState, EndReason, Game, Outcome, Rules};

fn game(fen: &str) -> Game {
    Game::new(parse_fen(fen).unwrap(), Rules::STANDARD).unwrap()
}

fn start() -> Game {
    Game::new(Position::initial(), Rules::STANDARD).unwrap()
}

fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = parse_move(g.position(), m, g.rules()).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.play(mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn outcome(winner: Option<Color>, reason: EndReason) -> Option<Outcome> {
    Some(Outcome { winner, reason })
}

/// A finished game takes no move and no other ending.
fn assert_closed(g: &mut Game) {
    assert!(g.legal_moves().is_empty());
    let any = parse_move(&Position::initial(), "e4", Rules::STANDARD).unwrap();
    assert!(g.play(any).is_err());
    assert!(g.resign(Color::White).is_err());
    assert!(g.agree_draw().is_err());
    assert!(g.claim_draw().is_err());
    assert!(g.time_out(Color::Black).is_err());
}

/// Play `plies` quiet moves: no capture, no pawn move, every position new (so no repetition), the
/// game never over. The first such move in generation order, so the walk is the same every time.
fn quiet_walk(g: &mut Game, plies: usize) {
    for n in 0..plies {
        let pawns = g.position().kind_bb(PieceKind::Pawn);
        let found = g.legal_moves().into_iter().find(|&mv| {
            if mv.capture || pawns & mv.from.bit() != 0 {
                return false;
            }
            let mut next = g.clone();
            next.play(mv).unwrap();
            next.repetitions() == 1 && next.outcome().is_none()
        });
        let mv = found.unwrap_or_else(|| panic!("no quiet new move after {n} plies"));
        g.play(mv).unwrap();
    }
}

#[test]
fn checkmate() {
    let mut g = start();
    play(&mut g, "f3 e5 g4");
    assert_eq!(g.outcome(), None);
    play(&mut g, "Qh4#");
    let s = g.status();
    assert_eq!((s.state, s.check), (BoardState::Checkmate, true));
    assert_eq!(s.outcome, outcome(Some(Color::Black), EndReason::Checkmate));
    assert_closed(&mut g);
    // Scholar's mate, for White.
    let mut g = start();
    play(&mut g, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#");
    assert_eq!(g.outcome(), outcome(Some(Color::White), EndReason::Checkmate));
}

#[test]
fn stalemate() {
    // Sam Loyd's ten-move stalemate: Black, not in check, has no move.
    let mut g = start();
    play(&mut g, "e3 a5 Qh5 Ra6 Qxa5 h5 h4 Rah6 Qxc7 f6 Qxd7+ Kf7 Qxb7 Qd3 Qxb8 Qh7 Qxc8 Kg6");
    assert_eq!(g.outcome(), None);
    play(&mut g, "Qe6");
    let s = g.status();
    assert_eq!((s.state, s.check), (BoardState::Stalemate, false));
    assert_eq!(s.outcome, outcome(None, EndReason::Stalemate));
    assert_closed(&mut g);
}

#[test]
fn dead_positions_after_a_capture() {
    let dead = outcome(None, EndReason::InsufficientMaterial);
    // King and bishop against king: the bishop takes the last knight.
    let mut g = game("4k3/8/8/8/3n4/2B5/8/4K3 w - - 0 1");
    assert_eq!(g.outcome(), None);
    play(&mut g, "Bxd4");
    assert_eq!(g.status().state, BoardState::InsufficientMaterial);
    assert_eq!(g.outcome(), dead);
    assert_closed(&mut g);
    // King against king: the king takes the checking queen.
    let mut g = game("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
    play(&mut g, "Kxd2");
    assert_eq!(g.outcome(), dead);
    // King and knight against king.
    let mut g = game("4k3/8/8/8/8/2N5/3r4/4K3 w - - 0 1");
    play(&mut g, "Kxd2");
    assert_eq!(g.outcome(), dead);
    // King and bishop against king and bishop, both bishops on dark squares (c5 and h6).
    let mut g = game("4k3/8/7n/2b5/8/8/8/2B1K3 w - - 0 1");
    play(&mut g, "Bxh6");
    assert_eq!(g.outcome(), dead);
    // Bishops on squares of both colours can still mate: the game goes on.
    let mut g = game("4k3/8/6n1/2b5/8/8/8/3BK3 w - - 0 1");
    play(&mut g, "Bh5 Kf8 Bxg6");
    assert_eq!(g.outcome(), None);
    // Two bishops of one side on one colour cannot mate either.
    let mut g = game("4k3/8/8/8/8/2n5/8/B1B1K3 w - - 0 1");
    play(&mut g, "Bxc3");
    assert_eq!(g.outcome(), dead);
}

#[test]
fn threefold_repetition_is_claimed() {
    let mut g = start();
    // First occurrence of the start position: no claim.
    assert!(g.claim_draw().is_err());
    play(&mut g, "Nf3 Nf6 Ng1 Ng8");
    // Second occurrence: still no claim.
    assert_eq!(g.repetitions(), 2);
    assert!(!g.status().claim_threefold);
    assert!(g.claim_draw().is_err());
    play(&mut g, "Nf3 Nf6 Ng1 Ng8");
    // Third occurrence: the claim is open, but the game goes on until someone claims.
    let s = g.status();
    assert!(s.claim_threefold);
    assert_eq!(s.outcome, None);
    let mut claimed = g.clone();
    assert_eq!(
        claimed.claim_draw().unwrap(),
        Outcome { winner: None, reason: EndReason::Threefold }
    );
    assert_eq!(claimed.outcome(), outcome(None, EndReason::Threefold));
    assert_closed(&mut claimed);
    // Not claimed: the right lapses once the position changes.
    play(&mut g, "e4");
    assert!(!g.status().claim_threefold);
    assert!(g.claim_draw().is_err());
}

#[test]
fn threefold_claimed_by_announcing_the_move() {
    // FIDE 9.2.1.1: the player writes the move that will repeat the position a third time and
    // claims before playing it.
    let mut g = start();
    play(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    // Ng8 would bring the start position a third time. A wrong claim first: a move that repeats
    // nothing is played all the same, and the game goes on.
    let mut wrong = g.clone();
    let e5 = parse_move(wrong.position(), "e5", Rules::STANDARD).unwrap();
    assert_eq!(wrong.claim_draw_with_move(e5).unwrap(), None);
    assert_eq!(wrong.moves().len(), 8, "the announced move stands");
    assert_eq!(wrong.outcome(), None);
    let ng8 = parse_move(g.position(), "Ng8", Rules::STANDARD).unwrap();
    assert_eq!(g.claim_draw_with_move(ng8).unwrap(), outcome(None, EndReason::Threefold));
    assert_eq!(g.moves().len(), 8);
    assert_eq!(g.repetitions(), 3);
    // An illegal announced move is refused and nothing is played.
    let mut g = start();
    let elsewhere = game("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let bad = parse_move(elsewhere.position(), "Ra8+", Rules::STANDARD).unwrap();
    assert!(g.claim_draw_with_move(bad).is_err());
    assert!(g.moves().is_empty());
}

#[test]
fn fivefold_repetition_ends_the_game_by_itself() {
    let mut g = start();
    play(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_eq!(g.repetitions(), 4, "the position after Ng1 has stood four times");
    assert_eq!(g.outcome(), None);
    play(&mut g, "Ng8");
    assert_eq!(g.repetitions(), 5);
    let s = g.status();
    assert_eq!(s.state, BoardState::Fivefold);
    assert_eq!(s.outcome, outcome(None, EndReason::Fivefold));
    assert!(!s.claim_threefold, "nothing left to claim");
    assert_closed(&mut g);
}

#[test]
fn fifty_move_claim() {
    let fen = "1n2k3/r7/8/8/8/8/R7/1N2K3 w - - 0 1";
    let mut g = game(fen);
    quiet_walk(&mut g, 99);
    assert_eq!(g.position().halfmove_clock, 99);
    assert!(!g.status().claim_fifty);
    assert!(g.claim_draw().is_err());
    // By announcing the move that completes the 50 moves (FIDE 9.3.1).
    let mut announced = g.clone();
    let mut probe = g.clone();
    quiet_walk(&mut probe, 1);
    let last = *probe.moves().last().unwrap();
    assert_eq!(announced.claim_draw_with_move(last).unwrap(), outcome(None, EndReason::FiftyMoves));
    // Or after it, by the other player.
    quiet_walk(&mut g, 1);
    let s = g.status();
    assert!(s.claim_fifty && !s.claim_threefold);
    assert_eq!(s.outcome, None, "the 50-move rule needs a claim");
    assert_eq!(g.claim_draw().unwrap(), Outcome { winner: None, reason: EndReason::FiftyMoves });
    assert_closed(&mut g);
    // A pawn move or a capture starts the count again.
    let mut g = game("1n2k3/r6p/8/8/8/8/R7/1N2K3 w - - 0 1");
    quiet_walk(&mut g, 99);
    assert_eq!(g.position().halfmove_clock, 99);
    let pawns = g.position().kind_bb(PieceKind::Pawn);
    let push = g.legal_moves().into_iter().find(|m| pawns & m.from.bit() != 0).unwrap();
    g.play(push).unwrap();
    assert_eq!(g.position().halfmove_clock, 0);
    assert!(!g.status().claim_fifty);
}

#[test]
fn seventy_five_moves_end_the_game_by_itself() {
    let mut g = game("1n2k3/r7/8/8/8/8/R7/1N2K3 w - - 0 1");
    quiet_walk(&mut g, 149);
    assert_eq!(g.outcome(), None);
    assert!(g.status().claim_fifty);
    quiet_walk_to_the_end(&mut g);
    let s = g.status();
    assert_eq!(s.state, BoardState::SeventyFiveMoves);
    assert_eq!(s.outcome, outcome(None, EndReason::SeventyFiveMoves));
    assert!(!s.claim_fifty, "nothing left to claim");
    assert_closed(&mut g);
}

/// One more quiet move, allowed to end the game (the walk itself never ends it).
fn quiet_walk_to_the_end(g: &mut Game) {
    let pawns = g.position().kind_bb(PieceKind::Pawn);
    let mv = g.legal_moves().into_iter().find(|m| !m.capture && pawns & m.from.bit() == 0).unwrap();
    g.play(mv).unwrap();
}

#[test]
fn mate_on_the_75th_move_is_mate() {
    // 149 half-moves without a capture or a pawn move; the 150th mates: the mate counts.
    let mut g = game("4k3/R7/4K3/8/8/8/8/8 w - - 149 100");
    play(&mut g, "Ra8#");
    assert_eq!(g.position().halfmove_clock, 150);
    assert_eq!(g.status().state, BoardState::Checkmate);
    assert_eq!(g.outcome(), outcome(Some(Color::White), EndReason::Checkmate));
    // Without the mate the same move count ends in a draw.
    let mut g = game("4k3/R7/4K3/8/8/8/8/8 w - - 149 100");
    play(&mut g, "Rb7");
    assert_eq!(g.outcome(), outcome(None, EndReason::SeventyFiveMoves));
}

#[test]
fn resignation() {
    let mut g = start();
    play(&mut g, "e4 e5");
    // A player may resign on the opponent's move too.
    assert_eq!(
        g.resign(Color::Black).unwrap(),
        Outcome { winner: Some(Color::White), reason: EndReason::Resignation }
    );
    assert_eq!(g.outcome(), outcome(Some(Color::White), EndReason::Resignation));
    assert_closed(&mut g);
    let mut g = start();
    play(&mut g, "d4");
    assert_eq!(g.resign(Color::White).unwrap().winner, Some(Color::Black));
}

#[test]
fn agreement() {
    let mut g = start();
    play(&mut g, "e4 e5 Nf3 Nc6");
    assert_eq!(g.agree_draw().unwrap(), Outcome { winner: None, reason: EndReason::Agreement });
    assert_closed(&mut g);
}

#[test]
fn no_redo_after_the_players_ended_the_game() {
    let mut g = start();
    play(&mut g, "e4 e5");
    g.undo();
    g.agree_draw().unwrap();
    assert_eq!(g.redo(), None, "no move after the game has ended");
    assert_eq!(g.moves().len(), 1);
    // Taking a move back reopens the game, and redo works again.
    g.undo();
    assert_eq!(g.outcome(), None);
    assert!(g.redo().is_some());
}

#[test]
fn a_flag_fall_loses_when_the_opponent_can_mate() {
    let mut g = start();
    play(&mut g, "e4 e5");
    assert_eq!(
        g.time_out(Color::White).unwrap(),
        Outcome { winner: Some(Color::Black), reason: EndReason::Timeout }
    );
    assert_closed(&mut g);
    // King and knight against king and pawn: a mate is possible (the pawn blocks its own king),
    // so a flag fall loses.
    let fen = "k1K5/p7/8/3N4/8/8/8/8 w - - 0 1";
    let mut mate = game(fen);
    play(&mut mate, "Nc7#");
    assert_eq!(mate.outcome(), outcome(Some(Color::White), EndReason::Checkmate));
    let mut g = game(fen);
    assert_eq!(g.time_out(Color::Black).unwrap().reason, EndReason::Timeout);
    // Bishops on both colours: a mate is possible, a flag fall loses.
    let mut g = game("4k3/8/4b3/8/8/8/8/2B1K3 w - - 0 1");
    assert_eq!(g.time_out(Color::White).unwrap().winner, Some(Color::Black));
}

#[test]
fn a_flag_fall_is_a_draw_when_the_opponent_cannot_mate() {
    let draw = Outcome { winner: None, reason: EndReason::TimeoutInsufficientMaterial };
    // White takes the queen and has king and rook against a lone king: White's flag falls, a
    // draw; Black's flag falls, White wins.
    let fen = "4k3/8/8/8/8/8/3q4/R3K3 w - - 0 1";
    let mut g = game(fen);
    play(&mut g, "Kxd2");
    assert_eq!(g.clone().time_out(Color::White).unwrap(), draw);
    assert_eq!(g.time_out(Color::Black).unwrap().winner, Some(Color::White));
    // Black keeps a knight and a pawn against White's lone king: Black's flag falls, a draw.
    let mut g = game("4k3/4p3/8/8/8/2n5/8/4KQ2 w - - 0 1");
    play(&mut g, "Qf7+ Kxf7");
    assert_eq!(g.clone().time_out(Color::Black).unwrap(), draw);
    assert_eq!(g.time_out(Color::White).unwrap().winner, Some(Color::Black));
    // King and knight (or bishop) against a lone king (FIDE 6.9: no series of legal moves mates)
    // is a dead position: the game has already ended in a draw, and no flag can fall.
    let mut g = game("4k3/8/8/8/8/2N5/3r4/3QK3 b - - 0 1");
    play(&mut g, "Rxd1+ Kxd1");
    assert_eq!(g.outcome(), outcome(None, EndReason::InsufficientMaterial));
    assert!(g.time_out(Color::White).is_err() && g.time_out(Color::Black).is_err());
    let mut g = game("4k3/8/8/8/8/2B5/3r4/4K3 w - - 0 1");
    play(&mut g, "Bxd2");
    assert_eq!(g.outcome(), outcome(None, EndReason::InsufficientMaterial));
    assert!(g.time_out(Color::Black).is_err());
}
