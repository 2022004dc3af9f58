//! `import(export(x))` is the same character, for random casters (with
//! Spell Scrolls, wands and staffs).

use grimoire_catalog::Catalog;
use grimoire_import::{export_foundry, import_foundry};
use grimoire_rules::{
    AbilityScores, Caster, Choice, Class, Event, FeatureKind, HitDice, LimitedUse, MagicItem,
    Recharge, SlotLevel, Vitals, hit_die,
};
use proptest::prelude::*;

#[allow(clippy::too_many_arguments)]
fn caster(
    class: usize,
    level: u8,
    scores: [u8; 6],
    picks: Vec<prop::sample::Index>,
    always: Vec<prop::sample::Index>,
    spent: [u8; 3],
    vitals: Option<(u32, u8)>,
    free: Vec<prop::sample::Index>,
    scrolls: Vec<prop::sample::Index>,
    (dice, points): (u8, u8),
) -> Caster {
    let srd = Catalog::srd();
    let class = Class::ALL[class];
    let mut c = Caster::new(
        "Round Trip",
        &[(class, level)],
        AbilityScores::new(scores).unwrap(),
    )
    .unwrap();
    // Its SRD subclass from level 3 (Circle of the Land with one of its lands).
    if let Some(def) = grimoire_catalog::srd_features()
        .iter()
        .find(|d| d.kind == FeatureKind::Subclass && d.class == Some(class))
    {
        let variant = (!def.variants.is_empty()).then(|| {
            def.variants[usize::from(dice) % def.variants.len()]
                .id
                .as_str()
        });
        let level_of = |id: &grimoire_rules::SpellId| srd.get(id.as_str()).map(|f| f.spell.level);
        let choice = Choice {
            variant,
            spells: Vec::new(),
        };
        if let Ok(out) = c.choose_feature(def, &choice, &level_of) {
            c.apply_all(&out.events);
        }
    }
    let on_list: Vec<_> = srd
        .spells()
        .iter()
        .filter(|s| s.spell.on_class_list(class))
        .collect();
    for p in picks {
        let s = &on_list[p.index(on_list.len())].spell;
        if let Ok(out) = c.prepare(s) {
            c.apply_all(&out.events);
            if class == Class::Wizard && !s.level.is_cantrip() {
                let out = c.copy_to_spellbook(s).unwrap();
                c.apply_all(&out.events);
            }
        }
    }
    let all = srd.spells();
    for p in always {
        let s = &all[p.index(all.len())].spell;
        if !c.is_prepared(&s.id) && !c.cantrips().contains(&s.id) {
            let out = c.prepare_always(s, None).unwrap();
            c.apply_all(&out.events);
        }
    }
    for (i, n) in spent.into_iter().enumerate() {
        let level = SlotLevel::new(i as u8 + 1).unwrap();
        for _ in 0..n.min(c.slots().remaining(level)) {
            c.apply(&Event::SlotExpended {
                level,
                pact: false,
                off_turn: true,
            });
        }
    }
    if let Some(p) = c.pact_slots().cloned()
        && spent[0] > 0
    {
        c.apply(&Event::SlotExpended {
            level: p.level(),
            pact: true,
            off_turn: true,
        });
    }
    for (n, p) in free.into_iter().enumerate() {
        let s = &all[p.index(all.len())];
        let recharge = [Recharge::ShortRest, Recharge::LongRest, Recharge::Never][n % 3];
        let feature = LimitedUse::new(
            format!("{} {n}", s.name_en),
            vec![s.spell.id.clone()],
            2,
            recharge,
        );
        let name = feature.name.clone();
        c.apply(&Event::FeatureAdded { feature });
        if n % 2 == 0 {
            c.apply(&Event::FeatureUsed { name });
        }
    }
    for (n, p) in scrolls.iter().enumerate() {
        let s = &all[p.index(all.len())].spell;
        let mut item = MagicItem::scroll(s.id.clone(), s.level);
        item.name = format!("Spell Scroll {n}");
        c.apply(&Event::ItemAdded { item });
    }
    // Wands and staffs (R5d): one or two spells, charges partly spent.
    for (n, p) in scrolls.iter().enumerate() {
        let first = &all[p.index(all.len())].spell;
        let second = &all[(p.index(all.len()) + 7) % all.len()].spell;
        let spells = if n % 2 == 0 {
            vec![first.id.clone()]
        } else {
            vec![first.id.clone(), second.id.clone()]
        };
        let recharge = [Recharge::LongRest, Recharge::ShortRest, Recharge::Never][n % 3];
        let mut item = MagicItem::charged(format!("Wand {n}"), spells, 7, recharge);
        if n % 2 == 0 {
            item.cast_level = first.level.min_slot();
            item.save_dc = Some(15);
            item.attack_bonus = Some(7);
        }
        let name = item.name.clone();
        c.apply(&Event::ItemAdded { item });
        for _ in 0..n {
            c.apply(&Event::ItemUsed { name: name.clone() });
        }
    }
    if let Some((hp, ac)) = vitals {
        c.apply(&Event::VitalsSet {
            vitals: Vitals::new(hp, ac).unwrap(),
        });
        // Hit Point Dice spent (kept with the hit points).
        c.apply(&Event::HitDiceSpent {
            spent: HitDice::default().plus(hit_die(class), dice.min(level)),
        });
    }
    // Sorcery Points spent (Font of Magic, Sorcerer 2+).
    if c.sorcery_points_max() > 0 && points > 0 {
        c.apply(&Event::SorceryPointsSpent {
            points: points.min(c.sorcery_points_max()),
            what: "font-of-magic".into(),
        });
    }
    c
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn import_of_export_is_the_same_character(
        class in 0..8usize,
        level in 1..=20u8,
        scores in prop::array::uniform6(3..=20u8),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..12),
        always in prop::collection::vec(any::<prop::sample::Index>(), 0..3),
        spent in prop::array::uniform3(0..3u8),
        vitals in prop::option::of((1..300u32, 5..25u8)),
        free in prop::collection::vec(any::<prop::sample::Index>(), 0..3),
        scrolls in prop::collection::vec(any::<prop::sample::Index>(), 0..3),
        spent_resources in (0..=20u8, 0..=20u8),
    ) {
        let srd = Catalog::srd();
        let c = caster(
            class, level, scores, picks, always, spent, vitals, free, scrolls, spent_resources,
        );
        let json = export_foundry(&c, srd).to_string();
        let back = import_foundry(json.as_bytes(), srd).unwrap();
        prop_assert_eq!(back.caster, c);
    }
}

