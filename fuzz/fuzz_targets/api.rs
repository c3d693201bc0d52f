//! The web API in process: the first byte picks the path, whether the body is declared JSON
//! and which folder of script games is served; the rest is the body. Every answer must be
//! 200, a 4xx or a 503, with `{"error": MESSAGE}` on one line when it is not 200. The body
//! is also read as script positions, which must be accepted or refused in one line.
#![no_main]

use std::sync::LazyLock;
use std::time::Duration;

use axum::body::Body;
use axum::http::Request;
use libfuzzer_sys::fuzz_target;
use tower::ServiceExt;

static RUNTIME: LazyLock<tokio::runtime::Runtime> = LazyLock::new(|| {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
});

static APP: LazyLock<axum::Router> = LazyLock::new(|| {
    let games = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/games");
    grundy_web::router(Some(std::path::Path::new(games)), Duration::from_secs(1))
});

const PATHS: [&str; 4] = ["/api/analyze", "/api/moves", "/api/move", "/"];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    if let Err(e) = grundy::script::parse_positions(&String::from_utf8_lossy(body)) {
        let message = e.to_string();
        assert!(!message.chars().any(char::is_control), "{message:?}");
    }
    let path = PATHS[usize::from(pick % 4)];
    let mut request = Request::builder()
        .method(if path == "/" { "GET" } else { "POST" })
        .uri(path)
        .header("host", "127.0.0.1:8080");
    if pick & 0x80 == 0 {
        request = request.header("content-type", "application/json");
    }
    let request = request.body(Body::from(body.to_vec())).expect("a request");
    let (status, answer) = RUNTIME.block_on(async {
        let response = APP.clone().oneshot(request).await.expect("infallible");
        let status = response.status();
        let answer = axum::body::to_bytes(response.into_body(), 1 << 30)
            .await
            .expect("a body");
        (status, answer)
    });
    assert!(
        status.is_success() || status.is_client_error() || status.as_u16() == 503,
        "{status}: {}",
        String::from_utf8_lossy(&answer)
    );
    if !status.is_success() {
        let value: serde_json::Value = serde_json::from_slice(&answer).expect("a JSON error");
        let message = value["error"].as_str().expect("an error message");
        assert!(!message.chars().any(char::is_control), "{message:?}");
    }
});
