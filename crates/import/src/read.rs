//! Reading a Foundry VTT dnd5e actor (JSON) into a [`Caster`] and a report.

use grimoire_catalog::Catalog;
use std::collections::HashMap;

use grimoire_catalog::CatalogSpell;
use grimoire_rules::{
    Ability, AbilityScores, Caster, Class, Event, ExtraSpell, HitDice, LimitedUse, MagicItem,
    Recharge, SlotLevel, Spell, Vitals, hit_die,
};
use serde_json::{Map, Value};

use crate::error::ImportError;
use crate::report::{Mapped, Report, Skip};
use crate::sheet::{SheetFacts, ability_key, class_of};
use crate::{MAX_FILE_BYTES, MAX_ITEMS, MAX_NAME_CHARS};

/// A sheet read: the character, the report, and what the sheet itself says.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    /// The character as Grimoire plays it.
    pub caster: Caster,
    /// Every part of the sheet and what became of it.
    pub report: Report,
    /// The sheet's own numbers, for [`crate::check`].
    pub sheet: SheetFacts,
}

/// How a spell is cast, by the sheet (both data models).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Method {
    Spell,
    Pact,
    AtWill,
    Ritual,
}

/// Not prepared, prepared, always prepared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Prep {
    Not,
    Prepared,
    Always,
}

/// Reads a Foundry VTT dnd5e actor exported as JSON, resolving spells in
/// `catalog`. Refuses a file over [`MAX_FILE_BYTES`] before parsing it.
pub fn import_foundry(bytes: &[u8], catalog: &Catalog) -> Result<Imported, ImportError> {
    import_foundry_as(bytes, catalog, None)
}

/// Like [`import_foundry`], the character named `name` instead of the
/// sheet's `name` when one is given.
pub fn import_foundry_as(
    bytes: &[u8],
    catalog: &Catalog,
    name: Option<&str>,
) -> Result<Imported, ImportError> {
    read_actor(&parse_bounded(bytes)?, catalog, name)
}

/// The file's JSON, refusing a file over [`MAX_FILE_BYTES`] before parsing
/// it (serde_json also stops at 128 levels of nesting).
pub(crate) fn parse_bounded(bytes: &[u8]) -> Result<Value, ImportError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(ImportError::TooLarge {
            size: bytes.len(),
            max: MAX_FILE_BYTES,
        });
    }
    serde_json::from_slice(bytes).map_err(|e| ImportError::NotJson {
        line: e.line(),
        column: e.column(),
        truncated: e.is_eof(),
    })
}

fn not_actor(field: &str) -> ImportError {
    ImportError::NotAFoundryActor {
        field: field.to_owned(),
    }
}

pub(crate) fn bad(field: &str, value: &Value) -> ImportError {
    let mut value = value.to_string();
    if value.len() > 40 {
        let mut end = 40;
        while !value.is_char_boundary(end) {
            end -= 1;
        }
        value.truncate(end);
        value.push('…');
    }
    ImportError::BadField {
        field: field.to_owned(),
        value,
    }
}

/// A bounded text field; `None` when absent or not a string.
pub(crate) fn text<'a>(
    obj: &'a Map<String, Value>,
    key: &str,
    field: &str,
) -> Result<Option<&'a str>, ImportError> {
    match obj.get(key).and_then(Value::as_str) {
        Some(s) if s.chars().count() > MAX_NAME_CHARS => Err(ImportError::OverBound {
            field: field.to_owned(),
            max: MAX_NAME_CHARS,
        }),
        other => Ok(other),
    }
}

/// A whole number in `0..=max`, from a number or a numeric string.
pub(crate) fn number(v: &Value, max: u64, field: &str) -> Result<Option<u64>, ImportError> {
    let n = match v {
        Value::Null => return Ok(None),
        Value::String(s) if s.trim().is_empty() => return Ok(None),
        Value::String(s) => s.trim().parse::<u64>().ok(),
        Value::Number(n) => n.as_u64(),
        _ => None,
    };
    match n {
        Some(n) if n <= max => Ok(Some(n)),
        _ => Err(bad(field, v)),
    }
}

