//! Issue 30, finding 9: `grimoire mcp` ran one child process per call
//! with no cap, so fifty calls at once were forty-six processes. Replayed
//! through the MCP SDK's own client: fifty calls at once all answer, and
//! since issue 32 the server starts no process at all: every call runs in
//! it (at most four at once, `runner`'s own tests hold that cap).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

mod mcp_client;

use mcp_client::{answer, start_with_pid};

use serde_json::json;

/// How many live processes have `parent` as their parent (`/proc`).
fn children(parent: u32) -> usize {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0;
    };
    dir.filter_map(Result::ok)
        .filter_map(|e| std::fs::read_to_string(e.path().join("stat")).ok())
        .filter(|stat| {
            // pid (comm) state ppid ...: the comm may hold spaces.
            stat.rfind(')')
                .and_then(|i| stat[i + 1..].split_whitespace().nth(1))
                .and_then(|ppid| ppid.parse::<u32>().ok())
                == Some(parent)
        })
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_calls_at_once_all_answer_and_start_no_process() {
    let dir = tempfile::tempdir().unwrap();
    let (client, pid) = start_with_pid(&dir.path().join("g.sqlite3"), &[]).await;
    let client = Arc::new(client);
    let done = Arc::new(AtomicBool::new(false));
    let watcher = {
        let done = Arc::clone(&done);
        std::thread::spawn(move || {
            let mut most = 0;
            while !done.load(Ordering::SeqCst) {
                most = most.max(children(pid));
                std::thread::sleep(Duration::from_millis(1));
            }
            most
        })
    };
    let calls: Vec<_> = (0..50)
        .map(|_| {
            let client = Arc::clone(&client);
            tokio::spawn(
                async move { answer(&client, "spell_search", json!({"query": "fire"})).await },
            )
        })
        .collect();
    for call in calls {
        let answer = call.await.expect("an answer");
        assert_eq!(answer.is_error, Some(false), "{answer:?}");
    }
    done.store(true, Ordering::SeqCst);
    let most = watcher.join().unwrap();
    assert_eq!(most, 0, "{most} child processes ran");
}
