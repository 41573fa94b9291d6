//! The class server's load generator for `npm run bench -- --only server`: sets up classes of
//! pupils on a running server, then sends every pupil's attempts as fast as the server takes
//! them with a fixed number in flight, and times `classResults` for a class whose pupils have
//! attempted many lessons. Prints one JSON line of figures.
//!
//! chess-tutor-server-load --port P [--classes 30] [--pupils 30] [--attempts 20] [--inflight 64]
//!                         [--results-lessons 130] [--results-calls 200]

use chess_tutor::lesson::attempt::{Played, Progress};
use chess_tutor::lesson::player::Player;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

struct Args {
    port: u16,
    classes: usize,
    pupils: usize,
    attempts: usize,
    inflight: usize,
    results_lessons: usize,
    results_calls: usize,
    lessons: std::path::PathBuf,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        port: 0,
        classes: 30,
        pupils: 30,
        attempts: 20,
        inflight: 64,
        results_lessons: 130,
        results_calls: 200,
        lessons: "lessons".into(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(k) = it.next() {
        let mut v = || it.next().ok_or_else(|| format!("{k} needs a value"));
        let n = |s: String| s.parse::<usize>().map_err(|e| format!("{s}: {e}"));
        match k.as_str() {
            "--port" => a.port = v()?.parse().map_err(|e| format!("--port: {e}"))?,
            "--classes" => a.classes = n(v()?)?,
            "--pupils" => a.pupils = n(v()?)?,
            "--attempts" => a.attempts = n(v()?)?,
            "--inflight" => a.inflight = n(v()?)?,
            "--results-lessons" => a.results_lessons = n(v()?)?,
            "--results-calls" => a.results_calls = n(v()?)?,
            "--lessons" => a.lessons = v()?.into(),
            _ => return Err(format!("unknown option {k}")),
        }
    }
    if a.port == 0 {
        return Err("--port is needed".into());
    }
    Ok(a)
}

/// One keep-alive connection to the server.
struct Conn {
    port: u16,
    r: Option<BufReader<TcpStream>>,
}

struct Answer {
    status: u16,
    cookie: Option<String>,
    body: Vec<u8>,
}

impl Conn {
    fn new(port: u16) -> Conn {
        Conn { port, r: None }
    }

    fn call(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&str>,
        cookie: Option<&str>,
    ) -> std::io::Result<Answer> {
        match self.try_call(method, path, body, cookie) {
            Ok(a) => Ok(a),
            Err(_) if self.r.is_some() => {
                // the connection was closed by the server: once more on a new one
                self.r = None;
                self.try_call(method, path, body, cookie)
            }
            Err(e) => Err(e),
        }
    }

    fn try_call(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&str>,
        cookie: Option<&str>,
    ) -> std::io::Result<Answer> {
        if self.r.is_none() {
            let s = TcpStream::connect(("127.0.0.1", self.port))?;
            s.set_nodelay(true)?;
            s.set_read_timeout(Some(Duration::from_secs(60)))?;
            self.r = Some(BufReader::new(s));
        }
        let r = self.r.as_mut().unwrap();
        let body = body.unwrap_or("");
        let cookie = cookie.map(|c| format!("Cookie: {c}\r\n")).unwrap_or_default();
        let req = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{cookie}\r\n{body}", self.port, body.len());
        r.get_mut().write_all(req.as_bytes())?;
        let mut line = String::new();
        if r.read_line(&mut line)? == 0 {
            return Err(std::io::Error::other("closed"));
        }
        let status = line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| std::io::Error::other("no status"))?;
        let (mut length, mut cookie) = (0usize, None);
        loop {
            line.clear();
            r.read_line(&mut line)?;
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            let lower = l.to_ascii_lowercase();
            if let Some(v) = lower.strip_prefix("content-length:") {
                length = v.trim().parse().unwrap_or(0);
            } else if lower.starts_with("set-cookie:") {
                cookie = l[11..].trim().split(';').next().map(str::to_string);
            }
        }
        let mut body = vec![0; length];
        r.read_exact(&mut body)?;
        Ok(Answer { status, cookie, body })
    }

    fn json(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&Value>,
        cookie: Option<&str>,
    ) -> Result<(u16, Option<String>, Value), String> {
        let text = body.map(Value::to_string);
        let a = self
            .call(method, path, text.as_deref(), cookie)
            .map_err(|e| format!("{method} {path}: {e}"))?;
        Ok((a.status, a.cookie, serde_json::from_slice(&a.body).unwrap_or(Value::Null)))
    }
}

fn uci(p: &Played) -> String {
    match p {
        Played::Chess(m) => m.uci.clone(),
        Played::Pieces(m) => m.uci.clone(),
    }
}

