//! The two languages of the tool, and every fixed string it prints.
//!
//! Strings live in one table so a translation never hides in a command
//! module; JSON output is never translated (it is for programs).

use std::str::FromStr;

/// The language of human output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// Czech.
    Cs,
}

impl FromStr for Lang {
    type Err = String;

    /// Accepts `en`, `cs` and locale-like spellings (`cs_CZ.UTF-8`, `en-GB`).
    fn from_str(s: &str) -> Result<Self, String> {
        let lower = s.trim().to_ascii_lowercase();
        if lower.starts_with("cs") || lower.starts_with("cz") {
            Ok(Lang::Cs)
        } else if lower.starts_with("en") {
            Ok(Lang::En)
        } else {
            Err(format!("unknown language \"{s}\" (use cs or en)"))
        }
    }
}

/// A fixed piece of human output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Text {
    Dice,
    Minimum,
    Maximum,
    Mean,
    Distribution,
    AtLeast,
    Value,
    Chance,
    Error,
    Rule,
    NoDice,
    Undone,
    UndoOf,
    UndoneBy,
    When,
    Command,
    Level,
    Spell,
    School,
    CastingTime,
    NoSpells,
    Ritual,
    Range,
    Area,
    Components,
    Duration,
    Classes,
    Slots,
    Pact,
    Arcanum,
    NoSlots,
    Proficiency,
    SaveDc,
    SpellAttack,
    Cantrips,
    Prepared,
    Ability,
    Item,
    Concentrating,
    Ongoing,
    LongCast,
    Conditions,
    Turn,
    Action,
    BonusAction,
    Reaction,
    SlotThisTurn,
    Created,
    Deleted,
    NoCharacters,
    Name,
    Added,
    Removed,
    LongRest,
    ShortRest,
    TurnEnded,
    PactSlot,
    SlotWord,
    Spent,
    AsRitual,
    Via,
    NoSlotCantrip,
    Casts,
    CastingStarted,
    CriticalHit,
    Hit,
    Miss,
    AttackRoll,
    Succeeds,
    Fails,
    RollSave,
    Damage,
    OnSuccess,
    Healing,
    HpNow,
    Unaffected,
    ConcentrationStarted,
    ConcentrationStopped,
    /// Turn damage as a creature's turn begins.
    AtTurnStart,
    /// Turn damage as a creature's turn ends.
    AtTurnEnd,
    /// A save ended the spell (Searing Smite).
    SpellEndsOnSave,
    Initiative,
    ConcentrationKept,
    ConcentrationLost,
    TimePassed,
    Round,
    Combatants,
    Effects,
    FreeHands,
    Pouch,
    Materials,
    Dismissed,
    Identified,
    NotIdentified,
    Computing,
    Changed,
    Active,
    ActiveCleared,
    NoActive,
    ActiveFromEnv,
    ActiveInDatabase,
    Rules,
}

