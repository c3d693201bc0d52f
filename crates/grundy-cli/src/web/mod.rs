//! `grundy serve`: a local web page to play heap games against perfect play, with hints,
//! and to analyze a position of any game; and the JSON API behind it.
//!
//! - `POST /api/analyze` `{"game": NAME, "position": TEXT}` returns what
//!   `grundy analyze NAME --json` prints for TEXT.
//! - `POST /api/moves` (heap games, script games, the sheet, the lame queen, cakes, lava
//!   maps and Inventor boards in play, Cram, Chomp) lists every legal move with the
//!   position it leaves and its outcome.
//! - `POST /api/move` plays grundy's reply: a winning move when there is one, else the
//!   smallest move.
//!
//! Bad JSON, unknown games and positions past the command line's limits are answered 4xx
//! with `{"error": MESSAGE}`; bodies are capped, work runs off the event loop a few
//! requests at a time, and a request is cut off after a time limit. Every asset is compiled
//! in: the page works without a network.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::anyhow;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::Semaphore;
use tower_http::timeout::TimeoutLayer;

use crate::Failure;
use crate::commands::{analyze_to, family_named, parse_heaps};
use crate::problems::Input;

/// The largest request body.
pub const MAX_BODY: usize = 64 * 1024;
/// Requests worked on at once; the others wait their turn.
const WORKERS: usize = 4;
/// How long one request may take.
const REQUEST_TIME: Duration = Duration::from_secs(30);
/// Memory for one Cram, Chomp or script position.
const POSITION_MEMORY: &str = "256M";

const INDEX: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const STYLE: &str = include_str!("assets/style.css");

/// What every handler shares: the workers' permits and the folder of script games.
struct Server {
    workers: Arc<Semaphore>,
    scripts: Option<PathBuf>,
}

type Shared = Arc<Server>;

/// The page and the API; script games `script:NAME` are `DIR/NAME.rhai` of `scripts`.
pub fn router(scripts: Option<&Path>) -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { page(INDEX, "text/html; charset=utf-8") }),
        )
        .route(
            "/app.js",
            get(|| async { page(SCRIPT, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/style.css",
            get(|| async { page(STYLE, "text/css; charset=utf-8") }),
        )
        .route("/api/analyze", post(analyze))
        .route("/api/moves", post(moves))
        .route("/api/move", post(reply))
        .fallback(|| async { ApiError(StatusCode::NOT_FOUND, "no such page".into()) })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            REQUEST_TIME,
        ))
        .with_state(Arc::new(Server {
            workers: Arc::new(Semaphore::new(WORKERS)),
            scripts: scripts.map(Path::to_path_buf),
        }))
}

/// Serves on `bind`:`port` (port 0: any free port) until the process is stopped. The
/// address is printed on standard output first.
pub fn serve(bind: &str, port: u16, scripts: Option<&Path>) -> Result<(), Failure> {
    if let Some(dir) = scripts
        && !dir.is_dir()
    {
        return Err(Failure::input(anyhow!(
            "--scripts {}: expected a folder of .rhai files",
            grundy::parse::escaped_path(dir)
        )));
    }
    let ip: IpAddr = bind.parse().map_err(|_| {
        Failure::input(anyhow!(
            "--bind: expected an IP address like 127.0.0.1 or ::1, found '{}'",
            grundy::parse::escaped_str(bind)
        ))
    })?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(Failure::other)?;
    runtime.block_on(async {
        let addr = SocketAddr::new(ip, port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| Failure::other(anyhow!("cannot listen on {addr}: {e}")))?;
        let local = listener.local_addr().map_err(Failure::other)?;
        {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            writeln!(out, "grundy serves http://{local}/ (Ctrl-C stops it)")?;
            out.flush()?;
        }
        axum::serve(listener, router(scripts))
            .await
            .map_err(|e| Failure::other(anyhow!("the server stopped: {e}")))
    })
}

fn page(body: &'static str, kind: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], body).into_response()
}

/// An answer other than 200: a status and a message, as `{"error": MESSAGE}`.
#[derive(Debug)]
struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.1 });
        (self.0, axum::Json(body)).into_response()
    }
}

