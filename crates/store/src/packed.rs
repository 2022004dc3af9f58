//! The change log's compact forms (migration 6, issue 38): what a write
//! changed instead of a copy of the whole state, and a change's events
//! compressed.
//!
//! - **States.** A log row stores its state after either as plain JSON
//!   (`state_after_json`, as every row did before migration 6) or, when
//!   the state before is known, as a *delta* (`state_packed`): the state
//!   after compressed with zlib with the state before (the entity's
//!   previous row's state after) as the preset dictionary. A cast changes
//!   a few numbers of a 700-byte state; its delta takes about 40 bytes.
//!   zlib's header names the dictionary by its Adler-32 sum and its
//!   trailer checks what came out, so a delta decoded on any other base,
//!   or damaged, fails instead of giving another state.
//! - **Keyframes.** A row whose `seq` is a multiple of [`KEYFRAME_EVERY`]
//!   (and a creation, or any write whose state before the writer did not
//!   have) stores plain JSON, so an entity's state after any row is its
//!   newest plain row at or before it plus fewer than [`KEYFRAME_EVERY`]
//!   deltas ([`resolve`]): undo and a log page read a bounded window.
//! - **Events.** A change's events of [`PACK_EVENTS_FROM`] bytes or more
//!   are stored compressed (`changes.events_packed`, `events_json` left
//!   empty): a cast's kilobyte of events takes under 400 bytes.
//!
//! zlib (through `flate2` on its `zlib-rs` backend, pure Rust): a preset
//! dictionary is what makes a delta of a few dozen bytes out of one
//! general compressor, with the checksums above; the `miniz_oxide`
//! backend the server already used for gzip has no dictionaries.

use std::cell::RefCell;

use flate2::{Compress, Compression, Decompress, FlushCompress, FlushDecompress, Status};

use crate::error::{Result, StoreError};

/// A log row with `seq % KEYFRAME_EVERY == 0` stores its state in plain
/// JSON: the longest run of deltas is `KEYFRAME_EVERY - 1`.
pub(crate) const KEYFRAME_EVERY: u64 = 32;

/// Events shorter than this stay plain: compressing a turn's hundred
/// bytes saves nothing worth a decompression.
pub(crate) const PACK_EVENTS_FROM: usize = 256;

/// The most a packed value may decode to: the bound of a whole change
/// (see [`crate::Change`]), so a damaged row cannot take unbounded memory.
const MAX_DECODED: usize = 8 << 20;

/// Whether log row `seq` may store its state as a delta on the previous
/// row's (otherwise it is a keyframe).
pub(crate) fn delta_allowed(seq: u64) -> bool {
    seq % KEYFRAME_EVERY != 0
}

// Level 6, zlib's default. Level 1 is zlib-rs's quick mode (static
// Huffman codes only): a cast's events took 485 bytes instead of 380,
// and `bench/load` measured 1,168 bytes a cast instead of 1,050, for
// 16 µs less per commit (`commit_cast_with_events_memory`, 38 against
// 54 µs; 24 µs before migration 6). Levels 2 to 6 took the same time.
thread_local! {
    static DEFLATE: RefCell<Compress> = RefCell::new(Compress::new(Compression::new(6), true));
    static INFLATE: RefCell<Decompress> = RefCell::new(Decompress::new(true));
}

/// `text` compressed in zlib's format, with `dictionary` preset when given.
pub(crate) fn deflate(text: &str, dictionary: Option<&str>) -> Vec<u8> {
    DEFLATE.with(|d| {
        let mut d = d.borrow_mut();
        d.reset();
        if let Some(dict) = dictionary {
            // Only fails on a stream already started; this one was reset.
            d.set_dictionary(dict.as_bytes()).expect("a fresh stream");
        }
        let input = text.as_bytes();
        let mut out = Vec::with_capacity(input.len() / 2 + 64);
        loop {
            let read = d.total_in() as usize;
            out.reserve(input.len().saturating_sub(read) / 2 + 64);
            let status = d
                .compress_vec(&input[read..], &mut out, FlushCompress::Finish)
                .expect("deflate of a complete input");
            if status == Status::StreamEnd {
                return out;
            }
        }
    })
}

/// What [`deflate`] made of a text, given the same dictionary.
pub(crate) fn inflate(packed: &[u8], dictionary: Option<&str>) -> Result<String> {
    INFLATE.with(|d| {
        let mut d = d.borrow_mut();
        d.reset(true);
        let mut out: Vec<u8> = Vec::with_capacity(packed.len() * 4 + 64);
        loop {
            if out.len() == out.capacity() {
                if out.len() >= MAX_DECODED {
                    return Err(corrupt("it decodes to more than a change may hold"));
                }
                out.reserve(out.len().max(256));
            }
            let (read, written) = (d.total_in(), d.total_out());
            match d.decompress_vec(&packed[read as usize..], &mut out, FlushDecompress::Finish) {
                Ok(Status::StreamEnd) => break,
                Ok(_) if (read, written) == (d.total_in(), d.total_out()) => {
                    return Err(corrupt("it ends early"));
                }
                Ok(_) => {}
                Err(e) if e.needs_dictionary().is_some() => {
                    let dict = dictionary.ok_or_else(|| corrupt("it needs a state before"))?;
                    d.set_dictionary(dict.as_bytes())
                        .map_err(|_| corrupt("it was made on another state before"))?;
                }
                Err(_) => return Err(corrupt("its data is damaged")),
            }
        }
        String::from_utf8(out).map_err(|_| corrupt("it is not text"))
    })
}

