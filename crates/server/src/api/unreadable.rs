//! A request the API cannot read, worded in the reader's language: what is
//! ours to say (which field, the line and column, that a body must be
//! JSON) comes from `server.ftl`; what serde or axum said about it stays
//! in their English, after a colon, as a technical detail
//! (`pole targets[0].hp neodpovídá schématu operace: invalid type: …`).

use grimoire_words::Message;

use crate::error::ServerError;

/// Whether a `Content-Type` is JSON: `application/json` or
/// `application/<anything>+json`, parameters aside (as axum's `Json` reads
/// it).
pub(crate) fn is_json(content_type: Option<&str>) -> bool {
    let Some(essence) = content_type.and_then(|t| t.split(';').next()) else {
        return false;
    };
    let essence = essence.trim().to_ascii_lowercase();
    essence
        .strip_prefix("application/")
        .is_some_and(|sub| sub == "json" || sub.ends_with("+json"))
}

/// A body sent without a JSON `Content-Type`.
pub(crate) fn not_json_type() -> ServerError {
    ServerError::invalid("bad_json", "server-json_content_type")
}

/// A body that is not JSON at all: where it stops being JSON, and the
/// parser's own words for why.
pub(crate) fn not_json(e: &serde_json::Error) -> ServerError {
    let at = |id: &'static str| {
        Message::new(id)
            .number("line", number(e.line()))
            .number("column", number(e.column()))
    };
    let message = match e.classify() {
        serde_json::error::Category::Eof => at("server-json_eof"),
        _ => at("server-json_syntax").text("detail", technical(e)),
    };
    ServerError::invalid_with("bad_json", message)
}

/// A JSON body that does not fit the operation's schema: the field, as
/// the API spells its path (`classes[0].class`), and serde's detail.
pub(crate) fn mismatch(e: &serde_path_to_error::Error<serde_json::Error>) -> ServerError {
    ServerError::invalid_with("bad_json", field_message(e.path(), technical(e.inner())))
}

/// A query string that does not fit the operation's parameters: the
/// parameter and serde's detail.
pub(crate) fn bad_query(
    e: &serde_path_to_error::Error<serde_urlencoded::de::Error>,
) -> ServerError {
    let detail = e.inner().to_string();
    let message = match field(e.path()) {
        Some(name) => Message::new("server-query_field")
            .text("field", name)
            .text("detail", detail),
        None => Message::new("server-query_mismatch").text("detail", detail),
    };
    ServerError::invalid_with("bad_query", message)
}

/// `server-body_field` naming the field at `path`, or `server-body_mismatch`
/// when the whole body is at fault (a missing or unknown field at the top).
pub(crate) fn field_message(path: &serde_path_to_error::Path, detail: String) -> Message {
    match field(path) {
        Some(name) => Message::new("server-body_field")
            .text("field", name)
            .text("detail", detail),
        None => Message::new("server-body_mismatch").text("detail", detail),
    }
}

/// The path as the API spells it, unless it is the whole input (`.`).
fn field(path: &serde_path_to_error::Path) -> Option<String> {
    let name = path.to_string();
    (name != ".").then_some(name)
}

/// serde_json's words without the position it appends (`… at line 1
/// column 10`, five words), which the message says in the reader's
/// language instead.
fn technical(e: &serde_json::Error) -> String {
    let text = e.to_string();
    if e.line() == 0 {
        return text;
    }
    let mut parts = text.rsplitn(6, ' ');
    let tail: Vec<&str> = parts.by_ref().take(5).collect();
    match (tail.as_slice(), parts.next()) {
        ([column, _, line, _, _], Some(rest))
            if *column == e.column().to_string() && *line == e.line().to_string() =>
        {
            rest.to_owned()
        }
        _ => text,
    }
}

/// A position for a message: Fluent holds numbers as `i64` here.
fn number(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_content_types() {
        for yes in [
            "application/json",
            "application/json; charset=utf-8",
            "Application/JSON",
            "application/merge-patch+json",
        ] {
            assert!(is_json(Some(yes)), "{yes}");
        }
        for no in ["text/plain", "application/jsonx", "json", ""] {
            assert!(!is_json(Some(no)), "{no}");
        }
        assert!(!is_json(None));
    }

    #[test]
    fn a_syntax_error_names_its_place_in_the_readers_language() {
        let e = serde_json::from_str::<serde_json::Value>("{\"a\": x}").unwrap_err();
        let err = not_json(&e);
        assert_eq!(err.code(), "bad_json");
        assert_eq!(
            err.message("en"),
            "the body is not valid JSON at line 1, column 7: expected value"
        );
        assert_eq!(
            err.message("cs"),
            "tělo není platný JSON (řádek 1, sloupec 7): expected value"
        );
        let e = serde_json::from_str::<serde_json::Value>("{\"a\": ").unwrap_err();
        assert_eq!(
            not_json(&e).message("cs"),
            "tělo JSON končí předčasně (řádek 1, sloupec 6)"
        );
    }

    #[test]
    fn a_mismatch_names_the_field() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Input {
            hp: u32,
        }
        let e = serde_path_to_error::deserialize::<_, Input>(serde_json::json!({"hp": "x"}))
            .unwrap_err();
        assert_eq!(
            mismatch(&e).message("cs"),
            "pole hp neodpovídá schématu operace: invalid type: string \"x\", expected u32"
        );
        let e = serde_path_to_error::deserialize::<_, Input>(serde_json::json!({})).unwrap_err();
        assert_eq!(
            mismatch(&e).message("en"),
            "the JSON body does not fit the operation's schema: missing field `hp`"
        );
    }
}
