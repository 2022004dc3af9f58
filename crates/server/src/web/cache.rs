//! Validators for what does not change while the server runs: the page,
//! its scripts and stylesheet, and the SRD spell cards.
//!
//! Each body gets a weak `ETag` from a hash of its bytes (weak because the
//! same tag covers the plain, Brotli and gzip forms) and `Cache-Control:
//! no-cache`: the browser keeps its copy but asks every time, so a repeat
//! visit costs a `304 Not Modified` per file, and a new server binary is
//! picked up at once, without versioned file names.
//!
//! The Brotli and gzip forms are made once, at first use and at the best
//! level, rather than by the compression layer on every request: the cards
//! are 350 KB, and a request's CPU cost should stay small and known. A
//! response that already has a `Content-Encoding` passes the layer
//! untouched. Brotli is sent when the browser takes it (every current
//! browser does, over HTTPS and on localhost), gzip otherwise.
//!
//! Brotli's best level is slow (the cards take about 1 s in a release
//! build, 5 s in a debug one, against 13 ms for gzip's best), so it is
//! made on a thread of its own, one body after another; until a body's
//! form is ready, gzip is sent.

use std::sync::{Arc, OnceLock};

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

/// A response body fixed for the life of the process, with its validator.
pub(crate) struct Fixed {
    body: axum::body::Bytes,
    /// The body gzipped, when that is smaller.
    gzip: Option<axum::body::Bytes>,
    /// The body in Brotli, once its thread has made it (`None` inside
    /// when that saves nothing).
    br: Arc<OnceLock<Option<axum::body::Bytes>>>,
    etag: HeaderValue,
}

/// `body` gzipped at the best level, or `None` when that saves nothing.
fn gzipped(body: &[u8]) -> Option<axum::body::Bytes> {
    use std::io::Write;
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    enc.write_all(body).ok()?;
    let out = enc.finish().ok()?;
    (out.len() < body.len()).then(|| out.into())
}

/// `body` in Brotli at the best quality (11, a 4 MiB window), or `None`
/// when that saves nothing.
fn brotlied(body: &[u8]) -> Option<axum::body::Bytes> {
    use std::io::Write;
    let mut enc = brotli::CompressorWriter::new(Vec::new(), 4096, 11, 22);
    enc.write_all(body).ok()?;
    enc.flush().ok()?;
    let out = enc.into_inner();
    (out.len() < body.len()).then(|| out.into())
}

/// A body to put in Brotli, and where its form goes.
type BrotliJob = (axum::body::Bytes, Arc<OnceLock<Option<axum::body::Bytes>>>);

/// Puts `body` in Brotli on the one thread that does so, one body after
/// another (so it takes one core at most, never one per body), and sets
/// `slot` when done. Without that thread, `slot` is set to `None`: gzip
/// it is.
fn brotli_later(body: axum::body::Bytes, slot: Arc<OnceLock<Option<axum::body::Bytes>>>) {
    static QUEUE: OnceLock<Option<std::sync::Mutex<std::sync::mpsc::Sender<BrotliJob>>>> =
        OnceLock::new();
    let queue = QUEUE.get_or_init(|| {
        let (tx, rx) = std::sync::mpsc::channel::<BrotliJob>();
        std::thread::Builder::new()
            .name("brotli".into())
            .spawn(move || {
                for (body, slot) in rx {
                    let _ = slot.set(brotlied(&body));
                }
            })
            .ok()
            .map(|_| std::sync::Mutex::new(tx))
    });
    let sent = queue.as_ref().is_some_and(|tx| {
        tx.lock()
            .map(|tx| tx.send((body, Arc::clone(&slot))).is_ok())
            .unwrap_or(false)
    });
    if !sent {
        let _ = slot.set(None);
    }
}

/// How much the client wants `coding` (`gzip`, `br`) by its
/// `Accept-Encoding` (RFC 9110 12.5.3): the `q` of the items that name it
/// (1 without a `q`), else that of `*`, else 0; `q=0` refuses it.
fn wants(request: &HeaderMap, coding: &str) -> f32 {
    let (mut named, mut any) = (None::<f32>, None::<f32>);
    for item in request
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
    {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or_default().trim();
        let q = parts
            .find_map(|p| p.trim().strip_prefix("q="))
            .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())
            .unwrap_or(0.0);
        let slot = if name.eq_ignore_ascii_case(coding) {
            &mut named
        } else if name == "*" {
            &mut any
        } else {
            continue;
        };
        *slot = Some(slot.map_or(q, |was| was.max(q)));
    }
    named.or(any).unwrap_or(0.0)
}

