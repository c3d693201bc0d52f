//! `grundy serve` over real HTTP on loopback: the API's answers are the command line's,
//! bad requests get 4xx and leave the server serving, and hundreds of concurrent requests
//! are all answered correctly.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

use super::run_ok;

/// A server on a free port, killed when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve() -> Server {
    serve_with(&[])
}

fn serve_with(extra: &[&str]) -> Server {
    serve_command(|c| {
        c.args(extra);
    })
}

/// `grundy serve --port 0`, set up further by `setup`, started, and its address read.
fn serve_command(setup: impl FnOnce(&mut Command)) -> Server {
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    command
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    setup(&mut command);
    let mut child = command.spawn().expect("grundy serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("piped"))
        .read_line(&mut line)
        .expect("the address is printed");
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in '{line}'"))
        .to_string();
    Server { child, addr }
}

/// One HTTP/1.1 request; the status and the body.
fn request(addr: &str, method: &str, path: &str, body: &[u8]) -> (u16, String) {
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    raw(addr, head.as_bytes(), body)
}

/// A request written out whole, its head then its body; the status and the body.
fn raw(addr: &str, head: &[u8], body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .expect("timeout set");
    stream.write_all(head).expect("sent");
    // A body past the limit may be refused before it is all read.
    let _ = stream.write_all(body);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in '{text}'"));
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

fn post(addr: &str, path: &str, game: &str, position: &str) -> (u16, String) {
    let body = serde_json::json!({ "game": game, "position": position }).to_string();
    request(addr, "POST", path, body.as_bytes())
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

#[test]
fn the_api_answers_what_the_command_line_prints() {
    let scripts = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/games");
    let server = serve_with(&["--scripts", &scripts.to_string_lossy()]);
    let options = grundy::catalogue::Options {
        memory: Some(256 << 20),
        cache: None,
        misere: false,
        threads: 0,
        checkpoint: None,
        certificate: None,
        axes: None,
    };
    for (game, position) in [
        ("nim", "3 4 5"),
        ("kayles", "7 12 20"),
        ("grundy-game", "9 13"),
        ("subtraction:1,3,4", "10 11"),
        ("lamqugam", "2 40 25"),
        ("shgame", "5 8 2 3"),
        ("cram", "3 4"),
        ("chomp", "5,3,3,1"),
        ("cakes", "110\n011\n\n100\n001\n"),
        ("lava", "5 5\n^^^^^\n^^^^^\n^^^^^\n^^^^^\n^^^^^\n"),
        ("inventor", "3 3\nX.X\n.X.\nX.X\nplayed\n1 1\n"),
        ("script:kayles", "5 7"),
    ] {
        let (status, body) = post(&server.addr, "/api/analyze", game, position);
        assert_eq!(status, 200, "{game}: {body}");
        // The answer is the library's report, read back into its type.
        let answered: grundy::report::Report =
            serde_json::from_str(&body).unwrap_or_else(|e| panic!("{game}: {e}: {body}"));
        let named = match game.strip_prefix("script:") {
            Some(name) => grundy::catalogue::Game::from_script(
                grundy::script::ScriptGame::load_as(
                    &scripts.join(format!("{name}.rhai")),
                    &format!("{name}.rhai"),
                )
                .expect("the script loads"),
            ),
            None => grundy::catalogue::lookup(game).expect("a known game"),
        };
        let input = grundy::parse::Input::new("position", position);
        let expected =
            grundy::catalogue::analyze(&named, &input, &options, &mut grundy::NoProgress)
                .expect("the library analyses it")
                .report;
        assert_eq!(answered, expected, "{game} {position}");
        if !game.starts_with("script:") {
            let cli = run_ok(&["analyze", game, "--json"], position);
            assert_eq!(json(&body), json(&cli), "{game} {position}");
        }
    }
    let (status, page) = request(&server.addr, "GET", "/", b"");
    assert_eq!(status, 200);
    assert!(page.contains("<script src=\"/app.js\">"));
    // The page's lists of games come from the library's catalogue.
    let (status, games) = request(&server.addr, "GET", "/api/games", b"");
    assert_eq!(status, 200, "{games}");
    let names: Vec<String> = json(&games)
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|e| e["name"].as_str().map(str::to_string))
        .collect();
    let catalogue: Vec<&str> = grundy::catalogue::ENTRIES.iter().map(|e| e.name).collect();
    assert_eq!(names, catalogue);
}

#[test]
fn moves_carry_their_values_and_grundy_replies_with_a_winning_move() {
    let server = serve();
    let (status, body) = post(&server.addr, "/api/moves", "nim", "1 2 4");
    assert_eq!(status, 200, "{body}");
    let list = json(&body);
    let moves = list["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 1 + 2 + 4);
    let winning: Vec<&Value> = moves.iter().filter(|m| m["winning"] == true).collect();
    assert_eq!(winning.len(), 1);
    assert_eq!(
        (
            winning[0]["heap"].as_u64(),
            winning[0]["leaves"][0].as_u64()
        ),
        (Some(3), Some(3))
    );
    let (_, body) = post(&server.addr, "/api/move", "nim", "1 2 4");
    let reply = json(&body);
    assert_eq!(reply["position"], "1 2 3");
    assert_eq!(reply["analysis"]["grundy"], 0);
    // The sheet and the lame queen: the moves that win reach exactly the positions of
    // analyze's winning moves.
    let (_, body) = post(&server.addr, "/api/moves", "shgame", "6 9 2 4");
    let list = json(&body);
    let green: Vec<&str> = list["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter(|m| m["winning"] == true)
        .filter_map(|m| m["position"].as_str())
        .collect();
    let report = json(&run_ok(&["analyze", "shgame", "--json"], "6 9 2 4"));
    let after: Vec<String> = report["winning_moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| {
            let a = &m["after"];
            format!(
                "{} {} {} {}",
                a["rows"], a["columns"], a["mark_row"], a["mark_column"]
            )
        })
        .collect();
    assert_eq!(green, after);
    assert_eq!(list["moves"].as_array().map(Vec::len), Some(3 + 5 + 1 + 4));
    let (_, body) = post(&server.addr, "/api/move", "lamqugam", "2 13 9");
    let reply = json(&body);
    assert_eq!(reply["analysis"]["winner"], "second", "{reply}");
    // Nothing left: no move, and the position says so.
    let (_, body) = post(&server.addr, "/api/move", "kayles", "0");
    assert_eq!(json(&body)["move"], Value::Null);
}

#[test]
fn bad_requests_get_4xx_and_the_server_keeps_serving() {
    let server = serve();
    let addr = &server.addr;
    let cases: Vec<(u16, (u16, String))> = vec![
        (400, request(addr, "POST", "/api/analyze", b"{not json")),
        (
            400,
            request(addr, "POST", "/api/analyze", b"{\"game\": \"nim\"}"),
        ),
        (400, post(addr, "/api/analyze", "chess", "1")),
        // An unknown field named by a control character, quoted by the JSON reader
        // (found by fuzzing: the message held a raw DEL).
        (400, request(addr, "POST", "/api/analyze", b"{\"\x7f\": 1}")),
        (400, post(addr, "/api/analyze", "nim", "3 -1")),
        (
            400,
            post(addr, "/api/analyze", "nim", "18446744073709551616"),
        ),
        (400, post(addr, "/api/analyze", "grundy-game", "1000000")),
        (400, post(addr, "/api/analyze", "cram", "12 11")),
        (400, post(addr, "/api/moves", "cram", "9 9")),
        (400, post(addr, "/api/analyze", "script:/etc/passwd", "1")),
        (400, post(addr, "/api/analyze", "coins:/etc/passwd", "TH")),
        (
            400,
            post(addr, "/api/moves", "coins:examples/games/ruler.rhai", "TH"),
        ),
        (
            400,
            post(addr, "/api/moves", "lava", "1 1\n#\nplayed\n1 1\n"),
        ),
        (
            400,
            post(addr, "/api/moves", "inventor", "1 2\nX.\nplayed 1 3"),
        ),
        (
            400,
            post(addr, "/api/move", "inventor", "1 2\nX.\nplayed 1 2"),
        ),
        // 2000 full cakes, 100 moves each: refused before the list is built.
        (
            400,
            post(
                addr,
                "/api/moves",
                "cakes",
                &"1111\n1111\n1111\n1111\n\n".repeat(2000),
            ),
        ),
        // 9216 monsters, each move with a 10 KB position: past what a list may hold.
        (
            400,
            post(
                addr,
                "/api/moves",
                "lava",
                &format!("100 100\n{}", format!("{}\n", "^".repeat(100)).repeat(100)),
            ),
        ),
        (400, post(addr, "/api/moves", "shgame", "100000 100000 5 5")),
        // 30000 moves: past the 20000 a list holds (this listed 100000, 17 MB).
        (400, post(addr, "/api/moves", "nim", "30000")),
        (
            413,
            request(addr, "POST", "/api/analyze", &vec![b' '; 200_000]),
        ),
        (404, request(addr, "GET", "/api/nothing", b"")),
        (405, request(addr, "GET", "/api/analyze", b"")),
    ];
    for (want, (status, body)) in cases {
        assert_eq!(status, want, "{body}");
        // One shape for every status, whoever answers (a handler, the body limit, the
        // method router), on one line of text.
        assert!(
            !json(&body)["error"]
                .as_str()
                .unwrap_or_default()
                .chars()
                .any(char::is_control),
            "{body}"
        );
        {
            assert!(
                json(&body)["error"].as_str().is_some_and(|e| !e.is_empty()),
                "{body}"
            );
        }
    }
    let (status, _) = post(addr, "/api/analyze", "nim", "3 4 5");
    assert_eq!(status, 200, "the server stopped serving");
}

#[test]
fn hundreds_of_concurrent_requests_are_all_answered_right() {
    let server = serve();
    // Expected answers from the command line, for a spread of positions and games.
    let positions: Vec<(&str, String)> = (1..=12u64)
        .flat_map(|k| {
            [
                ("nim", format!("{} {} {}", k, 2 * k + 1, k * k)),
                ("kayles", format!("{} {}", 3 * k, k + 7)),
                (
                    "lamqugam",
                    format!("{} {} {}", 1 + k % 3, 10 * k, 7 * k + 3),
                ),
            ]
        })
        .collect();
    let expected: Vec<Value> = positions
        .iter()
        .map(|(g, p)| json(&run_ok(&["analyze", g, "--json"], p)))
        .collect();
    const THREADS: usize = 16;
    const EACH: usize = 25;
    let wrong = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for t in 0..THREADS {
            let (positions, expected, wrong, addr) = (&positions, &expected, &wrong, &server.addr);
            scope.spawn(move || {
                for i in 0..EACH {
                    let k = (t * EACH + i) % positions.len();
                    let (game, position) = &positions[k];
                    let (status, body) = post(addr, "/api/analyze", game, position);
                    if status != 200 || json(&body) != expected[k] {
                        wrong.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                }
            });
        }
    });
    assert_eq!(wrong.into_inner(), 0, "of {} requests", THREADS * EACH);
}

/// For the board games played through the list of moves, each move's flag is the truth:
/// the position it leaves, analysed on its own, is lost for the player to move exactly
/// when the move is flagged winning.
#[test]
fn board_moves_are_flagged_by_the_outcome_they_leave() {
    let server = serve();
    for (game, position) in [
        ("cram", "3 3\n"),
        ("cram", "2 4\n.#..\n....\n"),
        ("chomp", "4,3,3,1"),
        ("chomp", "3 3"),
        (
            "cakes",
            "0110\n1111\n0110\n0000\n\n1000\n0000\n0000\n0001\n",
        ),
        ("lamqugam", "3 8 6"),
        ("shgame", "4 5 2 2"),
        (
            "lava",
            "8 9\n^^^^^^^^^\n^^^^^^^^^\n^^^^^^^^^\n^^^^#^^^^\n^^^^^^^^^\n^^^^^^^^^\n^^^^^^^^^\n^^^^^^^^^\n",
        ),
        (
            "lava",
            "8 9\n^^^^^^^^^\n^^^^^^^^^\n^^^^^^^^^\n^^^^#^^^^\n^^^^^^^^^\n^^^^^^^^^\n^^^^^^^^^\n^^^^^^^^^\nplayed\n6 7\n",
        ),
        ("inventor", "4 5\nX.X.X\n.XX..\nX..XX\n.X.X.\n"),
        ("inventor", "4 5\nX.X.X\n.XX..\nX..XX\n.X.X.\nplayed\n2 2\n"),
    ] {
        let (status, body) = post(&server.addr, "/api/moves", game, position);
        assert_eq!(status, 200, "{game}: {body}");
        let list = json(&body);
        let moves = list["moves"].as_array().expect("moves");
        assert!(!moves.is_empty(), "{game} {position}: no moves");
        for m in moves {
            let after = m["position"].as_str().expect("a position");
            let (status, body) = post(&server.addr, "/api/analyze", game, after);
            assert_eq!(status, 200, "{game} after {}: {body}", m["move"]);
            let lost = json(&body)["winner"] == "second";
            assert_eq!(
                m["winning"] == true,
                lost,
                "{game} {position:?}: {}",
                m["move"]
            );
        }
        let winning = moves.iter().filter(|m| m["winning"] == true).count();
        let report = json(&run_ok(&["analyze", game, "--json"], position));
        assert_eq!(
            winning,
            report["winning_moves"].as_array().map_or(0, Vec::len),
            "{game}"
        );
    }
}

#[test]
fn script_games_are_served_only_from_the_folder_given() {
    let plain = serve();
    let (status, body) = post(&plain.addr, "/api/analyze", "script:wythoff", "[3, 5]");
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("--scripts DIR"));

    let games = super::example("games");
    let server = serve_with(&["--scripts", &games]);
    let (status, body) = post(
        &server.addr,
        "/api/moves",
        "script:wythoff",
        "[2, 3] [1, 1]",
    );
    assert_eq!(status, 200, "{body}");
    let list = json(&body);
    for m in list["moves"].as_array().expect("moves") {
        let after = m["position"].as_str().expect("a position");
        let (_, body) = post(&server.addr, "/api/analyze", "script:wythoff", after);
        let value = json(&body)["grundy"].as_u64();
        assert_eq!(value, m["value_after"].as_u64(), "{}", m["move"]);
    }
    // Kayles on 2: the winning move takes both pins, and grundy's reply leaves nothing.
    let (_, body) = post(&server.addr, "/api/move", "script:kayles", "2");
    let reply = json(&body);
    assert_eq!(reply["analysis"]["winner"], "second", "{reply}");
    let (_, body) = post(&server.addr, "/api/move", "script:kayles", "");
    assert_eq!(json(&body)["move"], Value::Null);
    for name in ["../games/wythoff", "no-such-game", "", "a/b"] {
        let (status, body) = post(&server.addr, "/api/analyze", &format!("script:{name}"), "1");
        assert_eq!(status, 404, "{name}: {body}");
    }
    // Parameters: given as the command line gives them, each set its own game; one the
    // script does not read, or none where one is needed, is 400 with the reason.
    let with = |params: Value| {
        let body = serde_json::json!({ "game": "script:intervals", "position": "[1, 100]", "params": params })
            .to_string();
        request(&server.addr, "POST", "/api/analyze", body.as_bytes())
    };
    let (status, body) = with(serde_json::json!({ "intervals": "[[1, 5], [6, 8]]" }));
    assert_eq!(status, 200, "{body}");
    assert_eq!(json(&body)["grundy"], 0, "{body}");
    assert_eq!(
        json(&body)["game"],
        "intervals.rhai (intervals=[[1, 5], [6, 8]])"
    );
    let (status, body) = with(serde_json::json!({ "intervals": "[[1, 5]]" }));
    assert_eq!(json(&body)["grundy"], 1, "{status} {body}");
    let (status, body) = with(serde_json::json!({}));
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("has no default"), "{body}");
    let (status, body) = with(serde_json::json!({ "intervals": "[[1, 5]]", "k": "2" }));
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("declares no parameter 'k'"), "{body}");
    let (status, body) = post(&server.addr, "/api/analyze", "nim", "3");
    assert_eq!(status, 200, "{body}");
    super::assert_refused(
        &["serve", "--port", "0", "--scripts", "/nonexistent"],
        "",
        1,
        "--scripts",
    );
}