impl From<Failure> for ApiError {
    fn from(f: Failure) -> ApiError {
        // Bad input is the caller's; anything else (a position past what memory allows)
        // cannot be done, whoever asks.
        let status = if f.status == 2 {
            StatusCode::BAD_REQUEST
        } else {
            StatusCode::UNPROCESSABLE_ENTITY
        };
        let text = format!("{:#}", f.error);
        ApiError(status, grundy::parse::escaped_str(&text).into_owned())
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    game: String,
    position: String,
    /// The name the caller gave a script game, `script:NAME` (set once it is resolved).
    #[serde(skip)]
    asked: Option<String>,
}

/// The request in the body. A script game `script:NAME` becomes the file `NAME.rhai` of
/// the server's `--scripts` folder; no other file is ever read.
fn request(server: &Server, body: &Bytes) -> Result<Request, ApiError> {
    let mut r: Request = serde_json::from_slice(body).map_err(|e| {
        ApiError(
            StatusCode::BAD_REQUEST,
            format!("expected {{\"game\": NAME, \"position\": TEXT}}: {e}"),
        )
    })?;
    if let Some(name) = r.game.strip_prefix("script:") {
        let Some(dir) = &server.scripts else {
            return Err(ApiError(
                StatusCode::BAD_REQUEST,
                "script games are served only from a folder given to grundy serve --scripts DIR"
                    .into(),
            ));
        };
        let plain = !name.is_empty()
            && name.len() <= 64
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        let path = dir.join(format!("{name}.rhai"));
        if !plain || !path.is_file() {
            return Err(ApiError(
                StatusCode::NOT_FOUND,
                format!(
                    "no script game '{}'; the served ones are NAME for each NAME.rhai of the scripts folder",
                    grundy::parse::escaped_str(name)
                ),
            ));
        }
        r.asked = Some(r.game.clone());
        r.game = format!("script:{}", path.display());
    }
    Ok(r)
}

fn input(r: &Request) -> Input {
    Input {
        source: "position".to_string(),
        bytes: r.position.clone().into_bytes(),
    }
}

/// Runs `work` off the event loop, a few at a time.
async fn blocking<T: Send + 'static>(
    workers: &Shared,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let permit = workers.workers.clone().acquire_owned().await.map_err(|_| {
        ApiError(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is stopping".into(),
        )
    })?;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work()
    })
    .await
    .map_err(|_| ApiError(StatusCode::INTERNAL_SERVER_ERROR, "the work failed".into()))?
}

fn json_response(text: String) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], text).into_response()
}

/// The analysis `grundy analyze GAME --json` prints, as text.
fn analysis(r: &Request) -> Result<String, ApiError> {
    let mut out = Vec::new();
    analyze_to(
        &r.game,
        &input(r),
        true,
        false,
        None,
        Some(POSITION_MEMORY),
        &mut out,
    )?;
    String::from_utf8(out).map_err(|_| {
        ApiError(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the analysis is not UTF-8".into(),
        )
    })
}

async fn analyze(State(workers): State<Shared>, body: Bytes) -> Result<Response, ApiError> {
    let r = request(&workers, &body)?;
    let text = blocking(&workers, move || analysis(&r)).await?;
    Ok(json_response(text))
}

/// A move in the API's lists.
#[derive(Serialize)]
struct ListedMove {
    #[serde(rename = "move")]
    text: String,
    /// The position it leaves, written as `analyze` reads it.
    position: String,
    /// The value of that position, where it is known.
    value_after: Option<u64>,
    /// It leaves a P-position: the player who makes it wins with perfect play.
    winning: bool,
    /// Heap games: the heap moved in (from 1), the counters taken, the heaps left.
    #[serde(skip_serializing_if = "Option::is_none")]
    heap: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    take: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    leaves: Option<Vec<u64>>,
    /// Board games played on cells: the cell played (1-based row, column).
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<[u64; 2]>,
    /// How much the move changes, for picking the smallest when nothing wins.
    #[serde(skip)]
    size: u64,
}

#[derive(Serialize)]
struct MoveList {
    game: String,
    position: String,
    /// The position's value, where it is known.
    grundy: Option<u64>,
    winner: &'static str,
    /// Heap games: the heaps and their values.
    #[serde(skip_serializing_if = "Option::is_none")]
    heaps: Option<Vec<u64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<Vec<u64>>,
    /// Boards in play (lava, Inventor): the board drawn as `analyze --json` draws it,
    /// without hints.
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<Vec<String>>,
    moves: Vec<ListedMove>,
}

