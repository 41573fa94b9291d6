//! The binary itself: killed (SIGKILL) in the middle of a burst of attempts and started again, it
//! has every attempt it acknowledged, once; the resends of the rest are stored once. `backup`
//! copies the SQLite database while the server runs. No password or session token reaches the
//! log. On SQLite, and on PostgreSQL with `TEST_DATABASE_URL`.

mod common;

use serde_json::{json, Value};
use std::collections::HashSet;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_chess-tutor-server");

/// An answer: status, the `ct_session=…` cookie it sets, the body.
struct Answer {
    status: u16,
    cookie: Option<String>,
    body: Value,
}

/// One HTTP/1.1 request on a new connection (`Connection: close`).
fn http(
    port: u16,
    method: &str,
    path: &str,
    body: Option<&Value>,
    cookie: Option<&str>,
) -> std::io::Result<Answer> {
    let mut s = TcpStream::connect(("127.0.0.1", port))?;
    s.set_read_timeout(Some(Duration::from_secs(30)))?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let cookie = cookie.map(|c| format!("Cookie: {c}\r\n")).unwrap_or_default();
    write!(s, "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{cookie}\r\n{body}", body.len())?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)?;
    let text = String::from_utf8_lossy(&raw);
    let (head, rest) =
        text.split_once("\r\n\r\n").ok_or_else(|| std::io::Error::other("no answer"))?;
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other("no status"))?;
    let cookie = head.lines().find_map(|l| {
        l.to_ascii_lowercase()
            .starts_with("set-cookie:")
            .then(|| l[11..].trim().split(';').next().unwrap_or("").to_string())
    });
    Ok(Answer { status, cookie, body: serde_json::from_str(rest).unwrap_or(Value::Null) })
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// The server on `url`, its log in `log`; waits until it answers.
fn start(url: &str, port: u16, log: &Path) -> Child {
    let repo = common::repo();
    let log = std::fs::OpenOptions::new().create(true).append(true).open(log).unwrap();
    let dist = common::temp_dir("dist");
    let child = Command::new(BIN)
        .args([
            "--dist",
            &dist.to_string_lossy(),
            "--lessons",
            &repo.join("lessons").to_string_lossy(),
            "--tables",
            &repo.join("www/endgame").to_string_lossy(),
        ])
        .env("DATABASE_URL", url)
        .env("PORT", port.to_string())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .unwrap();
    let started = Instant::now();
    while http(port, "GET", "/api/v1/health", None, None).map(|a| a.status).ok() != Some(200) {
        assert!(started.elapsed() < Duration::from_secs(60), "the server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

fn urls() -> Vec<String> {
    tokio::runtime::Runtime::new().unwrap().block_on(common::databases())
}

fn count(url: &str) -> i64 {
    tokio::runtime::Runtime::new().unwrap().block_on(async {
        let db = chess_tutor_server::db::Db::connect(url).await.unwrap();
        let n = db.count_attempts().await.unwrap();
        db.pool.close().await;
        n
    })
}

const PASSWORD: &str = "a-password-never-logged";

#[test]
fn killed_mid_burst_and_started_again_it_has_every_acknowledged_attempt_once() {
    for url in urls() {
        let dir = common::temp_dir("kill");
        let log = dir.join("server.log");
        let port = free_port();
        let mut server = start(&url, port, &log);
        let mut tokens = Vec::new();

        // a teacher, a class of 8, each pupil signed in
        let t = http(
            port,
            "POST",
            "/api/v1/teachers",
            Some(&json!({"name": "Anna", "login": "anna", "password": PASSWORD})),
            None,
        )
        .unwrap();
        let teacher = t.cookie.unwrap();
        tokens.push(teacher.clone());
        let c = http(port, "POST", "/api/v1/classes", Some(&json!({"name": "3A"})), Some(&teacher))
            .unwrap()
            .body;
        let names: Vec<String> = (1..=8).map(|k| format!("Pupil {k}")).collect();
        let pupils = http(
            port,
            "POST",
            &format!("/api/v1/classes/{}/pupils", c["id"].as_str().unwrap()),
            Some(&json!({"names": names})),
            Some(&teacher),
        )
        .unwrap()
        .body;
        let mut cookies = Vec::new();
        for p in pupils["pupils"].as_array().unwrap() {
            let a = http(
                port,
                "POST",
                "/api/v1/sessions/pupil",
                Some(&json!({"code": c["code"], "pupil": p["id"], "pictures": p["pictures"]})),
                None,
            )
            .unwrap();
            cookies.push(a.cookie.unwrap());
        }
        tokens.extend(cookies.iter().cloned());

        // 8 × 60 attempts, sent by 8 threads; the server is killed after 120 are acknowledged
        let solved = common::solution("bishop-stars-1");
        let attempts: Vec<Vec<Value>> = (0..8)
            .map(|_| {
                (0..60)
                    .map(|k| {
                        if k % 2 == 0 {
                            json!({"id": common::uuid(), "lesson": "bishop-stars-1", "moves": solved, "hints": 0, "ms": 1000})
                        } else {
                            json!({"id": common::uuid(), "lesson": "board-names-question", "moves": [], "answers": [0], "hints": 0, "ms": 1000})
                        }
                    })
                    .collect()
            })
            .collect();
        let acked: Arc<Mutex<HashSet<String>>> = Arc::default();
        let threads: Vec<_> = attempts
            .iter()
            .cloned()
            .zip(cookies.iter().cloned())
            .map(|(list, cookie)| {
                let acked = acked.clone();
                std::thread::spawn(move || {
                    for a in list {
                        match http(port, "POST", "/api/v1/attempts", Some(&a), Some(&cookie)) {
                            Ok(r) if r.status == 200 || r.status == 201 => {
                                acked.lock().unwrap().insert(a["id"].as_str().unwrap().to_string());
                            }
                            _ => {}
                        }
                    }
                })
            })
            .collect();
        let started = Instant::now();
        while acked.lock().unwrap().len() < 120 {
            assert!(started.elapsed() < Duration::from_secs(120), "the burst is too slow");
            std::thread::sleep(Duration::from_millis(2));
        }
        server.kill().unwrap(); // SIGKILL
        server.wait().unwrap();
        for t in threads {
            t.join().unwrap();
        }
        let acked = acked.lock().unwrap().clone();
        let total: usize = attempts.iter().map(Vec::len).sum();
        assert!(
            acked.len() >= 120 && acked.len() < total,
            "{url}: killed mid-burst ({} of {total} acknowledged)",
            acked.len()
        );
        let stored = count(&url) as usize;
        assert!(stored >= acked.len(), "{url}: {stored} stored, {} acknowledged", acked.len());

        // started again: every attempt is sent again (the client does not know what arrived)
        let mut server = start(&url, port, &log);
        for (list, cookie) in attempts.iter().zip(&cookies) {
            for a in list {
                let r = http(port, "POST", "/api/v1/attempts", Some(a), Some(cookie)).unwrap();
                let id = a["id"].as_str().unwrap();
                if acked.contains(id) {
                    assert_eq!(r.status, 200, "{url}: an acknowledged attempt is stored already");
                } else {
                    assert!(r.status == 200 || r.status == 201, "{url}: {}", r.status);
                }
                assert_eq!(r.body["solved"], true, "{url}: {}", r.body);
            }
        }
        assert_eq!(count(&url) as usize, total, "{url}: each attempt stored exactly once");
        for id in acked.iter().take(20) {
            assert_eq!(
                http(port, "GET", &format!("/api/v1/attempts/{id}"), None, Some(&teacher))
                    .unwrap()
                    .status,
                200
            );
        }

        // a backup while the server runs (SQLite)
        if url.starts_with("sqlite") {
            let copy = dir.join("backup.sqlite");
            let out = Command::new(BIN)
                .args(["backup", &copy.to_string_lossy()])
                .env("DATABASE_URL", &url)
                .output()
                .unwrap();
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
            assert_eq!(
                count(&format!("sqlite://{}", copy.display())) as usize,
                total,
                "the copy has every attempt"
            );
            let again = Command::new(BIN)
                .args(["backup", &copy.to_string_lossy()])
                .env("DATABASE_URL", &url)
                .output()
                .unwrap();
            assert_eq!(again.status.code(), Some(2), "a backup never overwrites a file");
        }
        // a teacher sign-in with the password, for the log
        let a = http(
            port,
            "POST",
            "/api/v1/sessions/teacher",
            Some(&json!({"login": "anna", "password": PASSWORD})),
            None,
        )
        .unwrap();
        tokens.push(a.cookie.unwrap());
        server.kill().unwrap();
        server.wait().unwrap();

        // the log: a line per request, never a password or a token
        let text = std::fs::read_to_string(&log).unwrap();
        assert!(text.contains("POST /api/v1/attempts 201"), "{text}");
        assert!(!text.contains(PASSWORD), "a password in the log");
        for t in &tokens {
            let raw = t.trim_start_matches("ct_session=");
            assert!(raw.len() >= 40 && !text.contains(raw), "a session token in the log");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