/// The form to send: Brotli when the client wants it at least as much as
/// gzip, gzip when it wants that more, plain when it takes neither (or
/// that form saves nothing).
fn pick<'a>(
    fixed: &'a Fixed,
    request: &HeaderMap,
) -> Option<(&'static str, &'a axum::body::Bytes)> {
    let br = fixed.brotli().map_or(0.0, |_| wants(request, "br"));
    let gzip = fixed.gzip.as_ref().map_or(0.0, |_| wants(request, "gzip"));
    if br > 0.0 && br >= gzip {
        fixed.brotli().map(|b| ("br", b))
    } else if gzip > 0.0 {
        fixed.gzip.as_ref().map(|b| ("gzip", b))
    } else {
        None
    }
}

impl Fixed {
    /// Hashes `body` once; the tag is the first 16 hex digits of its
    /// SHA-256, enough to tell two versions of a file apart.
    pub(crate) fn new(body: impl Into<axum::body::Bytes>) -> Fixed {
        let body = body.into();
        let digest = Sha256::digest(&body);
        let hex: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
        let etag = HeaderValue::from_str(&format!("W/\"{hex}\""))
            .unwrap_or_else(|_| HeaderValue::from_static("W/\"0\""));
        let gzip = gzipped(&body);
        let br = Arc::new(OnceLock::new());
        brotli_later(body.clone(), Arc::clone(&br));
        Fixed {
            body,
            gzip,
            br,
            etag,
        }
    }

    /// The Brotli form, when it is ready and smaller than the body.
    fn brotli(&self) -> Option<&axum::body::Bytes> {
        self.br.get().and_then(Option::as_ref)
    }

    /// Waits up to `limit` for the Brotli form; whether it is ready.
    #[cfg(test)]
    pub(crate) fn brotli_ready(&self, limit: std::time::Duration) -> bool {
        let start = std::time::Instant::now();
        while self.br.get().is_none() && start.elapsed() < limit {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        self.br.get().is_some()
    }

    /// The body with its type, tag and `no-cache`; or, when the request's
    /// `If-None-Match` names the tag, an empty 304 with the same headers.
    pub(crate) fn respond(&self, request: &HeaderMap, mime: &'static str) -> Response {
        let coded = pick(self, request);
        let mut res = if matches(request, &self.etag) {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            Body::from(coded.map_or(&self.body, |(_, b)| b).clone()).into_response()
        };
        let ok = res.status() == StatusCode::OK;
        let h = res.headers_mut();
        if ok {
            h.insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
            if let Some((coding, _)) = coded {
                h.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
            }
        }
        h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        h.insert(header::ETAG, self.etag.clone());
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        h.insert(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        );
        res
    }
}

/// Whether `If-None-Match` names `etag` (weak comparison, RFC 9110 13.1.2)
/// or is `*`.
fn matches(request: &HeaderMap, etag: &HeaderValue) -> bool {
    let strip = |t: &str| t.trim().trim_start_matches("W/").to_owned();
    let ours = strip(etag.to_str().unwrap_or_default());
    request
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| t.trim() == "*" || strip(t) == ours)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `TAG` in `if_none_match` stands for the body's own tag.
    fn check(if_none_match: Option<&str>, expected: StatusCode) {
        let fixed = Fixed::new("body");
        let tag = fixed.etag.to_str().unwrap().to_owned();
        let mut req = HeaderMap::new();
        if let Some(v) = if_none_match {
            let v = v.replace("TAG", &tag);
            req.insert(header::IF_NONE_MATCH, HeaderValue::from_str(&v).unwrap());
        }
        let res = fixed.respond(&req, "text/plain");
        assert_eq!(res.status(), expected, "{if_none_match:?}");
        assert_eq!(res.headers()[header::ETAG], fixed.etag);
    }

    #[test]
    fn if_none_match_with_the_tag_is_not_modified() {
        check(None, StatusCode::OK);
        check(Some("TAG"), StatusCode::NOT_MODIFIED);
        check(Some("\"other\", TAG"), StatusCode::NOT_MODIFIED);
        check(Some("*"), StatusCode::NOT_MODIFIED);
        check(Some("W/\"0123456789abcdef\""), StatusCode::OK);
    }