fn read_actor(
    root: &Value,
    catalog: &Catalog,
    rename: Option<&str>,
) -> Result<Imported, ImportError> {
    let actor = root.as_object().ok_or_else(|| not_actor("(top level)"))?;
    let kind = actor
        .get("type")
        .and_then(Value::as_str)
        .ok_or_else(|| not_actor("type"))?;
    let system = actor
        .get("system")
        .and_then(Value::as_object)
        .ok_or_else(|| not_actor("system"))?;
    let abilities = system
        .get("abilities")
        .and_then(Value::as_object)
        .ok_or_else(|| not_actor("system.abilities"))?;
    let items = actor
        .get("items")
        .and_then(Value::as_array)
        .ok_or_else(|| not_actor("items"))?;
    if kind != "character" {
        let mut kind = kind.to_owned();
        kind.truncate(kind.char_indices().nth(40).map_or(kind.len(), |(i, _)| i));
        return Err(ImportError::NotACharacter { kind });
    }
    if items.len() > MAX_ITEMS {
        return Err(ImportError::OverBound {
            field: "items".into(),
            max: MAX_ITEMS,
        });
    }
    let sheet_name = text(actor, "name", "name")?.unwrap_or("");
    let name = rename.unwrap_or(sheet_name).trim().to_owned();
    if name.is_empty() {
        return Err(not_actor("name"));
    }
    let mut report = Report::default();

    // Abilities.
    let mut scores = [10u8; 6];
    for (i, ability) in Ability::ALL.into_iter().enumerate() {
        let key = ability_key(ability);
        let field = format!("system.abilities.{key}.value");
        let v = abilities
            .get(key)
            .and_then(|a| a.get("value"))
            .ok_or_else(|| not_actor(&field))?;
        scores[i] = number(v, 30, &field)?.ok_or_else(|| bad(&field, v))? as u8;
    }
    let scores = AbilityScores::new(scores)?;
    report.mapped("system.abilities", "abilities", Mapped::Abilities);

    // Classes first: the caster is built from them.
    let mut classes: Vec<(Class, u8)> = Vec::new();
    let mut other_levels = 0u8;
    let mut classes_2014 = Vec::new();
    // Hit Point Dice spent, per class item: (its field, its name, the class, how many).
    let mut dice_spent: Vec<(String, &str, Class, u8)> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let field = format!("items[{i}]");
        let Some(obj) = item.as_object() else {
            return Err(bad(&field, item));
        };
        if obj.get("type").and_then(Value::as_str) != Some("class") {
            continue;
        }
        let label = text(obj, "name", &format!("{field}.name"))?.unwrap_or("");
        let sys = obj.get("system").and_then(Value::as_object);
        let ident_field = format!("{field}.system.identifier");
        let ident = sys
            .and_then(|s| s.get("identifier"))
            .and_then(Value::as_str)
            .map(str::to_owned)
            .unwrap_or_else(|| label.to_lowercase());
        let levels_field = format!("{field}.system.levels");
        let lv = sys
            .and_then(|s| s.get("levels"))
            .ok_or_else(|| not_actor(&levels_field))?;
        let level = number(lv, 20, &levels_field)?
            .filter(|l| *l >= 1)
            .ok_or_else(|| bad(&levels_field, lv))? as u8;
        match class_of(&ident) {
            Some(Some(class)) => {
                if classes.iter().any(|(c, _)| *c == class) {
                    return Err(bad(&ident_field, &Value::String(ident)));
                }
                classes.push((class, level));
                report.mapped(&field, label, Mapped::Class { class, level });
                if sys
                    .and_then(|s| s.get("source"))
                    .and_then(|s| s.get("rules"))
                    .and_then(Value::as_str)
                    == Some("2014")
                {
                    classes_2014.push(class);
                }
                // `hd.spent` (dnd5e 4 and later), `hitDiceUsed` before.
                let (spent_field, spent) =
                    match sys.and_then(|s| s.get("hd")).and_then(|h| h.get("spent")) {
                        Some(v) => (format!("{field}.system.hd.spent"), v),
                        None => (
                            format!("{field}.system.hitDiceUsed"),
                            sys.and_then(|s| s.get("hitDiceUsed"))
                                .unwrap_or(&Value::Null),
                        ),
                    };
                if let Some(n) = number(spent, u64::from(level), &spent_field)?
                    && n > 0
                {
                    dice_spent.push((spent_field, label, class, n as u8));
                }
            }
            Some(None) => {
                other_levels = other_levels.saturating_add(level);
                report.skipped(&field, label, Skip::ClassWithoutSpells);
            }
            None => {
                let mut class = ident;
                class.truncate(class.char_indices().nth(40).map_or(class.len(), |(i, _)| i));
                return Err(ImportError::UnknownClass {
                    field: ident_field,
                    class,
                });
            }
        }
    }
    if classes.is_empty() {
        return Err(ImportError::NotASpellcaster);
    }
    let mut caster = Caster::new(&name, &classes, scores)?;
    let mut sheet = SheetFacts::read(system, other_levels)?;
    sheet.classes_2014 = classes_2014;

    // Subclasses first, chosen as Grimoire's own, so that the spells they
    // keep prepared are theirs (the sheet's always-prepared spells tell a
    // subclass's option, Circle of the Land's land).
    let always: std::collections::BTreeSet<grimoire_rules::SpellId> = items
        .iter()
        .filter(|i| i.get("type").and_then(Value::as_str) == Some("spell"))
        .filter_map(|i| {
            let sys = i.get("system")?.as_object()?;
            let (_, prep) = spell_mode(sys, "").ok()?;
            let ident = sys.get("identifier").and_then(Value::as_str);
            let label = i.get("name").and_then(Value::as_str);
            let found = ident
                .and_then(|x| catalog.get(x))
                .or_else(|| label.and_then(|x| catalog.get(x)))?;
            (prep == Prep::Always).then(|| found.spell.id.clone())
        })
        .collect();
    let mut subclasses: HashMap<usize, Class> = HashMap::new();
    for (i, item) in items.iter().enumerate() {
        if item.get("type").and_then(Value::as_str) != Some("subclass") {
            continue;
        }
        let sys = item.get("system");
        let label = item.get("name").and_then(Value::as_str).unwrap_or("");
        let key = sys
            .and_then(|s| s.get("identifier"))
            .and_then(Value::as_str)
            .unwrap_or(label);
        let of = sys
            .and_then(|s| s.get("classIdentifier"))
            .and_then(Value::as_str)
            .and_then(|c| class_of(c).flatten());
        let candidates: Vec<Class> = match of {
            Some(c) => vec![c],
            None => caster.classes().iter().map(|(c, _)| *c).collect(),
        };
        if let Some(class) = candidates
            .into_iter()
            .find(|c| crate::subclass::choose(&mut caster, catalog, *c, key, &always))
        {
            subclasses.insert(i, class);
        }
    }

    // The spells Spell Scrolls hold (a copy of the spell flagged as cached for the scroll).
    let mut scroll_spells: HashMap<&str, &CatalogSpell> = HashMap::new();
    for item in items {
        let parent = item
            .get("flags")
            .and_then(|f| f.get("dnd5e"))
            .and_then(|f| f.get("cachedFor"))
            .and_then(Value::as_str)
            .and_then(|c| c.split('.').nth(2));
        let sys = item.get("system");
        let ident = sys
            .and_then(|s| s.get("identifier"))
            .and_then(Value::as_str);
        let label = item.get("name").and_then(Value::as_str);
        if let Some(parent) = parent
            && let Some(found) = ident
                .and_then(|i| catalog.get(i))
                .or_else(|| label.and_then(|l| catalog.get(l)))
        {
            scroll_spells.insert(parent, found);
        }
    }

    // The spells charged items (wands, staffs) cast.
    let charged = crate::charged::cached_spells(items, catalog);

    // The armor worn, for the Armor Class Foundry would compute.
    let worn = crate::armor::worn(system, items, &caster, &mut report)?;

    // Spells and everything else, in file order.
    let mut wizard_book = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let field = format!("items[{i}]");
        let obj = item.as_object().ok_or_else(|| bad(&field, item))?;
        let label = text(obj, "name", &format!("{field}.name"))?.unwrap_or("");
        let kind = obj.get("type").and_then(Value::as_str).unwrap_or("");
        match kind {
            "class" => {}
            "spell" => read_spell(
                obj,
                &field,
                label,
                catalog,
                &mut caster,
                &mut report,
                &mut sheet,
                &mut wizard_book,
            )?,
            "subclass" => match subclasses.get(&i) {
                Some(class) => report.mapped(&field, label, Mapped::Subclass { class: *class }),
                None => report.skipped(&field, label, Skip::Subclass),
            },
            "feat" if is_font_of_magic(obj) && caster.sorcery_points_max() > 0 => {
                read_sorcery_points(obj, &field, label, &mut caster, &mut report)?
            }
            "feat" | "race" | "background" => report.skipped(&field, label, Skip::Feature),
            _ if crate::charged::read_charged(
                obj,
                &field,
                label,
                &charged,
                &mut caster,
                &mut report,
            )? => {}
            _ if worn.as_ref().is_some_and(|w| w.items.contains(&i)) => {
                report.mapped(&field, label, Mapped::ArmorWorn)
            }
            "consumable" => {
                read_scroll(obj, &field, label, &scroll_spells, &mut caster, &mut report)?
            }
            _ => report.skipped(&field, label, Skip::Item),
        }
    }
    for id in wizard_book {
        caster.apply(&Event::SpellCopied { spell: id });
    }

    read_slots(system, &mut caster, &mut report)?;
    let worn_ac = worn.map(|w| w.ac);
    read_vitals(system, other_levels, worn_ac, &mut caster, &mut report)?;
    read_hit_dice(&dice_spent, &mut caster, &mut report);
    Ok(Imported {
        caster,
        report,
        sheet,
    })
}

