//! What to do about a refusal: one short, actionable sentence per error
//! code, in the words of this server's tools, so a model can recover
//! without knowing the rules engine.

use crate::lang::Lang;

/// The fix for a refusal `code`, in `lang`. Codes not in the table get a
/// general sentence that still names a tool to call next.
pub fn fix(code: &str, lang: Lang) -> &'static str {
    let (en, cs) = table(code);
    match lang {
        Lang::En => en,
        Lang::Cs => cs,
    }
}

/// `(English, Czech)` for every known code.
fn table(code: &str) -> (&'static str, &'static str) {
    match code {
        // Turn economy (R9, R10, R11).
        "one_slot_per_turn" => (
            "Only one spell slot per turn: end the turn with next_turn, then cast it on the character's next turn (or cast a cantrip now).",
            "Za tah jen jedna pozice: ukonči tah nástrojem next_turn a sešli kouzlo v dalším tahu postavy (nebo teď sešli trik).",
        ),
        "not_your_turn" => (
            "It is another combatant's turn: call next_turn until it is this character's turn, or cast a Reaction spell with off_turn.",
            "Na tahu je někdo jiný: volej next_turn, dokud nebude na tahu tato postava, nebo sešli kouzlo s Reakcí s off_turn.",
        ),
        "action_unavailable" => (
            "That part of the turn is used: choose another action (magic, bonus or reaction), or end the turn with next_turn.",
            "Tato část tahu je vyčerpaná: zvol jinou akci (magic, bonus, reaction), nebo ukonči tah nástrojem next_turn.",
        ),
        "casting_time_mismatch" => (
            "Cast it with the action its casting time names (set action to magic, bonus or reaction accordingly); spell_show tells the casting time.",
            "Sešli ho akcí podle doby sesílání (action = magic, bonus nebo reaction); dobu sesílání ukáže spell_show.",
        ),
        "no_alternative_casting_time" => (
            "This spell has one casting time: call cast again without alternative_time.",
            "Toto kouzlo má jen jednu dobu sesílání: zavolej cast znovu bez alternative_time.",
        ),
        "missing_trigger" | "not_a_reaction" => (
            "A Reaction spell needs its trigger: pass trigger (and off_turn on another creature's turn), or answer an open window with react.",
            "Kouzlo s Reakcí potřebuje spouštěč: předej trigger (a off_turn v tahu jiného tvora), nebo odpověz na otevřené okno nástrojem react.",
        ),
        "reaction_window_open" => (
            "A spell is waiting for Reactions: answer it with react, let it go with reaction_pass, or close it with reaction_resolve first.",
            "Kouzlo čeká na Reakce: nejdřív odpověz nástrojem react, nech ho projít přes reaction_pass, nebo okno zavři nástrojem reaction_resolve.",
        ),
        "no_reaction_window" => (
            "Nothing is waiting for a Reaction: cast normally with cast, or open a window with encounter_cast or attack_hit.",
            "Nic nečeká na Reakci: sešli normálně nástrojem cast, nebo otevři okno přes encounter_cast či attack_hit.",
        ),
        "not_an_answer" | "own_trigger" | "already_answered" => (
            "This Reaction cannot answer the open window: look at encounter_show, then react with another combatant or spell, or call reaction_resolve.",
            "Tato Reakce na otevřené okno neodpovídá: podívej se do encounter_show a reaguj jiným bojovníkem či kouzlem, nebo zavolej reaction_resolve.",
        ),
        // Slots and spells (R1-R8).
        "no_slot_available" => (
            "No slot of that level or higher is left: take a long rest with rest (kind long), cast a cantrip, or pick a lower-level spell from options.",
            "Nezbývá pozice té úrovně ani vyšší: dej si dlouhý odpočinek (rest, kind long), sešli trik, nebo vyber kouzlo nižší úrovně z options.",
        ),
        "slot_too_low" => (
            "The slot is below the spell's level: cast it at a higher slot (level at least the spell's level), or leave level out for the lowest that fits.",
            "Pozice je pod úrovní kouzla: sešli ho z vyšší pozice (level alespoň úroveň kouzla), nebo level vynech a použije se nejnižší vhodná.",
        ),
        "no_such_slot" | "invalid_slot_level" => (
            "The character has no slot of that level: call options to see the slot levels it can use, then cast with one of them.",
            "Postava nemá pozici té úrovně: zavolej options, ukáže použitelné úrovně pozic, a sešli s jednou z nich.",
        ),
        "cantrip_takes_no_slot" => (
            "Cantrips use no slot: call cast again without level.",
            "Triky nepotřebují pozici: zavolej cast znovu bez level.",
        ),
        "spell_level_too_high" | "invalid_spell_level" => (
            "The character cannot cast spells of that level yet: pick a lower-level spell (options lists what it can cast).",
            "Postava kouzla té úrovně ještě sesílat neumí: vyber kouzlo nižší úrovně (options ukáže, co sesílat může).",
        ),
        "not_prepared" => (
            "Prepare the spell first with prepare (or cast it as a ritual with ritual, if it is one).",
            "Nejdřív kouzlo připrav nástrojem prepare (nebo ho sešli jako rituál s ritual, je-li rituálem).",
        ),
        "not_known" => (
            "The character does not know this cantrip: add it with prepare, within its cantrip limit.",
            "Postava tento trik nezná: přidej ho nástrojem prepare, v mezích počtu triků.",
        ),
        "not_on_class_list" | "no_such_class" => (
            "This spell is not on the character's class lists: use spell_search with class to find spells it can learn.",
            "Kouzlo není na seznamech povolání postavy: najdi vhodná kouzla přes spell_search s class.",
        ),
        "too_many_prepared" | "too_many_cantrips" => (
            "The character is at its limit: unprepare a spell (prepare with unprepare true), then prepare this one.",
            "Postava je na limitu: odpřiprav jiné kouzlo (prepare s unprepare true) a pak připrav toto.",
        ),
        "not_a_ritual" => (
            "This spell is not a ritual: cast it with a slot (leave ritual out).",
            "Toto kouzlo není rituál: sešli ho z pozice (bez ritual).",
        ),
        "not_in_spellbook" | "no_spellbook" => (
            "The spell is not in this Wizard's spellbook: prepare another spell (spell_search with class wizard), or add it with the CLI's spellbook command.",
            "Kouzlo není v knize kouzel: připrav jiné (spell_search s class wizard), nebo ho přidej příkazem spellbook v CLI.",
        ),
        "damage_type_not_offered" => (
            "Choose a damage type the spell offers (the message lists them) in damage_type.",
            "Zvol v damage_type typ zranění, který kouzlo nabízí (zpráva je vyjmenuje).",
        ),
        // Components, conditions, targets (R12-R17).
        "silenced" | "incapacitated" => (
            "The character cannot cast now: wait for the condition to end (next_turn lets time pass) or act with another combatant.",
            "Postava teď sesílat nemůže: počkej, až stav skončí (next_turn nechá plynout čas), nebo jednej za jiného bojovníka.",
        ),
        "no_free_hand" | "missing_material" => (
            "The character lacks a free hand or a component: equip a pouch or focus with the equip tool (or free a hand), or pick another spell from options.",
            "Postavě chybí volná ruka nebo součást: vybav ji měšcem či ohniskem nástrojem equip (nebo uvolni ruku), nebo vyber jiné kouzlo z options.",
        ),
        "out_of_range" | "self_only" | "cannot_target_self" | "too_many_targets"
        | "no_line_of_effect" | "target_not_hostile" => (
            "The targets do not fit the spell: read spell_show for its range and targets, then call cast again with fewer or other targets.",
            "Cíle kouzlu neodpovídají: přečti si ve spell_show dosah a cíle a zavolej cast znovu s menším počtem či jinými cíli.",
        ),
        "casting_in_progress" | "casting_unfinished" | "no_casting_in_progress" => (
            "A long casting is under way: let rounds pass with next_turn, then cast with complete; or cast something else once it is done.",
            "Probíhá dlouhé sesílání: nech plynout kola přes next_turn a pak sešli s complete; jiné kouzlo až po jeho dokončení.",
        ),
        "no_uses_left" | "source_cannot_cast" | "unknown_source" | "not_in_stat_block" => (
            "That item, ability or stat-block use is spent or cannot cast this: cast with a slot instead (leave via out), or rest to regain uses.",
            "Tento předmět, schopnost či použití je vyčerpané nebo toto kouzlo neumí: sešli z pozice (bez via), nebo si odpočiň.",
        ),
        "no_concentration" | "not_ongoing" | "not_in_effect" | "unknown_effect"
        | "not_dismissible" => (
            "There is no such ongoing spell: call character_show to see what is in effect.",
            "Takové trvající kouzlo není: zavolej character_show a uvidíš, co působí.",
        ),
        "not_a_caster" => (
            "That combatant cannot cast: add a spellcaster with encounter_add (a character's name, or monster from monster_list).",
            "Tento bojovník sesílat neumí: přidej sesilatele přes encounter_add (jméno postavy, nebo monster z monster_list).",
        ),
        "no_hit_points" => (
            "The character has no hit points recorded: set them with the hp tool, then try again.",
            "Postava nemá zapsané životy: nastav je nástrojem hp a zkus to znovu.",
        ),
        // Names and lookups.
        "unknown_spell" | "no_spell" => (
            "No spell has that name: find it with spell_search (English or Czech, part of the name), then use its id.",
            "Takové kouzlo není: najdi ho přes spell_search (česky nebo anglicky, část jména) a použij jeho id.",
        ),
        "unknown_character" | "not_found" => (
            "No such character or encounter: call character_list (or encounter_list) for the exact names, or create it first.",
            "Taková postava ani střetnutí není: přesná jména ukáže character_list (nebo encounter_list), případně ji nejdřív vytvoř.",
        ),
        "unknown_encounter" => (
            "No such encounter: call encounter_list for the names, or create it with encounter_create.",
            "Takové střetnutí není: jména ukáže encounter_list, nebo ho vytvoř nástrojem encounter_create.",
        ),
        "unknown_combatant" | "empty_encounter" => (
            "That combatant is not in the encounter: add it with encounter_add, or call encounter_show for the names.",
            "Tento bojovník ve střetnutí není: přidej ho přes encounter_add, nebo se podívej na jména v encounter_show.",
        ),
        "unknown_monster" => (
            "No stat block has that name: call monster_list and use one of its ids.",
            "Žádný statblok se tak nejmenuje: zavolej monster_list a použij jedno z jeho id.",
        ),
        "already_exists" => (
            "That name is taken: choose another name, or use the existing one (character_list, encounter_list).",
            "Jméno je obsazené: zvol jiné, nebo použij existující (character_list, encounter_list).",
        ),
        "nothing_to_undo" | "undo_blocked" | "undo_forbidden" => (
            "There is nothing this undo can revert: read the history with log first.",
            "Tady není co vrátit: nejdřív si přečti historii nástrojem log.",
        ),
        "conflict" => (
            "Someone changed the same state at the same moment: call the tool again.",
            "Tentýž stav právě změnil někdo jiný: zavolej nástroj znovu.",
        ),
        "target_still_standing" => (
            "Hex or Hunter's Mark can move only once the target drops to 0 hit points: deal damage first.",
            "Uhranutí či Lovcovo znamení lze přesunout až po pádu cíle na 0 životů: nejdřív mu způsob zranění.",
        ),
        "too_costly" => (
            "The plan is too large to compute exactly: give the target fewer unknowns (ac, hp, saves) or ask for a smaller top.",
            "Plán je příliš velký pro přesný výpočet: zadej cíli víc údajů (ac, hp, záchrany) nebo menší top.",
        ),
        // Arguments this server or the CLI rejected.
        "invalid_argument" => (
            "Correct the named argument to fit its schema (length, range, no leading '-') and call again.",
            "Oprav uvedený argument podle schématu (délka, rozsah, bez úvodního „-“) a zavolej znovu.",
        ),
        "usage"
        | "bad_target"
        | "bad_name"
        | "invalid_name"
        | "missing_argument"
        | "invalid_request"
        | "invalid_class_level"
        | "invalid_character_level"
        | "duplicate_class"
        | "invalid_ability_score"
        | "invalid_hit_points"
        | "invalid_armor_class" => (
            "An argument was not accepted (the message names it): correct that value and call again.",
            "Některý argument nebyl přijat (zpráva ho jmenuje): oprav tu hodnotu a zavolej znovu.",
        ),
        "timeout" => (
            "The command took too long: call again with a narrower request (a smaller top or limit, a more specific query).",
            "Příkaz trval příliš dlouho: zavolej znovu s užším dotazem (menší top či limit, přesnější hledání).",
        ),
        "output_too_large" => (
            "The answer was too large to return: narrow the request (limit, top, a query) and call again.",
            "Odpověď byla příliš velká: zuž dotaz (limit, top, hledaný text) a zavolej znovu.",
        ),
        "database_unavailable" | "database" | "read_only" | "io" | "schema_too_new" => (
            "The database cannot be used right now: tell the user; the server's --db (or GRIMOIRE_DB) must point at a writable Grimoire database.",
            "Databázi teď nelze použít: řekni to uživateli; --db serveru (nebo GRIMOIRE_DB) musí ukazovat na zapisovatelnou databázi Grimoiru.",
        ),
        _ => (
            "Read the message, then call options for what the character can do now, or encounter_show for the state of the fight.",
            "Přečti si zprávu, pak zavolej options pro to, co postava teď může, nebo encounter_show pro stav boje.",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r10_says_to_end_the_turn() {
        assert!(fix("one_slot_per_turn", Lang::En).contains("next_turn"));
        assert!(fix("one_slot_per_turn", Lang::Cs).contains("next_turn"));
        assert!(fix("one_slot_per_turn", Lang::Cs).contains("tah"));
    }

    #[test]
    fn unknown_codes_still_name_a_tool() {
        assert!(fix("something_new", Lang::En).contains("options"));
    }

    #[test]
    fn every_fix_is_short_and_differs_by_language() {
        for code in [
            "no_slot_available",
            "unknown_spell",
            "usage",
            "timeout",
            "x",
        ] {
            let (en, cs) = table(code);
            assert!(en.len() < 200 && cs.len() < 250, "{code}");
            assert_ne!(en, cs, "{code}");
        }
    }
}
