//! The admin's commands (`chess-tutor-server backup|restore|purge|reset-password|invite|
//! export-pupil`): each names the database it works on and what it did, in one sentence when it
//! refuses. None of them makes a database: a wrong `--db` (or a cron job run from another
//! folder) is told there is none.

use crate::db::{Backend, Db, TeacherKey};
use crate::lifecycle::{
    absolute, close, counts_text, create_private, existing_sqlite, known_schema, open_existing,
    row_counts, schema_of, shown, sqlite_file,
};
use crate::util::{now_ms, random_text, sha256_hex};
use sqlx::Row;
use std::path::{Path, PathBuf};

/// A refusal (exit 2: the command was asked something it will not do) or a failure (exit 1).
#[derive(Debug)]
pub enum Refusal {
    No(String),
    Failed(String),
}

impl Refusal {
    pub fn code(&self) -> u8 {
        match self {
            Refusal::No(_) => 2,
            Refusal::Failed(_) => 1,
        }
    }
    pub fn text(&self) -> &str {
        match self {
            Refusal::No(t) | Refusal::Failed(t) => t,
        }
    }
}

type Done = Result<String, Refusal>;

fn no(text: impl Into<String>) -> Refusal {
    Refusal::No(text.into())
}
fn failed(text: impl std::fmt::Display) -> Refusal {
    Refusal::Failed(text.to_string())
}

async fn open(url: &str) -> Result<Db, Refusal> {
    open_existing(url).await.map_err(Refusal::No)
}

/// Open an existing database and bring its schema up to date (the commands that write).
async fn open_current(url: &str) -> Result<Db, Refusal> {
    existing_sqlite(url).map_err(Refusal::No)?;
    Db::connect(url).await.map_err(Refusal::No)
}

// ---------------------------------------------------------------- backup

/// A consistent copy of the SQLite database into `file` (new, 0600), while the server runs.
pub async fn backup(url: &str, file: &Path) -> Done {
    if sqlite_file(url).is_none() {
        return Err(no("backup copies a SQLite database; for PostgreSQL use pg_dump -Fc (docs/class-server.md, \"Backups\")."));
    }
    let db = open(url).await?;
    let out = create_private(file).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            no(format!("{} exists already: give a new file name.", file.display()))
        } else {
            no(format!("cannot write {}: {e}.", file.display()))
        }
    })?;
    drop(out);
    // VACUUM INTO writes into an empty file, which keeps the mode it was made with
    let copied =
        sqlx::query("VACUUM INTO $1").bind(file.to_string_lossy().as_ref()).execute(&db.pool).await;
    if let Err(e) = copied {
        let _ = std::fs::remove_file(file);
        return Err(failed(format!("backup into {}: {e}", file.display())));
    }
    let counts = row_counts(&db).await;
    db.pool.close().await;
    Ok(format!(
        "backup of {} ({}) written to {}",
        shown(url),
        counts_text(&counts),
        absolute(file).display()
    ))
}

// ---------------------------------------------------------------- restore

