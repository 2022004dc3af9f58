//! Reading a D&D Beyond character (the JSON its character endpoint
//! returns, saved by the player) into a [`Caster`] and a report.
//!
//! The file is either the whole answer (`{"success": true, "data": {...}}`)
//! or its `data` object. Fields are read by hand, as in the Foundry reader,
//! so an error names the JSON path and an unknown field is never fatal.

use std::collections::{BTreeMap, BTreeSet};

use grimoire_catalog::{Catalog, CatalogSpell};
use grimoire_rules::{
    Ability, AbilityScores, Caster, Class, Event, ExtraSpell, LimitedUse, MagicItem, Recharge,
    SlotLevel, SpellId, SpellLevel, Vitals,
};
use serde_json::{Map, Value};

use crate::MAX_ITEMS;
use crate::error::ImportError;
use crate::read::{Imported, bad, number, parse_bounded, text};
use crate::report::{Mapped, Report, Skip};
use crate::sheet::{SheetFacts, class_of};

/// The most classes a character may list.
const MAX_CLASSES: usize = 20;

/// The modifier groups whose bonuses count (`modifiers.<group>`).
const MODIFIER_GROUPS: [&str; 5] = ["race", "class", "background", "feat", "item"];

/// The spell groups granted outside the class lists (`spells.<group>`).
const GRANTED_GROUPS: [&str; 4] = ["race", "class", "background", "feat"];

/// D&D Beyond's names of the abilities, in the order of their ids 1–6.
const ABILITY_NAMES: [&str; 6] = [
    "strength",
    "dexterity",
    "constitution",
    "intelligence",
    "wisdom",
    "charisma",
];

/// Reads a D&D Beyond character JSON, resolving spells in `catalog`.
/// Refuses a file over [`MAX_FILE_BYTES`] before parsing it.
pub fn import_ddb(bytes: &[u8], catalog: &Catalog) -> Result<Imported, ImportError> {
    import_ddb_as(bytes, catalog, None)
}

/// Like [`import_ddb`], the character named `name` instead of the sheet's
/// `name` when one is given.
pub fn import_ddb_as(
    bytes: &[u8],
    catalog: &Catalog,
    name: Option<&str>,
) -> Result<Imported, ImportError> {
    let root = parse_bounded(bytes)?;
    Reader::new(&root, catalog)?.read(name)
}

fn not_ddb(field: impl Into<String>) -> ImportError {
    ImportError::NotADdbCharacter {
        field: field.into(),
    }
}

/// A list field, bounded; an absent or null one is empty.
fn list<'a>(
    obj: &'a Map<String, Value>,
    key: &str,
    field: &str,
) -> Result<&'a [Value], ImportError> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(items)) if items.len() > MAX_ITEMS => Err(ImportError::OverBound {
            field: field.to_owned(),
            max: MAX_ITEMS,
        }),
        Some(Value::Array(items)) => Ok(items),
        Some(other) => Err(bad(field, other)),
    }
}