impl Text {
    /// The string in the given language.
    pub fn get(self, lang: Lang) -> &'static str {
        let (en, cs) = match self {
            Text::Dice => ("dice", "kostky"),
            Text::Minimum => ("minimum", "minimum"),
            Text::Maximum => ("maximum", "maximum"),
            Text::Mean => ("mean", "průměr"),
            Text::Distribution => ("distribution", "rozdělení"),
            Text::AtLeast => ("at least", "alespoň"),
            Text::Value => ("value", "hodnota"),
            Text::Chance => ("chance", "šance"),
            Text::Error => ("error", "chyba"),
            Text::Rule => ("rule", "pravidlo"),
            Text::NoDice => ("no dice", "žádné kostky"),
            Text::Undone => ("undone", "vráceno"),
            Text::UndoOf => ("undo of", "vrácení"),
            Text::UndoneBy => ("undone by", "vráceno změnou"),
            Text::When => ("when (UTC)", "kdy (UTC)"),
            Text::Command => ("command", "příkaz"),
            Text::Level => ("level", "úroveň"),
            Text::Spell => ("spell", "kouzlo"),
            Text::School => ("school", "škola"),
            Text::CastingTime => ("casting time", "vyvolávací čas"),
            Text::NoSpells => ("no spells match", "žádné kouzlo neodpovídá"),
            Text::Ritual => ("ritual", "rituál"),
            Text::Range => ("range", "dosah"),
            Text::Area => ("area", "oblast"),
            Text::Components => ("components", "složky"),
            Text::Duration => ("duration", "trvání"),
            Text::Classes => ("classes", "povolání"),
            Text::Slots => ("slots", "pozice"),
            Text::Pact => ("pact", "paktová"),
            Text::Arcanum => ("arcanum", "arkánum"),
            Text::NoSlots => ("no spell slots", "žádné pozice pro kouzla"),
            Text::Proficiency => ("proficiency", "zdatnost"),
            Text::SaveDc => ("save DC", "SO záchrany"),
            Text::SpellAttack => ("spell attack", "útok kouzlem"),
            Text::Cantrips => ("cantrips", "cantripy"),
            Text::Prepared => ("prepared", "připravená"),
            Text::Ability => ("ability", "schopnost"),
            Text::Item => ("item", "předmět"),
            Text::Concentrating => ("concentrating on", "soustředí se na"),
            Text::Ongoing => ("ongoing", "trvá"),
            Text::LongCast => ("casting", "sesílá"),
            Text::Conditions => ("conditions", "stavy"),
            Text::Turn => ("turn", "tah"),
            Text::Action => ("action", "akce"),
            Text::BonusAction => ("bonus action", "bonusová akce"),
            Text::Reaction => ("reaction", "reakce"),
            Text::SlotThisTurn => ("slot this turn (R10)", "pozice v tomto tahu (R10)"),
            Text::Created => ("created", "vytvořeno:"),
            Text::Deleted => ("deleted", "smazáno:"),
            Text::NoCharacters => (
                "no characters yet (grimoire character new NAME --class wizard:3)",
                "zatím žádné postavy (grimoire character new JMÉNO --class kouzelník:3)",
            ),
            Text::Name => ("name", "jméno"),
            Text::Added => ("added", "přidáno"),
            Text::Removed => ("removed", "odebráno"),
            Text::LongRest => ("Long Rest", "Dlouhý odpočinek"),
            Text::ShortRest => ("Short Rest", "Krátký odpočinek"),
            Text::TurnEnded => ("turn ended", "tah skončil"),
            Text::PactSlot => ("pact slot", "paktová pozice"),
            Text::SlotWord => ("slot", "pozice"),
            Text::Spent => ("spent", "utracena"),
            Text::AsRitual => (
                "as a ritual, no slot (R5b)",
                "jako rituál, bez pozice (R5b)",
            ),
            Text::Via => ("no slot, via", "bez pozice, skrze"),
            Text::NoSlotCantrip => ("no slot (R5a)", "bez pozice (R5a)"),
            Text::Casts => ("casts", "sesílá"),
            Text::CastingStarted => (
                "casting started, needs Concentration and the Magic action each turn (R12)",
                "sesílání začalo, vyžaduje Soustředění a akci Magie každý tah (R12)",
            ),
            Text::CriticalHit => ("critical hit", "kritický zásah"),
            Text::Hit => ("hit", "zásah"),
            Text::Miss => ("miss", "minutí"),
            Text::AttackRoll => ("attack", "útok"),
            Text::Succeeds => ("succeeds", "uspěl"),
            Text::Fails => ("fails", "neuspěl"),
            Text::RollSave => ("roll the save", "hoďte záchranu"),
            Text::Damage => ("damage", "zranění"),
            Text::OnSuccess => ("on a successful save", "při úspěšné záchraně"),
            Text::Healing => ("healing", "léčení"),
            Text::HpNow => ("hp now", "životy nyní"),
            Text::Unaffected => ("unaffected (R18)", "nezasažen (R18)"),
            Text::ConcentrationStarted => ("Concentration started", "Soustředění začalo"),
            Text::ConcentrationStopped => ("Concentration ended", "Soustředění skončilo"),
            Text::AtTurnStart => ("at the start of its turn", "na začátku svého tahu"),
            Text::AtTurnEnd => ("at the end of its turn", "na konci svého tahu"),
            Text::SpellEndsOnSave => ("the save ends the spell", "záchrana kouzlo ukončila"),
            Text::Initiative => ("initiative", "iniciativa"),
            Text::ConcentrationKept => ("Concentration holds", "Soustředění vydrželo"),
            Text::ConcentrationLost => ("Concentration lost", "Soustředění ztraceno"),
            Text::TimePassed => ("time passed:", "uplynulo:"),
            Text::Round => ("round", "kolo"),
            Text::Combatants => ("combatants", "účastníci"),
            Text::Effects => ("effects", "účinky"),
            Text::FreeHands => ("free hands", "volné ruce"),
            Text::Pouch => ("component pouch", "brašnička na suroviny"),
            Text::Materials => ("materials", "suroviny"),
            Text::Dismissed => ("dismissed", "ukončeno"),
            Text::Identified => ("identified", "rozpoznáno"),
            Text::NotIdentified => ("not identified", "nerozpoznáno"),
            Text::Computing => (
                "computing the exact distribution…",
                "počítám přesné rozdělení…",
            ),
            Text::Changed => ("changed", "změny"),
            Text::Active => ("active character", "aktivní postava"),
            Text::ActiveCleared => ("no longer active", "už není aktivní"),
            Text::ActiveFromEnv => (
                "chosen by GRIMOIRE_CHARACTER in this shell",
                "vybrána proměnnou GRIMOIRE_CHARACTER v tomto shellu",
            ),
            Text::ActiveInDatabase => ("in the database", "v databázi"),
            Text::NoActive => (
                "no active character (choose one with: grimoire use NAME)",
                "žádná aktivní postava (vyberte ji: grimoire use JMÉNO)",
            ),
            Text::Rules => (
                "the spellcasting rules (grimoire rules ID shows one)",
                "pravidla sesílání kouzel (grimoire rules ID ukáže jedno; text je anglicky)",
            ),
        };
        match lang {
            Lang::En => en,
            Lang::Cs => cs,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locale_spellings_parse() {
        assert_eq!("cs_CZ.UTF-8".parse::<Lang>(), Ok(Lang::Cs));
        assert_eq!("EN".parse::<Lang>(), Ok(Lang::En));
        assert!("de".parse::<Lang>().is_err());
    }

    #[test]
    fn czech_differs_from_english() {
        assert_eq!(Text::Mean.get(Lang::Cs), "průměr");
        assert_eq!(Text::Mean.get(Lang::En), "mean");
    }
}
