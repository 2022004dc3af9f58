//! R14c with an equipment list: a carried thing of a costly material's kind
//! counts at its stated worth or, stating none, at its listed price; a
//! Cleric's or Paladin's focus is a Holy Symbol; a refusal says what the
//! caster has and what it is worth.

mod support;

use std::sync::Arc;

use grimoire_rules::*;
use support::*;

fn listed(id: &str, en: &str, gp: u64, kind: GearKind, counts_as: Option<&str>) -> ListedItem {
    ListedItem {
        id: id.into(),
        name_en: en.into(),
        name_cs: format!("{en} (cs)"),
        aliases: Vec::new(),
        price_cp: gp * 100,
        kind,
        counts_as: counts_as.map(str::to_owned),
        spell_material: true,
    }
}

fn prices() -> Arc<PriceList> {
    Arc::new(PriceList::new(vec![
        listed("holy-symbol", "Holy Symbol", 5, GearKind::HolySymbol, None),
        listed(
            "amulet",
            "Amulet",
            5,
            GearKind::HolySymbol,
            Some("holy-symbol"),
        ),
        listed(
            "reliquary",
            "Reliquary",
            5,
            GearKind::HolySymbol,
            Some("holy-symbol"),
        ),
        listed("holy-water", "Holy Water", 25, GearKind::Material, None),
    ]))
}

fn priced() -> CastRequest {
    CastRequest {
        prices: Some(prices()),
        ..CastRequest::new()
    }
}

/// Bless as SRD 5.2 has it: a Holy Symbol worth 5+ GP.
fn bless_2024() -> Spell {
    let mut s = bless();
    s.components.material = Some(Material {
        text: "a Holy Symbol worth 5+ GP".into(),
        cost_gp: Some(5),
        consumed: false,
    });
    s
}

fn carrying(c: Caster, items: &[&str], focus: Focus) -> Caster {
    let mut eq = c.equipment().clone();
    eq.materials = items.iter().map(|s| s.to_string()).collect();
    eq.focus = focus;
    let events = c.set_equipment(eq).events;
    applied(c, &events)
}

#[test]
fn r14c_a_holy_symbol_stating_no_worth_counts_at_its_listed_price() {
    let c = carrying(cleric(3), &["Holy Symbol"], Focus::None);
    allowed(&c, &bless_2024(), &priced());
    // An amulet is a Holy Symbol.
    let c = carrying(cleric(3), &["silver amulet"], Focus::None);
    allowed(&c, &bless_2024(), &priced());
    // Without a list nobody knows what it is worth.
    let c = carrying(cleric(3), &["Holy Symbol"], Focus::None);
    let err = refusal(&c, &bless_2024(), &CastRequest::new());
    assert_eq!(
        (err.code(), err.rule()),
        ("material_worth_unknown", Some("R14c"))
    );
}

#[test]
fn r14c_a_clerics_focus_is_a_holy_symbol() {
    let c = carrying(cleric(3), &[], Focus::Held);
    allowed(&c, &bless_2024(), &priced());
    let worn = carrying(cleric(3), &[], Focus::Worn);
    allowed(&worn, &bless_2024(), &priced());
    // Stowed it is of no use.
    let stowed = carrying(cleric(3), &[], Focus::Stowed);
    assert_eq!(
        refusal(&stowed, &bless_2024(), &priced()).code(),
        "missing_material"
    );
}

#[test]
fn r14c_a_held_holy_symbol_focus_may_also_do_the_somatic_component() {
    let mut c = carrying(cleric(3), &[], Focus::Held);
    let mut eq = c.equipment().clone();
    eq.free_hands = 0;
    c = applied(c.clone(), &c.set_equipment(eq).events);
    allowed(&c, &bless_2024(), &priced());
}

