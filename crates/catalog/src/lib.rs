//! Grimoire catalog: placeholder, filled by its issue.
