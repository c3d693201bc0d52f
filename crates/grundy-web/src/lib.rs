//! grundy on the web: the page `grundy serve` serves, where every game the catalogue lists
//! is analysed and the heap games, the sheet, the lame queen, the cakes, Cram, Chomp, graphs with cycles, the
//! lava maps, the Inventor boards and script games are played against perfect play, with
//! hints; and the JSON API behind it. It depends on the library only: every answer is a
//! report or a move list of [`grundy::report`], serialised.
//!
//! - `POST /api/analyze` `{"game": NAME, "position": TEXT}` returns what
//!   `grundy analyze NAME --json` prints for TEXT.
//! - `POST /api/moves` (heap games, script games, graphs, the sheet, the lame queen, cakes, lava
//!   maps and Inventor boards in play, Cram, Chomp) lists every legal move with the
//!   position it leaves, its outcome, where it is on the board, and the remoteness of the
//!   position it leaves (normal play, where the whole-sum search holds it).
//! - `GET /api/games` lists the catalogue: every game with its names, its rules, how a
//!   position is written, and what can be asked of it.
//! - `POST /api/move` plays grundy's reply: the winning move that wins fastest when there
//!   is one, else the move that loses slowest (by remoteness; the smallest move where
//!   remoteness is not known).
//!
//! Every answer other than 200 is `{"error": MESSAGE}` (bad JSON, unknown games and
//! positions past the command line's limits are 400; a first request head that does not
//! arrive in time is 408), but for a head hyper cannot parse, which gets hyper's bare 400. What a hostile client or a page
//! elsewhere could do is bounded: bodies are capped and must be JSON, other origins and
//! host names are refused, connections that send nothing are closed, work runs off the
//! event loop in a quick lane and a slow one, and a request cut off or
//! abandoned by its client has its work stopped (see [`grundy::stop`]). Every asset is
//! compiled in: the page works without a network.

#![deny(missing_docs)]

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

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

use grundy::catalogue::{self, Feature, Game, Options};
use grundy::parse::Input;
use grundy::report::moves::{Move, MoveList};
use grundy::report::{ErrorKind, Report};

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
/// How long a request's body may take to arrive (its 64 KiB come in well under a second
/// on any link), or [`BODY_TIME_BUSY`] once half of the connections allowed are open: a
/// body trickled a byte at a time holds its connection no longer than a silent head does.
const BODY_TIME: Duration = Duration::from_secs(5);
const BODY_TIME_BUSY: Duration = Duration::from_secs(1);

/// Connections open now, and the most allowed: whether the server is busy.
static OPEN: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static CAP: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(MAX_CONNECTIONS);

/// Counts a connection open while it lives.
struct Open;

impl Open {
    fn new() -> Open {
        OPEN.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Open
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        OPEN.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}
/// The most sums a move list's remoteness search holds: about two seconds of work at
/// most (two 4×4 cakes full of candles pass it after 2 s; Cram 5×6 needs 400,000 sums),
/// since every move of a game lists its moves again.
const REMOTENESS_POSITIONS: usize = 200_000;
/// Memory for one Cram, Chomp or script position.
const POSITION_MEMORY: u64 = 256 << 20;

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
        .route("/api/games", get(games))
        .fallback(|| async { ApiError(StatusCode::NOT_FOUND, "no such page".into()) })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn(body_in_time))
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

