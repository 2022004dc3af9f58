//! Grimoire dice: placeholder, filled by its issue.
