//! Search latency over the SRD catalogue (recorded in docs/PERFORMANCE.md).

use divan::{Bencher, black_box};
use grimoire_catalog::{Catalog, Query};
use grimoire_rules::{Class, DamageType};

fn main() {
    divan::main();
}

fn run(bencher: Bencher, query: Query) {
    let srd = Catalog::srd();
    bencher.bench(|| srd.search(black_box(&query)).len());
}

#[divan::bench]
fn exact_english(bencher: Bencher) {
    run(bencher, Query::text("Fireball"));
}

#[divan::bench]
fn czech_without_diacritics(bencher: Bencher) {
    run(bencher, Query::text("hromova vlna"));
}

#[divan::bench]
fn prefix(bencher: Bencher) {
    run(bencher, Query::text("cure"));
}

#[divan::bench]
fn typo_fuzzy(bencher: Bencher) {
    run(bencher, Query::text("magik misile"));
}

#[divan::bench]
fn filters_only(bencher: Bencher) {
    run(
        bencher,
        Query::default()
            .class(Class::Wizard)
            .damage_type(DamageType::Fire),
    );
}

#[divan::bench]
fn get_by_czech_name(bencher: Bencher) {
    let srd = Catalog::srd();
    bencher.bench(|| srd.get(black_box("Magická střela")).is_some());
}

/// Building the SRD catalogue by parsing the TOML data (what every process did
/// before the snapshot).
#[divan::bench(sample_count = 20)]
fn load_from_toml() -> usize {
    Catalog::load_srd().map_or(0, |c| c.len())
}

/// Making the SRD catalogue ready from the embedded snapshot (what
/// `Catalog::srd()` does once per process): reading its index, no spell.
#[divan::bench(sample_count = 20)]
fn load_from_snapshot() -> usize {
    Catalog::load_srd_snapshot().map_or(0, |c| c.len())
}

/// What `grimoire cast Elmira "Fire Bolt"` needs of the catalogue: the ready
/// snapshot, then the cast spell and the caster's four other prepared spells
/// found by name and decoded.
#[divan::bench(sample_count = 20)]
fn load_from_snapshot_then_five_spells() -> usize {
    let Some(srd) = Catalog::load_srd_snapshot() else {
        return 0;
    };
    [
        "Fire Bolt",
        "magic-missile",
        "fireball",
        "shield",
        "Mage Armor",
    ]
    .iter()
    .filter_map(|name| srd.get(name))
    .count()
}

/// The ready snapshot with every spell decoded (what a search or a listing
/// of the whole catalogue pays once per process).
#[divan::bench(sample_count = 20)]
fn load_from_snapshot_every_spell() -> usize {
    Catalog::load_srd_snapshot().map_or(0, |c| c.spells().len())
}