/// A signed whole number (a bonus), from a number or a numeric string.
fn signed(v: Option<&Value>) -> Option<i64> {
    match v? {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn flag(v: Option<&Value>) -> bool {
    v.and_then(Value::as_bool).unwrap_or(false)
}

/// Whether a definition (a class's, a spell's) is the 2014 one: marked
/// legacy, or sourced from the 2014 Basic Rules (1) or Player's Handbook (2) only.
fn legacy(definition: Option<&Value>) -> bool {
    let Some(def) = definition else {
        return false;
    };
    if flag(def.get("isLegacy")) {
        return true;
    }
    let ids: Vec<u64> = def
        .get("sources")
        .and_then(Value::as_array)
        .map(|s| {
            s.iter()
                .take(MAX_CLASSES)
                .filter_map(|s| s.get("sourceId").and_then(Value::as_u64))
                .collect()
        })
        .unwrap_or_default();
    !ids.is_empty() && ids.iter().all(|id| *id == 1 || *id == 2)
}

/// When uses come back, by D&D Beyond's `resetType` (1 Short Rest, 2 Long
/// Rest, 3 dawn).
fn recharge_of(reset: Option<&Value>) -> Recharge {
    match reset.and_then(Value::as_u64) {
        Some(1) => Recharge::ShortRest,
        Some(2 | 3) => Recharge::LongRest,
        _ => Recharge::Never,
    }
}

struct Reader<'a> {
    data: &'a Map<String, Value>,
    /// `data.` when the file is the whole answer, else empty.
    at: &'static str,
    catalog: &'a Catalog,
    report: Report,
    sheet: SheetFacts,
    /// Item definition ids of the items equipped.
    active: BTreeSet<u64>,
    /// Of those, the ones attuned.
    attuned: BTreeSet<u64>,
    /// Hit Point Dice spent (`classes[].hitDiceUsed`): the field, the
    /// class's name, the class, how many.
    dice_spent: Vec<(String, &'a str, Class, u8)>,
    /// Subclasses: the field, the name, the class (a spellcasting one).
    subclasses: Vec<(String, String, Option<Class>)>,
}

impl<'a> Reader<'a> {
    fn new(root: &'a Value, catalog: &'a Catalog) -> Result<Self, ImportError> {
        let top = root.as_object().ok_or_else(|| not_ddb("(top level)"))?;
        if top.get("success") == Some(&Value::Bool(false)) {
            return Err(not_ddb("success"));
        }
        let (data, at) = match top.get("data") {
            Some(Value::Object(data)) => (data, "data."),
            Some(_) => return Err(not_ddb("data")),
            None => (top, ""),
        };
        for key in ["stats", "classes"] {
            if !data.get(key).is_some_and(Value::is_array) {
                return Err(not_ddb(format!("{at}{key}")));
            }
        }
        Ok(Reader {
            data,
            at,
            catalog,
            report: Report::default(),
            sheet: SheetFacts::default(),
            active: BTreeSet::new(),
            attuned: BTreeSet::new(),
            dice_spent: Vec::new(),
            subclasses: Vec::new(),
        })
    }

    /// Each subclass chosen as Grimoire's own before the spells are read
    /// (so the spells it keeps prepared are its own); the class spells the
    /// sheet keeps always prepared tell a subclass's option.
    fn choose_subclasses(&mut self, caster: &mut Caster) {
        let always: BTreeSet<grimoire_rules::SpellId> = self
            .data
            .get("classSpells")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .take(MAX_ITEMS)
            .filter_map(|c| c.get("spells").and_then(Value::as_array))
            .flat_map(|spells| spells.iter().take(MAX_ITEMS))
            .filter(|s| flag(s.get("alwaysPrepared")))
            .filter_map(|s| s.get("definition")?.get("name")?.as_str())
            .filter_map(|n| self.catalog.get(n))
            .map(|f| f.spell.id.clone())
            .collect();
        for (field, name, class) in std::mem::take(&mut self.subclasses) {
            match class {
                Some(class)
                    if crate::subclass::choose(caster, self.catalog, class, &name, &always) =>
                {
                    self.report.mapped(field, &name, Mapped::Subclass { class })
                }
                _ => self.report.skipped(field, &name, Skip::Subclass),
            }
        }
    }

    fn f(&self, path: impl std::fmt::Display) -> String {
        format!("{}{path}", self.at)
    }

    fn read(mut self, rename: Option<&str>) -> Result<Imported, ImportError> {
        let sheet_name = text(self.data, "name", &self.f("name"))?.unwrap_or("");
        let name = rename.unwrap_or(sheet_name).trim().to_owned();
        if name.is_empty() {
            return Err(not_ddb(self.f("name")));
        }
        let inventory = list(self.data, "inventory", &self.f("inventory"))?;
        for item in inventory.iter().filter(|i| flag(i.get("equipped"))) {
            let def = item.get("definition");
            if let Some(id) = def.and_then(|d| d.get("id")).and_then(Value::as_u64) {
                self.active.insert(id);
                if flag(item.get("isAttuned")) {
                    self.attuned.insert(id);
                }
            }
        }
        let scores = self.abilities()?;
        let (classes, ids, levels) = self.classes()?;
        let mut caster = Caster::new(&name, &classes, AbilityScores::new(scores)?)?;
        self.choose_subclasses(&mut caster);
        self.class_spells(&mut caster, &ids)?;
        self.granted_spells(&mut caster)?;
        self.item_spells(&mut caster, inventory)?;
        self.slots(&mut caster)?;
        self.vitals(&mut caster, inventory, scores[2], levels)?;
        crate::read::read_hit_dice(&self.dice_spent, &mut caster, &mut self.report);
        self.others()?;
        Ok(Imported {
            caster,
            report: self.report,
            sheet: self.sheet,
        })
    }

    /// The active modifiers of every group: `(type, subType, value)`.
    fn modifiers(&self) -> Result<Vec<(&'a str, &'a str, i64)>, ImportError> {
        let mut out = Vec::new();
        let Some(groups) = self.data.get("modifiers").and_then(Value::as_object) else {
            return Ok(out);
        };
        for group in MODIFIER_GROUPS {
            for m in list(groups, group, &self.f(format_args!("modifiers.{group}")))? {
                // An item's bonus counts while it is equipped (and attuned, if it says so).
                let item = m.get("componentId").and_then(Value::as_u64);
                if group == "item"
                    && !item.is_some_and(|id| {
                        self.active.contains(&id)
                            && (!flag(m.get("requiresAttunement")) || self.attuned.contains(&id))
                    })
                {
                    continue;
                }
                let kind = m.get("type").and_then(Value::as_str).unwrap_or("");
                let sub = m.get("subType").and_then(Value::as_str).unwrap_or("");
                if let Some(v) = signed(m.get("value")) {
                    out.push((kind, sub, v.clamp(-99, 99)));
                }
            }
        }
        Ok(out)
    }

    /// Scores: the override, else the base plus bonuses (or a score an item sets).
    fn abilities(&mut self) -> Result<[u8; 6], ImportError> {
        let stat = |key: &str, id: u64| -> Result<Option<&Value>, ImportError> {
            let entries = list(self.data, key, &self.f(key))?;
            Ok(entries
                .iter()
                .find(|s| s.get("id").and_then(Value::as_u64) == Some(id))
                .and_then(|s| s.get("value"))
                .filter(|v| !v.is_null()))
        };
        let mods = self.modifiers()?;
        let mut scores = [10u8; 6];
        for (i, ability) in ABILITY_NAMES.iter().enumerate() {
            let id = i as u64 + 1;
            let field = self.f(format_args!("stats[id={id}].value"));
            if let Some(v) = stat("overrideStats", id)? {
                let over = self.f(format_args!("overrideStats[id={id}].value"));
                scores[i] = number(v, 30, &over)?
                    .filter(|n| *n > 0)
                    .ok_or_else(|| bad(&over, v))? as u8;
                continue;
            }
            let base = stat("stats", id)?.ok_or_else(|| not_ddb(field.clone()))?;
            let base = number(base, 30, &field)?.ok_or_else(|| bad(&field, base))? as i64;
            let bonus = stat("bonusStats", id)?
                .and_then(|v| signed(Some(v)))
                .unwrap_or(0);
            let score_key = format!("{ability}-score");
            let mut score = base + bonus.clamp(-30, 30);
            let mut set = 0;
            for (kind, sub, v) in &mods {
                if *sub == score_key {
                    match *kind {
                        "bonus" => score += v,
                        "set" => set = set.max(*v),
                        _ => {}
                    }
                }
            }
            scores[i] = score.max(set).clamp(1, 30) as u8;
        }
        self.report
            .mapped(self.f("stats"), "abilities", Mapped::Abilities);
        Ok(scores)
    }

    /// Classes and levels; the class ids `classSpells` refer to; all levels.
    #[allow(clippy::type_complexity)]
    fn classes(&mut self) -> Result<(Vec<(Class, u8)>, BTreeMap<u64, Class>, u8), ImportError> {
        let entries = list(self.data, "classes", &self.f("classes"))?;
        if entries.len() > MAX_CLASSES {
            return Err(ImportError::OverBound {
                field: self.f("classes"),
                max: MAX_CLASSES,
            });
        }
        let mut classes: Vec<(Class, u8)> = Vec::new();
        let mut ids = BTreeMap::new();
        let mut all = 0u8;
        for (i, c) in entries.iter().enumerate() {
            let field = self.f(format_args!("classes[{i}]"));
            let def = c.get("definition");
            let label = def
                .and_then(Value::as_object)
                .map(|d| text(d, "name", &format!("{field}.definition.name")))
                .transpose()?
                .flatten()
                .ok_or_else(|| not_ddb(format!("{field}.definition.name")))?;
            let lv_field = format!("{field}.level");
            let lv = c.get("level").ok_or_else(|| not_ddb(lv_field.clone()))?;
            let level = number(lv, 20, &lv_field)?
                .filter(|l| *l >= 1)
                .ok_or_else(|| bad(&lv_field, lv))? as u8;
            all = all.saturating_add(level);
            match class_of(label) {
                Some(Some(class)) => {
                    if classes.iter().any(|(c, _)| *c == class) {
                        return Err(bad(
                            &format!("{field}.definition.name"),
                            &Value::from(label),
                        ));
                    }
                    classes.push((class, level));
                    if let Some(id) = c.get("id").and_then(Value::as_u64) {
                        ids.insert(id, class);
                    }
                    if legacy(def) {
                        self.sheet.classes_2014.push(class);
                    }
                    let used_field = format!("{field}.hitDiceUsed");
                    let used = c.get("hitDiceUsed").unwrap_or(&Value::Null);
                    if let Some(n) = number(used, u64::from(level), &used_field)?
                        && n > 0
                    {
                        self.dice_spent.push((used_field, label, class, n as u8));
                    }
                    self.report
                        .mapped(&field, label, Mapped::Class { class, level });
                }
                Some(None) => {
                    self.sheet.other_levels = self.sheet.other_levels.saturating_add(level);
                    self.report.skipped(&field, label, Skip::ClassWithoutSpells);
                }
                None => {
                    let mut class = label.to_owned();
                    class.truncate(class.char_indices().nth(40).map_or(class.len(), |(i, _)| i));
                    return Err(ImportError::UnknownClass {
                        field: format!("{field}.definition.name"),
                        class,
                    });
                }
            }
            if let Some(sub) = c
                .get("subclassDefinition")
                .and_then(|s| s.get("name"))
                .and_then(Value::as_str)
            {
                let sub: String = sub.chars().take(crate::MAX_NAME_CHARS).collect();
                let class = class_of(label).flatten();
                self.subclasses
                    .push((format!("{field}.subclassDefinition"), sub, class));
            }
        }
        if classes.is_empty() {
            return Err(ImportError::NotASpellcaster);
        }
        Ok((classes, ids, all))
    }

    /// A spell entry's label and its catalogue spell, if the catalogue has it.
    fn spell_of(
        &self,
        s: &'a Value,
        field: &str,
    ) -> Result<(&'a str, Option<&'a CatalogSpell>), ImportError> {
        let def = s.get("definition").and_then(Value::as_object);
        let label = match def {
            Some(d) => text(d, "name", &format!("{field}.definition.name"))?.unwrap_or(""),
            None => "",
        };
        Ok((
            label,
            (!label.is_empty())
                .then(|| self.catalog.get(label))
                .flatten(),
        ))
    }

    fn note(&mut self, found: &CatalogSpell, s: &Value) {
        self.sheet.spells.insert(found.spell.id.clone());
        if legacy(s.get("definition")) {
            self.sheet.rules_2014.insert(found.spell.id.clone());
        }
    }

    /// `classSpells[]`: each class's own spells.
    fn class_spells(
        &mut self,
        caster: &mut Caster,
        ids: &BTreeMap<u64, Class>,
    ) -> Result<(), ImportError> {
        let mut book = Vec::new();
        for (k, entry) in list(self.data, "classSpells", &self.f("classSpells"))?
            .iter()
            .enumerate()
        {
            let class = entry
                .get("characterClassId")
                .and_then(Value::as_u64)
                .and_then(|id| ids.get(&id).copied());
            let Some(obj) = entry.as_object() else {
                continue;
            };
            let at = self.f(format_args!("classSpells[{k}].spells"));
            for (j, s) in list(obj, "spells", &at)?.iter().enumerate() {
                let field = format!("{at}[{j}]");
                let (label, found) = self.spell_of(s, &field)?;
                let Some(found) = found else {
                    self.report.skipped(&field, label, Skip::UnknownSpell);
                    continue;
                };
                let Some(class) = class else {
                    // The spells of a class without spellcasting here.
                    self.report.skipped(&field, label, Skip::NotPrepared);
                    continue;
                };
                self.note(found, s);
                let spell = &found.spell;
                let prepares_from_list = matches!(
                    class,
                    Class::Cleric | Class::Druid | Class::Paladin | Class::Wizard
                );
                let prepared = flag(s.get("prepared"))
                    || (!prepares_from_list && flag(s.get("countsAsKnownSpell")));
                if flag(s.get("alwaysPrepared")) {
                    add_always(caster, &spell.id, class);
                    self.report
                        .mapped(&field, label, Mapped::AlwaysPrepared { class });
                } else if spell.level.is_cantrip() {
                    caster.apply(&Event::CantripLearned {
                        spell: spell.id.clone(),
                    });
                    self.report.mapped(&field, label, Mapped::Cantrip);
                } else if prepared
                    && class == Class::Warlock
                    && let Some(level) = crate::read::open_arcanum(caster, &self.sheet, spell)
                {
                    // A Warlock's known spell of level 6-9 is its Mystic Arcanum;
                    // `limitedUse.numberUsed` says whether it is spent.
                    caster.apply(&Event::SpellPrepared {
                        spell: spell.id.clone(),
                    });
                    if let Some(Some((_, used, _))) = self.free_uses(caster, s)
                        && used > 0
                    {
                        caster.apply(&Event::ArcanumUsed { level });
                    }
                    self.sheet.arcanum.insert(level.get(), spell.id.clone());
                    self.report
                        .mapped(&field, label, Mapped::Arcanum { level: level.get() });
                } else if prepared {
                    caster.apply(&Event::SpellPrepared {
                        spell: spell.id.clone(),
                    });
                    if class == Class::Wizard {
                        book.push(spell.id.clone());
                    }
                    self.report.mapped(&field, label, Mapped::Prepared);
                } else if class == Class::Wizard {
                    book.push(spell.id.clone());
                    self.report.mapped(&field, label, Mapped::Spellbook);
                } else {
                    self.report.skipped(&field, label, Skip::NotPrepared);
                }
            }
        }
        for id in book {
            caster.apply(&Event::SpellCopied { spell: id });
        }
        Ok(())
    }

    /// Free uses of a spell entry's `limitedUse`: `None` without any,
    /// `Some(None)` when not a number Grimoire can tell.
    fn free_uses(&self, caster: &Caster, s: &Value) -> Option<Option<(u8, u8, Recharge)>> {
        let lu = s.get("limitedUse").filter(|l| l.is_object())?;
        let max = lu.get("maxUses").and_then(Value::as_u64).unwrap_or(0);
        let max = if max > 0 {
            max
        } else if flag(lu.get("useProficiencyBonus")) {
            u64::from(caster.proficiency_bonus())
        } else if let Some(id) = lu.get("statModifierUsesId").and_then(Value::as_u64) {
            let ability = Ability::ALL.get(id.checked_sub(1)? as usize).copied()?;
            caster.abilities().modifier(ability).max(1) as u64
        } else {
            return None;
        };
        let Ok(max) = u8::try_from(max) else {
            return Some(None);
        };
        let used = lu
            .get("numberUsed")
            .and_then(Value::as_u64)
            .map_or(0, |n| n.min(255) as u8);
        Some(Some((max, used, recharge_of(lu.get("resetType")))))
    }

    /// `spells.race|class|background|feat`: spells a species, feature,
    /// background or feat grants.
    fn granted_spells(&mut self, caster: &mut Caster) -> Result<(), ImportError> {
        let Some(groups) = self.data.get("spells").and_then(Value::as_object) else {
            return Ok(());
        };
        for group in GRANTED_GROUPS {
            let at = self.f(format_args!("spells.{group}"));
            for (j, s) in list(groups, group, &at)?.iter().enumerate() {
                let field = format!("{at}[{j}]");
                let (label, found) = self.spell_of(s, &field)?;
                let Some(found) = found else {
                    self.report.skipped(&field, label, Skip::UnknownSpell);
                    continue;
                };
                self.note(found, s);
                let spell = &found.spell;
                let class = caster
                    .casting_class(spell, None)
                    .unwrap_or(caster.classes()[0].0);
                let free = self.free_uses(caster, s);
                let slotted = flag(s.get("usesSpellSlot"))
                    || flag(s.get("alwaysPrepared"))
                    || flag(s.get("prepared"));
                if spell.level.is_cantrip() || slotted {
                    add_always(caster, &spell.id, class);
                    self.report
                        .mapped(&field, label, Mapped::AlwaysPrepared { class });
                } else if free.is_none() {
                    self.report.skipped(&field, label, Skip::AtWill);
                }
                match free {
                    None => {}
                    Some(None) => self.report.skipped(&field, label, Skip::FreeUsesFormula),
                    Some(Some(uses)) => {
                        let max = add_free_uses(caster, label, found, s, uses);
                        self.report.mapped(
                            format!("{field}.limitedUse"),
                            label,
                            Mapped::FreeUses { max },
                        );
                    }
                }
            }
        }
        Ok(())
    }

    /// `spells.item`: spells cast from an item of the inventory (its
    /// `componentId`). A charged item (wand, staff) becomes a magic item
    /// casting them from its charges; an item without charges gives free
    /// uses when the spell has its own.
    fn item_spells(
        &mut self,
        caster: &mut Caster,
        inventory: &'a [Value],
    ) -> Result<(), ImportError> {
        let Some(groups) = self.data.get("spells").and_then(Value::as_object) else {
            self.report_inventory(inventory, &BTreeSet::new());
            return Ok(());
        };
        let at = self.f("spells.item");
        let entries = list(groups, "item", &at)?;
        // Inventory index → its spells (field, label, spell, charges a cast, level).
        let mut held: BTreeMap<usize, Vec<HeldSpell<'_>>> = BTreeMap::new();
        for (j, s) in entries.iter().enumerate() {
            let field = format!("{at}[{j}]");
            let (label, found) = self.spell_of(s, &field)?;
            let Some(found) = found else {
                self.report.skipped(&field, label, Skip::UnknownSpell);
                continue;
            };
            // The item's definition id (or, failing that, its inventory id).
            let owner = s.get("componentId").and_then(Value::as_u64).and_then(|id| {
                let def_id = |i: &Value| {
                    i.get("definition")
                        .and_then(|d| d.get("id"))
                        .and_then(Value::as_u64)
                };
                inventory
                    .iter()
                    .position(|i| def_id(i) == Some(id))
                    .or_else(|| {
                        inventory
                            .iter()
                            .position(|i| i.get("id").and_then(Value::as_u64) == Some(id))
                    })
            });
            let charged = owner.is_some_and(|i| {
                inventory[i]
                    .get("limitedUse")
                    .and_then(|l| l.get("maxUses"))
                    .and_then(Value::as_u64)
                    .is_some_and(|m| m > 0)
            });
            self.note(found, s);
            if let (Some(i), true) = (owner, charged) {
                let cost = s
                    .get("limitedUse")
                    .and_then(|l| l.get("minNumberConsumed"))
                    .and_then(Value::as_u64)
                    .unwrap_or(1);
                let level = s.get("castAtLevel").and_then(Value::as_u64);
                let dc = s.get("overrideSaveDc").and_then(Value::as_u64);
                held.entry(i).or_default().push(HeldSpell {
                    field,
                    label,
                    found,
                    cost,
                    level,
                    dc,
                });
                continue;
            }
            match self.free_uses(caster, s) {
                Some(Some(uses)) => {
                    let max = add_free_uses(caster, label, found, s, uses);
                    self.report.mapped(&field, label, Mapped::FreeUses { max });
                }
                _ => self.report.skipped(&field, label, Skip::ItemSpell),
            }
        }
        let mut charged_items = BTreeSet::new();
        for (i, spells) in held {
            let item = &inventory[i];
            let field = self.f(format_args!("inventory[{i}]"));
            let label = item
                .get("definition")
                .and_then(Value::as_object)
                .map(|d| text(d, "name", &format!("{field}.definition.name")))
                .transpose()?
                .flatten()
                .unwrap_or("");
            let lu = item.get("limitedUse");
            let max = lu
                .and_then(|l| l.get("maxUses"))
                .and_then(Value::as_u64)
                .map_or(1, |m| m.clamp(1, 255) as u8);
            let used = lu
                .and_then(|l| l.get("numberUsed"))
                .and_then(Value::as_u64)
                .map_or(0, |n| n.min(u64::from(max)) as u8);
            let mut ids: Vec<SpellId> = Vec::new();
            let mut levels = BTreeSet::new();
            let mut dc = None;
            for h in &spells {
                if h.cost > 1 {
                    self.report.skipped(&h.field, h.label, Skip::ChargeCost);
                    continue;
                }
                if !ids.contains(&h.found.spell.id) {
                    ids.push(h.found.spell.id.clone());
                }
                levels.insert(h.level.unwrap_or(u64::from(h.found.spell.level.get())));
                dc = dc.or(h.dc);
                self.report.mapped(&h.field, h.label, Mapped::ItemSpell);
            }
            if ids.is_empty() {
                continue;
            }
            let name = item_name(caster, label);
            let mut magic = MagicItem::charged(
                &name,
                ids,
                max,
                recharge_of(lu.and_then(|l| l.get("resetType"))),
            );
            if let [level] = levels.iter().copied().collect::<Vec<_>>().as_slice() {
                magic.cast_level = u8::try_from(*level)
                    .ok()
                    .and_then(|l| SlotLevel::new(l).ok());
            }
            magic.save_dc = dc.and_then(|d| u8::try_from(d).ok());
            caster.apply(&Event::ItemAdded { item: magic });
            for _ in 0..used {
                caster.apply(&Event::ItemUsed { name: name.clone() });
            }
            self.report
                .mapped(&field, &name, Mapped::Charged { charges: max });
            charged_items.insert(i);
        }
        self.report_inventory(inventory, &charged_items);
        Ok(())
    }

    fn report_inventory(&mut self, inventory: &[Value], mapped: &BTreeSet<usize>) {
        for (i, item) in inventory.iter().enumerate() {
            if mapped.contains(&i) {
                continue;
            }
            let label: String = item
                .get("definition")
                .and_then(|d| d.get("name"))
                .and_then(Value::as_str)
                .unwrap_or("")
                .chars()
                .take(crate::MAX_NAME_CHARS)
                .collect();
            self.report
                .skipped(self.f(format_args!("inventory[{i}]")), &label, Skip::Item);
        }
    }

    /// `spellSlots[]` and `pactMagic[]`: slots used.
    fn slots(&mut self, caster: &mut Caster) -> Result<(), ImportError> {
        for (i, s) in list(self.data, "spellSlots", &self.f("spellSlots"))?
            .iter()
            .enumerate()
        {
            let field = self.f(format_args!("spellSlots[{i}].used"));
            let Some(n) = s
                .get("level")
                .and_then(Value::as_u64)
                .filter(|n| (1..=9).contains(n))
            else {
                continue;
            };
            let level = SlotLevel::new(n as u8)?;
            let total = caster.slots().total(level);
            let used = match s.get("used") {
                Some(v) => number(v, 99, &field)?.unwrap_or(0) as u8,
                None => 0,
            };
            if total == 0 && used == 0 {
                continue;
            }
            for _ in 0..used.min(total) {
                caster.apply(&Event::SlotExpended {
                    level,
                    pact: false,
                    off_turn: true,
                });
            }
            let key = format!("spell{n}");
            self.report.mapped(
                &field,
                &key,
                Mapped::SlotsRemaining {
                    level: n as u8,
                    remaining: total.saturating_sub(used),
                },
            );
            if used > total {
                self.report.skipped(&field, &key, Skip::SlotsOverMax);
            }
        }
        let Some(pact) = caster.pact_slots().cloned() else {
            return Ok(());
        };
        for (i, s) in list(self.data, "pactMagic", &self.f("pactMagic"))?
            .iter()
            .enumerate()
        {
            if s.get("level").and_then(Value::as_u64) != Some(u64::from(pact.level().get())) {
                continue;
            }
            let field = self.f(format_args!("pactMagic[{i}].used"));
            let used = match s.get("used") {
                Some(v) => number(v, 99, &field)?.unwrap_or(0) as u8,
                None => 0,
            };
            for _ in 0..used.min(pact.total()) {
                caster.apply(&Event::SlotExpended {
                    level: pact.level(),
                    pact: true,
                    off_turn: true,
                });
            }
            self.report.mapped(
                &field,
                "pact",
                Mapped::PactSlotsRemaining {
                    remaining: pact.total().saturating_sub(used),
                },
            );
            if used > pact.total() {
                self.report.skipped(&field, "pact", Skip::SlotsOverMax);
            }
        }
        Ok(())
    }

    /// Hit points (base + Constitution per level, or the override) and an
    /// Armor Class from the armor worn, as D&D Beyond computes them.
    fn vitals(
        &mut self,
        caster: &mut Caster,
        inventory: &[Value],
        con: u8,
        levels: u8,
    ) -> Result<(), ImportError> {
        let max_hp = u64::from(grimoire_rules::MAX_HIT_POINTS);
        let get = |key: &str| -> Result<Option<u64>, ImportError> {
            match self.data.get(key) {
                None => Ok(None),
                Some(v) => number(v, max_hp, &self.f(key)),
            }
        };
        let mods = self.modifiers()?;
        let con_mod = i64::from(con) / 2 - 5;
        let per_level: i64 = mods
            .iter()
            .filter(|(k, s, _)| *k == "bonus" && *s == "hit-points-per-level")
            .map(|(_, _, v)| *v)
            .sum();
        let max = match get("overrideHitPoints")? {
            Some(o) => o as i64,
            None => {
                let Some(base) = get("baseHitPoints")? else {
                    self.report
                        .skipped(self.f("baseHitPoints"), "hp", Skip::VitalsComputed);
                    return Ok(());
                };
                base as i64
                    + get("bonusHitPoints")?.unwrap_or(0) as i64
                    + (con_mod + per_level) * i64::from(levels)
            }
        };
        let max = max.clamp(1, max_hp as i64) as u32;
        // Armor Class: the armor worn (light adds Dexterity, medium up to +2,
        // heavy none), a shield, bonuses (magic armor's among them); without
        // armor the unarmored one, which knows Draconic Resilience.
        let dex = i64::from(caster.abilities().modifier(Ability::Dexterity));
        let mut body: Option<i64> = None;
        let mut shield = 0;
        for (i, item) in inventory.iter().enumerate() {
            if !flag(item.get("equipped")) {
                continue;
            }
            let def = item.get("definition");
            let kind = def
                .and_then(|d| d.get("armorTypeId"))
                .and_then(Value::as_u64);
            if !matches!(kind, Some(1..=4)) {
                continue;
            }
            let field = self.f(format_args!("inventory[{i}].definition.armorClass"));
            let v = def
                .and_then(|d| d.get("armorClass"))
                .unwrap_or(&Value::Null);
            let base =
                number(v, u64::from(grimoire_rules::MAX_ARMOR_CLASS), &field)?.unwrap_or(0) as i64;
            let worn = match kind {
                Some(1) => base + dex,
                Some(2) => base + dex.min(2),
                Some(3) => base,
                _ => {
                    shield = shield.max(base);
                    continue;
                }
            };
            body = Some(body.map_or(worn, |b| b.max(worn)));
        }
        let ac = body.unwrap_or_else(|| i64::from(caster.unarmored_ac()));
        let bonus: i64 = mods
            .iter()
            .filter(|(k, s, _)| *k == "bonus" && *s == "armor-class")
            .map(|(_, _, v)| *v)
            .sum();
        let ac = (ac + shield + bonus).clamp(1, i64::from(grimoire_rules::MAX_ARMOR_CLASS)) as u8;
        let mut vitals = Vitals::new(max, ac)?;
        let removed = get("removedHitPoints")?.unwrap_or(0) as u32;
        vitals.hp = max.saturating_sub(removed);
        vitals.temp_hp = get("temporaryHitPoints")?.unwrap_or(0) as u32;
        caster.apply(&Event::VitalsSet { vitals });
        self.report
            .mapped(self.f("baseHitPoints"), "hp", Mapped::Vitals);
        Ok(())
    }

    /// Species, background and feats: listed, not modelled.
    fn others(&mut self) -> Result<(), ImportError> {
        let name_of = |v: Option<&Value>, key: &str| -> String {
            v.and_then(|v| v.get(key))
                .and_then(Value::as_str)
                .unwrap_or("")
                .chars()
                .take(crate::MAX_NAME_CHARS)
                .collect()
        };
        if let Some(race) = self.data.get("race").filter(|r| r.is_object()) {
            let label = name_of(Some(race), "fullName");
            self.report.skipped(self.f("race"), &label, Skip::Feature);
        }
        if let Some(bg) = self.data.get("background").filter(|r| r.is_object()) {
            let label = name_of(bg.get("definition"), "name");
            self.report
                .skipped(self.f("background"), &label, Skip::Feature);
        }
        for (i, feat) in list(self.data, "feats", &self.f("feats"))?
            .iter()
            .enumerate()
        {
            let label = name_of(feat.get("definition"), "name");
            self.report
                .skipped(self.f(format_args!("feats[{i}]")), &label, Skip::Feature);
        }
        Ok(())
    }
}

/// A spell a charged item casts, as the sheet lists it.
struct HeldSpell<'a> {
    field: String,
    label: &'a str,
    found: &'a CatalogSpell,
    /// Charges one cast costs.
    cost: u64,
    /// The level it is cast at.
    level: Option<u64>,
    /// The item's save DC for it.
    dc: Option<u64>,
}

/// A spell entry's free uses as a limited-use feature named for the spell
/// (R5c), `used` of them spent, cast at its `castAtLevel` when higher than
/// the spell's own level. Answers the uses.
fn add_free_uses(
    caster: &mut Caster,
    label: &str,
    found: &CatalogSpell,
    entry: &Value,
    (max, used, recharge): (u8, u8, Recharge),
) -> u8 {
    let spell = &found.spell;
    let name = feature_name(caster, label);
    let mut feature = LimitedUse::new(&name, vec![spell.id.clone()], max, recharge);
    feature.cast_level = entry
        .get("castAtLevel")
        .and_then(Value::as_u64)
        .and_then(|l| u8::try_from(l).ok())
        .and_then(|l| SpellLevel::new(l).ok())
        .filter(|l| *l > spell.level);
    caster.apply(&Event::FeatureAdded { feature });
    for _ in 0..used.min(max) {
        caster.apply(&Event::FeatureUsed { name: name.clone() });
    }
    max
}

/// A spell kept prepared by a feature, counted as a spell of `class`.
fn add_always(caster: &mut Caster, spell: &SpellId, class: Class) {
    if !caster.is_always_prepared(spell) {
        caster.apply(&Event::ExtraSpellAdded {
            extra: ExtraSpell {
                spell: spell.clone(),
                class,
                always_prepared: true,
            },
        });
    }
}

/// A name no feature of the caster has yet: `label`, `label (2)`, ...
fn feature_name(caster: &Caster, label: &str) -> String {
    unique(label, |n| caster.features().iter().any(|f| f.name == n))
}

/// A name no magic item of the caster has yet.
pub(crate) fn item_name(caster: &Caster, label: &str) -> String {
    unique(label, |n| caster.items().iter().any(|i| i.name == n))
}

/// `label`, or `label (2)`, `label (3)`... whichever is not `taken` yet.
pub(crate) fn unique(label: &str, taken: impl Fn(&str) -> bool) -> String {
    let label = if label.is_empty() { "?" } else { label };
    if !taken(label) {
        return label.to_owned();
    }
    (2..)
        .map(|n| format!("{label} ({n})"))
        .find(|n| !taken(n))
        .unwrap_or_default()
}
