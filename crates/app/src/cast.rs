//! Casting against the stored state: fitting the request to where the
//! caster stands (an encounter, a Self-range spell), and committing the
//! caster and its encounter together.

use grimoire_rules::{
    ActionKind, BonusAmount, BonusTarget, CastOutcome, CastRequest, Caster, CastingTime,
    EffectBoard, Event, Range, Spell, Target,
};
use grimoire_store::{Committed, Entity, Store};

use crate::error::AppError;
use crate::state::{Batch, EncounterState, fold};

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
    mut req: CastRequest,
) -> Result<CastRequest, AppError> {
    // Bounded before any work: one request costs a small, known amount.
    crate::limits::check_cast_request(&req)?;
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
    let running = enc.and_then(|e| e.state.running.as_ref());
    let board = running.map_or_else(|| own_effects(caster), |r| r.effects().clone());
    apply_effects_in_force(&board, &caster.name, &mut req);
    let Some(running) = running else {
        return Ok(req);
    };
    // Inside an encounter, a target's hit points come from the tracker unless given.
    for t in &mut req.targets {
        let known = running
            .combatants()
            .iter()
            .find(|c| fold(&c.name) == fold(&t.name));
        if let Some(c) = known {
            t.name = c.name.clone();
            fill_from_combatant(t, c);
        }
    }
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
    Ok(req)
}

/// A target named like a combatant takes the tracker's numbers for what
/// the request leaves out: hit points, its stat block (AC, saves, defences,
/// hit point maximum) and its creature type.
fn fill_from_combatant(t: &mut Target, c: &grimoire_rules::Combatant) {
    if t.creature_type.is_none() {
        t.creature_type.clone_from(&c.creature_type);
    }
    let known = c.stats.clone().unwrap_or_default();
    if c.hp.is_none() && c.stats.is_none() {
        return;
    }
    let stats = t.stats.get_or_insert_with(Default::default);
    if stats.hp.is_none() {
        stats.hp = c.hp;
    }
    if stats.ac.is_none() {
        stats.ac = known.ac;
    }
    if stats.max_hp.is_none() {
        stats.max_hp = known.max_hp;
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
/// (Shield of Faith). Whatever the request already gives is kept.
fn apply_effects_in_force(board: &EffectBoard, caster: &str, req: &mut CastRequest) {
    if req.attack_bonuses.is_empty() {
        req.attack_bonuses = board.bonuses(caster, BonusTarget::AttackRolls);
    }
    for t in &mut req.targets {
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

/// Commits an accepted cast: the caster's events, and inside an encounter
/// the effects it started and the targets' hit points, in one change.
/// Returns the caster afterwards, the encounter's name if it was in one,
/// and the commit receipt.
pub fn commit_cast(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    enc: Option<&Entity<EncounterState>>,
    outcome: &CastOutcome,
) -> Result<(Caster, Option<String>, Option<Committed>), AppError> {
    // While a cast waits for Reactions, casts go through the window
    // (`monster::react`), not around it (R11).
    if let Some(running) = enc.and_then(|e| e.state.running.as_ref()) {
        running.check_no_window()?;
    }
    let mut batch = Batch::new(command);
    let next = batch.character(caster, &outcome.events)?;
    let mut enc_name = None;
    if let Some(e) = enc {
        let mut st = e.state.clone();
        if let Some(running) = st.running.as_mut() {
            let mut events = running.caster_events(&caster.name, &outcome.events);
            for t in &outcome.resolution.targets {
                if let Some(hp) = t.hp_after
                    && let Ok(mut more) = running.set_hp(&t.target, hp)
                {
                    events.append(&mut more);
                }
            }
            running.apply_all(&events);
            batch.encounter(e, &st, &events)?;
            enc_name = Some(e.name.clone());
        }
    }
    let done = batch.commit(store)?;
    Ok((next, enc_name, done))
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
        commit_cast(&mut store, "cast hex", &c, Some(&e), &out).unwrap();
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
