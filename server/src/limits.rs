//! What one pupil may send and store: an attempt no longer than its lesson can need, hints no
//! more than it can give, a time within a day (so that no sum overflows), attempts at most so
//! many a pupil and a class in ten minutes, and a class's stored attempts within a quota. One
//! place for every bound of an attempt: whoever stores an attempt calls [`bound_attempt`] and
//! [`admit_attempt`], then [`stored`].

use crate::db::AttemptRow;
use crate::error::{ApiError, ApiResult};
use crate::util::now_ms;
use crate::AppState;
use axum::http::StatusCode;
use chess_tutor::lesson::goal::Goal;
use chess_tutor::lesson::Lesson;

/// The numbers of every limit; [`Limits::default`] is what a school's server runs with (the tests
/// lower some of them to reach them quickly).
#[derive(Clone, Debug)]
pub struct Limits {
    /// Attempts a pupil may store in [`Limits::window_ms`].
    pub pupil_attempts: i64,
    /// Attempts a class may store in [`Limits::window_ms`].
    pub class_attempts: i64,
    pub window_ms: i64,
    /// What a class's attempts may take in the database, in characters.
    pub class_bytes: i64,
    /// Wrong pictures for one pupil from one device (or address) before that device waits.
    pub device_tries: i64,
    /// Wrong pictures for one pupil from all devices before every device she never signed in on
    /// waits (her own devices do not): the teacher then sees her "being guessed".
    pub pupil_tries: i64,
    /// Class codes not found, per address, before the address waits.
    pub roster_misses: i64,
    /// Teachers' sign-ups per address.
    pub sign_ups: i64,
    /// argon2 checks running at once (19 MiB each).
    pub argon2_at_once: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            pupil_attempts: 200,
            class_attempts: 3000,
            window_ms: 10 * 60 * 1000,
            class_bytes: 64 * 1024 * 1024,
            device_tries: 5,
            pupil_tries: 30,
            roster_misses: 20,
            sign_ups: 10,
            argon2_at_once: 2,
        }
    }
}

/// A day in milliseconds: the longest time an attempt may say it took.
pub const DAY_MS: i64 = 86_400_000;
/// The most entries (moves, replies, takebacks) of any lesson's attempt: a whole game.
pub const MOST_ENTRIES: usize = 400;
/// The most skills one homework may give to practise (`createAssignment`'s `practice`): more
/// than a term's worth, far fewer than a hostile list.
pub const MOST_PRACTICE_SKILLS: usize = 40;
/// The most lessons one homework may give (`createAssignment`'s `lessons`).
pub const MOST_ASSIGNED_LESSONS: usize = 500;
/// The longest entry: UCI with a promotion (`e7e8q`), a square, or `takeback`.
pub const LONGEST_ENTRY: usize = 8;

/// The most entries of `moves` an attempt at `lesson` can need: the child's moves with the
/// replies, her mistakes and takebacks, with room to spare; a quiz's clicks at most every square
/// twice; a question none.
pub fn max_moves(lesson: &Lesson) -> usize {
    let by_depth = |moves: u32| (8 * moves as usize + 16).min(MOST_ENTRIES);
    match &lesson.goal {
        Goal::Question(_) | Goal::CanCapture(_) | Goal::Stronger(_) => 8,
        Goal::Targets(_) => 128,
        Goal::BestMove(_) => 64,
        Goal::Show(s) => (4 * s.steps.len() + 16).min(MOST_ENTRIES),
        Goal::Mate(m) => by_depth(m.moves),
        Goal::Check(c) => by_depth(c.moves),
        Goal::KeepPieces(k) => by_depth(k.moves),
        Goal::Draw(d) => by_depth(d.moves.unwrap_or(10)),
        _ => match lesson.par {
            Some(par) => by_depth(par.max(10)),
            None => MOST_ENTRIES,
        },
    }
}

/// The most answers a question can take: each choice once (the wrong ones first).
pub fn max_answers(lesson: &Lesson) -> usize {
    match &lesson.goal {
        Goal::Question(q) => q.choices.len(),
        Goal::CanCapture(_) | Goal::Stronger(_) => 3,
        _ => 0,
    }
}

/// The most hints an attempt can have asked: two (the piece, then the move) at each position the
/// child met, and a few more asked again.
pub fn max_hints(moves: usize) -> u32 {
    (2 * moves + 4).min(2 * MOST_ENTRIES + 4) as u32
}

/// An attempt's numbers as they are stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bounded {
    pub hints: i64,
    pub hints_at: Vec<u32>,
    pub ms: i64,
}

/// The bounds of an attempt at `lesson`: moves and answers beyond what the lesson can need are
/// refused (422 naming the field); hints beyond what it can give, a time beyond a day, hint marks
/// beyond the moves are cut to them (a child who pressed the hint button thirty times, or left the
/// tab open over the weekend, keeps her attempt).
pub fn bound_attempt(
    lesson: &Lesson,
    moves: &[String],
    answers: &[usize],
    hints: u32,
    hints_at: &[u32],
    ms: u64,
) -> ApiResult<Bounded> {
    let most = max_moves(lesson);
    if moves.len() > most {
        return Err(ApiError::invalid(
            "moves",
            format!("The attempt has {} moves; this lesson needs at most {most}.", moves.len()),
        ));
    }
    if let Some(m) = moves.iter().find(|m| m.is_empty() || m.len() > LONGEST_ENTRY) {
        return Err(ApiError::invalid(
            "moves",
            format!(
                "\"{}\" is not a move (UCI), a square or takeback.",
                m.chars().take(16).collect::<String>()
            ),
        ));
    }
    let most_answers = max_answers(lesson);
    if answers.len() > most_answers || answers.iter().any(|&a| a >= most_answers.max(1)) {
        return Err(ApiError::invalid(
            "answers",
            format!("This lesson takes at most {most_answers} answers, each a choice's index."),
        ));
    }
    let most_hints = max_hints(moves.len());
    let mut at: Vec<u32> = hints_at
        .iter()
        .copied()
        .filter(|&n| n as usize <= moves.len())
        .take(most_hints as usize)
        .collect();
    at.sort_unstable();
    Ok(Bounded {
        hints: i64::from(hints.min(most_hints)),
        hints_at: at,
        ms: ms.min(DAY_MS as u64) as i64,
    })
}

