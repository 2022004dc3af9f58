//! Casting against the stored state: fitting the request to where the
//! caster stands (an encounter, a Self-range spell), and committing the
//! caster and its encounter together.

use grimoire_dice::DiceRng;
use grimoire_rules::{
    ActionKind, BonusAmount, BonusTarget, CastOutcome, CastRequest, Caster, CastingTime,
    EffectBoard, Encounter, EncounterEvent, Event, HouseRules, Range, Spell, Target,
};
use grimoire_store::{Committed, Entity, Store};

use crate::error::AppError;
use crate::hit::{CharacterHit, ConcentrationSave};
use crate::identity::{combatant_named, is_character};
use crate::state::{Batch, CHARACTER, EncounterState, fold};

/// Adjusts a request to the caster's situation before the rules see it:
/// a Self-range spell without an area lands on the caster; inside an
/// encounter, targets take the tracker's spelling and hit points, and
/// casting on someone else's turn must be a Reaction (R9), which the
/// one-slot limit does not count (R10), and the caster's Hex or Hunter's
/// Mark on the target rides on each hit of a spell attack.
pub fn fit_request(
    caster: &Entity<Caster>,
    enc: Option<&Entity<EncounterState>>,
    spell: &Spell,
    req: CastRequest,
) -> Result<CastRequest, AppError> {
    let (mut req, board) = fit_situation(caster, enc, spell, req)?;
    apply_effects_in_force(&board, &caster.name, &mut req);
    crate::ward::ward_off(&board, spell, &mut req, &crate::ward::srd_spell);
    Ok(req)
}

/// [`fit_request`] but for the effects in force on the targets, which go
/// on last, once every number is in ([`apply_effects_in_force`]); with the
/// board they are read from.
fn fit_situation(
    caster: &Entity<Caster>,
    enc: Option<&Entity<EncounterState>>,
    spell: &Spell,
    mut req: CastRequest,
) -> Result<(CastRequest, EffectBoard), AppError> {
    // Bounded before any work: one request costs a small, known amount.
    crate::limits::check_cast_request(&req)?;
    crate::limits::check_spell_work(spell, &req, caster.state.cantrip_level())?;
    // A carried Holy Symbol is worth its listed 5 GP (R14c).
    req.prices = Some(grimoire_catalog::srd_prices());
    // A Self-range spell lands on the caster; naming it keeps the effect
    // visible on the caster in `character show` and encounter status.
    // An area spell from Self (Thunderwave) hits others, never the caster.
    // A smite acts on the creature hit, never on the paladin (R13).
    if req.targets.is_empty()
        && spell.range == Range::Self_
        && spell.area.is_none()
        && !spell.targeting.on_creature_hit
    {
        req = req.target(Target::caster(caster.name.clone()));
    }
    triggered_by_the_hit(&caster.state, spell, &mut req);
    let running = enc.and_then(|e| e.state.running.as_ref());
    // At 0 hit points on the tracker the caster is Unconscious and casts
    // nothing (R9), whatever its conditions say; its sheet's hit points
    // the rules check themselves.
    if let Some(c) = running.and_then(|r| combatant_named(r, &caster.name))
        && c.is_creature() == (caster.kind != CHARACTER)
    {
        grimoire_rules::check_not_down(&caster.name, c.hp.map(i64::from))?;
    }
    let board = running.map_or_else(|| own_effects(caster), |r| r.effects().clone());
    let Some(running) = running else {
        return Ok((req, board));
    };
    encounter_numbers(running, &mut req);
    // The caster's own marks (Hex, Hunter's Mark) on the target add their
    // damage to each hit; with several targets only when every one of them
    // carries the same marks, since the bonus applies to every hit.
    if req.on_hit_damage.is_empty()
        && let Some((first, rest)) = req.targets.split_first()
    {
        let board = running.effects();
        let riders = board.riders(&first.name, &caster.name);
        if rest
            .iter()
            .all(|t| board.riders(&t.name, &caster.name) == riders)
        {
            req.on_hit_damage = riders;
        }
    }
    // Inside an encounter whose turn it is is known, not asserted: on the
    // caster's own turn nothing is cast "off turn" (R10 counts it).
    req.off_turn = false;
    if let Some(current) = running.current()
        && fold(&current.name) != fold(&caster.name)
    {
        let reaction = matches!(spell.casting_time, CastingTime::Reaction { .. })
            || req.action == Some(ActionKind::Reaction);
        if !reaction {
            return Err(AppError::NotYourTurn {
                current: current.name.clone(),
                caster: caster.name.clone(),
            });
        }
        req.off_turn = true;
    }
    Ok((req, board))
}

