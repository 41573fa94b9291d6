//! Classes' rows, found by a typed key ([`ClassKey`]); removing a class and all it holds.

use super::{is_unique, Db};
use crate::util::{new_code, new_id, now_ms};
use sqlx::Row;

#[derive(Clone, Debug)]
pub struct ClassRow {
    pub id: String,
    pub teacher: String,
    pub name: String,
    pub code: String,
}

fn class_row(r: &sqlx::any::AnyRow) -> Result<ClassRow, sqlx::Error> {
    Ok(ClassRow {
        id: r.try_get("id")?,
        teacher: r.try_get("teacher")?,
        name: r.try_get("name")?,
        code: r.try_get("code")?,
    })
}

/// How a class is found: each key is one unique column (a wrong one does not compile).
#[derive(Clone, Copy, Debug)]
pub enum ClassKey<'a> {
    Id(&'a str),
    /// Upper case, as stored ([`crate::roster::normal_code`]).
    Code(&'a str),
}

impl Db {
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

    /// The class with this id or code.
    pub async fn class_by(&self, key: ClassKey<'_>) -> Result<Option<ClassRow>, sqlx::Error> {
        let (column, value) = match key {
            ClassKey::Id(id) => ("id", id),
            ClassKey::Code(code) => ("code", code),
        };
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
}