/// The most moves one list holds.
const MAX_MOVES: u64 = 20_000;
/// The most bytes the positions of one list may add up to (each move carries the whole
/// position it leaves).
const MAX_LISTED_BYTES: usize = 32 << 20;

fn too_many(count: u64) -> ApiError {
    ApiError(
        StatusCode::BAD_REQUEST,
        format!("position: {count} moves are more than the {MAX_MOVES} a list holds"),
    )
}

/// Refuses a list before it grows past `count` moves, each carrying a position of
/// `position_len` bytes: past [`MAX_MOVES`], or past [`MAX_LISTED_BYTES`] in all.
fn room_for(count: usize, position_len: usize) -> Result<(), ApiError> {
    if count as u64 > MAX_MOVES {
        return Err(ApiError(
            StatusCode::BAD_REQUEST,
            format!("position: more than the {MAX_MOVES} moves a list holds"),
        ));
    }
    if count.saturating_mul(position_len + 16) > MAX_LISTED_BYTES {
        return Err(ApiError(
            StatusCode::BAD_REQUEST,
            format!(
                "position: {count} moves, each with the {position_len}-byte position it leaves, are more than the {} MiB a list may hold",
                MAX_LISTED_BYTES >> 20
            ),
        ));
    }
    Ok(())
}

/// The position's whitespace-separated numbers, once `analyze` has accepted them.
fn numbers(r: &Request) -> Vec<u64> {
    r.position
        .split_whitespace()
        .filter_map(|t| t.parse().ok())
        .collect()
}

/// Every move of the position, with the position it leaves and its outcome.
fn list_moves(r: &Request) -> Result<MoveList, ApiError> {
    if let Some(path) = r.game.strip_prefix("script:") {
        return script_moves(r, Path::new(path));
    }
    match r.game.as_str() {
        "shgame" | "sheet" => return sheet_moves(r),
        "lamqugam" | "lame-queen" => return queen_moves(r),
        "cram" => return cram_moves(r),
        "chomp" => return chomp_moves(r),
        "pshtbrth" | "cakes" => return cake_moves(r),
        "caos3" | "lava" => {
            return in_play_moves(r, "live_monsters", "pour lava from the monster at");
        }
        "inventor-outlasting" | "inventor" => return in_play_moves(r, "free_spots", "build at"),
        _ => {}
    }
    let family = family_named(&r.game).map_err(|_| {
        ApiError(
            StatusCode::BAD_REQUEST,
            format!(
                "moves are listed for heap games (nim, kayles, subtraction:S, octal:CODE, ...), shgame, lamqugam, cakes, lava, inventor, cram and chomp, not for '{}'; /api/analyze explains any game",
                grundy::parse::escaped_str(&r.game)
            ),
        )
    })?;
    let heaps = parse_heaps(&input(r), family.analyze_limit())?;
    let listed = family
        .heap_moves(&heaps)
        .map_err(|e| ApiError(StatusCode::BAD_REQUEST, format!("position: {e}")))?;
    let analysis = family
        .analyze_heaps(&heaps)
        .map_err(|e| ApiError(StatusCode::BAD_REQUEST, format!("position: {e}")))?;
    let moves = listed
        .into_iter()
        .map(|(m, after)| {
            let mut next = heaps[..m.heap - 1].to_vec();
            next.extend(m.leaves.iter().copied().filter(|&h| h > 0));
            next.extend_from_slice(&heaps[m.heap..]);
            ListedMove {
                text: m.to_string(),
                position: written(&next),
                value_after: Some(after.0),
                winning: after.0 == 0,
                heap: Some(m.heap),
                take: Some(m.take),
                leaves: Some(m.leaves),
                cell: None,
                size: m.take,
            }
        })
        .collect();
    Ok(MoveList {
        game: family.to_string(),
        position: written(&heaps),
        grundy: Some(analysis.grundy.0),
        winner: analysis.winner.as_str(),
        heaps: Some(heaps.clone()),
        values: Some(analysis.values.iter().map(|v| v.0).collect()),
        board: None,
        moves,
    })
}

/// Heaps written as `analyze` reads them; a game played out is the empty heap.
fn written(heaps: &[u64]) -> String {
    if heaps.is_empty() {
        return "0".to_string();
    }
    let parts: Vec<String> = heaps.iter().map(u64::to_string).collect();
    parts.join(" ")
}

