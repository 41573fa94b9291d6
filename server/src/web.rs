//! The built app (`dist/`), served as `serve` serves it: the `headers` rules of its `serve.json`
//! (`www/serve.json`, copied into dist/), clean URLs (`/studio` → `studio.html`), no directory
//! listing, `.wasm` as `application/wasm`.
//!
//! What a browser expects of it (issue 36):
//! - Compression: the build (`scripts/build-web.mjs`) writes `x.br` and `x.gz` beside every
//!   compressible file; the one the request's `Accept-Encoding` allows is sent (brotli first), with
//!   the original's `Content-Type` and `Vary: Accept-Encoding`.
//! - Caching: a file whose name carries a content hash (`chunk-3F2A9C1B.js`,
//!   `chess_tutor_bg-0A1B2C3D.wasm`: see [`hashed`]) never changes under that name and is sent
//!   `Cache-Control: public, max-age=31536000, immutable`; every other file (the pages, the service
//!   worker, the manifests, the lessons) `no-cache` with a strong `ETag` (a hash of its bytes), so a
//!   repeat visit asks and gets a `304 Not Modified` without a body.

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{LazyLock, Mutex};
use std::time::SystemTime;
use tower::ServiceExt;
use tower_http::compression::predicate::{And, DefaultPredicate, Predicate, SizeAbove};
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::services::ServeDir;

#[derive(Deserialize)]
struct ServeJson {
    #[serde(default)]
    headers: Vec<HeaderRule>,
}

#[derive(Deserialize)]
struct HeaderRule {
    source: String,
    headers: Vec<KeyValue>,
}

#[derive(Deserialize)]
struct KeyValue {
    key: String,
    value: String,
}

/// The headers rules of a `serve.json`: a glob and its headers.
#[derive(Clone, Default)]
pub struct Rules(Vec<(String, Vec<(HeaderName, HeaderValue)>)>);

impl Rules {
    /// The rules of `file` (none when it is missing); an unreadable file is an error.
    pub fn load(file: &Path) -> Result<Rules, String> {
        let Ok(text) = std::fs::read_to_string(file) else {
            return Ok(Rules::default());
        };
        let json: ServeJson =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", file.display()))?;
        let mut rules = Vec::new();
        for r in json.headers {
            let mut hs = Vec::new();
            for kv in r.headers {
                let name = HeaderName::try_from(kv.key.as_str())
                    .map_err(|e| format!("{}: header {:?}: {e}", file.display(), kv.key))?;
                let value = HeaderValue::try_from(kv.value.as_str())
                    .map_err(|e| format!("{}: header {:?}: {e}", file.display(), kv.key))?;
                hs.push((name, value));
            }
            rules.push((r.source.trim_start_matches('/').to_string(), hs));
        }
        Ok(Rules(rules))
    }

    /// The headers for a path (`/csp.html`).
    fn for_path(&self, path: &str) -> impl Iterator<Item = &(HeaderName, HeaderValue)> {
        let path = path.trim_start_matches('/').to_string();
        self.0
            .iter()
            .filter(move |(glob, _)| glob_match(glob.as_bytes(), path.as_bytes()))
            .flat_map(|(_, hs)| hs.iter())
    }
}

/// A glob as `serve` reads it: `**` any characters, `*` any but `/`, `?` one; `**/` also none;
/// `[0-9A-Z]` one of a class (characters and ranges; serve.json's hashed names).
pub fn glob_match(p: &[u8], s: &[u8]) -> bool {
    if let [b'[', class @ ..] = p {
        if let Some(end) = class.iter().position(|&c| c == b']') {
            let (class, rest) = (&class[..end], &class[end + 1..]);
            return s.first().is_some_and(|&c| in_class(class, c)) && glob_match(rest, &s[1..]);
        }
    }
    match p {
        [] => s.is_empty(),
        [b'*', b'*', b'/', rest @ ..] => {
            glob_match(rest, s)
                || (0..s.len()).any(|k| s[k] == b'/' && glob_match(rest, &s[k + 1..]))
        }
        [b'*', b'*', rest @ ..] => (0..=s.len()).any(|k| glob_match(rest, &s[k..])),
        [b'*', rest @ ..] => (0..=s.len())
            .take_while(|&k| k == 0 || s[k - 1] != b'/')
            .any(|k| glob_match(rest, &s[k..])),
        [b'?', rest @ ..] => !s.is_empty() && s[0] != b'/' && glob_match(rest, &s[1..]),
        [c, rest @ ..] => s.first() == Some(c) && glob_match(rest, &s[1..]),
    }
}