/// The preparation of a spell item, from either data model.
fn spell_mode(sys: &Map<String, Value>, field: &str) -> Result<(Method, Prep), ImportError> {
    if let Some(method) = sys.get("method").and_then(Value::as_str) {
        let method = match method {
            "spell" | "" => Method::Spell,
            "pact" => Method::Pact,
            "atwill" | "innate" => Method::AtWill,
            "ritual" => Method::Ritual,
            _ => return Err(bad(&format!("{field}.system.method"), &Value::from(method))),
        };
        let pf = format!("{field}.system.prepared");
        let prep = match sys.get("prepared") {
            None | Some(Value::Null) => Prep::Not,
            Some(v) => match number(v, 2, &pf)? {
                Some(1) => Prep::Prepared,
                Some(2) => Prep::Always,
                _ => Prep::Not,
            },
        };
        return Ok((method, prep));
    }
    // Before dnd5e 5.1: system.preparation.mode and .prepared.
    let Some(p) = sys.get("preparation").and_then(Value::as_object) else {
        return Ok((Method::Spell, Prep::Not));
    };
    let prepared = p.get("prepared").and_then(Value::as_bool).unwrap_or(false);
    let mode = p.get("mode").and_then(Value::as_str).unwrap_or("prepared");
    Ok(match mode {
        "always" => (Method::Spell, Prep::Always),
        "pact" => (Method::Pact, Prep::Prepared),
        "atwill" | "innate" => (Method::AtWill, Prep::Not),
        "ritual" => (Method::Ritual, Prep::Not),
        "prepared" => (
            Method::Spell,
            if prepared { Prep::Prepared } else { Prep::Not },
        ),
        other => {
            return Err(bad(
                &format!("{field}.system.preparation.mode"),
                &Value::from(other),
            ));
        }
    })
}