    #[test]
    fn a_strong_form_of_the_tag_matches_weakly() {
        let fixed = Fixed::new("body");
        let strong = fixed
            .etag
            .to_str()
            .unwrap()
            .trim_start_matches("W/")
            .to_owned();
        let mut req = HeaderMap::new();
        req.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_str(&strong).unwrap(),
        );
        assert_eq!(
            fixed.respond(&req, "text/plain").status(),
            StatusCode::NOT_MODIFIED
        );
    }

    /// The coding sent for an `Accept-Encoding` (`None`: no header).
    fn coding(accept: Option<&str>) -> Option<&'static str> {
        let fixed = Fixed::new("word ".repeat(100));
        assert!(fixed.brotli_ready(std::time::Duration::from_secs(10)));
        let mut req = HeaderMap::new();
        if let Some(a) = accept {
            req.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(a).unwrap());
        }
        pick(&fixed, &req).map(|(c, _)| c)
    }

    #[test]
    fn brotli_or_gzip_is_sent_only_where_accepted() {
        for (accept, sent) in [
            (None, None),
            (Some("gzip"), Some("gzip")),
            (Some("deflate, gzip;q=0.5, br"), Some("br")),
            (Some("gzip, deflate, br, zstd"), Some("br")),
            (Some("br;q=0.4, gzip;q=0.8"), Some("gzip")),
            (Some("BR"), Some("br")),
            (Some("GZIP"), Some("gzip")),
            (Some("*"), Some("br")),
            (Some("gzip;q=0"), None),
            (Some("gzip; q=0.0, identity"), None),
            (Some("br;q=0, gzip"), Some("gzip")),
            (Some("br, identity"), Some("br")),
            (Some("br;q=0, *"), Some("gzip")),
            (Some("identity"), None),
        ] {
            assert_eq!(coding(accept), sent, "{accept:?}");
        }
    }

    #[test]
    fn both_forms_hold_the_body() {
        use std::io::Read;
        let text = "word ".repeat(100);
        let fixed = Fixed::new(text.clone());
        assert!(fixed.brotli_ready(std::time::Duration::from_secs(10)));
        let mut out = String::new();
        brotli::Decompressor::new(&fixed.brotli().unwrap()[..], 4096)
            .read_to_string(&mut out)
            .unwrap();
        assert_eq!(out, text);
        out.clear();
        flate2::read::GzDecoder::new(&fixed.gzip.as_ref().unwrap()[..])
            .read_to_string(&mut out)
            .unwrap();
        assert_eq!(out, text);
    }

    #[test]
    fn a_body_that_gzip_cannot_shrink_is_sent_plain() {
        let tiny = Fixed::new("x");
        assert!(tiny.brotli_ready(std::time::Duration::from_secs(10)));
        assert!(tiny.gzip.is_none() && tiny.brotli().is_none());
        let mut req = HeaderMap::new();
        req.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("gzip, br"),
        );
        let res = tiny.respond(&req, "text/plain");
        assert!(res.headers().get(header::CONTENT_ENCODING).is_none());
        assert!(Fixed::new("word ".repeat(100)).gzip.is_some());
        let words = Fixed::new("word ".repeat(100));
        assert!(words.brotli_ready(std::time::Duration::from_secs(10)));
        assert!(words.brotli().is_some());
    }

    #[test]
    fn gzip_is_sent_until_brotli_is_ready() {
        let fixed = Fixed::new("word ".repeat(100));
        let mut req = HeaderMap::new();
        req.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("gzip, deflate, br, zstd"),
        );
        let slow = Fixed {
            br: Arc::new(OnceLock::new()),
            ..fixed
        };
        assert_eq!(pick(&slow, &req).map(|(c, _)| c), Some("gzip"));
        let _ = slow.br.set(brotlied(&slow.body));
        assert_eq!(pick(&slow, &req).map(|(c, _)| c), Some("br"));
    }

    #[test]
    fn another_body_has_another_tag() {
        assert_ne!(Fixed::new("a").etag, Fixed::new("b").etag);
        assert_eq!(Fixed::new("a").etag, Fixed::new("a").etag);
    }
}
