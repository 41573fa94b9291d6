//! The store: every query of the server, over `sqlx::Any`, so that one implementation serves
//! SQLite (the default, a file in WAL mode) and PostgreSQL (`DATABASE_URL=postgres://…`). The SQL
//! is portable (`$1` parameters, `ON CONFLICT`, BIGINT times and flags); the migrations are
//! embedded in the binary and run at start.

use crate::util::{new_code, new_id, now_ms};
use chess_tutor::lesson::judge::Verdict;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Row};
use std::str::FromStr;

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

// ---------------------------------------------------------------- rows

#[derive(Clone, Debug)]
pub struct TeacherRow {
    pub id: String,
    pub name: String,
    pub login: String,
    pub password: String,
}

#[derive(Clone, Debug)]
pub struct ClassRow {
    pub id: String,
    pub teacher: String,
    pub name: String,
    pub code: String,
}

#[derive(Clone, Debug)]
pub struct PupilRow {
    pub id: String,
    pub class: String,
    pub name: String,
    pub pictures: Vec<String>,
    pub failures: i64,
    pub locked_until: i64,
}

#[derive(Clone, Debug)]
pub struct AssignmentRow {
    pub id: String,
    pub lessons: Vec<String>,
    pub due: Option<String>,
    pub pass: Option<i64>,
    pub created: i64,
    /// Skills to practise until mastered (ids of lessons/skills.json).
    pub practice: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct AttemptRow {
    pub id: String,
    pub pupil: String,
    pub class: String,
    pub lesson: String,
    pub moves: Vec<String>,
    pub answers: Vec<usize>,
    pub hints: i64,
    pub ms: i64,
    pub stars: i64,
    pub solved: bool,
    pub at: i64,
    /// The judge's verdict of each entry of `moves` (empty for attempts stored before them).
    pub verdicts: Vec<Verdict>,
    /// After how many entries of `moves` each hint was asked.
    pub hints_at: Vec<u32>,
}

/// A pupil's results at one lesson: best stars, attempts, solved, hints and time in all, last.
#[derive(Clone, Debug)]
pub struct ResultRow {
    pub pupil: String,
    pub lesson: String,
    pub stars: i64,
    pub attempts: i64,
    pub solved: bool,
    pub hints: i64,
    pub ms: i64,
    pub last: i64,
}

fn pictures_of(text: &str) -> Vec<String> {
    text.split('-').map(str::to_string).collect()
}

fn pupil_row(r: &sqlx::any::AnyRow) -> Result<PupilRow, sqlx::Error> {
    Ok(PupilRow {
        id: r.try_get("id")?,
        class: r.try_get("class")?,
        name: r.try_get("name")?,
        pictures: pictures_of(&r.try_get::<String, _>("pictures")?),
        failures: r.try_get("failures")?,
        locked_until: r.try_get("locked_until")?,
    })
}

fn class_row(r: &sqlx::any::AnyRow) -> Result<ClassRow, sqlx::Error> {
    Ok(ClassRow {
        id: r.try_get("id")?,
        teacher: r.try_get("teacher")?,
        name: r.try_get("name")?,
        code: r.try_get("code")?,
    })
}

fn attempt_row(r: &sqlx::any::AnyRow) -> Result<AttemptRow, sqlx::Error> {
    let moves: String = r.try_get("moves")?;
    let answers: String = r.try_get("answers")?;
    Ok(AttemptRow {
        id: r.try_get("id")?,
        pupil: r.try_get("pupil")?,
        class: r.try_get("class")?,
        lesson: r.try_get("lesson")?,
        moves: serde_json::from_str(&moves).unwrap_or_default(),
        answers: serde_json::from_str(&answers).unwrap_or_default(),
        hints: r.try_get("hints")?,
        ms: r.try_get("ms")?,
        stars: r.try_get("stars")?,
        solved: r.try_get::<i64, _>("solved")? != 0,
        at: r.try_get("at")?,
        verdicts: serde_json::from_str(&r.try_get::<String, _>("verdicts")?).unwrap_or_default(),
        hints_at: serde_json::from_str(&r.try_get::<String, _>("hints_at")?).unwrap_or_default(),
    })
}

const PUPIL_COLS: &str = "id, class, name, pictures, failures, locked_until";
const ATTEMPT_COLS: &str =
    "id, pupil, class, lesson, moves, answers, hints, ms, stars, solved, at, verdicts, hints_at";

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

