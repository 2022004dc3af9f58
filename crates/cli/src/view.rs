//! How a character looks: its stable JSON and its terminal view.

use grimoire_app::class_resources::ResourcesView;
use grimoire_rules::{Ability, Caster, Class, SlotLevel, SpellId};
use serde_json::{Value, json};

use crate::i18n::{Lang, Text};
use crate::output::{Out, Table, pips};

/// The display name of a spell id, in the chosen language.
pub fn spell_label(id: &SpellId, lang: Lang) -> String {
    match crate::catalog::current().get(id.as_str()) {
        Some(s) => lang.pick(s.name_en.clone(), s.name_cs.clone()),
        None => id.to_string(),
    }
}

/// A class name in the chosen language.
pub fn class_name(class: Class, lang: Lang) -> &'static str {
    grimoire_words::word(lang.tag(), &class)
}

/// `always prepared: Bless (Cleric), Fireball (Cleric)`: the spells a
/// feature keeps prepared, outside the count; `None` when there are none.
pub fn always_prepared_line(c: &Caster, lang: Lang) -> Option<String> {
    let spells: Vec<String> = c
        .always_prepared()
        .map(|e| {
            format!(
                "{} ({})",
                spell_label(&e.spell, lang),
                class_name(e.class, lang)
            )
        })
        .collect();
    (!spells.is_empty()).then(|| {
        format!(
            "{}: {}",
            grimoire_words::fixed(lang.tag(), "cli-view-always-prepared"),
            spells.join(", ")
        )
    })
}

/// `Features: Life Domain, Divine Intervention, ...` in the reader's
/// language (names from the catalogue), and whether it is in Wild Shape.
pub fn picks_line(c: &Caster, lang: Lang) -> Vec<String> {
    let names: Vec<String> = c
        .picks()
        .iter()
        .map(|p| {
            let def = grimoire_catalog::srd_features()
                .iter()
                .find(|d| d.kind == p.kind && d.id == p.id);
            let Some(def) = def else {
                return p.name.clone();
            };
            let name = lang.pick(&def.name, &def.name_cs).clone();
            match p
                .variant
                .as_deref()
                .and_then(|v| def.variants.iter().find(|d| d.id == v))
            {
                Some(v) => format!("{name} ({})", lang.pick(&v.name, &v.name_cs)),
                None => name,
            }
        })
        .collect();
    let mut lines = Vec::new();
    if !names.is_empty() {
        lines.push(format!(
            "{}: {}",
            grimoire_words::fixed(lang.tag(), "cli-view-features"),
            names.join(", ")
        ));
    }
    if c.in_wild_shape() {
        lines.push(grimoire_words::fixed(lang.tag(), "cli-view-wild-shape").to_owned());
    }
    lines
}

/// `Wizard 3 / Cleric 2`.
pub fn classes_line(c: &Caster, lang: Lang) -> String {
    c.classes()
        .iter()
        .map(|(class, level)| format!("{} {level}", class_name(*class, lang)))
        .collect::<Vec<_>>()
        .join(" / ")
}

/// Slots per level (levels the caster has), pact slots separately.
pub fn slots_json(c: &Caster) -> Value {
    json!(grimoire_app::view::SlotsView::of(c))
}

/// The whole character, in a stable shape (the app's shared view).
pub fn caster_json(c: &Caster, version: u64) -> Value {
    json!(grimoire_app::view::CharacterJson::of(c, version))
}

/// The slot table: one row per level with pips, then pact slots.
pub fn slots_table(out: &Out, c: &Caster) -> String {
    let lang = out.lang;
    let mut t = Table::new([Text::Level.get(lang), Text::Slots.get(lang), ""]).align_right(0);
    for &l in SlotLevel::ALL
        .iter()
        .filter(|&&l| c.slots().total(l) > 0 || c.slots().created(l) > 0)
    {
        let (left, total) = (c.slots().remaining(l), c.slots().total(l));
        // Slots made from Sorcery Points show after the table's.
        let created = c.slots().created(l);
        t.row([
            l.get().to_string(),
            out.green(&pips(u32::from(left), u32::from(total))),
            if created > 0 {
                format!("{left}/{total} +{created}")
            } else {
                format!("{left}/{total}")
            },
        ]);
    }
    if let Some(p) = c.pact_slots() {
        t.row([
            format!("{} {}", Text::Pact.get(lang), p.level().get()),
            out.cyan(&pips(u32::from(p.remaining()), u32::from(p.total()))),
            format!("{}/{}", p.remaining(), p.total()),
        ]);
    }
    for a in c.arcanum() {
        t.row([
            format!("{} {}", Text::Arcanum.get(lang), a.level.get()),
            pips(u32::from(!a.used), 1),
            String::new(),
        ]);
    }
    if t.is_empty() {
        return out.dim(Text::NoSlots.get(lang));
    }
    t.render(out)
}

