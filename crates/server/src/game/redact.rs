//! What a player may not see of a live event: the same step as every
//! answer ([`grimoire_app::seat::Seat::redact`]), for the stream that
//! keeps its own list of the campaign's characters.

use std::collections::HashSet;

use grimoire_app::seat::Seat;
use serde_json::Value;

/// Blanks in `data` what a player at a table with `characters` (folded
/// names) may not see: every creature's numbers.
pub fn for_player(data: &mut Value, characters: &HashSet<String>) {
    Seat::Player(characters.clone()).redact(data);
}