fn sheet_moves(r: &Request) -> Result<MoveList, ApiError> {
    analysis(r)?;
    let [n, m, x, y] = numbers(r)[..] else {
        return Err(ApiError(
            StatusCode::BAD_REQUEST,
            "position: expected N M X Y".into(),
        ));
    };
    let count: u64 = grundy::games::sheet::heaps(n, m, x, y).iter().sum();
    if count > MAX_MOVES {
        return Err(too_many(count));
    }
    let sides = [
        "columns off the left",
        "columns off the right",
        "rows off the top",
        "rows off the bottom",
    ];
    let moves = grundy::games::sheet::cuts(n, m, x, y)
        .into_iter()
        .map(|c| {
            let [a, b, p, q] = c.after;
            ListedMove {
                text: format!("cut {} {}", c.lines, sides[c.side]),
                position: format!("{a} {b} {p} {q}"),
                value_after: Some(c.value.0),
                winning: c.value.0 == 0,
                heap: None,
                take: None,
                leaves: None,
                cell: None,
                size: c.lines,
            }
        })
        .collect();
    let g = grundy::games::sheet::grundy(n, m, x, y);
    Ok(MoveList {
        game: "shgame".into(),
        position: format!("{n} {m} {x} {y}"),
        grundy: Some(g.0),
        winner: grundy::Player::winner_of(g).as_str(),
        heaps: None,
        values: None,
        board: None,
        moves,
    })
}

fn queen_moves(r: &Request) -> Result<MoveList, ApiError> {
    let report: Value = serde_json::from_str(&analysis(r)?)
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let [d, x, y] = numbers(r)[..] else {
        return Err(ApiError(
            StatusCode::BAD_REQUEST,
            "position: expected D X Y".into(),
        ));
    };
    if x + y > MAX_MOVES {
        return Err(too_many(x + y));
    }
    let p = grundy::games::lame_queen::PPositions::build(d, x.max(y))
        .map_err(|e| ApiError(StatusCode::BAD_REQUEST, format!("position: {e}")))?;
    let moves = p
        .moves(x, y)
        .into_iter()
        .map(|((a, b), winning)| ListedMove {
            text: format!("to ({a}, {b})"),
            position: format!("{d} {a} {b}"),
            value_after: winning.then_some(0),
            winning,
            heap: None,
            take: None,
            leaves: None,
            cell: None,
            size: (x - a) + (y - b),
        })
        .collect();
    Ok(MoveList {
        game: "lamqugam".into(),
        position: format!("{d} {x} {y}"),
        grundy: report["grundy"].as_u64(),
        winner: if p.is_p(x, y) { "second" } else { "first" },
        heaps: None,
        values: None,
        board: None,
        moves,
    })
}

/// The analysis of a board game as JSON, and a list of its moves in which those among
/// the report's winning moves (by `key`) are flagged: the value after a move is left
/// unknown, the outcome is exact.
fn flagged(
    r: &Request,
    report: &Value,
    moves: Vec<(String, String, String, u64)>,
    key_of_winning: impl Fn(&Value) -> Option<String>,
) -> Result<MoveList, ApiError> {
    if moves.len() as u64 > MAX_MOVES {
        return Err(too_many(moves.len() as u64));
    }
    let winning: std::collections::HashSet<String> = report["winning_moves"]
        .as_array()
        .map(|ms| ms.iter().filter_map(&key_of_winning).collect())
        .unwrap_or_default();
    Ok(MoveList {
        game: report["game"].as_str().unwrap_or(&r.game).to_string(),
        position: r.position.clone(),
        grundy: report["grundy"].as_u64(),
        winner: if report["winner"] == "second" {
            "second"
        } else {
            "first"
        },
        heaps: None,
        values: None,
        board: None,
        moves: moves
            .into_iter()
            .map(|(text, position, key, size)| {
                let wins = winning.contains(&key);
                ListedMove {
                    text,
                    position,
                    value_after: wins.then_some(0),
                    winning: wins,
                    heap: None,
                    take: None,
                    leaves: None,
                    cell: None,
                    size,
                }
            })
            .collect(),
    })
}

fn report_of(r: &Request) -> Result<Value, ApiError> {
    serde_json::from_str(&analysis(r)?)
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))
}

