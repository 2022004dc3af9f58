//! Validators for what does not change while the server runs: the page,
//! its scripts and stylesheet, and the SRD spell cards.
//!
//! Each body gets a weak `ETag` from a hash of its bytes (weak because the
//! same tag covers the plain and the gzip form that the compression layer
//! sends) and `Cache-Control: no-cache`: the browser keeps its copy but asks
//! every time, so a repeat visit costs a `304 Not Modified` per file, and a
//! new server binary is picked up at once, without versioned file names.
//!
//! The gzip form is made once, at first use, rather than by the
//! compression layer on every request: the cards are 350 KB, and a
//! request's CPU cost should stay small and known. A response that already
//! has a `Content-Encoding` passes the layer untouched.

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

/// A response body fixed for the life of the process, with its validator.
pub(crate) struct Fixed {
    body: axum::body::Bytes,
    /// The body gzipped, when that is smaller.
    gzip: Option<axum::body::Bytes>,
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

/// Whether the client takes gzip: `gzip` or `*` in `Accept-Encoding`
/// without `q=0` (RFC 9110 12.5.3).
fn accepts_gzip(request: &HeaderMap) -> bool {
    request
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|item| {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or_default().trim();
            let refused = parts.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            !refused && (coding.eq_ignore_ascii_case("gzip") || coding == "*")
        })
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
        Fixed { body, gzip, etag }
    }

    /// The body with its type, tag and `no-cache`; or, when the request's
    /// `If-None-Match` names the tag, an empty 304 with the same headers.
    pub(crate) fn respond(&self, request: &HeaderMap, mime: &'static str) -> Response {
        let gzip = self.gzip.as_ref().filter(|_| accepts_gzip(request));
        let mut res = if matches(request, &self.etag) {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            Body::from(gzip.unwrap_or(&self.body).clone()).into_response()
        };
        let ok = res.status() == StatusCode::OK;
        let h = res.headers_mut();
        if ok {
            h.insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
            if gzip.is_some() {
                h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
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

    #[test]
    fn gzip_is_sent_only_where_accepted() {
        for (accept, gzip) in [
            (None, false),
            (Some("gzip"), true),
            (Some("deflate, gzip;q=0.5, br"), true),
            (Some("GZIP"), true),
            (Some("*"), true),
            (Some("gzip;q=0"), false),
            (Some("gzip; q=0.0, identity"), false),
            (Some("br, identity"), false),
        ] {
            let mut req = HeaderMap::new();
            if let Some(a) = accept {
                req.insert(header::ACCEPT_ENCODING, HeaderValue::from_static(a));
            }
            assert_eq!(accepts_gzip(&req), gzip, "{accept:?}");
        }
    }

    #[test]
    fn a_body_that_gzip_cannot_shrink_is_sent_plain() {
        let tiny = Fixed::new("x");
        assert!(tiny.gzip.is_none());
        let mut req = HeaderMap::new();
        req.insert(header::ACCEPT_ENCODING, HeaderValue::from_static("gzip"));
        let res = tiny.respond(&req, "text/plain");
        assert!(res.headers().get(header::CONTENT_ENCODING).is_none());
        assert!(Fixed::new("word ".repeat(100)).gzip.is_some());
    }

    #[test]
    fn another_body_has_another_tag() {
        assert_ne!(Fixed::new("a").etag, Fixed::new("b").etag);
        assert_eq!(Fixed::new("a").etag, Fixed::new("a").etag);
    }
}
