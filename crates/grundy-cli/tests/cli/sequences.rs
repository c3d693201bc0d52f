//! `grundy sequence` on take-and-break games: far heaps by a period, `--from`, `--out`,
//! and checkpoints that survive a signal and refuse to be mixed up.

use super::{assert_refused, run, run_ok};

fn values(line: &str) -> Vec<u64> {
    line.split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect()
}

#[test]
fn far_heaps_come_from_the_proved_period() {
    let far = values(&run_ok(
        &[
            "sequence",
            "kayles",
            "--from",
            "999999990",
            "--upto",
            "1000000000",
        ],
        "",
    ));
    // The plain loop, which never uses a period, on the first heaps.
    let near = values(&run_ok(
        &["sequence", "kayles", "--upto", "200", "--engine", "loop"],
        "",
    ));
    assert_eq!(far.len(), 11);
    for (i, v) in far.iter().enumerate() {
        let n = 999_999_990 + i as u64;
        assert_eq!(*v, near[(71 + (n - 71) % 12) as usize], "heap {n}");
    }
}

#[test]
fn every_engine_prints_the_same_line() {
    for family in [
        "octal:0.16",
        "grundy-game",
        "hex:0.9",
        "hex:4.0F",
        "treblecross",
    ] {
        let plain = run_ok(
            &["sequence", family, "--upto", "600", "--engine", "loop"],
            "",
        );
        for engine in ["table", "sparse"] {
            let got = run_ok(
                &["sequence", family, "--upto", "600", "--engine", engine],
                "",
            );
            assert_eq!(got, plain, "{family} by {engine}");
        }
        let from = run_ok(&["sequence", family, "--upto", "600", "--from", "590"], "");
        assert_eq!(values(&from), values(&plain)[590..], "{family} from 590");
    }
}

#[test]
fn out_writes_one_value_a_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("values.txt");
    let path = path.to_str().unwrap();
    let line = run_ok(&["sequence", "octal:0.16", "--upto", "5000"], "");
    let quiet = run_ok(
        &["sequence", "octal:0.16", "--upto", "5000", "--out", path],
        "",
    );
    assert!(quiet.is_empty());
    let file = std::fs::read_to_string(path).unwrap();
    assert_eq!(file.lines().count(), 5001);
    assert_eq!(values(&file), values(&line));
    assert_refused(
        &[
            "sequence",
            "kayles",
            "--upto",
            "10",
            "--out",
            "/nonexistent/dir/x",
        ],
        "",
        1,
        "cannot write",
    );
}

#[test]
fn bad_requests_are_refused() {
    assert_refused(
        &["sequence", "kayles", "--from", "11", "--upto", "10"],
        "",
        2,
        "past --upto",
    );
    assert_refused(
        &["sequence", "nim", "--upto", "10", "--checkpoint", "x"],
        "",
        2,
        "take-and-break",
    );
    assert_refused(
        &["sequence", "nim", "--upto", "10", "--engine", "sparse"],
        "",
        2,
        "take-and-break",
    );
    assert_refused(
        &["sequence", "hex:0.G", "--upto", "10"],
        "",
        2,
        "hexadecimal code",
    );
    assert_refused(
        &["sequence", "hex:1.F", "--upto", "10"],
        "",
        2,
        "before the point",
    );
}