/// Cram: every domino on two free neighbours; the board after it has them blocked.
fn cram_moves(r: &Request) -> Result<MoveList, ApiError> {
    let report = report_of(r)?;
    // The report's board marks the winning dominoes with letters: free cells all the same.
    let board: Vec<Vec<u8>> = report["board"]
        .as_array()
        .map(|rows| {
            rows.iter()
                .filter_map(Value::as_str)
                .map(|row| {
                    row.bytes()
                        .map(|b| if b == b'#' { b'#' } else { b'.' })
                        .collect()
                })
                .collect()
        })
        .unwrap_or_default();
    let (rows, cols) = (board.len(), board.first().map_or(0, Vec::len));
    let mut moves = Vec::new();
    for (r0, row) in board.iter().enumerate() {
        for (c0, &cell) in row.iter().enumerate() {
            for (r1, c1, how) in [(r0, c0 + 1, "across"), (r0 + 1, c0, "down")] {
                if cell != b'.' || r1 >= rows || c1 >= cols || board[r1][c1] != b'.' {
                    continue;
                }
                let mut after = board.clone();
                after[r0][c0] = b'#';
                after[r1][c1] = b'#';
                let text: Vec<String> = after
                    .iter()
                    .map(|l| String::from_utf8_lossy(l).into_owned())
                    .collect();
                moves.push((
                    format!(
                        "domino on row {}, column {} and row {}, column {} ({how})",
                        r0 + 1,
                        c0 + 1,
                        r1 + 1,
                        c1 + 1
                    ),
                    format!("{rows} {cols}\n{}\n", text.join("\n")),
                    format!("{} {} {} {}", r0 + 1, c0 + 1, r1 + 1, c1 + 1),
                    0,
                ));
            }
        }
    }
    flagged(r, &report, moves, |m| {
        let cell = |i: usize| Some((m["cells"][i][0].as_u64()?, m["cells"][i][1].as_u64()?));
        let (a, b) = (cell(0)?, cell(1)?);
        let ((r0, c0), (r1, c1)) = if a <= b { (a, b) } else { (b, a) };
        Some(format!("{r0} {c0} {r1} {c1}"))
    })
}

/// Chomp: every square but the poisoned one (row 1, column 1 from the bottom left); taking
/// it takes everything above and right of it.
fn chomp_moves(r: &Request) -> Result<MoveList, ApiError> {
    let report = report_of(r)?;
    // The report's board lists the rows top first; the lengths, bottom row first.
    let mut lengths: Vec<usize> = report["board"]
        .as_array()
        .map(|rows| {
            rows.iter()
                .filter_map(Value::as_str)
                .map(str::len)
                .collect()
        })
        .unwrap_or_default();
    lengths.reverse();
    let mut moves = Vec::new();
    for (row, &len) in lengths.iter().enumerate() {
        for col in 0..len {
            if row == 0 && col == 0 {
                continue;
            }
            let after: Vec<String> = lengths
                .iter()
                .enumerate()
                .map(|(i, &l)| if i >= row { l.min(col) } else { l })
                .filter(|&l| l > 0)
                .map(|l| l.to_string())
                .collect();
            moves.push((
                format!(
                    "take row {}, column {} and all above and right of it",
                    row + 1,
                    col + 1
                ),
                after.join(","),
                format!("{} {}", row + 1, col + 1),
                (lengths.len() - row) as u64 * (len - col) as u64,
            ));
        }
    }
    flagged(r, &report, moves, |m| {
        Some(format!(
            "{} {}",
            m["cells"][0][0].as_u64()?,
            m["cells"][0][1].as_u64()?
        ))
    })
}

