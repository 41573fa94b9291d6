//! The built app (`dist/`), served as `serve` serves it: the `headers` rules of its `serve.json`
//! (`www/serve.json`, copied into dist/), clean URLs (`/studio` → `studio.html`), no directory
//! listing, `.wasm` as `application/wasm`.

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use tower::ServiceExt;
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

/// A glob as `serve` reads it: `**` any characters, `*` any but `/`, `?` one; `**/` also none.
pub fn glob_match(p: &[u8], s: &[u8]) -> bool {
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

#[derive(Clone)]
pub struct Static {
    pub dir: PathBuf,
    pub rules: Rules,
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
    let res = ServeDir::new(&st.dir)
        .append_index_html_on_directories(true)
        .oneshot(req)
        .await;
    let mut res = match res {
        Ok(r) => r.map(Body::new),
        Err(e) => match e {},
    };
    if res.status().is_success() || res.status() == StatusCode::NOT_MODIFIED {
        for (k, v) in st.rules.for_path(&shown) {
            res.headers_mut().insert(k.clone(), v.clone());
        }
    }
    res
}

#[cfg(test)]
mod tests {
    use super::glob_match;
    #[test]
    fn globs() {
        assert!(glob_match(b"**/*.wasm", b"pkg/x_bg.wasm"));
        assert!(glob_match(b"**/*.wasm", b"x.wasm"));
        assert!(!glob_match(b"**/*.wasm", b"x.wasm.js"));
        assert!(glob_match(b"csp.html", b"csp.html"));
        assert!(!glob_match(b"*.html", b"a/b.html"));
    }
}