/// Whether `c` is one of a glob's class: single characters and ranges (`0-9A-Z`).
fn in_class(class: &[u8], c: u8) -> bool {
    let mut k = 0;
    while k < class.len() {
        if k + 2 < class.len() && class[k + 1] == b'-' {
            if (class[k]..=class[k + 2]).contains(&c) {
                return true;
            }
            k += 3;
        } else {
            if class[k] == c {
                return true;
            }
            k += 1;
        }
    }
    false
}

#[derive(Clone)]
pub struct Static {
    pub dir: PathBuf,
    pub rules: Rules,
}

/// Whether a file's name carries a content hash, as the build names them: `-` and 8 capitals or
/// digits before the extension (`chunk-3F2A9C1B.js`, `chess_tutor_bg-0A1B2C3D.wasm`). Lesson names
/// are lower-case, and lessons/ is a teacher's folder edited in place: never counted.
pub fn hashed(path: &str) -> bool {
    let path = path.trim_start_matches('/');
    if path.starts_with("lessons/") {
        return false;
    }
    let name = path.rsplit('/').next().unwrap_or("");
    let Some((stem, _ext)) = name.rsplit_once('.') else {
        return false;
    };
    let Some((_, hash)) = stem.rsplit_once('-') else {
        return false;
    };
    hash.len() == 8 && hash.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
}

/// The `Cache-Control` of a file of the app.
pub fn cache_control(path: &str) -> HeaderValue {
    HeaderValue::from_static(if hashed(path) {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    })
}

/// Strong ETags of the files served, by path: a hash of the bytes, kept while the file's
/// modification time and length stay the same.
type Tags = HashMap<PathBuf, (SystemTime, u64, String)>;
static TAGS: LazyLock<Mutex<Tags>> = LazyLock::new(|| Mutex::new(HashMap::new()));

/// The ETag of a file (without quotes or encoding): 20 hex digits of its SHA-256; None when it
/// cannot be read.
fn etag_of(file: &Path) -> Option<String> {
    let meta = std::fs::metadata(file).ok()?;
    if !meta.is_file() {
        return None;
    }
    let (modified, len) = (meta.modified().ok()?, meta.len());
    if let Some((m, l, tag)) = TAGS.lock().ok()?.get(file) {
        if *m == modified && *l == len {
            return Some(tag.clone());
        }
    }
    let bytes = std::fs::read(file).ok()?;
    let tag: String = Sha256::digest(&bytes)[..10].iter().map(|b| format!("{b:02x}")).collect();
    let mut tags = TAGS.lock().ok()?;
    if tags.len() > 10_000 {
        tags.clear(); // a bound: dist/ has a few hundred files
    }
    tags.insert(file.to_path_buf(), (modified, len, tag.clone()));
    Some(tag)
}

/// The ETag of one encoding of a file: `"tag"`, `"tag-br"`, `"tag-gz"` (each its own bytes).
fn etag_value(tag: &str, encoding: Option<&HeaderValue>) -> Option<HeaderValue> {
    let suffix = match encoding.and_then(|e| e.to_str().ok()) {
        Some("br") => "-br",
        Some("gzip") => "-gz",
        _ => "",
    };
    HeaderValue::try_from(format!("\"{tag}{suffix}\"")).ok()
}

/// Whether `If-None-Match` names this file (in any of its encodings), or is `*`.
fn none_match(headers: &HeaderMap, tag: &str) -> Option<&'static str> {
    let value = headers.get(header::IF_NONE_MATCH)?.to_str().ok()?;
    value.split(',').find_map(|t| {
        let t = t.trim().trim_start_matches("W/").trim_matches('"');
        match t.strip_prefix(tag) {
            Some("") => Some(""),
            Some("-br") => Some("br"),
            Some("-gz") => Some("gzip"),
            _ if t == "*" => Some(""),
            _ => None,
        }
    })
}

/// The API's answers (JSON, CSV) compressed on the fly, brotli or gzip as the request accepts,
/// above 1 KiB (smaller ones gain less than the headers cost); the app's files come compressed
/// from the build instead.
pub fn api_compression() -> CompressionLayer<And<DefaultPredicate, SizeAbove>> {
    CompressionLayer::new()
        .quality(CompressionLevel::Fastest)
        .compress_when(DefaultPredicate::new().and(SizeAbove::new(1024)))
}

