//! `grimoire undo NAME` and `grimoire log NAME`: the change log of an entity.

use serde_json::json;

use grimoire_store::Store;
use grimoire_words::{FluentArgs, FluentValue};

use crate::active;
use crate::context::Ctx;
use crate::failure::Failure;
use crate::i18n::{Lang, Text};
use crate::output::Table;

/// The kind of entity addressed by `undo` and `log`.
pub fn kind(encounter: bool) -> &'static str {
    if encounter { "encounter" } else { "character" }
}

/// Arguments of `undo`.
#[derive(Debug, clap::Args)]
pub struct UndoArgs {
    /// The character (or, with --encounter, the encounter); leave out for the active character
    pub name: Option<String>,
    /// NAME is an encounter
    #[arg(long, conflicts_with = "house_rules")]
    pub encounter: bool,
    /// The table's house rules (grimoire house-rules), not a character
    #[arg(long, conflicts_with = "name")]
    pub house_rules: bool,
}

/// Arguments of `log`.
#[derive(Debug, clap::Args)]
pub struct LogArgs {
    /// The character (or, with --encounter, the encounter); leave out for the active character
    pub name: Option<String>,
    /// NAME is an encounter
    #[arg(long, conflicts_with = "house_rules")]
    pub encounter: bool,
    /// The table's house rules (grimoire house-rules), not a character
    #[arg(long, conflicts_with = "name")]
    pub house_rules: bool,
    /// Show the newest N entries (1 to 10000)
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub limit: u32,
    /// Only entries older than version V (the `v` column; pages back)
    #[arg(long, value_name = "V")]
    pub before: Option<u64>,
}

/// The entity addressed, as (kind, name): the table's house rules, or the
/// name given, else the active character (an encounter is always named).
fn subject(
    store: &Store,
    name: Option<&str>,
    encounter: bool,
    house_rules: bool,
) -> anyhow::Result<(&'static str, String)> {
    if house_rules {
        return Ok((
            grimoire_app::TABLE,
            grimoire_app::house::HOUSE_RULES.to_owned(),
        ));
    }
    let name = match name {
        None if encounter => {
            Err(
                Failure::usage_worded("missing_argument", "cli-encounter-name-required", &[])
                    .into(),
            )
        }
        name => active::name(store, name),
    }?;
    Ok((kind(encounter), name))
}

/// Runs `undo`: reverts the newest change not yet undone (every entity it
/// touched), and logs the undo as a change of its own.
pub fn undo(ctx: &Ctx, args: &UndoArgs) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let (kind, name) = subject(
        &store,
        args.name.as_deref(),
        args.encounter,
        args.house_rules,
    )?;
    let done = store.undo(kind, &name)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({ "undo": done }));
    }
    let restored: Vec<String> = done
        .touched
        .iter()
        .map(|t| format!("{} {}", t.kind, t.name))
        .collect();
    out.line(format!(
        "{} {} ({}): {}",
        out.green(Text::Undone.get(out.lang)),
        done.reverted,
        done.reverted_command,
        restored.join(", ")
    ))
}

/// Runs `log`: the entity's history, oldest first.
pub fn log(ctx: &Ctx, args: &LogArgs) -> anyhow::Result<()> {
    let store = ctx.store()?;
    let (kind, name) = subject(
        &store,
        args.name.as_deref(),
        args.encounter,
        args.house_rules,
    )?;
    // One more than shown says whether older entries exist.
    let mut entries = store.log_page(kind, &name, args.before, args.limit + 1)?;
    let older = (entries.len() > args.limit as usize).then(|| entries.remove(0));
    let next_before = older.map(|_| entries.first().map_or(0, |e| e.seq));
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({ "log": entries, "next_before": next_before }));
    }
    let lang = out.lang;
    let mut table = Table::new([
        "#",
        "v",
        Text::When.get(lang),
        "",
        Text::Command.get(lang),
        Text::Changed.get(lang),
    ]);
    for e in &entries {
        let note = match (e.undo_of, e.undone_by) {
            (Some(of), _) => format!("{} {of}", Text::UndoOf.get(lang)),
            (None, Some(by)) => format!("{} {by}", Text::UndoneBy.get(lang)),
            (None, None) => String::new(),
        };
        let when = e
            .created_at
            .get(..19)
            .unwrap_or(&e.created_at)
            .replace('T', " ");
        table.row([
            e.change.0.to_string(),
            e.seq.to_string(),
            when,
            note,
            e.command.clone(),
            out.dim(&summarize(&e.events, lang)),
        ]);
    }
    out.line(table.render(out))?;
    if let Some(v) = next_before {
        let flag = if args.house_rules {
            " --house-rules".to_owned()
        } else if args.encounter {
            format!(" {name} --encounter")
        } else {
            format!(" {name}")
        };
        let older = grimoire_words::text(
            lang.tag(),
            "cli-log-older",
            [("flag", flag), ("before", v.to_string())],
        );
        out.line(out.dim(&older))?;
    }
    Ok(())
}

