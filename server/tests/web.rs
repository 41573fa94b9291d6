//! The app's files as a browser gets them from the class server (issue 36): the build's brotli
//! and gzip files by `Accept-Encoding`, with the original's type and length and `Vary`; names with
//! a content hash `immutable`, every other file `no-cache` with a strong ETag and a 304 on a
//! repeat; the API's larger answers compressed on the fly.

mod common;

use axum::body::Body;
use axum::http::{header, HeaderMap, Request, StatusCode};
use common::{databases, App};
use http_body_util::BodyExt;
use std::io::Read;
use tower::ServiceExt;

struct Got {
    status: StatusCode,
    headers: HeaderMap,
    body: Vec<u8>,
}

async fn get(app: &App, path: &str, headers: &[(&str, &str)]) -> Got {
    let mut req = Request::builder().uri(path).header(header::HOST, "school.test");
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let res = app.router.clone().oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
    let (status, headers) = (res.status(), res.headers().clone());
    let body = res.into_body().collect().await.unwrap().to_bytes().to_vec();
    Got { status, headers, body }
}

fn header(g: &Got, name: header::HeaderName) -> &str {
    g.headers.get(&name).map(|v| v.to_str().unwrap()).unwrap_or("")
}

/// A built app with three files and their compressed copies (distinct bytes, so the test sees
/// which one came).
async fn app() -> (App, std::path::PathBuf) {
    let config = common::config();
    let dist = config.dist.clone();
    std::fs::copy(common::repo().join("www/serve.json"), dist.join("serve.json")).unwrap();
    std::fs::create_dir_all(dist.join("pkg")).unwrap();
    let files: [(&str, &[u8]); 3] = [
        ("index.html", b"<!doctype html><title>home</title>"),
        ("chunk-3F2A9C1B.js", b"export const a = 1;"),
        ("pkg/x_bg-0A1B2C3D.wasm", b"\0asm\x01\0\0\0"),
    ];
    for (name, bytes) in files {
        std::fs::write(dist.join(name), bytes).unwrap();
        std::fs::write(dist.join(format!("{name}.br")), [b"BR:", bytes].concat()).unwrap();
        std::fs::write(dist.join(format!("{name}.gz")), [b"GZ:", bytes].concat()).unwrap();
    }
    let app = App::with(&databases().await[0], config).await;
    (app, dist)
}

#[tokio::test]
async fn each_file_comes_compressed_as_the_browser_accepts() {
    let (app, dist) = app().await;
    let cases = [
        ("/", "index.html", "text/html", "no-cache"),
        (
            "/chunk-3F2A9C1B.js",
            "chunk-3F2A9C1B.js",
            "text/javascript",
            "public, max-age=31536000, immutable",
        ),
        (
            "/pkg/x_bg-0A1B2C3D.wasm",
            "pkg/x_bg-0A1B2C3D.wasm",
            "application/wasm",
            "public, max-age=31536000, immutable",
        ),
    ];
    for (path, file, ty, cache) in cases {
        let mut tags = Vec::new();
        for (accept, encoding, suffix) in [
            ("br, gzip, deflate", "br", ".br"),
            ("gzip, deflate", "gzip", ".gz"),
            ("", "", ""),
            ("identity", "", ""),
            ("gzip;q=0, br;q=0", "", ""),
        ] {
            let g = get(&app, path, &[("accept-encoding", accept)]).await;
            let want = std::fs::read(dist.join(format!("{file}{suffix}"))).unwrap();
            assert_eq!(g.status, StatusCode::OK, "{path} {accept:?}");
            assert_eq!(g.body, want, "{path} {accept:?}: the right file");
            assert_eq!(header(&g, header::CONTENT_ENCODING), encoding, "{path} {accept:?}");
            assert!(header(&g, header::CONTENT_TYPE).starts_with(ty), "{path} {accept:?}");
            assert_eq!(
                header(&g, header::CONTENT_LENGTH),
                want.len().to_string(),
                "{path} {accept:?}"
            );
            assert!(header(&g, header::VARY).to_ascii_lowercase().contains("accept-encoding"));
            assert_eq!(header(&g, header::CACHE_CONTROL), cache, "{path}");
            let tag = header(&g, header::ETAG).to_string();
            assert!(
                tag.starts_with('"') && tag.ends_with('"') && tag.len() > 10,
                "a strong ETag: {tag}"
            );
            tags.push((accept, tag));
        }
        // one ETag per encoding (their bytes differ), the same for the same bytes
        assert_ne!(tags[0].1, tags[1].1);
        assert_ne!(tags[0].1, tags[2].1);
        assert_eq!(tags[2].1, tags[3].1);
        // a repeat visit: 304, no body, the same headers of caching
        for (accept, tag) in &tags {
            let g = get(&app, path, &[("accept-encoding", accept), ("if-none-match", tag)]).await;
            assert_eq!(g.status, StatusCode::NOT_MODIFIED, "{path} {accept:?} {tag}");
            assert!(g.body.is_empty());
            assert_eq!(header(&g, header::ETAG), tag.as_str());
            assert_eq!(header(&g, header::CACHE_CONTROL), cache);
        }
        // another version's tag (or garbage): the whole file
        for stale in ["\"0123456789abcdef0123\"", "garbage", "W/\"\"", ""] {
            let g = get(&app, path, &[("if-none-match", stale)]).await;
            assert_eq!(g.status, StatusCode::OK, "{path} {stale:?}");
            assert_eq!(g.body, std::fs::read(dist.join(file)).unwrap());
        }
    }
}

