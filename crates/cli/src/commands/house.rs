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

/// Message `id` in `lang` with text arguments.
fn say(lang: Lang, id: &str, args: &[(&str, String)]) -> String {
    grimoire_words::text(lang.tag(), id, args.iter().map(|(k, v)| (*k, v.clone())))
}

/// A rule id a table may relax, or a usage error naming the choices.
fn parse(rule: &str) -> Result<Relaxable, Failure> {
    rule.parse::<Relaxable>().map_err(|e| {
        Failure::usage("unknown_house_rule", e.to_string()).with_words(|lang| {
            grimoire_words::text(lang, "cli-house-unknown", [("rule", e.0.clone())])
        })
    })
}

/// One relaxed rule in words.
pub fn line(r: &RelaxedRule, lang: Lang) -> String {
    let allows = r.allows_in(lang.tag()).to_owned();
    let rule = r.rule.to_string();
    say(
        lang,
        "cli-house-relaxed",
        &[("rule", rule), ("allows", allows)],
    )
}

/// A warning under a cast: the rule it broke that the table relaxed.
pub fn waived_line(w: &Waived, lang: Lang) -> String {
    let message = grimoire_words::waived_message(lang.tag(), w);
    let rule = w.house_rule.to_string();
    say(
        lang,
        "cli-house-waived",
        &[("rule", rule), ("message", message)],
    )
}

fn human(out: &Out, house: &HouseRules) -> anyhow::Result<()> {
    let lang = out.lang;
    if house.is_strict() {
        return out.line(say(lang, "cli-house-none", &[]));
    }
    out.line(out.bold(&say(lang, "cli-house-some", &[])))?;
    for r in describe(house) {
        out.line(format!("  {} {}", out.yellow("!"), line(&r, lang)))?;
    }
    Ok(())
}