/// A short line for the log saying what a change did, from its stored
/// events (`slot 1 · +concentration bless`), in `lang` (messages
/// `cli-log-*`). Unknown events show by name, so new event kinds never
/// break the log.
fn summarize(events: &serde_json::Value, lang: Lang) -> String {
    const MAX: usize = 60;
    let mut parts: Vec<String> = Vec::new();
    for e in events.as_array().into_iter().flatten() {
        // A cast's card is for the table's log; its events say the rest.
        if e.get("card").is_some() {
            continue;
        }
        let ev = &e["event"];
        let kind = ev["event"].as_str().or(ev["kind"].as_str()).unwrap_or("?");
        let text = |k: &str| ev[k].as_str().map(str::to_owned).unwrap_or_default();
        // A spell by its id, named in the reader's language.
        let spell = || grimoire_words::spell_name(lang.tag(), &text("spell"));
        let number = |k: &str| FluentValue::from(ev[k].as_i64().unwrap_or_default());
        let say = |id: &str, args: &[(&str, FluentValue<'static>)]| {
            let mut fargs = FluentArgs::new();
            for (k, v) in args {
                fargs.set(*k, v.clone());
            }
            grimoire_words::Words::get().text(lang.tag(), id, Some(&fargs))
        };
        let part = match kind {
            "action_used" | "turn_began" | "concentration_save" => continue,
            "slot_expended" => {
                let id = if ev["pact"] == true {
                    "cli-log-pact-slot"
                } else {
                    "cli-log-slot"
                };
                say(id, &[("level", number("level"))])
            }
            "spell_prepared" | "cantrip_learned" => format!("+{}", spell()),
            "house_rule_set" if ev["relaxed"] == true => {
                say("cli-log-relaxed", &[("rule", text("house_rule").into())])
            }
            "house_rule_set" => say("cli-log-enforced", &[("rule", text("house_rule").into())]),
            "spell_unprepared" => format!("-{}", spell()),
            "concentration_started" => say("cli-log-concentrating", &[("spell", spell().into())]),
            "concentration_ended" => say("cli-log-unfocused", &[("spell", spell().into())]),
            "condition_added" => format!("+{}", text("condition")),
            "condition_removed" => format!("-{}", text("condition")),
            "item_used" | "feature_used" => say("cli-log-used", &[("name", text("name").into())]),
            "time_advanced" => say("cli-log-time", &[("rounds", number("rounds"))]),
            // Any other kind by its words (`cli-log-kind-*`); a kind with
            // none yet by its name, so new kinds never break the log.
            other => {
                let id = format!("cli-log-kind-{other}");
                if grimoire_words::Words::get().has(lang.tag(), &id) {
                    say(&id, &[])
                } else {
                    other.replace('_', " ")
                }
            }
        };
        if !parts.contains(&part) {
            parts.push(part);
        }
    }
    let line = parts.join(" · ");
    if line.chars().count() > MAX {
        let cut: String = line.chars().take(MAX - 1).collect();
        format!("{cut}…")
    } else {
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_names_slots_and_concentration() {
        // Spells by their names in the reader's language.
        grimoire_catalog::Catalog::teach_words();
        let events = serde_json::json!([
            {"entity": "E", "event": {"event": "action_used", "action": "action"}},
            {"entity": "E", "event": {"event": "slot_expended", "level": 2, "pact": false}},
            {"entity": "E", "event": {"event": "concentration_started", "spell": "bless"}},
            {"entity": "Cave", "event": {"kind": "hp_changed", "name": "Goblin", "hp": 3}},
        ]);
        assert_eq!(
            summarize(&events, Lang::EN),
            "slot 2 · +concentration Bless · hp changed"
        );
        assert_eq!(
            summarize(&events, Lang::CS),
            "pozice 2 · +soustředění Požehnání · životy změněny"
        );
        assert_eq!(summarize(&serde_json::json!([]), Lang::EN), "");
    }

    #[test]
    fn a_summary_reads_in_the_readers_language() {
        let events = serde_json::json!([
            {"event": {"event": "slot_expended", "level": 1, "pact": true}},
            {"event": {"event": "time_advanced", "rounds": 3}},
            {"event": {"event": "house_rule_set", "house_rule": "R14", "relaxed": true}},
            {"event": {"event": "item_used", "name": "Hůl"}},
        ]);
        assert_eq!(
            summarize(&events, Lang::EN),
            "pact slot 1 · +3 rounds · R14 relaxed · used Hůl"
        );
        assert_eq!(
            summarize(&events, Lang::CS),
            "paktová pozice 1 · +3 kola · R14 uvolněno · použito Hůl"
        );
    }

    #[test]
    fn long_summaries_are_cut() {
        let many: Vec<_> = (0..30)
            .map(|i| serde_json::json!({"event": {"event": "spell_prepared", "spell": format!("spell-{i}")}}))
            .collect();
        let s = summarize(&serde_json::Value::Array(many), Lang::EN);
        assert_eq!(s.chars().count(), 60);
        assert!(s.ends_with('…'));
    }
}