/// A spell cast because a weapon hit (Divine Smite, Searing Smite: R11)
/// lands on the creature the caster's last attack of the turn hit when no
/// target is named, and doubles its damage dice when that hit was a
/// critical one. Whether a hit was critical is the caster's recorded
/// attack's word, never the request's.
fn triggered_by_the_hit(caster: &Caster, spell: &Spell, req: &mut CastRequest) {
    req.critical_hit = false;
    if !spell.targeting.on_creature_hit {
        return;
    }
    let Some(hit) = caster.turn().last_hit.as_ref() else {
        return;
    };
    if hit_melee_only(spell) && !hit.melee {
        return;
    }
    if req.targets.is_empty() {
        req.targets.push(Target::named(hit.target.clone()));
    }
    // The recorded hit is the trigger the spell answers (R11).
    if req.trigger.as_deref().is_none_or(|t| t.trim().is_empty()) {
        req.trigger = Some(hit.target.clone());
    }
    req.critical_hit = critical_hit_answered(caster, spell, req);
}

/// Whether the cast `req` answers the caster's recorded critical hit: a
/// spell cast because of a hit (R11), at the one creature that hit
/// struck. A request kept in a reaction window comes back without its
/// `critical_hit` (never stored, never taken from a request), so the
/// window's close asks this again of the caster's own recorded hit.
pub(crate) fn critical_hit_answered(caster: &Caster, spell: &Spell, req: &CastRequest) -> bool {
    let Some(hit) = caster.turn().last_hit.as_ref() else {
        return false;
    };
    spell.targeting.on_creature_hit
        && (hit.melee || !hit_melee_only(spell))
        && hit.critical
        && req.targets.len() == 1
        && fold(&req.targets[0].name) == fold(&hit.target)
}

/// Whether `spell`'s trigger is a Melee weapon's hit only (Divine Smite),
/// not any weapon's (Ensnaring Strike).
pub(crate) fn hit_melee_only(spell: &Spell) -> bool {
    match &spell.casting_time {
        CastingTime::BonusAction { trigger: Some(t) } => t.to_lowercase().contains("melee"),
        _ => false,
    }
}

/// Inside an encounter, a target named like a combatant takes the
/// tracker's spelling and numbers: what the encounter knows of it (hit
/// points, AC, maximum, saves, defences, creature type) is what counts,
/// whatever the request said (issue 30: a player's Magic Missile set the
/// Troll to 99,995). A number the tracker does not follow yet may come
/// from the request: the GM's, for a creature not tracked so far; a
/// player may give none ([`check_player_targets`]).
pub(crate) fn encounter_numbers(running: &Encounter, req: &mut CastRequest) {
    for t in &mut req.targets {
        if let Some(c) = combatant_named(running, &t.name) {
            t.name.clone_from(&c.name);
            take_from_combatant(t, c);
            if let Some(k) = c.caster.as_deref() {
                add_conditions(&mut t.conditions, k.conditions().iter().copied());
            }
        }
    }
}

/// The encounter's numbers of `c` over whatever `t` gave; `t` keeps only
/// what the encounter does not know.
fn take_from_combatant(t: &mut Target, c: &grimoire_rules::Combatant) {
    if c.creature_type.is_some() {
        t.creature_type.clone_from(&c.creature_type);
    }
    if c.hp.is_none() && c.stats.is_none() {
        return;
    }
    let known = c.stats.clone().unwrap_or_default();
    let stats = t.stats.get_or_insert_with(Default::default);
    if c.hp.is_some() {
        stats.hp = c.hp;
    }
    if known.ac.is_some() {
        stats.ac = known.ac;
    }
    if known.max_hp.is_some() {
        stats.max_hp = known.max_hp;
    }
    if !known.saves.is_empty() {
        stats.saves = known.saves;
    }
    if !known.defenses.is_empty() {
        stats.defenses = known.defenses;
    }
}

/// Refuses a player's request that gives numbers for a combatant of the
/// caster's running encounter: they are the encounter's (the GM's), so
/// `stats` or `creature_type` on such a target is
/// `numbers_from_encounter`, naming the field. The CLI, MCP and the GM
/// may give what the tracker does not follow yet.
pub fn check_player_targets(
    enc: Option<&Entity<EncounterState>>,
    req: &CastRequest,
) -> Result<(), AppError> {
    let Some((e, running)) = enc.and_then(|e| Some((e, e.state.running.as_ref()?))) else {
        return Ok(());
    };
    for (i, t) in req.targets.iter().enumerate() {
        let Some(c) = combatant_named(running, &t.name) else {
            continue;
        };
        let field = if t.stats.is_some() {
            "stats"
        } else if t.creature_type.is_some() {
            "creature_type"
        } else {
            continue;
        };
        return Err(AppError::NumbersFromEncounter {
            target: c.name.clone(),
            encounter: e.name.clone(),
            field: format!("targets[{i}].{field}"),
        });
    }
    Ok(())
}

