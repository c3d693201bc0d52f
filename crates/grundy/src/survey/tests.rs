use super::*;
use crate::solve::heap::{Unwatched, certificate};

/// The values of heaps 0..=upto by the plain loop, every option of every heap.
fn plain(game: &TakeBreak, upto: u64) -> Vec<u32> {
    heap::compute(
        game,
        upto,
        Method::Loop,
        None,
        &mut Unwatched,
        work::UNLIMITED,
    )
    .unwrap()
    .values
    .to_u32()
}

/// Stops the work at the n-th tick.
struct StopAt(usize);

impl Watch for StopAt {
    fn tick(&mut self, _: ValuesRef<'_>) -> bool {
        self.0 = self.0.saturating_sub(1);
        self.0 > 0
    }
}

fn options(upto: u64, dir: Option<&Path>, time_limit: Option<Duration>) -> Options {
    Options {
        upto,
        dir: dir.map(Path::to_path_buf),
        time_limit,
        threads: Some(2),
    }
}

#[test]
fn codes_and_names_are_read_and_other_games_refused() {
    for (code, name) in [
        ("0.004", "octal:0.004"),
        (".004", "octal:0.004"),
        ("4.007", "octal:4.007"),
        (".6", "octal:0.6"),
        ("octal:0.6", "octal:0.6"),
        ("kayles", "octal:0.77"),
        ("grundy-game", "grundy-game"),
        ("hex:0.3f", "hex:0.3F"),
    ] {
        assert_eq!(game(code).unwrap().name(), name, "{code}");
    }
    for code in [
        "nim",
        "cram",
        "subtraction:1,2",
        "0.8",
        "0.x",
        "script:a.rhai",
        "wat",
    ] {
        assert!(
            matches!(game(code), Err(SurveyError::Input(_))),
            "{code} accepted"
        );
    }
}

#[test]
fn a_record_tells_the_plain_loops_values() {
    for code in ["0.6", "0.16", "0.137", "4.007", "grundy-game", "0.004"] {
        let g = game(code).unwrap();
        let upto = 3000;
        let record = run_one(&g, &options(upto, None, None), &mut Unwatched).unwrap();
        let values = plain(&g, upto);
        let max = *values.iter().max().unwrap();
        assert_eq!(record.largest, max, "{code}");
        assert_eq!(
            record.largest_at,
            values.iter().position(|&v| v == max).unwrap() as u64,
            "{code}"
        );
        match g.proven_period(&values) {
            Some(p) => {
                assert_eq!(record.outcome, Outcome::Period, "{code}");
                // The engine may prove it from fewer heaps; the period is the same.
                assert_eq!(record.period, Some(p.period as u64), "{code}");
                assert_eq!(record.preperiod, Some(p.preperiod as u64), "{code}");
            }
            None => {
                assert_eq!(record.outcome, Outcome::Reached, "{code}");
                assert_eq!(record.computed, upto + 1, "{code}");
            }
        }
        // Every heap listed as rare is among those computed, and its value is listed.
        if let (Some(last), Some(rare_values)) = (record.last_rare, &record.rare_values) {
            assert!(last < record.computed, "{code}");
            assert!(rare_values.contains(&values[last as usize]), "{code}");
            assert!(record.rare_heaps.unwrap() >= 1);
        }
    }
}

/// What makes the rare heaps rare, checked from the definition with no engine: tag heap a
/// as 2·g(a) + (a mod 2); for a split whose take has parity d, no two common heaps' tags
/// XOR to a common heap's tag XOR d. (So two common heaps never reach a common heap's
/// value: a value's candidates are found among the pairs with a rare heap.)
#[test]
fn no_two_common_tags_xor_to_a_common_tag() {
    for code in ["0.6", "0.16", "0.56", "0.004", "0.14", "grundy-game"] {
        let g = game(code).unwrap();
        let values = plain(&g, 3000);
        let narrow: Vec<u16> = values.iter().map(|&v| v as u16).collect();
        let rare = rare_heaps(&g, Values::Narrow(narrow.clone())).unwrap();
        let heaps = Sparse::resume(g.digits(), g.unequal(), narrow)
            .rare_heaps()
            .unwrap();
        assert_eq!(rare.heaps, heaps.len() as u64, "{code}");
        assert_eq!(rare.last, heaps.last().map(|&a| a as u64), "{code}");
        let mut is_rare = vec![false; values.len()];
        for &a in &heaps {
            is_rare[a] = true;
        }
        let tag = |a: usize| 2 * values[a] as usize + (a & 1);
        let mut common = std::collections::BTreeSet::new();
        for a in (1..values.len()).filter(|&a| !is_rare[a]) {
            common.insert(tag(a));
        }
        assert!(
            values.len() - 1 - heaps.len() > heaps.len(),
            "{code}: the split is sparse"
        );
        let parities: std::collections::BTreeSet<usize> = (0..g.digits().len())
            .filter(|&k| g.digits()[k] & 4 != 0)
            .map(|k| k % 2)
            .collect();
        for &d in &parities {
            for &s in &common {
                for &t in &common {
                    assert!(
                        !common.contains(&(s ^ t ^ d)),
                        "{code}: common tags {s} and {t} XOR to common tag {} ^ {d}",
                        s ^ t ^ d
                    );
                }
            }
        }
    }
}

