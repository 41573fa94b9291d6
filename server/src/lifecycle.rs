//! The database's life outside a request: which database a command names (`--db FILE` or
//! `DATABASE_URL`), the checks at start (a schema newer than this binary, a database that refuses
//! writes), the clean stop (the WAL checkpointed into the `.sqlite` file), the lock a running
//! server holds on its SQLite file (so that `restore` refuses while it runs), and the files made
//! readable by their owner only.

use crate::db::{Backend, Db, MIGRATOR};
use sqlx::Row;
use std::path::{Path, PathBuf};

/// The database when none is named: a SQLite file in the working folder.
pub const DEFAULT_DATABASE: &str = "sqlite://data/chess-tutor.sqlite";

/// The database's URL from `--db` (a file, or a URL) or else `DATABASE_URL`, else the default.
pub fn database_url(db: Option<&str>) -> String {
    match db.map(str::trim).filter(|d| !d.is_empty()) {
        Some(d) if d.starts_with("sqlite:") || d.starts_with("postgres") => d.to_string(),
        Some(file) => format!("sqlite://{file}"),
        None => std::env::var("DATABASE_URL")
            .ok()
            .filter(|u| !u.is_empty())
            .unwrap_or_else(|| DEFAULT_DATABASE.into()),
    }
}

/// The file of a SQLite URL (`None` for PostgreSQL or `:memory:`).
pub fn sqlite_file(url: &str) -> Option<PathBuf> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let file = rest.split('?').next().unwrap_or("");
    (!file.is_empty() && file != ":memory:").then(|| PathBuf::from(file))
}

/// A URL shown to people: a file's absolute path, or PostgreSQL's host and database without the
/// password.
pub fn shown(url: &str) -> String {
    if let Some(file) = sqlite_file(url) {
        return absolute(&file).display().to_string();
    }
    match url.split_once("://") {
        Some((scheme, rest)) => {
            let after = rest.rsplit_once('@').map_or(rest, |(_, h)| h);
            format!("{scheme}://{}", after.split('?').next().unwrap_or(""))
        }
        None => url.to_string(),
    }
}

pub fn absolute(file: &Path) -> PathBuf {
    std::path::absolute(file).unwrap_or_else(|_| file.to_path_buf())
}

/// Make a new empty file readable and writable by its owner only (0600); an error if it exists.
pub fn create_private(file: &Path) -> std::io::Result<std::fs::File> {
    let mut o = std::fs::OpenOptions::new();
    o.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.mode(0o600);
    }
    o.open(file)
}

/// The SQLite file of `url`, which must exist (a command other than serving never makes one).
pub fn existing_sqlite(url: &str) -> Result<Option<PathBuf>, String> {
    let Some(file) = sqlite_file(url) else {
        return Ok(None);
    };
    if !file.is_file() {
        return Err(format!(
            "There is no database at {}: name it with --db FILE (or DATABASE_URL=sqlite://FILE).",
            absolute(&file).display()
        ));
    }
    Ok(Some(file))
}

/// Open an existing database without making it and without running the migrations (for the
/// admin's commands that read or copy it).
pub async fn open_existing(url: &str) -> Result<Db, String> {
    let url = match existing_sqlite(url)? {
        Some(file) => format!("sqlite://{}?mode=rw", file.display()),
        None => url.to_string(),
    };
    let db = Db::connect_without_migrations(&url).await?;
    if !is_ours(&db).await {
        return Err(format!(
            "{} is not a chess-tutor database (it has no teachers table).",
            shown(&url)
        ));
    }
    Ok(db)
}

async fn is_ours(db: &Db) -> bool {
    sqlx::query("SELECT COUNT(*) AS n FROM teachers").fetch_one(&db.pool).await.is_ok()
}

/// The newest migration this binary knows.
pub fn known_schema() -> i64 {
    MIGRATOR.iter().map(|m| m.version).max().unwrap_or(0)
}

/// The newest migration applied to the database (0 for a new one).
pub async fn schema_of(db: &Db) -> i64 {
    sqlx::query("SELECT MAX(version) AS v FROM _sqlx_migrations WHERE success = TRUE")
        .fetch_one(&db.pool)
        .await
        .ok()
        .and_then(|r| r.try_get::<Option<i64>, _>("v").ok().flatten())
        .unwrap_or(0)
}