/// Cakes: every rectangle of burning candles on one cake; the row of cakes after it has
/// them out.
fn cake_moves(r: &Request) -> Result<MoveList, ApiError> {
    let report = report_of(r)?;
    let rows = report["rows"].as_u64().unwrap_or(0) as usize;
    let cols = report["columns"].as_u64().unwrap_or(0) as usize;
    let lines: Vec<&str> = r
        .position
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let cakes: Vec<Vec<Vec<u8>>> = lines
        .chunks(rows.max(1))
        .map(|c| c.iter().map(|l| l.bytes().collect()).collect())
        .collect();
    let write = |cakes: &[Vec<Vec<u8>>]| {
        let texts: Vec<String> = cakes
            .iter()
            .map(|cake| {
                let rows: Vec<String> = cake
                    .iter()
                    .map(|l| String::from_utf8_lossy(l).into_owned())
                    .collect();
                rows.join("\n") + "\n"
            })
            .collect();
        texts.join("\n")
    };
    let mut moves = Vec::new();
    for (k, cake) in cakes.iter().enumerate() {
        for r0 in 0..rows {
            for c0 in 0..cols {
                for r1 in r0..rows {
                    for c1 in c0..cols {
                        let lit = (r0..=r1).all(|i| (c0..=c1).all(|j| cake[i][j] == b'1'));
                        if !lit {
                            continue;
                        }
                        // Checked before each move is built: many cakes make many moves,
                        // each with the whole row of cakes.
                        room_for(moves.len() + 1, r.position.len())?;
                        let mut after = cakes.clone();
                        for row in after[k][r0..=r1].iter_mut() {
                            row[c0..=c1].fill(b'0');
                        }
                        moves.push((
                            format!(
                                "cake {}: put out rows {}–{}, columns {}–{}",
                                k + 1,
                                r0 + 1,
                                r1 + 1,
                                c0 + 1,
                                c1 + 1
                            ),
                            write(&after),
                            format!("{} {} {} {} {}", k + 1, r0 + 1, r1 + 1, c0 + 1, c1 + 1),
                            ((r1 - r0 + 1) * (c1 - c0 + 1)) as u64,
                        ));
                    }
                }
            }
        }
    }
    flagged(r, &report, moves, |m| {
        Some(format!(
            "{} {} {} {} {}",
            m["cake"].as_u64()?,
            m["rows"][0].as_u64()?,
            m["rows"][1].as_u64()?,
            m["columns"][0].as_u64()?,
            m["columns"][1].as_u64()?
        ))
    })
}

/// A lava map or an Inventor board in play: every cell that can be played (the report's
/// list `left`), the position after it being this one with the move added to those made.
fn in_play_moves(r: &Request, left: &str, verb: &str) -> Result<MoveList, ApiError> {
    let mut position = r.position.trim_end().to_string() + "\n";
    if !position.split_whitespace().any(|w| w == "played") {
        position.push_str("played\n");
    }
    let in_play = Request {
        game: r.game.clone(),
        position,
        asked: None,
    };
    let report = report_of(&in_play)?;
    let cells: Vec<[u64; 2]> = report[left]
        .as_array()
        .map(|cells| {
            cells
                .iter()
                .filter_map(|c| Some([c[0].as_u64()?, c[1].as_u64()?]))
                .collect()
        })
        .unwrap_or_default();
    room_for(cells.len(), in_play.position.len())?;
    let moves = cells
        .iter()
        .map(|&[row, column]| {
            (
                format!("{verb} row {row}, column {column}"),
                format!("{}{row} {column}\n", in_play.position),
                format!("{row} {column}"),
                1,
            )
        })
        .collect();
    let mut list = flagged(&in_play, &report, moves, |m| {
        Some(format!("{} {}", m["row"].as_u64()?, m["column"].as_u64()?))
    })?;
    for (m, cell) in list.moves.iter_mut().zip(cells) {
        m.cell = Some(cell);
    }
    list.board = report["board"].as_array().map(|rows| {
        rows.iter()
            .filter_map(|row| row.as_str().map(str::to_string))
            .collect()
    });
    Ok(list)
}

/// The report of a sum with nothing left in it: lost for the player to move.
fn nothing_left(game: &str) -> Value {
    serde_json::json!({"game": game, "grundy": 0, "winner": "second", "positions": [], "values": [], "winning_moves": []})
}

