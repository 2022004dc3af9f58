//! Runs one `grimoire` command as a child process: an argv array (never a
//! shell), `--json`, the server's database, seed and the call's language,
//! with a time limit and a bound on what it may print.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncRead, AsyncReadExt};
use tokio::process::Command;
use tokio::sync::Semaphore;

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

/// Most commands run at once (issue 30, finding 9): each is a process of
/// its own, so fifty calls at once were forty-six processes. The rest
/// wait their turn, at most [`QUEUE_WAIT`].
pub const MAX_RUNNING: usize = 4;

/// Longest a call waits for one of the [`MAX_RUNNING`] places before it
/// is refused (`busy`).
pub const QUEUE_WAIT: Duration = Duration::from_secs(10);

/// The CLI run inside this process (issue 32): `grimoire mcp` gives the
/// runner one, so a tool call is a function call on one open store
/// instead of a child process. It answers the exit code (0 done, 1
/// refused, 2 usage) and what the command printed.
pub trait InProcess: Send + Sync + 'static {
    /// Runs `grimoire <args>` (the arguments after the program's name).
    fn run(&self, args: Vec<String>) -> (u8, Vec<u8>);
}

/// How to run the CLI for every tool call.
#[derive(Clone)]
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
    /// How long a call waits for a free place before it is refused.
    pub queue_wait: Duration,
    /// How many commands may run at once.
    max_running: usize,
    /// One permit per command running; shared by the runner's clones.
    running: Arc<Semaphore>,
    /// Runs commands in this process instead of as children.
    in_process: Option<Arc<dyn InProcess>>,
}

impl std::fmt::Debug for Runner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Runner")
            .field("exe", &self.exe)
            .field("db", &self.db)
            .field("seed", &self.seed)
            .field("in_process", &self.in_process.is_some())
            .finish_non_exhaustive()
    }
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
            queue_wait: QUEUE_WAIT,
            max_running: MAX_RUNNING,
            running: Arc::new(Semaphore::new(MAX_RUNNING)),
            in_process: None,
        }
    }

    /// The same runner answering every call in this process with `cli`
    /// (its store and dice are `cli`'s; `exe`, `db` and `seed` are then
    /// unused).
    #[must_use]
    pub fn in_process(mut self, cli: Arc<dyn InProcess>) -> Self {
        self.in_process = Some(cli);
        self
    }

    /// The same runner with at most `n` commands at once (at least one).
    #[must_use]
    pub fn with_max_running(mut self, n: usize) -> Self {
        self.max_running = n.max(1);
        self.running = Arc::new(Semaphore::new(self.max_running));
        self
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

    /// Runs `grimoire --json <args>` and classifies the result: once one
    /// of the [`MAX_RUNNING`] places is free, or refused `busy` when none
    /// frees within [`Runner::queue_wait`].
    pub async fn run(&self, lang: Lang, args: &[String]) -> Outcome {
        let say = |id: &str, args: &[(&str, String)]| {
            grimoire_words::text(lang.flag(), id, args.iter().map(|(k, v)| (*k, v.clone())))
        };
        // Held until the child has exited (it is killed on drop), so the
        // number of live children never passes the cap.
        let Ok(Ok(_place)) =
            tokio::time::timeout(self.queue_wait, Arc::clone(&self.running).acquire_owned()).await
        else {
            return refused(
                "busy",
                say(
                    "mcp-run-busy",
                    &[
                        ("max", self.max_running.to_string()),
                        ("seconds", self.queue_wait.as_secs().to_string()),
                    ],
                ),
            );
        };
        if let Some(cli) = &self.in_process {
            let cli = Arc::clone(cli);
            let mut argv = self.argv(args);
            argv.extend(["--lang".to_owned(), lang.flag().to_owned()]);
            // The place goes with the work: a call that timed out still
            // counts until its command has returned.
            let work = tokio::task::spawn_blocking(move || {
                let done = cli.run(argv);
                drop(_place);
                done
            });
            let Ok(done) = tokio::time::timeout(self.timeout, work).await else {
                return refused(
                    "timeout",
                    say(
                        "mcp-run-timeout",
                        &[("seconds", self.timeout.as_secs().to_string())],
                    ),
                );
            };
            let Ok((code, out)) = done else {
                return refused("internal", say("mcp-run-no-output", &[]));
            };
            if out.len() > self.max_output {
                return refused(
                    "output_too_large",
                    say(
                        "mcp-run-too-large",
                        &[("limit", self.max_output.to_string())],
                    ),
                );
            }
            return classify(Some(i32::from(code)), &out, String::new(), &say);
        }
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
        let stderr = err.map(|(e, _)| e).unwrap_or_default();
        let stderr = String::from_utf8_lossy(&stderr);
        let excerpt: String = stderr.trim().chars().take(500).collect();
        classify(code, &out, excerpt, &say)
    }
}

/// Words a message of `mcp.ftl` with its arguments, in the call's language.
type Say<'a> = &'a dyn Fn(&str, &[(&str, String)]) -> String;