/// A target named like a combatant takes the tracker's numbers for what
/// the request leaves out: hit points, its stat block (AC, saves, defences,
/// hit point maximum) and its creature type.
pub(crate) fn fill_from_combatant(t: &mut Target, c: &grimoire_rules::Combatant) {
    if t.creature_type.is_none() {
        t.creature_type.clone_from(&c.creature_type);
    }
    if c.hp.is_none() && c.stats.is_none() {
        return;
    }
    let known = grimoire_rules::TargetStats {
        hp: c.hp,
        ..c.stats.clone().unwrap_or_default()
    };
    fill_missing(t.stats.get_or_insert_with(Default::default), known);
}

/// Each number the request left out is taken from what is known of the
/// target (hit points, temporary ones, AC, maximum, saves, defences).
pub(crate) fn fill_missing(
    stats: &mut grimoire_rules::TargetStats,
    known: grimoire_rules::TargetStats,
) {
    if stats.hp.is_none() {
        stats.hp = known.hp;
    }
    if stats.ac.is_none() {
        stats.ac = known.ac;
    }
    if stats.max_hp.is_none() {
        stats.max_hp = known.max_hp;
    }
    if stats.temp_hp.is_none() {
        stats.temp_hp = known.temp_hp;
    }
    if stats.saves.is_empty() {
        stats.saves = known.saves;
    }
    if stats.defenses.is_empty() {
        stats.defenses = known.defenses;
    }
}

/// The spells a character keeps going, as a board of effects on their
/// targets: outside an encounter, the ones that can change its own rolls
/// (a Bless on itself).
pub fn own_effects(caster: &Entity<Caster>) -> EffectBoard {
    let mut board = EffectBoard::new();
    for ongoing in caster.state.ongoing() {
        let started = Event::SpellStarted {
            ongoing: ongoing.clone(),
        };
        board.record(&caster.name, &started);
    }
    board
}

/// Effects in force change the rolls they name (R21): the caster's spell
/// attacks take its attack-roll bonuses (Bless's d4, Bane's -d4), a
/// target's saves its saving-throw bonuses and its AC its flat AC bonuses
/// (Shield of Faith). Whatever the request already gives is kept. It runs
/// once every number is in, from wherever it came (the request, the
/// tracker, the character's sheet): the effects go by the target, not by
/// how its numbers were given (issue 31: a blessed `-t Wiz` saved without
/// its d4, `-t Wiz:dex=+1` with it).
fn apply_effects_in_force(board: &EffectBoard, caster: &str, req: &mut CastRequest) {
    if req.attack_bonuses.is_empty() {
        req.attack_bonuses = board.bonuses(caster, BonusTarget::AttackRolls);
    }
    // Conditions the spells in force impose, and Faerie Fire's Advantage
    // against its target: a spell attack roll weighs them (2024).
    add_conditions(&mut req.attacker_conditions, board.conditions(caster));
    for t in &mut req.targets {
        add_conditions(&mut t.conditions, board.conditions(&t.name));
        t.attacked_with_advantage = board.advantage_against(&t.name);
        let Some(stats) = t.stats.as_mut() else {
            continue;
        };
        if stats.save_bonuses.is_empty() {
            stats.save_bonuses = board.bonuses(&t.name, BonusTarget::SavingThrows);
        }
        if let Some(ac) = stats.ac.as_mut() {
            for b in board.bonuses(&t.name, BonusTarget::ArmorClass) {
                if let BonusAmount::Flat(n) = b {
                    *ac = ac.saturating_add(n);
                }
            }
        }
    }
}

/// Adds `more` to `conditions`, each once, in order.
fn add_conditions(
    conditions: &mut Vec<grimoire_rules::Condition>,
    more: impl IntoIterator<Item = grimoire_rules::Condition>,
) {
    conditions.extend(more);
    conditions.sort_unstable();
    conditions.dedup();
}

