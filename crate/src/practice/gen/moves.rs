//! The `moves` family: each piece's moves as a star drill whose par the doctor's search proves
//! (`kind: "stars"`, `piece`: `R`, `B`, `Q`, `K`, `N`, `P`), walking a pawn to promotion
//! (`kind: "promote"`), and naming the square a piece stands on (`kind: "square-name"`, the
//! board's first words, no formula).
//!
//! Stars come from a random walk of the piece (so each can be reached, in that order); the par
//! is the fewest moves the doctor's own search needs ([`crate::lesson::search::drill`]), which
//! the proof checks again. The rating grows with the par, the detours the blockers force, and
//! the piece (the knight's jump is the hardest to see).

use super::{board, lesson, piece_words, square_name, text, Cx, Draft};
use crate::board::{Color, Square};
use crate::lesson::search::{drill, drill_step, Drill};
use crate::notation::parse_position;
use crate::rules::{legal_moves, play_unchecked, Move, MoveList, Rules};
use serde_json::json;

/// One exercise of a `moves` skill.
pub fn make(cx: &mut Cx) -> Option<Draft> {
    match cx.param_str("kind")? {
        "stars" => stars(cx),
        "promote" => promote(cx),
        "square-name" => square_name_question(cx),
        _ => None,
    }
}

/// The piece's words: (Russian nominative, English, the rule in Russian, the rule in English).
fn words(piece: char) -> (&'static str, &'static str, &'static str, &'static str) {
    match piece {
        'R' => ("Ладья", "rook", "Ладья ходит по прямой: вверх, вниз, влево или вправо, пока путь свободен.", "The rook moves in straight lines: up, down, left or right, while the way is clear."),
        'B' => ("Слон", "bishop", "Слон ходит по диагонали, пока путь свободен, и не уходит с клеток своего цвета.", "The bishop moves along diagonals while the way is clear, and keeps to one colour."),
        'Q' => ("Ферзь", "queen", "Ферзь ходит как ладья и как слон: по прямой и по диагонали, пока путь свободен.", "The queen moves like a rook and a bishop: straight and diagonally, while the way is clear."),
        'K' => ("Король", "king", "Король шагает на одну клетку в любую сторону.", "The king steps one square in any direction."),
        'N' => ("Конь", "knight", "Конь ходит буквой «Г»: две клетки прямо и одну вбок. Он прыгает через фигуры.", "The knight moves in an L: two squares straight and one to the side. It jumps over pieces."),
        _ => ("Пешка", "pawn", "Пешка ходит вперёд на одну клетку, с начального ряда — на две, а берёт наискосок вперёд.", "A pawn moves one square forward, two from its first row, and captures diagonally forward."),
    }
}

/// The text board's position (White to move, no castling).
fn position_of(rows: &[String]) -> Option<crate::board::Position> {
    parse_position(&rows.join("\n")).ok()
}

/// Blockers on free squares of rows 2..7: enemy pawns (`p`, which the piece may capture) and at
/// most one pawn of its own (`P`, in its way, on rows 2..6 so that it never promotes: the drill's
/// search moves it too, so one keeps the search small).
fn blockers(
    cx: &mut Cx,
    count: i32,
    taken: &mut Vec<(i32, i32)>,
    pieces: &mut Vec<((i32, i32), char)>,
) {
    let mut placed = 0;
    let mut tries = 0;
    let mut own = pieces.iter().filter(|(_, c)| *c == 'P').count();
    while placed < count && tries < 50 {
        tries += 1;
        let sq = (cx.rng.range(1, 6), cx.rng.range(0, 7));
        if taken.contains(&sq) {
            continue;
        }
        taken.push(sq);
        // never one of its own on the seventh row: it would promote, and the drill is the piece's
        let c = if own < 1 + usize::from(pieces[0].1 == 'P') && cx.rng.chance(1, 3) && sq.0 < 6 {
            'P'
        } else {
            'p'
        };
        own += usize::from(c == 'P');
        pieces.push((sq, c));
        placed += 1;
    }
}

