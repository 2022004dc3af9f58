//! `grimoire roll EXPR [--stats]`: roll dice, or show their exact odds.

use grimoire_dice::{Distribution, DistributionError, ParseError, Roll};
use serde_json::json;

use crate::context::Ctx;
use crate::failure::Failure;
use crate::i18n::{Lang, Text};
use crate::output::{Out, Table, bar};

/// Histogram rows at most; wider distributions are grouped into buckets.
const MAX_ROWS: usize = 30;
/// Width of the longest histogram bar, in cells.
const BAR_WIDTH: usize = 40;

/// Arguments of `roll`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Dice notation, e.g. 8d6, 1d20+5, 4d6kh3, 2d20kl1
    #[arg(value_name = "EXPR", num_args = 1..)]
    pub expr: Vec<String>,
    /// Show the exact distribution (min, max, mean, histogram, P(>=k)) instead of rolling
    #[arg(long)]
    pub stats: bool,
}

/// Runs `roll`.
pub fn run(ctx: &Ctx, args: &Args) -> anyhow::Result<()> {
    // Unquoted `1d20 + 5` arrives as three words; they mean one expression.
    let text = args.expr.join(" ");
    let expr = grimoire_dice::parse(&text).map_err(|e| parse_failure(&e, ctx.out.lang))?;
    if args.stats {
        let dist =
            crate::output::with_progress(Text::Computing.get(ctx.out.lang), || expr.distribution())
                .map_err(|e| distribution_failure(&e, ctx.out.lang))?;
        show_stats(&ctx.out, &expr.to_string(), &dist)
    } else {
        let roll = expr.roll(&mut ctx.rng());
        show_roll(&ctx.out, &roll, ctx.seed)
    }
}

fn parse_failure(err: &ParseError, lang: Lang) -> Failure {
    let message = grimoire_words::dice_error(err).render(lang.tag());
    Failure::usage(err.code(), message)
}

fn distribution_failure(err: &DistributionError, lang: Lang) -> Failure {
    let message = grimoire_words::distribution_error(err).render(lang.tag());
    Failure::refused(err.code(), message)
}

/// The JSON of one roll, shared with `cast` so every roll looks the same.
pub fn roll_json(roll: &Roll) -> serde_json::Value {
    json!({
        "expression": roll.expression().to_string(),
        "total": roll.total(),
        "breakdown": roll.breakdown().to_string(),
        "dice": roll.dice().iter().map(|d| json!({
            "sides": d.sides(),
            "face": d.face(),
            "value": d.value(),
            "kept": d.is_kept(),
            "state": d.state(),
            "exploded": d.exploded(),
        })).collect::<Vec<_>>(),
    })
}

fn show_roll(out: &Out, roll: &Roll, seed: Option<u64>) -> anyhow::Result<()> {
    if out.json {
        let mut value = roll_json(roll);
        value["seed"] = json!(seed);
        return out.json(&value);
    }
    let lang = out.lang;
    out.line(format!(
        "{} = {}",
        roll.breakdown(),
        out.bold(&roll.total().to_string())
    ))?;
    let kept: Vec<String> = roll
        .dice()
        .iter()
        .map(|d| {
            let s = format!("d{}:{}", d.sides(), d.value());
            if d.is_kept() {
                s
            } else {
                out.dim(&format!("({s})"))
            }
        })
        .collect();
    if kept.is_empty() {
        out.line(out.dim(Text::NoDice.get(lang)))
    } else {
        out.line(out.dim(&format!("{}: {}", Text::Dice.get(lang), kept.join(" "))))
    }
}

/// Consecutive values grouped so the histogram stays readable.
struct Bucket {
    low: i64,
    high: i64,
    p: f64,
}

fn buckets(dist: &Distribution) -> Vec<Bucket> {
    let span = (dist.max() - dist.min()) as u64 + 1;
    let width = span.div_ceil(MAX_ROWS as u64).max(1) as i64;
    let mut out: Vec<Bucket> = Vec::new();
    for (v, p) in dist.pmf() {
        let start = dist.min() + (v - dist.min()) / width * width;
        match out.last_mut() {
            Some(b) if b.low == start => b.p += p,
            _ => out.push(Bucket {
                low: start,
                high: (start + width - 1).min(dist.max()),
                p,
            }),
        }
    }
    out
}