/// [`fit_request`], then targets that are stored characters (the caster
/// included) meet the spell with their own numbers where the request and
/// the tracker leave them out: Armor Class and hit points when recorded,
/// and their saving throws, so a save is rolled, not assumed failed. The
/// request carries the table's house rules ([`crate::house_rules`]).
pub fn fit_request_stored(
    store: &Store,
    caster: &Entity<Caster>,
    enc: Option<&Entity<EncounterState>>,
    spell: &Spell,
    req: CastRequest,
) -> Result<CastRequest, AppError> {
    let house = crate::house::house_rules(store)?;
    fit_request_at_table(store, caster, enc, spell, req, &house)
}

/// [`fit_request_stored`] with the table's house rules already read, for
/// a caller that fits many requests at once (every way of every spell).
pub(crate) fn fit_request_at_table(
    store: &Store,
    caster: &Entity<Caster>,
    enc: Option<&Entity<EncounterState>>,
    spell: &Spell,
    req: CastRequest,
    house: &HouseRules,
) -> Result<CastRequest, AppError> {
    let (mut req, board) = fit_situation(caster, enc, spell, req)?;
    req.house_rules = house.clone();
    let running = enc.and_then(|e| e.state.running.as_ref());
    for t in &mut req.targets {
        let Some(c) = target_character(store, caster, running, &t.name)? else {
            continue;
        };
        t.name.clone_from(&c.name);
        fill_from_character(t, &c.state);
        add_conditions(&mut t.conditions, c.state.conditions().iter().copied());
    }
    apply_effects_in_force(&board, &caster.name, &mut req);
    // A Shield in force keeps Magic Missile off its caster, whichever way
    // the cast comes (a window or none).
    crate::ward::ward_off(&board, spell, &mut req, &crate::ward::srd_spell);
    Ok(req)
}

/// The stored character a target names: the caster itself, or another
/// character of the same scope; never one standing for a creature of the
/// running encounter that shares its name.
fn target_character(
    store: &Store,
    caster: &Entity<Caster>,
    running: Option<&Encounter>,
    name: &str,
) -> Result<Option<Entity<Caster>>, AppError> {
    if fold(name) == fold(&caster.name) && names_caster(running, name, caster) {
        return Ok(Some(caster.clone()));
    }
    crate::identity::target_character(store, running, name)
}

/// Whether a target spelt like the caster is the caster: a creature is
/// itself; a character is, unless the encounter's combatant of that name is
/// someone else (a creature called like it).
fn names_caster(running: Option<&Encounter>, name: &str, caster: &Entity<Caster>) -> bool {
    caster.kind != CHARACTER
        || running
            .and_then(|r| combatant_named(r, name))
            .is_none_or(|c| is_character(c, &caster.name))
}

/// A character target keeps what the request or tracker gave and takes
/// the rest from the character.
fn fill_from_character(t: &mut Target, c: &Caster) {
    fill_missing(t.stats.get_or_insert_with(Default::default), c.as_target());
}

/// An accepted cast, committed.
#[derive(Debug)]
pub struct CastCommit {
    /// The caster afterwards.
    pub caster: Caster,
    /// The encounter it was cast in, if any.
    pub encounter: Option<String>,
    /// The stored characters the spell damaged or healed.
    pub hits: Vec<CharacterHit>,
    /// The commit receipt.
    pub receipt: Option<Committed>,
}

/// Commits an accepted cast: the caster's events; the damage and healing
/// it dealt to stored characters (their hit points, and a Concentration
/// save for a concentrating one, rolled with `rng`); and inside an
/// encounter the effects it started and the targets' hit points; all in
/// one change.
pub fn commit_cast<R: DiceRng + ?Sized>(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    enc: Option<&Entity<EncounterState>>,
    outcome: &CastOutcome,
    rng: &mut R,
) -> Result<CastCommit, AppError> {
    // While a cast waits for Reactions, casts go through the window
    // (`reaction::react`), not around it (R11).
    if let Some(running) = enc.and_then(|e| e.state.running.as_ref()) {
        running.check_no_window()?;
    }
    let mut batch = Batch::new(command);
    let running = enc.and_then(|e| e.state.running.as_ref());
    let board = running.map_or_else(|| own_effects(caster), |r| r.effects().clone());
    let (caster_events, mut hits) = caster_part(caster, running, outcome, &board, rng);
    let (others, mut more) =
        hits_on_characters(store, &caster.name, running, outcome, &board, rng)?;
    hits.append(&mut more);
    let next = batch.character(caster, &caster_events)?;
    for (c, events) in &others {
        batch.character(c, events)?;
    }
    let mut enc_name = None;
    if let Some(e) = enc {
        let mut st = e.state.clone();
        if let Some(running) = st.running.as_mut() {
            let mut events = running.caster_events(&caster.name, &caster_events);
            for (c, evs) in &others {
                events.extend(running.caster_events(&c.name, evs));
            }
            running.apply_all(&events);
            let hp = tracker_hp(running, outcome, &hits);
            running.apply_all(&hp);
            events.extend(hp);
            let saves = creature_saves(running, outcome, rng);
            running.apply_all(&saves);
            events.extend(saves);
            batch.encounter(e, &st, &events)?;
            enc_name = Some(e.name.clone());
        }
    }
    batch.card(&caster.name, outcome, &hits)?;
    let receipt = batch.commit(store)?;
    Ok(CastCommit {
        caster: next,
        encounter: enc_name,
        hits,
        receipt,
    })
}