/// The error for a packed value that does not decode.
fn corrupt(why: &str) -> StoreError {
    StoreError::Decode {
        kind: "log".into(),
        name: "packed".into(),
        source: serde_json::Error::io(std::io::Error::other(format!(
            "a compressed log value does not decode: {why}"
        ))),
    }
}

/// A change's events as stored: `(events_json, events_packed)`, the
/// text left empty when packed.
pub(crate) fn pack_events(events: &str) -> (&str, Option<Vec<u8>>) {
    if events.len() < PACK_EVENTS_FROM {
        return (events, None);
    }
    ("", Some(deflate(events, None)))
}

/// A change's events from its stored columns.
pub(crate) fn unpack_events(plain: String, packed: Option<Vec<u8>>) -> Result<String> {
    match packed {
        Some(p) => inflate(&p, None),
        None => Ok(plain),
    }
}

/// A log row's state after as stored: plain, a delta on the previous
/// row's, or neither (the entity does not exist after it).
pub(crate) struct StoredState {
    pub(crate) seq: u64,
    pub(crate) plain: Option<String>,
    pub(crate) packed: Option<Vec<u8>>,
}

/// The states after a run of one entity's log rows (ascending `seq`,
/// each the next of the one before, the first not a delta), in order.
pub(crate) fn resolve(rows: Vec<StoredState>) -> Result<Vec<(u64, Option<String>)>> {
    let mut out = Vec::with_capacity(rows.len());
    each_state(&rows, |seq, state| {
        out.push((seq, state.map(str::to_owned)))
    })?;
    Ok(out)
}

/// Calls `visit` with each row's `seq` and state after, in order (see
/// [`resolve`]), holding one state at a time.
pub(crate) fn each_state(
    rows: &[StoredState],
    mut visit: impl FnMut(u64, Option<&str>),
) -> Result<()> {
    let mut last: Option<(u64, Option<String>)> = None;
    for row in rows {
        let state = match (&row.plain, &row.packed) {
            (_, Some(delta)) => {
                let base = match &last {
                    Some((seq, Some(base))) if *seq + 1 == row.seq => base.as_str(),
                    _ => return Err(corrupt("the state before it is missing")),
                };
                Some(inflate(delta, Some(base))?)
            }
            (plain, None) => plain.clone(),
        };
        visit(row.seq, state.as_deref());
        last = Some((row.seq, state));
    }
    Ok(())
}

/// What a write stores as its state after: `(plain, delta)`. A delta
/// needs the state before (`base`) and a row that is not a keyframe.
pub(crate) fn pack_state<'a>(
    seq: u64,
    base: Option<&str>,
    after: Option<&'a str>,
) -> (Option<&'a str>, Option<Vec<u8>>) {
    match (after, base) {
        (Some(after), Some(base)) if delta_allowed(seq) => (None, Some(deflate(after, Some(base)))),
        (after, _) => (after, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_delta_decodes_only_on_its_own_base() {
        let before = r#"{"slots":[4,3,3],"turn":{"action_used":false}}"#;
        let after = r#"{"slots":[3,3,3],"turn":{"action_used":true}}"#;
        let delta = deflate(after, Some(before));
        assert_eq!(inflate(&delta, Some(before)).unwrap(), after);
        assert!(inflate(&delta, Some(after)).is_err(), "another base");
        assert!(inflate(&delta, None).is_err(), "no base");
        let mut damaged = delta.clone();
        let last = damaged.len() - 1;
        damaged[last] ^= 1;
        assert!(inflate(&damaged, Some(before)).is_err(), "checksum");
    }

    #[test]
    fn a_run_resolves_from_its_keyframe() {
        let states = ["1", "[1,2]", "[1,2,3]"];
        let rows = vec![
            StoredState {
                seq: 5,
                plain: Some(states[0].into()),
                packed: None,
            },
            StoredState {
                seq: 6,
                plain: None,
                packed: Some(deflate(states[1], Some(states[0]))),
            },
            StoredState {
                seq: 7,
                plain: None,
                packed: Some(deflate(states[2], Some(states[1]))),
            },
            StoredState {
                seq: 8,
                plain: None,
                packed: None,
            },
        ];
        let got = resolve(rows).unwrap();
        assert_eq!(
            got,
            vec![
                (5, Some("1".into())),
                (6, Some("[1,2]".into())),
                (7, Some("[1,2,3]".into())),
                (8, None)
            ]
        );
    }

    #[test]
    fn large_events_pack_and_small_stay_plain() {
        let big = format!("[{}]", vec![r#"{"event":"slot_expended"}"#; 40].join(","));
        let (text, packed) = pack_events(&big);
        assert_eq!(text, "");
        assert!(packed.as_ref().unwrap().len() < big.len() / 4);
        assert_eq!(unpack_events(text.into(), packed).unwrap(), big);
        assert_eq!(pack_events("[]"), ("[]", None));
    }

    #[test]
    fn keyframes_come_every_so_often() {
        assert!(!delta_allowed(KEYFRAME_EVERY));
        assert!(delta_allowed(KEYFRAME_EVERY + 1));
        assert_eq!(
            pack_state(KEYFRAME_EVERY, Some("1"), Some("2")),
            (Some("2"), None)
        );
        assert_eq!(pack_state(3, None, Some("2")), (Some("2"), None));
        assert_eq!(pack_state(3, Some("1"), None), (None, None));
        let (plain, delta) = pack_state(3, Some("1"), Some("2"));
        assert_eq!(plain, None);
        assert_eq!(inflate(&delta.unwrap(), Some("1")).unwrap(), "2");
    }
}
