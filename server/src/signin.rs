//! Sign-in that a classmate cannot turn against the class.
//!
//! - A device cookie (`ct_device`: a random token, HttpOnly; the database keeps its SHA-256)
//!   names the device; without it, the address does. Wrong pictures slow the device they came
//!   from, for that pupil ([`crate::limits::Limits::device_tries`]); the pupil herself is never
//!   locked for everyone: after many wrong pictures from everywhere
//!   ([`crate::limits::Limits::pupil_tries`]) only devices where she never signed in wait, and the
//!   teacher's page says she is being guessed (and unlocks the class at once).
//! - Every try is counted before it runs (inserted, then counted with the ones before it), so
//!   tries sent at once count as many as sent one by one: no more than the limit get through.
//! - A teacher's device where she signed in before is held back only by its own wrong
//!   passwords, never by a stranger's; argon2 runs at most
//!   [`crate::limits::Limits::argon2_at_once`] at a time (19 MiB each), the rest wait their turn.
//! - Class codes not found, per address, and sign-ups, per address, are limited.
//! - A typed login is never stored as it is (a password typed into the login field would be): the
//!   keys of the counters hold its SHA-256.

use crate::api::{ADDRESS_TRIES, LOGIN_TRIES, TRY_WINDOW_MS};
use crate::auth::client_address;
use crate::auth::cookie_value;
use crate::error::{ApiError, ApiResult};
use crate::util::{new_token, now_ms, sha256_hex};
use crate::AppState;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use std::net::SocketAddr;

pub const DEVICE_COOKIE: &str = "ct_device";

/// The device a request comes from.
#[derive(Clone, Debug)]
pub struct Device {
    /// The SHA-256 of its cookie's token, when it sent one.
    pub hash: Option<String>,
    /// A new token to set (`Set-Cookie`) when it sent none.
    pub new: Option<String>,
    /// What its tries are counted under: `dev:<hash>` or `addr:<address>`.
    pub key: String,
}

impl Device {
    pub fn of(st: &AppState, headers: &HeaderMap, peer: Option<SocketAddr>) -> Device {
        let token = cookie_value(headers, DEVICE_COOKIE).filter(|t| {
            t.len() == 43 && t.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_')
        });
        match token {
            Some(t) => {
                let hash = sha256_hex(&t);
                Device { key: format!("dev:{}", &hash[..32]), hash: Some(hash), new: None }
            }
            None => Device {
                hash: None,
                new: Some(new_token()),
                key: format!("addr:{}", client_address(st, headers, peer)),
            },
        }
    }

    /// The `Set-Cookie` of a new device (a year; HttpOnly: no script reads it).
    pub fn set_cookie(&self, headers: &HeaderMap) -> Option<(header::HeaderName, HeaderValue)> {
        let token = self.new.as_ref()?;
        let secure = headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.eq_ignore_ascii_case("https"));
        let value = format!(
            "{DEVICE_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000{}",
            if secure { "; Secure" } else { "" }
        );
        HeaderValue::from_str(&value).ok().map(|v| (header::SET_COOKIE, v))
    }

    /// The device's hash as the known-devices table keeps it: for a new device, the hash of the
    /// token it is given now.
    fn lasting_hash(&self) -> Option<String> {
        self.hash.clone().or_else(|| self.new.as_deref().map(sha256_hex))
    }
}

fn wait_error(error: &'static str, message: &str, seconds: i64) -> ApiError {
    ApiError::new(StatusCode::TOO_MANY_REQUESTS, error, message).retry_after(seconds.max(1) as u64)
}

/// Seconds until the oldest try of `key` in the window leaves it.
async fn wait_for(st: &AppState, key: &str, now: i64) -> ApiResult<i64> {
    let (_, oldest) = st.db.failures(key, now - TRY_WINDOW_MS).await?;
    Ok((oldest.unwrap_or(now) + TRY_WINDOW_MS - now).max(1000) / 1000)
}