/// Where the table's creatures drop at 0 (issue 34): the death save
/// failures a cast's damage marks on a creature already at 0 (two from a
/// critical hit), or its death from massive damage, before its hit points
/// change.
fn death_saves_failed(running: &Encounter, outcome: &CastOutcome) -> Vec<EncounterEvent> {
    let mut events = Vec::new();
    for t in &outcome.resolution.targets {
        let Some(c) = combatant_named(running, &t.target) else {
            continue;
        };
        let Some(hp) = c.hp else { continue };
        let critical = t.attacks.iter().any(|a| a.critical);
        events.extend(running.creature_damage_at_zero(
            running.creatures_at_zero(),
            &c.name,
            hp,
            t.damage_total,
            critical,
        ));
    }
    events
}

/// The hit points a cast leaves on the running encounter's combatants, as
/// its events, with a stat-block creature's fall at 0. A character's are its recorded ones (`hits`), as before;
/// any other combatant's are the tracker's less the damage dealt and plus
/// the healing, target after target (one named twice takes both): never a
/// number of the request, the way a stored character's are never one
/// (issue 30). One the tracker does not follow yet starts from the number
/// the cast was given (the GM's).
pub(crate) fn tracker_hp(
    running: &Encounter,
    outcome: &CastOutcome,
    hits: &[CharacterHit],
) -> Vec<EncounterEvent> {
    let mut now: Vec<(String, i32)> = Vec::new();
    let mut events = Vec::new();
    for t in &outcome.resolution.targets {
        let Some(c) = combatant_named(running, &t.target) else {
            continue;
        };
        let recorded = hits
            .iter()
            .rfind(|h| is_character(c, &h.name))
            .and_then(|h| h.hp)
            .map(|hp| i32::try_from(hp).unwrap_or(i32::MAX));
        let so_far = now.iter().rfind(|(n, _)| *n == c.name).map(|(_, hp)| *hp);
        let max = c.stats.as_ref().and_then(|s| s.max_hp);
        let hp = recorded.or_else(|| match so_far.or(c.hp) {
            Some(hp) => Some(after_hit(hp, t.damage_total, t.healing, max)),
            None => t.hp_after,
        });
        let Some(hp) = hp else { continue };
        if let Ok(more) = running.set_hp(&c.name, hp) {
            now.push((c.name.clone(), hp));
            events.extend(more);
        }
    }
    // A stat-block creature left at 0 falls Unconscious (its
    // Concentration ends); one healed from 0 wakes.
    let falls = crate::fall::creatures(running, &events);
    events.extend(falls);
    // Where creatures drop, damage at 0 is a failed death save (issue 34),
    // applied after the hit points.
    events.extend(death_saves_failed(running, outcome));
    events
}

/// The Concentration saves a cast's damage calls for from the stat-block
/// creatures it hit and left standing (`running` has the cast's hit points
/// applied), one per damaging mention as a character makes them: before,
/// only a character saved, so a Mage kept its Fly through any spell. One
/// the cast left at 0 has lost its Concentration already
/// ([`crate::fall::creatures`]). Events for the encounter.
pub(crate) fn creature_saves<R: DiceRng + ?Sized>(
    running: &Encounter,
    outcome: &CastOutcome,
    rng: &mut R,
) -> Vec<EncounterEvent> {
    let mut now: Vec<(String, Caster)> = Vec::new();
    let mut events = Vec::new();
    let hurt = outcome
        .resolution
        .targets
        .iter()
        .filter(|t| t.affected && t.damage_total > 0);
    for t in hurt {
        let Some(c) = combatant_named(running, &t.target) else {
            continue;
        };
        let Some(caster) = c.caster.as_deref().filter(|_| c.hp != Some(0)) else {
            continue;
        };
        let i = match now.iter().position(|(n, _)| *n == c.name) {
            Some(i) => i,
            None => {
                now.push((c.name.clone(), caster.clone()));
                now.len() - 1
            }
        };
        let state = &mut now[i].1;
        if state.concentration().is_none() {
            continue;
        }
        let bonuses = running
            .effects()
            .bonuses(&c.name, BonusTarget::SavingThrows);
        let o = state.take_damage_with(
            t.damage_total,
            grimoire_rules::RollMode::Normal,
            &bonuses,
            rng,
        );
        state.apply_all(&o.events);
        events.extend(running.creature_events(&c.name, &o.events));
    }
    events
}