fn side(file: &Path, suffix: &str) -> PathBuf {
    let mut s = file.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

fn stamp() -> String {
    let ms = now_ms();
    let (date, rest) = (crate::util::iso(ms), ms / 1000 % 86_400);
    format!("{}-{:02}{:02}{:02}", &date[..10], rest / 3600, rest / 60 % 60, rest % 60)
}

/// Check a backup (SQLite's `integrity_check`, our tables, a schema this binary knows) and put it
/// in place of the database, which is kept beside it (`….before-restore-…`); refused while a
/// server uses the database. No stale `-wal` or `-shm` is left to be read with the new file.
pub async fn restore(url: &str, backup: &Path) -> Done {
    let Some(live) = sqlite_file(url) else {
        return Err(no("restore puts back a SQLite backup; for PostgreSQL use pg_restore (docs/class-server.md, \"Backups\")."));
    };
    if !backup.is_file() {
        return Err(no(format!("There is no backup at {}.", absolute(backup).display())));
    }
    if live.exists() && std::fs::canonicalize(&live).ok() == std::fs::canonicalize(backup).ok() {
        return Err(no("The backup is the database itself: name another file."));
    }
    if let Some(dir) = live.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| failed(format!("{}: {e}", dir.display())))?;
    }
    // the live file, locked: a running server holds it (shared), so this refuses
    let lock = if live.exists() {
        let f = std::fs::File::open(&live).map_err(failed)?;
        match f.try_lock() {
            Ok(()) => Some(f),
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(no(format!(
                "A server is using {}: stop it first (systemctl stop chess-tutor), then restore.",
                absolute(&live).display()
            )))
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(failed(e)),
        }
    } else {
        None
    };

    // the backup copied beside the database, and checked there (the backup is never written)
    let incoming = side(&live, ".restoring");
    for f in [side(&incoming, "-wal"), side(&incoming, "-shm"), incoming.clone()] {
        let _ = std::fs::remove_file(f);
    }
    {
        let mut to = create_private(&incoming).map_err(failed)?;
        let mut from = std::fs::File::open(backup).map_err(failed)?;
        std::io::copy(&mut from, &mut to).map_err(failed)?;
        to.sync_all().map_err(failed)?;
    }
    let checked = check_backup(&incoming).await;
    let counts = match checked {
        Ok(c) => c,
        Err(e) => {
            for f in [side(&incoming, "-wal"), side(&incoming, "-shm"), incoming.clone()] {
                let _ = std::fs::remove_file(f);
            }
            return Err(e);
        }
    };

    // the database being replaced, kept whole (its WAL included) beside it
    let mut kept = None;
    if live.exists() {
        let name = side(&live, &format!(".before-restore-{}", stamp()));
        let url = format!("sqlite://{}?mode=rw", live.display());
        let copied = match Db::connect_without_migrations(&url).await {
            Ok(db) => {
                let _ = create_private(&name);
                let r = sqlx::query("VACUUM INTO $1")
                    .bind(name.to_string_lossy().as_ref())
                    .execute(&db.pool)
                    .await;
                close(&db).await.ok();
                r.is_ok()
            }
            Err(_) => false,
        };
        if !copied {
            // unreadable (a damaged file): its bytes as they are, the WAL beside them
            let _ = std::fs::remove_file(&name);
            std::fs::copy(&live, &name).map_err(failed)?;
            if side(&live, "-wal").exists() {
                std::fs::copy(side(&live, "-wal"), side(&name, "-wal")).map_err(failed)?;
            }
        }
        kept = Some(name);
    }
    for f in [side(&live, "-wal"), side(&live, "-shm")] {
        match std::fs::remove_file(&f) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(failed(format!("cannot remove {}: {e}", f.display()))),
        }
    }
    std::fs::rename(&incoming, &live).map_err(failed)?;
    if let Some(dir) = live.parent() {
        let dir = if dir.as_os_str().is_empty() { Path::new(".") } else { dir };
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
    }
    drop(lock);
    Ok(format!(
        "restored {} from {} ({}){}",
        absolute(&live).display(),
        absolute(backup).display(),
        counts_text(&counts),
        kept.map(|k| format!("; the database it replaced is kept as {}", absolute(&k).display()))
            .unwrap_or_default()
    ))
}

/// A backup's checks; its row counts.
async fn check_backup(file: &Path) -> Result<Vec<(&'static str, i64)>, Refusal> {
    let url = format!("sqlite://{}?mode=rw", file.display());
    let not_ours = |why: String| no(format!("This file is not a chess-tutor backup ({why})."));
    let db = Db::connect_without_migrations(&url).await.map_err(not_ours)?;
    let result = async {
        let rows = sqlx::query("PRAGMA integrity_check")
            .fetch_all(&db.pool)
            .await
            .map_err(|e| not_ours(e.to_string()))?;
        let first: String = rows
            .first()
            .and_then(|r| r.try_get::<String, _>(0).ok())
            .unwrap_or_default();
        if first != "ok" {
            // one sentence on one line: SQLite's finding may run over several
            let first = first.split_whitespace().collect::<Vec<_>>().join(" ");
            return Err(no(format!(
                "The backup is damaged (SQLite's integrity check: {first}): take another one."
            )));
        }
        let theirs = schema_of(&db).await;
        if theirs > known_schema() {
            return Err(no(format!(
                "The backup has schema {theirs}, made by a newer chess-tutor-server (this one knows schema {}): restore it with the newer binary.",
                known_schema()
            )));
        }
        if theirs == 0 {
            return Err(not_ours("no migrations table".into()));
        }
        let counts = row_counts(&db).await;
        if counts.iter().any(|(_, n)| *n < 0) {
            return Err(not_ours("a table is missing".into()));
        }
        Ok(counts)
    }
    .await;
    close(&db).await.ok();
    result
}

// ---------------------------------------------------------------- purge