#[test]
fn a_record_of_values_from_elsewhere_reads_them_alone() {
    // The values of Grundy's game from the plain loop, as another engine would give them:
    // the largest value and its first heap agree with the survey's own record; no period
    // or split is claimed without the rule.
    let g = game("grundy-game").unwrap();
    let values = plain(&g, 2000);
    let own = run_one(&g, &options(2000, None, None), &mut Unwatched).unwrap();
    let record = Record::of_values("mine".into(), 2000, &values, 0.5, None);
    assert_eq!(record.outcome, Outcome::Reached);
    assert_eq!(
        (record.largest, record.largest_at),
        (own.largest, own.largest_at)
    );
    assert_eq!(record.computed, 2001);
    assert_eq!((record.period, record.rare_heaps), (None, None));
    // Cut short by a time limit: the largest among the heaps there.
    let short = Record::of_values("mine".into(), 2000, &values[..10], 0.5, Some(1.0));
    assert_eq!(short.outcome, Outcome::TimeLimit);
    let max = *values[..10].iter().max().unwrap();
    assert_eq!(short.largest, max);
    assert_eq!(values[short.largest_at as usize], max);
    assert_eq!(short.computed, 10);
}

#[test]
fn a_time_limit_leaves_a_checkpoint_the_next_run_goes_on_from() {
    let dir = tempfile::tempdir().unwrap();
    let g = game("0.6").unwrap();
    let upto = 60_000;
    let first = run_one(
        &g,
        &options(upto, Some(dir.path()), Some(Duration::ZERO)),
        &mut Unwatched,
    )
    .unwrap();
    assert_eq!(first.outcome, Outcome::TimeLimit);
    assert!(first.computed > 0 && first.computed <= upto);
    assert!(checkpoint_path(dir.path(), &g).exists());
    assert!(!first.settles(
        &g,
        &options(upto, Some(dir.path()), Some(Duration::from_secs(1)))
    ));
    assert!(first.settles(&g, &options(upto, Some(dir.path()), Some(Duration::ZERO))));

    let second = run_one(&g, &options(upto, Some(dir.path()), None), &mut Unwatched).unwrap();
    assert_eq!(second.resumed_from, first.computed);
    assert_eq!(second.outcome, Outcome::Reached);
    assert!(second.settles(&g, &options(upto, None, None)));
    let values = plain(&g, upto);
    let saved = checkpoint::load(&checkpoint_path(dir.path(), &g), &g)
        .unwrap()
        .unwrap();
    assert_eq!(saved.to_u32(), values);
    assert_eq!(second.largest, *values.iter().max().unwrap());
}

#[test]
fn a_stop_saves_the_values_and_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let g = game("0.16").unwrap();
    let err = run_one(
        &g,
        &options(200_000, Some(dir.path()), None),
        &mut StopAt(5),
    )
    .unwrap_err();
    let SurveyError::Stopped { heap, saved, .. } = err else {
        panic!("not stopped: {err}");
    };
    assert_eq!(
        saved.as_deref(),
        Some(checkpoint_path(dir.path(), &g).as_path())
    );
    let kept = checkpoint::load(&checkpoint_path(dir.path(), &g), &g)
        .unwrap()
        .unwrap();
    assert_eq!(kept.len() as u64, heap);
    assert_eq!(kept.to_u32(), plain(&g, heap - 1));
}

#[test]
fn a_proved_period_leaves_a_certificate_that_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let g = game("0.127").unwrap();
    let record = run_one(
        &g,
        &options(1 << 20, Some(dir.path()), None),
        &mut Unwatched,
    )
    .unwrap();
    assert_eq!(record.outcome, Outcome::Period);
    let name = record.certificate.as_deref().unwrap();
    let text = std::fs::read_to_string(dir.path().join(name)).unwrap();
    let cert = certificate::parse(&text).unwrap();
    assert_eq!(cert.period, record.period.unwrap());
    assert_eq!(cert.preperiod, record.preperiod.unwrap());
    certificate::verify(&cert, &mut Unwatched, work::UNLIMITED).unwrap();
}