/// The caster's own events from its cast: the cast's, then the damage
/// and healing its spell dealt the caster itself (a Fireball centred on
/// its own square), with the Concentration save that calls for, the same
/// whether the cast was a character's own or the GM's inside an
/// encounter. `board` holds the effects in force before the cast.
pub(crate) fn caster_part<R: DiceRng + ?Sized>(
    caster: &Entity<Caster>,
    running: Option<&Encounter>,
    outcome: &CastOutcome,
    board: &EffectBoard,
    rng: &mut R,
) -> (Vec<Event>, Vec<CharacterHit>) {
    let mut after_cast = caster.state.clone();
    after_cast.apply_all(&outcome.events);
    let mut caster_events = outcome.events.clone();
    let mut hits = Vec::new();
    let mut tracked = tracked_hp(running, caster);
    for t in outcome.resolution.targets.iter().filter(|t| t.affected) {
        if (t.damage_total == 0 && t.healing == 0)
            || fold(&t.target) != fold(&caster.name)
            || !names_caster(running, &t.target, caster)
        {
            continue;
        }
        let bonuses = board.bonuses(&t.target, BonusTarget::SavingThrows);
        let (events, hit) = struck(
            &after_cast,
            t.damage_total,
            t.healing,
            &bonuses,
            &mut tracked,
            rng,
        );
        after_cast.apply_all(&events);
        caster_events.extend(events);
        hits.extend(hit);
    }
    (caster_events, hits)
}

/// Hit points after `damage` then `healing`, as the rules count them: never
/// below 0, healing not past the maximum (nor lowering what is above it).
fn after_hit(hp: i32, damage: u32, healing: u32, max: Option<i32>) -> i32 {
    let dmg = i32::try_from(damage).unwrap_or(i32::MAX);
    let heal = i32::try_from(healing).unwrap_or(i32::MAX);
    let mut after = hp.max(0).saturating_sub(dmg).max(0).saturating_add(heal);
    if let Some(max) = max
        && healing > 0
    {
        after = after.min(max.max(hp));
    }
    after
}

/// The spell that makes a dying creature Stable.
const SPARE_THE_DYING: &str = "spare-the-dying";

/// A stored character and the events a cast brings it.
pub(crate) type CharacterEvents = (Entity<Caster>, Vec<Event>);

/// What a cast's damage and healing do to the stored characters among its
/// targets, other than `caster`: each character once (however many targets
/// name it) with its events, and what it came to. A target that is a
/// creature of the running encounter is no character, whatever its name.
pub(crate) fn hits_on_characters<R: DiceRng + ?Sized>(
    store: &Store,
    caster: &str,
    running: Option<&Encounter>,
    outcome: &CastOutcome,
    board: &EffectBoard,
    rng: &mut R,
) -> Result<(Vec<CharacterEvents>, Vec<CharacterHit>), AppError> {
    // Each character with its events, its state so far and its tracked hit points.
    type Struck = (Entity<Caster>, Vec<Event>, Caster, Option<Tracked>);
    let mut others: Vec<Struck> = Vec::new();
    let mut hits = Vec::new();
    // Spare the Dying (2024) makes a dying character Stable.
    let sparing = outcome.resolution.spell.as_str() == SPARE_THE_DYING;
    for t in outcome.resolution.targets.iter().filter(|t| t.affected) {
        if t.damage_total == 0 && t.healing == 0 && !sparing {
            continue;
        }
        let Some(found) = crate::identity::target_character(store, running, &t.target)? else {
            continue;
        };
        if found.name == caster {
            continue;
        }
        let i = match others.iter().position(|(c, ..)| c.name == found.name) {
            Some(i) => i,
            None => {
                let state = found.state.clone();
                let tracked = tracked_hp(running, &found);
                others.push((found, Vec::new(), state, tracked));
                others.len() - 1
            }
        };
        let bonuses = board.bonuses(&t.target, BonusTarget::SavingThrows);
        let (_, events, state, tracked) = &mut others[i];
        let (more, hit) = if sparing {
            // Not dying (up, Stable or dead): the spell does nothing.
            let stable = state.stabilize(rng).map(|o| o.events).unwrap_or_default();
            (stable, None)
        } else {
            struck(state, t.damage_total, t.healing, &bonuses, tracked, rng)
        };
        state.apply_all(&more);
        events.extend(more);
        hits.extend(hit);
    }
    let changed = others
        .into_iter()
        .filter(|(_, e, ..)| !e.is_empty())
        .map(|(c, e, ..)| (c, e))
        .collect();
    Ok((changed, hits))
}

