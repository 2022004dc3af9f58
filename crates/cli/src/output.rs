//! Rendering helpers: JSON to stdout, tables, colour and slot pips.

use std::io::{IsTerminal, Write};

use crate::i18n::Lang;

/// How to print: JSON or human, which language, whether to colour.
#[derive(Debug, Clone, Copy)]
pub struct Out {
    /// `--json` was given.
    pub json: bool,
    /// The language of human output.
    pub lang: Lang,
    /// Colour is on (stdout is a terminal and `NO_COLOR` is unset).
    pub color: bool,
}

#[allow(dead_code)] // every colour is used once casting lands
impl Out {
    /// Decides colour from the environment.
    pub fn new(json: bool, lang: Lang) -> Self {
        let color = !json
            && std::io::stdout().is_terminal()
            && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        Out { json, lang, color }
    }

    /// Prints a JSON value on one line.
    pub fn json(&self, value: &serde_json::Value) -> anyhow::Result<()> {
        if crate::capture::is_embedded() {
            let mut line = serde_json::to_vec(value)?;
            line.push(b'\n');
            crate::capture::capture(&line);
            return Ok(());
        }
        let mut stdout = std::io::stdout().lock();
        // An I/O failure stays an io::Error, so a closed pipe is told apart.
        serde_json::to_writer(&mut stdout, value).map_err(|e| match e.io_error_kind() {
            Some(kind) => anyhow::Error::from(std::io::Error::from(kind)),
            None => anyhow::Error::from(e),
        })?;
        writeln!(stdout)?;
        Ok(())
    }

    /// Prints a line of human output.
    pub fn line(&self, text: impl AsRef<str>) -> anyhow::Result<()> {
        if crate::capture::capture(format!("{}\n", text.as_ref()).as_bytes()) {
            return Ok(());
        }
        writeln!(std::io::stdout().lock(), "{}", text.as_ref())?;
        Ok(())
    }

    fn paint(&self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }

    /// Bold text.
    pub fn bold(&self, text: &str) -> String {
        self.paint("1", text)
    }
    /// Dimmed text.
    pub fn dim(&self, text: &str) -> String {
        self.paint("2", text)
    }
    /// Red text (refusals, damage).
    pub fn red(&self, text: &str) -> String {
        self.paint("31", text)
    }
    /// Green text (success, healing).
    pub fn green(&self, text: &str) -> String {
        self.paint("32", text)
    }
    /// Yellow text (warnings, concentration).
    pub fn yellow(&self, text: &str) -> String {
        self.paint("33", text)
    }
    /// Cyan text (names, headings).
    pub fn cyan(&self, text: &str) -> String {
        self.paint("36", text)
    }
}

/// Runs `work`; when it takes more than a moment and stderr is a
/// terminal, a spinner with `label` shows on stderr meanwhile (stdout stays
/// clean for pipes and JSON).
pub fn with_progress<T: Send>(label: &str, work: impl FnOnce() -> T + Send) -> T {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};
    if !std::io::stderr().is_terminal() {
        return work();
    }
    const FRAMES: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            let result = work();
            done.store(true, Ordering::Release);
            result
        });
        let start = Instant::now();
        let mut frame = 0;
        while !done.load(Ordering::Acquire) {
            std::thread::sleep(Duration::from_millis(80));
            if start.elapsed() > Duration::from_millis(300) {
                eprint!("\r{} {label}", FRAMES[frame % FRAMES.len()]);
                frame += 1;
            }
        }
        if frame > 0 {
            eprint!("\r\x1b[2K");
        }
        worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// Remaining and spent slots as pips: `●●○○` is two of four left.
#[allow(dead_code)]
pub fn pips(remaining: u32, total: u32) -> String {
    let remaining = remaining.min(total);
    let mut s = "●".repeat(remaining as usize);
    s.push_str(&"○".repeat((total - remaining) as usize));
    s
}