#[test]
fn the_journal_keeps_records_and_refuses_a_bad_line() {
    let dir = tempfile::tempdir().unwrap();
    assert!(load_journal(dir.path()).unwrap().is_empty());
    let mut records = Vec::new();
    for code in ["0.07", "0.6"] {
        let g = game(code).unwrap();
        let r = run_one(&g, &options(500, None, None), &mut Unwatched).unwrap();
        append(dir.path(), &r).unwrap();
        records.push(r);
    }
    assert_eq!(load_journal(dir.path()).unwrap(), records);
    let path = dir.path().join(JOURNAL);
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("{\"game\": 3}\n");
    std::fs::write(&path, text).unwrap();
    let err = load_journal(dir.path()).unwrap_err().to_string();
    assert!(err.contains("survey.jsonl:3:"), "{err}");
}

#[test]
fn a_torn_last_line_is_dropped_and_cut_off_by_the_next_record() {
    let dir = tempfile::tempdir().unwrap();
    let g = game("0.6").unwrap();
    let first = run_one(&g, &options(300, None, None), &mut Unwatched).unwrap();
    let second = run_one(
        &game("0.07").unwrap(),
        &options(300, None, None),
        &mut Unwatched,
    )
    .unwrap();
    append(dir.path(), &first).unwrap();
    let path = dir.path().join(JOURNAL);
    // Killed half-way through appending the second record.
    let whole = serde_json::to_string(&second).unwrap();
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str(&whole[..whole.len() / 2]);
    std::fs::write(&path, &text).unwrap();
    assert_eq!(load_journal(dir.path()).unwrap(), vec![first.clone()]);
    // The next run's record replaces the torn line: every later run reads the journal.
    append(dir.path(), &second).unwrap();
    assert_eq!(
        load_journal(dir.path()).unwrap(),
        vec![first.clone(), second.clone()]
    );
    append(dir.path(), &first).unwrap();
    assert_eq!(load_journal(dir.path()).unwrap().len(), 3);
    // A torn line and nothing else.
    std::fs::write(&path, &whole[..10]).unwrap();
    assert!(load_journal(dir.path()).unwrap().is_empty());
    append(dir.path(), &second).unwrap();
    assert_eq!(load_journal(dir.path()).unwrap(), vec![second]);
}

#[cfg(unix)]
#[test]
fn a_journal_that_is_no_file_or_past_its_limit_is_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(JOURNAL);
    // A FIFO would block a read for ever; a device never ends.
    rustix::fs::mknodat(
        rustix::fs::CWD,
        &path,
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o600),
        0,
    )
    .unwrap();
    let err = load_journal(dir.path()).unwrap_err().to_string();
    assert!(err.contains("a FIFO, not a regular file"), "{err}");
    std::fs::remove_file(&path).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
    let err = load_journal(dir.path()).unwrap_err().to_string();
    assert!(err.contains("not a regular file"), "{err}");
    std::fs::remove_file(&path).unwrap();
    // Sparse: 4 GB long, no block written, refused by its size alone.
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(4 << 30).unwrap();
    let err = load_journal(dir.path()).unwrap_err().to_string();
    assert!(
        err.contains(&format!("larger than the {MAX_JOURNAL} bytes")),
        "{err}"
    );
}

#[test]
fn a_record_settles_only_its_own_question() {
    let g = game("0.6").unwrap();
    let r = run_one(&g, &options(500, None, None), &mut Unwatched).unwrap();
    assert_eq!(r.outcome, Outcome::Reached);
    assert!(r.settles(&g, &options(500, None, Some(Duration::from_secs(9)))));
    assert!(!r.settles(&g, &options(501, None, None)));
    assert!(!r.settles(&game("0.16").unwrap(), &options(500, None, None)));
}

#[test]
fn file_stems_are_plain() {
    assert_eq!(file_stem(&game("0.6").unwrap()), "octal_0.6");
    assert_eq!(file_stem(&game("grundy-game").unwrap()), "grundy-game");
    let long = format!("0.{}", "7".repeat(300));
    let stem = file_stem(&game(&long).unwrap());
    assert!(stem.len() < 80 && stem.starts_with("octal_0.777"), "{stem}");
}