#[allow(clippy::too_many_arguments)]
fn read_spell(
    obj: &Map<String, Value>,
    field: &str,
    label: &str,
    catalog: &Catalog,
    caster: &mut Caster,
    report: &mut Report,
    sheet: &mut SheetFacts,
    wizard_book: &mut Vec<grimoire_rules::SpellId>,
) -> Result<(), ImportError> {
    let cached = obj
        .get("flags")
        .and_then(|f| f.get("dnd5e"))
        .and_then(|f| f.get("cachedFor"))
        .is_some();
    if cached {
        report.skipped(field, label, Skip::ItemSpell);
        return Ok(());
    }
    let empty = Map::new();
    let sys = obj
        .get("system")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let ident = text(sys, "identifier", &format!("{field}.system.identifier"))?;
    let found = ident
        .and_then(|i| catalog.get(i))
        .or_else(|| catalog.get(label));
    let Some(found) = found else {
        report.skipped(field, label, Skip::UnknownSpell);
        return Ok(());
    };
    let spell: &Spell = &found.spell;
    let (method, prep) = spell_mode(sys, field)?;
    let source = sys
        .get("sourceClass")
        .and_then(Value::as_str)
        .and_then(|s| class_of(s).flatten())
        .filter(|c| caster.class_level(*c) > 0);
    let free = free_uses(sys);
    if method != Method::Ritual
        && let Some((level, spent)) = arcanum_of(caster, sheet, spell, source, free)
    {
        caster.apply(&Event::SpellPrepared {
            spell: spell.id.clone(),
        });
        if spent {
            caster.apply(&Event::ArcanumUsed { level });
        }
        sheet.arcanum.insert(level.get(), spell.id.clone());
        sheet.spells.insert(spell.id.clone());
        report.mapped(field, label, Mapped::Arcanum { level: level.get() });
        return Ok(());
    }
    match (method, prep) {
        (Method::AtWill, _) => {
            if free.is_none() {
                report.skipped(field, label, Skip::AtWill);
            }
        }
        (Method::Ritual, _) => {
            report.skipped(field, label, Skip::RitualOnly);
            return Ok(());
        }
        (_, Prep::Always) => {
            let class = source
                .or_else(|| caster.casting_class(spell, None).ok())
                .unwrap_or(caster.classes()[0].0);
            if !caster.is_always_prepared(&spell.id) {
                caster.apply(&Event::ExtraSpellAdded {
                    extra: ExtraSpell {
                        spell: spell.id.clone(),
                        class,
                        always_prepared: true,
                    },
                });
            }
            report.mapped(field, label, Mapped::AlwaysPrepared { class });
        }
        (_, _) if spell.level.is_cantrip() => {
            caster.apply(&Event::CantripLearned {
                spell: spell.id.clone(),
            });
            report.mapped(field, label, Mapped::Cantrip);
        }
        (_, Prep::Prepared) => {
            caster.apply(&Event::SpellPrepared {
                spell: spell.id.clone(),
            });
            if in_wizard_book(caster, spell, source) {
                wizard_book.push(spell.id.clone());
            }
            report.mapped(field, label, Mapped::Prepared);
        }
        (_, Prep::Not) => {
            if in_wizard_book(caster, spell, source) {
                wizard_book.push(spell.id.clone());
                report.mapped(field, label, Mapped::Spellbook);
            } else {
                report.skipped(field, label, Skip::NotPrepared);
            }
        }
    }
    sheet.spells.insert(spell.id.clone());
    let rules = sys
        .get("source")
        .and_then(|s| s.get("rules"))
        .and_then(Value::as_str);
    if rules == Some("2014") {
        sheet.rules_2014.insert(spell.id.clone());
    }
    // An innate spell is its free uses; a prepared one has them besides.
    let uses_field = if method == Method::AtWill {
        field.to_owned()
    } else {
        format!("{field}.system.uses")
    };
    match free {
        None => {}
        Some(None) => report.skipped(uses_field, label, Skip::FreeUsesFormula),
        Some(Some((max, spent, recharge))) => {
            let mut feature = LimitedUse::new(label, vec![spell.id.clone()], max, recharge);
            feature.cast_level = grimoire_cast_level(obj).filter(|l| *l > spell.level);
            caster.apply(&Event::FeatureAdded { feature });
            for _ in 0..spent.min(max) {
                caster.apply(&Event::FeatureUsed {
                    name: label.to_owned(),
                });
            }
            report.mapped(uses_field, label, Mapped::FreeUses { max });
        }
    }
    Ok(())
}