/// A character's hit points as the encounter's tracker follows them, for
/// one that records none of its own: `(hp, maximum)`.
type Tracked = (i32, Option<i32>);

/// The tracker's hit points of `c` inside the running encounter, when `c`
/// records none on its sheet (its sheet's are the truth otherwise).
fn tracked_hp(running: Option<&Encounter>, c: &Entity<Caster>) -> Option<Tracked> {
    if c.state.vitals().is_some() {
        return None;
    }
    let combatant = combatant_named(running?, &c.name)?;
    if !is_character(combatant, &c.name) {
        return None;
    }
    let max = combatant.stats.as_ref().and_then(|s| s.max_hp);
    combatant.hp.map(|hp| (hp, max))
}

/// The events of a character taking `damage` then regaining `healing`,
/// and what it came to; `None` when nothing about it is tracked (no hit
/// points recorded or followed by the tracker, and no Concentration to
/// save). A character whose hit points only the tracker follows
/// (`tracked`, counted on here) falls Unconscious at 0 all the same: its
/// Concentration ends without a save, and healing wakes it.
fn struck<R: DiceRng + ?Sized>(
    c: &Caster,
    damage: u32,
    healing: u32,
    bonuses: &[BonusAmount],
    tracked: &mut Option<Tracked>,
    rng: &mut R,
) -> (Vec<Event>, Option<CharacterHit>) {
    if c.vitals().is_none() && tracked.is_none() && (damage == 0 || c.concentration().is_none()) {
        return (Vec::new(), None);
    }
    let mut now = c.clone();
    let mut events = Vec::new();
    let mut save = None;
    if damage > 0 {
        let falls = match tracked.as_mut() {
            Some((hp, _)) if now.vitals().is_none() => {
                *hp = after_hit(*hp, damage, 0, None);
                *hp == 0
            }
            _ => false,
        };
        let o = if falls {
            crate::fall::falls(&now)
        } else {
            let o = now.take_damage_with(damage, grimoire_rules::RollMode::Normal, bonuses, rng);
            if let (Some(dc), Some(roll)) = (o.dc, o.roll) {
                save = Some(ConcentrationSave {
                    dc,
                    roll,
                    kept: o.concentration_kept,
                });
            }
            o.events
        };
        now.apply_all(&o);
        events.extend(o);
    }
    if healing > 0 {
        match tracked.as_mut() {
            Some((hp, max)) if now.vitals().is_none() => {
                let was = *hp;
                *hp = after_hit(*hp, 0, healing, *max);
                if was == 0 && *hp > 0 {
                    let o = crate::fall::wakes(&now);
                    now.apply_all(&o);
                    events.extend(o);
                }
            }
            _ => {
                if let Ok(o) = now.heal(healing) {
                    now.apply_all(&o.events);
                    events.extend(o.events);
                }
            }
        }
    }
    let vitals = now.vitals();
    let hit = CharacterHit {
        name: c.name().to_owned(),
        hp: vitals.map(|v| v.hp),
        temp_hp: vitals.map(|v| v.temp_hp),
        save,
    };
    (events, Some(hit))
}

#[cfg(test)]
mod tests {
    use super::*;
    use grimoire_rules::{AbilityScores, Class, Combatant, Encounter, School, SpellId, SpellLevel};

    fn wizard() -> Entity<Caster> {
        let scores = AbilityScores::new([10, 10, 10, 16, 10, 10]).unwrap();
        Entity {
            kind: "character".into(),
            name: "Elmira".into(),
            version: 1,
            state: Caster::new("Elmira", &[(Class::Wizard, 3)], scores).unwrap(),
            updated_at: String::new(),
        }
    }

    fn running(current_first: &str, other: &str) -> Entity<EncounterState> {
        let combatants = vec![Combatant::new(current_first, 20), Combatant::new(other, 10)];
        let mut enc = Encounter::new(combatants.clone()).unwrap();
        let turn = enc.next_turn();
        enc.apply_all(&turn.events);
        Entity {
            kind: "encounter".into(),
            name: "Cave".into(),
            version: 1,
            state: EncounterState {
                combatants,
                running: Some(enc),
                creatures_at_zero: Default::default(),
            },
            updated_at: String::new(),
        }
    }

