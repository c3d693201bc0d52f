//! `explore --export`: each exported function run (Python) or compiled (Rust, C++) and
//! compared with the engine on 10^5 positions, past the computed values too.

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

use super::{assert_refused, example, run_ok};

/// A driver for each language: reads positions from standard input, prints their values.
fn build(language: &str, code: &str, dir: &Path) -> Command {
    match language {
        "python" => {
            let file = dir.join("formula.py");
            let driver = "\nimport sys\nprint(' '.join(str(value(int(n))) for n in sys.stdin.read().split()))\n";
            std::fs::write(&file, format!("{code}{driver}")).unwrap();
            let mut c = Command::new("python3");
            c.arg(&file);
            c
        }
        "rust" => {
            let file = dir.join("formula.rs");
            let driver = "\nfn main() {\n    let mut s = String::new();\n    std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).unwrap();\n    let v: Vec<String> = s.split_whitespace().map(|n| value(n.parse().unwrap()).to_string()).collect();\n    println!(\"{}\", v.join(\" \"));\n}\n";
            std::fs::write(&file, format!("{code}{driver}")).unwrap();
            let exe = dir.join("formula-rs");
            let status = Command::new("rustc")
                .args(["-O", "--edition", "2021", "-o"])
                .arg(&exe)
                .arg(&file)
                .status()
                .unwrap();
            assert!(status.success(), "rustc refused the export:\n{code}");
            Command::new(exe)
        }
        _ => {
            let file = dir.join("formula.cpp");
            let driver = "\n#include <iostream>\nint main() {\n    uint64_t n; bool first = true;\n    while (std::cin >> n) { std::cout << (first ? \"\" : \" \") << value(n); first = false; }\n    std::cout << \"\\n\";\n}\n";
            std::fs::write(&file, format!("{code}{driver}")).unwrap();
            let exe = dir.join("formula-cpp");
            let status = Command::new("c++")
                .args(["-O2", "-Wall", "-Werror", "-o"])
                .arg(&exe)
                .arg(&file)
                .status()
                .unwrap();
            assert!(status.success(), "c++ refused the export:\n{code}");
            Command::new(exe)
        }
    }
}

fn values_by(mut command: Command, points: &[u64]) -> Vec<u64> {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let text: Vec<String> = points.iter().map(u64::to_string).collect();
    // Written from a thread: a driver that answers as it reads fills its output pipe
    // before it has read everything.
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(text.join("\n").as_bytes()).unwrap());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect()
}

/// 10^5 positions: the first 50,000 and 50,000 spread up to `top`.
fn points(top: u64) -> Vec<u64> {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut all: Vec<u64> = (0..50_000).collect();
    all.extend((0..50_000).map(|_| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % top.max(1)
    }));
    all
}

#[test]
fn exported_functions_agree_with_the_engine() {
    let dir = tempfile::tempdir().unwrap();
    for language in ["python", "rust", "cpp"] {
        // Proved periods: exact for every heap, checked to 2^64 − 1 against the engine's
        // own answer for far heaps.
        for family in ["kayles", "subtraction:1,3,4", "octal:0.137"] {
            let code = run_ok(
                &["explore", family, "--upto", "400", "--export", language],
                "",
            );
            assert!(code.contains("Proved: "), "{code}");
            let game = grundy::catalogue::family(family).unwrap();
            let pts = points(u64::MAX);
            let want: Vec<u64> = pts.iter().map(|&n| game.value_at(n).unwrap().0).collect();
            assert_eq!(
                values_by(build(language, &code, dir.path()), &pts),
                want,
                "{family} in {language}"
            );
        }
        // An arithmetic period only observed: Lasker's Nim, against its known rule
        // (n for n ≡ 1, 2 mod 4, n + 1 for n ≡ 3, n − 1 for n ≡ 0; Winning Ways, ch. 4).
        let lasker = format!("script:{}", example("games/lasker.rhai"));
        let code = run_ok(
            &["explore", &lasker, "--upto", "60", "--export", language],
            "",
        );
        assert!(code.contains("Observed, not proved"), "{code}");
        let pts = points(1 << 62);
        let want: Vec<u64> = pts
            .iter()
            .map(|&n| match n % 4 {
                0 => n.saturating_sub(1),
                3 => n + 1,
                _ => n,
            })
            .collect();
        assert_eq!(
            values_by(build(language, &code, dir.path()), &pts),
            want,
            "lasker in {language}"
        );
        // A self-similar rule only observed: take at most half, against the engine's own
        // values to 1500 and past them against g(2k) = k, g(2k + 1) = g(k).
        let half = format!("script:{}", example("games/half.rhai"));
        let code = run_ok(
            &["explore", &half, "--upto", "300", "--export", language],
            "",
        );
        assert!(
            code.contains("Observed, not proved: g(2k) = k, g(2k + 1) = g(k)"),
            "{code}"
        );
        let engine: Vec<u64> = run_ok(&["sequence", &half, "--upto", "1500"], "")
            .split_whitespace()
            .map(|v| v.parse().unwrap())
            .collect();
        let rule = |mut n: u64| loop {
            if n.is_multiple_of(2) {
                return n / 2;
            }
            n /= 2;
        };
        let mut pts: Vec<u64> = (0..=1500).collect();
        pts.extend(points(u64::MAX).into_iter().skip(50_000));
        let want: Vec<u64> = pts
            .iter()
            .map(|&n| {
                if n <= 1500 {
                    engine[n as usize]
                } else {
                    rule(n)
                }
            })
            .collect();
        assert_eq!(
            values_by(build(language, &code, dir.path()), &pts),
            want,
            "half in {language}"
        );
    }
}

#[test]
fn exports_are_refused_with_a_reason() {
    assert_refused(
        &["explore", "kayles", "--upto", "100", "--export", "java"],
        "",
        2,
        "--export writes python, rust or cpp, not 'java'",
    );
    assert_refused(
        &["explore", "kayles", "--upto", "8", "--export", "python"],
        "",
        2,
        "no pattern to export",
    );
    assert_refused(
        &["explore", "wythoff", "--grid", "5,5", "--export", "python"],
        "",
        2,
        "--export writes the pattern of a line of values",
    );
}