#[cfg(unix)]
#[test]
fn an_interrupted_run_resumes_to_the_same_values() {
    use std::os::unix::process::ExitStatusExt;

    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("grundy.ckpt");
    let ckpt = ckpt.to_str().unwrap();
    let whole = dir.path().join("whole.txt");
    let resumed = dir.path().join("resumed.txt");
    let upto = "250000";
    run_ok(
        &[
            "sequence",
            "grundy-game",
            "--upto",
            upto,
            "--out",
            whole.to_str().unwrap(),
        ],
        "",
    );
    let out = super::stopped(
        &[
            "sequence",
            "grundy-game",
            "--upto",
            upto,
            "--checkpoint",
            ckpt,
        ],
        "",
        250,
        rustix::process::Signal::INT,
        false,
    );
    let status = out.status;
    // Ends by the signal (or, on a very fast machine, had already finished), saying what
    // was saved and how to go on.
    assert!(status.signal() == Some(2) || status.success(), "{status:?}");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        status.success()
            || (said.contains("interrupted: the values of heaps 0 to ")
                && said.contains("the same command run again goes on")),
        "{said}"
    );
    assert!(
        std::fs::metadata(ckpt).unwrap().len() > 28,
        "the checkpoint was saved"
    );
    let no_temporary = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .all(|e| !e.file_name().to_string_lossy().contains(".tmp"));
    assert!(no_temporary);
    let r = run(
        &[
            "sequence",
            "grundy-game",
            "--upto",
            upto,
            "--checkpoint",
            ckpt,
            "--stats",
            "--out",
            resumed.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains("read from the checkpoint"),
        "{}",
        r.stderr
    );
    assert_eq!(
        std::fs::read_to_string(&resumed).unwrap(),
        std::fs::read_to_string(&whole).unwrap()
    );

    // Another game's checkpoint is refused, never mixed in.
    assert_refused(
        &["sequence", "kayles", "--upto", "100", "--checkpoint", ckpt],
        "",
        2,
        "holds 'heap values of grundy-game', not 'heap values of octal:0.77'",
    );
    // So is one that fails its checksum.
    let mut bytes = std::fs::read(ckpt).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(ckpt, &bytes).unwrap();
    assert_refused(
        &[
            "sequence",
            "grundy-game",
            "--upto",
            "100",
            "--checkpoint",
            ckpt,
        ],
        "",
        2,
        "checksum mismatch",
    );
}