/// What an attempt takes in the database, in characters (its texts and a row's overhead).
pub fn attempt_size(a: &AttemptRow) -> i64 {
    fn json<T: serde::Serialize>(v: &T) -> i64 {
        serde_json::to_string(v).map_or(0, |s| s.len() as i64)
    }
    (a.id.len() + a.pupil.len() + a.class.len() + a.lesson.len()) as i64
        + json(&a.moves)
        + json(&a.answers)
        + json(&a.verdicts)
        + json(&a.hints_at)
        + 64
}

fn too_many(error: &'static str, message: &str, wait_ms: i64) -> ApiError {
    ApiError::new(StatusCode::TOO_MANY_REQUESTS, error, message)
        .retry_after((wait_ms.max(1000) / 1000) as u64)
}

/// Whether the pupil (and her class) may store one attempt more now: 429 with `Retry-After`
/// when the pupil or the class sent too many in the window (`too-many`), or when the class's
/// attempts fill its quota (`quota`: the teacher's page says so, in her words).
pub async fn admit_attempt(st: &AppState, pupil: &str, class: &str) -> ApiResult<()> {
    let l = &st.config.limits;
    let now = now_ms();
    let since = now - l.window_ms;
    let (mine, ours, oldest_mine, oldest_ours) = st.db.recent_attempts(pupil, class, since).await?;
    if mine >= l.pupil_attempts {
        return Err(too_many(
            "too-many",
            "Many attempts were sent at once: they wait and go again by themselves.",
            oldest_mine.unwrap_or(now) + l.window_ms - now,
        ));
    }
    if ours >= l.class_attempts {
        st.db.mark_class(class, "slowed_at", now).await?;
        return Err(too_many(
            "too-many",
            "The class sent many attempts at once: they wait and go again by themselves.",
            oldest_ours.unwrap_or(now) + l.window_ms - now,
        ));
    }
    if st.db.class_bytes(class, false).await? >= l.class_bytes
        && st.db.class_bytes(class, true).await? >= l.class_bytes
    {
        st.db.mark_class(class, "full_at", now).await?;
        return Err(too_many(
            "quota",
            "The class's attempts fill its space on the server: the teacher can remove old classes or pupils.",
            3_600_000,
        ));
    }
    Ok(())
}

/// An attempt was stored: its size counts against its class's quota.
pub async fn stored(st: &AppState, a: &AttemptRow) -> ApiResult<()> {
    st.db.add_class_bytes(&a.class, attempt_size(a)).await?;
    Ok(())
}

/// Whether a recording's file is the lesson's own: a path inside the lesson's package (letters,
/// digits, `-`, `_`, `.`, `/`), never an address of another host (`https://…`, `//…`), the
/// server's root (`/…`) or a folder above (`..`): a pupil's browser fetches it, and a tracker
/// elsewhere would learn who plays when.
pub fn own_file(file: &str) -> bool {
    !file.is_empty()
        && file.len() <= 200
        && !file.starts_with('/')
        && file.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.' | b'/'))
        && file.split('/').all(|part| !part.is_empty() && part != "." && part != "..")
}

/// A teacher's lesson's recordings are all its own files ([`own_file`]), or 422 naming the
/// first that is not.
pub fn own_audio(lesson: &Lesson) -> ApiResult<()> {
    for (pointer, files) in &lesson.audio {
        for (lang, file) in files {
            if !own_file(file) {
                return Err(ApiError::invalid(
                    "audio",
                    format!(
                        "/audio{pointer}/{lang}: the recording \"{}\" is not a file of the lesson's package; give a path such as audio/intro.{lang}.webm.",
                        file.chars().take(80).collect::<String>()
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Whether a JSON text holds a NUL character (`\u0000`): PostgreSQL's text cannot hold one, and
/// no name, code or lesson needs it.
pub fn has_nul(json: &[u8]) -> bool {
    json.windows(6).any(|w| w[0] == b'\\' && w[1] == b'u' && w[2..].iter().all(|&c| c == b'0'))
        || json.contains(&0)
}

/// Refuse a body with a NUL character (422).
pub fn refuse_nul(json: &[u8]) -> ApiResult<()> {
    if has_nul(json) {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid",
            "A text holds a NUL character (\\u0000).",
        ));
    }
    Ok(())
}

/// Middleware: an address whose path or query holds a NUL character (`%00`) is refused with 400
/// before any handler reads it.
pub async fn no_nul_in_uri(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let uri = req.uri().to_string();
    if uri.to_ascii_lowercase().contains("%00") {
        return ApiError::new(
            StatusCode::BAD_REQUEST,
            "invalid",
            "The address holds a NUL character (%00).",
        )
        .into_response();
    }
    next.run(req).await
}
