//! Nim multiplication from the command line: `nim-multiply`, `nim-inverse`, `nim-power`.

use crate::{assert_refused, run_ok};

fn nimber(args: &[&str]) -> u64 {
    let out = run_ok(args, "");
    assert!(out.ends_with('\n') && out.lines().count() == 1, "{out:?}");
    out.trim().parse().expect("one number")
}

#[test]
fn nim_products_inverses_and_powers_are_printed_one_a_line() {
    // Rows 2 and 3 of the nim multiplication table (On Numbers and Games, ch. 6).
    let row2: Vec<u64> = (0..8)
        .map(|b| nimber(&["nim-multiply", "2", &b.to_string()]))
        .collect();
    assert_eq!(row2, [0, 2, 3, 1, 8, 10, 11, 9]);
    assert_eq!(nimber(&["nim-multiply", "*3", "0x3"]), 2);
    // A Fermat 2-power squares to three halves of itself, 2^32 as 16 does.
    assert_eq!(nimber(&["nim-multiply", "16", "16"]), 24);
    assert_eq!(
        nimber(&["nim-multiply", "4294967296", "0x100000000"]),
        (1 << 32) | (1 << 31)
    );
    let big = u64::MAX.to_string();
    let inverse = nimber(&["nim-inverse", &big]);
    assert_eq!(nimber(&["nim-multiply", &big, &inverse.to_string()]), 1);
    assert_eq!(nimber(&["nim-inverse", "2"]), 3);
    // x^(2^64 − 1) = 1 for every nonzero x; x^0 = 1.
    assert_eq!(nimber(&["nim-power", "123456789", &big]), 1);
    assert_eq!(nimber(&["nim-power", "0", "0"]), 1);
    assert_eq!(nimber(&["nim-power", "2", "3"]), 1);
}

#[test]
fn bad_nimbers_and_zero_inverses_are_refused_with_one_line() {
    assert_refused(&["nim-inverse", "0"], "", 2, "0 has no inverse");
    assert_refused(
        &["nim-multiply", "2", "18446744073709551616"],
        "",
        2,
        "expected a nimber below 2^64 (like 12, *12 or 0xc), found '18446744073709551616'",
    );
    assert_refused(&["nim-multiply", "2"], "", 2, "<B>");
    assert_refused(&["nim-power", "2", "-1"], "", 2, "error:");
    assert_refused(&["nim-inverse", "two"], "", 2, "found 'two'");
}