/// Milliseconds at the start of `date` (YYYY-MM-DD, UTC).
pub fn day_start(date: &str) -> Option<i64> {
    if !crate::util::is_date(date) {
        return None;
    }
    let (y, m, d): (i64, i64, i64) =
        (date[0..4].parse().ok()?, date[5..7].parse().ok()?, date[8..10].parse().ok()?);
    Some(chess_tutor::calendar::days_from_civil(y, m, d) * 86_400_000)
}

/// Remove attempts made before `date`, and classes made before it that have no attempt since
/// (with their pupils and homework). `dry` counts without removing.
pub async fn purge(url: &str, date: &str, dry: bool) -> Done {
    let Some(before) = day_start(date) else {
        return Err(no(format!("--before {date:?}: give a date as YYYY-MM-DD.")));
    };
    if before > now_ms() {
        return Err(no(format!("--before {date}: the date is in the future; give a past one.")));
    }
    let db = open_current(url).await?;
    let old_classes = "SELECT id FROM classes WHERE created < $1 AND NOT EXISTS \
         (SELECT 1 FROM attempts a WHERE a.class = classes.id AND a.at >= $1)";
    let count = |q: String| {
        let db = db.clone();
        async move {
            sqlx::query(&q)
                .bind(before)
                .fetch_one(&db.pool)
                .await
                .and_then(|r| r.try_get::<i64, _>("n"))
        }
    };
    let classes =
        count(format!("SELECT COUNT(*) AS n FROM ({old_classes}) AS c")).await.map_err(failed)?;
    let pupils = count(format!("SELECT COUNT(*) AS n FROM pupils WHERE class IN ({old_classes})"))
        .await
        .map_err(failed)?;
    let attempts =
        count("SELECT COUNT(*) AS n FROM attempts WHERE at < $1".into()).await.map_err(failed)?;
    let what = format!(
        "{attempts} attempts made before {date}, and {classes} classes made before it with no attempt since ({pupils} pupils)"
    );
    if dry {
        close(&db).await.ok();
        return Ok(format!("would remove from {}: {what}", shown(url)));
    }
    let removed = async {
        let mut tx = db.pool.begin().await?;
        sqlx::query("DELETE FROM attempts WHERE at < $1")
            .bind(before)
            .execute(&mut *tx)
            .await?;
        let ids: Vec<String> = sqlx::query(old_classes)
            .bind(before)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|r| r.try_get("id"))
            .collect::<Result<_, _>>()?;
        for id in &ids {
            for q in [
                "DELETE FROM attempts WHERE class = $1",
                "DELETE FROM assignments WHERE class = $1",
                "DELETE FROM sessions WHERE role = 'pupil' AND subject IN (SELECT id FROM pupils WHERE class = $1)",
                "DELETE FROM pupils WHERE class = $1",
                "DELETE FROM classes WHERE id = $1",
            ] {
                sqlx::query(q).bind(id).execute(&mut *tx).await?;
            }
        }
        tx.commit().await
    }
    .await;
    removed.map_err(failed)?;
    scrub(&db).await;
    close(&db).await.ok();
    Ok(format!("removed from {}: {what}", shown(url)))
}

/// After a removal: SQLite's deleted pages are zeroed already (`secure_delete`); PostgreSQL
/// keeps dead rows in its files until a `VACUUM FULL` rewrites the tables.
pub async fn scrub(db: &Db) {
    if db.backend == Backend::Postgres {
        for t in ["attempts", "pupils", "classes", "assignments", "teachers", "lessons", "sessions"]
        {
            let _ = sqlx::query(&format!("VACUUM FULL {t}")).execute(&db.pool).await;
        }
    }
}

// ---------------------------------------------------------------- teachers

/// A new password for the teacher of `login` (printed once: the server sends no mail); her
/// sessions end and her failed sign-ins are forgotten.
pub async fn reset_password(url: &str, login: &str) -> Done {
    let login = login.trim().to_lowercase();
    let db = open_current(url).await?;
    let Some(t) = db.teacher_by(TeacherKey::Login(&login)).await.map_err(failed)? else {
        close(&db).await.ok();
        return Err(no(format!("There is no teacher with the login {login:?} in {}.", shown(url))));
    };
    let password = random_text(b"abcdefghjkmnpqrstuvwxyz23456789", 12);
    let hash = crate::auth::hash_password(&password).map_err(|e| failed(e.body.message))?;
    db.set_teacher_password(&t.id, &t.login, &hash).await.map_err(failed)?;
    close(&db).await.ok();
    Ok(format!(
        "The new password of {login} is {password} (tell it to her; she can change it on her page: For teachers, My account)."
    ))
}