/// What a command's exit code and output come to: its JSON when it ran,
/// its error object when it refused, an internal refusal naming the code
/// and `excerpt` (of its stderr) otherwise.
fn classify(code: Option<i32>, out: &[u8], excerpt: String, say: Say<'_>) -> Outcome {
    let text = String::from_utf8_lossy(out);
    let json: Option<Value> = serde_json::from_str(text.trim()).ok();
    match (code, json) {
        (Some(0), Some(value)) => Outcome::Done(value),
        (Some(0), None) => Outcome::Done(Value::String(text.trim().to_owned())),
        (_, Some(value)) if value["error"].is_object() => Outcome::Refused(value["error"].clone()),
        (code, _) => refused(
            "internal",
            say(
                "mcp-run-failed",
                &[("code", format!("{code:?}")), ("excerpt", excerpt)],
            ),
        ),
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

    /// A stand-in for the CLI that notes how many copies of it run at
    /// once (one file each in `dir` while it runs), then answers `{}`.
    fn counting_exe(dir: &std::path::Path, seconds: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let exe = dir.join("grimoire");
        let live = dir.join("live");
        std::fs::create_dir(&live).unwrap();
        let script = format!(
            "#!/bin/sh\ntouch {live}/$$\nls {live} | wc -l >> {dir}/counts\n\
             sleep {seconds}\nrm {live}/$$\necho '{{}}'\n",
            live = live.display(),
            dir = dir.display(),
        );
        std::fs::write(&exe, script).unwrap();
        std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).unwrap();
        exe
    }

    /// Issue 30, finding 9: fifty calls at once ran forty-six children.
    /// Now at most four run; the others wait their turn and all answer.
    #[tokio::test]
    async fn fifty_calls_at_once_never_run_more_than_four_children() {
        let dir = tempfile::tempdir().unwrap();
        let r = Arc::new(Runner::new(counting_exe(dir.path(), "0.1"), None, None));
        let calls: Vec<_> = (0..50)
            .map(|_| {
                let r = Arc::clone(&r);
                tokio::spawn(async move { r.run(Lang::EN, &[]).await })
            })
            .collect();
        for call in calls {
            assert_eq!(call.await.unwrap(), Outcome::Done(serde_json::json!({})));
        }
        let counts = std::fs::read_to_string(dir.path().join("counts")).unwrap();
        let counts: Vec<usize> = counts.lines().map(|l| l.trim().parse().unwrap()).collect();
        assert_eq!(counts.len(), 50);
        let most = counts.iter().max().copied().unwrap_or(0);
        assert!((2..=MAX_RUNNING).contains(&most), "{counts:?}");
    }

    #[tokio::test]
    async fn a_call_that_waits_too_long_is_refused_busy() {
        let dir = tempfile::tempdir().unwrap();
        let mut r = Runner::new(counting_exe(dir.path(), "1"), None, None).with_max_running(1);
        r.queue_wait = Duration::from_millis(100);
        let r = Arc::new(r);
        let first = {
            let r = Arc::clone(&r);
            tokio::spawn(async move { r.run(Lang::EN, &[]).await })
        };
        tokio::time::sleep(Duration::from_millis(200)).await;
        let Outcome::Refused(e) = r.run(Lang::CS, &[]).await else {
            panic!("a second command ran beside the first");
        };
        assert_eq!(e["code"], "busy", "{e}");
        assert!(e["message"].as_str().unwrap().contains('1'), "{e}");
        assert_eq!(first.await.unwrap(), Outcome::Done(serde_json::json!({})));
    }

    /// A stand-in for the embedded CLI that counts the calls running at
    /// once and answers `{}`.
    struct Counting {
        now: std::sync::atomic::AtomicUsize,
        most: std::sync::atomic::AtomicUsize,
    }

    impl InProcess for Counting {
        fn run(&self, _args: Vec<String>) -> (u8, Vec<u8>) {
            use std::sync::atomic::Ordering::SeqCst;
            let now = self.now.fetch_add(1, SeqCst) + 1;
            self.most.fetch_max(now, SeqCst);
            std::thread::sleep(Duration::from_millis(20));
            self.now.fetch_sub(1, SeqCst);
            (0, b"{}\n".to_vec())
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn fifty_calls_in_process_never_run_more_than_four_at_once() {
        let cli = Arc::new(Counting {
            now: 0.into(),
            most: 0.into(),
        });
        let r = Arc::new(Runner::new("unused".into(), None, None).in_process(cli.clone()));
        let calls: Vec<_> = (0..50)
            .map(|_| {
                let r = Arc::clone(&r);
                tokio::spawn(async move { r.run(Lang::EN, &[]).await })
            })
            .collect();
        for call in calls {
            assert_eq!(call.await.unwrap(), Outcome::Done(serde_json::json!({})));
        }
        let most = cli.most.load(std::sync::atomic::Ordering::SeqCst);
        assert!((2..=MAX_RUNNING).contains(&most), "{most} at once");
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