/// One sentence when the database was made by a newer binary (whose migrations this one does not
/// have): it is never touched then.
pub async fn refuse_newer_schema(db: &Db) -> Result<(), String> {
    let (theirs, ours) = (schema_of(db).await, known_schema());
    if theirs > ours {
        return Err(format!(
            "This database has schema {theirs}, made by a newer chess-tutor-server (this one knows schema {ours}): run the newer binary, or restore the backup taken before the upgrade."
        ));
    }
    Ok(())
}

/// Whether the database takes a write: a row written and rolled back (nothing is kept).
pub async fn try_write(db: &Db) -> Result<(), String> {
    let probe = async {
        let mut tx = db.pool.begin().await?;
        sqlx::query("INSERT INTO sign_in_failures (key, at) VALUES ('write-probe', 0)")
            .execute(&mut *tx)
            .await?;
        tx.rollback().await
    };
    probe.await.map_err(|e: sqlx::Error| e.to_string())
}

/// At start: a database that refuses writes (a read-only file or folder, a read-only replica)
/// is one sentence, not a server that answers `ok` while every write fails.
pub async fn refuse_read_only(db: &Db, url: &str) -> Result<(), String> {
    try_write(db).await.map_err(|e| {
        let whose = if db.backend == Backend::Sqlite {
            "give the server's user write access to the file and its folder"
        } else {
            "give the server's role write access (not a read-only replica)"
        };
        format!("The database {} refuses writes ({e}): {whose}.", shown(url))
    })
}

/// The clean stop: the WAL checkpointed into the database file and truncated (so that the
/// `.sqlite` file alone holds everything), then the pool closed.
pub async fn close(db: &Db) -> Result<(), String> {
    let mut result = Ok(());
    if db.backend == Backend::Sqlite {
        let row = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .fetch_one(&db.pool)
            .await
            .map_err(|e| format!("checkpoint: {e}"));
        // (busy, log frames, checkpointed frames): busy 1 means a reader held it back
        if let Ok(r) = &row {
            if r.try_get::<i64, _>(0).unwrap_or(0) != 0 {
                result = Err("checkpoint: the WAL was busy".to_string());
            }
        }
        if let Err(e) = row {
            result = Err(e);
        }
    }
    db.pool.close().await;
    result
}

/// The rows of each table a person cares about, for `backup` and `restore` to name.
pub async fn row_counts(db: &Db) -> Vec<(&'static str, i64)> {
    let mut out = Vec::new();
    for table in ["teachers", "classes", "pupils", "assignments", "lessons", "attempts"] {
        let n = sqlx::query(&format!("SELECT COUNT(*) AS n FROM {table}"))
            .fetch_one(&db.pool)
            .await
            .and_then(|r| r.try_get::<i64, _>("n"))
            .unwrap_or(-1);
        out.push((table, n));
    }
    out
}

/// "2 teachers, 3 classes, …".
pub fn counts_text(counts: &[(&str, i64)]) -> String {
    counts.iter().map(|(t, n)| format!("{n} {t}")).collect::<Vec<_>>().join(", ")
}

/// The lock a running server holds on its SQLite file (shared: `backup` and the other commands
/// still run; `restore` takes it exclusively and so refuses while a server runs). Held as long as
/// the returned file lives; the system drops it when the process ends, even killed.
pub fn hold(url: &str) -> Result<Option<std::fs::File>, String> {
    let Some(file) = sqlite_file(url) else {
        return Ok(None);
    };
    let f = std::fs::File::open(&file)
        .map_err(|e| format!("cannot open {}: {e}", absolute(&file).display()))?;
    match f.try_lock_shared() {
        Ok(()) => Ok(Some(f)),
        Err(std::fs::TryLockError::WouldBlock) => Err(format!(
            "{} is being restored: start the server when the restore has finished.",
            absolute(&file).display()
        )),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(format!("cannot lock {}: {e}", absolute(&file).display()))
        }
    }
}

/// `/health`'s write check, done at most once a second whatever the number of callers (a flood
/// of health checks does not queue writes behind the pupils' attempts).
#[derive(Default)]
pub struct WriteCheck(tokio::sync::Mutex<Option<(std::time::Instant, Result<(), String>)>>);

impl WriteCheck {
    pub async fn check(&self, db: &Db) -> Result<(), String> {
        let mut last = self.0.lock().await;
        if let Some((at, result)) = &*last {
            if at.elapsed() < std::time::Duration::from_secs(1) {
                return result.clone();
            }
        }
        let result = try_write(db).await;
        *last = Some((std::time::Instant::now(), result.clone()));
        result
    }
}
