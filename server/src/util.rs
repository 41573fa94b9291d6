//! Small things every part uses: the clock, random ids and tokens, hashing, dates.

use argon2::password_hash::rand_core::{OsRng, RngCore};
use sha2::{Digest, Sha256};

/// Milliseconds since 1970.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// `n` random characters of `alphabet` (without bias: rejection sampling).
pub fn random_text(alphabet: &[u8], n: usize) -> String {
    let limit = 256 - 256 % alphabet.len();
    let mut out = String::with_capacity(n);
    let mut buf = [0u8; 64];
    while out.len() < n {
        OsRng.fill_bytes(&mut buf);
        for &b in &buf {
            if (b as usize) < limit && out.len() < n {
                out.push(alphabet[b as usize % alphabet.len()] as char);
            }
        }
    }
    out
}

/// A record's id: 16 characters of lower-case letters and digits (about 82 bits).
pub fn new_id() -> String {
    random_text(b"abcdefghijklmnopqrstuvwxyz0123456789", 16)
}

/// A session token for a cookie: 43 characters, 256 bits.
pub fn new_token() -> String {
    random_text(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", 43)
}

/// The alphabet of class codes: no two characters a child could take for each other (no 0/O/Q,
/// 1/I/L, 2/Z, 5/S, 6/G, 8/B, U/V); its letters A B C E H K M P T X Y are the ones a Russian
/// keyboard has look-alikes of (`roster::normal_code` reads those as these).
pub const CODE_ALPHABET: &[u8] = b"ABCDEFHJKMNPRTUWXY34679";

/// A class code: 6 characters of [`CODE_ALPHABET`].
pub fn new_code() -> String {
    random_text(CODE_ALPHABET, 6)
}

/// SHA-256 in hex (how a session token is stored).
pub fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `text` is a UUID (`8-4-4-4-12` hex digits).
pub fn is_uuid(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(k, &c)| {
            if [8, 13, 18, 23].contains(&k) {
                c == b'-'
            } else {
                c.is_ascii_hexdigit()
            }
        })
}

/// Milliseconds since 1970 as `2026-11-26T01:30:00Z`.
pub fn iso(ms: i64) -> String {
    chess_tutor::calendar::format_time(ms.div_euclid(1000))
}

/// Whether `text` is a date `YYYY-MM-DD` that exists.
pub fn is_date(text: &str) -> bool {
    let parts: Vec<&str> = text.split('-').collect();
    let [y, m, d] = parts[..] else { return false };
    if y.len() != 4
        || m.len() != 2
        || d.len() != 2
        || !text.bytes().all(|c| c.is_ascii_digit() || c == b'-')
    {
        return false;
    }
    let (Ok(y), Ok(m), Ok(d)) = (y.parse::<i64>(), m.parse::<u32>(), d.parse::<u32>()) else {
        return false;
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    (1..=12).contains(&m) && d >= 1 && d <= days[m as usize - 1]
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn dates() {
        assert_eq!(iso(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso(1_795_656_600_000), "2026-11-26T01:30:00Z");
        assert!(
            is_date("2024-02-29")
                && !is_date("2023-02-29")
                && !is_date("2024-13-01")
                && !is_date("24-01-01")
        );
        assert!(
            is_uuid("123e4567-e89b-12d3-a456-426614174000")
                && !is_uuid("123e4567e89b12d3a456426614174000")
        );
        assert!(new_code().bytes().all(|c| CODE_ALPHABET.contains(&c)));
    }
}
