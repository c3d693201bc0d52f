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
//! Every answer other than 200 is `{"error": MESSAGE}` (bad JSON, unknown games and
//! positions past the command line's limits are 400). What a hostile client or a page
//! elsewhere could do is bounded: bodies are capped and must be JSON, other origins and
//! host names are refused, connections that send nothing are closed, work runs off the
//! event loop in a quick lane and a slow one, and a request cut off or
//! abandoned by its client has its work stopped (see [`grundy::stop`]). Every asset is
//! compiled in: the page works without a network.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::anyhow;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Request as HttpRequest, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use grundy::stop::{self, Stop};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::Semaphore;
use tower_http::timeout::TimeoutLayer;

use crate::Failure;
use grundy::catalogue::{self, Feature, Game, Options};
use grundy::report::heaps::parse_heaps;
use grundy::report::{ErrorKind, Report};

use crate::commands::family_named;
use crate::problems::Input;

/// The largest request body.
pub const MAX_BODY: usize = 64 * 1024;
/// Requests worked on at once in the quick lane: every request starts there.
const QUICK_WORKERS: usize = 4;
/// How long a request may work in the quick lane before it is stopped and queued for the
/// slow lane, where it starts again.
const QUICK_TIME: Duration = Duration::from_millis(250);
/// Requests worked on at once in the slow lane: as many as the machine has cores, so that
/// expensive requests never take the CPU the quick lane needs from more than that.
const SLOW_WORKERS: usize = 2;
/// The default for how long one request may take.
pub const REQUEST_TIME: Duration = Duration::from_secs(30);
/// How long a connection may take to send a request's head, and may stay idle between
/// requests; the shorter one applies once half of the connections allowed are open.
const HEAD_TIME: Duration = Duration::from_secs(10);
const HEAD_TIME_BUSY: Duration = Duration::from_secs(1);
/// The most connections open at once (fewer when the file limit is lower).
const MAX_CONNECTIONS: usize = 1024;
/// Memory for one Cram, Chomp or script position.
const POSITION_MEMORY: &str = "256M";

const INDEX: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const STYLE: &str = include_str!("assets/style.css");

/// What every handler shares: the lanes' permits and the folder of script games.
struct Server {
    quick: Arc<Semaphore>,
    slow: Arc<Semaphore>,
    scripts: Option<PathBuf>,
}

type Shared = Arc<Server>;

/// The page and the API; script games `script:NAME` are `DIR/NAME.rhai` of `scripts`.
/// Each request is cut off after `time_limit`, its work stopped.
pub fn router(scripts: Option<&Path>, time_limit: Duration) -> Router {
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
        .layer(middleware::from_fn(same_origin))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            time_limit,
        ))
        .layer(middleware::map_response(json_errors))
        .with_state(Arc::new(Server {
            quick: Arc::new(Semaphore::new(QUICK_WORKERS)),
            slow: Arc::new(Semaphore::new(SLOW_WORKERS)),
            scripts: scripts.map(Path::to_path_buf),
        }))
}

/// Serves on `bind`:`port` (port 0: any free port) until the process is stopped. The
/// address is printed on standard output first.
pub fn serve(
    bind: &str,
    port: u16,
    scripts: Option<&Path>,
    time_limit: Duration,
) -> Result<(), Failure> {
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
    let connections = connection_cap();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        // Script games run Rhai, which recurses on the native stack (64 calls at most).
        .thread_stack_size(16 << 20)
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
        accept(listener, router(scripts, time_limit), connections).await;
        Ok(())
    })
}

/// The most connections to hold open: [`MAX_CONNECTIONS`], or fewer under a lower limit on
/// open files (raised to its hard limit first), keeping room for the files the work opens.
fn connection_cap() -> usize {
    #[cfg(unix)]
    {
        use rustix::process::{Resource, getrlimit, setrlimit};
        let mut files = getrlimit(Resource::Nofile);
        if files.current != files.maximum {
            files.current = files.maximum;
            let _ = setrlimit(Resource::Nofile, files);
        }
        let soft = getrlimit(Resource::Nofile).current.unwrap_or(u64::MAX);
        let room = usize::try_from(soft.saturating_sub(64)).unwrap_or(usize::MAX);
        MAX_CONNECTIONS.min(room).max(8)
    }
    #[cfg(not(unix))]
    {
        MAX_CONNECTIONS
    }
}

/// Accepts connections for ever, at most `cap` open at once, each given [`HEAD_TIME`] to
/// send a request's head (and as long between requests), or [`HEAD_TIME_BUSY`] once half
/// of `cap` are open: silent sockets cannot hold the server.
async fn accept(listener: tokio::net::TcpListener, app: Router, cap: usize) {
    let open = Arc::new(Semaphore::new(cap));
    loop {
        let Ok(permit) = open.clone().acquire_owned().await else {
            return;
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of files or memory for a moment: let connections end, then go on.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let busy = open.available_permits() < cap / 2;
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let _permit = permit;
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(if busy { HEAD_TIME_BUSY } else { HEAD_TIME })
                .max_buf_size(MAX_BODY + 16 * 1024);
            let io = hyper_util::rt::TokioIo::new(stream);
            let _ = builder.serve_connection(io, service).await;
        });
    }
}