    // ------------------------------------------------------------ teachers and sessions

    /// A new teacher; `None` when the login is taken.
    pub async fn create_teacher(
        &self,
        name: &str,
        login: &str,
        password_hash: &str,
    ) -> Result<Option<String>, sqlx::Error> {
        let id = new_id();
        let r = sqlx::query(
            "INSERT INTO teachers (id, name, login, password, created) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&id)
        .bind(name)
        .bind(login)
        .bind(password_hash)
        .bind(now_ms())
        .execute(&self.pool)
        .await;
        match r {
            Ok(_) => Ok(Some(id)),
            Err(e) if is_unique(&e) => Ok(None),
            Err(e) => Err(e),
        }
    }

    pub async fn teacher_by(
        &self,
        column: &str,
        value: &str,
    ) -> Result<Option<TeacherRow>, sqlx::Error> {
        let column = if column == "login" { "login" } else { "id" };
        let q = format!("SELECT id, name, login, password FROM teachers WHERE {column} = $1");
        let row = sqlx::query(&q).bind(value).fetch_optional(&self.pool).await?;
        row.map(|r| {
            Ok(TeacherRow {
                id: r.try_get("id")?,
                name: r.try_get("name")?,
                login: r.try_get("login")?,
                password: r.try_get("password")?,
            })
        })
        .transpose()
    }

    pub async fn create_session(
        &self,
        token_hash: &str,
        role: &str,
        subject: &str,
        expires: i64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query("INSERT INTO sessions (token, role, subject, expires) VALUES ($1, $2, $3, $4)")
            .bind(token_hash)
            .bind(role)
            .bind(subject)
            .bind(expires)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The role and subject of a session not expired.
    pub async fn session(&self, token_hash: &str) -> Result<Option<(String, String)>, sqlx::Error> {
        let row =
            sqlx::query("SELECT role, subject FROM sessions WHERE token = $1 AND expires > $2")
                .bind(token_hash)
                .bind(now_ms())
                .fetch_optional(&self.pool)
                .await?;
        row.map(|r| Ok((r.try_get("role")?, r.try_get("subject")?))).transpose()
    }

    pub async fn delete_session(&self, token_hash: &str) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM sessions WHERE token = $1")
            .bind(token_hash)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Expired sessions and old sign-in failures go (called now and then).
    pub async fn prune(&self, failures_before: i64) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM sessions WHERE expires <= $1")
            .bind(now_ms())
            .execute(&self.pool)
            .await?;
        sqlx::query("DELETE FROM sign_in_failures WHERE at < $1")
            .bind(failures_before)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Failures of `key` since `since`: how many, and the oldest.
    pub async fn failures(&self, key: &str, since: i64) -> Result<(i64, Option<i64>), sqlx::Error> {
        let r = sqlx::query("SELECT COUNT(*) AS n, MIN(at) AS oldest FROM sign_in_failures WHERE key = $1 AND at >= $2").bind(key).bind(since).fetch_one(&self.pool).await?;
        Ok((r.try_get("n")?, r.try_get("oldest")?))
    }

    pub async fn add_failure(&self, key: &str, at: i64) -> Result<(), sqlx::Error> {
        sqlx::query("INSERT INTO sign_in_failures (key, at) VALUES ($1, $2)")
            .bind(key)
            .bind(at)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    // ------------------------------------------------------------ classes

    /// A new class with a code not yet used.
    pub async fn create_class(&self, teacher: &str, name: &str) -> Result<ClassRow, sqlx::Error> {
        let id = new_id();
        let mut tries = 0;
        loop {
            let code = new_code();
            let r = sqlx::query("INSERT INTO classes (id, teacher, name, code, created) VALUES ($1, $2, $3, $4, $5)")
                .bind(&id)
                .bind(teacher)
                .bind(name)
                .bind(&code)
                .bind(now_ms())
                .execute(&self.pool)
                .await;
            match r {
                Ok(_) => {
                    return Ok(ClassRow { id, teacher: teacher.into(), name: name.into(), code })
                }
                Err(e) if is_unique(&e) && tries < 20 => tries += 1,
                Err(e) => return Err(e),
            }
        }
    }

    /// A teacher's classes with their number of pupils.
    pub async fn classes(&self, teacher: &str) -> Result<Vec<(ClassRow, i64)>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT c.id, c.teacher, c.name, c.code, (SELECT COUNT(*) FROM pupils p WHERE p.class = c.id) AS n \
             FROM classes c WHERE c.teacher = $1 ORDER BY c.created, c.id",
        )
        .bind(teacher)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| Ok((class_row(r)?, r.try_get("n")?))).collect()
    }

