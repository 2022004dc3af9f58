//! `grimoire rules [ID]`: the numbered rules the engine enforces and its
//! errors cite (`R10`), read from the copy embedded in the binary.

use serde_json::json;

use crate::context::Ctx;
use crate::i18n::Text;
use crate::reference::{self, Rule};

/// Arguments of `rules`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A rule id (R10, R5a); leave out to list them all
    pub id: Option<String>,
}

/// Runs `rules`.
pub fn run(ctx: &Ctx, args: &Args) -> anyhow::Result<()> {
    match &args.id {
        Some(id) => show(ctx, reference::find(id)?),
        None => list(ctx),
    }
}

fn list(ctx: &Ctx) -> anyhow::Result<()> {
    let out = &ctx.out;
    // A rule's words are for people, like an error's message: in the
    // output language, JSON too (an MCP call with lang "cs" reads Czech);
    // ids and parents are the same in every language.
    let all = reference::rules_in(out.lang);
    if out.json {
        let rules: Vec<_> = all
            .iter()
            .map(|r| json!({ "id": r.id, "title": r.title, "parent": r.parent }))
            .collect();
        return out.json(&json!({ "rules": rules }));
    }
    out.line(out.dim(Text::Rules.get(out.lang)))?;
    for r in all {
        let indent = if r.parent.is_some() { "  " } else { "" };
        out.line(format!(
            "{indent}{} {}",
            out.bold(&format!("{:<5}", r.id)),
            r.title
        ))?;
    }
    Ok(())
}

fn show(ctx: &Ctx, rule: &'static Rule) -> anyhow::Result<()> {
    let out = &ctx.out;
    // In the output language, as the list is.
    let rule = reference::in_lang(rule, out.lang);
    let parts: Vec<&Rule> = reference::parts_in(rule, out.lang).collect();
    if out.json {
        let parts: Vec<_> = parts
            .iter()
            .map(|p| json!({ "id": p.id, "title": p.title, "text": p.text }))
            .collect();
        return out.json(&json!({ "rule": {
            "id": rule.id, "title": rule.title, "text": rule.text,
            "parent": rule.parent, "parts": parts,
        }}));
    }
    if rule.parent.is_some() {
        // A part's text opens with its title already (`V: spoken ...`).
        return out.line(format!("{} {}", out.bold(&rule.id), rule.text));
    }
    out.line(out.bold(&format!("{} {}", rule.id, rule.title)))?;
    if !rule.text.is_empty() {
        out.line(&rule.text)?;
    }
    for p in parts {
        out.line(format!("  {} {}", out.bold(&p.id), p.text))?;
    }
    Ok(())
}
