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
