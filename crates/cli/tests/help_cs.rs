//! The help in Czech (issue 18): `--help` reads the catalogue's `help-*`
//! messages in the language `--lang`, `GRIMOIRE_LANG` or the locale
//! (`LC_ALL`, `LANG`) asks for; English stays as it was.

mod common;

use common::Session;

fn stdout(out: std::process::Output) -> String {
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn help_speaks_the_language_asked_for() {
    let s = Session::new();
    let cs = stdout(s.cmd().args(["--lang", "cs", "--help"]).output().unwrap());
    assert!(cs.contains("Příkazy:"), "{cs}");
    assert!(
        cs.contains("cast         Sešle kouzlo: ověří, utratí, hodí"),
        "{cs}"
    );
    assert!(cs.contains("  -h, --help          Vypíše nápovědu"), "{cs}");
    assert!(cs.contains("Návratové kódy: 0 hotovo"), "{cs}");
    let en = stdout(s.cmd().arg("--help").output().unwrap());
    assert!(en.contains("Commands:"), "{en}");
    assert!(
        en.contains("cast         Cast a spell: validates, spends, rolls"),
        "{en}"
    );
    assert!(
        en.contains("  -h, --help          Print help\n  -V, --version"),
        "{en}"
    );
    assert!(en.contains("Exit codes: 0 done, 1 refused"), "{en}");
}

#[test]
fn the_locale_picks_czech_unless_the_command_line_says_otherwise() {
    let s = Session::new();
    let cs = stdout(
        s.cmd()
            .env("LANG", "cs_CZ.UTF-8")
            .args(["cast", "--help"])
            .output()
            .unwrap(),
    );
    assert!(cs.starts_with("Sešle kouzlo"), "{cs}");
    assert!(cs.contains("Použití: grimoire cast"), "{cs}");
    let out = s
        .cmd()
        .env("LC_ALL", "cs_CZ.UTF-8")
        .args(["cast", "--bogus"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(e.starts_with("chyba: neznámý přepínač"), "{e}");
    let en = stdout(
        s.cmd()
            .env("LANG", "cs_CZ.UTF-8")
            .args(["--lang", "en", "cast", "--help"])
            .output()
            .unwrap(),
    );
    assert!(en.starts_with("Cast a spell"), "{en}");
    // A locale the catalogue has no language for is English.
    let de = stdout(
        s.cmd()
            .env("LANG", "de_DE.UTF-8")
            .arg("--help")
            .output()
            .unwrap(),
    );
    assert!(de.contains("Commands:"), "{de}");
}

#[test]
fn every_subcommand_helps_in_czech() {
    let s = Session::new();
    let cast = stdout(
        s.cmd()
            .args(["--lang", "cs", "cast", "--help"])
            .output()
            .unwrap(),
    );
    assert!(cast.contains("Argumenty:"), "{cast}");
    assert!(
        cast.contains("Seslat jako rituál: bez pozice, +10 minut (R5b)"),
        "{cast}"
    );
    assert!(cast.contains("Příklady:\n  grimoire cast Elmira"), "{cast}");
    assert!(!cast.contains("Cast as a ritual"), "{cast}");
    let new = stdout(
        s.cmd()
            .env("LANG", "cs_CZ.UTF-8")
            .args(["character", "new", "--help"])
            .output()
            .unwrap(),
    );
    assert!(
        new.starts_with("Vytvoří postavu s plnými pozicemi"),
        "{new}"
    );
    assert!(new.contains("Hodnoty vlastností"), "{new}");
    let character = stdout(
        s.cmd()
            .args(["--lang", "cs", "character", "--help"])
            .output()
            .unwrap(),
    );
    assert!(character.contains("Vypíše všechny postavy"), "{character}");
    // clap's own `help` subcommand too.
    assert!(
        character.contains("help    Vypíše tuto zprávu nebo nápovědu daných podpříkazů"),
        "{character}"
    );
    let start = stdout(
        s.cmd()
            .args(["--lang", "cs", "encounter", "start", "--help"])
            .output()
            .unwrap(),
    );
    assert!(
        start.contains("Začne 1. kolo nejvyšší iniciativou"),
        "{start}"
    );
    assert!(
        start.contains("Příklad:\n  grimoire encounter start Cave"),
        "{start}"
    );
    // English is as it was.
    let en = stdout(s.cmd().args(["cast", "--help"]).output().unwrap());
    assert!(
        en.contains("Cast as a ritual: no slot, +10 minutes (R5b)"),
        "{en}"
    );
    assert!(en.contains("Examples:\n  grimoire cast Elmira"), "{en}");
}

#[test]
fn an_unknown_language_is_refused_with_the_known_ones() {
    let s = Session::new();
    let out = s.cmd().args(["--lang", "xx", "spells"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(
        e.contains("unknown language \"xx\" (one of: en, cs)"),
        "{e}"
    );
    // Under a Czech locale the refusal is Czech.
    let out = s
        .cmd()
        .env("LANG", "cs_CZ.UTF-8")
        .env("GRIMOIRE_LANG", "xx")
        .arg("spells")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(e.contains("neznámý jazyk „xx“ (jeden z: en, cs)"), "{e}");
    // With --json the refusal is JSON, like every usage error.
    let out = s
        .cmd()
        .args(["--json", "--lang", "de", "spells"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["error"]["code"], "usage");
}

#[test]
fn the_locale_sets_the_output_language_too() {
    let s = Session::new();
    let out = s
        .cmd()
        .env("LC_ALL", "cs_CZ.UTF-8")
        .args(["roll", "2d6", "--stats"])
        .output()
        .unwrap();
    let cs = stdout(out);
    assert!(cs.contains("průměr"), "{cs}");
    let en = stdout(s.cmd().args(["roll", "2d6", "--stats"]).output().unwrap());
    assert!(en.contains("mean"), "{en}");
    let flag = stdout(
        s.cmd()
            .args(["--lang", "cs", "roll", "2d6", "--stats"])
            .output()
            .unwrap(),
    );
    assert_eq!(cs, flag);
}