/// A file of the app, with its headers.
pub async fn serve(State(app): State<crate::AppState>, mut req: Request) -> Response {
    let st = &app.web;
    let path = req.uri().path().to_string();
    if path.split('/').any(|seg| seg == "..") {
        return StatusCode::NOT_FOUND.into_response();
    }
    // clean URLs: /studio → /studio.html
    let last = path.rsplit('/').next().unwrap_or("");
    let mut shown = path.clone();
    if !last.is_empty() && !last.contains('.') {
        let html = format!("{path}.html");
        if st.dir.join(html.trim_start_matches('/')).is_file() {
            if let Ok(uri) = html.parse() {
                *req.uri_mut() = uri;
                shown = html;
            }
        }
    } else if last.is_empty() {
        shown = format!("{path}index.html");
    }
    let tag = etag_of(&st.dir.join(shown.trim_start_matches('/')));
    // a repeat visit: the file it has is the file here
    if let Some(encoding) = tag.as_deref().and_then(|t| none_match(req.headers(), t)) {
        let mut res = StatusCode::NOT_MODIFIED.into_response();
        let encoding = (!encoding.is_empty()).then(|| HeaderValue::from_static(encoding));
        if let Some(v) = etag_value(tag.as_deref().unwrap_or(""), encoding.as_ref()) {
            res.headers_mut().insert(header::ETAG, v);
        }
        finish(st, &shown, &mut res);
        return res;
    }
    let res = ServeDir::new(&st.dir)
        .append_index_html_on_directories(true)
        .precompressed_br()
        .precompressed_gzip()
        .oneshot(req)
        .await;
    let mut res = match res {
        Ok(r) => r.map(Body::new),
        Err(e) => match e {},
    };
    if res.status().is_success() || res.status() == StatusCode::NOT_MODIFIED {
        let encoding = res.headers().get(header::CONTENT_ENCODING).cloned();
        if let Some(v) = tag.and_then(|t| etag_value(&t, encoding.as_ref())) {
            res.headers_mut().insert(header::ETAG, v);
        }
        finish(st, &shown, &mut res);
    }
    res
}

/// The headers every answer for a file gets: serve.json's rules, its caching and `Vary`.
fn finish(st: &Static, shown: &str, res: &mut Response) {
    let headers = res.headers_mut();
    for (k, v) in st.rules.for_path(shown) {
        headers.insert(k.clone(), v.clone());
    }
    // after serve.json's (whose globs cannot say "a hash"): the server knows the names
    headers.insert(header::CACHE_CONTROL, cache_control(shown));
    headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
}

#[cfg(test)]
mod tests {
    use super::{glob_match, hashed};
    #[test]
    fn hashed_names() {
        assert!(hashed("/chunk-3F2A9C1B.js"));
        assert!(hashed("pkg-lessons/chess_tutor_bg-0A1B2C3D.wasm"));
        assert!(hashed("i18n/en/lesson-ABCDEFGH.js"));
        assert!(!hashed("/lessons/kp-ABCDEFGH.json"), "a teacher's folder");
        assert!(!hashed("/kp-breakthrough.json"));
        assert!(!hashed("/chunk-3f2a9c1b.js"));
        assert!(!hashed("/index.html"));
        assert!(!hashed("/chunk-3F2A9C1.js"));
        assert!(!hashed("/ABCDEFGH"));
    }
    #[test]
    fn globs() {
        assert!(glob_match(b"**/*.wasm", b"pkg/x_bg.wasm"));
        assert!(glob_match(b"**/*.wasm", b"x.wasm"));
        assert!(!glob_match(b"**/*.wasm", b"x.wasm.js"));
        assert!(glob_match(b"csp.html", b"csp.html"));
        assert!(!glob_match(b"*.html", b"a/b.html"));
        let hashed_glob =
            b"**/*-[0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z].*";
        assert!(glob_match(hashed_glob, b"chunk-3F2A9C1B.js"));
        assert!(glob_match(hashed_glob, b"i18n/ru/messages-core-BF36A564.js"));
        assert!(!glob_match(hashed_glob, b"i18n/en/messages-practice.js"));
        assert!(!glob_match(hashed_glob, b"chunk-3f2a9c1b.js"));
        assert!(glob_match(b"[ab]", b"b") && !glob_match(b"[ab]", b"c"));
        assert!(glob_match(b"a[", b"a["), "a class never closed is a character");
    }
}