/// A star drill of one piece.
fn stars(cx: &mut Cx) -> Option<Draft> {
    let piece = cx.param_str("piece")?.chars().next()?;
    let lvl = super::level(cx);
    let star_count = 2 + lvl / 2 + cx.rng.below(2) as i32;
    let blocker_count = match piece {
        'P' => 1 + lvl / 2,
        _ => lvl / 2 + cx.rng.below(2) as i32,
    };
    let start = match piece {
        'P' => (cx.rng.range(1, 3), cx.rng.range(0, 7)),
        _ => (cx.rng.range(0, 7), cx.rng.range(0, 7)),
    };
    let mut taken = vec![start];
    let mut pieces = vec![(start, piece)];
    blockers(cx, blocker_count, &mut taken, &mut pieces);
    let rows = board(&pieces, Some("w - - 0 1"));
    let pos = position_of(&rows)?;
    // a walk of the piece alone: the squares it stops on, in order, that are empty at the start
    let mut at = Square::from_ij(start.0, start.1)?;
    let mut now = pos;
    let mut stops: Vec<Square> = Vec::new();
    for _ in 0..(star_count + 3) {
        let mut list = MoveList::new();
        legal_moves(&now, Rules::STANDARD, &mut list);
        let mine: Vec<_> =
            list.iter().copied().filter(|m| m.from == at && m.promotion.is_none()).collect();
        // a pawn's walk ends where it is stuck
        let Some(&m) = cx.rng.pick(&mine) else { break };
        now = play_unchecked(&now, m);
        now.side = Color::White;
        now.en_passant = None;
        at = m.to;
        if pos.piece_at(at).is_none()
            && !stops.contains(&at)
            && at != Square::from_ij(start.0, start.1)?
        {
            stops.push(at);
        }
    }
    if (stops.len() as i32) < star_count {
        return None;
    }
    // the last stops: the walk's far end, not only its first steps
    let stars: Vec<Square> = stops[stops.len() - star_count as usize..].to_vec();
    // the par is the length of the hints' way (each step one move nearer); a way that promotes
    // a pawn is not the drill's
    let way = hints_way(&pos, &stars)?;
    if way.iter().any(|m| m.promotion.is_some()) {
        return None;
    }
    let par = way.len() as u32;
    let own = pieces.iter().filter(|(_, c)| *c == 'P').count() as i32 - i32::from(piece == 'P');
    let enemy = pieces.iter().filter(|(_, c)| *c == 'p').count() as i32;
    let detour = par as i32 - star_count;
    let base = match piece {
        'N' => 160,
        'P' => 60,
        'B' => 30,
        'K' => 20,
        _ => 0,
    };
    let rating = 480 + base + 110 * par as i32 + 45 * (own + enemy) + 70 * detour.max(0);
    let (ru, en, rule_ru, rule_en) = words(piece);
    let mut intro_ru = rule_ru.to_string();
    let mut intro_en = rule_en.to_string();
    if own > 0 {
        intro_ru.push_str(" Свои пешки мешают.");
        intro_en.push_str(" Your own pawns are in the way.");
    }
    if enemy > 0 && piece != 'P' {
        intro_ru.push_str(" Чёрную пешку можно взять.");
        intro_en.push_str(" A black pawn can be captured.");
    }
    intro_ru.push_str(" Собери все звёзды!");
    intro_en.push_str(" Collect all the stars!");
    let star_names: Vec<String> = stars.iter().map(|s| s.to_string()).collect();
    let lesson = lesson(json!({
        "title": text(format!("{ru} собирает звёзды"), format!("The {en} collects stars")),
        "intro": text(intro_ru, intro_en),
        "position": rows,
        "goal": { "type": "stars", "squares": star_names },
        "par": par,
        "learned": learned(piece),
    }))?;
    Some(Draft { lesson, rating })
}

/// The way the hints show, move by move: the doctor's shortest way, found again after each move
/// as the lesson player finds it (`None` when the search gives up). A drill of the rook is not won
/// by a new queen, and a child following the hints is never asked for a piece: the caller refuses
/// a way that promotes.
fn hints_way(start: &crate::board::Position, stars: &[Square]) -> Option<Vec<Move>> {
    let mut now = *start;
    let mut left = stars.to_vec();
    let mut way = Vec::new();
    while !left.is_empty() {
        let goal = Drill::Stars(left.clone());
        let (_, m) = drill_step(&now, Color::White, Rules::STANDARD, &goal, None)?;
        let m = m?;
        way.push(m);
        now = play_unchecked(&now, m);
        now.side = Color::White;
        now.en_passant = None;
        left.retain(|&s| s != m.to);
    }
    Some(way)
}

/// The rule the child says again after a drill.
fn learned(piece: char) -> crate::message::Text {
    let (_, _, ru, en) = words(piece);
    text(ru, en)
}