/// The Mystic Arcanum a spell item is, and whether it was used: a Warlock
/// spell of level 6–9 cast once per Long Rest without a slot (Foundry's
/// premades: `method: atwill`, `uses.max: 1`, recovered on a long rest),
/// of a level the caster's Warlock levels give an Arcanum for and the
/// sheet has not given another spell, from no other class.
fn arcanum_of(
    caster: &Caster,
    sheet: &SheetFacts,
    spell: &Spell,
    source: Option<Class>,
    free: Option<Option<(u8, u8, Recharge)>>,
) -> Option<(SlotLevel, bool)> {
    let Some(Some((1, spent, Recharge::LongRest))) = free else {
        return None;
    };
    let level = open_arcanum(caster, sheet, spell)?;
    source
        .is_none_or(|c| c == Class::Warlock)
        .then_some((level, spent > 0))
}

/// The Mystic Arcanum level a Warlock spell of level 6–9 would take: one
/// the caster's Warlock levels give and the sheet has not given a spell.
pub(crate) fn open_arcanum(
    caster: &Caster,
    sheet: &SheetFacts,
    spell: &Spell,
) -> Option<SlotLevel> {
    let level = spell.level.min_slot().filter(|l| l.get() >= 6)?;
    let open = caster.arcanum().iter().any(|a| a.level == level)
        && !sheet.arcanum.contains_key(&level.get());
    (open && spell.on_class_list(Class::Warlock)).then_some(level)
}