fn post_with(addr: &str, headers: &str, body: &str) -> (u16, String) {
    let head = format!(
        "POST /api/analyze HTTP/1.1\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    raw(addr, head.as_bytes(), body.as_bytes())
}

#[test]
fn requests_a_page_elsewhere_could_send_are_refused() {
    let server = serve();
    let addr = &server.addr;
    let body = r#"{"game": "nim", "position": "3 4 5"}"#;
    let host = format!("Host: {addr}\r\n");
    let json_type = "Content-Type: application/json\r\n";
    let cases = [
        // A form or fetch with text/plain needs no preflight: refused.
        (415, format!("{host}Content-Type: text/plain\r\n")),
        (415, host.clone()),
        // Another site's page, through the user's browser.
        (
            403,
            format!("{host}{json_type}Origin: http://evil.example\r\n"),
        ),
        (
            403,
            format!("{host}{json_type}Origin: http://127.0.0.1:1\r\n"),
        ),
        // A name that resolves here (DNS rebinding).
        (403, format!("Host: evil.example\r\n{json_type}")),
        (400, json_type.to_string()),
        // Its own page, and programs that send no Origin.
        (200, format!("{host}{json_type}Origin: http://{addr}\r\n")),
        (
            200,
            format!("{host}Content-Type: application/json; charset=utf-8\r\n"),
        ),
        (200, format!("Host: localhost\r\n{json_type}")),
    ];
    for (want, headers) in cases {
        let (status, answer) = post_with(addr, &headers, body);
        assert_eq!(status, want, "{headers:?}: {answer}");
        if want != 200 {
            assert!(json(&answer)["error"].as_str().is_some(), "{answer}");
        }
    }
}

/// CPU time used by a process so far, in clock ticks (user and system).
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("the server runs");
    let after = stat.rsplit_once(')').expect("a stat line").1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

#[test]
fn expensive_requests_neither_starve_cheap_ones_nor_outlive_their_cut_off() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let server = serve_with(&["--time-limit", "3"]);
    let pid = server.child.id();
    let finished = Arc::new(AtomicUsize::new(0));
    // Cram 6×7 takes minutes: four of them fill every lane there is.
    let expensive: Vec<_> = (0..4)
        .map(|_| {
            let (addr, finished) = (server.addr.clone(), Arc::clone(&finished));
            std::thread::spawn(move || {
                let answer = post(&addr, "/api/analyze", "cram", "6 7");
                finished.fetch_add(1, Ordering::SeqCst);
                answer
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(700));
    for _ in 0..5 {
        let (status, body) = post(&server.addr, "/api/analyze", "nim", "3 4 5");
        assert_eq!(status, 200, "{body}");
    }
    assert_eq!(
        finished.load(Ordering::SeqCst),
        0,
        "the cheap requests were answered only after the expensive ones"
    );
    for t in expensive {
        let (status, body) = t.join().unwrap();
        assert_eq!(status, 503, "{body}");
        assert!(json(&body)["error"].as_str().is_some(), "{body}");
    }
    // The cut-off stopped the work itself: the server is idle again (a search still
    // running would use both cores, 2 s of CPU a second).
    std::thread::sleep(Duration::from_millis(500));
    let before = cpu_ticks(pid);
    std::thread::sleep(Duration::from_secs(2));
    let used = cpu_ticks(pid) - before;
    assert!(used < 40, "the server used {used} ticks of CPU while idle");

    // A client that hangs up stops its work too.
    let mut stream = TcpStream::connect(&server.addr).unwrap();
    let body = r#"{"game": "cram", "position": "6 7"}"#;
    write!(
        stream,
        "POST /api/analyze HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        server.addr,
        body.len()
    )
    .unwrap();
    std::thread::sleep(Duration::from_millis(700));
    drop(stream);
    std::thread::sleep(Duration::from_millis(500));
    let before = cpu_ticks(pid);
    std::thread::sleep(Duration::from_secs(1));
    let used = cpu_ticks(pid) - before;
    assert!(
        used < 25,
        "the server used {used} ticks after the client left"
    );
    let (status, _) = post(&server.addr, "/api/analyze", "nim", "1 2");
    assert_eq!(status, 200);
}

#[test]
fn silent_connections_cannot_keep_the_page_from_being_served() {
    use std::os::unix::process::CommandExt;
    // Under a limit of 256 open files, 260 silent sockets once made the page unreachable.
    let server = serve_command(|command| {
        // SAFETY: only setrlimit runs between fork and exec.
        unsafe {
            command.pre_exec(|| {
                let limit = rustix::process::Rlimit {
                    current: Some(256),
                    maximum: Some(256),
                };
                rustix::process::setrlimit(rustix::process::Resource::Nofile, limit)?;
                Ok(())
            });
        }
    });
    let mut silent = Vec::new();
    for i in 0..300 {
        let mut s = TcpStream::connect(&server.addr).expect("connects");
        // Half of them start a request and never finish it.
        if i % 2 == 0 {
            let _ = s.write_all(b"POST /api/analyze HTTP/1.1\r\nHost: x\r\n");
        }
        silent.push(s);
    }
    let (status, page) = request(&server.addr, "GET", "/", b"");
    assert_eq!(status, 200);
    assert!(page.contains("<script src=\"/app.js\">"));
    // The silent ones are closed by the server, not left open.
    let mut closed = 0;
    for mut s in silent {
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let mut buf = [0u8; 256];
        // Closed (or answered, then closed) within the head time-out; a socket left open
        // would time out here instead.
        if s.read(&mut buf).is_ok() {
            closed += 1;
        }
    }
    assert_eq!(closed, 300);
}

#[test]
fn a_script_cannot_kill_the_server_nor_learn_where_it_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("evil.rhai"),
        "fn options(p) { let s = \"eval(s)\"; eval(s); [] }\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("broken.rhai"),
        "fn options(p) { if p > 0 { [p / 0] } else { [] } }\n",
    )
    .unwrap();
    let server = serve_with(&["--scripts", dir.path().to_str().unwrap()]);
    let secret = dir.path().to_str().unwrap();
    for (game, path) in [
        ("script:evil", "/api/analyze"),
        ("script:evil", "/api/moves"),
        ("script:broken", "/api/analyze"),
        ("script:broken", "/api/moves"),
        ("script:broken", "/api/move"),
    ] {
        let (status, body) = post(&server.addr, path, game, "3");
        assert_eq!(status, 400, "{game} {path}: {body}");
        let message = json(&body)["error"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(!message.contains(secret), "{message}");
        assert!(
            message.starts_with(&format!("{}.rhai", &game[7..])),
            "{message}"
        );
    }
    let (status, _) = post(&server.addr, "/api/analyze", "nim", "3 4 5");
    assert_eq!(status, 200, "the server died");
}

#[test]
fn the_misere_switch_changes_the_hints_and_the_replies() {
    let server = serve();
    let misere = |path: &str, game: &str, position: &str| {
        let body =
            serde_json::json!({ "game": game, "position": position, "misere": true }).to_string();
        request(&server.addr, "POST", path, body.as_bytes())
    };
    // Three single counters: won under normal play, lost under misère play.
    let (status, body) = misere("/api/moves", "nim", "1 1 1");
    assert_eq!(status, 200, "{body}");
    let list = json(&body);
    assert_eq!(list["misere"], true, "{body}");
    assert_eq!(list["winner"], "second", "{body}");
    assert!(
        list["moves"]
            .as_array()
            .is_some_and(|m| m.iter().all(|m| m["winning"] == false)),
        "{body}"
    );
    let (_, normal) = post(&server.addr, "/api/moves", "nim", "1 1 1");
    assert_eq!(json(&normal)["winner"], "first", "{normal}");
    // A board: on a 1×4 strip of Cram grundy's misère reply is an end domino, leaving a
    // 1×2 strip (lost for the player to move under misère play).
    let (status, body) = misere("/api/move", "cram", "1 4\n....\n");
    assert_eq!(status, 200, "{body}");
    let reply = json(&body);
    assert_eq!(reply["analysis"]["winner"], "second", "{body}");
    assert_eq!(reply["analysis"]["misere"], true, "{body}");
    // The analysis of the page's analyze box.
    let (_, body) = misere("/api/analyze", "wythoff", "2 2");
    assert_eq!(json(&body)["winner"], "second", "{body}");
}

/// The API's move lists carry the remoteness `analyze --remoteness` prints, move for move,
/// and its games' boards; grundy's reply wins fastest (or loses slowest).
#[test]
fn move_lists_carry_remoteness_and_replies_use_it() {
    let server = serve();
    for (game, position) in [
        ("nim", "3 4 5"),
        ("cram", "3 4"),
        ("chomp", "4,3,3,1"),
        ("shgame", "5 8 2 3"),
        ("wythoff", "4 6"),
        ("pshtbrth", "0110\n1111\n\n1001\n0110\n"),
    ] {
        let (status, body) = post(&server.addr, "/api/moves", game, position);
        assert_eq!(status, 200, "{body}");
        let list = json(&body);
        let cli = crate::run(&["analyze", game, "--remoteness", "--json"], position);
        assert_eq!(cli.status, 0, "{}", cli.stderr);
        let cli = json(&cli.stdout);
        assert_eq!(list["remoteness"], cli["remoteness"], "{game}");
        let moves = list["moves"].as_array().expect("moves");
        let expected = cli["move_remoteness"].as_array().expect("moves");
        assert_eq!(moves.len(), expected.len(), "{game}");
        for (m, e) in moves.iter().zip(expected) {
            assert_eq!(m["move"], e["move"], "{game}");
            assert_eq!(m["remoteness"], e["remoteness"], "{game}: {}", m["move"]);
        }
        assert!(
            list["board"].is_array() || list["parts"].is_array() || list["heaps"].is_array(),
            "{game}: nothing to draw"
        );
        let (status, body) = post(&server.addr, "/api/move", game, position);
        assert_eq!(status, 200, "{body}");
        let reply = json(&body);
        let r = reply["move"]["remoteness"].as_u64().expect("a remoteness");
        let here = list["remoteness"].as_u64().expect("a remoteness");
        assert_eq!(
            r + 1,
            here,
            "{game}: the reply is not the fastest win or slowest loss"
        );
    }
}

/// A body that promises more than it sends is cut off (408, a JSON error, the connection
/// closed) rather than holding its connection for ever; meanwhile, and after, the page is
/// served. A body past the limit is a JSON 413.
#[test]
fn a_trickled_body_is_cut_off_and_the_page_still_served() {
    let server = serve();
    let head = format!(
        "POST /api/analyze HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n",
        server.addr
    );
    // Many connections, each with a full head and ten bytes of a thousand-byte body.
    let mut held = Vec::new();
    for _ in 0..40 {
        let mut stream = TcpStream::connect(&server.addr).expect("connects");
        stream.write_all(head.as_bytes()).expect("sent");
        stream.write_all(b"{\"game\": \"").expect("sent");
        held.push(stream);
    }
    let (status, page) = request(&server.addr, "GET", "/", b"");
    assert_eq!(status, 200, "{page}");
    for mut stream in held {
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .expect("timeout set");
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        let text = String::from_utf8_lossy(&answer);
        assert!(text.starts_with("HTTP/1.1 408"), "{text}");
        let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
        assert!(
            json(body)["error"]
                .as_str()
                .is_some_and(|e| e.contains("did not arrive")),
            "{text}"
        );
    }
    let big = vec![b' '; grundy_web::MAX_BODY + 10];
    let (status, body) = request(&server.addr, "POST", "/api/analyze", &big);
    assert_eq!(status, 413, "{body}");
    assert!(json(&body)["error"].is_string(), "{body}");
    let (status, _) = post(&server.addr, "/api/analyze", "nim", "1 2");
    assert_eq!(status, 200);
    // Thirty bytes claiming ten million vertices: refused before they are allocated.
    for path in ["/api/analyze", "/api/moves"] {
        let (status, body) = post(&server.addr, path, "graph", "10000000 0\n1\n1\n");
        assert_eq!(status, 400, "{body}");
        assert!(
            json(&body)["error"]
                .as_str()
                .is_some_and(|e| e.contains("MiB allowed")),
            "{body}"
        );
    }
    let (status, body) = post(
        &server.addr,
        "/api/analyze",
        "graph",
        "3 2\n1 2\n2 3\n1\n1\n",
    );
    assert_eq!(status, 200, "{body}");
}

/// A script game's positions come with their drawings: what the script's `board(p)`
/// returns, or the position's integers where it defines none; a board that fails is a
/// one-line 400 naming the script, and the rules still answer without it.
#[test]
fn a_script_game_is_drawn_as_its_script_says() {
    let dir = tempfile::tempdir().unwrap();
    let examples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/games");
    for name in ["lame_queen", "kayles", "wythoff"] {
        std::fs::copy(
            examples.join(format!("{name}.rhai")),
            dir.path().join(format!("{name}.rhai")),
        )
        .unwrap();
    }
    std::fs::write(
        dir.path().join("bad_board.rhai"),
        "fn options(n) { if n > 0 { [n - 1] } else { [] } }\nfn board(n) { [[1], 2] }\n",
    )
    .unwrap();
    let server = serve_with(&["--scripts", dir.path().to_str().unwrap()]);
    let moves = |game: &str, position: &str| {
        let (status, body) = post(&server.addr, "/api/moves", game, position);
        assert_eq!(status, 200, "{game} {position}: {body}");
        json(&body)
    };
    // The lame queen 2 rows up and 3 columns right of the corner: a 3×4 grid, the queen
    // at the top right.
    let queen = moves("script:lame_queen", "[2, 3]");
    let drawn = &queen["drawings"][0];
    assert_eq!(drawn["kind"], "grid", "{queen}");
    let rows: Vec<String> = drawn["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap())
                .collect()
        })
        .collect();
    assert_eq!(rows, ["...Q", "....", "...."]);
    // Too large to draw: the script writes it in words, and the note says it is text.
    let far = moves("script:lame_queen", "[45, 2]");
    assert_eq!(far["drawings"][0]["kind"], "text", "{far}");
    assert!(
        far["drawings"][0]["note"]
            .as_str()
            .unwrap()
            .contains("as text")
    );
    // A sum: one drawing a position, a row of pins each.
    let kayles = moves("script:kayles", "3 5");
    let pins = |i: usize| kayles["drawings"][i]["rows"][0].as_array().unwrap().len();
    assert_eq!((pins(0), pins(1)), (3, 5), "{kayles}");
    // No board(p): the position's integers in a row, and said so.
    let wythoff = moves("script:wythoff", "[3, 5]");
    assert_eq!(
        wythoff["drawings"][0]["cells"],
        serde_json::json!(["3", "5"])
    );
    assert!(
        wythoff["drawings"][0]["note"]
            .as_str()
            .unwrap()
            .contains("no board(p)")
    );
    // A sum too long to draw piece by piece comes without drawings (the page says text).
    let many = vec!["1"; grundy::report::moves::MAX_DRAWN_PARTS + 1].join(" ");
    assert!(moves("script:kayles", &many).get("drawings").is_none());
    // A board that returns what cannot be drawn: 400, one line, the script named.
    let (status, body) = post(&server.addr, "/api/moves", "script:bad_board", "2");
    assert_eq!(status, 400, "{body}");
    let message = json(&body)["error"].as_str().unwrap().to_string();
    assert!(
        message.starts_with("bad_board.rhai: board(2) must return"),
        "{message}"
    );
    assert!(!message.contains('\n'), "{message}");
    let (status, body) = post(&server.addr, "/api/analyze", "script:bad_board", "2");
    assert_eq!(status, 200, "{body}");
}

/// A request whose head is still coming at the head time-out is answered 408 with a JSON
/// error, as every other refusal is; a socket that never sent a byte is closed quietly.
#[test]
fn a_head_cut_short_is_answered_408_with_a_json_error() {
    use std::io::Read;
    let server = serve_with(&[]);
    let mut started = TcpStream::connect(&server.addr).expect("connects");
    started
        .write_all(b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        .unwrap();
    let mut silent = TcpStream::connect(&server.addr).expect("connects");
    for s in [&started, &silent] {
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    }
    let mut reply = String::new();
    started
        .read_to_string(&mut reply)
        .expect("answered, then closed");
    let (head, body) = reply.split_once("\r\n\r\n").expect("a head and a body");
    assert!(head.starts_with("HTTP/1.1 408"), "{reply}");
    assert!(head.contains("content-type: application/json"), "{reply}");
    assert_eq!(
        json(body)["error"],
        "the request head did not arrive within 10 s",
        "{reply}"
    );
    let mut nothing = Vec::new();
    silent.read_to_end(&mut nothing).expect("closed");
    assert!(nothing.is_empty(), "{}", String::from_utf8_lossy(&nothing));
    // The server goes on answering.
    let (status, _) = post(&server.addr, "/api/analyze", "nim", "1 2");
    assert_eq!(status, 200);
}