/// Walk a pawn to the last row in the fewest moves, past blockers.
fn promote(cx: &mut Cx) -> Option<Draft> {
    let lvl = super::level(cx);
    let j = cx.rng.range(0, 7);
    let i = cx.rng.range(1, 5);
    let mut taken = vec![(i, j)];
    let mut pieces = vec![((i, j), 'P')];
    // a black piece straight ahead (from level 1): the pawn must capture around it
    if lvl >= 1 {
        let ahead = (cx.rng.range(i + 1, 6), j);
        taken.push(ahead);
        pieces.push((ahead, *cx.rng.pick(&['n', 'b', 'r', 'p'])?));
        // something to capture beside it, on one side
        let side = if j == 0 || (j < 7 && cx.rng.chance(1, 2)) { 1 } else { -1 };
        let capture = (ahead.0 - 1, j + side);
        if capture.0 > i && !taken.contains(&capture) {
            taken.push(capture);
            pieces.push((capture, 'p'));
        }
    }
    blockers(cx, 1 + lvl / 2, &mut taken, &mut pieces);
    // black pawns only on rows 2..7, no white pawn may start on the last row
    let rows = board(&pieces, Some("w - - 0 1"));
    let pos = position_of(&rows)?;
    let par = drill(&pos, Color::White, Rules::STANDARD, &Drill::Promote)?;
    let detour = (7 - i) - par as i32;
    let rating = 520
        + 100 * par as i32
        + 90 * i32::from(lvl >= 1)
        + 40 * (pieces.len() as i32 - 1)
        + 30 * detour.unsigned_abs() as i32;
    let lesson = lesson(json!({
        "title": text("Пешка идёт в ферзи", "The pawn walks to promotion"),
        "intro": text(
            "Пешка, которая дошла до последнего ряда, превращается в ферзя или другую фигуру. Доведи пешку до конца доски как можно быстрее!",
            "A pawn that reaches the last row becomes a queen or another piece. Bring a pawn to the end of the board as fast as you can!"
        ),
        "position": rows,
        "goal": { "type": "promote" },
        "par": par,
        "learned": text("Пешка обходит преграду, только когда берёт наискосок.", "A pawn gets around a piece in its way only by capturing diagonally."),
    }))?;
    Some(Draft { lesson, rating })
}

/// The ordinal of a row, 1..8, as the course says it: (Russian, in the prepositional case;
/// English).
pub(crate) fn row_words(row: i32) -> (&'static str, &'static str) {
    const RU: [&str; 8] =
        ["первом", "втором", "третьем", "четвёртом", "пятом", "шестом", "седьмом", "восьмом"];
    const EN: [&str; 8] =
        ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"];
    let k = (row - 1).clamp(0, 7) as usize;
    (RU[k], EN[k])
}

/// Which square does the piece stand on? Four names to choose from.
fn square_name_question(cx: &mut Cx) -> Option<Draft> {
    let at = (cx.rng.range(0, 7), cx.rng.range(0, 7));
    let piece = *cx.rng.pick(&['R', 'N', 'B', 'Q'])?;
    let (i, j) = at;
    // the mistakes a child makes: the board read from the other side, a neighbour, letter and
    // number swapped
    let mut near = vec![
        (7 - i, j),
        (i, 7 - j),
        (i + 1, j),
        (i - 1, j),
        (i, j + 1),
        (i, j - 1),
        (j, i),
        (i + 1, j + 1),
    ];
    cx.rng.shuffle(&mut near);
    let mut choices = vec![at];
    for c in near {
        if (0..8).contains(&c.0) && (0..8).contains(&c.1) && !choices.contains(&c) {
            choices.push(c);
        }
        if choices.len() == 4 {
            break;
        }
    }
    if choices.len() < 4 {
        return None;
    }
    cx.rng.shuffle(&mut choices);
    let answer = choices.iter().position(|&c| c == at)?;
    let name = square_name(at);
    let file = (b'a' + j as u8) as char;
    let (row_ru, row_en) = row_words(i + 1);
    let (ru, en) = piece_words(piece);
    let explain: Vec<_> = choices
        .iter()
        .map(|&c| {
            let n = square_name(c);
            if c == at {
                text(
                    format!("Верно! Столбец {file}, {row_ru} ряд: это {name}."),
                    format!("Right! Column {file}, the {row_en} row: that is {name}."),
                )
            } else {
                text(
                    format!("Клетка {n} — в другом месте. Буква — это столбец, цифра — ряд. Здесь {ru} стоит на {name}."),
                    format!("Square {n} is somewhere else. The letter is the column, the number the row. The {en} stands on {name}."),
                )
            }
        })
        .collect();
    let edge = i.min(7 - i) + j.min(7 - j);
    let rating = 600
        + 30 * edge
        + 40 * i32::from(choices.contains(&(7 - i, j)) || choices.contains(&(j, i)));
    let lesson = lesson(json!({
        "title": text("Как зовут клетку?", "What is the square's name?"),
        "intro": text(
            "У каждой клетки есть имя: буква столбца и цифра ряда. Найди имя клетки, на которой стоит фигура.",
            "Every square has a name: the letter of its column and the number of its row. Find the name of the square the piece stands on."
        ),
        "position": board(&[(at, piece)], Some("w - - 0 1")),
        "goal": {
            "type": "question",
            "question": text(format!("На какой клетке стоит {ru}?"), format!("Which square does the {en} stand on?")),
            "choices": choices.iter().map(|&c| text(square_name(c), square_name(c))).collect::<Vec<_>>(),
            "answer": answer,
            "explain": explain,
        },
        "shapes": [{ "type": "circle", "square": name, "color": "blue" }],
        "learned": text("Имя клетки — это буква столбца и цифра ряда.", "A square's name is its column's letter and its row's number."),
    }))?;
    Some(Draft { lesson, rating })
}
