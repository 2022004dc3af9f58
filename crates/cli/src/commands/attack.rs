//! `grimoire attack NAME WEAPON -t TARGET`: one weapon attack through
//! [`grimoire_app::attack`] (issue 34), shown as a card with every die.

use grimoire_app::{AttackCall, AttackView, CreatureAttackCall, CreatureWeapon};
use grimoire_rules::{DamageType, DiceFormula, RollMode, RollReason};
use serde_json::json;

use crate::context::Ctx;
use crate::failure::Failure;
use crate::i18n::Lang;
use crate::output::Out;

/// Arguments of `attack`.
#[derive(Debug, clap::Args)]
#[command(override_usage = "grimoire attack [OPTIONS] [CHARACTER] <WEAPON> --target <T>")]
pub struct Args {
    /// The attacker; leave out for the active character (one word is the weapon)
    #[arg(value_name = "CHARACTER")]
    pub name: Option<String>,
    /// The weapon, one the character carries (grimoire equip NAME --weapon longsword)
    pub weapon: Option<String>,
    /// The target: a combatant of the encounter or a stored character
    #[arg(short, long = "target", value_name = "T")]
    pub target: String,
    /// Advantage on the attack roll (the conditions in force add their own)
    #[arg(long, conflicts_with = "disadvantage")]
    pub advantage: bool,
    /// Disadvantage on the attack roll
    #[arg(long)]
    pub disadvantage: bool,
    /// Wield a Versatile weapon in two hands (its larger die)
    #[arg(long)]
    pub two_handed: bool,
    /// On a hit, Eldritch Smite (Warlock invocation): expend a Pact slot for 1d8 Force damage plus 1d8 per slot level
    #[arg(long)]
    pub eldritch_smite: bool,
    /// The GM's creature attacks (a character, in an encounter): its attack bonus as the stat block prints it
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(i32).range(-30..=30))]
    pub bonus: Option<i32>,
    /// A creature's damage modifier, added to the weapon's die
    #[arg(long, value_name = "N", requires = "bonus", allow_negative_numbers = true, value_parser = clap::value_parser!(i32).range(-30..=30))]
    pub damage_bonus: Option<i32>,
    /// A creature's own attack's damage instead of a weapon's (2d6+3); WEAPON is then its name
    #[arg(long, value_name = "DICE", requires = "bonus")]
    pub damage: Option<String>,
    /// The damage type of --damage
    #[arg(long = "type", value_name = "TYPE", requires = "damage")]
    pub damage_type: Option<String>,
    /// A creature's own attack is a ranged one
    #[arg(long, requires = "damage")]
    pub ranged: bool,
}

impl Args {
    /// Advantage, Disadvantage or neither, as asked.
    fn roll_mode(&self) -> RollMode {
        if self.advantage {
            RollMode::Advantage
        } else if self.disadvantage {
            RollMode::Disadvantage
        } else {
            RollMode::Normal
        }
    }
}

/// Runs `attack`: a character's weapon attack, or with `--bonus` the GM's
/// creature's (`creature_attack.rs`).
pub fn run(ctx: &Ctx, args: &Args) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    if let Some(bonus) = args.bonus {
        let call = creature_call(args, bonus, ctx.command_line.clone())?;
        return super::creature_attack::run(ctx, &mut store, &call);
    }
    let (entity, weapon) =
        crate::active::split(&store, args.name.as_deref(), args.weapon.clone(), "WEAPON")?;
    let call = AttackCall {
        attacker: entity.name.clone(),
        weapon,
        target: args.target.clone(),
        roll_mode: args.roll_mode(),
        two_handed: args.two_handed,
        eldritch_smite: args.eldritch_smite,
        command: ctx.command_line.clone(),
    };
    let in_encounter = crate::state::encounter_of(&store, &entity.name)?.is_some();
    let mut rng = ctx.rng();
    let done = grimoire_app::attack(&mut store, &call, &mut rng).map_err(|err| match err {
        // Outside an encounter the action comes back when the turn ends.
        grimoire_app::AppError::Rules(e) => super::cast::hint(
            crate::failure::Failure::from(e),
            &entity.name,
            |_| call.weapon.clone(),
            in_encounter,
        )
        .into(),
        other => crate::failure::app_error(other),
    })?;
    let view = AttackView::new(&done);
    show(&ctx.out, &view, ctx.seed)
}

/// Reads `attack CREATURE WEAPON -t CHARACTER --bonus N` into the
/// creature's attack: `args.name` is the creature, `bonus` its attack
/// bonus, the weapon one of the catalogue's (`--damage-bonus`) or the
/// creature's own (`--damage 2d6+3 --type slashing`, `--ranged`).
fn creature_call(args: &Args, bonus: i32, command: String) -> Result<CreatureAttackCall, Failure> {
    let (Some(attacker), Some(weapon)) = (args.name.clone(), args.weapon.clone()) else {
        return Err(Failure::usage_worded(
            "missing_creature",
            "cli-creature-attack-usage",
            &[],
        ));
    };
    let weapon = match &args.damage {
        None => CreatureWeapon::Weapon {
            weapon,
            damage_bonus: args.damage_bonus.unwrap_or(0),
        },
        Some(dice) => {
            let damage: DiceFormula = dice.parse().map_err(|_| {
                Failure::usage_worded(
                    "invalid_damage",
                    "cli-creature-bad-damage",
                    &[("given", dice)],
                )
            })?;
            let ty = args.damage_type.as_deref().unwrap_or("bludgeoning");
            let damage_type = DamageType::from_name(ty).ok_or_else(|| {
                Failure::usage_worded(
                    "invalid_damage",
                    "cli-creature-bad-damage",
                    &[("given", ty)],
                )
            })?;
            CreatureWeapon::Own {
                name: weapon,
                damage,
                damage_type,
                melee: !args.ranged,
            }
        }
    };
    Ok(CreatureAttackCall {
        attacker,
        weapon,
        bonus,
        target: args.target.clone(),
        roll_mode: args.roll_mode(),
        command,
    })
}

