//! Teachers' rows, found by a typed key ([`TeacherKey`]).

use super::{is_unique, Db};
use crate::util::{new_id, now_ms};
use sqlx::Row;

#[derive(Clone, Debug)]
pub struct TeacherRow {
    pub id: String,
    pub name: String,
    pub login: String,
    pub password: String,
}

/// How a teacher is found: each key is one unique column (a wrong one does not compile).
#[derive(Clone, Copy, Debug)]
pub enum TeacherKey<'a> {
    Id(&'a str),
    /// Lower case, as stored.
    Login(&'a str),
}

impl Db {
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

    /// The teacher with this id or login.
    pub async fn teacher_by(&self, key: TeacherKey<'_>) -> Result<Option<TeacherRow>, sqlx::Error> {
        let (column, value) = match key {
            TeacherKey::Id(id) => ("id", id),
            TeacherKey::Login(login) => ("login", login),
        };
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
}