/// Tries counted before they run: each key's try is taken; when one is over its limit, all are
/// given back and the answer is 429 with the wait.
pub struct Taken {
    keys: Vec<String>,
    at: i64,
}

impl Taken {
    /// Nothing taken.
    pub fn none() -> Taken {
        Taken { keys: Vec::new(), at: 0 }
    }

    pub async fn take(st: &AppState, keys: &[(String, i64)], message: &str) -> ApiResult<Taken> {
        let at = now_ms();
        let mut taken = Taken { keys: Vec::new(), at };
        for (key, limit) in keys {
            let n = st.db.take_try(key, at, at - TRY_WINDOW_MS).await?;
            taken.keys.push(key.clone());
            if n > *limit {
                taken.give_back(st).await?;
                return Err(wait_error("too-many", message, wait_for(st, key, at).await?));
            }
        }
        Ok(taken)
    }

    /// The try was right (or never ran): it does not count.
    pub async fn give_back(&self, st: &AppState) -> ApiResult<()> {
        for key in &self.keys {
            st.db.give_back_try(key, self.at).await?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------- pupils

fn pupil_key(pupil: &str) -> String {
    format!("pupil:{pupil}")
}

/// Before a pupil's pictures are compared: her try is counted for this device and for her. A
/// device with too many wrong pictures for her waits; when she has too many from everywhere, a
/// device where she never signed in waits too (hers do not).
pub async fn pupil_try(st: &AppState, device: &Device, pupil: &str) -> ApiResult<Taken> {
    let l = &st.config.limits;
    let known = match &device.hash {
        Some(h) => st.db.is_known_device(h, &pupil_key(pupil)).await?,
        None => false,
    };
    let mut keys = vec![(format!("{}:{}", pupil_key(pupil), device.key), l.device_tries)];
    // a device without its cookie yet is counted by its address, and as the device its new cookie
    // names from now on: its first wrong try counts toward that device's five as well
    if let Some(token) = &device.new {
        let hash = sha256_hex(token);
        keys.push((format!("{}:dev:{}", pupil_key(pupil), &hash[..32]), l.device_tries));
    }
    // the count of her wrong pictures from everywhere is kept in any case (the teacher sees it);
    // it holds back only the devices she never signed in on
    keys.push((pupil_key(pupil), if known { i64::MAX } else { l.pupil_tries }));
    Taken::take(
        st,
        &keys,
        "Too many wrong pictures from this device: wait a little, or ask the teacher.",
    )
    .await
}

/// The right pictures: the tries do not count, and the device is hers from now on.
pub async fn pupil_right(
    st: &AppState,
    device: &Device,
    pupil: &str,
    taken: Taken,
) -> ApiResult<()> {
    taken.give_back(st).await?;
    if let Some(h) = device.lasting_hash() {
        st.db.know_device(&h, &pupil_key(pupil), now_ms()).await?;
    }
    Ok(())
}

/// The teacher unlocks a pupil: her wrong pictures from every device are forgotten.
pub async fn unlock_pupil(st: &AppState, pupil: &str) -> ApiResult<()> {
    st.db.forget_failures(&pupil_key(pupil)).await?;
    Ok(())
}

/// Wrong pictures per pupil of a class in the window: the pupils being guessed.
pub async fn wrong_tries(st: &AppState, class: &str) -> ApiResult<Vec<(String, i64)>> {
    Ok(st.db.class_wrong_tries(class, now_ms() - TRY_WINDOW_MS).await?)
}

// ---------------------------------------------------------------- class codes

fn roster_key(st: &AppState, headers: &HeaderMap, peer: Option<SocketAddr>) -> String {
    format!("roster:{}", client_address(st, headers, peer))
}

/// A class code was not found: counted for the address; over the limit, 429 (not 404).
pub async fn code_missed(
    st: &AppState,
    headers: &HeaderMap,
    peer: Option<SocketAddr>,
) -> ApiResult<ApiError> {
    let key = roster_key(st, headers, peer);
    let now = now_ms();
    let n = st.db.take_try(&key, now, now - TRY_WINDOW_MS).await?;
    if n > st.config.limits.roster_misses {
        st.db.give_back_try(&key, now).await?;
        return codes_error(st, &key, now).await;
    }
    Ok(ApiError::not_found("class code").field("code"))
}

/// A class code was found: still 429 when the address guessed too many (else a guesser would
/// tell a right code by its answer).
pub async fn code_found(
    st: &AppState,
    headers: &HeaderMap,
    peer: Option<SocketAddr>,
) -> ApiResult<()> {
    let key = roster_key(st, headers, peer);
    let now = now_ms();
    let (n, _) = st.db.failures(&key, now - TRY_WINDOW_MS).await?;
    if n >= st.config.limits.roster_misses {
        return Err(codes_error(st, &key, now).await?);
    }
    Ok(())
}

async fn codes_error(st: &AppState, key: &str, now: i64) -> ApiResult<ApiError> {
    Ok(wait_error(
        "too-many",
        "Too many class codes that do not exist were tried from here: wait a little.",
        wait_for(st, key, now).await?,
    )
    .field("code"))
}

// ---------------------------------------------------------------- teachers

/// The counters' key of a login: its SHA-256, never the text (a password typed into the login
/// field must not be stored).
pub fn login_key(login: &str) -> String {
    format!("login:{}", &sha256_hex(login)[..32])
}

/// Before a teacher's password is checked: her try is counted. On a device where she signed in
/// before, only that device's wrong passwords count; elsewhere the login's and the address's.
pub async fn teacher_try(
    st: &AppState,
    device: &Device,
    headers: &HeaderMap,
    peer: Option<SocketAddr>,
    login: &str,
    teacher: Option<&str>,
) -> ApiResult<Taken> {
    let known = match (&device.hash, teacher) {
        (Some(h), Some(t)) => st.db.is_known_device(h, &format!("teacher:{t}")).await?,
        _ => false,
    };
    let keys = if known {
        vec![(format!("teacher:{}:{}", teacher.unwrap_or(""), device.key), LOGIN_TRIES)]
    } else {
        vec![
            (login_key(login), LOGIN_TRIES),
            (format!("address:{}", client_address(st, headers, peer)), ADDRESS_TRIES),
        ]
    };
    Taken::take(st, &keys, "Too many wrong passwords: wait and try again.").await
}

pub async fn teacher_right(
    st: &AppState,
    device: &Device,
    teacher: &str,
    taken: Taken,
) -> ApiResult<()> {
    taken.give_back(st).await?;
    if let Some(h) = device.lasting_hash() {
        st.db.know_device(&h, &format!("teacher:{teacher}"), now_ms()).await?;
    }
    Ok(())
}

/// A sign-up, counted for the address before its password is hashed.
pub async fn sign_up_try(
    st: &AppState,
    headers: &HeaderMap,
    peer: Option<SocketAddr>,
) -> ApiResult<()> {
    let key = format!("sign-up:{}", client_address(st, headers, peer));
    Taken::take(
        st,
        &[(key, st.config.limits.sign_ups)],
        "Many teachers signed up from here a moment ago: wait a little and try again.",
    )
    .await
    .map(|_| ())
}

/// Whether a login looks like a password: the password itself, or holding it (the password typed
/// into the login field too).
pub fn login_like_password(login: &str, password: &str) -> bool {
    let (l, p) = (login.trim().to_lowercase(), password.trim().to_lowercase());
    !p.is_empty() && (l == p || l.contains(&p))
}

/// argon2 (hashing or checking) off the async threads, at most so many at once.
pub async fn argon2<T: Send + 'static>(
    st: &AppState,
    f: impl FnOnce() -> T + Send + 'static,
) -> ApiResult<T> {
    let _permit = st.argon2.clone().acquire_owned().await.map_err(ApiError::internal)?;
    tokio::task::spawn_blocking(f).await.map_err(ApiError::internal)
}
