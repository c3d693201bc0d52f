//! Games on graphs from the command line: Node-Kayles' certificates and `--memory`.

use super::{assert_refused, run, run_ok};

/// The value `analyze` prints for Node-Kayles on `position` with `extra` switches.
fn value_of(position: &str, extra: &[&str]) -> String {
    let mut args = vec!["analyze", "node-kayles", position];
    args.extend_from_slice(extra);
    let out = run_ok(&args, "");
    out.lines()
        .find_map(|l| l.strip_prefix("grundy:"))
        .and_then(|v| v.split_whitespace().next())
        .expect("a value")
        .to_string()
}

/// Writes the certificate of Node-Kayles on the 3 × 8 grid into `dir`: its path, and the
/// value `analyze` printed.
fn grid_certificate(dir: &std::path::Path) -> (std::path::PathBuf, String) {
    let cert = dir.join("grid.cert");
    let value = value_of("grid:3x8", &["--certificate", cert.to_str().unwrap()]);
    (cert, value)
}

#[test]
fn a_node_kayles_certificate_is_written_verified_and_refused_when_damaged() {
    let dir = tempfile::tempdir().unwrap();
    let (cert, value) = grid_certificate(dir.path());
    let cert_s = cert.to_str().unwrap();
    let said = run_ok(&["verify", cert_s], "");
    assert!(
        said.starts_with(&format!("node-kayles: value {value} holds (")),
        "{said}"
    );
    // The value of the first entry changed: refused with its line, exit 2.
    let text = std::fs::read_to_string(&cert).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let (k, v) = lines[1].split_once(' ').unwrap();
    lines[1] = format!("{k} {}", v.parse::<u64>().unwrap() + 3);
    let damaged = dir.path().join("damaged.cert");
    std::fs::write(&damaged, lines.join("\n") + "\n").unwrap();
    assert_refused(
        &["verify", damaged.to_str().unwrap()],
        "",
        2,
        "refused: line 2:",
    );
    // The same position given as a graph file agrees.
    let graph = dir.path().join("g.txt");
    let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    std::fs::write(&graph, header["position"].as_str().unwrap()).unwrap();
    assert_eq!(value_of(graph.to_str().unwrap(), &[]), value);
}

#[test]
fn a_verify_checkpoint_goes_on_only_for_its_own_certificate() {
    let dir = tempfile::tempdir().unwrap();
    let (cert, value) = grid_certificate(dir.path());
    let cert_s = cert.to_str().unwrap();
    let ck = dir.path().join("grid.verify");
    let ck_s = ck.to_str().unwrap();
    // In one run: it holds, and the checkpoint, having served, is gone.
    let said = run_ok(&["verify", cert_s, "--checkpoint", ck_s], "");
    assert!(
        said.starts_with(&format!("node-kayles: value {value} holds (")),
        "{said}"
    );
    assert!(!said.contains("earlier run"), "{said}");
    assert!(!ck.exists());
    // A checkpoint as a stopped run leaves it: this certificate's length and CRC-32, its
    // entry count and the next line. The run goes on from that line and says so.
    let text = std::fs::read(&cert).unwrap();
    let entries = text.iter().filter(|&&b| b == b'\n').count() as u64 - 1;
    let kept = |bytes: u64, crc32: u32, next_line: u64| {
        let place = serde_json::json!({
            "format": "grundy-verify-checkpoint/1",
            "certificate": {"bytes": bytes, "crc32": crc32},
            "entries": entries,
            "next_line": next_line,
        });
        grundy::store::write(
            &ck,
            "grundy-verify-checkpoint/1",
            place.to_string().as_bytes(),
        )
        .unwrap();
    };
    let (bytes, crc32) = (text.len() as u64, crc32fast::hash(&text));
    kept(bytes, crc32, 5);
    let said = run_ok(&["verify", cert_s, "--checkpoint", ck_s], "");
    assert!(
        said.contains("holds (") && said.contains("lines 2 to 4 were checked by an earlier run"),
        "{said}"
    );
    assert!(!ck.exists());
    // Another certificate's, a line past the end, a damaged file: refused, exit 2, and the
    // certificate itself is not said to be wrong.
    kept(bytes, crc32 ^ 1, 5);
    assert_refused(
        &["verify", cert_s, "--checkpoint", ck_s],
        "",
        2,
        "was kept for another certificate",
    );
    kept(bytes, crc32, entries + 3);
    assert_refused(
        &["verify", cert_s, "--checkpoint", ck_s],
        "",
        2,
        "is not in the certificate",
    );
    let saved = std::fs::read(&ck).unwrap();
    std::fs::write(&ck, &saved[..saved.len() - 3]).unwrap();
    assert_refused(
        &["verify", cert_s, "--checkpoint", ck_s],
        "",
        2,
        "checkpoint refused",
    );
    // A period certificate is checked in one go.
    let period = dir.path().join("kayles.json");
    let period_s = period.to_str().unwrap();
    run_ok(
        &[
            "sequence",
            "octal:0.77",
            "--upto",
            "200",
            "--certificate",
            period_s,
        ],
        "",
    );
    assert_refused(
        &["verify", period_s, "--checkpoint", ck_s],
        "",
        2,
        "--checkpoint applies to Node-Kayles certificates",
    );
}

