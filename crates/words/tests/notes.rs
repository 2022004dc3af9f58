//! Every kind of note the rules put beside an action or a target's
//! outcome, in every language.

use grimoire_rules::{Ability, DamageType, Note, OnSave, SlotLevel, SpellLevel};
use grimoire_words::note;

fn level(n: u8) -> SlotLevel {
    SlotLevel::new(n).expect("a slot level")
}

/// One note of each code with its English and Czech words. The match
/// names every code, so a new one fails to compile until it is listed.
fn examples() -> Vec<(Note, &'static str, &'static str)> {
    let spell = || "Shield".to_owned();
    let all = vec![
        Note::CastAtLevel {
            level: SpellLevel::new(3).expect("a spell level"),
        },
        Note::CastingTakes { rounds: 10 },
        Note::CastingContinues {
            spell: spell(),
            left: 4,
        },
        Note::CastingReady { spell: spell() },
        Note::SpellEnded { spell: spell() },
        Note::SpellMoves {
            spell: spell(),
            target: "Orc".into(),
        },
        Note::ConcentrationEndsIncapacitated,
        Note::ScrollFailed,
        Note::SaveDc {
            dc: 15,
            ability: Ability::Wisdom,
        },
        Note::NoExtraDamage {
            damage_type: DamageType::Radiant,
            only_against: vec!["fiend".into(), "undead".into()],
        },
        Note::AppearsToSucceed,
        Note::NoEffectOnTarget,
        Note::SaveNotRolled {
            dc: 13,
            ability: Ability::Wisdom,
            on_success: OnSave::None,
        },
        Note::TurnSaveNotRolled {
            dc: 14,
            ability: Ability::Constitution,
        },
        Note::MoreDamage {
            amount: 4,
            damage_type: DamageType::Radiant,
            only_against: vec!["fiend".into(), "undead".into()],
        },
        Note::AcUnknown,
        Note::FontOfMagicPoints {
            level: level(2),
            points: 2,
        },
        Note::FontOfMagicSlot {
            points: 3,
            level: level(2),
        },
        Note::InnateSorcery,
        Note::SorceryIncarnate { points: 2 },
        Note::MagicalCunning { count: 1 },
        Note::ArcaneRecovery {
            levels: vec![level(1), level(2)],
        },
        Note::SorcerousRestoration { points: 4 },
        Note::NaturalRecovery {
            levels: vec![level(3)],
        },
        Note::MemorizeSpell {
            forgot: "Shield".into(),
            learned: "Fireball".into(),
        },
        Note::Text("R15: Shield has ended".into()),
    ];
    all.into_iter()
        .map(|n| {
            let (en, cs) = match &n {
                Note::CastAtLevel { .. } => (
                    "R6: cast as a level-3 spell",
                    "R6: sesláno jako kouzlo 3. úrovně",
                ),
                Note::CastingTakes { .. } => (
                    "R12: casting takes 10 rounds with Concentration; no slot is spent unless it completes",
                    "R12: sesílání trvá kol: 10, se Soustředěním; pozice se utratí, jen když se dokončí",
                ),
                Note::CastingContinues { .. } => (
                    "R12: Shield continues, 4 round(s) to go",
                    "R12: sesílání kouzla Štít pokračuje, zbývá kol: 4",
                ),
                Note::CastingReady { .. } => (
                    "R12: Shield is ready to complete",
                    "R12: kouzlo Štít lze dokončit",
                ),
                Note::SpellEnded { .. } => ("R15: Shield has ended", "R15: kouzlo Štít skončilo"),
                Note::SpellMoves { .. } => {
                    ("Shield moves to Orc", "kouzlo Štít přechází na cíl Orc")
                }
                Note::ConcentrationEndsIncapacitated => (
                    "Concentration ends: the caster is Incapacitated",
                    "Soustředění končí: sesilatel má stav Neschopný",
                ),
                Note::ScrollFailed => (
                    "R5d: the scroll check failed: the spell fades from the scroll with no effect",
                    "R5d: ověření svitku se nezdařilo: kouzlo ze svitku zmizí bez účinku",
                ),
                Note::SaveDc { .. } => ("DC 15 WIS save", "záchrana MDR proti SO 15"),
                Note::NoExtraDamage { .. } => (
                    "no radiant damage rolled: it harms only fiend or undead, and no target is one",
                    "zářivé zranění se neházelo: zraňuje jen tyto druhy: běs nebo nemrtvý, a žádný cíl k nim nepatří",
                ),
                Note::AppearsToSucceed => (
                    "R18: the target appears to succeed on its save",
                    "R18: cíl zdánlivě uspěje v záchraně",
                ),
                Note::NoEffectOnTarget => (
                    "R18: the spell has no effect on this target",
                    "R18: kouzlo na tento cíl nepůsobí",
                ),
                Note::SaveNotRolled { .. } => (
                    "save not rolled: DC 13 WIS; on a failure as shown, on a success no effect",
                    "záchrana nehozena: SO 13 MDR; při neúspěchu jak uvedeno, při úspěchu žádný účinek",
                ),
                Note::TurnSaveNotRolled { .. } => (
                    "save not rolled: DC 14 CON; the damage shown is for a failure",
                    "záchrana nehozena: SO 14 ODL; uvedené zranění platí při neúspěchu",
                ),
                Note::MoreDamage { .. } => (
                    "4 more radiant damage if the target is fiend or undead; state its creature type to apply it",
                    "o 4 víc (zářivé zranění), je-li cíl běs nebo nemrtvý; uveď jeho druh, aby se započetlo",
                ),
                Note::AcUnknown => (
                    "AC unknown: damage shown applies on a hit",
                    "OČ neznámé: uvedené zranění platí při zásahu",
                ),
                Note::FontOfMagicPoints { .. } => (
                    "Font of Magic: a level-2 slot became 2 Sorcery Points",
                    "Pramen magie: pozice 2. úrovně se změnila v body čarodějnictví: 2",
                ),
                Note::FontOfMagicSlot { .. } => (
                    "Font of Magic: 3 Sorcery Points became a level-2 slot until the next Long Rest",
                    "Pramen magie: body čarodějnictví (3) se změnily v pozici 2. úrovně do příštího dlouhého odpočinku",
                ),
                Note::InnateSorcery => (
                    "Innate Sorcery: +1 save DC and Advantage on attack rolls of Sorcerer spells for 1 minute",
                    "Vrozené čarodějnictví: +1 k SO záchran a výhoda k hodům na útok čarodějových kouzel na 1 minutu",
                ),
                Note::SorceryIncarnate { .. } => (
                    "Sorcery Incarnate: 2 Sorcery Points start Innate Sorcery for 1 minute",
                    "Vtělené čarodějnictví: body čarodějnictví (2) spouštějí Vrozené čarodějnictví na 1 minutu",
                ),
                Note::MagicalCunning { .. } => (
                    "Magical Cunning: 1 Pact slots are back",
                    "Magická lstivost: pozice paktu zpět: 1",
                ),
                Note::ArcaneRecovery { .. } => (
                    "Arcane Recovery: slots of level 1, 2 are back",
                    "Arkánní zotavení: pozice úrovní 1, 2 jsou zpět",
                ),
                Note::NaturalRecovery { .. } => (
                    "Natural Recovery: slots of level 3 are back",
                    "Přírodní zotavení: pozice úrovní 3 jsou zpět",
                ),
                Note::MemorizeSpell { .. } => (
                    "Memorize Spell: Fireball is prepared in place of Shield",
                    "Zapamatování kouzla: připraveno kouzlo Fireball místo kouzla Štít",
                ),
                Note::SorcerousRestoration { .. } => (
                    "Sorcerous Restoration: 4 Sorcery Points are back",
                    "Čarodějné zotavení: body čarodějnictví zpět: 4",
                ),
                // A note of an old log stays as it was written.
                Note::Text(_) => ("R15: Shield has ended", "R15: Shield has ended"),
            };
            (n, en, cs)
        })
        .collect()
}

#[test]
fn every_note_code_is_worded_in_english_and_czech() {
    grimoire_words::learn_spell_names(|lang, spell| {
        (lang == "cs" && spell == "Shield").then(|| "Štít".to_owned())
    });
    for (n, en, cs) in examples() {
        assert_eq!(note("en", &n), en, "{n:?}");
        assert_eq!(note("cs", &n), cs, "{n:?}");
    }
}

/// A homebrew spell the catalogue does not know keeps its own name.
#[test]
fn a_spell_without_a_czech_name_keeps_its_own() {
    let n = Note::SpellEnded {
        spell: "Frost Lance".into(),
    };
    assert_eq!(note("cs", &n), "R15: kouzlo Frost Lance skončilo");
}
