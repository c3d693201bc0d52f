//! The README's `console` blocks are run as written: each `$ ` line with `grundy` as built,
//! its output compared byte for byte with the lines that follow it.

use std::path::Path;
use std::process::Command;

#[test]
fn the_readme_shows_what_the_commands_print() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("the README");
    let binary = Path::new(env!("CARGO_BIN_EXE_grundy"));
    let path = format!(
        "{}:{}",
        binary.parent().expect("a folder").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut checked = 0;
    let mut blocks = readme.split("```console\n").skip(1);
    for block in blocks.by_ref() {
        let block = block.split("```").next().expect("a closed block");
        let mut lines = block.lines();
        let command = lines
            .next()
            .and_then(|l| l.strip_prefix("$ "))
            .expect("a block opens with a command");
        let expected: String = lines.map(|l| format!("{l}\n")).collect();
        let out = Command::new("sh")
            .arg("-c")
            .arg(command)
            .current_dir(&root)
            .env("PATH", &path)
            .output()
            .expect("sh runs");
        assert!(out.status.success(), "{command}: {:?}", out);
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "{command}");
        checked += 1;
    }
    assert!(checked >= 3, "only {checked} console blocks");
}