#[test]
fn certificates_and_memory_are_refused_where_they_do_not_apply() {
    assert_refused(
        &["analyze", "nim", "3", "4", "--certificate", "x.cert"],
        "",
        2,
        "--certificate applies to node-kayles under normal play, not to 'nim'",
    );
    assert_refused(
        &[
            "analyze",
            "node-kayles",
            "grid:2x3",
            "--misere",
            "--certificate",
            "x.cert",
        ],
        "",
        2,
        "not to 'node-kayles' --misere",
    );
    // A file that cannot be written: exit 1, nothing on stdout.
    let r = run(
        &[
            "analyze",
            "node-kayles",
            "grid:2x3",
            "--certificate",
            "/nonexistent/dir/x.cert",
        ],
        "",
    );
    assert_eq!(r.status, 1, "{}", r.stderr);
    assert!(r.stdout.is_empty());
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    // Too few positions for the grid: refused with the bound named.
    assert_refused(
        &["analyze", "node-kayles", "grid:3x14", "--memory", "1M"],
        "",
        2,
        "positions one analysis may hold",
    );
    assert_eq!(value_of("grid:3x14", &["--memory", "64M"]), "4");
}

#[cfg(unix)]
#[test]
fn a_stopped_node_kayles_search_saves_and_resumes() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nk.ckpt");
    let file = path.to_str().unwrap();
    // The 3 × 21 grid takes about 9 s here in a release build.
    let out = super::stopped(
        &[
            "analyze",
            "node-kayles",
            "grid:3x21",
            "--checkpoint",
            file,
            "--memory",
            "1G",
        ],
        "",
        1000,
        rustix::process::Signal::TERM,
        true,
    );
    assert_eq!(out.status.signal(), Some(15), "{:?}", out.status);
    assert!(out.stdout.is_empty());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("saved in") && said.contains("nk.ckpt"),
        "{said}"
    );
    let saved = std::fs::read(&path).unwrap();
    let lines = saved.iter().filter(|&&b| b == b'\n').count();
    assert!(lines > 1000, "{lines} lines saved");

    // A smaller grid's checkpoint, made whole, then read back by the same command.
    let small = dir.path().join("small.ckpt");
    let small_s = small.to_str().unwrap();
    let args = [
        "analyze",
        "node-kayles",
        "grid:3x9",
        "--checkpoint",
        small_s,
    ];
    let first = run_ok(&args, "");
    assert_eq!(run_ok(&args, ""), first);
    assert_eq!(run_ok(&["analyze", "node-kayles", "grid:3x9"], ""), first);
    // Another position, or a damaged file, is refused.
    assert_refused(
        &[
            "analyze",
            "node-kayles",
            "grid:3x8",
            "--checkpoint",
            small_s,
        ],
        "",
        2,
        "a checkpoint of another game or position",
    );
    let bytes = std::fs::read(&small).unwrap();
    std::fs::write(&small, &bytes[..bytes.len() / 2]).unwrap();
    let damaged = run(&args, "");
    assert_eq!(damaged.status, 2, "{}", damaged.stderr);
    assert!(damaged.stdout.is_empty());
}
