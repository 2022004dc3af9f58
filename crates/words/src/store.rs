//! The store's refusals a person reads (a name taken, a change that lost a
//! race, an undo that cannot be done), worded from their fields: the store
//! crate words its errors in English for its own callers and logs.

use grimoire_store::StoreError;

use crate::Message;

/// A store refusal as a message (`store-<code>`), or `None` for the errors
/// that are no refusal (the database unavailable, read-only, a bug): their
/// text is the operator's.
pub fn store_error(e: &StoreError) -> Option<Message> {
    let entity = |id: &'static str, kind: &str, name: &str| {
        Message::new(id)
            .part("kind", store_kind(kind))
            .text("name", name)
    };
    Some(match e {
        StoreError::NotFound { kind, name } => entity("store-not_found", kind, name),
        StoreError::AlreadyExists { kind, name } => entity("store-already_exists", kind, name),
        StoreError::Conflict {
            kind,
            name,
            expected,
            found,
        } => entity("store-conflict", kind, name)
            .number("expected", i64::try_from(*expected).unwrap_or(i64::MAX))
            .number("found", i64::try_from(*found).unwrap_or(i64::MAX)),
        StoreError::NothingToUndo { kind, name } => entity("store-nothing_to_undo", kind, name),
        StoreError::UndoForbidden { change, kind, name } => {
            entity("store-undo_forbidden", kind, name).number("change", *change)
        }
        StoreError::UndoBlocked { change, kind, name } => {
            entity("store-undo_blocked", kind, name).number("change", *change)
        }
        StoreError::InvalidChange(detail) => {
            Message::new("store-invalid_change").text("detail", detail.as_str())
        }
        StoreError::TooLarge { what, bytes, limit } => Message::new("store-change_too_large")
            .text("what", *what)
            .number("bytes", i64::try_from(*bytes).unwrap_or(i64::MAX))
            .number("limit", i64::try_from(*limit).unwrap_or(i64::MAX)),
        _ => return None,
    })
}

/// An entity kind in words (`store-kind-character`); a kind with no
/// message shows as the store names it.
pub fn store_kind(kind: &str) -> Message {
    match kind {
        "character" => Message::new("store-kind-character"),
        "encounter" => Message::new("store-kind-encounter"),
        "campaign" => Message::new("store-kind-campaign"),
        "account" => Message::new("store-kind-account"),
        "token" => Message::new("store-kind-token"),
        other => Message::new("store-kind-other").text("kind", other),
    }
}