#[tokio::test]
async fn an_edited_file_gets_a_new_etag() {
    let (app, dist) = app().await;
    let before = get(&app, "/index.html", &[]).await;
    std::fs::write(dist.join("index.html"), b"<!doctype html><title>new home!</title>").unwrap();
    let after = get(&app, "/index.html", &[("if-none-match", header(&before, header::ETAG))]).await;
    assert_eq!(after.status, StatusCode::OK);
    assert_eq!(after.body, b"<!doctype html><title>new home!</title>");
    assert_ne!(header(&after, header::ETAG), header(&before, header::ETAG));
}

#[tokio::test]
async fn missing_files_and_hostile_paths_are_not_found() {
    let (app, _) = app().await;
    for path in
        ["/nothing.js", "/../Cargo.toml", "/pkg/../../Cargo.toml", "/chunk-3F2A9C1B.js.br/x"]
    {
        let g = get(&app, path, &[("accept-encoding", "br, gzip"), ("if-none-match", "*")]).await;
        assert_eq!(g.status, StatusCode::NOT_FOUND, "{path}");
    }
}

#[tokio::test]
async fn the_apis_larger_answers_are_compressed_on_the_fly() {
    let (app, _) = app().await;
    let plain = get(&app, "/api/v1/openapi.json", &[]).await;
    assert_eq!(plain.status, StatusCode::OK);
    assert!(plain.body.len() > 1024);
    assert_eq!(header(&plain, header::CONTENT_ENCODING), "");
    let gz = get(&app, "/api/v1/openapi.json", &[("accept-encoding", "gzip")]).await;
    assert_eq!(header(&gz, header::CONTENT_ENCODING), "gzip");
    assert!(header(&gz, header::VARY).to_ascii_lowercase().contains("accept-encoding"));
    assert!(gz.body.len() < plain.body.len());
    let mut unzipped = Vec::new();
    flate2::read::GzDecoder::new(&gz.body[..]).read_to_end(&mut unzipped).unwrap();
    assert_eq!(unzipped, plain.body);
    assert_eq!(header(&gz, header::CACHE_CONTROL), "no-store", "the API is never cached");
    let br = get(&app, "/api/v1/openapi.json", &[("accept-encoding", "br")]).await;
    assert_eq!(header(&br, header::CONTENT_ENCODING), "br");
    assert!(br.body.len() < plain.body.len());
    // a small answer is sent as it is
    let small = get(&app, "/api/v1/health", &[("accept-encoding", "br, gzip")]).await;
    assert_eq!(small.status, StatusCode::OK);
    assert_eq!(header(&small, header::CONTENT_ENCODING), "");
}