/// The terminal view of a character.
pub fn caster_human(out: &Out, c: &Caster) -> String {
    let lang = out.lang;
    let mut lines = vec![format!(
        "{}  {}  ({} {}, {} +{})",
        out.bold(&out.cyan(c.name())),
        classes_line(c, lang),
        Text::Level.get(lang),
        c.level(),
        Text::Proficiency.get(lang),
        c.proficiency_bonus()
    )];
    lines.push(
        Ability::ALL
            .iter()
            .map(|&a| {
                let m = c.abilities().modifier(a);
                let abbrev = grimoire_words::abbrev(lang.tag(), a);
                format!("{abbrev} {} ({m:+})", c.abilities().score(a))
            })
            .collect::<Vec<_>>()
            .join("  "),
    );
    if let Some(v) = c.vitals() {
        lines.push(crate::describe::vitals(&v, lang));
    }
    for class in c.spellcasting_classes() {
        lines.push(format!(
            "{}: {} {}, {} {:+}",
            class_name(class, lang),
            Text::SaveDc.get(lang),
            c.save_dc(class),
            Text::SpellAttack.get(lang),
            c.spell_attack_bonus(class)
        ));
    }
    lines.push(String::new());
    lines.push(slots_table(out, c));
    lines.extend(resource_lines(out, c));
    let list = |ids: &std::collections::BTreeSet<SpellId>| {
        ids.iter()
            .map(|id| spell_label(id, lang))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !c.cantrips().is_empty() {
        lines.push(format!(
            "{}: {}",
            Text::Cantrips.get(lang),
            list(c.cantrips())
        ));
    }
    if let Some(book) = c.spellbook() {
        lines.push(format!(
            "{}: {}",
            grimoire_words::fixed(lang.tag(), "cli-view-spellbook"),
            list(book)
        ));
    }
    lines.push(format!(
        "{}: {}",
        Text::Prepared.get(lang),
        if c.prepared().is_empty() {
            "-".to_owned()
        } else {
            list(c.prepared())
        }
    ));
    lines.extend(always_prepared_line(c, lang));
    lines.extend(picks_line(c, lang));
    for f in c.features() {
        let mut spells: Vec<String> = f.spells.iter().map(|s| spell_label(s, lang)).collect();
        if let Some((class, max)) = f.from_list {
            spells.push(format!("{} ≤ {max}", class_name(class, lang)));
        }
        let uses = if f.at_will {
            grimoire_words::fixed(lang.tag(), "cli-view-at-will").to_owned()
        } else if let Some(other) = &f.shares {
            format!("→ {other}")
        } else {
            pips(u32::from(f.remaining()), u32::from(f.max_uses))
        };
        lines.push(format!(
            "{}: {} ({}) {}",
            Text::Ability.get(lang),
            f.name,
            spells.join(", "),
            uses
        ));
    }
    for i in c.items() {
        lines.push(format!(
            "{}: {} ({}) {}",
            Text::Item.get(lang),
            i.name,
            i.spells
                .iter()
                .map(|s| spell_label(s, lang))
                .collect::<Vec<_>>()
                .join(", "),
            pips(u32::from(i.charges()), u32::from(i.max_charges))
        ));
    }
    if let Some(k) = c.concentration() {
        lines.push(out.yellow(&format!(
            "{}: {}",
            Text::Concentrating.get(lang),
            spell_label(&k.spell, lang)
        )));
    }
    for o in c.ongoing() {
        let left = o
            .expires_at
            .map(|t| {
                format!(
                    " ({})",
                    crate::describe::count(
                        t.saturating_sub(c.now()),
                        crate::describe::Counted::RoundsLeft,
                        lang
                    )
                )
            })
            .unwrap_or_default();
        lines.push(format!(
            "{}: {} {} → {}{left}",
            Text::Ongoing.get(lang),
            o.id,
            spell_label(&o.spell, lang),
            o.targets.join(", ")
        ));
    }
    if let Some(lc) = c.long_cast() {
        lines.push(out.yellow(&format!(
            "{}: {} {}/{}",
            Text::LongCast.get(lang),
            spell_label(&lc.spell, lang),
            lc.rounds_done,
            lc.rounds_needed
        )));
    }
    if !c.conditions().is_empty() {
        lines.push(out.red(&format!(
            "{}: {}",
            Text::Conditions.get(lang),
            c.conditions()
                .iter()
                .map(|k| grimoire_words::word(lang.tag(), k))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    lines.push(turn_line(out, c));
    lines.join("\n")
}

/// What the class resources of `c` are now (issue 33), one line each:
/// Sorcery Points, created slots, Innate Sorcery and the once-per-rest
/// features.
pub fn resource_lines(out: &Out, c: &Caster) -> Vec<String> {
    let v = ResourcesView::of(c);
    let tag = out.lang.tag();
    let text = |id: &str, args: Vec<(&str, String)>| grimoire_words::text(tag, id, args);
    let state = |used: bool| if used { "used" } else { "ready" }.to_owned();
    let mut lines = Vec::new();
    if let Some(p) = v.sorcery_points {
        lines.push(format!(
            "{} {}",
            text(
                "cli-resources-points",
                vec![("points", p.left.to_string()), ("max", p.max.to_string())]
            ),
            out.cyan(&pips(u32::from(p.left), u32::from(p.max)))
        ));
    }
    if !v.created_slots.is_empty() {
        let slots: Vec<String> = v
            .created_slots
            .iter()
            .map(|s| format!("{}×{}", s.count, s.level))
            .collect();
        lines.push(text(
            "cli-resources-created",
            vec![("slots", slots.join(", "))],
        ));
    }
    if let Some(p) = v.innate_sorcery {
        lines.push(match v.innate_sorcery_rounds {
            Some(rounds) => out.yellow(&text(
                "cli-resources-innate-active",
                vec![("rounds", rounds.to_string())],
            )),
            None => format!(
                "{} {}",
                text(
                    "cli-resources-innate",
                    vec![("uses", p.left.to_string()), ("max", p.max.to_string())]
                ),
                pips(u32::from(p.left), u32::from(p.max))
            ),
        });
    }
    if let Some(o) = v.sorcerous_restoration {
        lines.push(text(
            "cli-resources-restoration",
            vec![("state", state(o.used))],
        ));
    }
    if let Some(o) = v.arcane_recovery {
        lines.push(text(
            "cli-resources-arcane",
            vec![("state", state(o.used)), ("levels", o.amount.to_string())],
        ));
    }
    if let Some(o) = v.natural_recovery {
        lines.push(text(
            "cli-resources-natural",
            vec![("state", state(o.used)), ("levels", o.amount.to_string())],
        ));
    }
    if let Some(o) = v.magical_cunning {
        lines.push(text(
            "cli-resources-cunning",
            vec![("state", state(o.used))],
        ));
    }
    lines
}

/// What is left of this turn (R9, R10).
pub fn turn_line(out: &Out, c: &Caster) -> String {
    turn_line_of(out, c.turn())
}

/// This turn's economy `t`: what is used (dimmed) and what is free.
pub fn turn_line_of(out: &Out, t: &grimoire_rules::TurnEconomy) -> String {
    let lang = out.lang;
    let mark = |used: bool, text: Text| {
        if used {
            out.dim(&format!("✗ {}", text.get(lang)))
        } else {
            format!("✓ {}", text.get(lang))
        }
    };
    format!(
        "{}: {}  {}  {}  {}",
        Text::Turn.get(lang),
        mark(t.action_used, Text::Action),
        mark(t.bonus_action_used, Text::BonusAction),
        mark(t.reaction_used, Text::Reaction),
        mark(t.slot_spent, Text::SlotThisTurn)
    )
}