fn page(body: &'static str, kind: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], body).into_response()
}

/// Refuses what a web page elsewhere could send through the user's browser: a request whose
/// `Origin` is not this server, a `Host` that is a name other than `localhost` (a name that
/// resolves here, DNS rebinding), and API requests that are not `application/json` (which a
/// page can post without asking the server first).
async fn same_origin(headers: HeaderMap, request: HttpRequest, next: Next) -> Response {
    let text = |name| {
        headers
            .get(name)
            .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
    };
    let refuse = |status, message: String| ApiError(status, message).into_response();
    let Some(host) = text(header::HOST) else {
        return refuse(
            StatusCode::BAD_REQUEST,
            "the request has no Host header".into(),
        );
    };
    if !local_host(&host) {
        return refuse(
            StatusCode::FORBIDDEN,
            format!(
                "Host '{}' refused: ask for the server by its address or as localhost",
                grundy::parse::escaped_str(&host)
            ),
        );
    }
    if let Some(origin) = text(header::ORIGIN)
        && origin != format!("http://{host}")
    {
        return refuse(
            StatusCode::FORBIDDEN,
            format!(
                "cross-origin request from '{}' refused: the API answers only its own page",
                grundy::parse::escaped_str(&origin)
            ),
        );
    }
    if request.method() == Method::POST {
        let json = text(header::CONTENT_TYPE).is_some_and(|t| {
            t.split(';')
                .next()
                .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"))
        });
        if !json {
            return refuse(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "the API takes a body of Content-Type application/json".into(),
            );
        }
    }
    next.run(request).await
}

/// An IP address or `localhost`, with or without a port.
fn local_host(host: &str) -> bool {
    let name = if let Some(rest) = host.strip_prefix('[') {
        // [v6]:port
        match rest.split_once(']') {
            Some((ip, port)) if port.is_empty() || port.starts_with(':') => {
                return ip.parse::<std::net::Ipv6Addr>().is_ok();
            }
            _ => return false,
        }
    } else {
        host.rsplit_once(':').map_or(host, |(name, _)| name)
    };
    name.eq_ignore_ascii_case("localhost") || name.parse::<std::net::Ipv4Addr>().is_ok()
}

/// Every answer other than 200 carries `{"error": MESSAGE}`, whoever made it: the handlers,
/// or the layers in front of them (a body too large, a method not allowed, a cut-off).
async fn json_errors(response: Response) -> Response {
    let status = response.status();
    if status.is_success() {
        return response;
    }
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if is_json {
        return response;
    }
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => {
            format!(
                "the request body is larger than the {} KiB allowed",
                MAX_BODY >> 10
            )
        }
        StatusCode::METHOD_NOT_ALLOWED => {
            "method not allowed: pages are read with GET, the API is called with POST".into()
        }
        StatusCode::SERVICE_UNAVAILABLE => {
            "the request took longer than the server allows, and its work was stopped".into()
        }
        other => other
            .canonical_reason()
            .unwrap_or("the request failed")
            .to_lowercase(),
    };
    let mut fresh = ApiError(status, message).into_response();
    for name in [header::ALLOW, header::RETRY_AFTER] {
        if let Some(v) = response.headers().get(&name) {
            fresh.headers_mut().insert(name, v.clone());
        }
    }
    fresh
}

/// An answer other than 200: a status and a message, as `{"error": MESSAGE}`.
#[derive(Debug)]
struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        // Messages quote what the client sent (serde's among them): shown escaped, so
        // that an error is one line of text whatever bytes it quotes.
        let body = serde_json::json!({ "error": grundy::parse::escaped_str(&self.1) });
        (self.0, axum::Json(body)).into_response()
    }
}

impl From<grundy::report::Error> for ApiError {
    fn from(e: grundy::report::Error) -> ApiError {
        // Bad input is the caller's; a failed work (a position past what memory allows)
        // cannot be done, whoever asks.
        let status = match e.kind {
            ErrorKind::Input => StatusCode::BAD_REQUEST,
            ErrorKind::Failed => StatusCode::UNPROCESSABLE_ENTITY,
        };
        ApiError(status, grundy::parse::escaped_str(&e.message).into_owned())
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
    /// A script game's file, once `script:NAME` is resolved in the scripts folder.
    #[serde(skip)]
    script: Option<PathBuf>,
}

impl Request {
    /// The script game's name in messages: `NAME.rhai`, never where the file is kept.
    fn script_name(&self) -> String {
        let name = self.game.strip_prefix("script:").unwrap_or(&self.game);
        format!("{name}.rhai")
    }

