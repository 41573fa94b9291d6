//! `chess-tutor-server`: serve the app and the class API; `chess-tutor-server backup FILE`: copy
//! the SQLite database while the server runs.

use chess_tutor_server::{router, spawn_pruning, AppState, Config};
use clap::{Parser, Subcommand};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

const DEFAULT_DATABASE: &str = "sqlite://data/chess-tutor.sqlite";

#[derive(Parser)]
#[command(
    version,
    about = "chess-tutor's class server: the app and the class API (SQLite by default; DATABASE_URL=postgres://… for PostgreSQL)"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// The port to listen on.
    #[arg(long, env = "PORT", default_value_t = 8080)]
    port: u16,
    /// The address to listen on: 127.0.0.1 for this machine only, 0.0.0.0 for the network.
    #[arg(long, env = "HOST", default_value = "127.0.0.1")]
    host: String,
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
    /// A consistent copy of the SQLite database into FILE (while the server runs).
    Backup { file: PathBuf },
}

fn database_url() -> String {
    std::env::var("DATABASE_URL")
        .ok()
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| DEFAULT_DATABASE.into())
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

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    let url = database_url();
    if let Some(Command::Backup { file }) = cli.command {
        if file.exists() {
            eprintln!(
                "error: {} exists already: give a new file name",
                file.display()
            );
            return ExitCode::from(2);
        }
        let db = match chess_tutor_server::db::Db::connect(&url).await {
            Ok(db) => db,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        };
        return match db.backup(&file.to_string_lossy()).await {
            Ok(()) => {
                eprintln!("backup written to {}", file.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        };
    }
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
        limits: Default::default(),
    };
    let state = match AppState::open(config, &url).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let shown_db = if url.starts_with("postgres") {
        "PostgreSQL".to_string()
    } else {
        url.clone()
    };
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
    if let Err(e) = axum::serve(listener, app)
        .with_graceful_shutdown(shutdown())
        .await
    {
        eprintln!("error: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