/// Thresholds for the P(>=k) table: every value when few, else ~10 steps.
fn thresholds(dist: &Distribution) -> Vec<i64> {
    let span = dist.max().saturating_sub(dist.min());
    let step = (span / 10).max(1);
    // Checked: a step past i64 ends the list instead of wrapping around.
    let mut ks: Vec<i64> = (0..)
        .map_while(|i: i64| i.checked_mul(step).and_then(|d| dist.min().checked_add(d)))
        .take_while(|&k| k <= dist.max())
        .collect();
    if ks.last() != Some(&dist.max()) {
        ks.push(dist.max());
    }
    ks
}

fn show_stats(out: &Out, expression: &str, dist: &Distribution) -> anyhow::Result<()> {
    if out.json {
        return out.json(&json!({
            "expression": expression,
            "min": dist.min(),
            "max": dist.max(),
            "mean": dist.mean(),
            "std_dev": dist.std_dev(),
            "truncated": dist.is_truncated(),
            "pmf": dist.pmf().map(|(v, p)| json!({"value": v, "p": p})).collect::<Vec<_>>(),
            "at_least": thresholds(dist).into_iter()
                .map(|k| json!({"value": k, "p": dist.prob_at_least(k)}))
                .collect::<Vec<_>>(),
        }));
    }
    let lang = out.lang;
    out.line(out.bold(expression))?;
    out.line(format!(
        "{} {}  {} {}  {} {:.2}",
        Text::Minimum.get(lang),
        dist.min(),
        Text::Maximum.get(lang),
        dist.max(),
        Text::Mean.get(lang),
        dist.mean()
    ))?;
    out.line("")?;
    out.line(out.bold(Text::Distribution.get(lang)))?;
    let rows = buckets(dist);
    let top = rows.iter().map(|b| b.p).fold(0.0, f64::max);
    let mut hist = Table::new([Text::Value.get(lang), "%", ""])
        .align_right(0)
        .align_right(1);
    for b in &rows {
        let label = if b.low == b.high {
            b.low.to_string()
        } else {
            format!("{}–{}", b.low, b.high)
        };
        hist.row([
            label,
            format!("{:.2}", b.p * 100.0),
            out.cyan(&bar(if top > 0.0 { b.p / top } else { 0.0 }, BAR_WIDTH)),
        ]);
    }
    out.line(hist.render(out))?;
    out.line("")?;
    let mut at_least = Table::new([Text::AtLeast.get(lang), Text::Chance.get(lang)])
        .align_right(0)
        .align_right(1);
    for k in thresholds(dist) {
        at_least.row([
            format!("≥ {k}"),
            format!("{:.2} %", dist.prob_at_least(k) * 100.0),
        ]);
    }
    out.line(at_least.render(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dist(text: &str) -> Distribution {
        grimoire_dice::parse(text).unwrap().distribution().unwrap()
    }

    #[test]
    fn narrow_distributions_get_one_row_per_value() {
        let rows = buckets(&dist("2d6"));
        assert_eq!(rows.len(), 11);
        assert!(
            (rows[5].p - 6.0 / 36.0).abs() < 1e-12,
            "7 is the most likely sum"
        );
    }

    #[test]
    fn wide_distributions_are_bucketed_and_keep_all_mass() {
        let rows = buckets(&dist("20d6"));
        assert!(rows.len() <= MAX_ROWS);
        assert_eq!(rows.first().unwrap().low, 20);
        assert_eq!(rows.last().unwrap().high, 120);
        let total: f64 = rows.iter().map(|b| b.p).sum();
        assert!((total - 1.0).abs() < 1e-9);
    }

    #[test]
    fn thresholds_cover_min_and_max() {
        let ks = thresholds(&dist("8d6"));
        assert_eq!(ks.first(), Some(&8));
        assert_eq!(ks.last(), Some(&48));
        assert_eq!(thresholds(&dist("1d4")), vec![1, 2, 3, 4]);
    }
}