/// A script game: every option of every position of the sum, with the value it leaves.
/// A move that leaves nothing at all ends the game; its position is written empty.
fn script_moves(r: &Request, path: &Path) -> Result<MoveList, ApiError> {
    let mut list = MoveList {
        game: r.asked.clone().unwrap_or_else(|| r.game.clone()),
        position: r.position.trim().to_string(),
        grundy: Some(0),
        winner: "second",
        heaps: None,
        values: None,
        board: None,
        moves: Vec::new(),
    };
    if r.position.trim().is_empty() {
        return Ok(list);
    }
    analysis(r)?;
    let rules = |e: grundy::SolveError| {
        ApiError(StatusCode::BAD_REQUEST, format!("{}: {e}", path.display()))
    };
    let game = grundy::script::ScriptGame::load(path)
        .map_err(|e| ApiError(StatusCode::BAD_REQUEST, e.to_string()))?;
    let positions = grundy::script::parse_positions(&r.position)
        .map_err(|e| ApiError(StatusCode::BAD_REQUEST, format!("position:{e}")))?;
    let memory = parse_memory(POSITION_MEMORY);
    let mut solver = game.solver(grundy::script::positions_within(memory));
    let values = positions
        .iter()
        .map(|p| solver.grundy(p))
        .collect::<Result<Vec<_>, _>>()
        .map_err(rules)?;
    let total = values.iter().fold(grundy::Nimber::ZERO, |a, &b| a ^ b);
    let mut moves = Vec::new();
    for (i, p) in positions.iter().enumerate() {
        let mut options = Vec::new();
        grundy::Game::options(&game, p, &mut options);
        if let Some(fault) = grundy::Game::fault(&game) {
            return Err(ApiError(StatusCode::BAD_REQUEST, fault));
        }
        for leaves in options {
            let mut after = total ^ values[i];
            for q in leaves.iter() {
                after ^= solver.grundy(q).map_err(rules)?;
            }
            let mut next: Vec<String> = positions[..i].iter().map(ToString::to_string).collect();
            next.extend(leaves.iter().map(ToString::to_string));
            next.extend(positions[i + 1..].iter().map(ToString::to_string));
            let to: Vec<String> = leaves.iter().map(ToString::to_string).collect();
            let to = if to.is_empty() {
                "nothing".to_string()
            } else {
                to.join(" + ")
            };
            moves.push(ListedMove {
                text: format!("position {} ({p}): move to {to}", i + 1),
                position: next.join(" "),
                value_after: Some(after.0),
                winning: after.is_zero(),
                heap: None,
                take: None,
                leaves: None,
                cell: None,
                size: moves.len() as u64,
            });
            if moves.len() as u64 > MAX_MOVES {
                return Err(too_many(moves.len() as u64));
            }
        }
    }
    list.grundy = Some(total.0);
    list.winner = grundy::Player::winner_of(total).as_str();
    list.values = Some(values.iter().map(|v| v.0).collect());
    list.moves = moves;
    Ok(list)
}

fn parse_memory(text: &str) -> u64 {
    crate::commands::parse_size("memory", text, 1).unwrap_or(1 << 28)
}

async fn moves(State(workers): State<Shared>, body: Bytes) -> Result<Response, ApiError> {
    let r = request(&workers, &body)?;
    let list = blocking(&workers, move || list_moves(&r)).await?;
    Ok(axum::Json(list).into_response())
}

#[derive(Serialize)]
struct Reply {
    /// grundy's move, or `null` when there is none (the player to move has lost).
    #[serde(rename = "move")]
    played: Option<ListedMove>,
    /// The position after it, written as `analyze` reads it.
    position: String,
    /// `analyze --json` of that position.
    analysis: Value,
}

/// grundy's reply: a winning move when there is one, else the smallest (the longest game,
/// in the hope of a mistake).
fn play(r: &Request) -> Result<Reply, ApiError> {
    let list = list_moves(r)?;
    if list.moves.is_empty() && r.position.trim().is_empty() {
        return Ok(Reply {
            played: None,
            position: String::new(),
            analysis: nothing_left(&r.game),
        });
    }
    let best = list
        .moves
        .into_iter()
        .enumerate()
        .min_by_key(|(i, m)| (!m.winning, m.size, *i))
        .map(|(_, m)| m);
    let next = Request {
        asked: r.asked.clone(),
        game: r.game.clone(),
        position: best
            .as_ref()
            .map_or_else(|| list.position.clone(), |m| m.position.clone()),
    };
    let analysis = if next.position.trim().is_empty() {
        nothing_left(&r.game)
    } else {
        serde_json::from_str(&analysis(&next)?)
            .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
    };
    Ok(Reply {
        played: best,
        position: next.position,
        analysis,
    })
}

async fn reply(State(workers): State<Shared>, body: Bytes) -> Result<Response, ApiError> {
    let r = request(&workers, &body)?;
    let reply = blocking(&workers, move || play(&r)).await?;
    Ok(axum::Json(reply).into_response())
}
