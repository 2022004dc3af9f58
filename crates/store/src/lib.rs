//! Grimoire store: placeholder, filled by its issue.
