//! `grimoire roll`, driven through the real binary.

use assert_cmd::Command;
use serde_json::Value;

fn grimoire() -> Command {
    let mut cmd = Command::cargo_bin("grimoire").unwrap();
    cmd.env_remove("GRIMOIRE_DB")
        .env_remove("GRIMOIRE_LANG")
        .env_remove("GRIMOIRE_SEED")
        .env("NO_COLOR", "1");
    cmd
}

fn json(cmd: &mut Command) -> Value {
    let out = cmd.output().unwrap();
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)))
}

#[test]
fn seeded_roll_is_reproducible_and_shows_every_die() {
    let a = json(grimoire().args(["--json", "--seed", "42", "roll", "8d6"]));
    let b = json(
        grimoire()
            .args(["roll", "8d6", "--json"])
            .env("GRIMOIRE_SEED", "42"),
    );
    assert_eq!(a, b);
    let dice = a["dice"].as_array().unwrap();
    assert_eq!(dice.len(), 8);
    let sum: i64 = dice.iter().map(|d| d["value"].as_i64().unwrap()).sum();
    assert_eq!(a["total"].as_i64().unwrap(), sum);
    assert!(dice.iter().all(|d| d["sides"] == 6 && d["kept"] == true));
    assert_eq!(a["seed"], 42);
}

#[test]
fn human_roll_prints_breakdown_and_total() {
    let out = grimoire()
        .args(["--seed", "1", "roll", "1d20", "+", "5"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let first = text.lines().next().unwrap();
    assert!(first.starts_with("1d20 ["), "{first}");
    let total: i64 = first.rsplit("= ").next().unwrap().trim().parse().unwrap();
    assert!((6..=25).contains(&total));
}

#[test]
fn stats_are_exact() {
    let v = json(grimoire().args(["--json", "roll", "2d6", "--stats"]));
    assert_eq!((v["min"].as_i64(), v["max"].as_i64()), (Some(2), Some(12)));
    assert!((v["mean"].as_f64().unwrap() - 7.0).abs() < 1e-9);
    let seven = v["pmf"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["value"] == 7)
        .unwrap();
    assert!((seven["p"].as_f64().unwrap() - 6.0 / 36.0).abs() < 1e-12);
    let at_least_12 = v["at_least"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["value"] == 12)
        .unwrap();
    assert!((at_least_12["p"].as_f64().unwrap() - 1.0 / 36.0).abs() < 1e-12);
}

#[test]
fn human_stats_in_czech() {
    let out = grimoire()
        .args(["--lang", "cs", "roll", "3d6", "--stats"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("průměr 10.50"), "{text}");
    assert!(text.contains("≥ 18"), "{text}");
}

#[test]
fn bad_expression_is_a_usage_error_with_code() {
    let out = grimoire().args(["--json", "roll", "2x"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["error"]["code"], "dice_syntax");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("character")
    );

    let out = grimoire().args(["roll", "2x"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("(dice_syntax)")
    );
}

/// A dice error reads in the reader's language, from dice.ftl: the same
/// code, the English as the dice crate writes it.
#[test]
fn a_bad_expression_reads_in_the_chosen_language() {
    let message = |lang: &str| {
        let v = json(grimoire().args(["--json", "--lang", lang, "roll", "1d"]));
        assert_eq!(v["error"]["code"], "dice_syntax", "{v}");
        v["error"]["message"].as_str().unwrap().to_owned()
    };
    assert_eq!(
        message("en"),
        "dice syntax error at character 2: expected the number of sides or '%'"
    );
    assert_eq!(
        message("cs"),
        "chyba zápisu kostek na znaku 2: očekáváno počet stěn kostky nebo %"
    );
}

/// Issue 11: these once looped forever (`--stats`, overflowing thresholds)
/// or printed a saturated total with exit 0; now every part of an
/// expression is range-checked when it is parsed.
#[test]
fn overflowing_expressions_are_refused_with_a_code_not_rolled() {
    for expression in [
        "1000000000*1000000000*10",
        "1000000000*1000000000*1000000000",
    ] {
        for stats in [false, true] {
            let mut args = vec!["--json", "roll", expression];
            if stats {
                args.push("--stats");
            }
            let out = grimoire()
                .args(&args)
                .timeout(std::time::Duration::from_secs(20))
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2), "{expression} {stats}");
            let v: Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(v["error"]["code"], "dice_out_of_range", "{v}");
            let message = v["error"]["message"].as_str().unwrap();
            assert!(message.contains("1000000000000"), "{message}");
        }
    }
    // The largest allowed values still roll and give exact statistics.
    let v = json(grimoire().args(["--json", "roll", "1000000000*1000", "--stats"]));
    assert_eq!(v["min"], 1_000_000_000_000_i64, "{v}");
    assert_eq!(v["max"], 1_000_000_000_000_i64, "{v}");
    let v = json(grimoire().args(["--json", "roll", "1000000*100000+1d6", "--stats"]));
    assert_eq!(v["at_least"].as_array().unwrap().len(), 6, "{v}");
}

#[test]
fn unknown_command_with_json_is_a_json_usage_error() {
    let out = grimoire().args(["--json", "rol"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["error"]["code"], "usage");
}

#[test]
fn help_lists_examples() {
    let out = grimoire().args(["roll", "--help"]).output().unwrap();
    assert!(out.status.success());
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("grimoire roll 8d6")
    );
}
