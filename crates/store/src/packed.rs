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

/// Events shorter than this stay plain (`[]`, a single short event):
/// packing them saves nothing. Since migration 8 a turn's hundred bytes
/// pack, on a dictionary, to a few dozen.
pub(crate) const PACK_EVENTS_FROM: usize = 32;

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
    inflate_on(packed, |_| {
        dictionary
            .map(str::as_bytes)
            .ok_or_else(|| corrupt("it needs a state before"))
    })
}

/// What [`deflate`] made of a text, the dictionary it names (by its
/// Adler-32 sum, in zlib's header) given by `dictionary`. zlib checks
/// that the dictionary given has that sum, and the output its trailer's.
fn inflate_on<'d>(packed: &[u8], dictionary: impl Fn(u32) -> Result<&'d [u8]>) -> Result<String> {
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
                Err(e) => match e.needs_dictionary() {
                    Some(id) => {
                        d.set_dictionary(dictionary(id)?)
                            .map_err(|_| corrupt("it was made on another dictionary"))?;
                    }
                    None => return Err(corrupt("its data is damaged")),
                },
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

/// The preset dictionaries a change's events may be packed on (migration
/// 8), oldest first; the newest packs. A packed value names its own by
/// its Adler-32 sum, so **none may ever change or go**: a new one is
/// added at the end. Each is a sample of the JSON a change's events hold
/// (keys, tags and values a cast and a turn repeat), the most common last
/// (zlib reaches the end of its window most cheaply).
const EVENT_DICTIONARIES: &[&str] = &[include_str!("../dictionaries/events-1.txt")];

/// Adler-32 of `bytes`, as zlib's header names a preset dictionary
/// (the `adler2` crate's, which flate2's other backend uses too).
fn adler32(bytes: &[u8]) -> u32 {
    adler2::adler32_slice(bytes)
}

/// The events dictionary whose Adler-32 sum is `id`.
fn events_dictionary(id: u32) -> Result<&'static [u8]> {
    EVENT_DICTIONARIES
        .iter()
        .map(|d| d.as_bytes())
        .find(|d| adler32(d) == id)
        .ok_or_else(|| corrupt("it names a dictionary this build does not have"))
}

/// A change's events as stored: `(events_json, events_packed)`, the
/// text left empty when packed. Packed on the newest dictionary of
/// [`EVENT_DICTIONARIES`] (a turn's hundred bytes take a few dozen), and
/// kept plain when that is not smaller.
pub(crate) fn pack_events(events: &str) -> (&str, Option<Vec<u8>>) {
    if events.len() < PACK_EVENTS_FROM {
        return (events, None);
    }
    let newest = EVENT_DICTIONARIES.last().copied();
    let packed = deflate(events, newest);
    if packed.len() >= events.len() {
        return (events, None);
    }
    ("", Some(packed))
}

/// A change's events from its stored columns: plain, packed without a
/// dictionary (migrations 6 and 7) or on one of [`EVENT_DICTIONARIES`].
pub(crate) fn unpack_events(plain: String, packed: Option<Vec<u8>>) -> Result<String> {
    match packed {
        Some(p) => inflate_on(&p, events_dictionary),
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
    fn events_pack_on_the_dictionary_and_tiny_ones_stay_plain() {
        let big = format!("[{}]", vec![r#"{"event":"slot_expended"}"#; 40].join(","));
        let (text, packed) = pack_events(&big);
        assert_eq!(text, "");
        assert!(packed.as_ref().unwrap().len() < big.len() / 4);
        assert_eq!(unpack_events(text.into(), packed).unwrap(), big);
        assert_eq!(pack_events("[]"), ("[]", None));
        // A turn: a hundred bytes in a few dozen, naming the dictionary.
        let turn = r#"[{"entity":"Elmira","event":{"event":"turn_ended"}},{"entity":"Elmira","event":{"event":"turn_started"}}]"#;
        let (text, packed) = pack_events(turn);
        let packed = packed.unwrap();
        assert!(packed.len() < 40, "{} bytes", packed.len());
        assert_eq!(
            dictionary_named(&packed),
            Some(adler32(EVENT_DICTIONARIES[0].as_bytes()))
        );
        assert_eq!(unpack_events(text.into(), Some(packed)).unwrap(), turn);
    }

    /// The Adler-32 sum a zlib stream's header names its dictionary by.
    fn dictionary_named(packed: &[u8]) -> Option<u32> {
        (packed[1] & 0x20 != 0).then(|| u32::from_be_bytes(packed[2..6].try_into().unwrap()))
    }

    #[test]
    fn the_first_dictionary_never_changes() {
        // Rows packed on it name it by this sum: a change to the file
        // would make every one of them undecodable.
        assert_eq!(EVENT_DICTIONARIES[0].len(), 4_501);
        assert_eq!(adler32(EVENT_DICTIONARIES[0].as_bytes()), 0x1912_faf4);
        // The sum is zlib's: its header names the dictionary so.
        let packed = deflate("[]", Some(EVENT_DICTIONARIES[0]));
        assert_eq!(dictionary_named(&packed), Some(0x1912_faf4));
        assert_eq!(adler32(b"Wikipedia"), 0x11e6_0398);
    }

    #[test]
    fn events_packed_before_migration_8_still_read() {
        // Migrations 6 and 7 packed events without a dictionary.
        let events = format!("[{}]", vec![r#"{"event":"turn_ended"}"#; 20].join(","));
        let old = deflate(&events, None);
        assert_eq!(dictionary_named(&old), None);
        assert_eq!(unpack_events(String::new(), Some(old)).unwrap(), events);
    }

    #[test]
    fn events_on_an_unknown_or_damaged_dictionary_fail() {
        let events = r#"[{"entity":"Elmira","event":{"event":"turn_ended"}}]"#;
        let other = deflate(events, Some("a dictionary no build has"));
        assert!(unpack_events(String::new(), Some(other)).is_err());
        let (_, packed) = pack_events(events);
        let packed = packed.unwrap();
        for i in 0..packed.len() {
            for bit in [0x01, 0x20, 0x80] {
                let mut damaged = packed.clone();
                damaged[i] ^= bit;
                // Damaged: an error or, never, another text.
                if let Ok(text) = unpack_events(String::new(), Some(damaged)) {
                    assert_eq!(text, events, "byte {i} bit {bit:#x}");
                }
            }
        }
        assert!(unpack_events(String::new(), Some(packed[..packed.len() - 1].to_vec())).is_err());
        assert!(unpack_events(String::new(), Some(Vec::new())).is_err());
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