/// Prints an attack's card: who attacks whom with what, the bonus, what
/// gave Advantage or Disadvantage, every die, and the target's line.
pub(crate) fn show(out: &Out, v: &AttackView, seed: Option<u64>) -> anyhow::Result<()> {
    if out.json {
        return out.json(&json!({ "attack": v, "seed": seed }));
    }
    let lang = out.lang;
    let tag = lang.tag();
    let weapon = if lang == Lang::CS {
        &v.weapon_name_cs
    } else {
        &v.weapon_name
    };
    let target = v.target.as_ref().map_or("", |t| t.target.as_str());
    out.line(grimoire_words::text(
        tag,
        "cli-attack-header",
        [
            ("attacker", out.bold(&v.attacker)),
            ("weapon", out.bold(&out.cyan(weapon))),
            ("target", target.to_owned()),
        ],
    ))?;
    let proficiency = grimoire_words::text(
        tag,
        if v.proficient {
            "cli-attack-proficient"
        } else {
            "cli-attack-not-proficient"
        },
        Vec::<(&str, String)>::new(),
    );
    out.line(out.dim(&grimoire_words::text(
        tag,
        "cli-attack-bonus",
        [
            ("bonus", format!("{:+}", v.attack_bonus)),
            ("ability", grimoire_words::abbrev(tag, v.ability).to_owned()),
            ("proficiency", proficiency),
        ],
    )))?;
    for (id, reasons) in [
        ("cli-attack-advantage", &v.reasons.advantage),
        ("cli-attack-disadvantage", &v.reasons.disadvantage),
    ] {
        if reasons.is_empty() {
            continue;
        }
        let said: Vec<String> = reasons.iter().map(|r| reason(r, lang)).collect();
        out.line(out.yellow(&grimoire_words::text(
            tag,
            id,
            [("reasons", said.join(", "))],
        )))?;
    }
    for roll in &v.rolls {
        let dice: Vec<String> = roll.dice.iter().map(u32::to_string).collect();
        out.line(format!(
            "  {}: {} [{}] = {}",
            crate::describe::roll_label(&roll.label, lang),
            roll.notation,
            dice.join(", "),
            out.bold(&roll.total.to_string())
        ))?;
    }
    if let Some(t) = &v.target {
        let hit = v
            .characters
            .iter()
            .rfind(|h| grimoire_app::fold(&h.name) == grimoire_app::fold(&t.target));
        if let Some(line) = super::cast::target_line(out, t, hit) {
            out.line(line)?;
        }
    }
    if let Some(c) = &v.creature_concentration {
        let id = if c.kept {
            "cli-attack-concentration-kept"
        } else {
            "cli-attack-concentration-lost"
        };
        out.line(out.yellow(&grimoire_words::text(
            tag,
            id,
            [
                ("creature", c.creature.clone()),
                ("spell", crate::view::spell_label(&c.spell, lang)),
            ],
        )))?;
    }
    if let Some(m) = v.mastery {
        let id = match m {
            grimoire_rules::Mastery::Cleave => "cli-mastery-cleave",
            grimoire_rules::Mastery::Graze => "cli-mastery-graze",
            grimoire_rules::Mastery::Nick => "cli-mastery-nick",
            grimoire_rules::Mastery::Push => "cli-mastery-push",
            grimoire_rules::Mastery::Sap => "cli-mastery-sap",
            grimoire_rules::Mastery::Slow => "cli-mastery-slow",
            grimoire_rules::Mastery::Topple => "cli-mastery-topple",
            grimoire_rules::Mastery::Vex => "cli-mastery-vex",
        };
        out.line(out.dim(&grimoire_words::text(
            tag,
            id,
            [("target", target.to_owned())],
        )))?;
    }
    if v.attacks_left > 0 {
        out.line(out.dim(&grimoire_words::text(
            tag,
            "cli-attack-extra",
            [("left", v.attacks_left.to_string())],
        )))?;
    }
    if !v.smites.is_empty() {
        let names: Vec<String> = v
            .smites
            .iter()
            .map(|id| crate::view::spell_label(id, lang))
            .collect();
        out.line(out.yellow(&grimoire_words::text(
            tag,
            "cli-attack-smites",
            [
                ("spells", names.join(", ")),
                ("attacker", v.attacker.clone()),
                ("target", target.to_owned()),
            ],
        )))?;
    }
    Ok(())
}

/// One reason for Advantage or Disadvantage, in `lang`.
fn reason(r: &RollReason, lang: Lang) -> String {
    let tag = lang.tag();
    match r {
        RollReason::Asked => {
            grimoire_words::text(tag, "cli-attack-reason-asked", Vec::<(&str, String)>::new())
        }
        RollReason::Attacker(c) => grimoire_words::text(
            tag,
            "cli-attack-reason-attacker",
            [("condition", grimoire_words::word(tag, c).to_owned())],
        ),
        RollReason::Target(c) => grimoire_words::text(
            tag,
            "cli-attack-reason-target",
            [("condition", grimoire_words::word(tag, c).to_owned())],
        ),
        RollReason::TargetSpell(spell) => grimoire_words::text(
            tag,
            "cli-attack-reason-target-spell",
            [("spell", crate::view::spell_label(spell, lang))],
        ),
    }
}
