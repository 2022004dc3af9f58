//! Grimoire rules: placeholder, filled by its issue.