    fn spell(range: Range) -> Spell {
        let mut s = Spell::new(
            SpellId::new("test-spell").unwrap(),
            "Test",
            SpellLevel::new(1).unwrap(),
            School::Evocation,
        );
        s.range = range;
        s
    }

    #[test]
    fn r9_on_someone_elses_turn_only_a_reaction() {
        let enc = running("Goblin", "Elmira");
        let err = fit_request(
            &wizard(),
            Some(&enc),
            &spell(Range::Feet(60)),
            CastRequest::new(),
        )
        .unwrap_err();
        assert_eq!((err.code(), err.rule()), ("not_your_turn", Some("R9")));
        let req = fit_request(
            &wizard(),
            Some(&enc),
            &spell(Range::Feet(60)),
            CastRequest::new().using(ActionKind::Reaction),
        )
        .unwrap();
        assert!(req.off_turn, "R10 does not count a Reaction off-turn");
        let mine = running("Elmira", "Goblin");
        assert!(
            fit_request(
                &wizard(),
                Some(&mine),
                &spell(Range::Feet(60)),
                CastRequest::new()
            )
            .is_ok()
        );
    }

    #[test]
    fn the_casters_hex_rides_on_hits_against_the_marked_target_only() {
        use crate::state::{CHARACTER, ENCOUNTER, character, encounter};
        use grimoire_dice::SeededRng;
        use grimoire_store::Change;

        let mut store = Store::open_in_memory().unwrap();
        let scores = AbilityScores::new([10, 10, 10, 10, 10, 16]).unwrap();
        let wren = Caster::new("Wren", &[(Class::Warlock, 3)], scores).unwrap();
        let srd = grimoire_catalog::Catalog::srd();
        let hex = &srd.lookup("hex").unwrap().spell;
        let blast = &srd.lookup("eldritch-blast").unwrap().spell;
        let prepared = wren.prepare(hex).unwrap();
        let mut wren = wren;
        wren.apply_all(&prepared.events);
        let pouch = wren.set_equipment(grimoire_rules::Equipment {
            component_pouch: true,
            ..Default::default()
        });
        wren.apply_all(&pouch.events);
        let gathered = EncounterState {
            combatants: vec![Combatant::new("Wren", 20), Combatant::new("Goblin", 1)],
            running: None,
            creatures_at_zero: Default::default(),
        };
        store
            .commit(
                &Change::new("setup")
                    .create(CHARACTER, "Wren", &wren)
                    .unwrap()
                    .create(ENCOUNTER, "Cave", &gathered)
                    .unwrap(),
            )
            .unwrap();
        let e = encounter(&store, "Cave").unwrap();
        crate::encounter::start(&mut store, "start", &e).unwrap();
        let fitted = |store: &Store, targets: &[&str]| {
            let c = character(store, "Wren").unwrap();
            let e = encounter(store, "Cave").unwrap();
            let mut req = CastRequest::new();
            for t in targets {
                req = req.target(Target::named(*t));
            }
            fit_request(&c, Some(&e), blast, req).unwrap().on_hit_damage
        };
        assert!(fitted(&store, &["Goblin"]).is_empty(), "no Hex yet");
        let c = character(&store, "Wren").unwrap();
        let e = encounter(&store, "Cave").unwrap();
        let req = fit_request(
            &c,
            Some(&e),
            hex,
            CastRequest::new().target(Target::named("Goblin")),
        )
        .unwrap();
        let out = grimoire_rules::cast(&c.state, hex, &req, &mut SeededRng::new(7)).unwrap();
        commit_cast(
            &mut store,
            "cast hex",
            &c,
            Some(&e),
            &out,
            &mut grimoire_dice::SeededRng::new(1),
        )
        .unwrap();
        assert_eq!(fitted(&store, &["goblin"]).len(), 1, "Hex's 1d6 necrotic");
        assert!(
            fitted(&store, &["Orc"]).is_empty(),
            "only on the marked target"
        );
        assert!(
            fitted(&store, &["Goblin", "Orc"]).is_empty(),
            "not when the targets differ"
        );
    }

    #[test]
    fn self_range_lands_on_the_caster() {
        let req = fit_request(&wizard(), None, &spell(Range::Self_), CastRequest::new()).unwrap();
        assert_eq!(req.targets.len(), 1);
        assert_eq!(req.targets[0].name, "Elmira");
        let req =
            fit_request(&wizard(), None, &spell(Range::Feet(60)), CastRequest::new()).unwrap();
        assert!(req.targets.is_empty());
    }
}
