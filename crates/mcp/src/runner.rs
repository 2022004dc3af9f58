//! Runs one `grimoire` command as a child process: an argv array (never a
//! shell), `--json`, the server's database, seed and the call's language,
//! with a time limit and a bound on what it may print.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncRead, AsyncReadExt};
use tokio::process::Command;

use crate::lang::Lang;

/// What a command came to.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Exit 0: the command's JSON.
    Done(Value),
    /// The command refused or could not run: an error object with `code`,
    /// `rule` and `message` (the CLI's own, or one made here).
    Refused(Value),
}

/// How to run the CLI for every tool call.
#[derive(Debug, Clone)]
pub struct Runner {
    /// The `grimoire` binary.
    pub exe: PathBuf,
    /// `--db` for every command; `None` leaves the CLI's own default
    /// (`GRIMOIRE_DB`, then the data directory).
    pub db: Option<PathBuf>,
    /// `--seed` for every command, so a session's dice can be replayed.
    pub seed: Option<u64>,
    /// How long one command may take.
    pub timeout: Duration,
    /// How many bytes one command may print.
    pub max_output: usize,
}

impl Runner {
    /// A runner with the default limits: 30 seconds, 2 MiB.
    pub fn new(exe: PathBuf, db: Option<PathBuf>, seed: Option<u64>) -> Self {
        Runner {
            exe,
            db,
            seed,
            timeout: Duration::from_secs(30),
            max_output: 2 << 20,
        }
    }

    /// The full argv after the program: `--json`, then `args`. The
    /// database, seed and language go in the environment instead
    /// ([`Runner::env`]), so the change log records the command as a person
    /// would have typed it.
    pub fn argv(&self, args: &[String]) -> Vec<String> {
        let mut argv = vec!["--json".to_owned()];
        argv.extend(args.iter().cloned());
        argv
    }

    /// The variables set for every command: the language, and the database
    /// and seed when the server was given them (the path as it is; it need
    /// not be UTF-8).
    pub fn env(&self, lang: Lang) -> Vec<(&'static str, OsString)> {
        let mut env = vec![("GRIMOIRE_LANG", OsString::from(lang.flag()))];
        if let Some(db) = &self.db {
            env.push(("GRIMOIRE_DB", db.clone().into_os_string()));
        }
        if let Some(seed) = self.seed {
            env.push(("GRIMOIRE_SEED", OsString::from(seed.to_string())));
        }
        env
    }

    /// Runs `grimoire --json <args>` and classifies the result.
    pub async fn run(&self, lang: Lang, args: &[String]) -> Outcome {
        let mut command = Command::new(&self.exe);
        command
            .args(self.argv(args))
            .envs(self.env(lang))
            // Which character is meant is always said in the arguments.
            .env_remove("GRIMOIRE_CHARACTER")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        let say = |id: &str, args: &[(&str, String)]| {
            grimoire_words::text(lang.flag(), id, args.iter().map(|(k, v)| (*k, v.clone())))
        };
        let mut child = match command.spawn() {
            Ok(child) => child,
            Err(err) => {
                return refused(
                    "internal",
                    say(
                        "mcp-run-cannot-start",
                        &[
                            ("exe", self.exe.display().to_string()),
                            ("error", err.to_string()),
                        ],
                    ),
                );
            }
        };
        let (Some(stdout), Some(stderr)) = (child.stdout.take(), child.stderr.take()) else {
            return refused("internal", say("mcp-run-no-output", &[]));
        };
        let limit = self.max_output;
        let work = async {
            let err = tokio::spawn(read_bounded(stderr, limit));
            let out = read_bounded(stdout, limit).await;
            if matches!(out, Ok((_, true))) {
                // It would block writing the rest: stop it.
                let _ = child.start_kill();
            }
            let status = child.wait().await;
            let err = err.await.ok().and_then(Result::ok);
            (out, err, status)
        };
        // On a timeout the child is dropped with `work`, and so killed.
        let Ok((out, err, status)) = tokio::time::timeout(self.timeout, work).await else {
            return refused(
                "timeout",
                say(
                    "mcp-run-timeout",
                    &[("seconds", self.timeout.as_secs().to_string())],
                ),
            );
        };
        let (out, overflow) = match out {
            Ok(read) => read,
            Err(e) => {
                return refused("internal", say("mcp-run-read", &[("error", e.to_string())]));
            }
        };
        if overflow {
            return refused(
                "output_too_large",
                say("mcp-run-too-large", &[("limit", limit.to_string())]),
            );
        }
        let code = status.ok().and_then(|s| s.code());
        let text = String::from_utf8_lossy(&out);
        let json: Option<Value> = serde_json::from_str(text.trim()).ok();
        match (code, json) {
            (Some(0), Some(value)) => Outcome::Done(value),
            (Some(0), None) => Outcome::Done(Value::String(text.trim().to_owned())),
            (_, Some(value)) if value["error"].is_object() => {
                Outcome::Refused(value["error"].clone())
            }
            (code, _) => {
                let stderr = err.map(|(e, _)| e).unwrap_or_default();
                let stderr = String::from_utf8_lossy(&stderr);
                let excerpt: String = stderr.trim().chars().take(500).collect();
                refused(
                    "internal",
                    say(
                        "mcp-run-failed",
                        &[("code", format!("{code:?}")), ("excerpt", excerpt)],
                    ),
                )
            }
        }
    }
}

/// An error object made here, in the CLI's shape.
pub fn refused(code: &str, message: impl Into<String>) -> Outcome {
    Outcome::Refused(serde_json::json!({
        "code": code,
        "rule": null,
        "message": message.into(),
    }))
}

/// Reads up to `limit` bytes; the flag says there was more (the rest is
/// not read, and the child is killed when dropped).
async fn read_bounded(
    reader: impl AsyncRead + Unpin,
    limit: usize,
) -> std::io::Result<(Vec<u8>, bool)> {
    let mut buf = Vec::new();
    let read = reader.take(limit as u64 + 1).read_to_end(&mut buf).await?;
    let overflow = read > limit;
    buf.truncate(limit);
    Ok((buf, overflow))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_first_and_the_rest_in_the_environment() {
        let r = Runner::new("grimoire".into(), Some("/tmp/x.db".into()), Some(7));
        assert_eq!(
            r.argv(&["options".into(), "Elmira".into()]),
            ["--json", "options", "Elmira"]
        );
        assert_eq!(
            r.env(Lang::CS),
            [
                ("GRIMOIRE_LANG", OsString::from("cs")),
                ("GRIMOIRE_DB", OsString::from("/tmp/x.db")),
                ("GRIMOIRE_SEED", OsString::from("7")),
            ]
        );
    }

    #[tokio::test]
    async fn reading_stops_at_the_limit() {
        let data: &[u8] = b"0123456789";
        assert_eq!(
            read_bounded(data, 20).await.unwrap(),
            (data.to_vec(), false)
        );
        let (buf, overflow) = read_bounded(data, 4).await.unwrap();
        assert_eq!((buf.as_slice(), overflow), (&b"0123"[..], true));
    }

    #[tokio::test]
    async fn a_missing_binary_is_an_internal_refusal() {
        let r = Runner::new("/nonexistent/grimoire".into(), None, None);
        let Outcome::Refused(e) = r.run(Lang::EN, &[]).await else {
            panic!("ran a missing binary");
        };
        assert_eq!(e["code"], "internal");
    }
}