/// An invitation code for one teacher's sign-up (with `--signup invite`), valid `days` days.
pub async fn invite(url: &str, days: i64) -> Done {
    if !(1..=365).contains(&days) {
        return Err(no("--days: give 1 to 365 days."));
    }
    let db = open_current(url).await?;
    let code = format!(
        "{}-{}-{}",
        random_text(crate::util::CODE_ALPHABET, 4),
        random_text(crate::util::CODE_ALPHABET, 4),
        random_text(crate::util::CODE_ALPHABET, 4)
    );
    let expires = now_ms() + days * 86_400_000;
    sqlx::query("INSERT INTO invitations (code, created, expires, used) VALUES ($1, $2, $3, 0)")
        .bind(sha256_hex(&code))
        .bind(now_ms())
        .bind(expires)
        .execute(&db.pool)
        .await
        .map_err(failed)?;
    close(&db).await.ok();
    Ok(format!(
        "Invitation code for one teacher (until {}): {code}",
        &crate::util::iso(expires)[..10]
    ))
}

// ---------------------------------------------------------------- export

/// Everything kept about one pupil, as JSON (her name, class, teacher's name, picture password,
/// every attempt): what a parent may ask for.
pub async fn export_pupil(url: &str, pupil: &str) -> Done {
    let db = open(url).await?;
    let mut found = db.pupil_class(pupil).await.map_err(failed)?;
    if found.is_none() {
        // by her name, when only one pupil has it
        let rows = sqlx::query("SELECT p.id, c.name AS class, c.code FROM pupils p JOIN classes c ON c.id = p.class WHERE p.name = $1 ORDER BY c.name, p.id")
            .bind(pupil.trim())
            .fetch_all(&db.pool)
            .await
            .map_err(failed)?;
        let get = |r: &sqlx::any::AnyRow, k: &str| r.try_get::<String, _>(k).unwrap_or_default();
        if rows.len() > 1 {
            close(&db).await.ok();
            let list: Vec<String> = rows
                .iter()
                .map(|r| {
                    format!("{} (class {}, code {})", get(r, "id"), get(r, "class"), get(r, "code"))
                })
                .collect();
            return Err(no(format!(
                "{} pupils are named {pupil:?}: give one id of {}.",
                rows.len(),
                list.join(", ")
            )));
        }
        if let Some(r) = rows.first() {
            found = db.pupil_class(&get(r, "id")).await.map_err(failed)?;
        }
    }
    let Some((p, c)) = found else {
        close(&db).await.ok();
        return Err(no(format!(
            "There is no pupil with the id or the name {pupil:?} in {}.",
            shown(url)
        )));
    };
    let teacher = db.teacher_by(TeacherKey::Id(&c.teacher)).await.map_err(failed)?;
    let rows = sqlx::query("SELECT id, lesson, moves, answers, hints, ms, stars, solved, at, hints_at FROM attempts WHERE pupil = $1 ORDER BY at, id")
        .bind(&p.id)
        .fetch_all(&db.pool)
        .await
        .map_err(failed)?;
    let mut attempts = Vec::new();
    for r in &rows {
        let get = |k: &str| r.try_get::<String, _>(k).unwrap_or_default();
        let num = |k: &str| r.try_get::<i64, _>(k).unwrap_or_default();
        attempts.push(serde_json::json!({
            "id": get("id"),
            "lesson": get("lesson"),
            "at": crate::util::iso(num("at")),
            "moves": serde_json::from_str::<serde_json::Value>(&get("moves")).unwrap_or_default(),
            "answers": serde_json::from_str::<serde_json::Value>(&get("answers")).unwrap_or_default(),
            "hints": num("hints"),
            "hintsAt": serde_json::from_str::<serde_json::Value>(&get("hints_at")).unwrap_or_default(),
            "ms": num("ms"),
            "stars": num("stars"),
            "solved": num("solved") != 0,
        }));
    }
    close(&db).await.ok();
    let out = serde_json::json!({
        "exported": crate::util::iso(now_ms()),
        "pupil": {"id": p.id, "name": p.name, "pictures": p.pictures},
        "class": {"id": c.id, "name": c.name, "code": c.code},
        "teacher": teacher.map(|t| serde_json::json!({"name": t.name, "login": t.login})),
        "attempts": attempts,
    });
    Ok(serde_json::to_string_pretty(&out).unwrap_or_default())
}