    /// The script game, loaded and named as the client asked for it.
    fn script_game(&self, path: &Path) -> Result<grundy::script::ScriptGame, ApiError> {
        grundy::script::ScriptGame::load_as(path, &self.script_name())
            .map_err(|e| ApiError(StatusCode::BAD_REQUEST, e.to_string()))
    }
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
        r.script = Some(path);
    }
    Ok(r)
}

fn input(r: &Request) -> Input {
    Input {
        source: "position".to_string(),
        bytes: r.position.clone().into_bytes(),
    }
}

/// Raises the flags it holds when dropped: the request's future is dropped when it is cut
/// off or its client hangs up, and its work stops at the engine's next check.
struct StopOnDrop([Stop; 2]);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        for s in &self.0 {
            s.request();
        }
    }
}

/// Runs `work` off the event loop. Every request starts in the quick lane; one still
/// working after [`QUICK_TIME`] is stopped there and started again in the slow lane, which
/// takes [`SLOW_WORKERS`] at a time. So cheap requests are answered at once however many
/// expensive ones are queued, and expensive ones share the cores instead of piling up.
async fn blocking<T: Send + 'static>(
    server: &Shared,
    work: impl Fn() -> Result<T, ApiError> + Send + Sync + 'static,
) -> Result<T, ApiError> {
    let work = Arc::new(work);
    let (quick, slow) = (Stop::new(), Stop::new());
    let _guard = StopOnDrop([quick.clone(), slow.clone()]);
    let stopping = || {
        ApiError(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is stopping".into(),
        )
    };
    let permit = server
        .quick
        .clone()
        .acquire_owned()
        .await
        .map_err(|_| stopping())?;
    let attempt = {
        let (work, flag) = (Arc::clone(&work), quick.clone());
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            stop::run(&flag, || work())
        })
    };
    tokio::pin!(attempt);
    let first = tokio::select! {
        done = &mut attempt => done,
        () = tokio::time::sleep(QUICK_TIME) => {
            quick.request();
            attempt.await
        }
    };
    match first {
        Ok(Ok(result)) => return result,
        Ok(Err(stop::Stopped)) => {}
        Err(_) => return Err(failed()),
    }
    let permit = server
        .slow
        .clone()
        .acquire_owned()
        .await
        .map_err(|_| stopping())?;
    let flag = slow.clone();
    let done = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let done = stop::run(&flag, || work());
        give_back_memory();
        done
    })
    .await;
    match done {
        Ok(Ok(result)) => result,
        Ok(Err(stop::Stopped)) => Err(ApiError(
            StatusCode::SERVICE_UNAVAILABLE,
            "the request was stopped".into(),
        )),
        Err(_) => Err(failed()),
    }
}

fn failed() -> ApiError {
    ApiError(StatusCode::INTERNAL_SERVER_ERROR, "the work failed".into())
}

/// Hands the memory an expensive request freed back to the system: the allocator keeps
/// freed pages for reuse, so the server would otherwise stay at its largest request's size.
fn give_back_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks glibc's own arenas under their locks; it takes no
    // pointer from us and is safe to call from any thread at any time.
    unsafe {
        libc::malloc_trim(0);
    }
}

fn json_response(text: String) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], text).into_response()
}

/// The game the request names: a script game as loaded from the scripts folder, any
/// other through the catalogue.
fn game_of(r: &Request) -> Result<Game, ApiError> {
    match &r.script {
        Some(path) => Ok(Game::Script(Box::new(r.script_game(path)?))),
        None => Ok(catalogue::lookup_for(&r.game, Feature::Analyze)?),
    }
}

/// What the engines may use for one request.
fn options() -> Options {
    Options {
        memory: Some(parse_memory(POSITION_MEMORY)),
        cache: None,
    }
}

/// The report `grundy analyze GAME --json` prints.
fn report(r: &Request) -> Result<Report, ApiError> {
    let game = game_of(r)?;
    Ok(catalogue::analyze(&game, &input(r), &options(), &mut grundy::NoProgress)?.report)
}

/// The analysis `grundy analyze GAME --json` prints, as text.
fn analysis(r: &Request) -> Result<String, ApiError> {
    serde_json::to_string(&report(r)?)
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))
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
const MAX_MOVES: u64 = grundy::Family::MAX_LISTED_MOVES as u64;
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
    if let Some(path) = &r.script {
        return script_moves(r, path);
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
        script: None,
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
        game: r.game.clone(),
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
    let name = r.script_name();
    let rules = |e: grundy::SolveError| ApiError(StatusCode::BAD_REQUEST, format!("{name}: {e}"));
    let game = r.script_game(path)?;
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
        script: r.script.clone(),
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