/// Every real sheet (each premade at each level, each D&D Beyond sample)
/// comes back the same through Foundry's format: spells, slots, free uses,
/// scrolls, wands and staffs in the sheet's own order, a species spell's
/// cast level.
#[test]
fn every_real_sheet_survives_export_and_import() {
    let srd = Catalog::srd();
    let dir = |d: &str| format!("{}/tests/fixtures/{d}", env!("CARGO_MANIFEST_DIR"));
    let mut seen = 0;
    for (d, format) in [
        ("foundry", grimoire_import::SheetFormat::Foundry),
        ("ddb", grimoire_import::SheetFormat::Ddb),
    ] {
        let mut files: Vec<_> = std::fs::read_dir(dir(d))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        for path in files {
            let bytes = std::fs::read(&path).unwrap();
            // Sheets without a spellcasting class are refused (sheets.rs, ddb.rs).
            let Ok(first) = format.import(&bytes, srd, None) else {
                continue;
            };
            let json = export_foundry(&first.caster, srd).to_string();
            let back = import_foundry(json.as_bytes(), srd).unwrap();
            assert_eq!(back.caster, first.caster, "{}", path.display());
            seen += 1;
        }
    }
    // 32 premade casters and the two D&D Beyond spellcasters.
    assert!(seen >= 34, "{seen}");
}