/// Whether a feat item is the Sorcerer's Font of Magic, whose uses are the
/// Sorcery Points (`system.identifier: font-of-magic`).
fn is_font_of_magic(obj: &Map<String, Value>) -> bool {
    obj.get("system")
        .and_then(|s| s.get("identifier"))
        .and_then(Value::as_str)
        == Some("font-of-magic")
}

/// Sorcery Points spent (`system.uses.spent` of Font of Magic; its maximum
/// is the Sorcerer level, which Grimoire derives itself). More spent than
/// the caster has are all of them.
fn read_sorcery_points(
    obj: &Map<String, Value>,
    field: &str,
    label: &str,
    caster: &mut Caster,
    report: &mut Report,
) -> Result<(), ImportError> {
    let spent_field = format!("{field}.system.uses.spent");
    let spent = obj
        .get("system")
        .and_then(|s| s.get("uses"))
        .and_then(|u| u.get("spent"))
        .unwrap_or(&Value::Null);
    let spent = number(spent, u64::from(u8::MAX), &spent_field)?.unwrap_or(0) as u8;
    let spent = spent.min(caster.sorcery_points_max());
    if spent > 0 {
        caster.apply(&Event::SorceryPointsSpent {
            points: spent,
            what: "font-of-magic".into(),
        });
    }
    report.mapped(spent_field, label, Mapped::SorceryPoints { spent });
    Ok(())
}

/// Hit Point Dice spent, kept with the hit points: without them (a sheet
/// whose hit points Foundry computes) each class's spent dice are reported.
pub(crate) fn read_hit_dice(
    spent: &[(String, &str, Class, u8)],
    caster: &mut Caster,
    report: &mut Report,
) {
    if spent.is_empty() {
        return;
    }
    if caster.vitals().is_none() {
        for (field, label, _, _) in spent {
            report.skipped(field, label, Skip::HitDiceWithoutVitals);
        }
        return;
    }
    let dice = spent
        .iter()
        .fold(HitDice::default(), |d, (_, _, class, n)| {
            d.plus(hit_die(*class), *n)
        });
    caster.apply(&Event::HitDiceSpent { spent: dice });
    for (field, label, _, n) in spent {
        report.mapped(field, label, Mapped::HitDice { spent: *n });
    }
}

/// The level Grimoire's export says a free cast is made at
/// (`flags.grimoire.castLevel`: Foundry has no field of its own for an
/// innate spell cast above its level, and keeps a module's flags).
fn grimoire_cast_level(obj: &Map<String, Value>) -> Option<grimoire_rules::SpellLevel> {
    obj.get("flags")
        .and_then(|f| f.get("grimoire"))
        .and_then(|g| g.get("castLevel"))
        .and_then(Value::as_u64)
        .and_then(|l| u8::try_from(l).ok())
        .and_then(|l| grimoire_rules::SpellLevel::new(l).ok())
}