/// A horizontal bar of `width` cells filled in proportion to `fraction`,
/// with eighth-block precision.
pub fn bar(fraction: f64, width: usize) -> String {
    const PARTS: [&str; 8] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];
    let eighths = (fraction.clamp(0.0, 1.0) * width as f64 * 8.0).round() as usize;
    let mut s = "█".repeat(eighths / 8);
    s.push_str(PARTS[eighths % 8]);
    s
}

/// A plain text table: a header row and left-aligned columns sized to fit.
#[derive(Debug, Default)]
pub struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    right: Vec<bool>,
}

#[allow(dead_code)]
impl Table {
    /// A table with these column headings.
    pub fn new<S: Into<String>>(header: impl IntoIterator<Item = S>) -> Self {
        let header: Vec<String> = header.into_iter().map(Into::into).collect();
        let right = vec![false; header.len()];
        Table {
            header,
            rows: Vec::new(),
            right,
        }
    }

    /// Right-aligns a column (numbers).
    pub fn align_right(mut self, column: usize) -> Self {
        if let Some(r) = self.right.get_mut(column) {
            *r = true;
        }
        self
    }

    /// Adds a row.
    pub fn row<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>) {
        self.rows.push(cells.into_iter().map(Into::into).collect());
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Renders the table; headings are bold when `out` has colour.
    pub fn render(&self, out: &Out) -> String {
        let columns = self.header.len();
        let mut widths: Vec<usize> = self.header.iter().map(|h| width(h)).collect();
        for row in &self.rows {
            for (i, cell) in row.iter().enumerate().take(columns) {
                widths[i] = widths[i].max(width(cell));
            }
        }
        let fmt_row = |cells: &[String]| -> String {
            let mut line = String::new();
            for (i, w) in widths.iter().enumerate() {
                let cell = cells.get(i).map_or("", String::as_str);
                let pad = " ".repeat(w - width(cell));
                if i > 0 {
                    line.push_str("  ");
                }
                if self.right[i] {
                    line.push_str(&pad);
                    line.push_str(cell);
                } else {
                    line.push_str(cell);
                    if i + 1 < columns {
                        line.push_str(&pad);
                    }
                }
            }
            line.trim_end().to_owned()
        };
        let mut out_text = out.bold(&fmt_row(&self.header));
        for row in &self.rows {
            out_text.push('\n');
            out_text.push_str(&fmt_row(row));
        }
        out_text
    }
}

/// Display width, counting each char as one cell (enough for Czech and
/// the pips; ANSI escapes are never put inside cells).
fn width(s: &str) -> usize {
    s.chars().count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain() -> Out {
        Out {
            json: false,
            lang: Lang::EN,
            color: false,
        }
    }

    #[test]
    fn colour_only_when_enabled() {
        let mut out = plain();
        assert_eq!(out.red("no"), "no");
        out.color = true;
        assert_eq!(out.red("no"), "\x1b[31mno\x1b[0m");
        // Tables measure cells before painting the header.
        let t = Table::new(["a"]);
        assert_eq!(t.render(&out), "\x1b[1ma\x1b[0m");
    }

    #[test]
    fn pips_show_remaining_then_spent() {
        assert_eq!(pips(3, 4), "●●●○");
        assert_eq!(pips(0, 2), "○○");
        assert_eq!(pips(5, 2), "●●", "never more pips than slots");
    }

    #[test]
    fn bar_is_proportional() {
        assert_eq!(bar(1.0, 4), "████");
        assert_eq!(bar(0.5, 4), "██");
        assert_eq!(bar(0.0, 4), "");
        assert_eq!(bar(1.0 / 32.0, 4), "▏");
    }

    #[test]
    fn table_aligns_columns_with_czech_letters() {
        let mut t = Table::new(["úroveň", "n"]).align_right(1);
        t.row(["1", "4"]);
        t.row(["žžžžžžžž", "12"]);
        assert_eq!(
            t.render(&plain()),
            "úroveň     n\n1          4\nžžžžžžžž  12"
        );
    }
}