/// Why the server did not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// A bad argument: the scripts folder, the address.
    #[error("{0}")]
    Usage(String),
    /// The address could not be listened on, or the runtime not started.
    #[error("{0}")]
    Failed(String),
    /// `listening` failed (the address could not be printed).
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// Serves on `bind`:`port` (port 0: any free port) until the process is stopped, calling
/// `listening` with the address once it is listened on.
pub fn serve(
    bind: &str,
    port: u16,
    scripts: Option<&Path>,
    time_limit: Duration,
    listening: impl FnOnce(SocketAddr) -> std::io::Result<()>,
) -> Result<(), ServeError> {
    if let Some(dir) = scripts {
        // Missing is the system's answer (exit 1, as for any file); a file, the user's.
        let shown = grundy::parse::escaped_path(dir);
        match std::fs::metadata(dir) {
            Ok(m) if m.is_dir() => {}
            Ok(_) => {
                return Err(ServeError::Usage(format!(
                    "--scripts {shown}: expected a folder of .rhai files, found a file"
                )));
            }
            Err(e) => {
                return Err(ServeError::Failed(format!(
                    "--scripts {shown}: cannot read: {e}"
                )));
            }
        }
    }
    let ip: IpAddr = bind.parse().map_err(|_| {
        ServeError::Usage(format!(
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
        .map_err(|e| ServeError::Failed(format!("cannot start the server: {e}")))?;
    runtime.block_on(async {
        let addr = SocketAddr::new(ip, port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| ServeError::Failed(format!("cannot listen on {addr}: {e}")))?;
        let local = listener
            .local_addr()
            .map_err(|e| ServeError::Failed(format!("cannot listen on {addr}: {e}")))?;
        listening(local)?;
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
    CAP.store(cap, std::sync::atomic::Ordering::Relaxed);
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
            let _open = Open::new();
            let deadline = if busy { HEAD_TIME_BUSY } else { HEAD_TIME };
            let Some(stream) = first_head(stream, deadline).await else {
                return;
            };
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(deadline)
                .max_buf_size(MAX_HEAD);
            let io = hyper_util::rt::TokioIo::new(stream);
            let _ = builder.serve_connection(io, service).await;
        });
    }
}

/// The most bytes hyper buffers for one request: a head and a whole body.
const MAX_HEAD: usize = MAX_BODY + 16 * 1024;

/// A connection whose first bytes were read before hyper saw it: hyper reads them first,
/// then the rest of the stream.
struct Prefixed {
    head: Vec<u8>,
    at: usize,
    stream: tokio::net::TcpStream,
}

impl tokio::io::AsyncRead for Prefixed {
    fn poll_read(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let this = self.get_mut();
        if this.at < this.head.len() {
            let n = buf.remaining().min(this.head.len() - this.at);
            buf.put_slice(&this.head[this.at..this.at + n]);
            this.at += n;
            return std::task::Poll::Ready(Ok(()));
        }
        std::pin::Pin::new(&mut this.stream).poll_read(cx, buf)
    }
}

impl tokio::io::AsyncWrite for Prefixed {
    fn poll_write(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        std::pin::Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_flush(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

/// Reads a connection's first request head (to its blank line, or as much as hyper would
/// buffer) within `deadline`, and hands the connection on with those bytes in front. A
/// connection closed first, or silent all along, is dropped; one whose head is still
/// coming at the deadline is answered 408 with a JSON error, as every other refusal is.
async fn first_head(mut stream: tokio::net::TcpStream, deadline: Duration) -> Option<Prefixed> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut head = Vec::new();
    let read = tokio::time::timeout(deadline, async {
        let mut chunk = [0u8; 4096];
        loop {
            let n = stream.read(&mut chunk).await.ok()?;
            if n == 0 {
                return None;
            }
            // Only the new bytes (and the three before them) can complete the blank line.
            let from = head.len().saturating_sub(3);
            head.extend_from_slice(&chunk[..n]);
            if head[from..].windows(4).any(|w| w == b"\r\n\r\n") || head.len() >= MAX_HEAD {
                return Some(());
            }
        }
    })
    .await;
    match read {
        Ok(Some(())) => Some(Prefixed {
            head,
            at: 0,
            stream,
        }),
        Ok(None) => None,
        Err(_) if head.is_empty() => None,
        Err(_) => {
            let body = serde_json::json!({
                "error": format!(
                    "the request head did not arrive within {} s",
                    deadline.as_secs()
                )
            })
            .to_string();
            let reply = format!(
                "HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
            let _ = tokio::time::timeout(deadline, stream.write_all(reply.as_bytes())).await;
            let _ = stream.shutdown().await;
            None
        }
    }
}

/// Reads a request's body whole within [`BODY_TIME`] (or [`BODY_TIME_BUSY`]) and at most
/// [`MAX_BODY`] bytes, before any handler sees it: a body that trickles in is cut off with
/// 408, one too long with 413, each with a JSON error like every other refusal.
async fn body_in_time(request: HttpRequest, next: Next) -> Response {
    use std::sync::atomic::Ordering;
    let busy = OPEN.load(Ordering::Relaxed) > CAP.load(Ordering::Relaxed) / 2;
    let deadline = if busy { BODY_TIME_BUSY } else { BODY_TIME };
    let (parts, body) = request.into_parts();
    let read = axum::body::to_bytes(body, MAX_BODY);
    let bytes = match tokio::time::timeout(deadline, read).await {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(_)) => {
            return ApiError(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "the request body is larger than the {} KiB allowed, or was cut short",
                    MAX_BODY >> 10
                ),
            )
            .into_response();
        }
        Err(_) => {
            let mut refused = ApiError(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request body did not arrive within {} s",
                    deadline.as_secs()
                ),
            )
            .into_response();
            // The rest of the body is never read: the connection cannot carry another
            // request.
            refused.headers_mut().insert(
                header::CONNECTION,
                header::HeaderValue::from_static("close"),
            );
            return refused;
        }
    };
    next.run(HttpRequest::from_parts(
        parts,
        axum::body::Body::from(bytes),
    ))
    .await
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    game: String,
    position: String,
    /// Misère play: whoever makes the last move loses.
    #[serde(default)]
    misere: bool,
    /// A script game's parameters, name to value as `--param NAME=VALUE` writes it.
    #[serde(default)]
    params: std::collections::BTreeMap<String, String>,
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
        grundy::script::ScriptGame::load_with(path, &self.script_name(), &self.params()?)
            .map_err(|e| ApiError(StatusCode::BAD_REQUEST, e.to_string()))
    }

    /// The parameters, read as the command line reads `--param`.
    fn params(&self) -> Result<grundy::parse::Params, ApiError> {
        let items: Vec<String> = self
            .params
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        grundy::parse::Params::parse(&items)
            .map_err(|e| ApiError(StatusCode::BAD_REQUEST, format!("params: {e}")))
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
    if r.game.starts_with("coins:") {
        // A coin rule is a file named by the client: never read on the server's side.
        return Err(ApiError(
            StatusCode::BAD_REQUEST,
            "coin rules written as scripts (coins:FILE) are played from the command line and Python; the page serves turning-turtles, mock-turtles, ruler, twins, turning-corners and tartan:G×H".into(),
        ));
    }
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
        Some(path) => Ok(Game::from_script(r.script_game(path)?)),
        None => Ok(catalogue::lookup_for_with(
            &r.game,
            Feature::Analyze,
            &r.params()?,
        )?),
    }
}

/// What the engines may use for one request, and whether it asks for misère play.
fn options(r: &Request) -> Options {
    Options {
        memory: Some(POSITION_MEMORY),
        cache: None,
        misere: r.misere,
        threads: 1,
        checkpoint: None,
        certificate: None,
        axes: None,
    }
}

/// The report `grundy analyze GAME --json` prints.
fn report(r: &Request) -> Result<Report, ApiError> {
    let game = game_of(r)?;
    Ok(catalogue::analyze(&game, &input(r), &options(r), &mut grundy::NoProgress)?.report)
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

/// Every move of the position, with the position it leaves and its outcome.
fn list_moves(r: &Request) -> Result<MoveList, ApiError> {
    let game = match &r.script {
        Some(path) => Game::from_script(r.script_game(path)?),
        None => catalogue::lookup_for_with(&r.game, Feature::Moves, &r.params()?)?,
    };
    let mut list = catalogue::moves(&game, &input(r), &options(r), &mut grundy::NoProgress)?;
    if !list.misere && !list.draw && list.loopy_value.is_none() {
        // Left out where the search cannot hold the whole sum, or the game has no such
        // search (the boards in play): the moves and their outcomes stand without it.
        let _ = catalogue::add_remoteness(&game, &input(r), &mut list, REMOTENESS_POSITIONS);
    }
    if r.script.is_some() {
        // Named as the client named it.
        list.game = r.game.clone();
    }
    Ok(list)
}

/// The report of a sum with nothing left in it: lost for the player to move, won under
/// misère play (worth 1 there).
fn nothing_left(game: &str, misere: bool) -> Value {
    if misere {
        serde_json::json!({"game": game, "misere": true, "grundy": 1, "winner": "first", "positions": [], "values": [], "winning_moves": []})
    } else {
        serde_json::json!({"game": game, "grundy": 0, "winner": "second", "positions": [], "values": [], "winning_moves": []})
    }
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
    played: Option<Move>,
    /// The position after it, written as `analyze` reads it.
    position: String,
    /// `analyze --json` of that position.
    analysis: Value,
}

/// grundy's reply ([`MoveList::reply`]): win fastest, keep a draw, or lose slowest.
fn play(r: &Request) -> Result<Reply, ApiError> {
    let list = list_moves(r)?;
    if list.moves.is_empty() && r.position.trim().is_empty() {
        return Ok(Reply {
            played: None,
            position: String::new(),
            analysis: nothing_left(&r.game, r.misere),
        });
    }
    let best = list.reply().cloned();
    let next = Request {
        script: r.script.clone(),
        misere: r.misere,
        params: r.params.clone(),
        game: r.game.clone(),
        position: best
            .as_ref()
            .map_or_else(|| list.position.clone(), |m| m.position.clone()),
    };
    let analysis = if next.position.trim().is_empty() {
        nothing_left(&r.game, r.misere)
    } else {
        serde_json::to_value(report(&next)?)
            .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
    };
    Ok(Reply {
        played: best,
        position: next.position,
        analysis,
    })
}

/// Every game of the catalogue: its name, aliases, kind, summary, how a position is
/// written, and what can be asked of it. The page builds its lists from it.
async fn games() -> Response {
    axum::Json(grundy::catalogue::ENTRIES).into_response()
}

async fn reply(State(workers): State<Shared>, body: Bytes) -> Result<Response, ApiError> {
    let r = request(&workers, &body)?;
    let reply = blocking(&workers, move || play(&r)).await?;
    Ok(axum::Json(reply).into_response())
}