/// A spell's own uses: `None` without any, `Some(None)` for a formula
/// Grimoire does not evaluate, else (max, spent, recharge).
#[allow(clippy::type_complexity)]
fn free_uses(sys: &Map<String, Value>) -> Option<Option<(u8, u8, Recharge)>> {
    let uses = sys.get("uses")?.as_object()?;
    let max = uses.get("max")?;
    let max = match max {
        Value::Null => return None,
        Value::String(s) if s.trim().is_empty() => return None,
        Value::String(s) => s.trim().parse::<u8>().ok(),
        Value::Number(n) => n.as_u64().and_then(|n| u8::try_from(n).ok()),
        _ => None,
    };
    let Some(max) = max.filter(|m| *m > 0) else {
        return Some(None);
    };
    let spent = uses
        .get("spent")
        .and_then(Value::as_u64)
        .map_or(0, |n| n.min(255) as u8);
    let period = uses
        .get("recovery")
        .and_then(Value::as_array)
        .and_then(|r| r.first())
        .and_then(|r| r.get("period"))
        .and_then(Value::as_str);
    let recharge = match period {
        None => Recharge::Never,
        Some("sr") => Recharge::ShortRest,
        Some(_) => Recharge::LongRest,
    };
    Some(Some((max, spent, recharge)))
}

/// The most copies of one scroll item kept (its `quantity`).
const MAX_SCROLL_COPIES: u64 = 20;

/// A Spell Scroll whose spell the catalogue knows: one magic item per copy.
fn read_scroll(
    obj: &Map<String, Value>,
    field: &str,
    label: &str,
    scroll_spells: &HashMap<&str, &CatalogSpell>,
    caster: &mut Caster,
    report: &mut Report,
) -> Result<(), ImportError> {
    let id = obj.get("_id").and_then(Value::as_str).unwrap_or("");
    let sys = obj.get("system");
    let is_scroll = sys
        .and_then(|s| s.get("identifier"))
        .and_then(Value::as_str)
        == Some("spell-scroll");
    let Some(found) = scroll_spells
        .get(id)
        .filter(|_| is_scroll && !id.is_empty())
    else {
        report.skipped(field, label, Skip::Item);
        return Ok(());
    };
    let quantity = match sys.and_then(|s| s.get("quantity")) {
        None | Some(Value::Null) => 1,
        Some(v) => {
            number(v, u64::from(u32::MAX), &format!("{field}.system.quantity"))?.unwrap_or(1)
        }
    };
    if quantity > MAX_SCROLL_COPIES {
        report.skipped(
            format!("{field}.system.quantity"),
            label,
            Skip::CopiesOverBound,
        );
    }
    let quantity = quantity.min(MAX_SCROLL_COPIES);
    for n in 1..=quantity {
        let mut item = MagicItem::scroll(found.spell.id.clone(), found.spell.level);
        item.name = if n == 1 {
            label.to_owned()
        } else {
            format!("{label} ({n})")
        };
        caster.apply(&Event::ItemAdded { item });
    }
    if quantity > 0 {
        report.mapped(
            field,
            label,
            Mapped::Scrolls {
                count: quantity as u8,
            },
        );
    } else {
        report.skipped(field, label, Skip::Item);
    }
    Ok(())
}

/// A Wizard's spell on the sheet is in the spellbook.
fn in_wizard_book(caster: &Caster, spell: &Spell, source: Option<Class>) -> bool {
    caster.class_level(Class::Wizard) > 0
        && spell.on_class_list(Class::Wizard)
        && source.is_none_or(|c| c == Class::Wizard)
}

