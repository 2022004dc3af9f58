//! Grimoire server: placeholder, filled by issue #5.