    /// The class `id` when it is `teacher`'s.
    pub async fn class_of(&self, teacher: &str, id: &str) -> Result<Option<ClassRow>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT id, teacher, name, code FROM classes WHERE id = $1 AND teacher = $2",
        )
        .bind(id)
        .bind(teacher)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(class_row).transpose()
    }

    pub async fn class_by(
        &self,
        column: &str,
        value: &str,
    ) -> Result<Option<ClassRow>, sqlx::Error> {
        let column = if column == "code" { "code" } else { "id" };
        let q = format!("SELECT id, teacher, name, code FROM classes WHERE {column} = $1");
        let row = sqlx::query(&q).bind(value).fetch_optional(&self.pool).await?;
        row.as_ref().map(class_row).transpose()
    }

    /// Remove a class: its attempts, assignments, pupils (and their sessions), then the class.
    pub async fn delete_class(&self, id: &str) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM tries WHERE id IN (SELECT id FROM attempts WHERE class = $1)")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM known_devices WHERE subject IN (SELECT 'pupil:' || id FROM pupils WHERE class = $1)")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM sign_in_failures WHERE EXISTS (SELECT 1 FROM pupils p WHERE p.class = $1 AND (sign_in_failures.key = 'pupil:' || p.id OR sign_in_failures.key LIKE 'pupil:' || p.id || ':%'))")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM attempts WHERE class = $1").bind(id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM assignments WHERE class = $1").bind(id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM sessions WHERE role = 'pupil' AND subject IN (SELECT id FROM pupils WHERE class = $1)").bind(id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM pupils WHERE class = $1").bind(id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM classes WHERE id = $1").bind(id).execute(&mut *tx).await?;
        tx.commit().await
    }

    // ------------------------------------------------------------ pupils

    pub async fn add_pupils(
        &self,
        class: &str,
        pupils: &[(String, Vec<String>)],
    ) -> Result<Vec<PupilRow>, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let mut out = Vec::new();
        let now = now_ms();
        for (k, (name, pictures)) in pupils.iter().enumerate() {
            let id = new_id();
            sqlx::query("INSERT INTO pupils (id, class, name, pictures, failures, locked_until, created) VALUES ($1, $2, $3, $4, 0, 0, $5)")
                .bind(&id)
                .bind(class)
                .bind(name)
                .bind(pictures.join("-"))
                .bind(now + k as i64)
                .execute(&mut *tx)
                .await?;
            out.push(PupilRow {
                id,
                class: class.into(),
                name: name.clone(),
                pictures: pictures.clone(),
                failures: 0,
                locked_until: 0,
            });
        }
        tx.commit().await?;
        Ok(out)
    }

    pub async fn pupils(&self, class: &str) -> Result<Vec<PupilRow>, sqlx::Error> {
        let q = format!("SELECT {PUPIL_COLS} FROM pupils WHERE class = $1 ORDER BY created, id");
        let rows = sqlx::query(&q).bind(class).fetch_all(&self.pool).await?;
        rows.iter().map(pupil_row).collect()
    }

    pub async fn pupil(&self, id: &str) -> Result<Option<PupilRow>, sqlx::Error> {
        let q = format!("SELECT {PUPIL_COLS} FROM pupils WHERE id = $1");
        let row = sqlx::query(&q).bind(id).fetch_optional(&self.pool).await?;
        row.as_ref().map(pupil_row).transpose()
    }

    /// A pupil and her class, in one query.
    pub async fn pupil_class(&self, id: &str) -> Result<Option<(PupilRow, ClassRow)>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT p.id, p.class, p.name, p.pictures, p.failures, p.locked_until, c.teacher, c.name AS class_name, c.code \
             FROM pupils p JOIN classes c ON c.id = p.class WHERE p.id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| {
            let p = pupil_row(&r)?;
            let c = ClassRow {
                id: p.class.clone(),
                teacher: r.try_get("teacher")?,
                name: r.try_get("class_name")?,
                code: r.try_get("code")?,
            };
            Ok((p, c))
        })
        .transpose()
    }

    /// The pupil `id` when she is in one of `teacher`'s classes.
    pub async fn pupil_of(&self, teacher: &str, id: &str) -> Result<Option<PupilRow>, sqlx::Error> {
        let q = format!("SELECT {} FROM pupils p JOIN classes c ON c.id = p.class WHERE p.id = $1 AND c.teacher = $2", PUPIL_COLS.split(", ").map(|c| format!("p.{c}")).collect::<Vec<_>>().join(", "));
        let row = sqlx::query(&q).bind(id).bind(teacher).fetch_optional(&self.pool).await?;
        row.as_ref().map(pupil_row).transpose()
    }

    pub async fn set_pictures(&self, id: &str, pictures: &[String]) -> Result<(), sqlx::Error> {
        sqlx::query(
            "UPDATE pupils SET pictures = $1, failures = 0, locked_until = 0 WHERE id = $2",
        )
        .bind(pictures.join("-"))
        .bind(id)
        .execute(&self.pool)
        .await?;
        sqlx::query("DELETE FROM sessions WHERE role = 'pupil' AND subject = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn unlock(&self, id: &str) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE pupils SET failures = 0, locked_until = 0 WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A wrong picture: one failure more; the `limit`-th locks the pupil until `until`.
    pub async fn wrong_pictures(
        &self,
        id: &str,
        limit: i64,
        until: i64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query(
            "UPDATE pupils SET locked_until = CASE WHEN failures + 1 >= $1 THEN $2 ELSE locked_until END, \
             failures = CASE WHEN failures + 1 >= $1 THEN 0 ELSE failures + 1 END WHERE id = $3",
        )
        .bind(limit)
        .bind(until)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn right_pictures(&self, id: &str) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE pupils SET failures = 0 WHERE id = $1 AND failures <> 0")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Remove a pupil, her attempts (and how each try ended), her sessions, her sign-in tries and
    /// the devices she signed in on: nothing keeps her id.
    pub async fn delete_pupil(&self, id: &str) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM tries WHERE id IN (SELECT id FROM attempts WHERE pupil = $1)")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM sign_in_failures WHERE key = $1 OR key LIKE $2")
            .bind(format!("pupil:{id}"))
            .bind(format!("pupil:{}:%", id.replace(['%', '_'], "")))
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM known_devices WHERE subject = $1")
            .bind(format!("pupil:{id}"))
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM attempts WHERE pupil = $1").bind(id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM sessions WHERE role = 'pupil' AND subject = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM pupils WHERE id = $1").bind(id).execute(&mut *tx).await?;
        tx.commit().await
    }

    // ------------------------------------------------------------ lessons and assignments

    /// Store a teacher's own lesson (a new text replaces the old one of the same id).
    pub async fn put_lesson(&self, teacher: &str, id: &str, body: &str) -> Result<(), sqlx::Error> {
        sqlx::query("INSERT INTO lessons (teacher, id, body, created) VALUES ($1, $2, $3, $4) ON CONFLICT (teacher, id) DO UPDATE SET body = excluded.body")
            .bind(teacher)
            .bind(id)
            .bind(body)
            .bind(now_ms())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn lesson(&self, teacher: &str, id: &str) -> Result<Option<String>, sqlx::Error> {
        let row = sqlx::query("SELECT body FROM lessons WHERE teacher = $1 AND id = $2")
            .bind(teacher)
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| r.try_get("body")).transpose()
    }

    pub async fn create_assignment(
        &self,
        class: &str,
        lessons: &[String],
        due: Option<&str>,
        pass: Option<i64>,
        practice: &[String],
    ) -> Result<String, sqlx::Error> {
        let id = new_id();
        sqlx::query("INSERT INTO assignments (id, class, lessons, due, pass, created, practice) VALUES ($1, $2, $3, $4, $5, $6, $7)")
            .bind(&id)
            .bind(class)
            .bind(serde_json::to_string(lessons).unwrap_or_else(|_| "[]".into()))
            .bind(due)
            .bind(pass)
            .bind(now_ms())
            .bind(serde_json::to_string(practice).unwrap_or_else(|_| "[]".into()))
            .execute(&self.pool)
            .await?;
        Ok(id)
    }

    pub async fn assignments(&self, class: &str) -> Result<Vec<AssignmentRow>, sqlx::Error> {
        let rows = sqlx::query("SELECT id, lessons, due, pass, created, practice FROM assignments WHERE class = $1 ORDER BY created, id").bind(class).fetch_all(&self.pool).await?;
        rows.iter()
            .map(|r| {
                Ok(AssignmentRow {
                    id: r.try_get("id")?,
                    lessons: serde_json::from_str(&r.try_get::<String, _>("lessons")?)
                        .unwrap_or_default(),
                    due: r.try_get("due")?,
                    pass: r.try_get("pass")?,
                    created: r.try_get("created")?,
                    practice: serde_json::from_str(&r.try_get::<String, _>("practice")?)
                        .unwrap_or_default(),
                })
            })
            .collect()
    }

    // ------------------------------------------------------------ attempts

    pub async fn attempt(&self, id: &str) -> Result<Option<AttemptRow>, sqlx::Error> {
        let q = format!("SELECT {ATTEMPT_COLS} FROM attempts WHERE id = $1");
        let row = sqlx::query(&q).bind(id).fetch_optional(&self.pool).await?;
        row.as_ref().map(attempt_row).transpose()
    }

    /// Store an attempt once: `false` when its id is stored already (nothing is written).
    pub async fn insert_attempt(&self, a: &AttemptRow) -> Result<bool, sqlx::Error> {
        let r = sqlx::query(
            "INSERT INTO attempts (id, pupil, class, lesson, moves, answers, hints, ms, stars, solved, at, verdicts, hints_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (id) DO NOTHING",
        )
        .bind(&a.id)
        .bind(&a.pupil)
        .bind(&a.class)
        .bind(&a.lesson)
        .bind(serde_json::to_string(&a.moves).unwrap_or_else(|_| "[]".into()))
        .bind(serde_json::to_string(&a.answers).unwrap_or_else(|_| "[]".into()))
        .bind(a.hints)
        .bind(a.ms)
        .bind(a.stars)
        .bind(i64::from(a.solved))
        .bind(a.at)
        .bind(serde_json::to_string(&a.verdicts).unwrap_or_else(|_| "[]".into()))
        .bind(serde_json::to_string(&a.hints_at).unwrap_or_else(|_| "[]".into()))
        .execute(&self.pool)
        .await?;
        Ok(r.rows_affected() == 1)
    }

    /// A class's results, as [`Db::results`] gives them, in one aggregate query that answers one
    /// row per pupil (her lessons as a JSON object built by the database: `{"<lesson>": [stars,
    /// attempts, solved, hints, ms, last]}`) rather than one row per pupil and lesson: a class of
    /// 30 pupils × 130 lessons is 30 rows to read, not 3,900 (classResults' p99, `npm run bench`).
    pub async fn class_results(&self, class: &str) -> Result<Vec<ResultRow>, sqlx::Error> {
        const PER_LESSON: &str = "SELECT pupil, lesson, MAX(stars) AS stars, COUNT(*) AS n, \
             MAX(solved) AS solved, SUM(hints) AS hints, SUM(ms) AS ms, MAX(at) AS last \
             FROM attempts WHERE class = $1 GROUP BY pupil, lesson";
        let q = match self.backend {
            Backend::Sqlite => format!(
                "SELECT pupil, json_group_object(lesson, json_array(stars, n, solved, hints, ms, last)) \
                 AS lessons FROM ({PER_LESSON}) GROUP BY pupil"
            ),
            _ => format!(
                "SELECT pupil, CAST(json_object_agg(lesson, json_build_array(stars, n, solved, hints, ms, last)) \
                 AS TEXT) AS lessons FROM ({PER_LESSON}) AS r GROUP BY pupil"
            ),
        };
        let rows = sqlx::query(&q).bind(class).fetch_all(&self.pool).await?;
        let mut out = Vec::new();
        for r in &rows {
            let pupil: String = r.try_get("pupil")?;
            let text: String = r.try_get("lessons")?;
            let lessons: std::collections::BTreeMap<String, [i64; 6]> = serde_json::from_str(&text)
                .map_err(|e| sqlx::Error::Decode(format!("results of {pupil}: {e}").into()))?;
            for (lesson, [stars, n, solved, hints, ms, last]) in lessons {
                out.push(ResultRow {
                    pupil: pupil.clone(),
                    lesson,
                    stars,
                    attempts: n,
                    solved: solved != 0,
                    hints,
                    ms,
                    last,
                });
            }
        }
        Ok(out)
    }

    /// Per pupil and lesson of a class (or of one pupil): best stars, attempts, solved, hints and
    /// time in all, last attempt.
    pub async fn results(&self, column: &str, value: &str) -> Result<Vec<ResultRow>, sqlx::Error> {
        let column = if column == "pupil" { "pupil" } else { "class" };
        let q = format!(
            "SELECT pupil, lesson, MAX(stars) AS stars, COUNT(*) AS n, MAX(solved) AS solved, \
             CAST(SUM(hints) AS BIGINT) AS hints, CAST(SUM(ms) AS BIGINT) AS ms, MAX(at) AS last \
             FROM attempts WHERE {column} = $1 GROUP BY pupil, lesson"
        );
        let rows = sqlx::query(&q).bind(value).fetch_all(&self.pool).await?;
        rows.iter()
            .map(|r| {
                Ok(ResultRow {
                    pupil: r.try_get("pupil")?,
                    lesson: r.try_get("lesson")?,
                    stars: r.try_get("stars")?,
                    attempts: r.try_get("n")?,
                    solved: r.try_get::<i64, _>("solved")? != 0,
                    hints: r.try_get("hints")?,
                    ms: r.try_get("ms")?,
                    last: r.try_get("last")?,
                })
            })
            .collect()
    }

    /// A class's attempts, optionally of one pupil and one lesson, newest first (at most 1000).
    pub async fn attempts(
        &self,
        class: &str,
        pupil: Option<&str>,
        lesson: Option<&str>,
    ) -> Result<Vec<AttemptRow>, sqlx::Error> {
        let q = format!(
            "SELECT {ATTEMPT_COLS} FROM attempts WHERE class = $1 AND ($2 = '' OR pupil = $2) AND ($3 = '' OR lesson = $3) ORDER BY at DESC, id LIMIT 1000"
        );
        let rows = sqlx::query(&q)
            .bind(class)
            .bind(pupil.unwrap_or(""))
            .bind(lesson.unwrap_or(""))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(attempt_row).collect()
    }

    /// How many attempts are stored (the bench and the tests count them).
    pub async fn count_attempts(&self) -> Result<i64, sqlx::Error> {
        sqlx::query("SELECT COUNT(*) AS n FROM attempts").fetch_one(&self.pool).await?.try_get("n")
    }
}