/// The moves that solve a course lesson with the player's own best moves (and the replies).
fn solution(dir: &std::path::Path, id: &str) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join(format!("{id}.json"))).unwrap_or_default();
    let Some(lesson) = chess_tutor::lesson::parse_lesson(&text) else {
        return vec![];
    };
    let Ok(mut p) = Player::new(lesson) else {
        return vec![];
    };
    let mut moves = Vec::new();
    while p.progress() == Progress::Playing {
        let Some(m) = p.best_moves_now().and_then(|b| b.first().copied()) else {
            break;
        };
        let out = p.play(m.from, m.to, m.promotion);
        moves.extend(out.played.as_ref().map(uci));
        moves.extend(out.reply.as_ref().map(uci));
    }
    moves
}

fn uuid(k: usize, salt: u64) -> String {
    let h = format!("{:016x}{:016x}", salt, k as u64);
    format!("{}-{}-4{}-a{}-{}", &h[0..8], &h[8..12], &h[13..16], &h[17..20], &h[20..32])
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn run() -> Result<Value, String> {
    let a = args()?;
    let mut c = Conn::new(a.port);
    let salt = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    let login = format!("bench-{salt}");
    let (s, teacher, _) = c.json(
        "POST",
        "/api/v1/teachers",
        Some(&json!({"name": "Bench", "login": login, "password": "bench-password"})),
        None,
    )?;
    let teacher = teacher.filter(|_| s == 201).ok_or(format!("sign-up: {s}"))?;

    // the classes and their pupils, each signed in
    let started = Instant::now();
    let mut classes = Vec::new();
    let mut pupils: Vec<String> = Vec::new();
    for k in 0..a.classes {
        let (_, _, class) = c.json(
            "POST",
            "/api/v1/classes",
            Some(&json!({"name": format!("Class {k}")})),
            Some(&teacher),
        )?;
        let id = class["id"].as_str().ok_or("createClass")?.to_string();
        let names: Vec<String> = (0..a.pupils).map(|p| format!("Pupil {p}")).collect();
        let (_, _, added) = c.json(
            "POST",
            &format!("/api/v1/classes/{id}/pupils"),
            Some(&json!({"names": names})),
            Some(&teacher),
        )?;
        for p in added["pupils"].as_array().ok_or("addPupils")? {
            let (s, cookie, _) = c.json(
                "POST",
                "/api/v1/sessions/pupil",
                Some(&json!({"code": class["code"], "pupil": p["id"], "pictures": p["pictures"]})),
                None,
            )?;
            pupils.push(cookie.filter(|_| s == 200).ok_or(format!("pupilSignIn: {s}"))?);
        }
        classes.push(id);
    }
    let setup_s = started.elapsed().as_secs_f64();

    // the attempts: each pupil's, one lesson after another of a few kinds
    let kinds = [
        json!({"lesson": "bishop-stars-1", "moves": solution(&a.lessons, "bishop-stars-1"), "hints": 0}),
        json!({"lesson": "board-names-question", "moves": [], "answers": [0], "hints": 0}),
        json!({"lesson": "mate-2-ladder", "moves": solution(&a.lessons, "mate-2-ladder"), "hints": 1}),
        json!({"lesson": "rook-capture", "moves": solution(&a.lessons, "rook-capture"), "hints": 0}),
    ];
    let mut work = Vec::new();
    for round in 0..a.attempts {
        for (p, cookie) in pupils.iter().enumerate() {
            let mut body = kinds[(p + round) % kinds.len()].clone();
            body["id"] = json!(uuid(p * a.attempts + round, salt));
            body["ms"] = json!(1000 + round);
            work.push((cookie.clone(), body.to_string()));
        }
    }
    let work = Arc::new(work);
    let next = Arc::new(AtomicUsize::new(0));
    let latencies = Arc::new(Mutex::new(Vec::with_capacity(work.len())));
    let errors = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let threads: Vec<_> = (0..a.inflight)
        .map(|_| {
            let (work, next, latencies, errors) =
                (work.clone(), next.clone(), latencies.clone(), errors.clone());
            std::thread::spawn(move || {
                let mut conn = Conn::new(a.port);
                let mut mine = Vec::new();
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some((cookie, body)) = work.get(k) else {
                        break;
                    };
                    let t = Instant::now();
                    match conn.call("POST", "/api/v1/attempts", Some(body), Some(cookie)) {
                        Ok(r) if r.status == 201 || r.status == 200 => {
                            mine.push(t.elapsed().as_secs_f64() * 1000.0)
                        }
                        _ => {
                            errors.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                }
                latencies.lock().unwrap().extend(mine);
            })
        })
        .collect();
    for t in threads {
        t.join().map_err(|_| "a sender panicked")?;
    }
    let burst_s = started.elapsed().as_secs_f64();
    let mut lat = latencies.lock().unwrap().clone();
    lat.sort_by(f64::total_cmp);

    // stored: every class's attempts, counted through the API
    let mut stored = 0;
    for id in &classes {
        let (_, _, list) =
            c.json("GET", &format!("/api/v1/classes/{id}/attempts"), None, Some(&teacher))?;
        stored += list["attempts"].as_array().map_or(0, Vec::len);
    }

    // classResults: a new class of `pupils` pupils, each with one attempt at `results_lessons` lessons
    let (_, _, class) =
        c.json("POST", "/api/v1/classes", Some(&json!({"name": "Results"})), Some(&teacher))?;
    let rid = class["id"].as_str().ok_or("createClass")?.to_string();
    let names: Vec<String> = (0..a.pupils).map(|p| format!("Pupil {p}")).collect();
    let (_, _, added) = c.json(
        "POST",
        &format!("/api/v1/classes/{rid}/pupils"),
        Some(&json!({"names": names})),
        Some(&teacher),
    )?;
    let mut lesson_ids: Vec<String> = std::fs::read_dir(&a.lessons)
        .map_err(|e| format!("{}: {e}", a.lessons.display()))?
        .filter_map(|e| {
            Some(e.ok()?.path())
                .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "json"))
        })
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .filter(|n| !n.contains('.') && n != "course" && n != "glossary" && n != "README")
        .collect();
    lesson_ids.sort();
    // the course's lessons, and own lessons to make up the number
    let own: Value = serde_json::from_str(
        &std::fs::read_to_string(a.lessons.join("bishop-stars-1.json"))
            .map_err(|e| e.to_string())?,
    )
    .map_err(|e| e.to_string())?;
    let mut k = 0;
    while lesson_ids.len() < a.results_lessons {
        let mut l = own.clone();
        l["id"] = json!(format!("bench-own-{k}"));
        let (s, _, _) = c.json("POST", "/api/v1/lessons", Some(&l), Some(&teacher))?;
        if s != 201 {
            return Err(format!("uploadLesson: {s}"));
        }
        lesson_ids.push(format!("bench-own-{k}"));
        k += 1;
    }
    lesson_ids.truncate(a.results_lessons);
    let (s, _, _) = c.json(
        "POST",
        &format!("/api/v1/classes/{rid}/assignments"),
        Some(&json!({"lessons": lesson_ids})),
        Some(&teacher),
    )?;
    if s != 201 {
        return Err(format!("createAssignment: {s}"));
    }
    let mut n = 0;
    for p in added["pupils"].as_array().ok_or("addPupils")? {
        let (_, cookie, _) = c.json(
            "POST",
            "/api/v1/sessions/pupil",
            Some(&json!({"code": class["code"], "pupil": p["id"], "pictures": p["pictures"]})),
            None,
        )?;
        let cookie = cookie.ok_or("pupilSignIn")?;
        for l in &lesson_ids {
            n += 1;
            let body = json!({"id": uuid(1_000_000 + n, salt), "lesson": l, "moves": [], "hints": 0, "ms": 100});
            let (s, _, _) = c.json("POST", "/api/v1/attempts", Some(&body), Some(&cookie))?;
            if s != 201 {
                return Err(format!("submitAttempt {l}: {s}"));
            }
        }
    }
    let mut rl = Vec::new();
    for _ in 0..a.results_calls {
        let t = Instant::now();
        let r = c
            .call("GET", &format!("/api/v1/classes/{rid}/results"), None, Some(&teacher))
            .map_err(|e| e.to_string())?;
        if r.status != 200 {
            return Err(format!("classResults: {}", r.status));
        }
        rl.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    rl.sort_by(f64::total_cmp);

    Ok(json!({
        "pupils": pupils.len(),
        "attempts": work.len(),
        "inflight": a.inflight,
        "setupSeconds": setup_s,
        "burstSeconds": burst_s,
        "attemptsPerSecond": work.len() as f64 / burst_s,
        "p50": percentile(&lat, 0.5),
        "p99": percentile(&lat, 0.99),
        "max": lat.last().copied().unwrap_or(0.0),
        "errors": errors.load(Ordering::Relaxed),
        "stored": stored,
        "resultsPupils": a.pupils,
        "resultsLessons": lesson_ids.len(),
        "resultsP50": percentile(&rl, 0.5),
        "resultsP99": percentile(&rl, 0.99),
    }))
}

fn main() -> std::process::ExitCode {
    match run() {
        Ok(v) => {
            println!("{v}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("load: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
