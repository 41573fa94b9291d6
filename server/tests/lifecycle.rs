//! The binary as an admin runs it, from another working folder as cron does: `backup` never makes
//! a database and names what it copied; a clean stop (SIGTERM) leaves everything in the `.sqlite`
//! file alone; `restore` refuses while the server runs, refuses a damaged or foreign file, and
//! after a kill or a clean stop puts back exactly the backup's rows (no stale WAL read with it);
//! a read-only database is refused at start; the files are made 0600. SQLite.

mod common;

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_chess-tutor-server");

fn http(
    port: u16,
    method: &str,
    path: &str,
    body: Option<&Value>,
    cookie: Option<&str>,
) -> std::io::Result<(u16, Option<String>, Value)> {
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
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let cookie = head.lines().find_map(|l| {
        l.to_ascii_lowercase()
            .starts_with("set-cookie:")
            .then(|| l[11..].trim().split(';').next().unwrap_or("").to_string())
    });
    Ok((status, cookie, serde_json::from_str(rest).unwrap_or(Value::Null)))
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// The binary run in `dir` (as cron: another folder, no DATABASE_URL).
fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN).args(args).current_dir(dir).env_remove("DATABASE_URL").output().unwrap()
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

fn start(dir: &Path, db: &Path, port: u16) -> Child {
    let repo = common::repo();
    let child = Command::new(BIN)
        .args([
            "--db",
            &db.to_string_lossy(),
            "--port",
            &port.to_string(),
            "--quiet",
            "--dist",
            &dir.join("dist").to_string_lossy(),
            "--lessons",
            &repo.join("lessons").to_string_lossy(),
            "--tables",
            &repo.join("www/endgame").to_string_lossy(),
        ])
        .current_dir(dir)
        .env_remove("DATABASE_URL")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(dir.join(format!("server-{port}.log"))).unwrap())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while http(port, "GET", "/api/v1/health", None, None).map(|a| a.0).ok() != Some(200) {
        assert!(started.elapsed() < Duration::from_secs(60), "the server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

fn stop(mut server: Child) -> std::process::ExitStatus {
    Command::new("kill").args(["-TERM", &server.id().to_string()]).status().unwrap();
    server.wait().unwrap()
}

fn kill(mut server: Child) {
    server.kill().unwrap();
    server.wait().unwrap();
}

/// A teacher (new login each time), a class of `n` pupils, each with one attempt: her cookie.
fn fill(port: u16, login: &str, n: usize) -> String {
    let t = http(
        port,
        "POST",
        "/api/v1/teachers",
        Some(&json!({"name": login, "login": login, "password": "a-long-password"})),
        None,
    )
    .unwrap();
    assert_eq!(t.0, 201, "{:?}", t.2);
    let teacher = t.1.unwrap();
    let c = http(port, "POST", "/api/v1/classes", Some(&json!({"name": "3A"})), Some(&teacher))
        .unwrap()
        .2;
    let names: Vec<String> = (0..n).map(|k| format!("{login} pupil {k}")).collect();
    let pupils = http(
        port,
        "POST",
        &format!("/api/v1/classes/{}/pupils", c["id"].as_str().unwrap()),
        Some(&json!({"names": names})),
        Some(&teacher),
    )
    .unwrap()
    .2;
    for p in pupils["pupils"].as_array().unwrap() {
        let a = http(
            port,
            "POST",
            "/api/v1/sessions/pupil",
            Some(&json!({"code": c["code"], "pupil": p["id"], "pictures": p["pictures"]})),
            None,
        )
        .unwrap();
        let r = http(port, "POST", "/api/v1/attempts", Some(&json!({"id": common::uuid(), "lesson": "board-names-question", "moves": [], "answers": [0], "hints": 0, "ms": 1000})), a.1.as_deref()).unwrap();
        assert!(r.0 == 201, "{:?}", r.2);
    }
    teacher
}

/// (teachers, pupils, attempts) of a SQLite file, read by the binary's own `backup` into a
/// scratch copy (never opening the file itself with another program).
fn rows(dir: &Path, db: &Path) -> (i64, i64, i64) {
    let scratch = dir.join(format!("rows-{}.sqlite", chess_tutor_server::util::new_id()));
    let o = run(dir, &["backup", &scratch.to_string_lossy(), "--db", &db.to_string_lossy()]);
    assert!(o.status.success(), "{}", text(&o));
    let said = String::from_utf8_lossy(&o.stdout).to_string();
    let words: Vec<&str> = said.split([' ', '(', ')', ',']).filter(|w| !w.is_empty()).collect();
    let n = |what: &str| -> i64 {
        let k = words.iter().position(|w| *w == what).unwrap_or_else(|| panic!("{what} in {said}"));
        words[k - 1].parse().unwrap()
    };
    let _ = std::fs::remove_file(scratch);
    (n("teachers"), n("pupils"), n("attempts"))
}

fn mode(file: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(file).unwrap().permissions().mode() & 0o777
}

fn side(file: &Path, suffix: &str) -> PathBuf {
    PathBuf::from(format!("{}{suffix}", file.display()))
}

#[test]
fn backup_from_another_folder_never_makes_a_database() {
    let cron = common::temp_dir("cron");
    let o = run(&cron, &["backup", "/nonexistent-dir-for-test/x.sqlite"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let said = String::from_utf8_lossy(&o.stderr);
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(
        said.contains("There is no database at")
            && said.contains("data/chess-tutor.sqlite")
            && said.contains("--db"),
        "{said}"
    );
    assert!(!cron.join("data").exists(), "no database made");
    let o = run(&cron, &["restore", "nothing.sqlite"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    for args in [
        &["purge", "--before", "2024-01-01"][..],
        &["invite"],
        &["reset-password", "anna"],
        &["export-pupil", "x"],
    ] {
        let o = run(&cron, args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
    }
    assert!(!cron.join("data").exists(), "no database made");
    let help = text(&run(&cron, &["--help"]));
    assert!(help.contains("--db") && help.contains("DATABASE_URL"), "{help}");
    let help = text(&run(&cron, &["backup", "--help"]));
    assert!(help.contains("--db"), "{help}");
}

#[test]
fn a_clean_stop_leaves_everything_in_the_sqlite_file_and_the_files_are_0600() {
    let dir = common::temp_dir("stop");
    std::fs::create_dir_all(dir.join("dist")).unwrap();
    let db = dir.join("data/chess.sqlite");
    let port = free_port();
    let server = start(&dir, &db, port);
    fill(port, "anna", 12);
    assert_eq!(mode(&db), 0o600, "the database file");
    let wal = side(&db, "-wal");
    assert!(
        wal.exists() && std::fs::metadata(&wal).unwrap().len() > 0,
        "the writes are in the WAL while it runs"
    );
    assert!(stop(server).success(), "a clean stop exits 0");
    assert_eq!(
        std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0),
        0,
        "the WAL is checkpointed and truncated"
    );
    // the .sqlite file alone, copied as a careless admin would
    let alone = dir.join("alone.sqlite");
    std::fs::copy(&db, &alone).unwrap();
    assert_eq!(rows(&dir, &alone), (1, 12, 12));
    let backup = dir.join("nightly.sqlite");
    let o = run(&dir, &["backup", &backup.to_string_lossy(), "--db", &db.to_string_lossy()]);
    assert!(o.status.success(), "{}", text(&o));
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(
        said.contains(&db.display().to_string())
            && said.contains("12 pupils")
            && said.contains("12 attempts"),
        "{said}"
    );
    assert_eq!(mode(&backup), 0o600, "the backup");
}

#[test]
fn restore_after_a_kill_and_after_a_clean_stop_puts_back_the_backup_exactly() {
    let dir = common::temp_dir("restore");
    std::fs::create_dir_all(dir.join("dist")).unwrap();
    let db = dir.join("data/chess.sqlite");
    for (round, clean) in [(0, false), (1, true)] {
        let port = free_port();
        let server = start(&dir, &db, port);
        fill(port, &format!("before{round}"), 5);
        let backup = dir.join(format!("backup-{round}.sqlite"));
        // while the server runs (DATABASE_URL, as the unit sets it)
        let o = Command::new(BIN)
            .args(["backup", &backup.to_string_lossy()])
            .current_dir(common::temp_dir("cron"))
            .env("DATABASE_URL", format!("sqlite://{}", db.display()))
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", text(&o));
        let at_backup = rows(&dir, &backup);
        fill(port, &format!("after{round}"), 7); // later writes, in the WAL
        let o = run(&dir, &["restore", &backup.to_string_lossy(), "--db", &db.to_string_lossy()]);
        assert_eq!(o.status.code(), Some(2), "refused while the server runs: {}", text(&o));
        assert!(text(&o).contains("A server is using"), "{}", text(&o));
        let before = rows(&dir, &db);
        if clean {
            assert!(stop(server).success());
        } else {
            kill(server);
            assert!(std::fs::metadata(side(&db, "-wal")).unwrap().len() > 0, "a kill leaves a WAL");
        }
        let o = run(&dir, &["restore", &backup.to_string_lossy(), "--db", &db.to_string_lossy()]);
        assert!(o.status.success(), "{}", text(&o));
        let said = String::from_utf8_lossy(&o.stdout).to_string();
        assert!(said.contains("restored") && said.contains("before-restore-"), "{said}");
        assert!(!side(&db, "-wal").exists() && !side(&db, "-shm").exists(), "no stale WAL");
        assert_eq!(mode(&db), 0o600);
        // the replaced database is kept whole, its WAL included
        let kept = PathBuf::from(said.rsplit("kept as ").next().unwrap().trim());
        assert_eq!(rows(&dir, &kept), before, "round {round}: the replaced database is kept");
        let _ = std::fs::remove_file(&kept);
        // started again: exactly the backup's rows, and every sign-in answers
        let port = free_port();
        let server = start(&dir, &db, port);
        let s = http(
            port,
            "POST",
            "/api/v1/sessions/teacher",
            Some(&json!({"login": format!("before{round}"), "password": "a-long-password"})),
            None,
        )
        .unwrap();
        assert_eq!(s.0, 200, "{:?}", s.2);
        let s = http(
            port,
            "POST",
            "/api/v1/sessions/teacher",
            Some(&json!({"login": format!("after{round}"), "password": "a-long-password"})),
            None,
        )
        .unwrap();
        assert_eq!(s.0, 401, "the later teacher is not in the backup");
        assert!(stop(server).success());
        assert_eq!(
            rows(&dir, &db),
            at_backup,
            "round {round}: rows before {before:?}, backup {at_backup:?}"
        );
        eprintln!("round {round} ({}): rows at backup {at_backup:?}, before restore {before:?}, after restore {:?}", if clean { "clean stop" } else { "kill" }, rows(&dir, &db));
    }
    // a damaged file, a foreign file, a newer schema: refused, the database untouched
    let good = rows(&dir, &db);
    let damaged = dir.join("damaged.sqlite");
    let mut bytes = std::fs::read(dir.join("backup-1.sqlite")).unwrap();
    let n = bytes.len();
    for b in &mut bytes[n / 2..n / 2 + 4096] {
        *b = 0x5a;
    }
    std::fs::write(&damaged, &bytes).unwrap();
    let foreign = dir.join("notes.txt");
    std::fs::write(&foreign, "not a database at all").unwrap();
    for bad in [&damaged, &foreign] {
        let o = run(&dir, &["restore", &bad.to_string_lossy(), "--db", &db.to_string_lossy()]);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
        assert_eq!(String::from_utf8_lossy(&o.stderr).lines().count(), 1, "{}", text(&o));
    }
    let o = run(&dir, &["restore", &db.to_string_lossy(), "--db", &db.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(2), "the database itself: {}", text(&o));
    assert_eq!(rows(&dir, &db), good, "untouched");
}

#[test]
fn a_read_only_database_or_a_newer_schema_is_refused_at_start_in_one_sentence() {
    let dir = common::temp_dir("ro");
    std::fs::create_dir_all(dir.join("dist")).unwrap();
    let db = dir.join("chess.sqlite");
    let port = free_port();
    let server = start(&dir, &db, port);
    assert!(stop(server).success());
    let o = Command::new(BIN)
        .args([
            "--db",
            &format!("sqlite://{}?mode=ro", db.display()),
            "--port",
            &free_port().to_string(),
            "--dist",
            &dir.join("dist").to_string_lossy(),
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let said = String::from_utf8_lossy(&o.stderr);
    let errors: Vec<&str> = said.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(errors.len(), 1, "{said}");
    assert!(errors[0].contains("refuses writes"), "{said}");
    // a database a newer binary made
    tokio::runtime::Runtime::new().unwrap().block_on(async {
        let d = chess_tutor_server::db::Db::connect(&format!("sqlite://{}", db.display())).await.unwrap();
        sqlx::query("INSERT INTO _sqlx_migrations (version, description, installed_on, success, checksum, execution_time) VALUES (9999, 'newer', CURRENT_TIMESTAMP, TRUE, x'00', 1)").execute(&d.pool).await.unwrap();
        chess_tutor_server::lifecycle::close(&d).await.unwrap();
    });
    let o = Command::new(BIN)
        .args([
            "--db",
            &db.to_string_lossy(),
            "--port",
            &free_port().to_string(),
            "--dist",
            &dir.join("dist").to_string_lossy(),
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let said = String::from_utf8_lossy(&o.stderr);
    assert!(said.contains("schema 9999") && said.contains("newer chess-tutor-server"), "{said}");
    let o = run(
        &dir,
        &["restore", &db.to_string_lossy(), "--db", &dir.join("other.sqlite").to_string_lossy()],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("newer"), "{}", text(&o));
}
