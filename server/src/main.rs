//! `chess-tutor-server`: serve the app and the class API; its other commands are the admin's
//! (`backup`, `restore`, `purge`, `reset-password`, `invite`, `export-pupil`: server/src/admin.rs).
//! Every command names its database the same way: `--db FILE` or `DATABASE_URL`.

use chess_tutor_server::account::SignUpMode;
use chess_tutor_server::admin::{self, Refusal};
use chess_tutor_server::lifecycle;
use chess_tutor_server::{router, spawn_pruning, AppState, Config};
use clap::{Parser, Subcommand};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    version,
    about = "chess-tutor's class server: the app and the class API, and the admin's commands.",
    long_about = "chess-tutor's class server: the app and the class API, and the admin's commands.\n\n\
The database, for every command: --db FILE (a SQLite file), or DATABASE_URL=sqlite://FILE or \
postgres://user:password@host/dbname; --db wins. Without either: data/chess-tutor.sqlite in the \
working folder (only serving makes it; the other commands refuse when there is none). The admin's \
guide: docs/class-server.md."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// The database: a SQLite file (or a sqlite:// or postgres:// URL); else DATABASE_URL, else
    /// data/chess-tutor.sqlite in the working folder.
    #[arg(long, global = true, value_name = "FILE")]
    db: Option<String>,
    /// The port to listen on.
    #[arg(long, env = "PORT", default_value_t = 8080)]
    port: u16,
    /// The address to listen on: 127.0.0.1 for this machine only, 0.0.0.0 for the network.
    #[arg(long, env = "HOST", default_value = "127.0.0.1")]
    host: String,
    /// A name the server answers to (repeat it for more): the name in the school's address
    /// (chess.school.example). localhost and IP addresses are always answered; other names get 421.
    #[arg(long = "host-name", value_name = "NAME")]
    host_names: Vec<String>,
    /// Who may make a teacher's account: open, invite (with a code from `invite`) or closed.
    #[arg(long, env = "SIGNUP", value_enum, default_value_t = SignUpMode::Open)]
    signup: SignUpMode,
    /// The built app to serve.
    #[arg(long, default_value = "dist")]
    dist: PathBuf,
    /// The course's lessons (default: lessons/ if present, else <dist>/lessons).
    #[arg(long)]
    lessons: Option<PathBuf>,
    /// The endgame tables (default: <dist>/endgame, else www/endgame).
    #[arg(long)]
    tables: Option<PathBuf>,
    /// Another origin allowed to change things (the app served from another address).
    #[arg(long = "origin")]
    origins: Vec<String>,
    /// Behind a reverse proxy: take the client's address from X-Forwarded-For.
    #[arg(long)]
    behind_proxy: bool,
    /// No line per request on stderr.
    #[arg(long)]
    quiet: bool,
}

#[derive(Subcommand)]
enum Command {
    /// A consistent copy of the SQLite database into FILE (a new file, 0600), while the server
    /// runs. Says which database it copied and its rows; refuses (exit 2) when there is none.
    Backup { file: PathBuf },
    /// Put BACKUP in place of the SQLite database (checked first; refused while a server uses
    /// it; the replaced database is kept beside it as ….before-restore-DATE).
    Restore { backup: PathBuf },
    /// Remove attempts made before DATE, and classes made before it with no attempt since
    /// (their pupils and homework too).
    Purge {
        /// YYYY-MM-DD (UTC).
        #[arg(long, value_name = "DATE")]
        before: String,
        /// Only say what would be removed.
        #[arg(long)]
        dry_run: bool,
    },
    /// Give the teacher of LOGIN a new password, printed once (the server sends no mail).
    ResetPassword { login: String },
    /// Print an invitation code for one teacher's sign-up (with --signup invite).
    Invite {
        /// How many days the code is valid.
        #[arg(long, default_value_t = 14)]
        days: i64,
    },
    /// Print everything kept about one pupil as JSON (PUPIL: her id, or her name when only one
    /// pupil has it).
    ExportPupil { pupil: String },
}

