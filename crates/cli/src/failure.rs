//! Classified failures: what went wrong, which rule says so, how to exit.
//!
//! Every error the user can see goes through [`Failure`], so the JSON shape
//! `{"error":{"code","rule","message"}}` and the exit codes are decided in
//! one place.

use std::fmt;

use grimoire_store::StoreError;

/// Exit code for a refused action: nothing was changed.
pub const EXIT_REFUSED: u8 = 1;
/// Exit code for a malformed command line or argument.
pub const EXIT_USAGE: u8 = 2;

/// A failure to report to the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// Stable machine code (`no_slot_available`, `not_found`, ...).
    pub code: String,
    /// The rule id enforced (`R10`), when a rule refused the action.
    pub rule: Option<String>,
    /// What happened, for a person.
    pub message: String,
    /// The process exit code.
    pub exit: u8,
}

#[allow(dead_code)] // with_rule: rules refusals (next commits)
impl Failure {
    /// A refusal (exit code 1).
    pub fn refused(code: &str, message: impl Into<String>) -> Self {
        Failure {
            code: code.to_owned(),
            rule: None,
            message: message.into(),
            exit: EXIT_REFUSED,
        }
    }

    /// A usage error (exit code 2).
    pub fn usage(code: &str, message: impl Into<String>) -> Self {
        Failure {
            exit: EXIT_USAGE,
            ..Failure::refused(code, message)
        }
    }

    /// Attaches the rule id that refused the action.
    pub fn with_rule(mut self, rule: impl Into<String>) -> Self {
        self.rule = Some(rule.into());
        self
    }

    /// The JSON form printed with `--json`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "error": {
                "code": self.code,
                "rule": self.rule,
                "message": self.message,
            }
        })
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Failure {}

impl From<StoreError> for Failure {
    fn from(err: StoreError) -> Self {
        Failure::refused(err.code(), err.to_string())
    }
}

/// Turns any error a command returned into a [`Failure`]: known error types
/// keep their codes, anything else is an `internal` failure.
pub fn classify(err: &anyhow::Error) -> Failure {
    if let Some(f) = err.downcast_ref::<Failure>() {
        return f.clone();
    }
    if let Some(e) = err.downcast_ref::<StoreError>() {
        return Failure::refused(e.code(), e.to_string());
    }
    Failure::refused("internal", format!("{err:#}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_shape_is_stable() {
        let f = Failure::refused("no_slot_available", "no slot left").with_rule("R3");
        assert_eq!(
            f.to_json(),
            serde_json::json!({"error": {"code": "no_slot_available", "rule": "R3", "message": "no slot left"}})
        );
    }

    #[test]
    fn store_errors_keep_their_code() {
        let err = anyhow::Error::new(StoreError::NothingToUndo {
            kind: "character".into(),
            name: "Elmira".into(),
        });
        let f = classify(&err);
        assert_eq!((f.code.as_str(), f.exit), ("nothing_to_undo", EXIT_REFUSED));
    }

    #[test]
    fn unknown_errors_are_internal() {
        let f = classify(&anyhow::anyhow!("boom"));
        assert_eq!(f.code, "internal");
    }
}