#[test]
fn r14c_too_cheap_names_what_is_carried_and_its_worth() {
    let c = carrying(cleric(5), &["diamond worth 100 GP"], Focus::None);
    let err = refusal(&c, &revivify(), &priced());
    assert_eq!(
        err,
        RulesError::MaterialTooCheap {
            material: "a diamond worth 300+ GP".into(),
            cost_gp: 300,
            carried: "diamond".to_owned().into(),
            worth_gp: 100,
        }
    );
    let c = carrying(cleric(5), &["diamond"], Focus::None);
    assert_eq!(
        refusal(&c, &revivify(), &priced()).code(),
        "material_worth_unknown"
    );
    let c = carrying(cleric(5), &["ruby worth 500 GP"], Focus::None);
    assert_eq!(
        refusal(&c, &revivify(), &priced()).code(),
        "missing_material"
    );
}

#[test]
fn r14c_a_holy_symbol_is_not_holy_water_though_both_are_holy() {
    let mut s = bless_2024();
    s.components.material = Some(Material {
        text: "a flask of Holy Water worth 25+ GP, which the spell consumes".into(),
        cost_gp: Some(25),
        consumed: true,
    });
    let c = carrying(cleric(3), &["Holy Symbol worth 30 GP"], Focus::Held);
    assert_eq!(refusal(&c, &s, &priced()).code(), "missing_material");
    // The water counts at its listed 25 GP and is used up.
    let mut c = carrying(cleric(3), &["Holy Water", "Holy Symbol"], Focus::None);
    let out = cast_ok(&mut c, &s, &priced(), &mut Scripted::new(&[1]));
    assert!(out.events.contains(&Event::MaterialConsumed {
        material: "Holy Water".into()
    }));
    assert_eq!(c.equipment().materials, ["Holy Symbol"]);
}

#[test]
fn r14c_a_stated_worth_wins_over_the_listed_price() {
    let mut s = bless_2024();
    s.components.material = Some(Material {
        text: "a reliquary worth 1,000+ GP".into(),
        cost_gp: Some(1000),
        consumed: false,
    });
    let c = carrying(cleric(9), &["Reliquary"], Focus::Held);
    let err = refusal(&c, &s, &priced());
    assert_eq!(err.code(), "material_too_cheap");
    assert!(err.to_string().contains("worth_gp=5"), "{err}");
    let c = carrying(cleric(9), &["reliquary worth 1,200 GP"], Focus::Held);
    allowed(&c, &s, &priced());
}

/// Revivify asking for a diamond of `cost` GP.
fn revivify_costing(cost: u32) -> Spell {
    let mut s = revivify();
    s.components.material = Some(Material {
        text: format!("a diamond worth {cost}+ GP, which the spell consumes"),
        cost_gp: Some(cost),
        consumed: true,
    });
    s
}

proptest::proptest! {
    /// The model: a stated worth decides; with none, the listed price does
    /// (Holy Water here); with neither, the worth is unknown.
    #[test]
    fn r14c_a_carried_worth_answers_exactly_when_it_reaches_the_cost(
        cost in 1u32..=30_000,
        stated in proptest::option::of(0u64..=40_000),
    ) {
        let carried = match stated {
            Some(gp) => format!("diamond worth {gp} GP"),
            None => "diamond".to_owned(),
        };
        let c = carrying(cleric(5), &[&carried], Focus::None);
        let got = cast(&c, &revivify_costing(cost), &priced(), &mut Scripted::new(&[1]));
        let expected = match stated {
            Some(gp) if gp >= u64::from(cost) => None,
            Some(_) => Some("material_too_cheap"),
            None => Some("material_worth_unknown"),
        };
        proptest::prop_assert_eq!(got.as_ref().err().map(|e| e.code()), expected);
        if let Ok(out) = got {
            let used = Event::MaterialConsumed { material: carried };
            proptest::prop_assert!(out.events.contains(&used));
        }
    }

    #[test]
    fn r14c_a_listed_price_answers_exactly_when_it_reaches_the_cost(cost in 1u32..=100) {
        let mut s = bless_2024();
        s.components.material = Some(Material {
            text: format!("a flask of Holy Water worth {cost}+ GP"),
            cost_gp: Some(cost),
            consumed: false,
        });
        let c = carrying(cleric(3), &["Holy Water"], Focus::None);
        let got = cast(&c, &s, &priced(), &mut Scripted::new(&[1]));
        let expected = (cost > 25).then_some("material_too_cheap");
        proptest::prop_assert_eq!(got.err().map(|e| e.code()), expected);
    }
}
