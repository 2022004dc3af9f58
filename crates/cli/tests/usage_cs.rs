//! clap's usage errors in Czech (issue 20): unknown flags and commands,
//! values out of range and missing arguments are worded in Czech with
//! `--lang cs` (or GRIMOIRE_LANG=cs), in the terminal and in `--json`,
//! exit code 2 as in English.

mod common;

use common::Session;

fn czech_stderr(s: &Session, args: &[&str]) -> String {
    let out = s.cmd().arg("--lang").arg("cs").args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn usage_errors_speak_czech() {
    let s = Session::new();
    let e = czech_stderr(&s, &["cast", "--bogus"]);
    assert!(
        e.starts_with("chyba: neznámý přepínač nebo argument „--bogus“"),
        "{e}"
    );
    assert!(e.contains("Použití: grimoire cast"), "{e}");
    let e = czech_stderr(&s, &["castt"]);
    assert!(e.contains("neznámý příkaz „castt“; nemysleli jste"), "{e}");
    let e = czech_stderr(&s, &["hp", "Mira", "--ac", "99"]);
    assert!(e.contains("neplatná hodnota „99“ pro --ac"), "{e}");
    assert!(e.contains("99 není v rozsahu 1 až 40"), "{e}");
    // The same through the environment, and in JSON.
    let out = s
        .cmd()
        .env("GRIMOIRE_LANG", "cs")
        .args(["--json", "rest", "--kind"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["error"]["code"], "usage");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("neznámý přepínač nebo argument „--kind“"),
        "{v}"
    );
    // English stays English.
    let out = s.cmd().args(["cast", "--bogus"]).output().unwrap();
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(e.contains("unexpected argument '--bogus'"), "{e}");
}
