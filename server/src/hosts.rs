//! Which names the server answers to, and who may frame its pages.
//!
//! A page on another site can make its own name point at this server's address (DNS
//! rebinding) and then read the answers as its own: the `Host` of every request is checked
//! against the names the admin gave (`--host-name chess.school.example`, repeatable), and the
//! names that cannot be rebound: `localhost` (and `*.localhost`) and an address written as an IP
//! (the bound address, or the machine's address on the school's network). A request without
//! `Host` (HTTP/1.0) is not from a browser and passes.
//!
//! The app's pages say `frame-ancestors 'self'` (with `X-Frame-Options: SAMEORIGIN` for older
//! browsers): another site cannot frame the teacher's page under a trick. A page whose own
//! `Content-Security-Policy` names its `frame-ancestors` (embed.html: `*`, the page schools
//! embed) keeps them.

use crate::AppState;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The name of a `Host` header without its port, lower-case (`[::1]:8080` → `::1`).
pub fn host_name(host: &str) -> String {
    let host = host.trim().to_ascii_lowercase();
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().unwrap_or("").to_string();
    }
    match host.rsplit_once(':') {
        Some((name, port)) if !name.contains(':') && port.bytes().all(|b| b.is_ascii_digit()) => {
            name.to_string()
        }
        _ => host,
    }
}

/// Whether the server answers to `name` (a `Host` without its port).
pub fn allowed(name: &str, listed: &[String]) -> bool {
    let name = name.trim_end_matches('.');
    name == "localhost"
        || name.ends_with(".localhost")
        || name.parse::<std::net::IpAddr>().is_ok()
        || listed.iter().any(|l| host_name(l).trim_end_matches('.') == name)
}

/// Middleware: a `Host` the server does not answer to gets 421 and one sentence saying how to
/// allow it.
pub async fn check_host(State(st): State<AppState>, req: Request, next: Next) -> Response {
    // every Host header (two, one of them allowed, are refused too)
    for host in req.headers().get_all(header::HOST) {
        let name = host.to_str().map(host_name).unwrap_or_default();
        if !allowed(&name, &st.config.host_names) {
            let shown: String = name
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || ".-_".contains(*c))
                .take(100)
                .collect();
            return (
                StatusCode::MISDIRECTED_REQUEST,
                [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
                format!("This server does not answer to the name {shown:?}: if it is the school's name for it, start the server with --host-name {shown}.\n"),
            )
                .into_response();
        }
    }
    next.run(req).await
}

/// Middleware: `frame-ancestors 'self'` on every HTML page whose policy does not name its own.
pub async fn frame_ancestors(req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    let html = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    if !html {
        return res;
    }
    let csp = res
        .headers()
        .get(header::CONTENT_SECURITY_POLICY)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let policy = match csp {
        Some(p) if p.contains("frame-ancestors") => return res,
        Some(p) => format!("{}; frame-ancestors 'self'", p.trim_end_matches([';', ' '])),
        None => "frame-ancestors 'self'".to_string(),
    };
    if let Ok(v) = HeaderValue::from_str(&policy) {
        res.headers_mut().insert(header::CONTENT_SECURITY_POLICY, v);
        res.headers_mut().insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("SAMEORIGIN"));
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn names() {
        assert_eq!(host_name("School.Example:8080"), "school.example");
        assert_eq!(host_name("[::1]:8080"), "::1");
        assert_eq!(host_name("::1"), "::1");
        let listed = vec!["chess.school.example".to_string()];
        for ok in [
            "localhost",
            "app.localhost",
            "127.0.0.1",
            "10.0.0.5",
            "::1",
            "chess.school.example",
            "chess.school.example.",
        ] {
            assert!(allowed(ok, &listed), "{ok}");
        }
        for no in
            ["evil.example", "localhost.evil.example", "127.0.0.1.nip.io", "school.example", ""]
        {
            assert!(!allowed(no, &listed), "{no}");
        }
    }
}
