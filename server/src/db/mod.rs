//! The store: every query of the server, over `sqlx::Any`, so that one implementation serves
//! SQLite (the default, a file in WAL mode) and PostgreSQL (`DATABASE_URL=postgres://…`). The SQL
//! is portable (`$1` parameters, `ON CONFLICT`, BIGINT times and flags); the migrations are
//! embedded in the binary and run at start.
//!
//! One module per resource, each with its rows and its queries (`impl Db`); lookups by typed keys
//! ([`TeacherKey`], [`ClassKey`], [`AttemptsOf`]), never by a column's name in a string.

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::AnyPool;
use std::str::FromStr;

mod assignments;
mod attempts;
mod classes;
mod lessons;
mod pupils;
mod results;
mod sessions;
mod teachers;

pub use assignments::*;
pub use attempts::*;
pub use classes::*;
pub use pupils::*;
pub use results::*;
pub use teachers::*;

/// The database behind the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Clone)]
pub struct Db {
    pub pool: AnyPool,
    pub backend: Backend,
}

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// `sqlite://FILE` (made with its folder if missing) or `postgres://…`.
pub fn normalize_url(url: &str) -> Result<(String, Backend), String> {
    if let Some(rest) = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:")) {
        let file = rest.split('?').next().unwrap_or("");
        if file.is_empty() {
            return Err("DATABASE_URL: sqlite://FILE needs a file name".into());
        }
        if file != ":memory:" {
            if let Some(dir) =
                std::path::Path::new(file).parent().filter(|d| !d.as_os_str().is_empty())
            {
                std::fs::create_dir_all(dir)
                    .map_err(|e| format!("cannot make the folder {}: {e}", dir.display()))?;
            }
            // a new database is readable by its owner only (its -wal and -shm follow the file)
            let path = std::path::Path::new(file);
            if !path.exists() && (!rest.contains('?') || rest.contains("mode=rwc")) {
                let _ = crate::lifecycle::create_private(path);
            }
        }
        let url = if rest.contains('?') {
            format!("sqlite://{rest}")
        } else {
            format!("sqlite://{rest}?mode=rwc")
        };
        Ok((url, Backend::Sqlite))
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok((url.to_string(), Backend::Postgres))
    } else {
        Err(format!(
            "DATABASE_URL must begin with sqlite:// or postgres:// (it begins with {:?})",
            url.chars().take(12).collect::<String>()
        ))
    }
}

/// Whether an error is a unique constraint's (a login or a class code taken).
fn is_unique(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

impl Db {
    /// Connect, set SQLite's pragmas (WAL, a busy timeout) and run the migrations.
    pub async fn connect(url: &str) -> Result<Db, String> {
        let db = Db::connect_without_migrations(url).await?;
        crate::lifecycle::refuse_newer_schema(&db).await?;
        MIGRATOR
            .run(&db.pool)
            .await
            .map_err(|e| format!("the database's migrations failed: {e}"))?;
        crate::lifecycle::refuse_read_only(&db, url).await?;
        Ok(db)
    }

    /// Connect and set SQLite's pragmas, without running the migrations (the tests of the
    /// migrations start from an older schema).
    pub async fn connect_without_migrations(url: &str) -> Result<Db, String> {
        sqlx::any::install_default_drivers();
        let (url, backend) = normalize_url(url)?;
        let options =
            AnyConnectOptions::from_str(&url).map_err(|e| format!("DATABASE_URL: {e}"))?;
        let max = if backend == Backend::Sqlite { 8 } else { 16 };
        let pool = AnyPoolOptions::new()
            .max_connections(max)
            .acquire_timeout(std::time::Duration::from_secs(30))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        for pragma in [
                            "PRAGMA journal_mode = WAL",
                            "PRAGMA synchronous = NORMAL",
                            "PRAGMA busy_timeout = 10000",
                            "PRAGMA foreign_keys = ON",
                            // what is deleted is overwritten (a removed pupil's name is gone
                            // from the file), and the WAL is cut back to 64 MiB after a checkpoint
                            "PRAGMA secure_delete = ON",
                            "PRAGMA journal_size_limit = 67108864",
                        ] {
                            sqlx::query(pragma).execute(&mut *conn).await?;
                        }
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await
            .map_err(|e| {
                format!("cannot open the database {}: {e}", crate::lifecycle::shown(&url))
            })?;
        Ok(Db { pool, backend })
    }

    /// A consistent copy of the SQLite database into `file` (while the server runs).
    pub async fn backup(&self, file: &str) -> Result<(), String> {
        if self.backend != Backend::Sqlite {
            return Err("backup copies a SQLite database; for PostgreSQL use pg_dump".into());
        }
        sqlx::query("VACUUM INTO $1")
            .bind(file)
            .execute(&self.pool)
            .await
            .map_err(|e| format!("backup into {file}: {e}"))?;
        Ok(())
    }
}
