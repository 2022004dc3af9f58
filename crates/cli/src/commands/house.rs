//! `grimoire house-rules`: the table's house rules (issue 15). A casual
//! table may relax R10, R11 or R14 so that a cast breaking them goes ahead
//! with a warning instead of a refusal. Each change is logged; `grimoire
//! undo --house-rules` reverts the last one.

use grimoire_app::house::{RelaxedRule, describe};
use grimoire_rules::{HouseRules, Relaxable, Waived};
use serde_json::json;

use crate::context::Ctx;
use crate::failure::Failure;
use crate::i18n::Lang;
use crate::output::Out;
use crate::state;

/// `house-rules` and its actions.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  grimoire house-rules                 what this table plays\n  grimoire house-rules relax R14       cast without tracking components, with a warning\n  grimoire house-rules enforce R14     back to the rules as written\n  grimoire undo --house-rules          revert the last change\n\nA table may relax R10 (one spell slot per turn), R11 (naming a Reaction's\ntrigger) and R14 (components). A cast that breaks a relaxed rule is shown\nwith a warning naming the rule; every other rule still refuses."
)]
pub struct Args {
    #[command(subcommand)]
    action: Option<Action>,
}

/// What to change.
#[derive(Debug, clap::Subcommand)]
enum Action {
    /// Let casts that break RULE go ahead with a warning (R10, R11 or R14)
    Relax {
        /// R10, R11 or R14
        rule: String,
    },
    /// Refuse casts that break RULE again, as written
    Enforce {
        /// R10, R11 or R14
        rule: String,
    },
}

/// Runs `house-rules`.
pub fn run(ctx: &Ctx, args: &Args) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let (house, changed) = match &args.action {
        None => (
            grimoire_app::house_rules(&store).map_err(state::app_error)?,
            None,
        ),
        Some(Action::Relax { rule }) | Some(Action::Enforce { rule }) => {
            let relax = matches!(args.action, Some(Action::Relax { .. }));
            let rule = parse(rule)?;
            let verb = if relax { "relax" } else { "enforce" };
            let (house, receipt) = grimoire_app::set_house_rule(
                &mut store,
                format!("house-rules {verb} {rule}"),
                rule,
                relax,
            )
            .map_err(state::app_error)?;
            (house, Some(receipt.is_some()))
        }
    };
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({
            "house_rules": describe(&house),
            "changed": changed.unwrap_or(false),
        }));
    }
    human(out, &house)
}

/// A rule id a table may relax, or a usage error naming the choices.
fn parse(rule: &str) -> Result<Relaxable, Failure> {
    rule.parse::<Relaxable>().map_err(|e| {
        Failure::usage("unknown_house_rule", e.to_string()).with_cs(format!(
            "{:?} nelze uvolnit; stůl může uvolnit R10, R11 nebo R14",
            e.0
        ))
    })
}

/// One relaxed rule in words.
pub fn line(r: &RelaxedRule, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{} relaxed: {}", r.rule, r.allows),
        Lang::Cs => format!("{} uvolněno: {}", r.rule, r.allows_cs),
    }
}

/// A warning under a cast: the rule it broke that the table relaxed.
pub fn waived_line(w: &Waived, lang: Lang) -> String {
    let w = grimoire_words::waived(w);
    match lang {
        Lang::En => format!("! House rule ({} relaxed): {}", w.house_rule, w.message),
        Lang::Cs => format!(
            "! Domácí pravidlo ({} uvolněno): {}",
            w.house_rule, w.message_cs
        ),
    }
}

fn human(out: &Out, house: &HouseRules) -> anyhow::Result<()> {
    let lang = out.lang;
    if house.is_strict() {
        return out.line(match lang {
            Lang::En => "House rules: none; every rule is played as written.",
            Lang::Cs => "Domácí pravidla: žádná; všechna pravidla platí, jak jsou psána.",
        });
    }
    out.line(out.bold(match lang {
        Lang::En => "House rules (a cast breaking these goes ahead with a warning):",
        Lang::Cs => "Domácí pravidla (seslání, které je poruší, proběhne s varováním):",
    }))?;
    for r in describe(house) {
        out.line(format!("  {} {}", out.yellow("!"), line(&r, lang)))?;
    }
    Ok(())
}