#[cfg(unix)]
#[test]
fn tables_beyond_memory_are_refused_before_allocating() {
    // Under a 2 GB address-space limit, a full 2^30-heap table (2 bytes a heap and more) is
    // refused at once; a periodic game still answers, its table ending at the proof.
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    let sh = |args: &str| {
        std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -v 2000000; exec '{}' {args}",
                bin.display()
            ))
            .output()
            .unwrap()
    };
    let out = sh("sequence treblecross --upto 1073741824 --engine sparse");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("need about 3072 MiB"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let out = sh("sequence kayles --upto 4294967296 --from 4294967296");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_shorter_request_reads_a_longer_checkpoint_and_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("k.ckpt");
    let ckpt = ckpt.to_str().unwrap();
    let long = run_ok(
        &[
            "sequence",
            "octal:0.16",
            "--upto",
            "3000",
            "--checkpoint",
            ckpt,
        ],
        "",
    );
    let size = std::fs::metadata(ckpt).unwrap().len();
    let r = run(
        &[
            "sequence",
            "octal:0.16",
            "--upto",
            "100",
            "--checkpoint",
            ckpt,
            "--stats",
        ],
        "",
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(values(&r.stdout), values(&long)[..=100]);
    assert!(
        r.stderr.contains("the first 101 read from the checkpoint"),
        "{}",
        r.stderr
    );
    assert_eq!(
        std::fs::metadata(ckpt).unwrap().len(),
        size,
        "the checkpoint was cut short"
    );
}

/// `--stats` prints the checksum ogsolve prints for the same heaps, so a run can be set
/// beside ogsolve's without a file of values: Treblecross to 30000, whose checksum ogsolve
/// (method RC2) gave as 08D38C2F; and the same line after a run that goes on from a
/// checkpoint, where the first values were not computed in this run.
#[test]
fn stats_print_ogsolves_checksum() {
    let expected = "stats: ogsolve's checksum 08D38C2F (its 16-bit Fletcher sums over the values of heaps 0..=30000)";
    let r = run(
        &["sequence", "treblecross", "--upto", "30000", "--stats"],
        "",
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(r.stderr.contains(expected), "{}", r.stderr);
    let dir = tempfile::tempdir().expect("a folder");
    let ckpt = dir.path().join("treble.ckpt");
    let ckpt = ckpt.to_str().unwrap();
    run_ok(
        &[
            "sequence",
            "treblecross",
            "--upto",
            "20000",
            "--checkpoint",
            ckpt,
        ],
        "",
    );
    let r = run(
        &[
            "sequence",
            "treblecross",
            "--upto",
            "30000",
            "--checkpoint",
            ckpt,
            "--stats",
        ],
        "",
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains("read from the checkpoint"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains(expected), "{}", r.stderr);
}

/// `--census` writes what the values printed say at every power of two: checked here
/// against the values of the same run, counted again; and it is refused where there is no
/// take-and-break table to count.
#[test]
fn census_counts_the_values_printed() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("census.json");
    let file = file.to_str().unwrap();
    let line = run_ok(
        &[
            "sequence",
            "treblecross",
            "--upto",
            "3000",
            "--census",
            file,
        ],
        "",
    );
    let values = values(&line);
    let census: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    assert_eq!(census["game"], "octal:0.007");
    let marks = census["at"].as_array().unwrap();
    let heaps: Vec<u64> = marks.iter().map(|m| m["heap"].as_u64().unwrap()).collect();
    assert_eq!(
        heaps,
        [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 3000]
    );
    for m in marks {
        let these = &values[..=m["heap"].as_u64().unwrap() as usize];
        let top = *these.iter().max().unwrap();
        assert_eq!(m["largest"].as_u64(), Some(top));
        let first = these.iter().position(|&v| v == top).unwrap() as u64;
        assert_eq!(m["largest_at"].as_u64(), Some(first));
        let zeros = these.iter().filter(|&&v| v == 0).count() as u64;
        assert_eq!(m["zeros"].as_u64(), Some(zeros));
        let fletcher = format!(
            "{:08X}",
            grundy::fletcher_of(these.iter().map(|&v| v as u32))
        );
        assert_eq!(m["ogsolve_checksum"].as_str(), Some(fletcher.as_str()));
    }
    let rare = &census["rare"];
    let heaps = rare["heaps"].as_array().unwrap();
    assert_eq!(rare["count"].as_u64(), Some(heaps.len() as u64));
    assert!(!heaps.is_empty());
    assert_refused(
        &["sequence", "nim", "--upto", "10", "--census", file],
        "",
        2,
        "--census counts the values of a take-and-break family",
    );
    assert_refused(
        &[
            "sequence", "kayles", "--upto", "10", "--misere", "--census", file,
        ],
        "",
        2,
        "--census",
    );
}

#[test]
fn plot_draws_the_values_printed() {
    let dir = tempfile::tempdir().expect("a folder");
    let png = dir.path().join("dawson.png");
    let png_arg = png.to_string_lossy().into_owned();
    let line = super::run_ok(
        &[
            "sequence",
            "octal:0.137",
            "--upto",
            "100",
            "--plot",
            &png_arg,
        ],
        "",
    );
    assert_eq!(line.split(' ').count(), 101);
    let bytes = std::fs::read(&png).expect("the plot is written");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert!(
        bytes.len() > 10_000,
        "a plot of 101 values is not {} bytes",
        bytes.len()
    );
    super::assert_refused(
        &["sequence", "nim", "--upto", "20000000", "--plot", &png_arg],
        "",
        2,
        "--plot draws at most 10000000 values",
    );
}

#[test]
fn a_second_run_on_a_checkpoint_in_use_is_refused() {
    use std::os::unix::process::ExitStatusExt;
    use std::process::{Command, Stdio};

    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("g.ckpt");
    let ckpt = ckpt.to_str().unwrap();
    let args = [
        "sequence",
        "grundy-game",
        "--upto",
        "16777216",
        "--checkpoint",
        ckpt,
    ];
    let mut first = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let lock_file = dir.path().join("g.ckpt.lock");
    // The lock is taken before any work; wait for it (the test fails, not hangs, if it
    // never comes).
    for _ in 0..600 {
        if std::fs::read_to_string(&lock_file).is_ok_and(|t| t.trim() == first.id().to_string()) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let second = run(&args, "");
    let pid = rustix::process::Pid::from_child(&first);
    rustix::process::kill_process(pid, rustix::process::Signal::INT).unwrap();
    let status = first.wait().unwrap();
    assert_eq!(second.status, 2, "{}", second.stderr);
    assert!(second.stdout.is_empty());
    assert_eq!(second.stderr.lines().count(), 1, "{}", second.stderr);
    assert!(
        second.stderr.contains("in use by another run")
            && second.stderr.contains(&first.id().to_string()),
        "{}",
        second.stderr
    );
    assert!(status.signal() == Some(2) || status.success(), "{status:?}");
    // Released when the first run ends: the next run goes on from its checkpoint.
    assert!(!lock_file.exists());
    let third = run(
        &[
            "sequence",
            "grundy-game",
            "--upto",
            "1000",
            "--checkpoint",
            ckpt,
            "--stats",
        ],
        "",
    );
    assert_eq!(third.status, 0, "{}", third.stderr);
}

/// `sequence --certificate FILE` writes what a period rests on and `verify FILE` checks it
/// by the plain loop; a certificate with the period, the preperiod, one value's block or
/// the range changed is refused with one line naming where it fails.
#[test]
fn period_certificates_are_written_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kayles.json");
    let file = path.to_str().unwrap();
    for code in ["octal:0.77", "octal:0.137", "hex:0.F"] {
        run_ok(
            &["sequence", code, "--upto", "2000", "--certificate", file],
            "",
        );
        let said = run_ok(&["verify", file], "");
        let cert: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(cert["game"], code);
        assert!(
            said.contains(&format!(
                "period {} from heap {}",
                cert["period"], cert["preperiod"]
            )),
            "{said}"
        );
    }
    run_ok(
        &[
            "sequence",
            "octal:0.77",
            "--upto",
            "2000",
            "--certificate",
            file,
        ],
        "",
    );
    let good: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        (good["period"].as_u64(), good["preperiod"].as_u64()),
        (Some(12), Some(71))
    );
    let bad = dir.path().join("bad.json");
    let refused = |change: &dyn Fn(&mut serde_json::Value), fragment: &str| {
        let mut c = good.clone();
        change(&mut c);
        std::fs::write(&bad, c.to_string()).unwrap();
        assert_refused(&["verify", bad.to_str().unwrap()], "", 2, fragment);
    };
    // A preperiod too small, with the bound and blocks it would need: the period breaks.
    refused(
        &|c| {
            c["preperiod"] = 60.into();
            let bound = 2 * (60 + 12) + 2;
            c["bound"] = bound.into();
            c["blocks"] = vec!["0"; bound as usize].into();
        },
        "the period fails at heap",
    );
    refused(
        &|c| c["blocks"][5] = "0123456789abcdef".into(),
        "heaps 5 to 5 differ",
    );
    refused(
        &|c| c["period"] = 6.into(),
        "the theorem needs the values of heaps 0 to",
    );
    refused(
        &|c| c["computed"] = 100.into(),
        "the theorem needs heap 167",
    );
    refused(&|c| c["game"] = "nim".into(), "not a take-and-break game");
    refused(&|c| c["format"] = "x".into(), "format");
    // Forged past 2^63: 2·(2^63 + 9 + 1) + 2 wraps round to 22, which a few heaps "prove".
    refused(
        &|c| {
            c["preperiod"] = ((1u64 << 63) + 9).into();
            c["period"] = 1.into();
            c["bound"] = 22.into();
            c["computed"] = 22.into();
            c["block"] = 1.into();
            c["blocks"] = vec!["0000000000000000"; 22].into();
        },
        "past 2^64",
    );
    refused(&|c| c["period"] = (1u64 << 63).into(), "past 2^64");
    for (field, value) in [
        ("period", serde_json::json!(-1)),
        ("preperiod", serde_json::json!(71.5)),
        ("bound", serde_json::json!(1e30)),
        ("computed", serde_json::json!("9999")),
        ("max_take", serde_json::json!(u64::MAX)),
        ("parts", serde_json::json!(1u64 << 63)),
        ("block", serde_json::json!(0)),
    ] {
        let fragment = if value.is_u64() {
            ""
        } else {
            "not a period certificate"
        };
        refused(&|c| c[field] = value.clone(), fragment);
    }
    assert_refused(
        &["sequence", "nim", "--upto", "10", "--certificate", file],
        "",
        2,
        "--certificate writes the period of a take-and-break family",
    );
    assert_refused(
        &[
            "sequence",
            "octal:0.16",
            "--upto",
            "100",
            "--certificate",
            file,
        ],
        "",
        2,
        "no period proved",
    );
}

/// `--threads` changes who scans the pairs, never the values; it is refused where no scan
/// is shared.
#[test]
fn threads_give_the_same_values_and_are_refused_elsewhere() {
    let one = run_ok(
        &[
            "sequence",
            "0.007",
            "--upto",
            "30000",
            "--engine",
            "sparse",
            "--threads",
            "1",
        ],
        "",
    );
    for threads in ["2", "3"] {
        let more = run_ok(
            &[
                "sequence",
                "0.007",
                "--upto",
                "30000",
                "--engine",
                "sparse",
                "--threads",
                threads,
            ],
            "",
        );
        assert_eq!(more, one, "{threads} threads");
    }
    let survey = run_ok(
        &[
            "survey",
            "0.007",
            "--upto",
            "30000",
            "--threads",
            "3",
            "--json",
        ],
        "",
    );
    let record: serde_json::Value = serde_json::from_str(survey.trim()).unwrap();
    let values: Vec<u64> = one.split_whitespace().map(|v| v.parse().unwrap()).collect();
    assert_eq!(record["largest"], *values.iter().max().unwrap());
    for args in [
        &["sequence", "nim", "--upto", "9", "--threads", "2"][..],
        &[
            "sequence",
            "kayles",
            "--upto",
            "9",
            "--misere",
            "--threads",
            "2",
        ],
        &[
            "sequence",
            "kayles",
            "--upto",
            "9",
            "--engine",
            "loop",
            "--threads",
            "2",
        ],
    ] {
        assert_refused(args, "", 2, "--threads applies to take-and-break");
    }
    assert_refused(
        &["sequence", "kayles", "--upto", "9", "--threads", "0"],
        "",
        2,
        "--threads",
    );
}

/// Coin rows: the value of a row whose one head is coin n, for every coin a row holds,
/// against the published sequences: Mock Turtles the odious numbers (OEIS A000069), Ruler
/// the largest power of 2 dividing n (A006519), Turning Turtles and Twins n itself.
#[test]
fn coin_rows_give_their_single_head_values() {
    let odious: Vec<u64> = (0u64..)
        .filter(|n| n.count_ones() % 2 == 1)
        .take(128)
        .collect();
    assert_eq!(
        values(&run_ok(&["sequence", "mock-turtles", "--upto", "127"], "")),
        odious
    );
    let ruler: Vec<u64> = (0u64..=128).map(|n| n & n.wrapping_neg()).collect();
    assert_eq!(
        values(&run_ok(&["sequence", "ruler", "--upto", "128"], "")),
        ruler
    );
    assert_eq!(
        values(&run_ok(
            &[
                "sequence",
                "turning-turtles",
                "--from",
                "120",
                "--upto",
                "128"
            ],
            ""
        )),
        (120..=128).collect::<Vec<u64>>()
    );
    assert_eq!(
        values(&run_ok(&["sequence", "twins", "--upto", "9"], "")),
        (0..=9).collect::<Vec<u64>>()
    );
    assert_refused(
        &["sequence", "mock-turtles", "--upto", "128"],
        "",
        2,
        "mock-turtles: a row holds at most 128 coins, numbered 0 to 127: coin 128 is past it",
    );
    assert_refused(
        &["sequence", "hackenbush", "--upto", "3"],
        "",
        2,
        "unknown family 'hackenbush'",
    );
}

/// Heaps far past any table read from the proved period, against rules with no period
/// search in them: subtraction {1, 3, 4} repeats 0 1 0 1 2 3 2 from 0, and Kayles's values
/// past 71 are those of a small table through its period 12 (Guy and Smith).
#[test]
fn far_heaps_are_read_from_the_proved_period() {
    let from = 1_000_000_000_000_000u64;
    let out = run_ok(
        &[
            "sequence",
            "subtraction:1,3,4",
            "--from",
            &from.to_string(),
            "--upto",
            &(from + 200).to_string(),
        ],
        "",
    );
    let got: Vec<u64> = out.split_whitespace().map(|v| v.parse().unwrap()).collect();
    let want: Vec<u64> = (from..=from + 200)
        .map(|n| [0, 1, 0, 1, 2, 3, 2][(n % 7) as usize])
        .collect();
    assert_eq!(got, want);
    let small = grundy::catalogue::family("kayles")
        .unwrap()
        .values(200)
        .unwrap();
    let top = u64::MAX;
    let out = run_ok(
        &[
            "sequence",
            "kayles",
            "--from",
            &(top - 50).to_string(),
            "--upto",
            &top.to_string(),
        ],
        "",
    );
    let got: Vec<u64> = out.split_whitespace().map(|v| v.parse().unwrap()).collect();
    let want: Vec<u64> = (top - 50..=top)
        .map(|n| u64::from(small[(71 + (n - 71) % 12) as usize]))
        .collect();
    assert_eq!(got, want);
    // Nim by its rule; a family with no period proved is refused past its table.
    assert_eq!(
        run_ok(
            &[
                "sequence",
                "nim",
                "--from",
                "99999999999",
                "--upto",
                "100000000001"
            ],
            ""
        ),
        "99999999999 100000000000 100000000001\n"
    );
    assert_refused(
        &[
            "sequence",
            "octal:0.6",
            "--from",
            "5000000000",
            "--upto",
            "5000000001",
        ],
        "",
        2,
        "past 4294967296 they are read from a proved period, and no period of octal:0.6 is proved",
    );
}
