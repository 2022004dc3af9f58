//! Validators for what does not change while the server runs: the page,
//! its scripts and stylesheet, and the SRD spell cards.
//!
//! Each body gets a weak `ETag` from a hash of its bytes (weak because the
//! same tag covers the plain and the gzip form that the compression layer
//! sends) and `Cache-Control: no-cache`: the browser keeps its copy but asks
//! every time, so a repeat visit costs a `304 Not Modified` per file, and a
//! new server binary is picked up at once, without versioned file names.

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

/// A response body fixed for the life of the process, with its validator.
pub(crate) struct Fixed {
    body: axum::body::Bytes,
    etag: HeaderValue,
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
        Fixed { body, etag }
    }

    /// The body with its type, tag and `no-cache`; or, when the request's
    /// `If-None-Match` names the tag, an empty 304 with the same headers.
    pub(crate) fn respond(&self, request: &HeaderMap, mime: &'static str) -> Response {
        let mut res = if matches(request, &self.etag) {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            Body::from(self.body.clone()).into_response()
        };
        let ok = res.status() == StatusCode::OK;
        let h = res.headers_mut();
        if ok {
            h.insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
        }
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
    fn another_body_has_another_tag() {
        assert_ne!(Fixed::new("a").etag, Fixed::new("b").etag);
        assert_eq!(Fixed::new("a").etag, Fixed::new("a").etag);
    }
}