/// Slots remaining: `system.spells.spellN.value` and `.pact.value`.
fn read_slots(
    system: &Map<String, Value>,
    caster: &mut Caster,
    report: &mut Report,
) -> Result<(), ImportError> {
    let Some(spells) = system.get("spells").and_then(Value::as_object) else {
        return Ok(());
    };
    for n in 1..=9u8 {
        let key = format!("spell{n}");
        let field = format!("system.spells.{key}.value");
        let level = SlotLevel::new(n)?;
        let total = caster.slots().total(level);
        let Some(v) = spells.get(&key).and_then(|s| s.get("value")) else {
            continue;
        };
        let Some(value) = number(v, 99, &field)? else {
            continue;
        };
        if total == 0 && value == 0 {
            continue;
        }
        let remaining = (value as u8).min(total);
        for _ in remaining..total {
            caster.apply(&Event::SlotExpended {
                level,
                pact: false,
                off_turn: true,
            });
        }
        report.mapped(
            &field,
            &key,
            Mapped::SlotsRemaining {
                level: n,
                remaining,
            },
        );
        if value as u8 > total {
            report.skipped(&field, &key, Skip::SlotsOverMax);
        }
    }
    if let Some(v) = spells.get("pact").and_then(|s| s.get("value")) {
        let field = "system.spells.pact.value";
        if let (Some(value), Some(pact)) = (number(v, 99, field)?, caster.pact_slots().cloned()) {
            let remaining = (value as u8).min(pact.total());
            for _ in remaining..pact.total() {
                caster.apply(&Event::SlotExpended {
                    level: pact.level(),
                    pact: true,
                    off_turn: true,
                });
            }
            report.mapped(field, "pact", Mapped::PactSlotsRemaining { remaining });
            if value as u8 > pact.total() {
                report.skipped(field, "pact", Skip::SlotsOverMax);
            }
        }
    }
    Ok(())
}

/// Hit points and Armor Class. A maximum the file leaves for Foundry to
/// compute (`hp.max` null or missing, as on every premade) is worked out
/// by the 2024 fixed method from the classes' Hit Point Dice and
/// Constitution, `hp.value` then being the current hit points (kept at
/// the maximum; the check flags one above it); not when levels in
/// classes without spells, which Grimoire does not hold, would count. An
/// Armor Class Foundry computes from the armor worn (`calc: default`) is
/// `worn_ac` ([`crate::armor::worn`]); one it computes otherwise (a
/// formula, a class's unarmored defense) is recorded as the unarmored one
/// ([`Caster::unarmored_ac`]) and reported.
fn read_vitals(
    system: &Map<String, Value>,
    other_levels: u8,
    worn_ac: Option<u8>,
    caster: &mut Caster,
    report: &mut Report,
) -> Result<(), ImportError> {
    let attrs = system.get("attributes");
    let hp = attrs.and_then(|a| a.get("hp"));
    let ac = attrs.and_then(|a| a.get("ac"));
    let field = |key: &str| hp.and_then(|h| h.get(key)).unwrap_or(&Value::Null);
    let bound = u64::from(grimoire_rules::MAX_HIT_POINTS);
    let max = number(field("max"), bound, "system.attributes.hp.max")?;
    let value = number(field("value"), bound, "system.attributes.hp.value")?;
    let temp = number(field("temp"), bound, "system.attributes.hp.temp")?;
    let flat = ac
        .filter(|a| a.get("calc").and_then(Value::as_str) == Some("flat"))
        .and_then(|a| a.get("flat"))
        .unwrap_or(&Value::Null);
    let flat = number(
        flat,
        u64::from(grimoire_rules::MAX_ARMOR_CLASS),
        "system.attributes.ac.flat",
    )?;
    let (max, fixed) = match (max, value) {
        (Some(max), _) => (max as u32, false),
        (None, Some(_)) if other_levels == 0 => (caster.fixed_max_hp(), true),
        (None, _) => {
            report.skipped("system.attributes.hp", "hp", Skip::VitalsComputed);
            return Ok(());
        }
    };
    let ac = match (flat, worn_ac) {
        (Some(flat), _) => flat as u8,
        (None, Some(worn)) => worn,
        (None, None) => {
            report.skipped("system.attributes.ac", "ac", Skip::ArmorClassComputed);
            caster.unarmored_ac()
        }
    };
    let mut vitals = Vitals::new(max, ac)?;
    if let Some(v) = value {
        vitals.hp = (v as u32).min(vitals.max_hp);
    }
    if let Some(t) = temp {
        vitals.temp_hp = t as u32;
    }
    caster.apply(&Event::VitalsSet { vitals });
    let what = if fixed {
        Mapped::FixedMaxHp { max_hp: max }
    } else {
        Mapped::Vitals
    };
    report.mapped("system.attributes.hp", "hp", what);
    Ok(())
}