fn has_lessons(dir: &std::path::Path) -> bool {
    dir.join("course.json").is_file()
}

async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
}

/// An admin command's outcome: its words on stdout (what it did) or stderr (why not).
fn finish(result: Result<String, Refusal>) -> ExitCode {
    match result {
        Ok(text) => {
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err(r) => {
            eprintln!("error: {}", r.text());
            ExitCode::from(r.code())
        }
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    let url = lifecycle::database_url(cli.db.as_deref());
    match &cli.command {
        None => {}
        Some(Command::Backup { file }) => return finish(admin::backup(&url, file).await),
        Some(Command::Restore { backup }) => return finish(admin::restore(&url, backup).await),
        Some(Command::Purge { before, dry_run }) => {
            return finish(admin::purge(&url, before, *dry_run).await)
        }
        Some(Command::ResetPassword { login }) => {
            return finish(admin::reset_password(&url, login).await)
        }
        Some(Command::Invite { days }) => return finish(admin::invite(&url, *days).await),
        Some(Command::ExportPupil { pupil }) => {
            return finish(admin::export_pupil(&url, pupil).await)
        }
    }
    serve(cli, url).await
}

async fn serve(cli: Cli, url: String) -> ExitCode {
    let lessons = cli.lessons.clone().or_else(|| {
        let here = PathBuf::from("lessons");
        if has_lessons(&here) {
            Some(here)
        } else {
            Some(cli.dist.join("lessons")).filter(|d| has_lessons(d))
        }
    });
    let tables = cli.tables.clone().or_else(|| {
        [cli.dist.join("endgame"), PathBuf::from("www/endgame")]
            .into_iter()
            .find(|d| d.join("kpk.bin").is_file())
    });
    let config = Config {
        dist: cli.dist.clone(),
        lessons,
        tables,
        origins: cli.origins.clone(),
        behind_proxy: cli.behind_proxy,
        log: !cli.quiet,
        host_names: cli.host_names.clone(),
        signup: cli.signup,
        limits: Default::default(),
    };
    let state = match AppState::open(config, &url).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    // held while the server runs: `restore` refuses meanwhile
    let _lock = match lifecycle::hold(&url) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let shown_db = lifecycle::shown(&url);
    eprintln!(
        "chess-tutor-server {}: {} course lessons, endgame tables {}, database {shown_db}",
        env!("CARGO_PKG_VERSION"),
        state.lessons.lessons.len(),
        if state.lessons.endgame.is_some() {
            "loaded"
        } else {
            "missing (lessons against the solver are judged not solved)"
        }
    );
    let db = state.db.clone();
    spawn_pruning(state.db.clone());
    let addr = format!("{}:{}", cli.host, cli.port);
    let listener = match tokio::net::TcpListener::bind(&addr).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: cannot listen on {addr}: {e}");
            return ExitCode::FAILURE;
        }
    };
    eprintln!("listening on http://{addr}/");
    let app = router(state).into_make_service_with_connect_info::<SocketAddr>();
    // on SIGTERM or SIGINT: no new connection; the requests under way finish (20 s at most)
    let (stopping, mut stopped) = tokio::sync::watch::channel(false);
    let server = axum::serve(listener, app).with_graceful_shutdown(async move {
        shutdown().await;
        eprintln!("stopping: finishing the requests under way");
        let _ = stopping.send(true);
    });
    let served = tokio::select! {
        r = std::future::IntoFuture::into_future(server) => r.map_err(|e| e.to_string()),
        _ = async {
            let _ = stopped.wait_for(|s| *s).await;
            tokio::time::sleep(std::time::Duration::from_secs(20)).await;
        } => Err("requests were still open after 20 s".to_string()),
    };
    if let Err(e) = &served {
        eprintln!("error: {e}");
    }
    // then the WAL goes into the database file: the .sqlite file alone holds everything
    match lifecycle::close(&db).await {
        Ok(()) => eprintln!("stopped: database {shown_db} closed"),
        Err(e) => {
            eprintln!("error: closing the database {shown_db}: {e}");
            return ExitCode::FAILURE;
        }
    }
    if served.is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
