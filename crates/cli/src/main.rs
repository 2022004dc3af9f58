//! The `grimoire` command-line tool.
fn main() {}
