//! Rolls an expression and prints its exact odds:
//! `cargo run -p grimoire-dice --example roll -- "4d6kh3" 7` (the seed is optional).

use grimoire_dice::{SeededRng, parse};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let notation = args.next().unwrap_or_else(|| "adv + 5".to_string());
    let seed = args.next().map(|s| s.parse()).transpose()?.unwrap_or(2024);
    let expr = match parse(&notation) {
        Ok(expr) => expr,
        Err(e) => {
            eprintln!(
                "{notation}\n{}^ {e} [{}]",
                " ".repeat(e.position()),
                e.code()
            );
            std::process::exit(2);
        }
    };
    println!("{}", expr.roll(&mut SeededRng::new(seed)));
    let d = expr.distribution()?;
    println!(
        "range {}..={}, mean {:.3}, sd {:.3}{}",
        d.min(),
        d.max(),
        d.mean(),
        d.std_dev(),
        if d.is_truncated() {
            " (explosions capped)"
        } else {
            ""
        }
    );
    for (value, p) in d.pmf() {
        println!(
            "{value:>6} {:>7.3}% {}",
            p * 100.0,
            "#".repeat((p * 200.0).round() as usize)
        );
    }
    Ok(())
}
