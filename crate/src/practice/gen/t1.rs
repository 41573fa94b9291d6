//! The `t1` family (chess-t1): the Prince's and the Ritter's moves as star drills
//! (`kind: "stars"`, `piece`: `P` or `R`) whose par the doctor's search proves, and "capture
//! only with more force" (`kind: "capture"`: may this piece capture that one? the set's rules
//! compute the answer, the child adds up the force on the square).

use super::{board, lesson, square_name, text, Cx, Draft};
use crate::board::{Color, Square};
use crate::lesson::search::{drill_step_pieces, Drill};
use crate::movement::PieceSet;
use crate::variant::VariantPosition;
use serde_json::json;
use std::sync::Arc;

/// One exercise of a `t1` skill.
pub fn make(cx: &mut Cx) -> Option<Draft> {
    match cx.param_str("kind")? {
        "stars" => stars(cx),
        "capture" => capture(cx),
        _ => None,
    }
}

/// The chess-t1 set, read once.
fn set() -> Option<Arc<PieceSet>> {
    static SET: std::sync::OnceLock<Option<Arc<PieceSet>>> = std::sync::OnceLock::new();
    SET.get_or_init(|| PieceSet::builtin("chess-t1").map(Arc::new)).clone()
}

fn position(rows: &[String]) -> Option<VariantPosition> {
    VariantPosition::parse(set()?, &rows.join("\n")).ok()
}

/// A star drill of the Prince or the Ritter, around a few pieces (a Knecht of its own to go
/// around, an enemy Knecht it may capture).
fn stars(cx: &mut Cx) -> Option<Draft> {
    let piece = cx.param_str("piece")?.chars().next()?;
    let lvl = super::level(cx);
    // two to four stars: the drill's search over a piece set is the slowest of the proofs
    let star_count = 2 + lvl / 3 + cx.rng.below(2) as i32;
    let start = (cx.rng.range(0, 7), cx.rng.range(0, 7));
    let mut pieces = vec![(start, piece)];
    // enemy Knechts to capture or go around, at most one of its own (the drill's search moves
    // it too: one keeps the search small)
    for k in 0..(lvl / 2 + cx.rng.below(2) as i32) {
        let sq = (cx.rng.range(0, 7), cx.rng.range(0, 7));
        if pieces.iter().all(|(s, _)| *s != sq) {
            pieces.push((sq, if k == 0 && cx.rng.chance(1, 3) { 'N' } else { 'n' }));
        }
    }
    let rows = board(&pieces, Some("w - - 0 1"));
    let pos = position(&rows)?;
    let first = Square::from_ij(start.0, start.1)?;
    let mut at = first;
    let mut now = pos.clone();
    let mut stops: Vec<Square> = Vec::new();
    for _ in 0..(star_count + 3) {
        let ways: Vec<Square> =
            now.targets(at).into_iter().filter(|t| t.allowed).map(|t| t.square).collect();
        let to = *cx.rng.pick(&ways)?;
        now.play(at, to).ok()?;
        now = now.with_turn(Color::White);
        at = to;
        if pos.piece_at(at).is_none() && at != first && !stops.contains(&at) {
            stops.push(at);
        }
    }
    if (stops.len() as i32) < star_count {
        return None;
    }
    let stars: Vec<Square> = stops[stops.len() - star_count as usize..].to_vec();
    let (par, _) = drill_step_pieces(&pos, Color::White, &Drill::Stars(stars.clone()), None)?;
    let others = pieces.len() as i32 - 1;
    let rating = 520
        + 110 * par as i32
        + 40 * others
        + 70 * (par as i32 - star_count).max(0)
        + if piece == 'R' { 60 } else { 0 };
    let (title, intro, learned) = if piece == 'P' {
        (
            text("Принц собирает звёзды", "The Prince collects stars"),
            text(
                "Принц шагает на одну клетку прямо, а по диагонали — на одну, две или три клетки. Собери все звёзды!",
                "The Prince steps one square straight, or one, two or three squares diagonally. Collect all the stars!",
            ),
            text("Принц ходит на одну клетку прямо или на одну, две, три по диагонали.", "The Prince moves one square straight, or one, two or three diagonally."),
        )
    } else {
        (
            text("Риттер собирает звёзды", "The Ritter collects stars"),
            text(
                "Риттер ходит прямо на одну или две клетки. Шагая на две клетки, он перепрыгивает через любую фигуру! Собери все звёзды.",
                "The Ritter moves straight, one or two squares. On a two-square step it jumps over any piece! Collect all the stars.",
            ),
            text("Риттер ходит прямо на одну или две клетки и через две перепрыгивает.", "The Ritter moves one or two squares straight and jumps on the two-square step."),
        )
    };
    let names: Vec<String> = stars.iter().map(|s| s.to_string()).collect();
    let lesson = lesson(json!({
        "title": title,
        "intro": intro,
        "pieces": "chess-t1",
        "position": rows,
        "goal": { "type": "stars", "squares": names },
        "par": par,
        "learned": learned,
    }))?;
    Some(Draft { lesson, rating })
}

/// May the piece on `from` capture the one on `to`? Helpers and protectors around, the answer
/// drawn first (yes or no, half and half) and the position drawn until the rules agree.
fn capture(cx: &mut Cx) -> Option<Draft> {
    let lvl = super::level(cx);
    let want = cx.rng.chance(1, 2);
    let letters = ['P', 'R', 'W', 'N'];
    for _ in 0..40 {
        let from = (cx.rng.range(0, 7), cx.rng.range(0, 7));
        let mover = *cx.rng.pick(&letters)?;
        let alone = position(&board(&[(from, mover)], Some("w - - 0 1")))?;
        let reach: Vec<Square> =
            alone.targets(Square::from_ij(from.0, from.1)?).into_iter().map(|t| t.square).collect();
        let to_sq = *cx.rng.pick(&reach)?;
        let to = (to_sq.i() as i32, to_sq.j() as i32);
        let victim = cx.rng.pick(&letters)?.to_ascii_lowercase();
        let mut pieces = vec![(from, mover), (to, victim)];
        let extra = 1 + lvl / 2 + cx.rng.below(2) as i32;
        for _ in 0..extra {
            let sq = (cx.rng.range(to.0 - 2, to.0 + 2), cx.rng.range(to.1 - 2, to.1 + 2));
            if (0..8).contains(&sq.0)
                && (0..8).contains(&sq.1)
                && pieces.iter().all(|(s, _)| *s != sq)
            {
                let l = *cx.rng.pick(&letters)?;
                pieces.push((sq, if cx.rng.chance(1, 2) { l } else { l.to_ascii_lowercase() }));
            }
        }
        let rows = board(&pieces, Some("w - - 0 1"));
        let Some(pos) = position(&rows) else { continue };
        let from_sq = Square::from_ij(from.0, from.1)?;
        let Some(t) = pos.targets(from_sq).into_iter().find(|t| t.square == to_sq && t.capture)
        else {
            continue;
        };
        if t.allowed != want {
            continue;
        }
        let force = pos.force(to_sq).balance();
        let helpers = pos.force(to_sq).sources.len() as i32;
        let close = (force.white as i32 - force.black as i32).abs() <= 1;
        let rating = 760 + 60 * helpers + if close { 110 } else { 0 } + 40 * lvl.min(3);
        let (f, t_name) = (square_name(from), square_name(to));
        let lesson = lesson(json!({
            "title": text("Взять или нет?", "Capture or not?"),
            "intro": text(
                format!("Взять можно, только если у тебя на клетке больше силы, чем у соперника. Сложи силы каждой стороны на {t_name}."),
                format!("You may capture only with more force on the square than the other side. Add up each side's force on {t_name}."),
            ),
            "pieces": "chess-t1",
            "position": rows,
            "goal": { "type": "can_capture", "from": f, "to": t_name },
            "shapes": [{ "type": "arrow", "from": f, "to": t_name, "color": "red" }],
            "learned": text("Взять можно, только когда у тебя на клетке больше силы.", "You may capture only with more force on the square."),
        }))?;
        return Some(Draft { lesson, rating });
    }
    None
}
